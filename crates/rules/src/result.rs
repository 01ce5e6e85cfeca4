//! Game results: the workspace's one result type, and the points a result gives (Art. 27:
//! win 2, draw 1, loss 0).
//!
//! The tournament's tables, SGF's `RE` (which adds only what SGF alone can say: `?` and a
//! way of winning it cannot read) and the referee's outcomes (which add the referee's
//! reasons: warnings, discipline, adjudication) all name a result with [`GameResult`] and
//! [`WinBy`]. [`GameResult`]'s `Display` is the one writing of a result and its `FromStr` the
//! one reading of a result as people and the tables write it.

use crate::{Color, HalfPoints};
use std::fmt;
use std::str::FromStr;

/// Points for a win (Art. 27.1: 胜者记2分).
pub const WIN: u32 = 2;
/// Points for a draw (和者各记1分).
pub const DRAW: u32 = 1;
/// Points for a loss (负者记0分).
pub const LOSS: u32 = 0;

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinBy {
    /// By counting (Art. 9, 11), with the margin in half points (`B+1.5` is `HalfPoints(3)`);
    /// always positive.
    Points(HalfPoints),
    /// The opponent resigned (Art. 7).
    Resignation,
    /// The opponent ran out of time (Art. 12.4, 22).
    Time,
    /// The opponent forfeited: did not play (lateness Art. 22, withdrawal Art. 28) or was
    /// declared the loser (Art. 23). The game was not played over the board.
    Forfeit,
    /// Won, the way not recorded (SGF `B+`).
    Unstated,
}

/// The result of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// One side won.
    Win {
        /// The winner's color.
        winner: Color,
        /// How.
        by: WinBy,
    },
    /// A draw (possible with integral komi, or by a cycle policy, Art. 20).
    Draw,
    /// Both players lose (Art. 17.5, 23): 0 points each, a loss for each.
    BothLose,
    /// No result (无胜负, SGF `Void`, Art. 20): 0 points each, neither a win nor a loss.
    NoResult,
}

/// Why a result could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultError(pub String);

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "result {:?} is not one of B+R, W+1.5, B+T, B+F, B+, 0, Draw, Void, both-lose, 黑中盘胜, 白胜3又3/4子",
            self.0
        )
    }
}

impl std::error::Error for ResultError {}

/// What one side got from a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A win (over the board or by forfeit).
    Win,
    /// A draw.
    Draw,
    /// A loss (over the board, by forfeit, or both-lose).
    Loss,
    /// No result: neither.
    Nothing,
}

impl GameResult {
    /// What `side` got.
    pub fn outcome(self, side: Color) -> Outcome {
        match self {
            GameResult::Win { winner, .. } if winner == side => Outcome::Win,
            GameResult::Win { .. } => Outcome::Loss,
            GameResult::Draw => Outcome::Draw,
            GameResult::BothLose => Outcome::Loss,
            GameResult::NoResult => Outcome::Nothing,
        }
    }

    /// The points `side` scores (Art. 27.1).
    pub fn points(self, side: Color) -> u32 {
        match self.outcome(side) {
            Outcome::Win => WIN,
            Outcome::Draw => DRAW,
            Outcome::Loss | Outcome::Nothing => LOSS,
        }
    }

    /// Whether the game was played over the board (a forfeit was not): players who met only
    /// through a forfeit have not met, for rematch avoidance.
    pub fn played(self) -> bool {
        !matches!(self, GameResult::Win { by: WinBy::Forfeit, .. })
    }

    /// A forfeit win for `winner`.
    pub fn forfeit(winner: Color) -> GameResult {
        GameResult::Win {
            winner,
            by: WinBy::Forfeit,
        }
    }
}

impl fmt::Display for GameResult {
    /// The SGF `RE` value (`both-lose` has none in SGF, so it prints as `both-lose`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win { winner, by } => {
                f.write_str(if *winner == Color::Black { "B+" } else { "W+" })?;
                match by {
                    WinBy::Points(h) => write!(f, "{h}"),
                    WinBy::Resignation => f.write_str("R"),
                    WinBy::Time => f.write_str("T"),
                    WinBy::Forfeit => f.write_str("F"),
                    WinBy::Unstated => Ok(()),
                }
            }
            GameResult::Draw => f.write_str("0"),
            GameResult::BothLose => f.write_str("both-lose"),
            GameResult::NoResult => f.write_str("Void"),
        }
    }
}

impl FromStr for GameResult {
    type Err = ResultError;

