//! The bodies of the events (`http/events.rs`): an event as every route that changes it
//! answers, the list, the standings, the caller's roles, and an OpenGotha import's answer
//! (`http/transfer.rs`).

use rules::Lang;
use serde::Serialize;
use tournament::{Event, PlayerId, Status, System};

/// Something in Chinese and in English.
#[derive(Debug, Serialize)]
pub struct ZhEn<T> {
    /// The Chinese.
    pub zh: T,
    /// The English.
    pub en: T,
}

/// An event as the API answers it: its settings, players and rounds.
#[derive(Debug, Serialize)]
pub struct EventBody {
    /// The event's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The system, as `POST /api/events` takes it.
    pub system: SystemBody,
    /// The pages name the system in their language by this key.
    pub system_kind: &'static str,
    /// The rounds planned.
    pub planned_rounds: u32,
    /// Art. 12: the time control, as the clock crate writes it (empty for none).
    pub time_control: String,
    /// What the director set that the event page shows.
    pub settings: SettingsBody,
    /// The players, in registration order.
    pub players: Vec<EventPlayer>,
    /// The rounds paired.
    pub rounds: Vec<EventRound>,
}

/// An event by [`event_body`], `id` being its id.
pub fn event_body(id: &str, ev: &Event) -> EventBody {
    let name = |p: PlayerId| ev.player(p).name.clone();
    let round_robin = matches!(ev.system(), System::RoundRobin { .. });
    EventBody {
        id: id.to_string(),
        name: ev.name().to_string(),
        system: system_body(ev.system()),
        system_kind: crate::wire::system_kind(ev.system()),
        planned_rounds: ev.planned_rounds(),
        time_control: ev.settings().time_control.clone().unwrap_or_default(),
        settings: settings_body(ev),
        players: ev
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| EventPlayer {
                name: p.name.clone(),
                rank: p.rank.to_string(),
                club: p.club.clone(),
                region: p.region.clone(),
                rating: p.rating,
                status: crate::wire::status_name(ev.status(PlayerId(i))),
                withdrawn: withdrawal(ev.status(PlayerId(i))),
            })
            .collect(),
        rounds: ev
            .rounds()
            .iter()
            .map(|r| EventRound {
                number: r.number,
                games: r
                    .games
                    .iter()
                    .map(|g| EventGame {
                        board: g.board,
                        black: name(g.black),
                        white: name(g.white),
                        result: g.result.map(|x| x.to_string()),
                    })
                    .collect(),
                byes: r.byes.iter().map(|&p| name(p)).collect(),
                // Art. 26.2, 27.1: a round robin's player without a game rests (轮休), scoring
                // nothing; the pages say so rather than show a bye.
                rests: if round_robin {
                    r.idle.iter().map(|&p| name(p)).collect()
                } else {
                    Vec::new()
                },
            })
            .collect(),
    }
}

/// A system as `POST /api/events` takes it: `{kind, …its settings}`.
#[derive(Debug, Serialize)]
pub struct SystemBody {
    /// The system's key (`crate::wire::system_kind`).
    pub kind: &'static str,
    /// Its settings.
    #[serde(flatten)]
    pub settings: SystemSettings,
}

/// A system's settings, each system's own.
#[derive(Debug, Serialize)]
#[serde(untagged)]
#[allow(missing_docs)]
pub enum SystemSettings {
    RoundRobin {
        cycles: u32,
    },
    Knockout {
        lives: u32,
        best_of: u32,
        grand_final_reset: bool,
    },
    Swiss {},
    SwissElimination {
        losses: u32,
    },
    McMahon {
        bar: String,
        floor: String,
    },
}

/// A system as [`SystemBody`] says it.
pub fn system_body(s: System) -> SystemBody {
    SystemBody {
        kind: crate::wire::system_kind(s),
        settings: match s {
            System::RoundRobin { cycles } => SystemSettings::RoundRobin { cycles },
            System::Knockout {
                lives,
                best_of,
                grand_final_reset,
            } => SystemSettings::Knockout {
                lives,
                best_of,
                grand_final_reset,
            },
            System::Swiss => SystemSettings::Swiss {},
            System::SwissElimination { losses } => SystemSettings::SwissElimination { losses },
            System::McMahon { bar, floor } => SystemSettings::McMahon {
                bar: bar.to_string(),
                floor: floor.to_string(),
            },
        },
    }
}

