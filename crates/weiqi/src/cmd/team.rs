//! `weiqi event team`: team events (Art. 25-28) on the database of `weiqi event` — create
//! one, register teams and players, name line-ups, pair rounds, record board results,
//! withdraw a team, and print the team and board standings, with `--json`.
//!
//! A team event is kept as its record of changes (the `teams` crate's [`Change`] lines);
//! every command replays the record, applies its change through the teams crate (which
//! refuses what the rules refuse) and appends it only then.

use anyhow::{anyhow, bail};
use clap::{Args as ClapArgs, Subcommand};
use serde_json::{Value as Json, json};
use storage::Store;
use teams::{Change, Kind, Match, TeamEvent, TeamSettings, TeamSystem, board_standings};
use tournament::{GameResult, Player, Rank};

/// `weiqi event team …`.
#[derive(Subcommand, Debug)]
pub enum TeamCommand {
    /// Create a team event.
    New(NewArgs),
    /// Register a team.
    Add(AddArgs),
    /// Add a player to a team's roster (board order first, then reserves).
    Player(PlayerArgs),
    /// Name a team's line-up for a round, board 1 first (Art. 25: what the kind allows).
    Lineup(LineupArgs),
    /// Pair the next round (round robin or Swiss; board i plays board i).
    Pair(EventJson),
    /// Record a board's result.
    Result(ResultArgs),
    /// A team withdraws (Art. 28.4: played games stand, the rest are forfeits).
    Withdraw(AddArgs),
    /// The rounds: matches, line-ups and board results.
    Show(EventJson),
    /// Team standings (Art. 27) and the individual board standings.
    Standings(EventJson),
}

/// `weiqi event team new`.
#[derive(ClapArgs, Debug)]
pub struct NewArgs {
    /// The event's id (shared with individual events).
    #[arg(long, value_name = "ID")]
    id: String,
    /// The name (default: the id).
    #[arg(long, value_name = "TEXT")]
    name: Option<String>,
    /// round-robin or swiss.
    #[arg(long, value_name = "SYSTEM")]
    system: String,
    /// Round robin: cycles.
    #[arg(long, value_name = "N", default_value_t = 1)]
    cycles: u32,
    /// Swiss: rounds.
    #[arg(long, value_name = "N", default_value_t = 5)]
    rounds: u32,
    /// The kind (Art. 25): fixed-boards (分台定人制), fixed-order (定台换人制), line-up
    /// (临场出人制), rotation (全队轮赛制), team-total (队员总分制).
    #[arg(long, value_name = "KIND")]
    kind: String,
    /// Boards per match.
    #[arg(long, value_name = "N")]
    boards: u32,
    /// Reserves a team may register beyond the boards (substitutes; 0: none).
    #[arg(long, value_name = "N", default_value_t = 0)]
    reserves: u32,
}

