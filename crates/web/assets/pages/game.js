// @ts-check
// weiqi: the game page: the board, both clocks, moves by click or typed coordinate, the end
// of play, the dead stones, accept or dispute, the time left on request (Art. 16), the move
// list and its review, the count explained, the calls, the record, the SGF. With a seat's
// secret link it plays; without it a spectator follows live over the WebSocket.
//
// The page is one state (`Game`) and named functions over it: `refresh` reads the view,
// `render` draws it, `send` queues a command, `onPoint` is a click on the board.
import { ID, LANG, t } from '../env.js';
import { field, h, setMain, setting, toast } from '../dom.js';
import { SECRET, api, attempt, auth, connect, sendAction, toldHow } from '../api.js';
import { drawBoard } from '../board.js';
import { clockAt } from '../clock.js';
import { showClock } from '../clockface.js';
import { LETTERS, parseVertex, replayTo, toggleChain, vertex } from '../goban.js';
import { countLines, deadShown, logLine, machineLines, moveLine, proposedBy, reviewLine, statusLine } from '../gameview.js';
import { confirmMove, sound, voice } from '../voice.js';
import { rankWords } from '../standings.js';

/** @typedef {import('../gameview.js').GameView} GameView */
/** @typedef {import('../actions.js').Action} Action */
/** @typedef {import('../goban.js').Color} Color */

/**
 * The game page's state: the view last read and what the person is doing on it, and the
 * parts of the page that are drawn again.
 * @typedef {object} Game
 * @property {number} id
 * @property {GameView | null} view the view last read
 * @property {number} readAt when it was read (`performance.now()`)
 * @property {Set<string> | null} marking the dead stones being marked
 * @property {string | null} markedFrom the machine's marking (as JSON) that `marking` was taken
 *   from, while the player has not changed it: a scorer's later answer replaces it
 * @property {{ point: string, color: Color } | null} ghost confirm-move: the point tapped once,
 *   not played yet
 * @property {number | null} movesSeen the moves of the last view, for the stone's sound
 * @property {number | null} review the number of moves shown, null for live
 * @property {number} listed the moves in the move list
 * @property {string} controlsShown what the buttons were built for
 * @property {Promise<void>} queue the commands in flight, one after another
 * @property {Parts} el
 */
/**
 * @typedef {object} Parts
 * @property {HTMLElement} boardBox
 * @property {{ black: HTMLElement, white: HTMLElement }} clocks
 * @property {HTMLElement} status
 * @property {HTMLElement} controls
 * @property {HTMLElement} log
 * @property {HTMLElement} calls
 * @property {HTMLInputElement} coord
 * @property {HTMLElement} explain
 * @property {HTMLElement} machine the machine's proposal in words, while counting
 * @property {HTMLElement} moveList
 * @property {HTMLElement} reviewNote
 * @property {HTMLElement} where
 */

const COLORS = /** @type {Color[]} */ (['black', 'white']);

export async function gamePage() {
  /** @type {Game} */
  const g = {
    id: Number(ID), view: null, readAt: 0, marking: null, markedFrom: null, ghost: null, movesSeen: null,
    review: null, listed: -1, controlsShown: '', queue: Promise.resolve(), el: parts(),
  };
  document.addEventListener('keydown', (e) => reviewKey(g, e));
  setInterval(() => tick(g), 250);
  const comforts = h('div', { class: 'comforts', id: 'comforts' },
    setting('opt-confirm', t('game.opt_confirm'), confirmMove, () => { g.ghost = null; render(g); }),
    setting('opt-sound', t('game.opt_sound'), sound));
  layout(g, comforts);
  try { await refresh(g); } catch (e) { setMain(h('p', { class: 'bad' }, /** @type {Error} */ (e).message)); return; }
  const view = /** @type {GameView} */ (g.view);
  lastNotice(g, view);
  /** @type {HTMLElement} */ (document.getElementById('page-title')).textContent = `${view.names.black.name} ${t('vs')} ${view.names.white.name}`;
  await showWhere(g, view);
  // Confirm-move is for the player's own taps.
  /** @type {HTMLElement} */ (/** @type {HTMLElement} */ (comforts.querySelector('#opt-confirm')).parentElement).hidden = !mine(g);
  follow(g);
  setInterval(() => { if (!document.hidden) refresh(g).catch(() => {}); }, 15000);
}

