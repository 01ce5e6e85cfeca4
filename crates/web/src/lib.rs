//! The web pages of `weiqi serve`: what organizers, referees, players and spectators touch.
//!
//! Pages:
//! - `/` home: the events and the games under way;
//! - `/events/{id}`: the director's console — registration (one by one, or a CSV file), the
//!   proposed pairing (edit it, then pair), re-pairing, withdrawals, the games of a round
//!   started with the director's time control, komi, handicaps and Art. 22.5 choice (or a
//!   board played over the board, linked to the clock-only page with those settings), their
//!   seat links (an official issues a lost one again), result entry, standings, crosstable
//!   and print views;
//! - `/play/{id}`: the game — the board drawn to Art. 1 proportions, both clocks, moves by
//!   click or typed coordinate, pass, resign, the end of play, dead stones, accept or dispute,
//!   the time left on request (Art. 16), SGF download; with a seat's secret link it plays,
//!   without it a spectator follows live;
//! - `/clock`: the clock-only mode, a tablet as the electronic voice clock of Art. 12.1 for a
//!   game over the board: the time left on request (Art. 16), a last-period timeout taken as
//!   a lost turn where the event allows it (Art. 22.5);
//! - `/events/{id}/hall`: the hall view for a projector — every board of the round, its
//!   players, state and both clocks running live, followed over the WebSocket, in as many
//!   columns as the screen holds and a screenful at a time;
//! - `/events/{id}/wall`: the results wall — the round's pairings and results beside the
//!   standings, in large type;
//! - `/referee/{event}`: the referee console (warnings, void moves, lost turns, adjudications
//!   with their article, a recount a player asked for at the board recorded in their name,
//!   confirmation, new seat links and the record of those issued, Art. 16.4, 21–23, 29–31);
//! - `/login`: accounts and sessions.
//!
//! Main items: [`router`] (everything above, plus `/static/…`),
//! [`i18n`] (zh-CN and English, by [`rules::Lang`]), [`BOARD_GEOMETRY`] and [`star_points`] (the
//! drawn board). This crate holds pages only: what the API answers (the game view, its record
//! as SGF, the clock-only page's plan, the clock as JSON) is the server crate's.
//!
//! Key design decisions, and why:
//! - Pages are small HTML shells rendered here in the chosen language, and their content is
//!   drawn by an embedded vanilla script (ES modules) from the JSON API and the WebSocket of
//!   the server crate. This crate cannot call the server crate (the server merges this
//!   router, so the dependency runs the other way), and the game page must follow the
//!   WebSocket anyway; so the browser reads the same API every other client reads, under
//!   the same auth (session token, or a seat's secret link), and nothing is rendered twice.
//! - The board is SVG drawn by our own script (`assets/board.js`, `drawBoard`), not by the
//!   server: it is redrawn on every push, and a server-side copy would be a second renderer
//!   to keep equal. Its geometry (Art. 1: cells 2.3 wide × 2.4 tall; Art. 32: stones 2.25 cm
//!   across) is [`BOARD_GEOMETRY`] and its star points the rules crate's, given to the script
//!   from here and checked by tests.
//! - Voice byo-yomi (Art. 12.3): the server's game task fires the clock crate's calls and
//!   pushes their Chinese and English text; the page speaks them with the browser's
//!   `speechSynthesis`, or beeps and shows them when the browser has no voice. In the
//!   clock-only mode there is no game on the server: the page keeps the presses and asks
//!   the server's `POST /clock/plan` (the clock crate again) for the state and the calls
//!   to come, so every clock in the system is the one clock crate.
//! - Everything is `include_str!`: no CDN, no build step; a venue may be offline.
//! - A command names the sequence number of the state it was decided on; when another took
//!   it first (409 stale), the script sends an agreement again only if it still means the
//!   same on the new state (a confirmation of the same result, …), never a move, and says
//!   what changed: two people acting at once lose nothing and agree to nothing unseen.

#![deny(missing_docs)]

pub mod i18n;
mod pages;
pub mod routes;

pub use pages::{router, routes};

/// The drawn board's geometry in SVG user units (tenths of a millimetre): Art. 1 asks for
/// cells about 2.3 cm wide and 2.4 cm tall, Art. 32 for stones 2.25–2.35 cm across. The same
/// proportions as `weiqi show --svg` (which draws in millimetres), and the same star points:
/// the rules crate's [`rules::BoardSize::star_points`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// The distance between two vertical lines.
    pub cell_w: f64,
    /// The distance between two horizontal lines.
    pub cell_h: f64,
    /// The stone's radius: a stone 2.25 cm across (Art. 32's smallest), so that two
    /// neighbours on lines 2.3 cm apart do not touch.
    pub stone_r: f64,
    /// The star point's radius.
    pub star_r: f64,
    /// The margin around the grid, where the coordinates are written.
    pub margin: f64,
}

/// Art. 1: 2.3 cm × 2.4 cm cells; Art. 32: stones 2.25 cm across.
pub const BOARD_GEOMETRY: Geometry = Geometry {
    cell_w: 230.0,
    cell_h: 240.0,
    stone_r: 112.5,
    star_r: 22.0,
    margin: 360.0,
};

/// The star points of a `size` × `size` board (2–25), as (column, row) from the top left,
/// 0-based: the rules crate's (Art. 1: nine on 19×19 with 天元 in the centre), so the page,
/// the text board and `weiqi show` mark the same points.
pub fn star_points(size: u8) -> Vec<(u8, u8)> {
    rules::BoardSize::new(size).map_or_else(
        |_| Vec::new(),
        |s| s.star_points().into_iter().map(|p| (p.x, p.y)).collect(),
    )
}
