// @ts-check
// weiqi: what the page's shell (crates/web/src/pages.rs) gives the script: the language and
// its strings, the board's geometry, which page this is and of what.
import { article, translator } from './text.js';

/** @typedef {import('./goban.js').Geometry} Geometry */

/** @type {{ lang: import('./text.js').Lang, strings: import('./text.js').Strings, board: Geometry }} */
export const DATA = JSON.parse(/** @type {HTMLElement} */ (document.getElementById('app-data')).textContent || '{}');
export const LANG = DATA.lang;
/** The page (`home`, `login`, `clock`, `event`, `hall`, `wall`, `referee`, `challenge`, `game`). */
export const PAGE = document.body.dataset.page || '';
/** The object of the page: an event's or a challenge match's id, a game's number. */
export const ID = document.body.dataset.id || '';
export const MAIN = /** @type {HTMLElement} */ (document.getElementById('main'));
/** The strings of the page's language. */
export const t = translator(DATA.strings);

/**
 * An article as the rules write it in the page's language.
 * @param {string | number} n
 * @returns {string}
 */
export function art(n) { return article(t, n); }
