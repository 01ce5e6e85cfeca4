// @ts-check
// weiqi: the event page, the director's console: registration (one by one, or a file), the
// rounds (the proposed pairing to edit, the games started, results entered, seat links issued
// again), the officials, the standings, the print views.
import { ID, LANG, t } from '../env.js';
import { field, h, section, setMain, table, toast } from '../dom.js';
import { api, attempt, auth } from '../api.js';
import { listSeparator } from '../text.js';
import { quartersOf, stones } from '../format.js';
import { clockHref } from '../urls.js';
import { roundLinks, seatLinkBox } from '../seats.js';
import { rankWords, resultWords, standingsTable } from '../standings.js';
import { officialsLines, settingsLines } from '../settings.js';
import { exportButtons } from '../transfer.js';
import { editEvent, editPlayer, proposal } from './edits.js';

/** @typedef {import('./home.js').LiveGame} LiveGame */
/**
 * A player of an event (`GET /api/events/{id}`).
 * @typedef {{ name: string, rank: string, status: string, club?: string | null, region?: string | null, rating?: number | null }} Player
 */
/**
 * A board of a round: its players and the result entered.
 * @typedef {{ board: number, black: string, white: string, result: string | null }} Board
 */
/**
 * A round as paired: its boards, its byes and, in a round robin, who rests.
 * @typedef {{ number: number, games: Board[], byes: string[], rests?: string[] }} Round
 */
/**
 * An event as `GET /api/events/{id}` answers it.
 * @typedef {object} EventJson
 * @property {string} id
 * @property {string} name
 * @property {string} system
 * @property {string} [system_kind]
 * @property {number} planned_rounds
 * @property {string} time_control
 * @property {import('../settings.js').EventSettings} [settings]
 * @property {Player[]} players
 * @property {Round[]} rounds
 */
/** @typedef {import('../standings.js').Standings} Standings */
/**
 * What the caller may do in the event.
 * @typedef {{ roles: string[] }} Me
 */

/** What the sections of the page are drawn from. @typedef {{ enc: string, ev: EventJson, director: boolean, official: boolean, roles: string[], games: LiveGame[], linkBox: HTMLElement }} Console */

export async function eventPage() {
  const id = ID;
  const enc = encodeURIComponent(id);
  /** @type {EventJson} */
  let ev;
  try { ev = await api('GET', `/api/events/${enc}`); } catch (e) { setMain(h('p', { class: 'bad' }, /** @type {Error} */ (e).message)); return; }
  /** @type {Me | null | undefined} */
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
  /** @type {Standings | undefined} */
  const standings = await attempt(() => api('GET', `/api/events/${enc}/standings`));
  /** @type {LiveGame[]} */
  const games = (await attempt(() => api('GET', `/api/games?event=${enc}`))) || [];
  /** @type {Console} */
  const con = { enc, ev, director, official, roles, games, linkBox: seatLinkBox() };
  /** @type {HTMLElement} */ (document.getElementById('page-title')).textContent = ev.name;
  document.title = ev.name + ' · weiqi';
  const kids = [...summary(con)];
  // What the director set, and who the officials are (Art. 29-31): for everyone to read.
  kids.push(about(con, await attempt(() => api('GET', `/api/events/${enc}/officials`)), standings));
  kids.push(await confirmationRule(enc, roles.includes('organizer')));
  kids.push(section(t('event.players'), 'players', ...players(con)));
  kids.push(section(t('event.rounds_h'), 'rounds', ...(await rounds(con)), con.linkBox));
  // Officials (Art. 29-31): the organizer appoints the chief referee and the referees.
  if (roles.includes('organizer')) kids.push(officials(enc));
  // The organizer edits the event, and deletes it while it has no games.
  if (roles.includes('organizer')) kids.push(editEvent(enc, ev, games.length > 0));
  if (standings) kids.push(standingsSection(standings));
  setMain(...kids);
}

/**
 * The event's system and size, its referee console, its print views; the print pack: A4
 * forms (formats::forms), the pairings and score sheets of the last round.
 * @param {Console} con
 */
