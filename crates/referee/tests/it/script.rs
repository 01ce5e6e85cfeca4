//! A small script language for referee scenarios, and the `check` helper that runs a script
//! and compares its transcript with an `expect-test` snapshot.
//!
//! ```text
//! @time 10m+3x30s          settings first (see `settings`); defaults: 9x9, komi 7.5,
//! @lateness 15m            no time limit, one hour lateness limit, timeouts lose
//! 0 ref colours draw first   then events: <instant> <actor> <action> [args]
//! 0 ref start
//! 1s B play C3
//! 5s moves D4 E5 F6        plays for whoever is to move, one second apart
//! ```
//!
//! Instants are durations from zero (`0`, `30s`, `1h2m`); actors are `B`, `W`, `ref`,
//! `chief`, `sys`. The transcript has one line per event (its effects, or `!!` and the
//! refusal), then the state at the end.

use clock::{Instant, Millis, TimeControl, parse_duration};
use expect_test::Expect;
use referee::*;
use rules::{BoardSize, Color, CyclePolicy, HalfPoints, Move, Point, Rules};

/// Runs `script` and checks its transcript against `expect`.
pub fn check(script: &str, expect: Expect) {
    let (transcript, _) = run(script);
    expect.assert_eq(&transcript);
}

/// Runs `script`: the transcript and the referee at the end.
pub fn run(script: &str) -> (String, Referee) {
    let mut settings = default_settings();
    let mut show_board = false;
    let mut lines = Vec::new();
    for line in script
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if let Some(d) = line.strip_prefix('@') {
            if d == "board" {
                show_board = true;
            } else {
                setting(&mut settings, d);
            }
        } else {
            lines.push(line);
        }
    }
    let mut r = Referee::new(settings).unwrap_or_else(|e| panic!("settings: {e}"));
    let mut out = String::new();
    for line in lines {
        let mut words = line.split_whitespace();
        let at = instant(words.next().unwrap_or_else(|| panic!("no instant in {line:?}")));
        let rest: Vec<&str> = words.collect();
        if rest.first() == Some(&"moves") {
            // One line for the whole run, naming only captures; a refusal gets its own line.
            let first = r.events().len();
            let mut captures = Vec::new();
            for (k, m) in rest[1..].iter().enumerate() {
                let at = Instant(at.0 + 1000 * k as u64);
                let side = r.to_move();
                let mv = parse_move(&r, m);
                let ev = Event::new(at, Actor::Player(side), Action::Play(mv));
                let line = apply(&mut r, ev);
                if line.contains("!!") {
                    out.push_str(&line);
                } else if line.contains(" x") {
                    captures.push(line.rsplit("=> ").next().unwrap_or("").trim().to_string());
                }
            }
            let last = r.events().len().saturating_sub(1);
            let caps = if captures.is_empty() {
                String::new()
            } else {
                format!(" => {}", captures.join("; "))
            };
            out.push_str(&format!("#{first}..#{last} moves {}{caps}\n", rest[1..].join(" ")));
            continue;
        }
        let actor = actor(rest.first().unwrap_or_else(|| panic!("no actor in {line:?}")));
        let action = parse_action(&r, &rest[1..], line);
        out.push_str(&apply(&mut r, Event::new(at, actor, action)));
    }
    out.push_str(&state(&r, show_board));
    (out, r)
}

/// The settings scripts start from: 9×9, komi 7.5, no time limit, players Li (2d, born
/// 1990) and Wang (2d, born 1985).
pub fn default_settings() -> Settings {
    let players = [player("Li", Rank::Dan(2), 1990), player("Wang", Rank::Dan(2), 1985)];
    let mut s = Settings::new(players, TimeControl::None);
    s.rules = Rules {
        size: BoardSize::new(9).unwrap(),
        ..Rules::CHINESE
    };
    s
}

pub fn player(name: &str, rank: Rank, year: u16) -> Player {
    Player {
        name: name.to_string(),
        rank,
        born: Some(Date::new(year, 1, 1).unwrap()),
    }
}

