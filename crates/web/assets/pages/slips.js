// @ts-check
// weiqi: a round's seat slips, to print and cut: one per player, with the board, the colour,
// the opponent, the seat link and its QR code, eight to an A4 page. For the event's officials
// (the links are secret: the server shows them only to them).
import { ID, LANG, t } from '../env.js';
import { h, setMain } from '../dom.js';
import { api } from '../api.js';
import { qrImage } from '../seats.js';
import { rankWords } from '../standings.js';

/** @typedef {import('../seats.js').BoardLinks} BoardLinks */

export async function slipsPage() {
  // The page's object is `{event}/{round}`.
  const cut = ID.lastIndexOf('/');
  const enc = encodeURIComponent(ID.slice(0, cut));
  const n = Number(ID.slice(cut + 1));
  /** @type {{ name: string, boards: BoardLinks[] }} */
  let r;
  try { r = await api('GET', `/api/events/${enc}/rounds/${n}/links`); } catch (e) { setMain(h('p', { class: 'bad' }, /** @type {Error} */ (e).message)); return; }
  const title = t('slips.title', { n });
  /** @type {HTMLElement} */ (document.getElementById('page-title')).textContent = r.name + ' · ' + title;
  document.title = r.name + ' · ' + title + ' · weiqi';
  /** @type {HTMLElement[]} */
  const slips = [];
  for (const b of r.boards) {
    for (const c of /** @type {('black' | 'white')[]} */ (['black', 'white'])) {
      const me = b.seats[c];
      const other = b.seats[c === 'black' ? 'white' : 'black'];
      const color = t('color.' + c);
      slips.push(h('article', { class: 'slip slip-' + c, 'data-board': b.board },
        h('p', { class: 'slip-event' }, r.name + ' · ' + t('event.round', { n })),
        h('p', { class: 'slip-board' }, t('slips.board', { board: b.board }), ' · ', h('span', { class: 'slip-colour' }, t('slips.you_play', { color }))),
        h('p', { class: 'slip-player' }, t('slips.player', { name: me.player, rank: rankWords(me.rank, LANG) })),
        h('p', { class: 'slip-opponent' }, t('slips.opponent', { name: other.player, rank: rankWords(other.rank, LANG) })),
        me.link
          ? h('div', { class: 'slip-link' },
            qrImage(me.link.qr, t('seat.qr_for', { color, board: b.board }), 'slip-qr'),
            h('div', {}, h('p', { class: 'hint' }, t('slips.open')), h('p', { class: 'slip-url' }, me.link.url),
              h('p', { class: 'hint' }, t('slips.keep'))))
          : h('p', { class: 'hint' }, t('seat.no_link'))));
    }
  }
  setMain(
    h('p', { class: 'buttons' }, h('button', { type: 'button', class: 'primary', id: 'print', onclick: () => window.print() }, t('slips.print')),
      ' ', h('a', { href: `/events/${enc}?lang=${LANG}` }, t('title.event'))),
    slips.length ? h('div', { class: 'slips' }, slips) : h('p', {}, t('slips.none')));
}