/** The parts of the page drawn again on every view. @returns {Parts} */
function parts() {
  return {
    boardBox: h('div', { class: 'board-box' }),
    clocks: { black: h('div', { class: 'clock', id: 'clock-black' }), white: h('div', { class: 'clock', id: 'clock-white' }) },
    status: h('p', { id: 'status', 'aria-live': 'polite' }),
    controls: h('div', { id: 'controls', class: 'buttons' }),
    log: h('ol', { id: 'log', reversed: true }),
    calls: h('ul', { id: 'calls', 'aria-live': 'assertive' }),
    coord: /** @type {HTMLInputElement} */ (h('input', { id: 'coord', size: 5, autocomplete: 'off', 'aria-describedby': 'coord-help', placeholder: 'D4' })),
    explain: h('div', { id: 'count-explained', class: 'count-explained', hidden: true }),
    machine: h('div', { id: 'machine-chains', class: 'machine-chains', hidden: true }),
    moveList: h('ol', { id: 'move-list', class: 'move-list' }),
    reviewNote: h('p', { id: 'review-note', class: 'review-note', 'aria-live': 'polite' }),
    where: h('p', { id: 'game-where', class: 'where' }),
  };
}

/**
 * The page: the board and its hints on the left; the clocks, the state, the buttons, the move
 * list, the calls and the record on the right.
 * @param {Game} g
 * @param {HTMLElement} comforts
 */
function layout(g, comforts) {
  const el = g.el;
  /** @param {string} id @param {string} label @param {() => void} fn */
  const nav = (id, label, fn) => h('button', { type: 'button', id, class: 'nav', 'aria-label': label, title: label, onclick: fn }, label);
  const moves = h('div', { id: 'moves', class: 'moves' },
    h('div', { class: 'buttons nav-buttons' },
      nav('nav-first', t('review.first'), () => goTo(g, 0)),
      nav('nav-prev', t('review.prev'), () => goTo(g, shown(g) - 1)),
      nav('nav-next', t('review.next'), () => goTo(g, shown(g) + 1)),
      nav('nav-last', t('review.last'), () => goTo(g, Infinity))),
    el.reviewNote, el.moveList);
  const me = SECRET ? t('game.seat_link') : auth.token ? '' : t('game.spectator');
  setMain(
    el.where,
    h('p', { class: 'hint' }, h('span', { id: 'conn' }, ''), ' ', h('span', { id: 'seat-note' }, me), ' · ', h('span', { id: 'viewers' })),
    h('div', { id: 'ruling-notice', class: 'notice', role: 'alert', hidden: true }),
    h('div', { class: 'game' },
      h('div', { class: 'left' }, el.boardBox,
        h('p', { id: 'ghost-note', class: 'ghost-note', 'aria-live': 'polite' }),
        h('p', { id: 'board-help', class: 'hint' }, t('board.help'), ' ', h('span', { id: 'cursor-status', 'aria-live': 'polite' })),
        el.machine, el.explain),
      h('div', { class: 'right' }, h('div', { class: 'clocks' }, el.clocks.black, el.clocks.white), el.status,
        h('p', { id: 'call-now', class: 'call-now', 'aria-live': 'assertive' }),
        h('p', { id: 'time-answer', class: 'time-answer', 'aria-live': 'assertive' }),
        h('p', { id: 'awaiting', class: 'hint', 'aria-live': 'polite', hidden: true }), el.controls,
        h('span', { id: 'coord-help', class: 'hint' }, t('game.coord_help')),
        moves,
        voice.controls(), comforts,
        h('details', { open: true }, h('summary', {}, t('game.calls')), el.calls),
        h('details', {}, h('summary', {}, t('game.log')), el.log))));
}

/**
 * The event, round and board the game is played on, named and linked.
 * @param {Game} g
 * @param {GameView} view
 */
