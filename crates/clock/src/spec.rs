//! The time-control spec: a short text naming a [`TimeControl`], for event settings, the
//! command line and URLs.
//!
//! ```text
//! spec      = "none"                          no time limit
//!           | duration                        absolute time (包干, Art. 12.4)   10m, 1h30m
//!           | [duration "+"] overtime
//! overtime  = count "x" duration              byo-yomi (Art. 12.3)             1h+3x60s, 5x30s
//!           | count "/" duration [leftover]   Canadian (Art. 12.5)             10m+15/10m
//!           | duration "/move"                Fischer increment                5m+10s/move
//! leftover  = ":carry"                        unused time carries over (the default, Art. 12.5)
//!           | ":reset"                        every period starts full
//! duration  = "0" | number unit [number unit]…  units h, m, s, ms, largest first, each once
//! count     = number                          a whole number, at least 1
//! ```
//!
//! No spaces; lower case. The main time is the basic time *before* byo-yomi: "2 hours with the
//! last 3 minutes read" is `1h57m+3x60s`. Without a main time the game is read from the first
//! move (`3x30s`, Art. 22.4). `5m+10s` is refused as ambiguous: byo-yomi is `1x10s`, an
//! increment `10s/move`. Errors name the column (1-based, in characters) and what was expected.
//! [`TimeControl`]'s `Display` writes the canonical spec, which parses back to the same value
//! (call schedules are event settings and are not part of the spec: a parsed byo-yomi gets
//! [`CallSchedule::default_for`] its period).

use std::fmt;
use std::str::FromStr;

use crate::control::{ByoYomi, CallSchedule, Canadian, ControlError, Fischer, Leftover, TimeControl};
use crate::time::Millis;

/// A spec that does not parse: what was expected and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The spec as given.
    pub spec: String,
    /// 1-based column (in characters) of the offending character, or one past the end.
    pub column: usize,
    /// What is wrong.
    pub kind: SpecErrorKind,
}

