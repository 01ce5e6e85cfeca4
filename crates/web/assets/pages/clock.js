// @ts-check
// weiqi: the clock-only page (Art. 12.1: the tablet is the electronic voice clock). A device
// keeps every board clock it runs; each asks the clock crate (`POST /clock/plan`) for its
// state and calls, and times its own calls, whether listed small or one open full-screen.
import { LANG, t } from '../env.js';
import { field, h, setMain, toast } from '../dom.js';
import { api, attempt } from '../api.js';
import { clockAt } from '../clock.js';
import { showClock, markFace } from '../clockface.js';
import { clockParts, clockText } from '../format.js';
import { locale } from '../text.js';
import { boardCall, keptBoards, nextBoardId, viewOf } from '../clockboards.js';
import { voice } from '../voice.js';

/** @typedef {import('../clockboards.js').BoardState} BoardState */
/** @typedef {import('../clock.js').ClockReading} ClockReading */
/** @typedef {import('../voice.js').Call} Call */
/**
 * A call of the clock at its instant (`/clock/plan`'s `calls`).
 * @typedef {Call & { at: number, color: string }} TimedCall
 */
/**
 * The clock crate's answer for a board (`server::plan`): both clocks at `at`, the calls to
 * come, the flag, the answers to a time query (Art. 16), the lost turns taken (Art. 22.5).
 * @typedef {ClockReading & { calls: TimedCall[], flag: { color: string, lost_turn_allowed: boolean } | null,
 *   answers: Record<string, Call>, lost_turns: { color: string, at: number }[] }} Plan
 */
/**
 * One board's clock on the page.
 * @typedef {object} BoardClock
 * @property {BoardState} st what happened to it, kept on the device
 * @property {Plan | null} plan the clock crate's latest reading of it
 * @property {ReturnType<typeof setTimeout>[]} timers its calls to come
 * @property {TimedCall[]} calls the last calls, newest first
 * @property {TimedCall | null} last
 * @property {boolean} [gone] removed from the device
 * @property {() => Promise<void>} ask
 * @property {(c: TimedCall) => void} call
 * @property {(o: { op: string, color?: string }) => void} op
 * @property {() => void} stop
 * @property {() => [ClockReading, number]} now
 */
/**
 * What a board clock tells the page: draw again, keep the boards, a call was made.
 * @typedef {{ draw: () => void, save: () => void, called: (bc: BoardClock, c: TimedCall) => void }} Hooks
 */
/**
 * The page's view: the set-up of a new clock, the list, or one clock open full-screen.
 * @typedef {{ kind: 'setup' } | { kind: 'list' } | { kind: 'open', bc: BoardClock }} View
 */

/**
 * One board's clock: what happened to it (kept on this device, with the device's instants),
 * the clock crate's latest reading of it (`/clock/plan`), and the timers of its calls. It runs
 * and calls whether or not it is on screen, independently of every other board's clock.
 * @param {BoardState} st
 * @param {Hooks} hooks
 * @returns {BoardClock}
 */
