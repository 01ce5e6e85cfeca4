//! Changes to a team event as lines of text: the record an adapter keeps and replays.
//!
//! One change per line, fields separated by tabs (a field may hold neither a tab nor a line
//! break), the first field naming the change:
//!
//! ```text
//! create  NAME  round-robin:CYCLES|swiss:ROUNDS  KIND  BOARDS  RESERVES  BYE_MATCH  BYE_BOARD
//! team    NAME
//! player  TEAM  NAME  RANK  RATING  CLUB  REGION  BORN      (empty fields: none)
//! pair    ROUND  BYE  HOME  AWAY  [HOME  AWAY]…              (BYE empty: none)
//! lineup  ROUND  TEAM  PLAYER…
//! result  ROUND  TABLE  BOARD  RESULT
//! withdraw TEAM
//! ```
//!
//! A `pair` line keeps the round as it was paired: its matches in table order (first-named
//! team first) and the team with the bye, and replays them exactly, so a result (`result
//! ROUND TABLE …`) stays on the match it was given to whatever a later pairing program would
//! pair. Records made before pairings were written have a bare `pair` line; it replays with
//! the pairing of that time ([`Change::LegacyPair`]): the team Swiss's old search, since the
//! exact matcher pairs other matches.

use crate::event::{Kind, TeamError, TeamEvent, TeamId, TeamSettings, TeamSystem};
use std::fmt;
use tournament::{Date, GameResult, Player, Rank};

/// One change to a team event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The event is created.
    Create {
        /// Its name.
        name: String,
        /// The system.
        system: TeamSystem,
        /// The settings.
        settings: TeamSettings,
    },
    /// A team registers.
    AddTeam(String),
    /// A player joins a team's roster.
    AddPlayer {
        /// The team.
        team: String,
        /// The player.
        player: Player,
    },
    /// Pair the next round by the event's system: what a caller asks for, not a line of the
    /// record. [`Change::apply`] returns the [`Change::Paired`] to record in its place, and
    /// [`Change::encode`] refuses it.
    Pair,
    /// A round as it was paired: replays exactly these matches ([`TeamEvent::restore_round`]).
    Paired {
        /// The round, from 1: the next round of the event.
        round: u32,
        /// The matches in table order: (first-named team, second-named team).
        matches: Vec<(String, String)>,
        /// The team with the bye.
        bye: Option<String>,
    },
    /// A bare `pair` line, from a record made before pairings were written: the round is
    /// paired again as the event paired it then (a round robin by its Berger table, a Swiss
    /// by the legacy search), so such a record keeps its matches. Only read, never written
    /// for a new round.
    LegacyPair,
    /// A team names its line-up for a round.
    Lineup {
        /// The round.
        round: u32,
        /// The team.
        team: String,
        /// The players, board 1 first.
        players: Vec<String>,
    },
    /// A board's result.
    Result {
        /// The round.
        round: u32,
        /// The table (match), from 1.
        table: u32,
        /// The board, from 1.
        board: u32,
        /// The result.
        result: GameResult,
    },
    /// A team withdraws (Art. 28.4).
    Withdraw(String),
}

/// Why a change could not be written or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChangeError(pub String);

impl fmt::Display for ChangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad team-event record line: {}", self.0)
    }
}

impl std::error::Error for ChangeError {}

fn system_text(s: TeamSystem) -> String {
    match s {
        TeamSystem::RoundRobin { cycles } => format!("round-robin:{cycles}"),
        TeamSystem::Swiss { rounds } => format!("swiss:{rounds}"),
    }
}

fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map(ToString::to_string).unwrap_or_default()
}

impl Change {
    /// The change as one line (no line break). Fails when a field holds a tab or a line
    /// break.
    pub fn encode(&self) -> Result<String, ChangeError> {
        let fields: Vec<String> = match self {
            Change::Create { name, system, settings } => vec![
                "create".into(),
                name.clone(),
                system_text(*system),
                settings.kind.name().into(),
                settings.boards.to_string(),
                settings.reserves.to_string(),
                settings.bye_match_points.to_string(),
                settings.bye_board_points.to_string(),
            ],
            Change::AddTeam(t) => vec!["team".into(), t.clone()],
            Change::AddPlayer { team, player } => vec![
                "player".into(),
                team.clone(),
                player.name.clone(),
                player.rank.to_string(),
                opt(&player.rating),
                opt(&player.club),
                opt(&player.region),
                opt(&player.birth_date),
            ],
            Change::Pair => {
                return Err(ChangeError(
                    "a pairing is recorded as the round it paired (the change Change::apply returns), \
                     not as a request"
                        .into(),
                ));
            }
            Change::Paired { round, matches, bye } => {
                let mut v = vec!["pair".into(), round.to_string(), opt(bye)];
                for (home, away) in matches {
                    v.push(home.clone());
                    v.push(away.clone());
                }
                v
            }
            Change::LegacyPair => vec!["pair".into()],
            Change::Lineup { round, team, players } => {
                let mut v = vec!["lineup".into(), round.to_string(), team.clone()];
                v.extend(players.iter().cloned());
                v
            }
            Change::Result {
                round,
                table,
                board,
                result,
            } => vec![
                "result".into(),
                round.to_string(),
                table.to_string(),
                board.to_string(),
                result.to_string(),
            ],
            Change::Withdraw(t) => vec!["withdraw".into(), t.clone()],
        };
        if let Some(f) = fields.iter().find(|f| f.contains(['\t', '\n', '\r'])) {
            return Err(ChangeError(format!("the field {f:?} holds a tab or a line break")));
        }
        Ok(fields.join("\t"))
    }

