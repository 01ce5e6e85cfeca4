//! One module per subcommand.

pub mod gtp;