/// What is wrong with a spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecErrorKind {
    /// Nothing was given.
    Empty,
    /// A digit was expected.
    ExpectedNumber,
    /// A unit (`h`, `m`, `s`, `ms`) was expected after a number.
    ExpectedUnit,
    /// A unit repeated or out of order (`30s1m`).
    UnitOrder,
    /// A number too large for a duration or count.
    TooLarge,
    /// After `+` a duration alone: byo-yomi or increment? (`5m+10s`).
    AmbiguousOvertime,
    /// After a number, neither a unit, nor `x` (byo-yomi), nor `/` (Canadian) followed.
    ExpectedUnitOrOvertime,
    /// After `/`, neither `move` nor a duration.
    ExpectedSlashWord,
    /// After `:`, neither `carry` nor `reset`.
    ExpectedLeftover,
    /// A call schedule lacks the `/` between its parts.
    ExpectedSlash,
    /// Text left over after a complete spec.
    Trailing,
    /// A space: specs are written without.
    Space,
    /// A Fischer increment without a main time before it.
    FischerWithoutMain,
    /// Well formed, but the control cannot run.
    Invalid(ControlError),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "time control {:?}, column {}: ", self.spec, self.column)?;
        match &self.kind {
            SpecErrorKind::Empty => f.write_str("empty; write e.g. none, 10m, 1h+3x60s, 10m+15/10m or 5m+10s/move"),
            SpecErrorKind::ExpectedNumber => f.write_str("expected a number"),
            SpecErrorKind::ExpectedUnit => f.write_str("expected a unit after the number: h, m, s or ms"),
            SpecErrorKind::UnitOrder => f.write_str("units must go from largest to smallest, each once (1h30m, not 30m1h)"),
            SpecErrorKind::TooLarge => f.write_str("number too large"),
            SpecErrorKind::AmbiguousOvertime => {
                f.write_str("a duration alone after +: write 1x10s for byo-yomi or 10s/move for a fischer increment")
            }
            SpecErrorKind::ExpectedUnitOrOvertime => f.write_str(
                "expected a unit (h, m, s, ms), x (byo-yomi periods, as in 3x60s) or / (canadian moves per time, as in 15/10m) after the number",
            ),
            SpecErrorKind::ExpectedSlashWord => f.write_str("expected /move (fischer increment)"),
            SpecErrorKind::ExpectedLeftover => f.write_str("expected :carry or :reset"),
            SpecErrorKind::ExpectedSlash => {
                f.write_str("expected / between the regular calls, the last-period calls and the count")
            }
            SpecErrorKind::Trailing => f.write_str("unexpected text after the spec"),
            SpecErrorKind::Space => f.write_str("no spaces in a time control (1h30m+3x60s)"),
            SpecErrorKind::FischerWithoutMain => f.write_str("a fischer increment needs a main time before it, as in 5m+10s/move"),
            SpecErrorKind::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SpecError {}

impl FromStr for TimeControl {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<TimeControl, SpecError> {
        let mut p = Parser {
            chars: s.chars().collect(),
            pos: 0,
            spec: s,
        };
        let control = p.spec()?;
        control
            .validate()
            .map_err(|e| p.error_at(0, SpecErrorKind::Invalid(e)))?;
        Ok(control)
    }
}

/// Reads a call schedule written `regular/last/countdown`, seconds separated by commas:
/// `30,40,50,55,58/30,40,50/10` is the 60-s schedule of Art. 12.3, `5,8//10` one with no calls
/// in the last period before the count. Whether it fits a period is checked with the time
/// control ([`CallSchedule::validate`]).
impl FromStr for CallSchedule {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<CallSchedule, SpecError> {
        let mut p = Parser {
            chars: s.chars().collect(),
            pos: 0,
            spec: s,
        };
        let regular = p.seconds_list()?;
        p.expect_char('/')?;
        let last = p.seconds_list()?;
        p.expect_char('/')?;
        let n = p.number()?;
        let countdown = p.count(&n)?;
        p.end()?;
        Ok(CallSchedule {
            regular,
            last,
            countdown,
        })
    }
}

/// `30,40,50,55,58/30,40,50/10`, as [`CallSchedule`]'s `FromStr` reads it.
impl fmt::Display for CallSchedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        write!(f, "{}/{}/{}", list(&self.regular), list(&self.last), self.countdown)
    }
}

/// Parses a duration alone (`90s`, `1h30m`, `0`), by the grammar of [`crate::spec`].
pub fn parse_duration(s: &str) -> Result<Millis, SpecError> {
    let mut p = Parser {
        chars: s.chars().collect(),
        pos: 0,
        spec: s,
    };
    if p.chars.is_empty() {
        return Err(p.error(SpecErrorKind::Empty));
    }
    let n = p.number()?;
    let d = p.duration_after(n)?;
    p.end()?;
    Ok(d)
}

/// Writes the canonical spec: `none`, `10m`, `1h+3x60s`, `5x30s`, `10m+15/10m`,
/// `10m+15/10m:reset`, `5m+10s/move`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let main = |f: &mut fmt::Formatter<'_>, m: Millis| if m.is_zero() { Ok(()) } else { write!(f, "{m}+") };
        match self {
            TimeControl::None => f.write_str("none"),
            TimeControl::Absolute { main } => write!(f, "{main}"),
            TimeControl::ByoYomi(b) => {
                main(f, b.main)?;
                write!(f, "{}x{}", b.periods, b.period)
            }
            TimeControl::Canadian(c) => {
                main(f, c.main)?;
                write!(f, "{}/{}", c.moves, c.period)?;
                match c.leftover {
                    Leftover::CarryOver => Ok(()),
                    Leftover::Reset => f.write_str(":reset"),
                }
            }
            TimeControl::Fischer(x) => write!(f, "{}+{}/move", x.main, x.increment),
        }
    }
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    spec: &'a str,
}

