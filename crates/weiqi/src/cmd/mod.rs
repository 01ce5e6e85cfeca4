//! One module per subcommand.

pub mod challenge;
pub mod check;
pub mod event;
pub mod gtp;
pub mod io;
pub mod league;
pub mod loadtest;
pub mod match_cmd;
pub mod ratings;
pub mod records;
pub mod score;
pub mod serve;
pub mod show;
pub mod team;