fn setting(s: &mut Settings, d: &str) {
    let (key, value) = d.split_once(' ').unwrap_or((d, ""));
    match key {
        "time" => s.time = value.parse().unwrap_or_else(|e| panic!("@time {value}: {e}")),
        "size" => s.rules.size = BoardSize::new(value.parse().unwrap()).unwrap(),
        "komi" => s.rules.komi = HalfPoints::from_points(value.parse().unwrap()).unwrap(),
        "cycle" => s.rules.cycle = value.parse::<CyclePolicy>().unwrap(),
        "lateness" => {
            s.lateness = match value {
                "none" => Lateness::READ_IN_ABSENCE,
                v => Lateness {
                    forfeit_after: Some(parse_duration(v).unwrap()),
                    double_charge: true,
                    since: s.lateness.since,
                },
            }
        }
        // Art. 22.1: the scheduled start lateness is counted from.
        "late-from" => s.lateness.since = Some(Instant(parse_duration(value).unwrap().0)),
        "lost-turn" => s.lost_turn_on_timeout = true,
        // Art. 16.4: a game with no referee, or an event where the players' agreement stands.
        "players-confirm" => s.confirmation = Confirmation::Players,
        "handicap" => {
            s.handicap = value
                .split_whitespace()
                .map(|p| s.rules.size.parse_gtp(p).unwrap())
                .collect()
        }
        "players" => {
            let ps: Vec<Player> = value.split_whitespace().map(parse_player).collect();
            s.players = [ps[0].clone(), ps[1].clone()];
        }
        _ => panic!("unknown setting @{key}"),
    }
}

/// `Li:3d:1990` — name, rank (`5k`, `3d`, `9p`), year of birth (optional).
fn parse_player(s: &str) -> Player {
    let parts: Vec<&str> = s.split(':').collect();
    let rank: Rank = parts[1].parse().unwrap_or_else(|e| panic!("{e}"));
    Player {
        name: parts[0].to_string(),
        rank,
        born: parts.get(2).map(|y| Date::new(y.parse().unwrap(), 1, 1).unwrap()),
    }
}

pub fn instant(s: &str) -> Instant {
    Instant(parse_duration(s).unwrap_or_else(|e| panic!("instant {s}: {e}")).0)
}

fn actor(s: &str) -> Actor {
    match s {
        "B" => Actor::Player(Color::Black),
        "W" => Actor::Player(Color::White),
        "ref" => Actor::Referee,
        "chief" => Actor::ChiefReferee,
        "sys" => Actor::System,
        _ => panic!("unknown actor {s}"),
    }
}

fn color(s: &str) -> Color {
    match s {
        "B" => Color::Black,
        "W" => Color::White,
        _ => panic!("unknown colour {s}"),
    }
}

fn point(r: &Referee, s: &str) -> Point {
    r.settings()
        .rules
        .size
        .parse_gtp(s)
        .unwrap_or_else(|e| panic!("point {s}: {e}"))
}

fn parse_move(r: &Referee, s: &str) -> Move {
    if s == "pass" {
        Move::Pass
    } else {
        Move::Play(point(r, s))
    }
}

fn seat(s: &str) -> Seat {
    match s {
        "first" => Seat::First,
        "second" => Seat::Second,
        _ => panic!("unknown seat {s}"),
    }
}

/// `B+F`, `W+R`, `B+T`, `B+adj`, `B+3.5`, `draw`, `no-result`, `both-lose`, `replay`.
fn outcome(s: &str) -> Outcome {
    match s {
        "draw" => Outcome::Draw,
        "no-result" => Outcome::NoResult,
        "both-lose" => Outcome::BothLose,
        "replay" => Outcome::Replay,
        _ => {
            let (c, how) = s.split_once('+').unwrap_or_else(|| panic!("outcome {s}"));
            let winner = color(c);
            let by = match how {
                "F" => WinBy::Forfeit,
                "R" => WinBy::Resignation,
                "T" => WinBy::Time,
                "adj" => WinBy::Adjudication,
                pts => WinBy::Points(HalfPoints::from_points(pts.parse().unwrap()).unwrap()),
            };
            Outcome::Win { winner, by }
        }
    }
}

fn article(s: &str) -> Article {
    let (n, c) = s.split_once('.').unwrap_or((s, "0"));
    Article::new(n.parse().unwrap(), c.parse().unwrap())
}

fn offence(s: &str) -> Offence {
    match s {
        "cheating" => Offence::Cheating,
        "withdrawal" => Offence::Withdrawal,
        "disturbing" => Offence::Disturbing,
        "consulting" => Offence::Consulting,
        "talking" => Offence::Talking,
        "phone-sounded" => Offence::PhoneSounded,
        "phone-looked-at" => Offence::PhoneLookedAt,
        "smoking" => Offence::Smoking,
        _ => panic!("unknown offence {s}"),
    }
}

fn penalty(s: &str) -> Penalty {
    match s {
        "warning" => Penalty::Warning,
        "loss" => Penalty::Loss,
        "both-lose" => Penalty::BothLose,
        _ => panic!("unknown penalty {s}"),
    }
}

fn dur(s: &str) -> Millis {
    parse_duration(s).unwrap()
}

