//! What the game page needs of a referee record beyond the server's state: the record as SGF
//! (the download), and the view's extras — the names by colour, the last move, who proposed
//! the end, who accepted the marking, the count, and the log of the record in both languages.

use referee::{Outcome, Referee, Seat, WinBy};
use rules::{Color, Move};
use serde_json::{Value, json};

fn seat_index(s: Seat) -> usize {
    match s {
        Seat::First => 0,
        Seat::Second => 1,
    }
}

/// The player holding `color` (the first player before the colours are settled).
fn player(r: &Referee, color: Color) -> &referee::Player {
    let seat = r.seat_of(color).unwrap_or(match color {
        Color::Black => Seat::First,
        Color::White => Seat::Second,
    });
    &r.settings().players[seat_index(seat)]
}

/// The game of `r` as an `FF[4]` SGF file: players, ranks, komi, handicap, moves and result.
/// When the result was ruled rather than played out (an adjudication, both lose, a replay),
/// the last node's comment says so in words, since `RE` cannot.
pub fn game_sgf(r: &Referee, event: Option<&str>, round: Option<u32>) -> String {
    let mut info = sgf::GameInfo::default();
    for (color, slot) in [(Color::Black, &mut info.black), (Color::White, &mut info.white)] {
        let p = player(r, color);
        slot.name = Some(p.name.clone());
        slot.rank = Some(p.rank.to_string());
    }
    let outcome = r.result();
    // `RE` is the referee's text (`Outcome::sgf`: `B+R`, `W+3.5`, `B+`, `0`, `Void`; none for
    // a replay) read by the SGF crate's one parser. A text it refused would be a bug of the
    // referee's; the comment then says the result in words, as for a ruled one.
    let re = outcome.and_then(|o| o.sgf()).map(|re| sgf::GameResult::from_re(&re));
    let unreadable = re.as_ref().and_then(|r| r.as_ref().err()).map(ToString::to_string);
    info.result = re.and_then(Result::ok);
    info.event = event.map(str::to_string);
    info.round = round.map(|n| n.to_string());
    let mut record = sgf::Record::from_game(r.game(), info);
    if let Some(o) = outcome {
        let ruled = matches!(
            o,
            Outcome::Win {
                by: WinBy::Adjudication,
                ..
            } | Outcome::BothLose
                | Outcome::Replay
        );
        if ruled || unreadable.is_some() {
            let last = *record.main_line().last().unwrap_or(&sgf::NodeId::ROOT);
            let node = record.node_mut(last);
            let mut line = format!("Result: {o} / {}", o.zh());
            if let Some(e) = &unreadable {
                line += &format!(" (not written as RE: {e})");
            }
            node.comment = Some(match node.comment.take() {
                Some(c) => format!("{c}\n{line}"),
                None => line,
            });
        }
    }
    sgf::write(&record)
}

/// The extras of the game view: `names`, `last_move`, `moves`, `end_proposed_by`,
/// `marking_accepted`, `machine_marking`, `count`, `may_recount` (Art. 16.4), and `log` (each event's summary in both
/// languages, with its article).
pub fn game_view(r: &Referee) -> Value {
    let g = r.game();
    let size = g.rules().size;
    let names = |c: Color| {
        let p = player(r, c);
        json!({ "name": p.name, "rank": p.rank.to_string() })
    };
    let last = g.history().last().map(|h| match h.mv {
        Move::Play(p) => json!({ "color": color_name(h.color), "point": size.gtp(p) }),
        Move::Pass => json!({ "color": color_name(h.color), "point": "pass" }),
    });
    let accepted = r.marking_accepted();
    let count = r.count().map(|c| {
        json!({
            "area": { "black": c.area[0], "white": c.area[1] },
            "stones": { "black": c.stones[0], "white": c.stones[1] },
            "territory": { "black": c.territory[0], "white": c.territory[1] },
            "dame": c.dame,
        })
    });
    let log: Vec<Value> = (0..r.events().len())
        .filter_map(|i| {
            r.summary(i).map(|s| {
                json!({
                    "index": i,
                    "at": r.events()[i].at.0,
                    "en": s.en,
                    "zh": s.zh,
                    "article": s.article.map(|a| if a.clause == 0 { a.number.to_string() } else { format!("{}.{}", a.number, a.clause) }),
                    "overruled": r.overruled().contains(&i),
                })
            })
        })
        .collect();
    json!({
        "names": { "black": names(Color::Black), "white": names(Color::White) },
        "last_move": last,
        "moves": g.history().len(),
        "end_proposed_by": r.end_proposed_by().map(color_name),
        "marking_accepted": { "black": accepted[0], "white": accepted[1] },
        "machine_marking": if r.phase() == referee::Phase::Counting {
            r.machine_marking().iter().map(|&p| size.gtp(p)).collect::<Vec<_>>()
        } else {
            vec![]
        },
        "count": count,
        // Art. 16.4: whether a recount may be asked for (a counted result, not confirmed).
        "may_recount": r.may_recount(),
        "log": log,
    })
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}
