//! The engine: GTP commands applied to a [`Game`].

use crate::error::CommandError;
use crate::frame::{self, Response};
use crate::player;
use crate::time::{TimeLeft, TimeSystem};
use rules::life::{self, ProposalSettings};
use rules::playout::Rng;
use rules::{
    BoardSize, Color, CyclePolicy, Game, GameEnd, GameResult, HalfPoints, IllegalMove, Move, Point, PointError, Rules,
    WinBy,
};
use std::fmt::Write as _;

/// The commands this engine answers, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "time_settings",
    "kgs-time_settings",
    "time_left",
    "loadsgf",
    "printsgf",
];

/// The name the engine gives itself: it says what `genmove` is.
pub const NAME: &str = "weiqi (sparring partner: a plain legal player, not an AI)";

/// How the engine starts: the rules of every game it sets up, and the seed of its player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Board size, komi, ko rule and cycle policy. `boardsize` and `komi` change the
    /// first two during the session.
    pub rules: Rules,
    /// Seed of the sparring partner's random choices. The same seed and the same commands
    /// give the same replies.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            rules: Rules::CHINESE,
            seed: 0,
        }
    }
}

/// A GTP engine over one game at a time.
///
/// Invariant: `game` is `Game::from_position(game.rules(), game.start(),
/// game.start_to_move(), game.handicap())` with the history played on it (and play reopened
/// wherever two passes were followed by a move), so it can be rebuilt with other rules when
/// the komi changes.
#[derive(Clone, Debug)]
pub struct Engine {
    settings: Settings,
    game: Game,
    rng: Rng,
    time: TimeSystem,
    time_left: [Option<TimeLeft>; 2],
    quit: bool,
}

