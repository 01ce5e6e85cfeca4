//! The board (棋盘): stones, groups, liberties and captures (Art. 3–5), and nothing else.
//!
//! The board knows neither whose turn it is nor the history of the game: those belong to
//! [`crate::Game`]. It is laid out for speed: a padded array of `(N+2)²` cells with a border,
//! so the four neighbours of any point are `i±1` and `i±stride`; each group ("chain") is a
//! circular linked list of its stones with a head; each chain keeps *pseudo-liberties*
//! (one per stone–empty adjacency) with their sum and sum of squares, which tells "no
//! liberties" and "exactly one liberty, and which" in O(1) (the libEGO representation).
//! A 128-bit Zobrist hash of the stones is updated incrementally.

use crate::point::{BoardSize, Color, MAX_SIZE, Point};
use crate::zobrist;
use std::fmt;

/// The widest padded row: 25 lines plus a border on each side.
pub(crate) const MAX_STRIDE: usize = MAX_SIZE as usize + 2;
/// Cells in the largest padded board.
pub(crate) const CELLS: usize = MAX_STRIDE * MAX_STRIDE;

/// What a cell of the padded array holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Cell {
    Black = 0,
    White = 1,
    Empty = 2,
    Border = 3,
}

impl Cell {
    #[inline]
    pub(crate) fn of(color: Color) -> Cell {
        match color {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }
}

/// Why the board refuses a stone (the board-level part of legality).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The point already holds a stone (Art. 2.3: a stone goes on an empty point).
    Occupied,
    /// The stone's group would have no liberties and capture nothing (Art. 5).
    Suicide,
    /// The point is not on this board.
    OffBoard,
}

/// A broken invariant of a [`Board`]'s representation ([`Board::check_consistency`]); points
/// are named as GTP names them (`D4`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inconsistency {
    /// An empty point is missing from the empty list.
    EmptyNotListed(String),
    /// A stone's chain head is a stone of the other color.
    HeadOfOtherColor(String),
    /// A stone is linked to a chain it does not touch.
    LinkedApart(String),
    /// A chain's statistics (stones, liberties, liberty sum, sum of squares) differ from a
    /// recount.
    ChainStats {
        /// The chain's head.
        at: String,
        /// The statistics kept.
        kept: (u16, u16, u32, u32),
        /// The statistics recounted.
        recount: (u16, u16, u32, u32),
    },
    /// A group has no liberties (Art. 3.3).
    NoLiberties(String),
    /// A group has more than one head.
    TwoHeads(String),
    /// The number of empty points differs from the empty list's.
    EmptyCount {
        /// Empty points on the board.
        empties: usize,
        /// Points in the empty list.
        listed: usize,
    },
    /// The incremental hash differs from a recomputed one.
    Hash,
}

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Inconsistency::EmptyNotListed(p) => write!(f, "empty point {p} missing from the empty list"),
            Inconsistency::HeadOfOtherColor(p) => write!(f, "stone {p} has a head of another color"),
            Inconsistency::LinkedApart(p) => write!(f, "stone {p} is linked to a chain it does not touch"),
            Inconsistency::ChainStats { at, kept, recount } => {
                write!(f, "chain at {at}: stats {kept:?}, recount {recount:?}")
            }
            Inconsistency::NoLiberties(p) => write!(f, "group at {p} has no liberties (Art. 3.3)"),
            Inconsistency::TwoHeads(p) => write!(f, "group at {p} has more than one head"),
            Inconsistency::EmptyCount { empties, listed } => {
                write!(f, "{empties} empty points but the empty list holds {listed}")
            }
            Inconsistency::Hash => f.write_str("incremental hash differs from a recomputed one"),
        }
    }
}

impl std::error::Error for Inconsistency {}