fn parse_action(r: &Referee, w: &[&str], line: &str) -> Action {
    let arg = |i: usize| *w.get(i).unwrap_or_else(|| panic!("missing argument {i} in {line:?}"));
    match arg(0) {
        "colours" => Action::Colours(match arg(1) {
            "draw" => ColourChoice::Draw { black: seat(arg(2)) },
            "nigiri" => ColourChoice::Nigiri {
                seed: arg(2).parse().unwrap(),
            },
            "counted" => ColourChoice::NigiriCounted {
                held: arg(2).parse().unwrap(),
                guess: if arg(3) == "odd" { Parity::Odd } else { Parity::Even },
            },
            c => panic!("colours {c}"),
        }),
        "start" => Action::Start {
            late: w[1..].iter().filter(|&&x| x != "late").map(|c| color(c)).collect(),
        },
        // `arrive W` sits White down now; `arrive W seated 4m` records White seated at 4m.
        "arrive" => Action::Arrive {
            side: color(arg(1)),
            seated: (w.get(2) == Some(&"seated")).then(|| instant(arg(3))),
        },
        "late-forfeit" => Action::LateForfeit { side: color(arg(1)) },
        "play" => Action::Play(parse_move(r, arg(1))),
        "pass" => Action::Play(Move::Pass),
        "propose-end" => Action::ProposeEnd,
        "accept-end" => Action::AcceptEnd,
        "resign" => Action::Resign,
        "request-lost-turn" => Action::RequestLostTurn,
        "mark" => Action::MarkDead(w[1..].iter().map(|p| point(r, p)).collect()),
        "mark-machine" => Action::MarkDead(r.machine_marking()),
        "accept-marking" => Action::AcceptMarking,
        "dispute" => Action::Dispute {
            claims_dead: color(arg(1)),
        },
        "recount" => Action::RequestRecount,
        "record-recount" => Action::RecordRecount {
            asked_by: color(arg(1)),
        },
        "confirm" => Action::Confirm,
        "pause" => Action::Pause,
        "resume" => Action::Resume,
        "flag" => Action::Flag { side: color(arg(1)) },
        "wrong-colours" => Action::Ruling(Ruling::WrongColours),
        "second-move" => Action::Ruling(Ruling::SecondMove {
            side: color(arg(1)),
            point: point(r, arg(2)),
        }),
        "take-back" => Action::Ruling(Ruling::TakeBack {
            side: color(arg(1)),
            attempted: point(r, arg(2)),
        }),
        "clock-early" => Action::Ruling(Ruling::ClockPressedEarly { side: color(arg(1)) }),
        "live-removed" => Action::Ruling(Ruling::LiveStonesRemoved { side: color(arg(1)) }),
        "not-removed" => Action::Ruling(Ruling::CapturesNotRemoved {
            side: color(arg(1)),
            clock_pressed: false,
        }),
        "not-removed-clock" => Action::Ruling(Ruling::CapturesNotRemoved {
            side: color(arg(1)),
            clock_pressed: true,
        }),
        "void" => Action::Ruling(Ruling::VoidMove {
            side: color(arg(1)),
            point: point(r, arg(2)),
        }),
        "discipline" => Action::Ruling(Ruling::Discipline {
            side: color(arg(1)),
            offence: offence(arg(2)),
            penalty: penalty(arg(3)),
        }),
        "adjudicate" => Action::Adjudicate {
            outcome: outcome(arg(1)),
            article: article(arg(2)),
        },
        "overrule" => Action::Overrule {
            event: arg(1).parse().unwrap(),
        },
        "correct" => Action::Correct {
            outcome: outcome(arg(1)),
            article: article(arg(2)),
        },
        "clock-set" => Action::ClockCorrection(ClockFix::SetUsed {
            black: dur(arg(1)),
            white: dur(arg(2)),
        }),
        "clock-proportion" => Action::ClockCorrection(ClockFix::Proportion {
            true_total: dur(arg(1)),
        }),
        "clock-split" => Action::ClockCorrection(ClockFix::SplitEvenly { total: dur(arg(1)) }),
        a => panic!("unknown action {a} in {line:?}"),
    }
}

/// Applies `ev` and tells what happened in one line.
fn apply(r: &mut Referee, ev: Event) -> String {
    let head = format!(
        "{} {} {}",
        Millis(ev.at.0),
        actor_name(ev.actor),
        action_name(r, &ev.action)
    );
    let index = r.events().len();
    match r.apply(ev) {
        Ok(fx) => {
            let size = r.settings().rules.size;
            let parts: Vec<String> = fx.iter().map(|e| effect(e, size)).collect();
            format!("#{index} {head} => {}\n", parts.join("; "))
        }
        Err(e) => match e.article() {
            Some(a) => format!("   {head} !! [{a}] {e}\n"),
            None => format!("   {head} !! {e}\n"),
        },
    }
}

fn actor_name(a: Actor) -> &'static str {
    match a {
        Actor::Player(Color::Black) => "B",
        Actor::Player(Color::White) => "W",
        Actor::Referee => "ref",
        Actor::ChiefReferee => "chief",
        Actor::System => "sys",
    }
}

