//! The dead-stone proposal (Art. 8: the players agree on what is dead; the machine only
//! proposes).
//!
//! Three tools, combined by [`propose_dead`]:
//! - **Benson's unconditional life** ([`unconditionally_alive`], [`unconditional_territory`]):
//!   the classic iterative removal over *vital* regions. A chain it keeps cannot be captured
//!   even if its owner passes forever, so it is never proposed dead; opponent stones inside a
//!   region it proves to be territory are always proposed dead.
//! - **Seki** ([`seki`]): a local, structural test. Chains of both colors that are not
//!   unconditionally alive, with few and closed liberties (shared ones and small eyes), and
//!   that share liberties form a cluster. On a copy of the board, safe moves that take a
//!   liberty of an opponent chain of the cluster are played (outside liberties get filled; a
//!   race that is not seki ends in a capture). The cluster is seki when what is left is
//!   forbidden (Art. 5) or self-atari for both sides, and no self-atari is a sacrifice that
//!   kills (the capture leaving the capturer one eye in a dead shape: nakade, snapback). A
//!   sacrifice whose captured space also borders another capturer chain with liberties
//!   elsewhere (a wall) kills nothing: the capturer connects out through the space. A move
//!   that joins a chain of the cluster to a chain of its color outside it is played too
//!   (it brings in the outside chain's liberties), and a standoff reached after such a move
//!   is no seki: the outside chain's liberties and eyes decide, a race the playouts judge.
//!   Seki stones are alive and their shared liberties are dame, which counting splits half
//!   each (Art. 9, 21.2).
//! - **Ownership** ([`ownership`]): N random playouts from the position, each scored by
//!   area; a point's ownership is in [-1, 1] (+1: Black always gets it, -1: White always
//!   does). The policy is the light one (a uniformly random move that does not fill its own
//!   one-point eye) with the classic tactical refinements: capture a chain the opponent's
//!   last move left in atari; save a chain it put in atari (capture a neighbour, or extend
//!   to two liberties); after the opponent captured a dead shape, play its vital point
//!   (nakade); and never put one's own chain of two or more stones in atari, unless the chain
//!   and its last liberty are wholly enclosed by the opponent and the chain is a dead shape
//!   (a nakade, which must be playable or such groups would never be killed). The shared
//!   liberties of a recognised seki are never played, so playouts do not "resolve" a seki by
//!   self-atari.
//!
//! - **Invaders** (`kill_invaders`): a lone stone or small group (up to three stones, no
//!   eye) in an area enclosed only by safe opponent chains (Benson, seki, or kept by the
//!   playouts with confidence) is dead when the playouts give the area to the opponent and
//!   are themselves undecided about it. In a wide area random playouts let such a stone make
//!   two eyes about half the time, a coin toss the threshold would decide either way.
//!
//! - **Atari reader** (`atari_fate`): a chain in atari, even in a dragon something certain
//!   keeps alive, is read out with its owner to move (ladders, nets, captures around it):
//!   one that cannot escape is dead, unless the chains that would capture it are not sure
//!   to live themselves (then it is unsure). A lone stone whose capture would be a ko
//!   capture is unsure, unless its owner is to move and connects, or it has just taken that
//!   ko and the opponent, to move, may not retake (Art. 20.1): then it is alive. A capture
//!   that leaves the capturing chain of several stones with one liberty is retaken whole (a
//!   snapback) and is no ko.
//!
//! - **Second look** (`second_look`): when some dragons are unsettled and some stones are
//!   proposed dead, the playouts run again on the board without the dead stones; an
//!   unsettled dragon whose stones now go to its owner with confidence is alive. Random
//!   playouts leave a dead group standing about half the time, and a living neighbour then
//!   looks undecided.
//!
//! Key design decision: the proposal decides *dragons*, not single chains. Chains of one
//! color that share a liberty are decided together, on the mean ownership of their stones,
//! and a dragon is proposed dead only when the playouts give its stones to the opponent with
//! confidence (mean ownership beyond [`DEAD_THRESHOLD`] against it; for a dragon of more
//! than `BIG_DRAGON` stones, beyond `BIG_DRAGON_DEAD`, and unsure between). In a dragon the
//! playouts leave undecided, a chain whose own stones they give to its owner with confidence
//! is alive on its own. Certainty
//! (Benson) and structure (seki, enclosed invaders) overrule the statistics; the statistics
//! decide the rest. Everything is deterministic from [`ProposalSettings::seed`].

use crate::board::{Board, CELLS, Cell};
use crate::lang::Lang;
use crate::playout::{Rng, random_move_where};
use crate::point::{Color, Point};

/// A dragon whose stones the playouts give to the opponent with a mean ownership beyond this
/// (from its own color's view, below `-DEAD_THRESHOLD`) is proposed dead: the opponent gets
/// its points in at least 55% of the playouts. Chosen against GNU Go 3.8's
/// `final_status_list dead` on finished self-play games (0.0 to 0.1 agree best; 0.3 and more
/// miss dead stones in loose endings, where random playouts are noisy).
pub const DEAD_THRESHOLD: f64 = 0.1;

/// A dragon the playouts give to its owner by a mean ownership of at most this, and that
/// they do not give to the opponent beyond [`DEAD_THRESHOLD`], is unsure: an unsettled
/// fight, which the players decide (chosen against GNU Go 3.8 with
/// `cargo xtask life-vs-gnugo`, see BENCHMARKS.md).
pub const SURE_ALIVE: f64 = 0.3;

/// A dragon of more stones than this has had room to make eyes: random playouts misjudge the
/// races and eye shapes of such groups far more often than a small invader's, so it is
/// proposed dead only when they kill it nearly always (mean ownership below
/// `-BIG_DRAGON_DEAD`), and is unsure between. On the 259 counted professional records that
/// replay, no living dragon of more stones came out below -0.51 (Hon-47-5's 48 stones in a
/// race, now alive on the second look), and White's dead dragons in M-63-4 at -0.64
/// (BENCHMARKS.md).
const BIG_DRAGON: u32 = 12;

/// See [`BIG_DRAGON`].
const BIG_DRAGON_DEAD: f64 = 0.6;

/// The most moves the atari reader looks ahead (a ladder across the board and back).
const READ_DEPTH: u32 = 80;

/// An opponent dragon enclosing an invader counts as safe when the playouts give it to its
/// owner with a mean ownership beyond this (see [`kill_invaders`]).
const SAFE_THRESHOLD: f64 = 0.5;

/// An invader is proposed dead by [`kill_invaders`] only when the playouts give its dragon a
/// mean ownership (from its own view) of at most this: a coin toss, not a group they keep
/// alive.
const INVADER_UNCERTAIN: f64 = 0.25;

/// An invader is proposed dead by [`kill_invaders`] only when the playouts give the empty
/// points of its region to the opponent with a mean ownership of at least this.
const INVADER_AREA_THRESHOLD: f64 = 0.2;

/// The most stones an invader may have to be proposed dead by [`kill_invaders`] whatever
/// the playouts say of it: a lone stone or a small group, which cannot already have the
/// makings of two eyes.
const INVADER_MAX_STONES: usize = 3;

/// Chains with more liberties than this never take part in a seki (a seki chain lives on
/// its shared liberties and at most a small eye).
const SEKI_MAX_LIBERTIES: usize = 10;

/// The largest chain a playout may put in atari inside the opponent's enclosure (a nakade):
/// the largest dead shape, the rabbity six.
const NAKADE_MAX_STONES: usize = 6;

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
///
/// Invariant: `dead` and `alive` partition the stones on the board; `seki` and
/// `unconditional` are subsets of `alive`. All point lists are sorted.
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
    /// The empty points shared by the chains of a seki (dame: split half each, Art. 9), sorted.
    pub dame: Vec<Point>,
    /// Ownership of every point from the playouts, row by row from the top-left (the order of
    /// [`crate::BoardSize::points`]): +1 Black's in every playout, -1 White's.
    pub ownership: Vec<f64>,
    /// Stones of chains the machine is unsure of (a ko, an unsettled fight): a subset of
    /// `alive`, never proposed dead, for the players to decide (Art. 8). Sorted.
    pub unsure: Vec<Point>,
    /// Every chain with its status and the reason for it, in the order of their first stone.
    pub chains: Vec<ChainStatus>,
}

