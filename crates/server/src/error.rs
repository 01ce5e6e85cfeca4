//! The server's one error type: each variant maps to a status code and a JSON body with a
//! message a person can act on ([`ApiError::status_and_body`], the one table that the HTTP
//! answers and the WebSocket's error frames share). A 5xx body says only that the server
//! failed; the cause goes to the log.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value as Json, json};

/// Why a request failed.
#[derive(Debug)]
pub enum ApiError {
    /// The request is malformed or a value is invalid (400).
    BadRequest(String),
    /// A value is invalid (400), said in both languages of the pages: the body's `message`
    /// is the English and `zh` the Chinese, which a page in Chinese shows; `key` names the
    /// text in the API's strings (`words::STRINGS`) both come from.
    Invalid {
        /// The key of the text in `words::STRINGS`.
        key: &'static str,
        /// In English.
        en: String,
        /// In Chinese.
        zh: String,
    },
    /// The request conflicts with what exists (409), said in both languages of the pages as
    /// [`ApiError::Invalid`] is.
    InConflict {
        /// The key of the text in `words::STRINGS`.
        key: &'static str,
        /// In English.
        en: String,
        /// In Chinese.
        zh: String,
    },
    /// No valid credentials were given (401).
    Unauthenticated(String),
    /// The credentials are valid but the role does not allow this (403).
    Forbidden(String),
    /// The role does not allow this (403), said in both languages of the pages as
    /// [`ApiError::Invalid`] says a 400.
    Denied {
        /// The key of the text in `words::STRINGS`.
        key: &'static str,
        /// In English.
        en: String,
        /// In Chinese.
        zh: String,
    },
    /// No such resource (404).
    NotFound(String),
    /// The game moved on: the command named an old sequence number (409), with the state.
    Stale {
        /// What to do.
        message: String,
        /// The current state of the game.
        state: Json,
    },
    /// The request conflicts with what exists (409).
    Conflict(String),
    /// The rules refuse it (422), naming the article where one applies.
    Refused {
        /// Why.
        message: String,
        /// The article, like `"17.2"`.
        article: Option<String>,
    },
    /// The body is larger than the server takes (413).
    TooLarge(String),
    /// Too many requests from this client (429).
    RateLimited,
    /// Too many failed logins for this account or from this address: wait `retry_after`
    /// seconds (429 with `Retry-After`).
    Throttled {
        /// Seconds to wait.
        retry_after: u64,
        /// What is throttled.
        message: String,
    },
    /// The server is at its bound of concurrent password checks: retry after `retry_after`
    /// seconds (503 with `Retry-After`).
    Busy {
        /// Seconds to wait.
        retry_after: u64,
    },
    /// The server failed (500); the text is logged, never sent.
    Internal(String),
}

