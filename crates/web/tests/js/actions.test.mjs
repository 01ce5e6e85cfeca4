// The commands sent to a game (assets/actions.js): which agreement is sent again when another
// command took its turn first (409 stale), what changed meanwhile, a command's name, and the
// referee form's command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KIND_FIELDS, RESENDABLE, actionName, changes, consoleKinds, endsGame, refereeAction, resultText, stillApplies } from '../../assets/actions.js';
import { translator } from '../../assets/text.js';

const t = translator({
  'phase.play': 'playing', 'phase.decided': 'decided',
  'game.play': 'Play', 'game.pass': 'Pass', 'game.confirm': 'Confirm', 'game.accept_marking': 'Accept the marking',
  'game.send_marking': 'Send the marking', 'game.recount': 'Ask for a recount',
  'ref.recount': 'Record a recount', 'ref.warning': 'Warning', 'ref.loss': 'Loss', 'ref.void_move': 'Void move',
  'ref.adjudicate': 'Adjudicate', 'ref.pause': 'Stop the clocks', 'ref.dispute': 'Dispute',
});

const B2 = { outcome: {}, text: 'B+2', zh: '黑胜1子' };
/** A view as the game page reads it, with only what the rules here look at. */
const view = (o) => Object.assign({ seq: 10, phase: 'decided', result: B2, may_recount: true, moves: 120,
  end_proposed_by: null, you: 'black', marking: ['D4', 'E5'], marking_accepted: { black: false, white: false }, log: [] }, o);

test('only agreements are ever sent again', () => {
  assert.deepEqual(RESENDABLE, ['confirm', 'accept_end', 'accept_marking', 'request_recount', 'record_recount']);
  for (const type of ['play', 'pass', 'resign', 'mark_dead', 'propose_end', 'dispute', 'ruling']) {
    assert.equal(stillApplies({ type }, view({}), view({ seq: 11 })), false, type);
  }
});

test('a confirmation is sent again only for the same result, still decided', () => {
  const seen = view({});
  assert.equal(stillApplies({ type: 'confirm' }, seen, view({ seq: 11 })), true);
  assert.equal(stillApplies({ type: 'confirm' }, seen, view({ seq: 11, result: { outcome: {}, text: 'W+R', zh: '' } })), false);
  assert.equal(stillApplies({ type: 'confirm' }, seen, view({ seq: 11, phase: 'final' })), false);
  // An older state is never a reason to send.
  assert.equal(stillApplies({ type: 'confirm' }, seen, view({ seq: 9 })), false);
  // No result seen: nothing to confirm the same of.
  assert.equal(stillApplies({ type: 'confirm' }, view({ result: null }), view({ seq: 11, result: null })), false);
  assert.equal(resultText(view({})), 'B+2');
  assert.equal(resultText(null), null);
});

test('a recount is asked again only while one may be (Art. 16.4)', () => {
  for (const type of ['request_recount', 'record_recount']) {
    assert.equal(stillApplies({ type }, view({}), view({ seq: 12 })), true, type);
    assert.equal(stillApplies({ type }, view({}), view({ seq: 12, may_recount: false })), false, type);
  }
});

test("the end is accepted again only as the opponent's proposal on the same board (Art. 13.2)", () => {
  const seen = view({ phase: 'play', result: null, end_proposed_by: 'white' });
  assert.equal(stillApplies({ type: 'accept_end' }, seen, view({ seq: 11, phase: 'play', result: null, end_proposed_by: 'white' })), true);
  assert.equal(stillApplies({ type: 'accept_end' }, seen, view({ seq: 11, phase: 'play', result: null, end_proposed_by: 'white', moves: 121 })), false);
  assert.equal(stillApplies({ type: 'accept_end' }, seen, view({ seq: 11, phase: 'play', result: null, end_proposed_by: 'black' })), false);
  assert.equal(stillApplies({ type: 'accept_end' }, seen, view({ seq: 11, phase: 'play', result: null, end_proposed_by: null })), false);
});

test('a marking is accepted again only if it is the same, in any order, and not yet accepted (Art. 8)', () => {
  const seen = view({ phase: 'counting', result: null });
  const now = (o) => view(Object.assign({ seq: 11, phase: 'counting', result: null, marking: ['E5', 'D4'] }, o));
  assert.equal(stillApplies({ type: 'accept_marking' }, seen, now({})), true);
  assert.equal(stillApplies({ type: 'accept_marking' }, seen, now({ marking: ['D4'] })), false);
  assert.equal(stillApplies({ type: 'accept_marking' }, seen, now({ marking_accepted: { black: true, white: false } })), false);
  assert.equal(stillApplies({ type: 'accept_marking' }, seen, now({ phase: 'decided' })), false);
});

