// What the game page says of a game's view (assets/gameview.js): the count explained (Art. 9,
// 11, 24), the state in one line, the review's note, the record's lines, the dead stones
// drawn in each phase.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countLines, deadShown, logLine, machineLines, moveLine, proposedBy, resultWords, reviewLine, statusLine } from '../../assets/gameview.js';
import { translator } from '../../assets/text.js';

const t = translator({
  'art': 'Art. {n}', 'art.clause': 'Art. {n}.{c}',
  'color.black': 'Black', 'color.white': 'White',
  'phase.play': 'playing', 'phase.counting': 'counting', 'phase.decided': 'decided', 'phase.final': 'final',
  'game.to_move': '{color} to move', 'game.paused': 'clocks stopped',
  'game.end_proposed': '{color} proposes to end', 'game.count': 'count {black} : {white}',
  'game.accepted': 'accepted B {black} W {white}', 'game.pass': 'pass',
  'review.at': 'move {n} of {total}',
  // The count's strings as the web crate has them in English (crates/web/src/i18n.rs).
  'count.side': '{color}: {stones} stones on the board + {territory} territory + {half} (half of {dame} dame) = {area}',
  'count.warnings': '{color}: {n} warning(s), one stone each to the other side (Art. 24)',
  'count.final': 'After the warnings: Black {black}, White {white} (together {total})',
  'count.need': 'Black must have more than {par} (half the board) + komi {komi}{handicap} = {threshold} (Art. 9, 11)',
  'count.handicap': ' + {n} given back for the handicap',
  'count.result': 'Black {count} − {threshold} = {margin} stones: {result}',
});

/** A counted 19×19 game (quarter stones: 4 a stone; komi 3¾ stones). */
function counted(o) {
  return Object.assign({
    game: 7, seq: 240, phase: 'decided', to_move: 'black', paused: false, board: [], marking: ['D4', 'E4'],
    machine_marking: [], machine_unsure: [], result: { outcome: {}, text: 'B+0.5', zh: '黑胜1/4子' },
    // 184 + 176 points and one dame: Black 184½ against 184¼ (Art. 11).
    count: {
      area: { black: 184, white: 176 }, stones: { black: 90, white: 88 }, territory: { black: 94, white: 88 }, dame: 1,
      penalties: { black: 0, white: 0 },
      quarters: { black: 738, white: 706, par: 722, komi: 15, handicap: 0, threshold: 737, margin: 1 },
      owner: [],
    },
    end_proposed_by: null, marking_accepted: { black: true, white: false }, moves: 239,
    history: [{ color: 'black', point: 'Q16' }, { color: 'white', point: 'pass' }, { color: 'black', point: 'D4' }],
    log: [],
  }, o);
}

test('the count is explained line by line, and the result closes it', () => {
  assert.deepEqual(countLines(counted({}), t, 'en'), [
    'Black: 90 stones on the board + 94 territory + ½ (half of 1 dame) = 184½',
    'White: 88 stones on the board + 88 territory + ½ (half of 1 dame) = 176½',
    'Black must have more than 180½ (half the board) + komi 3¾ = 184¼ (Art. 9, 11)',
    'Black 184½ − 184¼ = ¼ stones: B+0.5',
  ]);
  assert.deepEqual(countLines(counted({}), t, 'zh').slice(0, 1), ['Black: 90 stones on the board + 94 territory + 1/2 (half of 1 dame) = 184又1/2']);
});

test("the warnings' stones and the handicap's return are named when there are some (Art. 24, 11)", () => {
  const v = counted({});
  // Black warned once: a stone to White. Two handicap stones: one given back, komi ½.
  v.count = Object.assign({}, v.count, { penalties: { black: 1, white: 0 },
    quarters: { black: 734, white: 710, par: 722, komi: 2, handicap: 4, threshold: 728, margin: 6 } });
  v.result = { outcome: {}, text: 'B+3', zh: '黑胜1又1/2子' };
  assert.deepEqual(countLines(v, t, 'zh').slice(2), [
    'Black: 1 warning(s), one stone each to the other side (Art. 24)',
    'After the warnings: Black 183又1/2, White 177又1/2 (together 361)',
    'Black must have more than 180又1/2 (half the board) + komi 1/2 + 1 given back for the handicap = 182 (Art. 9, 11)',
    'Black 183又1/2 − 182 = 1又1/2 stones: 黑胜1又1/2子',
  ]);
});

