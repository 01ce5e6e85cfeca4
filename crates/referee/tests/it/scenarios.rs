//! Scenario tests, one or more per article, named after it.

use crate::script::{check, run};
use expect_test::expect;
use referee::{Action, Actor, Event, Phase, Referee};
use rules::Color;

/// The opening every game here shares: colours by the draw, the start.
const OPEN: &str = "
0 ref colours draw first
0 ref start
";

/// A wall game on 9×9: Black's wall on E, White's on F; Black has 45 points, White 36.
const WALL: &str = "1s moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6 F6 E7 F7 E8 F8 E9 F9";

fn game(lines: &str) -> String {
    format!("{OPEN}\n{lines}")
}

// ----- Art. 10: colours -----

#[test]
fn art10_colours_by_the_draw() {
    check(
        "0 ref colours draw second
         0 ref start
         1s B play E5",
        expect![[r#"
            #0 0s ref Colours(Draw { black: Second }) => second player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s B E5 => black E5
            -- phase play, white to move, warnings B0 W0
        "#]],
    );
}

#[test]
fn art10_nigiri_right_call_gives_the_guesser_black() {
    // Equal ranks: Wang (born 1985) is older and holds; Li calls odd, 13 is odd.
    check(
        "0 ref colours counted 13 odd",
        expect![[r#"
            #0 0s ref Colours(NigiriCounted { held: 13, guess: Odd }) => first player takes black (nigiri: second player held 13, called odd)
            -- phase setup, black to move, warnings B0 W0
        "#]],
    );
}

#[test]
fn art10_nigiri_wrong_call_gives_the_holder_black() {
    // The higher rank holds: Wang (1p) over Li (7d); Li calls even, 13 is odd.
    check(
        "@players Li:7d:1980 Wang:1p:2000
         0 ref colours counted 13 even",
        expect![[r#"
            #0 0s ref Colours(NigiriCounted { held: 13, guess: Even }) => second player takes black (nigiri: second player held 13, called even)
            -- phase setup, black to move, warnings B0 W0
        "#]],
    );
}

#[test]
fn art10_colours_before_the_start_and_only_once() {
    check(
        "0 ref start
         0 ref colours draw first
         0 ref colours draw second
         0 B play E5
         0 ref start
         0 ref colours draw second",
        expect![[r#"
               0s ref Start { late: [] } !! [Art. 10] the colours are not settled yet (Art. 10)
            #0 0s ref Colours(Draw { black: First }) => first player takes black
               0s ref Colours(Draw { black: Second }) !! [Art. 10] the colours are settled already (Art. 10)
               0s B E5 !! the game has not started
            #1 0s ref Start { late: [] } => started, black to move
               0s ref Colours(Draw { black: Second }) !! the game has started already
            -- phase play, black to move, warnings B0 W0
        "#]],
    );
}

// ----- Art. 2, 5, 6: moves through the rules engine -----

#[test]
fn art2_3_players_alternate_and_act_only_for_their_colour() {
    check(
        &game(
            "1s W play E5
             1s B play E5
             2s B play D4
             2s W play E5",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
               1s W E5 !! [Art. 2.3] it is not white's turn (Art. 2.3; a second move in a row is Art. 17.2)
            #2 1s B E5 => black E5
               2s B D4 !! [Art. 2.3] it is not black's turn (Art. 2.3; a second move in a row is Art. 17.2)
               2s W E5 !! [Art. 2] illegal move: occupied point
            -- phase play, white to move, warnings B0 W0
        "#]],
    );
}

#[test]
fn art5_a_forbidden_point_submitted_by_a_player_is_refused() {
    check(
        &game(
            "1s moves A2 J9 B1
             5s W play A1",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#4 moves A2 J9 B1
               5s W A1 !! [Art. 5] illegal move: forbidden point (Art. 5: suicide)
            -- phase play, white to move, warnings B0 W0
        "#]],
    );
}

#[test]
fn handicap_stones_then_white_moves_first() {
    check(
        "@handicap C3 G7
         @board
         0 ref colours draw first
         0 ref start
         1s B play E5
         1s W play E5",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, white to move
               1s B E5 !! [Art. 2.3] it is not black's turn (Art. 2.3; a second move in a row is Art. 17.2)
            #2 1s W E5 => white E5
            -- phase play, black to move, warnings B0 W0
            . . . . . . . . .
            . . . . . . . . .
            . . + . . . X . .
            . . . . . . . . .
            . . . . O . . . .
            . . . . . . . . .
            . . X . . . + . .
            . . . . . . . . .
            . . . . . . . . .
        "#]],
    );
}

// ----- Art. 7, 13, 21: the end -----

#[test]
fn art7_2_resignation() {
    check(
        &game(
            "1s B play E5
             2s B resign",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s B E5 => black E5
            #3 2s B Resign => result: white wins by resignation (W+R)
            -- phase decided, white to move, warnings B0 W0, result white wins by resignation (W+R)
        "#]],
    );
}

#[test]
fn art7_3_two_passes_end_play_then_art8_both_accept_and_art9_count() {
    check(
        &game(&format!(
            "{WALL}
             30s B pass
             31s W pass
             40s B play A1
             41s W mark
             42s B accept-marking"
        )),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#19 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6 F6 E7 F7 E8 F8 E9 F9
            #20 30s B pass => black passes
            #21 31s W pass => white passes; play over
               40s B A1 !! [Art. 21.3] play is over; only a life-and-death dispute reopens it (Art. 21.3, 21.4)
            #22 41s W mark [] => marking []
            #23 42s B AcceptMarking => black accepts; result: black wins by ¾ stones (1.5 points) (B+1.5)
            -- phase decided, black to move, warnings B0 W0, result black wins by ¾ stones (1.5 points) (B+1.5)
            -- count: black 180 white 144 (half points), dame 0, margin 3
        "#]],
    );
}

#[test]
fn art13_2_the_side_to_move_proposes_the_end_and_the_opponent_accepts() {
    check(
        &game(&format!(
            "{WALL}
             30s W propose-end
             30s B propose-end
             31s B accept-end
             31s W accept-end
             32s W play A1"
        )),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#19 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6 F6 E7 F7 E8 F8 E9 F9
               30s W ProposeEnd !! [Art. 2.3] it is not white's turn (Art. 2.3; a second move in a row is Art. 17.2)
            #20 30s B ProposeEnd => black passes; black proposes the end
               31s B AcceptEnd !! [Art. 13.2] the opponent has not proposed the end (Art. 13.2, 21.1)
            #21 31s W AcceptEnd => play over
               32s W A1 !! [Art. 21.3] play is over; only a life-and-death dispute reopens it (Art. 21.3, 21.4)
            -- phase counting, white to move, warnings B0 W0
        "#]],
    );
}

#[test]
fn art21_1_the_opponent_plays_on_and_the_proposer_moves_again() {
    check(
        &game(&format!(
            "{WALL}
             30s B propose-end
             31s W play A1
             32s B play B1
             33s W propose-end
             34s B accept-end"
        )),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#19 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6 F6 E7 F7 E8 F8 E9 F9
            #20 30s B ProposeEnd => black passes; black proposes the end
            #21 31s W A1 => white A1
            #22 32s B B1 => black B1
            #23 33s W ProposeEnd => white passes; white proposes the end
            #24 34s B AcceptEnd => play over
            -- phase counting, black to move, warnings B0 W0
        "#]],
    );
}

#[test]
fn art8_the_machine_proposes_and_both_players_must_accept() {
    check(
        &game(&format!(
            "{WALL}
             20s B play B2
             21s W pass
             22s B pass
             23s sys mark-machine
             24s B accept-marking
             25s B mark B2
             26s W accept-marking
             27s W mark H8"
        )),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#19 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6 F6 E7 F7 E8 F8 E9 F9
            #20 20s B B2 => black B2
            #21 21s W pass => white passes
            #22 22s B pass => black passes; play over
            #23 23s sys mark [] => marking []
            #24 24s B AcceptMarking => black accepts
            #25 25s B mark [B2] => marking [B2]
            #26 26s W AcceptMarking => white accepts; result: black wins by ¾ stones (1.5 points) (B+1.5)
               27s W mark [H8] !! [Art. 13.1] the game has a result already (Art. 13.1)
            -- phase decided, white to move, warnings B0 W0, result black wins by ¾ stones (1.5 points) (B+1.5)
            -- count: black 180 white 144 (half points), dame 0, margin 3
        "#]],
    );
}

#[test]
fn art21_2_contested_points_are_split_as_in_seki() {
    // Black's wall on D, White's on F: the nine points of E between them stay open after
    // the end and are split half and half (4½ stones each).
    check(
        &game(
            "1s moves D1 F1 D2 F2 D3 F3 D4 F4 D5 F5 D6 F6 D7 F7 D8 F8 D9 F9 pass pass
             30s W mark
             31s B accept-marking",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#21 moves D1 F1 D2 F2 D3 F3 D4 F4 D5 F5 D6 F6 D7 F7 D8 F8 D9 F9 pass pass
            #22 30s W mark [] => marking []
            #23 31s B AcceptMarking => black accepts; result: white wins by 3¾ stones (7.5 points) (W+7.5)
            -- phase decided, black to move, warnings B0 W0, result white wins by 3¾ stones (7.5 points) (W+7.5)
            -- count: black 162 white 162 (half points), dame 9, margin -15
        "#]],
    );
}

#[test]
fn art21_3_an_agreed_end_is_never_reopened() {
    check(
        &game(&format!(
            "{WALL}
             30s B pass
             31s W pass
             32s B mark
             33s W accept-marking
             40s B play A1
             40s W dispute B
             41s B mark D5"
        )),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#19 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6 F6 E7 F7 E8 F8 E9 F9
            #20 30s B pass => black passes
            #21 31s W pass => white passes; play over
            #22 32s B mark [] => marking []
            #23 33s W AcceptMarking => white accepts; result: black wins by ¾ stones (1.5 points) (B+1.5)
               40s B A1 !! [Art. 13.1] the game has a result already (Art. 13.1)
               40s W Dispute { claims_dead: Black } !! [Art. 21.3] the end was agreed and is never reopened (Art. 21.3)
               41s B mark [D5] !! [Art. 13.1] the game has a result already (Art. 13.1)
            -- phase decided, black to move, warnings B0 W0, result black wins by ¾ stones (1.5 points) (B+1.5)
            -- count: black 180 white 144 (half points), dame 0, margin 3
        "#]],
    );
}

#[test]
fn art21_4_a_dispute_resumes_play_with_the_side_claiming_dead() {
    // A white stone inside Black's area: White says it lives, Black says it is dead. Play
    // resumes with Black (who claims "dead") even though Black passed last.
    check(
        &format!(
            "@time 10m
             {OPEN}
             {WALL}
             30s B pass
             31s W play B2
             32s B pass
             33s W pass
             34s B mark B2
             35s W dispute B
             36s W play C3
             36s moves C2 pass B3 pass A2 pass B1 pass pass
             50s B mark
             51s W accept-marking"
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#19 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6 F6 E7 F7 E8 F8 E9 F9
            #20 30s B pass => black passes
            #21 31s W B2 => white B2
            #22 32s B pass => black passes
            #23 33s W pass => white passes; play over
            #24 34s B mark [B2] => marking [B2]
            #25 35s W Dispute { claims_dead: Black } => play resumes, black to move
               36s W C3 !! [Art. 2.3] it is not white's turn (Art. 2.3; a second move in a row is Art. 17.2)
            #26..#34 moves C2 pass B3 pass A2 pass B1 pass pass => black B1 x1
            #35 50s B mark [] => marking []
            #36 51s W AcceptMarking => white accepts; result: black wins by ¾ stones (1.5 points) (B+1.5)
            -- phase decided, white to move, warnings B0 W0, result black wins by ¾ stones (1.5 points) (B+1.5)
            -- clock at 51s: Paused(White); black used 27s, white used 15s
            -- count: black 180 white 144 (half points), dame 0, margin 3
        "#]],
    );
}

// ----- Art. 16.4: recount and confirmation -----

#[test]
fn art16_4_a_recount_before_confirmation_reopens_counting() {
    // Black's stone at H5 in White's area was counted alive by mistake; White asks for a
    // recount before confirming. Later a warning changes the result again, and the
    // confirmations already given no longer count.
    check(
        &game(&format!(
            "{WALL}
             20s B play H5
             21s W pass
             22s B pass
             32s B mark
             33s W accept-marking
             34s B confirm
             35s W recount
             36s W mark H5
             37s B accept-marking
             40s B confirm
             41s W confirm
             42s ref discipline W talking warning
             43s ref confirm
             44s B confirm
             45s W confirm
             46s ref confirm"
        )),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#19 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6 F6 E7 F7 E8 F8 E9 F9
            #20 20s B H5 => black H5
            #21 21s W pass => white passes
            #22 22s B pass => black passes; play over
            #23 32s B mark [] => marking []
            #24 33s W AcceptMarking => white accepts; result: black wins by 14¾ stones (29.5 points) (B+29.5)
            #25 34s B Confirm => confirmed by black
            #26 35s W RequestRecount => recount
            #27 36s W mark [H5] => marking [H5]
            #28 37s B AcceptMarking => black accepts; result: black wins by ¾ stones (1.5 points) (B+1.5)
            #29 40s B Confirm => confirmed by black
            #30 41s W Confirm => confirmed by white
            #31 42s ref Discipline { side: White, offence: Talking, penalty: Warning } => warning to white (Art. 23.5), 1 in all; result: black wins by 1¾ stones (3.5 points) (B+3.5)
            #32 43s ref Confirm => confirmed by the referee
            #33 44s B Confirm => confirmed by black
            #34 45s W Confirm => confirmed by white; final: black wins by 1¾ stones (3.5 points)
               46s ref Confirm !! [Art. 16.4] the result is confirmed and final (Art. 16.4); only the chief referee may issue a correction
            -- phase final, white to move, warnings B0 W1, result black wins by 1¾ stones (3.5 points) (B+3.5), confirmed B+3.5
            -- count: black 184 white 140 (half points), dame 0, margin 7
        "#]],
    );
}

#[test]
fn art16_4_where_the_players_agreement_stands_both_players_confirming_make_it_final() {
    // A free game (no referee) or a club event that chose so: both players' confirmations
    // make the result final; a referee who confirms first changes nothing, and nothing can be
    // confirmed once final.
    check(
        &game(&format!(
            "@players-confirm
             {WALL}
             20s B pass
             21s W pass
             22s B mark
             23s W accept-marking
             24s ref confirm
             25s B confirm
             26s W confirm
             27s W confirm"
        )),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#19 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6 F6 E7 F7 E8 F8 E9 F9
            #20 20s B pass => black passes
            #21 21s W pass => white passes; play over
            #22 22s B mark [] => marking []
            #23 23s W AcceptMarking => white accepts; result: black wins by ¾ stones (1.5 points) (B+1.5)
            #24 24s ref Confirm => confirmed by the referee
            #25 25s B Confirm => confirmed by black
            #26 26s W Confirm => confirmed by white; final: black wins by ¾ stones (1.5 points)
               27s W Confirm !! [Art. 16.4] the result is confirmed and final (Art. 16.4); only the chief referee may issue a correction
            -- phase final, black to move, warnings B0 W0, result black wins by ¾ stones (1.5 points) (B+1.5), confirmed B+1.5
            -- count: black 180 white 144 (half points), dame 0, margin 3
        "#]],
    );
}

#[test]
fn art16_4_a_referee_s_confirmation_is_still_missing_after_both_players() {
    // Art. 16.4 in an event: both players confirmed, the result waits for a referee.
    let (_, r) = run(&game(&format!(
        "{WALL}
         20s B pass
         21s W pass
         22s B mark
         23s W accept-marking"
    )));
    let who = |r: &Referee| r.awaiting_confirmation();
    assert_eq!(
        who(&r),
        [Actor::Player(Color::Black), Actor::Player(Color::White), Actor::Referee]
    );
    let mut r = r;
    let at = r.events().last().unwrap().at;
    r.apply(Event::new(at, Actor::Player(Color::White), Action::Confirm))
        .unwrap();
    r.apply(Event::new(at, Actor::Player(Color::Black), Action::Confirm))
        .unwrap();
    assert_eq!(who(&r), [Actor::Referee]);
    assert_eq!(r.phase(), Phase::Decided);
    assert_eq!(r.confirmations(), [true, true, false]);
    r.apply(Event::new(at, Actor::ChiefReferee, Action::Confirm)).unwrap();
    assert_eq!((r.phase(), who(&r)), (Phase::Final, vec![]));
}

#[test]
fn art16_4_a_referee_records_the_recount_a_player_asked_for_at_the_board() {
    // At the board White asks the referee for a recount, and the chief referee records it:
    // the record says who asked and who recorded it. A referee asks for nothing in their own
    // name, a player records nothing for another, and once the result is confirmed, or when it
    // was not reached by counting, there is nothing to record.
    check(
        &game(&format!(
            "{WALL}
             20s B play H5
             21s W pass
             22s B pass
             32s B mark
             33s W accept-marking
             34s B confirm
             35s ref recount
             35s B record-recount W
             36s chief record-recount W
             37s W mark H5
             38s B accept-marking
             40s B confirm
             41s W confirm
             42s ref confirm
             43s ref record-recount B"
        )),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#19 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6 F6 E7 F7 E8 F8 E9 F9
            #20 20s B H5 => black H5
            #21 21s W pass => white passes
            #22 22s B pass => black passes; play over
            #23 32s B mark [] => marking []
            #24 33s W AcceptMarking => white accepts; result: black wins by 14¾ stones (29.5 points) (B+29.5)
            #25 34s B Confirm => confirmed by black
               35s ref RequestRecount !! [Art. 16.4] the referee may not ask for a recount: only a player may (Art. 16.4)
               35s B RecordRecount { asked_by: White } !! [Art. 16.4] black may not record a player's request for a recount: only a referee may (Art. 16.4)
            #26 36s chief RecordRecount { asked_by: White } => recount
            #27 37s W mark [H5] => marking [H5]
            #28 38s B AcceptMarking => black accepts; result: black wins by ¾ stones (1.5 points) (B+1.5)
            #29 40s B Confirm => confirmed by black
            #30 41s W Confirm => confirmed by white
            #31 42s ref Confirm => confirmed by the referee; final: black wins by ¾ stones (1.5 points)
               43s ref RecordRecount { asked_by: Black } !! [Art. 16.4] the result is confirmed and final (Art. 16.4); only the chief referee may issue a correction
            -- phase final, white to move, warnings B0 W0, result black wins by ¾ stones (1.5 points) (B+1.5), confirmed B+1.5
            -- count: black 180 white 144 (half points), dame 0, margin 3
        "#]],
    );
    check(
        "0 ref colours draw first
         0 ref start
         1s B resign
         2s ref record-recount B",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s B Resign => result: white wins by resignation (W+R)
               2s ref RecordRecount { asked_by: Black } !! [Art. 16.4] the result was not reached by counting: nothing to recount (Art. 16.4)
            -- phase decided, black to move, warnings B0 W0, result white wins by resignation (W+R)
        "#]],
    );
}

#[test]
fn art16_4_a_confirmed_result_is_final_and_corrected_only_by_a_new_chief_referee_event() {
    check(
        &game(
            "1s B resign
             2s B confirm
             2s B confirm
             3s W confirm
             3s chief correct W+F 23.1
             4s ref confirm
             5s W recount
             5s ref discipline B cheating loss
             5s chief adjudicate draw 13.1
             5s B play E5
             6s chief correct both-lose 23.1
             7s ref confirm",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s B Resign => result: white wins by resignation (W+R)
            #3 2s B Confirm => confirmed by black
               2s B Confirm !! [Art. 16.4] black has confirmed the result already (Art. 16.4)
            #4 3s W Confirm => confirmed by white
               3s chief Correct { outcome: Win { winner: White, by: Forfeit }, article: Article { number: 23, clause: 1 } } !! [Art. 16.4] the result is not confirmed: the chief referee adjudicates instead (Art. 13.1, 16.4)
            #5 4s ref Confirm => confirmed by the referee; final: white wins by resignation
               5s W RequestRecount !! [Art. 16.4] the result is confirmed and final (Art. 16.4); only the chief referee may issue a correction
               5s ref Discipline { side: Black, offence: Cheating, penalty: Loss } !! [Art. 16.4] the result is confirmed and final (Art. 16.4); only the chief referee may issue a correction
               5s chief Adjudicate { outcome: Draw, article: Article { number: 13, clause: 1 } } !! [Art. 16.4] the result is confirmed and final (Art. 16.4); only the chief referee may issue a correction
               5s B E5 !! [Art. 16.4] the result is confirmed and final (Art. 16.4); only the chief referee may issue a correction
            #6 6s chief Correct { outcome: BothLose, article: Article { number: 23, clause: 1 } } => corrected: both lose
               7s ref Confirm !! [Art. 16.4] the result is confirmed and final (Art. 16.4); only the chief referee may issue a correction
            -- phase final, black to move, warnings B0 W0, result both lose (Void), confirmed W+R
        "#]],
    );
}

// ----- Art. 17: procedure -----

#[test]
fn art17_1_wrong_colours_found_through_move_10_restart_the_game() {
    check(
        &game(
            "1s moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5
             20s ref wrong-colours
             21s B play C3
             22s ref wrong-colours",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#11 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5
            #12 20s ref WrongColours => restarted
            #13 21s B C3 => black C3
               22s ref WrongColours !! [Art. 17.1] the colours have been ruled on already (Art. 17.1)
            -- phase play, white to move, warnings B0 W0
        "#]],
    );
}

#[test]
fn art17_1_wrong_colours_found_after_move_10_stand() {
    check(
        &game(
            "1s moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6
             20s ref wrong-colours",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#12 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6
            #13 20s ref WrongColours => colours stand: second player holds black
            -- phase play, white to move, warnings B0 W0
            -- black held by the second player, assigned to the first player
        "#]],
    );
}

#[test]
fn art17_2_a_second_move_in_a_row_is_void_with_a_warning() {
    check(
        &game(
            "1s B play E5
             2s ref second-move B D4
             3s ref second-move W D4
             4s W play D4",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s B E5 => black E5
            #3 2s ref SecondMove { side: Black, point: Point { y: 5, x: 3 } } => void: black D4 (Art. 17.2); warning to black (Art. 17.2), 1 in all
               3s ref SecondMove { side: White, point: Point { y: 5, x: 3 } } !! [Art. 17.2] white is to move: not a second move in a row (Art. 17.2)
            #4 4s W D4 => white D4
            -- phase play, black to move, warnings B1 W0
        "#]],
    );
}

#[test]
fn art17_3_a_take_back_is_restored_with_a_warning() {
    check(
        &game(
            "1s B play E5
             2s ref take-back B D4
             3s W play D4
             4s ref take-back B C3",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s B E5 => black E5
            #3 2s ref TakeBack { side: Black, attempted: Point { y: 5, x: 3 } } => warning to black (Art. 17.3), 1 in all
            #4 3s W D4 => white D4
               4s ref TakeBack { side: Black, attempted: Point { y: 6, x: 2 } } !! [Art. 17.3] the opponent has moved since black's stone: too late to claim a take-back (Art. 17.3)
            -- phase play, black to move, warnings B1 W0
        "#]],
    );
}

#[test]
fn art17_4_the_clock_pressed_early_is_a_warning_and_the_reading_stays() {
    check(
        &format!(
            "@time 10m
             {OPEN}
             20s B play E5
             30s ref clock-early B
             45s W play D4"
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 20s B E5 => black E5
            #3 30s ref ClockPressedEarly { side: Black } => warning to black (Art. 17.4), 1 in all
            #4 45s W D4 => white D4
            -- phase play, black to move, warnings B1 W0
            -- clock at 45s: Running(Black); black used 20s, white used 25s
        "#]],
    );
}

// ----- Art. 18, 19, 20: captures, ko, forbidden points, repetition -----

/// A ko at E4/D4: after Black's E4 captures at D4, White may not retake at once.
const KO: &str = "1s moves D5 E5 C4 D4 D3 F4 A9 E3 E4";

#[test]
fn art18_1_live_stones_removed_is_a_warning() {
    check(
        &game(
            "1s B play E5
             2s ref live-removed B",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s B E5 => black E5
            #3 2s ref LiveStonesRemoved { side: Black } => warning to black (Art. 18.1), 1 in all
            -- phase play, white to move, warnings B1 W0
        "#]],
    );
}

#[test]
fn art18_2_captures_not_removed_is_a_warning() {
    check(
        &game(&format!(
            "{KO}
             20s ref not-removed W
             21s ref not-removed B"
        )),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#10 moves D5 E5 C4 D4 D3 F4 A9 E3 E4 => black E4 x1
               20s ref CapturesNotRemoved { side: White, clock_pressed: false } !! [Art. 18.2] white's last move captured nothing (Art. 18.2)
            #11 21s ref CapturesNotRemoved { side: Black, clock_pressed: false } => warning to black (Art. 18.2), 1 in all
            -- phase play, white to move, warnings B1 W0
        "#]],
    );
}

#[test]
fn art22_6_the_clock_pressed_before_the_captures_are_removed_is_a_warning() {
    check(
        &game(&format!(
            "{KO}
             20s ref not-removed-clock B"
        )),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#10 moves D5 E5 C4 D4 D3 F4 A9 E3 E4 => black E4 x1
            #11 20s ref CapturesNotRemoved { side: Black, clock_pressed: true } => warning to black (Art. 22.6), 1 in all
            -- phase play, white to move, warnings B1 W0
        "#]],
    );
}

#[test]
fn art18_3_a_ko_retaken_at_once_is_void_with_a_lost_turn_and_a_warning() {
    check(
        &format!(
            "@board
             {OPEN}
             {KO}
             20s W play D4
             21s ref void W D4
             22s ref void W D4
             23s B play E2"
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#10 moves D5 E5 C4 D4 D3 F4 A9 E3 E4 => black E4 x1
               20s W D4 !! [Art. 6] illegal move: ko: immediate retake of a single ko (Art. 6, 20.1)
            #11 21s ref VoidMove { side: White, point: Point { y: 5, x: 3 } } => void: white D4 (Art. 18.3); white loses a turn (Art. 18.3); warning to white (Art. 18.3), 1 in all
               22s ref VoidMove { side: White, point: Point { y: 5, x: 3 } } !! [Art. 2.3] it is not white's turn (Art. 2.3; a second move in a row is Art. 17.2)
            #12 23s B E2 => black E2
            -- phase play, white to move, warnings B0 W1
            X . . . . . . . .
            . . . . . . . . .
            . . + . . . + . .
            . . . . . . . . .
            . . . X O . . . .
            . . X . X O . . .
            . . + X O . + . .
            . . . . X . . . .
            . . . . . . . . .
        "#]],
    );
}

#[test]
fn art19_a_forbidden_point_is_void_with_a_lost_turn_that_never_ends_play() {
    // Black passes, White puts a stone on a forbidden point: the lost turn is not a second
    // pass, and play ends only when both have passed again.
    check(
        &game(
            "1s moves A2 J9 B1 J8 pass
             10s ref void W J9
             11s ref void W H9
             12s ref void W A1
             13s W pass
             14s B pass
             15s W pass",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#6 moves A2 J9 B1 J8 pass
               10s ref VoidMove { side: White, point: Point { y: 0, x: 8 } } !! [Art. 19] cannot happen over the board: occupied point
               11s ref VoidMove { side: White, point: Point { y: 0, x: 7 } } !! [Art. 19] a stone at H9 is legal: nothing to void (Art. 18.3, 19)
            #7 12s ref VoidMove { side: White, point: Point { y: 8, x: 0 } } => void: white A1 (Art. 19); white loses a turn (Art. 19)
               13s W pass !! [Art. 2.3] it is not white's turn (Art. 2.3; a second move in a row is Art. 17.2)
            #8 14s B pass => black passes
            #9 15s W pass => white passes; play over
            -- phase counting, black to move, warnings B0 W0
        "#]],
    );
}

// ----- Art. 20: cycles -----

#[test]
fn art20_a_ko_retaken_after_both_passed_is_refused_not_a_cycle() {
    // 5×5, cycles drawn: after Black takes the ko at D3 both pass; White disputes, claiming
    // dead, and retakes: the board would repeat the position after White's C3, but a pass made
    // that possible, so it is no 20.3 cycle and the event's draw does not apply: the retake is
    // refused as any repetition is (Art. 20, forbidden in principle), and play goes on.
    check(
        "@size 5
         @cycle draw
         0 ref colours draw first
         0 ref start
         1s moves C4 D4 B3 D2 C2 E3 A5 C3 D3
         10s W play C3
         11s moves pass pass
         20s W dispute W
         21s W play C3
         22s W play E1",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#10 moves C4 D4 B3 D2 C2 E3 A5 C3 D3 => black D3 x1
               10s W C3 !! [Art. 6] illegal move: ko: immediate retake of a single ko (Art. 6, 20.1)
            #11..#12 moves pass pass
            #13 20s W Dispute { claims_dead: White } => play resumes, white to move
               21s W C3 !! [Art. 6] illegal move: whole-board repetition (Art. 6)
            #14 22s W E1 => white E1
            -- phase play, black to move, warnings B0 W0
        "#]],
    );
}

#[test]
fn art20_3_a_cycle_ends_the_game_under_the_events_policy() {
    // 7×7, cycles drawn: the triple ko (三劫) of a capturing race, set up with White passing
    // while Black places its last stones. Six captures in a row, no pass among them, bring
    // back the position after the set-up with Black to move: a true long cycle (Art. 20.3),
    // which the event's policy decides.
    check(
        "@size 7
         @cycle draw
         0 ref colours draw first
         0 ref start
         1s moves A7 D6 B7 F6 C7 A5 D7 C5 E7 E5 F7 G5 G7 A4 A6 B4 C6 C4 E6 D4 G6 E4 B5 F4 A3 G4 B3 pass C3 pass D3 pass E3 pass F3 pass G3 pass
         50s moves D5 B6 F5 D6 B5 F6",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#39 moves A7 D6 B7 F6 C7 A5 D7 C5 E7 E5 F7 G5 G7 A4 A6 B4 C6 C4 E6 D4 G6 E4 B5 F4 A3 G4 B3 pass C3 pass D3 pass E3 pass F3 pass G3 pass
            #40..#45 moves D5 B6 F5 D6 B5 F6 => black D5 x1; white B6 x1; black F5 x1; white D6 x1; black B5 x1; white F6 x1; result: draw (0)
            -- phase decided, black to move, warnings B0 W0, result draw (0)
        "#]],
    );
}

#[test]
fn art20_3_replay_ordered_by_the_chief_referee() {
    check(
        &game(
            "1s B play E5
             2s chief adjudicate replay 20.3
             3s W play D4",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s B E5 => black E5
            #3 2s chief Adjudicate { outcome: Replay, article: Article { number: 20, clause: 3 } } => result: replay ordered (no RE)
               3s W D4 !! [Art. 13.1] the game has a result already (Art. 13.1)
            -- phase decided, white to move, warnings B0 W0, result replay ordered (no RE)
        "#]],
    );
}

// ----- Art. 12, 14, 22: time -----

#[test]
fn art12_4_absolute_time_runs_out() {
    check(
        &format!(
            "@time 1m
             {OPEN}
             10s B play E5
             40s W flag W
             1m10s W play D4
             1m10s sys flag W
             1m11s W play D4"
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 10s B E5 => black E5
               40s W Flag { side: White } !! [Art. 22.5] white may not record a flag: only a referee or the system may (Art. 22.5)
               70s W D4 !! [Art. 22.5] white's time has run out (Art. 12.4, 22.5)
            #3 70s sys Flag { side: White } => result: black wins on time (B+T)
               71s W D4 !! [Art. 13.1] the game has a result already (Art. 13.1)
            -- phase decided, white to move, warnings B0 W0, result black wins on time (B+T)
            -- clock at 70s: Flagged(Timeout { color: White, at: Instant(70000), lost_turn_allowed: false }); black used 10s, white used 60s
        "#]],
    );
}

#[test]
fn art14_paused_time_never_counts() {
    check(
        &format!(
            "@time 10m
             {OPEN}
             10s ref pause
             20s B play E5
             5m ref resume
             5m30s B play E5
             5m31s ref resume"
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 10s ref Pause => paused
               20s B E5 !! [Art. 14] the game is paused (Art. 14)
            #3 5m ref Resume => resumed
            #4 5m30s B E5 => black E5
               5m31s ref Resume !! [Art. 14] the game is not paused (Art. 14)
            -- phase play, white to move, warnings B0 W0
            -- clock at 5m30s: Running(White); black used 40s, white used 0s
        "#]],
    );
}

#[test]
fn art22_1_lateness_within_the_limit_is_charged_twice() {
    // White is 10 minutes late; Black moves at once; White's clock ran 9m59s of it.
    check(
        "@time 1h
             0 ref colours draw first
             0 ref start late W
             1s B play E5
             1m W play D4
             10m W arrive W
             10m1s W play D4",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [White] } => started, black to move
            #2 1s B E5 => black E5
               60s W D4 !! [Art. 22.1] white has not arrived (Art. 22.1)
            #3 10m W Arrive { side: White, seated: None } => white arrived 10m late, charged 20m
            #4 10m1s W D4 => white D4
            -- phase play, black to move, warnings B0 W0
            -- clock at 10m1s: Running(Black); black used 1s, white used 20m1s
        "#]],
    );
}

#[test]
fn art22_1_a_seat_taken_before_the_start_is_late_to_the_instant_it_was_taken() {
    // The round was scheduled at 0; the board's clock waited for both players. Black sat
    // down at 4m, White at 10m, and the system started the clock then: Black is 4 minutes
    // late, White 10, each charged twice. Only the system records an earlier seat.
    check(
        "@time 1h
             @late-from 0s
             0 ref colours draw first
             10m sys start late B W
             10m B arrive B seated 4m
             10m sys arrive B seated 4m
             10m sys arrive W seated 11m
             10m sys arrive W seated 10m",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 10m sys Start { late: [Black, White] } => started, black to move
               10m B Arrive { side: Black, seated: Some(Instant(240000)) } !! [Art. 22.1] black may not record an earlier arrival: only the system may (Art. 22.1)
            #2 10m sys Arrive { side: Black, seated: Some(Instant(240000)) } => black arrived 4m late, charged 8m
               10m sys Arrive { side: White, seated: Some(Instant(660000)) } !! [Art. 22.1] a seat taken at 660000 ms is later than its record at 600000 ms (Art. 22.1)
            #3 10m sys Arrive { side: White, seated: Some(Instant(600000)) } => white arrived 10m late, charged 20m
            -- phase play, black to move, warnings B0 W0
            -- clock at 10m: Running(Black); black used 8m, white used 20m
        "#]],
    );
}

#[test]
fn art22_1_lateness_counts_from_the_scheduled_start_when_the_clock_started_later() {
    // The round started at 0; board's clock waited for White, and the referee started it at
    // 5m: White, seated at 10m, is 10 minutes late, not 5.
    check(
        "@time 1h
             @late-from 0s
             0 ref colours draw first
             5m ref start late W
             6m B play E5
             10m W arrive W",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 5m ref Start { late: [White] } => started, black to move
            #2 6m B E5 => black E5
            #3 10m W Arrive { side: White, seated: None } => white arrived 10m late, charged 20m
            -- phase play, white to move, warnings B0 W0
            -- clock at 10m: Running(White); black used 60s, white used 20m
        "#]],
    );
    // With lodging at the venue (15 minutes): seated 20 minutes after the scheduled start,
    // though 10 after the clock's, White forfeits.
    check(
        "@time 1h
             @lateness 15m
             @late-from 0s
             0 ref colours draw first
             10m ref start late W
             11m B play E5
             20m W arrive W",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 10m ref Start { late: [White] } => started, black to move
            #2 11m B E5 => black E5
            #3 20m W Arrive { side: White, seated: None } => white arrived 20m late, charged 0s; result: black wins by forfeit (B+F)
            -- phase decided, white to move, warnings B0 W0, result black wins by forfeit (B+F)
            -- clock at 20m: Paused(White); black used 60s, white used 9m
        "#]],
    );
}

#[test]
fn art22_1_lateness_up_to_the_limit_inclusive_is_allowed() {
    check(
        "@time 3h
             0 ref colours draw first
             0 ref start late B
             1h sys late-forfeit B
             1h ref arrive B
             1h1s B play E5",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [Black] } => started, black to move
               1h sys LateForfeit { side: Black } !! [Art. 22.1] late by 1h, within the limit of 1h: no forfeit (Art. 22.1)
            #2 1h ref Arrive { side: Black, seated: None } => black arrived 1h late, charged 2h
            #3 1h1s B E5 => black E5
            -- phase play, white to move, warnings B0 W0
            -- clock at 1h1s: Running(White); black used 2h1s, white used 0s
        "#]],
    );
}

#[test]
fn art22_1_lateness_beyond_the_limit_forfeits() {
    check(
        "@time 2h
             0 ref colours draw first
             0 ref start late B
             1h1ms sys late-forfeit B",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [Black] } => started, black to move
            #2 1h1ms sys LateForfeit { side: Black } => result: white wins by forfeit (W+F)
            -- phase decided, black to move, warnings B0 W0, result white wins by forfeit (W+F)
            -- clock at 1h1ms: Paused(Black); black used 1h1ms, white used 0s
        "#]],
    );
}

#[test]
fn art22_2_with_lodging_at_the_venue_the_limit_is_15_minutes() {
    check(
        "@time 2h
             @lateness 15m
             0 ref colours draw first
             0 ref start late W
             1s B play E5
             16m W arrive W",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [White] } => started, black to move
            #2 1s B E5 => black E5
            #3 16m W Arrive { side: White, seated: None } => white arrived 16m late, charged 0s; result: black wins by forfeit (B+F)
            -- phase decided, white to move, warnings B0 W0, result black wins by forfeit (B+F)
            -- clock at 16m: Paused(White); black used 1s, white used 15m59s
        "#]],
    );
}

#[test]
fn art22_3_both_late_both_lose() {
    check(
        "@time 2h
             @lateness 15m
             0 ref colours draw first
             0 ref start late B W
             16m sys late-forfeit B
             17m sys late-forfeit W",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [Black, White] } => started, black to move
            #2 16m sys LateForfeit { side: Black } => result: white wins by forfeit (W+F)
            #3 17m sys LateForfeit { side: White } => result: both lose (Void)
            -- phase decided, black to move, warnings B0 W0, result both lose (Void)
            -- clock at 17m: Paused(Black); black used 16m, white used 0s
        "#]],
    );
}

#[test]
fn art22_4_fast_games_read_byo_yomi_in_absence() {
    check(
        "@time 3x10s
             @lateness none
             0 ref colours draw first
             0 ref start late B
             29s sys late-forfeit B
             29s sys flag B
             30s sys flag B",
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [Black] } => started, black to move
               29s sys LateForfeit { side: Black } !! [Art. 22.4] the event sets no lateness limit: the clock runs in absence (Art. 22.4)
               29s sys Flag { side: Black } !! [Art. 22.5] black still has time (Art. 12.4, 22.5)
            #2 30s sys Flag { side: Black } => result: white wins on time (W+T)
            -- phase decided, black to move, warnings B0 W0, result white wins on time (W+T)
            -- clock at 30s: Flagged(Timeout { color: Black, at: Instant(30000), lost_turn_allowed: true }); black used 30s, white used 0s
        "#]],
    );
}

#[test]
fn art22_5_a_timeout_in_the_last_period_loses() {
    check(
        &format!(
            "@time 1x30s
             {OPEN}
             10s B play E5
             40s sys flag W
             41s sys flag W
             42s W request-lost-turn"
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 10s B E5 => black E5
            #3 40s sys Flag { side: White } => result: black wins on time (B+T)
               41s sys Flag { side: White } !! [Art. 13.1] the game has a result already (Art. 13.1)
               42s W RequestLostTurn !! [Art. 22.5] the event does not allow a lost turn instead of a timeout (Art. 22.5)
            -- phase decided, white to move, warnings B0 W0, result black wins on time (B+T)
            -- clock at 40s: Flagged(Timeout { color: White, at: Instant(40000), lost_turn_allowed: true }); black used 10s, white used 30s
        "#]],
    );
}

#[test]
fn art22_5_at_the_players_request_a_timeout_costs_a_turn() {
    check(
        &format!(
            "@time 1x30s
             @lost-turn
             {OPEN}
             10s B play E5
             15s W request-lost-turn
             41s sys flag W
             50s B play D4
             1m10s W play D5"
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 10s B E5 => black E5
            #3 15s W RequestLostTurn => white asks for a lost turn on timeout
            #4 41s sys Flag { side: White } => white loses a turn (Art. 22.5)
            #5 50s B D4 => black D4
            #6 70s W D5 => white D5
            -- phase play, black to move, warnings B0 W0
            -- clock at 70s: Running(Black); black used 19s, white used 50s
        "#]],
    );
}

#[test]
fn art22_5_asked_right_after_the_flag_the_loss_becomes_a_lost_turn() {
    check(
        &format!(
            "@time 1x30s
             @lost-turn
             {OPEN}
             10s B play E5
             41s sys flag W
             42s W request-lost-turn
             50s B play D4"
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 10s B E5 => black E5
            #3 41s sys Flag { side: White } => result: black wins on time (B+T)
            #4 42s W RequestLostTurn => white asks for a lost turn on timeout; white loses a turn (Art. 22.5)
            #5 50s B D4 => black D4
            -- phase play, white to move, warnings B0 W0
            -- clock at 50s: Running(White); black used 18s, white used 30s
        "#]],
    );
}

#[test]
fn art22_8_clock_errors_are_corrected_in_proportion() {
    check(
        &format!(
            "@time 1h
             {OPEN}
             10m B play E5
             30m W play D4
             30m ref clock-proportion 36m
             31m ref clock-set 10m 20m
             32m B clock-split 30m"
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 10m B E5 => black E5
            #3 30m W D4 => white D4
            #4 30m ref ClockCorrection(Proportion { true_total: Millis(2160000) }) => clock corrected: black 10m->12m, white 20m->24m
            #5 31m ref ClockCorrection(SetUsed { black: Millis(600000), white: Millis(1200000) }) => clock corrected: black 13m->10m, white 24m->20m
               32m B ClockCorrection(SplitEvenly { total: Millis(1800000) }) !! [Art. 22.8] black may not correct the clocks: only a referee may (Art. 22.8)
            -- phase play, black to move, warnings B0 W0
            -- clock at 31m: Running(Black); black used 10m, white used 20m
        "#]],
    );
}

#[test]
fn art22_9_lost_times_are_split_evenly() {
    check(
        &format!(
            "@time 1h
             {OPEN}
             10m B play E5
             30m W play D4
             30m ref pause
             40m ref clock-split 40m
             40m ref resume"
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 10m B E5 => black E5
            #3 30m W D4 => white D4
            #4 30m ref Pause => paused
            #5 40m ref ClockCorrection(SplitEvenly { total: Millis(2400000) }) => clock corrected: black 10m->20m, white 20m->20m
            #6 40m ref Resume => resumed
            -- phase play, black to move, warnings B0 W0
            -- clock at 40m: Running(Black); black used 20m, white used 20m
        "#]],
    );
}

// ----- Art. 23, 24: discipline and warnings -----

#[test]
fn art23_7_a_phone_that_sounds_is_a_warning_then_a_loss() {
    check(
        &game(
            "1s ref discipline W phone-sounded loss
             1s ref discipline W phone-sounded warning
             2s ref discipline W phone-sounded warning
             2s ref discipline W phone-sounded loss",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
               1s ref Discipline { side: White, offence: PhoneSounded, penalty: Loss } !! [Art. 23.7] loss of the game is not the penalty for a phone that sounded (Art. 23.7)
            #2 1s ref Discipline { side: White, offence: PhoneSounded, penalty: Warning } => warning to white (Art. 23.7), 1 in all
               2s ref Discipline { side: White, offence: PhoneSounded, penalty: Warning } !! [Art. 23.7] a warning is not the penalty for a phone that sounded (Art. 23.7)
            #3 2s ref Discipline { side: White, offence: PhoneSounded, penalty: Loss } => result: black wins by the opponent's loss for a phone that sounded (B+F)
            -- phase decided, black to move, warnings B0 W1, result black wins by the opponent's loss for a phone that sounded (B+F)
        "#]],
    );
}

#[test]
fn art23_7_looking_at_a_phone_loses() {
    check(
        &game(
            "1s ref discipline B phone-looked-at warning
             1s ref discipline B phone-looked-at loss",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
               1s ref Discipline { side: Black, offence: PhoneLookedAt, penalty: Warning } !! [Art. 23.7] a warning is not the penalty for looking at a phone (Art. 23.7)
            #2 1s ref Discipline { side: Black, offence: PhoneLookedAt, penalty: Loss } => result: white wins by the opponent's loss for looking at a phone (W+F)
            -- phase decided, black to move, warnings B0 W0, result white wins by the opponent's loss for looking at a phone (W+F)
        "#]],
    );
}

#[test]
fn art23_1_cheating_both_lose() {
    check(
        &game(
            "1s ref discipline B cheating warning
             1s ref discipline B cheating both-lose",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
               1s ref Discipline { side: Black, offence: Cheating, penalty: Warning } !! [Art. 23.1] a warning is not the penalty for cheating (Art. 23.1)
            #2 1s ref Discipline { side: Black, offence: Cheating, penalty: BothLose } => result: both lose (Void)
            -- phase decided, black to move, warnings B0 W0, result both lose (Void)
        "#]],
    );
}

#[test]
fn art23_2_withdrawing_without_reason_loses() {
    check(
        &game(
            "1s ref discipline W withdrawal warning
             2s ref discipline W withdrawal loss",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
               1s ref Discipline { side: White, offence: Withdrawal, penalty: Warning } !! [Art. 23.2] a warning is not the penalty for withdrawing without reason (Art. 23.2)
            #2 2s ref Discipline { side: White, offence: Withdrawal, penalty: Loss } => result: black wins by the opponent's loss for withdrawing without reason (B+F)
            -- phase decided, black to move, warnings B0 W0, result black wins by the opponent's loss for withdrawing without reason (B+F)
        "#]],
    );
}

#[test]
fn art23_3_disturbing_a_warning_or_a_loss() {
    check(
        &game(
            "1s ref discipline B disturbing both-lose
             1s ref discipline B disturbing warning
             2s ref discipline W consulting loss",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
               1s ref Discipline { side: Black, offence: Disturbing, penalty: BothLose } !! [Art. 23.3] both sides lose is not the penalty for disturbing the opponent (Art. 23.3)
            #2 1s ref Discipline { side: Black, offence: Disturbing, penalty: Warning } => warning to black (Art. 23.3), 1 in all
            #3 2s ref Discipline { side: White, offence: Consulting, penalty: Loss } => result: black wins by the opponent's loss for discussing the game or consulting material (B+F)
            -- phase decided, black to move, warnings B1 W0, result black wins by the opponent's loss for discussing the game or consulting material (B+F)
        "#]],
    );
}

#[test]
fn art23_8_smoking_a_warning_then_a_loss() {
    check(
        &game(
            "1s ref discipline B smoking warning
             2s B play E5
             3s ref discipline B smoking warning",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s ref Discipline { side: Black, offence: Smoking, penalty: Warning } => warning to black (Art. 23.8), 1 in all
            #3 2s B E5 => black E5
               3s ref Discipline { side: Black, offence: Smoking, penalty: Warning } !! [Art. 23.8] a warning is not the penalty for smoking (Art. 23.8)
            -- phase play, white to move, warnings B1 W0
        "#]],
    );
}

#[test]
fn art24_1_a_warning_costs_a_stone_at_counting() {
    // The wall game is B+1.5 (¾ stone). White's warning moves a stone to Black (B+3.5,
    // 1¾ stones); Black's, given after the count, moves it back and the count follows.
    check(
        &game(&format!(
            "{WALL}
             25s ref clock-early W
             30s B pass
             31s W pass
             32s B mark
             33s W accept-marking
             34s ref discipline B talking warning"
        )),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#19 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6 F6 E7 F7 E8 F8 E9 F9
            #20 25s ref ClockPressedEarly { side: White } => warning to white (Art. 17.4), 1 in all
            #21 30s B pass => black passes
            #22 31s W pass => white passes; play over
            #23 32s B mark [] => marking []
            #24 33s W AcceptMarking => white accepts; result: black wins by 1¾ stones (3.5 points) (B+3.5)
            #25 34s ref Discipline { side: Black, offence: Talking, penalty: Warning } => warning to black (Art. 23.5), 1 in all; result: black wins by ¾ stones (1.5 points) (B+1.5)
            -- phase decided, black to move, warnings B1 W1, result black wins by ¾ stones (1.5 points) (B+1.5)
            -- count: black 180 white 144 (half points), dame 0, margin 3
        "#]],
    );
}

#[test]
fn art24_2_a_second_warning_loses_the_game() {
    check(
        &game(
            "1s B play E5
             2s ref clock-early B
             3s W play D4
             4s ref discipline B talking warning
             5s B play C3",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s B E5 => black E5
            #3 2s ref ClockPressedEarly { side: Black } => warning to black (Art. 17.4), 1 in all
            #4 3s W D4 => white D4
            #5 4s ref Discipline { side: Black, offence: Talking, penalty: Warning } => warning to black (Art. 23.5), 2 in all; result: white wins by the opponent's second warning (W+F)
               5s B C3 !! [Art. 13.1] the game has a result already (Art. 13.1)
            -- phase decided, black to move, warnings B2 W0, result white wins by the opponent's second warning (W+F)
        "#]],
    );
}

// ----- Results -----

#[test]
fn art9_a_draw_by_count_under_whole_stone_komi() {
    // Komi 9 points (4½ stones): Black needs more than 45; the wall gives exactly 45.
    check(
        &format!(
            "@komi 9
             {OPEN}
             {WALL}
             30s B pass
             31s W pass
             32s B mark
             33s W accept-marking"
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#19 moves E1 F1 E2 F2 E3 F3 E4 F4 E5 F5 E6 F6 E7 F7 E8 F8 E9 F9
            #20 30s B pass => black passes
            #21 31s W pass => white passes; play over
            #22 32s B mark [] => marking []
            #23 33s W AcceptMarking => white accepts; result: draw (0)
            -- phase decided, black to move, warnings B0 W0, result draw (0)
            -- count: black 180 white 144 (half points), dame 0, margin 0
        "#]],
    );
}

#[test]
fn art17_5_a_moved_stone_the_chief_referee_rules_both_lose() {
    check(
        &game(
            "1s B play E5
             2s W play D4
             3s chief adjudicate both-lose 17.5
             4s B confirm
             5s W confirm
             6s ref confirm",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s B E5 => black E5
            #3 2s W D4 => white D4
            #4 3s chief Adjudicate { outcome: BothLose, article: Article { number: 17, clause: 5 } } => result: both lose (Void)
            #5 4s B Confirm => confirmed by black
            #6 5s W Confirm => confirmed by white
            #7 6s ref Confirm => confirmed by the referee; final: both lose
            -- phase final, black to move, warnings B0 W0, result both lose (Void), confirmed Void
        "#]],
    );
}

#[test]
fn art13_1_no_result_and_forfeit_by_adjudication() {
    check(
        &game(
            "1s chief adjudicate no-result 20.3
             2s chief adjudicate B+F 13.1
             3s ref adjudicate draw 13.1",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s chief Adjudicate { outcome: NoResult, article: Article { number: 20, clause: 3 } } => result: no result (Void)
            #3 2s chief Adjudicate { outcome: Win { winner: Black, by: Forfeit }, article: Article { number: 13, clause: 1 } } => result: black wins by forfeit (B+F)
               3s ref Adjudicate { outcome: Draw, article: Article { number: 13, clause: 1 } } !! [Art. 30] the referee may not adjudicate: only the chief referee may (Art. 30)
            -- phase decided, black to move, warnings B0 W0, result black wins by forfeit (B+F)
        "#]],
    );
}

// ----- Roles (Art. 30, 31) -----

#[test]
fn art31_only_a_referee_warns_and_art30_only_the_chief_referee_adjudicates() {
    check(
        &game(
            "1s W clock-early B
             1s sys clock-early B
             1s ref adjudicate W+adj 17.5
             1s W arrive B
             1s B confirm
             1s sys confirm
             1s B flag W
             1s W overrule 0
             1s ref correct B+F 23.1",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
               1s W ClockPressedEarly { side: Black } !! [Art. 31] white may not give a ruling: only a referee may (Art. 31)
               1s sys ClockPressedEarly { side: Black } !! [Art. 31] the system may not give a ruling: only a referee may (Art. 31)
               1s ref Adjudicate { outcome: Win { winner: White, by: Adjudication }, article: Article { number: 17, clause: 5 } } !! [Art. 30] the referee may not adjudicate: only the chief referee may (Art. 30)
               1s W Arrive { side: Black, seated: None } !! [Art. 22.1] white may not record an arrival: only the player themself, a referee or the system may (Art. 22.1)
               1s B Confirm !! [Art. 16.4] the game has no result yet (Art. 16.4)
               1s sys Confirm !! [Art. 16.4] the system may not confirm the result: only the players and a referee may (Art. 16.4)
               1s B Flag { side: White } !! [Art. 22.5] black may not record a flag: only a referee or the system may (Art. 22.5)
               1s W Overrule { event: 0 } !! [Art. 30] white may not overrule a ruling: only the chief referee may (Art. 30)
               1s ref Correct { outcome: Win { winner: Black, by: Forfeit }, article: Article { number: 23, clause: 1 } } !! [Art. 30] the referee may not correct a result: only the chief referee may (Art. 30)
            -- phase play, black to move, warnings B0 W0
        "#]],
    );
}

#[test]
fn art30_the_chief_referee_overrules_a_ruling() {
    check(
        &game(
            "1s B play E5
             2s ref clock-early B
             3s W play D4
             4s ref take-back W C3
             5s chief overrule 4
             6s chief overrule 3
             7s chief overrule 5
             8s chief overrule 4
             9s B play C3",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 1s B E5 => black E5
            #3 2s ref ClockPressedEarly { side: Black } => warning to black (Art. 17.4), 1 in all
            #4 3s W D4 => white D4
            #5 4s ref TakeBack { side: White, attempted: Point { y: 6, x: 2 } } => warning to white (Art. 17.3), 1 in all
               5s chief Overrule { event: 4 } !! [Art. 30] event #4 is not a ruling by a referee or the system: it cannot be overruled (Art. 30)
            #6 6s chief Overrule { event: 3 } => overruled #3
            #7 7s chief Overrule { event: 5 } => overruled #5
               8s chief Overrule { event: 4 } !! [Art. 30] event #4 is not a ruling by a referee or the system: it cannot be overruled (Art. 30)
            #8 9s B C3 => black C3
            -- phase play, white to move, warnings B0 W0
        "#]],
    );
}

#[test]
fn art30_an_overrule_that_breaks_a_later_event_is_refused() {
    // The void move gave Black the turn back; without it White's next move is out of turn.
    check(
        &game(&format!(
            "{KO}
             20s ref void W D4
             21s B play E2
             22s chief overrule 11"
        )),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2..#10 moves D5 E5 C4 D4 D3 F4 A9 E3 E4 => black E4 x1
            #11 20s ref VoidMove { side: White, point: Point { y: 5, x: 3 } } => void: white D4 (Art. 18.3); white loses a turn (Art. 18.3); warning to white (Art. 18.3), 1 in all
            #12 21s B E2 => black E2
               22s chief Overrule { event: 11 } !! [Art. 2.3] without the overruled event, event #12 no longer applies: it is not black's turn (Art. 2.3; a second move in a row is Art. 17.2)
            -- phase play, white to move, warnings B0 W1
        "#]],
    );
}

#[test]
fn events_must_run_forward_in_time() {
    check(
        &game(
            "10s B play E5
             9s W play D4",
        ),
        expect![[r#"
            #0 0s ref Colours(Draw { black: First }) => first player takes black
            #1 0s ref Start { late: [] } => started, black to move
            #2 10s B E5 => black E5
               9s W D4 !! event at t+9000 is earlier than the last event at t+10000
            -- phase play, white to move, warnings B0 W0
        "#]],
    );
}