fn action_name(r: &Referee, a: &Action) -> String {
    let size = r.settings().rules.size;
    match a {
        Action::Play(m) => m.gtp(size),
        Action::MarkDead(ps) => {
            let v: Vec<String> = ps.iter().map(|&p| size.gtp(p)).collect();
            format!("mark [{}]", v.join(" "))
        }
        Action::Ruling(r) => format!("{r:?}"),
        other => format!("{other:?}"),
    }
}

pub fn effect(e: &Effect, size: BoardSize) -> String {
    let c = |c: &Color| c.to_string();
    match e {
        Effect::Colours { black, nigiri } => match nigiri {
            Some(n) => format!(
                "{black} takes black (nigiri: {} held {}, called {})",
                Seat::of_index(n.holder),
                n.held,
                n.guess
            ),
            None => format!("{black} takes black"),
        },
        Effect::Started { to_move } => format!("started, {to_move} to move"),
        Effect::Arrived { side, late, charged } => format!("{side} arrived {late} late, charged {charged}"),
        Effect::Placed { side, point, captures } => {
            if *captures > 0 {
                format!("{} {} x{captures}", c(side), size.gtp(*point))
            } else {
                format!("{} {}", c(side), size.gtp(*point))
            }
        }
        Effect::Passed { side } => format!("{side} passes"),
        Effect::EndProposed { by } => format!("{by} proposes the end"),
        Effect::PlayOver => "play over".to_string(),
        Effect::PlayResumed { to_move } => format!("play resumes, {to_move} to move"),
        Effect::Voided { side, point, article } => format!("void: {side} {} ({article})", size.gtp(*point)),
        Effect::TurnLost { side, article } => format!("{side} loses a turn ({article})"),
        Effect::Warning { side, article, total } => format!("warning to {side} ({article}), {total} in all"),
        Effect::Restarted => "restarted".to_string(),
        Effect::ColoursStand { black } => format!("colours stand: {black} holds black"),
        Effect::Marking { dead } => {
            let v: Vec<String> = dead.iter().map(|&p| size.gtp(p)).collect();
            format!("marking [{}]", v.join(" "))
        }
        Effect::MarkingAccepted { side } => format!("{side} accepts"),
        Effect::RecountOpened => "recount".to_string(),
        Effect::LostTurnRequested { side } => format!("{side} asks for a lost turn on timeout"),
        Effect::Paused => "paused".to_string(),
        Effect::Resumed => "resumed".to_string(),
        Effect::ClockCorrected(k) => format!(
            "clock corrected: black {}->{}, white {}->{}",
            k.black.0, k.black.1, k.white.0, k.white.1
        ),
        Effect::Result(o) => format!("result: {o} ({})", o.sgf().as_deref().unwrap_or("no RE")),
        Effect::ConfirmedBy(a) => format!("confirmed by {a}"),
        Effect::Final(o) => format!("final: {o}"),
        Effect::Corrected(o) => format!("corrected: {o}"),
        Effect::Overruled { event } => format!("overruled #{event}"),
    }
}

/// The state at the end, in a few lines.
pub fn state(r: &Referee, show_board: bool) -> String {
    let at = r.events().last().map_or(Instant(0), |e| e.at);
    let w = r.warnings();
    let mut s = format!(
        "-- phase {}, {} to move, warnings B{} W{}",
        r.phase(),
        r.to_move(),
        w[0],
        w[1]
    );
    if let Some(o) = r.result() {
        s.push_str(&format!(", result {} ({})", o, o.sgf().as_deref().unwrap_or("no RE")));
    }
    if let Some(o) = r.confirmed_result() {
        s.push_str(&format!(", confirmed {}", o.sgf().as_deref().unwrap_or("no RE")));
    }
    s.push('\n');
    if r.seat_of(Color::Black) != r.assigned_seat_of(Color::Black) {
        s.push_str(&format!(
            "-- black held by the {}, assigned to the {}\n",
            r.seat_of(Color::Black).map_or("-".to_string(), |x| x.to_string()),
            r.assigned_seat_of(Color::Black)
                .map_or("-".to_string(), |x| x.to_string())
        ));
    }
    if r.settings().time.is_timed() {
        let k = r.clock_at(at);
        s.push_str(&format!(
            "-- clock at {}: {:?}; black used {}, white used {}\n",
            Millis(at.0),
            k.phase,
            k.black.used,
            k.white.used
        ));
    }
    if let Some(c) = r.count() {
        s.push_str(&format!(
            "-- count: black {} white {} (half points), dame {}, margin {}\n",
            c.counts[0].0, c.counts[1].0, c.dame, c.margin.0
        ));
    }
    if show_board {
        s.push_str(&r.game().board().to_string());
    }
    s
}
