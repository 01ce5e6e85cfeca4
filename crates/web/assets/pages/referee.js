// @ts-check
// weiqi: the referee console (Art. 29–31): the results waiting for a referee's confirmation
// (Art. 16.4, one click each, the current round's first), the games of the hall with their
// clocks and state (the current round's, or all rounds'), the form of a referee's actions
// (warnings, void moves, adjudications with their article, a recount asked for at the board,
// confirmation, pause, new seat links; only those the role may take, each with its own
// fields, and a ruling that ends a game asked about first), and the calls of every game.
import { ID, LANG, art, t } from '../env.js';
import { field, h, section, setMain, toast } from '../dom.js';
import { api, attempt, auth, connect, sendAction, toldHow } from '../api.js';
import { clockAt } from '../clock.js';
import { clockText } from '../format.js';
import { resultWords } from '../gameview.js';
import { KIND_FIELDS, consoleKinds, endsGame, refereeAction } from '../actions.js';
import { newSeatLink, seatLinkBox, seatLinkHistory } from '../seats.js';
import { voice } from '../voice.js';

/** @typedef {import('../gameview.js').GameView} GameView */
/** @typedef {import('./home.js').LiveGame} LiveGame */

/** The articles an adjudication may name. */
const ARTICLES = ['7.2', '8', '9', '12.3', '12.4', '13.1', '13.2', '14', '16.4', '17.1', '17.2', '17.3', '17.4', '17.5', '18', '19', '20', '21.4', '22.1', '22.5', '23', '24.1'];

/**
 * The hall: each game's row, its view last read and when; the round shown (null: all).
 * @typedef {{ views: Record<number, GameView>, readAt: Record<number, number>, rows: Record<number, HTMLElement>,
 *   round: number | null }} Hall
 */

