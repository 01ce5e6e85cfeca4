//! Tests of the team-event core.

mod challenge;
mod swiss;
mod team;
