// @ts-check
// weiqi: the login page: sign in, or make an account and sign in; then back to where the
// `next` parameter says (a path of this site only).
import { t } from '../env.js';
import { field, h, setMain } from '../dom.js';
import { api, attempt, auth } from '../api.js';
import { sameOrigin } from '../urls.js';

export function loginPage() {
  const name = h('input', { name: 'name', autocomplete: 'username', required: true, maxlength: 64 });
  const pw = h('input', { name: 'password', type: 'password', autocomplete: 'current-password', required: true, minlength: 8 });
  /** @param {boolean} create */
  const go = async (create) => {
    if (create) await api('POST', '/api/accounts', { name: name.value, password: pw.value });
    const r = await api('POST', '/api/sessions', { name: name.value, password: pw.value });
    auth.set(r.token, r.account.name);
    location.href = sameOrigin(new URLSearchParams(location.search).get('next'), location.origin);
  };
  const form = h('form', { id: 'login-form', onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); attempt(() => go(false)); } },
    field(t('login.name'), name), field(t('login.password'), pw),
    h('div', { class: 'buttons' },
      h('button', { type: 'submit', id: 'login-submit' }, t('login.submit')),
      h('button', { type: 'button', id: 'login-create', onclick: () => attempt(() => go(true)) }, t('login.create'))));
  setMain(h('p', {}, t('login.intro')), form);
}
