// weiqi: the pages' one script. Vanilla JavaScript, no dependencies, embedded in the binary.
// Pages are shells (crates/web/src/pages.rs); this draws them from the JSON API (/api/...) and
// follows games over the WebSocket (/api/ws). Strings come from the page (zh-CN or English).
// An ES module (strict by itself); the clock's period rule is its own module, tested by node.
import { clockAt, inOvertime } from './clock.js';

const DATA = JSON.parse(document.getElementById('app-data').textContent);
const LANG = DATA.lang;
const BODY = document.body;
const PAGE = BODY.dataset.page;
const ID = BODY.dataset.id;
const MAIN = document.getElementById('main');

// An article as the rules write it: "Art. 16.4", "第16条第4款".
function art(n) {
  const [a, c] = String(n).split('.');
  return c ? t('art.clause', { n: a, c }) : t('art', { n: a });
}

function t(key, vars) {
  let s = DATA.strings[key];
  if (s === undefined) s = key;
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.split('{' + k + '}').join(String(v));
  return s;
}

// ----- DOM helpers -----

function h(tag, attrs, ...kids) {
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

function section(title, id, ...kids) {
  return h('section', { id, 'aria-labelledby': id + '-h' }, h('h2', { id: id + '-h' }, title), ...kids);
}

function toast(msg, bad) {
  const el = document.getElementById('toast');
  el.textContent = msg;
  el.className = bad ? 'show bad' : 'show';
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.className = ''; }, 6000);
}

function field(label, input) {
  const id = input.id || ('f' + Math.random().toString(36).slice(2));
  input.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), input);
}

function table(head, rows, caption) {
  return h('div', { class: 'scroll' }, h('table', {},
    caption ? h('caption', {}, caption) : null,
    h('thead', {}, h('tr', {}, head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, rows.map((r) => h('tr', {}, r.map((c) => h('td', {}, c)))))));
}

// ----- the API -----

const auth = {
  get token() { return localStorage.getItem('weiqi.token'); },
  get name() { return localStorage.getItem('weiqi.name'); },
  set(token, name) { localStorage.setItem('weiqi.token', token); localStorage.setItem('weiqi.name', name); },
  clear() { localStorage.removeItem('weiqi.token'); localStorage.removeItem('weiqi.name'); },
};
// A seat's secret comes in the link's fragment (`/play/7#secret=…`), which no request, log
// or Referer carries; the page sends it in the X-Seat-Secret header. A link of the old form
// (`?secret=…`) still works, and is rewritten to the fragment at once.
const SECRET = (() => {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('secret');
  if (fromHash) return fromHash;
  const q = new URLSearchParams(location.search), old = q.get('secret');
  if (old) {
    q.delete('secret');
    const rest = q.toString();
    history.replaceState(null, '', location.pathname + (rest ? '?' + rest : '') + '#secret=' + encodeURIComponent(old));
  }
  return old;
})();
// Another seat's link opened in the same tab changes only the fragment, which the browser
// does not load again: the page must, or it would go on playing the first seat.
addEventListener('hashchange', () => {
  if (new URLSearchParams(location.hash.slice(1)).get('secret') !== SECRET) location.reload();
});

// Where a `next` parameter may send the browser: a path on this site only (never another
// origin, never `javascript:`); anything else is the home page.
function sameOrigin(next) {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const u = new URL(next, location.origin);
    return u.origin === location.origin ? u.pathname + u.search + u.hash : '/';
  } catch (e) { return '/'; }
}

async function api(method, path, body, opts) {
  const headers = {};
  if (auth.token) headers.Authorization = 'Bearer ' + auth.token;
  if (SECRET && path.startsWith('/api/games/')) headers['X-Seat-Secret'] = SECRET;
  let payload;
  if (body instanceof ArrayBuffer) { headers['Content-Type'] = 'text/csv'; payload = body; }
  else if (body !== undefined) { headers['Content-Type'] = 'application/json'; payload = JSON.stringify(body); }
  const r = await fetch(path, { method, headers, body: payload });
  const text = await r.text();
  let j = null;
  try { j = text ? JSON.parse(text) : null; } catch (e) { j = { message: text }; }
  if (!r.ok) {
    if (r.status === 401 && auth.token) auth.clear();
    // A refusal said in both languages (`zh` beside `message`) is shown in the page's.
    const err = new Error((j && (LANG === 'zh' && j.zh ? j.zh : j.message)) || r.statusText);
    err.status = r.status; err.body = j;
    throw err;
  }
  return (opts && opts.raw) ? text : j;
}

async function attempt(fn) {
  try { return await fn(); } catch (e) { toast(e.message, true); return undefined; }
}

function headerInit() {
  const who = document.getElementById('who');
  const link = document.getElementById('login-link');
  if (auth.name) {
    who.textContent = t('nav.signed_in', { name: auth.name });
    link.textContent = t('nav.logout');
    // Log out ends the session on the server (the token stops working), then forgets it.
    link.addEventListener('click', async (e) => {
      e.preventDefault();
      try { await api('DELETE', '/api/sessions'); } catch (err) { /* ended already */ }
      auth.clear(); location.reload();
    });
  }
}

function setMain(...kids) {
  const title = document.getElementById('page-title');
  MAIN.replaceChildren(title, ...kids);
}

// ----- the board (SVG, Art. 1 proportions) -----

const SVGNS = 'http://www.w3.org/2000/svg';
const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

function s(tag, attrs, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) e.setAttribute(k, v);
  for (const c of kids) e.append(c);
  return e;
}

function vertex(size, x, y) { return LETTERS[x] + (size - y); }
function parseVertex(size, v) {
  const m = /^([A-HJ-Za-hj-z])(\d{1,2})$/.exec((v || '').trim());
  if (!m) return null;
  const x = LETTERS.indexOf(m[1].toUpperCase());
  const y = size - parseInt(m[2], 10);
  return (x >= 0 && x < size && y >= 0 && y < size) ? [x, y] : null;
}

// Draws the board: rows ("X", "O", "."), the last move, the dead marks, the hover target.
// `onPoint(x, y)` receives clicks and Enter on the focused point (arrow keys move the focus).
function drawBoard(box, size, rows, opts) {
  const G = DATA.board;
  const w = G.cell_w, hh = G.cell_h, m = G.margin;
  const W = 2 * m + (size - 1) * w, H = 2 * m + (size - 1) * hh;
  const X = (x) => m + x * w, Y = (y) => m + y * hh;
  const dead = new Set(opts.dead || []);
  // Chains the machine is unsure of (a ko, an unsettled fight): ringed, never pre-marked.
  const unsure = new Set(opts.unsure || []);
  const last = opts.last;
  let black = 0, white = 0;
  for (const r of rows) for (const c of r) { if (c === 'X') black++; else if (c === 'O') white++; }
  const label = t('board.label', { size, black, white }) +
    (last ? ' ' + t('board.last', { color: t('color.' + last.color), point: last.point === 'pass' ? t('game.pass') : last.point }) : '');
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'board', role: 'img', 'aria-label': label,
    preserveAspectRatio: 'xMidYMid meet' });
  svg.append(s('title', {}, label));
  svg.append(s('rect', { x: 0, y: 0, width: W, height: H, class: 'wood' }));
  const lines = s('g', { class: 'lines' });
  for (let i = 0; i < size; i++) {
    lines.append(s('line', { x1: X(0), y1: Y(i), x2: X(size - 1), y2: Y(i) }));
    lines.append(s('line', { x1: X(i), y1: Y(0), x2: X(i), y2: Y(size - 1) }));
  }
  svg.append(lines);
  for (const [x, y] of (G.stars[String(size)] || [])) svg.append(s('circle', { cx: X(x), cy: Y(y), r: G.star_r, class: 'star' }));
  const coords = s('g', { class: 'coords', 'aria-hidden': 'true' });
  for (let i = 0; i < size; i++) {
    for (const yy of [m * 0.45, H - m * 0.45]) coords.append(s('text', { x: X(i), y: yy }, LETTERS[i]));
    for (const xx of [m * 0.45, W - m * 0.45]) coords.append(s('text', { x: xx, y: Y(i) }, String(size - i)));
  }
  svg.append(coords);
  const stones = s('g', { class: 'stones' });
  rows.forEach((r, y) => [...r].forEach((c, x) => {
    if (c === '.') return;
    const v = vertex(size, x, y);
    const cls = (c === 'X' ? 'black' : 'white') + (dead.has(v) ? ' dead' : '');
    stones.append(s('circle', { cx: X(x), cy: Y(y), r: G.stone_r, class: 'stone ' + cls, 'data-v': v }));
    if (dead.has(v)) stones.append(s('path', { d: `M${X(x) - 45},${Y(y) - 45}L${X(x) + 45},${Y(y) + 45}M${X(x) + 45},${Y(y) - 45}L${X(x) - 45},${Y(y) + 45}`, class: 'deadmark' }));
    else if (unsure.has(v)) stones.append(s('circle', { cx: X(x), cy: Y(y), r: G.stone_r * 1.1, class: 'unsure', 'data-unsure': v }));
  }));
  svg.append(stones);
  // Art. 9: the territory the count gave each side, a small square on each point.
  if (opts.owner) {
    const terr = s('g', { class: 'territory', 'aria-hidden': 'true' });
    opts.owner.forEach((r, y) => [...r].forEach((o, x) => {
      const v = vertex(size, x, y);
      if (o === '.' || (rows[y][x] !== '.' && !dead.has(v))) return;
      terr.append(s('rect', { x: X(x) - 55, y: Y(y) - 55, width: 110, height: 110, class: 'terr ' + (o === 'b' ? 'black' : 'white'), 'data-owner': o }));
    }));
    svg.append(terr);
  }
  // A stone placed but not played yet (confirm-move on a touch screen).
  if (opts.ghost) {
    const p = parseVertex(size, opts.ghost.point);
    if (p) svg.append(s('circle', { cx: X(p[0]), cy: Y(p[1]), r: G.stone_r, class: 'stone ghost ' + opts.ghost.color, 'data-ghost': opts.ghost.point }));
  }
  if (last && last.point !== 'pass') {
    const p = parseVertex(size, last.point);
    if (p) svg.append(s('circle', { cx: X(p[0]), cy: Y(p[1]), r: G.stone_r * 0.45, class: 'last ' + (last.color === 'black' ? 'on-black' : 'on-white') }));
  }
  if (opts.onPoint) {
    const focus = s('rect', { width: w, height: hh, class: 'cursor', visibility: 'hidden' });
    svg.append(focus);
    svg.setAttribute('tabindex', '0');
    svg.setAttribute('aria-describedby', 'board-help');
    let cur = box._cursor || [Math.floor(size / 2), Math.floor(size / 2)];
    const show = () => {
      focus.setAttribute('x', X(cur[0]) - w / 2); focus.setAttribute('y', Y(cur[1]) - hh / 2);
      focus.setAttribute('visibility', document.activeElement === svg ? 'visible' : 'hidden');
      box._cursor = cur;
      const status = document.getElementById('cursor-status');
      if (status) status.textContent = vertex(size, cur[0], cur[1]);
    };
    svg.addEventListener('focus', show);
    svg.addEventListener('blur', show);
    svg.addEventListener('keydown', (e) => {
      const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
      if (d) {
        cur = [Math.min(size - 1, Math.max(0, cur[0] + d[0])), Math.min(size - 1, Math.max(0, cur[1] + d[1]))];
        show(); e.preventDefault();
      } else if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); opts.onPoint(cur[0], cur[1], 'key'); }
    });
    // A press and its release on the board play the point released on. They are heard on
    // the box, which stays while the board is drawn again (a move, a call, the viewer count
    // redraw it): a click on the svg was lost when it was replaced between the two.
    box._point = (e) => {
      const pt = svg.createSVGPoint(); pt.x = e.clientX; pt.y = e.clientY;
      const q = pt.matrixTransform(svg.getScreenCTM().inverse());
      const x = Math.round((q.x - m) / w), y = Math.round((q.y - m) / hh);
      if (x >= 0 && x < size && y >= 0 && y < size) { cur = [x, y]; show(); opts.onPoint(x, y, 'pointer'); }
    };
    if (!box._listening) {
      box._listening = true;
      box.addEventListener('pointerdown', (e) => { box._down = e.button === 0 ? e.pointerId : null; });
      // A finger that scrolls the page is cancelled, not released: it plays nothing.
      box.addEventListener('pointercancel', () => { box._down = null; });
      box.addEventListener('pointerup', (e) => {
        if (box._down !== e.pointerId || e.button !== 0) return;
        box._down = null;
        if (box._point && e.target.closest && e.target.closest('svg.board')) box._point(e);
      });
    }
    const hadFocus = box.contains(document.activeElement) && document.activeElement.tagName === 'svg';
    box.replaceChildren(svg);
    if (hadFocus) { svg.focus(); show(); }
  } else {
    box._point = null;
    box.replaceChildren(svg);
  }
  return svg;
}

// ----- clocks and voice -----

