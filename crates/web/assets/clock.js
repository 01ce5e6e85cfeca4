// @ts-check
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

/**
 * One side's clock (`server::wire::clocks::side_json`).
 * @typedef {object} ClockSide
 * @property {number} used_ms the time it has used
 * @property {number | null} main_left_ms the basic time left; `null` without a limit
 * @property {number | null} overtime_left byo-yomi periods or Canadian moves left, counting the
 *   current one; `null` without overtime
 * @property {number | null} period_left_ms the time left in the current period (the full
 *   period while in the basic time); `null` without overtime
 * @property {number} [moves] the moves it has made
 * @property {boolean} flagged whether its flag fell
 */
/**
 * The time control as the script needs it (`server::wire::clocks::control_json`).
 * @typedef {object} ClockControl
 * @property {'none' | 'absolute' | 'byoyomi' | 'canadian' | 'fischer'} kind
 * @property {number | null} period_ms a byo-yomi or Canadian period's length
 * @property {string} [spec] the control in the clock crate's grammar (`1h+3x60s`)
 */
/**
 * Both clocks at the instant `at` (`server::wire::clocks::clock_json`; the clock-only page's plan adds its own
 * fields to it).
 * @typedef {object} ClockReading
 * @property {number} at the instant of the reading, in the reading's time base (ms)
 * @property {'black' | 'white' | null} running whose clock runs
 * @property {boolean} paused
 * @property {'black' | 'white' | null} [flagged] whose flag fell
 * @property {ClockControl} control
 * @property {ClockSide} black
 * @property {ClockSide} white
 */

// The running time after which the flag of `side` falls (Infinity without a limit).
/** @param {ClockSide} side @param {ClockControl} control @returns {number} */
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
/** @param {ClockSide} side @param {ClockControl} control @param {number} ms @returns {ClockSide} */
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
// running side moves, and nothing moves while paused or stopped. The clock crate counts
// whole milliseconds, so a fraction of one (from `performance.now()`) is not counted: the
// face for an instant is the crate's state at that instant, never half a millisecond on.
/**
 * @template {ClockReading} R
 * @param {R} reading @param {number} readAt @param {number} now @returns {R}
 */
export function clockAt(reading, readAt, now) {
  const ms = Math.max(0, Math.floor(now - readAt));
  const out = Object.assign({}, reading);
  for (const c of ['black', 'white']) {
    out[c] = reading.running === c && !reading.paused ? sideAfter(reading[c], reading.control, ms) : Object.assign({}, reading[c]);
  }
  return out;
}

// Whether a side's clock is in its overtime (byo-yomi or Canadian periods) now.
/** @param {ClockSide} side @returns {boolean} */
export function inOvertime(side) {
  return (side.main_left_ms === 0 || side.main_left_ms === null) &&
    side.period_left_ms !== null && side.period_left_ms !== undefined;
}
