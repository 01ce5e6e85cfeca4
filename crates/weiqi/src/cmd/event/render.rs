//! How `weiqi event` shows an event: text tables and the documented JSON.

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::{Value as Json, json};
use tournament::{ByeValue, Event, PlayerId, Round, Status, System, TieBreak, TotalScoreDivisor};

/// One line of JSON; structs keep their fields in declaration order.
pub(crate) fn json_line<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("plain data") + "\n"
}

/// The system as people read it.
pub(super) fn system_text(s: System) -> String {
    let kind = s.kind();
    match s {
        System::Swiss => kind.to_string(),
        System::McMahon { bar, floor } => format!("{kind} (bar {bar}, floor {floor})"),
        System::RoundRobin { cycles: 1 } => kind.to_string(),
        System::RoundRobin { cycles: 2 } => "double-round-robin".into(),
        System::RoundRobin { cycles } => format!("{kind} ({cycles} cycles)"),
        System::SwissElimination { losses } => format!("{kind} (out after {losses} losses)"),
        System::Knockout {
            lives,
            best_of,
            grand_final_reset,
        } => {
            let mut t = match lives {
                1 => kind.to_string(),
                2 => "double-elimination".to_string(),
                n => format!("{kind} (out after {n} lost matches)"),
            };
            if best_of > 1 {
                write!(t, ", best of {best_of}").ok();
            }
            if grand_final_reset {
                t.push_str(", grand final reset");
            }
            t
        }
    }
}

fn chain_of(ev: &Event) -> Vec<TieBreak> {
    if ev.settings().tie_breaks.is_empty() {
        TieBreak::default_chain(ev.system())
    } else {
        ev.settings().tie_breaks.clone()
    }
}

pub(super) fn settings_text(ev: &Event) -> String {
    let s = ev.settings();
    let chain: Vec<&str> = chain_of(ev).iter().map(|t| t.name()).collect();
    let bye = match s.bye {
        ByeValue::Win => "win (2 points)",
        ByeValue::Draw => "draw (1 point)",
        ByeValue::Loss => "loss (0 points)",
    };
    let divisor = match s.total_score_divisor {
        TotalScoreDivisor::HalfMaximum => "half the maximum".to_string(),
        TotalScoreDivisor::HalfLeader => "half the leader's points".to_string(),
        TotalScoreDivisor::Fixed(d) => d.to_string(),
    };
    let mut out = String::new();
    writeln!(out, "  bye:            {bye}").ok();
    writeln!(
        out,
        "  tie-breaks:     {}{}",
        chain.join(", "),
        if s.tie_breaks.is_empty() {
            " (the system's default)"
        } else {
            ""
        }
    )
    .ok();
    writeln!(out, "  total score:    points + SOS / {divisor} - rounds").ok();
    writeln!(out, "  lateness limit: {} minutes (Art. 22)", s.lateness_limit_minutes).ok();
    writeln!(out, "  cycle policy:   {} (Art. 20)", s.cycle_policy).ok();
    let tc = s.time_control.as_deref().unwrap_or("not set");
    writeln!(out, "  time control:   {tc} (Art. 12)").ok();
    writeln!(out, "  lots seed:      {}", s.lots_seed).ok();
    if let System::McMahon { .. } = ev.system() {
        writeln!(out, "  handicap:       {} (Art. 11)", handicap_text(&s.handicap)).ok();
    }
    if s.categories.count() > 1 {
        writeln!(
            out,
            "  categories:     {} from {}{}",
            s.categories.count(),
            s.categories.limits_text(),
            if s.categories.pair_within {
                ", paired within"
            } else {
                ""
            }
        )
        .ok();
    }
    let avoid: Vec<&str> = [(s.avoid_same_club, "same club"), (s.avoid_same_region, "same region")]
        .iter()
        .filter(|x| x.0)
        .map(|x| x.1)
        .collect();
    writeln!(
        out,
        "  avoid:          {}",
        if avoid.is_empty() {
            "nothing".to_string()
        } else {
            avoid.join(", ")
        }
    )
    .ok();
    out
}

/// A McMahon event's handicap rule as people read it.
fn handicap_text(h: &tournament::HandicapRule) -> String {
    let mut t = match h.basis {
        tournament::HandicapBasis::Rank => "from the rank difference".to_string(),
        tournament::HandicapBasis::Mms => "from the McMahon score difference".to_string(),
    };
    if let Some(bar) = h.bar {
        write!(t, ", ranks from {bar} up count as {bar}").ok();
    }
    if h.correction > 0 {
        write!(t, ", less {}", h.correction).ok();
    }
    write!(t, ", at most {} stones", h.ceiling).ok();
    t
}

