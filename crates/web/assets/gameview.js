// @ts-check
// weiqi: what the game page reads of a game (`GET /api/games/{id}/view`: the server's state,
// crates/server/src/game.rs, with the API's extras, `server::view::game_view`) and what it says
// of it. Pure: no DOM, so `node --test` imports it (crates/web/tests/js/).
import { article, said } from './text.js';
import { quarters } from './format.js';

/** @typedef {import('./text.js').Translate} Translate */
/** @typedef {import('./text.js').Lang} Lang */
/** @typedef {import('./goban.js').Color} Color */
/** @typedef {import('./goban.js').Move} Move */
/** @typedef {import('./clock.js').ClockReading} ClockReading */

/** @typedef {'setup' | 'play' | 'counting' | 'decided' | 'final'} Phase */
/**
 * Something for each colour.
 * @template T
 * @typedef {{ black: T, white: T }} ByColor
 */
/**
 * A result (`referee::Outcome`): its kind on the wire, and in words in both languages.
 * @typedef {object} Result
 * @property {object} outcome the outcome as the API writes it (`{"result":"win",…}`)
 * @property {string} text in English (`B+R`, `W+2¾`)
 * @property {string} zh in Chinese
 */
/**
 * The count of a counted game (Art. 9, 11, 24), amounts in quarter stones where named so.
 * @typedef {object} Count
 * @property {ByColor<number>} area stones and territory, in stones
 * @property {ByColor<number>} stones
 * @property {ByColor<number>} territory
 * @property {number} dame the neutral points, split half each
 * @property {ByColor<number>} penalties the warnings' stones (Art. 24)
 * @property {{ black: number, white: number, par: number, komi: number, handicap: number,
 *   threshold: number, margin: number }} quarters the count, in quarter stones
 * @property {string[]} owner each row's owner of each point: `b`, `w` or `.`
 */
/**
 * One event of the game's record, in both languages.
 * @typedef {object} LogEntry
 * @property {number} index its place in the record (the sequence number it took)
 * @property {number | null} after_move the moves made before it
 * @property {number} at its instant (ms)
 * @property {string} en
 * @property {string} zh
 * @property {string | null} article the article it applies (`16.4`)
 * @property {boolean} overruled whether a later ruling overruled it
 * @property {string} [official] `referee` or `chief_referee` when an official recorded it (a
 *   ruling the players are told of)
 */
/**
 * One chain of the machine's proposal (`server::view::game_view`, from
 * `rules::life::Proposal::explained`): dead, in seki or unsure, with its reason in both
 * languages.
 * @typedef {object} MachineChain
 * @property {string[]} stones its stones (GTP points), sorted
 * @property {Color} color
 * @property {'dead' | 'seki' | 'unsure'} status
 * @property {string} reason the reason's code (`ko`, `captured`, `playouts`, …; `scorer` when
 *   an external scorer proposed it)
 * @property {string} en the reason in English
 * @property {string} zh the reason in Chinese
 */
/**
 * The external scorer of `weiqi serve --scorer`, as the view shows it: one of the three.
 * @typedef {object} ScorerState
 * @property {boolean} [asking] it is being asked
 * @property {string} [name] its name, once it answered (`GNU Go`)
 * @property {{ message: string, zh: string }} [failed] why it failed or timed out
 */
/**
 * The game's settings as it was created (`wire::WSettings`).
 * @typedef {object} Settings
 * @property {{ name: string, rank: string }[]} players the pairing's first and second player
 * @property {number} size
 * @property {number} komi_half_points
 * @property {string} time the time control in the clock crate's grammar
 * @property {string[]} handicap
 * @property {number | null} lateness_limit_minutes
 * @property {boolean} lost_turn_on_timeout Art. 22.5
 * @property {string} cycle_policy
 */