test('what changed: the new entries of the record in the language, else the new phase', () => {
  const seen = view({ seq: 10 });
  const log = [
    { index: 9, en: 'old', zh: '旧' },
    { index: 10, en: 'White resigned', zh: '白方认输' },
    { index: 11, en: 'the result is confirmed', zh: '结果确认' },
  ];
  assert.equal(changes(seen, view({ seq: 12, log }), t, 'en'), 'White resigned; the result is confirmed');
  assert.equal(changes(seen, view({ seq: 12, log }), t, 'zh'), '白方认输；结果确认');
  assert.equal(changes(seen, view({ seq: 12, log: log.slice(0, 1), phase: 'play' }), t, 'en'), 'playing');
});

test('a command is named as its button says it', () => {
  assert.equal(actionName({ type: 'play', point: 'D4' }, t), 'Play D4');
  assert.equal(actionName({ type: 'pass' }, t), 'Pass');
  assert.equal(actionName({ type: 'mark_dead', points: [] }, t), 'Send the marking');
  assert.equal(actionName({ type: 'record_recount', asked_by: 'white' }, t), 'Record a recount');
  assert.equal(actionName({ type: 'ruling', ruling: 'discipline', penalty: 'warning' }, t), 'Warning');
  assert.equal(actionName({ type: 'ruling', ruling: 'discipline', penalty: 'loss' }, t), 'Loss');
  assert.equal(actionName({ type: 'ruling', ruling: 'void_move' }, t), 'Void move');
  assert.equal(actionName({ type: 'pause' }, t), 'Stop the clocks');
});

test("the referee's form makes the command the server reads", () => {
  const f = { side: 'white', point: ' d4 ', offence: 'talking', outcome: 'black', article: '17.5' };
  assert.deepEqual(refereeAction('warning', f), { type: 'ruling', ruling: 'discipline', side: 'white', offence: 'talking', penalty: 'warning' });
  assert.deepEqual(refereeAction('loss', f), { type: 'ruling', ruling: 'discipline', side: 'white', offence: 'talking', penalty: 'loss' });
  assert.deepEqual(refereeAction('void_move', f), { type: 'ruling', ruling: 'void_move', side: 'white', point: 'D4' });
  assert.deepEqual(refereeAction('recount', f), { type: 'record_recount', asked_by: 'white' });
  assert.deepEqual(refereeAction('dispute', f), { type: 'dispute', claims_dead: 'white' });
  assert.deepEqual(refereeAction('forfeit', f), { type: 'late_forfeit', side: 'white' });
  assert.deepEqual(refereeAction('adjudicate', f),
    { type: 'adjudicate', outcome: { result: 'win', winner: 'black', how: { by: 'adjudication' } }, article: '17.5' });
  assert.deepEqual(refereeAction('adjudicate', Object.assign({}, f, { outcome: 'both_lose', article: '21.4' })),
    { type: 'adjudicate', outcome: { result: 'both_lose' }, article: '21.4' });
});

test("the console offers each role only what it may take, never a player's lost turn (Art. 22.5, 29–31)", () => {
  assert.deepEqual(consoleKinds(['referee']), ['warning', 'void_move', 'confirm', 'recount', 'dispute', 'pause', 'resume', 'loss', 'forfeit', 'seat_link']);
  assert.ok(consoleKinds(['chief_referee']).includes('adjudicate'));
  assert.ok(!consoleKinds(['referee']).includes('adjudicate'));
  assert.deepEqual(consoleKinds(['organizer']), ['seat_link']);
  assert.deepEqual(consoleKinds([]), []);
  for (const roles of [['referee'], ['chief_referee'], ['organizer', 'chief_referee']]) {
    assert.ok(!consoleKinds(roles).includes('lost_turn'));
    for (const k of consoleKinds(roles)) assert.ok(k in KIND_FIELDS, k);
  }
});

test('a ruling that ends the game is asked about first: a loss, an adjudication, a second warning (Art. 24.2)', () => {
  const v = { warnings: { black: 1, white: 0 } };
  assert.ok(endsGame('loss', 'white', v));
  assert.ok(endsGame('adjudicate', 'white', v));
  assert.ok(endsGame('forfeit', 'white', v));
  assert.ok(endsGame('void_move', 'black', v), 'a ko retaken carries a warning (Art. 18.3)');
  assert.ok(endsGame('warning', 'black', v));
  assert.ok(!endsGame('warning', 'white', v));
  assert.ok(!endsGame('void_move', 'white', v));
  assert.ok(!endsGame('confirm', 'black', v));
});
