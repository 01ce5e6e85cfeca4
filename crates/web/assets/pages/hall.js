// @ts-check
// weiqi: the hall view, for a projector: every board of the round with its players (name,
// rank, colour), its state, both clocks running live and the result once there is one, in
// large type. Public. It follows every game of the round over the WebSocket (a socket follows
// at most 100 games, so a larger round opens several), asks a game's state again when it
// moves, and reads the round again now and then for new games and results entered by hand.
// The boards stand in columns, as many as the screen holds; when they do not all fit, a
// screenful at a time, in turn.
import { ID, LANG, t } from '../env.js';
import { h, setMain } from '../dom.js';
import { api, connect } from '../api.js';
import { clockAt, inOvertime } from '../clock.js';
import { clockParts, clockText } from '../format.js';
import { rankWords, resultWords } from '../standings.js';

/** @typedef {import('../clock.js').ClockReading} ClockReading */
/**
 * A player on a board.
 * @typedef {{ name: string, rank: string, club: string | null }} Seat
 */
/**
 * A board as `GET /api/events/{id}/hall` answers it, and its live game.
 * @typedef {object} HallBoard
 * @property {number} board
 * @property {Seat} black
 * @property {Seat} white
 * @property {string | null} result the event's
 * @property {number | null} game
 * @property {string | null} phase
 * @property {boolean | null} paused
 * @property {ClockReading | null} clock
 * @property {{ text: string, zh: string } | null} live_result
 * @property {boolean | null} final
 * @property {number | null} [komi_half_points] the game's komi (Art. 11), in quarter stones
 * @property {number | null} [handicap] the game's handicap stones
 */
/**
 * A round as the hall sees it.
 * @typedef {{ event: string, name: string, round: number, paired_rounds: number, planned_rounds: number, boards: HallBoard[], byes: string[] }} Hall
 */

/** The games one socket follows (the server's bound). */
const PER_SOCKET = 100;
/** Subscriptions sent at once, then a pause: a 100-board round is no burst on the server. */
const BATCH = 20;
/** How often the round is read again (new games, results entered by hand), ms. */
const RELOAD_MS = 30000;
/** How long a page of boards stays when they do not all fit, ms. */
const PAGE_MS = 12000;

/**
 * The hall's state: the round, each board's row and when its clock was read.
 * @typedef {object} HallState
 * @property {Hall} hall
 * @property {Map<number, HallBoard>} byGame
 * @property {Map<number, number>} readAt the page's instant each game's clock was read
 * @property {Map<number, { row: HTMLElement, black: HTMLElement, white: HTMLElement, state: HTMLElement }>} cells
 * @property {(() => WebSocket)[]} sockets
 * @property {Set<number>} asked games whose state was asked and not yet answered
 * @property {string} gamesKey the games followed, to tell when the round changed
 */

export async function hallPage() {
  document.body.classList.add('projector');
  const enc = encodeURIComponent(ID);
  /** @type {HallState} */
  const hs = { hall: await api('GET', `/api/events/${enc}/hall`), byGame: new Map(), readAt: new Map(), cells: new Map(), sockets: [], asked: new Set(), gamesKey: '' };
  draw(hs);
  follow(hs);
  setInterval(() => tick(hs), 250);
  const again = pages('#hall-boards');
  setInterval(async () => {
    try { hs.hall = await api('GET', `/api/events/${enc}/hall`); } catch (e) { return; }
    draw(hs);
    again();
    if (gamesKey(hs.hall) !== hs.gamesKey) follow(hs);
  }, RELOAD_MS);
}

/** @param {Hall} hall */
function gamesKey(hall) {
  return hall.boards.map((b) => b.game).filter((g) => g !== null).join(',');
}

/**
 * The round's table, drawn afresh from `hs.hall`.
 * @param {HallState} hs
 */
