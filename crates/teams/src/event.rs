//! A team event: teams, rosters, rounds of matches, line-ups and board results.

use rules::Color;
use std::collections::HashMap;
use std::fmt;
use tournament::swiss::{self, Candidate};
use tournament::{GameResult, Player, berger};

/// A team's number in the event: the order of registration, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TeamId(pub usize);

/// The five kinds of team event of Art. 25.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// 分台定人制: each player has a fixed board (the roster order) for the whole event; a
    /// reserve may stand in for a board player where the settings allow substitutes. National
    /// team events fix the order by rank and rating and never change it.
    FixedBoards,
    /// 定台换人制: the roster order is fixed; each match fields any of the roster, always in
    /// roster order.
    FixedOrder,
    /// 临场出人制: the captain or coach names the line-up before each match, any players of
    /// the roster in any order (the professional league).
    LineUpPerMatch,
    /// 全队轮赛制: the whole roster plays in rotation; the default line-up of a team's k-th
    /// match starts `k × boards` places down the roster.
    WholeTeamRotation,
    /// 队员总分制: line-ups as in 临场出人制; teams are ranked on the total of their players'
    /// points (board points) before match points.
    TeamTotal,
}

impl Kind {
    /// The name used on the command line and in the record.
    pub fn name(self) -> &'static str {
        match self {
            Kind::FixedBoards => "fixed-boards",
            Kind::FixedOrder => "fixed-order",
            Kind::LineUpPerMatch => "line-up",
            Kind::WholeTeamRotation => "rotation",
            Kind::TeamTotal => "team-total",
        }
    }

    /// The kind of that name (also accepts the Chinese names).
    pub fn from_name(s: &str) -> Option<Kind> {
        [
            Kind::FixedBoards,
            Kind::FixedOrder,
            Kind::LineUpPerMatch,
            Kind::WholeTeamRotation,
            Kind::TeamTotal,
        ]
        .into_iter()
        .find(|k| k.name() == s.trim() || k.chinese() == s.trim())
    }

    /// The Chinese name (Art. 25).
    pub fn chinese(self) -> &'static str {
        match self {
            Kind::FixedBoards => "分台定人制",
            Kind::FixedOrder => "定台换人制",
            Kind::LineUpPerMatch => "临场出人制",
            Kind::WholeTeamRotation => "全队轮赛制",
            Kind::TeamTotal => "队员总分制",
        }
    }
}

/// How teams are paired (Art. 26).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamSystem {
    /// Team round robin with this many cycles.
    RoundRobin {
        /// Cycles, at least 1.
        cycles: u32,
    },
    /// Team Swiss for this many rounds: teams with equal or close match points meet.
    Swiss {
        /// Rounds, at least 1.
        rounds: u32,
    },
}

/// A team event's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamSettings {
    /// The kind of Art. 25.
    pub kind: Kind,
    /// Boards per match (every team fields this many players: teams of equal size).
    pub boards: u32,
    /// Reserves a team may register beyond the boards (the substitute rules are the event's,
    /// Art. 25); 0 means no substitutes.
    pub reserves: u32,
    /// Match points of a team Swiss's bye, or of a team round robin's rest (轮休: the team
    /// the odd number leaves out of a round).
    pub bye_match_points: u32,
    /// Board points of that bye or rest (counted in the team's board points, not in any one
    /// board's).
    pub bye_board_points: u32,
}

impl TeamSettings {
    /// Settings with a team Swiss's defaults: no reserves, a bye worth a match won (2) and
    /// half the board points a match can give (as if every board were drawn).
    pub fn new(kind: Kind, boards: u32) -> TeamSettings {
        TeamSettings {
            kind,
            boards,
            reserves: 0,
            bye_match_points: 2,
            bye_board_points: boards,
        }
    }

    /// Settings with the defaults of `system`: a team Swiss's as [`TeamSettings::new`]; a team
    /// round robin's rest (轮休) worth nothing. Art. 26.2: a round robin is every team
    /// meeting every other; Art. 27: match points and board points come from matches and
    /// their games, and a rest is neither. (A record made before kept 2 match points and
    /// every board's points for the rest, and replays with them: the values are in the
    /// record's `create` line.)
    pub fn for_system(system: TeamSystem, kind: Kind, boards: u32) -> TeamSettings {
        match system {
            TeamSystem::Swiss { .. } => TeamSettings::new(kind, boards),
            TeamSystem::RoundRobin { .. } => TeamSettings {
                bye_match_points: 0,
                bye_board_points: 0,
                ..TeamSettings::new(kind, boards)
            },
        }
    }
}

