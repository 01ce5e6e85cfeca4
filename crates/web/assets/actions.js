// @ts-check
// weiqi: the commands sent to a game, and what to do when another took their turn first.
// Pure: no DOM, so `node --test` imports it (crates/web/tests/js/).
//
// Each command names the sequence number of the state the person acted on; when another
// command took that number first (two players confirming at once), the server answers 409
// "stale" with the game's state. An agreement that still applies to the new state — a
// confirmation of the same result, accepting the end or the same marking, a recount of the
// same count — is sent again for the new number; anything else, a move above all, is not, and
// the person is told what changed.
import { said } from './text.js';

/** @typedef {import('./text.js').Translate} Translate */
/** @typedef {import('./text.js').Lang} Lang */
/** @typedef {import('./gameview.js').GameView} GameView */
/**
 * A command to a game (`wire::WAction`): its `type` and that type's fields.
 * @typedef {{ type: string } & Record<string, any>} Action
 */

/** The commands that are agreements, which may be sent again on a newer state. */
export const RESENDABLE = ['confirm', 'accept_end', 'accept_marking', 'request_recount', 'record_recount'];

/**
 * The result of a view in words (English), or `null` before there is one.
 * @param {GameView | null | undefined} v
 * @returns {string | null}
 */
export function resultText(v) { return v && v.result ? v.result.text : null; }

/**
 * Whether `action`, decided on the view `seen`, means the same on the view `now`.
 * @param {Action} action
 * @param {GameView} seen
 * @param {GameView} now
 * @returns {boolean}
 */
export function stillApplies(action, seen, now) {
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

/**
 * What happened between `seen` and `now`: the record's new entries, else the new state.
 * @param {GameView} seen
 * @param {GameView} now
 * @param {Translate} t
 * @param {Lang} lang
 * @returns {string}
 */
export function changes(seen, now, t, lang) {
  const fresh = (now.log || []).filter((e) => e.index >= seen.seq).map((e) => said(e, lang));
  return fresh.length ? fresh.join(lang === 'zh' ? '；' : '; ') : t('phase.' + now.phase);
}

/**
 * The name of a command, as its button says it.
 * @param {Action} a
 * @param {Translate} t
 * @returns {string}
 */
export function actionName(a, t) {
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
    case 'late_forfeit': return t('ref.forfeit');
    // The referee's other commands: adjudicate, pause, resume.
    default: return t('ref.' + a.type);
  }
}

/**
 * The referee console's actions for the roles held (Art. 29–31, as `referee::permit` says):
 * a referee rules, confirms, records a recount, pauses; only the chief referee adjudicates; an
 * organizer issues seat links. A lost turn (Art. 22.5) is the player's own request, never
 * offered. The organizer of an event with no chief referee appointed is its chief referee (the
 * server says so in the roles).
 * @param {string[]} roles
 * @returns {string[]}
 */
export function consoleKinds(roles) {
  const referee = roles.includes('referee') || roles.includes('chief_referee');
  const official = referee || roles.includes('organizer');
  /** @type {string[]} */
  const kinds = [];
  if (referee) kinds.push('warning', 'void_move', 'confirm', 'recount', 'dispute', 'pause', 'resume', 'loss', 'forfeit');
  if (roles.includes('chief_referee')) kinds.push('adjudicate');
  if (official) kinds.push('seat_link');
  return kinds;
}

/** The form fields each of the console's actions reads; the others are hidden. */
export const KIND_FIELDS = /** @type {Record<string, string[]>} */ ({
  warning: ['side', 'offence'],
  loss: ['side', 'offence'],
  void_move: ['side', 'point'],
  adjudicate: ['outcome', 'article'],
  confirm: [],
  recount: ['side'],
  dispute: ['side'],
  pause: [],
  resume: [],
  forfeit: ['side'],
  seat_link: ['side'],
});

/**
 * Whether the console's action ends the game, so that it asks first: a loss (Art. 23), a
 * lateness forfeit (Art. 22.1–3), an adjudication (Art. 13.1), or a warning to a side already
 * warned once in this game (Art. 24.2: the second loses it) — a void move too, which carries
 * a warning when it retakes a ko (Art. 18.3).
 * @param {string} kind
 * @param {string} side
 * @param {{ warnings: Record<string, number> } | null | undefined} view
 * @returns {boolean}
 */
export function endsGame(kind, side, view) {
  if (kind === 'loss' || kind === 'forfeit' || kind === 'adjudicate') return true;
  return (kind === 'warning' || kind === 'void_move') && !!view && (view.warnings[side] || 0) >= 1;
}

/**
 * The command a referee's form asks for: `kind` is the form's choice, the other fields its
 * inputs (a side, a point, an offence, an outcome, an article).
 * @param {string} kind
 * @param {{ side: string, point: string, offence: string, outcome: string, article: string }} f
 * @returns {Action}
 */
export function refereeAction(kind, f) {
  const sd = f.side;
  switch (kind) {
    case 'warning': return { type: 'ruling', ruling: 'discipline', side: sd, offence: f.offence, penalty: 'warning' };
    case 'loss': return { type: 'ruling', ruling: 'discipline', side: sd, offence: f.offence, penalty: 'loss' };
    case 'void_move': return { type: 'ruling', ruling: 'void_move', side: sd, point: f.point.trim().toUpperCase() };
    case 'confirm': return { type: 'confirm' };
    // Art. 16.4: at the board the player asks the referee, who records it.
    case 'recount': return { type: 'record_recount', asked_by: sd };
    case 'dispute': return { type: 'dispute', claims_dead: sd };
    // Art. 22.1–3: a side absent beyond the event's limit.
    case 'forfeit': return { type: 'late_forfeit', side: sd };
    case 'pause': return { type: 'pause' };
    case 'resume': return { type: 'resume' };
    default: {
      const o = f.outcome;
      const out = (o === 'black' || o === 'white') ? { result: 'win', winner: o, how: { by: 'adjudication' } } : { result: o };
      return { type: 'adjudicate', outcome: out, article: f.article };
    }
  }
}
