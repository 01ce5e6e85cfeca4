//! A wire type as a JSON value: one place, with no edge of its own, so that any module
//! may use it without joining a circle.

use serde_json::Value;

/// A wire type as the JSON value the game task's answers and pushes, the game state and the
/// clock-only page's plan carry (the pages and the routes read them as JSON: the same text as
/// the type's).
pub(crate) fn as_json(body: &impl serde::Serialize) -> Value {
    serde_json::to_value(body).expect("wire types serialise: their maps have string keys")
}