/// A team: its name and roster (board order for 分台定人制 and 定台换人制).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    /// The name, unique in the event.
    pub name: String,
    /// The players, in board order.
    pub roster: Vec<Player>,
    /// `Some(r)`: withdrew after `r` rounds had been paired (Art. 28.4).
    pub withdrawn_after: Option<u32>,
}

/// One match of a round: the first-named team (`home`) has Black on boards 1, 3, 5, …
///
/// Invariants: both line-ups have `boards` distinct roster indices; `results` has one entry
/// per board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The first-named team.
    pub home: TeamId,
    /// The second-named team.
    pub away: TeamId,
    /// Roster indices of the home team's players, board by board.
    pub home_lineup: Vec<usize>,
    /// Roster indices of the away team's players, board by board.
    pub away_lineup: Vec<usize>,
    /// Each board's result, colors as played.
    pub results: Vec<Option<GameResult>>,
}

impl Match {
    /// The color of the home team's player on `board` (from 1): colors alternate by board.
    ///
    /// Art. 10 leaves colors to the event's draw and pairing ("由大会抽签编排") or nigiri;
    /// Art. 25 describes the boards of a team match but says nothing of their colors. Black
    /// on the odd boards for the first-named team, White on the even ones, is ours (the
    /// common practice of team events: each team has Black on half the boards).
    pub fn home_color(board: u32) -> Color {
        if board % 2 == 1 { Color::Black } else { Color::White }
    }

    /// Board points of (home, away) so far (Art. 27: win 2, draw 1, loss 0).
    pub fn board_points(&self) -> (u32, u32) {
        let mut pts = (0, 0);
        for (i, r) in self.results.iter().enumerate() {
            if let Some(r) = r {
                let hc = Match::home_color(i as u32 + 1);
                pts.0 += r.points(hc);
                pts.1 += r.points(hc.opponent());
            }
        }
        pts
    }

    /// Whether every board has a result.
    pub fn finished(&self) -> bool {
        self.results.iter().all(Option::is_some)
    }

    /// Match points of (home, away) once finished (Art. 27: more board points wins).
    pub fn match_points(&self) -> Option<(u32, u32)> {
        self.finished().then(|| match_points(self.board_points()))
    }

    /// The side `t` plays, if it plays in this match.
    pub fn side_of(&self, t: TeamId) -> Option<bool> {
        if t == self.home {
            Some(true)
        } else if t == self.away {
            Some(false)
        } else {
            None
        }
    }
}

/// Match points from board points (home, away): 2/0 to the side with more, 1/1 when equal.
pub fn match_points((home, away): (u32, u32)) -> (u32, u32) {
    match home.cmp(&away) {
        std::cmp::Ordering::Greater => (2, 0),
        std::cmp::Ordering::Equal => (1, 1),
        std::cmp::Ordering::Less => (0, 2),
    }
}

/// One round of a team event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRound {
    /// The round number, from 1.
    pub number: u32,
    /// The matches, in table order.
    pub matches: Vec<Match>,
    /// The team with a bye (team Swiss), or resting (轮休, team round robin).
    pub bye: Option<TeamId>,
}

/// Why a team-event operation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamError {
    /// The number of boards, cycles or rounds is invalid.
    BadSettings(String),
    /// A team of that name is already registered.
    DuplicateTeam(String),
    /// No team of that name.
    UnknownTeam(String),
    /// A name is empty.
    EmptyName,
    /// A player of that name is already in the event.
    DuplicatePlayer(String),
    /// The team has no such player.
    UnknownPlayer {
        /// The team.
        team: String,
        /// The player.
        player: String,
    },
    /// The roster is full (boards plus reserves).
    RosterFull(String),
    /// Teams cannot be added once the first round is paired (round robin).
    Started,
    /// A team has fewer players than boards.
    ShortTeam(String),
    /// Too few teams to pair.
    TooFewTeams,
    /// The previous round has a board without a result.
    RoundUnfinished(u32),
    /// Every round has been paired.
    Finished,
    /// No such round, match or board.
    NoSuchGame(String),
    /// A line-up breaks the event's kind (Art. 25).
    BadLineup(String),
    /// The team already withdrew.
    AlreadyWithdrawn(String),
    /// The Swiss matcher failed: the costs do not fit its weights (an absurdly large event),
    /// or its pairing could not be proven optimal (a bug; the round is not paired).
    Swiss(swiss::SwissError),
    /// A round as the record paired it does not fit the event (a team twice, a team that is
    /// not to be paired, one left out, the wrong round), or a record from before pairings
    /// were written cannot be paired again as it was.
    BadPairing(String),
}

