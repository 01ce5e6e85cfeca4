//! A game under the rules: whose turn it is, the history, whole-board repetition (Art. 6,
//! 20) and the end of play (Art. 7).

use crate::board::{Board, BoardError};
use crate::point::{BoardSize, Color, Move, Point};
use crate::score::{self, Count, HalfPoints};
use crate::zobrist;
use std::fmt;

/// Which repetitions of the whole board are forbidden.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Art. 6 as the Chinese rules mean it: after a move, the opponent may not face a
    /// position (board *and* side to move) that has occurred before in the game.
    #[default]
    Situational,
    /// A move may not recreate any earlier board, whoever is to move (for other rulesets).
    Positional,
    /// Only the immediate retake of a single ko is forbidden (for analysis).
    Simple,
}

impl fmt::Display for KoRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KoRule::Situational => "situational",
            KoRule::Positional => "positional",
            KoRule::Simple => "simple",
        })
    }
}

impl std::str::FromStr for KoRule {
    type Err = UnknownRule;
    fn from_str(s: &str) -> Result<KoRule, UnknownRule> {
        match s {
            "situational" => Ok(KoRule::Situational),
            "positional" => Ok(KoRule::Positional),
            "simple" => Ok(KoRule::Simple),
            _ => Err(UnknownRule::KoRule(s.to_string())),
        }
    }
}

/// A name that is not one of a rule's values, as the text gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnknownRule {
    /// Not a ko rule: situational, positional or simple.
    KoRule(String),
    /// Not a cycle policy (Art. 20): forbid, no-result, draw or replay.
    CyclePolicy(String),
}

impl fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnknownRule::KoRule(s) => {
                write!(f, "unknown ko rule {s:?}: expected situational, positional or simple")
            }
            UnknownRule::CyclePolicy(s) => {
                write!(
                    f,
                    "unknown cycle policy {s:?}: expected forbid, no-result, draw or replay"
                )
            }
        }
    }
}

impl std::error::Error for UnknownRule {}

/// What a whole-board repetition does (Art. 20), other than the immediate retake of a single
/// ko, which is always forbidden (Art. 20.1).
///
/// How Art. 20 is read. Its text (2002): "全局同形再现是妨碍终局的唯一技术性原因，原则上必须
/// 禁止" (whole-board repetition is the only technical obstacle to ending a game and must be
/// forbidden in principle): 1. no immediate retake of a single ko; 2. no false-life multi-ko
/// cycles (假生); 3. "原则上禁止三劫循环、四劫循环、长生、双提两子等全局同形再现的罕见特例" (triple
/// ko, quadruple ko, eternal life, double two-stone capture and such rare cases of repetition
/// are forbidden in principle), for which an event may instead decide no result, a draw or a
/// replay. So an event's outcome policy is for 20.3's cycles only: repetitions the players
/// cannot leave without giving something up, which come back move after move with no pass in
/// between. A repetition that a pass made possible (the one case the rules engine can tell
/// apart: a single ko retaken after both sides passed, Art. 7's end reopened) is not one of
/// them; it falls under the principle of the article's first sentence and is forbidden like
/// any other repetition, under every policy. Otherwise the side behind could pass, let the
/// opponent pass, and retake a ko to force the event's outcome (a draw) on a lost game.
///
/// Precisely: a move that brings back a position seen before (board and side to move under
/// situational superko, Art. 6) is a 20.3 cycle when no pass was played since that position
/// was last seen; then the policy decides. Under [`CyclePolicy::Forbid`] every repetition is
/// illegal, as before.
///
/// The engine cannot tell 20.2 from 20.3: a false-life cycle (假生, which the rules forbid
/// outright) repeats the board exactly as a triple ko or eternal life does, and which of them
/// is on the board is a judgement about life and death. Under an outcome policy every pass-free
/// repetition ends the game with that outcome; an event that must forbid 20.2's cycles while
/// allowing 20.3's outcomes needs a referee's ruling, which the referee record carries.
///
/// The digest (`RULES.md`) gives Art. 6 as "after a move, the opponent must not face a
/// position that has occurred before"; the 2002 text has no such article of its own: the ban
/// is Art. 20's, "in principle", with the exceptions above. The engine's situational superko
/// is the software reading of that principle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CyclePolicy {
    /// A repeating move is illegal (the default: "forbidden in principle").
    #[default]
    Forbid,
    /// The repeating move ends the game without result (无胜负).
    NoResult,
    /// The repeating move ends the game as a draw (和棋).
    Draw,
    /// The repeating move ends the game, which is to be replayed (重赛).
    Replay,
}

