// @ts-check
// weiqi: the director's edits on the event page: a player's registration (name, rank, club,
// region, rating), the event's name and settings (the settings until the first round is
// paired) and its deletion while it has no games, and the proposed pairing, edited with each
// player's rank, score and colours so far beside their seat and repeats flagged. The server
// refuses a pairing that leaves a player without a game or a bye, and asks for a second,
// explicit confirmation of a repeat or a colour breach, which the editor shows before a
// "pair anyway" button.
import { LANG, t } from '../env.js';
import { field, h, section, table } from '../dom.js';
import { api, attempt } from '../api.js';
import { colourLine, metBefore, twice } from '../pairing.js';
import { rankWords } from '../standings.js';
import { chainWithCategory, rankList } from '../settings.js';

/** @typedef {import('../pairing.js').EditorPlayer} EditorPlayer */
/**
 * A registered player as the event answers it.
 * @typedef {{ name: string, rank: string, status: string, club?: string | null, region?: string | null, rating?: number | null }} EditedPlayer
 */

/**
 * The error of a failed call shown in `box` (the page's language), then thrown on for the
 * toast.
 * @param {HTMLElement} box
 * @param {() => Promise<void>} fn
 */
async function showing(box, fn) {
  box.textContent = '';
  try {
    await fn();
  } catch (err) {
    box.textContent = /** @type {Error} */ (err).message;
    throw err;
  }
}

/**
 * The organizer's form changing player `p`, drawn in `box`.
 * @param {string} enc
 * @param {EditedPlayer} p
 * @param {HTMLElement} box
 */
export function editPlayer(enc, p, box) {
  const name = h('input', { required: true, value: p.name, id: 'edit-name' });
  const rank = h('input', { required: true, value: p.rank, size: 4, id: 'edit-rank' });
  const club = h('input', { value: p.club || '', id: 'edit-club' });
  const region = h('input', { value: p.region || '', id: 'edit-region' });
  const rating = h('input', { type: 'number', min: -10000, max: 10000, value: p.rating ?? '', size: 6, id: 'edit-rating' });
  const error = h('p', { class: 'bad form-error', role: 'alert', id: 'edit-player-error' });
  const form = h('form', { id: 'edit-player', onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    attempt(() => showing(error, async () => {
      await api('PUT', `/api/events/${enc}/players/${encodeURIComponent(p.name)}`, {
        name: name.value.trim(), rank: rank.value.trim(), club: club.value.trim() || null, region: region.value.trim() || null,
        rating: rating.value === '' ? null : Number(rating.value),
      });
      location.reload();
    }));
  } }, h('fieldset', {}, h('legend', {}, t('edit.player_h', { name: p.name })),
    // A box of its own, so it is not taken for the registration form below.
    h('div', { class: 'inline' }, field(t('player.name'), name), field(t('player.rank'), rank), field(t('player.club'), club),
      field(t('edit.region'), region), field(t('edit.rating'), rating)),
    h('button', { type: 'submit', id: 'edit-player-save' }, t('edit.save')), ' ',
    h('button', { type: 'button', onclick: () => box.replaceChildren() }, t('edit.cancel')), error));
  box.replaceChildren(form);
  name.focus();
}

/**
 * The settings an event's director sets beside its time control (the same fields on the home
 * page's form and the event's edit form): for McMahon the handicap rule (OpenGotha's: from
 * the rank or the McMahon score difference, no handicap at or above the bar, stones taken
 * off, at most so many), and for every system the categories by rank and whether the
 * standings rank each apart (the CAT criterion first).
 * @typedef {{ basis: string, bar: string | null, correction: number, ceiling: number }} HandicapRule
 * @param {string} prefix the fields' ids start with it
 * @param {{ handicap: HandicapRule, limits: string[], byCategory: boolean }} now the values to fill
 * @param {boolean} disabled
 */
export function settingsFields(prefix, now, disabled) {
  const basis = h('select', { id: prefix + '-hd-basis', disabled },
    [['rank', t('about.basis_rank')], ['mms', t('about.basis_mms')]].map(([b, words]) => h('option', { value: b, selected: b === now.handicap.basis }, words)));
  const bar = h('input', { value: now.handicap.bar ? rankWords(now.handicap.bar, LANG) : '', id: prefix + '-hd-bar', size: 5, disabled });
  const correction = h('input', { type: 'number', min: 0, max: 9, value: now.handicap.correction, id: prefix + '-hd-correction', size: 3, disabled });
  const ceiling = h('input', { type: 'number', min: 0, max: 9, value: now.handicap.ceiling, id: prefix + '-hd-ceiling', size: 3, disabled });
  const cats = h('input', { value: now.limits.map((r) => rankWords(r, LANG)).join(LANG === 'zh' ? '、' : ', '), id: prefix + '-categories',
    size: 20, disabled, autocomplete: 'off', spellcheck: 'false' });
  const byCat = h('input', { type: 'checkbox', id: prefix + '-by-category', checked: now.byCategory, disabled });
  return {
    bar,
    handicap: h('fieldset', { class: 'handicap-rule', id: prefix + '-handicap' }, h('legend', {}, t('event.handicap_h')),
      field(t('event.handicap_basis'), basis), field(t('event.handicap_bar'), bar),
      field(t('event.handicap_correction'), correction), field(t('event.handicap_ceiling'), ceiling)),
    categories: h('div', {}, field(t('event.categories'), cats),
      h('div', { class: 'field check' }, byCat, h('label', { for: byCat.id }, t('event.rank_by_category')))),
    /** The rule as the API takes it (an empty bar: none). @returns {HandicapRule} */
    rule: () => ({ basis: basis.value, bar: bar.value.trim() || null, correction: Number(correction.value), ceiling: Number(ceiling.value) }),
    /** The categories' lower limits as typed. */
    limits: () => rankList(cats.value),
    /** Whether the standings rank each category apart. */
    byCategory: () => byCat.checked,
  };
}

