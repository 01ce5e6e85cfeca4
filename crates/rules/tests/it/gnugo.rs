//! GNU Go 3.8 as a second opinion on the rules of play (issue 2), spoken to over GTP as
//! `gnugo --mode gtp --chinese-rules --situational-superko`:
//!
//! - random games of many lengths on 5×5 to 19×19: before every move both engines judge the
//!   empty points for the side to move (all of them on small boards, our refusals plus a
//!   sample on large ones), every move is played on both, and a few refused candidates per
//!   game (occupied, suicide, ko retake, repetition) go through `play` on both;
//! - constructed cycles: a triple ko (Art. 6, 20.3) and a double ko with passes (a pass never
//!   clears the history, and the side to move is part of the position);
//! - `final_score` of settled positions (light playouts to two passes: only one-point eyes
//!   are left and every group is unconditionally alive) against [`Game::count`] (`Count::result`).
//!
//! GNU Go keeps the history for its superko check only for 500 moves, so every game whose
//! refusals are compared stays below that. When GNU Go is not installed these tests fail
//! and say how to install it: a second opinion that silently does not run is no opinion.

use rules::playout::{Rng, random_legal_move};
use rules::{BoardSize, Color, Game, HalfPoints, IllegalMove, Move, Point, Rules};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const GNUGO: &str = "/usr/games/gnugo";

/// GNU Go forgets superko history after this many moves; games compared on refusals stay
/// below it (setup stones included).
const GNUGO_HISTORY: usize = 500;

/// How many times the random plans run: a few seconds in a debug build, more when optimised.
const ROUNDS: u64 = if cfg!(debug_assertions) { 2 } else { 6 };

