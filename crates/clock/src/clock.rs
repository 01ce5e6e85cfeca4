//! The clock: both sides' time under one [`TimeControl`], driven by instants passed in.

use std::fmt;

use rules::Color;

use crate::call::{Call, Event};
use crate::control::{ByoYomi, ControlError, Leftover, TimeControl};
use crate::time::{Instant, Millis};

/// A two-faced game clock (Art. 32.3: two faces, two buttons, one runs while the other
/// stands, both can be stopped). It holds no timer: every method takes the instant at which
/// it happens, instants never go back, and [`Clock::state`] and [`Clock::next_event`] answer
/// for any instant without changing anything.
///
/// Invariants: at most one side's clock runs; a side's remaining time never goes below zero;
/// paused time is never counted (Art. 14); once a flag has fallen the clock runs no more until
/// [`Clock::lose_turn_instead`] (Art. 22.5) or [`Clock::stop`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    sides: [Side; 2],
    run: Run,
    /// The latest instant given to a method that changes the clock.
    last: Option<Instant>,
}

/// What the clock is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Not started yet ([`Clock::start`]).
    NotStarted,
    /// This side's clock runs.
    Running(Color),
    /// Both clocks are stopped by the referee for a pause (Art. 14); this side moves next.
    Paused(Color),
    /// A flag has fallen (Art. 12.3, 12.4, 22.5).
    Flagged(Timeout),
    /// The game is over and both clocks are stopped for good (Art. 13).
    Stopped,
}

/// A fallen flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeout {
    /// Whose flag fell.
    pub color: Color,
    /// When: the instant the time ran out (not when it was noticed).
    pub at: Instant,
    /// Art. 22.5: a timeout in the last byo-yomi period may, at the player's request, be a
    /// lost turn instead of a loss ([`Clock::lose_turn_instead`]). True under byo-yomi only.
    pub lost_turn_allowed: bool,
}

/// Both sides' clocks at one instant ([`Clock::state`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockState {
    /// The instant this state is for.
    pub at: Instant,
    /// Whose clock runs, or why none does.
    pub phase: Phase,
    /// Black's clock.
    pub black: SideState,
    /// White's clock.
    pub white: SideState,
}

/// One side's clock at an instant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideState {
    /// All the time charged to this side: its moves, the move in progress, and charges
    /// (lateness, corrections). Pauses never count (Art. 14).
    pub used: Millis,
    /// Basic time left; `None` under [`TimeControl::None`]. Zero once overtime has begun.
    pub main_left: Option<Millis>,
    /// Overtime left, for controls that have it.
    pub overtime: Overtime,
    /// Moves made (lost turns are not moves).
    pub moves: u32,
    /// Whether this side's flag has fallen.
    pub flagged: bool,
}

/// The overtime part of a [`SideState`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overtime {
    /// No overtime: no limit, absolute time or Fischer.
    None,
    /// Byo-yomi (Art. 12.3).
    ByoYomi {
        /// Periods left, counting the current one. Zero only when the flag has fallen.
        periods_left: u32,
        /// Time left in the current period (the full period while in basic time, or between
        /// moves).
        period_left: Millis,
    },
    /// Canadian overtime (Art. 12.5).
    Canadian {
        /// Moves still to make in the current period.
        moves_left: u32,
        /// Time left for them.
        period_left: Millis,
        /// Whether the periods have begun (the basic time is used up).
        started: bool,
    },
}

/// What a press of the clock did ([`Clock::press`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pressed {
    /// The move was made in time; the opponent's clock now runs.
    Moved(MoveTime),
    /// The flag fell before the press: the move does not count (Art. 12.3: "at 10 the minute
    /// is used whether or not the stone lands"; Art. 12.4).
    TimedOut(Timeout),
}

/// The time one move took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTime {
    /// Who moved.
    pub color: Color,
    /// The time charged for the move (with any charge waiting for it, such as lateness).
    pub elapsed: Millis,
    /// Byo-yomi periods the move used (Art. 12.3: 130 s uses two 60-s periods).
    pub periods_used: u32,
    /// Whether the basic time ran out during this move.
    pub entered_overtime: bool,
}

/// A correction of both sides' used time (Art. 22.8–9): the readings before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Correction {
    /// Black's used time before and after.
    pub black: (Millis, Millis),
    /// White's used time before and after.
    pub white: (Millis, Millis),
    /// A flag that fell because of the correction.
    pub timeout: Option<Timeout>,
}