    /// Reads a line written by [`Change::encode`].
    pub fn decode(line: &str) -> Result<Change, ChangeError> {
        let f: Vec<&str> = line.split('\t').collect();
        let bad = |why: &str| ChangeError(format!("{line:?}: {why}"));
        let num = |s: &str| s.parse::<u32>().map_err(|_| bad(&format!("{s:?} is not a number")));
        let need = |n: usize| {
            if f.len() < n {
                Err(bad(&format!("{n} fields expected")))
            } else {
                Ok(())
            }
        };
        match f[0] {
            "create" => {
                need(8)?;
                let system = match f[2].split_once(':') {
                    Some(("round-robin", c)) => TeamSystem::RoundRobin { cycles: num(c)? },
                    Some(("swiss", r)) => TeamSystem::Swiss { rounds: num(r)? },
                    _ => return Err(bad("unknown system")),
                };
                let kind = Kind::from_name(f[3]).ok_or_else(|| bad("unknown kind"))?;
                Ok(Change::Create {
                    name: f[1].into(),
                    system,
                    settings: TeamSettings {
                        kind,
                        boards: num(f[4])?,
                        reserves: num(f[5])?,
                        bye_match_points: num(f[6])?,
                        bye_board_points: num(f[7])?,
                    },
                })
            }
            "team" => {
                need(2)?;
                Ok(Change::AddTeam(f[1].into()))
            }
            "player" => {
                need(8)?;
                let rank: Rank = f[3].parse().map_err(|e| bad(&format!("{e}")))?;
                let s = |x: &str| (!x.is_empty()).then(|| x.to_string());
                let rating = if f[4].is_empty() {
                    None
                } else {
                    Some(f[4].parse::<i32>().map_err(|_| bad("bad rating"))?)
                };
                let birth_date = if f[7].is_empty() {
                    None
                } else {
                    Some(f[7].parse::<Date>().map_err(|e| bad(&format!("{e}")))?)
                };
                Ok(Change::AddPlayer {
                    team: f[1].into(),
                    player: Player {
                        name: f[2].into(),
                        rank,
                        rating,
                        club: s(f[5]),
                        region: s(f[6]),
                        birth_date,
                    },
                })
            }
            "pair" if f.len() == 1 => Ok(Change::LegacyPair),
            "pair" => {
                need(3)?;
                let teams = &f[3..];
                if !teams.len().is_multiple_of(2) || teams.iter().any(|t| t.is_empty()) {
                    return Err(bad("a pairing names teams two by two (home, away), none empty"));
                }
                Ok(Change::Paired {
                    round: num(f[1])?,
                    bye: (!f[2].is_empty()).then(|| f[2].to_string()),
                    matches: teams.chunks(2).map(|p| (p[0].to_string(), p[1].to_string())).collect(),
                })
            }
            "lineup" => {
                need(3)?;
                Ok(Change::Lineup {
                    round: num(f[1])?,
                    team: f[2].into(),
                    players: f[3..].iter().map(|s| s.to_string()).collect(),
                })
            }
            "result" => {
                need(5)?;
                Ok(Change::Result {
                    round: num(f[1])?,
                    table: num(f[2])?,
                    board: num(f[3])?,
                    result: f[4].parse().map_err(|e| bad(&format!("{e}")))?,
                })
            }
            "withdraw" => {
                need(2)?;
                Ok(Change::Withdraw(f[1].into()))
            }
            _ => Err(bad("unknown change")),
        }
    }

    /// Applies the change (not [`Change::Create`], which [`TeamEvent::replay`] handles), and
    /// returns the change to record: itself, except [`Change::Pair`], which becomes the
    /// [`Change::Paired`] round it made.
    pub fn apply(&self, ev: &mut TeamEvent) -> Result<Change, TeamError> {
        match self {
            Change::Create { .. } => return Err(TeamError::BadSettings("the event is created only once".into())),
            Change::AddTeam(t) => ev.add_team(t).map(|_| ())?,
            Change::AddPlayer { team, player } => {
                let t = ev.find(team)?;
                ev.add_player(t, player.clone())?
            }
            Change::Pair => {
                ev.pair_next()?;
                let round = ev.rounds().last().expect("just paired");
                let name = |t: TeamId| ev.team(t).name.clone();
                return Ok(Change::Paired {
                    round: round.number,
                    matches: round.matches.iter().map(|m| (name(m.home), name(m.away))).collect(),
                    bye: round.bye.map(name),
                });
            }
            Change::Paired { round, matches, bye } => {
                let next = ev.rounds().len() as u32 + 1;
                if *round != next {
                    return Err(TeamError::BadPairing(format!(
                        "the record pairs round {round} where round {next} is next"
                    )));
                }
                let matches: Vec<(TeamId, TeamId)> = matches
                    .iter()
                    .map(|(h, a)| Ok((ev.find(h)?, ev.find(a)?)))
                    .collect::<Result<_, TeamError>>()?;
                let bye = bye.as_deref().map(|b| ev.find(b)).transpose()?;
                ev.restore_round(&matches, bye).map(|_| ())?
            }
            Change::LegacyPair => ev.legacy_pair_next().map(|_| ())?,
            Change::Lineup { round, team, players } => {
                let t = ev.find(team)?;
                ev.set_lineup(*round, t, players)?
            }
            Change::Result {
                round,
                table,
                board,
                result,
            } => ev.set_result(*round, *table, *board, *result)?,
            Change::Withdraw(t) => {
                let t = ev.find(t)?;
                ev.withdraw(t)?
            }
        }
        Ok(self.clone())
    }
}
