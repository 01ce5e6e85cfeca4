//! The server's one error type: each variant maps to a status code and a JSON body
//! (`wire::errors::ErrorBody`) with a message a person can act on ([`ApiError::status_and_body`], the one table that the HTTP
//! answers and the WebSocket's error frames share). A 5xx body says only that the server
//! failed; the cause goes to the log.

use crate::refusals;
use crate::wire::errors::ErrorBody;
use crate::words::Said;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::Value as Json;

/// Why a request failed. Every message is said in both languages of the pages ([`Said`]:
/// its key in the API's strings, the English and the Chinese), so a page in Chinese never
/// shows an English refusal; only an internal error's cause, which is logged and never sent,
/// is a plain text.
#[derive(Debug)]
pub enum ApiError {
    /// The request is malformed or a value is invalid (400).
    BadRequest(Said),
    /// No valid credentials were given (401).
    Unauthenticated(Said),
    /// The credentials are valid but the role does not allow this (403).
    Forbidden(Said),
    /// No such resource (404).
    NotFound(Said),
    /// The game moved on: the command named an old sequence number (409), with the state.
    Stale {
        /// What to do.
        said: Said,
        /// The current state of the game.
        state: Json,
    },
    /// The request conflicts with what exists (409).
    Conflict(Said),
    /// The rules refuse it (422), naming the article where one applies.
    Refused {
        /// Why.
        said: Said,
        /// The article, like `"17.2"`.
        article: Option<String>,
    },
    /// The body is larger than the server takes (413).
    TooLarge(Said),
    /// Too many requests from this client (429).
    RateLimited,
    /// Too many failed logins for this account or from this address: wait `retry_after`
    /// seconds (429 with `Retry-After`).
    Throttled {
        /// Seconds to wait.
        retry_after: u64,
        /// What is throttled.
        said: Said,
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

/// The body of an error: `error` (its kind), `message` (English), `zh` (Chinese) and `key`
/// (the text's key in `words::STRINGS`), and none of the fields only some errors carry.
fn body(error: &'static str, said: Said) -> ErrorBody {
    ErrorBody {
        error,
        message: said.en,
        zh: said.zh,
        key: said.key,
        state: None,
        article: None,
        retry_after: None,
    }
}

impl ApiError {
    /// The status code and the JSON body (`{error, message, zh, key}`, plus `state` for
    /// `stale`, `article` for `refused`, `retry_after` for `throttled` and `busy`): the one
    /// table of what each error says, which the HTTP answers ([`IntoResponse`]) and the
    /// WebSocket's error frames (`http/games/ws.rs`) both use. The cause of an internal error
    /// is logged here and never sent.
    pub fn status_and_body(self) -> (StatusCode, ErrorBody) {
        match self {
            ApiError::BadRequest(s) => (StatusCode::BAD_REQUEST, body("bad_request", s)),
            ApiError::Unauthenticated(s) => (StatusCode::UNAUTHORIZED, body("unauthenticated", s)),
            ApiError::Forbidden(s) => (StatusCode::FORBIDDEN, body("forbidden", s)),
            ApiError::NotFound(s) => (StatusCode::NOT_FOUND, body("not_found", s)),
            ApiError::Stale { said, state } => (
                StatusCode::CONFLICT,
                ErrorBody {
                    state: Some(state),
                    ..body("stale", said)
                },
            ),
            ApiError::Conflict(s) => (StatusCode::CONFLICT, body("conflict", s)),
            ApiError::Refused { said, article } => (
                StatusCode::UNPROCESSABLE_ENTITY,
                ErrorBody {
                    article: Some(article),
                    ..body("refused", said)
                },
            ),
            ApiError::TooLarge(s) => (StatusCode::PAYLOAD_TOO_LARGE, body("too_large", s)),
            ApiError::RateLimited => (
                StatusCode::TOO_MANY_REQUESTS,
                body("rate_limited", crate::words::say!("api.err.rate_limited")),
            ),
            ApiError::Throttled { retry_after, said } => (
                StatusCode::TOO_MANY_REQUESTS,
                ErrorBody {
                    retry_after: Some(retry_after),
                    ..body("throttled", said)
                },
            ),
            ApiError::Busy { retry_after } => (
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorBody {
                    retry_after: Some(retry_after),
                    ..body("busy", crate::words::say!("api.err.busy", seconds = retry_after))
                },
            ),
            ApiError::Internal(cause) => {
                tracing::error!(%cause, "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    body("internal", crate::words::say!("api.err.internal")),
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
            crate::db::DbError::BoardTaken { event, round, board } => ApiError::Conflict(crate::words::say!(
                "game.err.board_taken",
                round = round,
                board = board,
                event = format!("{event:?}")
            )),
            e => ApiError::Internal(e.to_string()),
        }
    }
}

impl From<crate::game::SubmitError> for ApiError {
    fn from(e: crate::game::SubmitError) -> ApiError {
        use crate::game::SubmitError as S;
        match e {
            S::Stale { expected, state } => ApiError::Stale {
                said: crate::words::say!("game.err.stale", seq = expected, next = state["seq"]),
                state,
            },
            // Art. 29-31: acting outside one's role is a 403, not a rules refusal.
            S::Refused(r @ referee::RefereeError::NotPermitted { .. }) => ApiError::Forbidden(refusals::referee(&r)),
            S::Refused(r) => ApiError::Refused {
                said: refusals::referee(&r),
                article: r.article().map(crate::wire::article_text),
            },
            S::Failed(e) => ApiError::Internal(e),
        }
    }
}

impl From<storage::StoreError> for ApiError {
    fn from(e: storage::StoreError) -> ApiError {
        use storage::StoreError as S;
        let said = refusals::store(&e);
        match e {
            S::Database(d) | S::Corrupt(d) => ApiError::Internal(d),
            S::NewerSchema { .. } => ApiError::Internal(said.en),
            S::NoEvent(_) | S::RoundNotPaired { .. } | S::NoBoard { .. } => ApiError::NotFound(said),
            S::ResultRecorded { .. } | S::Started { .. } => ApiError::Conflict(said),
            S::EventExists(_) => ApiError::Conflict(said),
            S::Refused { .. } => ApiError::Refused { said, article: None },
            _ => ApiError::BadRequest(said),
        }
    }
}

impl From<Said> for ApiError {
    fn from(s: Said) -> ApiError {
        ApiError::BadRequest(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn said() -> Said {
        Said {
            key: "k",
            en: "m".into(),
            zh: "z".into(),
        }
    }

    /// Each error carries only its own fields: `state` for `stale`, `article` for `refused`
    /// (null when no article applies), `retry_after` for `throttled` and `busy`.
    #[test]
    fn an_error_body_carries_only_the_fields_of_its_kind() {
        let body = |e: ApiError| serde_json::to_value(e.status_and_body().1).unwrap();
        let plain = json!({ "error": "conflict", "message": "m", "zh": "z", "key": "k" });
        assert_eq!(body(ApiError::Conflict(said())), plain);
        assert_eq!(
            body(ApiError::Stale {
                said: said(),
                state: json!({ "seq": 3 })
            }),
            json!({ "error": "stale", "message": "m", "zh": "z", "key": "k", "state": { "seq": 3 } })
        );
        assert_eq!(
            body(ApiError::Refused {
                said: said(),
                article: None
            }),
            json!({ "error": "refused", "message": "m", "zh": "z", "key": "k", "article": null })
        );
        assert_eq!(
            body(ApiError::Throttled {
                retry_after: 4,
                said: said()
            }),
            json!({ "error": "throttled", "message": "m", "zh": "z", "key": "k", "retry_after": 4 })
        );
    }
}