impl fmt::Display for CyclePolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CyclePolicy::Forbid => "forbid",
            CyclePolicy::NoResult => "no-result",
            CyclePolicy::Draw => "draw",
            CyclePolicy::Replay => "replay",
        })
    }
}

impl std::str::FromStr for CyclePolicy {
    type Err = UnknownRule;
    fn from_str(s: &str) -> Result<CyclePolicy, UnknownRule> {
        match s {
            "forbid" => Ok(CyclePolicy::Forbid),
            "no-result" => Ok(CyclePolicy::NoResult),
            "draw" => Ok(CyclePolicy::Draw),
            "replay" => Ok(CyclePolicy::Replay),
            _ => Err(UnknownRule::CyclePolicy(s.to_string())),
        }
    }
}

/// The rules a game is played under: a plain value with a named preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Board size (Art. 1: 19).
    pub size: BoardSize,
    /// Komi (Art. 11) in half points; 15 = 7.5 points = 3¾ stones.
    pub komi: HalfPoints,
    /// Which repetitions are forbidden (Art. 6).
    pub ko: KoRule,
    /// What a long cycle does (Art. 20).
    pub cycle: CyclePolicy,
    /// Whether Black gives back half a stone per handicap stone at counting.
    pub handicap_compensation: bool,
}

impl Rules {
    /// The Chinese rules of 2002: 19×19, komi 3¾ stones, situational superko, cycles
    /// forbidden, handicap stones compensated.
    pub const CHINESE: Rules = Rules {
        size: BoardSize::STANDARD,
        komi: HalfPoints(15),
        ko: KoRule::Situational,
        cycle: CyclePolicy::Forbid,
        handicap_compensation: true,
    };

    /// Whether a game can be played under these rules: Art. 11's komi fits the board
    /// ([`crate::check_komi`]).
    pub fn check(&self) -> Result<(), crate::KomiTooLarge> {
        crate::check_komi(self.komi, self.size)
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::CHINESE
    }
}

/// Why a move was refused. The game is unchanged after any of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point is not on the board.
    OffBoard,
    /// The point already holds a stone (Art. 2.3).
    Occupied,
    /// A forbidden point: the stone would have no liberties and capture nothing (Art. 5).
    Suicide,
    /// The immediate retake of a single ko (Art. 6, Art. 20.1), forbidden under every policy.
    Ko,
    /// The move repeats an earlier whole-board position (Art. 6) and the cycle policy
    /// forbids it.
    Repetition,
    /// The game has ended (Art. 7); no more moves.
    GameOver,
}

impl IllegalMove {
    /// A short, stable name for scripts: `occupied`, `suicide`, `ko`, `repetition`, ….
    pub fn code(self) -> &'static str {
        match self {
            IllegalMove::OffBoard => "off-board",
            IllegalMove::Occupied => "occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko",
            IllegalMove::Repetition => "repetition",
            IllegalMove::GameOver => "game-over",
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "point off the board",
            IllegalMove::Occupied => "occupied point",
            IllegalMove::Suicide => "forbidden point (Art. 5: suicide)",
            IllegalMove::Ko => "ko: immediate retake of a single ko (Art. 6, 20.1)",
            IllegalMove::Repetition => "whole-board repetition (Art. 6)",
            IllegalMove::GameOver => "the game is over (Art. 7)",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// How play ended (Art. 7, 20).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// Both sides passed in succession (Art. 7.3).
    TwoPasses,
    /// A side resigned (Art. 7.2).
    Resignation {
        /// The side that resigned.
        loser: Color,
    },
    /// Both sides agreed that play is complete (Art. 7.1).
    Agreement,
    /// A whole-board repetition under an outcome policy of Art. 20.3.
    Cycle(CyclePolicy),
}

/// What a legal move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// Stones captured by the move (Art. 4).
    pub captures: u32,
    /// Set when the move ended the game (a second pass, or a cycle under an outcome policy).
    pub end: Option<GameEnd>,
}

/// One move of the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    /// Who played it.
    pub color: Color,
    /// The move.
    pub mv: Move,
}

/// A game: the board, the side to move, the history with every position seen, and the end.
///
/// Invariant: `seen` holds the key of the starting position and of the position after each
/// move of `history`; `board` is the start position with `history` played on it.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    start: Board,
    start_to_move: Color,
    handicap: u32,
    board: Board,
    to_move: Color,
    history: Vec<HistoryEntry>,
    seen: PositionSet,
    passes: u32,
    /// Passes in the whole history: a repetition with a pass since the position was last
    /// seen is not a cycle of Art. 20.3 (see [`CyclePolicy`]).
    total_passes: u32,
    end: Option<GameEnd>,
    /// Every `resume` so far: the history length at the time and the side it gave the move
    /// to, so that `undo` can replay the game exactly as it went.
    resumptions: Vec<(usize, Color)>,
}

