//! Counting (数子法, Art. 9), komi (Art. 11), split points (Art. 21.2) and penalty stones
//! (Art. 24).
//!
//! All amounts are whole numbers of half points (= quarter stones), the finest unit the
//! rules need: a dame point gives each side half a stone (2 half points) and komi is
//! 3¾ stones = 7½ points = 15 half points. See [`HalfPoints`].

use crate::board::{Board, CELLS, Cell};
use crate::point::{BoardSize, Color, Point};
use std::fmt;

/// An amount in half points. One stone (子) is two points is four half points: Black's
/// count of 184½ stones is `HalfPoints(738)`, komi of 3¾ stones (7½ points) is
/// `HalfPoints(15)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HalfPoints(pub i32);

impl HalfPoints {
    /// From points (as SGF `KM` and GTP `komi` give them); must be a multiple of ½.
    pub fn from_points(points: f64) -> Result<HalfPoints, NotHalfPoints> {
        let hp = points * 2.0;
        if !hp.is_finite() || hp.fract() != 0.0 || hp.abs() > 1e6 {
            return Err(NotHalfPoints(points));
        }
        Ok(HalfPoints(hp as i32))
    }

    /// From whole stones.
    pub const fn from_stones(stones: i32) -> HalfPoints {
        HalfPoints(stones * 4)
    }

    /// The amount in points.
    pub fn points(self) -> f64 {
        self.0 as f64 / 2.0
    }

    /// The amount in stones (子).
    pub fn stones(self) -> f64 {
        self.0 as f64 / 4.0
    }
}

/// An amount of points that is not a whole number of half points (or beyond a million of
/// them): what [`HalfPoints::from_points`] refuses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NotHalfPoints(pub f64);

impl fmt::Display for NotHalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a whole number of half points", self.0)
    }
}

impl std::error::Error for NotHalfPoints {}

/// Points as SGF and GTP write them: `7.5`, `7`, `-0.5`.
impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        if a.is_multiple_of(2) {
            write!(f, "{sign}{}", a / 2)
        } else {
            write!(f, "{sign}{}.5", a / 2)
        }
    }
}

/// A komi larger than the whole board: Art. 11's komi is points given on the count, and one
/// beyond the board's N² points could never be reached, so no game is played under it (and
/// every sum of a count stays far from overflow).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KomiTooLarge {
    /// The komi asked for.
    pub komi: HalfPoints,
    /// The board.
    pub size: BoardSize,
}

impl fmt::Display for KomiTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size.get();
        write!(
            f,
            "komi of {} points is beyond the {} points of a {n}×{n} board (Art. 11)",
            self.komi,
            self.size.n_points()
        )
    }
}

impl std::error::Error for KomiTooLarge {}

/// The one check of a komi (Art. 11): at most the board's N² points either way. The server,
/// the referee ([`crate::Rules::check`] through its settings), GTP's `komi` and the CLI's
/// matches and leagues all refuse what this refuses.
pub fn check_komi(komi: HalfPoints, size: BoardSize) -> Result<(), KomiTooLarge> {
    // `unsigned_abs`: `i32::MIN` has no `abs` (it overflows).
    if u64::from(komi.0.unsigned_abs()) <= 2 * size.n_points() as u64 {
        Ok(())
    } else {
        Err(KomiTooLarge { komi, size })
    }
}

/// What counting needs besides the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountSettings {
    /// Komi in half points (Art. 11).
    pub komi: HalfPoints,
    /// Handicap stones for which Black gives back half a stone each (0 for none).
    pub handicap_stones: u32,
    /// Warnings per side, one stone each (Art. 24); index by `Color::index`.
    pub penalties: [u32; 2],
}

/// The count of a finished position.
///
/// Invariant: `area[0] + area[1] + dame == N²`, so the counts of both sides before
/// penalties add up to N².
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// The board size.
    pub size: BoardSize,
    /// Living stones per side after the dead are removed.
    pub stones: [u32; 2],
    /// Empty points surrounded by one side only.
    pub territory: [u32; 2],
    /// Stones + territory per side.
    pub area: [u32; 2],
    /// Empty points bordered by both sides or by none (dame, seki), split half each (Art. 9, 21.2).
    pub dame: u32,
    /// Dead stones removed, by their color.
    pub dead: [u32; 2],
    /// Warnings per side (Art. 24).
    pub penalties: [u32; 2],
    /// Each side's count in half points: area plus half the dame, minus one stone per own
    /// warning, plus one per the opponent's ("罚出一子": the stone goes to the other side,
    /// so both counts still sum to N²).
    pub counts: [HalfPoints; 2],
    /// What Black needs to exceed: par N²/2 plus komi plus the handicap return.
    pub threshold: HalfPoints,
    /// Black's count minus the threshold: positive means Black wins.
    pub margin: HalfPoints,
    /// Who owns each point after counting, row by row from the top-left (None: dame).
    pub owner: Vec<Option<Color>>,
}