/// An event id and `--json`.
#[derive(ClapArgs, Debug)]
pub struct EventJson {
    /// The event's id.
    #[arg(long, value_name = "ID")]
    event: String,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// `weiqi event team add` / `withdraw`.
#[derive(ClapArgs, Debug)]
pub struct AddArgs {
    /// The event's id.
    #[arg(long, value_name = "ID")]
    event: String,
    /// The team.
    #[arg(long, value_name = "NAME")]
    team: String,
}

/// `weiqi event team player`.
#[derive(ClapArgs, Debug)]
pub struct PlayerArgs {
    /// The event's id.
    #[arg(long, value_name = "ID")]
    event: String,
    /// The team.
    #[arg(long, value_name = "NAME")]
    team: String,
    /// The player's name (unique in the event).
    #[arg(long, value_name = "NAME")]
    name: String,
    /// The rank: 30k-1k, 1d-7d, 1p-9p.
    #[arg(long, value_name = "RANK")]
    rank: String,
    /// A rating.
    #[arg(long, value_name = "R", allow_negative_numbers = true)]
    rating: Option<i32>,
    /// The club.
    #[arg(long, value_name = "C")]
    club: Option<String>,
}

/// `weiqi event team lineup`.
#[derive(ClapArgs, Debug)]
pub struct LineupArgs {
    /// The event's id.
    #[arg(long, value_name = "ID")]
    event: String,
    /// The round.
    #[arg(long, value_name = "R")]
    round: u32,
    /// The team.
    #[arg(long, value_name = "NAME")]
    team: String,
    /// The players, board 1 first.
    #[arg(value_name = "PLAYER", required = true)]
    players: Vec<String>,
}

/// `weiqi event team result`.
#[derive(ClapArgs, Debug)]
pub struct ResultArgs {
    /// The event's id.
    #[arg(long, value_name = "ID")]
    event: String,
    /// The round.
    #[arg(long, value_name = "R")]
    round: u32,
    /// The table (match), from 1.
    #[arg(long, value_name = "T")]
    table: u32,
    /// The board, from 1.
    #[arg(long, value_name = "B")]
    board: u32,
    /// An SGF RE value (B+R, W+1.5, B+F, 0) or both-lose.
    #[arg(long, value_name = "RESULT")]
    result: String,
}

/// Runs a team command; returns what to print.
pub fn run(store: &mut Store, cmd: TeamCommand) -> anyhow::Result<String> {
    match cmd {
        TeamCommand::New(a) => {
            let system = match a.system.as_str() {
                "round-robin" => TeamSystem::RoundRobin { cycles: a.cycles },
                "swiss" => TeamSystem::Swiss { rounds: a.rounds },
                other => bail!("unknown team system {other:?}: round-robin or swiss"),
            };
            let kind = Kind::from_name(&a.kind).ok_or_else(|| {
                anyhow!(
                    "unknown kind {:?}: fixed-boards, fixed-order, line-up, rotation or team-total",
                    a.kind
                )
            })?;
            let mut settings = TeamSettings::for_system(system, kind, a.boards);
            settings.reserves = a.reserves;
            let name = a.name.unwrap_or_else(|| a.id.clone());
            let create = Change::Create { name, system, settings };
            TeamEvent::replay(std::slice::from_ref(&create))?;
            store.create_team_event(&a.id, &create.encode()?)?;
            Ok(format!(
                "team event {:?} created ({}, {})\n",
                a.id,
                kind.chinese(),
                a.system
            ))
        }
        TeamCommand::Add(a) => {
            change(store, &a.event, Change::AddTeam(a.team.clone()))?;
            Ok(format!("team {:?} registered\n", a.team))
        }
        TeamCommand::Player(a) => {
            let rank: Rank = a.rank.parse().map_err(|e| anyhow!("{e}"))?;
            let mut p = Player::new(&a.name, rank);
            p.rating = a.rating;
            p.club = a.club;
            change(
                store,
                &a.event,
                Change::AddPlayer {
                    team: a.team.clone(),
                    player: p,
                },
            )?;
            Ok(format!("{} joins team {:?}\n", a.name, a.team))
        }
        TeamCommand::Lineup(a) => {
            change(
                store,
                &a.event,
                Change::Lineup {
                    round: a.round,
                    team: a.team.clone(),
                    players: a.players.clone(),
                },
            )?;
            Ok(format!(
                "line-up of {:?} for round {}: {}\n",
                a.team,
                a.round,
                a.players.join(", ")
            ))
        }
        TeamCommand::Pair(a) => {
            let ev = change(store, &a.event, Change::Pair)?;
            let r = ev.rounds().last().expect("just paired");
            Ok(if a.json {
                format!("{}\n", round_json(&ev, r))
            } else {
                round_text(&ev, r)
            })
        }
        TeamCommand::Result(a) => {
            let result: GameResult = a.result.parse().map_err(|e| anyhow!("{e}"))?;
            let ev = change(
                store,
                &a.event,
                Change::Result {
                    round: a.round,
                    table: a.table,
                    board: a.board,
                    result,
                },
            )?;
            let m = &ev.rounds()[a.round as usize - 1].matches[a.table as usize - 1];
            let (h, w) = m.board_points();
            Ok(format!(
                "round {} table {} board {}: {result}; {} {h} - {w} {}\n",
                a.round,
                a.table,
                a.board,
                ev.team(m.home).name,
                ev.team(m.away).name
            ))
        }
        TeamCommand::Withdraw(a) => {
            change(store, &a.event, Change::Withdraw(a.team.clone()))?;
            Ok(format!("team {:?} withdrew (Art. 28.4)\n", a.team))
        }
        TeamCommand::Show(a) => {
            let ev = load(store, &a.event)?.0;
            Ok(if a.json {
                let rounds: Vec<Json> = ev.rounds().iter().map(|r| round_json(&ev, r)).collect();
                format!("{}\n", json!({"event": a.event, "name": ev.name(), "rounds": rounds}))
            } else {
                ev.rounds().iter().map(|r| round_text(&ev, r)).collect()
            })
        }
        TeamCommand::Standings(a) => {
            let ev = load(store, &a.event)?.0;
            Ok(if a.json {
                format!("{}\n", standings_json(&a.event, &ev))
            } else {
                standings_text(&ev)
            })
        }
    }
}

pub(crate) fn load(store: &mut Store, id: &str) -> anyhow::Result<(TeamEvent, usize)> {
    let lines = store.team_changes(id)?;
    let changes: Vec<Change> = lines.iter().map(|l| Change::decode(l)).collect::<Result<_, _>>()?;
    let ev = TeamEvent::replay(&changes).map_err(|e| anyhow!("team event {id:?} does not replay: {e}"))?;
    Ok((ev, lines.len()))
}

/// Applies a change checked by the teams crate, then records it as the teams crate says (a
/// pairing with the matches it made, so the record replays them exactly).
fn change(store: &mut Store, id: &str, c: Change) -> anyhow::Result<TeamEvent> {
    let (mut ev, seen) = load(store, id)?;
    let recorded = c.apply(&mut ev)?;
    store.append_team_change(id, seen, &recorded.encode()?)?;
    Ok(ev)
}

fn board_of(ev: &TeamEvent, m: &Match, b: u32) -> Json {
    let (h, a) = ev.board_players(m, b);
    let home_black = Match::home_color(b) == rules::Color::Black;
    let (black, white) = if home_black { (h, a) } else { (a, h) };
    json!({
        "board": b,
        "black": black.name,
        "white": white.name,
        "result": m.results[b as usize - 1].map(|r| r.to_string()),
    })
}

fn round_json(ev: &TeamEvent, r: &teams::TeamRound) -> Json {
    let matches: Vec<Json> = r
        .matches
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let (h, a) = m.board_points();
            json!({
                "table": i + 1,
                "home": ev.team(m.home).name,
                "away": ev.team(m.away).name,
                "board_points": [h, a],
                "match_points": m.match_points().map(|(x, y)| [x, y]),
                "boards": (1..=ev.settings().boards).map(|b| board_of(ev, m, b)).collect::<Vec<_>>(),
            })
        })
        .collect();
    // A team round robin's team without a match rests (轮休); a team Swiss's has a bye.
    let rests = matches!(ev.system(), TeamSystem::RoundRobin { .. });
    let team = r.bye.map(|b| ev.team(b).name.clone());
    json!({
        "round": r.number,
        "matches": matches,
        "bye": if rests { None } else { team.clone() },
        "rest": if rests { team } else { None },
    })
}