impl Proposal {
    /// The chains the players are told about, with their reasons: every chain proposed dead,
    /// in seki or unsure (a chain proposed alive goes without saying), in the order of
    /// [`Proposal::chains`]. The one choice the pages, `weiqi score` and GTP share.
    pub fn explained(&self) -> impl Iterator<Item = &ChainStatus> {
        self.chains.iter().filter(|c| c.status != Status::Alive)
    }
}

/// What the proposal says of one chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Proposed dead: removed at counting unless a player disputes it (Art. 8, 21.4).
    Dead,
    /// Proposed alive.
    Alive,
    /// Alive in seki (Art. 9: its shared liberties are dame).
    Seki,
    /// Not proposed either way: the players must look (a ko, an unsettled fight). Counted as
    /// alive unless they mark it.
    Unsure,
}

impl Status {
    /// A short, stable name: `dead`, `alive`, `seki`, `unsure`.
    pub fn code(self) -> &'static str {
        match self {
            Status::Dead => "dead",
            Status::Alive => "alive",
            Status::Seki => "seki",
            Status::Unsure => "unsure",
        }
    }
}

/// Why a chain got its status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// Benson's unconditional life: it cannot be captured even if its owner passes forever.
    Unconditional,
    /// Part of a seki.
    Seki,
    /// Inside territory Benson proves the opponent's: it can never make two eyes.
    InTerritory,
    /// In atari and read out: it cannot escape (extending only leads into a ladder or a net,
    /// and it captures nothing around it).
    Captured,
    /// Its life hangs on a ko: it is in atari and its capture, or its escape, is a ko capture.
    Ko,
    /// A lone stone in atari that has just taken a ko: the opponent, to move, may not retake
    /// at once (Art. 20.1), and its owner connects next.
    KoTaken,
    /// A lone stone in atari whose capture is a ko capture, its owner to move: the owner
    /// connects it (or captures) before the opponent may take.
    KoToConnect,
    /// In atari and unable to escape, but the chains that would capture it are not sure to
    /// live themselves: a fight the players must look at.
    CapturersWeak,
    /// A small eyeless invader of an area enclosed by safe opponent chains.
    Invader,
    /// The playouts give its stones to one side with confidence.
    Playouts,
    /// The playouts are undecided about it: a fight not yet played out.
    Unsettled,
}

impl Reason {
    /// Every reason, in the order of the enum.
    pub const ALL: [Reason; 11] = [
        Reason::Unconditional,
        Reason::Seki,
        Reason::InTerritory,
        Reason::Captured,
        Reason::Ko,
        Reason::KoTaken,
        Reason::KoToConnect,
        Reason::CapturersWeak,
        Reason::Invader,
        Reason::Playouts,
        Reason::Unsettled,
    ];

    /// A short, stable name for JSON and the pages: `unconditional`, `seki`, `in-territory`,
    /// `captured`, `ko`, `ko-taken`, `ko-to-connect`, `capturers-weak`, `invader`,
    /// `playouts`, `unsettled`.
    pub fn code(self) -> &'static str {
        match self {
            Reason::Unconditional => "unconditional",
            Reason::Seki => "seki",
            Reason::InTerritory => "in-territory",
            Reason::Captured => "captured",
            Reason::Ko => "ko",
            Reason::KoTaken => "ko-taken",
            Reason::KoToConnect => "ko-to-connect",
            Reason::CapturersWeak => "capturers-weak",
            Reason::Invader => "invader",
            Reason::Playouts => "playouts",
            Reason::Unsettled => "unsettled",
        }
    }

    /// The reason in words, in `lang`, as the players read it beside the board.
    pub fn describe(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Reason::Unconditional, Lang::En) => "unconditionally alive: it cannot be captured",
            (Reason::Unconditional, Lang::Zh) => "无条件活棋：无法被提取",
            (Reason::Seki, Lang::En) => "seki: neither side can capture, the shared liberties are dame",
            (Reason::Seki, Lang::Zh) => "双活：双方都不能提取，公气为单官",
            (Reason::InTerritory, Lang::En) => "inside the opponent's unconditional territory",
            (Reason::InTerritory, Lang::Zh) => "位于对方无条件确定的地域之内",
            (Reason::Captured, Lang::En) => "in atari and cannot escape",
            (Reason::Captured, Lang::Zh) => "被打吃且无法逃出",
            (Reason::Ko, Lang::En) => "its life hangs on a ko",
            (Reason::Ko, Lang::Zh) => "死活取决于劫争",
            (Reason::KoTaken, Lang::En) => "it has just taken a ko, which the opponent may not retake at once",
            (Reason::KoTaken, Lang::Zh) => "刚提劫，对方不能立即提回",
            (Reason::KoToConnect, Lang::En) => "a ko its owner, to move, connects",
            (Reason::KoToConnect, Lang::Zh) => "劫争中轮到己方，可以粘劫",
            (Reason::CapturersWeak, Lang::En) => "in atari, but the stones around it are not sure to live",
            (Reason::CapturersWeak, Lang::Zh) => "被打吃，但周围的对方棋子死活未定",
            (Reason::Invader, Lang::En) => "an eyeless invader of enclosed territory",
            (Reason::Invader, Lang::Zh) => "侵入对方围地、无眼位的孤子",
            (Reason::Playouts, Lang::En) => "the playouts give it to one side with confidence",
            (Reason::Playouts, Lang::Zh) => "模拟对局明确判定",
            (Reason::Unsettled, Lang::En) => "the playouts are undecided: an unsettled fight",
            (Reason::Unsettled, Lang::Zh) => "模拟对局无定论：对杀未了",
        }
    }
}

impl std::fmt::Display for Reason {
    /// The English words of [`Reason::describe`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.describe(Lang::En))
    }
}

impl Status {
    /// The status in words, in `lang`: 死 / 活 / 双活 / 存疑.
    pub fn describe(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Status::Dead, Lang::En) => "dead",
            (Status::Dead, Lang::Zh) => "死子",
            (Status::Alive, Lang::En) => "alive",
            (Status::Alive, Lang::Zh) => "活棋",
            (Status::Seki, Lang::En) => "seki",
            (Status::Seki, Lang::Zh) => "双活",
            (Status::Unsure, Lang::En) => "unsure",
            (Status::Unsure, Lang::Zh) => "存疑",
        }
    }
}

/// One chain of the proposal.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainStatus {
    /// Its stones, sorted.
    pub stones: Vec<Point>,
    /// Its color.
    pub color: Color,
    /// The status proposed.
    pub status: Status,
    /// Why.
    pub reason: Reason,
    /// The mean ownership of its dragon from its own color's view, in [-1, 1].
    pub ownership: f64,
}