/// Why the clock refused an action. Nothing changed, except two facts of time: the clock
/// remembers the instant (instants never go back, so a refused action at `t` still forbids
/// actions before `t`), and a flag that had fallen by it is recorded (it had fallen whether or
/// not anyone asked). [`ClockError::TimeWentBack`] changes nothing at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockError {
    /// The time control breaks an invariant.
    InvalidControl(ControlError),
    /// An instant earlier than one already given.
    TimeWentBack {
        /// The instant given.
        at: Instant,
        /// The latest instant already given.
        last: Instant,
    },
    /// The clock has not been started.
    NotStarted,
    /// The clock has already been started.
    AlreadyStarted,
    /// The game is over and the clock stopped (Art. 13).
    Stopped,
    /// The clocks are paused (Art. 14); resume first.
    Paused,
    /// The clocks are not paused.
    NotPaused,
    /// A side pressed while the other side's clock runs (Art. 17.4 is the referee's matter).
    NotYourTurn {
        /// Who pressed.
        pressed: Color,
        /// Whose clock runs.
        running: Color,
    },
    /// A flag has fallen (Art. 12.4, 22.5): only a lost turn or stopping the clock remain.
    Flagged(Timeout),
    /// No flag has fallen.
    NotFlagged,
    /// A lost turn instead of a loss is for a timeout in byo-yomi only (Art. 22.5).
    LostTurnNotAllowed,
    /// Reading again (Art. 16.2) is for a side whose byo-yomi period is being read.
    NotInByoYomi,
    /// Reading again (Art. 16.2) can only go back to an earlier second of the period.
    RereadAhead {
        /// The point asked for, into the period.
        from: Millis,
        /// How far the period has run.
        now: Millis,
    },
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::InvalidControl(e) => write!(f, "invalid time control: {e}"),
            ClockError::TimeWentBack { at, last } => {
                write!(f, "instant {at} is earlier than {last}, already given to the clock")
            }
            ClockError::NotStarted => f.write_str("the clock has not been started"),
            ClockError::AlreadyStarted => f.write_str("the clock has already been started"),
            ClockError::Stopped => f.write_str("the game is over and the clock stopped (art. 13)"),
            ClockError::Paused => f.write_str("the clocks are paused (art. 14); resume them first"),
            ClockError::NotPaused => f.write_str("the clocks are not paused"),
            ClockError::NotYourTurn { pressed, running } => {
                write!(f, "{pressed} pressed the clock but {running}'s clock is running")
            }
            ClockError::Flagged(t) => write!(f, "{}'s flag fell at {} (art. 12.4, 22.5)", t.color, t.at),
            ClockError::NotFlagged => f.write_str("no flag has fallen"),
            ClockError::LostTurnNotAllowed => {
                f.write_str("a lost turn instead of a loss is only for a timeout in byo-yomi (art. 22.5)")
            }
            ClockError::NotInByoYomi => f.write_str("the side to move is not in byo-yomi (art. 16.2)"),
            ClockError::RereadAhead { from, now } => {
                write!(
                    f,
                    "cannot read again from {from}: the period has only run {now} (art. 16.2)"
                )
            }
        }
    }
}

impl std::error::Error for ClockError {}

/// One side's budget between moves.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Side {
    /// Basic time left (absolute, byo-yomi, Canadian, Fischer).
    main_left: Millis,
    /// Byo-yomi periods left.
    periods_left: u32,
    /// Canadian: moves left in the current period.
    moves_left: u32,
    /// Canadian: time left in the current period.
    period_left: Millis,
    /// Canadian: the periods have begun.
    overtime: bool,
    /// Time charged to this side and not yet part of a move: it is added to the side's next
    /// (or current) move, as if its clock had run that much longer (Art. 22.1, 22.8).
    pending: Millis,
    /// Time of completed moves and lost turns.
    settled: Millis,
    /// Moves made.
    moves: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Run {
    NotStarted,
    /// `color`'s turn; `banked` is its elapsed time up to `since` (including charges), and
    /// `since` is `None` while paused.
    Turn {
        color: Color,
        banked: Millis,
        since: Option<Instant>,
    },
    /// `elapsed` is the flagged side's time in the turn at the flag.
    Flagged {
        timeout: Timeout,
        elapsed: Millis,
    },
    /// Both clocks stopped; the side whose turn it was and its elapsed time, to keep showing.
    Stopped {
        frozen: Option<(Color, Millis)>,
    },
}

