// @ts-check
// weiqi: a game's seat links: shown when games are made, shown again to the officials at any
// time (the server derives them again under its key; it keeps only digests), with a copy
// button and a QR code, issued again by an official (the old one stops working), and the
// record of those issued (Art. 29–31).
import { LANG, t } from './env.js';
import { h, table, toast } from './dom.js';
import { api, attempt } from './api.js';
import { when } from './text.js';
import { rankWords } from './standings.js';

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
 * A seat's link as the server shows it again: its path, its full URL and the URL's QR code
 * (an SVG document); null when it cannot be shown again (a game made before links were
 * derived).
 * @typedef {{ path: string, url: string, qr: string | null }} Link
 */
/**
 * A seat of a started board: its player, link, and when they took it (opened the link).
 * @typedef {{ player: string, rank: string, link: Link | null, seated_at: number | null }} Seat
 */
/**
 * A started board with its seats (`GET /api/events/{id}/rounds/{n}/links`).
 * @typedef {{ game: number, board: number, phase: string | null, seats: { black: Seat, white: Seat } }} BoardLinks
 */

/**
 * The QR code `svg` as an image (the page's CSP takes `data:` images).
 * @param {string | null} svg
 * @param {string} label
 * @param {string} cls
 */
export function qrImage(svg, label, cls) {
  if (!svg) return null;
  return h('img', { class: 'qr ' + cls, alt: label, title: label, src: 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg) });
}

/**
 * Copies `text` to the clipboard (the Clipboard API, else a selected text area), and says so.
 * @param {string} text
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const area = /** @type {HTMLTextAreaElement} */ (h('textarea', { class: 'copy-area', readonly: true }, text));
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  toast(t('seat.copied'));
}

/**
 * Round `n`'s started boards with their seat links drawn into `box`: each seat's player, its
 * link with a copy button and a QR code, whether the player is seated, and for the officials
 * a new link per seat and the start of a clock that waits for its players.
 * @param {string} enc the event's id, encoded for a path
 * @param {number} n
 * @param {HTMLElement} box
 * @param {HTMLElement} linkBox where a link issued again is shown
 */
export async function roundLinks(enc, n, box, linkBox) {
  /** @type {{ boards: BoardLinks[] }} */
  const r = await api('GET', `/api/events/${enc}/rounds/${n}/links`);
  const slips = h('a', { class: 'print-slips', href: `/events/${enc}/rounds/${n}/slips?lang=${LANG}`, target: '_blank' }, t('seat.slips'));
  // At the scheduled start, the clocks of every board still waiting, at once (Art. 22: the
  // players not seated are late from the round's start).
  const waiting = r.boards.filter((b) => b.phase === 'setup');
  const all = waiting.length > 1
    ? h('button', { type: 'button', class: 'small start-all-clocks', onclick: () => attempt(async () => {
      if (!confirm(t('seat.start_all_confirm', { n: waiting.length }))) return;
      for (const b of waiting) await api('POST', `/api/games/${b.game}/start`);
      toast(t('seat.all_started', { n: waiting.length }));
      await roundLinks(enc, n, box, linkBox);
    }) }, t('seat.start_all', { n: waiting.length }))
    : null;
  box.replaceChildren(h('h3', { class: 'seat-links-h' }, t('seat.links_of', { n })), h('p', {}, slips, all ? ' ' : null, all),
    ...r.boards.map((b) => boardLinks(b, () => roundLinks(enc, n, box, linkBox), linkBox)));
}

/**
 * A started board's seats, as [`roundLinks`] draws them.
 * @param {BoardLinks} b
 * @param {() => Promise<void>} redraw
 * @param {HTMLElement} linkBox
 */
function boardLinks(b, redraw, linkBox) {
  /** @param {'black' | 'white'} c */
  const seat = (c) => {
    const s = b.seats[c];
    const color = t('color.' + c);
    const label = { color, board: b.board };
    const state = b.phase === 'setup'
      ? h('span', { class: 'seated ' + (s.seated_at ? 'yes' : 'no') }, s.seated_at ? '✓ ' + t('seat.seated') : t('seat.not_seated'))
      : null;
    const link = s.link
      ? [h('a', { href: s.link.path, class: 'seat-' + c }, s.link.url),
        h('button', { type: 'button', class: 'small copy-' + c, 'aria-label': t('seat.copy_for', label),
          onclick: () => attempt(() => copyText(/** @type {Link} */ (s.link).url)) }, t('seat.copy'))]
      : [h('span', { class: 'hint' }, t('seat.no_link'))];
    return h('div', { class: 'seat seat-of-' + c },
      h('div', { class: 'seat-text' },
        h('strong', {}, t('seat.player_line', { color, name: s.player, rank: rankWords(s.rank, LANG) })), ' ', state,
        h('div', { class: 'seat-link' }, ...link),
        h('button', { type: 'button', class: 'small new-link-' + c, 'aria-label': t('seat.new_link_for', label),
          onclick: () => attempt(async () => { await newSeatLink(b.game, c, linkBox); await redraw(); }) }, t('seat.new_link', { color }))),
      s.link ? qrImage(s.link.qr, t('seat.qr_for', label), 'qr-' + c) : null);
  };
  const waiting = b.phase === 'setup'
    ? h('p', { class: 'waiting' }, t('seat.waiting'), ' ',
      h('button', { type: 'button', class: 'small start-clock', 'aria-label': t('seat.start_clock_for', { board: b.board }),
        onclick: () => attempt(async () => {
          if (!confirm(t('seat.start_clock_confirm', { board: b.board }))) return;
          await api('POST', `/api/games/${b.game}/start`);
          toast(t('seat.clock_started', { board: b.board }));
          await redraw();
        }) }, t('seat.start_clock')))
    : null;
  return h('div', { class: 'seat-game', 'data-board': b.board, 'data-game': b.game },
    h('h4', {}, t('event.board_line', { board: b.board, black: b.seats.black.player, white: b.seats.white.player }),
      ' · ', h('a', { href: '/play/' + b.game }, t('game.watch') + ' #' + b.game),
      b.phase ? ' (' + t('phase.' + b.phase) + ')' : ''),
    waiting, h('div', { class: 'seats' }, seat('black'), seat('white')));
}
