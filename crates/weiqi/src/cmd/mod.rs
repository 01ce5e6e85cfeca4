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

use anyhow::Context;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that the first Ctrl-C raises, for the long commands (`weiqi match`, `weiqi league`)
/// to end after the games that are over; a second Ctrl-C leaves at once (exit 130).
pub fn stop_on_ctrl_c() -> anyhow::Result<Arc<AtomicBool>> {
    let stop = Arc::new(AtomicBool::new(false));
    let raised = Arc::clone(&stop);
    ctrlc::set_handler(move || {
        if raised.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    })
    .context("cannot catch Ctrl-C")?;
    Ok(stop)
}