test('the state in one line, phase by phase', () => {
  const play = counted({ phase: 'play', result: null, count: null, to_move: 'white' });
  assert.equal(statusLine(play, t, 'en'), 'playing · White to move');
  assert.equal(statusLine(Object.assign({}, play, { paused: true, end_proposed_by: 'black' }), t, 'en'),
    'playing · White to move · clocks stopped · Black proposes to end');
  assert.equal(statusLine(counted({ phase: 'counting', result: null, count: null }), t, 'en'), 'counting · accepted B ✓ W …');
  assert.equal(statusLine(counted({}), t, 'en'), 'decided · B+0.5 · count 184½ : 176½');
  assert.equal(statusLine(counted({}), t, 'zh'), 'decided · 黑胜1/4子 · count 184又1/2 : 176又1/2');
  assert.equal(resultWords({ text: 'W+R', zh: '白中盘胜' }, 'zh'), '白中盘胜');
});

test('the dead stones drawn: the marking being made, the one agreed, none in play', () => {
  assert.deepEqual(deadShown(counted({ phase: 'counting' }), new Set(['Q3'])), ['Q3']);
  assert.deepEqual(deadShown(counted({ phase: 'counting' }), null), []);
  assert.deepEqual(deadShown(counted({ phase: 'decided' }), new Set(['Q3'])), ['D4', 'E4']);
  assert.deepEqual(deadShown(counted({ phase: 'final' }), null), ['D4', 'E4']);
  assert.deepEqual(deadShown(counted({ phase: 'play' }), new Set(['Q3'])), []);
});

test('the review names the move shown and the rulings made after it', () => {
  const v = counted({ log: [
    { index: 3, after_move: 2, at: 0, en: 'Black warned (talking)', zh: '黑方警告', article: '24.1', overruled: false },
    { index: 4, after_move: 2, at: 0, en: 'a note', zh: '备注', article: null, overruled: false },
    { index: 5, after_move: 2, at: 0, en: 'White warned', zh: '白方警告', article: '24.1', overruled: false },
  ] });
  assert.equal(reviewLine(v, null, t, 'en'), '');
  assert.equal(reviewLine(v, 1, t, 'en'), 'move 1 of 3');
  assert.equal(reviewLine(v, 2, t, 'en'), 'move 2 of 3 · Black warned (talking); White warned');
  assert.equal(reviewLine(v, 2, t, 'zh'), 'move 2 of 3 · 黑方警告；白方警告');
});

test("a line of the record adds its article unless the text names it", () => {
  const e = { index: 0, after_move: 0, at: 0, en: 'Black warned', zh: '黑方警告', article: '24.1', overruled: false };
  assert.equal(logLine(e, t, 'en'), 'Black warned (Art. 24.1)');
  assert.equal(logLine(Object.assign({}, e, { en: 'Black warned (Art. 24.1)' }), t, 'en'), 'Black warned (Art. 24.1)');
  assert.equal(logLine(Object.assign({}, e, { article: null }), t, 'zh'), '黑方警告');
});

test('a move of the list: its number, its colour, its point or a pass', () => {
  assert.equal(moveLine({ color: 'black', point: 'Q16' }, 0, t), '1. Black Q16');
  assert.equal(moveLine({ color: 'white', point: 'pass' }, 1, t), '2. White pass');
});