impl Engine {
    /// An engine with an empty board under `settings.rules`.
    pub fn new(settings: Settings) -> Engine {
        Engine {
            settings,
            game: Game::new(settings.rules),
            rng: Rng::new(settings.seed),
            time: TimeSystem::NoLimit,
            time_left: [None; 2],
            quit: false,
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether `quit` was received: the controller expects no more replies.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Answers one input line. Empty lines, white space and `#` comments get no reply
    /// (`None`); every other line gets exactly one, success or error. Never panics.
    pub fn handle(&mut self, line: &str) -> Option<Response> {
        let clean = frame::preprocess(line)?;
        let cmd = frame::parse(&clean);
        let outcome = match cmd.name {
            None => Err(CommandError::MissingCommand),
            Some(name) => self.execute(name, &cmd.args),
        };
        Some(Response {
            id: cmd.id.map(str::to_string),
            outcome: outcome.map_err(|e| e.to_string()),
        })
    }

    fn execute(&mut self, name: &str, args: &[&str]) -> Result<String, CommandError> {
        match name {
            "protocol_version" => no_args(args).map(|()| "2".to_string()),
            "name" => no_args(args).map(|()| NAME.to_string()),
            "version" => no_args(args).map(|()| env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => {
                let [cmd] = exactly(args, "a command name")?;
                Ok(COMMANDS.contains(&cmd).to_string())
            }
            "list_commands" => no_args(args).map(|()| COMMANDS.join("\n")),
            "quit" => {
                no_args(args)?;
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                no_args(args)?;
                self.reset(Game::new(self.settings.rules));
                Ok(String::new())
            }
            "komi" => self.komi(args),
            "play" => self.play_command(args),
            "genmove" => self.genmove(args),
            "undo" => {
                no_args(args)?;
                self.game.undo().map(|_| String::new()).ok_or(CommandError::CannotUndo)
            }
            "showboard" => no_args(args).map(|()| self.showboard()),
            "final_score" => {
                no_args(args)?;
                self.final_score()
            }
            "final_status_list" => self.final_status_list(args),
            "fixed_handicap" => self.fixed_handicap(args),
            "place_free_handicap" => self.place_free_handicap(args),
            "set_free_handicap" => self.set_free_handicap(args),
            "time_settings" => {
                let [main, period, stones] = exactly(args, "main time, byo-yomi time and byo-yomi stones")?;
                self.time = TimeSystem::from_gtp(seconds(main)?, seconds(period)?, count(stones)?);
                Ok(String::new())
            }
            "kgs-time_settings" => self.kgs_time_settings(args),
            "time_left" => {
                let [color, secs, stones] = exactly(args, "a color, seconds and stones")?;
                let color = parse_color(color)?;
                let seconds = secs
                    .parse::<i64>()
                    .map_err(|_| CommandError::Syntax(format!("{secs:?} is not a whole number of seconds")))?;
                self.time_left[color.index()] = Some(TimeLeft {
                    seconds,
                    stones: count(stones)?,
                });
                Ok(String::new())
            }
            "loadsgf" => self.loadsgf(args),
            "printsgf" => self.printsgf(args),
            _ => Err(CommandError::UnknownCommand),
        }
    }

    // ----- setting up -----

    fn reset(&mut self, game: Game) {
        self.game = game;
        // Each game from the same seed is played the same way.
        self.rng = Rng::new(self.settings.seed);
    }

    fn boardsize(&mut self, args: &[&str]) -> Result<String, CommandError> {
        let [n] = exactly(args, "a board size")?;
        let n: u32 = n
            .parse()
            .map_err(|_| CommandError::Syntax(format!("{n:?} is not a board size")))?;
        let size = u8::try_from(n)
            .ok()
            .and_then(|n| BoardSize::new(n).ok())
            .ok_or(CommandError::UnacceptableSize)?;
        // Art. 11: the komi, which a new board keeps (GTP v2), must fit it.
        rules::check_komi(self.settings.rules.komi, size)
            .map_err(|e| CommandError::SizeUnderKomi(format!("{e}: send a smaller komi first")))?;
        self.settings.rules.size = size;
        self.reset(Game::new(self.settings.rules));
        Ok(String::new())
    }

    /// `komi K` (GTP v2: any float). Counts are kept exact in half points (quarter stones,
    /// the unit of Art. 9 and 11), so a komi that is a multiple of ½ point is played as sent;
    /// any other is played as the nearest multiple of ½ (halves rounded away from zero),
    /// and the response says which komi is played.
    fn komi(&mut self, args: &[&str]) -> Result<String, CommandError> {
        let [k] = exactly(args, "a komi in points")?;
        let points: f64 = k
            .parse()
            .map_err(|_| CommandError::Syntax(format!("{k:?} is not a number")))?;
        if points.is_nan() {
            return Err(CommandError::Syntax(format!("{k:?} is not a number")));
        }
        if !points.is_finite() || points.abs() > 10_000.0 {
            return Err(CommandError::Syntax(format!("komi {k} is out of range")));
        }
        let komi = HalfPoints((points * 2.0).round() as i32);
        // Art. 11: at most the board's N² points, as the referee and the server refuse.
        rules::check_komi(komi, self.settings.rules.size).map_err(|e| CommandError::KomiTooLarge(e.to_string()))?;
        let note = if komi.points() == points {
            String::new()
        } else {
            format!("komi {komi} played: the nearest multiple of 0.5 to {k} (counts are kept exact in half points)")
        };
        self.settings.rules.komi = komi;
        if self.game.rules().komi != komi {
            self.game = replay(
                Rules {
                    komi,
                    ..*self.game.rules()
                },
                &self.game,
            );
        }
        Ok(note)
    }

    fn require_empty_board(&self) -> Result<(), CommandError> {
        let board = self.game.board();
        if board.n_stones(Color::Black) + board.n_stones(Color::White) > 0 {
            return Err(CommandError::BoardNotEmpty);
        }
        Ok(())
    }

    /// Starts a handicap game with Black's `stones` (not part of the move history).
    fn set_handicap(&mut self, stones: &[Point]) -> String {
        let rules = Rules {
            size: self.game.rules().size,
            ..self.settings.rules
        };
        self.reset(Game::with_handicap(rules, stones));
        vertices(self.game.rules().size, stones)
    }

    fn fixed_handicap(&mut self, args: &[&str]) -> Result<String, CommandError> {
        let [n] = exactly(args, "a number of stones")?;
        let n = count(n)?;
        let size = self.game.rules().size;
        self.require_empty_board()?;
        let stones = u32::try_from(n)
            .ok()
            .and_then(|n| rules::fixed_handicap(size, n))
            .ok_or_else(|| {
                CommandError::InvalidNumberOfStones(format!("handicap {n} has no fixed placement on {size}x{size}"))
            })?;
        Ok(self.set_handicap(&stones))
    }

    fn place_free_handicap(&mut self, args: &[&str]) -> Result<String, CommandError> {
        let [n] = exactly(args, "a number of stones")?;
        let n = count(n)?;
        let size = self.game.rules().size;
        self.require_empty_board()?;
        let max = size.n_points() - 1;
        let n = usize::try_from(n)
            .ok()
            .filter(|n| (2..=max).contains(n))
            .ok_or_else(|| CommandError::InvalidNumberOfStones(format!("between 2 and {max} on {size}x{size}")))?;
        let stones = player::free_handicap(size, n);
        Ok(self.set_handicap(&stones))
    }

    fn set_free_handicap(&mut self, args: &[&str]) -> Result<String, CommandError> {
        let size = self.game.rules().size;
        let mut stones = Vec::with_capacity(args.len());
        for &v in args {
            match Move::parse_gtp(size, v) {
                Ok(Move::Play(p)) if stones.contains(&p) => {
                    return Err(CommandError::BadVertexList(format!("{v} is repeated")));
                }
                Ok(Move::Play(p)) => stones.push(p),
                Ok(Move::Pass) => return Err(CommandError::BadVertexList("pass is not a vertex".to_string())),
                Err(e) => return Err(CommandError::BadVertexList(coordinate_error(e).to_string())),
            }
        }
        self.require_empty_board()?;
        let max = size.n_points() - 1;
        if !(2..=max).contains(&stones.len()) {
            return Err(CommandError::BadVertexList(format!(
                "2 to {max} vertices needed, {} given",
                stones.len()
            )));
        }
        self.set_handicap(&stones);
        Ok(String::new())
    }

    fn kgs_time_settings(&mut self, args: &[&str]) -> Result<String, CommandError> {
        let system = match args {
            ["none"] => TimeSystem::NoLimit,
            ["absolute", main] => TimeSystem::Absolute { main: seconds(main)? },
            ["byoyomi", main, period, periods] => TimeSystem::Byoyomi {
                main: seconds(main)?,
                period: seconds(period)?,
                periods: count(periods)?,
            },
            ["canadian", main, period, stones] => TimeSystem::Canadian {
                main: seconds(main)?,
                period: seconds(period)?,
                stones: count(stones)?,
            },
            _ => {
                return Err(CommandError::Syntax(
                    "expected none, absolute MAIN, byoyomi MAIN PERIOD PERIODS or canadian MAIN PERIOD STONES"
                        .to_string(),
                ));
            }
        };
        self.time = system;
        Ok(String::new())
    }

    // ----- playing -----

    fn play_command(&mut self, args: &[&str]) -> Result<String, CommandError> {
        let [color, vertex] = exactly(args, "a color and a vertex")?;
        let color = parse_color(color)?;
        let mv = Move::parse_gtp(self.game.rules().size, vertex).map_err(coordinate_error)?;
        self.play(color, mv)?;
        Ok(String::new())
    }

    /// Plays `mv` for `color`, whoever is to move; a move after two passes reopens play
    /// (Art. 21.4: play settles a disagreement). On error the game is unchanged.
    fn play(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if self.game.end().is_none() {
            return self.game.play_as(color, mv).map(|_| ());
        }
        let mut reopened = self.game.clone();
        reopened.resume(color)?;
        reopened.play_as(color, mv)?;
        self.game = reopened;
        Ok(())
    }

    fn genmove(&mut self, args: &[&str]) -> Result<String, CommandError> {
        let [color] = exactly(args, "a color")?;
        let color = parse_color(color)?;
        let mv = player::choose_move(&self.game, color, &mut self.rng).ok_or(IllegalMove::GameOver)?;
        self.play(color, mv)?;
        Ok(mv.gtp(self.game.rules().size))
    }

    // ----- the end of the game -----

    fn proposal(&self) -> life::Proposal {
        life::propose_dead(self.game.board(), self.game.to_move(), &ProposalSettings::default())
    }

    /// Area counting (Art. 9, 11) with the stones the machine proposes dead removed; the
    /// outcome itself when a cycle ended the game (Art. 20.3).
    fn final_score(&self) -> Result<String, CommandError> {
        match self.game.end() {
            Some(GameEnd::Cycle(CyclePolicy::Draw)) => Ok("0".to_string()),
            Some(GameEnd::Cycle(policy)) => Err(CommandError::CannotScore(describe_end(GameEnd::Cycle(policy)))),
            _ => Ok(self.game.count(&self.proposal().dead, [0, 0]).result()),
        }
    }

    fn final_status_list(&self, args: &[&str]) -> Result<String, CommandError> {
        let [status] = exactly(args, "alive, dead, seki or unsure")?;
        let proposal = self.proposal();
        let stones: Vec<Point> = match status {
            "dead" => proposal.dead,
            // GTP's statuses are exclusive: stones in seki are listed under `seki` only.
            "alive" => proposal
                .alive
                .into_iter()
                .filter(|p| !proposal.seki.contains(p))
                .collect(),
            "seki" => proposal.seki,
            // An extension: the chains the proposal is unsure of (a ko, an unsettled fight),
            // listed under `alive` too, since they are counted alive unless a player marks them.
            "unsure" => proposal.unsure,
            _ => {
                return Err(CommandError::Syntax(format!(
                    "{status:?} is not alive, dead, seki or unsure"
                )));
            }
        };
        // One group per line, as GNU Go writes it.
        let board = self.game.board();
        let size = board.size();
        let mut done: Vec<Point> = Vec::new();
        let mut lines = Vec::new();
        for &p in &stones {
            if done.contains(&p) {
                continue;
            }
            let mut group: Vec<Point> = board.group(p).into_iter().filter(|q| stones.contains(q)).collect();
            if group.is_empty() {
                group.push(p);
            }
            group.sort();
            done.extend(&group);
            lines.push(vertices(size, &group));
        }
        Ok(lines.join("\n"))
    }

    // ----- game records -----

    /// `loadsgf FILE [N]`: the main line of the record up to the position before move N
    /// (passes count; all of it without N), with the record's board size and komi (the
    /// current komi when it gives none) and the engine's ko rule and cycle policy. A record
    /// that breaks a rule on the way is refused with the move and the rule; nothing changes.
    fn loadsgf(&mut self, args: &[&str]) -> Result<String, CommandError> {
        let (file, upto) = match args {
            [file] => (*file, None),
            [file, n] => {
                let n: usize = n
                    .parse()
                    .map_err(|_| CommandError::Syntax(format!("{n:?} is not a move number")))?;
                (*file, Some(n.saturating_sub(1)))
            }
            _ => {
                return Err(CommandError::Syntax(
                    "expected a file name and an optional move number".to_string(),
                ));
            }
        };
        let bytes = std::fs::read(file).map_err(|e| CommandError::CannotLoad(format!("{file}: {e}")))?;
        let record = sgf::parse(&bytes).map_err(|e| CommandError::CannotLoad(format!("{file}: {e}")))?;
        let rules = Rules {
            size: record.size,
            komi: record.info.komi.unwrap_or(self.settings.rules.komi),
            ..self.settings.rules
        };
        // Art. 11: a record's komi beyond its board is not played.
        rules
            .check()
            .map_err(|e| CommandError::CannotLoad(format!("{file}: {e}")))?;
        let replay = record.replay(rules, upto);
        if let Some(problem) = replay.problem {
            return Err(CommandError::CannotLoad(format!("{file}: {problem}")));
        }
        self.settings.rules.size = rules.size;
        self.settings.rules.komi = rules.komi;
        self.reset(replay.game);
        Ok(String::new())
    }

    /// `printsgf [FILE]`: the game as an SGF FF[4] record, as the reply or into FILE. A game
    /// ended by two passes carries the result of `final_score`; a cycle its outcome.
    fn printsgf(&self, args: &[&str]) -> Result<String, CommandError> {
        let file = match args {
            [] => None,
            [file] => Some(*file),
            _ => return Err(CommandError::Syntax("expected at most a file name".to_string())),
        };
        let mut info = sgf::GameInfo {
            result: self.result(),
            ..sgf::GameInfo::default()
        };
        match self.time {
            TimeSystem::NoLimit => {}
            TimeSystem::Absolute { main } => info.main_time = Some(main as f64),
            TimeSystem::Byoyomi { main, period, periods } => {
                info.main_time = Some(main as f64);
                info.overtime = Some(format!("{periods}x{period} byo-yomi"));
            }
            TimeSystem::Canadian { main, period, stones } => {
                info.main_time = Some(main as f64);
                info.overtime = Some(format!("{stones}/{period} Canadian"));
            }
        }
        let text = sgf::write(&sgf::Record::from_game(&self.game, info));
        match file {
            None => Ok(text),
            Some(file) => {
                std::fs::write(file, text).map_err(|e| CommandError::CannotSave(format!("{file}: {e}")))?;
                Ok(String::new())
            }
        }
    }

    fn result(&self) -> Option<sgf::Re> {
        match self.game.end()? {
            GameEnd::TwoPasses | GameEnd::Agreement => {
                let count = self.game.count(&self.proposal().dead, [0, 0]);
                Some(sgf::Re::Known(match count.winner() {
                    Some(winner) => GameResult::Win {
                        winner,
                        by: WinBy::Points(HalfPoints(count.margin.0.abs())),
                    },
                    None => GameResult::Draw,
                }))
            }
            // Record::from_game writes the resignation itself.
            GameEnd::Resignation { .. } => None,
            GameEnd::Cycle(CyclePolicy::Draw) => Some(sgf::Re::Known(GameResult::Draw)),
            GameEnd::Cycle(_) => Some(sgf::Re::Known(GameResult::NoResult)),
        }
    }

    // ----- showing -----

    fn showboard(&self) -> String {
        let g = &self.game;
        let board = g.board();
        let size = board.size();
        let n = size.get();
        let rules = g.rules();
        let mut out = String::new();
        let _ = write!(
            out,
            "{n}x{n}, komi {}, ko {}, cycles {}, handicap {}; move {}, {} to move",
            rules.komi,
            rules.ko,
            rules.cycle,
            g.handicap(),
            g.history().len(),
            g.to_move()
        );
        let letters: String = (0..n).map(|x| format!(" {}", column_letter(x))).collect();
        let _ = write!(out, "\n   {letters}");
        let stars = size.star_points();
        let last = g.history().last().and_then(|e| match e.mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        });
        for y in 0..n {
            let row = n - y;
            let _ = write!(out, "\n{row:>3}");
            for x in 0..n {
                let p = Point::new(x, y);
                let ch = match board.get(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None if stars.contains(&p) => '+',
                    None => '.',
                };
                // The last stone played is marked with brackets, as GNU Go does.
                let before = if Some(p) == last {
                    '('
                } else if x > 0 && Some(Point::new(x - 1, y)) == last {
                    ')'
                } else {
                    ' '
                };
                let _ = write!(out, "{before}{ch}");
            }
            let after = if last == Some(Point::new(n - 1, y)) { ')' } else { ' ' };
            let _ = write!(out, "{after}{row}");
        }
        let _ = write!(out, "\n   {letters}");
        let _ = write!(
            out,
            "\ncaptured by black {}, by white {}",
            board.captures(Color::Black),
            board.captures(Color::White)
        );
        if let Some(e) = g.history().last() {
            let _ = write!(out, "\nlast move: {} {}", e.color, e.mv.gtp(size));
        }
        if let Some(end) = g.end() {
            let _ = write!(out, "\ngame over: {}", describe_end(end));
        }
        let _ = write!(out, "\ntime: {}", self.time);
        for c in [Color::Black, Color::White] {
            if let Some(t) = self.time_left[c.index()] {
                let _ = write!(out, "; {c} {t} left");
            }
        }
        out
    }
}

// ----- helpers -----

/// `game` rebuilt under `rules` (a new komi): the same start and moves.
fn replay(rules: Rules, game: &Game) -> Game {
    let mut fresh = Game::from_position(rules, game.start().clone(), game.start_to_move(), game.handicap());
    for e in game.history() {
        if fresh.end() == Some(GameEnd::TwoPasses) {
            // Play was reopened here (see `Engine::play`).
            let _ = fresh.resume(e.color);
        }
        // Komi does not enter legality: every move is as legal as when it was played.
        let _ = fresh.play_as(e.color, e.mv);
    }
    if game.end().is_none() && fresh.end().is_some() {
        // Play had been reopened after the last two passes, with no move since.
        let _ = fresh.resume(game.to_move());
    }
    fresh
}

fn describe_end(end: GameEnd) -> String {
    match end {
        GameEnd::TwoPasses => "two passes (Art. 7.3)".to_string(),
        GameEnd::Resignation { loser } => format!("{loser} resigned (Art. 7.2)"),
        GameEnd::Agreement => "agreement (Art. 7.1)".to_string(),
        GameEnd::Cycle(policy) => {
            let outcome = match policy {
                CyclePolicy::NoResult => "no result",
                CyclePolicy::Draw => "draw",
                CyclePolicy::Replay => "to be replayed",
                CyclePolicy::Forbid => "forbidden",
            };
            format!("whole-board repetition, {outcome} (Art. 20.3)")
        }
    }
}

fn column_letter(x: u8) -> char {
    let c = b'A' + x;
    (if c >= b'I' { c + 1 } else { c }) as char
}

fn vertices(size: BoardSize, points: &[Point]) -> String {
    points.iter().map(|&p| size.gtp(p)).collect::<Vec<_>>().join(" ")
}

fn coordinate_error(e: PointError) -> CommandError {
    CommandError::InvalidCoordinate(match e {
        PointError::Invalid(text) => format!("{text:?} is not a vertex"),
        PointError::OffBoard { text, size } => format!("{text:?} is off the {size}x{size} board"),
    })
}

fn no_args(args: &[&str]) -> Result<(), CommandError> {
    match args {
        [] => Ok(()),
        _ => Err(CommandError::Syntax("this command takes no arguments".to_string())),
    }
}

fn exactly<'a, const N: usize>(args: &[&'a str], what: &str) -> Result<[&'a str; N], CommandError> {
    <[&str; N]>::try_from(args).map_err(|_| CommandError::Syntax(format!("expected {what}")))
}

fn parse_color(s: &str) -> Result<Color, CommandError> {
    s.parse()
        .map_err(|e: rules::ParseColorError| CommandError::Syntax(e.to_string()))
}

fn seconds(s: &str) -> Result<u64, CommandError> {
    s.parse()
        .map_err(|_| CommandError::Syntax(format!("{s:?} is not a whole number of seconds")))
}

fn count(s: &str) -> Result<u64, CommandError> {
    s.parse()
        .map_err(|_| CommandError::Syntax(format!("{s:?} is not a whole number")))
}
