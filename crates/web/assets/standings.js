// @ts-check
// weiqi: the standings as a table's head and rows (the event page's and the results wall's):
// each tie-break in a column of its own, headed by its name in the page's language. Pure: no
// DOM, so `node --test` imports it (crates/web/tests/js/).

import { quarters } from './format.js';

/** @typedef {import('./text.js').Translate} Translate */
/** @typedef {import('./text.js').Lang} Lang */

/**
 * A line of the standings (`GET /api/events/{id}/standings`).
 * @typedef {object} StandingsRow
 * @property {number} place
 * @property {string} name
 * @property {boolean} withdrawn
 * @property {number | string} points
 * @property {number} wins
 * @property {number} losses
 * @property {number} draws
 * @property {(number | string)[]} values
 * @property {{ before: number, after: number, change: number } | null} [rating]
 * @property {string | null} [promotion]
 * @property {boolean} [shared] OpenGotha's placement: another player shares the place
 */
/**
 * The standings.
 * @typedef {object} Standings
 * @property {number} after_round
 * @property {'weiqi' | 'opengotha'} [placement] whose placement: weiqi's chain (Art. 27), or
 *   OpenGotha's for an event imported from it (its order, its criteria by their OpenGotha
 *   names in `chain`, their values as OpenGotha shows them)
 * @property {string[]} chain the tie-breaks' keys
 * @property {Record<string, string[]> | null} [chain_names] their names in each language
 * @property {boolean} [rated]
 * @property {string | null} [promotion_rule]
 * @property {StandingsRow[]} rows
 */

// The criteria the tournament crate ranks by a negated figure (fewer is better, or a draw
// from the seed): a person reads the figure itself, never a minus sign.
const NEGATED = ['warnings', 'lots', 'category'];

/**
 * A tie-break's value as a person reads it: the warnings, the lot or the category themselves
 * (the crate sorts them negated), the category counted from 1 as the event's settings say
 * it (the crate counts from 0, OpenGotha's), any other value as it comes.
 * @param {string} key the criterion (`lots`, `sos`, …)
 * @param {number | string} value
 * @returns {string}
 */
export function tieValue(key, value) {
  const s = String(value);
  const plain = NEGATED.includes(key) && s.startsWith('-') ? s.slice(1) : s;
  return key === 'category' && plain !== '' && Number.isInteger(Number(plain)) ? String(Number(plain) + 1) : plain;
}

/**
 * An OpenGotha criterion's value as a person reads it: halves and quarters as ½, ¼, ¾
 * (`12.5` is 12½), a rank (`Rank`, OpenGotha's 0 = 1d, −1 = 1k) as people write it in
 * `lang`, anything else as OpenGotha shows it.
 * @param {string} key the criterion, by OpenGotha's name (`MMS`, `SODOSM`, `Rank`, …)
 * @param {string} value as the server sends it (OpenGotha's text)
 * @param {Lang} lang
 * @returns {string}
 */
export function gothaValue(key, value, lang) {
  const s = String(value);
  if (key === 'Rank' && /^-?\d+$/.test(s)) {
    const v = Number(s);
    return rankWords(v >= 0 ? `${v + 1}d` : `${-v}k`, lang);
  }
  const m = /^(-?)(\d+)\.(25|5|75)$/.exec(s);
  if (!m) return s;
  const frac = { '25': '¼', '5': '½', '75': '¾' }[m[3]];
  return m[1] + (m[2] === '0' ? '' : m[2]) + frac;
}

/**
 * The standings' column heads and rows: place, name, points, W/L/D, one column per
 * tie-break (its name in `lang`), then the ratings and the promotion where the event has
 * them. The points are a tie-break of their own when the chain ranks by them first, so they
 * are not shown twice. OpenGotha's placement (an imported event) shows its own criteria
 * instead, each value as OpenGotha counts it, and no points of weiqi's beside its score;
 * `titles` holds each criterion's OpenGotha name, for the head's tooltip where the page's
 * language names it otherwise.
 * @param {Standings} st
 * @param {Translate} t
 * @param {Lang} lang
 * @returns {{ head: string[], rows: string[][], keys: string[], titles: string[] }}
 */
