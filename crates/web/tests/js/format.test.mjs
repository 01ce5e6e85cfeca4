// Times and amounts as the pages write them (assets/format.js): a clock's face and its label,
// quarter stones as the rules write them, komi in a number field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clockParts, clockText, faceData, fmt, quarters, quartersOf, stones } from '../../assets/format.js';
import { translator } from '../../assets/text.js';

const t = translator({
  'clock.flag': 'time is up',
  'clock.byoyomi_left': '{periods} periods',
  'clock.byoyomi': '{time}, {periods} periods',
  'clock.used': '{time} used',
  'clock.then': 'then {periods} × {time}',
});

/** A side as the server writes it (`server::wire::clocks::side_json`). */
const side = (o) => Object.assign({ used_ms: 0, main_left_ms: 600000, overtime_left: 3, period_left_ms: 30000, moves: 0, flagged: false }, o);

test('a time shows minutes and seconds, hours from an hour, the seconds rounded up', () => {
  assert.equal(fmt(0), '0:00');
  assert.equal(fmt(1), '0:01');
  assert.equal(fmt(999), '0:01');
  assert.equal(fmt(1000), '0:01');
  assert.equal(fmt(59001), '1:00');
  assert.equal(fmt(600000), '10:00');
  assert.equal(fmt(3599999), '1:00:00');
  assert.equal(fmt(3600000 + 62000), '1:01:02');
  assert.equal(fmt(-5000), '0:00');
  assert.equal(fmt(null), '—');
  assert.equal(fmt(undefined), '—');
});

test('a face in the basic time shows it, then the byo-yomi to come', () => {
  assert.deepEqual(clockParts(side({}), t), ['10:00', 'then 3 × 0:30']);
  assert.equal(clockText(side({}), t), '10:00 then 3 × 0:30');
  // Absolute time: nothing follows.
  const absolute = side({ overtime_left: null, period_left_ms: null });
  assert.deepEqual(clockParts(absolute, t), ['10:00', '']);
  assert.equal(clockText(absolute, t), '10:00');
});

test('a face in byo-yomi shows the period running and the periods left (Art. 12.3)', () => {
  const c = side({ main_left_ms: 0, overtime_left: 2, period_left_ms: 12300 });
  assert.deepEqual(clockParts(c, t), ['0:13', '2 periods']);
  assert.equal(clockText(c, t), '0:13, 2 periods');
});

test('a clock without a limit shows the time used; a fallen flag says so', () => {
  const free = side({ main_left_ms: null, overtime_left: null, period_left_ms: null, used_ms: 61000 });
  assert.deepEqual(clockParts(free, t), ['1:01 used', '']);
  assert.equal(clockText(free, t), '1:01 used');
  const flagged = side({ main_left_ms: 0, overtime_left: 0, period_left_ms: 0, flagged: true });
  assert.deepEqual(clockParts(flagged, t), ['time is up', '']);
  assert.equal(clockText(flagged, t), 'time is up');
});

test("a face's data: the instant, the periods, the seconds shown, the flag", () => {
  assert.deepEqual(faceData(side({ main_left_ms: 4001 }), 1234.6), { at: '1235', periods: '3', secs: '5', flagged: 'false' });
  // In byo-yomi the seconds are the period's.
  assert.deepEqual(faceData(side({ main_left_ms: 0, overtime_left: 1, period_left_ms: 9000 }), 0), { at: '0', periods: '1', secs: '9', flagged: 'false' });
  assert.deepEqual(faceData(side({ main_left_ms: null, overtime_left: null, period_left_ms: null, flagged: true }), 7), { at: '7', periods: '', secs: '0', flagged: 'true' });
});

test('quarter stones are written as the rules write them, in each language', () => {
  assert.equal(quarters(737, 'en'), '184¼');
  assert.equal(quarters(737, 'zh'), '184又1/4');
  assert.equal(quarters(11, 'en'), '2¾');
  assert.equal(quarters(11, 'zh'), '2又3/4');
  assert.equal(quarters(2, 'en'), '½');
  assert.equal(quarters(2, 'zh'), '1/2');
  assert.equal(quarters(-2, 'en'), '−½');
  assert.equal(quarters(-8, 'zh'), '−2');
  assert.equal(quarters(724, 'en'), '181');
  assert.equal(quarters(0, 'en'), '0');
});

test('komi goes to a number field in stones and comes back in quarter stones', () => {
  assert.equal(stones(15), '3.75');
  assert.equal(stones(-2), '-0.5');
  assert.equal(quartersOf('3.75'), 15);
  assert.equal(quartersOf('7.5'), 30);
  // A value between two quarters is taken to the nearest.
  assert.equal(quartersOf('3.8'), 15);
  for (const hp of [-30, -1, 0, 1, 15, 28]) assert.equal(quartersOf(stones(hp)), hp);
});