function draw(hs) {
  const hall = hs.hall;
  /** @type {HTMLElement} */ (document.getElementById('page-title')).textContent = hall.name;
  document.title = `${hall.name} · ${t('title.hall')}`;
  hs.byGame.clear(); hs.cells.clear();
  const rows = hall.boards.map((b) => {
    const black = h('td', { class: 'time', 'data-color': 'black' });
    const white = h('td', { class: 'time', 'data-color': 'white' });
    const state = h('td', { class: 'state' });
    const row = h('tr', { 'data-board': b.board, 'data-game': b.game ?? '' },
      h('td', { class: 'board-no' }, String(b.board)),
      h('td', { class: 'player black' }, h('span', { class: 'stone b', 'aria-label': t('color.black') }), ' ', b.black.name, ' ', h('span', { class: 'rank' }, rankWords(b.black.rank, LANG)),
        b.handicap ? h('span', { class: 'handicap' }, ' ', t('hall.handicap', { n: b.handicap })) : ''),
      black, white,
      h('td', { class: 'player white' }, h('span', { class: 'stone w', 'aria-label': t('color.white') }), ' ', b.white.name, ' ', h('span', { class: 'rank' }, rankWords(b.white.rank, LANG))),
      state);
    if (b.game !== null) {
      hs.byGame.set(b.game, b);
      if (!hs.readAt.has(b.game)) hs.readAt.set(b.game, performance.now());
      hs.cells.set(b.game, { row, black, white, state });
    }
    shown(hs, b, { row, black, white, state });
    return row;
  });
  const head = [t('event.board'), t('color.black'), t('hall.clock_black'), t('hall.clock_white'), t('color.white'), t('game.phase')];
  setMain(
    h('p', { class: 'hall-where' }, h('strong', {}, t('hall.round', { n: hall.round, of: hall.planned_rounds })),
      ' · ', t('hall.boards', { n: hall.boards.length }),
      hall.byes.length ? ' · ' + t('event.byes', { names: hall.byes.join(LANG === 'zh' ? '、' : ', ') }) : '',
      ' ', h('span', { id: 'conn', class: 'ok' }, t('conn.live')),
      ' ', h('a', { href: `/events/${encodeURIComponent(ID)}/wall`, class: 'hall-link' }, t('hall.to_wall'))),
    hall.boards.length
      ? h('div', { id: 'hall-boards', class: 'columns' }, h('table', { class: 'big hall-table' },
        h('colgroup', {}, ['board', 'player', 'time', 'time', 'player', 'state'].map((c) => h('col', { class: 'c-' + c }))),
        h('thead', {}, h('tr', {}, head.map((c) => h('th', { scope: 'col', title: c }, c)))),
        h('tbody', {}, rows)))
      : h('p', { class: 'big' }, t('event.no_rounds')));
  tick(hs);
}

/**
 * A board's state cell and its clocks' running mark: the result (final or to confirm), else
 * the game's phase, else the event's result or nothing.
 * @param {HallState} hs
 * @param {HallBoard} b
 * @param {{ row: HTMLElement, black: HTMLElement, white: HTMLElement, state: HTMLElement }} c
 */
function shown(hs, b, c) {
  const result = b.live_result ? (LANG === 'zh' ? b.live_result.zh : b.live_result.text) : resultWords(b.result, LANG);
  if (result) {
    c.state.replaceChildren(h('strong', { class: 'result' }, result), b.live_result && !b.final ? h('span', { class: 'hint' }, ' ' + t('hall.to_confirm')) : '');
  } else if (b.phase) {
    c.state.textContent = b.paused ? t('game.paused') : t('phase.' + b.phase);
  } else {
    c.state.textContent = t('hall.not_started');
  }
  c.row.dataset.phase = b.phase || '';
  c.row.classList.toggle('done', !!result);
  const running = b.clock && !b.paused && !result ? b.clock.running : null;
  c.black.classList.toggle('running', running === 'black');
  c.white.classList.toggle('running', running === 'white');
  if (!b.clock || b.game === null) for (const x of [c.black, c.white]) { x.textContent = '—'; x.title = ''; }
  void hs;
}

/**
 * Moves every clock on to now, by the clock crate's rule (`clockAt`).
 * @param {HallState} hs
 */
function tick(hs) {
  const now = performance.now();
  for (const [game, b] of hs.byGame) {
    const c = hs.cells.get(game);
    if (!c || !b.clock) continue;
    const ended = !!(b.live_result || b.result);
    const reading = b.clock;
    const at = ended || b.paused ? reading.at : reading.at + (now - (hs.readAt.get(game) ?? now));
    const clocks = clockAt(reading, reading.at, at);
    clockCell(c.black, clocks.black);
    clockCell(c.white, clocks.white);
  }
}

/**
 * A clock in its narrow cell: the time that runs now, and in byo-yomi the periods left in
 * small type (the periods to come of a main time are the event's, known to all: left out);
 * the whole reading as the cell's title, for a screen reader.
 * @param {HTMLElement} cell
 * @param {import('../clock.js').ClockSide} side
 */
