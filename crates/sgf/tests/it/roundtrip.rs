//! Round trip: parse(write(record)) is the same record, and the same game.

use proptest::prelude::*;
use rules::playout::{Rng, random_legal_move};
use rules::{Board, BoardSize, Color, Game, HalfPoints, Move, Point, Rules};
use rules::{GameResult, WinBy};
use sgf::{Actor, GameInfo, Node, NoteKind, Player, Re, Record, RefereeNote};

/// SimpleText as a reader gives it back: words of printable characters (SGF syntax
/// characters, CJK and escapes included) joined by single spaces.
fn simple_text() -> impl Strategy<Value = String> {
    proptest::collection::vec("[a-zA-Z0-9\\[\\]\\\\:;()+.\u{4e00}-\u{4e20}]{1,6}", 1..4).prop_map(|w| w.join(" "))
}

/// Text (comments): lines of such words, empty lines allowed.
fn text() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::option::of(simple_text()), 1..4).prop_map(|lines| {
        lines
            .into_iter()
            .map(Option::unwrap_or_default)
            .collect::<Vec<_>>()
            .join("\n")
    })
}

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn result() -> impl Strategy<Value = Re> {
    prop_oneof![
        (color(), 0..200i32).prop_map(|(winner, h)| Re::Known(GameResult::Win {
            winner,
            by: WinBy::Points(HalfPoints(h))
        })),
        (
            color(),
            prop_oneof![Just(WinBy::Time), Just(WinBy::Forfeit), Just(WinBy::Unstated)]
        )
            .prop_map(|(winner, by)| Re::Known(GameResult::Win { winner, by })),
        Just(Re::Known(GameResult::Draw)),
        Just(Re::Known(GameResult::NoResult)),
        Just(Re::Unknown),
    ]
}

fn info() -> impl Strategy<Value = GameInfo> {
    (
        proptest::option::of(simple_text()),
        proptest::option::of(simple_text()),
        proptest::option::of(simple_text()),
        proptest::option::of(simple_text()),
        proptest::option::of(simple_text()),
        proptest::option::of(result()),
        proptest::option::of(0u32..100_000_000),
        proptest::option::of(simple_text()),
    )
        .prop_map(|(pb, br, pw, ev, pc, result, tm_ms, ot)| GameInfo {
            black: Player { name: pb, rank: br },
            white: Player { name: pw, rank: None },
            event: ev,
            place: pc,
            result,
            main_time: tm_ms.map(|ms| ms as f64 / 1000.0),
            overtime: ot,
            ..GameInfo::default()
        })
}

fn note() -> impl Strategy<Value = RefereeNote> {
    (
        prop_oneof![
            Just(NoteKind::Warning),
            Just(NoteKind::VoidMove),
            Just(NoteKind::Adjudication)
        ],
        proptest::option::of(color()),
        proptest::option::of("[0-9]{1,2}(\\.[0-9])?"),
        prop_oneof![
            color().prop_map(Actor::Player),
            Just(Actor::Referee),
            Just(Actor::ChiefReferee),
            Just(Actor::System)
        ],
        proptest::option::of((0u8..9, 0u8..9)),
        proptest::option::of(text()),
    )
        .prop_map(|(kind, color, article, actor, point, text)| RefereeNote {
            kind,
            color,
            article,
            actor,
            point: point.map(|(x, y)| Point::new(x, y)),
            text: text.unwrap_or_default(),
        })
}

/// What to hang on each move node.
#[derive(Clone, Debug)]
struct Extras {
    time_ms: Option<u32>,
    periods: Option<u32>,
    comment: Option<String>,
    notes: Vec<RefereeNote>,
}

fn extras() -> impl Strategy<Value = Extras> {
    (
        proptest::option::of(0u32..10_000_000),
        proptest::option::of(0u32..30),
        proptest::option::weighted(0.2, text()),
        proptest::collection::vec(note(), 0..2),
    )
        .prop_map(|(time_ms, periods, comment, notes)| Extras {
            time_ms,
            periods,
            comment,
            notes,
        })
}