impl fmt::Display for TeamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamError::BadSettings(s) => write!(f, "invalid team event settings: {s}"),
            TeamError::DuplicateTeam(t) => write!(f, "team {t:?} is already registered"),
            TeamError::UnknownTeam(t) => write!(f, "no team {t:?} in the event"),
            TeamError::EmptyName => write!(f, "a name is empty"),
            TeamError::DuplicatePlayer(p) => write!(f, "player {p:?} is already in the event"),
            TeamError::UnknownPlayer { team, player } => write!(f, "team {team:?} has no player {player:?}"),
            TeamError::RosterFull(t) => write!(f, "the roster of team {t:?} is full (boards plus reserves)"),
            TeamError::Started => write!(f, "the round robin has started: no team can be added"),
            TeamError::ShortTeam(t) => write!(f, "team {t:?} has fewer players than boards (Art. 25: equal teams)"),
            TeamError::TooFewTeams => write!(f, "fewer than two teams to pair"),
            TeamError::RoundUnfinished(r) => write!(f, "round {r} has a board without a result"),
            TeamError::Finished => write!(f, "every round has been paired"),
            TeamError::NoSuchGame(s) => write!(f, "no {s}"),
            TeamError::BadLineup(s) => write!(f, "line-up refused: {s}"),
            TeamError::AlreadyWithdrawn(t) => write!(f, "team {t:?} already withdrew"),
            TeamError::Swiss(e) => write!(f, "team Swiss pairing: {e}"),
            TeamError::BadPairing(s) => write!(f, "the recorded pairing does not replay: {s}"),
        }
    }
}

impl std::error::Error for TeamError {}

/// A team event. Invariants: team names and player names are unique in the event; every
/// round before the last has a result on every board of every match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamEvent {
    name: String,
    system: TeamSystem,
    settings: TeamSettings,
    teams: Vec<Team>,
    rounds: Vec<TeamRound>,
    /// The round-robin draw, fixed at the first pairing: teams in draw order.
    draw: Vec<TeamId>,
}

impl TeamEvent {
    /// A new team event.
    pub fn new(name: &str, system: TeamSystem, settings: TeamSettings) -> Result<TeamEvent, TeamError> {
        if name.trim().is_empty() {
            return Err(TeamError::EmptyName);
        }
        if settings.boards == 0 || settings.boards > 64 {
            return Err(TeamError::BadSettings(format!("{} boards (1 to 64)", settings.boards)));
        }
        // Bounded so that rosters and point sums never overflow (the values come from records).
        if settings.reserves > 64 {
            return Err(TeamError::BadSettings(format!(
                "{} reserves (0 to 64)",
                settings.reserves
            )));
        }
        if settings.bye_match_points > 2 || settings.bye_board_points > 2 * settings.boards {
            return Err(TeamError::BadSettings(format!(
                "a bye worth {} match points and {} board points (at most 2 and 2 per board)",
                settings.bye_match_points, settings.bye_board_points
            )));
        }
        match system {
            TeamSystem::RoundRobin { cycles: 0 } => return Err(TeamError::BadSettings("0 cycles".into())),
            TeamSystem::Swiss { rounds: 0 } => return Err(TeamError::BadSettings("0 rounds".into())),
            _ => {}
        }
        Ok(TeamEvent {
            name: name.to_string(),
            system,
            settings,
            teams: Vec::new(),
            rounds: Vec::new(),
            draw: Vec::new(),
        })
    }

    /// The event's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The system.
    pub fn system(&self) -> TeamSystem {
        self.system
    }

    /// The settings.
    pub fn settings(&self) -> &TeamSettings {
        &self.settings
    }

    /// The teams, by [`TeamId`].
    pub fn teams(&self) -> &[Team] {
        &self.teams
    }

    /// A team.
    pub fn team(&self, t: TeamId) -> &Team {
        &self.teams[t.0]
    }

    /// The rounds so far.
    pub fn rounds(&self) -> &[TeamRound] {
        &self.rounds
    }

    /// The team of that name.
    pub fn find(&self, name: &str) -> Result<TeamId, TeamError> {
        self.teams
            .iter()
            .position(|t| t.name == name)
            .map(TeamId)
            .ok_or_else(|| TeamError::UnknownTeam(name.to_string()))
    }

