//! The challenge match (擂台赛, Art. 26.6): two teams agree on the number of players and their
//! order beforehand; the first players meet, the winner stays on and meets the loser's next
//! teammate, until one side has no players left.
//!
//! A drawn bout (or one both players lose, Art. 17.5, 23) puts both players out; a bout with
//! no result (无胜负, Art. 20) is replayed by the same two. These are our reading of the common
//! practice: the rules only name the system.

use std::fmt;

/// One of the two teams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The first-named team.
    A,
    /// The second-named team.
    B,
}

/// What a bout did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeBout {
    /// This side's player won; the other side's player is out.
    Won(Side),
    /// Both players are out (a draw, or both lose).
    BothOut,
    /// No result: the same two play again.
    Replay,
}

/// Why a challenge-match operation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeError {
    /// A side has no players.
    EmptySide,
    /// A name appears twice.
    DuplicatePlayer(String),
    /// The match is over: no bout to record.
    Over,
}

impl fmt::Display for ChallengeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChallengeError::EmptySide => write!(f, "each side of a challenge match needs at least one player"),
            ChallengeError::DuplicatePlayer(p) => write!(f, "player {p:?} is named twice"),
            ChallengeError::Over => write!(f, "the challenge match is over"),
        }
    }
}

impl std::error::Error for ChallengeError {}

/// A challenge match. Invariant: `next` indices never pass the end of their order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    order: [Vec<String>; 2],
    /// The index of each side's player on stage (or `len` when the side is out of players).
    next: [usize; 2],
    /// Every bout: (A's player, B's player, what happened).
    bouts: Vec<(usize, usize, ChallengeBout)>,
}

fn idx(s: Side) -> usize {
    match s {
        Side::A => 0,
        Side::B => 1,
    }
}

impl Challenge {
    /// A challenge match between two agreed orders of players.
    pub fn new(a: &[String], b: &[String]) -> Result<Challenge, ChallengeError> {
        if a.is_empty() || b.is_empty() {
            return Err(ChallengeError::EmptySide);
        }
        for (i, p) in a.iter().chain(b).enumerate() {
            if a.iter().chain(b).take(i).any(|q| q == p) {
                return Err(ChallengeError::DuplicatePlayer(p.clone()));
            }
        }
        Ok(Challenge {
            order: [a.to_vec(), b.to_vec()],
            next: [0, 0],
            bouts: Vec::new(),
        })
    }

    /// A side's order of players.
    pub fn order(&self, s: Side) -> &[String] {
        &self.order[idx(s)]
    }

    /// The next bout: (A's player, B's player) by index in their orders; `None` when over.
    pub fn next_bout(&self) -> Option<(usize, usize)> {
        (self.next[0] < self.order[0].len() && self.next[1] < self.order[1].len())
            .then_some((self.next[0], self.next[1]))
    }

    /// Records the bout on stage.
    pub fn record(&mut self, bout: ChallengeBout) -> Result<(), ChallengeError> {
        let (a, b) = self.next_bout().ok_or(ChallengeError::Over)?;
        match bout {
            ChallengeBout::Won(s) => {
                // The winner stays on; the loser's next teammate comes up.
                let loser = 1 - idx(s);
                self.next[loser] += 1;
            }
            ChallengeBout::BothOut => {
                self.next[0] += 1;
                self.next[1] += 1;
            }
            ChallengeBout::Replay => {}
        }
        self.bouts.push((a, b, bout));
        Ok(())
    }

    /// The bouts so far: (A's player, B's player, what happened).
    pub fn bouts(&self) -> &[(usize, usize, ChallengeBout)] {
        &self.bouts
    }

    /// The winning side once the other has no players left; `None` while the match goes on
    /// or when both ran out in the same bout (a drawn match).
    pub fn winner(&self) -> Option<Side> {
        let out = [self.next[0] >= self.order[0].len(), self.next[1] >= self.order[1].len()];
        match out {
            [false, true] => Some(Side::A),
            [true, false] => Some(Side::B),
            _ => None,
        }
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.next_bout().is_none()
    }

    /// How many bouts each player won, in order (the streaks of who stayed on).
    pub fn wins(&self, s: Side) -> Vec<u32> {
        let mut w = vec![0; self.order[idx(s)].len()];
        for &(a, b, bout) in &self.bouts {
            if bout == ChallengeBout::Won(s) {
                w[if s == Side::A { a } else { b }] += 1;
            }
        }
        w
    }
}