/// A random legal game: a start position (handicap or setup), then moves and passes.
pub fn random_game(size: u8, seed: u64, n_moves: usize, start: u8, komi: i32, resign: bool) -> Game {
    let size = BoardSize::new(size).unwrap();
    let rules = Rules {
        size,
        komi: HalfPoints(komi),
        ..Rules::CHINESE
    };
    let mut rng = Rng::new(seed);
    let mut game = match start {
        0 => Game::new(rules),
        1 => match rules::fixed_handicap(size, 2 + (seed % 3) as u32) {
            Some(stones) => Game::with_handicap(rules, &stones),
            None => Game::new(rules),
        },
        _ => {
            // A setup position: a few random moves of either colour, White or Black to move.
            let mut board = Board::new(size);
            let mut scratch = Game::new(rules);
            for _ in 0..(seed % 7) {
                // On a tiny board two random passes can end the scratch game (Art. 7.3)
                // before the setup is done: the position so far is the setup.
                if scratch.end().is_some() {
                    break;
                }
                let mv = random_legal_move(&scratch, &mut rng);
                scratch.play(mv).unwrap();
            }
            for p in size.points() {
                board.set(p, scratch.board().get(p));
            }
            let to_move = if seed.is_multiple_of(2) {
                Color::Black
            } else {
                Color::White
            };
            Game::from_position(rules, board, to_move, 0)
        }
    };
    for _ in 0..n_moves {
        if game.end().is_some() {
            break;
        }
        let mv = if rng.below(10) == 0 {
            Move::Pass
        } else {
            random_legal_move(&game, &mut rng)
        };
        game.play(mv).unwrap();
    }
    if resign && game.end().is_none() {
        game.resign(game.to_move()).unwrap();
    }
    game
}

fn same_game(a: &Game, b: &Game) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.history(), b.history());
    prop_assert_eq!(a.board(), b.board());
    prop_assert_eq!(a.start(), b.start());
    prop_assert_eq!(a.to_move(), b.to_move());
    prop_assert_eq!(a.end(), b.end());
    prop_assert_eq!(a.handicap(), b.handicap());
    prop_assert_eq!(a.rules(), b.rules());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn parse_write_is_the_same_game(
        size in prop_oneof![Just(9u8), Just(19), Just(21), Just(25), 2u8..26],
        seed in any::<u64>(),
        n_moves in 0usize..300,
        start in 0u8..3,
        komi in -20i32..40,
        resign in any::<bool>(),
        info in info(),
        extras in proptest::collection::vec(extras(), 0..40),
    ) {
        let game = random_game(size, seed, n_moves, start, komi, resign);
        let mut info = info;
        if matches!(game.end(), Some(rules::GameEnd::Resignation { .. })) {
            // The record's result is the resignation (a result given by hand would win).
            info.result = None;
        }
        let mut record = Record::from_game(&game, info);
        // Time left, comments and referee notes on the first move nodes.
        let line = record.main_line();
        for (&id, x) in line.iter().skip(1).zip(&extras) {
            let node: &mut Node = record.node_mut(id);
            let Some((color, _)) = node.mv else { continue };
            node.time_left[color.index()] = x.time_ms.map(|ms| ms as f64 / 1000.0);
            node.periods_left[color.index()] = x.periods;
            node.comment = x.comment.clone();
            node.notes = x
                .notes
                .iter()
                .filter(|n| n.point.is_none_or(|p| p.x < size && p.y < size))
                .cloned()
                .collect();
        }
        let text = sgf::write(&record);
        let back = sgf::parse(text.as_bytes()).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back.warnings, &Vec::new(), "{}", text);
        prop_assert_eq!(&back, &record, "{}", text);
        let replayed = back.to_game(None).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        same_game(&replayed, &game)?;
        // And writing again gives the same text.
        prop_assert_eq!(sgf::write(&back), text);
    }
}
