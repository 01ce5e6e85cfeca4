//! The bodies of what the hall sees (`http/hall.rs`): a round's boards with their live
//! games, and the event's officials.

use serde::Serialize;
use serde_json::Value as Json;

/// `GET /api/events/{id}/hall`' answer: a round as the hall sees it.
#[derive(Debug, Serialize)]
pub struct Hall {
    /// The event.
    pub event: String,
    /// The event's name.
    pub name: String,
    /// The round shown (0 before any is paired).
    pub round: u32,
    /// The rounds paired.
    pub paired_rounds: usize,
    /// The rounds planned.
    pub planned_rounds: u32,
    /// Each board of the round.
    pub boards: Vec<HallBoard>,
    /// The players with the bye.
    pub byes: Vec<String>,
}

/// A board as the hall sees it: its players by the colours they play, the result the event
/// holds and its live game's state; each of the game's fields null when the board has none.
#[derive(Debug, Serialize)]
pub struct HallBoard {
    /// The board.
    pub board: u32,
    /// The player with Black.
    pub black: Person,
    /// The player with White.
    pub white: Person,
    /// The result the event holds, if any.
    pub result: Option<String>,
    /// The live game's id.
    pub game: Option<i64>,
    /// The live game's phase.
    pub phase: Option<Json>,
    /// Whether its clocks are paused.
    pub paused: Option<Json>,
    /// Who is to move.
    pub to_move: Option<Json>,
    /// Its clocks (the clock crate's reading, which the page moves on).
    pub clock: Option<Json>,
    /// Its result, as its state has it.
    pub live_result: Option<Json>,
    /// Whether its result is final.
    pub r#final: Option<Json>,
    /// The number of events it recorded.
    pub seq: Option<Json>,
    /// Art. 11: its komi, in half points, as the round started it.
    pub komi_half_points: Option<i32>,
    /// Its handicap stones.
    pub handicap: Option<usize>,
}

/// A player as the hall shows them.
#[derive(Debug, Serialize)]
pub struct Person {
    /// The name.
    pub name: String,
    /// The rank (`3d`, `5k`).
    pub rank: String,
    /// The club, if any.
    pub club: Option<String>,
}

/// `GET /api/events/{id}/officials`' answer: who holds each role now (Art. 29–31).
#[derive(Debug, Serialize)]
pub struct Officials {
    /// The event.
    pub event: String,
    /// The organizers.
    pub organizer: Vec<String>,
    /// The chief referees (the organizer until one is appointed).
    pub chief_referee: Vec<String>,
    /// The referees.
    pub referee: Vec<String>,
}