function boardClock(st, hooks) {
  /** @type {BoardClock} */
  const bc = { st, plan: null, timers: [], calls: [], last: null,
    ask: async () => {}, call: () => {}, op: () => {}, stop: () => {}, now: () => [/** @type {Plan} */ (bc.plan), 0] };
  // Asks the clock crate (through the server) for the clocks now and the calls to come.
  bc.ask = async () => {
    // A refusal is said in the page's language (`api`).
    const j = await api('POST', '/clock/plan',
      { time: st.time, ops: st.ops, now: Date.now(), horizon_ms: 180000, lost_turn_on_timeout: !!st.lost_turn });
    if (bc.gone) return;
    bc.plan = j;
    for (const x of bc.timers) clearTimeout(x);
    bc.timers = j.calls.map((/** @type {TimedCall} */ c) => setTimeout(() => bc.call(c), Math.max(0, c.at - Date.now())));
    // Ask again before the listed calls run out, and just after the last one (the flag may
    // have fallen: Art. 22.5's choice is then offered).
    const again = () => bc.ask().then(hooks.draw).catch(() => {});
    bc.timers.push(setTimeout(again, 120000));
    const last = j.calls.length ? j.calls[j.calls.length - 1].at : null;
    if (last !== null) bc.timers.push(setTimeout(again, Math.max(0, last - Date.now()) + 150));
    if (j.flag) bc.timers.push(setTimeout(hooks.draw, 0));
  };
  // A call of this board's clock (Art. 12.3): kept with the board, shown and said by the page.
  bc.call = (c) => {
    bc.calls.unshift(c);
    bc.calls.length = Math.min(bc.calls.length, 8);
    bc.last = c;
    hooks.called(bc, c);
  };
  bc.op = (o) => {
    st.ops.push(Object.assign({ at: Date.now() }, o));
    hooks.save();
    attempt(async () => { await bc.ask(); hooks.draw(); });
  };
  bc.stop = () => { bc.gone = true; for (const x of bc.timers) clearTimeout(x); bc.timers = []; };
  // Both sides now: the crate's reading moved on by its own rule (clock.js), in the device's
  // time (the instants of the presses, and of the reading).
  bc.now = () => {
    const plan = /** @type {Plan} */ (bc.plan);
    const at = Math.max(plan.at, Date.now());
    return [clockAt(plan, plan.at, at), at];
  };
  return bc;
}

/**
 * A call in the chosen language of the calls.
 * @param {Call} c
 */
function callText(c) {
  return voice.lang === 'zh' ? c.zh : c.en;
}

/**
 * A call's line: whose clock, and the call.
 * @param {TimedCall} c
 */
function callLine(c) {
  return t('call.line', { color: t('color.' + c.color), text: callText(c) });
}

/**
 * The page's state: the board clocks and the view shown.
 * @typedef {object} ClockPage
 * @property {BoardClock[]} clocks
 * @property {View | null} view
 * @property {() => void} draw draws the view's clocks again
 * @property {Hooks} hooks
 */

/** The key under which the device keeps its board clocks. */
const KEY = 'weiqi.clocks';

export function clockPage() {
  const params = new URLSearchParams(location.search);
  // Every board clock of this device, in the order they were added. A device that kept one
  // clock under the old key keeps it as its first board.
  const { boards, fromOld } = keptBoards(localStorage.getItem(KEY), localStorage.getItem('weiqi.clock'));
  /** @type {ClockPage} */
  const p = { clocks: [], view: null, draw: () => {}, hooks: { draw: () => p.draw(), save: () => save(p), called: (bc, c) => called(p, bc, c) } };
  p.clocks = boards.map((st) => boardClock(st, p.hooks));
  // The old key's clock is kept under the new one before the old key goes.
  if (fromOld) { save(p); localStorage.removeItem('weiqi.clock'); }
  addEventListener('hashchange', () => route(p));
  // Space ends the move of the clock open full-screen.
  document.addEventListener('keydown', (e) => {
    const view = p.view;
    const tag = /** @type {HTMLElement} */ (e.target).tagName;
    if (!view || view.kind !== 'open' || tag === 'INPUT' || tag === 'SELECT') return;
    const plan = view.bc.plan;
    if (e.key === ' ' && plan && plan.running) { e.preventDefault(); view.bc.op({ op: 'press', color: plan.running }); }
  });
  // A board named by the link that opened the page (the event page's) is opened if this
  // device already runs its clock; otherwise the link sets up a new one.
  if (params.get('event') && params.get('board')) {
    const same = p.clocks.find((bc) => bc.st.event === params.get('event') && String(bc.st.round) === params.get('round') && String(bc.st.board) === params.get('board'));
    if (same) history.replaceState(null, '', '/clock#open=' + same.st.id);
    else if (!location.hash) history.replaceState(null, '', location.pathname + location.search + '#new');
  } else if (params.get('time') && !location.hash) {
    history.replaceState(null, '', location.pathname + location.search + '#new');
  }
  attempt(async () => {
    await Promise.all(p.clocks.map((bc) => bc.ask().catch((e) => toast(`${label(bc)}: ${e.message}`, true))));
    route(p);
    setInterval(() => p.draw(), 200);
  });
}

