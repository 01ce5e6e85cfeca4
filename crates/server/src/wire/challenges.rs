//! The body of a challenge match (擂台赛, `http/challenges.rs`), which
//! `weiqi event challenge show --json` prints too.

use serde::Serialize;
use teams::{ChallengeBout, ChallengeMatch, Side};

/// A challenge match: `GET /api/challenges/{id}`' answer.
#[derive(Debug, Serialize)]
pub struct Challenge {
    /// The match's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Team A's, then team B's.
    pub teams: [ChallengeTeam; 2],
    /// The bouts played, in order.
    pub bouts: Vec<Bout>,
    /// The next bout's players (A's, B's), null when the match is over.
    pub on_stage: Option<[String; 2]>,
    /// The player on stage who holds the stage (擂主), null before the first bout or at the end.
    pub defender: Option<String>,
    /// The player on stage who challenges them.
    pub challenger: Option<String>,
    /// Whether the match is over.
    pub over: bool,
    /// The winning team, null until the match is over.
    pub winner: Option<String>,
}

/// A team of a challenge match.
#[derive(Debug, Serialize)]
pub struct ChallengeTeam {
    /// The team.
    pub name: String,
    /// Its players, in their order.
    pub order: Vec<OrderedPlayer>,
    /// Each player's wins, in the same order.
    pub wins: Vec<u32>,
}

/// A player in a team's order.
#[derive(Debug, Serialize)]
pub struct OrderedPlayer {
    /// The player.
    pub name: String,
    /// Whether they withdrew (Art. 28.4).
    pub withdrawn: bool,
}

/// A bout of a challenge match.
#[derive(Debug, Serialize)]
pub struct Bout {
    /// Its number.
    pub bout: usize,
    /// Team A's player.
    pub a: String,
    /// Team B's player.
    pub b: String,
    /// The player with Black, if the colours are known.
    pub black: Option<String>,
    /// The game's result (`B+R`), if any.
    pub result: Option<String>,
    /// `won`, `forfeit`, `both_out` or `replay`.
    pub outcome: &'static str,
    /// The winning side (`a`, `b`), null when neither won.
    pub winner: Option<&'static str>,
}

/// The match `m` as [`Challenge`] says it, `id` being its id.
pub fn challenge_body(id: &str, m: &ChallengeMatch) -> Challenge {
    let c = m.challenge();
    let side = |s: Side| if s == Side::A { "a" } else { "b" };
    let team = |s: Side| ChallengeTeam {
        name: m.team(s).to_string(),
        order: c
            .order(s)
            .iter()
            .enumerate()
            .map(|(i, p)| OrderedPlayer {
                name: p.clone(),
                withdrawn: m.withdrawn(s, i),
            })
            .collect(),
        wins: c.wins(s),
    };
    let bouts = m
        .bouts()
        .iter()
        .map(|b| {
            let (outcome, winner) = match b.outcome {
                ChallengeBout::Won(s) => ("won", Some(side(s))),
                ChallengeBout::Forfeit(s) => ("forfeit", Some(side(s))),
                ChallengeBout::BothOut => ("both_out", None),
                ChallengeBout::Replay => ("replay", None),
            };
            Bout {
                bout: b.number,
                a: b.a.to_string(),
                b: b.b.to_string(),
                black: b.black.map(|s| if s == Side::A { b.a } else { b.b }.to_string()),
                result: b.result.map(|r| r.to_string()),
                outcome,
                winner,
            }
        })
        .collect();
    let (defender, challenger) = match (m.on_stage(), m.defender()) {
        (Some((a, b)), Some(Side::A)) => (Some(a.to_string()), Some(b.to_string())),
        (Some((a, b)), Some(Side::B)) => (Some(b.to_string()), Some(a.to_string())),
        _ => (None, None),
    };
    Challenge {
        id: id.to_string(),
        name: m.name().to_string(),
        teams: [team(Side::A), team(Side::B)],
        bouts,
        on_stage: m.on_stage().map(|(a, b)| [a.to_string(), b.to_string()]),
        defender,
        challenger,
        over: c.is_over(),
        winner: c.winner().map(|s| m.team(s).to_string()),
    }
}