function clockCell(cell, side) {
  const [now, then] = clockParts(side, t);
  const text = clockText(side, t);
  if (cell.title === text) return;
  cell.title = text;
  cell.replaceChildren(now, inOvertime(side) && then ? h('small', {}, ' ' + then) : '');
}

/**
 * A game's new state (a subscription's first message, or the answer to a `state` asked):
 * its board's phase, clocks and result.
 * @param {HallState} hs
 * @param {number} game
 * @param {any} state
 */
function update(hs, game, state) {
  const b = hs.byGame.get(game);
  const c = hs.cells.get(game);
  if (!b || !c || !state) return;
  b.phase = state.phase; b.paused = state.paused; b.clock = state.clock;
  b.live_result = state.result; b.final = state.final;
  hs.readAt.set(game, performance.now());
  shown(hs, b, c);
  tick(hs);
}

/**
 * Follows every game of the round: a socket per hundred games, subscriptions sent a batch at
 * a time; a push of an event or a call asks the game's state again (once while unanswered).
 * @param {HallState} hs
 */
function follow(hs) {
  for (const s of hs.sockets) { const ws = s(); ws.onclose = null; ws.close(); }
  hs.sockets = [];
  hs.gamesKey = gamesKey(hs.hall);
  const games = [...hs.byGame.keys()];
  for (let i = 0; i < games.length; i += PER_SOCKET) followSome(hs, games.slice(i, i + PER_SOCKET));
}

/**
 * One socket following `mine`. A server that lets a socket follow fewer games than we ask
 * refuses the rest (409): they go on another socket.
 * @param {HallState} hs
 * @param {number[]} mine
 */
function followSome(hs, mine) {
  /** @type {number[]} */
  const spill = [];
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let spilled;
  /** @type {() => WebSocket} */
  const socket = connect((m) => {
    if (typeof m.game !== 'number' || !mine.includes(m.game)) return;
    if (m.type === 'state') { hs.asked.delete(m.game); update(hs, m.game, m.state); }
    else if ((m.type === 'event' || m.type === 'call') && !hs.asked.has(m.game)) {
      hs.asked.add(m.game);
      socket().send(JSON.stringify({ type: 'state', game: m.game }));
    } else if (m.type === 'error') {
      hs.asked.delete(m.game);
      if (m.status === 409) {
        mine.splice(mine.indexOf(m.game), 1);
        spill.push(m.game);
        clearTimeout(spilled);
        spilled = setTimeout(() => followSome(hs, spill.splice(0)), 800);
      }
    }
  }, (ws) => {
    let k = 0;
    const all = [...mine];
    const batch = () => {
      if (ws.readyState !== WebSocket.OPEN) return;
      for (const g of all.slice(k, k + BATCH)) ws.send(JSON.stringify({ type: 'subscribe', game: g }));
      k += BATCH;
      if (k < all.length) setTimeout(batch, 500);
    };
    batch();
  });
  hs.sockets.push(socket);
  document.body.dataset.sockets = String(hs.sockets.length);
}

/**
 * Lays the rows of the table in the box `css` out as a projector shows a round's pairing (as
 * OpenGotha's and pairgoth's lists do): in as many columns side by side as the box's width
 * holds, each as long as the window's height holds, each with the table's head; when they do
 * not all fit, a screenful at a time, the next every few seconds (a projector shows no scroll
 * bar), in full columns (on one screen, columns as even as can be). The rows are moved,
 * never copied, so a row kept by the caller (a live clock) stays the one shown. Answers the
 * function that lays them out again, for after the table is drawn afresh.
 * @param {string} css
 * @returns {() => void}
 */