/// A Go board with its stones. Value semantics: `Clone` copies it, `==` compares size and
/// stones.
///
/// Invariants (checked by [`Board::check_consistency`]): no group on the board has zero
/// liberties; every stone's chain head is a stone of the same chain and color; the chain
/// statistics equal a recount; the empty list holds exactly the empty points; the hash equals
/// a recomputed one.
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    stride: usize,
    cells: [Cell; CELLS],
    /// The head of the chain each stone belongs to.
    head: [u16; CELLS],
    /// The next stone in the same chain (circular).
    next: [u16; CELLS],
    /// Per chain head: number of stones.
    n_stones: [u16; CELLS],
    /// Per chain head: number of pseudo-liberties.
    n_libs: [u16; CELLS],
    /// Per chain head: sum of the pseudo-liberties' cell indices.
    lib_sum: [u32; CELLS],
    /// Per chain head: sum of their squares.
    lib_sum_sq: [u32; CELLS],
    /// The empty points, in no particular order.
    empties: [u16; CELLS],
    /// Where each empty point sits in `empties`.
    empty_pos: [u16; CELLS],
    n_empty: usize,
    hash: u128,
    /// The point that the last move made a simple-ko retake point, or 0.
    ko: u16,
    /// Stones captured by each color (index by `Color::index`).
    captures: [u32; 2],
}

impl Board {
    /// An empty board of the given size (Art. 2.2: 空枰开局).
    pub fn new(size: BoardSize) -> Board {
        let n = size.get() as usize;
        let stride = n + 2;
        let mut b = Board {
            size,
            stride,
            cells: [Cell::Border; CELLS],
            head: [0; CELLS],
            next: [0; CELLS],
            n_stones: [0; CELLS],
            n_libs: [0; CELLS],
            lib_sum: [0; CELLS],
            lib_sum_sq: [0; CELLS],
            empties: [0; CELLS],
            empty_pos: [0; CELLS],
            n_empty: 0,
            hash: 0,
            ko: 0,
            captures: [0; 2],
        };
        for y in 0..n {
            for x in 0..n {
                let i = (y + 1) * stride + x + 1;
                b.cells[i] = Cell::Empty;
                b.empty_pos[i] = b.n_empty as u16;
                b.empties[b.n_empty] = i as u16;
                b.n_empty += 1;
            }
        }
        b
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The stone on `p`, if any. Panics never: a point off this board reads as empty.
    pub fn get(&self, p: Point) -> Option<Color> {
        if !self.on_board(p) {
            return None;
        }
        match self.cells[self.idx(p)] {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }

    /// Whether `p` lies on this board.
    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        p.x < self.size.get() && p.y < self.size.get()
    }

    /// The 128-bit Zobrist hash of the stones (not of the side to move).
    #[inline]
    pub fn hash(&self) -> u128 {
        self.hash
    }

    /// Stones of `color`'s opponent that `color` has captured so far.
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// The point the last move made a simple-ko point: the opponent may not retake there
    /// at once (Art. 20.1). `None` when the last move captured no single stone in a ko shape.
    pub fn ko_point(&self) -> Option<Point> {
        (self.ko != 0).then(|| self.point(self.ko as usize))
    }

    /// Forgets the simple-ko point (a pass or a move elsewhere does this in a game).
    pub fn clear_ko(&mut self) {
        self.ko = 0;
    }

    /// Number of stones of `color` on the board.
    pub fn n_stones(&self, color: Color) -> usize {
        let c = Cell::of(color);
        self.cells.iter().filter(|&&x| x == c).count()
    }

    /// The empty points, in no particular order.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.empties[..self.n_empty].iter().map(|&i| self.point(i as usize))
    }

    /// Number of empty points.
    pub fn n_empty(&self) -> usize {
        self.n_empty
    }

    /// The stones of the group (Art. 3.2) that holds `p`; empty if `p` is empty.
    pub fn group(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        let mut out = Vec::new();
        let start = self.idx(p);
        let mut i = start;
        loop {
            out.push(self.point(i));
            i = self.next[i] as usize;
            if i == start {
                break;
            }
        }
        out.sort();
        out
    }