fn status_text(s: Status) -> String {
    match s {
        Status::Active => "active".into(),
        Status::WithdrawnBeforeStart => "withdrew before the start".into(),
        Status::Withdrawn {
            after_round,
            voided: false,
        } => format!("withdrew after round {after_round}"),
        Status::Withdrawn {
            after_round,
            voided: true,
        } => {
            format!("withdrew after round {after_round}, results void")
        }
    }
}

/// A player's status, with pre-registration and the rounds not yet paired they miss.
fn player_status(ev: &Event, id: PlayerId) -> String {
    let mut t = status_text(ev.status(id));
    if ev.is_preregistered(id) {
        t.push_str(", pre-registered");
    }
    let next = ev.rounds().len() as u32 + 1;
    let absent: Vec<String> = (next..=ev.planned_rounds().max(next))
        .filter(|&r| !ev.takes_part(id, r))
        .map(|r| r.to_string())
        .collect();
    if !absent.is_empty() {
        write!(t, ", absent from round {}", absent.join(", ")).ok();
    }
    t
}

pub(super) fn players_json(ev: &Event) -> Vec<Json> {
    ev.players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({"name": p.name, "rank": p.rank.to_string(), "rating": p.rating, "club": p.club,
                   "region": p.region, "born": p.birth_date.map(|d| d.to_string()),
                   "status": player_status(ev, PlayerId(i))})
        })
        .collect()
}

pub(super) fn players_table(ev: &Event) -> String {
    let rows = ev
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            vec![
                (i + 1).to_string(),
                p.name.clone(),
                p.rank.to_string(),
                p.rating.map(|r| r.to_string()).unwrap_or_default(),
                p.club.clone().unwrap_or_default(),
                p.region.clone().unwrap_or_default(),
                player_status(ev, PlayerId(i)),
            ]
        })
        .collect();
    table(
        &["#", "name", "rank", "rating", "club", "region", "status"],
        &[true, false, true, true, false, false, false],
        rows,
    )
}

pub(super) fn name(ev: &Event, p: PlayerId) -> String {
    ev.player(p).name.clone()
}

/// `weiqi event pair --json`, fields in the documented order (scripts depend on them).
#[derive(Serialize)]
pub(super) struct PairJson<'a> {
    event: &'a str,
    round: u32,
    games: Vec<GameJson>,
    byes: Vec<String>,
    rests: Vec<String>,
}

#[derive(Serialize)]
struct GameJson {
    board: u32,
    black: String,
    white: String,
    /// McMahon: the handicap stones the event's rule proposes (0: an even game); Black is the
    /// weaker player of a handicap game.
    #[serde(skip_serializing_if = "Option::is_none")]
    handicap: Option<u32>,
}

pub(super) fn round_json<'a>(id: &'a str, ev: &Event, r: &Round) -> PairJson<'a> {
    let hc = handicaps(ev, r);
    let games = r.games.iter().zip(&hc).map(|(g, h)| GameJson {
        board: g.board,
        black: name(ev, g.black),
        white: name(ev, g.white),
        handicap: *h,
    });
    let byes = r.byes.iter().map(|&p| name(ev, p)).collect();
    let rests = if matches!(ev.system(), System::RoundRobin { .. }) {
        r.idle.iter().map(|&p| name(ev, p)).collect()
    } else {
        Vec::new()
    };
    PairJson {
        event: id,
        round: r.number,
        games: games.collect(),
        byes,
        rests,
    }
}

fn origin_text(o: &tournament::PairingOrigin) -> &'static str {
    match o {
        tournament::PairingOrigin::Computed => "as the system proposed it",
        tournament::PairingOrigin::Amended { .. } => "amended by the director (the proposal is kept)",
        tournament::PairingOrigin::Manual => "paired by hand by the director",
        tournament::PairingOrigin::Imported => "as the imported file has it",
    }
}

/// Each game's handicap in a McMahon event (the tournament crate's proposal, the one every
/// view shows), `None` for every game of another system.
fn handicaps(ev: &Event, r: &Round) -> Vec<Option<u32>> {
    let mcmahon = matches!(ev.system(), System::McMahon { .. });
    let hc = tournament::handicap::for_round(ev, r.number);
    r.games
        .iter()
        .map(|g| mcmahon.then(|| hc.of(g.black, g.white).stones))
        .collect()
}