// The machine's proposal in words (crates/web/src/i18n.rs has these strings in both languages).
const words = {
  en: translator({
    'machine.black': 'Black', 'machine.white': 'White',
    'machine.unsure': 'Unsure (not marked): {color} {stones} — {reason}',
    'machine.seki': 'Seki: {color} {stones} — {reason}', 'machine.dead': '{color} {stones} — {reason}',
    'machine.more': '{first} … ({n} stones)',
    'machine.by_builtin': 'Dead stones proposed by the built-in judgement', 'machine.by_scorer': 'Dead stones proposed by {name}',
    'machine.asking': 'Asking the scorer…', 'machine.failed': 'The scorer failed ({why}); built-in',
  }),
  zh: translator({
    'machine.black': '黑', 'machine.white': '白',
    'machine.unsure': '存疑（未标出）：{color} {stones} — {reason}',
    'machine.seki': '双活：{color} {stones} — {reason}', 'machine.dead': '{color} {stones} — {reason}',
    'machine.more': '{first}…（共{n}子）',
    'machine.by_builtin': '死子由内置判断提议', 'machine.by_scorer': '死子由 {name} 提议',
    'machine.asking': '正在询问外部判断程序……', 'machine.failed': '外部判断程序未能答复（{why}），内置',
  }),
};

test("the machine's chains are listed unsure and seki first, dead apart, in the page's language", () => {
  const v = counted({
    phase: 'counting',
    machine_chains: [
      { stones: ['B7'], color: 'white', status: 'dead', reason: 'invader', en: 'an eyeless invader of enclosed territory', zh: '侵入对方围地、无眼位的孤子' },
      { stones: ['A1', 'A2', 'B1', 'B2', 'C1'], color: 'black', status: 'seki', reason: 'seki', en: 'seki', zh: '双活' },
      { stones: ['F5'], color: 'black', status: 'unsure', reason: 'ko', en: 'its life hangs on a ko', zh: '死活取决于劫争' },
    ],
  });
  assert.deepEqual(machineLines(v, words.en, 'en'), {
    open: ['Unsure (not marked): Black F5 — its life hangs on a ko', 'Seki: Black A1 A2 B1 … (5 stones) — seki'],
    dead: ['White B7 — an eyeless invader of enclosed territory'],
  });
  assert.deepEqual(machineLines(v, words.zh, 'zh'), {
    open: ['存疑（未标出）：黑 F5 — 死活取决于劫争', '双活：黑 A1 A2 B1…（共5子） — 双活'],
    dead: ['白 B7 — 侵入对方围地、无眼位的孤子'],
  });
  // Outside counting, or from a server that sends none, nothing is said.
  assert.deepEqual(machineLines({ ...v, phase: 'decided' }, words.en, 'en'), { open: [], dead: [] });
  assert.deepEqual(machineLines(counted({ phase: 'counting' }), words.en, 'en'), { open: [], dead: [] });
});

test('who proposed the dead stones: the scorer by name, else the built-in judgement and why', () => {
  const v = (o) => counted({ phase: 'counting', machine_proposed_by: 'builtin', ...o });
  assert.equal(proposedBy(v({}), words.zh, 'zh'), '死子由内置判断提议');
  assert.equal(proposedBy(v({ machine_scorer: { asking: true } }), words.en, 'en'), 'Asking the scorer…');
  assert.equal(proposedBy(v({ machine_proposed_by: 'scorer', machine_scorer: { name: 'GNU Go' } }), words.zh, 'zh'), '死子由 GNU Go 提议');
  const failed = { failed: { message: 'the scorer nope: cannot start "nope"', zh: '无法启动外部判断程序 nope' } };
  assert.equal(proposedBy(v({ machine_scorer: failed }), words.zh, 'zh'), '外部判断程序未能答复（无法启动外部判断程序 nope），内置');
  assert.equal(proposedBy(v({ machine_scorer: failed }), words.en, 'en'), 'The scorer failed (the scorer nope: cannot start "nope"); built-in');
  assert.equal(proposedBy(v({ phase: 'decided' }), words.en, 'en'), '');
});
