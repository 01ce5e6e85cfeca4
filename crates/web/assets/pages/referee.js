// @ts-check
// weiqi: the referee console (Art. 29–31): the games of the hall with their clocks and state,
// the form of a referee's actions (warnings, void moves, lost turns, adjudications with their
// article, a recount asked for at the board, confirmation, pause, new seat links), and the
// calls of every game.
import { ID, LANG, art, t } from '../env.js';
import { field, h, section, setMain, toast } from '../dom.js';
import { api, attempt, auth, connect, sendAction, toldHow } from '../api.js';
import { clockAt } from '../clock.js';
import { clockText } from '../format.js';
import { resultWords } from '../gameview.js';
import { refereeAction } from '../actions.js';
import { newSeatLink, seatLinkBox, seatLinkHistory } from '../seats.js';
import { voice } from '../voice.js';

/** @typedef {import('../gameview.js').GameView} GameView */
/** @typedef {import('./home.js').LiveGame} LiveGame */

/** The articles an adjudication may name. */
const ARTICLES = ['7.2', '8', '9', '12.3', '12.4', '13.1', '13.2', '14', '16.4', '17.1', '17.2', '17.3', '17.4', '17.5', '18', '19', '20', '21.4', '22.1', '22.5', '23', '24.1'];

/**
 * The hall: each game's row, its view last read and when.
 * @typedef {{ views: Record<number, GameView>, readAt: Record<number, number>, rows: Record<number, HTMLElement> }} Hall
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
  /** @type {Hall} */
  const hall = { views: {}, readAt: {}, rows: {} };
  const body = h('tbody', {});
  for (const g of games) {
    hall.rows[g.game] = h('tr', { id: 'ref-game-' + g.game });
    body.append(hall.rows[g.game]);
  }
  for (const g of games) await attempt(() => load(hall, g.game));
  setInterval(() => Object.keys(hall.views).forEach((gid) => draw(hall, Number(gid))), 500);

  const linkBox = seatLinkBox();
  // Art. 29–31: the record of seat links issued again, for the event's officials.
  const official = as !== null || roles.includes('organizer');
  const history = h('div', { id: 'link-history' });
  const form = actionForm({ enc, hall, games, roles, as, official, linkBox, history });
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
    if (!(m.game in hall.rows)) return;
    if (m.type === 'call') voice.say(m);
    else attempt(() => load(hall, m.game));
  }, (ws) => { for (const g of games) ws.send(JSON.stringify({ type: 'subscribe', game: g.game })); });
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
 * The form of a referee's actions on a game of the hall.
 * @param {{ enc: string, hall: Hall, games: LiveGame[], roles: string[], as: string | null, official: boolean,
 *   linkBox: HTMLElement, history: HTMLElement }} c
 */
function actionForm({ enc, hall, games, roles, as, official, linkBox, history }) {
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
  return h('form', { id: 'ref-form', onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    const gid = Number(gameSel.value);
    if (kind.value === 'seat_link') {
      attempt(async () => { await newSeatLink(gid, side.value, linkBox); if (official) await seatLinkHistory(enc, history); });
      return;
    }
    attempt(async () => {
      const v = hall.views[gid] || await api('GET', `/api/games/${gid}/view`);
      const useAs = (kind.value === 'adjudicate' && roles.includes('chief_referee')) ? 'chief_referee' : (roles.includes('referee') ? 'referee' : as);
      const act = refereeAction(kind.value, { side: side.value, point: point.value, offence: offence.value, outcome: outcome.value, article: article.value });
      const r = await sendAction(gid, v, act, useAs, async (state) => {
        hall.views[gid] = Object.assign({}, hall.views[gid] || v, state); hall.readAt[gid] = performance.now(); draw(hall, gid);
        await load(hall, gid);
        return hall.views[gid];
      });
      if (r.sent && !r.resent) toast(t('ref.done')); else toldHow(r, act);
      await load(hall, gid);
    });
  } }, field(t('game.label'), gameSel), field(t('ref.action'), kind), field(t('ref.side'), side), field(t('ref.point'), point),
  field(t('ref.offence'), offence), field(t('ref.outcome'), outcome), field(t('ref.article'), article),
  h('button', { type: 'submit', id: 'ref-submit' }, t('ref.submit')));
}