impl Clock {
    /// A clock for `control`, not started, both sides with their full time (Art. 12.2).
    pub fn new(control: TimeControl) -> Result<Clock, ClockError> {
        control.validate().map_err(ClockError::InvalidControl)?;
        let side = match &control {
            TimeControl::None => Side::with_main(Millis::ZERO),
            TimeControl::Absolute { main } => Side::with_main(*main),
            TimeControl::ByoYomi(b) => Side {
                periods_left: b.periods,
                ..Side::with_main(b.main)
            },
            TimeControl::Canadian(c) => Side {
                moves_left: c.moves,
                period_left: c.period,
                ..Side::with_main(c.main)
            },
            TimeControl::Fischer(x) => Side::with_main(x.main),
        };
        Ok(Clock {
            control,
            sides: [side.clone(), side],
            run: Run::NotStarted,
            last: None,
        })
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Starts `first`'s clock at `at` (Black's, or White's in a handicap game). Time charged
    /// before the start (lateness, Art. 22.1) waits for that side's first move.
    pub fn start(&mut self, at: Instant, first: Color) -> Result<(), ClockError> {
        self.check_time(at)?;
        match self.run {
            Run::NotStarted => {}
            Run::Stopped { .. } => return Err(ClockError::Stopped),
            _ => return Err(ClockError::AlreadyStarted),
        }
        self.last = Some(at);
        self.begin_turn(first, at);
        Ok(())
    }

    /// `color` presses the clock at `at`: its move ends and the opponent's clock starts.
    ///
    /// Art. 12.3: in byo-yomi a move under the period costs nothing and a move reaching it
    /// uses one period (two for 130 s of a 60-s byo-yomi); Art. 12.5: a Canadian period's
    /// moves are counted, and its leftover time carries over (or resets, as set). If the flag
    /// fell before `at` the move does not count: [`Pressed::TimedOut`] (Art. 12.3: "at 10 the
    /// minute is used whether or not the stone lands"; Art. 12.4: running out loses).
    pub fn press(&mut self, at: Instant, color: Color) -> Result<Pressed, ClockError> {
        self.check_time(at)?;
        self.last = Some(at);
        self.record_flag(at);
        match self.run {
            Run::NotStarted => Err(ClockError::NotStarted),
            Run::Stopped { .. } => Err(ClockError::Stopped),
            Run::Flagged { timeout, .. } if timeout.color == color => Ok(Pressed::TimedOut(timeout)),
            Run::Flagged { timeout, .. } => Err(ClockError::Flagged(timeout)),
            Run::Turn { since: None, .. } => Err(ClockError::Paused),
            Run::Turn { color: running, .. } if running != color => Err(ClockError::NotYourTurn {
                pressed: color,
                running,
            }),
            Run::Turn {
                banked,
                since: Some(since),
                ..
            } => {
                let elapsed = banked.saturating_add(at.since(since));
                let control = self.control.clone();
                let side = &mut self.sides[color.index()];
                match settle(&control, side, elapsed) {
                    Some((periods_used, entered_overtime)) => {
                        self.begin_turn(color.opponent(), at);
                        Ok(Pressed::Moved(MoveTime {
                            color,
                            elapsed,
                            periods_used,
                            entered_overtime,
                        }))
                    }
                    // record_flag has already caught a flag before `at`; this is the same
                    // flag seen through the move's elapsed time, kept as a second guard.
                    None => {
                        let timeout = self.flag(color, at);
                        Ok(Pressed::TimedOut(timeout))
                    }
                }
            }
        }
    }

    /// The referee stops both clocks at `at` for a pause (Art. 14: pauses never count).
    pub fn pause(&mut self, at: Instant) -> Result<(), ClockError> {
        self.check_time(at)?;
        self.last = Some(at);
        self.record_flag(at);
        match &mut self.run {
            Run::Turn {
                banked,
                since: since @ Some(_),
                ..
            } => {
                *banked = banked.saturating_add(at.since(since.unwrap_or(at)));
                *since = None;
                Ok(())
            }
            run => Err(refusal(run)),
        }
    }

    /// The referee restarts the clock of the side to move at `at` (Art. 14; Art. 22.1: after a
    /// pause the clocks simply run, with no lateness limit).
    pub fn resume(&mut self, at: Instant) -> Result<(), ClockError> {
        self.check_time(at)?;
        self.last = Some(at);
        match &mut self.run {
            Run::Turn {
                since: since @ None, ..
            } => {
                *since = Some(at);
                Ok(())
            }
            Run::Turn { .. } => Err(ClockError::NotPaused),
            run => Err(refusal(run)),
        }
    }

    /// The referee restarts the clocks at `at` with `color` to move, who need not be the side
    /// that was to move when they stopped (Art. 21.4: after a life-and-death dispute play
    /// resumes with the side claiming "dead"). The other side's unfinished turn is kept as a
    /// charge waiting for its next move, so no time is lost or counted twice and no move is
    /// counted.
    pub fn resume_as(&mut self, at: Instant, color: Color) -> Result<(), ClockError> {
        self.check_time(at)?;
        // Like every other method: the instant is recorded even when the action is refused.
        self.last = Some(at);
        match self.run {
            Run::Turn {
                color: paused,
                banked,
                since: None,
            } => {
                if paused == color {
                    self.run = Run::Turn {
                        color,
                        banked,
                        since: Some(at),
                    };
                } else {
                    let side = &mut self.sides[paused.index()];
                    side.pending = side.pending.saturating_add(banked);
                    self.begin_turn(color, at);
                }
                Ok(())
            }
            Run::Turn { .. } => Err(ClockError::NotPaused),
            ref run => Err(refusal(run)),
        }
    }

    /// Stops both clocks for good at `at`: the game is over (Art. 13). The readings stay.
    /// Returns the flag that fell before `at`, if one did and was not yet recorded.
    pub fn stop(&mut self, at: Instant) -> Result<Option<Timeout>, ClockError> {
        self.check_time(at)?;
        self.last = Some(at);
        let before = matches!(self.run, Run::Flagged { .. });
        self.record_flag(at);
        let (frozen, timeout) = match &self.run {
            Run::NotStarted => (None, None),
            Run::Stopped { .. } => return Err(ClockError::Stopped),
            Run::Turn { color, banked, since } => (
                Some((
                    *color,
                    banked.saturating_add(since.map_or(Millis::ZERO, |s| at.since(s))),
                )),
                None,
            ),
            Run::Flagged { timeout, elapsed } => (Some((timeout.color, *elapsed)), (!before).then_some(*timeout)),
        };
        self.run = Run::Stopped { frozen };
        Ok(timeout)
    }

    /// Records a flag that fell by `at`, if one did, and returns the clock's flag. A server
    /// calls it when [`Clock::next_event`] said [`Call::TimeUp`] and that instant came.
    pub fn observe(&mut self, at: Instant) -> Result<Option<Timeout>, ClockError> {
        self.check_time(at)?;
        self.last = Some(at);
        self.record_flag(at);
        Ok(match self.run {
            Run::Flagged { timeout, .. } => Some(timeout),
            _ => None,
        })
    }

    /// Art. 22.5: at the request of the player whose flag fell in the last byo-yomi period,
    /// the timeout is a lost turn (a pass) instead of a loss, and play goes on with the same
    /// byo-yomi: that player keeps one period, and the opponent's clock starts at `at` (the
    /// time between the flag and the ruling counts for nobody).
    pub fn lose_turn_instead(&mut self, at: Instant) -> Result<(), ClockError> {
        self.check_time(at)?;
        self.last = Some(at);
        self.record_flag(at);
        let Run::Flagged { timeout, elapsed } = self.run else {
            return Err(match &self.run {
                Run::Stopped { .. } => ClockError::Stopped,
                Run::NotStarted => ClockError::NotStarted,
                _ => ClockError::NotFlagged,
            });
        };
        if !timeout.lost_turn_allowed {
            return Err(ClockError::LostTurnNotAllowed);
        }
        let side = &mut self.sides[timeout.color.index()];
        side.settled = side.settled.saturating_add(elapsed);
        side.pending = Millis::ZERO;
        side.main_left = Millis::ZERO;
        side.periods_left = 1;
        self.begin_turn(timeout.color.opponent(), at);
        Ok(())
    }

    /// Art. 16.2: the last minute was read wrongly and the player demands it be read again
    /// from the error: the current byo-yomi period of the side to move goes back to `from`
    /// into the period (say 30 s), and the reading goes on from there: the next event is the
    /// first call after `from` (the referee says the call at `from` itself, if any). The time
    /// taken back is no longer counted as used.
    pub fn reread_from(&mut self, at: Instant, from: Millis) -> Result<(), ClockError> {
        self.check_time(at)?;
        self.last = Some(at);
        self.record_flag(at);
        let Run::Turn { color, .. } = self.run else {
            return Err(refusal(&self.run));
        };
        let TimeControl::ByoYomi(b) = &self.control else {
            return Err(ClockError::NotInByoYomi);
        };
        let side = &self.sides[color.index()];
        let elapsed = self.live_elapsed(color, at).saturating_sub(side.pending);
        if elapsed < side.main_left {
            return Err(ClockError::NotInByoYomi);
        }
        let now = Millis(elapsed.saturating_sub(side.main_left).0 % b.period.0);
        if from > now {
            return Err(ClockError::RereadAhead { from, now });
        }
        // The time taken back comes out of the move in progress, never out of earlier moves.
        self.give_back(at, color, now.saturating_sub(from));
        Ok(())
    }

    /// Charges `amount` to `color`'s clock at `at`, as if its clock had run that much longer:
    /// during its turn the current move takes longer, otherwise its next move does. Returns
    /// the flag if the charge uses up the side's time (it falls at `at`).
    pub fn charge(&mut self, at: Instant, color: Color, amount: Millis) -> Result<Option<Timeout>, ClockError> {
        self.check_time(at)?;
        self.last = Some(at);
        self.record_flag(at);
        self.ready_for_correction()?;
        Ok(self.charge_now(at, color, amount))
    }

    /// Art. 22.1: a player late for the start is charged twice the lateness. When the late
    /// player's clock was already running for the lateness (started at the scheduled time and
    /// this is still their first move), that running time is one of the two, and only the other
    /// is added. The forfeit limits (1 hour, or 15 minutes with lodging at the venue) are the
    /// referee's; after a pause there is no lateness charge (Art. 22.1).
    pub fn charge_lateness(
        &mut self,
        at: Instant,
        color: Color,
        lateness: Millis,
    ) -> Result<Option<Timeout>, ClockError> {
        self.check_time(at)?;
        self.last = Some(at);
        self.record_flag(at);
        self.ready_for_correction()?;
        let already = match self.run {
            Run::Turn {
                color: running,
                banked,
                since,
            } if running == color && self.sides[color.index()].moves == 0 => banked
                .saturating_add(since.map_or(Millis::ZERO, |s| at.since(s)))
                .min(lateness),
            _ => Millis::ZERO,
        };
        let amount = lateness.saturating_mul(2).saturating_sub(already);
        Ok(self.charge_now(at, color, amount))
    }

    /// Art. 22.8: a clock found wrong (by 2 minutes an hour or more) is replaced and both
    /// sides' times are set right in proportion to the time each has used: `true_total` is the
    /// true time both clocks should have counted together, split in the ratio of the used
    /// times the clock shows (evenly if it shows none). Black's share is rounded down.
    pub fn correct_in_proportion(&mut self, at: Instant, true_total: Millis) -> Result<Correction, ClockError> {
        self.check_time(at)?;
        let (b, w) = (self.used_at(Color::Black, at), self.used_at(Color::White, at));
        let sum = u128::from(b.0) + u128::from(w.0);
        // u128: the product of two u64 never overflows it; the quotient is ≤ true_total.
        let black = (u128::from(true_total.0) * u128::from(b.0))
            .checked_div(sum)
            .map_or(true_total.0 / 2, |q| q as u64);
        self.set_used(at, Millis(black), true_total.saturating_sub(Millis(black)))
    }

    /// Art. 22.9: when the clock fails after a pause and the written record of the times
    /// before it is lost, the time used is split evenly: each side is charged half of
    /// `total` (Black's half rounded down).
    pub fn split_evenly(&mut self, at: Instant, total: Millis) -> Result<Correction, ClockError> {
        let black = Millis(total.0 / 2);
        self.set_used(at, black, total.saturating_sub(black))
    }

    /// Art. 22.8: sets both sides' used time, as the referee reads them from a replaced or
    /// corrected clock (a change to one side only needs the chief referee's approval, which
    /// is the referee's matter). More used time is charged like [`Clock::charge`]; less is
    /// given back, first from a charge waiting for the side's move, then to its basic time
    /// (to its Canadian period once the periods have begun).
    pub fn set_used(&mut self, at: Instant, black: Millis, white: Millis) -> Result<Correction, ClockError> {
        self.check_time(at)?;
        self.last = Some(at);
        self.record_flag(at);
        self.ready_for_correction()?;
        let before = (self.used_at(Color::Black, at), self.used_at(Color::White, at));
        let mut timeout = None;
        for (color, old, new) in [(Color::Black, before.0, black), (Color::White, before.1, white)] {
            if new > old {
                timeout = timeout.or(self.charge_now(at, color, new.saturating_sub(old)));
            } else {
                self.give_back(at, color, old.saturating_sub(new));
            }
        }
        Ok(Correction {
            black: (before.0, self.used_at(Color::Black, at)),
            white: (before.1, self.used_at(Color::White, at)),
            timeout,
        })
    }

    /// Both clocks at `at`, without changing anything: each side's remaining basic time,
    /// periods, moves left in the period, used time, and whose clock runs or whose flag fell
    /// (a flag that fell by `at` shows even if nobody has recorded it yet). An instant earlier
    /// than the last one given reads as that one.
    pub fn state(&self, at: Instant) -> ClockState {
        let at = self.last.map_or(at, |last| at.max(last));
        let mut phase = match self.run {
            Run::NotStarted => Phase::NotStarted,
            Run::Turn {
                color, since: Some(_), ..
            } => Phase::Running(color),
            Run::Turn { color, since: None, .. } => Phase::Paused(color),
            Run::Flagged { timeout, .. } => Phase::Flagged(timeout),
            Run::Stopped { .. } => Phase::Stopped,
        };
        if let Some(timeout) = self.flag_by(at) {
            phase = Phase::Flagged(timeout);
        }
        ClockState {
            at,
            phase,
            black: self.side_state(Color::Black, at),
            white: self.side_state(Color::White, at),
        }
    }

    /// The next thing the clock announces strictly after `after`: a call of Art. 12.3 or the
    /// flag, with its instant, for the side whose clock runs. A server sleeps until then.
    /// `None` when nothing will happen (no clock runs, or no call and no flag is due).
    /// Pressing, pausing or charging changes what comes next, so ask again after each.
    pub fn next_event(&self, after: Instant) -> Option<Event> {
        let (color, banked, since) = self.running()?;
        let x = banked.saturating_add(after.since(since));
        let (offset, call) = next_call(&self.control, &self.sides[color.index()], x)?;
        Some(Event {
            at: since.plus(offset.saturating_sub(banked)),
            color,
            call,
        })
    }

    /// Every event in `(from, to]` ([`Clock::next_event`] repeatedly), as they would come if
    /// nobody pressed the clock.
    pub fn events_between(&self, from: Instant, to: Instant) -> Vec<Event> {
        let mut out = Vec::new();
        let mut t = from;
        while let Some(e) = self.next_event(t) {
            if e.at > to {
                break;
            }
            t = e.at;
            out.push(e);
        }
        out
    }

    /// When the running side's flag will fall if nobody presses, or `None`.
    pub fn flag_instant(&self) -> Option<Instant> {
        let (color, banked, since) = self.running()?;
        let f = flag_offset(&self.control, &self.sides[color.index()])?;
        Some(since.plus(f.saturating_sub(banked)))
    }

    /// `color`'s used time at `at` ([`SideState::used`]).
    pub fn used_at(&self, color: Color, at: Instant) -> Millis {
        let side = &self.sides[color.index()];
        side.settled.saturating_add(self.live_elapsed(color, at))
    }

    fn side_state(&self, color: Color, at: Instant) -> SideState {
        let side = &self.sides[color.index()];
        let elapsed = self.live_elapsed(color, at);
        let mut state = live(&self.control, side, elapsed);
        state.used = side.settled.saturating_add(elapsed);
        state
    }

    /// The side whose clock runs, its elapsed time banked and since when it runs; `None`
    /// when no clock runs (not started, paused, flagged or stopped).
    fn running(&self) -> Option<(Color, Millis, Instant)> {
        match self.run {
            Run::Turn {
                color,
                banked,
                since: Some(since),
            } => Some((color, banked, since)),
            _ => None,
        }
    }

    /// Time not yet settled into a completed move: charges waiting, plus the move in progress.
    fn live_elapsed(&self, color: Color, at: Instant) -> Millis {
        let at = self.last.map_or(at, |last| at.max(last));
        let pending = self.sides[color.index()].pending;
        let turn = match self.run {
            Run::Turn {
                color: c,
                banked,
                since,
            } if c == color => {
                let running = since.map_or(Millis::ZERO, |s| at.since(s));
                let mut e = banked.saturating_add(running);
                // The flag stops the clock: time after it is not counted.
                if let Some(f) = flag_offset(&self.control, &self.sides[color.index()]) {
                    e = e.min(f);
                }
                e
            }
            Run::Flagged { timeout, elapsed } if timeout.color == color => elapsed,
            Run::Stopped { frozen: Some((c, e)) } if c == color => e,
            _ => Millis::ZERO,
        };
        pending.saturating_add(turn)
    }

    fn check_time(&self, at: Instant) -> Result<(), ClockError> {
        match self.last {
            Some(last) if at < last => Err(ClockError::TimeWentBack { at, last }),
            _ => Ok(()),
        }
    }

    /// The flag of the running side, if it has fallen by `at`.
    fn flag_by(&self, at: Instant) -> Option<Timeout> {
        let Run::Turn {
            color, since: Some(_), ..
        } = self.run
        else {
            return None;
        };
        let flag_at = self.flag_instant()?;
        (flag_at <= at).then(|| self.timeout(color, flag_at))
    }

    fn record_flag(&mut self, at: Instant) {
        if let (Some(timeout), Run::Turn { color, .. }) = (self.flag_by(at), &self.run) {
            let f = flag_offset(&self.control, &self.sides[color.index()]).unwrap_or(Millis::ZERO);
            self.run = Run::Flagged { timeout, elapsed: f };
        }
    }

    /// Lets `color`'s flag fall at `at` (the running turn, if the other side's, is kept in
    /// that side's pending time so its used time still shows).
    fn flag(&mut self, color: Color, at: Instant) -> Timeout {
        if let Run::Turn {
            color: running,
            banked,
            since,
        } = self.run
        {
            let e = banked.saturating_add(since.map_or(Millis::ZERO, |s| at.since(s)));
            let side = &mut self.sides[running.index()];
            side.pending = side.pending.saturating_add(e);
        }
        let side = &mut self.sides[color.index()];
        let f = flag_offset(&self.control, side).unwrap_or(Millis::ZERO);
        // The flagged side's elapsed at the flag is all its time; what it had pending is part
        // of it.
        side.pending = Millis::ZERO;
        let timeout = self.timeout(color, at);
        self.run = Run::Flagged { timeout, elapsed: f };
        timeout
    }

    fn timeout(&self, color: Color, at: Instant) -> Timeout {
        Timeout {
            color,
            at,
            lost_turn_allowed: self.control.allows_lost_turn(),
        }
    }

    fn begin_turn(&mut self, color: Color, at: Instant) {
        let side = &mut self.sides[color.index()];
        let banked = std::mem::take(&mut side.pending);
        self.run = Run::Turn {
            color,
            banked,
            since: Some(at),
        };
    }

    fn ready_for_correction(&self) -> Result<(), ClockError> {
        match self.run {
            Run::Flagged { timeout, .. } => Err(ClockError::Flagged(timeout)),
            Run::Stopped { .. } => Err(ClockError::Stopped),
            _ => Ok(()),
        }
    }

    /// Adds `amount` to `color`'s elapsed time (its running move, or its next one); lets the
    /// flag fall at `at` if that uses up the side's time.
    fn charge_now(&mut self, at: Instant, color: Color, amount: Millis) -> Option<Timeout> {
        let f = flag_offset(&self.control, &self.sides[color.index()]);
        if matches!(self.run, Run::Flagged { .. }) {
            // One flag ends the game; a charge after it (the second half of a correction)
            // only shows in the used time.
            let side = &mut self.sides[color.index()];
            side.pending = side.pending.saturating_add(amount);
            return None;
        }
        match &mut self.run {
            Run::Turn {
                color: running,
                banked,
                since,
            } if *running == color => {
                if let Some(s) = since {
                    *banked = banked.saturating_add(at.since(*s));
                    *since = Some(at);
                }
                *banked = banked.saturating_add(amount);
                if f.is_some_and(|f| *banked >= f) {
                    let side = &mut self.sides[color.index()];
                    side.pending = Millis::ZERO;
                    let timeout = self.timeout(color, at);
                    self.run = Run::Flagged {
                        timeout,
                        elapsed: f.unwrap_or(Millis::ZERO),
                    };
                    return Some(timeout);
                }
                None
            }
            _ => {
                let side = &mut self.sides[color.index()];
                side.pending = side.pending.saturating_add(amount);
                if f.is_some_and(|f| side.pending >= f) {
                    return Some(self.flag(color, at));
                }
                None
            }
        }
    }

    /// Takes `amount` off `color`'s used time: from its running move or waiting charge
    /// first, then back into its budget.
    fn give_back(&mut self, at: Instant, color: Color, amount: Millis) {
        let mut rest = amount;
        if let Run::Turn {
            color: running,
            banked,
            since,
        } = &mut self.run
            && *running == color
        {
            if let Some(s) = since {
                *banked = banked.saturating_add(at.since(*s));
                *since = Some(at);
            }
            let take = rest.min(*banked);
            *banked = banked.saturating_sub(take);
            rest = rest.saturating_sub(take);
        }
        let side = &mut self.sides[color.index()];
        let take = rest.min(side.pending);
        side.pending = side.pending.saturating_sub(take);
        rest = rest.saturating_sub(take);
        let take = rest.min(side.settled);
        side.settled = side.settled.saturating_sub(take);
        match &self.control {
            TimeControl::Canadian(_) if side.overtime => side.period_left = side.period_left.saturating_add(take),
            _ => side.main_left = side.main_left.saturating_add(take),
        }
    }
}

impl Side {
    fn with_main(main: Millis) -> Side {
        Side {
            main_left: main,
            periods_left: 0,
            moves_left: 0,
            period_left: Millis::ZERO,
            overtime: false,
            pending: Millis::ZERO,
            settled: Millis::ZERO,
            moves: 0,
        }
    }
}

impl ClockState {
    /// The clock of `color`.
    pub fn side(&self, color: Color) -> &SideState {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

fn refusal(run: &Run) -> ClockError {
    match run {
        Run::NotStarted => ClockError::NotStarted,
        Run::Stopped { .. } => ClockError::Stopped,
        Run::Flagged { timeout, .. } => ClockError::Flagged(*timeout),
        Run::Turn { since: None, .. } => ClockError::Paused,
        Run::Turn { .. } => ClockError::NotPaused,
    }
}

/// The elapsed time in a move at which `side`'s flag falls, or `None` without a limit.
fn flag_offset(control: &TimeControl, side: &Side) -> Option<Millis> {
    match control {
        TimeControl::None => None,
        // Art. 12.4: the basic time is all there is.
        TimeControl::Absolute { .. } | TimeControl::Fischer(_) => Some(side.main_left),
        // Art. 12.3: the basic time, then every period left; at the end of the last the flag falls.
        TimeControl::ByoYomi(b) => Some(
            side.main_left
                .saturating_add(b.period.saturating_mul(u64::from(side.periods_left))),
        ),
        // Art. 12.5: the basic time, then what is left of the current period.
        TimeControl::Canadian(_) => Some(side.main_left.saturating_add(side.period_left)),
    }
}

/// `side` after `elapsed` more time in a move that has not ended (a side's clock between
/// presses). `used` is left for the caller.
fn live(control: &TimeControl, side: &Side, elapsed: Millis) -> SideState {
    let mut state = SideState {
        used: Millis::ZERO,
        main_left: Some(side.main_left.saturating_sub(elapsed)),
        overtime: Overtime::None,
        moves: side.moves,
        flagged: flag_offset(control, side).is_some_and(|f| elapsed >= f),
    };
    match control {
        TimeControl::None => state.main_left = None,
        TimeControl::Absolute { .. } | TimeControl::Fischer(_) => {}
        TimeControl::ByoYomi(b) => {
            state.overtime = if elapsed < side.main_left {
                Overtime::ByoYomi {
                    periods_left: side.periods_left,
                    period_left: b.period,
                }
            } else {
                // Art. 12.3: each full period reached in this move is used.
                let y = elapsed.saturating_sub(side.main_left);
                let used = y.0 / b.period.0;
                match u64::from(side.periods_left).checked_sub(used) {
                    Some(left) if left > 0 => Overtime::ByoYomi {
                        periods_left: left as u32,
                        period_left: Millis(b.period.0 - y.0 % b.period.0),
                    },
                    _ => Overtime::ByoYomi {
                        periods_left: 0,
                        period_left: Millis::ZERO,
                    },
                }
            };
        }
        TimeControl::Canadian(_) => {
            state.overtime = if !side.overtime && elapsed < side.main_left {
                Overtime::Canadian {
                    moves_left: side.moves_left,
                    period_left: side.period_left,
                    started: false,
                }
            } else {
                let y = elapsed.saturating_sub(side.main_left);
                Overtime::Canadian {
                    moves_left: side.moves_left,
                    period_left: side.period_left.saturating_sub(y),
                    started: true,
                }
            };
        }
    }
    state
}

/// Ends a move of `elapsed` for `side`: the periods it used and whether it entered overtime,
/// or `None` if the flag fell during it (and nothing changes).
fn settle(control: &TimeControl, side: &mut Side, elapsed: Millis) -> Option<(u32, bool)> {
    if flag_offset(control, side).is_some_and(|f| elapsed >= f) {
        return None;
    }
    let mut periods_used = 0;
    let mut entered_overtime = false;
    match control {
        TimeControl::None => {}
        TimeControl::Absolute { .. } => side.main_left = side.main_left.saturating_sub(elapsed),
        // Fischer: the increment comes after a move made in time.
        TimeControl::Fischer(x) => side.main_left = side.main_left.saturating_sub(elapsed).saturating_add(x.increment),
        TimeControl::ByoYomi(b) => {
            if elapsed < side.main_left {
                side.main_left = side.main_left.saturating_sub(elapsed);
            } else {
                entered_overtime = !side.main_left.is_zero();
                // Art. 12.3: under a period is free, reaching it uses one; 130 s uses two of 60 s.
                let y = elapsed.saturating_sub(side.main_left);
                periods_used = (y.0 / b.period.0) as u32;
                side.main_left = Millis::ZERO;
                side.periods_left -= periods_used;
            }
        }
        TimeControl::Canadian(c) => {
            if !side.overtime && elapsed < side.main_left {
                side.main_left = side.main_left.saturating_sub(elapsed);
            } else {
                // Art. 12.5: the move that uses up the basic time is the period's first.
                let y = elapsed.saturating_sub(side.main_left);
                entered_overtime = !side.overtime;
                side.overtime = true;
                side.main_left = Millis::ZERO;
                side.period_left = side.period_left.saturating_sub(y);
                side.moves_left -= 1;
                if side.moves_left == 0 {
                    side.moves_left = c.moves;
                    side.period_left = match c.leftover {
                        // Art. 12.5: time left over carries into the next period.
                        Leftover::CarryOver => side.period_left.saturating_add(c.period),
                        Leftover::Reset => c.period,
                    };
                }
            }
        }
    }
    side.settled = side.settled.saturating_add(elapsed);
    side.moves += 1;
    Some((periods_used, entered_overtime))
}

/// The next call strictly after `x` into a move of `side`, as (elapsed offset, call).
fn next_call(control: &TimeControl, side: &Side, x: Millis) -> Option<(Millis, Call)> {
    match control {
        TimeControl::None => None,
        TimeControl::Absolute { .. } | TimeControl::Fischer(_) => {
            (side.main_left > x).then_some((side.main_left, Call::TimeUp { count: None }))
        }
        TimeControl::ByoYomi(b) => {
            if x < side.main_left {
                // Art. 12.3: the basic time is used up; the reading begins.
                return Some((
                    side.main_left,
                    Call::ByoYomiBegins {
                        periods: side.periods_left,
                        period: b.period,
                    },
                ));
            }
            let y = x.saturating_sub(side.main_left);
            let j = y.0 / b.period.0;
            let left = u64::from(side.periods_left).checked_sub(j).filter(|&k| k > 0)? as u32;
            let within = Millis(y.0 % b.period.0);
            let base = side.main_left.saturating_add(b.period.saturating_mul(j));
            period_calls(b, left)
                .into_iter()
                .find(|(offset, _)| *offset > within)
                .map(|(offset, call)| (base.saturating_add(offset), call))
        }
        TimeControl::Canadian(_) => {
            if !side.overtime && x < side.main_left {
                // Art. 12.5: the basic time is used up; the first period begins.
                return Some((
                    side.main_left,
                    Call::OvertimeBegins {
                        moves: side.moves_left,
                        time: side.period_left,
                    },
                ));
            }
            let f = side.main_left.saturating_add(side.period_left);
            (f > x).then_some((f, Call::TimeUp { count: None }))
        }
    }
}

/// The calls of one byo-yomi period with `left` periods left (counting it), as offsets from
/// its start, strictly increasing, the last at the period's end (Art. 12.3).
fn period_calls(b: &ByoYomi, left: u32) -> Vec<(Millis, Call)> {
    let secs = |s: u32| Millis::from_secs(u64::from(s));
    let mut calls: Vec<(Millis, Call)> = Vec::new();
    if left > 1 {
        // Art. 12.3: 30 s, 40 s, 50 s, 55 s, 58 s, then "1 minute, × minutes left".
        calls.extend(b.calls.regular.iter().map(|&s| (secs(s), Call::Seconds(s))));
        calls.push((
            b.period,
            Call::PeriodUsed {
                period: b.period,
                left: left - 1,
            },
        ));
    } else {
        // Art. 12.3: in the last minute 30 s, 40 s, 50 s, then 1, 2, … 10; at "10" the minute
        // is used whether or not the stone lands.
        calls.extend(b.calls.last.iter().map(|&s| (secs(s), Call::Seconds(s))));
        let n = b.calls.countdown;
        calls.extend((1..n).map(|k| (b.period.saturating_sub(secs(n - k)), Call::Countdown(k))));
        calls.push((
            b.period,
            Call::TimeUp {
                count: (n > 0).then_some(n),
            },
        ));
    }
    calls
}