/// Proposes which stones are dead in `board`, `to_move` to play (Art. 8).
///
/// Benson-alive chains and seki chains are alive; opponent stones inside territory that
/// Benson proves are dead, and so are small eyeless invaders of an area enclosed by safe
/// opponent chains (see the module docs); every other dragon (chains of one color sharing
/// liberties) is dead when the playouts give it to the opponent with confidence.
pub fn propose_dead(board: &Board, to_move: Color, settings: &ProposalSettings) -> Proposal {
    let size = board.size();
    let benson = [benson(board, Color::Black), benson(board, Color::White)];
    let seki = find_seki(board, &benson);
    let own = ownership_cells(board, to_move, settings, &seki.dame);

    // Dragons: union-find over chain heads of one color that share a liberty.
    let mut parent: Vec<u16> = (0..CELLS as u16).collect();
    for p in board.empty_points() {
        let i = board.idx(p);
        let mut heads = [0usize; 4];
        let mut colors = [Cell::Empty; 4];
        for (k, n) in board.neighbours(i).into_iter().enumerate() {
            if matches!(board.cell(n), Cell::Black | Cell::White) {
                heads[k] = board.chain_head(n);
                colors[k] = board.cell(n);
            }
        }
        for a in 0..4 {
            for b in a + 1..4 {
                if colors[a] != Cell::Empty && colors[a] == colors[b] {
                    union(&mut parent, heads[a], heads[b]);
                }
            }
        }
    }

    // Per dragon: the mean ownership of its stones from its own view, and whether something
    // certain (Benson, seki) keeps it alive or kills it.
    let mut dragons = Dragons {
        root: vec![0; CELLS],
        mean: vec![0.0; CELLS],
        stones: vec![0; CELLS],
        keep: vec![false; CELLS],
        kill: vec![false; CELLS],
    };
    for p in size.points() {
        let i = board.idx(p);
        let Some(c) = board.color_at(i) else { continue };
        let d = find(&mut parent, board.chain_head(i));
        dragons.root[i] = d;
        dragons.stones[d] += 1;
        if benson[c.index()].alive[i] || seki.stones[i] {
            dragons.keep[d] = true;
        }
        // Opponent stones inside territory Benson proves cannot live.
        if benson[c.opponent().index()].territory[i] {
            dragons.kill[d] = true;
        }
    }
    dragons.mean = mean_ownership(board, &own, |i| dragons.root[i]);
    // Per chain (by head): the mean ownership of its own stones, from its own view.
    let chain_mean = mean_ownership(board, &own, |i| board.chain_head(i));

    kill_invaders(board, &benson, &seki, &mut dragons, &own);

    // Per chain (by head): status and reason, decided once.
    let mut decided: Vec<Option<(Status, Reason)>> = vec![None; CELLS];
    for p in size.points() {
        let i = board.idx(p);
        let Some(c) = board.color_at(i) else { continue };
        let h = board.chain_head(i);
        let d = dragons.root[i];
        decided[h].get_or_insert_with(|| {
            let mean = dragons.mean[d];
            if seki.stones[i] {
                (Status::Seki, Reason::Seki)
            } else if benson[c.index()].alive[i] {
                (Status::Alive, Reason::Unconditional)
            } else if benson[c.opponent().index()].territory[i] {
                (Status::Dead, Reason::InTerritory)
            } else if board.in_atari(h) {
                // Art. 8: a chain in atari is read out even in a dragon that something certain
                // keeps alive: a cut-off stone of a living group can still be captured.
                match atari_fate(board, h, to_move) {
                    // Art. 8: read out, it cannot escape; but when the chains that would
                    // capture it are themselves not sure to live, the fight is not over.
                    Fate::Captured if capturers_weak(board, h, &dragons) => {
                        match by_playouts(&dragons, d, mean, chain_mean[h]) {
                            dead @ (Status::Dead, _) => dead,
                            _ => (Status::Unsure, Reason::CapturersWeak),
                        }
                    }
                    Fate::Captured => (Status::Dead, Reason::Captured),
                    // Its owner, to move, connects the ko before the opponent may take it.
                    Fate::KoToConnect => match by_playouts(&dragons, d, mean, chain_mean[h]) {
                        dead @ (Status::Dead, _) => dead,
                        _ => (Status::Alive, Reason::KoToConnect),
                    },
                    // Art. 20.1: its owner has just taken this ko, so the opponent cannot
                    // retake at once; at the end of play the owner connects.
                    Fate::KoTaken => match by_playouts(&dragons, d, mean, chain_mean[h]) {
                        dead @ (Status::Dead, _) => dead,
                        _ => (Status::Alive, Reason::KoTaken),
                    },
                    // A ko inside a dragon the playouts kill anyway decides nothing.
                    Fate::Ko => match by_playouts(&dragons, d, mean, chain_mean[h]) {
                        dead @ (Status::Dead, _) => dead,
                        _ => (Status::Unsure, Reason::Ko),
                    },
                    Fate::Escapes => by_playouts(&dragons, d, mean, chain_mean[h]),
                }
            } else {
                by_playouts(&dragons, d, mean, chain_mean[h])
            }
        });
    }
    second_look(board, to_move, settings, &seki, &dragons, &mut decided);

    let mut proposal = Proposal::default();
    for p in size.points() {
        let i = board.idx(p);
        let Some(c) = board.color_at(i) else { continue };
        let h = board.chain_head(i);
        let (status, _) = decided[h].expect("every chain was decided");
        match status {
            Status::Dead => proposal.dead.push(p),
            Status::Unsure => {
                proposal.alive.push(p);
                proposal.unsure.push(p);
            }
            Status::Alive | Status::Seki => proposal.alive.push(p),
        }
        if seki.stones[i] {
            proposal.seki.push(p);
        }
        if benson[c.index()].alive[i] {
            proposal.unconditional.push(p);
        }
    }
    let mut listed = vec![false; CELLS];
    for p in size.points() {
        let i = board.idx(p);
        let Some(color) = board.color_at(i) else { continue };
        let h = board.chain_head(i);
        if std::mem::replace(&mut listed[h], true) {
            continue;
        }
        let (status, reason) = decided[h].expect("every chain was decided");
        let mut stones = board.group(p);
        stones.sort();
        proposal.chains.push(ChainStatus {
            stones,
            color,
            status,
            reason,
            ownership: dragons.mean[dragons.root[i]],
        });
    }
    proposal.dame = size.points().filter(|&p| seki.dame[board.idx(p)]).collect();
    proposal.ownership = size.points().map(|p| own[board.idx(p)]).collect();
    proposal
}

/// The second look: the playouts again, on the board without the stones proposed dead.
/// Random playouts leave a dead group standing about as often as they capture it, and the
/// fight around it then looks undecided: a living group next to a dead one it has not yet
/// captured comes out near zero. With the dead stones taken off (as the count takes them,
/// Art. 9), a dragon the first look found unsettled is alive when its stones now go to its
/// owner beyond [`SURE_ALIVE`]. The second look only ever turns unsettled into alive, so a
/// wrong dead stone cannot spread.
fn second_look(
    board: &Board,
    to_move: Color,
    settings: &ProposalSettings,
    seki: &SekiCells,
    dragons: &Dragons,
    decided: &mut [Option<(Status, Reason)>],
) {
    let size = board.size();
    let unsettled = |d: &Option<(Status, Reason)>| matches!(d, Some((Status::Unsure, Reason::Unsettled)));
    let dead = |d: &Option<(Status, Reason)>| matches!(d, Some((Status::Dead, _)));
    if !decided.iter().any(unsettled) || !decided.iter().any(dead) {
        return;
    }
    let mut cleaned = board.clone();
    for p in size.points() {
        let i = board.idx(p);
        if board.color_at(i).is_some() && dead(&decided[board.chain_head(i)]) {
            cleaned.set(p, None);
        }
    }
    // Half the playouts: the second look only has to confirm a group's life once its dead
    // neighbours are gone, and the proposal stays within its time on 19×19.
    let half = ProposalSettings {
        playouts: (settings.playouts / 2).max(1),
        ..*settings
    };
    let own = ownership_cells(&cleaned, to_move, &half, &seki.dame);
    let mean = mean_ownership(board, &own, |i| dragons.root[i]);
    for p in size.points() {
        let i = board.idx(p);
        if board.color_at(i).is_none() {
            continue;
        }
        let h = board.chain_head(i);
        if unsettled(&decided[h]) && mean[dragons.root[i]] > SURE_ALIVE {
            decided[h] = Some((Status::Alive, Reason::Playouts));
        }
    }
}

/// The mean ownership `own` of the stones of `board` from each one's own color's view, by
/// group: `group` maps a stone's cell to its group's index (a dragon's root, a chain's head).
fn mean_ownership(board: &Board, own: &[f64], group: impl Fn(usize) -> usize) -> Vec<f64> {
    let mut sum = vec![0.0; CELLS];
    let mut stones = vec![0u32; CELLS];
    for p in board.size().points() {
        let i = board.idx(p);
        let Some(c) = board.color_at(i) else { continue };
        let sign = if c == Color::Black { 1.0 } else { -1.0 };
        let g = group(i);
        sum[g] += sign * own[i];
        stones[g] += 1;
    }
    for (mean, &n) in sum.iter_mut().zip(&stones) {
        if n > 0 {
            *mean /= n as f64;
        }
    }
    sum
}