export async function refereePage() {
  const enc = encodeURIComponent(ID);
  if (!auth.token) { setMain(h('p', {}, h('a', { href: '/login?next=' + encodeURIComponent(location.pathname) }, t('home.login_to_create')))); return; }
  const me = await attempt(() => api('GET', `/api/events/${enc}/me`));
  /** @type {string[]} */
  const roles = (me && me.roles) || [];
  const as = roles.includes('chief_referee') ? 'chief_referee' : roles.includes('referee') ? 'referee' : null;
  /** @type {LiveGame[]} */
  const games = (await attempt(() => api('GET', `/api/games?event=${enc}`))) || [];
  // The current round: the latest a game was started for; the console shows it alone unless
  // asked for all rounds.
  const current = games.reduce((m, g) => Math.max(m, g.round || 0), 0) || null;
  /** @type {Hall} */
  const hall = { views: {}, readAt: {}, rows: {}, round: current };
  const body = h('tbody', {});
  for (const g of games) {
    hall.rows[g.game] = h('tr', { id: 'ref-game-' + g.game, 'data-round': g.round || '' });
    body.append(hall.rows[g.game]);
  }
  for (const g of games) await attempt(() => load(hall, g.game));
  setInterval(() => Object.keys(hall.views).forEach((gid) => draw(hall, Number(gid))), 500);

  const linkBox = seatLinkBox();
  // Art. 29–31: the record of seat links issued again, for the event's officials.
  const official = as !== null || roles.includes('organizer');
  const history = h('div', { id: 'link-history' });
  const queue = h('div', { id: 'queue' });
  const refreshQueue = () => attempt(() => showQueue({ enc, hall, roles, as, queue, refresh: refreshQueue }));
  const form = actionForm({ enc, hall, games, roles, as, official, linkBox, history, refreshQueue });
  const allRounds = h('input', { type: 'checkbox', id: 'r-all-rounds' });
  allRounds.addEventListener('change', () => { hall.round = allRounds.checked ? null : current; showRound(hall, games, form); });
  if (official) await attempt(() => seatLinkHistory(enc, history));
  setMain(
    h('p', { class: 'hint' }, as ? t('ref.acting', { role: t('role.' + as) }) : t('ref.no_role'), ' ', h('span', { id: 'conn' })),
    as ? section(t('ref.queue'), 'queue-s', queue) : null,
    section(t('ref.hall'), 'hall',
      h('p', { class: 'hint', id: 'r-round-note' }, current ? t('ref.round_shown', { round: current }) : ''),
      h('div', { class: 'field check' }, allRounds, h('label', { for: 'r-all-rounds' }, t('ref.all_rounds'))),
      h('div', { class: 'scroll' }, h('table', {},
        h('thead', {}, h('tr', {}, [t('game.label'), t('event.board'), t('game.players'), t('color.black'), t('color.white'), t('game.phase'), t('ref.warnings')].map((c) => h('th', { scope: 'col' }, c)))),
        body))),
    official ? section(t('ref.act'), 'act', form, linkBox) : null,
    official ? section(t('seat.history_all'), 'link-history-s', history) : null,
    section(t('game.calls'), 'calls-s', voice.controls(), h('ul', { id: 'calls' })));
  showRound(hall, games, form);
  if (as) await refreshQueue();
  connect((m) => {
    if (!(m.game in hall.rows)) return;
    if (m.type === 'call') voice.say(m);
    else {
      // The queue is read again only for a game that is or was waiting for a confirmation
      // (a move elsewhere in a hall of a hundred boards asks nothing of the server).
      const was = hall.views[m.game] && hall.views[m.game].phase === 'decided';
      attempt(async () => {
        await load(hall, m.game);
        if (as && (was || hall.views[m.game].phase === 'decided')) queueSoon(refreshQueue);
      });
    }
  }, (ws) => { for (const g of games) ws.send(JSON.stringify({ type: 'subscribe', game: g.game })); });
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let queueTimer;

/**
 * Reads the queue again soon, once for the pushes of a moment (two players confirming at
 * once read it once).
 * @param {() => void} refresh
 */
function queueSoon(refresh) {
  clearTimeout(queueTimer);
  queueTimer = setTimeout(refresh, 300);
}

/**
 * Shows the hall's rows and the form's games of the round shown (all when none is).
 * @param {Hall} hall
 * @param {LiveGame[]} games
 * @param {HTMLElement} form
 */
function showRound(hall, games, form) {
  const shown = (/** @type {LiveGame} */ g) => hall.round === null || g.round === hall.round;
  for (const g of games) hall.rows[g.game].hidden = !shown(g);
  const sel = /** @type {HTMLSelectElement | null} */ (form.querySelector('#r-game'));
  if (!sel) return;
  for (const o of sel.options) o.hidden = !shown(/** @type {LiveGame} */ (games.find((g) => String(g.game) === o.value)));
  if (sel.selectedOptions[0] && sel.selectedOptions[0].hidden) {
    const first = [...sel.options].find((o) => !o.hidden);
    if (first) sel.value = first.value;
  }
  const note = document.getElementById('r-round-note');
  if (note) note.textContent = hall.round === null ? t('ref.all_rounds_shown') : t('ref.round_shown', { round: hall.round });
}

/**
 * Art. 16.4: the results that wait for a referee's confirmation, the current round's first;
 * one click confirms one.
 * @param {{ enc: string, hall: Hall, roles: string[], as: string | null, queue: HTMLElement, refresh: () => void }} c
 */
async function showQueue({ enc, hall, roles, as, queue, refresh }) {
  const q = await api('GET', `/api/events/${enc}/confirmations`);
  /** @type {any[]} */
  const waiting = q.waiting || [];
  const useAs = roles.includes('referee') ? 'referee' : as;
  const who = (/** @type {string[]} */ a) => a.map((w) => w === 'referee' ? t('role.referee') : t('color.' + w)).join(LANG === 'zh' ? '、' : ', ');
  // `h` drops an empty child; `replaceChildren` would write "null".
  queue.replaceChildren(h('div', {},
    q.players_agreement ? h('p', { class: 'hint', id: 'queue-club' }, t('ref.queue_club')) : null),
    waiting.length ? h('ul', { class: 'queue' }, waiting.map((w) => h('li', { id: 'queue-' + w.game },
      h('a', { href: '/play/' + w.game }, t('game.round_board', { round: w.round || '?', board: w.board || '?' })), ' ',
      `${w.players[0]} – ${w.players[1]} · `,
      h('strong', {}, w.result ? resultWords(w.result, LANG) : ''), ' · ',
      h('span', { class: 'hint' }, t('ref.queue_awaiting', { who: who(w.awaiting) })), ' ',
      h('button', { type: 'button', id: 'queue-confirm-' + w.game, class: 'primary', onclick: () => attempt(async () => {
        const v = hall.views[w.game] || await api('GET', `/api/games/${w.game}/view`);
        const r = await sendAction(w.game, v, { type: 'confirm' }, useAs, async () => { await load(hall, w.game); return hall.views[w.game]; });
        if (r.sent && !r.resent) toast(t('ref.done')); else toldHow(r, { type: 'confirm' });
        await load(hall, w.game);
        refresh();
      }) }, t('ref.queue_confirm')))))
      : h('p', { class: 'hint', id: 'queue-empty' }, t('ref.queue_empty')));
}

/**
 * A game's row of the hall: where it is played, who plays, both clocks now, its state and
 * warnings.
 * @param {Hall} hall
 * @param {number} gid
 */
function draw(hall, gid) {
  const v = hall.views[gid];
  if (!v) return;
  const now = clockAt(v.clock, v.clock.at, v.clock.at + (performance.now() - hall.readAt[gid]));
  /** @param {'black' | 'white'} col */
  const c = (col) => clockText(now[col], t);
  hall.rows[gid].replaceChildren(
    h('td', {}, h('a', { href: '/play/' + gid }, '#' + gid)),
    h('td', {}, t('game.round_board', { round: v.round || '?', board: v.board_no || '?' })),
    h('td', {}, `${v.names.black.name} – ${v.names.white.name}`),
    h('td', { class: 'time' }, c('black')), h('td', { class: 'time' }, c('white')),
    h('td', {}, t('phase.' + v.phase) + (v.paused ? ' · ' + t('game.paused') : '') + (v.result ? ' · ' + resultWords(v.result, LANG) : '')),
    h('td', {}, `${v.warnings.black}/${v.warnings.white}`));
}

/**
 * Reads a game's view and draws its row.
 * @param {Hall} hall
 * @param {number} gid
 */
async function load(hall, gid) {
  hall.views[gid] = await api('GET', `/api/games/${gid}/view`);
  hall.readAt[gid] = performance.now();
  draw(hall, gid);
}

/**
 * The form of a referee's actions on a game of the hall: the actions the role may take, the
 * fields of the one chosen.
 * @param {{ enc: string, hall: Hall, games: LiveGame[], roles: string[], as: string | null, official: boolean,
 *   linkBox: HTMLElement, history: HTMLElement, refreshQueue: () => void }} c
 */
function actionForm({ enc, hall, games, roles, as, official, linkBox, history, refreshQueue }) {
  const gameSel = h('select', { id: 'r-game' }, games.map((g) => h('option', { value: g.game }, `#${g.game} ${t('game.round_board', { round: g.round, board: g.board })} ${g.black} – ${g.white}`)));
  const kind = h('select', { id: 'r-kind' }, consoleKinds(roles).map((k) => h('option', { value: k }, t('ref.' + k))));
  const side = h('select', { id: 'r-side' }, h('option', { value: 'black' }, t('color.black')), h('option', { value: 'white' }, t('color.white')));
  const point = h('input', { id: 'r-point', size: 5, placeholder: 'D4' });
  const offence = h('select', { id: 'r-offence' },
    ['talking', 'phone_sounded', 'phone_looked_at', 'disturbing', 'consulting', 'smoking', 'cheating', 'withdrawal'].map((o) => h('option', { value: o }, t('offence.' + o))));
  const outcome = h('select', { id: 'r-outcome' },
    ['black', 'white', 'draw', 'no_result', 'both_lose', 'replay'].map((o) => h('option', { value: o }, t('outcome.' + o))));
  const article = h('select', { id: 'r-article' }, ARTICLES.map((a) => h('option', { value: a }, `${art(a)} ${t('art.' + a)}`)));
  /** @type {Record<string, HTMLElement>} */
  const fields = {
    side: field(t('ref.side'), side), point: field(t('ref.point'), point), offence: field(t('ref.offence'), offence),
    outcome: field(t('ref.outcome'), outcome), article: field(t('ref.article'), article),
  };
  // Only the fields of the chosen action.
  const showFields = () => { for (const [name, el] of Object.entries(fields)) el.hidden = !(KIND_FIELDS[kind.value] || []).includes(name); };
  kind.addEventListener('change', showFields);
  showFields();
  return h('form', { id: 'ref-form', onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    const gid = Number(gameSel.value);
    if (kind.value === 'seat_link') {
      attempt(async () => { await newSeatLink(gid, side.value, linkBox); if (official) await seatLinkHistory(enc, history); });
      return;
    }
    attempt(async () => {
      const v = hall.views[gid] || await api('GET', `/api/games/${gid}/view`);
      // A ruling that ends the game (a loss, an adjudication, a second warning: Art. 13.1,
      // 23, 24.2) is asked about first, naming the game and the side.
      if (endsGame(kind.value, side.value, v)) {
        const what = kind.value === 'adjudicate' ? t('outcome.' + outcome.value) : t('ref.ends_loses', { side: t('color.' + side.value) });
        const game = `#${gid} ${v.names.black.name} – ${v.names.white.name}`;
        if (!confirm(t('ref.ends_confirm', { action: t('ref.' + kind.value), game, what }))) return;
      }
      const useAs = (kind.value === 'adjudicate' && roles.includes('chief_referee')) ? 'chief_referee' : (roles.includes('referee') ? 'referee' : as);
      const act = refereeAction(kind.value, { side: side.value, point: point.value, offence: offence.value, outcome: outcome.value, article: article.value });
      const r = await sendAction(gid, v, act, useAs, async (state) => {
        hall.views[gid] = Object.assign({}, hall.views[gid] || v, state); hall.readAt[gid] = performance.now(); draw(hall, gid);
        await load(hall, gid);
        return hall.views[gid];
      });
      if (r.sent && !r.resent) toast(t('ref.done')); else toldHow(r, act);
      await load(hall, gid);
      refreshQueue();
    });
  } }, field(t('game.label'), gameSel), field(t('ref.action'), kind), fields.side, fields.point,
  fields.offence, fields.outcome, fields.article,
  h('button', { type: 'submit', id: 'ref-submit' }, t('ref.submit')));
}
