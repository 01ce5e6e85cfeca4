//! Article numbers of the rules, as rulings and refusals cite them.

use std::fmt;

/// An article of the Chinese Go Competition Rules (2002), with its clause (款) when one is
/// meant: `Art. 17.2` is `Article::new(17, 2)`; `Art. 8` is `Article::new(8, 0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Article {
    /// The article (条), 1–33.
    pub number: u8,
    /// The clause (款), or 0 for the whole article.
    pub clause: u8,
}

impl Article {
    /// Article `number`, clause `clause` (0 for the whole article).
    pub const fn new(number: u8, clause: u8) -> Article {
        Article { number, clause }
    }

    /// The article as the Chinese text cites it: `第17条第2款`, `第8条`.
    pub fn zh(self) -> String {
        if self.clause == 0 {
            format!("第{}条", self.number)
        } else {
            format!("第{}条第{}款", self.number, self.clause)
        }
    }
}

/// `Art. 17.2`, `Art. 8`.
impl fmt::Display for Article {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.clause == 0 {
            write!(f, "Art. {}", self.number)
        } else {
            write!(f, "Art. {}.{}", self.number, self.clause)
        }
    }
}

/// The articles this crate cites, by name, so that code and tests say which rule they mean.
pub mod art {
    use super::Article;

    /// Art. 2.3: Black moves first, then the sides alternate.
    pub const ALTERNATION: Article = Article::new(2, 3);
    /// Art. 8: life and death are decided by agreement.
    pub const LIFE_AND_DEATH: Article = Article::new(8, 0);
    /// Art. 9: counting.
    pub const COUNTING: Article = Article::new(9, 0);
    /// Art. 10: colours by the draw or by nigiri.
    pub const COLOURS: Article = Article::new(10, 0);
    /// Art. 11: komi, given on the count.
    pub const KOMI: Article = Article::new(11, 0);
    /// Art. 12.4: absolute time; running out loses.
    pub const ABSOLUTE_TIME: Article = Article::new(12, 4);
    /// Art. 13.1: forfeits and adjudicated results end a game.
    pub const ADJUDICATION: Article = Article::new(13, 1);
    /// Art. 13.2: the side to move declares the end, the opponent answers.
    pub const END_DECLARED: Article = Article::new(13, 2);
    /// Art. 14: pauses.
    pub const PAUSE: Article = Article::new(14, 0);
    /// Art. 16.4: recount before confirmation; a confirmed result is final.
    pub const CONFIRMATION: Article = Article::new(16, 4);
    /// Art. 17.1: wrong colours.
    pub const WRONG_COLOURS: Article = Article::new(17, 1);
    /// Art. 17.2: two moves in a row.
    pub const TWO_MOVES: Article = Article::new(17, 2);
    /// Art. 17.3: a take-back.
    pub const TAKE_BACK: Article = Article::new(17, 3);
    /// Art. 17.4: the clock pressed before the stone is placed.
    pub const CLOCK_EARLY: Article = Article::new(17, 4);
    /// Art. 18.1: live stones removed.
    pub const LIVE_STONES_REMOVED: Article = Article::new(18, 1);
    /// Art. 18.2: captured stones not removed.
    pub const CAPTURES_NOT_REMOVED: Article = Article::new(18, 2);
    /// Art. 18.3: a ko retaken at once.
    pub const KO_RETAKE: Article = Article::new(18, 3);
    /// Art. 19: a stone on a forbidden point.
    pub const FORBIDDEN_POINT: Article = Article::new(19, 0);
    /// Art. 20: whole-board repetition.
    pub const REPETITION: Article = Article::new(20, 0);
    /// Art. 21.1: the side to move proposes the end and passes.
    pub const END_PROPOSED: Article = Article::new(21, 1);
    /// Art. 21.2: contested points left after the end are split as in seki.
    pub const SPLIT_POINTS: Article = Article::new(21, 2);
    /// Art. 21.3: an agreed end is never reopened.
    pub const NEVER_REOPENED: Article = Article::new(21, 3);
    /// Art. 21.4: a life-and-death dispute is settled by play.
    pub const DISPUTE: Article = Article::new(21, 4);
    /// Art. 22.1: lateness at the start.
    pub const LATENESS: Article = Article::new(22, 1);
    /// Art. 22.3: both players late.
    pub const BOTH_LATE: Article = Article::new(22, 3);
    /// Art. 22.4: fast games: byo-yomi read in absence.
    pub const READ_IN_ABSENCE: Article = Article::new(22, 4);
    /// Art. 22.5: timeout in the last byo-yomi period.
    pub const TIMEOUT: Article = Article::new(22, 5);
    /// Art. 22.6: the clock pressed before the captures are removed.
    pub const CAPTURES_BEFORE_CLOCK: Article = Article::new(22, 6);
    /// Art. 22.8: clock errors corrected.
    pub const CLOCK_ERROR: Article = Article::new(22, 8);
    /// Art. 22.9: times lost after a pause, split evenly.
    pub const TIMES_LOST: Article = Article::new(22, 9);
    /// Art. 24.1: a warning costs a stone at counting.
    pub const WARNING_STONE: Article = Article::new(24, 1);
    /// Art. 24.2: two warnings lose the game.
    pub const TWO_WARNINGS: Article = Article::new(24, 2);
    /// Art. 30: the chief referee's rights.
    pub const CHIEF_REFEREE: Article = Article::new(30, 0);
    /// Art. 31: the referees' rights.
    pub const REFEREE: Article = Article::new(31, 0);
}
