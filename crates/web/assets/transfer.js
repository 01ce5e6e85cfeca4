// @ts-check
// weiqi: an event to and from the files directors already use, from the pages: an event
// created from an OpenGotha XML file (the home page), and the event saved as OpenGotha XML,
// EGD h9, CSV or printable HTML (the event page). A download goes through the API with the
// caller's credentials (the officials' files need them), then is saved under the name the
// server gives it.
import { LANG, t } from './env.js';
import { field, h, section, toast } from './dom.js';
import { api, attempt, auth } from './api.js';

/**
 * The exports of an event: each a button that saves the file. The OpenGotha and h9 files are
 * the officials' (`official`); the standings as CSV and the crosstable as HTML anyone's.
 * @param {string} enc the event's id, encoded for a path
 * @param {boolean} official
 */
export function exportButtons(enc, official) {
  const q = `lang=${LANG}`;
  /** @type {[string, string, string][]} id, label, path */
  const files = [
    ...(official ? /** @type {[string, string, string][]} */ ([
      ['export-opengotha', t('transfer.opengotha'), `/api/events/${enc}/export/opengotha`],
      ['export-h9', t('transfer.h9'), `/api/events/${enc}/export/h9`],
    ]) : []),
    ['export-csv', t('transfer.csv_standings'), `/api/events/${enc}/export/csv?what=standings&${q}`],
    ['export-csv-pairings', t('transfer.csv_pairings'), `/api/events/${enc}/export/csv?what=pairings&${q}`],
    ['export-html', t('transfer.html'), `/api/events/${enc}/export/html?${q}`],
  ];
  return h('p', { class: 'buttons', id: 'exports' }, h('span', { class: 'hint' }, t('transfer.export'), ' '),
    files.map(([id, label, path]) => h('button', { type: 'button', class: 'small', id, 'data-path': path,
      onclick: () => attempt(() => save(path)) }, label)));
}

/**
 * Fetches `path` with the caller's credentials and saves it under the name its
 * `Content-Disposition` gives.
 * @param {string} path
 */
export async function save(path) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (auth.token) headers.Authorization = 'Bearer ' + auth.token;
  const r = await fetch(path, { headers });
  if (!r.ok) {
    let j = null;
    try { j = await r.json(); } catch (e) { /* not JSON */ }
    throw new Error((j && (LANG === 'zh' && j.zh ? j.zh : j.message)) || r.statusText);
  }
  const cd = r.headers.get('Content-Disposition') || '';
  const m = /filename="([^"]+)"/.exec(cd);
  const name = m ? m[1] : 'export';
  const url = URL.createObjectURL(await r.blob());
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(url); a.remove(); }, 1000);
  toast(t('transfer.saved', { name }));
}

/**
 * The form that creates an event from an OpenGotha XML file (for a signed-in account, who
 * organises it): its id and the file; the event page opens once it is made.
 */
export function openGothaImport() {
  const id = h('input', { required: true, pattern: '[A-Za-z0-9._-]+', id: 'og-id' });
  const file = h('input', { type: 'file', accept: '.xml,application/xml,text/xml', id: 'og-file', required: true });
  const error = h('p', { class: 'bad form-error', role: 'alert', id: 'og-error' });
  const form = h('form', { id: 'og-import', onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    error.textContent = '';
    const f = file.files[0];
    if (!f) { toast(t('transfer.choose'), true); return; }
    attempt(async () => {
      try {
        const ev = await api('POST', `/api/imports/opengotha?id=${encodeURIComponent(id.value)}`, await f.arrayBuffer());
        toast(t('transfer.imported', { name: ev.name, players: ev.players.length, rounds: ev.rounds.length }));
        location.href = '/events/' + encodeURIComponent(id.value);
      } catch (err) {
        error.textContent = /** @type {Error} */ (err).message;
        throw err;
      }
    });
  } }, field(t('event.id'), id), field(t('transfer.file'), file), error,
  h('button', { type: 'submit', id: 'og-submit' }, t('transfer.import')),
  h('p', { class: 'hint' }, t('transfer.import_hint')));
  return section(t('transfer.import_h'), 'og-import-s', form);
}
