// weiqi: the clock as the pages show it between two readings of the clock crate's state.
// Pure: no DOM, no timers, never reads the clock — every instant is an argument, so node
// --test replays the crate's recorded schedules (crates/web/tests/js/) through it.
//
// A reading is the server's clock JSON (`crates/web/src/clock_json.rs`): the control's kind
// and period, whose clock runs, and each side's basic time, periods and time in the period at
// the reading's instant. `sideAfter` moves one side on by `ms` of its own running time by the
// rule the crate's `live` uses (Art. 12.3: the basic time first; each full period reached
// is used and the next starts full; at the end of the last the flag falls; Art. 12.5: the
// Canadian period runs down; Art. 12.4: absolute and Fischer time run down to the flag).

// The running time after which the flag of `side` falls (Infinity without a limit).
function untilFlag(side, control) {
  const kind = control && control.kind;
  if (kind === 'none' || side.main_left_ms === null || side.main_left_ms === undefined) return Infinity;
  if (kind === 'byoyomi') {
    // Art. 12.3: the basic time, what is left of this period, then every later period.
    return side.main_left_ms + side.period_left_ms + (side.overtime_left - 1) * control.period_ms;
  }
  // Art. 12.5: the basic time, then what is left of the Canadian period.
  if (kind === 'canadian') return side.main_left_ms + side.period_left_ms;
  // Art. 12.4 (and Fischer): the basic time is all there is.
  return side.main_left_ms;
}

// One side `ms` of its own running time after the reading `side`, under `control`
// ({ kind, period_ms }); the time after the flag is not counted, as the crate has it.
export function sideAfter(side, control, ms) {
  const c = Object.assign({}, side);
  if (c.flagged || !(ms > 0)) return c;
  const kind = control && control.kind;
  const flagIn = untilFlag(c, control);
  const run = Math.min(ms, flagIn);
  c.used_ms = (c.used_ms || 0) + run;
  if (flagIn === Infinity) return c;
  if (ms >= flagIn) {
    c.flagged = true;
    c.main_left_ms = 0;
    if (kind === 'byoyomi') { c.overtime_left = 0; c.period_left_ms = 0; }
    if (kind === 'canadian') c.period_left_ms = 0;
    return c;
  }
  const fromMain = Math.min(run, c.main_left_ms);
  c.main_left_ms -= fromMain;
  let rest = run - fromMain;
  if (rest <= 0) return c;
  if (kind === 'byoyomi') {
    // Art. 12.3: each full period reached is used and the next starts full.
    if (rest < c.period_left_ms) { c.period_left_ms -= rest; return c; }
    rest -= c.period_left_ms;
    const period = control.period_ms;
    c.overtime_left -= 1 + Math.floor(rest / period);
    c.period_left_ms = period - (rest % period);
  } else if (kind === 'canadian') {
    c.period_left_ms -= rest;
  }
  return c;
}

// Both sides at `now` from a reading taken (in the same time base) at `readAt`: only the
// running side moves, and nothing moves while paused or stopped.
export function clockAt(reading, readAt, now) {
  const ms = Math.max(0, now - readAt);
  const out = Object.assign({}, reading);
  for (const c of ['black', 'white']) {
    out[c] = reading.running === c && !reading.paused ? sideAfter(reading[c], reading.control, ms) : Object.assign({}, reading[c]);
  }
  return out;
}

// Whether a side's clock is in its overtime (byo-yomi or Canadian periods) now.
export function inOvertime(side) {
  return (side.main_left_ms === 0 || side.main_left_ms === null) &&
    side.period_left_ms !== null && side.period_left_ms !== undefined;
}