/**
 * The organizer's section changing the event: its name (always), the planned rounds, the time
 * control, lateness limit, handicap rule (McMahon), categories and ranking by category (until
 * the first round is paired), and deleting it while it has no games.
 * @param {string} enc
 * @param {{ name: string, planned_rounds: number, time_control?: string, system_kind?: string, settings?: { lateness_limit_minutes: number, handicap: HandicapRule, categories?: { limits: string[] }, tie_breaks: string[] }, rounds: unknown[] }} ev
 * @param {boolean} hasGames whether a live game of the event exists
 */
export function editEvent(enc, ev, hasGames) {
  const started = ev.rounds.length > 0;
  const s = ev.settings;
  const mcmahon = ev.system_kind === 'mc_mahon';
  const more = s ? settingsFields('edit-ev', { handicap: s.handicap, limits: s.categories ? s.categories.limits : [],
    byCategory: s.tie_breaks.includes('category') }, started) : null;
  const name = h('input', { required: true, value: ev.name, id: 'edit-ev-name', size: 30 });
  const rounds = h('input', { type: 'number', min: 1, max: 1000, value: ev.planned_rounds, id: 'edit-ev-rounds', size: 4 });
  const time = h('input', { required: !started, value: ev.time_control || '', id: 'edit-ev-time', disabled: started,
    autocomplete: 'off', spellcheck: 'false' });
  const lateness = h('input', { type: 'number', min: 0, value: ev.settings ? ev.settings.lateness_limit_minutes : 60, id: 'edit-ev-lateness', disabled: started, size: 4 });
  const error = h('p', { class: 'bad form-error', role: 'alert', id: 'edit-ev-error' });
  const form = h('form', { id: 'edit-event', onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    /** @type {Record<string, unknown>} */
    const body = { name: name.value.trim(), rounds: Number(rounds.value) };
    if (!started) Object.assign(body, { time_control: time.value.trim(), lateness_limit_minutes: Number(lateness.value) });
    if (!started && s && more) {
      if (mcmahon) body.handicap = more.rule();
      body.categories = more.limits();
      const chain = chainWithCategory(s.tie_breaks, more.byCategory());
      if (chain) body.tie_breaks = chain;
    }
    attempt(() => showing(error, async () => {
      await api('PUT', `/api/events/${enc}`, body);
      location.reload();
    }));
  } }, field(t('event.name'), name), field(t('event.rounds'), rounds), field(t('event.time'), time),
  field(t('edit.lateness'), lateness),
  more && mcmahon ? more.handicap : null, more ? more.categories : null,
  started ? h('p', { class: 'hint', id: 'edit-ev-fixed' }, t('edit.settings_fixed')) : null,
  h('button', { type: 'submit', id: 'edit-ev-save' }, t('edit.save')), error);
  const kids = [form];
  if (!started && !hasGames) {
    kids.push(h('p', { class: 'hint' }, t('edit.delete_hint'), ' ',
      h('button', { type: 'button', class: 'danger', id: 'delete-event', onclick: () => {
        if (!confirm(t('edit.delete_confirm', { name: ev.name }))) return;
        attempt(async () => { await api('DELETE', `/api/events/${enc}`); location.href = '/'; });
      } }, t('edit.delete'))));
  }
  return section(t('edit.event_h'), 'edit-event-s', ...kids);
}

/**
 * The proposed pairing of the next round, editable: each board's Black and White with their
 * rank, score and colours so far, a flag on a pair that met before, the handicap of a
 * McMahon board; and byes.
 * @param {string} enc
 * @param {HTMLElement} box
 */