function summary({ enc, ev }) {
  const system = ev.system_kind ? t('system.' + ev.system_kind) : ev.system;
  const forms = ev.rounds.length ? ['pairings', 'scoresheets', 'crosstable', 'ranking', 'namecards', 'final'] : ['namecards'];
  return [
    h('p', { class: 'hint', id: 'event-summary' }, t('event.summary', { system, rounds: ev.planned_rounds, players: ev.players.length }),
      ' ', h('a', { href: `/referee/${enc}` }, t('event.referee_console')),
      ' · ', h('a', { href: `/api/events/${enc}/print/crosstable?lang=${LANG}`, target: '_blank' }, t('event.print_crosstable'))),
    h('p', { class: 'hint', id: 'print-pack' }, t('event.print_pack'), ' ',
      ...forms.flatMap((f, i) => [i ? ' · ' : '', h('a', { href: `/api/events/${enc}/print/form/${f}?lang=${LANG}`, target: '_blank', 'data-form': f }, t('print_form.' + f))])),
  ];
}

/**
 * The players, and for the director registration (one by one, or a CSV or Excel file) and
 * withdrawals.
 * @param {Console} con
 */
function players({ enc, ev, director, roles }) {
  // The organizer's form changing a player opens here.
  const editBox = h('div', { id: 'edit-player-box' });
  const organizer = roles.includes('organizer');
  const playerRows = ev.players.map((p) => [p.name, rankWords(p.rank, LANG), p.club || '', p.region || '', p.rating ?? '', t('status.' + (p.status.startsWith('withdrawn') ? 'withdrawn' : p.status)),
    h('span', {}, director && p.status === 'active' ? h('button', { type: 'button', class: 'small', onclick: () => {
      const reason = prompt(t('event.withdraw_reason', { name: p.name }), '');
      if (reason === null) return;
      attempt(async () => { await api('POST', `/api/events/${enc}/withdrawals`, { name: p.name, reason }); location.reload(); });
    } }, t('event.withdraw')) : '', ' ',
    organizer && p.status === 'active' ? h('button', { type: 'button', class: 'small edit-player', 'aria-label': t('edit.player_h', { name: p.name }),
      onclick: () => editPlayer(enc, p, editBox) }, t('edit.player')) : '')]);
  const out = [table([t('player.name'), t('player.rank'), t('player.club'), t('player.region'), t('player.rating'), t('player.status'), ''], playerRows, t('event.players_caption', { n: ev.players.length })), editBox];
  if (!director) return out;
  const name = h('input', { required: true, id: 'p-name' });
  // As the page's language writes a rank (1级 on a Chinese page); the server reads both.
  const rank = h('input', { required: true, value: rankWords('1k', LANG), size: 4, id: 'p-rank' });
  const club = h('input', { id: 'p-club' });
  out.push(h('form', { id: 'add-player', class: 'inline', onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    attempt(async () => { await api('POST', `/api/events/${enc}/players`, { name: name.value, rank: rank.value, club: club.value || null }); location.reload(); });
  } }, field(t('player.name'), name), field(t('player.rank'), rank), field(t('player.club'), club),
  h('button', { type: 'submit' }, t('event.register'))));
  const file = h('input', { type: 'file', accept: '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', id: 'csv-file' });
  out.push(h('form', { id: 'csv-import', class: 'inline', onsubmit: (/** @type {Event} */ e) => {
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
  return out;
}

/**
 * Every round with its boards, and for the director the next round's pairing.
 * @param {Console} con
 */
async function rounds(con) {
  const { enc, ev, director } = con;
  const out = [];
  for (const r of ev.rounds) out.push(await round(con, r));
  if (!ev.rounds.length) out.push(h('p', {}, t('event.no_rounds')));
  if (director && ev.rounds.length < ev.planned_rounds) {
    const box = h('div', { id: 'proposal' });
    out.push(h('div', { class: 'buttons' },
      h('button', { type: 'button', id: 'propose', onclick: () => attempt(() => proposal(enc, box)) }, t('event.propose')),
      h('button', { type: 'button', id: 'pair', onclick: () => attempt(async () => { await api('POST', `/api/events/${enc}/rounds`); location.reload(); }) },
        t('event.pair', { n: ev.rounds.length + 1 }))), box);
  }
  return out;
}

/**
 * A round: each board with its result (entered here by an official), its live game and its
 * seat links, or the clock-only page for a board played over the board; for the director
 * the form that starts the round's games, its print views, and the undoing of the last round.
 * @param {Console} con
 * @param {Round} r
 */
async function round({ enc, ev, director, official, games, linkBox }, r) {
  /** @param {number} n @param {number} board */
  const gameOf = (n, board) => games.filter((g) => g.round === n && g.board === board).pop();
  // Boards played over the board with a tablet as their clock: a link to the clock-only
  // page with the round's settings (those of the director's form below).
  /** @type {HTMLElement[]} */
  const clockLinks = [];
  const rows = r.games.map((g) => {
    const live = gameOf(r.number, g.board);
    if (director && !live && !g.result) {
      clockLinks.push(h('a', { class: 'clock-link', 'data-board': g.board, 'data-black': g.black, 'data-white': g.white,
        'aria-label': t('event.clock_only_for', { board: g.board }) }, t('event.clock_only')));
    }
    // A result as people write it in the page's language (黑中盘胜, 白胜1又1/4子), as the
    // wall and the hall say it.
    /** @type {string | HTMLElement} */
    let resultCell = resultWords(g.result, LANG);
    if (official && !g.result) {
      const inp = h('input', { size: 6, placeholder: t('event.result_placeholder'), title: t('event.result_help'), 'aria-label': t('event.result_for', { board: g.board }), class: 'result-input' });
      resultCell = h('form', { class: 'inline', onsubmit: (/** @type {Event} */ e) => {
        e.preventDefault();
        const form = /** @type {HTMLElement} */ (e.currentTarget);
        attempt(async () => { await api('POST', `/api/events/${enc}/results`, { round: r.number, board: g.board, result: inp.value }); await resultEntered(enc, form, r.number, g.board); });
      } }, inp, h('button', { type: 'submit', class: 'small' }, t('event.enter')));
    }
    // The seat links (copy, QR code, a new link, the clock's start) are in the round's
    // links below, for the officials.
    const links = live ? h('span', {}, h('a', { href: '/play/' + live.game }, t('game.watch') + ' #' + live.game),
      live.phase ? ' (' + t('phase.' + live.phase) + ')' : '') : '';
    const clock = clockLinks.find((a) => a.dataset.board === String(g.board));
    return [g.board, g.black, g.white, resultCell, links || clock || ''];
  });
  const extra = [];
  // The seat links of the round's started boards, shown again at any time (derived by the
  // server, never lost): the latest round's at once, an earlier round's on request.
  if (official && games.some((x) => x.round === r.number)) {
    const latest = Math.max(...games.map((x) => x.round || 0)) === r.number;
    const box = h('div', { class: 'seat-links', id: latest ? 'seat-links' : 'seat-links-' + r.number, 'aria-live': 'polite' });
    if (latest) await attempt(() => roundLinks(enc, r.number, box, linkBox));
    else box.append(h('button', { type: 'button', class: 'show-links', onclick: () => attempt(() => roundLinks(enc, r.number, box, linkBox)) }, t('seat.show_links', { n: r.number })));
    extra.push(box);
  }
  if (r.byes.length) extra.push(h('p', { class: 'byes' }, t('event.byes', { names: r.byes.join(listSeparator(LANG)) })));
  if (r.rests && r.rests.length) extra.push(h('p', { class: 'rests' }, t('event.rests', { names: r.rests.join(listSeparator(LANG)) })));
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
  return h('div', { class: 'round', id: 'round-' + r.number },
    h('h3', {}, t('event.round', { n: r.number })),
    table([t('event.board'), t('color.black'), t('color.white'), t('event.result'), t('game.label')], rows), ...extra);
}

/**
 * Art. 16.4: who confirms the event's results (both players and a referee, or a club event's
 * players' agreement), and for the organizer the switch that records it.
 * @param {string} enc
 * @param {boolean} organizer
 */
async function confirmationRule(enc, organizer) {
  const rule = await attempt(() => api('GET', `/api/events/${enc}/confirmation`));
  const line = h('p', { id: 'confirmation-rule', class: 'hint' });
  const say = (/** @type {boolean} */ players) => { line.textContent = t(players ? 'event.confirmation_players' : 'event.confirmation_referee'); };
  const on = !!(rule && rule.players_agreement);
  say(on);
  if (!organizer) return h('div', { id: 'confirmation' }, line);
  const box = h('input', { type: 'checkbox', id: 'confirmation-players', checked: on });
  box.addEventListener('change', () => attempt(async () => {
    try {
      const r = await api('PUT', `/api/events/${enc}/confirmation`, { players_agreement: box.checked });
      say(r.players_agreement); toast(t('ref.done'));
    } catch (e) { box.checked = !box.checked; throw e; }
  }));
  return h('div', { id: 'confirmation' }, line, h('div', { class: 'field check' }, box, h('label', { for: 'confirmation-players' }, t('event.confirmation_set'))));
}

/**
 * The organizer's form appointing the event's officials (Art. 29–31).
 * @param {string} enc
 */
function officials(enc) {
  const acct = h('input', { id: 'role-account', required: true });
  const role = h('select', { id: 'role-role' }, ['chief_referee', 'referee', 'organizer'].map((r) => h('option', { value: r }, t('role.' + r))));
  return section(t('event.officials'), 'officials', h('form', { id: 'role-form', class: 'inline', onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    attempt(async () => { await api('PUT', `/api/events/${enc}/roles`, { account: acct.value, role: role.value }); toast(t('event.appointed', { name: acct.value })); });
  } }, field(t('login.name'), acct), field(t('event.role'), role), h('button', { type: 'submit', id: 'role-submit' }, t('event.appoint'))));
}

/**
 * The standings, each tie-break in a column of its own headed by its name, with the ratings
 * (before, after, change) and the promotion when the event has them.
 * @param {Standings} standings
 */
function standingsSection(standings) {
  const { head, rows, titles } = standingsTable(standings, t, LANG);
  // OpenGotha's criteria keep their OpenGotha names as the heads' tooltips.
  const heads = head.map((c, i) => (titles[i] ? h('abbr', { title: titles[i] }, c) : c));
  const caption = t(standings.placement === 'opengotha' ? 'standings.after_opengotha' : 'standings.after', { n: standings.after_round });
  return section(t('event.standings'), 'standings', table(heads, rows, caption));
}

/**
 * A result entered on the page: its board's cell says it, and the standings follow, without
 * reading the whole page again.
 * @param {string} enc
 * @param {HTMLElement} form the board's result form
 * @param {number} round
 * @param {number} board
 */
async function resultEntered(enc, form, round, board) {
  /** @type {EventJson} */
  const ev = await api('GET', `/api/events/${enc}`);
  const r = ev.rounds.find((x) => x.number === round);
  const g = r && r.games.find((x) => x.board === board);
  form.replaceWith(h('span', { class: 'result-entered' }, resultWords(g ? g.result : null, LANG)));
  /** @type {Standings | undefined} */
  const st = await attempt(() => api('GET', `/api/events/${enc}/standings`));
  const old = document.getElementById('standings');
  if (st) {
    const fresh = standingsSection(st);
    if (old) old.replaceWith(fresh); else document.getElementById('main')?.append(fresh);
  }
  toast(t('event.result_saved', { board }));
}

/**
 * What the director set (system, rounds, time control, komi, bar and floor, handicaps,
 * tie-breaks, byes, lateness) and the officials; the hall view and the results wall, for a
 * projector; the event's files to save.
 * @param {Console} con
 * @param {import('../settings.js').Officials | undefined} officials
 * @param {Standings | undefined} standings
 */
function about({ enc, ev, official }, officials, standings) {
  const system_name = ev.system_kind ? t('system.' + ev.system_kind) : String(ev.system);
  const own = settingsLines({ ...ev, system_name, system: /** @type {any} */ (ev.system) }, t, LANG);
  // An imported event is placed by its OpenGotha file's criteria: the line names those.
  const gotha = standings && standings.placement === 'opengotha'
    ? ((standings.chain_names && standings.chain_names[LANG]) || standings.chain) : null;
  const lines = own.map(([k, v]) => /** @type {[string, string]} */ (gotha && k === t('about.tie_breaks')
    ? [k, gotha.join(LANG === 'zh' ? '、' : ', ') + t('about.tie_breaks_opengotha')] : [k, v]));
  /** @param {[string, string][]} ls @param {string} id */
  const dl = (ls, id) => h('dl', { class: 'about', id }, ls.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]));
  const staff = officials ? officialsLines(officials, t, LANG) : [];
  return section(t('about.h'), 'about',
    dl(lines, 'about-settings'),
    staff.length ? h('div', {}, h('h3', {}, t('event.officials')), dl(staff, 'about-officials')) : null,
    h('p', { class: 'buttons', id: 'hall-links' },
      h('a', { href: `/events/${enc}/hall`, id: 'to-hall', class: 'button' }, t('about.hall')),
      h('a', { href: `/events/${enc}/wall`, id: 'to-wall', class: 'button' }, t('about.wall'))),
    exportButtons(enc, official));
}