impl Game {
    /// A new game on an empty board, Black to move (Art. 2.2, 2.3).
    pub fn new(rules: Rules) -> Game {
        Game::from_position(rules, Board::new(rules.size), Color::Black, 0)
    }

    /// A handicap game: Black's stones on `stones`, White to move. `stones` must be on the
    /// board; duplicates count once.
    pub fn with_handicap(rules: Rules, stones: &[Point]) -> Game {
        let mut board = Board::new(rules.size);
        for &p in stones {
            board.set(p, Some(Color::Black));
        }
        let n = board.n_stones(Color::Black) as u32;
        let to_move = if n > 0 { Color::White } else { Color::Black };
        Game::from_position(rules, board, to_move, n)
    }

    /// A game from a set-up position (SGF `AB`/`AW`, a GUI's setup). `handicap` is the number
    /// of handicap stones for compensation at counting.
    pub fn from_position(rules: Rules, board: Board, to_move: Color, handicap: u32) -> Game {
        let mut rules = rules;
        rules.size = board.size();
        let mut g = Game {
            rules,
            start: board.clone(),
            start_to_move: to_move,
            handicap,
            board,
            to_move,
            history: Vec::new(),
            // Sized for the opening, growing with the game: a server holds thousands of games
            // at once, and a table for every point of the board from the first move was a
            // third of a live game's memory.
            seen: PositionSet::with_capacity(32),
            passes: 0,
            total_passes: 0,
            end: None,
            resumptions: Vec::new(),
        };
        let k = g.key(g.board.hash(), to_move);
        g.seen.insert(k, 0);
        g
    }

    /// The rules of this game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position the game started from.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The side to move in the start position: with [`Game::start`], [`Game::handicap`] and
    /// the history, everything needed to rebuild the game (e.g. under another komi).
    pub fn start_to_move(&self) -> Color {
        self.start_to_move
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The moves played so far.
    pub fn history(&self) -> &[HistoryEntry] {
        &self.history
    }

    /// The number of handicap stones.
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<GameEnd> {
        self.end
    }

    /// Consecutive passes at the end of the history.
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// Plays `mv` for the side to move.
    pub fn play(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        self.play_as(self.to_move, mv)
    }

    /// Whether `mv` would be legal for `color` now, without playing it.
    pub fn check(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        self.judge(color, mv).map(|_| ())
    }

    /// Plays `mv` for `color`, whoever is to move (GTP and GUIs set up positions this
    /// way; the referee layer enforces alternation, Art. 17.2). Afterwards the opponent of
    /// `color` is to move, and repetition compares board and that side to move.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<Played, IllegalMove> {
        let verdict = self.judge(color, mv)?;
        Ok(self.apply(color, mv, verdict))
    }

    /// Plays `mv` for `color`, which [`Game::judge`] has just judged as `verdict`
    /// (the playouts' fast path: a move is judged once, not again when played).
    pub(crate) fn apply(&mut self, color: Color, mv: Move, verdict: Verdict) -> Played {
        let captures = match mv {
            Move::Pass => {
                // Art. 2.5: a pass is always allowed; it never clears the history.
                self.board.clear_ko();
                self.passes += 1;
                0
            }
            Move::Play(p) => {
                self.passes = 0;
                let i = self.board.idx(p);
                self.board.play_idx(color, i)
            }
        };
        self.to_move = color.opponent();
        self.history.push(HistoryEntry { color, mv });
        if mv == Move::Pass {
            self.total_passes += 1;
        }
        self.seen.insert(verdict.key, self.total_passes);
        if verdict.cycle {
            // Art. 20.3: under an outcome policy the repeating move ends the game.
            self.end = Some(GameEnd::Cycle(self.rules.cycle));
        } else if self.passes >= 2 {
            // Art. 7.3: both sides pass in succession.
            self.end = Some(GameEnd::TwoPasses);
        }
        Played {
            captures,
            end: self.end,
        }
    }