async function showWhere(g, view) {
  if (!view.event) return;
  const ev = await api('GET', `/api/events/${encodeURIComponent(view.event)}`).catch(() => null);
  g.el.where.replaceChildren(h('a', { href: `/events/${encodeURIComponent(view.event)}`, id: 'game-event' }, ev && ev.name ? ev.name : view.event),
    ' · ', t('game.where', { round: view.round || '?', board: view.board_no || '?' }));
}

/**
 * Follows the game over the WebSocket: every push reads the view again.
 * @param {Game} g
 */
function follow(g) {
  connect((m) => {
    if (m.game !== g.id) return;
    // A call (Art. 12.3) is the server's clock moving to its next step: read it again, so
    // the face starts from the crate's state at each period.
    if (m.type === 'call') { voice.say(m); refresh(g).catch(() => {}); }
    // A proposal: the external scorer answered, the machine's marking changed.
    else if (m.type === 'event' || m.type === 'state' || m.type === 'proposal') refresh(g).catch(() => {});
    // Art. 29–31: an official's ruling is told to both players, in the page's language.
    if (m.type === 'event' && m.ruling) notice(g, { index: m.index, official: m.event.actor, en: m.en, zh: m.zh });
  }, (ws) => {
    ws.send(JSON.stringify({ type: 'subscribe', game: g.id }));
    // The viewer count counts this page once it listens; read again now and then.
    setTimeout(() => refresh(g).catch(() => {}), 400);
  });
}

/**
 * Shows an official's ruling as a notice that stays until it is dismissed: who ruled, what,
 * and the article. A dismissed one is remembered for the game (`sessionStorage`), so a page
 * opened again shows the latest ruling a player has not dismissed.
 * @param {Game} g
 * @param {{ index: number, official: string, en: string | null, zh: string | null }} m
 */
function notice(g, m) {
  const box = document.getElementById('ruling-notice');
  if (!box) return;
  const key = 'weiqi.ruling-seen.' + g.id;
  const text = (LANG === 'zh' ? m.zh : m.en) || '';
  box.replaceChildren(h('strong', {}, t('game.ruling_by', { role: t('role.' + m.official) })), ' ', text, ' ',
    h('button', { type: 'button', id: 'ruling-dismiss', onclick: () => {
      box.hidden = true;
      try { sessionStorage.setItem(key, String(m.index)); } catch { /* a private window keeps nothing */ }
    } }, t('game.dismiss')));
  box.hidden = false;
}

/**
 * On opening the page, a player is shown the latest official's ruling they have not
 * dismissed (one made while the page was closed).
 * @param {Game} g
 * @param {GameView} view
 */
function lastNotice(g, view) {
  if (!mine(g)) return;
  const last = view.log.filter((e) => e.official && !e.overruled).pop();
  if (!last || !last.official) return;
  let seen = -1;
  try { seen = Number(sessionStorage.getItem('weiqi.ruling-seen.' + g.id) ?? -1); } catch { /* nothing kept */ }
  if (last.index > seen) notice(g, { index: last.index, official: last.official, en: last.en, zh: last.zh });
}

/**
 * The number of moves shown: all of them live, else the review's.
 * @param {Game} g
 */
function shown(g) {
  return g.review === null ? /** @type {GameView} */ (g.view).history.length : g.review;
}

/**
 * Shows the game after move `k` (clamped; the last move is live).
 * @param {Game} g
 * @param {number} k
 */
function goTo(g, k) {
  if (!g.view) return;
  const total = g.view.history.length;
  const n = Math.max(0, Math.min(total, k));
  g.review = n >= total ? null : n;
  g.ghost = null;
  render(g);
}

/**
 * The review's keys anywhere but in a field or on the board: ← → a move, Home and End.
 * @param {Game} g
 * @param {KeyboardEvent} e
 */
function reviewKey(g, e) {
  const tag = /** @type {HTMLElement} */ (e.target).tagName;
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'svg' || !g.view) return;
  /** @type {Record<string, number>} */
  const to = { ArrowLeft: shown(g) - 1, ArrowRight: shown(g) + 1, Home: 0, End: Infinity };
  const k = to[e.key];
  if (k === undefined) return;
  e.preventDefault(); goTo(g, k);
}