/// The status of a chain in a dragon that nothing certain decides: the invader rule, then
/// the playouts' mean ownership of the dragon, `mean`, from its own view. When the dragon is
/// undecided, a chain whose own stones, `chain_mean`, the playouts give to its owner with
/// confidence is alive on its own: a dragon joins chains that merely touch a liberty, and
/// one weak part (a cut-off stone, a group in a fight) should not make a living wall unsure.
fn by_playouts(dragons: &Dragons, d: usize, mean: f64, chain_mean: f64) -> (Status, Reason) {
    match by_dragon(dragons, d, mean) {
        (Status::Unsure, Reason::Unsettled) if chain_mean > SURE_ALIVE => (Status::Alive, Reason::Playouts),
        decided => decided,
    }
}

/// See [`by_playouts`]: the dragon's status.
fn by_dragon(dragons: &Dragons, d: usize, mean: f64) -> (Status, Reason) {
    if dragons.keep[d] {
        (Status::Alive, Reason::Unconditional)
    } else if dragons.kill[d] {
        (Status::Dead, Reason::Invader)
    } else if mean < -DEAD_THRESHOLD && (dragons.stones[d] <= BIG_DRAGON || mean < -BIG_DRAGON_DEAD) {
        (Status::Dead, Reason::Playouts)
    } else if mean <= SURE_ALIVE {
        (Status::Unsure, Reason::Unsettled)
    } else {
        (Status::Alive, Reason::Playouts)
    }
}

/// What becomes of a chain in atari when its owner moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fate {
    /// Whatever its owner does, it is captured (ladder, net, or no way out at all).
    Captured,
    /// It lives or dies by a ko: its capture would be a ko capture, or its only way out is
    /// taking a ko.
    Ko,
    /// Its capture would be a ko capture that the opponent, to move, may not make now: the
    /// chain has just taken that ko (Art. 20.1).
    KoTaken,
    /// Its capture would be a ko capture, and its owner is to move: the owner connects.
    KoToConnect,
    /// It can get out of atari for good, as far as the reader sees.
    Escapes,
}

/// Reads out the chain with head `h`, in atari, its owner to move (see [`Fate`]); a capture
/// that would be a ko capture is a ko whoever is to move, since play has ended.
fn atari_fate(board: &Board, h: usize, to_move: Color) -> Fate {
    let color = board.color_at(h).expect("a chain");
    let lib = board.atari_liberty(h);
    // The capture itself is a ko capture: a lone stone, taken by a lone stone left with one
    // liberty (the point of the stone taken). A capturing chain of more stones left with one
    // liberty is retaken whole (a snapback): no ko.
    if board.chain_len(h) == 1 {
        let (libs, size) = liberties_after_capture(board, color.opponent(), lib);
        if libs <= 1 && size == 1 {
            // Art. 20.1: the chain has just taken this ko when its capture is the point the
            // opponent, to move, may not play.
            let taken = to_move != color && lib == board.ko_idx();
            return if taken {
                Fate::KoTaken
            } else if to_move == color {
                Fate::KoToConnect
            } else {
                Fate::Ko
            };
        }
    }
    let mut budget = 4000u32;
    match defend(board, h, color, READ_DEPTH, &mut budget) {
        Some(true) => Fate::Escapes,
        Some(false) => Fate::Captured,
        None => Fate::Ko,
    }
}

/// Whether some opponent chain next to the chain with head `h` is not sure to live: nothing
/// certain keeps its dragon alive and the playouts give that dragon to its owner by a mean
/// ownership of at most [`SURE_ALIVE`].
fn capturers_weak(board: &Board, h: usize, dragons: &Dragons) -> bool {
    let opp = Cell::of(board.color_at(h).expect("a chain").opponent());
    let mut s = h;
    loop {
        for n in board.neighbours(s) {
            if board.cell(n) == opp {
                let d = dragons.root[n];
                if !dragons.keep[d] && dragons.mean[d] <= SURE_ALIVE {
                    return true;
                }
            }
        }
        s = board.chain_next(s);
        if s == h {
            return false;
        }
    }
}

/// The liberties of the stone of `color` played on the empty `x`, counting the captures it
/// makes (one liberty per captured stone next to it) and its friends' liberties; at most 3.
fn liberties_after_capture(board: &Board, color: Color, x: usize) -> (usize, usize) {
    let (libs, size) = liberties_after(board, color, x, 3);
    let n = libs.cells[..libs.n].iter().filter(|&&c| c != usize::MAX).count();
    (n, size)
}

/// Whether the chain of `color` at `i`, in atari, `color` to move, escapes: `Some(true)` it
/// does, `Some(false)` it is captured whatever it does, `None` its only escape is a ko
/// capture. Out of depth or budget it escapes (never called dead on a guess).
fn defend(board: &Board, i: usize, color: Color, depth: u32, budget: &mut u32) -> Option<bool> {
    if depth == 0 || *budget == 0 {
        return Some(true);
    }
    *budget -= 1;
    let h = board.chain_head(i);
    let opp = Cell::of(color.opponent());
    let mut ko_escape = false;
    // Capture a neighbouring chain in atari.
    let mut s = h;
    loop {
        for n in board.neighbours(s) {
            if board.cell(n) == opp {
                let oh = board.chain_head(n);
                if board.in_atari(oh) {
                    let x = board.atari_liberty(oh);
                    if x == board.ko_idx() {
                        ko_escape = true;
                        continue;
                    }
                    if board.is_suicide(color, x) {
                        continue;
                    }
                    let mut b = board.clone();
                    let taken = b.play_idx(color, x);
                    let nh = b.chain_head(i);
                    if taken == 1
                        && board.chain_len(oh) == 1
                        && b.in_atari(b.chain_head(x))
                        && b.chain_len(b.chain_head(x)) == 1
                    {
                        // Taking a ko: the opponent may retake after a threat.
                        ko_escape = true;
                        continue;
                    }
                    if b.in_atari(nh) {
                        continue;
                    }
                    if !attack(&b, i, color, depth - 1, budget) {
                        return Some(true);
                    }
                }
            }
        }
        s = board.chain_next(s);
        if s == h {
            break;
        }
    }
    // Extend on the last liberty.
    let x = board.atari_liberty(h);
    if x != board.ko_idx() && !board.is_suicide(color, x) {
        let (libs, _) = liberties_after(board, color, x, 3);
        if libs.len() >= 3 {
            return Some(true);
        }
        if libs.len() == 2 {
            let mut b = board.clone();
            b.play_idx(color, x);
            if !attack(&b, i, color, depth - 1, budget) {
                return Some(true);
            }
        }
    }
    if ko_escape { None } else { Some(false) }
}

/// Whether the opponent, to move, captures the chain of `color` at `i` (two liberties):
/// by playing on one of its liberties so that it is in atari and cannot escape.
fn attack(board: &Board, i: usize, color: Color, depth: u32, budget: &mut u32) -> bool {
    if depth == 0 || *budget == 0 {
        return false;
    }
    *budget -= 1;
    let h = board.chain_head(i);
    let mut libs = Vec::with_capacity(2);
    let mut marks = Marks::new();
    chain_liberties(board, h, &mut marks, &mut libs);
    if libs.len() != 2 {
        return libs.len() < 2;
    }
    let attacker = color.opponent();
    for &x in &libs {
        if x == board.ko_idx() || board.is_suicide(attacker, x) {
            continue;
        }
        let mut b = board.clone();
        b.play_idx(attacker, x);
        // An attacking stone left in atari is simply taken.
        if b.in_atari(b.chain_head(x)) && !b.in_atari(b.chain_head(i)) {
            continue;
        }
        if b.in_atari(b.chain_head(i)) && defend(&b, i, color, depth - 1, budget) == Some(false) {
            return true;
        }
    }
    false
}

