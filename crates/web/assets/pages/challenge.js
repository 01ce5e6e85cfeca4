// @ts-check
// weiqi: the challenge match page (擂台赛, Art. 26.6): the two agreed orders, who defends and
// who challenges, the record of bouts and the result; an official enters the next bout's game
// (who had Black, the result) or a withdrawal (Art. 28.4). A match that does not exist yet can
// be created here.
import { ID, LANG, t } from '../env.js';
import { field, h, section, setMain, table, toast } from '../dom.js';
import { api, attempt, auth } from '../api.js';
import { listSeparator, splitNames } from '../text.js';

/**
 * A challenge match as `GET /api/challenges/{id}` answers it (`weiqi event challenge show
 * --json` too).
 * @typedef {object} Challenge
 * @property {string} name
 * @property {{ name: string, order: { name: string, withdrawn: boolean }[] }[]} teams the two
 *   teams, `a` and `b`, each with its agreed order
 * @property {string[] | null} on_stage the player of each team on the stage now
 * @property {string | null} defender
 * @property {string | null} challenger
 * @property {boolean} over
 * @property {string | null} winner the winning team
 * @property {{ bout: number, a: string, b: string, black: string | null, result: string | null,
 *   outcome: string, winner: 'a' | 'b' | null }[]} bouts
 */

export async function challengePage() {
  const enc = encodeURIComponent(ID);
  /** @type {Challenge} */
  let m;
  try { m = await api('GET', `/api/challenges/${enc}`); } catch (e) {
    const err = /** @type {import('../api.js').ApiError} */ (e);
    if (err.status !== 404) { toast(err.message, true); return; }
    createForm();
    return;
  }
  const forms = auth.token && !m.over ? entryForms(m, enc) : [];
  /** @type {HTMLElement} */ (document.getElementById('page-title')).textContent = t('title.challenge') + ' · ' + m.name;
  setMain(section(t('challenge.orders'), 'ch-orders', ...orders(m)),
    section(m.over ? t('event.result') : t('challenge.current'), 'ch-current', current(m)),
    section(t('challenge.record'), 'ch-record', record(m)), ...forms);
}

/** The form that creates the match: its name, the two teams and their orders. */
function createForm() {
  /** @param {string} id */
  const inp = (id) => h('input', { id, required: true });
  const name = inp('ch-name'), ta = inp('ch-team-a'), oa = inp('ch-order-a'), tb = inp('ch-team-b'), ob = inp('ch-order-b');
  setMain(section(t('challenge.create'), 'ch-create', h('form', { id: 'challenge-create', onsubmit: (/** @type {Event} */ ev) => {
    ev.preventDefault();
    attempt(async () => {
      await api('POST', '/api/challenges', { id: ID, name: name.value.trim(), teams: [
        { name: ta.value.trim(), order: splitNames(oa.value) }, { name: tb.value.trim(), order: splitNames(ob.value) }] });
      location.reload();
    });
  } }, field(t('challenge.name'), name), field(t('challenge.team_a'), ta), field(t('challenge.order_of', { team: t('challenge.team_a') }), oa),
  field(t('challenge.team_b'), tb), field(t('challenge.order_of', { team: t('challenge.team_b') }), ob),
  h('button', { type: 'submit' }, t('challenge.save')))));
}

/**
 * The name of team `side` (`a` or `b`).
 * @param {Challenge} m
 * @param {string} side
 */
function teamOf(m, side) {
  return m.teams[side === 'a' ? 0 : 1].name;
}

/**
 * Each team's order: who is on the stage, who is out, who withdrew.
 * @param {Challenge} m
 */
function orders(m) {
  const stage = m.on_stage || [];
  return m.teams.map((team, k) => {
    const next = stage[k];
    let out = true;
    return h('div', { class: 'challenge-order', id: 'order-' + (k ? 'b' : 'a') }, h('h3', {}, team.name), h('ol', {}, team.order.map((p) => {
      if (p.name === next) out = false;
      const marks = [];
      if (p.name === next) marks.push(t('challenge.on_stage'));
      else if (out && !m.over) marks.push(t('challenge.out'));
      if (p.withdrawn) marks.push(t('challenge.withdrawn'));
      return h('li', {}, p.name, marks.length ? ' (' + marks.join(listSeparator(LANG)) + ')' : '');
    })));
  });
}

/**
 * The match now: the result once over, else who defends against whom, or the first bout.
 * @param {Challenge} m
 */
function current(m) {
  const stage = m.on_stage || [];
  if (m.over) return h('p', { id: 'challenge-result', class: 'big' }, m.winner ? t('challenge.winner', { team: m.winner }) : t('challenge.drawn'));
  if (m.defender) {
    const defSide = stage[0] === m.defender ? 'a' : 'b', chSide = defSide === 'a' ? 'b' : 'a';
    return h('p', { id: 'challenge-next' }, t('challenge.defends', { challenger: m.challenger, challenger_team: teamOf(m, chSide), defender: m.defender, defender_team: teamOf(m, defSide) }));
  }
  return h('p', { id: 'challenge-next' }, t('challenge.next', { a: stage[0], a_team: teamOf(m, 'a'), b: stage[1], b_team: teamOf(m, 'b') }));
}

/**
 * The bouts played.
 * @param {Challenge} m
 */
function record(m) {
  const rows = m.bouts.map((b) => [b.bout, b.a, b.b, b.black || '—', b.result || t('challenge.not_played'),
    t('challenge.outcome.' + b.outcome, { team: b.winner ? teamOf(m, b.winner) : '' })]);
  return rows.length ? table([t('challenge.bout'), teamOf(m, 'a'), teamOf(m, 'b'), t('color.black'), t('event.result'), ''], rows)
    : h('p', {}, t('challenge.no_bouts'));
}

/**
 * An official's forms: the next bout's game, a withdrawal (Art. 28.4).
 * @param {Challenge} m
 * @param {string} enc
 */
function entryForms(m, enc) {
  const stage = m.on_stage || [];
  const black = h('select', { id: 'ch-black' }, stage.map((p) => h('option', { value: p }, p)));
  const result = h('input', { id: 'ch-result', size: 8, placeholder: 'B+R', required: true });
  const still = m.teams.flatMap((team) => team.order.filter((p) => !p.withdrawn).map((p) => p.name));
  const who = h('select', { id: 'ch-withdraw' }, still.map((p) => h('option', { value: p }, p)));
  return [
    section(t('challenge.enter'), 'ch-enter', h('form', { id: 'challenge-game', onsubmit: (/** @type {Event} */ ev) => {
      ev.preventDefault();
      attempt(async () => { await api('POST', `/api/challenges/${enc}/games`, { black: black.value, result: result.value.trim() }); location.reload(); });
    } }, field(t('challenge.black'), black), field(t('challenge.result'), result), h('button', { type: 'submit' }, t('challenge.save')))),
    section(t('challenge.withdraw'), 'ch-withdraw-s', h('form', { id: 'challenge-withdraw', onsubmit: (/** @type {Event} */ ev) => {
      ev.preventDefault();
      attempt(async () => { await api('POST', `/api/challenges/${enc}/withdrawals`, { name: who.value }); location.reload(); });
    } }, field(t('challenge.player'), who), h('button', { type: 'submit' }, t('challenge.withdraw_button')))),
  ];
}
