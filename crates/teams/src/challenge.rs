//! The challenge match (擂台赛, Art. 26.6): two teams agree on the number of players and their
//! order beforehand; the first players meet, the winner stays on and meets the loser's next
//! teammate, until one side has no players left.
//!
//! A drawn bout (or one both players lose, Art. 17.5, 23) puts both players out; a bout with
//! no result (无胜负, Art. 20) is replayed by the same two. These are our reading of the common
//! practice: the rules only name the system.

use rules::Color;
use std::fmt;
use tournament::{GameResult, WinBy};

/// One of the two teams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The first-named team.
    A,
    /// The second-named team.
    B,
}

/// What a bout did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeBout {
    /// This side's player won; the other side's player is out.
    Won(Side),
    /// This side's player won by forfeit (the other did not play: withdrew, Art. 28.4, or
    /// forfeited, Art. 22, 23); the other side's player is out. Not a game won over the
    /// board, so not counted in [`Challenge::wins`].
    Forfeit(Side),
    /// Both players are out (a draw, or both lose).
    BothOut,
    /// No result: the same two play again.
    Replay,
}

/// Why a challenge-match operation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeError {
    /// A side has no players.
    EmptySide,
    /// A name appears twice.
    DuplicatePlayer(String),
    /// The match is over: no bout to record.
    Over,
    /// No player of that name in either order.
    UnknownPlayer(String),
    /// The player is not on stage for the next bout.
    NotOnStage(String),
    /// The player is already out of the match.
    AlreadyOut(String),
    /// A line of a challenge match's record cannot be read or does not replay.
    BadRecord(String),
}

impl fmt::Display for ChallengeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChallengeError::EmptySide => write!(f, "each side of a challenge match needs at least one player"),
            ChallengeError::DuplicatePlayer(p) => write!(f, "player {p:?} is named twice"),
            ChallengeError::Over => write!(f, "the challenge match is over"),
            ChallengeError::UnknownPlayer(p) => write!(f, "no player {p:?} in either order"),
            ChallengeError::NotOnStage(p) => write!(f, "{p:?} is not on stage for the next bout"),
            ChallengeError::AlreadyOut(p) => write!(f, "{p:?} is already out of the challenge match"),
            ChallengeError::BadRecord(s) => write!(f, "bad challenge-match record: {s}"),
        }
    }
}

impl std::error::Error for ChallengeError {}

/// A challenge match. Invariant: `next` indices never pass the end of their order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    order: [Vec<String>; 2],
    /// The index of each side's player on stage (or `len` when the side is out of players).
    next: [usize; 2],
    /// Every bout: (A's player, B's player, what happened).
    bouts: Vec<(usize, usize, ChallengeBout)>,
}

fn idx(s: Side) -> usize {
    match s {
        Side::A => 0,
        Side::B => 1,
    }
}

impl Challenge {
    /// A challenge match between two agreed orders of players.
    pub fn new(a: &[String], b: &[String]) -> Result<Challenge, ChallengeError> {
        if a.is_empty() || b.is_empty() {
            return Err(ChallengeError::EmptySide);
        }
        for (i, p) in a.iter().chain(b).enumerate() {
            if a.iter().chain(b).take(i).any(|q| q == p) {
                return Err(ChallengeError::DuplicatePlayer(p.clone()));
            }
        }
        Ok(Challenge {
            order: [a.to_vec(), b.to_vec()],
            next: [0, 0],
            bouts: Vec::new(),
        })
    }

    /// A side's order of players.
    pub fn order(&self, s: Side) -> &[String] {
        &self.order[idx(s)]
    }

    /// The next bout: (A's player, B's player) by index in their orders; `None` when over.
    pub fn next_bout(&self) -> Option<(usize, usize)> {
        (self.next[0] < self.order[0].len() && self.next[1] < self.order[1].len())
            .then_some((self.next[0], self.next[1]))
    }

