//! The body of every error the API answers (`crate::error::ApiError::status_and_body`, the
//! one table), which the WebSocket's error frames and a result the event refused extend.

use serde::Serialize;
use serde_json::Value as Json;

/// An error's body: what is wrong in English and in Chinese (the pages show the one of their
/// language) and the key of the text; `state`, `article` and `retry_after` only for the
/// errors that carry them.
#[derive(Debug, Serialize)]
pub struct ErrorBody {
    /// Its kind: `bad_request`, `unauthenticated`, `forbidden`, `not_found`, `stale`,
    /// `conflict`, `refused`, `too_large`, `rate_limited`, `throttled`, `busy`, `internal`.
    pub error: &'static str,
    /// In English.
    pub message: String,
    /// In Chinese.
    pub zh: String,
    /// The key of the text in `words::STRINGS`.
    pub key: &'static str,
    /// `stale`: the game's current state; absent for the other errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<Json>,
    /// `refused`: the article that refuses it (`"17.2"`), null when none applies; absent for
    /// the other errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub article: Option<Option<String>>,
    /// `throttled` and `busy`: the seconds to wait (also the `Retry-After` header); absent for
    /// the other errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
}
