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
 */
/**
 * The standings.
 * @typedef {object} Standings
 * @property {number} after_round
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
 * The standings' column heads and rows: place, name, points, W/L/D, one column per
 * tie-break (its name in `lang`), then the ratings and the promotion where the event has
 * them. The points are a tie-break of their own when the chain ranks by them first, so they
 * are not shown twice.
 * @param {Standings} st
 * @param {Translate} t
 * @param {Lang} lang
 * @returns {{ head: string[], rows: string[][], keys: string[] }}
 */
export function standingsTable(st, t, lang) {
  const names = (st.chain_names && st.chain_names[lang]) || st.chain;
  // The first criterion is the score (points or McMahon score): shown in its own column.
  const pointsFirst = st.chain[0] === 'points';
  const cols = st.chain.map((key, i) => ({ key, i, name: names[i] || key })).filter((c) => !(pointsFirst && c.i === 0));
  const head = [t('standings.place'), t('player.name'), t('standings.points'), t('standings.wld'),
    ...cols.map((c) => c.name),
    ...(st.rated ? [t('standings.rating_before'), t('standings.rating_after'), t('standings.rating_change')] : []),
    ...(st.promotion_rule ? [t('standings.promotion')] : [])];
  const rows = st.rows.map((r) => [
    String(r.place), r.name + (r.withdrawn ? t('standings.withdrawn') : ''), String(r.points), `${r.wins}/${r.losses}/${r.draws}`,
    ...cols.map((c) => tieValue(c.key, r.values[c.i] ?? '')),
    ...(st.rated ? (r.rating ? [String(r.rating.before), String(r.rating.after), (r.rating.change > 0 ? '+' : '') + r.rating.change] : ['', '', '']) : []),
    ...(st.promotion_rule ? [r.promotion || ''] : []),
  ]);
  return { head, rows, keys: ['place', 'name', 'points', 'wld', ...cols.map((c) => c.key)] };
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