impl Count {
    /// The winner, or `None` for a draw (only possible with whole-stone komi, Art. 9).
    pub fn winner(&self) -> Option<Color> {
        match self.margin.0 {
            m if m > 0 => Some(Color::Black),
            m if m < 0 => Some(Color::White),
            _ => None,
        }
    }

    /// The result as SGF `RE` writes it, in points: `B+1.5`, `W+0.5`, `0` for a draw.
    pub fn result(&self) -> String {
        match self.winner() {
            Some(c) => format!("{}+{}", c.letter(), HalfPoints(self.margin.0.abs())),
            None => "0".to_string(),
        }
    }

    /// The margin in stones (子) as the Chinese rules state it: `¾`, `1¼`, `2½`.
    pub fn margin_stones(&self) -> String {
        let q = self.margin.0.unsigned_abs();
        let whole = q / 4;
        let frac = ["", "¼", "½", "¾"][(q % 4) as usize];
        match (whole, frac) {
            (0, "") => "0".to_string(),
            (0, f) => f.to_string(),
            (w, f) => format!("{w}{f}"),
        }
    }
}

/// Counts `board` with the groups of `dead` removed (Art. 8, 9; naming one stone marks its
/// whole group; empty points in `dead` are ignored).
pub fn count(board: &Board, dead: &[Point], settings: &CountSettings) -> Count {
    let size = board.size();
    let mut cells: Vec<Cell> = (0..CELLS).map(|i| board.cell(i)).collect();
    let mut n_dead = [0u32; 2];
    for &p in dead {
        if !board.on_board(p) {
            continue;
        }
        let i = board.idx(p);
        let Some(c) = board.color_at(i) else { continue };
        if cells[i] != Cell::of(c) {
            continue; // its group was already removed
        }
        // Art. 9: remove the dead stones first.
        let head = board.chain_head(i);
        let mut s = head;
        loop {
            cells[s] = Cell::Empty;
            n_dead[c.index()] += 1;
            s = board.chain_next(s);
            if s == head {
                break;
            }
        }
    }
    let mut stones = [0u32; 2];
    let mut territory = [0u32; 2];
    let mut dame = 0u32;
    let mut owner_cell: Vec<Option<Color>> = vec![None; CELLS];
    let mut seen = vec![false; CELLS];
    let mut region = Vec::new();
    let mut stack = Vec::new();
    for p in size.points() {
        let i = board.idx(p);
        match cells[i] {
            Cell::Black => {
                stones[0] += 1;
                owner_cell[i] = Some(Color::Black);
            }
            Cell::White => {
                stones[1] += 1;
                owner_cell[i] = Some(Color::White);
            }
            Cell::Empty if !seen[i] => {
                // Flood the empty region and note which colors border it.
                let (mut touches_black, mut touches_white) = (false, false);
                region.clear();
                stack.push(i);
                seen[i] = true;
                while let Some(j) = stack.pop() {
                    region.push(j);
                    for n in board.neighbours(j) {
                        match cells[n] {
                            Cell::Empty if !seen[n] => {
                                seen[n] = true;
                                stack.push(n);
                            }
                            Cell::Black => touches_black = true,
                            Cell::White => touches_white = true,
                            _ => {}
                        }
                    }
                }
                let owner = match (touches_black, touches_white) {
                    (true, false) => Some(Color::Black),
                    (false, true) => Some(Color::White),
                    // Art. 9 and 21.2: points between both sides (or bordered by nobody)
                    // are split half each.
                    _ => None,
                };
                match owner {
                    Some(c) => territory[c.index()] += region.len() as u32,
                    None => dame += region.len() as u32,
                }
                for &j in &region {
                    owner_cell[j] = owner;
                }
            }
            _ => {}
        }
    }
    let area = [stones[0] + territory[0], stones[1] + territory[1]];
    let pen = settings.penalties;
    let raw = |c: usize| HalfPoints::from_stones(area[c] as i32).0 + 2 * dame as i32;
    // Art. 24: each warning moves one stone from the warned side's count to the other's.
    let black = raw(0) - 4 * pen[0] as i32 + 4 * pen[1] as i32;
    let white = raw(1) - 4 * pen[1] as i32 + 4 * pen[0] as i32;
    // Art. 9, 11: par is half the points; Black must exceed par plus komi (plus half a
    // stone per handicap stone given back).
    let par = 2 * size.n_points() as i32;
    let threshold = HalfPoints(par + settings.komi.0 + 2 * settings.handicap_stones as i32);
    let owner = size.points().map(|p| owner_cell[board.idx(p)]).collect();
    Count {
        size,
        stones,
        territory,
        area,
        dame,
        dead: n_dead,
        penalties: pen,
        counts: [HalfPoints(black), HalfPoints(white)],
        threshold,
        margin: HalfPoints(black - threshold.0),
        owner,
    }
}