/** Keeps every board clock on the device. @param {ClockPage} p */
function save(p) {
  localStorage.setItem(KEY, JSON.stringify(p.clocks.map((bc) => bc.st)));
}

/**
 * The board a clock is for, as its players and the referee call it.
 * @param {BoardClock} bc
 */
function label(bc) {
  return bc.st.label ? t('clock.board', { board: bc.st.label }) : t('clock.board', { board: bc.st.id });
}

/**
 * A call of a board's clock: a clock open full-screen is the one its players hear; in the
 * list each board calls, naming its board.
 * @param {ClockPage} p
 * @param {BoardClock} bc
 * @param {TimedCall} c
 */
function called(p, bc, c) {
  const view = p.view;
  const text = callText(c);
  const line = t('call.line', { color: t('color.' + c.color), text });
  if (view && view.kind === 'open') {
    // A clock open full-screen is the one its players hear; the others call in the list.
    if (view.bc !== bc) return;
    const list = document.getElementById('calls');
    if (list) list.replaceChildren(...bc.calls.map((x) => h('li', {}, callLine(x))));
    const big = document.getElementById('call-now');
    if (big) big.textContent = `${t('color.' + c.color)} · ${text}`;
    voice.speak(text);
  } else if (view && view.kind === 'list') {
    const el = document.querySelector(`#clock-card-${bc.st.id} .card-call`);
    if (el) el.textContent = line;
    // Several boards call from one device: each call names its board.
    voice.speak(boardCall(bc.st.label || bc.st.id, text, voice.lang), text);
  }
}

/**
 * The page's views: the set-up of a new board clock, the list of every board's clock, and
 * one clock open full-screen. The fragment names the view, so a reload or the browser's Back
 * keeps it.
 * @param {ClockPage} p
 */
function route(p) {
  const v = viewOf(location.hash, p.clocks.map((bc) => String(bc.st.id)));
  if (v.kind === 'setup') return setup(p);
  if (v.kind === 'list') return showList(p);
  return openClock(p, /** @type {BoardClock} */ (p.clocks.find((bc) => String(bc.st.id) === v.id)));
}

/**
 * Shows the view `frag` names (the same again when it is shown already).
 * @param {ClockPage} p
 * @param {string} frag
 */
function go(p, frag) {
  if (location.hash === '#' + frag) route(p); else location.hash = frag;
}

/**
 * The set-up of a new board clock, from what the link that opened the page asks for (none
 * once a clock has started from it).
 * @param {ClockPage} p
 */
function setup(p) {
  const clocks = p.clocks;
  p.view = { kind: 'setup' };
  const params = new URLSearchParams(location.search);
  p.draw = () => {};
  const lastTime = clocks.length ? clocks[clocks.length - 1].st.time : '1h+3x60s';
  const time = h('input', { id: 'c-time', value: params.get('time') || lastTime });
  const first = h('select', { id: 'c-first' }, h('option', { value: 'black' }, t('color.black')), h('option', { value: 'white' }, t('color.white')));
  const board = h('input', { id: 'c-board', value: params.get('board') || String(nextBoardId(clocks.map((bc) => bc.st))), size: 6 });
  const b = h('input', { id: 'c-black', value: params.get('black') || '' });
  const w = h('input', { id: 'c-white', value: params.get('white') || '' });
  const lostOk = h('input', { type: 'checkbox', id: 'c-lost-allowed', checked: params.get('lost_turn') === '1' });
  setMain(h('p', {}, t('clock.intro')),
    h('form', { id: 'clock-setup', onsubmit: (/** @type {Event} */ e) => {
      e.preventDefault();
      /** @type {BoardState} */
      const st = { id: nextBoardId(clocks.map((bc) => bc.st)), label: board.value.trim(), time: time.value, names: { black: b.value, white: w.value },
        ops: [{ op: 'start', at: Date.now(), color: first.value }], lost_turn: lostOk.checked,
        event: params.get('event'), round: params.get('round'), board: params.get('board') };
      const bc = boardClock(st, p.hooks);
      attempt(async () => {
        await bc.ask();
        clocks.push(bc); save(p);
        // The set-up's parameters are used: a reload opens this clock, not a new set-up.
        history.replaceState(null, '', '/clock#open=' + st.id);
        route(p);
      });
    } }, field(t('clock.board_field'), board), field(t('event.time'), time), field(t('clock.first'), first),
    field(t('color.black'), b), field(t('color.white'), w),
    h('div', { class: 'field check' }, lostOk, h('label', { for: 'c-lost-allowed' }, t('round.lost_turn'))),
    voice.controls(),
    h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'c-start', class: 'primary' }, t('clock.start')),
      clocks.length ? h('button', { type: 'button', id: 'c-cancel', onclick: () => go(p, 'list') }, t('clock.all', { n: clocks.length })) : null)));
}