    /// `loser` resigns (Art. 7.2). Refused once the game is over.
    pub fn resign(&mut self, loser: Color) -> Result<(), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.end = Some(GameEnd::Resignation { loser });
        Ok(())
    }

    /// Both sides agree that play is complete (Art. 7.1, 13). Refused once over.
    pub fn agree_end(&mut self) -> Result<(), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.end = Some(GameEnd::Agreement);
        Ok(())
    }

    /// Reopens play after two passes or a proposed end, with `to_move` to play: Art. 21.4
    /// (a life-and-death dispute is settled by play, the side claiming "dead" first). The
    /// history, and with it every position seen, is kept. A resignation is never reopened.
    pub fn resume(&mut self, to_move: Color) -> Result<(), IllegalMove> {
        match self.end {
            Some(GameEnd::Resignation { .. }) | Some(GameEnd::Cycle(_)) => Err(IllegalMove::GameOver),
            _ => {
                self.end = None;
                self.passes = 0;
                self.to_move = to_move;
                self.resumptions.push((self.history.len(), to_move));
                Ok(())
            }
        }
    }

    /// Takes back the last move. Returns it, or `None` at the start. A resignation or an
    /// agreement is taken back first, without a move.
    pub fn undo(&mut self) -> Option<HistoryEntry> {
        if matches!(self.end, Some(GameEnd::Resignation { .. } | GameEnd::Agreement)) {
            self.end = None;
            return None;
        }
        let last = self.history.pop()?;
        let moves = std::mem::take(&mut self.history);
        let mut fresh = Game::from_position(self.rules, self.start.clone(), self.start_to_move, self.handicap);
        // Play was resumed (Art. 21.4) at these points: resume there again, so that the moves
        // after a resumption are not refused as `GameOver`, and the side to move and the end
        // are as they were before the move taken back.
        let n = moves.len();
        let mut resumptions = self.resumptions.iter().filter(|&&(at, _)| at <= n).peekable();
        for (i, e) in moves.into_iter().enumerate() {
            while let Some(&(_, c)) = resumptions.next_if(|&&(at, _)| at == i) {
                let _ = fresh.resume(c);
            }
            // Every move was legal when played, and the same moves lead to the same judgements.
            let _ = fresh.play_as(e.color, e.mv);
        }
        for &(_, c) in resumptions {
            let _ = fresh.resume(c);
        }
        *self = fresh;
        Some(last)
    }

    /// Counts the board (Art. 9, 11, 24): `dead` names dead stones (one stone marks its whole
    /// group); `penalties` are warnings per side (index by `Color::index`), one stone each.
    pub fn count(&self, dead: &[Point], penalties: [u32; 2]) -> Count {
        let settings = score::CountSettings {
            komi: self.rules.komi,
            handicap_stones: if self.rules.handicap_compensation {
                self.handicap
            } else {
                0
            },
            penalties,
        };
        score::count(&self.board, dead, &settings)
    }

    /// The moves `color` may legally make now, passes excluded.
    pub fn legal_moves(&self, color: Color) -> Vec<Point> {
        let mut out: Vec<Point> = self
            .board
            .empty_points()
            .filter(|&p| self.check(color, Move::Play(p)).is_ok())
            .collect();
        out.sort();
        out
    }

    // ----- private -----

    fn key(&self, board_hash: u128, to_move: Color) -> u128 {
        match self.rules.ko {
            KoRule::Situational if to_move == Color::White => board_hash ^ zobrist::WHITE_TO_MOVE,
            _ => board_hash,
        }
    }

    /// Decides a move without playing it: an error, or the key of the new position and
    /// whether it closes a cycle that the policy turns into an outcome.
    pub(crate) fn judge(&self, color: Color, mv: Move) -> Result<Verdict, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let p = match mv {
            Move::Pass => {
                return Ok(Verdict {
                    key: self.key(self.board.hash(), color.opponent()),
                    cycle: false,
                });
            }
            Move::Play(p) => p,
        };
        if !self.board.on_board(p) {
            return Err(IllegalMove::OffBoard);
        }
        self.board.check(color, p).map_err(|e| match e {
            BoardError::Occupied => IllegalMove::Occupied,
            BoardError::Suicide => IllegalMove::Suicide,
            BoardError::OffBoard => IllegalMove::OffBoard,
        })?;
        self.judge_repetition(color, p)
    }

    /// The part of [`Game::judge`] after the board's own checks: ko and whole-board
    /// repetition of a stone of `color` on `p`, which must be on the board, empty and not
    /// forbidden (Art. 5), in a game that is not over.
    pub(crate) fn judge_repetition(&self, color: Color, p: Point) -> Result<Verdict, IllegalMove> {
        // Art. 20.1: the immediate retake of a single ko, by the side whose stone was just
        // taken, is forbidden under every rule and policy.
        if self.board.ko_point() == Some(p) && self.history.last().is_some_and(|e| e.color == color.opponent()) {
            return Err(IllegalMove::Ko);
        }
        let key = if self.rules.ko == KoRule::Simple {
            0
        } else {
            self.key(self.board.hash_after(color, p), color.opponent())
        };
        if self.rules.ko != KoRule::Simple
            && let Some(passes_then) = self.seen.get(key)
        {
            // Art. 6, 20: the opponent would face a position that has occurred before. Only a
            // cycle no pass made possible (Art. 20.3: triple ko, eternal life, ...) is left to
            // the event's policy; any other repetition is forbidden (see `CyclePolicy`).
            let pass_made = self.total_passes > passes_then;
            return match self.rules.cycle {
                CyclePolicy::Forbid => Err(IllegalMove::Repetition),
                _ if pass_made => Err(IllegalMove::Repetition),
                _ => Ok(Verdict { key, cycle: true }),
            };
        }
        Ok(Verdict { key, cycle: false })
    }
}

