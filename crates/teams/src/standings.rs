//! The team ranking (Art. 27) and the individual board standings.
//!
//! - Board points (局分) count as individual points: win 2, draw 1, loss 0, forfeits
//!   included; a bye adds the settings' board points to the team's total (to no board).
//! - Match points (场分): a finished match gives 2 to the side with more board points, 1 each
//!   when equal, 0 to the other; a bye gives the settings' match points.
//! - A team round robin's rest (轮休) is the round's `bye`, scored with the same settings,
//!   which are nothing for a round robin ([`crate::TeamSettings::for_system`]: a rest is no
//!   match, Art. 26.2, 27).
//! - Round robin: match points, board points, then board 1's board points, board 2's, …; all
//!   equal: a shared place.
//! - Swiss ("as the individual Swiss, then the round-robin order"): match points, the sum of
//!   the opponents' match points (对手分), then the round-robin order.
//! - 队员总分制: board points first, then match points, then board 1's, board 2's, ….

use crate::event::{Kind, Match, TeamEvent, TeamId, TeamSystem};
use tournament::Outcome;

/// One team's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRow {
    /// The place; shared places repeat the number.
    pub place: u32,
    /// The team.
    pub team: TeamId,
    /// Match points (场分).
    pub match_points: u32,
    /// Board points (局分).
    pub board_points: u32,
    /// Board points on each board, board 1 first.
    pub by_board: Vec<u32>,
    /// Matches won, drawn and lost (byes not counted).
    pub won: u32,
    /// Matches drawn.
    pub drawn: u32,
    /// Matches lost.
    pub lost: u32,
    /// Sum of the match points of the teams met (对手分).
    pub sos: u32,
    /// Whether the team withdrew.
    pub withdrawn: bool,
}

/// The team standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStandings {
    /// The criteria in order, by name (`match-points`, `sos`, `board-points`, `board-1`, …).
    pub criteria: Vec<String>,
    /// The rows, best first.
    pub rows: Vec<TeamRow>,
}

/// Everyone's totals, by [`TeamId`], places unset.
pub(crate) fn team_totals(ev: &TeamEvent) -> Vec<TeamRow> {
    let boards = ev.settings().boards as usize;
    let mut rows: Vec<TeamRow> = (0..ev.teams().len())
        .map(|i| TeamRow {
            place: 0,
            team: TeamId(i),
            match_points: 0,
            board_points: 0,
            by_board: vec![0; boards],
            won: 0,
            drawn: 0,
            lost: 0,
            sos: 0,
            withdrawn: ev.teams()[i].withdrawn_after.is_some(),
        })
        .collect();
    let mut opponents: Vec<Vec<TeamId>> = vec![Vec::new(); rows.len()];
    for r in ev.rounds() {
        if let Some(b) = r.bye {
            rows[b.0].match_points += ev.settings().bye_match_points;
            rows[b.0].board_points += ev.settings().bye_board_points;
        }
        for m in &r.matches {
            add_match(&mut rows, m);
            opponents[m.home.0].push(m.away);
            opponents[m.away.0].push(m.home);
        }
    }
    let mp: Vec<u32> = rows.iter().map(|r| r.match_points).collect();
    for (i, row) in rows.iter_mut().enumerate() {
        row.sos = opponents[i].iter().map(|o| mp[o.0]).sum();
    }
    rows
}

fn add_match(rows: &mut [TeamRow], m: &Match) {
    for (i, res) in m.results.iter().enumerate() {
        let Some(res) = res else { continue };
        let hc = Match::home_color(i as u32 + 1);
        for (t, c) in [(m.home, hc), (m.away, hc.opponent())] {
            let p = res.points(c);
            rows[t.0].board_points += p;
            rows[t.0].by_board[i] += p;
        }
    }
    if let Some((h, a)) = m.match_points() {
        for (t, p) in [(m.home, h), (m.away, a)] {
            let row = &mut rows[t.0];
            row.match_points += p;
            match p {
                2 => row.won += 1,
                1 => row.drawn += 1,
                _ => row.lost += 1,
            }
        }
    }
}