/// A GNU Go process spoken to over GTP.
struct GnuGo {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl GnuGo {
    fn start() -> GnuGo {
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp", "--chinese-rules", "--situational-superko"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "GNU Go is the second opinion of these tests but {GNUGO} could not be run ({e}); \
                     install it with `apt-get install -y --no-install-recommends gnugo`"
                )
            });
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        GnuGo { child, stdin, stdout }
    }

    /// Sends one command; `Ok(body)` for a `=` answer, `Err(body)` for a `?` answer.
    fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.stdin, "{command}").unwrap_or_else(|e| panic!("GNU Go does not read {command:?}: {e}"));
        self.stdin.flush().expect("flush to GNU Go");
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read from GNU Go");
            assert!(n > 0, "GNU Go quit on {command:?}");
            if line.trim().is_empty() && !reply.is_empty() {
                break;
            }
            reply.push_str(&line);
        }
        let reply = reply.trim_end();
        if let Some(body) = reply.strip_prefix('=') {
            Ok(body.trim().to_string())
        } else if let Some(body) = reply.strip_prefix('?') {
            Err(body.trim().to_string())
        } else {
            panic!("GNU Go answered {command:?} with {reply:?}")
        }
    }

    /// Sends a command that must succeed.
    fn ok(&mut self, command: &str) -> String {
        self.send(command)
            .unwrap_or_else(|e| panic!("GNU Go refused {command:?}: {e}"))
    }

    fn new_game(&mut self, size: BoardSize, komi: HalfPoints) {
        self.ok(&format!("boardsize {size}"));
        self.ok("clear_board");
        self.ok(&format!("komi {komi}"));
    }

    /// Whether GNU Go would accept `color` on `p` (`is_legal`, the same judgement as `play`).
    fn is_legal(&mut self, size: BoardSize, color: Color, p: Point) -> bool {
        match self.ok(&format!("is_legal {color} {}", size.gtp(p))).as_str() {
            "1" => true,
            "0" => false,
            other => panic!("GNU Go's is_legal answered {other:?}"),
        }
    }

    /// The stones of `color` on GNU Go's board, in GTP coordinates.
    fn stones(&mut self, color: Color) -> BTreeSet<String> {
        self.ok(&format!("list_stones {color}"))
            .split_whitespace()
            .map(str::to_string)
            .collect()
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

fn rules(size: u8, komi: HalfPoints) -> Rules {
    Rules {
        size: BoardSize::new(size).unwrap(),
        komi,
        ..Rules::CHINESE
    }
}

/// Our stones of `color`, in GTP coordinates.
fn our_stones(game: &Game, color: Color) -> BTreeSet<String> {
    let size = game.board().size();
    size.points()
        .filter(|&p| game.board().get(p) == Some(color))
        .map(|p| size.gtp(p))
        .collect()
}

fn assert_same_board(game: &Game, gnugo: &mut GnuGo, context: &str) {
    for color in [Color::Black, Color::White] {
        assert_eq!(
            our_stones(game, color),
            gnugo.stones(color),
            "{context}: the {color} stones differ\n{}",
            game.board()
        );
    }
}

/// Plays `mv` for `color` on both engines; both must accept it.
fn play_both(game: &mut Game, gnugo: &mut GnuGo, color: Color, mv: Move, context: &str) -> u32 {
    let size = game.board().size();
    let played = game
        .play_as(color, mv)
        .unwrap_or_else(|e| panic!("{context}: we refuse {color} {}: {e}\n{}", mv.gtp(size), game.board()));
    if let Err(e) = gnugo.send(&format!("play {color} {}", mv.gtp(size))) {
        panic!(
            "{context}: GNU Go refuses {color} {}, which we accept: {e}\n{}",
            mv.gtp(size),
            game.board()
        );
    }
    played.captures
}

/// Tries an illegal `color` `p` on both engines through `play`: both must refuse, ours with
/// `expected`, and neither may change.
fn refuse_both(game: &mut Game, gnugo: &mut GnuGo, color: Color, p: Point, expected: IllegalMove, context: &str) {
    let size = game.board().size();
    let before = game.board().clone();
    assert_eq!(
        game.play_as(color, Move::Play(p)).map(|_| ()),
        Err(expected),
        "{context}: our verdict on {color} {}\n{}",
        size.gtp(p),
        game.board()
    );
    assert_eq!(game.board(), &before, "{context}: a refused move changed our board");
    if gnugo.send(&format!("play {color} {}", size.gtp(p))).is_ok() {
        panic!(
            "{context}: GNU Go accepts {color} {}, which we refuse ({expected})\n{}",
            size.gtp(p),
            before
        );
    }
}

/// What the random games met, so that the test shows it compared what it claims to.
#[derive(Debug, Default)]
struct Seen {
    moves: usize,
    judged: usize,
    captures: usize,
    refused: [usize; 4],
    refused_by_play: [usize; 4],
}

const OCCUPIED: usize = 0;
const SUICIDE: usize = 1;
const KO: usize = 2;
const REPETITION: usize = 3;

fn kind(e: IllegalMove) -> usize {
    match e {
        IllegalMove::Occupied => OCCUPIED,
        IllegalMove::Suicide => SUICIDE,
        IllegalMove::Ko => KO,
        IllegalMove::Repetition => REPETITION,
        other => panic!("unexpected refusal {other:?} of a move on an empty point"),
    }
}

/// One random game of at most `max_moves` moves, compared move by move.
fn random_game(gnugo: &mut GnuGo, size: u8, max_moves: usize, seed: u64, seen: &mut Seen) {
    assert!(max_moves < GNUGO_HISTORY);
    let mut rng = Rng::new(seed);
    let mut game = Game::new(rules(size, Rules::CHINESE.komi));
    let size = game.board().size();
    gnugo.new_game(size, Rules::CHINESE.komi);
    // Small boards: ask GNU Go about every empty point; large: our refusals and a sample.
    let sweep_all = size.get() <= 9;
    // One refused candidate of each kind per game goes through `play` on both.
    let mut tried_by_play = [false; 4];
    while game.history().len() < max_moves {
        if game.end().is_some() {
            // Two passes: play on (Art. 21.4 resumes play, history kept). Only eye-filling
            // moves are left, so whole groups die and the board refills, with kos and cycles.
            game.resume(game.to_move()).unwrap();
        }
        let color = game.to_move();
        let context = format!("{size}x{size} seed {seed} move {}", game.history().len() + 1);
        let empties: Vec<Point> = game.board().empty_points().collect();
        let mut legal = Vec::new();
        for (k, &p) in empties.iter().enumerate() {
            let ours = game.check(color, Move::Play(p));
            if let Err(e) = ours {
                seen.refused[kind(e)] += 1;
            }
            if sweep_all || ours.is_err() || k % 40 == seed as usize % 40 {
                seen.judged += 1;
                let theirs = gnugo.is_legal(size, color, p);
                assert_eq!(
                    ours.is_ok(),
                    theirs,
                    "{context}: {color} {}: we say {ours:?}, GNU Go says legal = {theirs}\n{}",
                    size.gtp(p),
                    game.board()
                );
            }
            match ours {
                Ok(()) => legal.push(p),
                Err(e) if !tried_by_play[kind(e)] => {
                    tried_by_play[kind(e)] = true;
                    seen.refused_by_play[kind(e)] += 1;
                    refuse_both(&mut game, gnugo, color, p, e, &context);
                }
                Err(_) => {}
            }
        }
        if !tried_by_play[OCCUPIED] && game.board().n_empty() < size.n_points() {
            let stones: Vec<Point> = size.points().filter(|&p| game.board().get(p).is_some()).collect();
            let p = stones[rng.below(stones.len())];
            tried_by_play[OCCUPIED] = true;
            seen.refused_by_play[OCCUPIED] += 1;
            refuse_both(&mut game, gnugo, color, p, IllegalMove::Occupied, &context);
        }
        // Mostly the light policy; sometimes any legal point, eyes included, so that big
        // groups die and the board refills; now and then a pass (never a second one unless
        // nothing else is left), which must not clear the history.
        let roll = rng.below(100);
        let light = random_legal_move(&game, &mut rng);
        let mv = if roll < 3 && game.consecutive_passes() == 0 {
            Move::Pass
        } else if (roll < 25 || light == Move::Pass && roll < 75) && !legal.is_empty() {
            Move::Play(legal[rng.below(legal.len())])
        } else {
            light
        };
        let captures = play_both(&mut game, gnugo, color, mv, &context);
        seen.moves += 1;
        seen.captures += (captures > 0) as usize;
        if game.history().len().is_multiple_of(50) {
            assert_same_board(&game, gnugo, &context);
        }
    }
    assert_same_board(&game, gnugo, &format!("{size}x{size} seed {seed}, end"));
}

#[test]
fn gnugo_agrees_on_every_move_of_random_games() {
    let mut gnugo = GnuGo::start();
    let mut seen = Seen::default();
    let mut seed = 0;
    // (size, game lengths): many lengths; the long ones play on past two passes.
    let plan: [(u8, &[usize]); 6] = [
        (
            5,
            &[
                3, 10, 25, 60, 100, 150, 200, 300, 450, 450, 450, 450, 450, 450, 450, 450,
            ],
        ),
        (6, &[20, 100, 450, 450]),
        (7, &[15, 60, 120, 200, 300, 450, 450, 450]),
        (9, &[30, 80, 120, 200, 450, 450]),
        (13, &[80, 200, 450]),
        (19, &[150, 450]),
    ];
    for _ in 0..ROUNDS {
        for (size, lengths) in plan {
            for &max_moves in lengths {
                random_game(&mut gnugo, size, max_moves, seed, &mut seen);
                seed += 1;
            }
        }
    }
    // The comparison met every kind of refusal, through `play` too, and many captures.
    println!("{seen:?}");
    assert!(seen.moves > 2000, "{seen:?}");
    assert!(seen.captures > 200, "{seen:?}");
    for k in [SUICIDE, KO, REPETITION] {
        assert!(seen.refused[k] > 0, "{seen:?}");
    }
    for k in [OCCUPIED, SUICIDE, KO, REPETITION] {
        assert!(seen.refused_by_play[k] > 0, "{seen:?}");
    }
}

/// Plays a position onto both engines, alternating colors as long as both have stones
/// (GTP lets either color play at any time). The diagram has `X` black, `O` white, `.` empty,
/// one row per line from the top; no stone may capture or be captured.
fn setup(gnugo: &mut GnuGo, diagram: &str) -> Game {
    let rows: Vec<&str> = diagram.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let size = BoardSize::new(rows.len() as u8).unwrap();
    let mut stones = [Vec::new(), Vec::new()];
    for (y, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), rows.len(), "row {y} of the diagram");
        for (x, c) in cells.into_iter().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match c {
                'X' => stones[0].push(p),
                'O' => stones[1].push(p),
                _ => {}
            }
        }
    }
    let mut game = Game::new(rules(size.get(), Rules::CHINESE.komi));
    gnugo.new_game(size, Rules::CHINESE.komi);
    let mut queues = stones.map(|s| s.into_iter());
    let mut color = Color::Black;
    loop {
        let p = queues[color.index()].next().or_else(|| {
            queues[color.opponent().index()]
                .next()
                .inspect(|_| color = color.opponent())
        });
        let Some(p) = p else { break };
        let captured = play_both(&mut game, gnugo, color, Move::Play(p), "setup");
        assert_eq!(captured, 0, "setup stone {} captured", size.gtp(p));
        color = color.opponent();
    }
    game
}