    /// Records the bout on stage.
    pub fn record(&mut self, bout: ChallengeBout) -> Result<(), ChallengeError> {
        let (a, b) = self.next_bout().ok_or(ChallengeError::Over)?;
        match bout {
            ChallengeBout::Won(s) | ChallengeBout::Forfeit(s) => {
                // The winner stays on; the loser's next teammate comes up.
                let loser = 1 - idx(s);
                self.next[loser] += 1;
            }
            ChallengeBout::BothOut => {
                self.next[0] += 1;
                self.next[1] += 1;
            }
            ChallengeBout::Replay => {}
        }
        self.bouts.push((a, b, bout));
        Ok(())
    }

    /// The bouts so far: (A's player, B's player, what happened).
    pub fn bouts(&self) -> &[(usize, usize, ChallengeBout)] {
        &self.bouts
    }

    /// The winning side once the other has no players left; `None` while the match goes on
    /// or when both ran out in the same bout (a drawn match).
    pub fn winner(&self) -> Option<Side> {
        let out = [self.next[0] >= self.order[0].len(), self.next[1] >= self.order[1].len()];
        match out {
            [false, true] => Some(Side::A),
            [true, false] => Some(Side::B),
            _ => None,
        }
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.next_bout().is_none()
    }

    /// How many bouts each player won, in order (the streaks of who stayed on).
    pub fn wins(&self, s: Side) -> Vec<u32> {
        let mut w = vec![0; self.order[idx(s)].len()];
        for &(a, b, bout) in &self.bouts {
            if bout == ChallengeBout::Won(s) {
                w[if s == Side::A { a } else { b }] += 1;
            }
        }
        w
    }
}

/// A challenge match as an event: the two teams, their orders, every bout's game (who had
/// Black and the result, as the director enters it) and the withdrawals, kept as its record of
/// [`ChallengeLine`]s ([`ChallengeMatch::replay`]).
///
/// Art. 28.4 (对抗赛: "已赛成绩均有效，未赛部分均作弃权处理"): a player who withdraws keeps the
/// bouts played; each bout they have not played is lost by forfeit when they come up (the
/// player on stage wins it and stays on), and both on stage withdrawn put both out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeMatch {
    name: String,
    teams: [String; 2],
    challenge: Challenge,
    /// Per bout: the game as entered (Black's side, the result), or `None` for a forfeit of
    /// a withdrawn player.
    games: Vec<Option<(Side, GameResult)>>,
    withdrawn: [Vec<bool>; 2],
}

/// One bout of a [`ChallengeMatch`] as people read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoutView<'a> {
    /// The bout's number, from 1.
    pub number: usize,
    /// Team A's player.
    pub a: &'a str,
    /// Team B's player.
    pub b: &'a str,
    /// Black's side, when the game was played (`None`: a forfeit of a withdrawn player).
    pub black: Option<Side>,
    /// The result as entered (`None`: a forfeit of a withdrawn player).
    pub result: Option<GameResult>,
    /// What the bout did.
    pub outcome: ChallengeBout,
}

/// One line of a challenge match's record: tab-separated fields (none may hold a tab or a
/// line break), the first naming the line:
///
/// ```text
/// challenge  NAME  TEAM_A  N  A_1 … A_N  TEAM_B  B_1 … B_M
/// game       BLACK  RESULT        (Black's name, one of the two on stage; an SGF RE value)
/// withdraw   PLAYER
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeLine {
    /// The match is created with both teams' agreed orders.
    Create {
        /// Its name.
        name: String,
        /// The teams' names, A then B.
        teams: [String; 2],
        /// Their orders, A's then B's.
        orders: [Vec<String>; 2],
    },
    /// The next bout's game: who had Black, and the result.
    Game {
        /// Black's name.
        black: String,
        /// The result (an SGF `RE` value or both-lose).
        result: GameResult,
    },
    /// A player withdraws (Art. 28.4).
    Withdraw(String),
}

impl ChallengeLine {
    /// The line as text. Fails when a field holds a tab or a line break.
    pub fn encode(&self) -> Result<String, ChallengeError> {
        let fields: Vec<String> = match self {
            ChallengeLine::Create { name, teams, orders } => {
                let mut v = vec![
                    "challenge".into(),
                    name.clone(),
                    teams[0].clone(),
                    orders[0].len().to_string(),
                ];
                v.extend(orders[0].iter().cloned());
                v.push(teams[1].clone());
                v.extend(orders[1].iter().cloned());
                v
            }
            ChallengeLine::Game { black, result } => vec!["game".into(), black.clone(), result.to_string()],
            ChallengeLine::Withdraw(p) => vec!["withdraw".into(), p.clone()],
        };
        if let Some(f) = fields.iter().find(|f| f.contains(['\t', '\n', '\r'])) {
            return Err(ChallengeError::BadRecord(format!(
                "the field {f:?} holds a tab or a line break"
            )));
        }
        Ok(fields.join("\t"))
    }