    /// The number of rounds the event will have (round robin: from its schedule).
    pub fn planned_rounds(&self) -> u32 {
        match self.system {
            TeamSystem::Swiss { rounds } => rounds,
            TeamSystem::RoundRobin { cycles } => {
                let n = if self.draw.is_empty() {
                    self.teams.len()
                } else {
                    self.draw.len()
                };
                berger::round_robin_rounds(n, cycles) as u32
            }
        }
    }

    /// Registers a team.
    pub fn add_team(&mut self, name: &str) -> Result<TeamId, TeamError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(TeamError::EmptyName);
        }
        if self.teams.iter().any(|t| t.name == name) {
            return Err(TeamError::DuplicateTeam(name.to_string()));
        }
        if matches!(self.system, TeamSystem::RoundRobin { .. }) && !self.rounds.is_empty() {
            return Err(TeamError::Started);
        }
        self.teams.push(Team {
            name: name.to_string(),
            roster: Vec::new(),
            withdrawn_after: None,
        });
        Ok(TeamId(self.teams.len() - 1))
    }

    /// Adds a player at the end of a team's roster (boards first, then reserves).
    pub fn add_player(&mut self, team: TeamId, player: Player) -> Result<(), TeamError> {
        if player.name.trim().is_empty() {
            return Err(TeamError::EmptyName);
        }
        if self
            .teams
            .iter()
            .any(|t| t.roster.iter().any(|p| p.name == player.name))
        {
            return Err(TeamError::DuplicatePlayer(player.name));
        }
        let max = (self.settings.boards + self.settings.reserves) as usize;
        let t = &mut self.teams[team.0];
        if t.roster.len() >= max {
            return Err(TeamError::RosterFull(t.name.clone()));
        }
        t.roster.push(player);
        Ok(())
    }

    /// The roster index of `player` in `team`.
    pub fn find_player(&self, team: TeamId, player: &str) -> Result<usize, TeamError> {
        let t = &self.teams[team.0];
        t.roster
            .iter()
            .position(|p| p.name == player)
            .ok_or_else(|| TeamError::UnknownPlayer {
                team: t.name.clone(),
                player: player.to_string(),
            })
    }

    /// Whether a team is still paired.
    pub fn is_active(&self, t: TeamId) -> bool {
        self.teams[t.0].withdrawn_after.is_none()
    }

    fn check_last_round_finished(&self) -> Result<(), TeamError> {
        if let Some(r) = self.rounds.last()
            && r.matches.iter().any(|m| !m.finished())
        {
            return Err(TeamError::RoundUnfinished(r.number));
        }
        Ok(())
    }

    /// How many matches team `t` has played (been paired in) before round `round`.
    fn matches_before(&self, t: TeamId, round: u32) -> usize {
        self.rounds
            .iter()
            .filter(|r| r.number < round)
            .flat_map(|r| &r.matches)
            .filter(|m| m.side_of(t).is_some())
            .count()
    }

    /// The line-up a team fields when none is named: the first boards of the roster, or for
    /// 全队轮赛制 the rotation's next players.
    pub fn default_lineup(&self, t: TeamId, round: u32) -> Vec<usize> {
        let boards = self.settings.boards as usize;
        let n = self.teams[t.0].roster.len().max(1);
        match self.settings.kind {
            Kind::WholeTeamRotation => {
                let start = self.matches_before(t, round) * boards;
                let mut v: Vec<usize> = (0..boards).map(|i| (start + i) % n).collect();
                // Board order follows the roster order within the players who play.
                v.sort_unstable();
                v
            }
            _ => (0..boards).collect(),
        }
    }

    /// Pairs the next round under the event's system. Every active team must field a full
    /// line-up; each match starts with the default line-ups, which [`TeamEvent::set_lineup`]
    /// changes until the match's first result.
    pub fn pair_next(&mut self) -> Result<&TeamRound, TeamError> {
        self.pair_by(How::System)
    }

    /// Restores the next round as it was paired: `matches` (first-named team, second-named
    /// team) in table order and the team with the bye, not paired again. This is how a
    /// record replays a round ([`crate::Change::Paired`]), so a stored event keeps its
    /// matches (and a result stays on the match it was given to) whatever the pairing
    /// program of the day would pair. Refused with [`TeamError::BadPairing`] unless the teams
    /// are exactly those the system pairs this round (a Swiss: the active teams; a round
    /// robin: its draw), each once; the checks of [`TeamEvent::pair_next`] apply as well.
    pub fn restore_round(
        &mut self,
        matches: &[(TeamId, TeamId)],
        bye: Option<TeamId>,
    ) -> Result<&TeamRound, TeamError> {
        self.pair_by(How::Recorded(matches, bye))
    }

    /// Pairs the next round as records made before pairings were written were paired: a
    /// round robin by its Berger table (as now), a Swiss by the legacy search
    /// ([`TeamEvent::legacy_swiss_pairs`]). Only for replaying such a record (a bare `pair`
    /// line, [`crate::Change::LegacyPair`]).
    pub(crate) fn legacy_pair_next(&mut self) -> Result<&TeamRound, TeamError> {
        self.pair_by(How::LegacySwiss)
    }

    fn pair_by(&mut self, how: How<'_>) -> Result<&TeamRound, TeamError> {
        self.check_last_round_finished()?;
        let number = self.rounds.len() as u32 + 1;
        for (i, t) in self.teams.iter().enumerate() {
            if self.is_active(TeamId(i)) && t.roster.len() < self.settings.boards as usize {
                return Err(TeamError::ShortTeam(t.name.clone()));
            }
        }
        let (pairs, bye) = match self.system {
            TeamSystem::RoundRobin { cycles } => {
                if self.draw.is_empty() {
                    // Art. 28.1: a team that withdrew before the start leaves the draw.
                    self.draw = (0..self.teams.len())
                        .map(TeamId)
                        .filter(|&t| self.is_active(t))
                        .collect();
                }
                if self.draw.len() < 2 {
                    return Err(TeamError::TooFewTeams);
                }
                let pairs = berger::round_robin_round(self.draw.len(), cycles, number as usize - 1)
                    .ok_or(TeamError::Finished)?;
                if let How::Recorded(matches, bye) = how {
                    check_recorded(self, number, &self.draw, matches, bye)?;
                    (matches.to_vec(), bye)
                } else {
                    let n = self.draw.len();
                    let mut games = Vec::new();
                    let mut bye = None;
                    for (a, b) in pairs {
                        if a > n {
                            bye = Some(self.draw[b - 1]);
                        } else if b > n {
                            bye = Some(self.draw[a - 1]);
                        } else {
                            games.push((self.draw[a - 1], self.draw[b - 1]));
                        }
                    }
                    (games, bye)
                }
            }
            TeamSystem::Swiss { rounds } => {
                if number > rounds {
                    return Err(TeamError::Finished);
                }
                match how {
                    How::System => self.swiss_pairs()?,
                    How::LegacySwiss => self.legacy_swiss_pairs()?,
                    How::Recorded(matches, bye) => {
                        let active: Vec<TeamId> = (0..self.teams.len())
                            .map(TeamId)
                            .filter(|&t| self.is_active(t))
                            .collect();
                        check_recorded(self, number, &active, matches, bye)?;
                        (matches.to_vec(), bye)
                    }
                }
            }
        };
        let boards = self.settings.boards as usize;
        let mut matches = Vec::new();
        for (home, away) in pairs {
            let mut m = Match {
                home,
                away,
                home_lineup: self.default_lineup(home, number),
                away_lineup: self.default_lineup(away, number),
                results: vec![None; boards],
            };
            // Art. 28.4: a team that withdrew loses its remaining matches by forfeit.
            forfeit_withdrawn(&mut m, self.is_active(home), self.is_active(away));
            matches.push(m);
        }
        self.rounds.push(TeamRound { number, matches, bye });
        Ok(self.rounds.last().expect("just pushed"))
    }

    /// Swiss pairs (Art. 26.3, "pair equal or close scores"), by the tournament crate's
    /// matcher: one minimum-cost perfect matching over the active teams, under the cost of
    /// [`tournament::swiss`] — no rematch when any pairing avoids one, and otherwise as few as
    /// possible; then the smallest sum of squared match-point differences; then home/away
    /// balance; then the top half of a match-point group against its bottom half by board
    /// points (registration order on equal board points). The matching is exact and proven
    /// optimal by its dual certificate, so a round where every pairing repeats a match is
    /// paired as well as it can be, in polynomial time.
    ///
    /// With an odd number of teams the bye goes to a team of the lowest match points among
    /// those without a bye, the one with the fewest board points when the rest allows. The
    /// rules are silent on who gets the bye; this is the individual Swiss's rule
    /// ([`tournament::swiss::pair`]).
    ///
    /// Home goes as Black goes in the individual Swiss ([`tournament::swiss::colours`]): to the
    /// team with the lower home − away balance (the balance the matcher weighed), then to the
    /// one that was away last, then by a lot.
    fn swiss_pairs(&self) -> Result<Pairing, TeamError> {
        let active: Vec<TeamId> = (0..self.teams.len())
            .map(TeamId)
            .filter(|&t| self.is_active(t))
            .collect();
        if active.len() < 2 {
            return Err(TeamError::TooFewTeams);
        }
        let stand = crate::standings::team_totals(self);
        let matches = || self.rounds.iter().flat_map(|r| &r.matches);
        let homes = |t: TeamId| matches().filter(|m| m.home == t).count();
        let aways = |t: TeamId| matches().filter(|m| m.away == t).count();
        let candidates: Vec<Candidate> = active
            .iter()
            .map(|&t| Candidate {
                score: i64::from(stand[t.0].match_points),
                strength: (i32::try_from(stand[t.0].board_points).unwrap_or(i32::MAX), 0),
                color_balance: homes(t) as i32 - aways(t) as i32,
                club: None,
                region: None,
                had_bye: self.rounds.iter().any(|r| r.bye == Some(t)),
                category: 0,
                // The team Swiss does not weigh draw-ups and draw-downs (OpenGotha's term is
                // for players).
                drawn_up: 0,
                drawn_down: 0,
            })
            .collect();
        let index: HashMap<TeamId, usize> = active.iter().enumerate().map(|(i, &t)| (t, i)).collect();
        let mut met: HashMap<(usize, usize), u32> = HashMap::new();
        for m in matches() {
            if let (Some(&a), Some(&b)) = (index.get(&m.home), index.get(&m.away)) {
                *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
            }
        }
        let pairing = swiss::pair(&candidates, &met, swiss::Options::default()).map_err(TeamError::Swiss)?;
        // Art. 10 leaves colours to the event's draw: home (Black on the odd boards) is the
        // Swiss's Black, by the tournament crate's rule (tournament::swiss::colours): the team
        // with the lower home − away balance, the one the matcher balanced; equal, the one that
        // was away in its last match; still equal, a lot seeded by the event's name (a team
        // event has no seed of its own; the round is recorded as paired, so the lot is never
        // drawn again).
        let balance = |t: usize| homes(TeamId(t)) as i64 - aways(TeamId(t)) as i64;
        let last = |t: usize| {
            self.rounds
                .iter()
                .rev()
                .flat_map(|r| &r.matches)
                .find_map(|m| m.side_of(TeamId(t)))
                .map(|home| if home { Color::Black } else { Color::White })
        };
        let round = self.rounds.len() as u32 + 1;
        let seed = name_seed(&self.name);
        let pairs = pairing
            .pairs
            .iter()
            .map(|&(a, b, _)| swiss::colours(seed, round, (active[a].0, active[b].0), &balance, &last))
            .map(|(home, away)| (TeamId(home), TeamId(away)))
            .collect();
        Ok((pairs, pairing.bye.map(|i| active[i])))
    }

    /// LEGACY REPLAY ONLY: the team Swiss pairing before the exact matcher (before commit
    /// 7776e3f), kept so that a record of that time, whose `pair` lines stored no pairs,
    /// replays with the matches it was played with. Never used to pair a new round.
    ///
    /// Teams by match points, then board points, then registration; the top team meets the
    /// best-placed team it has not met, backtracking when the rest cannot be paired (no
    /// rematch at all: where none is possible the round was refused, so such a record has no
    /// such round). With an odd number the lowest-placed team without a bye gets it. The
    /// team that was home less often is home; equal, the better placed.
    fn legacy_swiss_pairs(&self) -> Result<Pairing, TeamError> {
        let active: Vec<TeamId> = (0..self.teams.len())
            .map(TeamId)
            .filter(|&t| self.is_active(t))
            .collect();
        if active.len() < 2 {
            return Err(TeamError::TooFewTeams);
        }
        let stand = crate::standings::team_totals(self);
        let mut order = active.clone();
        order.sort_by_key(|t| {
            (
                std::cmp::Reverse(stand[t.0].match_points),
                std::cmp::Reverse(stand[t.0].board_points),
                t.0,
            )
        });
        let mut bye = None;
        if order.len() % 2 == 1 {
            let had_bye = |t: &TeamId| self.rounds.iter().any(|r| r.bye == Some(*t));
            let pick = order.iter().rposition(|t| !had_bye(t)).unwrap_or(order.len() - 1);
            bye = Some(order.remove(pick));
        }
        let met = |a: TeamId, b: TeamId| {
            self.rounds
                .iter()
                .flat_map(|r| &r.matches)
                .any(|m| m.side_of(a).is_some() && m.side_of(b).is_some())
        };
        let mut pairs = Vec::new();
        if !legacy_pair_rest(&order, &mut vec![false; order.len()], &met, &mut pairs) {
            return Err(TeamError::BadPairing(format!(
                "round {} of a record without its pairs: the legacy pairing finds no pairing \
                 without a rematch, so it was never paired that way",
                self.rounds.len() + 1
            )));
        }
        let homes = |t: TeamId| {
            self.rounds
                .iter()
                .flat_map(|r| &r.matches)
                .filter(|m| m.home == t)
                .count()
        };
        let pairs = pairs
            .into_iter()
            .map(|(a, b)| if homes(b) < homes(a) { (b, a) } else { (a, b) })
            .collect();
        Ok((pairs, bye))
    }

    /// Names a team's line-up for its match in `round`: player names, board 1 first. The
    /// kind decides what is allowed (Art. 25). Refused once the match has a result.
    pub fn set_lineup(&mut self, round: u32, team: TeamId, players: &[String]) -> Result<(), TeamError> {
        let boards = self.settings.boards as usize;
        let tname = self.teams[team.0].name.clone();
        if players.len() != boards {
            return Err(TeamError::BadLineup(format!(
                "team {tname:?} names {} players for {boards} boards",
                players.len()
            )));
        }
        let idx: Vec<usize> = players
            .iter()
            .map(|p| self.find_player(team, p))
            .collect::<Result<_, _>>()?;
        for (i, a) in idx.iter().enumerate() {
            if idx[..i].contains(a) {
                return Err(TeamError::BadLineup(format!("{:?} is named twice", players[i])));
            }
        }
        match self.settings.kind {
            // Art. 25 分台定人制: a player keeps the board of the roster; a reserve may stand
            // in on any board where substitutes are allowed.
            Kind::FixedBoards => {
                for (b, &i) in idx.iter().enumerate() {
                    if i != b && i < boards {
                        return Err(TeamError::BadLineup(format!(
                            "{:?} plays board {} in 分台定人制, not board {}",
                            players[b],
                            i + 1,
                            b + 1
                        )));
                    }
                }
            }
            // Art. 25 定台换人制: the roster order is kept.
            Kind::FixedOrder => {
                if idx.windows(2).any(|w| w[0] > w[1]) {
                    return Err(TeamError::BadLineup(
                        "定台换人制 keeps the roster's board order".to_string(),
                    ));
                }
            }
            Kind::LineUpPerMatch | Kind::WholeTeamRotation | Kind::TeamTotal => {}
        }
        let r = self
            .rounds
            .iter_mut()
            .find(|r| r.number == round)
            .ok_or_else(|| TeamError::NoSuchGame(format!("round {round}")))?;
        let m = r
            .matches
            .iter_mut()
            .find(|m| m.side_of(team).is_some())
            .ok_or_else(|| TeamError::NoSuchGame(format!("match of team {tname:?} in round {round}")))?;
        if m.results.iter().any(Option::is_some) {
            return Err(TeamError::BadLineup(format!(
                "the match of {tname:?} in round {round} has started"
            )));
        }
        if m.home == team {
            m.home_lineup = idx;
        } else {
            m.away_lineup = idx;
        }
        Ok(())
    }

    /// Records the result of a board (`table` and `board` from 1); a later result replaces an
    /// earlier one.
    pub fn set_result(&mut self, round: u32, table: u32, board: u32, result: GameResult) -> Result<(), TeamError> {
        let m = self
            .rounds
            .iter_mut()
            .find(|r| r.number == round)
            .and_then(|r| r.matches.get_mut((table as usize).wrapping_sub(1)))
            .ok_or_else(|| TeamError::NoSuchGame(format!("round {round} table {table}")))?;
        let slot = m
            .results
            .get_mut((board as usize).wrapping_sub(1))
            .ok_or_else(|| TeamError::NoSuchGame(format!("round {round} table {table} board {board}")))?;
        *slot = Some(result);
        Ok(())
    }

    /// A team withdraws (Art. 28.4): the games played stand, the boards of its paired matches
    /// without a result are forfeits, and its later matches (round robin) are forfeits; a
    /// Swiss pairs it no more. Before the first round it leaves the draw (Art. 28.1).
    pub fn withdraw(&mut self, team: TeamId) -> Result<(), TeamError> {
        if !self.is_active(team) {
            return Err(TeamError::AlreadyWithdrawn(self.teams[team.0].name.clone()));
        }
        self.teams[team.0].withdrawn_after = Some(self.rounds.len() as u32);
        for r in &mut self.rounds {
            for m in &mut r.matches {
                if let Some(home) = m.side_of(team) {
                    forfeit_withdrawn(m, !home, home);
                }
            }
        }
        Ok(())
    }

    /// The players of a match board by board: (home player, away player) as roster entries.
    pub fn board_players(&self, m: &Match, board: u32) -> (&Player, &Player) {
        let i = board as usize - 1;
        (
            &self.teams[m.home.0].roster[m.home_lineup[i]],
            &self.teams[m.away.0].roster[m.away_lineup[i]],
        )
    }

    /// The event as a list of changes that [`TeamEvent::replay`] turns back into it.
    pub fn replay(changes: &[crate::Change]) -> Result<TeamEvent, TeamError> {
        let mut it = changes.iter();
        let Some(crate::Change::Create { name, system, settings }) = it.next() else {
            return Err(TeamError::BadSettings(
                "the record does not start with the event".into(),
            ));
        };
        let mut ev = TeamEvent::new(name, *system, settings.clone())?;
        for c in it {
            c.apply(&mut ev)?;
        }
        Ok(ev)
    }
}

