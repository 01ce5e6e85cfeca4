//! `weiqi gtp`: a GTP v2 engine on stdin/stdout, for GUIs (Sabaki, GoGui) and other
//! engines. The protocol lives in the `gtp` crate; this module only reads the flags.
//!
//! `genmove` is a sparring partner, not an AI: a random legal move that never fills its
//! own eye, seeded by `--seed`.

use anyhow::Context;
use rules::{BoardSize, CyclePolicy, HalfPoints, KoRule, Rules};
use std::process::ExitCode;

/// Options of `weiqi gtp`.
#[derive(clap::Args)]
pub struct Args {
    /// Board size, 2 to 25 (Art. 1: 19). `boardsize` changes it.
    #[arg(long, default_value_t = 19)]
    size: u8,
    /// Komi in points, a multiple of 0.5 (Art. 11: 3¾ stones = 7.5 points). `komi` changes it.
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    komi: f64,
    /// Whole-board repetition rule (Art. 6): situational superko, positional superko, or
    /// simple ko only.
    #[arg(long, default_value_t = KoRule::Situational)]
    ko: KoRule,
    /// What a long cycle does (Art. 20): forbid it, or end the game with no result, a draw
    /// or a replay. The immediate retake of a single ko is always forbidden.
    #[arg(long, default_value_t = CyclePolicy::Forbid)]
    cycle: CyclePolicy,
    /// Seed of the sparring partner's random moves: the same seed and commands give the
    /// same game.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let size = BoardSize::new(args.size).context("--size")?;
    let komi = HalfPoints::from_points(args.komi)
        .map_err(anyhow::Error::msg)
        .context("--komi")?;
    // Art. 11: the core's one komi check; the `komi` command refuses the same.
    rules::check_komi(komi, size).context("--komi")?;
    let settings = gtp::Settings {
        rules: Rules {
            size,
            komi,
            ko: args.ko,
            cycle: args.cycle,
            ..Rules::CHINESE
        },
        seed: args.seed,
    };
    let mut engine = gtp::Engine::new(settings);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    gtp::run(&mut engine, &mut stdin.lock(), &mut stdout.lock()).context("GTP on stdin/stdout")?;
    Ok(ExitCode::SUCCESS)
}