pub(super) fn round_text(ev: &Event, r: &Round) -> String {
    let mut out = format!("round {}: {}\n", r.number, origin_text(&r.origin));
    let costs = r.explanation.as_ref().map(|(c, _)| c);
    let hc = handicaps(ev, r);
    let mcmahon = hc.iter().any(Option::is_some);
    let rows = r
        .games
        .iter()
        .enumerate()
        .map(|(k, g)| {
            let result = if g.void {
                "void (Art. 28.2)".to_string()
            } else {
                g.result.map(|x| x.to_string()).unwrap_or_default()
            };
            let why = costs.and_then(|c| c.get(k)).map(|c| c.to_string()).unwrap_or_default();
            let mut row = vec![g.board.to_string(), name(ev, g.black), name(ev, g.white)];
            if mcmahon {
                row.push(match hc[k] {
                    Some(0) | None => "even".into(),
                    Some(n) => format!("{n} stones"),
                });
            }
            row.extend([result, why]);
            row
        })
        .collect();
    let (header, right): (&[&str], &[bool]) = if mcmahon {
        (
            &["board", "black", "white", "handicap", "result", "why (cost parts)"],
            &[true, false, false, false, false, false],
        )
    } else {
        (
            &["board", "black", "white", "result", "why (cost parts)"],
            &[true, false, false, false, false],
        )
    };
    out += &table(header, right, rows);
    let knockout = matches!(ev.system(), System::Knockout { .. });
    for &b in &r.byes {
        if knockout {
            writeln!(out, "bye (advances without playing): {}", name(ev, b)).ok();
        } else {
            writeln!(out, "bye: {}", name(ev, b)).ok();
        }
    }
    if !r.idle.is_empty() {
        let idle: Vec<String> = r.idle.iter().map(|&p| name(ev, p)).collect();
        // Art. 26.2, 27.1: a round robin's player without a game rests (轮休) and scores
        // nothing; a knockout player waits for an opponent.
        let label = if knockout {
            "waiting"
        } else if matches!(ev.system(), System::RoundRobin { .. }) {
            "rest (轮休, no game, no points)"
        } else {
            "not playing"
        };
        writeln!(out, "{label}: {}", idle.join(", ")).ok();
    }
    if let Some((_, total)) = &r.explanation {
        writeln!(
            out,
            "matching total: {total} (levels in order: rematches, categories apart, squared score gaps, draw-ups and draw-downs, colors, half split, club/region)"
        )
        .ok();
    }
    if let tournament::PairingOrigin::Amended {
        proposed,
        proposed_byes,
    } = &r.origin
    {
        let p: Vec<String> = proposed
            .iter()
            .map(|&(b, w)| format!("{}-{}", name(ev, b), name(ev, w)))
            .collect();
        writeln!(out, "proposed: {}", p.join(", ")).ok();
        if !proposed_byes.is_empty() {
            let b: Vec<String> = proposed_byes.iter().map(|&p| name(ev, p)).collect();
            writeln!(out, "proposed byes: {}", b.join(", ")).ok();
        }
    }
    out
}

/// A number that may be a half: an integer, or `x.5`.
pub(crate) fn halves_json(halves: i64) -> Json {
    if halves % 2 == 0 {
        json!(halves / 2)
    } else {
        json!(halves as f64 / 2.0)
    }
}

