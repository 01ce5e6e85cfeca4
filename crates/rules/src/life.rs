//! Dead-stone proposal (Art. 8): the machine proposes, the players decide.
//!
//! NOTE: placeholder body while the real proposal (Benson + playout ownership + seki) is
//! written; the signature is the contract other crates use.

use crate::board::Board;
use crate::point::{Color, Point};

/// Settings of the proposal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProposalSettings {
    /// Random playouts for the ownership estimate.
    pub playouts: u32,
    /// Seed, so the same position always gets the same proposal.
    pub seed: u64,
}

impl Default for ProposalSettings {
    fn default() -> Self {
        ProposalSettings {
            playouts: 400,
            seed: 0x5745_4951,
        }
    }
}

/// What the machine proposes about each group on the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Proposal {
    /// Stones proposed dead, sorted.
    pub dead: Vec<Point>,
    /// Stones proposed alive (seki included), sorted.
    pub alive: Vec<Point>,
    /// Stones alive in seki (a subset of `alive`), sorted.
    pub seki: Vec<Point>,
    /// Stones that are unconditionally alive by Benson's algorithm (a subset of `alive`), sorted.
    pub unconditional: Vec<Point>,
}

/// Proposes which stones are dead in `board`, `to_move` to play.
pub fn propose_dead(board: &Board, _to_move: Color, _settings: &ProposalSettings) -> Proposal {
    let mut alive: Vec<Point> = board.size().points().filter(|&p| board.get(p).is_some()).collect();
    alive.sort();
    Proposal {
        alive,
        ..Proposal::default()
    }
}