    /// A result as people write it: an SGF `RE` value (`B+R`, `W+Resign`, `B+T`, `B+Time`,
    /// `B+F`, `B+Forfeit`, `W+1.5`, `B+`, `0`, `Draw`, `Void`, in any case) or `both-lose`;
    /// or in Chinese, as a result slip or a 成绩表 writes it: `黑中盘胜`, `白胜3又3/4子`
    /// (Art. 9: the margin in stones, a stone being two points), `黑胜1/4子`, `黑胜半子`,
    /// `白胜2.5目`, `黑超时胜`, `白超时负`, `黑不战胜`, `黑胜`, `和棋`, `无胜负`, `双方负`.
    /// `?` (unknown) is not a result.
    fn from_str(s: &str) -> Result<GameResult, ResultError> {
        let t = s.trim();
        let err = || ResultError(s.to_string());
        match t.to_ascii_lowercase().as_str() {
            "0" | "draw" | "jigo" | "和棋" | "和局" | "平局" | "和" => return Ok(GameResult::Draw),
            "void" | "无胜负" => return Ok(GameResult::NoResult),
            "both-lose" | "both_lose" | "bothlose" | "双方负" | "双负" => return Ok(GameResult::BothLose),
            _ => {}
        }
        if let Some(r) = chinese_result(t) {
            return r.ok_or_else(err);
        }
        let (winner, rest) = match t.get(..2).map(str::to_ascii_uppercase).as_deref() {
            Some("B+") => (Color::Black, &t[2..]),
            Some("W+") => (Color::White, &t[2..]),
            _ => return Err(err()),
        };
        let by = match rest.to_ascii_lowercase().as_str() {
            "" => WinBy::Unstated,
            "r" | "resign" => WinBy::Resignation,
            "t" | "time" => WinBy::Time,
            "f" | "forfeit" => WinBy::Forfeit,
            m => WinBy::Points(points(m).ok_or_else(err)?),
        };
        Ok(GameResult::Win { winner, by })
    }
}

/// A margin in points (`1.5`, `12`, `3.0`) as half points; `None` unless a positive whole
/// or half number of at most four digits.
fn points(m: &str) -> Option<HalfPoints> {
    let (whole, half) = match m.split_once('.') {
        None => (m, false),
        Some((w, "5")) => (w, true),
        Some((w, "0")) => (w, false),
        Some(_) => return None,
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 4 {
        return None;
    }
    let halves = 2 * whole.parse::<i32>().ok()? + i32::from(half);
    (halves > 0).then_some(HalfPoints(halves))
}

/// A margin in stones (`3`, `3又3/4`, `1/4`, `3.75`, `3¾`, `半`) as half points: a stone is
/// two points (Art. 9), so a quarter stone is one half point. `None` unless a positive
/// number of quarter stones.
fn stones(m: &str) -> Option<HalfPoints> {
    let fraction = |f: &str| -> Option<u32> {
        match f {
            "1/4" | "¼" => Some(1),
            "1/2" | "2/4" | "½" | "半" => Some(2),
            "3/4" | "¾" => Some(3),
            _ => None,
        }
    };
    let whole = |w: &str| -> Option<u32> {
        if w.is_empty() || w.len() > 3 || !w.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        w.parse().ok()
    };
    let quarters = if let Some(q) = fraction(m) {
        q
    } else if let Some((w, f)) = m.split_once('又') {
        4 * whole(w)? + fraction(f)?
    } else if let Some((w, f)) = m.split_once('.') {
        let q = match f {
            "25" => 1,
            "5" | "50" => 2,
            "75" => 3,
            "0" => 0,
            _ => return None,
        };
        4 * whole(w)? + q
    } else if let Some(i) = m.find(['¼', '½', '¾', '半']) {
        4 * whole(&m[..i])? + fraction(&m[i..])?
    } else {
        4 * whole(m)?
    };
    (quarters > 0).then(|| HalfPoints(i32::try_from(quarters).unwrap_or(i32::MAX)))
}

/// A result written in Chinese, or `None` when the text does not start with 黑 or 白
/// (`Some(None)`: written so, but not readable).
fn chinese_result(t: &str) -> Option<Option<GameResult>> {
    let t: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    let (named, rest) = if let Some(r) = t.strip_prefix('黑') {
        (Color::Black, r)
    } else if let Some(r) = t.strip_prefix('白') {
        (Color::White, r)
    } else {
        return None;
    };
    let win = |winner: Color, by: WinBy| Some(GameResult::Win { winner, by });
    // `黑胜…`: Black won; `黑负…`: Black lost, White won.
    let (winner, how) = if let Some(h) = rest.strip_suffix('胜') {
        (named, h)
    } else if let Some(h) = rest.strip_suffix('负') {
        (named.opponent(), h)
    } else if let Some(h) = rest.strip_prefix('胜') {
        (named, h)
    } else if let Some(h) = rest.strip_prefix('负') {
        (named.opponent(), h)
    } else {
        return Some(None);
    };
    Some(match how {
        "" => win(winner, WinBy::Unstated),
        "中盘" | "(中盘)" | "（中盘）" => win(winner, WinBy::Resignation),
        "超时" | "(超时)" | "（超时）" => win(winner, WinBy::Time),
        "不战" | "(不战)" | "（不战）" | "弃权" => win(winner, WinBy::Forfeit),
        m => {
            if let Some(n) = m.strip_suffix('子') {
                stones(n).and_then(|h| win(winner, WinBy::Points(h)))
            } else if let Some(n) = m.strip_suffix("目半").or_else(|| m.strip_suffix("点半")) {
                points(n).and_then(|h| win(winner, WinBy::Points(HalfPoints(h.0 + 1))))
            } else if let Some(n) = m.strip_suffix('目').or_else(|| m.strip_suffix('点')) {
                points(n).and_then(|h| win(winner, WinBy::Points(h)))
            } else {
                None
            }
        }
    })
}