    /// Reads a line written by [`ChallengeLine::encode`].
    pub fn decode(line: &str) -> Result<ChallengeLine, ChallengeError> {
        let f: Vec<&str> = line.split('\t').collect();
        let bad = |why: &str| ChallengeError::BadRecord(format!("{line:?}: {why}"));
        match (f[0], f.len()) {
            ("challenge", n) if n >= 6 => {
                let k: usize = f[3].parse().map_err(|_| bad("the size of A's order is not a number"))?;
                if 4 + k + 1 > n {
                    return Err(bad("A's order is cut short"));
                }
                let owned = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
                Ok(ChallengeLine::Create {
                    name: f[1].into(),
                    teams: [f[2].into(), f[4 + k].into()],
                    orders: [owned(&f[4..4 + k]), owned(&f[5 + k..])],
                })
            }
            ("game", 3) => Ok(ChallengeLine::Game {
                black: f[1].into(),
                result: f[2].parse().map_err(|e| bad(&format!("{e}")))?,
            }),
            ("withdraw", 2) => Ok(ChallengeLine::Withdraw(f[1].into())),
            _ => Err(bad("not a line of a challenge match")),
        }
    }
}

impl ChallengeMatch {
    /// A challenge match between team A and team B in their agreed orders (Art. 26.6).
    pub fn new(name: &str, teams: [&str; 2], orders: [&[String]; 2]) -> Result<ChallengeMatch, ChallengeError> {
        if name.trim().is_empty() || teams.iter().any(|t| t.trim().is_empty()) || teams[0] == teams[1] {
            return Err(ChallengeError::BadRecord(
                "a challenge match needs a name and two teams of different names".into(),
            ));
        }
        if orders.iter().flat_map(|o| o.iter()).any(|p| p.trim().is_empty()) {
            return Err(ChallengeError::BadRecord("a player's name is empty".into()));
        }
        let challenge = Challenge::new(orders[0], orders[1])?;
        Ok(ChallengeMatch {
            name: name.to_string(),
            teams: [teams[0].to_string(), teams[1].to_string()],
            withdrawn: [vec![false; orders[0].len()], vec![false; orders[1].len()]],
            challenge,
            games: Vec::new(),
        })
    }

    /// The match as its record replays it; the first line must create it.
    pub fn replay(lines: &[ChallengeLine]) -> Result<ChallengeMatch, ChallengeError> {
        let Some(ChallengeLine::Create { name, teams, orders }) = lines.first() else {
            return Err(ChallengeError::BadRecord(
                "the record does not start with the match".into(),
            ));
        };
        let mut m = ChallengeMatch::new(name, [&teams[0], &teams[1]], [&orders[0], &orders[1]])?;
        for l in &lines[1..] {
            m.apply(l)?;
        }
        Ok(m)
    }