fn halves_text(halves: i64) -> String {
    if halves % 2 == 0 {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

/// `weiqi event standings --json`, fields in the documented order (scripts depend on them).
#[derive(Serialize)]
pub(super) struct StandingsJson<'a> {
    event: &'a str,
    after_round: u32,
    pub(super) rows: Vec<RowJson>,
}

#[derive(Serialize)]
pub(crate) struct RowJson {
    place: u32,
    name: String,
    points: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    sos: i64,
    /// A half when a drawn opponent has an odd score.
    sodos: Json,
    sosos: i64,
    cumulative: u32,
    warnings: u32,
    /// The ratings, when the event has frozen ones.
    #[serde(skip_serializing_if = "Option::is_none")]
    rating_before: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating_after: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating_change: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deviation_before: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deviation_after: Option<f64>,
    /// With a promotion rule: the rank promoted to, or null.
    #[serde(skip_serializing_if = "Option::is_none")]
    promotion: Option<Option<String>>,
}

/// A row of `weiqi event standings --json`: the player's figures, at `place`.
pub(crate) fn row_json(ev: &Event, r: &tournament::Row, place: u32) -> RowJson {
    let s = &r.stats;
    RowJson {
        place,
        name: name(ev, r.player),
        points: s.points,
        wins: s.wins,
        draws: s.draws,
        losses: s.losses,
        sos: s.sos,
        sodos: halves_json(s.sodos_halves),
        sosos: s.sosos,
        cumulative: s.cumulative,
        warnings: s.warnings,
        rating_before: None,
        rating_after: None,
        rating_change: None,
        deviation_before: None,
        deviation_after: None,
        promotion: None,
    }
}

pub(super) fn standings_json<'a>(id: &'a str, ev: &Event) -> StandingsJson<'a> {
    let st = ev.standings();
    let rows = st.rows.iter().map(|r| row_json(ev, r, r.place)).collect();
    StandingsJson {
        event: id,
        after_round: st.after_round,
        rows,
    }
}

pub(crate) fn standings_table(id: &str, ev: &Event) -> String {
    standings_with(id, ev, &formats::ratings::Extras::default())
}

/// The rows of `weiqi event standings --json` with the ratings (`rating_before`,
/// `rating_after`, `rating_change`, and for Glicko-2 `deviation_before`, `deviation_after`) and
/// the promotion (`promotion`: the rank promoted to, or null) of `x`, for the rows it covers.
pub(super) fn add_extras_json(rows: &mut [RowJson], ev: &Event, x: &formats::ratings::Extras) {
    for row in rows {
        let Ok(id) = ev.find(&row.name) else {
            continue;
        };
        if let Some(c) = x.ratings.iter().find(|c| c.player == id) {
            row.rating_before = Some(c.before.value);
            row.rating_after = Some(c.after.value);
            row.rating_change = Some(c.change());
            if x.deviation {
                row.deviation_before = c.before.deviation;
                row.deviation_after = c.after.deviation;
            }
        }
        if x.promotion_rule {
            row.promotion = Some(x.promotions.iter().find(|p| p.player == id).map(|p| p.to.to_string()));
        }
    }
}

/// The standings table with the extra columns of `x` (ratings before, after, change;
/// promotion).
pub(crate) fn standings_with(id: &str, ev: &Event, x: &formats::ratings::Extras) -> String {
    let st = ev.standings();
    let chain: Vec<&str> = st.chain.iter().map(|t| t.name()).collect();
    let mut out = format!(
        "{} ({}) after round {}; ranked by {}\n",
        id,
        ev.name(),
        st.after_round,
        chain.join(", ")
    );
    let mut shared = std::collections::HashMap::new();
    for r in &st.rows {
        *shared.entry(r.place).or_insert(0) += 1;
    }
    let rows = st
        .rows
        .iter()
        .map(|r| {
            let s = &r.stats;
            let place = if shared[&r.place] > 1 {
                format!("{}=", r.place)
            } else {
                r.place.to_string()
            };
            let mut row = figure_cells(ev, r, place);
            row.extend([
                s.sos.to_string(),
                halves_text(s.sodos_halves),
                s.sosos.to_string(),
                s.cumulative.to_string(),
                s.warnings.to_string(),
            ]);
            row.extend(x.cells(r.player));
            row
        })
        .collect();
    let mut header = vec![
        "place", "name", "rank", "pts", "W", "D", "L", "SOS", "SODOS", "SOSOS", "cum", "warn",
    ];
    let extra = x.header(rules::Lang::En);
    header.extend(extra.iter().map(String::as_str));
    let mut right = vec![true; header.len()];
    right[1] = false;
    out += &table(&header, &right, rows);
    out
}

/// The cells a standings row opens with, as the command line prints them (weiqi's placement
/// and OpenGotha's): the place as given, the name (marked when the player withdrew,
/// Art. 28), the rank, then the points, wins, draws and losses.
pub(crate) fn figure_cells(ev: &Event, r: &tournament::Row, place: String) -> Vec<String> {
    let s = &r.stats;
    let mut name = name(ev, r.player);
    if r.withdrawn {
        name.push_str(" (withdrawn)");
    }
    vec![
        place,
        name,
        ev.player(r.player).rank.to_string(),
        s.points.to_string(),
        s.wins.to_string(),
        s.draws.to_string(),
        s.losses.to_string(),
    ]
}