/// What [`Game::judge`] found: the key of the position after the move and whether it
/// closes a cycle that the policy turns into an outcome.
pub(crate) struct Verdict {
    key: u128,
    cycle: bool,
}

/// The set of position keys seen in a game, each with the number of passes played in the game
/// when it was last seen: open addressing with linear probing over a power-of-two table at
/// most half full. Keys are Zobrist hashes, uniformly random already, so their low bits are
/// the slot; a `HashMap` would hash them again. Zero marks an empty slot, so the key 0 (the
/// empty board with Black to move) is kept apart.
#[derive(Clone)]
struct PositionSet {
    slots: Vec<(u128, u32)>,
    len: usize,
    zero: Option<u32>,
}

impl fmt::Debug for PositionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PositionSet({} positions)", self.len + self.zero.is_some() as usize)
    }
}

impl PositionSet {
    /// A set sized for about `n` positions before it grows.
    fn with_capacity(n: usize) -> PositionSet {
        PositionSet {
            slots: vec![(0, 0); (2 * n).next_power_of_two().max(16)],
            len: 0,
            zero: None,
        }
    }

    /// The passes played when `key` was last seen, or `None` if it never was.
    #[inline]
    fn get(&self, key: u128) -> Option<u32> {
        if key == 0 {
            return self.zero;
        }
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            match self.slots[i] {
                (0, _) => return None,
                (k, passes) if k == key => return Some(passes),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Records `key` as seen now, `passes` passes into the game.
    fn insert(&mut self, key: u128, passes: u32) {
        if key == 0 {
            self.zero = Some(passes);
            return;
        }
        if 2 * (self.len + 1) > self.slots.len() {
            let grown = vec![(0, 0); 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, grown);
            self.len = 0;
            for (k, p) in old.into_iter().filter(|&(k, _)| k != 0) {
                self.insert(k, p);
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            match self.slots[i] {
                (0, _) => {
                    self.slots[i] = (key, passes);
                    self.len += 1;
                    return;
                }
                (k, _) if k == key => {
                    self.slots[i].1 = passes;
                    return;
                }
                _ => i = (i + 1) & mask,
            }
        }
    }
}

/// The GTP standard's fixed handicap placement for `n` stones (2–9), or `None` where the
/// board has no such placement (below 7×7, more than 4 on even or 7×7 boards).
pub fn fixed_handicap(size: BoardSize, n: u32) -> Option<Vec<Point>> {
    let s = size.get();
    let max = if s < 7 {
        0
    } else if s.is_multiple_of(2) || s == 7 {
        4
    } else {
        9
    };
    if n < 2 || n > max {
        return None;
    }
    // The fourth line from 12×12 up, the third below (as GNU Go places them).
    let e = if s >= 12 { 3 } else { 2 };
    let f = s - 1 - e;
    let m = s / 2;
    // GTP order: lower-left/upper-right corners, then the others, the center for odd counts,
    // then the side points. The third stone goes upper left (D4 Q16 D16 on 19x19), as in
    // the GTP specification and GNU Go.
    let (ll, ur, lr, ul) = (Point::new(e, f), Point::new(f, e), Point::new(f, f), Point::new(e, e));
    let center = Point::new(m, m);
    let (left, right, bottom, top) = (Point::new(e, m), Point::new(f, m), Point::new(m, f), Point::new(m, e));
    let v = match n {
        2 => vec![ll, ur],
        3 => vec![ll, ur, ul],
        4 => vec![ll, ur, lr, ul],
        5 => vec![ll, ur, lr, ul, center],
        6 => vec![ll, ur, lr, ul, left, right],
        7 => vec![ll, ur, lr, ul, left, right, center],
        8 => vec![ll, ur, lr, ul, left, right, bottom, top],
        _ => vec![ll, ur, lr, ul, left, right, bottom, top, center],
    };
    Some(v)
}