/**
 * Queues `action`: commands go one after another, each for the sequence number seen when its
 * turn comes (a click while the previous command is in flight waits for it rather than being
 * lost); a stale answer is handled by `sendAction`.
 * @param {Game} g
 * @param {Action} action
 */
function send(g, action) {
  g.queue = g.queue.then(async () => {
    try {
      toldHow(await sendAction(g.id, /** @type {GameView} */ (g.view), action, null, (state) => adopt(g, state)), action);
    } catch (e) {
      toast(/** @type {Error} */ (e).message, true);
    }
    await refresh(g).catch(() => {});
  });
  return g.queue;
}

/**
 * The state a stale answer carries, shown at once; then the whole view read again.
 * @param {Game} g
 * @param {GameView} state
 * @returns {Promise<GameView>}
 */
async function adopt(g, state) {
  if (g.view && state.seq >= g.view.seq) {
    g.view = Object.assign({}, g.view, state); g.readAt = performance.now();
    render(g);
  }
  await refresh(g).catch(() => {});
  return /** @type {GameView} */ (g.view);
}

/**
 * Reads the view and draws it; answers can cross, and an older view never replaces a newer.
 * @param {Game} g
 */
async function refresh(g) {
  /** @type {GameView} */
  const v = await api('GET', `/api/games/${g.id}/view`);
  if (g.view && v.seq < g.view.seq) return;
  g.view = v; g.readAt = performance.now();
  if (g.movesSeen !== null && v.moves > g.movesSeen) sound.stone();
  g.movesSeen = v.moves;
  if (v.phase !== 'counting') { g.marking = null; g.markedFrom = null; } else {
    const machine = JSON.stringify(v.machine_marking);
    if (g.marking === null || (g.markedFrom !== null && g.markedFrom !== machine && !v.marking.length)) {
      g.marking = new Set(v.marking.length ? v.marking : v.machine_marking);
      g.markedFrom = v.marking.length ? null : machine;
    }
  }
  render(g);
}

/** The caller's seat, if a player's. @param {Game} g */
function mine(g) { return g.view && g.view.you; }

/** Whether the caller is to play now. @param {Game} g */
function myTurn(g) {
  const v = g.view;
  return !!v && !!v.you && v.phase === 'play' && v.to_move === v.you && !v.paused;
}

/**
 * A click (or Enter) on the board at (`x`, `y`): while counting a stone marks its chain;
 * in play a move, or with confirm-move a ghost stone first.
 * @param {Game} g
 * @param {number} x
 * @param {number} y
 * @param {'key' | 'pointer'} via
 */
function onPoint(g, x, y, via) {
  const view = g.view;
  if (!view) return;
  const v = vertex(view.settings.size, x, y);
  // Art. 14: while the clocks are stopped nothing is played; say so rather than ignore it.
  if (mine(g) && view.phase === 'play' && view.paused) { toast(t('game.paused_click'), true); return; }
  if (view.phase === 'counting' && mine(g)) {
    if (view.board[y][x] === '.') return;
    // One stone marks its group (Art. 8): toggle the whole group.
    g.marking = toggleChain(g.marking || new Set(), view.board, x, y);
    g.markedFrom = null;
    render(g);
    return;
  }
  if (!myTurn(g)) return;
  // Confirm-move: a tap places a ghost stone; a tap on it plays (a key plays at once).
  if (via === 'pointer' && confirmMove.on && (!g.ghost || g.ghost.point !== v)) {
    if (view.board[y][x] !== '.') return;
    g.ghost = { point: v, color: view.to_move };
    render(g);
    return;
  }
  g.ghost = null;
  send(g, { type: 'play', point: v });
}

/**
 * Draws the view: the board (live, or as it stood at the move reviewed), the move list, the
 * hints, the count, the clocks, the state, the buttons and the record.
 * @param {Game} g
 */
