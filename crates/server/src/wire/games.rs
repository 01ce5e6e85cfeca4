//! The bodies of the live games (`http/games.rs`) and the frames their WebSocket sends
//! (`http/games/ws.rs`). A game's state in them is the `serde_json::Value` its task made
//! (`crate::game::game_state`); where a body adds fields to it ([`GameShown`], [`GameView`]),
//! the state is flattened in, and the fields added are names the state never has.

use super::errors::ErrorBody;
use super::{WColor, WEvent, WOutcome, WSettings};
use serde::Serialize;
use serde_json::{Map, Value as Json};

/// A game's state as a JSON object, for a body that adds its own fields to it.
pub type State = Map<String, Json>;

/// Something Black's and something White's.
#[derive(Debug, Serialize)]
pub struct BlackWhite<T> {
    /// Black's.
    pub black: T,
    /// White's.
    pub white: T,
}

/// `POST /api/games`' answer (201), also to a retry with the same `Idempotency-Key`.
#[derive(Debug, Serialize)]
pub struct Created {
    /// The game's id.
    pub game: i64,
    /// Its state.
    pub state: Json,
    /// True when this answers a retry: the game was created by the first request.
    pub replayed: bool,
    /// Each seat's secret; `null` (the whole, or one seat's) when it cannot be given again:
    /// the game was created by another session, or the seat's link was issued again since.
    pub secrets: Option<BlackWhite<Option<String>>>,
    /// Each seat's link (`/play/{id}#secret=…`), `null` as its secret is; absent when no
    /// secret is given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub links: Option<BlackWhite<Option<String>>>,
    /// Why a secret is not given again; absent when both are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// `GET /api/games/{id}`' answer: the state, with the settings and the event.
#[derive(Debug, Serialize)]
pub struct GameShown {
    /// The game's state (`game`, `seq`, `phase`, `board`, `clock`, …).
    #[serde(flatten)]
    pub state: State,
    /// The settings it was created with.
    pub settings: WSettings,
    /// The event it is played for, if any.
    pub event: Option<String>,
}

/// `GET /api/games/{id}/view`' answer: what the game page shows.
#[derive(Debug, Serialize)]
pub struct GameView {
    /// The game's state and the view's extras (`crate::view::game_view`: `names`, `last_move`,
    /// `count`, `log`, …).
    #[serde(flatten)]
    pub state: State,
    /// The settings it was created with.
    pub settings: WSettings,
    /// The event it is played for, if any.
    pub event: Option<String>,
    /// The event's round, if any.
    pub round: Option<u32>,
    /// The event's board, if any.
    pub board_no: Option<u32>,
    /// How many sockets follow the game.
    pub viewers: usize,
    /// The caller's own seat (`black`, `white`), if they play in it.
    pub you: Option<&'static str>,
    /// True when the caller came with a seat link that is no seat's (replaced by an
    /// official, or never one): the page says so.
    pub seat_link_invalid: bool,
}

/// `GET /api/games/{id}/events`' answer: the event pushes from `since` on.
#[derive(Debug, Serialize)]
pub struct Events {
    /// The game's id.
    pub game: i64,
    /// Each event as its push (`type: "event"`), in order.
    pub events: Vec<Json>,
}

/// `POST /api/games/{id}/join`' answer: the seat taken.
#[derive(Debug, Serialize)]
pub struct Joined {
    /// The game's id.
    pub game: i64,
    /// The seat.
    pub color: WColor,
    /// The account that took it.
    pub account: String,
}

/// `POST /api/games/{id}/actions`' answer, and the WebSocket's `ack` ([`Frame::Ack`]).
#[derive(Debug, Serialize)]
pub struct Ack {
    /// The game's id.
    pub game: i64,
    /// The number of events recorded: the `seq` of the next command.
    pub seq: u64,
    /// The index of the event recorded.
    pub index: u64,
    /// True if the command had landed already (it landed once).
    pub duplicate: bool,
    /// The game after it.
    pub state: Json,
}

/// One game of `GET /api/games`' list (the list is the body).
#[derive(Debug, Serialize)]
pub struct Listed {
    /// The game's id.
    pub game: i64,
    /// Its event, if any.
    pub event: Option<String>,
    /// The event's round, if any.
    pub round: Option<u32>,
    /// The event's board, if any.
    pub board: Option<u32>,
    /// The event's name (its id when it cannot be read), if any.
    pub event_name: Option<String>,
    /// The moves played.
    pub moves: usize,
    /// The clocks, as the state has them.
    pub clock: Json,
    /// Whether the clocks are paused, as the state has it.
    pub paused: Json,
    /// How many sockets follow the game.
    pub viewers: usize,
    /// The player with Black (by the colours played).
    pub black: String,
    /// The player with White.
    pub white: String,
    /// The game's phase (`setup`, `play`, `counting`, `decided`, `final`).
    pub phase: String,
    /// The number of events recorded.
    pub seq: Json,
    /// The stones on the board.
    pub stones: usize,
    /// The result's text (`B+R`), null while there is none.
    pub result: Json,
}

/// `GET /api/games/{id}/time-left?color=…`' answer (Art. 16): the clock crate's answer in
/// both languages.
#[derive(Debug, Serialize)]
pub struct TimeLeft {
    /// The game's id.
    pub game: i64,
    /// The player asking (`black`, `white`).
    pub color: &'static str,
    /// The instant of the answer (milliseconds since the epoch).
    pub at: u64,
    /// The answer in Chinese.
    pub zh: String,
    /// The answer in English.
    pub en: String,
}

/// `POST /api/games/{id}/seats/{color}/link`' answer (201): the seat's new link.
#[derive(Debug, Serialize)]
pub struct LinkIssued {
    /// The game's id.
    pub game: i64,
    /// The seat (`black`, `white`).
    pub color: &'static str,
    /// The new link (`/play/{id}#secret=…`); the old one no longer works.
    pub link: String,
    /// The official who issued it.
    pub by: String,
    /// When (milliseconds since the epoch).
    pub at: u64,
    /// Every link issued again for the game, oldest first.
    pub history: Vec<Reissue>,
}

/// A seat link issued again for a game.
#[derive(Debug, Serialize)]
pub struct Reissue {
    /// The seat (`black`, `white`).
    pub color: String,
    /// The official who issued it.
    pub by: String,
    /// When (milliseconds since the epoch).
    pub at: u64,
}

/// A game's seats as its officials see them: `GET /api/games/{id}/links`' answer, and each
/// board of `GET /api/events/{id}/rounds/{n}/links`.
#[derive(Debug, Serialize)]
pub struct Seats {
    /// The game's id.
    pub game: i64,
    /// Its event, if any.
    pub event: Option<String>,
    /// The event's round, if any.
    pub round: Option<u32>,
    /// The event's board, if any.
    pub board: Option<u32>,
    /// The game's phase (`setup` while its clock waits), null if its task is gone.
    pub phase: Json,
    /// Each seat, by the colours played.
    pub seats: BlackWhite<Seat>,
}

/// A seat as its officials see it.
#[derive(Debug, Serialize)]
pub struct Seat {
    /// The player.
    pub player: String,
    /// The player's rank.
    pub rank: String,
    /// The seat's link; null if it cannot be shown again (a game made before the links were
    /// derived: an official issues a new one).
    pub link: Option<SeatLink>,
    /// When the player first opened the link or joined the seat (milliseconds since the
    /// epoch), if they did.
    pub seated_at: Option<u64>,
}

/// A seat's link, ready to hand out.
#[derive(Debug, Serialize)]
pub struct SeatLink {
    /// Its path (`/play/{id}#secret=…`).
    pub path: String,
    /// The full URL's QR code, as SVG; null if no code holds it (`crate::qr::svg`).
    pub qr: Option<String>,
    /// The full URL.
    pub url: String,
}

/// `POST /api/games/{id}/start`' answer: the clock started.
#[derive(Debug, Serialize)]
pub struct ClockStarted {
    /// The game's id.
    pub game: i64,
    /// The seats recorded absent (`black`, `white`): late from the round's start (Art. 22.1).
    pub late: Vec<&'static str>,
    /// The game after the start.
    pub state: Json,
}

/// `GET /api/events/{id}/seat-links`' answer: every seat link issued again in the event.
#[derive(Debug, Serialize)]
pub struct EventSeatLinks {
    /// The event.
    pub event: String,
    /// The links issued again, oldest first.
    pub links: Vec<EventSeatLink>,
}

/// A seat link issued again for a game of an event.
#[derive(Debug, Serialize)]
pub struct EventSeatLink {
    /// The game's id.
    pub game: i64,
    /// The game's round, if it is still listed.
    pub round: Option<u32>,
    /// The game's board, if it is still listed.
    pub board: Option<u32>,
    /// The seat (`black`, `white`).
    pub color: String,
    /// The official who issued it.
    pub by: String,
    /// When (milliseconds since the epoch).
    pub at: u64,
}

/// A frame the WebSocket sends in answer to a client's message (`type` names it). The
/// pushes that follow a subscription (`event`, `call`) are the game task's own.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Frame {
    /// The credentials an `auth` message gave.
    Auth {
        /// Always null: an `auth` is no game's.
        game: Option<i64>,
        /// The account logged in, null for a seat secret alone.
        account: Option<String>,
    },
    /// A game's full state.
    State {
        /// The game's id.
        game: i64,
        /// The number of events recorded.
        seq: Json,
        /// The state.
        state: Json,
    },
    /// A command recorded: the HTTP answer's fields and the command's `ref`.
    Ack {
        /// As `POST /api/games/{id}/actions` answers.
        #[serde(flatten)]
        ack: Ack,
        /// The command's `ref`, null without one.
        #[serde(rename = "ref")]
        reference: Json,
    },
    /// A message refused: the HTTP API's error body for it (`error`, `message`, `zh`, `key`;
    /// `article`, `state`, `retry_after` as the error has them) and these fields.
    Error {
        /// The error's body.
        #[serde(flatten)]
        body: ErrorBody,
        /// The game the message named, null for one that could not be read.
        game: Option<i64>,
        /// The HTTP status of the same error.
        status: u16,
        /// The command's `ref`, null without one.
        #[serde(rename = "ref")]
        reference: Json,
        /// For `stale`, the game's `seq`; absent otherwise.
        #[serde(skip_serializing_if = "Option::is_none")]
        seq: Option<Json>,
    },
}