export async function proposal(enc, box) {
  /** @type {{ round: number, games: { black: string, white: string, handicap?: number, met_in?: number | null }[], byes: string[], players: EditorPlayer[] }} */
  const p = await api('GET', `/api/events/${enc}/proposal`);
  const players = new Map(p.players.map((x) => [x.name, x]));
  const letters = { black: t('pairing.c_black'), white: t('pairing.c_white'), bye: t('pairing.c_bye'), none: t('pairing.c_none') };
  /** @param {string} n */
  const about = (n) => {
    const x = players.get(n);
    return x ? `${rankWords(x.rank, LANG)} · ${t('pairing.score', { score: x.score })} · ${colourLine(x.colours, letters) || t('pairing.c_none')}` : '';
  };
  /** @param {string} value @param {string} cls @param {string} label */
  const pick = (value, cls, label) => h('select', { class: cls, 'aria-label': label }, h('option', { value: '' }, '—'),
    p.players.map((x) => h('option', { value: x.name, selected: x.name === value }, x.name)));
  /** @param {number} i @param {string} c */
  const seat = (i, c) => `${t('event.board')} ${i + 1} · ${t('color.' + c)}`;
  const byes = h('input', { value: p.byes.join(', '), id: 'prop-byes' });
  /** @type {{ black: HTMLSelectElement, white: HTMLSelectElement, bInfo: HTMLElement, wInfo: HTMLElement, note: HTMLElement, handicap: number }[]} */
  const boards = [];
  const rows = p.games.map((g, i) => {
    const b = /** @type {HTMLSelectElement} */ (pick(g.black, 'prop-black', seat(i, 'black')));
    const w = /** @type {HTMLSelectElement} */ (pick(g.white, 'prop-white', seat(i, 'white')));
    const row = { black: b, white: w, bInfo: h('span', { class: 'prop-info' }), wInfo: h('span', { class: 'prop-info' }),
      note: h('span', { class: 'prop-note' }), handicap: g.handicap || 0 };
    boards.push(row);
    return [i + 1, b, row.bInfo, w, row.wInfo, row.note];
  });
  const byeNames = () => byes.value.split(/[,，、]/).map((x) => x.trim()).filter(Boolean);
  // Each seat's player as the director sets it, and what a pair means.
  const refresh = () => {
    const doubled = twice(boards.map((r) => /** @type {[string, string]} */ ([r.black.value, r.white.value])), byeNames());
    boards.forEach((r, i) => {
      r.bInfo.textContent = about(r.black.value);
      r.wInfo.textContent = about(r.white.value);
      const g = p.games[i];
      const same = g && g.black === r.black.value && g.white === r.white.value;
      const notes = [];
      if (metBefore(players, r.black.value, r.white.value)) {
        notes.push(same && g.met_in ? t('pairing.met_in', { round: g.met_in }) : t('pairing.met'));
      }
      if (same && r.handicap) notes.push(t('pairing.handicap', { n: r.handicap }));
      for (const n of [r.black.value, r.white.value]) if (doubled.includes(n)) notes.push(t('pairing.twice', { name: n }));
      r.note.textContent = notes.join(' · ');
      r.note.classList.toggle('bad', notes.some((x) => x !== t('pairing.handicap', { n: r.handicap })));
    });
  };
  box.addEventListener('change', refresh);
  byes.addEventListener('input', refresh);
  const error = h('p', { class: 'bad form-error', role: 'alert', id: 'proposal-error' });
  const warnings = h('div', { id: 'pair-warnings', role: 'alert' });
  /** @param {boolean} confirm */
  const send = (confirm) => {
    const gamesOut = boards.map((r) => [r.black.value, r.white.value]).filter(([b, w]) => b && w);
    attempt(() => showing(error, async () => {
      warnings.replaceChildren();
      try {
        await api('POST', `/api/events/${enc}/rounds/amended`, { games: gamesOut, byes: byeNames(), ...(confirm ? { confirm: true } : {}) });
      } catch (e) {
        const err = /** @type {import('../api.js').ApiError} */ (e);
        if (err.status === 409 && err.body && err.body.error === 'confirm') {
          // Art. 26.3, 10: a repeat or a colour breach is paired only on purpose.
          warnings.replaceChildren(h('h4', {}, t('pairing.warnings_h')),
            h('ul', {}, (err.body.warnings || []).map((/** @type {{ en: string, zh: string }} */ w) => h('li', {}, LANG === 'zh' ? w.zh : w.en))),
            h('button', { type: 'button', class: 'danger', id: 'pair-anyway', onclick: () => send(true) }, t('pairing.pair_anyway')));
          warnings.scrollIntoView({ block: 'nearest' });
          return;
        }
        throw e;
      }
      location.reload();
    }));
  };
  const form = h('form', { id: 'proposal-form', onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); send(false); } },
    table([t('event.board'), t('color.black'), t('pairing.info'), t('color.white'), t('pairing.info'), t('pairing.notes')], rows, t('event.proposal_caption')),
    field(t('event.byes_label'), byes), h('button', { type: 'submit', id: 'pair-amended' }, t('event.pair_as_shown')), error, warnings);
  box.replaceChildren(form);
  refresh();
}
