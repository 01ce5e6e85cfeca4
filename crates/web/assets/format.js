// @ts-check
// weiqi: times and amounts as the pages write them. Pure: no DOM, so `node --test` imports it
// (crates/web/tests/js/).
import { inOvertime } from './clock.js';

/** @typedef {import('./clock.js').ClockSide} ClockSide */
/** @typedef {import('./text.js').Translate} Translate */
/** @typedef {import('./text.js').Lang} Lang */

/**
 * A time left or used: `m:ss`, `h:mm:ss` from an hour; the seconds rounded up (a clock shows
 * 0:00 only once the time is gone); `—` for no time.
 * @param {number | null | undefined} ms
 * @returns {string}
 */
export function fmt(ms) {
  if (ms === null || ms === undefined) return '—';
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(total / 3600), mm = Math.floor((total % 3600) / 60), ss = total % 60;
  /** @param {number} n */
  const two = (n) => String(n).padStart(2, '0');
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

/**
 * A clock as two parts: the time that runs now, and what follows it (the periods left, or
 * the byo-yomi to come), so that a narrow screen can set the second under the first.
 * @param {ClockSide} c
 * @param {Translate} t
 * @returns {[string, string]}
 */
export function clockParts(c, t) {
  if (c.flagged) return [t('clock.flag'), ''];
  if (inOvertime(c)) {
    return [fmt(c.period_left_ms), t('clock.byoyomi_left', { periods: c.overtime_left })];
  }
  if (c.main_left_ms === null || c.main_left_ms === undefined) return [t('clock.used', { time: fmt(c.used_ms) }), ''];
  const extra = (c.overtime_left !== null && c.overtime_left !== undefined)
    ? t('clock.then', { periods: c.overtime_left, time: fmt(c.period_left_ms) }) : '';
  return [fmt(c.main_left_ms), extra];
}

/**
 * A clock in one line, as a screen reader says it and a table shows it.
 * @param {ClockSide} c
 * @param {Translate} t
 * @returns {string}
 */
export function clockText(c, t) {
  if (c.flagged) return t('clock.flag');
  if (inOvertime(c)) {
    return t('clock.byoyomi', { time: fmt(c.period_left_ms), periods: c.overtime_left });
  }
  if (c.main_left_ms === null || c.main_left_ms === undefined) return t('clock.used', { time: fmt(c.used_ms) });
  const extra = (c.overtime_left !== null && c.overtime_left !== undefined)
    ? ' ' + t('clock.then', { periods: c.overtime_left, time: fmt(c.period_left_ms) }) : '';
  return fmt(c.main_left_ms) + extra;
}

/**
 * What a clock's face shows, as data for tests and assistive tools (its `data-` attributes):
 * the instant it shows (in the reading's time base), the periods left, the seconds shown and
 * whether the flag fell.
 * @param {ClockSide} c
 * @param {number} at
 * @returns {{ at: string, periods: string, secs: string, flagged: string }}
 */
export function faceData(c, at) {
  return {
    at: String(Math.round(at)),
    periods: c.overtime_left === null || c.overtime_left === undefined ? '' : String(c.overtime_left),
    secs: String(Math.max(0, Math.ceil((inOvertime(c) ? (c.period_left_ms ?? 0) : (c.main_left_ms ?? 0)) / 1000))),
    flagged: String(!!c.flagged),
  };
}

/**
 * Quarter stones (the rules crate's HalfPoints: 4 a stone) as the rules write them:
 * 184¼, 2¾; 184又1/4, 2又3/4; a minus sign before a negative amount.
 * @param {number} q
 * @param {Lang} lang
 * @returns {string}
 */
export function quarters(q, lang) {
  const neg = q < 0, a = Math.abs(q), whole = Math.floor(a / 4), f = a % 4;
  const frac = lang === 'zh' ? ['', '1/4', '1/2', '3/4'][f] : ['', '¼', '½', '¾'][f];
  const body = !f ? String(whole) : whole ? (lang === 'zh' ? `${whole}又${frac}` : `${whole}${frac}`) : frac;
  return (neg ? '−' : '') + body;
}

/**
 * A komi in quarter stones (half points) as the stones a number field shows: 15 → "3.75".
 * @param {number} hp
 * @returns {string}
 */
export function stones(hp) {
  return String(hp / 4);
}

/**
 * A number of stones typed in a field as quarter stones, to the nearest quarter.
 * @param {string} text
 * @returns {number}
 */
export function quartersOf(text) {
  return Math.round(Number(text) * 4);
}