/// Marks as killed (in `dragons.kill`) the invaders: for each color, a region of
/// empty points and that color's stones, enclosed by the opponent, holding at most
/// [`INVADER_MAX_STONES`] stones, none Benson-alive or in seki and none with an eye (an
/// empty point all of whose neighbours are its stones), where every enclosing opponent chain
/// is safe (Benson-alive, in seki, or in a dragon the playouts give its owner beyond
/// [`SAFE_THRESHOLD`]), the playouts give the region's empty points to the opponent (beyond
/// [`INVADER_AREA_THRESHOLD`] on average) and do not keep the invader alive (at most
/// [`INVADER_UNCERTAIN`]).
///
/// Why: random playouts decide a lone stone in a wide area by whether it happens to make two
/// eyes before the owner of the area fills it, nearly a coin toss there, while under Art. 8
/// such a stone, with no eye and no friend to reach, is dead.
fn kill_invaders(board: &Board, benson: &[BensonCells; 2], seki: &SekiCells, dragons: &mut Dragons, own: &[f64]) {
    let mut region_of = vec![false; CELLS];
    let mut cells = Vec::new();
    let mut stack = Vec::new();
    for color in [Color::Black, Color::White] {
        let opp = Cell::of(color.opponent());
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        region_of.iter_mut().for_each(|r| *r = false);
        for p in board.size().points() {
            let start = board.idx(p);
            let c = board.cell(start);
            if region_of[start] || (c != Cell::Empty && board.color_at(start) != Some(color)) {
                continue;
            }
            // The region: empty points and `color`'s stones, bounded by the opponent.
            cells.clear();
            region_of[start] = true;
            stack.push(start);
            let (mut enclosed, mut safe_border) = (false, true);
            while let Some(j) = stack.pop() {
                cells.push(j);
                for n in board.neighbours(j) {
                    let c = board.cell(n);
                    if c == opp {
                        enclosed = true;
                        let h = board.chain_head(n);
                        let d = dragons.root[n];
                        let safe = benson[color.opponent().index()].alive[h]
                            || seki.stones[h]
                            || (!dragons.kill[d] && dragons.mean[d] > SAFE_THRESHOLD);
                        safe_border &= safe;
                    } else if c != Cell::Border && !region_of[n] {
                        region_of[n] = true;
                        stack.push(n);
                    }
                }
            }
            let mine: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&j| board.cell(j) != Cell::Empty)
                .collect();
            let empties = cells.len() - mine.len();
            if !enclosed || !safe_border || mine.is_empty() || mine.len() > INVADER_MAX_STONES || empties == 0 {
                continue;
            }
            if mine.iter().any(|&j| dragons.keep[dragons.root[j]]) {
                continue;
            }
            let eye = cells.iter().any(|&j| {
                board.cell(j) == Cell::Empty
                    && board
                        .neighbours(j)
                        .iter()
                        .all(|&n| board.cell(n) == Cell::Border || mine.contains(&n))
            });
            let area: f64 = cells
                .iter()
                .filter(|&&j| board.cell(j) == Cell::Empty)
                .map(|&j| sign * own[j])
                .sum::<f64>()
                / empties as f64;
            // The playouts must give the area to the opponent and not keep the invader alive
            // with confidence.
            let uncertain = mine.iter().all(|&j| dragons.mean[dragons.root[j]] <= INVADER_UNCERTAIN);
            if eye || area > -INVADER_AREA_THRESHOLD || !uncertain {
                continue;
            }
            for &j in &mine {
                dragons.kill[dragons.root[j]] = true;
            }
        }
    }
}

/// The stones of `color` that are unconditionally alive (Benson 1976): they cannot be
/// captured even if `color` passes every move. Sorted.
pub fn unconditionally_alive(board: &Board, color: Color) -> Vec<Point> {
    let b = benson(board, color);
    board.size().points().filter(|&p| b.alive[board.idx(p)]).collect()
}

/// The points that Benson's analysis proves to be `color`'s territory: regions enclosed by
/// unconditionally alive chains of `color` where the opponent can never make two eyes
/// (every empty point but at most one touches those chains). Opponent stones there are
/// dead. Sorted; empty points and opponent stones both listed.
pub fn unconditional_territory(board: &Board, color: Color) -> Vec<Point> {
    let b = benson(board, color);
    board.size().points().filter(|&p| b.territory[board.idx(p)]).collect()
}

/// A seki found on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seki {
    /// The stones (of both colors) alive in seki, sorted.
    pub stones: Vec<Point>,
    /// The empty points their chains share (dame), sorted.
    pub dame: Vec<Point>,
}

/// The seki on the board: clusters of chains of both colors, sharing liberties, where
/// neither side can move on a shared liberty without putting its own chain in atari or
/// being forbidden (Art. 5), once the outside liberties are filled, and where no such
/// self-atari is a sacrifice that kills (see the module docs). Chains that Benson proves
/// alive are not part of a seki.
pub fn seki(board: &Board) -> Seki {
    let benson = [benson(board, Color::Black), benson(board, Color::White)];
    let s = find_seki(board, &benson);
    Seki {
        stones: board.size().points().filter(|&p| s.stones[board.idx(p)]).collect(),
        dame: board.size().points().filter(|&p| s.dame[board.idx(p)]).collect(),
    }
}

/// Ownership of every point from `settings.playouts` random playouts, `to_move` first, row
/// by row from the top-left: in [-1, 1], +1 when Black gets the point in every playout. The
/// shared liberties of a seki are never played in the playouts.
pub fn ownership(board: &Board, to_move: Color, settings: &ProposalSettings) -> Vec<f64> {
    let benson = [benson(board, Color::Black), benson(board, Color::White)];
    let seki = find_seki(board, &benson);
    let own = ownership_cells(board, to_move, settings, &seki.dame);
    board.size().points().map(|p| own[board.idx(p)]).collect()
}

// ----- Benson -----

/// Benson's result for one color, indexed by cell.
struct BensonCells {
    /// Stones of unconditionally alive chains.
    alive: Vec<bool>,
    /// Points of regions proved to be territory.
    territory: Vec<bool>,
}

/// A maximal connected set of points that are not `color`'s stones (empty points and
/// opponent stones), as Benson's algorithm sees it.
struct Region {
    cells: Vec<usize>,
    empties: Vec<usize>,
    /// Heads of the chains of `color` bordering it.
    chains: Vec<usize>,
}

