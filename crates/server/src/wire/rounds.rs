//! The bodies of an event's rounds (`http/rounds.rs`): the proposal the director edits, a
//! pairing that needs a confirmation, the form a round's games start from, the games
//! started, and their seat links.

use super::games::{BlackWhite, Seats};
use serde::Serialize;

/// `GET /api/events/{id}/proposal`' answer: the next round as the system pairs it.
#[derive(Debug, Serialize)]
pub struct Proposal {
    /// The round it is for.
    pub round: u32,
    /// Its games.
    pub games: Vec<ProposedGame>,
    /// The players with the bye.
    pub byes: Vec<String>,
    /// The active players left out (a round robin's rest, knockout players waiting).
    pub idle: Vec<String>,
    /// Every active player, as the editor shows them.
    pub players: Vec<EditorPlayer>,
}

/// A game of the proposal.
#[derive(Debug, Serialize)]
pub struct ProposedGame {
    /// Its board.
    pub board: u32,
    /// The player with Black.
    pub black: String,
    /// The player with White.
    pub white: String,
    /// Art. 11: the stones of a McMahon handicap game (Black is the weaker player).
    pub handicap: u32,
    /// The round the two last met in, if they did.
    pub met_in: Option<u32>,
}

/// An active player as the proposal editor shows them, so the page flags a repeat as the
/// director picks a pair.
#[derive(Debug, Serialize)]
pub struct EditorPlayer {
    /// The player.
    pub name: String,
    /// Their rank (`3d`, `5k`).
    pub rank: String,
    /// The McMahon score in a McMahon event, else the points (a win is 2).
    pub score: i64,
    /// The colour of each round so far: `black`, `white`, `bye`, or null.
    pub colours: Vec<Option<&'static str>>,
    /// The players met.
    pub met: Vec<String>,
}

/// The answer to a pairing (`POST /api/events/{id}/rounds/amended`, 201) or to undoing one
/// (`DELETE /api/events/{id}/rounds/{n}`): how many rounds are paired now.
#[derive(Debug, Serialize)]
pub struct Paired {
    /// The event.
    pub event: String,
    /// The rounds paired.
    pub rounds: usize,
}

/// The 409 answer to a changed pairing that needs the director's confirmation: an error
/// body (`error`, `key`, `message`, `zh`) with each warning; sent again with
/// `confirm: true`, the round is paired.
#[derive(Debug, Serialize)]
pub struct ConfirmFirst {
    /// Always `confirm`.
    pub error: &'static str,
    /// The key of the text that says all the warnings.
    pub key: &'static str,
    /// All the warnings, in English.
    pub message: String,
    /// All the warnings, in Chinese.
    pub zh: String,
    /// Each repeat (Art. 26.3) and colour breach (Art. 10).
    pub warnings: Vec<Warning>,
}

/// A warning said in both languages.
#[derive(Debug, Serialize)]
pub struct Warning {
    /// The key of its text.
    pub key: &'static str,
    /// In English.
    pub en: String,
    /// In Chinese.
    pub zh: String,
}

/// `GET /api/events/{id}/rounds/{n}/links`' answer: every started board with its seats.
#[derive(Debug, Serialize)]
pub struct RoundLinks {
    /// The event.
    pub event: String,
    /// The event's name.
    pub name: String,
    /// The round.
    pub round: u32,
    /// Each started board's game and seats, by board.
    pub boards: Vec<Seats>,
}

/// `GET /api/events/{id}/rounds/{n}/setup`' answer: what the director's form starts from.
#[derive(Debug, Serialize)]
pub struct RoundSetup {
    /// The event.
    pub event: String,
    /// The round.
    pub round: u32,
    /// The time control (the round's once a game started, else the event's, else the
    /// default).
    pub time: String,
    /// Why the event's time control cannot be read, in English; null when it can.
    pub time_error: Option<String>,
    /// The same in Chinese.
    pub time_error_zh: Option<String>,
    /// The board's size.
    pub size: u8,
    /// Art. 11: the komi of an even game, in half points.
    pub komi_half_points: i32,
    /// The komi of a handicap game, in half points.
    pub handicap_komi_half_points: i32,
    /// Art. 22.5: whether a timeout in the last byo-yomi period is a lost turn.
    pub lost_turn_on_timeout: bool,
    /// Whether the event plays handicap games (McMahon).
    pub handicaps: bool,
    /// Each board of the round.
    pub boards: Vec<SetupBoard>,
}

/// A board of the round as the director's form shows it.
#[derive(Debug, Serialize)]
pub struct SetupBoard {
    /// The board.
    pub board: u32,
    /// The pairing's Black.
    pub black: String,
    /// Black's rank.
    pub black_rank: String,
    /// The pairing's White.
    pub white: String,
    /// White's rank.
    pub white_rank: String,
    /// Whether its live game has started.
    pub started: bool,
    /// Its live game, if any.
    pub game: Option<i64>,
    /// The result the event holds, if any.
    pub result: Option<String>,
    /// The handicap stones proposed (McMahon; 0 for an even game).
    pub handicap: u32,
    /// Who takes Black (and the stones) if the board plays a handicap: the weaker player,
    /// whatever colour the pairing gave them; null at equal ranks.
    pub handicap_black: Option<String>,
}

/// `POST /api/events/{id}/rounds/{n}/games`' answer (201): the games started.
#[derive(Debug, Serialize)]
pub struct GamesStarted {
    /// The event.
    pub event: String,
    /// The round.
    pub round: u32,
    /// Each game started.
    pub games: Vec<StartedGame>,
}

/// A game started for a board, with its seat links.
#[derive(Debug, Serialize)]
pub struct StartedGame {
    /// The game's id.
    pub game: i64,
    /// The board.
    pub board: u32,
    /// The player with Black (by the colours played).
    pub black: String,
    /// The player with White.
    pub white: String,
    /// Each seat's link (`/play/{id}#secret=…`).
    pub links: BlackWhite<String>,
}
