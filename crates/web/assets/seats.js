// @ts-check
// weiqi: a game's seat links: shown when games are made, issued again by an official (the
// server keeps only digests, so a lost link cannot be shown again), and the record of those
// issued (Art. 29–31).
import { LANG, MAIN, t } from './env.js';
import { h, table, toast } from './dom.js';
import { api } from './api.js';
import { when } from './text.js';

/**
 * The links of a game's two seats (secret links: `/play/7#secret=…`).
 * @typedef {{ black: string, white: string }} SeatLinks
 */

/**
 * The seat links of `game` and the link to watch it, as a list.
 * @param {number} game
 * @param {SeatLinks} links
 */
export function seatLinks(game, links) {
  return h('ul', { class: 'links' },
    h('li', {}, t('color.black') + ': ', h('a', { href: links.black, class: 'seat-black' }, location.origin + links.black)),
    h('li', {}, t('color.white') + ': ', h('a', { href: links.white, class: 'seat-white' }, location.origin + links.white)),
    h('li', {}, t('game.watch') + ': ', h('a', { href: '/play/' + game }, location.origin + '/play/' + game)));
}

/**
 * Every seat link of event `enc`'s games issued again (who, when; never the link), drawn into
 * `box`; for the event's officials.
 * @param {string} enc the event's id, encoded for a path
 * @param {HTMLElement} box
 */
export async function seatLinkHistory(enc, box) {
  /** @type {{ links: { game: number, round: number | null, board: number | null, color: string, by: string, at: number }[] }} */
  const r = await api('GET', `/api/events/${enc}/seat-links`);
  box.replaceChildren(r.links.length
    ? table([t('game.label'), t('event.board'), t('ref.side'), t('seat.by'), t('seat.when')],
      r.links.map((x) => [h('a', { href: '/play/' + x.game }, '#' + x.game),
        x.round ? t('game.round_board', { round: x.round, board: x.board }) : '—', t('color.' + x.color), x.by, when(x.at, LANG)]),
      t('seat.history_caption', { n: r.links.length }))
    : h('p', { class: 'hint' }, t('seat.history_none')));
}

/** Where a seat link issued again is shown (hidden until there is one). */
export function seatLinkBox() {
  return h('div', { id: 'new-link', 'aria-live': 'polite', hidden: true });
}

/**
 * An official issues a new secret link for `color`'s seat of `game`: the old link stops
 * working at once.
 * @param {number} game
 * @param {string} color
 * @param {HTMLElement} box
 */
export async function newSeatLink(game, color, box) {
  const side = t('color.' + color);
  if (!confirm(t('seat.confirm', { color: side, game }))) return;
  /** @type {{ link: string, history: { color: string, by: string, at: number }[] }} */
  const r = await api('POST', `/api/games/${game}/seats/${color}/link`);
  box.replaceChildren(
    h('h3', { tabindex: '-1' }, t('seat.issued', { color: side, game })),
    h('p', {}, h('a', { href: r.link, class: 'new-seat-link seat-' + color }, location.origin + r.link)),
    h('p', { class: 'hint' }, t('seat.old_invalid')),
    h('h4', {}, t('seat.history')),
    h('ul', { class: 'link-history' }, r.history.map((x) => h('li', {},
      t('seat.history_line', { color: t('color.' + x.color), by: x.by, at: when(x.at, LANG) })))));
  box.hidden = false;
  /** @type {HTMLElement} */ (box.querySelector('h3')).focus();
  toast(t('seat.done', { color: side }));
}

/**
 * The seat links of the games a round's start made, in a section of the page.
 * @param {{ games: { game: number, board: number, black: string, white: string, links: SeatLinks }[] }} res
 */
export function showSeatLinks(res) {
  const box = document.getElementById('seat-links') || h('section', { id: 'seat-links', 'aria-labelledby': 'seat-links-h' });
  box.replaceChildren(h('h2', { id: 'seat-links-h' }, t('event.seat_links')),
    ...res.games.map((g) => h('div', { class: 'seat-game' }, h('h3', {}, t('event.board_line', { board: g.board, black: g.black, white: g.white })), seatLinks(g.game, g.links))));
  if (!box.isConnected) MAIN.append(box);
  box.scrollIntoView();
}