/// A game's full state, as its task makes it (`crate::game::game_state`): the `state` of
/// every body and frame that carries one.
#[derive(Debug, Serialize)]
pub struct GameState {
    /// The game's id.
    pub game: i64,
    /// The number of events recorded.
    pub seq: usize,
    /// `setup`, `play`, `counting`, `decided` or `final`.
    pub phase: &'static str,
    /// The side to move.
    pub to_move: WColor,
    /// Whether the clocks are paused.
    pub paused: bool,
    /// The board, a row a string from the top: `X` Black, `O` White, `.` empty.
    pub board: Vec<String>,
    /// The stones each side has captured.
    pub captures: BlackWhite<u32>,
    /// The warnings each side has had (Art. 23).
    pub warnings: BlackWhite<u32>,
    /// The clocks (`crate::wire::clocks::clock_json`).
    pub clock: Json,
    /// The stones marked dead, as GTP vertices.
    pub marking: Vec<String>,
    /// The result, null while there is none.
    pub result: Option<StateResult>,
    /// Whether the result is confirmed.
    pub r#final: bool,
    /// Art. 16.4: who confirmed the result.
    pub confirmed_by: ConfirmedBy,
    /// Who has still to confirm it (`black`, `white`, `referee`).
    pub awaiting: Vec<&'static str>,
}