function render(g) {
  const view = g.view;
  if (!view) return;
  if (view.seat_link_invalid) {
    const note = document.getElementById('seat-note');
    if (note && !note.classList.contains('bad')) { note.textContent = t('game.seat_link_invalid'); note.className = 'bad'; }
  }
  if (g.ghost && (!myTurn(g) || g.ghost.color !== view.to_move)) g.ghost = null;
  if (g.review !== null && g.review >= view.history.length) g.review = null;
  renderBoard(g, view);
  renderMoves(g, view);
  // The big call is for play in progress: gone once the game ends or the clocks stop.
  if (view.phase !== 'play' || view.paused) /** @type {HTMLElement} */ (document.getElementById('call-now')).textContent = '';
  renderHints(g, view);
  renderMachine(g, view);
  renderCount(g, view);
  renderClocks(g, view);
  tick(g);
  g.el.status.textContent = statusLine(view, t, LANG);
  renderAwaiting(view);
  const watching = document.getElementById('viewers');
  if (watching) watching.textContent = t('live.watching', { n: view.viewers ?? 0 });
  renderControls(g, view);
  g.el.log.replaceChildren(...view.log.slice().reverse().map((e) => h('li', { class: e.overruled ? 'overruled' : '' }, logLine(e, t, LANG))));
}

/**
 * The board live (the last move, the dead stones, the territory, the ghost stone, the
 * machine's unsure chains while counting) or as it stood after the move reviewed.
 * @param {Game} g
 * @param {GameView} view
 */
function renderBoard(g, view) {
  const size = view.settings.size;
  if (g.review === null) {
    const dead = deadShown(view, g.marking);
    const owner = view.count && view.phase !== 'counting' ? view.count.owner : null;
    const unsure = view.phase === 'counting' ? view.machine_unsure || [] : [];
    drawBoard(g.el.boardBox, size, view.board, { last: view.last_move, dead, owner, ghost: g.ghost, unsure,
      onPoint: mine(g) ? (x, y, via) => onPoint(g, x, y, via) : null });
  } else {
    // The game as it stood after move `review`, with the rulings made there.
    const last = g.review ? view.history[g.review - 1] : null;
    drawBoard(g.el.boardBox, size, replayTo(view.start, view.history, g.review), { last });
  }
}

/**
 * The move list (rebuilt when a move is added), the move shown marked, and the review's note.
 * @param {Game} g
 * @param {GameView} view
 */
function renderMoves(g, view) {
  const list = g.el.moveList;
  if (g.listed !== view.history.length) {
    g.listed = view.history.length;
    list.replaceChildren(...view.history.map((m, i) => h('li', {}, h('button', { type: 'button', class: 'move', 'data-n': i + 1,
      onclick: () => goTo(g, i + 1) }, moveLine(m, i, t)))));
  }
  const at = shown(g);
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll('button.move'))) b.classList.toggle('current', Number(b.dataset.n) === at);
  g.el.reviewNote.textContent = reviewLine(view, g.review, t, LANG);
}

/**
 * Hints only where they apply: to a player, while there is something to play or mark; the
 * columns of this board (A–J on 9×9, A–T on 19×19); the ghost stone's note.
 * @param {Game} g
 * @param {GameView} view
 */
function renderHints(g, view) {
  const helps = !!mine(g) && (view.phase === 'play' || view.phase === 'counting');
  for (const hid of ['board-help', 'coord-help']) { const e = document.getElementById(hid); if (e) e.hidden = !helps || (hid === 'coord-help' && view.phase !== 'play'); }
  const coordHelp = document.getElementById('coord-help');
  if (coordHelp) coordHelp.textContent = t('game.coord_help', { last: LETTERS[view.settings.size - 1] });
  const ghostNote = document.getElementById('ghost-note');
  if (ghostNote) ghostNote.textContent = g.ghost ? t('game.ghost', { point: g.ghost.point }) : '';
}

/**
 * While counting, the machine's proposal in words under the board: who proposed it, the
 * chains the players must look at (unsure, seki) first, the dead ones with their reasons in a
 * closed fold.
 * Rebuilt only when the words change, so a fold the reader opened stays open.
 * @param {Game} g
 * @param {GameView} view
 */