// The director's form to start a round's games: the time control (the clock crate's
// grammar, from the event), the board, komi (Art. 11), whether a timeout in the last byo-yomi
// period may be a lost turn (Art. 22), and in a McMahon event each board's handicap. The
// server checks everything and says what is wrong.
/**
 * @param {string} enc
 * @param {number} n
 * @returns {Promise<HTMLElement | null>}
 */
async function startGamesForm(enc, n) {
  const setup = await attempt(() => api('GET', `/api/events/${enc}/rounds/${n}/setup`));
  if (!setup) return null;
  /** @param {string} k */
  const uid = (k) => `${k}-${n}`;
  const time = h('input', { value: setup.time, size: 14, class: 'round-time', id: uid('round-time'), required: true,
    autocomplete: 'off', spellcheck: 'false', 'aria-describedby': uid('round-time-help') });
  const size = h('select', { class: 'round-size', id: uid('round-size') },
    [19, 13, 9].map((x) => h('option', { value: x, selected: x === setup.size }, `${x}×${x}`)));
  // Komi in stones, a quarter stone (half a point) at a time.
  const komi = h('input', { type: 'number', step: '0.25', min: -90, max: 90, value: stones(setup.komi_half_points),
    class: 'round-komi', id: uid('round-komi'), required: true, 'aria-describedby': uid('round-komi-help') });
  const lost = h('input', { type: 'checkbox', class: 'round-lost-turn', id: uid('round-lost-turn'), checked: setup.lost_turn_on_timeout });
  const error = h('p', { class: 'bad form-error', role: 'alert', id: uid('round-error') });
  /** @type {{ board: number, black: string, white: string, black_rank: string, white_rank: string, handicap: number, started: boolean, result: string | null }[]} */
  const open = setup.boards.filter((/** @type {{ started: boolean, result: string | null }} */ b) => !b.started && !b.result);
  // Which boards start (the others run over the board, or start later), and when their
  // clocks run: when both players are seated (the default), or now.
  const boards = h('fieldset', { class: 'round-boards' }, h('legend', {}, t('round.boards')),
    open.map((b) => {
      const box = h('input', { type: 'checkbox', class: 'round-board', id: uid('round-board-' + b.board), 'data-board': b.board, checked: true });
      return h('div', { class: 'field check' }, box, h('label', { for: box.id }, t('round.board_n', { board: b.board, black: b.black, white: b.white })));
    }), h('p', { class: 'hint' }, t('round.boards_help')));
  const clocks = h('select', { class: 'round-clocks', id: uid('round-clocks') },
    h('option', { value: 'seated', selected: true }, t('round.clocks_seated')), h('option', { value: 'now' }, t('round.clocks_now')));
  // Art. 22.1: the lateness of a board waiting for its players counts from the round's
  // scheduled start (today, at this time; now if left empty).
  const scheduled = h('input', { type: 'time', class: 'round-scheduled', id: uid('round-scheduled'), 'aria-describedby': uid('round-scheduled-help') });
  const kids = [
    boards,
    field(t('round.clocks'), clocks),
    h('div', { class: 'field' }, h('label', { for: scheduled.id }, t('round.scheduled')), scheduled,
      h('span', { class: 'hint', id: uid('round-scheduled-help') }, t('round.scheduled_help'))),
    h('div', { class: 'field' }, h('label', { for: time.id }, t('round.time')), time,
      h('span', { class: 'hint', id: uid('round-time-help') }, t('round.time_help'))),
    setup.time_error ? h('p', { class: 'hint bad' }, t('round.time_unread', { why: LANG === 'zh' && setup.time_error_zh ? setup.time_error_zh : setup.time_error })) : null,
    field(t('game.size'), size),
    h('div', { class: 'field' }, h('label', { for: komi.id }, t('round.komi')), komi,
      h('span', { class: 'hint', id: uid('round-komi-help') }, t('round.komi_help'))),
    h('div', { class: 'field check' }, lost, h('label', { for: lost.id }, t('round.lost_turn'))),
  ];
  /** @type {HTMLInputElement | null} */
  let hkomi = null;
  if (setup.handicaps) {
    hkomi = /** @type {HTMLInputElement} */ (h('input', { type: 'number', step: '0.25', min: -90, max: 90, value: stones(setup.handicap_komi_half_points),
      class: 'round-handicap-komi', id: uid('round-handicap-komi'), required: true }));
    const rows = open.map((b) => [b.board, `${b.black} (${rankWords(b.black_rank, LANG)})`, `${b.white} (${rankWords(b.white_rank, LANG)})`,
      h('input', { type: 'number', min: 0, max: 9, step: 1, value: b.handicap, class: 'round-handicap', 'data-board': b.board,
        'aria-label': t('round.handicap_of', { board: b.board }) })]);
    kids.push(table([t('event.board'), t('color.black'), t('color.white'), t('round.handicap')], rows, t('round.handicap_caption')),
      field(t('round.handicap_komi'), hkomi));
  }
  const form = h('form', { class: 'start-games', id: uid('start-games'), 'aria-labelledby': uid('start-games-h'), onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    error.textContent = '';
    /** @type {Record<string, unknown>} */
    const body = { time: time.value.trim(), size: Number(size.value), komi_half_points: quartersOf(komi.value),
      lost_turn_on_timeout: lost.checked, clocks: clocks.value,
      boards: [.../** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll('.round-board'))].filter((x) => x.checked).map((x) => Number(x.dataset.board)) };
    if (clocks.value === 'seated' && scheduled.value) {
      const [hours, minutes] = scheduled.value.split(':').map(Number);
      const at = new Date();
      at.setHours(hours, minutes, 0, 0);
      body.scheduled_start_ms = at.getTime();
    }
    if (hkomi) {
      body.handicap_komi_half_points = quartersOf(hkomi.value);
      body.handicaps = [.../** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll('.round-handicap'))].map((x) => ({ board: Number(x.dataset.board), stones: Number(x.value) }));
    }
    attempt(async () => {
      try {
        // The page again: the started boards' links in the round, the form gone once every
        // board has started (a second start is refused).
        await api('POST', `/api/events/${enc}/rounds/${n}/games`, body);
        location.reload();
      } catch (err) {
        error.textContent = /** @type {Error} */ (err).message;
        throw err;
      }
    });
  } }, h('h4', { id: uid('start-games-h') }, t('round.start_h', { n })), ...kids, error,
  h('button', { type: 'submit', class: 'primary' }, t('event.start_games')));
  return form;
}

/**
 * Keeps each clock-only link of round `n` on the settings of its start form: the time
 * control and whether a last-period timeout may be a lost turn (Art. 22.5), with the board's
 * players and the board, where the clock page enters the result.
 * @param {HTMLElement} form
 * @param {number} n
 * @param {HTMLElement[]} links
 */
function followForm(form, n, links) {
  const time = /** @type {HTMLInputElement} */ (form.querySelector('.round-time'));
  const lost = /** @type {HTMLInputElement} */ (form.querySelector('.round-lost-turn'));
  const update = () => {
    for (const a of links) {
      a.setAttribute('href', clockHref({ time: time.value, lostTurn: lost.checked,
        black: a.dataset.black || '', white: a.dataset.white || '', event: ID, round: n, board: a.dataset.board || '' }));
    }
  };
  time.addEventListener('input', update);
  lost.addEventListener('change', update);
  update();
}