/// The seed of an event's lots: its name, hashed (FNV-1a, 64 bits).
fn name_seed(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The pairs of a round (first-named team first) and the team with the bye.
type Pairing = (Vec<(TeamId, TeamId)>, Option<TeamId>);

/// How the next round is paired.
#[derive(Clone, Copy)]
enum How<'a> {
    /// By the event's system, as it pairs today.
    System,
    /// As records without their pairs were paired (a Swiss by the legacy search).
    LegacySwiss,
    /// As the record says: the matches in table order and the bye.
    Recorded(&'a [(TeamId, TeamId)], Option<TeamId>),
}

/// Checks that a recorded round `number` pairs exactly the teams of `field`, each once.
fn check_recorded(
    ev: &TeamEvent,
    number: u32,
    field: &[TeamId],
    matches: &[(TeamId, TeamId)],
    bye: Option<TeamId>,
) -> Result<(), TeamError> {
    let name = |t: TeamId| ev.teams.get(t.0).map_or("?", |t| t.name.as_str()).to_string();
    let mut seen: Vec<TeamId> = Vec::new();
    for t in matches.iter().flat_map(|&(a, b)| [a, b]).chain(bye) {
        if t.0 >= ev.teams.len() {
            return Err(TeamError::BadPairing(format!("round {number}: no team number {}", t.0)));
        }
        if seen.contains(&t) {
            return Err(TeamError::BadPairing(format!(
                "round {number} names team {:?} twice",
                name(t)
            )));
        }
        if !field.contains(&t) {
            return Err(TeamError::BadPairing(format!(
                "round {number} pairs team {:?}, which is not in the round (withdrawn, or not in the draw)",
                name(t)
            )));
        }
        seen.push(t);
    }
    if let Some(&t) = field.iter().find(|t| !seen.contains(t)) {
        return Err(TeamError::BadPairing(format!(
            "round {number} leaves out team {:?}",
            name(t)
        )));
    }
    // Each team of the field once: so an odd field has its bye and an even one none.
    Ok(())
}

/// Boards without a result become forfeits against a side that is not active.
fn forfeit_withdrawn(m: &mut Match, home_active: bool, away_active: bool) {
    if home_active == away_active {
        if !home_active {
            // Both withdrew: both lose the boards not played.
            for r in m.results.iter_mut().filter(|r| r.is_none()) {
                *r = Some(GameResult::BothLose);
            }
        }
        return;
    }
    for (i, r) in m.results.iter_mut().enumerate() {
        if r.is_none() {
            let hc = Match::home_color(i as u32 + 1);
            let winner = if home_active { hc } else { hc.opponent() };
            *r = Some(GameResult::forfeit(winner));
        }
    }
}

/// LEGACY REPLAY ONLY ([`TeamEvent::legacy_swiss_pairs`]): pairs `order` (best first)
/// without rematches: the first free team meets the first free team below it that it has
/// not met; backtracks on failure.
fn legacy_pair_rest(
    order: &[TeamId],
    used: &mut Vec<bool>,
    met: &dyn Fn(TeamId, TeamId) -> bool,
    pairs: &mut Vec<(TeamId, TeamId)>,
) -> bool {
    let Some(i) = used.iter().position(|u| !u) else {
        return true;
    };
    used[i] = true;
    for j in i + 1..order.len() {
        if used[j] || met(order[i], order[j]) {
            continue;
        }
        used[j] = true;
        pairs.push((order[i], order[j]));
        if legacy_pair_rest(order, used, met, pairs) {
            return true;
        }
        pairs.pop();
        used[j] = false;
    }
    used[i] = false;
    false
}
