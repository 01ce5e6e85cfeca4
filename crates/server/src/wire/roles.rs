//! The bodies of an event's roles (`http/roles.rs`): a grant, a revocation, the record of
//! changes.

use serde::Serialize;

/// `PUT /api/events/{id}/roles`' answer: the role granted.
#[derive(Debug, Serialize)]
pub struct Granted {
    /// The event.
    pub event: String,
    /// The account that holds the role now.
    pub account: String,
    /// The role's API name (`organizer`, `chief_referee`, `referee`).
    pub role: &'static str,
}

/// `DELETE /api/events/{id}/roles/{account}/{role}`' answer: the role taken away.
#[derive(Debug, Serialize)]
pub struct Revoked {
    /// The event.
    pub event: String,
    /// The account that held the role.
    pub account: String,
    /// The role's API name.
    pub role: &'static str,
    /// Always true: the role is revoked (a role not held is a 404).
    pub revoked: bool,
}

/// `GET /api/events/{id}/roles`' answer: every change of the event's roles, in order.
#[derive(Debug, Serialize)]
pub struct RoleHistory {
    /// The event.
    pub event: String,
    /// The grants and revocations, oldest first.
    pub changes: Vec<RoleChange>,
}

/// One grant or revocation, as the database keeps it.
pub use crate::db::RoleChange;
