//! The game view's extras (`GET /api/games/{id}/view`, built by [`crate::view::game_view`]):
//! the names, the last move, the count as the page explains it, the machine's marking and the
//! record's log in both languages.

use super::games::BlackWhite;
use serde::Serialize;

/// The view's extras, beside the game's state.
#[derive(Serialize)]
pub struct ViewExtras {
    /// The players' names and ranks.
    pub names: BlackWhite<Named>,
    /// The last move, if any.
    pub last_move: Option<PlayedMove>,
    /// Moves made so far.
    pub moves: usize,
    /// Who proposed the end of play (`black`, `white`).
    pub end_proposed_by: Option<&'static str>,
    /// Who accepted the marking of dead stones.
    pub marking_accepted: BlackWhite<bool>,
    /// The chains the machine proposes dead (GTP points).
    pub machine_marking: Vec<String>,
    /// The chains it is unsure of: shown apart, never pre-marked.
    pub machine_unsure: Vec<String>,
    /// Every chain the proposal tells the players about (dead, seki, unsure: not the plainly
    /// alive), with its reason in both languages (`rules::life::Proposal::explained`).
    pub machine_chains: Vec<MachineChain>,
    /// Who proposed `machine_marking`: `builtin` (`rules::life::propose_dead`), or `scorer`
    /// (the external scorer of `weiqi serve --scorer`, once it answered).
    pub machine_proposed_by: &'static str,
    /// The external scorer while counting: asking, its name once it answered, or why it
    /// failed (the built-in proposal then stands). Absent without a scorer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_scorer: Option<ScorerShown>,
    /// The count, once there is one (Art. 9, 11, 24).
    pub count: Option<CountShown>,
    /// Art. 16.4: whether a recount may be asked for (a counted result, not confirmed).
    pub may_recount: bool,
    /// The start position (handicap stones), a row a string: `X`, `O`, `.`.
    pub start: Vec<String>,
    /// Every move, for the move list and review.
    pub history: Vec<PlayedMove>,
    /// Each event's summary.
    pub log: Vec<LogLine>,
}

/// One chain of the machine's proposal, with the reason for its status.
#[derive(Serialize)]
pub struct MachineChain {
    /// Its stones (GTP points), sorted.
    pub stones: Vec<String>,
    /// `black` or `white`.
    pub color: &'static str,
    /// `dead`, `seki` or `unsure` (`rules::life::Status::code`).
    pub status: &'static str,
    /// The reason's code (`rules::life::Reason::code`: `ko`, `captured`, …; `scorer` for a
    /// chain the external scorer proposed).
    pub reason: &'static str,
    /// The reason in English.
    pub en: String,
    /// The reason in Chinese.
    pub zh: String,
}

/// The external scorer as the view shows it: one of the three fields.
#[derive(Serialize, Default)]
pub struct ScorerShown {
    /// `true` while it is asked (or waits for a free core).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asking: Option<bool>,
    /// Its GTP name, once it answered (`GNU Go`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Why it failed or timed out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failed: Option<ScorerFailed>,
}

/// Why the scorer failed, in both languages.
#[derive(Serialize)]
pub struct ScorerFailed {
    /// In English, naming the command.
    pub message: String,
    /// In Chinese.
    pub zh: String,
}

/// A player as the view names them.
#[derive(Serialize)]
pub struct Named {
    /// The name.
    pub name: String,
    /// The rank as written (`3d`).
    pub rank: String,
}

/// A move: its colour and point (`D4`, or `pass`).
#[derive(Serialize)]
pub struct PlayedMove {
    /// `black` or `white`.
    pub color: &'static str,
    /// The GTP point, or `pass`.
    pub point: String,
}

/// The count as the page explains it (Art. 9, 11, 24).
#[derive(Serialize)]
pub struct CountShown {
    /// Stones plus territory.
    pub area: BlackWhite<u32>,
    /// Stones on the board.
    pub stones: BlackWhite<u32>,
    /// Territory.
    pub territory: BlackWhite<u32>,
    /// Dame points.
    pub dame: u32,
    /// Stones given back for warnings (Art. 24).
    pub penalties: BlackWhite<u32>,
    /// The amounts in quarter stones (the rules crate's `HalfPoints`: 4 a stone).
    pub quarters: Quarters,
    /// Who owns each point, a row a string: `b`, `w`, `.`.
    pub owner: Vec<String>,
}

/// The count's amounts in quarter stones.
#[derive(Serialize)]
pub struct Quarters {
    /// Black's count.
    pub black: i32,
    /// White's count.
    pub white: i32,
    /// Half the board.
    pub par: i32,
    /// The komi.
    pub komi: i32,
    /// What the handicap adds to Black's threshold.
    pub handicap: i32,
    /// What Black needs to win.
    pub threshold: i32,
    /// The winner's margin.
    pub margin: i32,
}

/// One event of the record, summarised.
#[derive(Serialize)]
pub struct LogLine {
    /// Its index in the record.
    pub index: usize,
    /// The moves made before it.
    pub after_move: Option<usize>,
    /// When (ms).
    pub at: u64,
    /// In English.
    pub en: String,
    /// In Chinese.
    pub zh: String,
    /// Its article (`22.5`).
    pub article: Option<String>,
    /// Whether a later ruling overruled it.
    pub overruled: bool,
    /// An official's event (`referee`, `chief_referee`): a ruling the players' page tells
    /// them of.
    pub official: Option<&'static str>,
}
