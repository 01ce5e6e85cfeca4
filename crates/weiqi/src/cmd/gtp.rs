//! `weiqi gtp`: to be written.
use std::process::ExitCode;

/// Options of `weiqi gtp`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not yet written")
}
