//! A game's result in its event: the one mapping between the referee's [`Outcome`] and the
//! tournament's [`GameResult`], both ways. The server's write-back of live games, its entry of
//! a result by hand and `weiqi league` all go through it.
//!
//! Colours: the event's result names the pairing's Black and White. A game of an event lists
//! the pairing's Black first (its [`Seat::First`]); the colours played are the referee's (Art.
//! 10, and Art. 17.1 after move 10 lets wrong colours stand), so a winner is mapped through the
//! seat it played from.

use crate::{Outcome, Referee, Seat, WinBy};
use rules::{Color, GameResult};

/// The event's result for `outcome` in the game `r`; `None` for a replay (Art. 20.3, 13.1:
/// the game is to be played again, so the board has no result yet).
///
/// A win by count keeps its margin in half points; resignation and time keep their reason;
/// a forfeit, a second warning (Art. 24.2) and a loss for an offence (Art. 23) are forfeits
/// (`F`); an adjudicated win (Art. 13.1) is a win whose reason SGF cannot say (`B+`); both
/// losing (Art. 20.3, 28) is both losing.
pub fn event_result(r: &Referee, outcome: &Outcome) -> Option<GameResult> {
    Some(match outcome.game_result()? {
        GameResult::Win { winner, by } => GameResult::Win {
            winner: pairing_color(r, winner),
            by,
        },
        other => other,
    })
}

/// The referee's outcome that an official's entry of `result` rules in the game `r` (the
/// inverse of [`event_result`]: `event_result(r, &outcome(r, x)) == Some(x)`). A win whose
/// reason is not given is an adjudication.
pub fn outcome(r: &Referee, result: GameResult) -> Outcome {
    match result {
        GameResult::Win { winner, by } => Outcome::Win {
            winner: played_color(r, winner),
            by: match by {
                rules::WinBy::Points(h) => WinBy::Points(h),
                rules::WinBy::Resignation => WinBy::Resignation,
                rules::WinBy::Time => WinBy::Time,
                rules::WinBy::Forfeit => WinBy::Forfeit,
                rules::WinBy::Unstated => WinBy::Adjudication,
            },
        },
        GameResult::Draw => Outcome::Draw,
        GameResult::NoResult => Outcome::NoResult,
        GameResult::BothLose => Outcome::BothLose,
    }
}

/// The result the event should hold for the game `r`: its result once it is final
/// (confirmed by both players and a referee, Art. 16.4, with the chief referee's latest
/// correction); `None` before, or for a replay.
pub fn final_result(r: &Referee) -> Option<GameResult> {
    r.confirmed_result()?;
    event_result(r, &r.result()?)
}

/// The pairing's colour of the player who played `color` in `r` (before the colours are
/// settled, the colour itself).
fn pairing_color(r: &Referee, color: Color) -> Color {
    match r.seat_of(color) {
        Some(Seat::First) => Color::Black,
        Some(Seat::Second) => Color::White,
        None => color,
    }
}

/// The colour played in `r` by the pairing's `color`.
fn played_color(r: &Referee, color: Color) -> Color {
    if pairing_color(r, Color::Black) == color {
        Color::Black
    } else {
        Color::White
    }
}
