//! The bodies of an event's players (`http/players.rs`): an account linked to a player, a
//! claim code, a registration file, a withdrawal.

use serde::Serialize;

/// The answer to a link of an account to a registered player: by an official
/// (`PUT /api/events/{id}/players/{name}/account`) or by a claim code
/// (`POST /api/events/{id}/claims`).
#[derive(Debug, Serialize)]
pub struct Linked {
    /// The event.
    pub event: String,
    /// The registered player.
    pub player: String,
    /// The account that takes the player's seats.
    pub account: String,
}

/// `POST /api/events/{id}/players/{name}/claim-code`' answer (201).
#[derive(Debug, Serialize)]
pub struct ClaimCode {
    /// The event.
    pub event: String,
    /// The registered player the code is for.
    pub player: String,
    /// The one-time code (only its digest is kept: shown once).
    pub code: String,
}

/// `POST /api/events/{id}/players/csv`' answer (201).
#[derive(Debug, Serialize)]
pub struct Registered {
    /// The event.
    pub event: String,
    /// How many players the file registered.
    pub added: usize,
}

/// `POST /api/events/{id}/withdrawals`' answer (Art. 28).
#[derive(Debug, Serialize)]
pub struct Withdrawn {
    /// The event.
    pub event: String,
    /// The player withdrawn.
    pub name: String,
    /// The player's status now (`crate::wire::status_name`).
    pub status: &'static str,
    /// The withdrawal after some rounds, null if none.
    pub withdrawn: Option<super::events::Withdrawal>,
}