/// A game's result in its state.
#[derive(Debug, Serialize)]
pub struct StateResult {
    /// The outcome.
    pub outcome: WOutcome,
    /// As an SGF `RE` value says it (`B+R`).
    pub text: String,
    /// In Chinese.
    pub zh: String,
}

/// Who confirmed a result (Art. 16.4).
#[derive(Debug, Serialize)]
pub struct ConfirmedBy {
    /// Black.
    pub black: bool,
    /// White.
    pub white: bool,
    /// The referee.
    pub referee: bool,
}

/// What a game's task pushes to the game's subscribers, besides the frames that answer a
/// client's message ([`Frame`]); `type` names it.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Pushed {
    /// An event recorded.
    Event(EventPush),
    /// A clock's call (a byo-yomi count, Art. 18).
    Call(CallPush),
    /// The external scorer answered (or failed) on the game's position: the view's
    /// `machine_*` fields changed.
    Proposal(ProposalPush),
}

/// The scorer's answer arrived, as its push says it.
#[derive(Debug, Serialize)]
pub struct ProposalPush {
    /// The game's id.
    pub game: i64,
    /// The number of events recorded when the scorer was asked (its answer is of that
    /// position).
    pub seq: usize,
}

/// An event recorded, as its push says it.
#[derive(Debug, Serialize)]
pub struct EventPush {
    /// The game's id.
    pub game: i64,
    /// The number of events recorded with it.
    pub seq: usize,
    /// The event's index.
    pub index: usize,
    /// The event.
    pub event: WEvent,
    /// What it did, in English, if it says anything.
    pub en: Option<String>,
    /// In Chinese.
    pub zh: Option<String>,
    /// The article it applies, if any (`"17.2"`).
    pub article: Option<String>,
    /// Art. 29–31: an official's event (a ruling, an adjudication, a confirmation) is a
    /// notice to both players, whose pages show it in their language.
    pub ruling: bool,
}

