//! `weiqi event challenge`: a challenge match (擂台赛, Art. 26.6) on the database of `weiqi
//! event` — create it with both teams' agreed orders, record each bout's game (who had Black,
//! the result), withdraw a player (Art. 28.4: the bouts played stand, the rest are forfeits),
//! and show the record, who defends, who challenges, and the result, with `--json`.
//!
//! A challenge match is kept as its record of lines (the `teams` crate's [`ChallengeLine`]);
//! every command replays the record, applies its line through the teams crate (which refuses
//! what the rules refuse) and appends it only then.

use anyhow::anyhow;
use clap::{Args as ClapArgs, Subcommand};
use storage::Store;
use teams::{ChallengeBout, ChallengeError, ChallengeLine, ChallengeMatch, Side};
use tournament::GameResult;

/// `weiqi event challenge …`.
#[derive(Subcommand, Debug)]
pub enum ChallengeCommand {
    /// Create a challenge match: two teams and their agreed orders (Art. 26.6).
    New(NewArgs),
    /// Record the next bout's game: who had Black and the result (the winner stays on).
    Result(ResultArgs),
    /// A player withdraws (Art. 28.4: the bouts played stand, the rest are forfeits).
    Withdraw(WithdrawArgs),
    /// The orders, the record of bouts, who defends and who challenges, and the result.
    Show(ShowArgs),
}

/// `weiqi event challenge new`.
#[derive(ClapArgs, Debug)]
pub struct NewArgs {
    /// The match's id (shared with events and team events).
    #[arg(long, value_name = "ID")]
    id: String,
    /// The name (default: the id).
    #[arg(long, value_name = "TEXT")]
    name: Option<String>,
    /// A team's name: twice, team A then team B.
    #[arg(long, value_name = "NAME", num_args = 1)]
    team: Vec<String>,
    /// A team's order of players, comma-separated, first up first: twice, in the order of
    /// --team.
    #[arg(long, value_name = "P1,P2,…", num_args = 1)]
    order: Vec<String>,
}

/// `weiqi event challenge result`.
#[derive(ClapArgs, Debug)]
pub struct ResultArgs {
    /// The match's id.
    #[arg(long, value_name = "ID")]
    event: String,
    /// The player who had Black: one of the two on stage.
    #[arg(long, value_name = "NAME")]
    black: String,
    /// An SGF RE value (B+R, W+1.5, B+F, 0, Void) or both-lose.
    #[arg(long, value_name = "RESULT")]
    result: String,
}

/// `weiqi event challenge withdraw`.
#[derive(ClapArgs, Debug)]
pub struct WithdrawArgs {
    /// The match's id.
    #[arg(long, value_name = "ID")]
    event: String,
    /// The player.
    #[arg(long, value_name = "NAME")]
    name: String,
}