/// Three single-stone kos on 9×9. K1 (top left) and K3 (bottom left) hold a white stone that
/// Black can take at the empty point (C8, C3); K2 (top right) holds a black stone that White
/// can take at H8. Each group around the kos keeps a liberty whatever happens in the kos.
const THREE_KOS: &str = "
    . X O . . . O X .
    X O . O . O X . X
    . X O . . . O X .
    . . . . . . . . .
    . . . . . . . . .
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
    . . . . . . . . .
";

/// K1 and K2 of [`THREE_KOS`] alone.
const TWO_KOS: &str = "
    . X O . . . O X .
    X O . O . O X . X
    . X O . . . O X .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
";

/// A move of a constructed sequence and what our engine must say (GNU Go must agree).
fn step(game: &mut Game, gnugo: &mut GnuGo, color: Color, vertex: &str, expected: Result<u32, IllegalMove>) {
    let size = game.board().size();
    let mv = Move::parse_gtp(size, vertex).unwrap();
    let context = format!("{color} {vertex} after {} moves", game.history().len());
    match (expected, mv) {
        (Ok(captures), _) => assert_eq!(play_both(game, gnugo, color, mv, &context), captures, "{context}"),
        (Err(e), Move::Play(p)) => refuse_both(game, gnugo, color, p, e, &context),
        (Err(_), Move::Pass) => unreachable!("a pass is always legal"),
    }
}