    /// Applies a line (not [`ChallengeLine::Create`]).
    pub fn apply(&mut self, line: &ChallengeLine) -> Result<(), ChallengeError> {
        match line {
            ChallengeLine::Create { .. } => Err(ChallengeError::BadRecord("the match is created only once".into())),
            ChallengeLine::Game { black, result } => self.record_game(black, *result).map(|_| ()),
            ChallengeLine::Withdraw(p) => self.withdraw(p),
        }
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A side's team name.
    pub fn team(&self, s: Side) -> &str {
        &self.teams[idx(s)]
    }

    /// The underlying order of bouts.
    pub fn challenge(&self) -> &Challenge {
        &self.challenge
    }

    /// Whether a side's player (by index in its order) withdrew.
    pub fn withdrawn(&self, s: Side, i: usize) -> bool {
        self.withdrawn[idx(s)][i]
    }

    /// The two players on stage for the next bout (A's, B's); `None` when the match is over.
    pub fn on_stage(&self) -> Option<(&str, &str)> {
        let (a, b) = self.challenge.next_bout()?;
        Some((&self.challenge.order[0][a], &self.challenge.order[1][b]))
    }

    /// The side whose player stays on (the defender, 守擂): the winner of the last bout that
    /// was decided; `None` at the start and after a bout that put both out.
    pub fn defender(&self) -> Option<Side> {
        match self
            .challenge
            .bouts
            .iter()
            .rev()
            .find(|b| b.2 != ChallengeBout::Replay)?
            .2
        {
            ChallengeBout::Won(s) | ChallengeBout::Forfeit(s) => Some(s),
            _ => None,
        }
    }

    /// Every bout so far, in order.
    pub fn bouts(&self) -> Vec<BoutView<'_>> {
        self.challenge
            .bouts
            .iter()
            .zip(&self.games)
            .enumerate()
            .map(|(k, (&(a, b, outcome), game))| BoutView {
                number: k + 1,
                a: &self.challenge.order[0][a],
                b: &self.challenge.order[1][b],
                black: game.map(|g| g.0),
                result: game.map(|g| g.1),
                outcome,
            })
            .collect()
    }

    /// Records the next bout's game: `black` (one of the two on stage) had Black, and the
    /// result is `result`. A win puts the loser out and the winner stays on; a draw or both
    /// losing puts both out; no result (Art. 20) is played again by the same two.
    pub fn record_game(&mut self, black: &str, result: GameResult) -> Result<ChallengeBout, ChallengeError> {
        let (a, b) = self.on_stage().ok_or(ChallengeError::Over)?;
        let black_side = if black == a {
            Side::A
        } else if black == b {
            Side::B
        } else if self.find(black).is_some() {
            return Err(ChallengeError::NotOnStage(black.to_string()));
        } else {
            return Err(ChallengeError::UnknownPlayer(black.to_string()));
        };
        let other = |s: Side| if s == Side::A { Side::B } else { Side::A };
        let bout = match result {
            GameResult::Win { winner, by } => {
                let side = if winner == Color::Black {
                    black_side
                } else {
                    other(black_side)
                };
                if by == WinBy::Forfeit {
                    ChallengeBout::Forfeit(side)
                } else {
                    ChallengeBout::Won(side)
                }
            }
            GameResult::Draw | GameResult::BothLose => ChallengeBout::BothOut,
            GameResult::NoResult => ChallengeBout::Replay,
        };
        self.challenge.record(bout)?;
        self.games.push(Some((black_side, result)));
        self.settle();
        Ok(bout)
    }

    /// A player withdraws (Art. 28.4): the bouts played stand; each bout not played is a
    /// forfeit when the player comes up. Refused for a player already out.
    pub fn withdraw(&mut self, player: &str) -> Result<(), ChallengeError> {
        let (s, i) = self
            .find(player)
            .ok_or_else(|| ChallengeError::UnknownPlayer(player.to_string()))?;
        if i < self.challenge.next[idx(s)] || self.withdrawn[idx(s)][i] {
            return Err(ChallengeError::AlreadyOut(player.to_string()));
        }
        self.withdrawn[idx(s)][i] = true;
        self.settle();
        Ok(())
    }

    /// The side and index of a player.
    fn find(&self, player: &str) -> Option<(Side, usize)> {
        [Side::A, Side::B]
            .into_iter()
            .find_map(|s| self.challenge.order(s).iter().position(|p| p == player).map(|i| (s, i)))
    }

    /// Art. 28.4: while a withdrawn player is on stage, the bout is a forfeit.
    fn settle(&mut self) {
        while let Some((a, b)) = self.challenge.next_bout() {
            let (wa, wb) = (self.withdrawn[0][a], self.withdrawn[1][b]);
            let bout = match (wa, wb) {
                (false, false) => return,
                (true, true) => ChallengeBout::BothOut,
                (true, false) => ChallengeBout::Forfeit(Side::B),
                (false, true) => ChallengeBout::Forfeit(Side::A),
            };
            self.challenge.record(bout).expect("a bout is on stage");
            self.games.push(None);
        }
    }
}