/// A clock's call, as its push says it.
#[derive(Debug, Serialize)]
pub struct CallPush {
    /// The game's id.
    pub game: i64,
    /// The number of events recorded.
    pub seq: usize,
    /// When it is said (milliseconds on the game's clock).
    pub at: u64,
    /// Whose clock it concerns.
    pub color: WColor,
    /// What is said, in English.
    pub en: String,
    /// In Chinese.
    pub zh: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_created_game_gives_each_secret_or_null_and_its_links_only_with_a_secret() {
        let partial = Created {
            game: 7,
            state: Json::Null,
            replayed: true,
            secrets: Some(BlackWhite {
                black: Some("s".into()),
                white: None,
            }),
            links: Some(BlackWhite {
                black: Some("/play/7#secret=s".into()),
                white: None,
            }),
            message: Some("why".into()),
        };
        assert_eq!(
            serde_json::to_value(partial).unwrap(),
            json!({
                "game": 7, "state": null, "replayed": true,
                "secrets": { "black": "s", "white": null },
                "links": { "black": "/play/7#secret=s", "white": null },
                "message": "why",
            })
        );
        let none = Created {
            game: 7,
            state: Json::Null,
            replayed: true,
            secrets: None,
            links: None,
            message: Some("why".into()),
        };
        assert_eq!(
            serde_json::to_value(none).unwrap(),
            json!({ "game": 7, "state": null, "replayed": true, "secrets": null, "message": "why" })
        );
    }

    #[test]
    fn frames_are_named_by_their_type_and_an_error_frame_carries_the_error_body() {
        let body = |error, state| ErrorBody {
            error,
            message: "m".into(),
            zh: "z".into(),
            key: "k",
            state,
            article: None,
            retry_after: None,
        };
        let error = Frame::Error {
            body: body("stale", Some(json!({ "seq": 3 }))),
            game: Some(7),
            status: 409,
            reference: json!("c1"),
            seq: Some(json!(3)),
        };
        assert_eq!(
            serde_json::to_value(error).unwrap(),
            json!({
                "type": "error", "error": "stale", "message": "m", "zh": "z", "key": "k", "state": { "seq": 3 },
                "game": 7, "status": 409, "ref": "c1", "seq": 3,
            })
        );
        let unread = Frame::Error {
            body: body("bad_request", None),
            game: None,
            status: 400,
            reference: Json::Null,
            seq: None,
        };
        assert_eq!(
            serde_json::to_value(unread).unwrap(),
            json!({
                "type": "error", "error": "bad_request", "message": "m", "zh": "z", "key": "k",
                "game": null, "status": 400, "ref": null,
            })
        );
        let ack = Frame::Ack {
            ack: Ack {
                game: 7,
                seq: 4,
                index: 3,
                duplicate: false,
                state: json!({}),
            },
            reference: Json::Null,
        };
        assert_eq!(
            serde_json::to_value(ack).unwrap(),
            json!({ "type": "ack", "game": 7, "seq": 4, "index": 3, "duplicate": false, "state": {}, "ref": null })
        );
        assert_eq!(
            serde_json::to_value(Frame::Auth {
                game: None,
                account: Some("li".into())
            })
            .unwrap(),
            json!({ "type": "auth", "game": null, "account": "li" })
        );
    }
}