/**
 * Pauses a board's clock, or resumes it (Art. 14); nothing before its first reading.
 * @param {BoardClock} bc
 */
function pauseOrResume(bc) {
  if (!bc.plan) return;
  if (bc.plan.paused) bc.op({ op: 'resume' }); else if (bc.plan.running) bc.op({ op: 'pause' });
}

/**
 * Every board's clock, small: each board's two faces, its last call, a pause for the
 * referee (Art. 14), and the clock opened full-screen by a tap.
 * @param {ClockPage} p
 */
function showList(p) {
  const clocks = p.clocks;
  p.view = { kind: 'list' };
  const cards = clocks.map((bc) => {
    /** @param {string} c */
    const mini = (c) => h('div', { class: 'mini ' + c },
      h('span', { class: 'who' }, t('color.' + c) + (bc.st.names[/** @type {'black' | 'white'} */ (c)] ? ' · ' + bc.st.names[/** @type {'black' | 'white'} */ (c)] : '')),
      h('span', { class: 'time', role: 'timer', 'data-label': t('clock.of', { color: t('color.' + c) }) }));
    return h('li', { class: 'clock-card', id: 'clock-card-' + bc.st.id, 'data-id': bc.st.id },
      h('h3', {}, h('a', { href: '#open=' + bc.st.id, class: 'open-clock', 'aria-label': t('clock.open', { board: label(bc) }) }, label(bc)),
        bc.st.event ? h('span', { class: 'hint' }, ' ' + t('clock.for_board', { event: bc.st.event, round: bc.st.round, board: bc.st.board })) : null),
      h('div', { class: 'minis', onclick: () => go(p, 'open=' + bc.st.id) }, mini('black'), mini('white')),
      h('p', { class: 'card-call', 'aria-live': 'polite' }, bc.last ? callLine(bc.last) : ''),
      h('div', { class: 'buttons' },
        h('button', { type: 'button', class: 'card-pause', onclick: () => pauseOrResume(bc) }),
        h('button', { type: 'button', class: 'card-open primary', onclick: () => go(p, 'open=' + bc.st.id) }, t('clock.open_short'))));
  });
  setMain(h('p', { class: 'hint' }, t('clock.list_help')),
    h('ul', { class: 'clock-cards', id: 'clock-cards' }, cards),
    h('div', { class: 'buttons' }, h('button', { type: 'button', id: 'c-add', class: 'primary', onclick: () => go(p, 'new') }, t('clock.add')),
      voice.controls()));
  p.draw = () => drawList(p);
  p.draw();
}

/**
 * The list's clocks now.
 * @param {ClockPage} p
 */