/**
 * The game as the game page reads it.
 * @typedef {object} GameView
 * @property {number} game
 * @property {number} seq the sequence number a command decided on this view names
 * @property {Phase} phase
 * @property {Color} to_move
 * @property {boolean} paused Art. 14: the clocks are stopped
 * @property {string[]} board the position now
 * @property {ByColor<number>} captures
 * @property {ByColor<number>} warnings
 * @property {ClockReading} clock
 * @property {string[]} marking the dead stones agreed or proposed (Art. 8)
 * @property {Result | null} result
 * @property {boolean} final whether the result is confirmed
 * @property {ByColor<{ name: string, rank: string }>} names
 * @property {Move | null} last_move
 * @property {number} moves
 * @property {Color | null} end_proposed_by Art. 13.2
 * @property {ByColor<boolean>} marking_accepted
 * @property {string[]} machine_marking the chains the machine proposes dead
 * @property {string[]} machine_unsure the chains it is unsure of
 * @property {MachineChain[]} [machine_chains] every chain it proposes dead, in seki or is
 *   unsure of, with the reason
 * @property {'builtin' | 'scorer'} [machine_proposed_by] who proposed `machine_marking`
 * @property {ScorerState} [machine_scorer] the external scorer while counting (absent
 *   without one)
 * @property {Count | null} count
 * @property {boolean} may_recount Art. 16.4
 * @property {{ black: boolean, white: boolean, referee: boolean }} [confirmed_by] Art. 16.4: who confirmed
 * @property {string[]} [awaiting] Art. 16.4: who has still to confirm (`black`, `white`, `referee`)
 * @property {string[]} start the position before the first move (handicap stones)
 * @property {Move[]} history every move
 * @property {LogEntry[]} log
 * @property {Settings} settings
 * @property {string | null} event the event's id, for a game of an event
 * @property {number | null} round
 * @property {number | null} board_no
 * @property {number} viewers
 * @property {Color | null} you the seat of the caller
 * @property {boolean} seat_link_invalid a seat link that is no longer (or never was) one
 */

/**
 * A result in `lang`'s words.
 * @param {Result} r
 * @param {Lang} lang
 * @returns {string}
 */
export function resultWords(r, lang) {
  return lang === 'zh' ? r.zh : r.text;
}

/**
 * The stones drawn as dead: the marking being made while counting (`marking`), the one
 * agreed once the game is decided, none in play.
 * @param {GameView} view
 * @param {Set<string> | null} marking
 * @returns {string[]}
 */
export function deadShown(view, marking) {
  if (view.phase === 'counting') return [...(marking || [])];
  return (view.phase === 'decided' || view.phase === 'final') ? view.marking : [];
}

/**
 * The machine's proposal in words, while counting: `open`, the chains the players must look
 * at themselves (unsure, never pre-marked, then seki), and `dead`, the chains proposed dead,
 * each with its colour, its stones (the first three and how many, for a long chain) and its
 * reason in `lang`.
 * @param {GameView} view
 * @param {Translate} t
 * @param {Lang} lang
 * @returns {{ open: string[], dead: string[] }}
 */
export function machineLines(view, t, lang) {
  const chains = view.phase === 'counting' ? view.machine_chains || [] : [];
  /** @param {MachineChain} c @param {string} key */
  const line = (c, key) => t(key, {
    color: t(c.color === 'black' ? 'machine.black' : 'machine.white'),
    stones: c.stones.length > 4 ? t('machine.more', { first: c.stones.slice(0, 3).join(' '), n: c.stones.length }) : c.stones.join(' '),
    reason: lang === 'zh' ? c.zh : c.en,
  });
  return {
    open: [...chains.filter((c) => c.status === 'unsure').map((c) => line(c, 'machine.unsure')),
      ...chains.filter((c) => c.status === 'seki').map((c) => line(c, 'machine.seki'))],
    dead: chains.filter((c) => c.status === 'dead').map((c) => line(c, 'machine.dead')),
  };
}

/**
 * While counting, who proposed the dead stones, in `lang`: the scorer by name, the built-in
 * judgement (while the scorer is asked, or because it failed, saying why); '' otherwise.
 * @param {GameView} view
 * @param {Translate} t
 * @param {Lang} lang
 * @returns {string}
 */
export function proposedBy(view, t, lang) {
  if (view.phase !== 'counting') return '';
  const s = view.machine_scorer;
  if (view.machine_proposed_by === 'scorer' && s && s.name) return t('machine.by_scorer', { name: s.name });
  if (s && s.asking) return t('machine.asking');
  if (s && s.failed) return t('machine.failed', { why: lang === 'zh' ? s.failed.zh : s.failed.message });
  return t('machine.by_builtin');
}

