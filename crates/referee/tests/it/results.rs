//! A game's result in its event (`referee::results`): the one mapping between the referee's
//! `Outcome` and the tournament's `GameResult`, through the seats.

use crate::script::player;
use expect_test::expect;
use referee::results::{event_result, final_result, outcome};
use referee::*;
use rules::{Color, HalfPoints};
use tournament::GameResult;

/// A game whose colours are drawn, Black to the `black` seat: the pairing's first player (the
/// event's Black) plays Black when `black` is the first seat, else White.
fn game(black: Seat) -> Referee {
    let mut r = Referee::new(Settings::new(
        [
            player("First", Rank::Dan(1), 1990),
            player("Second", Rank::Dan(1), 1991),
        ],
        clock::TimeControl::None,
    ))
    .unwrap();
    r.apply(Event::new(
        clock::Instant(0),
        Actor::System,
        Action::Colours(ColourChoice::Draw { black }),
    ))
    .unwrap();
    r
}

/// Every kind of outcome in the event's terms (its `RE` text), for a game the pairing's Black
/// played as Black and one where it played White: the winner is the player, not the colour.
#[test]
fn each_outcome_is_the_event_result_of_the_player_who_won() {
    let win = |winner, by| Outcome::Win { winner, by };
    let outcomes = [
        win(Color::Black, WinBy::Points(HalfPoints(7))),
        win(Color::White, WinBy::Points(HalfPoints(2))),
        win(Color::Black, WinBy::Resignation),
        win(Color::White, WinBy::Time),
        win(Color::Black, WinBy::Forfeit),
        win(Color::White, WinBy::Warnings),
        win(Color::Black, WinBy::Discipline(Offence::Cheating)),
        win(Color::White, WinBy::Adjudication),
        Outcome::Draw,
        Outcome::NoResult,
        Outcome::BothLose,
        Outcome::Replay,
    ];
    let mut out = String::new();
    for black in [Seat::First, Seat::Second] {
        let r = game(black);
        let played = if r.seat_of(Color::Black) == Some(Seat::First) {
            "Black"
        } else {
            "White"
        };
        out += &format!("the pairing's Black (the first player) plays {played}:\n");
        for o in &outcomes {
            let e = event_result(&r, o).map_or("none (played again)".to_string(), |e| e.to_string());
            out += &format!("  {o} -> {e}\n");
        }
    }
    expect![[r#"
        the pairing's Black (the first player) plays Black:
          black wins by 1¾ stones (3.5 points) -> B+3.5
          white wins by ½ stones (1 points) -> W+1
          black wins by resignation -> B+R
          white wins on time -> W+T
          black wins by forfeit -> B+F
          white wins by the opponent's second warning -> W+F
          black wins by the opponent's loss for cheating -> B+F
          white wins by the chief referee's adjudication -> W+
          draw -> 0
          no result -> Void
          both lose -> both-lose
          replay ordered -> none (played again)
        the pairing's Black (the first player) plays White:
          black wins by 1¾ stones (3.5 points) -> W+3.5
          white wins by ½ stones (1 points) -> B+1
          black wins by resignation -> W+R
          white wins on time -> B+T
          black wins by forfeit -> W+F
          white wins by the opponent's second warning -> B+F
          black wins by the opponent's loss for cheating -> W+F
          white wins by the chief referee's adjudication -> B+
          draw -> 0
          no result -> Void
          both lose -> both-lose
          replay ordered -> none (played again)
    "#]]
    .assert_eq(&out);
}

/// An official's entry of a result is the outcome that maps back to it, whoever played
/// Black: `event_result(r, &outcome(r, x)) == Some(x)` for every kind of result.
#[test]
fn an_entered_result_maps_back_to_itself_whoever_played_black() {
    let results = [
        "B+3.5",
        "W+0.5",
        "B+R",
        "W+R",
        "B+T",
        "W+T",
        "B+F",
        "W+F",
        "B+",
        "W+",
        "0",
        "Void",
        "both-lose",
    ];
    for black in [Seat::First, Seat::Second] {
        let r = game(black);
        for text in results {
            let x: GameResult = text.parse().unwrap();
            let o = outcome(&r, x);
            assert_eq!(
                event_result(&r, &o),
                Some(x),
                "{text} with Black from the {black}'s seat: {o}"
            );
        }
    }
    // The pairing's Black played White: its win is White's on the board.
    let swapped = game(Seat::Second);
    assert_eq!(
        outcome(&swapped, "B+R".parse().unwrap()),
        Outcome::Win {
            winner: Color::White,
            by: WinBy::Resignation
        }
    );
}

/// The event gets a result only once it is final (Art. 16.4): not while the game is on.
#[test]
fn a_game_not_yet_final_has_no_result_for_its_event() {
    let r = game(Seat::First);
    assert_eq!(final_result(&r), None);
}