fn round_text(ev: &TeamEvent, r: &teams::TeamRound) -> String {
    let mut out = format!("round {}\n", r.number);
    for (i, m) in r.matches.iter().enumerate() {
        let (h, a) = m.board_points();
        out += &format!(
            "  table {}: {} {h} - {a} {}\n",
            i + 1,
            ev.team(m.home).name,
            ev.team(m.away).name
        );
        for b in 1..=ev.settings().boards {
            let j = board_of(ev, m, b);
            out += &format!(
                "    board {b}: {} (B) - {} (W) {}\n",
                j["black"].as_str().unwrap_or(""),
                j["white"].as_str().unwrap_or(""),
                j["result"].as_str().unwrap_or("")
            );
        }
    }
    if let Some(b) = r.bye {
        out += &format!("  {}: {}\n", bye_word(ev), ev.team(b).name);
    }
    out
}

/// What a round's team without a match is: a team Swiss's bye, or a team round robin's rest
/// (轮休), which scores what the event's settings say (nothing for events created now).
fn bye_word(ev: &TeamEvent) -> &'static str {
    match ev.system() {
        TeamSystem::RoundRobin { .. } => "rest (轮休)",
        TeamSystem::Swiss { .. } => "bye",
    }
}

fn standings_json(id: &str, ev: &TeamEvent) -> Json {
    let st = ev.standings();
    let rows: Vec<Json> = st
        .rows
        .iter()
        .map(|r| {
            json!({
                "place": r.place,
                "team": ev.team(r.team).name,
                "match_points": r.match_points,
                "board_points": r.board_points,
                "by_board": r.by_board,
                "sos": r.sos,
                "won": r.won,
                "drawn": r.drawn,
                "lost": r.lost,
                "withdrawn": r.withdrawn,
            })
        })
        .collect();
    let boards: Vec<Json> = board_standings(ev)
        .iter()
        .map(|b| {
            json!({
                "board": b.board,
                "place": b.place,
                "team": ev.team(b.team).name,
                "player": ev.team(b.team).roster[b.player].name,
                "games": b.games,
                "wins": b.wins,
                "draws": b.draws,
                "losses": b.losses,
                "points": b.points,
            })
        })
        .collect();
    json!({"event": id, "criteria": st.criteria, "teams": rows, "boards": boards})
}

fn standings_text(ev: &TeamEvent) -> String {
    let st = ev.standings();
    let mut out = format!("ranking: {}\n", st.criteria.join(", "));
    for r in &st.rows {
        out += &format!(
            "{:>3}  {}  match points {}  board points {}  by board {:?}{}\n",
            r.place,
            ev.team(r.team).name,
            r.match_points,
            r.board_points,
            r.by_board,
            if r.withdrawn { "  (withdrew)" } else { "" }
        );
    }
    out += "boards:\n";
    for b in board_standings(ev) {
        out += &format!(
            "  board {} {:>3}  {} ({})  {}/{}/{}  {} points\n",
            b.board,
            b.place,
            ev.team(b.team).roster[b.player].name,
            ev.team(b.team).name,
            b.wins,
            b.draws,
            b.losses,
            b.points
        );
    }
    out
}

/// The exit status of a team-event refusal: 2 for wrong input (an unknown team, player,
/// round or board, a bad setting or a duplicate name), 1 for what the rules or the state of
/// the event refuse (a line-up the kind forbids, an unfinished round, …).
pub(crate) fn exit_code(e: &anyhow::Error) -> Option<u8> {
    use teams::TeamError as T;
    let t = e.downcast_ref::<T>()?;
    Some(match t {
        T::BadSettings(_)
        | T::DuplicateTeam(_)
        | T::UnknownTeam(_)
        | T::EmptyName
        | T::DuplicatePlayer(_)
        | T::UnknownPlayer { .. }
        | T::NoSuchGame(_) => 2,
        _ => 1,
    })
}