/// `placement`: the criteria of an event imported from OpenGotha, which places it by them.
pub(super) fn show(id: &str, ev: &Event, placement: Option<&[String]>) -> String {
    let mut out = format!(
        "event {id:?}: {}\n  system:         {}\n  rounds:         {} paired of {} planned\n",
        ev.name(),
        system_text(ev.system()),
        ev.rounds().len(),
        ev.planned_rounds()
    );
    out += &settings_text(ev);
    if let Some(c) = placement {
        writeln!(out, "  placement:      as OpenGotha places it, by {}", c.join(", ")).ok();
    }
    writeln!(out, "\nplayers ({}):", ev.players().len()).ok();
    out += &players_table(ev);
    for r in ev.rounds() {
        out.push('\n');
        out += &round_text(ev, r);
    }
    out
}

pub(super) fn event_json(id: &str, ev: &Event) -> Json {
    let s = ev.settings();
    let rounds: Vec<Json> = ev
        .rounds()
        .iter()
        .map(|r| {
            let games: Vec<Json> = r
                .games
                .iter()
                .map(|g| {
                    json!({"board": g.board, "black": name(ev, g.black), "white": name(ev, g.white),
                           "result": g.result.map(|x| x.to_string()), "void": g.void,
                           "warnings": {"black": g.warnings[0], "white": g.warnings[1]}})
                })
                .collect();
            let origin = match r.origin {
                tournament::PairingOrigin::Computed => "computed",
                tournament::PairingOrigin::Amended { .. } => "amended",
                tournament::PairingOrigin::Manual => "manual",
                tournament::PairingOrigin::Imported => "imported",
            };
            json!({"round": r.number, "origin": origin, "games": games,
                   "byes": r.byes.iter().map(|&p| name(ev, p)).collect::<Vec<_>>(),
                   "idle": r.idle.iter().map(|&p| name(ev, p)).collect::<Vec<_>>()})
        })
        .collect();
    json!({
        "event": id,
        "name": ev.name(),
        "system": system_text(ev.system()),
        "rounds_planned": ev.planned_rounds(),
        "settings": {
            "bye": match s.bye { ByeValue::Win => "win", ByeValue::Draw => "draw", ByeValue::Loss => "loss" },
            "tie_breaks": chain_of(ev).iter().map(|t| t.name()).collect::<Vec<_>>(),
            "lateness_limit_minutes": s.lateness_limit_minutes,
            "cycle_policy": s.cycle_policy.to_string(),
            "time_control": s.time_control.as_deref().unwrap_or(""),
            "lots_seed": s.lots_seed,
            "avoid_same_club": s.avoid_same_club,
            "avoid_same_region": s.avoid_same_region,
            "handicap": {
                "basis": match s.handicap.basis { tournament::HandicapBasis::Rank => "rank", tournament::HandicapBasis::Mms => "mms" },
                "bar": s.handicap.bar.map(|r| r.to_string()),
                "correction": s.handicap.correction,
                "ceiling": s.handicap.ceiling,
            },
            "categories": {
                "lower_limits": s.categories.lower_limits.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
                "pair_within": s.categories.pair_within,
            },
        },
        "players": players_json(ev),
        "rounds": rounds,
    })
}

/// A plain text table: a header, a rule, and the rows, columns padded to their widest cell
/// (numbers, where `right`, aligned right).
pub(crate) fn table(header: &[&str], right: &[bool], rows: Vec<Vec<String>>) -> String {
    let width = |s: &str| s.chars().count();
    let mut w: Vec<usize> = header.iter().map(|h| width(h)).collect();
    for r in &rows {
        for (i, c) in r.iter().enumerate() {
            w[i] = w[i].max(width(c));
        }
    }
    let line = |cells: &[String]| -> String {
        let mut s = String::new();
        for (i, c) in cells.iter().enumerate() {
            let pad = " ".repeat(w[i] - width(c));
            if i > 0 {
                s.push_str("  ");
            }
            if right[i] {
                s.push_str(&pad);
                s.push_str(c);
            } else {
                s.push_str(c);
                if i + 1 < cells.len() {
                    s.push_str(&pad);
                }
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(&header.iter().map(|h| h.to_string()).collect::<Vec<_>>());
    out += &line(&w.iter().map(|&n| "-".repeat(n)).collect::<Vec<_>>());
    for r in &rows {
        out += &line(r);
    }
    out
}