#[test]
fn gnugo_agrees_that_a_triple_ko_cycle_is_forbidden() {
    use Color::{Black as B, White as W};
    let mut gnugo = GnuGo::start();
    let mut game = setup(&mut gnugo, THREE_KOS);
    assert_eq!(game.to_move(), B);
    step(&mut game, &mut gnugo, B, "C8", Ok(1)); // takes K1
    step(&mut game, &mut gnugo, W, "B8", Err(IllegalMove::Ko)); // Art. 20.1: no immediate retake
    step(&mut game, &mut gnugo, W, "H8", Ok(1)); // takes K2
    step(&mut game, &mut gnugo, B, "G8", Err(IllegalMove::Ko));
    step(&mut game, &mut gnugo, B, "C3", Ok(1)); // takes K3
    step(&mut game, &mut gnugo, W, "B8", Ok(1)); // retakes K1
    step(&mut game, &mut gnugo, B, "G8", Ok(1)); // retakes K2
    // Art. 6: retaking K3 would bring back the starting position with Black to move.
    step(&mut game, &mut gnugo, W, "B3", Err(IllegalMove::Repetition));
    assert_same_board(&game, &mut gnugo, "triple ko");
}

#[test]
fn gnugo_agrees_that_passes_keep_the_history_and_the_side_to_move_counts() {
    use Color::{Black as B, White as W};
    let mut gnugo = GnuGo::start();
    let mut game = setup(&mut gnugo, TWO_KOS);
    assert_eq!(game.to_move(), B);
    step(&mut game, &mut gnugo, B, "C8", Ok(1)); // takes K1: position P1, White to move
    step(&mut game, &mut gnugo, W, "H8", Ok(1)); // takes K2
    step(&mut game, &mut gnugo, B, "pass", Ok(0));
    step(&mut game, &mut gnugo, W, "B8", Ok(1)); // retakes K1 (not immediate: Black passed)
    // The starting board again, but with White to move: a new situation, so legal under
    // situational superko (positional superko would forbid it).
    step(&mut game, &mut gnugo, B, "G8", Ok(1));
    step(&mut game, &mut gnugo, W, "pass", Ok(0));
    // P1 with White to move again: the passes in between do not clear the history.
    step(&mut game, &mut gnugo, B, "C8", Err(IllegalMove::Repetition));
    assert_same_board(&game, &mut gnugo, "two kos and passes");
}