fn benson(board: &Board, color: Color) -> BensonCells {
    let own = Cell::of(color);
    let size = board.size();
    let mut region_of = vec![u32::MAX; CELLS];
    let mut regions: Vec<Region> = Vec::new();
    let mut chains: Vec<usize> = Vec::new();
    let mut chain_index = vec![u32::MAX; CELLS];
    let mut stack = Vec::new();
    for p in size.points() {
        let i = board.idx(p);
        let c = board.cell(i);
        if c == own {
            let h = board.chain_head(i);
            if chain_index[h] == u32::MAX {
                chain_index[h] = chains.len() as u32;
                chains.push(h);
            }
            continue;
        }
        if region_of[i] != u32::MAX {
            continue;
        }
        let r = regions.len() as u32;
        let mut region = Region {
            cells: Vec::new(),
            empties: Vec::new(),
            chains: Vec::new(),
        };
        region_of[i] = r;
        stack.push(i);
        while let Some(j) = stack.pop() {
            region.cells.push(j);
            if board.cell(j) == Cell::Empty {
                region.empties.push(j);
            }
            for n in board.neighbours(j) {
                match board.cell(n) {
                    Cell::Border => {}
                    c if c == own => {
                        let h = board.chain_head(n);
                        if !region.chains.contains(&h) {
                            region.chains.push(h);
                        }
                    }
                    _ => {
                        if region_of[n] == u32::MAX {
                            region_of[n] = r;
                            stack.push(n);
                        }
                    }
                }
            }
        }
        regions.push(region);
    }

    // A region is vital ("healthy") to a chain when every empty point of it is a liberty of
    // that chain: the opponent can then never fill it without capturing the chain first.
    let mut healthy_for: Vec<Vec<usize>> = vec![Vec::new(); chains.len()];
    for (r, region) in regions.iter().enumerate() {
        for &h in &region.chains {
            let vital = region.empties.iter().all(|&e| {
                board
                    .neighbours(e)
                    .iter()
                    .any(|&n| board.cell(n) == own && board.chain_head(n) == h)
            });
            if vital {
                healthy_for[chain_index[h] as usize].push(r);
            }
        }
    }

    // Iterate: drop chains with fewer than two vital regions left, then regions bordered by
    // a dropped chain, until nothing changes.
    let mut chain_alive = vec![true; chains.len()];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (k, alive) in chain_alive.iter_mut().enumerate() {
            if *alive && healthy_for[k].iter().filter(|&&r| region_alive[r]).count() < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, region) in regions.iter().enumerate() {
            if region_alive[r] && region.chains.iter().any(|&h| !chain_alive[chain_index[h] as usize]) {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    let mut alive = vec![false; CELLS];
    for (k, &h) in chains.iter().enumerate() {
        if chain_alive[k] {
            let mut s = h;
            loop {
                alive[s] = true;
                s = board.chain_next(s);
                if s == h {
                    break;
                }
            }
        }
    }
    // Territory: a region bordered only by alive chains in which at most one empty point
    // does not touch them. The owner can fill every other liberty of opponent stones there
    // (each such stone joins an unconditionally alive chain), so those stones have at most
    // one eye and are captured.
    let mut territory = vec![false; CELLS];
    for (r, region) in regions.iter().enumerate() {
        if !region_alive[r] || region.chains.is_empty() {
            continue;
        }
        let internal = region
            .empties
            .iter()
            .filter(|&&e| !board.neighbours(e).iter().any(|&n| board.cell(n) == own))
            .count();
        if internal <= 1 {
            for &j in &region.cells {
                territory[j] = true;
            }
        }
    }
    BensonCells { alive, territory }
}

/// What the proposal knows of each dragon (chains of one color sharing liberties).
struct Dragons {
    /// Per stone: its dragon's root cell, the index of the fields below.
    root: Vec<usize>,
    /// Per root: the mean ownership of the dragon's stones from its own color's view.
    mean: Vec<f64>,
    /// Per root: the number of the dragon's stones.
    stones: Vec<u32>,
    /// Per root: something certain (Benson, seki) keeps the dragon alive.
    keep: Vec<bool>,
    /// Per root: the dragon is dead whatever its mean (inside Benson territory, or an
    /// enclosed invader).
    kill: Vec<bool>,
}

// ----- seki -----

/// Seki stones and dame, indexed by cell.
struct SekiCells {
    stones: Vec<bool>,
    dame: Vec<bool>,
}

fn find_seki(board: &Board, benson: &[BensonCells; 2]) -> SekiCells {
    let size = board.size();
    let mut out = SekiCells {
        stones: vec![false; CELLS],
        dame: vec![false; CELLS],
    };
    // Candidate chains: not unconditionally alive, few liberties.
    let mut candidate = vec![false; CELLS];
    let mut libs = Vec::new();
    let mut marks = Marks::new();
    for p in size.points() {
        let i = board.idx(p);
        let Some(c) = board.color_at(i) else { continue };
        if board.chain_head(i) != i || benson[c.index()].alive[i] {
            continue;
        }
        libs.clear();
        chain_liberties(board, i, &mut marks, &mut libs);
        // A seki chain's liberties are closed: shared ones and eyes, none opening onto a wider
        // empty area (an open liberty means the chain can still run or be approached).
        candidate[i] = libs.len() <= SEKI_MAX_LIBERTIES
            && libs.iter().all(|&l| {
                board
                    .neighbours(l)
                    .iter()
                    .all(|&n| board.cell(n) != Cell::Empty || libs.contains(&n))
            });
    }
    // Clusters: candidate chains linked through shared liberties (empty points next to
    // candidates of both colors).
    let mut parent: Vec<u16> = (0..CELLS as u16).collect();
    let mut linked = vec![false; CELLS];
    for p in board.empty_points() {
        let i = board.idx(p);
        let mut heads = [0usize; 4];
        let mut k = 0;
        let (mut black, mut white) = (false, false);
        for n in board.neighbours(i) {
            let Some(c) = board.color_at(n) else { continue };
            let h = board.chain_head(n);
            if candidate[h] {
                heads[k] = h;
                k += 1;
                match c {
                    Color::Black => black = true,
                    Color::White => white = true,
                }
            }
        }
        if black && white {
            for &h in &heads[1..k] {
                union(&mut parent, heads[0], h);
            }
            for &h in &heads[..k] {
                linked[h] = true;
            }
        }
    }
    let mut clusters: Vec<(usize, Vec<usize>)> = Vec::new();
    for p in size.points() {
        let i = board.idx(p);
        if board.color_at(i).is_some() && board.chain_head(i) == i && linked[i] {
            let root = find(&mut parent, i);
            match clusters.iter_mut().find(|(r, _)| *r == root) {
                Some((_, members)) => members.push(i),
                None => clusters.push((root, vec![i])),
            }
        }
    }
    for (_, members) in &clusters {
        if let Some(dame) = seki_cluster(board, members, &mut marks) {
            for &h in members {
                let mut s = h;
                loop {
                    out.stones[s] = true;
                    s = board.chain_next(s);
                    if s == h {
                        break;
                    }
                }
            }
            for d in dame {
                out.dame[d] = true;
            }
        }
    }
    out
}

/// Whether the cluster of chains (heads in `members`, both colors) is a seki; if so, the
/// shared liberties (next to chains of both colors) in the original position.
///
/// The test plays on a copy. A move on a liberty of the cluster that touches an opponent
/// chain of the cluster is judged for both sides:
/// - forbidden (Art. 5): no threat;
/// - it captures: the cluster is not a standoff;
/// - it leaves the mover two liberties or more: an approach, played, and the test goes on
///   (outside liberties get filled; a semeai that is not seki ends in a capture);
/// - it puts the mover in atari: harmless unless it is a sacrifice that kills — after the
///   capture the capturing chain has no liberty but the captured points, and they form a
///   dead shape (nakade, or a snapback).
///
/// When no move is left but harmless ones, the cluster is seki.
fn seki_cluster(board: &Board, members: &[usize], marks: &mut Marks) -> Option<Vec<usize>> {
    let mut b = board.clone();
    b.clear_ko();
    let mut in_cluster = vec![false; CELLS];
    let mut libs = Vec::new();
    // Whether a chain of the cluster has joined a chain outside it.
    let mut joined = false;
    // Each round either plays one approach move or ends; at most N² rounds.
    for _ in 0..=b.size().n_points() {
        in_cluster.iter_mut().for_each(|c| *c = false);
        libs.clear();
        marks.next();
        for &m in members {
            if b.color_at(m) != board.color_at(m) {
                return None;
            }
            let h = b.chain_head(m);
            let mut s = h;
            loop {
                in_cluster[s] = true;
                s = b.chain_next(s);
                if s == h {
                    break;
                }
            }
            chain_liberties_marked(&b, h, marks, &mut libs);
        }
        let mut approach = None;
        'moves: for &x in &libs {
            for color in [Color::Black, Color::White] {
                let opp = Cell::of(color.opponent());
                if b.is_suicide(color, x) {
                    continue;
                }
                let nbrs = b.neighbours(x);
                if nbrs.iter().any(|&n| b.cell(n) == opp && b.in_atari(b.chain_head(n))) {
                    // Someone can capture here: not a standoff.
                    return None;
                }
                if !nbrs.iter().any(|&n| b.cell(n) == opp && in_cluster[n]) {
                    // A move that joins a chain of the cluster to a chain of its color outside
                    // it brings in that chain's liberties: no standoff any more, play on (the
                    // outside chain's liberties may now decide the race). Otherwise the move
                    // fills one's own eye space.
                    let own = Cell::of(color);
                    let joins = |inside: bool| nbrs.iter().any(|&n| b.cell(n) == own && in_cluster[n] == inside);
                    if joins(true) && joins(false) {
                        approach = Some((color, x));
                        joined = true;
                        break 'moves;
                    }
                    continue;
                }
                if has_two_liberties_after(&b, color, x) {
                    approach = Some((color, x));
                    break 'moves;
                }
                if sacrifice_kills(&b, color, x, marks) {
                    return None;
                }
            }
        }
        match approach {
            Some((color, x)) => {
                b.play_idx(color, x);
            }
            // A standoff reached only after a chain joined one outside the cluster is no
            // local seki: the outside chain's liberties and eyes decide, a race the
            // playouts judge.
            None if joined => return None,
            None => {
                // The shared liberties in the original position.
                marks.next();
                let mut all = Vec::new();
                for &h in members {
                    chain_liberties_marked(board, h, marks, &mut all);
                }
                let dame = all
                    .into_iter()
                    .filter(|&x| {
                        let nbrs = board.neighbours(x);
                        let touches = |c: Cell| {
                            nbrs.iter()
                                .any(|&n| board.cell(n) == c && members.contains(&board.chain_head(n)))
                        };
                        touches(Cell::Black) && touches(Cell::White)
                    })
                    .collect();
                return Some(dame);
            }
        }
    }
    None
}

/// Whether `color`'s self-atari on `x` kills: once the opponent captures the chain, the
/// captured points are a dead shape and the only liberties of every capturer chain around
/// them (the capturing chain and any other chain of its color bordering them).
///
/// A capturer chain around the space with a liberty elsewhere (a wall with outside
/// liberties, say) lets the capturing chain connect out through the space: no nakade, so
/// the self-atari is harmless.
fn sacrifice_kills(board: &Board, color: Color, x: usize, marks: &mut Marks) -> bool {
    let mut b = board.clone();
    b.play_idx(color, x);
    let h = b.chain_head(x);
    if !b.in_atari(h) {
        return false;
    }
    let last = b.atari_liberty(h);
    let mut sacrificed = Vec::new();
    let mut s = h;
    loop {
        sacrificed.push(s);
        s = b.chain_next(s);
        if s == h {
            break;
        }
    }
    if b.is_suicide(color.opponent(), last) {
        return false;
    }
    b.play_idx(color.opponent(), last);
    if !dead_shape(&b, &sacrificed) {
        return false;
    }
    // The capturing chain and every capturer chain bordering the captured points.
    let capturer = Cell::of(color.opponent());
    let mut heads = vec![b.chain_head(last)];
    for &s in &sacrificed {
        for n in b.neighbours(s) {
            if b.cell(n) == capturer {
                let h = b.chain_head(n);
                if !heads.contains(&h) {
                    heads.push(h);
                }
            }
        }
    }
    let mut libs = Vec::new();
    marks.next();
    for &h in &heads {
        chain_liberties_marked(&b, h, marks, &mut libs);
    }
    libs.iter().all(|l| sacrificed.contains(l))
}

/// Whether an eye space of these points is one eye whatever its owner does, once the
/// opponent plays first inside (the nakade shapes): up to three points; the square and
/// pyramid four; the bulky and crossed five; the rabbity six.
fn dead_shape(board: &Board, points: &[usize]) -> bool {
    let degree = |p: usize| board.neighbours(p).iter().filter(|n| points.contains(n)).count();
    let stride = board.stride();
    let square = points
        .iter()
        .any(|&p| [p + 1, p + stride, p + stride + 1].iter().all(|q| points.contains(q)));
    let max_degree = points.iter().map(|&p| degree(p)).max().unwrap_or(0);
    match points.len() {
        0..=3 => true,
        4 => square || max_degree == 3,
        5 => square || max_degree == 4,
        6 => {
            max_degree == 4
                && points.iter().any(|&p| {
                    degree(p) == 2
                        && board.neighbours(p).iter().all(|n| {
                            // The sixth point sits between two arms of the cross.
                            !points.contains(n) || degree(*n) == 2
                        })
                })
        }
        _ => false,
    }
}

/// Whether a stone of `color` on the empty cell `x` (not forbidden) would leave its chain
/// with at least two liberties, or capture something.
fn has_two_liberties_after(board: &Board, color: Color, x: usize) -> bool {
    let (libs, _) = liberties_after(board, color, x, 2);
    libs.len() >= 2
}

/// The liberties (up to `want`) of the chain a stone of `color` on empty `x` would form,
/// and that chain's size; a capture counts as `want` liberties.
fn liberties_after(board: &Board, color: Color, x: usize, want: usize) -> (SmallSet, usize) {
    let own = Cell::of(color);
    let opp = Cell::of(color.opponent());
    let mut libs = SmallSet::default();
    let mut size = 1;
    let nbrs = board.neighbours(x);
    for &n in &nbrs {
        let c = board.cell(n);
        if c == Cell::Empty {
            libs.insert(n);
        } else if c == opp && board.in_atari(board.chain_head(n)) {
            // Captures: the captured stone's point becomes a liberty, and more.
            libs.insert(n);
            libs.insert(usize::MAX);
        }
    }
    let mut seen = [0usize; 4];
    let mut k = 0;
    for &n in &nbrs {
        if board.cell(n) != own {
            continue;
        }
        let h = board.chain_head(n);
        if seen[..k].contains(&h) {
            continue;
        }
        seen[k] = h;
        k += 1;
        size += board.chain_len(h);
        if libs.len() >= want || board.in_atari(h) {
            // In atari its only liberty is `x` itself.
            continue;
        }
        let mut s = h;
        'walk: loop {
            for m in board.neighbours(s) {
                if m != x && board.cell(m) == Cell::Empty {
                    libs.insert(m);
                    if libs.len() >= want {
                        break 'walk;
                    }
                }
            }
            s = board.chain_next(s);
            if s == h {
                break;
            }
        }
    }
    (libs, size)
}

