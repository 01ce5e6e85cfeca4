//! `weiqi match`: two GTP engines play a series of games under the Chinese rules, refereed
//! by our rules engine, on real clocks. The work is the `arena` crate's; this module reads
//! the flags, shows progress, handles Ctrl-C and prints the summary or the JSON.
//!
//! The engines name the dead stones (`final_status_list dead`, Art. 8; a dispute is played
//! out, Art. 21.4). `--scorer CMD` (within `--scorer-timeout` seconds; the built-in proposal
//! its fall-back) names them only when neither engine can or the dispute stands; without it
//! such a game is counted with every stone alive. Each game's line, its record's last comment
//! and `proposed_by` in `--json` (`engines`, `none`, `scorer NAME`, `builtin`, `builtin
//! (scorer failed: ...)`) say who named them.

use anyhow::{Context, bail};
use arena::{GameReport, MatchReport, MatchSettings, format_elo, run_match};
use clock::Millis;
use indicatif::{ProgressBar, ProgressStyle};
use rules::{Color, Rules};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

/// Options of `weiqi match`.
#[derive(clap::Args)]
pub struct Args {
    /// The first engine, Black in game 1: a command line, split as a shell would (quotes,
    /// backslashes) but run without a shell, e.g. "gnugo --mode gtp --level 0".
    #[arg(long, value_name = "CMD")]
    black: String,
    /// The second engine, White in game 1.
    #[arg(long, value_name = "CMD")]
    white: String,
    /// Board size, 2 to 25.
    #[arg(long, default_value_t = 19)]
    size: u8,
    /// Komi in points, a multiple of 0.5 (Art. 11: 3¾ stones = 7.5 points).
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    komi: f64,
    /// Number of games.
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// Swap colours every game (the second engine takes Black in even games).
    #[arg(long)]
    alternate: bool,
    /// Each side's time per game, as the clock crate writes it: none, 10m (absolute),
    /// 10m+5x30s (byo-yomi), 10m+15/10m (Canadian), 5m+10s/move (Fischer).
    #[arg(long, default_value = "none", value_name = "SPEC")]
    time: String,
    /// Write each game's SGF record into this directory (created if missing) as it ends.
    #[arg(long, value_name = "DIR")]
    sgf_dir: Option<PathBuf>,
    /// Games played at once, each by its own pair of engine processes.
    #[arg(long, default_value_t = 1, value_name = "K")]
    parallel: usize,
    /// Print the results as JSON instead of the summary.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: super::LimitArgs,
    #[command(flatten)]
    scorer: super::ScorerArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let settings = settings(&args)?;
    // The first Ctrl-C ends the match after the games that are over.
    let stop = super::stop_on_ctrl_c()?;
    let bar = ProgressBar::new(u64::from(args.games));
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}]")
            .map_err(anyhow::Error::msg)?,
    );
    let mut on_start = |names: &[String; 2]| bar.set_message(score_line(names, [0, 0]));
    let mut on_game = |game: &GameReport, so_far: &MatchReport| {
        let t = so_far.tallies();
        bar.inc(1);
        bar.set_message(score_line(&so_far.names, [t[0].wins(), t[1].wins()]));
        if !args.json {
            // Above the bar on a terminal; a plain line otherwise.
            bar.suspend(|| println!("{}", game_line(game, &so_far.names)));
        }
    };
    let report = run_match(&settings, &stop, &mut on_start, &mut on_game)?;
    bar.finish_and_clear();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&json(&report))?);
    } else {
        print!("{}", summary(&report, &settings));
    }
    if report.interrupted && stop.load(Ordering::SeqCst) {
        eprintln!(
            "weiqi match: interrupted after {} of {} games; the finished games are kept",
            report.games.len(),
            settings.games
        );
        return Ok(ExitCode::from(130));
    }
    Ok(ExitCode::SUCCESS)
}

fn settings(args: &Args) -> anyhow::Result<MatchSettings> {
    let (size, komi, time) = super::board_komi_time(args.size, args.komi, &args.time)?;
    let split = |flag: &str, cmd: &str| -> anyhow::Result<Vec<String>> {
        let argv = shell_words::split(cmd).with_context(|| format!("{flag} {cmd:?}"))?;
        if argv.is_empty() {
            bail!("{flag}: the command line is empty");
        }
        Ok(argv)
    };
    if args.games == 0 {
        bail!("--games: at least one game");
    }
    if args.parallel == 0 {
        bail!("--parallel: at least one game at a time");
    }
    if let Some(dir) = &args.sgf_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("--sgf-dir {}", dir.display()))?;
    }
    Ok(MatchSettings {
        engines: [split("--black", &args.black)?, split("--white", &args.white)?],
        rules: Rules {
            size,
            komi,
            ..Rules::CHINESE
        },
        time,
        games: args.games,
        alternate: args.alternate,
        parallel: args.parallel,
        sgf_dir: args.sgf_dir.clone(),
        limits: args.limits.limits()?,
        event: "weiqi match".to_string(),
        // The match's instants count from here, just before it starts.
        time_source: arena::Time::system(),
        scorer: args.scorer.scorer()?,
    })
}