function drawList(p) {
  for (const bc of p.clocks) {
    const card = document.getElementById('clock-card-' + bc.st.id);
    const plan = bc.plan;
    if (!card || !plan) continue;
    const [now, at] = bc.now();
    for (const c of /** @type {('black' | 'white')[]} */ (['black', 'white'])) {
      const el = /** @type {HTMLElement} */ (card.querySelector(`.mini.${c}`));
      const flag = plan.flag && plan.flag.color === c;
      el.classList.toggle('running', plan.running === c && !plan.paused);
      el.classList.toggle('flagged', !!flag);
      showClock(/** @type {HTMLElement} */ (el.querySelector('.time')), flag ? Object.assign({}, now[c], { flagged: true }) : now[c], at);
    }
    const pause = /** @type {HTMLButtonElement} */ (card.querySelector('.card-pause'));
    pause.textContent = plan.paused ? t('clock.resume_short') : t('clock.pause_short');
    pause.disabled = !plan.paused && !plan.running;
    // The call is for a clock that runs.
    if (plan.paused) /** @type {HTMLElement} */ (card.querySelector('.card-call')).textContent = '';
  }
}

/**
 * One board's clock full-screen: the faces turned toward their players on a device lying
 * between them, the calls, Art. 14's pause, Art. 16's answer, Art. 22.5's choice, the result.
 * @param {ClockPage} p
 * @param {BoardClock} bc
 */
function openClock(p, bc) {
  const clocks = p.clocks;
  p.view = { kind: 'open', bc };
  const st = bc.st;
  /** @param {'black' | 'white'} c */
  const face = (c) => h('button', { type: 'button', class: 'face ' + c, id: 'face-' + c,
    onclick: () => { if (bc.plan && bc.plan.running === c) bc.op({ op: 'press', color: c }); } });
  const faces = { black: face('black'), white: face('white') };
  const pause = h('button', { type: 'button', id: 'c-pause', onclick: () => pauseOrResume(bc) });
  // Art. 16: the player asks the time left (the side whose clock runs; both when none does).
  const askTime = h('button', { type: 'button', id: 'c-ask', onclick: () => attempt(async () => {
    await bc.ask(); p.draw();
    const plan = /** @type {Plan} */ (bc.plan);
    const sides = plan.running ? [plan.running] : ['black', 'white'];
    for (const c of sides) voice.answer(plan.answers[c], c);
    if (sides.length > 1) /** @type {HTMLElement} */ (document.getElementById('time-answer')).textContent = sides.map((c) => t('call.line', { color: t('color.' + c), text: callText(plan.answers[c]) })).join(' · ');
  }) }, t('game.ask_time'));
  // Art. 22.5: the flag fell in the last byo-yomi period; where the event allows it the
  // player may ask that it count as one lost turn instead of a loss.
  const lostBtn = h('button', { type: 'button', id: 'c-lost-turn', class: 'primary', 'aria-describedby': 'c-lost-text', onclick: () => {
    /** @type {HTMLElement} */ (document.getElementById('call-now')).textContent = '';
    bc.op({ op: 'lost_turn' });
  } }, t('clock.lost_turn'));
  const lostBox = h('div', { id: 'c-lost', class: 'lost-turn', hidden: true }, h('p', { id: 'c-lost-text' }), lostBtn);
  const record = h('ul', { id: 'c-record' });
  const result = h('input', { id: 'c-result', placeholder: 'B+R, W+3.5, 0', size: 16 });
  const forget = () => {
    bc.stop();
    clocks.splice(clocks.indexOf(bc), 1);
    save(p);
    history.replaceState(null, '', '/clock');
    route(p);
  };
  const end = h('form', { id: 'c-end', class: 'inline', onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    attempt(async () => {
      // "Saved" only when the server saved it; a clock of no event keeps it nowhere.
      if (st.event && st.round && st.board) {
        await api('POST', `/api/events/${encodeURIComponent(st.event)}/results`, { round: Number(st.round), board: Number(st.board), result: result.value });
        toast(t('clock.result_saved', { result: result.value }));
      } else {
        toast(t('clock.result_local', { result: result.value }));
      }
      forget();
    });
  } }, field(t('event.result'), result), h('button', { type: 'submit' }, t('clock.enter_result')),
  st.event ? h('span', { class: 'hint' }, t('clock.for_board', { event: st.event, round: st.round, board: st.board })) : null);
  const full = document.fullscreenEnabled ? h('button', { type: 'button', id: 'c-fullscreen', onclick: () => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else document.documentElement.requestFullscreen().catch(() => {});
  } }, t('clock.fullscreen')) : null;
  setMain(
    h('div', { class: 'clock-bar' },
      h('button', { type: 'button', id: 'c-list', class: 'small', onclick: () => go(p, 'list') }, t('clock.all', { n: clocks.length })),
      h('span', { class: 'clock-board', id: 'c-board-name' }, label(bc)), full),
    h('p', { class: 'hint' }, t('clock.help')),
    h('div', { class: 'faces' }, faces.black, faces.white),
    h('p', { id: 'call-now', class: 'call-now', 'aria-live': 'assertive' }),
    lostBox,
    h('p', { id: 'time-answer', class: 'time-answer', 'aria-live': 'assertive' }),
    h('div', { class: 'buttons' }, pause, askTime, voice.controls()),
    h('details', { open: true }, h('summary', {}, t('game.calls')),
      h('ul', { id: 'calls', 'aria-live': 'off' }, bc.calls.map((x) => h('li', {}, callLine(x))))),
    h('details', { open: true, id: 'c-record-box', hidden: true }, h('summary', {}, t('game.log')), record),
    end,
    h('button', { type: 'button', class: 'danger', id: 'c-remove', onclick: () => { if (confirm(t('clock.reset_confirm'))) forget(); } }, t('clock.reset')));
  p.draw = () => drawOpen(bc, { faces, pause, lostBtn, record });
  p.draw();
}

