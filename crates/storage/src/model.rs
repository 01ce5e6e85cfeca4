//! The few types of the store's own: what creating an event needs, a line of the list of
//! events, and what recording a result did. Everything else is the tournament crate's.

use tournament::{Settings, System};

/// What is needed to create an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewEvent {
    /// The event's id: 1–64 characters without spaces, unique in the database.
    pub id: String,
    /// Its name, for people.
    pub name: String,
    /// The system (Art. 26) with its parameters.
    pub system: System,
    /// The planned number of rounds (Swiss); a plan only for round robin and knockout.
    pub n_rounds: u32,
    /// The settings, recorded with the event.
    pub settings: Settings,
}

/// One line of the list of events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventSummary {
    /// The id.
    pub id: String,
    /// The name.
    pub name: String,
    /// The system.
    pub system: System,
    /// The number of rounds planned (the latest change, Art. 26.3).
    pub n_rounds: u32,
    /// How many rounds are paired.
    pub n_paired: u32,
    /// How many players are registered (withdrawn ones included).
    pub n_players: u32,
}

/// What recording a result did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// The board had no result; now it has this one.
    New,
    /// The board already had this very result; nothing changed.
    Unchanged,
    /// The board had another result, which this one corrects (the old one stays in the
    /// history).
    Corrected,
}

/// What [`crate::Store::write_back_result`] did with a live game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteBack {
    /// The result was written (new, or a correction of the game's earlier result).
    Written(Recorded),
    /// The board already holds this result.
    Held,
    /// The event changed the board's result after the game's result reached it: the event's
    /// history wins, and the board keeps `held`.
    Superseded {
        /// What the board holds.
        held: tournament::GameResult,
    },
}