/// `GNU Go 3 – 2 weiqi`.
fn score_line(names: &[String; 2], wins: [u32; 2]) -> String {
    format!("{} {} – {} {}", names[0], wins[0], wins[1], names[1])
}

/// `game 3: GNU Go (B) – weiqi (W): B+12.5, 57 moves, dead stones named by the engines`: why
/// when it ended otherwise, and who named the dead stones when it was counted.
fn game_line(game: &GameReport, names: &[String; 2]) -> String {
    let mut line = format!(
        "game {}: {} (B) – {} (W): {}, {} moves",
        game.number,
        names[game.engine_of(Color::Black)],
        names[game.engine_of(Color::White)],
        game.outcome.sgf().unwrap_or_else(|| game.outcome.to_string()),
        game.moves
    );
    if let Some(r) = &game.reason {
        line += &format!(" ({r})");
    }
    if let Some(by) = &game.game.dead_by {
        line += &format!(", {}", by.phrase());
    }
    line
}

fn summary(report: &MatchReport, settings: &MatchSettings) -> String {
    let names = &report.names;
    let t = report.tallies();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let mut out = format!(
        "{} games of {} on {}x{}, komi {}, time {}\n",
        report.games.len(),
        settings.games,
        settings.rules.size,
        settings.rules.size,
        settings.rules.komi,
        settings.time
    );
    for (i, name) in names.iter().enumerate() {
        out += &format!(
            "{name:width$}  {} wins: {} of {} with Black, {} of {} with White\n",
            t[i].wins(),
            t[i].as_black,
            t[i].black_games,
            t[i].as_white,
            t[i].white_games
        );
    }
    let undecided = report.undecided();
    if undecided > 0 {
        out += &format!("without a winner: {undecided}\n");
    }
    if let Some(e) = report.elo() {
        out += &format!(
            "Elo difference ({} − {}): {} (95 % interval {} to {})\n",
            names[0],
            names[1],
            format_elo(e.diff),
            format_elo(e.low),
            format_elo(e.high)
        );
    }
    out += &format!("average length: {:.1} moves\n", report.average_moves());
    let used = report.time_used();
    out += &format!(
        "time used: {} {}, {} {}\n",
        names[0],
        duration(used[0]),
        names[1],
        duration(used[1])
    );
    out
}

/// `1m23.4s`, `12.0s`.
fn duration(m: Millis) -> String {
    let secs = m.0 as f64 / 1000.0;
    if secs >= 60.0 {
        format!("{}m{:04.1}s", (secs / 60.0).floor(), secs % 60.0)
    } else {
        format!("{secs:.1}s")
    }
}

/// `--json`: the shape, fields in its order.
#[derive(serde::Serialize)]
struct JsonMatch<'a> {
    games: usize,
    results: Vec<JsonGame<'a>>,
    wins: serde_json::Map<String, serde_json::Value>,
}

#[derive(serde::Serialize)]
struct JsonGame<'a> {
    game: u32,
    black: &'a str,
    white: &'a str,
    /// The SGF `RE`; null when there is none (a replay).
    result: Option<String>,
    moves: u32,
    sgf: Option<String>,
    /// Why the game ended other than by play (a forfeit, a standing dispute), or null.
    reason: Option<&'a str>,
    /// Who named the dead stones of a counted game (`engines`, `none`, `builtin`,
    /// `builtin (scorer failed: ...)`, `scorer NAME`), or null when it was not counted.
    proposed_by: Option<String>,
}

fn json(report: &MatchReport) -> JsonMatch<'_> {
    let names = &report.names;
    let results = report
        .games
        .iter()
        .map(|g| JsonGame {
            game: g.number,
            black: &names[g.engine_of(Color::Black)],
            white: &names[g.engine_of(Color::White)],
            result: g.outcome.sgf(),
            moves: g.moves,
            sgf: g.sgf.as_ref().map(|p| p.display().to_string()),
            reason: g.reason.as_deref(),
            proposed_by: g.game.dead_by.as_ref().map(|by| by.describe()),
        })
        .collect();
    let t = report.tallies();
    let mut wins = serde_json::Map::new();
    for (i, name) in names.iter().enumerate() {
        wins.insert(name.clone(), serde_json::json!(t[i].wins()));
    }
    JsonMatch {
        games: report.games.len(),
        results,
        wins,
    }
}