function fmt(ms) {
  if (ms === null || ms === undefined) return '—';
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(total / 3600), mm = Math.floor((total % 3600) / 60), ss = total % 60;
  const two = (n) => String(n).padStart(2, '0');
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

// A clock as two parts: the time that runs now, and what follows it (the periods left, or
// the byo-yomi to come), so that a narrow screen can set the second under the first.
function clockParts(c) {
  if (c.flagged) return [t('clock.flag'), ''];
  if (inOvertime(c)) {
    return [fmt(c.period_left_ms), t('clock.byoyomi_left', { periods: c.overtime_left })];
  }
  if (c.main_left_ms === null || c.main_left_ms === undefined) return [t('clock.used', { time: fmt(c.used_ms) }), ''];
  const extra = (c.overtime_left !== null && c.overtime_left !== undefined)
    ? t('clock.then', { periods: c.overtime_left, time: fmt(c.period_left_ms) }) : '';
  return [fmt(c.main_left_ms), extra];
}

// What a face shows, as data for tests and assistive tools: the instant it shows (in the
// reading's time base), the periods left and the seconds shown.
function faceData(el, c, at) {
  el.dataset.at = String(Math.round(at));
  el.dataset.periods = c.overtime_left === null || c.overtime_left === undefined ? '' : String(c.overtime_left);
  el.dataset.secs = String(Math.max(0, Math.ceil((inOvertime(c) ? c.period_left_ms : (c.main_left_ms ?? 0)) / 1000)));
  el.dataset.flagged = String(!!c.flagged);
}

// Shows a clock in `el` (its `.main` and `.extra` parts), its whole text as the label.
function showClock(el, c, at) {
  faceData(el, c, at);
  const [main, extra] = clockParts(c);
  if (!el.querySelector('.main')) el.replaceChildren(h('span', { class: 'main' }), ' ', h('span', { class: 'extra' }));
  el.querySelector('.main').textContent = main;
  el.querySelector('.extra').textContent = extra;
  el.setAttribute('aria-label', el.dataset.label + ': ' + clockText(c));
}

function clockText(c) {
  if (c.flagged) return t('clock.flag');
  if (inOvertime(c)) {
    return t('clock.byoyomi', { time: fmt(c.period_left_ms), periods: c.overtime_left });
  }
  if (c.main_left_ms === null || c.main_left_ms === undefined) return t('clock.used', { time: fmt(c.used_ms) });
  const extra = (c.overtime_left !== null && c.overtime_left !== undefined)
    ? ' ' + t('clock.then', { periods: c.overtime_left, time: fmt(c.period_left_ms) }) : '';
  return fmt(c.main_left_ms) + extra;
}

// Quarter stones (the rules crate's HalfPoints: 4 a stone) as the rules write them:
// 184¼, 2¾; 184又1/4, 2又3/4.
function quarters(q) {
  const neg = q < 0, a = Math.abs(q), whole = Math.floor(a / 4), f = a % 4;
  const frac = LANG === 'zh' ? ['', '1/4', '1/2', '3/4'][f] : ['', '¼', '½', '¾'][f];
  const body = !f ? String(whole) : whole ? (LANG === 'zh' ? `${whole}又${frac}` : `${whole}${frac}`) : frac;
  return (neg ? '−' : '') + body;
}

// The count explained, line by line (Art. 9: stones, territory, half the dame; Art. 24: a
// warning moves one stone to the other side; Art. 11: komi and the handicap's return).
function countLines(view) {
  const c = view.count, q = c.quarters, lines = [];
  for (const col of ['black', 'white']) {
    lines.push(t('count.side', { color: t('color.' + col), stones: c.stones[col], territory: c.territory[col],
      dame: c.dame, half: quarters(2 * c.dame), area: quarters(4 * c.area[col] + 2 * c.dame) }));
  }
  for (const col of ['black', 'white']) {
    if (c.penalties[col]) lines.push(t('count.warnings', { color: t('color.' + col), n: c.penalties[col] }));
  }
  if (c.penalties.black || c.penalties.white) {
    lines.push(t('count.final', { black: quarters(q.black), white: quarters(q.white), total: quarters(q.black + q.white) }));
  }
  lines.push(t('count.need', { par: quarters(q.par), komi: quarters(q.komi),
    handicap: q.handicap ? t('count.handicap', { n: quarters(q.handicap) }) : '', threshold: quarters(q.threshold) }));
  const result = view.result ? (LANG === 'zh' ? view.result.zh : view.result.text) : '';
  lines.push(t('count.result', { count: quarters(q.black), threshold: quarters(q.threshold), margin: quarters(q.margin), result }));
  return lines;
}

// A stone's click (off by default), from the page's own audio, no file.
const sound = {
  get on() { return localStorage.getItem('weiqi.sound') === 'on'; },
  set on(v) { localStorage.setItem('weiqi.sound', v ? 'on' : 'off'); },
  stone() {
    if (!this.on) return;
    try {
      voice.audio = voice.audio || new (window.AudioContext || window.webkitAudioContext)();
      const a = voice.audio, o = a.createOscillator(), g = a.createGain();
      o.type = 'triangle'; o.frequency.value = 420; o.connect(g); g.connect(a.destination);
      const at = a.currentTime;
      g.gain.setValueAtTime(0.4, at); g.gain.exponentialRampToValueAtTime(0.001, at + 0.08);
      o.start(at); o.stop(at + 0.1);
      window.__stoneSounds = (window.__stoneSounds || 0) + 1;
    } catch (e) { /* no audio device */ }
  },
};

// Confirm-move: on a touch screen a tap puts a ghost stone, a second tap on it plays. On by
// default where the main pointer is coarse (a finger), off elsewhere; the player's choice is
// remembered.
const confirmMove = {
  get on() {
    const v = localStorage.getItem('weiqi.confirm');
    if (v) return v === 'on';
    return window.matchMedia ? window.matchMedia('(pointer: coarse)').matches : false;
  },
  set on(v) { localStorage.setItem('weiqi.confirm', v ? 'on' : 'off'); },
};

// A checkbox bound to a setting (`obj.on`).
function setting(id, label, obj, after) {
  const box = h('input', { type: 'checkbox', id, checked: obj.on });
  box.addEventListener('change', () => { obj.on = box.checked; if (after) after(); });
  return h('div', { class: 'field check' }, box, h('label', { for: id }, label));
}

const voice = {
  // Art. 12.3's calls aloud: the player's choice when made (remembered); else on where the
  // browser has a voice for the language (decided at load, and when the voices arrive).
  chosen: localStorage.getItem('weiqi.voice'),
  enabled: localStorage.getItem('weiqi.voice') ? localStorage.getItem('weiqi.voice') === 'on' : false,
  // Browsers speak and sound only after a gesture on the page (their permission flow).
  unlocked: false,
  lang: localStorage.getItem('weiqi.voicelang') || LANG,
  audio: null,
  pick() {
    if (!('speechSynthesis' in window)) return null;
    const want = this.lang === 'zh' ? 'zh' : 'en';
    const vs = window.speechSynthesis.getVoices() || [];
    return vs.find((v) => v.lang && v.lang.toLowerCase().startsWith(want)) || null;
  },
  beep(n) {
    try {
      this.audio = this.audio || new (window.AudioContext || window.webkitAudioContext)();
      for (let i = 0; i < n; i++) {
        const o = this.audio.createOscillator(), g = this.audio.createGain();
        o.frequency.value = 880; o.connect(g); g.connect(this.audio.destination);
        const at = this.audio.currentTime + i * 0.25;
        g.gain.setValueAtTime(0.3, at); g.gain.setValueAtTime(0, at + 0.15);
        o.start(at); o.stop(at + 0.2);
      }
    } catch (e) { /* no audio device: the call is on screen */ }
  },
  // Says a call (Art. 12.3) in the chosen language, or beeps when there is no voice; always
  // shows it on screen.
  say(call) {
    const text = this.lang === 'zh' ? call.zh : call.en;
    const board = document.getElementById('calls');
    if (board) {
      board.prepend(h('li', {}, t('call.line', { color: t('color.' + call.color), text })));
      while (board.children.length > 8) board.lastChild.remove();
    }
    const big = document.getElementById('call-now');
    if (big) big.textContent = `${t('color.' + call.color)} · ${text}`;
    this.speak(text);
  },
  // Says `text` aloud where calls are on (a voice, else beeps: three when the call is the
  // flag's); `call` is the call itself when `text` says more (a board's name before it).
  speak(text, call) {
    if (!this.enabled) return;
    window.__calledAloud = (window.__calledAloud || 0) + 1;
    const v = this.pick();
    if (v) {
      const u = new SpeechSynthesisUtterance(text);
      u.lang = this.lang === 'zh' ? 'zh-CN' : 'en-US';
      try { u.voice = v; } catch (e) { /* the language alone picks the voice */ }
      u.rate = 1.1;
      window.speechSynthesis.speak(u);
    } else {
      this.beep(/超时|time is up/.test(call || text) ? 3 : 1);
    }
  },
  // Says the answer to a player who asked the time left (Art. 16) — `a` has `zh` and `en` —
  // on screen, and aloud where there is a voice and calls are on.
  answer(a, who) {
    const text = this.lang === 'zh' ? a.zh : a.en;
    const el = document.getElementById('time-answer');
    if (el) el.textContent = who ? t('call.line', { color: t('color.' + who), text }) : text;
    if (!this.enabled) return;
    const v = this.pick();
    if (!v) return;
    const u = new SpeechSynthesisUtterance(text);
    u.lang = this.lang === 'zh' ? 'zh-CN' : 'en-US';
    try { u.voice = v; } catch (e) { /* the language alone picks the voice */ }
    window.speechSynthesis.speak(u);
  },
  controls() {
    const box = h('div', { class: 'voice' });
    const btn = h('button', { type: 'button', 'aria-pressed': String(this.enabled), id: 'voice-toggle' });
    const label = () => { btn.textContent = this.enabled ? t('voice.on') : t('voice.off'); btn.setAttribute('aria-pressed', String(this.enabled)); };
    btn.addEventListener('click', () => {
      this.enabled = !this.enabled;
      this.chosen = this.enabled ? 'on' : 'off';
      localStorage.setItem('weiqi.voice', this.chosen);
      if (this.enabled && 'speechSynthesis' in window) {
        // Browsers speak only after a gesture: this click is it.
        window.speechSynthesis.cancel();
      }
      label(); note();
    });
    const sel = h('select', { id: 'voice-lang' },
      h('option', { value: 'zh', selected: this.lang === 'zh' }, '中文'),
      h('option', { value: 'en', selected: this.lang === 'en' }, 'English'));
    sel.addEventListener('change', () => { this.lang = sel.value; localStorage.setItem('weiqi.voicelang', sel.value); note(); });
    const info = h('span', { class: 'hint', id: 'voice-note' });
    const note = () => {
      info.textContent = !this.enabled ? '' : !this.pick() ? t('voice.none') : this.unlocked ? t('voice.has') : t('voice.tap');
    };
    const decide = () => {
      if (this.chosen === null && !this.enabled && this.pick()) this.enabled = true;
      label(); note();
    };
    if ('speechSynthesis' in window) window.speechSynthesis.addEventListener?.('voiceschanged', decide);
    // The first gesture anywhere on the page lets it speak (and sound) from then on.
    const unlock = () => {
      if (this.unlocked) return;
      this.unlocked = true;
      try {
        if ('speechSynthesis' in window) window.speechSynthesis.resume();
        this.audio = this.audio || new (window.AudioContext || window.webkitAudioContext)();
        this.audio.resume?.();
      } catch (e) { /* no audio device: the calls are on screen */ }
      note();
    };
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    decide();
    label(); note();
    box.append(btn, field(t('voice.lang'), sel), info);
    return box;
  },
};

// ----- pages -----

const pages = {};

pages.login = function () {
  const name = h('input', { name: 'name', autocomplete: 'username', required: true, maxlength: 64 });
  const pw = h('input', { name: 'password', type: 'password', autocomplete: 'current-password', required: true, minlength: 8 });
  const go = async (create) => {
    if (create) await api('POST', '/api/accounts', { name: name.value, password: pw.value });
    const r = await api('POST', '/api/sessions', { name: name.value, password: pw.value });
    auth.set(r.token, r.account.name);
    location.href = sameOrigin(new URLSearchParams(location.search).get('next'));
  };
  const form = h('form', { id: 'login-form', onsubmit: (e) => { e.preventDefault(); attempt(() => go(false)); } },
    field(t('login.name'), name), field(t('login.password'), pw),
    h('div', { class: 'buttons' },
      h('button', { type: 'submit', id: 'login-submit' }, t('login.submit')),
      h('button', { type: 'button', id: 'login-create', onclick: () => attempt(() => go(true)) }, t('login.create'))));
  setMain(h('p', {}, t('login.intro')), form);
};

pages.home = async function () {
  const events = (await attempt(() => api('GET', '/api/events'))) || [];
  const games = (await attempt(() => api('GET', '/api/games?live=1'))) || [];
  const evList = events.length
    ? h('ul', { class: 'cards' }, events.map((e) => h('li', {},
      h('a', { href: '/events/' + encodeURIComponent(e.id) }, e.name),
      ' ', h('span', { class: 'hint' }, t('home.event_line', { players: e.players, paired: e.paired, rounds: e.rounds })))))
    : h('p', {}, t('home.no_events'));
  // For spectators: each game's event by name, round and board, players, the move number and
  // both clocks (the clock crate's reading moved on by its rule), and how many watch.
  const readAt = performance.now();
  const clockCells = [];
  const gameRows = games.map((g) => {
    const cells = ['black', 'white'].map((c) => h('td', { class: 'time', 'data-game': g.game, 'data-color': c }));
    clockCells.push([g, cells]);
    return [
      h('a', { href: '/play/' + g.game }, '#' + g.game),
      g.event ? h('a', { href: '/events/' + encodeURIComponent(g.event), class: 'live-event' }, g.event_name || g.event) : '—',
      g.round ? t('game.where', { round: g.round, board: g.board }) : '—',
      `${g.black} ${t('vs')} ${g.white}`,
      String(g.moves),
      cells[0], cells[1],
      String(g.viewers),
      t('phase.' + g.phase) + (g.result ? ' · ' + g.result : ''),
    ];
  });
  const tickLive = () => {
    for (const [g, cells] of clockCells) {
      if (!g.clock) continue;
      const now = clockAt(g.clock, g.clock.at, g.clock.at + (performance.now() - readAt));
      cells.forEach((cell, i) => { cell.textContent = clockText(now[i ? 'white' : 'black']); });
    }
  };
  const liveTable = h('div', { class: 'scroll' }, h('table', { id: 'live-games' },
    h('thead', {}, h('tr', {}, [t('game.id'), t('event.label'), t('live.round_board'), t('game.players'), t('live.move'),
      t('color.black'), t('color.white'), t('live.viewers'), t('game.phase')].map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, gameRows.map((r) => h('tr', {}, r.map((c) => (c instanceof Node && c.tagName === 'TD') ? c : h('td', {}, c)))))));
  const liveSection = section(t('home.live'), 'live', games.length ? liveTable : h('p', {}, t('home.no_games')));
  if (games.length) { tickLive(); setInterval(tickLive, 500); }
  const kids = [section(t('home.events'), 'events', evList), liveSection];
  if (auth.token) kids.push(newEventForm(), newGameForm());
  else kids.push(h('p', {}, h('a', { href: '/login' }, t('home.login_to_create'))));
  setMain(...kids);
};

function newEventForm() {
  const id = h('input', { name: 'id', required: true, pattern: '[A-Za-z0-9._-]+', id: 'ev-id' });
  const name = h('input', { name: 'name', required: true, id: 'ev-name' });
  const system = h('select', { id: 'ev-system' },
    ['swiss', 'mc_mahon', 'round_robin', 'knockout'].map((k) => h('option', { value: k }, t('system.' + k))));
  const rounds = h('input', { type: 'number', min: 1, max: 30, value: 5, id: 'ev-rounds' });
  const time = h('input', { value: '1h+3x60s', id: 'ev-time' });
  const bar = h('input', { value: '3d', id: 'ev-bar', size: 4 });
  const floor = h('input', { value: '20k', id: 'ev-floor', size: 4 });
  const form = h('form', { id: 'new-event', onsubmit: (e) => {
    e.preventDefault();
    const sys = system.value === 'mc_mahon' ? { kind: 'mc_mahon', bar: bar.value, floor: floor.value } : { kind: system.value };
    attempt(async () => {
      await api('POST', '/api/events', { id: id.value, name: name.value, system: sys, rounds: Number(rounds.value), time_control: time.value });
      location.href = '/events/' + encodeURIComponent(id.value);
    });
  } }, field(t('event.id'), id), field(t('event.name'), name), field(t('event.system'), system),
  field(t('event.rounds'), rounds), field(t('event.time'), time),
  h('details', {}, h('summary', {}, t('system.mc_mahon')), field(t('event.bar'), bar), field(t('event.floor'), floor)),
  h('button', { type: 'submit', id: 'ev-create' }, t('event.create')));
  return section(t('home.new_event'), 'new-event-s', form);
}

function newGameForm() {
  const b = h('input', { value: t('color.black'), id: 'g-black' });
  const w = h('input', { value: t('color.white'), id: 'g-white' });
  const size = h('select', { id: 'g-size' }, [19, 13, 9].map((n) => h('option', { value: n }, `${n}×${n}`)));
  const time = h('input', { value: '10m+3x30s', id: 'g-time' });
  const out = h('div', { id: 'g-links', 'aria-live': 'polite' });
  const form = h('form', { onsubmit: (e) => {
    e.preventDefault();
    attempt(async () => {
      const r = await api('POST', '/api/games', { settings: {
        players: [{ name: b.value, rank: '1d' }, { name: w.value, rank: '1d' }], size: Number(size.value), time: time.value } });
      out.replaceChildren(seatLinks(r.game, r.links));
    });
  } }, field(t('color.black'), b), field(t('color.white'), w), field(t('game.size'), size), field(t('event.time'), time),
  h('button', { type: 'submit', id: 'g-create' }, t('game.create')), out);
  return section(t('home.new_game'), 'new-game-s', form);
}

function seatLinks(game, links) {
  return h('ul', { class: 'links' },
    h('li', {}, t('color.black') + ': ', h('a', { href: links.black, class: 'seat-black' }, location.origin + links.black)),
    h('li', {}, t('color.white') + ': ', h('a', { href: links.white, class: 'seat-white' }, location.origin + links.white)),
    h('li', {}, t('game.watch') + ': ', h('a', { href: '/play/' + game }, location.origin + '/play/' + game)));
}

// ----- the event page (director's console) -----

pages.event = async function () {
  const id = ID;
  const enc = encodeURIComponent(id);
  let ev;
  try { ev = await api('GET', `/api/events/${enc}`); } catch (e) { setMain(h('p', { class: 'bad' }, e.message)); return; }
  const me = auth.token ? await attempt(() => api('GET', `/api/events/${enc}/me`)) : null;
  const roles = (me && me.roles) || [];
  const director = roles.includes('organizer') || roles.includes('chief_referee');
  const official = director || roles.includes('referee');
  if (official) {
    const c = await attempt(() => api('POST', `/api/events/${enc}/collect`));
    if (c && c.recorded && c.recorded.length) {
      toast(t('event.collected', { n: c.recorded.length }));
      ev = await api('GET', `/api/events/${enc}`);
    }
  }
  const standings = await attempt(() => api('GET', `/api/events/${enc}/standings`));
  const games = (await attempt(() => api('GET', `/api/games?event=${enc}`))) || [];
  const gameOf = (round, board) => games.filter((g) => g.round === round && g.board === board).pop();
  const linkBox = seatLinkBox();
  document.getElementById('page-title').textContent = ev.name;
  document.title = ev.name + ' · weiqi';
  const kids = [];
  const system = ev.system_kind ? t('system.' + ev.system_kind) : ev.system;
  kids.push(h('p', { class: 'hint', id: 'event-summary' }, t('event.summary', { system, rounds: ev.planned_rounds, players: ev.players.length }),
    ' ', h('a', { href: `/referee/${enc}` }, t('event.referee_console')),
    ' · ', h('a', { href: `/api/events/${enc}/print/crosstable?lang=${LANG}`, target: '_blank' }, t('event.print_crosstable'))));
  // The print pack: A4 forms (formats::forms); the pairings and score sheets of the last round.
  const forms = ev.rounds.length ? ['pairings', 'scoresheets', 'crosstable', 'ranking', 'namecards', 'final'] : ['namecards'];
  kids.push(h('p', { class: 'hint', id: 'print-pack' }, t('event.print_pack'), ' ',
    ...forms.flatMap((f, i) => [i ? ' · ' : '', h('a', { href: `/api/events/${enc}/print/form/${f}?lang=${LANG}`, target: '_blank', 'data-form': f }, t('print_form.' + f))])));

  // Players and registration.
  const playerRows = ev.players.map((p) => [p.name, p.rank, t('status.' + (p.status.startsWith('withdrawn') ? 'withdrawn' : p.status)),
    director && p.status === 'active' ? h('button', { type: 'button', class: 'small', onclick: () => {
      const reason = prompt(t('event.withdraw_reason', { name: p.name }), '');
      if (reason === null) return;
      attempt(async () => { await api('POST', `/api/events/${enc}/withdrawals`, { name: p.name, reason }); location.reload(); });
    } }, t('event.withdraw')) : '']);
  const players = [table([t('player.name'), t('player.rank'), t('player.status'), ''], playerRows, t('event.players_caption', { n: ev.players.length }))];
  if (director) {
    const name = h('input', { required: true, id: 'p-name' });
    const rank = h('input', { required: true, value: '1k', size: 4, id: 'p-rank' });
    const club = h('input', { id: 'p-club' });
    players.push(h('form', { id: 'add-player', class: 'inline', onsubmit: (e) => {
      e.preventDefault();
      attempt(async () => { await api('POST', `/api/events/${enc}/players`, { name: name.value, rank: rank.value, club: club.value || null }); location.reload(); });
    } }, field(t('player.name'), name), field(t('player.rank'), rank), field(t('player.club'), club),
    h('button', { type: 'submit' }, t('event.register'))));
    const file = h('input', { type: 'file', accept: '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', id: 'csv-file' });
    players.push(h('form', { id: 'csv-import', class: 'inline', onsubmit: (e) => {
      e.preventDefault();
      const f = file.files[0];
      if (!f) { toast(t('event.csv_choose'), true); return; }
      attempt(async () => {
        const r = await api('POST', `/api/events/${enc}/players/csv`, await f.arrayBuffer());
        toast(t('event.csv_done', { n: r.added }));
        setTimeout(() => location.reload(), 400);
      });
    } }, field(t('event.csv'), file), h('button', { type: 'submit', id: 'csv-submit' }, t('event.csv_import')),
    h('p', { class: 'hint' }, t('event.csv_hint'))));
  }
  kids.push(section(t('event.players'), 'players', ...players));

  // Rounds.
  const rounds = [];
  for (const r of ev.rounds) {
    // Boards played over the board with a tablet as their clock: a link to the clock-only
    // page with the round's settings (those of the director's form below).
    const clockLinks = [];
    const rows = r.games.map((g) => {
      const live = gameOf(r.number, g.board);
      if (director && !live && !g.result) {
        clockLinks.push(h('a', { class: 'clock-link', 'data-board': g.board, 'data-black': g.black, 'data-white': g.white,
          'aria-label': t('event.clock_only_for', { board: g.board }) }, t('event.clock_only')));
      }
      let resultCell = g.result || '';
      if (official && !g.result) {
        const inp = h('input', { size: 6, placeholder: 'B+R', 'aria-label': t('event.result_for', { board: g.board }), class: 'result-input' });
        resultCell = h('form', { class: 'inline', onsubmit: (e) => {
          e.preventDefault();
          attempt(async () => { await api('POST', `/api/events/${enc}/results`, { round: r.number, board: g.board, result: inp.value }); location.reload(); });
        } }, inp, h('button', { type: 'submit', class: 'small' }, t('event.enter')));
      }
      const links = live ? h('span', {}, h('a', { href: '/play/' + live.game }, t('game.watch') + ' #' + live.game),
        live.phase ? ' (' + t('phase.' + live.phase) + ')' : '',
        official ? h('span', { class: 'seat-buttons' }, ['black', 'white'].map((c) => h('button', { type: 'button', class: 'small new-link-' + c,
          'aria-label': t('seat.new_link_for', { color: t('color.' + c), board: g.board }),
          onclick: () => attempt(() => newSeatLink(live.game, c, linkBox)) }, t('seat.new_link', { color: t('color.' + c) })))) : null) : '';
      const clock = clockLinks.find((a) => a.dataset.board === String(g.board));
      return [g.board, g.black, g.white, resultCell, links || clock || ''];
    });
    const extra = [];
    if (r.byes.length) extra.push(h('p', { class: 'byes' }, t('event.byes', { names: r.byes.join(LANG === 'zh' ? '、' : ', ') })));
    if (r.rests && r.rests.length) extra.push(h('p', { class: 'rests' }, t('event.rests', { names: r.rests.join(LANG === 'zh' ? '、' : ', ') })));
    if (director) {
      const startable = r.games.some((g) => !gameOf(r.number, g.board) && !g.result);
      if (startable) {
        const form = await startGamesForm(enc, r.number);
        extra.push(form);
        if (form) followForm(form, r.number, clockLinks);
      }
      extra.push(h('p', {}, h('a', { href: `/api/events/${enc}/print/pairings/${r.number}?lang=${LANG}`, target: '_blank' }, t('event.print_pairings')),
        ' · ', h('a', { href: `/api/events/${enc}/print/form/pairings?round=${r.number}&lang=${LANG}`, target: '_blank' }, t('print_form.pairings')),
        ' · ', h('a', { href: `/api/events/${enc}/print/form/scoresheets?round=${r.number}&lang=${LANG}`, target: '_blank' }, t('print_form.scoresheets'))));
      if (r.number === ev.rounds.length) {
        extra.push(h('button', { type: 'button', class: 'danger', onclick: () => {
          if (!confirm(t('event.unpair_confirm', { round: r.number }))) return;
          attempt(async () => { await api('DELETE', `/api/events/${enc}/rounds/${r.number}`); location.reload(); });
        } }, t('event.unpair', { round: r.number })));
      }
    }
    rounds.push(h('div', { class: 'round', id: 'round-' + r.number },
      h('h3', {}, t('event.round', { n: r.number })),
      table([t('event.board'), t('color.black'), t('color.white'), t('event.result'), t('game.label')], rows), ...extra));
  }
  if (!ev.rounds.length) rounds.push(h('p', {}, t('event.no_rounds')));
  if (director && ev.rounds.length < ev.planned_rounds) {
    const box = h('div', { id: 'proposal' });
    rounds.push(h('div', { class: 'buttons' },
      h('button', { type: 'button', id: 'propose', onclick: () => attempt(() => proposal(enc, ev, box)) }, t('event.propose')),
      h('button', { type: 'button', id: 'pair', onclick: () => attempt(async () => { await api('POST', `/api/events/${enc}/rounds`); location.reload(); }) },
        t('event.pair', { n: ev.rounds.length + 1 }))), box);
  }
  kids.push(section(t('event.rounds_h'), 'rounds', ...rounds, linkBox));

  // Officials (Art. 29-31): the organizer appoints the chief referee and the referees.
  if (roles.includes('organizer')) {
    const acct = h('input', { id: 'role-account', required: true });
    const role = h('select', { id: 'role-role' }, ['chief_referee', 'referee', 'organizer'].map((r) => h('option', { value: r }, t('role.' + r))));
    kids.push(section(t('event.officials'), 'officials', h('form', { id: 'role-form', class: 'inline', onsubmit: (e) => {
      e.preventDefault();
      attempt(async () => { await api('PUT', `/api/events/${enc}/roles`, { account: acct.value, role: role.value }); toast(t('event.appointed', { name: acct.value })); });
    } }, field(t('login.name'), acct), field(t('event.role'), role), h('button', { type: 'submit', id: 'role-submit' }, t('event.appoint')))));
  }

  // Standings.
  if (standings) {
    // The ratings (before, after, change) and the promotion, when the event has them.
    const rated = (r) => standings.rated ? (r.rating ? [r.rating.before, r.rating.after, (r.rating.change > 0 ? '+' : '') + r.rating.change] : ['', '', '']) : [];
    const promoted = (r) => standings.promotion_rule ? [r.promotion || ''] : [];
    const rows = standings.rows.map((r) => [r.place, r.name + (r.withdrawn ? t('standings.withdrawn') : ''), r.points, `${r.wins}/${r.losses}/${r.draws}`, r.values.join(' · '), ...rated(r), ...promoted(r)]);
    kids.push(section(t('event.standings'), 'standings',
      table([t('standings.place'), t('player.name'), t('standings.points'), t('standings.wld'),
        (standings.chain_names ? standings.chain_names[LANG] : standings.chain).join(' · '),
        ...(standings.rated ? [t('standings.rating_before'), t('standings.rating_after'), t('standings.rating_change')] : []),
        ...(standings.promotion_rule ? [t('standings.promotion')] : [])], rows,
        t('standings.after', { n: standings.after_round }))));
  }
  setMain(...kids);
};

// The director's form to start a round's games: the time control (the clock crate's
// grammar, from the event), the board, komi (Art. 11), whether a timeout in the last byo-yomi
// period may be a lost turn (Art. 22), and in a McMahon event each board's handicap. The
// server checks everything and says what is wrong.
async function startGamesForm(enc, n) {
  const setup = await attempt(() => api('GET', `/api/events/${enc}/rounds/${n}/setup`));
  if (!setup) return null;
  const uid = (k) => `${k}-${n}`;
  const time = h('input', { value: setup.time, size: 14, class: 'round-time', id: uid('round-time'), required: true,
    autocomplete: 'off', spellcheck: 'false', 'aria-describedby': uid('round-time-help') });
  const size = h('select', { class: 'round-size', id: uid('round-size') },
    [19, 13, 9].map((x) => h('option', { value: x, selected: x === setup.size }, `${x}×${x}`)));
  // Komi in stones, a quarter stone (half a point) at a time.
  const stones = (hp) => String(hp / 4);
  const komi = h('input', { type: 'number', step: '0.25', min: -90, max: 90, value: stones(setup.komi_half_points),
    class: 'round-komi', id: uid('round-komi'), required: true, 'aria-describedby': uid('round-komi-help') });
  const lost = h('input', { type: 'checkbox', class: 'round-lost-turn', id: uid('round-lost-turn'), checked: setup.lost_turn_on_timeout });
  const error = h('p', { class: 'bad form-error', role: 'alert', id: uid('round-error') });
  const open = setup.boards.filter((b) => !b.started && !b.result);
  const kids = [
    h('div', { class: 'field' }, h('label', { for: time.id }, t('round.time')), time,
      h('span', { class: 'hint', id: uid('round-time-help') }, t('round.time_help'))),
    setup.time_error ? h('p', { class: 'hint bad' }, t('round.time_unread', { why: LANG === 'zh' && setup.time_error_zh ? setup.time_error_zh : setup.time_error })) : null,
    field(t('game.size'), size),
    h('div', { class: 'field' }, h('label', { for: komi.id }, t('round.komi')), komi,
      h('span', { class: 'hint', id: uid('round-komi-help') }, t('round.komi_help'))),
    h('div', { class: 'field check' }, lost, h('label', { for: lost.id }, t('round.lost_turn'))),
  ];
  let hkomi = null;
  if (setup.handicaps) {
    hkomi = h('input', { type: 'number', step: '0.25', min: -90, max: 90, value: stones(setup.handicap_komi_half_points),
      class: 'round-handicap-komi', id: uid('round-handicap-komi'), required: true });
    const rows = open.map((b) => [b.board, `${b.black} (${b.black_rank})`, `${b.white} (${b.white_rank})`,
      h('input', { type: 'number', min: 0, max: 9, step: 1, value: b.handicap, class: 'round-handicap', 'data-board': b.board,
        'aria-label': t('round.handicap_of', { board: b.board }) })]);
    kids.push(table([t('event.board'), t('color.black'), t('color.white'), t('round.handicap')], rows, t('round.handicap_caption')),
      field(t('round.handicap_komi'), hkomi));
  }
  const form = h('form', { class: 'start-games', id: uid('start-games'), 'aria-labelledby': uid('start-games-h'), onsubmit: (e) => {
    e.preventDefault();
    error.textContent = '';
    const body = { time: time.value.trim(), size: Number(size.value), komi_half_points: Math.round(Number(komi.value) * 4),
      lost_turn_on_timeout: lost.checked };
    if (hkomi) {
      body.handicap_komi_half_points = Math.round(Number(hkomi.value) * 4);
      body.handicaps = [...form.querySelectorAll('.round-handicap')].map((x) => ({ board: Number(x.dataset.board), stones: Number(x.value) }));
    }
    attempt(async () => {
      try {
        showSeatLinks(await api('POST', `/api/events/${enc}/rounds/${n}/games`, body));
      } catch (err) {
        error.textContent = err.message;
        throw err;
      }
    });
  } }, h('h4', { id: uid('start-games-h') }, t('round.start_h', { n })), ...kids, error,
  h('button', { type: 'submit', class: 'primary' }, t('event.start_games')));
  return form;
}

// Keeps each clock-only link of round `n` on the settings of its start form: the time
// control and whether a last-period timeout may be a lost turn (Art. 22.5), with the board's
// players and the board, where the clock page enters the result.
function followForm(form, n, links) {
  const time = form.querySelector('.round-time'), lost = form.querySelector('.round-lost-turn');
  const update = () => {
    for (const a of links) {
      const q = new URLSearchParams({ time: time.value.trim(), lost_turn: lost.checked ? '1' : '0',
        black: a.dataset.black, white: a.dataset.white, event: ID, round: String(n), board: a.dataset.board });
      a.setAttribute('href', '/clock?' + q);
    }
  };
  time.addEventListener('input', update);
  lost.addEventListener('change', update);
  update();
}

// An instant as a person reads it, in the page's language.
function when(ms) { return new Date(ms).toLocaleString(LANG === 'zh' ? 'zh-CN' : 'en-GB'); }

// Every seat link of event `enc`'s games issued again (who, when; never the link), drawn into
// `box`; for the event's officials.
async function seatLinkHistory(enc, box) {
  const r = await api('GET', `/api/events/${enc}/seat-links`);
  box.replaceChildren(r.links.length
    ? table([t('game.label'), t('event.board'), t('ref.side'), t('seat.by'), t('seat.when')],
      r.links.map((x) => [h('a', { href: '/play/' + x.game }, '#' + x.game),
        x.round ? t('game.round_board', { round: x.round, board: x.board }) : '—', t('color.' + x.color), x.by, when(x.at)]),
      t('seat.history_caption', { n: r.links.length }))
    : h('p', { class: 'hint' }, t('seat.history_none')));
}

// Where a seat link issued again is shown (hidden until there is one).
function seatLinkBox() {
  return h('div', { id: 'new-link', 'aria-live': 'polite', hidden: true });
}

// An official issues a new secret link for `color`'s seat of `game` (the server keeps only
// digests, so a lost link cannot be shown again): the old link stops working at once.
async function newSeatLink(game, color, box) {
  const side = t('color.' + color);
  if (!confirm(t('seat.confirm', { color: side, game }))) return;
  const r = await api('POST', `/api/games/${game}/seats/${color}/link`);
  box.replaceChildren(
    h('h3', { tabindex: '-1' }, t('seat.issued', { color: side, game })),
    h('p', {}, h('a', { href: r.link, class: 'new-seat-link seat-' + color }, location.origin + r.link)),
    h('p', { class: 'hint' }, t('seat.old_invalid')),
    h('h4', {}, t('seat.history')),
    h('ul', { class: 'link-history' }, r.history.map((x) => h('li', {},
      t('seat.history_line', { color: t('color.' + x.color), by: x.by, at: when(x.at) })))));
  box.hidden = false;
  box.querySelector('h3').focus();
  toast(t('seat.done', { color: side }));
}

function showSeatLinks(res) {
  const box = document.getElementById('seat-links') || h('section', { id: 'seat-links', 'aria-labelledby': 'seat-links-h' });
  box.replaceChildren(h('h2', { id: 'seat-links-h' }, t('event.seat_links')),
    ...res.games.map((g) => h('div', { class: 'seat-game' }, h('h3', {}, t('event.board_line', { board: g.board, black: g.black, white: g.white })), seatLinks(g.game, g.links))));
  if (!box.isConnected) MAIN.append(box);
  box.scrollIntoView();
}

// The proposed pairing of the next round, editable: each board's Black and White, and byes.
async function proposal(enc, ev, box) {
  const p = await api('GET', `/api/events/${enc}/proposal`);
  const names = ev.players.filter((x) => x.status === 'active').map((x) => x.name);
  const pick = (value, cls, label) => h('select', { class: cls, 'aria-label': label }, h('option', { value: '' }, '—'), names.map((n) => h('option', { value: n, selected: n === value }, n)));
  const seat = (i, c) => `${t('event.board')} ${i + 1} · ${t('color.' + c)}`;
  const rows = p.games.map((g, i) => [i + 1, pick(g.black, 'prop-black', seat(i, 'black')), pick(g.white, 'prop-white', seat(i, 'white'))]);
  const byes = h('input', { value: p.byes.join(', '), id: 'prop-byes' });
  const form = h('form', { id: 'proposal-form', onsubmit: (e) => {
    e.preventDefault();
    const bs = [...box.querySelectorAll('.prop-black')].map((x) => x.value);
    const ws = [...box.querySelectorAll('.prop-white')].map((x) => x.value);
    const gamesOut = bs.map((b, i) => [b, ws[i]]).filter(([b, w]) => b && w);
    attempt(async () => {
      await api('POST', `/api/events/${enc}/rounds/amended`, { games: gamesOut, byes: byes.value.split(/[,，]/).map((x) => x.trim()).filter(Boolean) });
      location.reload();
    });
  } }, table([t('event.board'), t('color.black'), t('color.white')], rows, t('event.proposal_caption')),
  field(t('event.byes_label'), byes), h('button', { type: 'submit', id: 'pair-amended' }, t('event.pair_as_shown')));
  box.replaceChildren(form);
}

// ----- the game page -----

// Sending a command to a game. Each names the sequence number of the state the person acted
// on; when another command took that number first (two players confirming at once), the
// server answers 409 "stale" with the game's state. An agreement that still applies to the
// new state — a confirmation of the same result, accepting the end or the same marking, a
// recount of the same count — is sent again for the new number; anything else, a move above
// all, is not, and the person is told what changed.

const RESENDABLE = ['confirm', 'accept_end', 'accept_marking', 'request_recount', 'record_recount'];

function resultText(v) { return v && v.result ? v.result.text : null; }

// Whether `action`, decided on the view `seen`, means the same on the view `now`.
function stillApplies(action, seen, now) {
  if (!RESENDABLE.includes(action.type) || now.seq < seen.seq) return false;
  const sameResult = resultText(seen) !== null && resultText(seen) === resultText(now);
  switch (action.type) {
    case 'confirm': return now.phase === 'decided' && sameResult;
    // Art. 16.4: a recount is for a counted result not yet confirmed.
    case 'request_recount':
    case 'record_recount': return now.phase === 'decided' && !!now.may_recount && sameResult;
    // Art. 13.2: the end the opponent proposed, on the same board.
    case 'accept_end': return now.phase === 'play' && !!now.end_proposed_by && now.end_proposed_by !== seen.you
      && now.moves === seen.moves;
    // Art. 8: the same marking, not accepted yet.
    case 'accept_marking': return now.phase === 'counting' && [...now.marking].sort().join() === [...seen.marking].sort().join()
      && !(seen.you && now.marking_accepted && now.marking_accepted[seen.you]);
    default: return false;
  }
}

// What happened between `seen` and `now`: the record's new entries, else the new state.
function changes(seen, now) {
  const fresh = (now.log || []).filter((e) => e.index >= seen.seq).map((e) => (LANG === 'zh' ? e.zh : e.en));
  return fresh.length ? fresh.join(LANG === 'zh' ? '；' : '; ') : t('phase.' + now.phase);
}

// The name of a command, as its button says it.
function actionName(a) {
  switch (a.type) {
    case 'play': return `${t('game.play')} ${a.point}`;
    case 'pass': return t('game.pass');
    case 'propose_end': return t('game.propose_end');
    case 'accept_end': return t('game.accept_end');
    case 'resign': return t('game.resign');
    case 'request_lost_turn': return t('game.lost_turn');
    case 'mark_dead': return t('game.send_marking');
    case 'accept_marking': return t('game.accept_marking');
    case 'request_recount': return t('game.recount');
    case 'record_recount': return t('ref.recount');
    case 'confirm': return t('game.confirm');
    case 'dispute': return t('ref.dispute');
    case 'ruling': return a.ruling === 'discipline' ? t(a.penalty === 'loss' ? 'ref.loss' : 'ref.warning') : t('ref.' + a.ruling);
    // The referee's other commands: adjudicate, pause, resume.
    default: return t('ref.' + a.type);
  }
}

// Sends `action` (as `as`, for an official) to game `gid`, decided on the view `seen`.
// `reload(state)` takes the state a stale answer carries, brings the view up to date and
// returns it. Resolves to `{ sent, resent, what }`: `sent` false when the game changed so
// that the action no longer applies (`what` says how); other refusals are thrown.
async function sendAction(gid, seen, action, as, reload) {
  let seq = seen.seq, resent = false, what = '';
  for (let tries = 0; tries < 4; tries++) {
    try {
      await api('POST', `/api/games/${gid}/actions`, { seq, action, as: as || undefined });
      return { sent: true, resent, what };
    } catch (e) {
      if (!(e.status === 409 && e.body && e.body.error === 'stale' && e.body.state)) throw e;
      const now = await reload(e.body.state);
      what = changes(seen, now);
      if (!stillApplies(action, seen, now)) return { sent: false, resent, what };
      seq = now.seq; resent = true;
    }
  }
  return { sent: false, resent, what };
}

// Tells the person how a command sent through `sendAction` went, when it did not simply land.
function toldHow(r, action) {
  if (!r.sent) toast(t('game.stale_not_sent', { action: actionName(action), what: r.what }), true);
  else if (r.resent) toast(t('game.stale_resent', { action: actionName(action), what: r.what }));
}

function connect(onMessage, onOpen) {
  let ws, tries = 0;
  const open = () => {
    ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`);
    ws.onopen = () => {
      tries = 0; setConn(true);
      // The credentials go in the first message, never in the URL (which logs keep).
      if (auth.token || SECRET) ws.send(JSON.stringify({ type: 'auth', token: auth.token || undefined, secret: SECRET || undefined }));
      onOpen(ws);
    };
    ws.onmessage = (m) => { try { onMessage(JSON.parse(m.data)); } catch (e) { console.error(e); } };
    ws.onclose = () => { setConn(false); setTimeout(open, Math.min(10000, 500 * 2 ** tries++)); };
  };
  const setConn = (ok) => { const c = document.getElementById('conn'); if (c) { c.textContent = ok ? t('conn.live') : t('conn.lost'); c.className = ok ? 'ok' : 'bad'; } };
  open();
  return () => ws;
}

pages.game = async function () {
  const id = Number(ID);
  let view = null, readAt = 0;
  const boardBox = h('div', { class: 'board-box' });
  const clocks = { black: h('div', { class: 'clock', id: 'clock-black' }), white: h('div', { class: 'clock', id: 'clock-white' }) };
  const status = h('p', { id: 'status', 'aria-live': 'polite' });
  const controls = h('div', { id: 'controls', class: 'buttons' });
  const log = h('ol', { id: 'log', reversed: true });
  const calls = h('ul', { id: 'calls', 'aria-live': 'assertive' });
  const coord = h('input', { id: 'coord', size: 5, autocomplete: 'off', 'aria-describedby': 'coord-help', placeholder: 'D4' });
  let marking = null; // the dead stones being marked, a Set of vertices
  let ghost = null; // confirm-move: the point tapped once, not played yet
  let movesSeen = null; // for the stone's sound
  const explain = h('div', { id: 'count-explained', class: 'count-explained', hidden: true });
  // The move list and the review: `review` is the number of moves shown, null for live.
  let review = null, listed = -1;
  const moveList = h('ol', { id: 'move-list', class: 'move-list' });
  const reviewNote = h('p', { id: 'review-note', class: 'review-note', 'aria-live': 'polite' });
  const goTo = (k) => {
    if (!view) return;
    const total = view.history.length;
    const n = Math.max(0, Math.min(total, k));
    review = n >= total ? null : n;
    ghost = null;
    render();
  };
  const shown = () => (review === null ? view.history.length : review);
  const nav = (id, label, fn) => h('button', { type: 'button', id, class: 'nav', 'aria-label': label, title: label, onclick: fn }, label);
  const moves = h('div', { id: 'moves', class: 'moves' },
    h('div', { class: 'buttons nav-buttons' },
      nav('nav-first', t('review.first'), () => goTo(0)),
      nav('nav-prev', t('review.prev'), () => goTo(shown() - 1)),
      nav('nav-next', t('review.next'), () => goTo(shown() + 1)),
      nav('nav-last', t('review.last'), () => goTo(Infinity))),
    reviewNote, moveList);
  document.addEventListener('keydown', (e) => {
    const tag = e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'svg' || !view) return;
    const k = { ArrowLeft: shown() - 1, ArrowRight: shown() + 1, Home: 0, End: Infinity }[e.key];
    if (k === undefined) return;
    e.preventDefault(); goTo(k);
  });
  const where = h('p', { id: 'game-where', class: 'where' });

  // Commands go one after another, each for the sequence number seen when its turn comes
  // (a click while the previous command is in flight waits for it rather than being lost);
  // a stale answer is handled by `sendAction`.
  let queue = Promise.resolve();
  const send = (action) => {
    queue = queue.then(async () => {
      try {
        toldHow(await sendAction(id, view, action, null, adopt), action);
      } catch (e) {
        toast(e.message, true);
      }
      await refresh().catch(() => {});
    });
    return queue;
  };

  // The state a stale answer carries, shown at once; then the whole view read again.
  const adopt = async (state) => {
    if (view && state.seq >= view.seq) {
      view = Object.assign({}, view, state); readAt = performance.now();
      render();
    }
    await refresh().catch(() => {});
    return view;
  };

  const refresh = async () => {
    const v = await api('GET', `/api/games/${id}/view`);
    // Answers can cross: an older view never replaces a newer one.
    if (view && v.seq < view.seq) return;
    view = v; readAt = performance.now();
    if (movesSeen !== null && view.moves > movesSeen) sound.stone();
    movesSeen = view.moves;
    if (view.phase !== 'counting') marking = null;
    else if (marking === null) marking = new Set(view.marking.length ? view.marking : view.machine_marking);
    render();
  };

  const mine = () => view && view.you;
  const myTurn = () => mine() && view.phase === 'play' && view.to_move === mine() && !view.paused;

  const onPoint = (x, y, via) => {
    if (!view) return;
    const v = vertex(view.settings.size, x, y);
    // Art. 14: while the clocks are stopped nothing is played; say so rather than ignore it.
    if (mine() && view.phase === 'play' && view.paused) { toast(t('game.paused_click'), true); return; }
    if (view.phase === 'counting' && mine()) {
      const row = view.board[y];
      if (row[x] === '.') return;
      // One stone marks its group (Art. 8): toggle the whole group.
      const group = groupOf(view.board, x, y).map(([a, b]) => vertex(view.settings.size, a, b));
      const on = !marking.has(v);
      for (const g of group) { if (on) marking.add(g); else marking.delete(g); }
      render();
      return;
    }
    if (!myTurn()) return;
    // Confirm-move: a tap places a ghost stone; a tap on it plays (a key plays at once).
    if (via === 'pointer' && confirmMove.on && (!ghost || ghost.point !== v)) {
      if (view.board[y][x] !== '.') return;
      ghost = { point: v, color: view.to_move };
      render();
      return;
    }
    ghost = null;
    send({ type: 'play', point: v });
  };

  const render = () => {
    if (!view) return;
    const size = view.settings.size;
    if (view.seat_link_invalid) {
      const note = document.getElementById('seat-note');
      if (note && !note.classList.contains('bad')) { note.textContent = t('game.seat_link_invalid'); note.className = 'bad'; }
    }
    const dead = view.phase === 'counting' ? [...(marking || [])] : (view.phase === 'decided' || view.phase === 'final') ? view.marking : [];
    if (ghost && (!myTurn() || ghost.color !== view.to_move)) ghost = null;
    if (review !== null && review >= view.history.length) review = null;
    if (review === null) {
      const owner = view.count && view.phase !== 'counting' ? view.count.owner : null;
      const unsure = view.phase === 'counting' ? view.machine_unsure || [] : [];
      drawBoard(boardBox, size, view.board, { last: view.last_move, dead, owner, ghost, unsure, onPoint: mine() ? onPoint : null });
    } else {
      // The game as it stood after move `review`, with the rulings made there.
      const last = review ? view.history[review - 1] : null;
      drawBoard(boardBox, size, replayTo(view.start, view.history, review), { last });
    }
    if (listed !== view.history.length) {
      listed = view.history.length;
      moveList.replaceChildren(...view.history.map((m, i) => h('li', {}, h('button', { type: 'button', class: 'move', 'data-n': i + 1,
        onclick: () => goTo(i + 1) }, `${i + 1}. ${t('color.' + m.color)} ${m.point === 'pass' ? t('game.pass') : m.point}`))));
    }
    const at = shown();
    for (const b of moveList.querySelectorAll('button.move')) b.classList.toggle('current', Number(b.dataset.n) === at);
    const rulings = view.log.filter((e) => e.after_move === at && e.article).map((e) => (LANG === 'zh' ? e.zh : e.en));
    reviewNote.textContent = (review === null ? '' : t('review.at', { n: at, total: view.history.length }) + (rulings.length ? ' · ' : '')) +
      (review === null ? '' : rulings.join(LANG === 'zh' ? '；' : '; '));
    // The big call is for play in progress: gone once the game ends or the clocks stop.
    if (view.phase !== 'play' || view.paused) document.getElementById('call-now').textContent = '';
    // Hints only where they apply: to a player, while there is something to play or mark.
    const helps = !!mine() && (view.phase === 'play' || view.phase === 'counting');
    for (const hid of ['board-help', 'coord-help']) { const e = document.getElementById(hid); if (e) e.hidden = !helps || (hid === 'coord-help' && view.phase !== 'play'); }
    // The columns of this board (A–J on 9×9, A–T on 19×19).
    const coordHelp = document.getElementById('coord-help');
    if (coordHelp) coordHelp.textContent = t('game.coord_help', { last: LETTERS[view.settings.size - 1] });
    const ghostNote = document.getElementById('ghost-note');
    if (ghostNote) ghostNote.textContent = ghost ? t('game.ghost', { point: ghost.point }) : '';
    if (view.count) {
      explain.hidden = false;
      explain.replaceChildren(h('h3', {}, t('count.title')), h('ol', {}, countLines(view).map((l) => h('li', {}, l))));
    } else explain.hidden = true;
    for (const c of ['black', 'white']) {
      const n = view.names[c];
      clocks[c].classList.toggle('running', view.clock.running === c);
      clocks[c].replaceChildren(
        h('div', { class: 'who' }, h('span', { class: 'dot ' + c, 'aria-hidden': 'true' }), `${t('color.' + c)} · ${n.name} ${n.rank}`,
          mine() === c ? h('strong', {}, ' ' + t('game.you')) : null),
        h('div', { class: 'time', role: 'timer', 'data-label': t('clock.of', { color: t('color.' + c) }) }, ''),
        h('div', { class: 'hint' }, t('game.captures', { n: view.captures[c] }), ' · ', t(view.warnings[c] === 1 ? 'game.warning_one' : 'game.warnings', { n: view.warnings[c] })));
    }
    tick();
    let st = t('phase.' + view.phase);
    if (view.phase === 'play') st += ' · ' + t('game.to_move', { color: t('color.' + view.to_move) }) + (view.paused ? ' · ' + t('game.paused') : '');
    if (view.end_proposed_by) st += ' · ' + t('game.end_proposed', { color: t('color.' + view.end_proposed_by) });
    if (view.result) st += ' · ' + (LANG === 'zh' ? view.result.zh : view.result.text);
    const watching = document.getElementById('viewers');
    if (watching) watching.textContent = t('live.watching', { n: view.viewers ?? 0 });
    // The count as the explanation ends it: stones, territory, half the dame and the
    // warnings' stones (Art. 9, 24), never the bare stones and territory beside it.
    if (view.count) st += ' · ' + t('game.count', { black: quarters(view.count.quarters.black), white: quarters(view.count.quarters.white) });
    if (view.phase === 'counting') st += ' · ' + t('game.accepted', { black: view.marking_accepted.black ? '✓' : '…', white: view.marking_accepted.white ? '✓' : '…' });
    status.textContent = st;
    renderControls();
    log.replaceChildren(...view.log.slice().reverse().map((e) => h('li', { class: e.overruled ? 'overruled' : '' },
      ((text) => text + (e.article && !text.includes(art(e.article)) ? ` (${art(e.article)})` : ''))(LANG === 'zh' ? e.zh : e.en))));
  };

  let controlsShown = '';
  const renderControls = () => {
    const me = mine();
    // The buttons are rebuilt only when they change, so focus and a press in progress stay.
    const shown = JSON.stringify([view.phase, me, view.end_proposed_by, myTurn(), view.settings.lost_turn_on_timeout, view.may_recount]);
    if (shown === controlsShown) return;
    controlsShown = shown;
    const focusedId = controls.contains(document.activeElement) ? document.activeElement.id : null;
    const b = (label, fn, idName, cls) => h('button', { type: 'button', id: idName, class: cls, onclick: fn }, label);
    const list = [];
    if (me && view.phase === 'play') {
      const form = h('form', { class: 'inline', onsubmit: (e) => {
        e.preventDefault();
        const p = parseVertex(size(), coord.value);
        if (!p) { toast(t('game.bad_coord', { v: coord.value }), true); return; }
        send({ type: 'play', point: vertex(size(), p[0], p[1]) });
        coord.value = '';
      } }, field(t('game.coord'), coord), h('button', { type: 'submit', id: 'play-coord', disabled: !myTurn() }, t('game.play')));
      list.push(form);
      list.push(b(t('game.pass'), () => send({ type: 'pass' }), 'pass'));
      list.push(b(t('game.propose_end'), () => send({ type: 'propose_end' }), 'propose-end'));
      if (view.end_proposed_by && view.end_proposed_by !== me) list.push(b(t('game.accept_end'), () => send({ type: 'accept_end' }), 'accept-end', 'primary'));
      list.push(b(t('game.resign'), () => { if (confirm(t('game.resign_confirm'))) send({ type: 'resign' }); }, 'resign', 'danger'));
      // Art. 16: a player may ask the time left.
      list.push(b(t('game.ask_time'), () => attempt(async () => voice.answer(await api('GET', `/api/games/${id}/time-left?color=${me}`))), 'ask-time'));
      if (view.settings.lost_turn_on_timeout) list.push(b(t('game.lost_turn'), () => send({ type: 'request_lost_turn' }), 'lost-turn'));
    }
    if (me && view.phase === 'counting') {
      list.push(h('p', { class: 'hint' }, t('game.mark_help')));
      list.push(b(t('game.send_marking'), () => send({ type: 'mark_dead', points: [...marking] }), 'send-marking', 'primary'));
      list.push(b(t('game.accept_marking'), () => send({ type: 'accept_marking' }), 'accept-marking'));
      const opp = me === 'black' ? 'white' : 'black';
      list.push(b(t('game.dispute_dead'), () => send({ type: 'dispute', claims_dead: me }), 'dispute-dead'));
      list.push(b(t('game.dispute_alive'), () => send({ type: 'dispute', claims_dead: opp }), 'dispute-alive'));
      list.push(b(t('game.resign'), () => { if (confirm(t('game.resign_confirm'))) send({ type: 'resign' }); }, 'resign', 'danger'));
    }
    if (me && view.phase === 'decided') {
      list.push(b(t('game.confirm'), () => send({ type: 'confirm' }), 'confirm', 'primary'));
      // Art. 16.4: only a result reached by counting is recounted.
      if (view.may_recount) list.push(b(t('game.recount'), () => send({ type: 'request_recount' }), 'recount'));
    }
    list.push(h('a', { href: `/api/games/${id}/sgf`, download: `game-${id}.sgf`, class: 'button', id: 'sgf' }, t('game.sgf')));
    controls.replaceChildren(...list);
    if (focusedId) document.getElementById(focusedId)?.focus();
  };
  const size = () => view.settings.size;

  const tick = () => {
    if (!view) return;
    // The clock crate's reading moved on by its own rule (clock.js), in the server's time.
    const at = view.clock.at + (performance.now() - readAt);
    const now = clockAt(view.clock, view.clock.at, at);
    for (const c of ['black', 'white']) {
      const el = clocks[c].querySelector('.time');
      if (el) showClock(el, now[c], at);
    }
  };
  setInterval(tick, 250);

  const me = SECRET ? t('game.seat_link') : auth.token ? '' : t('game.spectator');
  const comforts = h('div', { class: 'comforts', id: 'comforts' },
    setting('opt-confirm', t('game.opt_confirm'), confirmMove, () => { ghost = null; render(); }),
    setting('opt-sound', t('game.opt_sound'), sound));
  setMain(
    where,
    h('p', { class: 'hint' }, h('span', { id: 'conn' }, ''), ' ', h('span', { id: 'seat-note' }, me), ' · ', h('span', { id: 'viewers' })),
    h('div', { class: 'game' },
      h('div', { class: 'left' }, boardBox,
        h('p', { id: 'ghost-note', class: 'ghost-note', 'aria-live': 'polite' }),
        h('p', { id: 'board-help', class: 'hint' }, t('board.help'), ' ', h('span', { id: 'cursor-status', 'aria-live': 'polite' })),
        explain),
      h('div', { class: 'right' }, h('div', { class: 'clocks' }, clocks.black, clocks.white), status,
        h('p', { id: 'call-now', class: 'call-now', 'aria-live': 'assertive' }),
        h('p', { id: 'time-answer', class: 'time-answer', 'aria-live': 'assertive' }), controls,
        h('span', { id: 'coord-help', class: 'hint' }, t('game.coord_help')),
        moves,
        voice.controls(), comforts,
        h('details', { open: true }, h('summary', {}, t('game.calls')), calls),
        h('details', {}, h('summary', {}, t('game.log')), log))));
  try { await refresh(); } catch (e) { setMain(h('p', { class: 'bad' }, e.message)); return; }
  document.getElementById('page-title').textContent = `${view.names.black.name} ${t('vs')} ${view.names.white.name}`;
  // The event, round and board the game is played on, named and linked.
  if (view.event) {
    const ev = await api('GET', `/api/events/${encodeURIComponent(view.event)}`).catch(() => null);
    where.replaceChildren(h('a', { href: `/events/${encodeURIComponent(view.event)}`, id: 'game-event' }, ev && ev.name ? ev.name : view.event),
      ' · ', t('game.where', { round: view.round || '?', board: view.board_no || '?' }));
  }
  // Confirm-move is for the player's own taps.
  comforts.querySelector('#opt-confirm').parentElement.hidden = !mine();
  connect((m) => {
    if (m.game !== id) return;
    // A call (Art. 12.3) is the server's clock moving to its next step: read it again, so
    // the face starts from the crate's state at each period.
    if (m.type === 'call') { voice.say(m); refresh().catch(() => {}); }
    else if (m.type === 'event' || m.type === 'state') refresh().catch(() => {});
  }, (ws) => {
    ws.send(JSON.stringify({ type: 'subscribe', game: id }));
    // The viewer count counts this page once it listens; read again now and then.
    setTimeout(() => refresh().catch(() => {}), 400);
  });
  setInterval(() => { if (!document.hidden) refresh().catch(() => {}); }, 15000);
};

// The position after the first `k` moves of `history` from `start` (Art. 4: a stone with
// no liberty left is taken off), for the review of a game.
function replayTo(start, history, k) {
  const b = start.map((r) => [...r]), n = b.length;
  const on = (x, y) => x >= 0 && y >= 0 && x < n && y < n;
  for (let i = 0; i < k && i < history.length; i++) {
    const m = history[i];
    const p = m.point === 'pass' ? null : parseVertex(n, m.point);
    if (!p) continue;
    const me = m.color === 'black' ? 'X' : 'O', opp = me === 'X' ? 'O' : 'X';
    b[p[1]][p[0]] = me;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const x = p[0] + dx, y = p[1] + dy;
      if (!on(x, y) || b[y][x] !== opp) continue;
      const g = groupOf(b.map((r) => r.join('')), x, y);
      const free = g.some(([a, c]) => [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([ex, ey]) => on(a + ex, c + ey) && b[c + ey][a + ex] === '.'));
      if (!free) for (const [a, c] of g) b[c][a] = '.';
    }
  }
  return b.map((r) => r.join(''));
}

function groupOf(rows, x, y) {
  const c = rows[y][x], n = rows.length, seen = new Set([x + ',' + y]), out = [[x, y]];
  for (let i = 0; i < out.length; i++) {
    const [a, b] = out[i];
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const p = a + dx, q = b + dy;
      if (p < 0 || q < 0 || p >= n || q >= n || seen.has(p + ',' + q) || rows[q][p] !== c) continue;
      seen.add(p + ',' + q); out.push([p, q]);
    }
  }
  return out;
}

// ----- clock only (Art. 12.1: the tablet is the electronic voice clock) -----

// One board's clock: what happened to it (kept on this device, with the device's instants),
// the clock crate's latest reading of it (`/clock/plan`), and the timers of its calls. It runs
// and calls whether or not it is on screen, independently of every other board's clock.
function boardClock(st, hooks) {
  const bc = { st, plan: null, timers: [], calls: [], last: null };
  // Asks the clock crate (through the server) for the clocks now and the calls to come.
  bc.ask = async () => {
    const r = await fetch('/clock/plan', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ time: st.time, ops: st.ops, now: Date.now(), horizon_ms: 180000, lost_turn_on_timeout: !!st.lost_turn }) });
    const j = await r.json();
    if (!r.ok) throw new Error(j.message);
    if (bc.gone) return;
    bc.plan = j;
    for (const x of bc.timers) clearTimeout(x);
    bc.timers = j.calls.map((c) => setTimeout(() => bc.call(c), Math.max(0, c.at - Date.now())));
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
    const at = Math.max(bc.plan.at, Date.now());
    return [clockAt(bc.plan, bc.plan.at, at), at];
  };
  return bc;
}

pages.clock = function () {
  const params = new URLSearchParams(location.search);
  // Every board clock of this device, in the order they were added. A device that kept one
  // clock under the old key keeps it as its first board.
  const KEY = 'weiqi.clocks';
  let kept = JSON.parse(localStorage.getItem(KEY) || 'null');
  const old = kept ? null : JSON.parse(localStorage.getItem('weiqi.clock') || 'null');
  if (!kept) kept = old ? [Object.assign({ id: 1, label: old.board || '' }, old)] : [];
  const save = () => localStorage.setItem(KEY, JSON.stringify(clocks.map((bc) => bc.st)));
  let view = null;
  let draw = () => {};
  const redraw = () => draw();
  // The board a clock is for, as its players and the referee call it.
  const label = (bc) => bc.st.label ? t('clock.board', { board: bc.st.label }) : t('clock.board', { board: bc.st.id });
  const called = (bc, c) => {
    const text = voice.lang === 'zh' ? c.zh : c.en;
    const line = t('call.line', { color: t('color.' + c.color), text });
    if (view && view.kind === 'open') {
      // A clock open full-screen is the one its players hear; the others call in the list.
      if (view.bc !== bc) return;
      const list = document.getElementById('calls');
      if (list) list.replaceChildren(...bc.calls.map((x) => h('li', {}, t('call.line', { color: t('color.' + x.color), text: voice.lang === 'zh' ? x.zh : x.en }))));
      const big = document.getElementById('call-now');
      if (big) big.textContent = `${t('color.' + c.color)} · ${text}`;
      voice.speak(text);
    } else if (view && view.kind === 'list') {
      const el = document.querySelector(`#clock-card-${bc.st.id} .card-call`);
      if (el) el.textContent = line;
      // Several boards call from one device: each call names its board.
      const n = bc.st.label || bc.st.id;
      voice.speak(voice.lang === 'zh' ? `第${n}台，${text}` : `Board ${n}, ${text}`, text);
    }
  };
  const hooks = { draw: redraw, save, called };
  const clocks = kept.map((st) => boardClock(st, hooks));
  // The old key's clock is kept under the new one before the old key goes.
  if (old) { save(); localStorage.removeItem('weiqi.clock'); }
  const find = (id) => clocks.find((bc) => String(bc.st.id) === String(id));
  const nextId = () => clocks.reduce((m, bc) => Math.max(m, Number(bc.st.id) || 0), 0) + 1;

  // The page's views: the set-up of a new board clock, the list of every board's clock, and
  // one clock open full-screen. The fragment names the view, so a reload or the browser's
  // Back keeps it.
  const route = () => {
    const frag = new URLSearchParams(location.hash.slice(1));
    if (frag.has('open') && find(frag.get('open'))) return openClock(find(frag.get('open')));
    if (frag.has('new') || !clocks.length) return setup();
    if (frag.has('list') || clocks.length > 1) return showList();
    return openClock(clocks[0]);
  };
  addEventListener('hashchange', () => route());
  const go = (frag) => { if (location.hash === '#' + frag) route(); else location.hash = frag; };

  const setup = () => {
    view = { kind: 'setup' };
    // What the link that opened the page asks for (none once a clock has started from it).
    const params = new URLSearchParams(location.search);
    draw = () => {};
    const lastTime = clocks.length ? clocks[clocks.length - 1].st.time : '1h+3x60s';
    const time = h('input', { id: 'c-time', value: params.get('time') || lastTime });
    const first = h('select', { id: 'c-first' }, h('option', { value: 'black' }, t('color.black')), h('option', { value: 'white' }, t('color.white')));
    const board = h('input', { id: 'c-board', value: params.get('board') || String(nextId()), size: 6 });
    const b = h('input', { id: 'c-black', value: params.get('black') || '' });
    const w = h('input', { id: 'c-white', value: params.get('white') || '' });
    const lostOk = h('input', { type: 'checkbox', id: 'c-lost-allowed', checked: params.get('lost_turn') === '1' });
    setMain(h('p', {}, t('clock.intro')),
      h('form', { id: 'clock-setup', onsubmit: (e) => {
        e.preventDefault();
        const st = { id: nextId(), label: board.value.trim(), time: time.value, names: { black: b.value, white: w.value },
          ops: [{ op: 'start', at: Date.now(), color: first.value }], lost_turn: lostOk.checked,
          event: params.get('event'), round: params.get('round'), board: params.get('board') };
        const bc = boardClock(st, hooks);
        attempt(async () => {
          await bc.ask();
          clocks.push(bc); save();
          // The set-up's parameters are used: a reload opens this clock, not a new set-up.
          history.replaceState(null, '', '/clock#open=' + st.id);
          route();
        });
      } }, field(t('clock.board_field'), board), field(t('event.time'), time), field(t('clock.first'), first),
      field(t('color.black'), b), field(t('color.white'), w),
      h('div', { class: 'field check' }, lostOk, h('label', { for: 'c-lost-allowed' }, t('round.lost_turn'))),
      voice.controls(),
      h('div', { class: 'buttons' }, h('button', { type: 'submit', id: 'c-start', class: 'primary' }, t('clock.start')),
        clocks.length ? h('button', { type: 'button', id: 'c-cancel', onclick: () => go('list') }, t('clock.all', { n: clocks.length })) : null)));
  };

  // Every board's clock, small: each board's two faces, its last call, a pause for the
  // referee (Art. 14), and the clock opened full-screen by a tap.
  const showList = () => {
    view = { kind: 'list' };
    const cards = clocks.map((bc) => {
      const mini = (c) => h('div', { class: 'mini ' + c },
        h('span', { class: 'who' }, t('color.' + c) + (bc.st.names[c] ? ' · ' + bc.st.names[c] : '')),
        h('span', { class: 'time', role: 'timer', 'data-label': t('clock.of', { color: t('color.' + c) }) }));
      return h('li', { class: 'clock-card', id: 'clock-card-' + bc.st.id, 'data-id': bc.st.id },
        h('h3', {}, h('a', { href: '#open=' + bc.st.id, class: 'open-clock', 'aria-label': t('clock.open', { board: label(bc) }) }, label(bc)),
          bc.st.event ? h('span', { class: 'hint' }, ' ' + t('clock.for_board', { event: bc.st.event, round: bc.st.round, board: bc.st.board })) : null),
        h('div', { class: 'minis', onclick: () => go('open=' + bc.st.id) }, mini('black'), mini('white')),
        h('p', { class: 'card-call', 'aria-live': 'polite' }, bc.last ? t('call.line', { color: t('color.' + bc.last.color), text: voice.lang === 'zh' ? bc.last.zh : bc.last.en }) : ''),
        h('div', { class: 'buttons' },
          h('button', { type: 'button', class: 'card-pause', onclick: () => {
            if (!bc.plan) return;
            if (bc.plan.paused) bc.op({ op: 'resume' }); else if (bc.plan.running) bc.op({ op: 'pause' });
          } }),
          h('button', { type: 'button', class: 'card-open primary', onclick: () => go('open=' + bc.st.id) }, t('clock.open_short'))));
    });
    setMain(h('p', { class: 'hint' }, t('clock.list_help')),
      h('ul', { class: 'clock-cards', id: 'clock-cards' }, cards),
      h('div', { class: 'buttons' }, h('button', { type: 'button', id: 'c-add', class: 'primary', onclick: () => go('new') }, t('clock.add')),
        voice.controls()));
    draw = () => {
      for (const bc of clocks) {
        const card = document.getElementById('clock-card-' + bc.st.id);
        if (!card || !bc.plan) continue;
        const [now, at] = bc.now();
        for (const c of ['black', 'white']) {
          const el = card.querySelector(`.mini.${c}`);
          const flag = bc.plan.flag && bc.plan.flag.color === c;
          el.classList.toggle('running', bc.plan.running === c && !bc.plan.paused);
          el.classList.toggle('flagged', !!flag);
          showClock(el.querySelector('.time'), flag ? Object.assign({}, now[c], { flagged: true }) : now[c], at);
        }
        card.querySelector('.card-pause').textContent = bc.plan.paused ? t('clock.resume_short') : t('clock.pause_short');
        card.querySelector('.card-pause').disabled = !bc.plan.paused && !bc.plan.running;
        // The call is for a clock that runs.
        if (bc.plan.paused) card.querySelector('.card-call').textContent = '';
      }
    };
    draw();
  };

  // One board's clock full-screen: the faces turned toward their players on a device lying
  // between them, the calls, Art. 14's pause, Art. 16's answer, Art. 22.5's choice, the result.
  const openClock = (bc) => {
    view = { kind: 'open', bc };
    const st = bc.st;
    const face = (c) => h('button', { type: 'button', class: 'face ' + c, id: 'face-' + c,
      onclick: () => { if (bc.plan && bc.plan.running === c) bc.op({ op: 'press', color: c }); } });
    const faces = { black: face('black'), white: face('white') };
    const pause = h('button', { type: 'button', id: 'c-pause', onclick: () => {
      if (bc.plan.paused) bc.op({ op: 'resume' }); else if (bc.plan.running) bc.op({ op: 'pause' });
    } });
    // Art. 16: the player asks the time left (the side whose clock runs; both when none does).
    const askTime = h('button', { type: 'button', id: 'c-ask', onclick: () => attempt(async () => {
      await bc.ask(); draw();
      const plan = bc.plan;
      const sides = plan.running ? [plan.running] : ['black', 'white'];
      for (const c of sides) voice.answer(plan.answers[c], c);
      if (sides.length > 1) document.getElementById('time-answer').textContent = sides.map((c) => t('call.line', { color: t('color.' + c), text: voice.lang === 'zh' ? plan.answers[c].zh : plan.answers[c].en })).join(' · ');
    }) }, t('game.ask_time'));
    // Art. 22.5: the flag fell in the last byo-yomi period; where the event allows it the
    // player may ask that it count as one lost turn instead of a loss.
    const lostBtn = h('button', { type: 'button', id: 'c-lost-turn', class: 'primary', 'aria-describedby': 'c-lost-text', onclick: () => {
      document.getElementById('call-now').textContent = '';
      bc.op({ op: 'lost_turn' });
    } }, t('clock.lost_turn'));
    const lostBox = h('div', { id: 'c-lost', class: 'lost-turn', hidden: true }, h('p', { id: 'c-lost-text' }), lostBtn);
    const record = h('ul', { id: 'c-record' });
    const result = h('input', { id: 'c-result', placeholder: 'B+R, W+3.5, 0', size: 16 });
    const forget = () => {
      bc.stop();
      clocks.splice(clocks.indexOf(bc), 1);
      save();
      history.replaceState(null, '', '/clock');
      route();
    };
    const end = h('form', { id: 'c-end', class: 'inline', onsubmit: (e) => {
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
        h('button', { type: 'button', id: 'c-list', class: 'small', onclick: () => go('list') }, t('clock.all', { n: clocks.length })),
        h('span', { class: 'clock-board', id: 'c-board-name' }, label(bc)), full),
      h('p', { class: 'hint' }, t('clock.help')),
      h('div', { class: 'faces' }, faces.black, faces.white),
      h('p', { id: 'call-now', class: 'call-now', 'aria-live': 'assertive' }),
      lostBox,
      h('p', { id: 'time-answer', class: 'time-answer', 'aria-live': 'assertive' }),
      h('div', { class: 'buttons' }, pause, askTime, voice.controls()),
      h('details', { open: true }, h('summary', {}, t('game.calls')),
        h('ul', { id: 'calls', 'aria-live': 'off' }, bc.calls.map((x) => h('li', {}, t('call.line', { color: t('color.' + x.color), text: voice.lang === 'zh' ? x.zh : x.en }))))),
      h('details', { open: true, id: 'c-record-box', hidden: true }, h('summary', {}, t('game.log')), record),
      end,
      h('button', { type: 'button', class: 'danger', id: 'c-remove', onclick: () => { if (confirm(t('clock.reset_confirm'))) forget(); } }, t('clock.reset')));

    draw = () => {
      const plan = bc.plan;
      if (!plan) return;
      const [now, at] = bc.now();
      for (const c of ['black', 'white']) {
        const side = now[c];
        faces[c].classList.toggle('running', plan.running === c);
        const name = (st.names[c] || '') ? ` · ${st.names[c]}` : '';
        const flag = plan.flag && plan.flag.color === c;
        // The running time and what follows it, each on one line (never wrapped).
        const [main, extra] = flag ? [t('clock.flag'), ''] : clockParts(side);
        faces[c].replaceChildren(h('span', { class: 'who' }, t('color.' + c) + name),
          ((el) => { faceData(el, side, at); return el; })(h('span', { class: 'time' }, h('span', { class: 'main' }, main), ' ', h('span', { class: 'extra' }, extra))),
          h('span', { class: 'hint' }, plan.running === c ? t('clock.press_hint') : ''));
        faces[c].setAttribute('aria-label', `${t('color.' + c)}${name}: ${flag ? t('clock.flag') : clockText(side)}`);
      }
      pause.textContent = plan.paused ? t('clock.resume') : t('clock.pause');
      // The big call is for a clock that runs.
      if (plan.paused && !plan.flag) document.getElementById('call-now').textContent = '';
      const lost = document.getElementById('c-lost');
      const offer = !!(plan.flag && plan.flag.lost_turn_allowed);
      const was = !lost.hidden;
      lost.hidden = !offer;
      if (offer && !was) {
        document.getElementById('c-lost-text').textContent = t('clock.lost_turn_offer', { color: t('color.' + plan.flag.color) });
        lostBtn.focus();
      }
      document.getElementById('c-record-box').hidden = !plan.lost_turns.length;
      if (record.children.length !== plan.lost_turns.length) {
        record.replaceChildren(...plan.lost_turns.map((x) => h('li', {},
          t('clock.lost_turn_line', { color: t('color.' + x.color), time: new Date(x.at).toLocaleTimeString(LANG === 'zh' ? 'zh-CN' : 'en-GB') }))));
      }
    };
    draw();
  };

  // Space ends the move of the clock open full-screen.
  document.addEventListener('keydown', (e) => {
    if (!view || view.kind !== 'open' || e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
    const plan = view.bc.plan;
    if (e.key === ' ' && plan && plan.running) { e.preventDefault(); view.bc.op({ op: 'press', color: plan.running }); }
  });
  // A board named by the link that opened the page (the event page's) is opened if this
  // device already runs its clock; otherwise the link sets up a new one.
  if (params.get('event') && params.get('board')) {
    const same = clocks.find((bc) => bc.st.event === params.get('event') && String(bc.st.round) === params.get('round') && String(bc.st.board) === params.get('board'));
    if (same) history.replaceState(null, '', '/clock#open=' + same.st.id);
    else if (!location.hash) history.replaceState(null, '', location.pathname + location.search + '#new');
  } else if (params.get('time') && !location.hash) {
    history.replaceState(null, '', location.pathname + location.search + '#new');
  }
  attempt(async () => {
    await Promise.all(clocks.map((bc) => bc.ask().catch((e) => toast(`${label(bc)}: ${e.message}`, true))));
    route();
    setInterval(redraw, 200);
  });
};

// ----- the referee console -----

const ARTICLES = ['7.2', '8', '9', '12.3', '12.4', '13.1', '13.2', '14', '16.4', '17.1', '17.2', '17.3', '17.4', '17.5', '18', '19', '20', '21.4', '22.1', '22.5', '23', '24.1'];

pages.referee = async function () {
  const enc = encodeURIComponent(ID);
  if (!auth.token) { setMain(h('p', {}, h('a', { href: '/login?next=' + encodeURIComponent(location.pathname) }, t('home.login_to_create')))); return; }
  const me = await attempt(() => api('GET', `/api/events/${enc}/me`));
  const roles = (me && me.roles) || [];
  const as = roles.includes('chief_referee') ? 'chief_referee' : roles.includes('referee') ? 'referee' : null;
  const games = (await attempt(() => api('GET', `/api/games?event=${enc}`))) || [];
  const views = {};
  const rows = {};
  const body = h('tbody', {});
  const readAt = {};
  for (const g of games) {
    rows[g.game] = h('tr', { id: 'ref-game-' + g.game });
    body.append(rows[g.game]);
  }
  const draw = (gid) => {
    const v = views[gid];
    if (!v) return;
    const now = clockAt(v.clock, v.clock.at, v.clock.at + (performance.now() - readAt[gid]));
    const c = (col) => clockText(now[col]);
    rows[gid].replaceChildren(
      h('td', {}, h('a', { href: '/play/' + gid }, '#' + gid)),
      h('td', {}, t('game.round_board', { round: v.round || '?', board: v.board_no || '?' })),
      h('td', {}, `${v.names.black.name} – ${v.names.white.name}`),
      h('td', { class: 'time' }, c('black')), h('td', { class: 'time' }, c('white')),
      h('td', {}, t('phase.' + v.phase) + (v.paused ? ' · ' + t('game.paused') : '') + (v.result ? ' · ' + (LANG === 'zh' ? v.result.zh : v.result.text) : '')),
      h('td', {}, `${v.warnings.black}/${v.warnings.white}`));
  };
  const load = async (gid) => { views[gid] = await api('GET', `/api/games/${gid}/view`); readAt[gid] = performance.now(); draw(gid); };
  for (const g of games) await attempt(() => load(g.game));
  setInterval(() => Object.keys(views).forEach(draw), 500);

  // The action form.
  const gameSel = h('select', { id: 'r-game' }, games.map((g) => h('option', { value: g.game }, `#${g.game} ${t('game.round_board', { round: g.round, board: g.board })} ${g.black} – ${g.white}`)));
  const kind = h('select', { id: 'r-kind' },
    ['warning', 'void_move', 'lost_turn', 'adjudicate', 'confirm', 'recount', 'dispute', 'pause', 'resume', 'loss', 'seat_link'].map((k) => h('option', { value: k }, t('ref.' + k))));
  const side = h('select', { id: 'r-side' }, h('option', { value: 'black' }, t('color.black')), h('option', { value: 'white' }, t('color.white')));
  const point = h('input', { id: 'r-point', size: 5, placeholder: 'D4' });
  const offence = h('select', { id: 'r-offence' },
    ['talking', 'phone_sounded', 'phone_looked_at', 'disturbing', 'consulting', 'smoking', 'cheating', 'withdrawal'].map((o) => h('option', { value: o }, t('offence.' + o))));
  const outcome = h('select', { id: 'r-outcome' },
    ['black', 'white', 'draw', 'no_result', 'both_lose', 'replay'].map((o) => h('option', { value: o }, t('outcome.' + o))));
  const article = h('select', { id: 'r-article' }, ARTICLES.map((a) => h('option', { value: a }, `${art(a)} ${t('art.' + a)}`)));
  const action = () => {
    const sd = side.value;
    switch (kind.value) {
      case 'warning': return { type: 'ruling', ruling: 'discipline', side: sd, offence: offence.value, penalty: 'warning' };
      case 'loss': return { type: 'ruling', ruling: 'discipline', side: sd, offence: offence.value, penalty: 'loss' };
      case 'void_move': return { type: 'ruling', ruling: 'void_move', side: sd, point: point.value.trim().toUpperCase() };
      case 'lost_turn': return { type: 'request_lost_turn' };
      case 'confirm': return { type: 'confirm' };
      // Art. 16.4: at the board the player asks the referee, who records it.
      case 'recount': return { type: 'record_recount', asked_by: sd };
      case 'dispute': return { type: 'dispute', claims_dead: sd };
      case 'pause': return { type: 'pause' };
      case 'resume': return { type: 'resume' };
      default: {
        const o = outcome.value;
        const out = (o === 'black' || o === 'white') ? { result: 'win', winner: o, how: { by: 'adjudication' } } : { result: o };
        return { type: 'adjudicate', outcome: out, article: article.value };
      }
    }
  };
  const form = h('form', { id: 'ref-form', onsubmit: (e) => {
    e.preventDefault();
    const gid = Number(gameSel.value);
    if (kind.value === 'seat_link') {
      attempt(async () => { await newSeatLink(gid, side.value, linkBox); if (official) await seatLinkHistory(enc, history); });
      return;
    }
    attempt(async () => {
      const v = views[gid] || await api('GET', `/api/games/${gid}/view`);
      const useAs = (kind.value === 'adjudicate' && roles.includes('chief_referee')) ? 'chief_referee' : (roles.includes('referee') ? 'referee' : as);
      const act = action();
      const r = await sendAction(gid, v, act, useAs, async (state) => {
        views[gid] = Object.assign({}, views[gid] || v, state); readAt[gid] = performance.now(); draw(gid);
        await load(gid);
        return views[gid];
      });
      if (r.sent && !r.resent) toast(t('ref.done')); else toldHow(r, act);
      await load(gid);
    });
  } }, field(t('game.label'), gameSel), field(t('ref.action'), kind), field(t('ref.side'), side), field(t('ref.point'), point),
  field(t('ref.offence'), offence), field(t('ref.outcome'), outcome), field(t('ref.article'), article),
  h('button', { type: 'submit', id: 'ref-submit' }, t('ref.submit')));
  const linkBox = seatLinkBox();
  // Art. 29–31: the record of seat links issued again, for the event's officials.
  const official = as !== null || roles.includes('organizer');
  const history = h('div', { id: 'link-history' });
  if (official) await attempt(() => seatLinkHistory(enc, history));
  setMain(
    h('p', { class: 'hint' }, as ? t('ref.acting', { role: t('role.' + as) }) : t('ref.no_role'), ' ', h('span', { id: 'conn' })),
    section(t('ref.hall'), 'hall', h('div', { class: 'scroll' }, h('table', {},
      h('thead', {}, h('tr', {}, [t('game.label'), t('event.board'), t('game.players'), t('color.black'), t('color.white'), t('game.phase'), t('ref.warnings')].map((c) => h('th', { scope: 'col' }, c)))),
      body))),
    section(t('ref.act'), 'act', form, linkBox),
    official ? section(t('seat.history_all'), 'link-history-s', history) : null,
    section(t('game.calls'), 'calls-s', voice.controls(), h('ul', { id: 'calls' })));
  connect((m) => {
    if (!(m.game in rows)) return;
    if (m.type === 'call') voice.say(m);
    else attempt(() => load(m.game));
  }, (ws) => { for (const g of games) ws.send(JSON.stringify({ type: 'subscribe', game: g.game })); });
};

// ----- the challenge match page (擂台赛, Art. 26.6) -----
// The two agreed orders, who defends and who challenges, the record of bouts and the result;
// an official enters the next bout's game (who had Black, the result) or a withdrawal
// (Art. 28.4). A match that does not exist yet can be created here.
pages.challenge = async function () {
  const enc = encodeURIComponent(ID);
  const comma = LANG === 'zh' ? '、' : ', ';
  let m;
  try { m = await api('GET', `/api/challenges/${enc}`); } catch (e) {
    if (e.status !== 404) { toast(e.message, true); return; }
    const inp = (id) => h('input', { id, required: true });
    const name = inp('ch-name'), ta = inp('ch-team-a'), oa = inp('ch-order-a'), tb = inp('ch-team-b'), ob = inp('ch-order-b');
    const names = (x) => x.value.split(/[,，、]/).map((p) => p.trim()).filter(Boolean);
    setMain(section(t('challenge.create'), 'ch-create', h('form', { id: 'challenge-create', onsubmit: (ev) => {
      ev.preventDefault();
      attempt(async () => {
        await api('POST', '/api/challenges', { id: ID, name: name.value.trim(), teams: [
          { name: ta.value.trim(), order: names(oa) }, { name: tb.value.trim(), order: names(ob) }] });
        location.reload();
      });
    } }, field(t('challenge.name'), name), field(t('challenge.team_a'), ta), field(t('challenge.order_of', { team: t('challenge.team_a') }), oa),
    field(t('challenge.team_b'), tb), field(t('challenge.order_of', { team: t('challenge.team_b') }), ob),
    h('button', { type: 'submit' }, t('challenge.save')))));
    return;
  }
  const teamOf = (side) => m.teams[side === 'a' ? 0 : 1].name;
  const stage = m.on_stage || [];
  const orders = m.teams.map((team, k) => {
    const next = stage[k];
    let out = true;
    return h('div', { class: 'challenge-order', id: 'order-' + (k ? 'b' : 'a') }, h('h3', {}, team.name), h('ol', {}, team.order.map((p) => {
      if (p.name === next) out = false;
      const marks = [];
      if (p.name === next) marks.push(t('challenge.on_stage'));
      else if (out && !m.over) marks.push(t('challenge.out'));
      if (p.withdrawn) marks.push(t('challenge.withdrawn'));
      return h('li', {}, p.name, marks.length ? ' (' + marks.join(comma) + ')' : '');
    })));
  });
  let current;
  if (m.over) current = h('p', { id: 'challenge-result', class: 'big' }, m.winner ? t('challenge.winner', { team: m.winner }) : t('challenge.drawn'));
  else if (m.defender) {
    const defSide = stage[0] === m.defender ? 'a' : 'b', chSide = defSide === 'a' ? 'b' : 'a';
    current = h('p', { id: 'challenge-next' }, t('challenge.defends', { challenger: m.challenger, challenger_team: teamOf(chSide), defender: m.defender, defender_team: teamOf(defSide) }));
  } else current = h('p', { id: 'challenge-next' }, t('challenge.next', { a: stage[0], a_team: teamOf('a'), b: stage[1], b_team: teamOf('b') }));
  const rows = m.bouts.map((b) => [b.bout, b.a, b.b, b.black || '—', b.result || t('challenge.not_played'),
    t('challenge.outcome.' + b.outcome, { team: b.winner ? teamOf(b.winner) : '' })]);
  const record = rows.length ? table([t('challenge.bout'), teamOf('a'), teamOf('b'), t('color.black'), t('event.result'), ''], rows)
    : h('p', {}, t('challenge.no_bouts'));
  const forms = [];
  if (auth.token && !m.over) {
    const black = h('select', { id: 'ch-black' }, stage.map((p) => h('option', { value: p }, p)));
    const result = h('input', { id: 'ch-result', size: 8, placeholder: 'B+R', required: true });
    forms.push(section(t('challenge.enter'), 'ch-enter', h('form', { id: 'challenge-game', onsubmit: (ev) => {
      ev.preventDefault();
      attempt(async () => { await api('POST', `/api/challenges/${enc}/games`, { black: black.value, result: result.value.trim() }); location.reload(); });
    } }, field(t('challenge.black'), black), field(t('challenge.result'), result), h('button', { type: 'submit' }, t('challenge.save')))));
    const still = m.teams.flatMap((team) => team.order.filter((p) => !p.withdrawn).map((p) => p.name));
    const who = h('select', { id: 'ch-withdraw' }, still.map((p) => h('option', { value: p }, p)));
    forms.push(section(t('challenge.withdraw'), 'ch-withdraw-s', h('form', { id: 'challenge-withdraw', onsubmit: (ev) => {
      ev.preventDefault();
      attempt(async () => { await api('POST', `/api/challenges/${enc}/withdrawals`, { name: who.value }); location.reload(); });
    } }, field(t('challenge.player'), who), h('button', { type: 'submit' }, t('challenge.withdraw_button')))));
  }
  document.getElementById('page-title').textContent = t('title.challenge') + ' · ' + m.name;
  setMain(section(t('challenge.orders'), 'ch-orders', ...orders),
    section(m.over ? t('event.result') : t('challenge.current'), 'ch-current', current),
    section(t('challenge.record'), 'ch-record', record), ...forms);
};

headerInit();
(pages[PAGE] || pages.home)();
