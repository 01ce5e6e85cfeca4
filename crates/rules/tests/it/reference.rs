//! A naive, obviously-correct implementation of the rules of play, to test the fast engine
//! against (see `properties::differential_*`).
//!
//! Nothing here is clever: the board is a plain vector, groups and liberties are found by
//! flood fill every time, a capture is "remove every opponent group without liberties",
//! suicide is "our group has no liberties after the captures", the simple ko is "this move
//! undoes the opponent's single-stone capture by capturing the single capturing stone", and
//! whole-board repetition keeps every situation (the whole board and the side to move) of
//! the game and compares whole boards, with no hashing of our own. Under an outcome policy a
//! repetition is a cycle of Art. 20.3 only when no pass was played since the situation's last
//! occurrence; one a pass made possible is forbidden (the reading in `rules::CyclePolicy`).

use rules::{Color, CyclePolicy, GameEnd, IllegalMove, KoRule, Move, Point};
use std::collections::HashSet;

/// A board as a plain vector, row by row from the top-left.
pub type Cells = Vec<Option<Color>>;

/// What the last move did, for the simple-ko rule.
#[derive(Clone, Debug)]
struct LastMove {
    color: Color,
    /// The stone played, if not a pass.
    at: Option<usize>,
    /// The stones it captured.
    captured: Vec<usize>,
}

/// A game under the rules, written for clarity only.
#[derive(Clone, Debug)]
pub struct RefGame {
    pub n: usize,
    pub cells: Cells,
    pub to_move: Color,
    pub ko: KoRule,
    pub cycle: CyclePolicy,
    pub end: Option<GameEnd>,
    passes: u32,
    last: Option<LastMove>,
    /// Every situation of the game so far: the board and the side to move.
    situations: HashSet<(Cells, Color)>,
    /// Every board of the game so far (for positional superko).
    boards: HashSet<Cells>,
    /// The situations in the order they occurred (the start first), each with whether the
    /// move that made it was a pass.
    timeline: Vec<(Cells, Color, bool)>,
}

impl RefGame {
    pub fn new(n: usize, ko: KoRule, cycle: CyclePolicy) -> RefGame {
        let cells = vec![None; n * n];
        let mut g = RefGame {
            n,
            cells: cells.clone(),
            to_move: Color::Black,
            ko,
            cycle,
            end: None,
            passes: 0,
            last: None,
            situations: HashSet::new(),
            boards: HashSet::new(),
            timeline: vec![(cells.clone(), Color::Black, false)],
        };
        g.situations.insert((cells.clone(), Color::Black));
        g.boards.insert(cells);
        g
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (x, y) = (i % self.n, i / self.n);
        let mut out = Vec::with_capacity(4);
        if x > 0 {
            out.push(i - 1);
        }
        if x + 1 < self.n {
            out.push(i + 1);
        }
        if y > 0 {
            out.push(i - self.n);
        }
        if y + 1 < self.n {
            out.push(i + self.n);
        }
        out
    }

    /// The group holding the stone on `i` (flood fill), and its number of liberties.
    pub fn group(&self, cells: &Cells, i: usize) -> (Vec<usize>, usize) {
        let color = cells[i];
        let mut group = vec![i];
        let mut seen = vec![false; cells.len()];
        seen[i] = true;
        let mut liberties = HashSet::new();
        let mut k = 0;
        while k < group.len() {
            let s = group[k];
            k += 1;
            for nb in self.neighbours(s) {
                if cells[nb].is_none() {
                    liberties.insert(nb);
                } else if cells[nb] == color && !seen[nb] {
                    seen[nb] = true;
                    group.push(nb);
                }
            }
        }
        (group, liberties.len())
    }