/// What the director set that the event page shows: the tie-break chain in force (the
/// system's default of Art. 27 when none was set) by key and by name in each language, the
/// McMahon handicap rule, the categories, the bye's value, the lateness limit (Art. 22) and
/// the avoidances.
#[derive(Debug, Serialize)]
pub struct SettingsBody {
    /// The chain by key (`tournament::TieBreak::name`).
    pub tie_breaks: Vec<&'static str>,
    /// The chain as people read it.
    pub tie_break_names: ZhEn<Vec<&'static str>>,
    /// The handicap rule.
    pub handicap: HandicapBody,
    /// The categories.
    pub categories: CategoriesBody,
    /// What a bye scores: `win`, `draw` or `loss`.
    pub bye: &'static str,
    /// Art. 22: the minutes a player may be late.
    pub lateness_limit_minutes: u32,
    /// Whether the pairing avoids club mates.
    pub avoid_same_club: bool,
    /// Whether the pairing avoids region mates.
    pub avoid_same_region: bool,
}

/// A handicap rule (OpenGotha's `HandicapParameterSet`).
#[derive(Debug, Serialize)]
pub struct HandicapBody {
    /// `rank` or `mms`.
    pub basis: &'static str,
    /// The bar, null for none.
    pub bar: Option<String>,
    /// The stones taken off.
    pub correction: u32,
    /// The most stones.
    pub ceiling: u32,
}

/// The categories.
#[derive(Debug, Serialize)]
pub struct CategoriesBody {
    /// The lower limits, strongest first (empty: one category).
    pub limits: Vec<String>,
    /// Whether the pairing stays inside a category.
    pub pair_within: bool,
}

fn settings_body(ev: &Event) -> SettingsBody {
    let s = ev.settings();
    let chain = if s.tie_breaks.is_empty() {
        tournament::TieBreak::default_chain(ev.system())
    } else {
        s.tie_breaks.clone()
    };
    let names = |l: Lang| chain.iter().map(|&t| formats::html::tie_break_name(t, l)).collect();
    let h = s.handicap;
    SettingsBody {
        tie_breaks: chain.iter().map(|t| t.name()).collect(),
        tie_break_names: ZhEn {
            zh: names(Lang::Zh),
            en: names(Lang::En),
        },
        handicap: HandicapBody {
            basis: match h.basis {
                tournament::HandicapBasis::Rank => "rank",
                tournament::HandicapBasis::Mms => "mms",
            },
            bar: h.bar.map(|r| r.to_string()),
            correction: h.correction,
            ceiling: h.ceiling,
        },
        categories: CategoriesBody {
            limits: s.categories.lower_limits.iter().map(|r| r.to_string()).collect(),
            pair_within: s.categories.pair_within,
        },
        bye: match s.bye {
            tournament::ByeValue::Win => "win",
            tournament::ByeValue::Draw => "draw",
            tournament::ByeValue::Loss => "loss",
        },
        lateness_limit_minutes: s.lateness_limit_minutes,
        avoid_same_club: s.avoid_same_club,
        avoid_same_region: s.avoid_same_region,
    }
}

/// A player of an event.
#[derive(Debug, Serialize)]
pub struct EventPlayer {
    /// The player.
    pub name: String,
    /// Their rank (`3d`).
    pub rank: String,
    /// Their club, if any.
    pub club: Option<String>,
    /// Their region, if any.
    pub region: Option<String>,
    /// Their rating, if any.
    pub rating: Option<i32>,
    /// Their standing (`crate::wire::status_name`).
    pub status: &'static str,
    /// Their withdrawal after some rounds, null if none.
    pub withdrawn: Option<Withdrawal>,
}

