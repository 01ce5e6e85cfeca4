//! One module per subcommand.

pub mod check;
pub mod gtp;
pub mod records;
pub mod score;
pub mod show;
