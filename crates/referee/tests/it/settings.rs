//! What a new game's settings must satisfy (`Settings::check`), on every way a game is made,
//! and a stored game that predates a check.

use crate::script::player;
use clock::{Instant, TimeControl};
use referee::*;
use rules::Color;

fn settings(time: &str, lost_turn: bool) -> Settings {
    let mut s = Settings::new(
        [player("Li", Rank::Dan(1), 1990), player("Wang", Rank::Dan(1), 1991)],
        time.parse::<TimeControl>().unwrap(),
    );
    s.lost_turn_on_timeout = lost_turn;
    s
}

fn opening() -> Vec<Event> {
    vec![
        Event::new(
            Instant(0),
            Actor::System,
            Action::Colours(ColourChoice::Draw { black: Seat::First }),
        ),
        Event::new(Instant(0), Actor::System, Action::Start { late: vec![] }),
    ]
}

/// Art. 22.5: a timeout "in the last byo-yomi period" may be a lost turn, so the option makes
/// sense with byo-yomi only. A new game with it under no limit, absolute, Canadian or Fischer
/// time is refused, naming the time control, whether it is made empty (`Referee::new`) or
/// with its opening (`Referee::replay`, as the server makes games); with byo-yomi it is taken.
#[test]
fn art22_5_a_lost_turn_on_timeout_is_for_byo_yomi_only() {
    let mut out = String::new();
    for time in ["none", "30m", "10m+25/5m", "10m+10s/move", "10m+3x30s"] {
        let new = Referee::new(settings(time, true))
            .map(|_| "taken")
            .map_err(|e| e.to_string());
        let replay = Referee::replay(settings(time, true), &opening())
            .map(|_| "taken")
            .map_err(|e| e.to_string());
        out += &format!("{time}: new {new:?}; replay {replay:?}\n");
        // Without the option every time control is taken.
        assert!(Referee::new(settings(time, false)).is_ok(), "{time}");
    }
    expect_test::expect![[r#"
        none: new Err("a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control none has none"); replay Err("the game's settings: a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control none has none")
        30m: new Err("a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control 30m has none"); replay Err("the game's settings: a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control 30m has none")
        10m+25/5m: new Err("a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control 10m+25/5m has none"); replay Err("the game's settings: a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control 10m+25/5m has none")
        10m+10s/move: new Err("a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control 10m+10s/move has none"); replay Err("the game's settings: a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control 10m+10s/move has none")
        10m+3x30s: new Ok("taken"); replay Ok("taken")
    "#]].assert_eq(&out);
    let e = Referee::new(settings("30m", true)).unwrap_err();
    assert_eq!(e.article(), Some(Article::new(22, 5)));
}

/// A game stored before the check (the server once took the option with Fischer time) still
/// loads with `Referee::restore`, its settings as kept; the option changes nothing there: a
/// fallen flag under Fischer time loses, a lost turn asked beforehand or not.
#[test]
fn a_stored_game_that_predates_the_check_is_restored_and_its_flag_still_loses() {
    let kept = settings("1s+1s/move", true);
    let mut events = opening();
    events.push(Event::new(
        Instant(100),
        Actor::Player(Color::Black),
        Action::RequestLostTurn,
    ));
    assert!(Referee::replay(kept.clone(), &events).is_err());
    let mut r = Referee::restore(kept.clone(), &events).unwrap();
    assert_eq!(r.settings(), &kept);
    r.apply(Event::new(
        Instant(5_000),
        Actor::System,
        Action::Flag { side: Color::Black },
    ))
    .unwrap();
    assert_eq!(
        r.result(),
        Some(Outcome::Win {
            winner: Color::White,
            by: WinBy::Time
        })
    );
}

/// Art. 11: a new game's komi is at most the board's N² points, as the rules crate checks it
/// (`rules::check_komi`); the server, GTP and the CLI's matches and leagues refuse the same.
#[test]
fn art11_a_new_game_with_a_komi_beyond_the_board_is_refused() {
    let mut out = String::new();
    for (n, komi) in [(9u8, 162), (9, 163), (19, -723), (19, i32::MIN)] {
        let mut s = settings("none", false);
        s.rules.size = rules::BoardSize::new(n).unwrap();
        s.rules.komi = rules::HalfPoints(komi);
        let new = Referee::new(s.clone()).map(|_| "taken").map_err(|e| e.to_string());
        let replay = Referee::replay(s, &opening())
            .map(|_| "taken")
            .map_err(|e| e.to_string());
        out += &format!("{n} {komi}: new {new:?}; replay {replay:?}\n");
    }
    expect_test::expect![[r#"
        9 162: new Ok("taken"); replay Ok("taken")
        9 163: new Err("komi of 81.5 points is beyond the 81 points of a 9×9 board (Art. 11)"); replay Err("the game's settings: komi of 81.5 points is beyond the 81 points of a 9×9 board (Art. 11)")
        19 -723: new Err("komi of -361.5 points is beyond the 361 points of a 19×19 board (Art. 11)"); replay Err("the game's settings: komi of -361.5 points is beyond the 361 points of a 19×19 board (Art. 11)")
        19 -2147483648: new Err("komi of -1073741824 points is beyond the 361 points of a 19×19 board (Art. 11)"); replay Err("the game's settings: komi of -1073741824 points is beyond the 361 points of a 19×19 board (Art. 11)")
    "#]].assert_eq(&out);
    let mut s = settings("none", false);
    s.rules.komi = rules::HalfPoints(1000);
    assert_eq!(Referee::new(s).unwrap_err().article(), Some(Article::new(11, 0)));
}
