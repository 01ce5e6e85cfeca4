//! The standings a printed view shows (the crosstable, the print pack's 名次表 and 成绩公告,
//! the spreadsheet's crosstable): weiqi's own, by the event's tie-break chain (Art. 27), or,
//! for an event imported from OpenGotha, OpenGotha's placement of the file kept with it
//! ([`crate::opengotha::standings`]), so that the printed standings are the ones the event
//! page shows and the director knows.

use crate::html::tie_break_name;
use crate::opengotha::standings::{GothaStandings, criterion_name};
use rules::Lang;
use tournament::{Event, PlayerId, PlayerStats, TieBreak};

/// The standings of a printed view, best first.
#[derive(Clone, Debug)]
pub struct Shown {
    /// The last complete round: the standings count rounds 1 to `after_round`.
    pub after_round: u32,
    /// The rows, best first.
    pub rows: Vec<ShownRow>,
    criteria: Vec<Criterion>,
}

/// One player's line of [`Shown`].
#[derive(Clone, Debug)]
pub struct ShownRow {
    /// The player.
    pub player: PlayerId,
    /// The place (shared by ties, as the placement shares it).
    pub place: u32,
    /// Whether the player withdrew (Art. 28).
    pub withdrawn: bool,
    /// weiqi's figures of the player over the same rounds (points, wins, draws, losses).
    pub stats: PlayerStats,
    /// Each criterion's value as people read it.
    pub values: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Criterion {
    Weiqi(TieBreak),
    OpenGotha(String),
}

impl Shown {
    /// weiqi's standings of `ev`, by its tie-break chain.
    pub fn weiqi(ev: &Event) -> Shown {
        let st = ev.standings();
        let rows = st
            .rows
            .iter()
            .map(|r| ShownRow {
                player: r.player,
                place: r.place,
                withdrawn: r.withdrawn,
                stats: r.stats.clone(),
                values: r
                    .values
                    .iter()
                    .zip(&st.chain)
                    .map(|(v, &t)| tournament::shown(t, v))
                    .collect(),
            })
            .collect();
        Shown {
            after_round: st.after_round,
            rows,
            criteria: st.chain.iter().map(|&t| Criterion::Weiqi(t)).collect(),
        }
    }

    /// OpenGotha's placement `g` of `ev` (the event imported from the file it places), with
    /// weiqi's figures of each player beside it.
    pub fn opengotha(ev: &Event, g: &GothaStandings) -> Shown {
        let st = ev.standings();
        let mut own = vec![None; ev.players().len()];
        for r in &st.rows {
            own[r.player.0] = Some(r);
        }
        let rows = g
            .rows
            .iter()
            .map(|r| {
                let mine = own.get(r.player.0).copied().flatten();
                ShownRow {
                    player: r.player,
                    place: r.place,
                    withdrawn: mine.is_some_and(|m| m.withdrawn),
                    stats: mine.map(|m| m.stats.clone()).unwrap_or_default(),
                    values: g.texts(r),
                }
            })
            .collect();
        Shown {
            after_round: g.after_round,
            rows,
            criteria: g.criteria.iter().cloned().map(Criterion::OpenGotha).collect(),
        }
    }

    /// Whether this is OpenGotha's placement, whose own score stands for weiqi's points
    /// (a view shows no points column beside it).
    pub fn is_opengotha(&self) -> bool {
        self.criteria.iter().any(|c| matches!(c, Criterion::OpenGotha(_)))
    }

    /// The criteria a table shows in columns of their own, by index into each row's values:
    /// every one but weiqi's points (which have a column of their own) and, unless `lots`,
    /// weiqi's lots (a draw, no figure to print). All of OpenGotha's.
    pub fn columns(&self, lots: bool) -> Vec<usize> {
        (0..self.criteria.len())
            .filter(|&i| match self.criteria[i] {
                Criterion::Weiqi(TieBreak::Points) => false,
                Criterion::Weiqi(TieBreak::Lots) => lots,
                _ => true,
            })
            .collect()
    }

    /// The name of criterion `i` in `lang`.
    pub fn name(&self, i: usize, lang: Lang) -> String {
        match &self.criteria[i] {
            Criterion::Weiqi(t) => tie_break_name(*t, lang).to_string(),
            Criterion::OpenGotha(c) => criterion_name(c, lang),
        }
    }

    /// The main score a short list shows (the final result): weiqi's points, or OpenGotha's
    /// first criterion that is a score (not the category, rank or rating); its name in
    /// `lang` and the index of its value (`None`: weiqi's points).
    pub fn score(&self, lang: Lang) -> (String, Option<usize>) {
        let first = self.criteria.iter().position(|c| match c {
            Criterion::OpenGotha(c) => !["CAT", "Rank", "Rating"].contains(&c.as_str()),
            Criterion::Weiqi(_) => false,
        });
        match first {
            Some(i) => (self.name(i, lang), Some(i)),
            None => (tie_break_name(TieBreak::Points, lang).to_string(), None),
        }
    }

    /// Each player's place, by [`PlayerId`] (0 for a player the placement leaves out).
    pub fn place_of(&self, n_players: usize) -> Vec<u32> {
        let mut place_of = vec![0u32; n_players];
        for r in &self.rows {
            if let Some(p) = place_of.get_mut(r.player.0) {
                *p = r.place;
            }
        }
        place_of
    }
}