/// Whether the position is settled: every empty point is a one-point eye (all its
/// neighbours one color) and every group has at least two liberties. Such groups are all
/// unconditionally alive (each has two eyes that only it borders), so the count needs no
/// dead stones and GNU Go can have no other opinion.
fn settled(game: &Game) -> bool {
    let board = game.board();
    let size = board.size();
    let n = size.get() as i32;
    size.points().all(|p| match board.get(p) {
        Some(_) => board.n_liberties(p) >= 2,
        None => {
            let mut colors = [(0, 1), (1, 0), (0, -1), (-1, 0)]
                .into_iter()
                .map(|(dx, dy)| (p.x as i32 + dx, p.y as i32 + dy))
                .filter(|&(x, y)| (0..n).contains(&x) && (0..n).contains(&y))
                .map(|(x, y)| board.get(Point::new(x as u8, y as u8)));
            let first = colors.next().flatten();
            first.is_some() && colors.all(|c| c == first)
        }
    })
}

/// GNU Go's `final_score` (`B+17.0`, `W+0.5`, `0`) as `Count::result` writes it
/// (`B+17`, `W+0.5`, `0`).
fn normalise_score(score: &str) -> String {
    if score == "0" {
        return score.to_string();
    }
    let (winner, margin) = score
        .split_once('+')
        .unwrap_or_else(|| panic!("GNU Go's final_score {score:?} is not a result"));
    let margin: f64 = margin
        .parse()
        .unwrap_or_else(|e| panic!("GNU Go's final_score {score:?}: {e}"));
    let margin = HalfPoints::from_points(margin).unwrap_or_else(|e| panic!("GNU Go's final_score {score:?}: {e}"));
    if margin == HalfPoints(0) {
        return "0".to_string();
    }
    format!("{winner}+{margin}")
}

#[test]
fn gnugo_agrees_on_the_score_of_settled_positions() {
    let mut gnugo = GnuGo::start();
    let mut compared = 0;
    let mut results = BTreeSet::new();
    // Komi in half points: 3¾ stones, odd whole points (so that draws happen on odd boards,
    // where the areas differ by an odd number), none, a negative one.
    let komis = [15, 2, 10, 14, 0, -5];
    let plan: [(u8, u64); 7] =
        [(5, 120), (6, 30), (7, 60), (8, 20), (9, 40), (13, 12), (19, 6)].map(|(size, games)| (size, games * ROUNDS));
    let mut seed = 1000;
    for (size, games) in plan {
        for g in 0..games {
            seed += 1;
            let komi = HalfPoints(komis[g as usize % komis.len()]);
            let mut game = Game::new(rules(size, komi));
            let board_size = game.board().size();
            gnugo.new_game(board_size, komi);
            let mut rng = Rng::new(seed);
            // Only moves we accept are sent, and GNU Go past its history limit can only be
            // more permissive, so the score comparison holds at any length.
            while game.end().is_none() && game.history().len() < 3 * board_size.n_points() {
                let color = game.to_move();
                let mv = random_legal_move(&game, &mut rng);
                let context = format!("{board_size}x{board_size} seed {seed}");
                play_both(&mut game, &mut gnugo, color, mv, &context);
            }
            assert_same_board(&game, &mut gnugo, &format!("{size}x{size} seed {seed}"));
            if game.end().is_none() || !settled(&game) {
                continue;
            }
            let ours = game.count(&[], [0, 0]).result();
            let theirs = normalise_score(&gnugo.ok("final_score"));
            assert_eq!(
                ours,
                theirs,
                "{size}x{size} seed {seed} komi {komi}: our count against GNU Go's final_score\n{}",
                game.board()
            );
            compared += 1;
            results.insert(ours);
        }
    }
    // Almost every light playout ends settled; the comparison covered wins for both and draws.
    println!(
        "{compared} settled positions compared, {} different results",
        results.len()
    );
    assert!(compared >= 50, "only {compared} settled positions compared");
    assert!(results.iter().any(|r| r.starts_with('B')), "{results:?}");
    assert!(results.iter().any(|r| r.starts_with('W')), "{results:?}");
    assert!(results.contains("0"), "{results:?}");
}
