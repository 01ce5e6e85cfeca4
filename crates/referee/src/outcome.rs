//! The result of a game (Art. 9, 11, 13, 20, 22–24).

use crate::event::Offence;
use rules::{Color, GameResult, HalfPoints};
use std::fmt;

/// How a game ended, for the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        by: WinBy,
    },
    /// A draw (和棋): an equal count under whole-stone komi (Art. 9), a cycle under the
    /// event's draw policy (Art. 20.3), or an adjudicated draw (Art. 13.1).
    Draw,
    /// No result (无胜负): a cycle under the event's policy (Art. 20.3), or an adjudication.
    NoResult,
    /// Both sides lose (双方负): both forfeit by lateness (Art. 22.3), cheating (Art. 23.1), or
    /// an adjudication of Art. 17.5–6.
    BothLose,
    /// The game is to be replayed (重赛/加赛): a cycle under the event's policy (Art. 20.3), or
    /// an adjudication.
    Replay,
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinBy {
    /// By counting (Art. 9, 11), with the winner's margin in half points (4 to a stone, 2 to
    /// a point); always positive. The shared [`rules::WinBy::Points`]'s name and value.
    Points(HalfPoints),
    /// The opponent resigned (Art. 7.2).
    Resignation,
    /// The opponent's time ran out (Art. 12.4, 22.5).
    Time,
    /// The opponent forfeited: late beyond the limit (Art. 22.1–2), or did not play.
    Forfeit,
    /// The opponent received a second warning (Art. 24.2).
    Warnings,
    /// The opponent was ruled to lose for an offence of Art. 23.
    Discipline(Offence),
    /// The chief referee adjudicated the game (Art. 13.1, 17.5–6, 12.4).
    Adjudication,
}

impl Outcome {
    /// The winner, if one side won.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            _ => None,
        }
    }

    /// Whether `color` lost: the opponent won, or both lost.
    pub fn lost(&self, color: Color) -> bool {
        match self {
            Outcome::Win { winner, .. } => *winner != color,
            Outcome::BothLose => true,
            _ => false,
        }
    }

    /// The result as SGF `RE` writes it, the one mapping from an outcome to `RE` (the arena's
    /// records, the server's downloads): `B+3.5` (count, in points), `W+R`, `B+T`, `B+F`
    /// (forfeit, a second warning, a loss for an offence of Art. 23), `B+` (the chief
    /// referee's adjudication: the winner is known, SGF has no code for the reason), `0`
    /// (draw), `Void` (no result, and both lose: SGF has no finer word, the referee note says
    /// both lost). `None` for a replay: the game has no result yet, so no `RE` is written.
    pub fn sgf(&self) -> Option<String> {
        Some(match self.game_result()? {
            GameResult::BothLose => GameResult::NoResult.to_string(),
            r => r.to_string(),
        })
    }

    /// The outcome as the workspace's one result type, colours as played; `None` for a
    /// replay (Art. 20.3, 13.1: the game has no result yet). The ways of winning map as
    /// [`rules::WinBy`]'s `From` says.
    pub fn game_result(&self) -> Option<GameResult> {
        Some(match *self {
            Outcome::Win { winner, by } => GameResult::Win { winner, by: by.into() },
            Outcome::Draw => GameResult::Draw,
            Outcome::NoResult => GameResult::NoResult,
            Outcome::BothLose => GameResult::BothLose,
            Outcome::Replay => return None,
        })
    }

    /// The result in Chinese, as a result sheet writes it: `黑胜1又1/4子`, `白中盘胜`.
    pub fn zh(&self) -> String {
        match self {
            Outcome::Win { winner, by } => {
                let side = side_zh(*winner);
                match by {
                    WinBy::Points(margin) => format!("{side}胜{}子", stones_zh(*margin)),
                    WinBy::Resignation => format!("{side}中盘胜"),
                    WinBy::Time => format!("{side}胜（对方超时）"),
                    WinBy::Forfeit => format!("{side}胜（对方弃权）"),
                    WinBy::Warnings => format!("{side}胜（对方两次警告）"),
                    WinBy::Discipline(_) => format!("{side}胜（对方违纪判负）"),
                    WinBy::Adjudication => format!("{side}胜（裁判长判定）"),
                }
            }
            Outcome::Draw => "和棋".to_string(),
            Outcome::NoResult => "无胜负".to_string(),
            Outcome::BothLose => "双方负".to_string(),
            Outcome::Replay => "重赛".to_string(),
        }
    }
}

impl From<WinBy> for rules::WinBy {
    /// The way of winning as the shared type says it: a count keeps its margin; resignation
    /// and time keep their reason; a forfeit, a second warning (Art. 24.2) and a loss for an
    /// offence (Art. 23) are forfeits (`F`); an adjudicated win (Art. 13.1) is a win whose
    /// way SGF cannot say (`B+`). A margin is kept positive without overflow: an adjudicated
    /// margin comes from an official's request, which bounds nothing.
    fn from(by: WinBy) -> rules::WinBy {
        match by {
            WinBy::Points(margin) => rules::WinBy::Points(HalfPoints(margin.0.saturating_abs())),
            WinBy::Resignation => rules::WinBy::Resignation,
            WinBy::Time => rules::WinBy::Time,
            WinBy::Forfeit | WinBy::Warnings | WinBy::Discipline(_) => rules::WinBy::Forfeit,
            WinBy::Adjudication => rules::WinBy::Unstated,
        }
    }
}

/// `black wins by 1¼ stones (2.5 points)`, `white wins by resignation`, `draw`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, by } => {
                write!(f, "{winner} wins ")?;
                match by {
                    WinBy::Points(margin) => {
                        write!(f, "by {} stones ({} points)", stones_en(*margin), margin)
                    }
                    WinBy::Resignation => f.write_str("by resignation"),
                    WinBy::Time => f.write_str("on time"),
                    WinBy::Forfeit => f.write_str("by forfeit"),
                    WinBy::Warnings => f.write_str("by the opponent's second warning"),
                    WinBy::Discipline(o) => write!(f, "by the opponent's loss for {o}"),
                    WinBy::Adjudication => f.write_str("by the chief referee's adjudication"),
                }
            }
            Outcome::Draw => f.write_str("draw"),
            Outcome::NoResult => f.write_str("no result"),
            Outcome::BothLose => f.write_str("both lose"),
            Outcome::Replay => f.write_str("replay ordered"),
        }
    }
}

pub(crate) fn side_zh(c: Color) -> &'static str {
    match c {
        Color::Black => "黑",
        Color::White => "白",
    }
}

/// A margin in stones with fractions as the English text writes them: `1¼`, `¾`, `2`.
fn stones_en(m: HalfPoints) -> String {
    let q = m.0.unsigned_abs();
    let frac = ["", "¼", "½", "¾"][(q % 4) as usize];
    match (q / 4, frac) {
        (0, "") => "0".to_string(),
        (0, f) => f.to_string(),
        (w, f) => format!("{w}{f}"),
    }
}

/// A margin in stones as the Chinese text writes it: `1又1/4`, `3/4`, `2`.
fn stones_zh(m: HalfPoints) -> String {
    let q = m.0.unsigned_abs();
    let frac = ["", "1/4", "1/2", "3/4"][(q % 4) as usize];
    match (q / 4, frac) {
        (0, "") => "0".to_string(),
        (0, f) => f.to_string(),
        (w, "") => w.to_string(),
        (w, f) => format!("{w}又{f}"),
    }
}