export function standingsTable(st, t, lang) {
  const names = (st.chain_names && st.chain_names[lang]) || st.chain;
  const gotha = st.placement === 'opengotha';
  // The first criterion is the score (points or McMahon score): shown in its own column.
  const pointsFirst = st.chain[0] === 'points';
  const cols = st.chain.map((key, i) => ({ key, i, name: names[i] || key })).filter((c) => !(pointsFirst && c.i === 0));
  const points = gotha ? [] : [t('standings.points')];
  const head = [t('standings.place'), t('player.name'), ...points, t('standings.wld'),
    ...cols.map((c) => c.name),
    ...(st.rated ? [t('standings.rating_before'), t('standings.rating_after'), t('standings.rating_change')] : []),
    ...(st.promotion_rule ? [t('standings.promotion')] : [])];
  /** @param {{ key: string }} c @param {number | string} v */
  const value = (c, v) => (gotha ? gothaValue(c.key, String(v), lang) : tieValue(c.key, v));
  const rows = st.rows.map((r) => [
    String(r.place), r.name + (r.withdrawn ? t('standings.withdrawn') : ''), ...(gotha ? [] : [String(r.points)]), `${r.wins}/${r.losses}/${r.draws}`,
    ...cols.map((c) => value(c, r.values[c.i] ?? '')),
    ...(st.rated ? (r.rating ? [String(r.rating.before), String(r.rating.after), (r.rating.change > 0 ? '+' : '') + r.rating.change] : ['', '', '']) : []),
    ...(st.promotion_rule ? [r.promotion || ''] : []),
  ]);
  const keys = ['place', 'name', ...(gotha ? [] : ['points']), 'wld', ...cols.map((c) => c.key)];
  const titles = head.map((_, i) => (gotha && i >= keys.length - cols.length && i < keys.length ? keys[i] : ''));
  return { head, rows, keys, titles };
}

/**
 * An event's result (`B+R`, `W+3.5`, `0`, …, the SGF `RE` the event keeps) as people write it
 * in `lang`: in Chinese 黑中盘胜, 白胜1又3/4子 (the margin in stones, Art. 11), 和棋; in
 * English the code itself, which English-speaking players read.
 * @param {string | null} code
 * @param {Lang} lang
 * @returns {string}
 */
export function resultWords(code, lang) {
  if (!code || lang !== 'zh') return code || '';
  const m = /^([BW])\+(.*)$/.exec(code);
  /** @type {Record<string, string>} */
  const other = { '0': '和棋', 'both-lose': '双方判负', Void: '无胜负' };
  if (!m) return other[code] || code;
  const who = m[1] === 'B' ? '黑' : '白';
  /** @type {Record<string, string>} */
  const by = { R: '中盘胜', T: '超时胜', F: '不战胜', '': '胜' };
  if (m[2] in by) return who + by[m[2]];
  const points = Number(m[2]);
  return Number.isFinite(points) ? `${who}胜${quarters(Math.round(points * 2), 'zh')}子` : code;
}

/**
 * A rank (`3d`, `5k`, `2p`, as the API writes it) as people write it in `lang`: in Chinese
 * 3段, 5级, 职业二段; in English as it comes.
 * @param {string} rank
 * @param {Lang} lang
 * @returns {string}
 */
export function rankWords(rank, lang) {
  const m = /^(\d+)([dkp])$/.exec(rank || '');
  if (lang !== 'zh' || !m) return rank || '';
  if (m[2] === 'p') return '职业' + ('一二三四五六七八九'[Number(m[1]) - 1] || m[1]) + '段';
  return m[1] + (m[2] === 'd' ? '段' : '级');
}