/**
 * The count explained, line by line (Art. 9: stones, territory, half the dame; Art. 24: a
 * warning moves one stone to the other side; Art. 11: komi and the handicap's return).
 * @param {GameView & { count: Count }} view
 * @param {Translate} t
 * @param {Lang} lang
 * @returns {string[]}
 */
export function countLines(view, t, lang) {
  const c = view.count, q = c.quarters, lines = [];
  /** @param {number} n */
  const qs = (n) => quarters(n, lang);
  for (const col of /** @type {Color[]} */ (['black', 'white'])) {
    lines.push(t('count.side', { color: t('color.' + col), stones: c.stones[col], territory: c.territory[col],
      dame: c.dame, half: qs(2 * c.dame), area: qs(4 * c.area[col] + 2 * c.dame) }));
  }
  for (const col of /** @type {Color[]} */ (['black', 'white'])) {
    if (c.penalties[col]) lines.push(t('count.warnings', { color: t('color.' + col), n: c.penalties[col] }));
  }
  if (c.penalties.black || c.penalties.white) {
    lines.push(t('count.final', { black: qs(q.black), white: qs(q.white), total: qs(q.black + q.white) }));
  }
  lines.push(t('count.need', { par: qs(q.par), komi: qs(q.komi),
    handicap: q.handicap ? t('count.handicap', { n: qs(q.handicap) }) : '', threshold: qs(q.threshold) }));
  const result = view.result ? resultWords(view.result, lang) : '';
  lines.push(t('count.result', { count: qs(q.black), threshold: qs(q.threshold), margin: qs(q.margin), result }));
  return lines;
}

/**
 * The game's state in one line: the phase, whose move, the end proposed, the result, the
 * count (as its explanation ends it: stones, territory, half the dame and the warnings'
 * stones, Art. 9, 24), and while counting who accepted the marking.
 * @param {GameView} view
 * @param {Translate} t
 * @param {Lang} lang
 * @returns {string}
 */
export function statusLine(view, t, lang) {
  let st = t('phase.' + view.phase);
  if (view.phase === 'play') st += ' · ' + t('game.to_move', { color: t('color.' + view.to_move) }) + (view.paused ? ' · ' + t('game.paused') : '');
  if (view.end_proposed_by) st += ' · ' + t('game.end_proposed', { color: t('color.' + view.end_proposed_by) });
  if (view.result) st += ' · ' + resultWords(view.result, lang);
  if (view.count) st += ' · ' + t('game.count', { black: quarters(view.count.quarters.black, lang), white: quarters(view.count.quarters.white, lang) });
  if (view.phase === 'counting') st += ' · ' + t('game.accepted', { black: view.marking_accepted.black ? '✓' : '…', white: view.marking_accepted.white ? '✓' : '…' });
  return st;
}

/**
 * What the review says at move `at` of `view` (`review` null: the game live, nothing): the
 * move shown of how many, and the rulings made there.
 * @param {GameView} view
 * @param {number | null} review
 * @param {Translate} t
 * @param {Lang} lang
 * @returns {string}
 */
export function reviewLine(view, review, t, lang) {
  if (review === null) return '';
  const rulings = view.log.filter((e) => e.after_move === review && e.article).map((e) => said(e, lang));
  return t('review.at', { n: review, total: view.history.length }) + (rulings.length ? ' · ' : '') +
    rulings.join(lang === 'zh' ? '；' : '; ');
}

/**
 * A line of the record: the event in `lang`, with its article when the text does not name it.
 * @param {LogEntry} e
 * @param {Translate} t
 * @param {Lang} lang
 * @returns {string}
 */
export function logLine(e, t, lang) {
  const text = said(e, lang);
  return text + (e.article && !text.includes(article(t, e.article)) ? ` (${article(t, e.article)})` : '');
}

/**
 * A move of the list: `12. Black D4`, `13. White pass`.
 * @param {Move} m
 * @param {number} i its index in the record (0 for the first)
 * @param {Translate} t
 * @returns {string}
 */
export function moveLine(m, i, t) {
  return `${i + 1}. ${t('color.' + m.color)} ${m.point === 'pass' ? t('game.pass') : m.point}`;
}