function renderMachine(g, view) {
  const box = g.el.machine;
  const { open, dead } = machineLines(view, t, LANG);
  const by = proposedBy(view, t, LANG);
  const key = JSON.stringify([by, open, dead]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.hidden = !by;
  const parts = [h('p', { id: 'proposed-by', class: 'hint', 'aria-live': 'polite' }, by)];
  if (open.length) parts.push(h('ul', { id: 'machine-open', class: 'machine-open' }, ...open.map((l) => h('li', {}, l))));
  if (dead.length) {
    parts.push(h('details', { id: 'machine-dead' }, h('summary', {}, t('machine.dead_fold', { n: dead.length })),
      h('ul', {}, ...dead.map((l) => h('li', {}, l)))));
  }
  box.replaceChildren(...parts);
}

/**
 * The count explained, once there is one (Art. 9, 11, 24).
 * @param {Game} g
 * @param {GameView} view
 */
function renderCount(g, view) {
  const explain = g.el.explain;
  if (view.count) {
    explain.hidden = false;
    explain.replaceChildren(h('h3', {}, t('count.title')), h('ol', {}, countLines({ ...view, count: view.count }, t, LANG).map((l) => h('li', {}, l))));
  } else explain.hidden = true;
}

/**
 * Each side's clock box: who plays it, its face (set by `tick`), captures and warnings.
 * @param {Game} g
 * @param {GameView} view
 */
function renderClocks(g, view) {
  for (const c of COLORS) {
    const n = view.names[c];
    const box = g.el.clocks[c];
    box.classList.toggle('running', view.clock.running === c);
    box.replaceChildren(
      h('div', { class: 'who' }, h('span', { class: 'dot ' + c, 'aria-hidden': 'true' }), `${t('color.' + c)} · ${n.name} ${rankWords(n.rank, LANG)}`,
        mine(g) === c ? h('strong', {}, ' ' + t('game.you')) : null),
      h('div', { class: 'time', role: 'timer', 'data-label': t('clock.of', { color: t('color.' + c) }) }, ''),
      h('div', { class: 'hint' }, t('game.captures', { n: view.captures[c] }), ' · ', t(view.warnings[c] === 1 ? 'game.warning_one' : 'game.warnings', { n: view.warnings[c] })));
  }
}

/**
 * Both faces now: the clock crate's reading moved on by its own rule (clock.js), in the
 * server's time.
 * @param {Game} g
 */
function tick(g) {
  const view = g.view;
  if (!view) return;
  // A whole millisecond: the face's `data-at` is then exactly the instant it shows.
  const at = view.clock.at + Math.floor(performance.now() - g.readAt);
  const now = clockAt(view.clock, view.clock.at, at);
  for (const c of COLORS) {
    const el = /** @type {HTMLElement | null} */ (g.el.clocks[c].querySelector('.time'));
    if (el) showClock(el, now[c], at);
  }
}

/**
 * Art. 16.4: who has still to confirm the result (Black, White, the referee), once decided.
 * @param {GameView} view
 */
function renderAwaiting(view) {
  const el = document.getElementById('awaiting');
  if (!el) return;
  const who = view.phase === 'decided' ? view.awaiting || [] : [];
  el.hidden = !who.length;
  const names = who.map((w) => w === 'referee' ? t('role.referee') : t('color.' + w));
  el.textContent = who.length ? t('game.awaiting', { who: names.join(LANG === 'zh' ? '、' : ', ') }) : '';
}

/**
 * The buttons of the caller's seat in the phase: in play a typed move, pass, the end, resign,
 * the time left, a lost turn (Art. 22.5); while counting the marking, its acceptance and the
 * disputes; once decided the confirmation and a recount; always the record. They are rebuilt
 * only when they change, so focus and a press in progress stay.
 * @param {Game} g
 * @param {GameView} view
 */
function renderControls(g, view) {
  const me = mine(g);
  const confirmed = !!(me && view.confirmed_by && view.confirmed_by[me]);
  const key = JSON.stringify([view.phase, me, view.end_proposed_by, myTurn(g), view.settings.lost_turn_on_timeout, view.may_recount, confirmed]);
  if (key === g.controlsShown) return;
  g.controlsShown = key;
  const controls = g.el.controls;
  const focusedId = controls.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).id : null;
  const list = [];
  if (me && view.phase === 'play') list.push(...playControls(g, view, me));
  if (me && view.phase === 'counting') list.push(...countingControls(g, me));
  if (me && view.phase === 'decided') {
    // Art. 16.4: once this side has confirmed, the line above says who has still to.
    if (!confirmed) list.push(button(t('game.confirm'), () => send(g, { type: 'confirm' }), 'confirm', 'primary'));
    // Art. 16.4: only a result reached by counting is recounted.
    if (view.may_recount) list.push(button(t('game.recount'), () => send(g, { type: 'request_recount' }), 'recount'));
  }
  list.push(h('a', { href: `/api/games/${g.id}/sgf`, download: `game-${g.id}.sgf`, class: 'button', id: 'sgf' }, t('game.sgf')));
  controls.replaceChildren(...list);
  if (focusedId) document.getElementById(focusedId)?.focus();
}

