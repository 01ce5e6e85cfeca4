//! Game results and the points they give (Art. 27: win 2, draw 1, loss 0).

use rules::Color;
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
    /// By counting, with the margin in half points (SGF `B+1.5` is 3).
    Points(u32),
    /// The opponent resigned (Art. 7).
    Resignation,
    /// The opponent ran out of time (Art. 12.4, 22).
    Time,
    /// The opponent forfeited: did not play (lateness Art. 22, withdrawal Art. 28) or was
    /// declared the loser (Art. 23). The game was not played over the board.
    Forfeit,
    /// Won, margin not recorded (SGF `B+`).
    Unspecified,
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
            "result {:?} is not one of B+R, W+1.5, B+T, B+F, B+, 0, Draw, Void, both-lose",
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
                    WinBy::Points(h) if h % 2 == 0 => write!(f, "{}", h / 2),
                    WinBy::Points(h) => write!(f, "{}.5", h / 2),
                    WinBy::Resignation => f.write_str("R"),
                    WinBy::Time => f.write_str("T"),
                    WinBy::Forfeit => f.write_str("F"),
                    WinBy::Unspecified => Ok(()),
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

    /// An SGF `RE` value (`B+R`, `W+Resign`, `B+T`, `B+Time`, `B+F`, `B+Forfeit`, `W+1.5`,
    /// `B+`, `0`, `Draw`, `Void`) or `both-lose`. `?` (unknown) is not a result.
    fn from_str(s: &str) -> Result<GameResult, ResultError> {
        let t = s.trim();
        let err = || ResultError(s.to_string());
        match t.to_ascii_lowercase().as_str() {
            "0" | "draw" | "jigo" => return Ok(GameResult::Draw),
            "void" => return Ok(GameResult::NoResult),
            "both-lose" | "both_lose" | "bothlose" => return Ok(GameResult::BothLose),
            _ => {}
        }
        let (winner, rest) = if let Some(r) = t.strip_prefix("B+") {
            (Color::Black, r)
        } else if let Some(r) = t.strip_prefix("W+") {
            (Color::White, r)
        } else {
            return Err(err());
        };
        let by = match rest {
            "" => WinBy::Unspecified,
            "R" | "Resign" => WinBy::Resignation,
            "T" | "Time" => WinBy::Time,
            "F" | "Forfeit" => WinBy::Forfeit,
            m => {
                let (whole, half) = match m.split_once('.') {
                    None => (m, false),
                    Some((w, "5")) => (w, true),
                    Some((w, "0")) => (w, false),
                    Some(_) => return Err(err()),
                };
                if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 4 {
                    return Err(err());
                }
                let w: u32 = whole.parse().map_err(|_| err())?;
                let halves = 2 * w + u32::from(half);
                if halves == 0 {
                    return Err(err());
                }
                WinBy::Points(halves)
            }
        };
        Ok(GameResult::Win { winner, by })
    }
}
