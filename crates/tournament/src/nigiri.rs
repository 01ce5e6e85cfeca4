//! Nigiri (猜先, Art. 10): who holds the stones, what the count and the call decide, and a
//! nigiri drawn from a recorded seed.
//!
//! This is the one implementation of Art. 10 in weiqi: the tournament's pairings (game 1 of a
//! best-of-N match) and the referee's games (`referee::ColourChoice::Nigiri` and
//! `NigiriCounted`) both call it, so the same two players and the same seed give the same
//! colours everywhere. It lives here, beside [`Rank`] and [`Date`], because the holder is
//! chosen by rank and age, which are the players' (Art. 25.3); the referee depends on this
//! crate, not the other way round.
//!
//! Players are numbered 0 and 1 in the order the caller gives them (the pairing's order; the
//! referee's `Seat::First` is 0).

use crate::player::{Date, Player, Rank};
use rules::playout::Rng;
use std::fmt;

/// What the guesser shows: one black stone ("odd, and I take Black") or two ("even, and I
/// take Black").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parity {
    /// One stone shown: the guesser takes Black if the count is odd.
    Odd,
    /// Two stones shown: the guesser takes Black if the count is even.
    Even,
}

impl Parity {
    /// The parity of `n`.
    pub const fn of(n: u32) -> Parity {
        if n % 2 == 1 { Parity::Odd } else { Parity::Even }
    }
}

impl fmt::Display for Parity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Parity::Odd => "odd",
            Parity::Even => "even",
        })
    }
}

/// What Art. 10 looks at to choose who holds the stones: the rank, then the age.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seniority {
    /// The rank: the higher-ranked player holds.
    pub rank: Rank,
    /// The date of birth, if known: at equal ranks the older player holds.
    pub born: Option<Date>,
}

impl From<&Player> for Seniority {
    fn from(p: &Player) -> Seniority {
        Seniority {
            rank: p.rank,
            born: p.birth_date,
        }
    }
}

/// A nigiri and what it decided.
///
/// Invariant: `holder` and `black` are 0 or 1, indices into the two players as given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nigiri {
    /// Who held the white stones ([`holder`]).
    pub holder: usize,
    /// How many white stones were in the hand.
    pub held: u32,
    /// The other player's call.
    pub guess: Parity,
    /// Who takes Black: the guesser if the call was right, else the holder.
    pub black: usize,
}

/// The most stones a seeded nigiri puts in the hand (a handful); the fewest is 1. Art. 10 says
/// only "若干白子" (some white stones); 1 to 30 has as many odd counts as even ones.
pub const MAX_HELD: u32 = 30;

/// Who holds the stones, 0 or 1 (Art. 10: "先由高段者握若干白子 … 双方段位相同时，由年长者握
/// 子"): the higher-ranked player; at equal ranks the older, by date of birth.
///
/// Where Art. 10 cannot settle it — equal ranks and a date of birth unknown on either side,
/// or the same date — the first player given holds. The rules are silent on this case; an
/// unknown date says nothing about age, so it is neither treated as older nor as younger, and
/// the pairing's order (which the event sets, Art. 10's "大会抽签编排") decides.
pub fn holder(players: [Seniority; 2]) -> usize {
    let [a, b] = players;
    match a.rank.cmp(&b.rank) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => match (a.born, b.born) {
            // Born earlier is older.
            (Some(x), Some(y)) if y < x => 1,
            _ => 0,
        },
    }
}

/// The nigiri as it happened over the board: `held` stones in the holder's hand and the
/// guesser's call.
pub fn counted(players: [Seniority; 2], held: u32, guess: Parity) -> Nigiri {
    let holder = holder(players);
    let guesser = 1 - holder;
    // Art. 10: a right call gives the guesser Black, a wrong one gives it to the holder.
    let black = if Parity::of(held) == guess { guesser } else { holder };
    Nigiri {
        holder,
        held,
        guess,
        black,
    }
}

/// A nigiri drawn from `seed`: 1 to [`MAX_HELD`] stones in the hand and a call, each uniform;
/// the same seed always gives the same nigiri, so the record (which keeps the seed) can be
/// audited and replayed. The draw is fixed: it is `rules::playout::Rng` seeded with `seed`,
/// one number below 30 for the count, then one below 2 for the call (0 is odd); recorded
/// games depend on it, and a test pins its values.
pub fn seeded(players: [Seniority; 2], seed: u64) -> Nigiri {
    let mut rng = Rng::new(seed);
    let held = 1 + rng.below(MAX_HELD as usize) as u32;
    let guess = if rng.below(2) == 0 { Parity::Odd } else { Parity::Even };
    counted(players, held, guess)
}