impl TeamEvent {
    /// The team standings under the ranking of Art. 27 for the event's system and kind.
    pub fn standings(&self) -> TeamStandings {
        let rows = team_totals(self);
        let boards = self.settings().boards as usize;
        let total = self.settings().kind == Kind::TeamTotal;
        let swiss = matches!(self.system(), TeamSystem::Swiss { .. });
        let mut criteria: Vec<String> = Vec::new();
        if total {
            criteria.extend(["board-points".into(), "match-points".into()]);
        } else {
            criteria.push("match-points".into());
            if swiss {
                criteria.push("sos".into());
            }
            criteria.push("board-points".into());
        }
        criteria.extend((1..=boards).map(|b| format!("board-{b}")));
        let key = |r: &TeamRow| -> Vec<u32> {
            let mut k = Vec::new();
            if total {
                k.extend([r.board_points, r.match_points]);
            } else {
                k.push(r.match_points);
                if swiss {
                    k.push(r.sos);
                }
                k.push(r.board_points);
            }
            k.extend(r.by_board.iter().copied());
            k
        };
        let mut rows = rows;
        // Equal keys keep registration order and share the place (Art. 27: all equal,
        // shared).
        rows.sort_by(|a, b| key(b).cmp(&key(a)).then(a.team.cmp(&b.team)));
        let mut place = 0;
        for i in 0..rows.len() {
            if i == 0 || key(&rows[i]) != key(&rows[i - 1]) {
                place = i as u32 + 1;
            }
            rows[i].place = place;
        }
        TeamStandings { criteria, rows }
    }
}

/// One player's line of the individual board standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRow {
    /// The board.
    pub board: u32,
    /// The place among the players of this board; shared places repeat.
    pub place: u32,
    /// The team.
    pub team: TeamId,
    /// The player's roster index.
    pub player: usize,
    /// Games with a result on this board.
    pub games: u32,
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Points (win 2, draw 1).
    pub points: u32,
}

/// The individual board standings: for each board, every player who played on it, by points,
/// then fewer games; equal: shared.
pub fn board_standings(ev: &TeamEvent) -> Vec<BoardRow> {
    let mut rows: Vec<BoardRow> = Vec::new();
    for r in ev.rounds() {
        for m in &r.matches {
            for (i, res) in m.results.iter().enumerate() {
                let Some(res) = res else { continue };
                let board = i as u32 + 1;
                let hc = Match::home_color(board);
                for (t, p, c) in [
                    (m.home, m.home_lineup[i], hc),
                    (m.away, m.away_lineup[i], hc.opponent()),
                ] {
                    let row = match rows
                        .iter()
                        .position(|x| x.board == board && x.team == t && x.player == p)
                    {
                        Some(k) => &mut rows[k],
                        None => {
                            rows.push(BoardRow {
                                board,
                                place: 0,
                                team: t,
                                player: p,
                                games: 0,
                                wins: 0,
                                draws: 0,
                                losses: 0,
                                points: 0,
                            });
                            rows.last_mut().expect("just pushed")
                        }
                    };
                    row.games += 1;
                    row.points += res.points(c);
                    match res.outcome(c) {
                        Outcome::Win => row.wins += 1,
                        Outcome::Draw => row.draws += 1,
                        Outcome::Loss => row.losses += 1,
                        Outcome::Nothing => {}
                    }
                }
            }
        }
    }
    rows.sort_by(|a, b| {
        a.board
            .cmp(&b.board)
            .then(b.points.cmp(&a.points))
            .then(a.games.cmp(&b.games))
            .then(a.team.cmp(&b.team))
            .then(a.player.cmp(&b.player))
    });
    for i in 0..rows.len() {
        let first = i == 0 || rows[i - 1].board != rows[i].board;
        if first {
            rows[i].place = 1;
        } else if (rows[i - 1].points, rows[i - 1].games) == (rows[i].points, rows[i].games) {
            rows[i].place = rows[i - 1].place;
        } else {
            let start = rows[..i]
                .iter()
                .rposition(|x| x.board != rows[i].board)
                .map_or(0, |k| k + 1);
            rows[i].place = (i - start) as u32 + 1;
        }
    }
    rows
}
