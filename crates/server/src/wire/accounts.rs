//! The bodies of `POST /api/accounts` (`http/accounts.rs`) and `POST /api/sessions`
//! (`http/sessions.rs`).

use serde::Serialize;

/// An account as the API names it: `POST /api/accounts`' answer (201), and the `account` of
/// a login.
#[derive(Debug, Serialize)]
pub struct Account {
    /// Its id.
    pub id: i64,
    /// Its name, as kept (NFC).
    pub name: String,
}

/// `POST /api/sessions`' answer: the session's token and its bounds.
#[derive(Debug, Serialize)]
pub struct Session {
    /// The bearer token of the session (`Authorization: Bearer …`).
    pub token: String,
    /// The account logged in.
    pub account: Account,
    /// Seconds without a request after which the session ends.
    pub idle_timeout_s: u64,
    /// When the session ends whatever its use (milliseconds since the epoch).
    pub expires_at: u64,
}
