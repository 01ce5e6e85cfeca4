// @ts-check
// weiqi: the few DOM helpers every page builds with.
import { MAIN } from './env.js';

/**
 * An element: attributes (`on…` a listener, `text` the text, `true` an empty attribute; null,
 * undefined and false left out) and children (nodes, or anything else as text).
 * @param {string} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...any} kids
 * @returns {HTMLElement & Record<string, any>}
 */
export function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of kids.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

const SVGNS = 'http://www.w3.org/2000/svg';

/**
 * An SVG element: attributes (null and undefined left out) and children.
 * @param {string} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...(Node | string)} kids
 * @returns {SVGElement}
 */
export function s(tag, attrs, ...kids) {
  const e = /** @type {SVGElement} */ (document.createElementNS(SVGNS, tag));
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) e.setAttribute(k, v);
  for (const c of kids) e.append(c);
  return e;
}

/**
 * A section with its heading, labelled by it.
 * @param {string} title
 * @param {string} id
 * @param {...any} kids
 */
export function section(title, id, ...kids) {
  return h('section', { id, 'aria-labelledby': id + '-h' }, h('h2', { id: id + '-h' }, title), ...kids);
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;

/**
 * A message shown for a while (`bad`: a refusal).
 * @param {string} msg
 * @param {boolean} [bad]
 */
export function toast(msg, bad) {
  const el = /** @type {HTMLElement} */ (document.getElementById('toast'));
  el.textContent = msg;
  el.className = bad ? 'show bad' : 'show';
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.className = ''; }, 6000);
}

/**
 * An input with its label.
 * @param {string} label
 * @param {HTMLElement} input
 */
export function field(label, input) {
  const id = input.id || ('f' + Math.random().toString(36).slice(2));
  input.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), input);
}

/**
 * A table that scrolls on a narrow screen: its column heads, its rows of cells, a caption.
 * @param {any[]} head
 * @param {any[][]} rows
 * @param {string} [caption]
 */
export function table(head, rows, caption) {
  return h('div', { class: 'scroll' }, h('table', {},
    caption ? h('caption', {}, caption) : null,
    h('thead', {}, h('tr', {}, head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, rows.map((r) => h('tr', {}, r.map((c) => h('td', {}, c)))))));
}

/**
 * The page's content under its title.
 * @param {...any} kids
 */
export function setMain(...kids) {
  const title = /** @type {HTMLElement} */ (document.getElementById('page-title'));
  MAIN.replaceChildren(title, ...kids);
}

/**
 * A checkbox bound to a setting (`obj.on`); `after` runs on each change.
 * @param {string} id
 * @param {string} label
 * @param {{ on: boolean }} obj
 * @param {() => void} [after]
 */
export function setting(id, label, obj, after) {
  const box = h('input', { type: 'checkbox', id, checked: obj.on });
  box.addEventListener('change', () => { obj.on = box.checked; if (after) after(); });
  return h('div', { class: 'field check' }, box, h('label', { for: id }, label));
}
