//! Property tests over random records: a replay always gives the same state, a refused
//! event changes nothing, and nothing changes a confirmed result.

use crate::script::{default_settings, state};
use clock::{Instant, Millis, TimeControl};
use proptest::prelude::*;
use referee::*;
use rules::{BoardSize, Color, HalfPoints, Move, Point};

/// Everything observable about a referee, as text, for comparisons.
fn snapshot(r: &Referee) -> String {
    let at = r.events().last().map_or(Instant(0), |e| e.at);
    format!(
        "{}\n{:?}\n{:?} {:?} {:?}\n{:?} {:?} {:?}\n{:?} {:?} {:?} {:?}\n{:?}\n{}",
        state(r, true),
        r.game().history(),
        r.result(),
        r.confirmed_result(),
        r.corrections(),
        r.marking(),
        r.marking_accepted(),
        r.end_proposed_by(),
        r.is_paused(),
        r.seat_of(Color::Black),
        r.assigned_seat_of(Color::Black),
        r.overruled(),
        r.clock_at(at),
        r.events().len(),
    )
}

fn settings() -> Settings {
    let mut s = default_settings();
    s.rules.size = BoardSize::new(5).unwrap();
    s.rules.komi = HalfPoints(4);
    s.time = "1m+2x10s".parse::<TimeControl>().unwrap();
    s.lost_turn_on_timeout = true;
    s.lateness = Lateness::VENUE_WITH_LODGING;
    s
}

/// A random event: (time step in ms, actor, kind, x, y).
fn event_strategy() -> impl Strategy<Value = (u64, u8, u8, u8, u8)> {
    (0u64..15_000, 0u8..5, 0u8..100, 0u8..5, 0u8..5)
}

/// Mostly moves and passes by the side to move, then every other action, each by a random
/// actor (so that refusals for want of a right are exercised too).
fn make_event(r: &Referee, at: Instant, (_, a, kind, x, y): (u64, u8, u8, u8, u8)) -> Event {
    let actors = [
        Actor::Player(Color::Black),
        Actor::Player(Color::White),
        Actor::Referee,
        Actor::ChiefReferee,
        Actor::System,
    ];
    let mut actor = actors[a as usize % 5];
    let player = if a % 2 == 0 {
        Actor::Player(r.to_move())
    } else {
        Actor::Player(r.to_move().opponent())
    };
    let p = Point::new(x, y);
    let side = if x % 2 == 0 { Color::Black } else { Color::White };
    let action = match kind {
        0..=54 => {
            actor = Actor::Player(r.to_move());
            Action::Play(Move::Play(p))
        }
        55..=64 => {
            actor = Actor::Player(r.to_move());
            Action::Play(Move::Pass)
        }
        65 | 66 => {
            actor = player;
            Action::ProposeEnd
        }
        67 | 68 => {
            actor = player;
            Action::AcceptEnd
        }
        69 => {
            actor = player;
            Action::Resign
        }
        70..=72 => {
            actor = if a >= 3 { Actor::System } else { player };
            Action::MarkDead(if y % 2 == 0 { vec![] } else { vec![p] })
        }
        73..=76 => {
            actor = player;
            Action::AcceptMarking
        }
        77 => Action::Dispute { claims_dead: side },
        78 => {
            if a >= 2 {
                actor = Actor::Referee;
                Action::RecordRecount { asked_by: side }
            } else {
                actor = player;
                Action::RequestRecount
            }
        }
        79..=82 => {
            if a >= 2 {
                actor = Actor::Referee;
            }
            Action::Confirm
        }
        83 => Action::Pause,
        84 => Action::Resume,
        85 => Action::Flag { side },
        86 => Action::Ruling(Ruling::ClockPressedEarly { side }),
        87 => Action::Ruling(Ruling::VoidMove { side, point: p }),
        88 => Action::Ruling(Ruling::SecondMove { side, point: p }),
        89 => Action::Ruling(Ruling::Discipline {
            side,
            offence: Offence::PhoneSounded,
            penalty: if y % 2 == 0 { Penalty::Warning } else { Penalty::Loss },
        }),
        90 => Action::Overrule {
            event: usize::from(x) * 5 + usize::from(y),
        },
        91 => Action::Correct {
            outcome: Outcome::Win {
                winner: side,
                by: WinBy::Adjudication,
            },
            article: Article::new(16, 4),
        },
        92 => Action::Adjudicate {
            outcome: Outcome::Draw,
            article: Article::new(13, 1),
        },
        93 => {
            actor = player;
            Action::RequestLostTurn
        }
        94 => Action::Ruling(Ruling::WrongColours),
        95 => Action::ClockCorrection(ClockFix::SetUsed {
            black: Millis::from_secs(u64::from(x) * 7),
            white: Millis::from_secs(u64::from(y) * 5),
        }),
        96 => Action::Colours(ColourChoice::Nigiri { seed: u64::from(x) }),
        97 => Action::Start { late: vec![] },
        98 => Action::Ruling(Ruling::TakeBack { side, attempted: p }),
        _ => Action::Ruling(Ruling::CapturesNotRemoved {
            side,
            clock_pressed: y % 2 == 0,
        }),
    };
    Event::new(at, actor, action)
}

