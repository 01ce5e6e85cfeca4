// @ts-check
// weiqi: the results wall, public: the current round's pairings with each result as it comes
// in, and the standings, in large type to be read from across the hall, in the page's
// language. It reads both again every few seconds; what does not fit the screen is shown a
// page at a time, in turn.
import { ID, LANG, t } from '../env.js';
import { h, setMain } from '../dom.js';
import { api, attempt } from '../api.js';
import { rankWords, resultWords, standingsTable } from '../standings.js';
import { pages } from './hall.js';

/** @typedef {import('./hall.js').Hall} Hall */
/** @typedef {import('../standings.js').Standings} Standings */

/** How often the wall reads the round and the standings again, ms. */
const RELOAD_MS = 10000;

export async function wallPage() {
  document.body.classList.add('projector');
  const enc = encodeURIComponent(ID);
  const load = async () => {
    /** @type {Hall | undefined} */
    const hall = await attempt(() => api('GET', `/api/events/${enc}/hall`));
    /** @type {Standings | undefined} */
    const st = await attempt(() => api('GET', `/api/events/${enc}/standings`));
    if (hall) draw(hall, st);
  };
  await load();
  const again = [pages('#wall-pairings'), pages('#wall-standings')];
  setInterval(async () => { await load(); again.forEach((f) => f()); }, RELOAD_MS);
}

/**
 * The wall: the round's boards and results beside the standings.
 * @param {Hall} hall
 * @param {Standings | undefined} st
 */
function draw(hall, st) {
  /** @type {HTMLElement} */ (document.getElementById('page-title')).textContent = hall.name;
  document.title = `${hall.name} · ${t('title.wall')}`;
  const result = (/** @type {import('./hall.js').HallBoard} */ b) => {
    const live = b.live_result ? (LANG === 'zh' ? b.live_result.zh : b.live_result.text) : null;
    return b.result ? resultWords(b.result, LANG) : (b.final ? live : null);
  };
  const pairings = h('section', { class: 'wall-col', 'aria-labelledby': 'wall-round-h' },
    h('h2', { id: 'wall-round-h' }, t('wall.round', { n: hall.round, of: hall.planned_rounds })),
    hall.boards.length ? h('div', { id: 'wall-pairings', class: 'columns' }, h('table', { class: 'big' },
      h('thead', {}, h('tr', {}, [t('event.board'), t('color.black'), t('event.result'), t('color.white')].map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, hall.boards.map((b) => {
        const r = result(b);
        return h('tr', { 'data-board': b.board, class: r ? 'done' : '' },
          h('td', { class: 'board-no' }, String(b.board)),
          h('td', {}, b.black.name, ' ', h('span', { class: 'rank' }, rankWords(b.black.rank, LANG))),
          h('td', { class: 'result' }, r || (b.phase ? t('phase.' + b.phase) : '—')),
          h('td', {}, b.white.name, ' ', h('span', { class: 'rank' }, rankWords(b.white.rank, LANG))));
      }))))
      : h('p', {}, t('event.no_rounds')),
    hall.byes.length ? h('p', { class: 'byes' }, t('event.byes', { names: hall.byes.join(LANG === 'zh' ? '、' : ', ') })) : null);
  const table = st ? standingsTable(st, t, LANG) : null;
  const standings = h('section', { class: 'wall-col', 'aria-labelledby': 'wall-standings-h' },
    h('h2', { id: 'wall-standings-h' }, st && st.after_round ? t('wall.standings', { n: st.after_round }) : t('event.standings')),
    table && table.rows.length ? h('div', { id: 'wall-standings', class: 'columns' }, h('table', { class: 'big' },
      h('thead', {}, h('tr', {}, table.head.map((c, i) => h('th', { scope: 'col', 'data-key': table.keys[i] || '', ...(table.titles[i] ? { title: table.titles[i] } : {}) }, c)))),
      h('tbody', {}, table.rows.map((r) => h('tr', {}, r.map((c, i) => h('td', { 'data-key': table.keys[i] || '' }, c)))))))
      : h('p', {}, t('wall.no_standings')));
  setMain(h('p', { class: 'hall-where' }, t('wall.updated', { time: new Date().toLocaleTimeString(LANG === 'zh' ? 'zh-CN' : 'en-GB') }),
    ' ', h('a', { href: `/events/${encodeURIComponent(ID)}/hall`, class: 'hall-link' }, t('wall.to_hall'))),
  h('div', { class: 'wall' }, pairings, standings));
}