/**
 * The clock open full-screen now: each face (whose clock runs, the time and what follows it,
 * each on one line), the pause, Art. 22.5's offer, the lost turns taken.
 * @param {BoardClock} bc
 * @param {{ faces: { black: HTMLElement, white: HTMLElement }, pause: HTMLElement, lostBtn: HTMLElement, record: HTMLElement }} el
 */
function drawOpen(bc, { faces, pause, lostBtn, record }) {
  const plan = bc.plan;
  if (!plan) return;
  const st = bc.st;
  const [now, at] = bc.now();
  for (const c of /** @type {('black' | 'white')[]} */ (['black', 'white'])) {
    const side = now[c];
    faces[c].classList.toggle('running', plan.running === c);
    const name = (st.names[c] || '') ? ` · ${st.names[c]}` : '';
    const flag = plan.flag && plan.flag.color === c;
    // The running time and what follows it, each on one line (never wrapped).
    const [main, extra] = flag ? [t('clock.flag'), ''] : clockParts(side, t);
    const time = h('span', { class: 'time' }, h('span', { class: 'main' }, main), ' ', h('span', { class: 'extra' }, extra));
    markFace(time, side, at);
    faces[c].replaceChildren(h('span', { class: 'who' }, t('color.' + c) + name), time,
      h('span', { class: 'hint' }, plan.running === c ? t('clock.press_hint') : ''));
    faces[c].setAttribute('aria-label', `${t('color.' + c)}${name}: ${flag ? t('clock.flag') : clockText(side, t)}`);
  }
  pause.textContent = plan.paused ? t('clock.resume') : t('clock.pause');
  // The big call is for a clock that runs.
  if (plan.paused && !plan.flag) /** @type {HTMLElement} */ (document.getElementById('call-now')).textContent = '';
  const lost = /** @type {HTMLElement} */ (document.getElementById('c-lost'));
  const offer = !!(plan.flag && plan.flag.lost_turn_allowed);
  const was = !lost.hidden;
  lost.hidden = !offer;
  if (offer && !was) {
    /** @type {HTMLElement} */ (document.getElementById('c-lost-text')).textContent = t('clock.lost_turn_offer', { color: t('color.' + /** @type {{ color: string }} */ (plan.flag).color) });
    lostBtn.focus();
  }
  /** @type {HTMLElement} */ (document.getElementById('c-record-box')).hidden = !plan.lost_turns.length;
  if (record.children.length !== plan.lost_turns.length) {
    record.replaceChildren(...plan.lost_turns.map((x) => h('li', {},
      t('clock.lost_turn_line', { color: t('color.' + x.color), time: new Date(x.at).toLocaleTimeString(locale(LANG)) }))));
  }
}
