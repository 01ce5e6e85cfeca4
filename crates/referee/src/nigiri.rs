//! Colours by nigiri (猜先, Art. 10), reproducible from a recorded seed.

use crate::settings::{Player, Seat};
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

/// A nigiri and what it decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nigiri {
    /// Who held the white stones: the higher rank, or at equal ranks the older (Art. 10).
    pub holder: Seat,
    /// How many white stones were in the hand.
    pub held: u32,
    /// The guesser's call.
    pub guess: Parity,
    /// Who takes Black: the guesser if the call was right, else the holder.
    pub black: Seat,
}

/// The most stones a seeded nigiri puts in the hand (a handful).
pub const MAX_HELD: u32 = 30;

/// Who holds the stones (Art. 10): the higher-ranked player; at equal ranks the older; where
/// neither settles it (equal ranks, a date unknown or equal) the first player of the pairing.
pub fn holder(players: &[Player; 2]) -> Seat {
    let [a, b] = players;
    if a.rank != b.rank {
        return if a.rank > b.rank { Seat::First } else { Seat::Second };
    }
    match (a.born, b.born) {
        (Some(x), Some(y)) if y < x => Seat::Second,
        _ => Seat::First,
    }
}

/// A nigiri with the count and the call as they happened over the board.
pub fn nigiri(players: &[Player; 2], held: u32, guess: Parity) -> Nigiri {
    let holder = holder(players);
    let guesser = holder.other();
    let black = if Parity::of(held) == guess { guesser } else { holder };
    Nigiri {
        holder,
        held,
        guess,
        black,
    }
}

/// A nigiri drawn from `seed`: 1 to [`MAX_HELD`] stones in the hand and a call, each
/// uniform; the same seed always gives the same nigiri, so the record can be audited.
pub fn nigiri_from_seed(players: &[Player; 2], seed: u64) -> Nigiri {
    let mut rng = Rng::new(seed);
    let held = 1 + rng.below(MAX_HELD as usize) as u32;
    let guess = if rng.below(2) == 0 { Parity::Odd } else { Parity::Even };
    nigiri(players, held, guess)
}