/**
 * A button of the controls.
 * @param {string} label
 * @param {() => void} fn
 * @param {string} id
 * @param {string} [cls]
 */
function button(label, fn, id, cls) {
  return h('button', { type: 'button', id, class: cls, onclick: fn }, label);
}

/**
 * A player's buttons in play.
 * @param {Game} g
 * @param {GameView} view
 * @param {Color} me
 */
function playControls(g, view, me) {
  const coord = g.el.coord;
  const size = () => /** @type {GameView} */ (g.view).settings.size;
  const form = h('form', { class: 'inline', onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    const p = parseVertex(size(), coord.value);
    if (!p) { toast(t('game.bad_coord', { v: coord.value }), true); return; }
    send(g, { type: 'play', point: vertex(size(), p[0], p[1]) });
    coord.value = '';
  } }, field(t('game.coord'), coord), h('button', { type: 'submit', id: 'play-coord', disabled: !myTurn(g) }, t('game.play')));
  const list = [form];
  list.push(button(t('game.pass'), () => send(g, { type: 'pass' }), 'pass'));
  list.push(button(t('game.propose_end'), () => send(g, { type: 'propose_end' }), 'propose-end'));
  if (view.end_proposed_by && view.end_proposed_by !== me) list.push(button(t('game.accept_end'), () => send(g, { type: 'accept_end' }), 'accept-end', 'primary'));
  list.push(button(t('game.resign'), () => { if (confirm(t('game.resign_confirm'))) send(g, { type: 'resign' }); }, 'resign', 'danger'));
  // Art. 16: a player may ask the time left.
  list.push(button(t('game.ask_time'), () => attempt(async () => voice.answer(await api('GET', `/api/games/${g.id}/time-left?color=${me}`))), 'ask-time'));
  if (view.settings.lost_turn_on_timeout) list.push(button(t('game.lost_turn'), () => send(g, { type: 'request_lost_turn' }), 'lost-turn'));
  return list;
}

/**
 * A player's buttons while counting (Art. 8): send the marking, accept the opponent's,
 * dispute which stones are dead, resign.
 * @param {Game} g
 * @param {Color} me
 */
function countingControls(g, me) {
  const opp = me === 'black' ? 'white' : 'black';
  return [
    h('p', { class: 'hint' }, t('game.mark_help')),
    button(t('game.send_marking'), () => send(g, { type: 'mark_dead', points: [...(g.marking || [])] }), 'send-marking', 'primary'),
    button(t('game.accept_marking'), () => send(g, { type: 'accept_marking' }), 'accept-marking'),
    button(t('game.dispute_dead'), () => send(g, { type: 'dispute', claims_dead: me }), 'dispute-dead'),
    button(t('game.dispute_alive'), () => send(g, { type: 'dispute', claims_dead: opp }), 'dispute-alive'),
    button(t('game.resign'), () => { if (confirm(t('game.resign_confirm'))) send(g, { type: 'resign' }); }, 'resign', 'danger'),
  ];
}

