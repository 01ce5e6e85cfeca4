// @ts-check
// weiqi: what the event page says of an event's settings and officials, as lines of a label
// and a value in the page's language. Pure: no DOM, so `node --test` imports it.
import { rankWords } from './standings.js';

/** @typedef {import('./text.js').Translate} Translate */
/** @typedef {import('./text.js').Lang} Lang */

/**
 * What the director set (`GET /api/events/{id}`'s `settings`).
 * @typedef {object} EventSettings
 * @property {string[]} tie_breaks
 * @property {Record<string, string[]>} tie_break_names
 * @property {{ basis: string, bar: string | null, correction: number, ceiling: number }} handicap
 * @property {{ limits: string[], pair_within: boolean }} [categories] lower limits, strongest first
 * @property {string} bye
 * @property {number} lateness_limit_minutes
 * @property {boolean} avoid_same_club
 * @property {boolean} avoid_same_region
 */
/**
 * The event as the settings' lines read it.
 * @typedef {object} EventAbout
 * @property {string} [system_kind]
 * @property {string} system_name the system in the page's language
 * @property {{ kind: string, bar?: string, floor?: string }} system
 * @property {number} planned_rounds
 * @property {string} time_control
 * @property {EventSettings} [settings]
 */
/**
 * Who holds each role (`GET /api/events/{id}/officials`).
 * @typedef {{ organizer: string[], chief_referee: string[], referee: string[] }} Officials
 */

/**
 * The settings as [label, value] lines: system, rounds, time control (Art. 12), komi
 * (Art. 11, the round's start form sets it; 3¾ stones unless the director changes it),
 * McMahon bar and floor, handicap rule, categories, tie-breaks (Art. 27), byes, lateness
 * (Art. 22).
 * @param {EventAbout} ev
 * @param {Translate} t
 * @param {Lang} lang
 * @returns {[string, string][]}
 */
export function settingsLines(ev, t, lang) {
  /** @type {[string, string][]} */
  const out = [
    [t('about.system'), ev.system_name],
    [t('about.rounds'), String(ev.planned_rounds)],
    [t('about.time'), ev.time_control || t('about.time_none')],
    [t('about.komi'), t('about.komi_value')],
  ];
  const s = ev.settings;
  if (ev.system.kind === 'mc_mahon') {
    out.push([t('about.bar_floor'), t('about.bar_floor_value', { bar: rankWords(ev.system.bar || '', lang), floor: rankWords(ev.system.floor || '', lang) })]);
    if (s) {
      const h = s.handicap;
      out.push([t('about.handicap'), h.ceiling === 0 ? t('about.handicap_none')
        // Nothing taken off is not said.
        : t(h.correction ? 'about.handicap_value' : 'about.handicap_value_plain', { basis: h.basis === 'mms' ? t('about.basis_mms') : t('about.basis_rank'), correction: h.correction, ceiling: h.ceiling })
          + (h.bar ? t('about.handicap_bar', { bar: rankWords(h.bar, lang) }) : '')]);
    }
  }
  if (s && s.categories && s.categories.limits.length) {
    out.push([t('about.categories'), categoriesText(s.categories, t, lang)]);
  }
  if (s) {
    const names = s.tie_break_names[lang] || s.tie_breaks;
    out.push([t('about.tie_breaks'), names.join(lang === 'zh' ? '、' : ', ')]);
    /** @type {Record<string, string>} */
    const bye = { win: t('about.bye_win'), draw: t('about.bye_draw'), loss: t('about.bye_loss') };
    if (ev.system.kind !== 'round_robin' && ev.system.kind !== 'knockout') out.push([t('about.bye'), bye[s.bye] || s.bye]);
    out.push([t('about.lateness'), t('about.lateness_value', { n: s.lateness_limit_minutes })]);
  }
  return out;
}

/**
 * An event's categories as people read them (OpenGotha's: each from its lower limit up to
 * the one before; the last holds everyone below): `1: 3d and up; 2: 5k and up; 3: below
 * 5k`, in Chinese `第1组：3段及以上；…`, and whether the pairing keeps them apart.
 * @param {{ limits: string[], pair_within: boolean }} c
 * @param {Translate} t
 * @param {Lang} lang
 * @returns {string}
 */
export function categoriesText(c, t, lang) {
  const parts = c.limits.map((r, i) => t('about.category_from', { n: i + 1, rank: rankWords(r, lang) }));
  const last = c.limits[c.limits.length - 1];
  if (last) parts.push(t('about.category_below', { n: c.limits.length + 1, rank: rankWords(last, lang) }));
  if (c.pair_within && c.limits.length) parts.push(t('about.categories_within'));
  return parts.join(lang === 'zh' ? '；' : '; ');
}

/**
 * The officials as [label, value] lines, the roles nobody holds left out.
 * @param {Officials} o
 * @param {Translate} t
 * @param {Lang} lang
 * @returns {[string, string][]}
 */
export function officialsLines(o, t, lang) {
  const sep = lang === 'zh' ? '、' : ', ';
  /** @type {[string, string][]} */
  const out = [];
  for (const role of /** @type {const} */ (['organizer', 'chief_referee', 'referee'])) {
    if (o[role] && o[role].length) out.push([t('role_h.' + role), o[role].join(sep)]);
  }
  return out;
}

/**
 * Ranks as a director types a list of them (`3d, 5k`, `3段、5级`, one a line): each rank,
 * strongest first as typed; the server reads each and checks their order.
 * @param {string} text
 * @returns {string[]}
 */
export function rankList(text) {
  return text.split(/[\s,，、;；]+/).map((x) => x.trim()).filter(Boolean);
}

/**
 * The tie-break chain `chain` with the category criterion (CAT) first when `on`, without it
 * otherwise; `null` when that is the chain already (nothing to change).
 * @param {string[]} chain
 * @param {boolean} on
 * @returns {string[] | null}
 */
export function chainWithCategory(chain, on) {
  if (chain.includes('category') === on) return null;
  return on ? ['category', ...chain] : chain.filter((x) => x !== 'category');
}
