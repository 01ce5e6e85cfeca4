//! Writing: what the file looks like.

use expect_test::expect;
use rules::{BoardSize, Color, Game, HalfPoints, Move, Rules};
use rules::{GameResult, WinBy};
use sgf::{Actor, GameInfo, Node, NoteKind, Player, Re, RefereeNote};

fn nine() -> Rules {
    Rules {
        size: BoardSize::new(9).unwrap(),
        ..Rules::CHINESE
    }
}

fn pt(s: &str) -> rules::Point {
    BoardSize::new(9).unwrap().parse_gtp(s).unwrap()
}

#[test]
fn a_refereed_game() {
    let mut game = Game::new(nine());
    let info = GameInfo {
        black: Player {
            name: Some("常昊".to_string()),
            rank: Some("9p".to_string()),
        },
        white: Player {
            name: Some("Gu Li [the \\ one]".to_string()),
            rank: None,
        },
        event: Some("Test Cup".to_string()),
        date: Some("2002-05-01".to_string()),
        main_time: Some(3600.0),
        overtime: Some("3x60 byo-yomi".to_string()),
        result: Some(Re::Known(GameResult::Win {
            winner: Color::Black,
            by: WinBy::Points(HalfPoints(3)),
        })),
        ..GameInfo::default()
    };
    let mut record = sgf::Record::new(game.rules().size, info);
    let mut t = [3600.0, 3600.0];
    let (b, w) = (Color::Black, Color::White);
    // After G7, White's move is void and White loses a turn: Black moves again.
    for (i, (color, v)) in [(b, "E5"), (w, "C3"), (b, "G7"), (b, "pass"), (w, "pass")]
        .into_iter()
        .enumerate()
    {
        let mv = Move::parse_gtp(game.rules().size, v).unwrap();
        game.play_as(color, mv).unwrap();
        t[color.index()] -= 12.5 * (i + 1) as f64;
        let mut node = Node::with_move(color, mv);
        node.time_left[color.index()] = Some(t[color.index()]);
        if i == 1 {
            node.periods_left[color.index()] = Some(3);
            node.comment = Some("White: 3 periods left".to_string());
        }
        record.push(node);
        if i == 2 {
            // White tries a forbidden point: void, and White loses a turn (Art. 19).
            let mut void = Node::default();
            void.notes.push(RefereeNote {
                kind: NoteKind::VoidMove,
                color: Some(Color::White),
                article: Some("19".to_string()),
                actor: Actor::System,
                point: Some(pt("A9")),
                text: "forbidden point: the stone is removed".to_string(),
            });
            void.notes.push(RefereeNote {
                kind: NoteKind::LostTurn,
                color: Some(Color::White),
                article: Some("19".to_string()),
                actor: Actor::Referee,
                point: None,
                text: String::new(),
            });
            void.notes.push(RefereeNote {
                kind: NoteKind::Warning,
                color: Some(Color::White),
                article: Some("17.4".to_string()),
                actor: Actor::Referee,
                point: None,
                text: "pressed the clock: before placing the stone".to_string(),
            });
            record.push(void);
        }
    }
    let text = sgf::write(&record);
    expect![[r#"
        (;FF[4]CA[UTF-8]GM[1]AP[weiqi:0.0.0]SZ[9]
        PB[常昊]BR[9p]PW[Gu Li [the \\ one\]]DT[2002-05-01]EV[Test Cup]TM[3600]OT[3x60 byo-yomi]RE[B+1.5]
        ;B[ee]BL[3587.5];W[cg]WL[3575]OW[3]C[White: 3 periods left];B[gc]BL[3550]
        ;C[Referee: void move by White at A9 (Art. 19), by the system: forbidden point: the stone is removed
        Referee: White loses a turn (Art. 19), by the referee
        Referee: warning to White (Art. 17.4), by the referee: pressed the clock: before placing the stone]WQREF[void-move:W:19:system:aa:forbidden point\: the stone is removed][lost-turn:W:19:referee::][warning:W:17.4:referee::pressed the clock\: before placing the stone]
        ;B[]BL[3500];W[]WL[3512.5])
    "#]]
    .assert_eq(&text);
    let back = sgf::parse(text.as_bytes()).unwrap();
    assert_eq!(back.warnings, []);
    let replayed = back.to_game(None).unwrap();
    assert_eq!(replayed.history(), game.history());
    assert_eq!(replayed.board(), game.board());
    assert_eq!(back.main_line().len(), record.main_line().len());
    for (a, b) in back.main_line().into_iter().zip(record.main_line()) {
        assert_eq!(back.node(a), record.node(b));
    }
}

#[test]
fn from_game_with_handicap_and_resignation() {
    let stones = rules::fixed_handicap(BoardSize::new(9).unwrap(), 3).unwrap();
    let mut game = Game::with_handicap(nine(), &stones);
    game.play(Move::Play(pt("E5"))).unwrap();
    game.resign(Color::Black).unwrap();
    expect![[r#"
        (;FF[4]CA[UTF-8]GM[1]AP[weiqi:0.0.0]SZ[9]
        RU[Chinese]KM[7.5]HA[3]RE[W+R]AB[cc][gc][cg]
        ;W[ee])
    "#]]
    .assert_eq(&sgf::write(&sgf::Record::from_game(&game, GameInfo::default())));
}

#[test]
fn white_first_in_an_even_game_writes_pl() {
    let mut game = Game::new(nine());
    game.play_as(Color::White, Move::Play(pt("E5"))).unwrap();
    expect![[r#"
        (;FF[4]CA[UTF-8]GM[1]AP[weiqi:0.0.0]SZ[9]
        RU[Chinese]KM[7.5]PL[W]
        ;W[ee])
    "#]]
    .assert_eq(&sgf::write(&sgf::Record::from_game(&game, GameInfo::default())));
}

#[test]
fn results_per_the_specification() {
    let mut out = Vec::new();
    for r in [
        Re::Known(GameResult::Win {
            winner: Color::Black,
            by: WinBy::Points(HalfPoints(3)),
        }),
        Re::Known(GameResult::Win {
            winner: Color::White,
            by: WinBy::Resignation,
        }),
        Re::Known(GameResult::Win {
            winner: Color::Black,
            by: WinBy::Time,
        }),
        Re::Known(GameResult::Win {
            winner: Color::Black,
            by: WinBy::Forfeit,
        }),
        Re::Known(GameResult::Draw),
        Re::Known(GameResult::NoResult),
        Re::Unknown,
    ] {
        out.push(r.to_string());
    }
    expect!["B+1.5 W+R B+T B+F 0 Void ?"].assert_eq(&out.join(" "));
}