/// At most a few distinct cells.
#[derive(Default)]
struct SmallSet {
    cells: [usize; 4],
    n: usize,
}

impl SmallSet {
    fn insert(&mut self, c: usize) {
        if self.n < 4 && !self.cells[..self.n].contains(&c) {
            self.cells[self.n] = c;
            self.n += 1;
        }
    }
    fn len(&self) -> usize {
        self.n
    }
}

// ----- playouts -----

/// Ownership per cell (+1 Black ... -1 White) from the playouts; `frozen` cells are never
/// played.
fn ownership_cells(board: &Board, to_move: Color, settings: &ProposalSettings, frozen: &[bool]) -> Vec<f64> {
    let mut total = vec![0i32; CELLS];
    let mut rng = Rng::new(settings.seed);
    let mut owner = vec![0i8; CELLS];
    let mut scratch = Vec::new();
    for _ in 0..settings.playouts {
        let mut b = board.clone();
        playout(&mut b, to_move, frozen, &mut rng);
        score_area(&b, &mut owner, &mut scratch);
        for p in b.size().points() {
            let i = b.idx(p);
            total[i] += owner[i] as i32;
        }
    }
    let n = settings.playouts.max(1) as f64;
    total.iter().map(|&t| t as f64 / n).collect()
}

/// One playout with the proposal's policy (see the module docs), until two passes in a row
/// or 3·N² moves.
fn playout(board: &mut Board, to_move: Color, frozen: &[bool], rng: &mut Rng) {
    let limit = 3 * board.size().n_points();
    let mut color = to_move;
    let mut passes = 0;
    let mut moves = 0;
    let mut last = 0;
    let mut captured = 0;
    while passes < 2 && moves < limit {
        let mv = nakade_move(board, color, last, captured, frozen)
            .or_else(|| tactical_move(board, color, last, frozen, rng))
            .or_else(|| policy_move(board, color, frozen, rng));
        match mv {
            Some(i) => {
                captured = board.play_idx(color, i);
                passes = 0;
                last = i;
            }
            None => {
                board.clear_ko();
                passes += 1;
                last = 0;
                captured = 0;
            }
        }
        moves += 1;
        color = color.opponent();
    }
}

