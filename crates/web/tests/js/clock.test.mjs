// The pages' clock (assets/clock.js) against the clock crate's states on recorded schedules
// (clock-schedules.json, written from the crate by tests/it/clock_port.rs): every reading moved
// on by the script's port lands on the crate's state at every instant recorded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { clockAt, sideAfter } from '../../assets/clock.js';

const schedules = JSON.parse(readFileSync(new URL('./clock-schedules.json', import.meta.url), 'utf8'));

for (const s of schedules) {
  test(`the crate's states, ${s.name}`, () => {
    const r = s.reading;
    assert.ok(s.expect.length > 3, 'a schedule with states');
    for (const [d, want] of s.expect) {
      const now = clockAt(r, r.at, r.at + d);
      assert.deepEqual(now[r.running], want, `${s.name}: ${d} ms after the reading`);
      // The side not to move does not move.
      const other = r.running === 'black' ? 'white' : 'black';
      assert.deepEqual(now[other], r[other]);
    }
  });
}

test('a paused reading does not move', () => {
  const r = schedules[0].reading;
  const paused = Object.assign({}, r, { running: null, paused: true });
  assert.deepEqual(clockAt(paused, r.at, r.at + 60000).black, r.black);
});

test('time never goes back: a reading asked for before it was taken reads as taken', () => {
  const r = schedules[0].reading;
  assert.deepEqual(sideAfter(r.black, r.control, -500), r.black);
});

test('a fraction of a millisecond is not counted, as in the crate', () => {
  // Regression: the game page moved the clock by 15,999.6 ms, showed 10 s left in the period,
  // and said (rounded) it showed the instant 16,000 ms on, where the crate shows 9 s.
  for (const s of schedules) {
    const r = s.reading;
    for (const [d, want] of s.expect) {
      if (d < 1) continue;
      const now = clockAt(r, r.at, r.at + d + 0.6);
      assert.deepEqual(now[r.running], want, `${s.name}: ${d}.6 ms after the reading`);
    }
  }
});
