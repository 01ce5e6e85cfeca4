//! What an applied event did, for the adapters: the server broadcasts these, the SGF writer
//! turns them into nodes and comments.

use crate::article::Article;
use crate::event::Actor;
use crate::outcome::Outcome;
use crate::settings::Seat;
use clock::{Correction, Millis};
use rules::{Color, Point};
use tournament::nigiri::Nigiri;

/// One consequence of an applied event. [`crate::Referee::apply`] returns them in the order
/// they happened; [`crate::Referee::effects`] keeps them per event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Art. 10: the colours are settled.
    Colours {
        /// Who takes Black.
        black: Seat,
        /// The nigiri that decided it, if one did.
        nigiri: Option<Nigiri>,
    },
    /// The game started; this side's clock runs.
    Started {
        /// The side to move.
        to_move: Color,
    },
    /// Art. 22.1: a late player arrived.
    Arrived {
        /// Who.
        side: Color,
        /// How late.
        late: Millis,
        /// The total charged to their clock for it (twice the lateness, or nothing).
        charged: Millis,
    },
    /// A stone was placed (and the clock pressed).
    Placed {
        /// Whose.
        side: Color,
        /// Where.
        point: Point,
        /// Stones it captured (Art. 4).
        captures: u32,
    },
    /// A side passed (Art. 2.5).
    Passed {
        /// Who.
        side: Color,
    },
    /// Art. 21.1: the side proposed the end (and passed).
    EndProposed {
        /// Who.
        by: Color,
    },
    /// Play is over (two passes, Art. 7.3; or the end agreed, Art. 13.2): the dead stones
    /// are settled next (Art. 8).
    PlayOver,
    /// Play resumed after a life-and-death dispute (Art. 21.4), this side to move.
    PlayResumed {
        /// The side to move.
        to_move: Color,
    },
    /// A stone was declared void: it is not on the board.
    Voided {
        /// Whose stone.
        side: Color,
        /// Where it had been put.
        point: Point,
        /// The article applied.
        article: Article,
    },
    /// The side lost its turn (弃权一次): recorded as a pass that never counts toward two
    /// passes (Art. 18.3, 19, 22.5).
    TurnLost {
        /// Who.
        side: Color,
        /// The article applied.
        article: Article,
    },
    /// A warning (Art. 24.1: one stone at counting).
    Warning {
        /// Who.
        side: Color,
        /// The article applied.
        article: Article,
        /// The side's warnings in this game, this one included.
        total: u32,
    },
    /// Art. 17.1: wrong colours found through move 10: the game starts again from the start
    /// position with the colours the event assigned; the clocks start afresh.
    Restarted,
    /// Art. 17.1: wrong colours found after move 10: the colours stand as played; the event
    /// keeps its assigned colours for pairing.
    ColoursStand {
        /// Who actually holds Black from now on.
        black: Seat,
    },
    /// Art. 8: a marking of the dead stones was proposed.
    Marking {
        /// The marked stones (one per group is enough), sorted.
        dead: Vec<Point>,
    },
    /// Art. 8: a player accepted the marking.
    MarkingAccepted {
        /// Who.
        side: Color,
    },
    /// Art. 16.4: counting reopened for a recount.
    RecountOpened,
    /// Art. 22.5: the player asked for a lost turn instead of a loss on timeout.
    LostTurnRequested {
        /// Who.
        side: Color,
    },
    /// Art. 14: the clocks stopped.
    Paused,
    /// Art. 14: the clocks run again.
    Resumed,
    /// Art. 22.8–9: the clocks were corrected.
    ClockCorrected(Correction),
    /// The game has a result (not yet confirmed).
    Result(Outcome),
    /// Art. 16.4: someone confirmed the result.
    ConfirmedBy(Actor),
    /// Art. 16.4: both players and a referee confirmed: the result is final.
    Final(Outcome),
    /// Art. 16.4: the chief referee corrected a confirmed result.
    Corrected(Outcome),
    /// Art. 30: the chief referee set aside the ruling with this index.
    Overruled {
        /// The index of the overruled event.
        event: usize,
    },
}