/// Applies random events to `r`; checks after each that a refused one changed nothing.
fn drive(r: &mut Referee, raw: &[(u64, u8, u8, u8, u8)]) -> Result<(), TestCaseError> {
    let mut t = r.events().last().map_or(0, |e| e.at.0);
    for &item in raw {
        t += item.0;
        let ev = make_event(r, Instant(t), item);
        let before = snapshot(r);
        if let Err(e) = r.apply(ev.clone()) {
            prop_assert_eq!(&before, &snapshot(r), "refused {:?} ({}) changed the state", ev, e);
        }
    }
    Ok(())
}

/// A game that reached a confirmed result by counting.
fn confirmed_game() -> Referee {
    let mut r = Referee::new(settings()).unwrap();
    let b = Actor::Player(Color::Black);
    let w = Actor::Player(Color::White);
    let script = [
        (
            Actor::Referee,
            Action::Colours(ColourChoice::Draw { black: Seat::First }),
        ),
        (Actor::Referee, Action::Start { late: vec![] }),
        (b, Action::Play(Move::Play(Point::new(2, 2)))),
        (w, Action::Play(Move::Play(Point::new(3, 3)))),
        (b, Action::Play(Move::Pass)),
        (w, Action::Play(Move::Pass)),
        (b, Action::MarkDead(vec![])),
        (w, Action::AcceptMarking),
        (b, Action::Confirm),
        (w, Action::Confirm),
        (Actor::Referee, Action::Confirm),
    ];
    for (i, (actor, action)) in script.into_iter().enumerate() {
        r.apply(Event::new(Instant(i as u64 * 1000), actor, action)).unwrap();
    }
    assert_eq!(r.phase(), Phase::Final);
    r
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn replaying_a_record_always_gives_the_same_state(
        raw in prop::collection::vec(event_strategy(), 0..150),
    ) {
        let mut r = Referee::new(settings()).unwrap();
        // Settle colours and start, so that most records get into play.
        r.apply(Event::new(Instant(0), Actor::System, Action::Colours(ColourChoice::Nigiri { seed: 1 }))).unwrap();
        r.apply(Event::new(Instant(0), Actor::System, Action::Start { late: vec![] })).unwrap();
        drive(&mut r, &raw)?;
        let again = Referee::replay(settings(), r.events()).unwrap();
        prop_assert_eq!(snapshot(&r), snapshot(&again));
        prop_assert_eq!(r.effects(), again.effects());
    }

    #[test]
    fn refused_events_change_nothing_from_any_start(
        raw in prop::collection::vec(event_strategy(), 0..150),
    ) {
        let mut r = Referee::new(settings()).unwrap();
        drive(&mut r, &raw)?;
    }

    #[test]
    fn no_sequence_of_events_changes_a_confirmed_result(
        raw in prop::collection::vec(event_strategy(), 0..150),
    ) {
        let mut r = confirmed_game();
        let confirmed = r.confirmed_result();
        prop_assert!(confirmed.is_some());
        let mut t = r.events().last().map_or(0, |e| e.at.0);
        for &item in &raw {
            t += item.0;
            let ev = make_event(&r, Instant(t), item);
            let before = r.result();
            let correction = matches!(ev.action, Action::Correct { .. }) && ev.actor == Actor::ChiefReferee;
            let applied = r.apply(ev.clone()).is_ok();
            prop_assert_eq!(r.confirmed_result(), confirmed);
            prop_assert_eq!(r.phase(), Phase::Final);
            // Only a chief-referee correction, itself a new event, changes the standing result.
            if !correction {
                prop_assert_eq!(r.result(), before, "{:?} changed the result", ev);
            }
            prop_assert!(!applied || correction, "{:?} was accepted after confirmation", ev);
        }
    }
}

/// Regression: a ruling naming a point off the board (possible in a record from elsewhere)
/// reached the summary, whose coordinates overflowed; it is refused as a move there would be,
/// and nothing changes.
#[test]
fn a_ruling_naming_a_point_off_the_board_is_refused() {
    let mut r = Referee::new(settings()).unwrap();
    let sys = |a| Event::new(Instant(0), Actor::System, a);
    r.apply(sys(Action::Colours(ColourChoice::Draw { black: Seat::First })))
        .unwrap();
    r.apply(sys(Action::Start { late: vec![] })).unwrap();
    let black = Actor::Player(Color::Black);
    r.apply(Event::new(
        Instant(1_000),
        black,
        Action::Play(Move::Play(Point::new(2, 2))),
    ))
    .unwrap();
    let before = r.events().len();
    for ruling in [
        Ruling::SecondMove {
            side: Color::Black,
            point: Point::new(255, 255),
        },
        Ruling::TakeBack {
            side: Color::Black,
            attempted: Point::new(5, 0),
        },
    ] {
        let e = r
            .apply(Event::new(Instant(2_000), Actor::Referee, Action::Ruling(ruling)))
            .unwrap_err();
        assert_eq!(e, RefereeError::Illegal(rules::IllegalMove::OffBoard));
    }
    assert_eq!(r.events().len(), before);
}