/// After the opponent's last move on `last` captured `captured` stones (2 to 6) that leave
/// it an eye space of a dead shape, the vital point of that space (nakade): the point with
/// the most neighbours inside it.
fn nakade_move(board: &Board, color: Color, last: usize, captured: u32, frozen: &[bool]) -> Option<usize> {
    if !(2..=6).contains(&captured) {
        return None;
    }
    for start in board.neighbours(last) {
        if board.cell(start) != Cell::Empty {
            continue;
        }
        // The empty region around `start`, given up past seven points.
        let mut region = [0usize; 7];
        let mut n = 1;
        region[0] = start;
        let mut k = 0;
        while k < n {
            let j = region[k];
            k += 1;
            for m in board.neighbours(j) {
                if board.cell(m) == Cell::Empty && !region[..n].contains(&m) {
                    if n == region.len() {
                        return None;
                    }
                    region[n] = m;
                    n += 1;
                }
            }
        }
        let space = &region[..n];
        if n != captured as usize || !dead_shape(board, space) {
            continue;
        }
        let degree = |p: usize| board.neighbours(p).iter().filter(|q| space.contains(q)).count();
        let vital = space.iter().copied().max_by_key(|&p| degree(p))?;
        if !frozen[vital] && vital != board.ko_idx() && !board.is_suicide(color, vital) {
            return Some(vital);
        }
    }
    None
}

/// The answer to the opponent's last move on `last` (0: none): capture the chain it left in
/// atari, or save one of ours it put in atari by capturing a neighbour or by extending to
/// two liberties or more. Chosen at random among those; `None` when there is none.
fn tactical_move(board: &Board, color: Color, last: usize, frozen: &[bool], rng: &mut Rng) -> Option<usize> {
    if last == 0 {
        return None;
    }
    let own = Cell::of(color);
    let opp = Cell::of(color.opponent());
    let mut found = [0usize; 8];
    let mut k = 0;
    let mut push = |i: usize, found: &mut [usize; 8]| {
        if k < found.len() && !found[..k].contains(&i) {
            found[k] = i;
            k += 1;
        }
    };
    if board.cell(last) == opp {
        let h = board.chain_head(last);
        if board.in_atari(h) {
            push(board.atari_liberty(h), &mut found);
        }
    }
    let mut seen = [0usize; 4];
    let mut n_seen = 0;
    for n in board.neighbours(last) {
        if board.cell(n) != own {
            continue;
        }
        let h = board.chain_head(n);
        if seen[..n_seen].contains(&h) || !board.in_atari(h) {
            continue;
        }
        seen[n_seen] = h;
        n_seen += 1;
        // Capture a neighbour in atari.
        let mut s = h;
        loop {
            for m in board.neighbours(s) {
                if board.cell(m) == opp {
                    let oh = board.chain_head(m);
                    if board.in_atari(oh) {
                        push(board.atari_liberty(oh), &mut found);
                    }
                }
            }
            s = board.chain_next(s);
            if s == h {
                break;
            }
        }
        // Extend, if that gives two liberties or more.
        let lib = board.atari_liberty(h);
        if !board.is_suicide(color, lib) && has_two_liberties_after(board, color, lib) {
            push(lib, &mut found);
        }
    }
    let ko = board.ko_idx();
    let mut legal = [0usize; 8];
    let mut n_legal = 0;
    for &i in &found[..k] {
        if i != ko && !frozen[i] && !board.is_suicide(color, i) {
            legal[n_legal] = i;
            n_legal += 1;
        }
    }
    (n_legal > 0).then(|| legal[rng.below(n_legal)])
}

/// The policy's move: a random one (`random_move_where`) off the frozen points that is no bad
/// self-atari; `None` means pass.
fn policy_move(board: &Board, color: Color, frozen: &[bool], rng: &mut Rng) -> Option<usize> {
    random_move_where(board, color, rng, |i| !frozen[i] && !bad_self_atari(board, color, i))
}

/// Whether a stone of `color` on `i` puts its own chain of two or more stones in atari
/// without capturing, outside a nakade (the chain and its last liberty wholly enclosed by
/// the opponent, and the chain in a dead shape, so its capture leaves one eye).
fn bad_self_atari(board: &Board, color: Color, i: usize) -> bool {
    // Fast exit: two empty neighbours.
    let mut empty = 0;
    for n in board.neighbours(i) {
        if board.cell(n) == Cell::Empty {
            empty += 1;
        }
    }
    if empty >= 2 {
        return false;
    }
    let (libs, size) = liberties_after(board, color, i, 2);
    if libs.len() >= 2 || size < 2 {
        return false;
    }
    if size > NAKADE_MAX_STONES {
        return true;
    }
    // Nakade: every neighbour of the chain and of its last liberty is the chain, that
    // liberty, an opponent stone or the edge.
    let own = Cell::of(color);
    let last = libs.cells[0];
    let mut stones = [0usize; NAKADE_MAX_STONES];
    let mut k = 0;
    stones[k] = i;
    k += 1;
    for n in board.neighbours(i) {
        if board.cell(n) == own {
            let h = board.chain_head(n);
            let mut s = h;
            loop {
                if !stones[..k].contains(&s) {
                    stones[k] = s;
                    k += 1;
                }
                s = board.chain_next(s);
                if s == h {
                    break;
                }
            }
        }
    }
    let enclosed = |j: usize| {
        board.neighbours(j).iter().all(|&n| {
            n == i
                || n == last
                || stones[..k].contains(&n)
                || matches!(board.cell(n), Cell::Border)
                || board.cell(n) == Cell::of(color.opponent())
        })
    };
    // A nakade kills only if the captured points then form a dead shape.
    !(stones[..k].iter().all(|&s| enclosed(s)) && enclosed(last) && dead_shape(board, &stones[..k]))
}

/// Area score of a finished playout into `owner` (+1 Black, -1 White, 0 neither), per cell.
fn score_area(board: &Board, owner: &mut [i8], stack: &mut Vec<usize>) {
    let mut seen = [false; CELLS];
    let mut region = Vec::new();
    for p in board.size().points() {
        let i = board.idx(p);
        match board.cell(i) {
            Cell::Black => owner[i] = 1,
            Cell::White => owner[i] = -1,
            Cell::Empty if !seen[i] => {
                let (mut black, mut white) = (false, false);
                region.clear();
                seen[i] = true;
                stack.push(i);
                while let Some(j) = stack.pop() {
                    region.push(j);
                    for n in board.neighbours(j) {
                        match board.cell(n) {
                            Cell::Empty if !seen[n] => {
                                seen[n] = true;
                                stack.push(n);
                            }
                            Cell::Black => black = true,
                            Cell::White => white = true,
                            _ => {}
                        }
                    }
                }
                let v = match (black, white) {
                    (true, false) => 1,
                    (false, true) => -1,
                    _ => 0,
                };
                for &j in &region {
                    owner[j] = v;
                }
            }
            _ => {}
        }
    }
}

// ----- small helpers -----

/// Generation-stamped marks over cells, cleared in O(1).
struct Marks {
    stamp: Vec<u32>,
    now: u32,
}

impl Marks {
    fn new() -> Marks {
        Marks {
            stamp: vec![0; CELLS],
            now: 1,
        }
    }
    fn next(&mut self) {
        self.now += 1;
    }
    /// Marks `i`; whether it was unmarked.
    fn mark(&mut self, i: usize) -> bool {
        let fresh = self.stamp[i] != self.now;
        self.stamp[i] = self.now;
        fresh
    }
}

/// Appends the distinct liberties of the chain with head `h` to `out`.
fn chain_liberties(board: &Board, h: usize, marks: &mut Marks, out: &mut Vec<usize>) {
    marks.next();
    chain_liberties_marked(board, h, marks, out);
}

/// Like [`chain_liberties`], but skipping liberties already marked in this generation.
fn chain_liberties_marked(board: &Board, h: usize, marks: &mut Marks, out: &mut Vec<usize>) {
    let mut s = h;
    loop {
        for n in board.neighbours(s) {
            if board.cell(n) == Cell::Empty && marks.mark(n) {
                out.push(n);
            }
        }
        s = board.chain_next(s);
        if s == h {
            break;
        }
    }
}

fn find(parent: &mut [u16], mut x: usize) -> usize {
    while parent[x] as usize != x {
        let up = parent[parent[x] as usize];
        parent[x] = up;
        x = up as usize;
    }
    x
}

fn union(parent: &mut [u16], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra] = rb as u16;
    }
}