    /// The liberties (气, Art. 3.1) of the group that holds `p`, sorted; empty if `p` is empty.
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        let mut seen = [false; CELLS];
        let mut out = Vec::new();
        let start = self.idx(p);
        let mut i = start;
        loop {
            for n in self.neighbours(i) {
                if self.cells[n] == Cell::Empty && !seen[n] {
                    seen[n] = true;
                    out.push(self.point(n));
                }
            }
            i = self.next[i] as usize;
            if i == start {
                break;
            }
        }
        out.sort();
        out
    }

    /// The number of distinct liberties of the group that holds `p` (0 if `p` is empty).
    pub fn n_liberties(&self, p: Point) -> usize {
        self.liberties(p).len()
    }

    /// Whether `color` may put a stone on `p` as far as the board is concerned: the point
    /// is empty (Art. 2.3) and not forbidden (Art. 5). Ko and repetition are the game's.
    pub fn check(&self, color: Color, p: Point) -> Result<(), BoardError> {
        if !self.on_board(p) {
            return Err(BoardError::OffBoard);
        }
        let i = self.idx(p);
        if self.cells[i] != Cell::Empty {
            return Err(BoardError::Occupied);
        }
        if self.is_suicide(color, i) {
            return Err(BoardError::Suicide);
        }
        Ok(())
    }

    /// Puts a stone of `color` on `p`, removes what it captures (Art. 4), and returns the
    /// number of stones captured. The board is unchanged on error.
    pub fn play(&mut self, color: Color, p: Point) -> Result<u32, BoardError> {
        self.check(color, p)?;
        Ok(self.play_idx(color, self.idx(p)))
    }

    /// The hash the board would have after `color` plays on `p`, without playing it.
    /// The move must pass [`Board::check`].
    pub fn hash_after(&self, color: Color, p: Point) -> u128 {
        let i = self.idx(p);
        let mut h = self.hash ^ zobrist::stone(color, i);
        let opp = Cell::of(color.opponent());
        let mut counted: [u16; 4] = [0; 4];
        let mut k = 0;
        for n in self.neighbours(i) {
            if self.cells[n] == opp {
                let hd = self.head[n];
                if counted[..k].contains(&hd) {
                    continue;
                }
                counted[k] = hd;
                k += 1;
                if self.in_atari(hd as usize) {
                    let start = hd as usize;
                    let mut s = start;
                    loop {
                        h ^= zobrist::stone(color.opponent(), s);
                        s = self.next[s] as usize;
                        if s == start {
                            break;
                        }
                    }
                }
            }
        }
        h
    }

    /// Replaces the content of `p` directly, without captures: for setup stones (SGF `AB`,
    /// `AW`, `AE`) and handicap placement. Groups left without liberties by a setup are
    /// kept as they are; [`Board::check_consistency`] reports them.
    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        if !self.on_board(p) {
            return;
        }
        let i = self.idx(p);
        let new = stone.map_or(Cell::Empty, Cell::of);
        if self.cells[i] == new {
            return;
        }
        if let Some(old) = self.color_at(i) {
            self.hash ^= zobrist::stone(old, i);
        }
        if let Some(c) = stone {
            self.hash ^= zobrist::stone(c, i);
        }
        self.cells[i] = new;
        self.ko = 0;
        self.rebuild();
    }

    /// Checks every invariant of the representation; `Err` says which one broke and where.
    /// For tests and property tests (KataGo's `checkConsistency`).
    pub fn check_consistency(&self) -> Result<(), Inconsistency> {
        let mut fresh = self.clone();
        fresh.rebuild();
        let mut h = 0u128;
        let mut empties = 0;
        for p in self.size.points() {
            let i = self.idx(p);
            let at = || self.size.gtp(p);
            match self.color_at(i) {
                None => {
                    empties += 1;
                    let pos = self.empty_pos[i] as usize;
                    if pos >= self.n_empty || self.empties[pos] as usize != i {
                        return Err(Inconsistency::EmptyNotListed(at()));
                    }
                }
                Some(c) => {
                    h ^= zobrist::stone(c, i);
                    let hd = self.head[i] as usize;
                    if self.cells[hd] != self.cells[i] {
                        return Err(Inconsistency::HeadOfOtherColor(at()));
                    }
                    if fresh.head[i] != fresh.head[hd] {
                        return Err(Inconsistency::LinkedApart(at()));
                    }
                    if hd == i {
                        let kept = (self.n_stones[i], self.n_libs[i], self.lib_sum[i], self.lib_sum_sq[i]);
                        let fh = fresh.head[i] as usize;
                        let recount = (
                            fresh.n_stones[fh],
                            fresh.n_libs[fh],
                            fresh.lib_sum[fh],
                            fresh.lib_sum_sq[fh],
                        );
                        if kept != recount {
                            return Err(Inconsistency::ChainStats {
                                at: at(),
                                kept,
                                recount,
                            });
                        }
                        if self.n_libs[i] == 0 {
                            return Err(Inconsistency::NoLiberties(at()));
                        }
                    }
                }
            }
        }
        // Every chain found by flood fill has one head.
        for p in self.size.points() {
            let i = self.idx(p);
            if self.color_at(i).is_some() && self.head[i] != self.head[fresh.head[i] as usize] {
                return Err(Inconsistency::TwoHeads(self.size.gtp(p)));
            }
        }
        if empties != self.n_empty {
            return Err(Inconsistency::EmptyCount {
                empties,
                listed: self.n_empty,
            });
        }
        if h != self.hash {
            return Err(Inconsistency::Hash);
        }
        Ok(())
    }

    // ----- crate-internal fast paths (used by the game, playouts and counting) -----

    #[inline]
    pub(crate) fn idx(&self, p: Point) -> usize {
        (p.y as usize + 1) * self.stride + p.x as usize + 1
    }

    #[inline]
    pub(crate) fn point(&self, i: usize) -> Point {
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
    }

    #[inline]
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    #[inline]
    pub(crate) fn cell(&self, i: usize) -> Cell {
        self.cells[i]
    }

    #[inline]
    pub(crate) fn color_at(&self, i: usize) -> Option<Color> {
        match self.cells[i] {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn chain_head(&self, i: usize) -> usize {
        self.head[i] as usize
    }

    #[inline]
    pub(crate) fn chain_next(&self, i: usize) -> usize {
        self.next[i] as usize
    }

    #[inline]
    pub(crate) fn chain_len(&self, head: usize) -> usize {
        self.n_stones[head] as usize
    }

    #[inline]
    pub(crate) fn ko_idx(&self) -> usize {
        self.ko as usize
    }

    #[inline]
    pub(crate) fn empty_at(&self, k: usize) -> usize {
        self.empties[k] as usize
    }

    #[inline]
    pub(crate) fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    #[inline]
    pub(crate) fn diagonals(&self, i: usize) -> [usize; 4] {
        [
            i - self.stride - 1,
            i - self.stride + 1,
            i + self.stride - 1,
            i + self.stride + 1,
        ]
    }

    /// Whether the chain with head `h` has exactly one liberty.
    #[inline]
    pub(crate) fn in_atari(&self, h: usize) -> bool {
        let n = self.n_libs[h] as u64;
        let s = self.lib_sum[h] as u64;
        n > 0 && s * s == n * self.lib_sum_sq[h] as u64
    }

    /// The only liberty of a chain in atari.
    #[inline]
    pub(crate) fn atari_liberty(&self, h: usize) -> usize {
        (self.lib_sum[h] / self.n_libs[h] as u32) as usize
    }

    /// Whether a stone of `color` on the empty cell `i` would be forbidden (Art. 5): it
    /// gets no liberty of its own, joins no group of its color with a liberty elsewhere,
    /// and captures nothing (Art. 4.2: a capture makes it legal).
    #[inline]
    pub(crate) fn is_suicide(&self, color: Color, i: usize) -> bool {
        let own = Cell::of(color);
        for n in self.neighbours(i) {
            let c = self.cells[n];
            if c == Cell::Empty {
                return false;
            }
            if c == Cell::Border {
                continue;
            }
            let h = self.head[n] as usize;
            let atari = self.in_atari(h);
            if (c == own) != atari {
                // Our group with another liberty, or an opponent group we capture.
                return false;
            }
        }
        true
    }

    /// Plays a legal stone (occupied and suicide already excluded) on cell `i`.
    /// Returns the number of stones captured.
    pub(crate) fn play_idx(&mut self, color: Color, i: usize) -> u32 {
        let own = Cell::of(color);
        let opp = Cell::of(color.opponent());
        self.ko = 0;
        self.cells[i] = own;
        self.hash ^= zobrist::stone(color, i);
        self.remove_empty(i);
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.n_stones[i] = 1;
        self.n_libs[i] = 0;
        self.lib_sum[i] = 0;
        self.lib_sum_sq[i] = 0;
        // First settle the liberties and merges of all four neighbours, then capture: a
        // captured stone next to the new one gives it a liberty exactly once (in `remove_chain`).
        let mut dead: [usize; 4] = [0; 4];
        let mut n_dead = 0;
        for n in self.neighbours(i) {
            let c = self.cells[n];
            if c == Cell::Empty {
                let mine = self.head[i] as usize;
                self.add_lib(mine, n);
            } else if c == own {
                let h = self.head[n] as usize;
                self.remove_lib(h, i);
                let mine = self.head[i] as usize;
                if h != mine {
                    self.merge(mine, h);
                }
            } else if c == opp {
                let h = self.head[n] as usize;
                self.remove_lib(h, i);
                if self.n_libs[h] == 0 {
                    dead[n_dead] = h;
                    n_dead += 1;
                }
            }
        }
        // Art. 4.1 and 4.2: opponent groups without liberties go, before our own is judged.
        let mut captured = 0u32;
        for &h in &dead[..n_dead] {
            captured += self.n_stones[h] as u32;
            self.remove_chain(h, color.opponent());
        }
        let last_capture = if n_dead > 0 { dead[n_dead - 1] } else { 0 };
        self.captures[color.index()] += captured;
        // Art. 20.1 / simple ko: one stone captured by a lone stone now in atari.
        let mine = self.head[i] as usize;
        if captured == 1 && self.n_stones[mine] == 1 && self.in_atari(mine) {
            self.ko = last_capture as u16;
        }
        captured
    }

    // ----- private -----

    #[inline]
    fn add_lib(&mut self, h: usize, lib: usize) {
        self.n_libs[h] += 1;
        self.lib_sum[h] += lib as u32;
        self.lib_sum_sq[h] += (lib * lib) as u32;
    }

    #[inline]
    fn remove_lib(&mut self, h: usize, lib: usize) {
        self.n_libs[h] -= 1;
        self.lib_sum[h] -= lib as u32;
        self.lib_sum_sq[h] -= (lib * lib) as u32;
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        let pos = self.empty_pos[i] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty];
        self.empties[pos] = last;
        self.empty_pos[last as usize] = pos as u16;
    }

    #[inline]
    fn push_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.n_empty as u16;
        self.empties[self.n_empty] = i as u16;
        self.n_empty += 1;
    }

    /// Merges chain `b` into chain `a` (both heads), keeping the larger one's head.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.n_stones[a] >= self.n_stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.n_stones[big] += self.n_stones[small];
        self.n_libs[big] += self.n_libs[small];
        self.lib_sum[big] += self.lib_sum[small];
        self.lib_sum_sq[big] += self.lib_sum_sq[small];
    }

    /// Removes the chain with head `h` (Art. 4: 提子) and gives its neighbours the liberties.
    fn remove_chain(&mut self, h: usize, color: Color) {
        let mut s = h;
        loop {
            self.cells[s] = Cell::Empty;
            self.hash ^= zobrist::stone(color, s);
            self.push_empty(s);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        loop {
            for n in self.neighbours(s) {
                let c = self.cells[n];
                if c == Cell::Black || c == Cell::White {
                    let nh = self.head[n] as usize;
                    self.add_lib(nh, s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
    }

    /// Recomputes chains, liberties and the empty list from the cells (after setup).
    fn rebuild(&mut self) {
        self.n_empty = 0;
        let mut done = [false; CELLS];
        for p in self.size.points() {
            let i = self.idx(p);
            match self.cells[i] {
                Cell::Empty => self.push_empty(i),
                Cell::Black | Cell::White if !done[i] => {
                    let c = self.cells[i];
                    // Flood fill the chain, linking it as a circular list headed by `i`.
                    let mut stack = vec![i];
                    let mut members = Vec::new();
                    done[i] = true;
                    while let Some(s) = stack.pop() {
                        members.push(s);
                        for n in self.neighbours(s) {
                            if self.cells[n] == c && !done[n] {
                                done[n] = true;
                                stack.push(n);
                            }
                        }
                    }
                    self.n_stones[i] = members.len() as u16;
                    self.n_libs[i] = 0;
                    self.lib_sum[i] = 0;
                    self.lib_sum_sq[i] = 0;
                    for (k, &s) in members.iter().enumerate() {
                        self.head[s] = i as u16;
                        self.next[s] = members[(k + 1) % members.len()] as u16;
                        for n in self.neighbours(s) {
                            if self.cells[n] == Cell::Empty {
                                self.add_lib(i, n);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells == other.cells
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// One row per line from the top: `X` black, `O` white, `.` empty, `+` an empty star point.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stars = self.size.star_points();
        let n = self.size.get();
        for y in 0..n {
            for x in 0..n {
                let p = Point::new(x, y);
                let ch = match self.get(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None if stars.contains(&p) => '+',
                    None => '.',
                };
                if x > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