/// A withdrawal after some rounds (Art. 28).
#[derive(Debug, Serialize)]
pub struct Withdrawal {
    /// The rounds paired when the player withdrew.
    pub after_round: u32,
    /// Whether their results were voided (Art. 28.2).
    pub voided: bool,
}

/// The withdrawal of a player whose status is `s`, if they withdrew after some rounds.
pub fn withdrawal(s: Status) -> Option<Withdrawal> {
    match s {
        Status::Withdrawn { after_round, voided } => Some(Withdrawal { after_round, voided }),
        _ => None,
    }
}

/// A round of an event.
#[derive(Debug, Serialize)]
pub struct EventRound {
    /// Its number.
    pub number: u32,
    /// Its games.
    pub games: Vec<EventGame>,
    /// The players with the bye.
    pub byes: Vec<String>,
    /// A round robin's players who rest (Art. 26.2); empty in the other systems.
    pub rests: Vec<String>,
}

/// A game of an event's round.
#[derive(Debug, Serialize)]
pub struct EventGame {
    /// Its board.
    pub board: u32,
    /// The player with Black.
    pub black: String,
    /// The player with White.
    pub white: String,
    /// The result (`B+R`), null while there is none.
    pub result: Option<String>,
}

/// `POST /api/events/import/opengotha`' answer (201): the event, and what the import noted.
#[derive(Debug, Serialize)]
pub struct Imported {
    /// The event imported.
    #[serde(flatten)]
    pub event: EventBody,
    /// What the file held that the event does not keep.
    pub warnings: Vec<String>,
}

/// One event of `GET /api/events`' list (the list is the body).
#[derive(Debug, Serialize)]
pub struct ListedEvent {
    /// The event's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The rounds planned.
    pub rounds: u32,
    /// The rounds paired.
    pub paired: u32,
    /// The players registered.
    pub players: u32,
}

/// `GET /api/events/{id}/standings`' answer.
#[derive(Debug, Serialize)]
pub struct StandingsBody {
    /// The event.
    pub event: String,
    /// The rounds the standings count.
    pub after_round: u32,
    /// Whose placement: `weiqi` or `opengotha`.
    pub placement: &'static str,
    /// The criteria by key.
    pub chain: Vec<String>,
    /// The criteria as people read them.
    pub chain_names: ZhEn<Vec<String>>,
    /// The rows, first place first.
    pub rows: Vec<StandingRow>,
    /// Whether the event is rated.
    pub rated: bool,
    /// Whether the event has a promotion rule.
    pub promotion_rule: bool,
}

/// A row of the standings.
#[derive(Debug, Serialize)]
pub struct StandingRow {
    /// weiqi's figures of the player.
    #[serde(flatten)]
    pub figures: Figures,
    /// The place; a shared place repeats the number.
    pub place: u32,
    /// OpenGotha's placement: whether the place is shared; absent in weiqi's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shared: Option<bool>,
    /// The criteria's values, in chain order.
    pub values: Vec<String>,
}

/// weiqi's figures of a player in the standings.
#[derive(Debug, Serialize)]
pub struct Figures {
    /// The player.
    pub name: String,
    /// Points (Art. 27).
    pub points: u32,
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
    /// Whether the player withdrew.
    pub withdrawn: bool,
    /// The rating change, null when the player is not rated.
    pub rating: Option<RatingBody>,
    /// The rank the player is promoted to, if any.
    pub promotion: Option<String>,
}

/// A player's rating over the event, in whole points.
#[derive(Debug, Serialize)]
pub struct RatingBody {
    /// Before the event.
    pub before: f64,
    /// After it.
    pub after: f64,
    /// The change, to a tenth.
    pub change: f64,
    /// The Glicko-2 deviation before, if the system has one.
    pub deviation_before: Option<f64>,
    /// The deviation after.
    pub deviation_after: Option<f64>,
}

/// `GET /api/events/{id}/me`' answer: the caller's roles in the event.
#[derive(Debug, Serialize)]
pub struct Me {
    /// The event.
    pub event: String,
    /// The caller's account, null when not signed in.
    pub account: Option<String>,
    /// The caller's roles (`organizer`, `referee`, …).
    pub roles: Vec<&'static str>,
}
