// @ts-check
// weiqi: a clock's face on a page: the time that runs and what follows it, its whole text as
// its label, and what it shows as data (`faceData`) for tests and assistive tools.
import { t } from './env.js';
import { h } from './dom.js';
import { clockParts, clockText, faceData } from './format.js';

/** @typedef {import('./clock.js').ClockSide} ClockSide */

/**
 * Sets the data of what a face shows (the instant, the periods, the seconds, the flag).
 * @param {HTMLElement} el
 * @param {ClockSide} c
 * @param {number} at
 */
export function markFace(el, c, at) {
  Object.assign(el.dataset, faceData(c, at));
}

/**
 * Shows a clock in `el` (its `.main` and `.extra` parts), its whole text as the label.
 * @param {HTMLElement} el
 * @param {ClockSide} c
 * @param {number} at
 */
export function showClock(el, c, at) {
  markFace(el, c, at);
  const [main, extra] = clockParts(c, t);
  if (!el.querySelector('.main')) el.replaceChildren(h('span', { class: 'main' }), ' ', h('span', { class: 'extra' }));
  /** @type {HTMLElement} */ (el.querySelector('.main')).textContent = main;
  /** @type {HTMLElement} */ (el.querySelector('.extra')).textContent = extra;
  el.setAttribute('aria-label', el.dataset.label + ': ' + clockText(c, t));
}