impl ApiError {
    /// The status code and the JSON body (`{error, message}`, plus `state` for `stale`,
    /// `article` for `refused`, and `zh` and `key` for a 400 said in both languages): the one table of what each error says, which the HTTP
    /// answers ([`IntoResponse`]) and the WebSocket's error frames (`http/games/ws.rs`) both use. The
    /// cause of an internal error is logged here and never sent.
    pub fn status_and_body(self) -> (StatusCode, Json) {
        match self {
            ApiError::BadRequest(m) => (StatusCode::BAD_REQUEST, json!({ "error": "bad_request", "message": m })),
            ApiError::Invalid { key, en, zh } => (
                StatusCode::BAD_REQUEST,
                json!({ "error": "bad_request", "message": en, "zh": zh, "key": key }),
            ),
            ApiError::InConflict { key, en, zh } => (
                StatusCode::CONFLICT,
                json!({ "error": "conflict", "message": en, "zh": zh, "key": key }),
            ),
            ApiError::Unauthenticated(m) => (
                StatusCode::UNAUTHORIZED,
                json!({ "error": "unauthenticated", "message": m }),
            ),
            ApiError::Forbidden(m) => (StatusCode::FORBIDDEN, json!({ "error": "forbidden", "message": m })),
            ApiError::Denied { key, en, zh } => (
                StatusCode::FORBIDDEN,
                json!({ "error": "forbidden", "message": en, "zh": zh, "key": key }),
            ),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, json!({ "error": "not_found", "message": m })),
            ApiError::Stale { message, state } => (
                StatusCode::CONFLICT,
                json!({ "error": "stale", "message": message, "state": state }),
            ),
            ApiError::Conflict(m) => (StatusCode::CONFLICT, json!({ "error": "conflict", "message": m })),
            ApiError::Refused { message, article } => (
                StatusCode::UNPROCESSABLE_ENTITY,
                json!({ "error": "refused", "message": message, "article": article }),
            ),
            ApiError::TooLarge(m) => (
                StatusCode::PAYLOAD_TOO_LARGE,
                json!({ "error": "too_large", "message": m }),
            ),
            ApiError::RateLimited => (
                StatusCode::TOO_MANY_REQUESTS,
                json!({ "error": "rate_limited", "message": "too many requests from this client: wait a second and retry" }),
            ),
            ApiError::Throttled { retry_after, message } => (
                StatusCode::TOO_MANY_REQUESTS,
                json!({ "error": "throttled", "message": message, "retry_after": retry_after }),
            ),
            ApiError::Busy { retry_after } => (
                StatusCode::SERVICE_UNAVAILABLE,
                json!({ "error": "busy", "message": format!("the server is checking as many passwords as it can: retry in {retry_after} s"), "retry_after": retry_after }),
            ),
            ApiError::Internal(cause) => {
                tracing::error!(%cause, "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    json!({ "error": "internal", "message": "the server failed; the failure is logged, try again later" }),
                )
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry = match &self {
            ApiError::RateLimited => Some(1),
            ApiError::Throttled { retry_after, .. } | ApiError::Busy { retry_after } => Some(*retry_after),
            _ => None,
        };
        let (status, body) = self.status_and_body();
        let mut r = (status, axum::Json(body)).into_response();
        if let Some(s) = retry {
            r.headers_mut().insert(axum::http::header::RETRY_AFTER, s.into());
        }
        r
    }
}

impl From<crate::db::DbError> for ApiError {
    fn from(e: crate::db::DbError) -> ApiError {
        match e {
            // A second live game for one board (two starts at once): the board has its game.
            crate::db::DbError::BoardTaken { .. } => ApiError::Conflict(e.to_string()),
            e => ApiError::Internal(e.to_string()),
        }
    }
}

impl From<crate::game::SubmitError> for ApiError {
    fn from(e: crate::game::SubmitError) -> ApiError {
        use crate::game::SubmitError as S;
        match e {
            S::Stale { expected, state } => ApiError::Stale {
                message: format!(
                    "sequence number {expected} is not the game's next ({}): reload the game and send again",
                    state["seq"]
                ),
                state,
            },
            // Art. 29-31: acting outside one's role is a 403, not a rules refusal.
            S::Refused(r @ referee::RefereeError::NotPermitted { .. }) => ApiError::Forbidden(r.to_string()),
            S::Refused(r) => ApiError::Refused {
                message: r.to_string(),
                article: r.article().map(crate::wire::article_text),
            },
            S::Failed(e) => ApiError::Internal(e),
        }
    }
}

impl From<storage::StoreError> for ApiError {
    fn from(e: storage::StoreError) -> ApiError {
        use storage::StoreError as S;
        match e {
            S::Database(d) | S::Corrupt(d) => ApiError::Internal(d),
            S::NewerSchema { .. } => ApiError::Internal(e.to_string()),
            S::NoEvent(_) | S::RoundNotPaired { .. } | S::NoBoard { .. } => ApiError::NotFound(e.to_string()),
            S::ResultRecorded { .. } | S::Started { .. } => ApiError::Conflict(e.to_string()),
            S::EventExists(_) => ApiError::Conflict(e.to_string()),
            S::Refused { .. } => ApiError::Refused {
                message: e.to_string(),
                article: None,
            },
            other => ApiError::BadRequest(other.to_string()),
        }
    }
}
