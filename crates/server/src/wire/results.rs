//! The bodies of an event's results (`http/results.rs`): one entered by hand, the live
//! games' results collected, the referee console's queue, and the event's confirmation rule
//! (Art. 16.4).

use super::errors::ErrorBody;
use serde::Serialize;
use serde_json::Value as Json;

/// `POST /api/events/{id}/results`' answer: what the event recorded, and what the entry did
/// to the board's live game.
#[derive(Debug, Serialize)]
pub struct Recorded {
    /// `new`, `unchanged` or `corrected`.
    pub recorded: &'static str,
    /// The board's live game, null when the board has none.
    pub live_game: Option<LiveGame>,
    /// The event after it.
    pub event: super::events::EventBody,
}

/// What a result entered by hand did to the board's live game.
#[derive(Debug, Serialize)]
pub struct LiveGame {
    /// The game's id.
    pub id: i64,
    /// `agrees` (nothing to do), `adjudicated` (ended by the chief referee, Art. 13.1) or
    /// `corrected` (its confirmed result corrected, Art. 16.4).
    pub game: &'static str,
    /// The game after it, null if its task is gone.
    pub state: Option<Json>,
}

/// The error answer to a result entered by hand that changed the live game but could not be
/// written into the event: the error's body, its message saying so, and the game; sent
/// again, the entry finds the game agreeing and writes only the event.
#[derive(Debug, Serialize)]
pub struct EventNotWritten {
    /// The event's refusal, its `message` saying too that the live game was changed
    /// already.
    #[serde(flatten)]
    pub body: ErrorBody,
    /// The live game and what the entry did to it.
    pub live_game: LiveGame,
}

/// `POST /api/events/{id}/collect`' answer: the live games' confirmed results written into
/// the event.
#[derive(Debug, Serialize)]
pub struct Collected {
    /// The event.
    pub event: String,
    /// The results written.
    pub recorded: Vec<CollectedResult>,
    /// The games whose result still waits for its confirmations.
    pub awaiting_confirmation: Vec<i64>,
}

/// A live game's result written into the event.
#[derive(Debug, Serialize)]
pub struct CollectedResult {
    /// The game's id.
    pub game: i64,
    /// Its round.
    pub round: u32,
    /// Its board.
    pub board: u32,
    /// The result (`B+R`, `W+1.5`).
    pub result: String,
}

/// `GET /api/events/{id}/confirmations`' answer: the referee console's queue.
#[derive(Debug, Serialize)]
pub struct Confirmations {
    /// The event.
    pub event: String,
    /// The round paired last.
    pub current_round: u32,
    /// Whether the players' agreement stands without a referee.
    pub players_agreement: bool,
    /// The results waiting for a referee: the current round's first, then the latest
    /// rounds'; by board within a round.
    pub waiting: Vec<Waiting>,
}

/// A decided result waiting for a referee's confirmation (Art. 16.4).
#[derive(Debug, Serialize)]
pub struct Waiting {
    /// The game's id.
    pub game: i64,
    /// Its round, if any.
    pub round: Option<u32>,
    /// Its board, if any.
    pub board: Option<u32>,
    /// The players, by seat.
    pub players: [String; 2],
    /// The number of events recorded (a confirmation is a command for it).
    pub seq: Json,
    /// The result, as the game's state has it.
    pub result: Json,
    /// Who confirmed it, as the game's state has it.
    pub confirmed_by: Json,
    /// Who has still to (`black`, `white`, `referee`).
    pub awaiting: Json,
}

/// The answer to `GET` and `PUT /api/events/{id}/confirmation`: whether the event lets its
/// players' agreement on a result stand without a referee's confirmation.
#[derive(Debug, Serialize)]
pub struct ConfirmationRule {
    /// The event.
    pub event: String,
    /// Whether the players' agreement stands.
    pub players_agreement: bool,
}
