//! A pairing the director changed, reviewed before it is accepted (Art. 26, 30: the chief
//! referee supervises the pairing; the program proposes). What must not happen is refused:
//! a player the system would pair left with neither a game nor a bye. What may happen only
//! on purpose is a warning the director confirms: two players meeting again (Art. 26.3: a
//! Swiss event pairs players who have not met), and a player given the colour they already
//! had more of until the difference is two (Art. 10: the pairing draws the colours, keeping
//! them even).
//!
//! The review only reads the event: a round amended before these checks existed replays as
//! it was accepted ([`crate::Event::accept_amended`] checks no more than it did).

use crate::event::{Event, PlayerId, Proposal};
use crate::standings::player_stats;

/// What the review found in a director's pairing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Review {
    /// Players the proposal paired (a game or a bye) that the director's pairing leaves out:
    /// a refusal.
    pub left_out: Vec<PlayerId>,
    /// Games changed from the proposal between players who met before: a warning.
    pub repeats: Vec<Repeat>,
    /// Players of games changed from the proposal whose colours would then differ by two or
    /// more: a warning.
    pub colours: Vec<ColourBreach>,
}

impl Review {
    /// Whether there is anything to confirm (a repeat or a colour breach).
    pub fn has_warnings(&self) -> bool {
        !self.repeats.is_empty() || !self.colours.is_empty()
    }
}

/// A game between two players who met in an earlier round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeat {
    /// Black of the new game.
    pub black: PlayerId,
    /// White of the new game.
    pub white: PlayerId,
    /// The earlier round they met in (the latest).
    pub round: u32,
    /// Whether the earlier game had the same colours (an exact repeat).
    pub same_colours: bool,
}

/// A player whose colours would differ by two or more after the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourBreach {
    /// The player.
    pub player: PlayerId,
    /// Whether the new game gives them Black (else White).
    pub black: bool,
    /// Games as Black after the round.
    pub blacks: u32,
    /// Games as White after the round.
    pub whites: u32,
}

/// Reviews the director's `games` ((black, white) pairs) and `byes` for the round `proposal`
/// is the system's proposal of. A game the proposal has as it is (same players, same
/// colours) raises no warning: it is the system's. A McMahon handicap game's colours are the
/// handicap's (the weaker takes Black, [`crate::handicap`]), so it is no colour breach.
pub fn review(ev: &Event, proposal: &Proposal, games: &[(PlayerId, PlayerId)], byes: &[PlayerId]) -> Review {
    let mut out = Review::default();
    let placed = |p: PlayerId| byes.contains(&p) || games.iter().any(|&(b, w)| b == p || w == p);
    // Art. 26: everyone the system pairs for the round has a game or a bye; those it leaves
    // out (absent, eliminated, waiting) may stay out.
    for p in proposal
        .games
        .iter()
        .flat_map(|g| [g.black, g.white])
        .chain(proposal.byes.iter().copied())
    {
        if !placed(p) && !out.left_out.contains(&p) {
            out.left_out.push(p);
        }
    }
    let stats = player_stats(ev);
    let handicaps = crate::handicap::for_round(ev, proposal.round);
    for &(b, w) in games {
        if proposal.games.iter().any(|g| g.black == b && g.white == w) {
            continue;
        }
        // Art. 26.3: players who met are not paired again; the latest meeting is named.
        let met = ev.rounds().iter().rev().find_map(|r| {
            r.games
                .iter()
                .find(|g| !g.void && g.color_of(b).is_some() && g.color_of(w).is_some())
                .map(|g| (r.number, g.black == b))
        });
        if let Some((round, same_colours)) = met {
            out.repeats.push(Repeat {
                black: b,
                white: w,
                round,
                same_colours,
            });
        }
        // Art. 10, 11: a handicap game's Black is the weaker player, whatever the balance.
        if handicaps.of(b, w).stones > 0 {
            continue;
        }
        for (p, black) in [(b, true), (w, false)] {
            let (Some(s), true) = (stats.get(p.0), p.0 < ev.players().len()) else {
                continue;
            };
            let (blacks, whites) = (s.blacks + u32::from(black), s.whites + u32::from(!black));
            if blacks.abs_diff(whites) >= 2 && (blacks > whites) == black {
                out.colours.push(ColourBreach {
                    player: p,
                    black,
                    blacks,
                    whites,
                });
            }
        }
    }
    out
}