/// A number read from the spec and the column it started at.
struct Number {
    value: u64,
    start: usize,
}

impl Parser<'_> {
    fn spec(&mut self) -> Result<TimeControl, SpecError> {
        if self.chars.is_empty() {
            return Err(self.error(SpecErrorKind::Empty));
        }
        if self.rest_is("none") {
            self.pos += 4;
            self.end()?;
            return Ok(TimeControl::None);
        }
        let n = self.number()?;
        if let Some(overtime) = self.overtime_after_count(&n, Millis::ZERO)? {
            self.end()?;
            return Ok(overtime);
        }
        let main = self.duration_after(n)?;
        match self.peek() {
            None => Ok(TimeControl::Absolute { main }),
            Some('+') => {
                self.pos += 1;
                let n = self.number()?;
                if let Some(overtime) = self.overtime_after_count(&n, main)? {
                    self.end()?;
                    return Ok(overtime);
                }
                let increment_at = n.start;
                let increment = self.duration_after(n)?;
                if self.rest_is("/move") {
                    self.pos += 5;
                    self.end()?;
                    self.require(!main.is_zero(), 0, ControlError::ZeroMain)?;
                    self.require(!increment.is_zero(), increment_at, ControlError::ZeroIncrement)?;
                    return Ok(TimeControl::Fischer(Fischer { main, increment }));
                }
                match self.peek() {
                    None => Err(self.error(SpecErrorKind::AmbiguousOvertime)),
                    Some('/') => Err(self.error_at(self.pos + 1, SpecErrorKind::ExpectedSlashWord)),
                    Some(_) => Err(self.error(SpecErrorKind::Trailing)),
                }
            }
            Some('/') if self.rest_is("/move") => Err(self.error_at(0, SpecErrorKind::FischerWithoutMain)),
            Some(_) => Err(self.error(SpecErrorKind::Trailing)),
        }
    }

    /// After a count: `x` + duration (byo-yomi) or `/` + duration [leftover] (Canadian).
    /// `None` when the number is not a count (a unit follows: it is a duration).
    fn overtime_after_count(&mut self, n: &Number, main: Millis) -> Result<Option<TimeControl>, SpecError> {
        match self.peek() {
            Some('x') => {
                self.pos += 1;
                let periods = self.count(n)?;
                self.require(periods > 0, n.start, ControlError::NoPeriods)?;
                let d = self.number()?;
                let period_at = d.start;
                let period = self.duration_after(d)?;
                self.require(period >= Millis::from_secs(1), period_at, ControlError::PeriodTooShort)?;
                Ok(Some(TimeControl::ByoYomi(ByoYomi {
                    main,
                    periods,
                    period,
                    calls: CallSchedule::default_for(period),
                })))
            }
            Some('/') => {
                self.pos += 1;
                let moves = self.count(n)?;
                self.require(moves > 0, n.start, ControlError::NoMoves)?;
                let d = self.number()?;
                let period_at = d.start;
                let period = self.duration_after(d)?;
                self.require(!period.is_zero(), period_at, ControlError::ZeroPeriod)?;
                let leftover = if self.peek() == Some(':') {
                    self.pos += 1;
                    if self.rest_is("carry") {
                        self.pos += 5;
                        Leftover::CarryOver
                    } else if self.rest_is("reset") {
                        self.pos += 5;
                        Leftover::Reset
                    } else {
                        return Err(self.error(SpecErrorKind::ExpectedLeftover));
                    }
                } else {
                    Leftover::CarryOver
                };
                Ok(Some(TimeControl::Canadian(Canadian {
                    main,
                    moves,
                    period,
                    leftover,
                })))
            }
            Some(c) if c.is_ascii_alphabetic() => Ok(None),
            // A lone 0 is a duration ("0+3x30s").
            _ if n.value == 0 => Ok(None),
            _ => Err(self.error(SpecErrorKind::ExpectedUnitOrOvertime)),
        }
    }

    /// Comma-separated whole seconds, possibly none (up to a `/` or the end).
    fn seconds_list(&mut self) -> Result<Vec<u32>, SpecError> {
        let mut out = Vec::new();
        if matches!(self.peek(), Some('/') | None) {
            return Ok(out);
        }
        loop {
            let n = self.number()?;
            out.push(self.count(&n)?);
            if self.peek() != Some(',') {
                return Ok(out);
            }
            self.pos += 1;
        }
    }

    fn expect_char(&mut self, c: char) -> Result<(), SpecError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(SpecErrorKind::ExpectedSlash))
        }
    }

    fn count(&self, n: &Number) -> Result<u32, SpecError> {
        u32::try_from(n.value).map_err(|_| self.error_at(n.start, SpecErrorKind::TooLarge))
    }

    /// The rest of a duration whose first number is `n`: units, largest first. A lone `0`
    /// is zero.
    fn duration_after(&mut self, n: Number) -> Result<Millis, SpecError> {
        const UNITS: [(&str, u64); 4] = [("h", 3_600_000), ("ms", 1), ("m", 60_000), ("s", 1000)];
        // Rank of each unit, largest first, to enforce the order.
        let rank = |u: &str| match u {
            "h" => 0,
            "m" => 1,
            "s" => 2,
            _ => 3,
        };
        if n.value == 0 && !self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            return Ok(Millis::ZERO);
        }
        let mut total: u64 = 0;
        let mut last_rank: Option<u32> = None;
        let mut n = n;
        loop {
            let unit_at = self.pos;
            let Some(&(unit, scale)) = UNITS.iter().find(|(u, _)| self.rest_is(u)) else {
                return Err(self.error(SpecErrorKind::ExpectedUnit));
            };
            if last_rank.is_some_and(|r| r >= rank(unit)) {
                return Err(self.error_at(unit_at, SpecErrorKind::UnitOrder));
            }
            last_rank = Some(rank(unit));
            self.pos += unit.len();
            total = n
                .value
                .checked_mul(scale)
                .and_then(|v| v.checked_add(total))
                .ok_or_else(|| self.error_at(n.start, SpecErrorKind::TooLarge))?;
            if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Ok(Millis(total));
            }
            n = self.number()?;
        }
    }

    fn number(&mut self) -> Result<Number, SpecError> {
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(d)))
                .ok_or_else(|| self.error_at(start, SpecErrorKind::TooLarge))?;
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.error(SpecErrorKind::ExpectedNumber));
        }
        Ok(Number { value, start })
    }

    fn end(&self) -> Result<(), SpecError> {
        if self.pos < self.chars.len() {
            Err(self.error(SpecErrorKind::Trailing))
        } else {
            Ok(())
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn rest_is(&self, word: &str) -> bool {
        let n = word.chars().count();
        self.chars
            .get(self.pos..self.pos + n)
            .is_some_and(|rest| rest.iter().copied().eq(word.chars()))
    }

    fn error(&self, kind: SpecErrorKind) -> SpecError {
        if self.peek().is_some_and(char::is_whitespace) {
            return self.error_at(self.pos, SpecErrorKind::Space);
        }
        self.error_at(self.pos, kind)
    }

    /// `Ok` if `ok`, else the control error `e` pointing at `pos`.
    fn require(&self, ok: bool, pos: usize, e: ControlError) -> Result<(), SpecError> {
        if ok {
            Ok(())
        } else {
            Err(self.error_at(pos, SpecErrorKind::Invalid(e)))
        }
    }

    fn error_at(&self, pos: usize, kind: SpecErrorKind) -> SpecError {
        SpecError {
            spec: self.spec.to_string(),
            column: pos + 1,
            kind,
        }
    }
}
