// @ts-check
// weiqi: the home page: the events, the games under way (for spectators, with their clocks
// moving), and for a signed-in account the forms to make an event or a free game.
import { t } from '../env.js';
import { field, h, section, setMain } from '../dom.js';
import { api, attempt, auth } from '../api.js';
import { clockAt } from '../clock.js';
import { clockText } from '../format.js';
import { seatLinks } from '../seats.js';
import { openGothaImport } from '../transfer.js';
import { settingsFields } from './edits.js';
import { chainWithCategory } from '../settings.js';

/**
 * An event as `GET /api/events` lists it.
 * @typedef {{ id: string, name: string, players: number, paired: number, rounds: number }} EventLine
 */
/**
 * A game under way as `GET /api/games` lists it.
 * @typedef {object} LiveGame
 * @property {number} game
 * @property {string | null} event
 * @property {string | null} [event_name]
 * @property {number | null} round
 * @property {number | null} board
 * @property {string} black
 * @property {string} white
 * @property {number} moves
 * @property {import('../clock.js').ClockReading | null} clock
 * @property {boolean} paused
 * @property {number} viewers
 * @property {string} phase
 * @property {number} seq
 * @property {string | null} result
 */

export async function homePage() {
  /** @type {EventLine[]} */
  const events = (await attempt(() => api('GET', '/api/events'))) || [];
  /** @type {LiveGame[]} */
  const games = (await attempt(() => api('GET', '/api/games?live=1'))) || [];
  const evList = events.length
    ? h('ul', { class: 'cards' }, events.map((e) => h('li', {},
      h('a', { href: '/events/' + encodeURIComponent(e.id) }, e.name),
      ' ', h('span', { class: 'hint' }, t('home.event_line', { players: e.players, paired: e.paired, rounds: e.rounds })))))
    : h('p', {}, t('home.no_events'));
  const live = liveGames(games);
  const kids = [section(t('home.events'), 'events', evList), live];
  if (auth.token) kids.push(newEventForm(), openGothaImport(), newGameForm());
  else kids.push(h('p', {}, h('a', { href: '/login' }, t('home.login_to_create'))));
  setMain(...kids);
}

/**
 * For spectators: each game's event by name, round and board, players, the move number and
 * both clocks (the clock crate's reading moved on by its rule), and how many watch.
 * @param {LiveGame[]} games
 */
function liveGames(games) {
  const readAt = performance.now();
  /** @type {[LiveGame, HTMLElement[]][]} */
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
      cells.forEach((cell, i) => { cell.textContent = clockText(now[i ? 'white' : 'black'], t); });
    }
  };
  const liveTable = h('div', { class: 'scroll' }, h('table', { id: 'live-games' },
    h('thead', {}, h('tr', {}, [t('game.id'), t('event.label'), t('live.round_board'), t('game.players'), t('live.move'),
      t('color.black'), t('color.white'), t('live.viewers'), t('game.phase')].map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, gameRows.map((r) => h('tr', {}, r.map((c) => (c instanceof Node && /** @type {Element} */ (c).tagName === 'TD') ? c : h('td', {}, c)))))));
  const liveSection = section(t('home.live'), 'live', games.length ? liveTable : h('p', {}, t('home.no_games')));
  if (games.length) { tickLive(); setInterval(tickLive, 500); }
  return liveSection;
}

function newEventForm() {
  const id = h('input', { name: 'id', required: true, pattern: '[A-Za-z0-9._-]+', id: 'ev-id' });
  const name = h('input', { name: 'name', required: true, id: 'ev-name' });
  const system = h('select', { id: 'ev-system' },
    ['swiss', 'mc_mahon', 'round_robin', 'knockout'].map((k) => h('option', { value: k }, t('system.' + k))));
  const rounds = h('input', { type: 'number', min: 1, max: 30, value: 5, id: 'ev-rounds' });
  // Art. 12: the time control is part of the event; the server reads it with the clock's grammar.
  const time = h('input', { value: '1h+3x60s', id: 'ev-time', required: true, autocomplete: 'off', spellcheck: 'false' });
  const bar = h('input', { value: '3d', id: 'ev-bar', size: 4 });
  const floor = h('input', { value: '20k', id: 'ev-floor', size: 4 });
  // The defaults a new event starts with (tournament::HandicapRule::for_system): the rank
  // difference, no handicap at or above the McMahon bar, nothing taken off, nine stones at
  // most; no categories.
  const more = settingsFields('ev', { handicap: { basis: 'rank', bar: bar.value, correction: 0, ceiling: 9 }, limits: [], byCategory: false }, false);
  // The handicap's bar follows the McMahon bar until the director sets it apart.
  let barTouched = false;
  more.bar.addEventListener('input', () => { barTouched = true; });
  bar.addEventListener('input', () => { if (!barTouched) more.bar.value = bar.value; });
  const form = h('form', { id: 'new-event', onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    const mcmahon = system.value === 'mc_mahon';
    const sys = mcmahon ? { kind: 'mc_mahon', bar: bar.value, floor: floor.value } : { kind: system.value };
    attempt(async () => {
      const ev = await api('POST', '/api/events', { id: id.value, name: name.value, system: sys, rounds: Number(rounds.value), time_control: time.value,
        categories: more.limits(), ...(mcmahon ? { handicap: more.rule() } : {}) });
      // Art. 27: the categories ranked apart put the category criterion (CAT) before the
      // system's chain, which the event answers.
      const chain = chainWithCategory(ev.settings.tie_breaks, more.byCategory());
      if (chain) await api('PUT', '/api/events/' + encodeURIComponent(id.value), { tie_breaks: chain });
      location.href = '/events/' + encodeURIComponent(id.value);
    });
  } }, field(t('event.id'), id), field(t('event.name'), name), field(t('event.system'), system),
  field(t('event.rounds'), rounds), field(t('event.time'), time),
  h('details', {}, h('summary', {}, t('system.mc_mahon')), field(t('event.bar'), bar), field(t('event.floor'), floor), more.handicap),
  more.categories,
  h('button', { type: 'submit', id: 'ev-create' }, t('event.create')));
  return section(t('home.new_event'), 'new-event-s', form);
}

function newGameForm() {
  const b = h('input', { value: t('color.black'), id: 'g-black' });
  const w = h('input', { value: t('color.white'), id: 'g-white' });
  const size = h('select', { id: 'g-size' }, [19, 13, 9].map((n) => h('option', { value: n }, `${n}×${n}`)));
  const time = h('input', { value: '10m+3x30s', id: 'g-time' });
  const out = h('div', { id: 'g-links', 'aria-live': 'polite' });
  const form = h('form', { onsubmit: (/** @type {Event} */ e) => {
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
