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

/// How long an engine may take before it is judged hung, and how long a game may run: the
/// options `weiqi match` and `weiqi league` share.
#[derive(clap::Args, Debug)]
pub struct LimitArgs {
    /// Seconds an engine may stay silent past its flag before it is judged hung (an answer
    /// within them loses on time, none at all forfeits).
    #[arg(long, default_value_t = 1.0, value_name = "SECS")]
    grace: f64,
    /// Seconds an engine may take over a command no clock times (setup, the dead-stone list,
    /// a move without a time limit) before it is judged hung.
    #[arg(long, default_value_t = 60.0, value_name = "SECS")]
    hang_after: f64,
    /// Moves after which a game is stopped without result.
    #[arg(long, default_value_t = 1000)]
    max_moves: u32,
}

impl LimitArgs {
    /// The limits the options give, or which option is not a number of seconds.
    pub fn limits(&self) -> anyhow::Result<arena::Limits> {
        let secs = |flag: &str, s: f64| -> anyhow::Result<std::time::Duration> {
            std::time::Duration::try_from_secs_f64(s).with_context(|| format!("{flag} {s}: not a number of seconds"))
        };
        Ok(arena::Limits {
            grace: secs("--grace", self.grace)?,
            hang_after: secs("--hang-after", self.hang_after)?,
            max_moves: self.max_moves,
        })
    }
}

/// The external scorer of `weiqi match` and `weiqi league`: asked for the dead stones of a
/// game whose engines name none or whose dispute stands (Art. 21.4).
#[derive(clap::Args, Debug)]
pub struct ScorerArgs {
    /// Ask this GTP engine (a command line, split at spaces) for the dead stones when the
    /// engines name none or their dispute stands (Art. 21.4), the built-in proposal being the
    /// fall-back; without it such a game is counted with every stone alive.
    #[arg(long, value_name = "CMD")]
    scorer: Option<String>,
    /// The scorer's deadline for the whole exchange, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    scorer_timeout: u64,
}

impl ScorerArgs {
    /// The scorer the options give, if any, or why the options are wrong.
    pub fn scorer(&self) -> anyhow::Result<Option<arena::scorer::Scorer>> {
        let Some(line) = &self.scorer else {
            return Ok(None);
        };
        if self.scorer_timeout == 0 {
            anyhow::bail!("--scorer-timeout 0: the scorer needs at least one second");
        }
        let timeout = std::time::Duration::from_secs(self.scorer_timeout);
        match arena::scorer::Scorer::from_command_line(line, timeout) {
            Some(s) => Ok(Some(s)),
            None => anyhow::bail!("--scorer {line:?}: the command line is empty"),
        }
    }
}

/// The board, komi and time control of `weiqi match` and `weiqi league`, as their options
/// give them: the size, the komi in points (Art. 11: the core's one komi check, as the
/// server and the referee refuse) and the clock spec.
pub fn board_komi_time(
    size: u8,
    komi: f64,
    time: &str,
) -> anyhow::Result<(rules::BoardSize, rules::HalfPoints, clock::TimeControl)> {
    let size = rules::BoardSize::new(size).context("--size")?;
    let komi = rules::HalfPoints::from_points(komi)
        .map_err(anyhow::Error::msg)
        .context("--komi")?;
    rules::check_komi(komi, size).context("--komi")?;
    let time = time.parse().context("--time")?;
    Ok((size, komi, time))
}

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