export function pages(css) {
  let page = 0;
  /** @type {HTMLTableElement[]} */
  let columns = [];
  let across = 1;
  let screens = 1;
  const layout = () => {
    const box = /** @type {HTMLElement | null} */ (document.querySelector(css));
    const tables = box ? /** @type {HTMLTableElement[]} */ ([...box.querySelectorAll('table')]) : [];
    columns = [];
    if (!box || !tables.length) return;
    const first = tables[0];
    const body = first.tBodies[0];
    const rows = tables.flatMap((tb) => /** @type {HTMLElement[]} */ ([...tb.querySelectorAll('tbody tr')]));
    // Back to one table, every row in it, to measure a row and the widest column's needs.
    for (const tb of tables.slice(1)) tb.remove();
    for (const r of rows) body.append(r);
    first.hidden = false;
    box.style.gridTemplateColumns = '';
    box.classList.remove('one-column');
    box.style.removeProperty('--zoom');
    if (box.nextElementSibling && box.nextElementSibling.classList.contains('page-note')) box.nextElementSibling.remove();
    if (!rows.length) return;
    // A column's least width: a table laid out by its own column widths (the hall's) says it
    // in its CSS; another needs its widest row's cells (which do not wrap on a projector).
    const style = getComputedStyle(first);
    let wide = parseFloat(style.minWidth) || 0;
    if (style.tableLayout !== 'fixed') {
      // Measured out of the grid's flow and without the pages' least width of a table (half
      // its box): as wide as its cells' text needs.
      first.style.position = 'absolute';
      first.style.width = 'auto';
      first.style.minWidth = '0';
      wide = first.getBoundingClientRect().width;
      first.style.position = first.style.minWidth = '';
    }
    const gap = parseFloat(getComputedStyle(box).columnGap) || 0;
    // A phone's narrow screen scrolls: one column.
    const room = window.innerWidth <= 800 ? 1 : Math.max(1, Math.floor((box.clientWidth + gap) / (wide + gap)));
    // A row's and the head's heights as wide as a column will be (a head's words may wrap).
    first.style.width = `${(box.clientWidth - gap * (room - 1)) / room}px`;
    const rowH = Math.max(1, rows[0].getBoundingClientRect().height);
    const headH = first.tHead ? first.tHead.getBoundingClientRect().height : 0;
    const top = first.getBoundingClientRect().top + window.scrollY;
    first.style.width = '';
    // The rows that fit under the table's top, with room left for the page's note and the
    // page's margin under it.
    const fit = Math.max(1, Math.floor((window.innerHeight - top - headH - rowH * 1.5 - 16) / rowH));
    screens = Math.ceil(rows.length / (fit * room));
    // Full columns when the boards take more than a screen; on one screen, columns as even
    // as they can be (30 boards in two columns of 15, not 27 and 3).
    const per = screens > 1 ? fit : Math.ceil(rows.length / Math.ceil(rows.length / fit));
    across = Math.min(room, Math.ceil(rows.length / per));
    for (let i = 0; i < rows.length; i += per) {
      let tb = first;
      if (i) {
        // The same table (its columns' widths, its head), with a body of its own.
        tb = /** @type {HTMLTableElement} */ (first.cloneNode(false));
        for (const part of first.children) if (part.tagName !== 'TBODY') tb.append(part.cloneNode(true));
        tb.append(document.createElement('tbody'));
        box.append(tb);
      }
      tb.tBodies[0].append(...rows.slice(i, i + per));
      columns.push(tb);
    }
    box.style.gridTemplateColumns = `repeat(${across}, minmax(0, 1fr))`;
    // One column across the screen: its cells take the width their text needs, and on a
    // projector (not a phone, whose rows wrap) a few boards take larger type, as large as the
    // window's height and width allow, at most 1.6 times.
    box.classList.toggle('one-column', across === 1);
    if (across === 1 && screens === 1 && window.innerWidth > 800) {
      const high = (window.innerHeight - top - rowH * 1.5 - 16) / (rows.length * rowH + headH);
      const zoom = Math.min(1.6, high, box.clientWidth / wide);
      if (zoom > 1.05) box.style.setProperty('--zoom', zoom.toFixed(2));
    }
    box.dataset.columns = String(across);
    box.dataset.rows = String(per);
    show(false);
  };
  /** @param {boolean} advance */
  const show = (advance) => {
    const box = document.querySelector(css);
    if (!box || !columns.length) return;
    page = advance ? (page + 1) % screens : page % screens;
    columns.forEach((tb, i) => { tb.hidden = Math.floor(i / across) !== page; });
    const old = box.nextElementSibling && box.nextElementSibling.classList.contains('page-note') ? box.nextElementSibling : null;
    if (old) old.remove();
    if (screens > 1) box.insertAdjacentElement('afterend', h('p', { class: 'page-note hint' }, t('hall.page', { page: page + 1, pages: screens })));
  };
  layout();
  setInterval(() => show(true), PAGE_MS);
  window.addEventListener('resize', layout);
  return layout;
}