    /// The board after `color` plays on the empty point `i`, with the stones captured, or
    /// `None` if the move is suicide (Art. 4, 5).
    fn after(&self, color: Color, i: usize) -> Option<(Cells, Vec<usize>)> {
        let mut cells = self.cells.clone();
        cells[i] = Some(color);
        let mut captured = Vec::new();
        // Art. 4.1, 4.2: opponent groups without liberties go first.
        for nb in self.neighbours(i) {
            if cells[nb] == Some(color.opponent()) {
                let (group, libs) = self.group(&cells, nb);
                if libs == 0 {
                    for s in group {
                        cells[s] = None;
                        captured.push(s);
                    }
                }
            }
        }
        // Art. 5: then our own group must have a liberty.
        if self.group(&cells, i).1 == 0 {
            return None;
        }
        Some((cells, captured))
    }

    /// Judges a move: the error, or the board after it, the captures and whether it repeats
    /// an earlier situation (under an outcome policy).
    fn judge(&self, color: Color, mv: Move) -> Result<(Cells, Vec<usize>, bool), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let p = match mv {
            Move::Pass => return Ok((self.cells.clone(), Vec::new(), false)),
            Move::Play(p) => p,
        };
        if p.x as usize >= self.n || p.y as usize >= self.n {
            return Err(IllegalMove::OffBoard);
        }
        let i = p.y as usize * self.n + p.x as usize;
        if self.cells[i].is_some() {
            return Err(IllegalMove::Occupied);
        }
        let (cells, captured) = self.after(color, i).ok_or(IllegalMove::Suicide)?;
        // Art. 20.1: the opponent just took one stone on this point with one stone, and
        // this move takes exactly that stone back.
        if let Some(last) = &self.last
            && last.color == color.opponent()
            && last.captured == [i]
            && last.at.is_some_and(|a| captured == [a])
        {
            return Err(IllegalMove::Ko);
        }
        let repeats = match self.ko {
            KoRule::Situational => self.situations.contains(&(cells.clone(), color.opponent())),
            KoRule::Positional => self.boards.contains(&cells),
            KoRule::Simple => false,
        };
        if repeats && self.cycle == CyclePolicy::Forbid {
            return Err(IllegalMove::Repetition);
        }
        if repeats && self.pass_since_last(&cells, color.opponent()) {
            // Art. 20: a repetition a pass made possible is no 20.3 cycle; it is forbidden.
            return Err(IllegalMove::Repetition);
        }
        Ok((cells, captured, repeats))
    }

    /// Whether a pass was played after the last occurrence of the situation (`cells`, `to_move`)
    /// (of the board alone under positional superko).
    fn pass_since_last(&self, cells: &Cells, to_move: Color) -> bool {
        let last = self
            .timeline
            .iter()
            .rposition(|(c, m, _)| c == cells && (self.ko == KoRule::Positional || *m == to_move))
            .expect("a repeated situation occurred before");
        self.timeline[last + 1..].iter().any(|&(_, _, pass)| pass)
    }

    /// Whether `mv` is legal for `color` now.
    pub fn check(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        self.judge(color, mv).map(|_| ())
    }

    /// Plays `mv` for `color`; returns the number of stones captured.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<usize, IllegalMove> {
        let (cells, captured, repeats) = self.judge(color, mv)?;
        self.passes = if mv == Move::Pass { self.passes + 1 } else { 0 };
        self.last = Some(LastMove {
            color,
            at: match mv {
                Move::Play(p) => Some(p.y as usize * self.n + p.x as usize),
                Move::Pass => None,
            },
            captured: captured.clone(),
        });
        self.cells = cells;
        self.to_move = color.opponent();
        self.situations.insert((self.cells.clone(), self.to_move));
        self.boards.insert(self.cells.clone());
        self.timeline.push((self.cells.clone(), self.to_move, mv == Move::Pass));
        if repeats {
            self.end = Some(GameEnd::Cycle(self.cycle));
        } else if self.passes >= 2 {
            self.end = Some(GameEnd::TwoPasses);
        }
        Ok(captured.len())
    }

    /// The point with index `i`.
    pub fn point(&self, i: usize) -> Point {
        Point::new((i % self.n) as u8, (i / self.n) as u8)
    }
}