/// `weiqi event challenge show`.
#[derive(ClapArgs, Debug)]
pub struct ShowArgs {
    /// The match's id.
    #[arg(long, value_name = "ID")]
    event: String,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs a challenge command; returns what to print.
pub fn run(store: &mut Store, cmd: ChallengeCommand) -> anyhow::Result<String> {
    match cmd {
        ChallengeCommand::New(a) => {
            let [team_a, team_b] = a.team.as_slice() else {
                return Err(ChallengeError::BadRecord(format!(
                    "--team is given twice, team A then team B ({} given)",
                    a.team.len()
                ))
                .into());
            };
            let [order_a, order_b] = a.order.as_slice() else {
                return Err(ChallengeError::BadRecord(format!(
                    "--order is given twice, team A's then team B's ({} given)",
                    a.order.len()
                ))
                .into());
            };
            let split = |o: &str| o.split([',', '，']).map(|p| p.trim().to_string()).collect::<Vec<_>>();
            let create = ChallengeLine::Create {
                name: a.name.unwrap_or_else(|| a.id.clone()),
                teams: [team_a.clone(), team_b.clone()],
                orders: [split(order_a), split(order_b)],
            };
            let m = ChallengeMatch::replay(std::slice::from_ref(&create))?;
            store.create_challenge(&a.id, &create.encode()?)?;
            Ok(format!(
                "challenge match {:?} created (擂台赛, Art. 26.6)\n{}",
                a.id,
                text(&m)
            ))
        }
        ChallengeCommand::Result(a) => {
            let result: GameResult = a.result.parse().map_err(|e| anyhow!("--result: {e}"))?;
            let m = change(
                store,
                &a.event,
                ChallengeLine::Game {
                    black: a.black.clone(),
                    result,
                },
            )?;
            let b = m.bouts().last().cloned().expect("a bout was just recorded");
            Ok(format!(
                "bout {}: {} - {} {result}: {}\n",
                b.number,
                b.a,
                b.b,
                outcome_text(&m, b.outcome)
            ))
        }
        ChallengeCommand::Withdraw(a) => {
            change(store, &a.event, ChallengeLine::Withdraw(a.name.clone()))?;
            Ok(format!(
                "{} withdrew (Art. 28.4): the bouts played stand, the rest are forfeits\n",
                a.name
            ))
        }
        ChallengeCommand::Show(a) => {
            let m = load(store, &a.event)?.0;
            Ok(if a.json {
                format!(
                    "{}\n",
                    serde_json::to_string(&server::wire::challenges::challenge_body(&a.event, &m))?
                )
            } else {
                text(&m)
            })
        }
    }
}

/// The match replayed from its record, and the number of lines seen.
pub fn load(store: &mut Store, id: &str) -> anyhow::Result<(ChallengeMatch, usize)> {
    let lines = store.challenge_changes(id)?;
    let parsed: Vec<ChallengeLine> = lines
        .iter()
        .map(|l| ChallengeLine::decode(l))
        .collect::<Result<_, _>>()?;
    let m = ChallengeMatch::replay(&parsed).map_err(|e| anyhow!("challenge match {id:?} does not replay: {e}"))?;
    Ok((m, lines.len()))
}

/// Applies a line checked by the teams crate, then records it.
fn change(store: &mut Store, id: &str, line: ChallengeLine) -> anyhow::Result<ChallengeMatch> {
    let (mut m, seen) = load(store, id)?;
    m.apply(&line)?;
    store.append_challenge_change(id, seen, &line.encode()?)?;
    Ok(m)
}

fn side_name(m: &ChallengeMatch, s: Side) -> &str {
    m.team(s)
}

fn outcome_text(m: &ChallengeMatch, o: ChallengeBout) -> String {
    match o {
        ChallengeBout::Won(s) => format!("{} wins and stays on", side_name(m, s)),
        ChallengeBout::Forfeit(s) => format!("{} wins by forfeit and stays on", side_name(m, s)),
        ChallengeBout::BothOut => "both out".into(),
        ChallengeBout::Replay => "no result: the same two play again".into(),
    }
}

/// The match as people read it: the orders (withdrawn and out marked), the record, who
/// defends and who challenges, and the result.
pub fn text(m: &ChallengeMatch) -> String {
    let c = m.challenge();
    let mut out = format!("{} (擂台赛)\n", m.name());
    for s in [Side::A, Side::B] {
        let players: Vec<String> = c
            .order(s)
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if m.withdrawn(s, i) {
                    format!("{p} (withdrew)")
                } else {
                    p.clone()
                }
            })
            .collect();
        out += &format!("  {}: {}\n", m.team(s), players.join(", "));
    }
    for b in m.bouts() {
        let game = match (b.black, b.result) {
            (Some(black), Some(r)) => {
                let black = if black == Side::A { b.a } else { b.b };
                format!("{black} Black, {r}")
            }
            _ => "not played (Art. 28.4)".into(),
        };
        out += &format!(
            "  bout {}: {} - {}: {game}; {}\n",
            b.number,
            b.a,
            b.b,
            outcome_text(m, b.outcome)
        );
    }
    out += &match (m.on_stage(), m.defender()) {
        (Some((a, b)), Some(d)) => {
            let (defender, challenger) = if d == Side::A { (a, b) } else { (b, a) };
            format!("  next: {challenger} challenges {defender} (defending)\n")
        }
        (Some((a, b)), None) => format!("  next: {a} - {b}\n"),
        (None, _) => match c.winner() {
            Some(s) => format!("  result: {} wins\n", m.team(s)),
            None => "  result: drawn (both sides ran out in the same bout)\n".into(),
        },
    };
    out
}

/// The exit status of a refusal: 2 for wrong input (an unknown player, a bad record or
/// option), 1 for what the state of the match refuses (over, not on stage, already out).
pub(crate) fn exit_code(e: &anyhow::Error) -> Option<u8> {
    let c = e.downcast_ref::<ChallengeError>()?;
    Some(match c {
        ChallengeError::UnknownPlayer(_)
        | ChallengeError::BadRecord(_)
        | ChallengeError::EmptySide
        | ChallengeError::DuplicatePlayer(_) => 2,
        ChallengeError::Over | ChallengeError::NotOnStage(_) | ChallengeError::AlreadyOut(_) => 1,
    })
}
