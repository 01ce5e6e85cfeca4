//! OpenGotha's XML tournament files (`Tournament` root; `Players`, `Games`, `ByePlayers`,
//! `TournamentParameterSet`, `TeamTournamentParameterSet`, `Teams`, `ClubsGroups`).
//!
//! Facts from OpenGotha used here: ranks count 30k = 0 … 1k = 29, 1d = 30 … 9d = 38, and
//! 1–3p count as 7d, 4–6p as 8d, 7–9p as 9d; the McMahon start is the rank raised to
//! `genMMFloor`, then lowered to `genMMBar` (a bar below the floor starts everyone at the
//! bar), counted from 30k (OpenGotha drops the file's `genMMZero` as it loads it), plus the
//! player's `smmsCorrection`;
//! scores are kept doubled (`genMMS2ValueAbsent` = 1 is half a point); games name their
//! players by key (family name then first name, upper case, without spaces); results are
//! `RESULT_BLACKWINS`, `RESULT_WHITEWINS`, `RESULT_EQUAL`, `RESULT_BOTHWIN`,
//! `RESULT_BOTHLOSE`, `RESULT_UNKNOWN`, each but the last with a `_BYDEF` form (not played).
//!
//! The placement is OpenGotha's own, rule for rule ([`scoring`]). The file is read as
//! OpenGotha reads it: names as written (trimmed only for display; the keys games use are
//! the name and first name without spaces, upper-cased), ranks clamped to 30k–9d (`99K` is
//! 30k), a game whose keys OpenGotha matches only through its ASCII fallback (a Turkish
//! `İ`) matched the same way, a second game on the same round and table replacing the
//! first, a second bye of a round replacing the first. What OpenGotha loads but is wrong
//! (a player named twice, a game naming no player, a player in two games of a round, a
//! player against himself, an unknown result) is loaded as OpenGotha loads it, with a
//! warning naming it in [`Tournament::warnings`].

use crate::{FormatError, GothaPlace, GothaProblem, XmlProblem};
use quick_xml::events::Event as XmlEvent;
use quick_xml::reader::Reader;
use rules::Color;
use std::collections::HashMap;
use tournament::{ByeValue, Event, GameResult, Player, Rank, Settings, System, TieBreak, WinBy};

pub mod scoring;
pub mod standings;
pub use scoring::{Criterion, MAX_CRITERIA};

/// The first name an export gives a player registered without one: OpenGotha refuses a file
/// with an empty `firstName`, and reading it back it is no first name.
const NO_FIRST_NAME: &str = "-";

/// An XML element kept whole: its name, attributes in file order, and children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    /// The element's name.
    pub name: String,
    /// The attributes, in file order.
    pub attrs: Vec<(String, String)>,
    /// The child elements.
    pub children: Vec<Element>,
}

impl Element {
    fn new(name: &str) -> Element {
        Element {
            name: name.into(),
            attrs: Vec::new(),
            children: Vec::new(),
        }
    }

    /// An attribute's value.
    pub fn attr(&self, k: &str) -> Option<&str> {
        self.attrs.iter().find(|(a, _)| a == k).map(|(_, v)| v.as_str())
    }

    fn set(&mut self, k: &str, v: &str) {
        match self.attrs.iter_mut().find(|(a, _)| a == k) {
            Some(a) => a.1 = v.to_string(),
            None => self.attrs.push((k.to_string(), v.to_string())),
        }
    }

    fn with(mut self, k: &str, v: &str) -> Element {
        self.set(k, v);
        self
    }

    /// The first descendant (or self) of that name, depth first.
    pub fn find(&self, name: &str) -> Option<&Element> {
        if self.name == name {
            return Some(self);
        }
        self.children.iter().find_map(|c| c.find(name))
    }

    fn find_mut(&mut self, name: &str) -> Option<&mut Element> {
        if self.name == name {
            return Some(self);
        }
        self.children.iter_mut().find_map(|c| c.find_mut(name))
    }

    fn write(&self, out: &mut String, depth: usize) {
        let pad = "    ".repeat(depth);
        out.push_str(&format!("{pad}<{}", self.name));
        for (k, v) in &self.attrs {
            out.push_str(&format!(" {k}=\"{}\"", escape(v)));
        }
        if self.children.is_empty() {
            out.push_str("/>\n");
        } else {
            out.push_str(">\n");
            for c in &self.children {
                c.write(out, depth + 1);
            }
            out.push_str(&format!("{pad}</{}>\n", self.name));
        }
    }
}

fn escape(s: &str) -> String {
    quick_xml::escape::escape(s).into_owned()
}

/// An OpenGotha rank: the text as written (`5D`, `10K`, `3P`) and its value (30k = 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GothaRank {
    /// The text.
    pub text: String,
    /// 30k = 0 … 1k = 29, 1d = 30 … 9d = 38; pros 1–3p = 36, 4–6p = 37, 7–9p = 38.
    pub value: i32,
}

impl GothaRank {
    /// Reads `5D`, `10k`, `3p` as OpenGotha does (`Player.convertKDPToInt`): a number alone
    /// or with another letter is kyu, the value is clamped to 30k–9d (`99K` is 30k), 1–3p
    /// count as 7d, 4–6p as 8d, 7p and up as 9d.
    pub fn parse(s: &str) -> Result<GothaRank, FormatError> {
        let t = s.trim();
        let bad = || FormatError::Gotha(GothaProblem::Rank { written: s.to_string() });
        let last = t.chars().last().ok_or_else(bad)?;
        let (digits, letter) = if last.is_ascii_digit() {
            (t, 'K')
        } else {
            (&t[..t.len() - last.len_utf8()], last.to_ascii_uppercase())
        };
        let n: i64 = digits.parse().map_err(|_| bad())?;
        // OpenGotha's scale: 30k = -30, 1k = -1, 1d = 0, 9d = 8.
        let og = match letter {
            'D' => n - 1,
            'P' if n <= 3 => 6,
            'P' if n <= 6 => 7,
            'P' => 8,
            _ => -n,
        }
        .clamp(-30, 8);
        Ok(GothaRank {
            text: t.to_string(),
            value: og as i32 + 30,
        })
    }

    /// The OpenGotha text of a weiqi rank.
    pub fn of(rank: Rank) -> GothaRank {
        let text = match rank {
            Rank::Kyu(n) => format!("{n}K"),
            Rank::Dan(n) => format!("{n}D"),
            Rank::Pro(n) => format!("{n}P"),
        };
        GothaRank::parse(&text).expect("a weiqi rank is an OpenGotha rank")
    }

    /// The weiqi rank (8d and 9d, which weiqi's amateur scale lacks, become 7d).
    pub fn to_rank(&self) -> Rank {
        let t = self.text.to_ascii_uppercase();
        if t.ends_with('P') {
            let n: u8 = t[..t.len() - 1].parse().unwrap_or(1);
            return Rank::pro(n).unwrap_or(Rank::Pro(1));
        }
        match self.value {
            v if v < 30 => Rank::Kyu((30 - v) as u8),
            v => Rank::Dan(((v - 29) as u8).min(7)),
        }
    }
}

/// A player of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GothaPlayer {
    /// Family name (`name`).
    pub name: String,
    /// Given name (`firstName`).
    pub first_name: String,
    /// The rank.
    pub rank: GothaRank,
    /// The rating.
    pub rating: i32,
    /// The club.
    pub club: String,
    /// The country.
    pub country: String,
    /// The rounds the player takes part in (`participating`, one `1`/`0` per round).
    pub participating: String,
    /// The McMahon start correction (`smmsCorrection`).
    pub smms_correction: i32,
    /// Every other attribute (egfPin, ffgLicence, agaId, grade, registeringStatus, …), kept.
    pub other: Vec<(String, String)>,
}

impl GothaPlayer {
    /// The key games use for the player (`Player.computeKeyString`): family name then first
    /// name as written, spaces removed, upper case.
    pub fn key(&self) -> String {
        key_of(&format!("{}{}", self.name, self.first_name))
    }

    /// OpenGotha's older key (`getPlayerByObsoleteCanonicalName`): upper case, spaces removed,
    /// Latin-9 accents dropped, then everything but A–Z removed.
    fn canonical(&self) -> String {
        let up = format!("{}{}", self.name.to_uppercase(), self.first_name.to_uppercase());
        up.chars()
            .filter(|&c| c != ' ')
            .map(|c| match c {
                'À'..='Å' => 'A',
                'Ç' => 'C',
                'È'..='Ë' => 'E',
                'Ì'..='Ï' => 'I',
                'Ñ' => 'N',
                'Ò'..='Ö' | 'Ø' => 'O',
                'Ù'..='Ü' => 'U',
                'Ý' => 'Y',
                c => c,
            })
            .filter(|c| c.is_ascii_uppercase())
            .collect()
    }

    /// The player's name in weiqi: family name, a space, first name (just the family name
    /// when there is no first name, or only the placeholder an export writes for none).
    pub fn full_name(&self) -> String {
        let (name, first) = (self.name.trim(), self.first_name.trim());
        if first.is_empty() || first == NO_FIRST_NAME {
            name.to_string()
        } else {
            format!("{name} {first}")
        }
    }

    fn other(&self, k: &str) -> Option<&str> {
        self.other.iter().find(|(a, _)| a == k).map(|(_, v)| v.as_str())
    }

    /// The EGF pin, if any.
    pub fn egf_pin(&self) -> Option<&str> {
        self.other("egfPin").filter(|p| !p.is_empty())
    }
}

/// A game's result code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GothaResult {
    /// `RESULT_UNKNOWN`.
    Unknown,
    /// `RESULT_BLACKWINS`.
    BlackWins,
    /// `RESULT_WHITEWINS`.
    WhiteWins,
    /// `RESULT_EQUAL`.
    Equal,
    /// `RESULT_BOTHWIN`.
    BothWin,
    /// `RESULT_BOTHLOSE`.
    BothLose,
}

/// A game of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GothaGame {
    /// The round, from 1.
    pub round: u32,
    /// The table, from 1.
    pub table: u32,
    /// Black, by index in the players.
    pub black: usize,
    /// White, by index in the players.
    pub white: usize,
    /// The handicap.
    pub handicap: u32,
    /// The result.
    pub result: GothaResult,
    /// Won by default (`_BYDEF`): not played.
    pub by_default: bool,
    /// Whether the colors are known (`knownColor`).
    pub known_color: bool,
}

impl GothaGame {
    /// Doubled points of (black, white): win 2, draw 1, loss 0; both-win 2 each.
    pub fn points2(&self) -> Option<(i64, i64)> {
        match self.result {
            GothaResult::Unknown => None,
            GothaResult::BlackWins => Some((2, 0)),
            GothaResult::WhiteWins => Some((0, 2)),
            GothaResult::Equal => Some((1, 1)),
            GothaResult::BothWin => Some((2, 2)),
            GothaResult::BothLose => Some((0, 0)),
        }
    }

    /// The code written in the file.
    pub fn code(&self) -> String {
        let base = match self.result {
            GothaResult::Unknown => return "RESULT_UNKNOWN".into(),
            GothaResult::BlackWins => "RESULT_BLACKWINS",
            GothaResult::WhiteWins => "RESULT_WHITEWINS",
            GothaResult::Equal => "RESULT_EQUAL",
            GothaResult::BothWin => "RESULT_BOTHWIN",
            GothaResult::BothLose => "RESULT_BOTHLOSE",
        };
        if self.by_default {
            format!("{base}_BYDEF")
        } else {
            base.into()
        }
    }

    /// The weiqi result: a by-default win is a forfeit; both-win has no weiqi equivalent and
    /// is kept as no result (the file keeps the code).
    pub fn to_result(&self) -> Option<GameResult> {
        let win = |winner| GameResult::Win {
            winner,
            by: if self.by_default {
                WinBy::Forfeit
            } else {
                WinBy::Unstated
            },
        };
        match self.result {
            GothaResult::Unknown => None,
            GothaResult::BlackWins => Some(win(Color::Black)),
            GothaResult::WhiteWins => Some(win(Color::White)),
            GothaResult::Equal => Some(GameResult::Draw),
            GothaResult::BothWin => Some(GameResult::NoResult),
            GothaResult::BothLose => Some(GameResult::BothLose),
        }
    }

    fn from_result(r: Option<GameResult>) -> (GothaResult, bool) {
        match r {
            None | Some(GameResult::NoResult) => (GothaResult::Unknown, false),
            Some(GameResult::Win { winner, by }) => (
                if winner == Color::Black {
                    GothaResult::BlackWins
                } else {
                    GothaResult::WhiteWins
                },
                by == WinBy::Forfeit,
            ),
            Some(GameResult::Draw) => (GothaResult::Equal, false),
            Some(GameResult::BothLose) => (GothaResult::BothLose, false),
        }
    }
}

fn parse_result(code: &str) -> Result<(GothaResult, bool), FormatError> {
    let (base, by_default) = match code.strip_suffix("_BYDEF") {
        Some(b) => (b, true),
        None => (code, false),
    };
    let r = match base {
        "RESULT_UNKNOWN" if !by_default => GothaResult::Unknown,
        "RESULT_BLACKWINS" => GothaResult::BlackWins,
        "RESULT_WHITEWINS" => GothaResult::WhiteWins,
        "RESULT_EQUAL" => GothaResult::Equal,
        "RESULT_BOTHWIN" => GothaResult::BothWin,
        "RESULT_BOTHLOSE" => GothaResult::BothLose,
        _ => {
            return Err(FormatError::Gotha(GothaProblem::Result { code: code.to_string() }));
        }
    };
    Ok((r, by_default))
}

/// An OpenGotha tournament as the file has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// The root element's attributes (`dataVersion`, `runningMode`, `fullVersionNumber`, …).
    pub root_attrs: Vec<(String, String)>,
    /// The players, in file order.
    pub players: Vec<GothaPlayer>,
    /// The games, in file order.
    pub games: Vec<GothaGame>,
    /// The byes: (round, player index).
    pub byes: Vec<(u32, usize)>,
    /// Every other top-level element (the parameter sets, teams, clubs groups), kept whole.
    pub others: Vec<Element>,
    /// What is wrong in the file but loaded as OpenGotha loads it (not written back).
    pub warnings: Vec<String>,
}

/// Reads an OpenGotha XML file.
pub fn parse(xml: &str) -> Result<Tournament, FormatError> {
    crate::limits::check_file("the OpenGotha file", xml.len())?;
    let root = parse_tree(xml)?;
    if root.name != "Tournament" {
        return Err(FormatError::Gotha(GothaProblem::Root {
            name: root.name.to_string(),
        }));
    }
    let data_version: i64 = root
        .attr("dataVersion")
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(200);
    let mut t = Tournament {
        root_attrs: root.attrs.clone(),
        players: Vec::new(),
        games: Vec::new(),
        byes: Vec::new(),
        others: Vec::new(),
        warnings: Vec::new(),
    };
    let mut keys: HashMap<String, usize> = HashMap::new();
    let mut canon: Vec<String> = Vec::new();
    // OpenGotha's lookup of a game's or bye's player (`importGamesFromXMLFile`): by key (by
    // the older canonical name before data version 201), then by the ASCII form of the key
    // against the canonical names — which is how keys upper-cased in a Turkish locale (`İ`)
    // find their players.
    let find = |key: &str, keys: &HashMap<String, usize>, canon: &[String]| -> Option<usize> {
        let direct = if data_version <= 200 {
            canon.iter().position(|c| c == key)
        } else {
            keys.get(&key_of(key)).copied()
        };
        direct.or_else(|| {
            let a = ascii_key(key);
            canon.iter().position(|c| *c == a)
        })
    };
    let mut at_table: HashMap<(u32, u32), usize> = HashMap::new();
    for section in &root.children {
        match section.name.as_str() {
            "Players" => {
                for (i, p) in section.children.iter().filter(|c| c.name == "Player").enumerate() {
                    let num = |k: &str, d: i32| -> Result<i32, FormatError> {
                        match p.attr(k) {
                            None => Ok(d),
                            Some(v) => v
                                .trim()
                                .parse()
                                .map_err(|_| not_a_number(GothaPlace::Player(i + 1), k, v)),
                        }
                    };
                    let known = [
                        "name",
                        "firstName",
                        "rank",
                        "rating",
                        "club",
                        "country",
                        "participating",
                        "smmsCorrection",
                    ];
                    // OpenGotha: ratings of files before data version 201 count from -2050,
                    // and every rating is clamped to -900..2949.
                    let mut rating = num("rating", -900)?;
                    if data_version < 201 {
                        rating = rating.saturating_add(2050);
                    }
                    let gp = GothaPlayer {
                        name: p.attr("name").unwrap_or("").to_string(),
                        first_name: p.attr("firstName").unwrap_or("").to_string(),
                        rank: GothaRank::parse(p.attr("rank").unwrap_or("30K"))?,
                        rating: rating.clamp(-900, 2949),
                        club: p.attr("club").unwrap_or("").to_string(),
                        country: p.attr("country").unwrap_or("").to_string(),
                        participating: p.attr("participating").unwrap_or("").to_string(),
                        smms_correction: num("smmsCorrection", 0)?,
                        other: p
                            .attrs
                            .iter()
                            .filter(|(k, _)| !known.contains(&k.as_str()))
                            .cloned()
                            .collect(),
                    };
                    if gp.name.trim().is_empty() {
                        return Err(FormatError::Gotha(GothaProblem::NoName { player: i + 1 }));
                    }
                    if keys.contains_key(&gp.key()) {
                        // OpenGotha refuses a homonym and goes on.
                        t.warnings.push(format!(
                            "player {} ({}) has the key {:?} of an earlier player: left out, as OpenGotha does",
                            i + 1,
                            gp.full_name(),
                            gp.key()
                        ));
                        continue;
                    }
                    keys.insert(gp.key(), t.players.len());
                    canon.push(gp.canonical());
                    t.players.push(gp);
                }
            }
            "Games" => {
                for g in section.children.iter().filter(|c| c.name == "Game") {
                    let num = |k: &str, d: u32| -> Result<u32, FormatError> {
                        match g.attr(k) {
                            None => Ok(d),
                            Some(v) => v.trim().parse().map_err(|_| not_a_number(GothaPlace::Game, k, v)),
                        }
                    };
                    let round = num("roundNumber", 1)?;
                    let table = num("tableNumber", 1)?;
                    if round == 0 || round > MAX_ROUNDS || table == 0 {
                        return Err(FormatError::Gotha(GothaProblem::GamePlace {
                            round: round.into(),
                            table: table.into(),
                        }));
                    }
                    let (bk, wk) = (g.attr("blackPlayer").unwrap_or(""), g.attr("whitePlayer").unwrap_or(""));
                    let (Some(black), Some(white)) = (find(bk, &keys, &canon), find(wk, &keys, &canon)) else {
                        t.warnings.push(format!(
                            "round {round} table {table}: {bk:?} or {wk:?} is not a player: the game is left out, as OpenGotha does"
                        ));
                        continue;
                    };
                    let code = g.attr("result").unwrap_or("RESULT_UNKNOWN");
                    let (result, by_default) = parse_result(code).unwrap_or_else(|_| {
                        t.warnings.push(format!(
                            "round {round} table {table}: unknown result {code:?} read as RESULT_UNKNOWN, as OpenGotha does"
                        ));
                        (GothaResult::Unknown, false)
                    });
                    let known_color = g.attr("knownColor").or(g.attr("strKnownColor")).unwrap_or("true") != "false";
                    let game = GothaGame {
                        round,
                        table,
                        black,
                        white,
                        handicap: num("handicap", 0)?,
                        result,
                        by_default,
                        known_color,
                    };
                    if black == white {
                        t.warnings.push(format!(
                            "round {round} table {table}: {} plays against himself (loaded, as OpenGotha does)",
                            t.players[black].full_name()
                        ));
                    }
                    match at_table.get(&(round, table)) {
                        Some(&k) => {
                            t.warnings.push(format!(
                                "round {round} table {table} holds two games: the later replaces the earlier, as in OpenGotha"
                            ));
                            t.games[k] = game;
                        }
                        None => {
                            at_table.insert((round, table), t.games.len());
                            t.games.push(game);
                        }
                    }
                }
            }
            "ByePlayers" => {
                for b in section.children.iter().filter(|c| c.name == "ByePlayer") {
                    let key = b.attr("player").unwrap_or("");
                    let round: u32 = b.attr("roundNumber").unwrap_or("1").trim().parse().map_err(|_| {
                        FormatError::Gotha(GothaProblem::ByeRound {
                            key: key.to_string(),
                            round: None,
                        })
                    })?;
                    if round == 0 || round > MAX_ROUNDS {
                        return Err(FormatError::Gotha(GothaProblem::ByeRound {
                            key: key.to_string(),
                            round: Some(round.into()),
                        }));
                    }
                    let Some(p) = find(key, &keys, &canon) else {
                        t.warnings.push(format!(
                            "bye of round {round}: {key:?} is not a player: left out, as OpenGotha does"
                        ));
                        continue;
                    };
                    if let Some(k) = t.byes.iter().position(|b| b.0 == round) {
                        t.warnings.push(format!(
                            "round {round} has two byes: the later replaces the earlier, as in OpenGotha"
                        ));
                        t.byes.remove(k);
                    }
                    t.byes.push((round, p));
                }
            }
            _ => t.others.push(section.clone()),
        }
    }
    let mut seen: HashMap<(u32, usize), u32> = HashMap::new();
    for g in &t.games {
        for p in [g.black, g.white] {
            if let Some(other) = seen.insert((g.round, p), g.table)
                && !(g.black == g.white && other == g.table)
            {
                t.warnings.push(format!(
                    "round {}: {} is in the games of tables {other} and {} (loaded, as OpenGotha does)",
                    g.round,
                    t.players[p].full_name(),
                    g.table
                ));
            }
        }
    }
    for &(round, p) in &t.byes {
        if let Some(g) = t
            .games
            .iter()
            .find(|g| g.round == round && (g.black == p || g.white == p))
        {
            t.warnings.push(format!(
                "round {round}: {} has the bye and the game of table {} (loaded, as OpenGotha does; the weiqi event keeps the game)",
                t.players[p].full_name(),
                g.table
            ));
        }
    }
    if let Some(n) = t.general("numberOfRounds").and_then(|n| n.trim().parse::<u32>().ok())
        && t.last_round() > n
    {
        t.warnings.push(format!(
            "a game or bye of round {} is beyond the {n} rounds of the file: {} rounds (loaded, as OpenGotha does)",
            t.last_round(),
            t.last_round()
        ));
    }
    if let (Some(bar), Some(floor)) = (
        t.general("genMMBar").and_then(|r| GothaRank::parse(r).ok()),
        t.general("genMMFloor").and_then(|r| GothaRank::parse(r).ok()),
    ) && bar.value < floor.value
    {
        t.warnings.push(format!(
            "the McMahon bar {} is below the floor {}: every player starts at the bar (loaded, as OpenGotha does)",
            bar.text, floor.text
        ));
    }
    Ok(t)
}

/// `Player.computeKeyString`: spaces removed, upper case.
fn key_of(s: &str) -> String {
    s.replace(' ', "").to_uppercase()
}

/// `Gotha.forceToASCII`, then upper case: Latin-9 and Turkish letters to their ASCII base,
/// anything else beyond ASCII to `?` (which no canonical name holds).
fn ascii_key(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'À'..='Å' => 'A',
            'Ç' => 'C',
            'È'..='Ë' => 'E',
            'Ì'..='Ï' | 'İ' => 'I',
            'Ñ' => 'N',
            'Ò'..='Ö' | 'Ø' => 'O',
            'Ù'..='Ü' => 'U',
            'Ý' => 'Y',
            'à'..='å' => 'a',
            'ç' => 'c',
            'è'..='ë' => 'e',
            'ì'..='ï' | 'ı' => 'i',
            'ñ' => 'n',
            'ò'..='ö' | 'ø' => 'o',
            'ù'..='ü' => 'u',
            'ý' => 'y',
            'ğ' => 'g',
            'ş' => 's',
            'Ğ' => 'G',
            'Ş' => 'S',
            c if c.is_ascii() => c,
            _ => '?',
        })
        .collect::<String>()
        .to_ascii_uppercase()
}

/// Deepest element nesting accepted: OpenGotha files nest four levels; the tree is walked
/// recursively, so a file nested without bound must be refused, not followed.
const MAX_DEPTH: usize = 64;

/// Highest round number accepted in a file, an event's ([`tournament::limits::MAX_ROUNDS`]):
/// per-round tables are sized by it.
/// An attribute at `place` that must be a number and is not.
fn not_a_number(place: GothaPlace, attribute: &str, value: &str) -> FormatError {
    FormatError::Gotha(GothaProblem::NotANumber {
        place,
        attribute: attribute.to_string(),
        value: value.to_string(),
    })
}

const MAX_ROUNDS: u32 = tournament::limits::MAX_ROUNDS;

fn parse_tree(xml: &str) -> Result<Element, FormatError> {
    let mut reader = Reader::from_str(xml);
    let mut stack: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    let xml_err = |byte: u64, detail: String| FormatError::Xml(XmlProblem::At { byte, detail });
    loop {
        let ev = reader
            .read_event()
            .map_err(|e| xml_err(reader.buffer_position(), e.to_string()))?;
        let (s, empty) = match ev {
            XmlEvent::Start(s) => (s, false),
            XmlEvent::Empty(s) => (s, true),
            XmlEvent::End(_) => {
                close(&mut stack, &mut root);
                continue;
            }
            XmlEvent::Eof => break,
            _ => continue,
        };
        if root.is_some() {
            return Err(FormatError::Xml(XmlProblem::SecondRoot {
                byte: reader.buffer_position(),
            }));
        }
        let mut el = Element::new(s.name().as_ref());
        for a in s.attributes() {
            let a = a.map_err(|e| xml_err(reader.buffer_position(), e.to_string()))?;
            // Before it is unescaped or copied: a 50 MB attribute is refused, not kept.
            crate::limits::check_field(
                &format!(
                    "attribute {} of <{}> (before byte {})",
                    a.key.as_ref(),
                    el.name,
                    reader.buffer_position()
                ),
                a.value.len(),
            )?;
            // Unescaped only, not normalised: a newline in a value stays a newline, as it
            // always has (quick-xml's `normalized_value` would turn it into a space).
            let v =
                quick_xml::escape::unescape(&a.value).map_err(|e| xml_err(reader.buffer_position(), e.to_string()))?;
            el.attrs.push((a.key.as_ref().to_string(), v.into_owned()));
        }
        if stack.len() >= MAX_DEPTH {
            return Err(FormatError::Xml(XmlProblem::TooDeep {
                byte: reader.buffer_position(),
                max: MAX_DEPTH,
            }));
        }
        stack.push(el);
        if empty {
            close(&mut stack, &mut root);
        }
    }
    if let Some(open) = stack.last() {
        return Err(FormatError::Xml(XmlProblem::NotClosed {
            name: open.name.clone(),
        }));
    }
    root.ok_or(FormatError::Xml(XmlProblem::NoRoot))
}

fn close(stack: &mut Vec<Element>, root: &mut Option<Element>) {
    if let Some(el) = stack.pop() {
        match stack.last_mut() {
            Some(parent) => parent.children.push(el),
            None => *root = Some(el),
        }
    }
}

/// Writes the tournament as an OpenGotha XML file.
pub fn write(t: &Tournament) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    let mut root = Element::new("Tournament");
    root.attrs = t.root_attrs.clone();
    let mut players = Element::new("Players");
    for p in &t.players {
        let mut e = Element::new("Player")
            .with("name", &p.name)
            .with("firstName", &p.first_name)
            .with("rank", &p.rank.text)
            .with("rating", &p.rating.to_string())
            .with("club", &p.club)
            .with("country", &p.country)
            .with("participating", &p.participating)
            .with("smmsCorrection", &p.smms_correction.to_string());
        e.attrs.extend(p.other.iter().cloned());
        players.children.push(e);
    }
    let mut games = Element::new("Games");
    for g in &t.games {
        games.children.push(
            Element::new("Game")
                .with("roundNumber", &g.round.to_string())
                .with("tableNumber", &g.table.to_string())
                .with("blackPlayer", &t.players[g.black].key())
                .with("whitePlayer", &t.players[g.white].key())
                .with("handicap", &g.handicap.to_string())
                .with("knownColor", if g.known_color { "true" } else { "false" })
                .with("result", &g.code()),
        );
    }
    let mut byes = Element::new("ByePlayers");
    for &(r, p) in &t.byes {
        byes.children.push(
            Element::new("ByePlayer")
                .with("player", &t.players[p].key())
                .with("roundNumber", &r.to_string()),
        );
    }
    root.children.push(players);
    root.children.push(games);
    root.children.push(byes);
    root.children.extend(t.others.iter().cloned());
    root.write(&mut out, 0);
    out
}

impl Tournament {
    /// An attribute of `GeneralParameterSet`.
    pub fn general(&self, k: &str) -> Option<&str> {
        self.others
            .iter()
            .find_map(|e| e.find("GeneralParameterSet"))
            .and_then(|g| g.attr(k))
    }

    /// The file's handicap rule (`HandicapParameterSet`: `hdBasedOnMMS`, `hdNoHdRankThreshold`,
    /// `hdCorrection`, `hdCeiling`), as the pairing of the rounds still to come proposes it;
    /// the defaults of a McMahon event where the file has none. A ceiling past nine is nine
    /// (Art. 11's placements go to nine; OpenGotha proposes no more either).
    fn handicap_rule(&self) -> Result<tournament::HandicapRule, FormatError> {
        let Some(h) = self.others.iter().find_map(|e| e.find("HandicapParameterSet")) else {
            return Ok(tournament::HandicapRule::default());
        };
        let num = |k: &str, default: u32| -> Result<u32, FormatError> {
            match h.attr(k).map(str::trim) {
                None => Ok(default),
                Some(v) => v
                    .parse::<i64>()
                    .map(|n| n.clamp(0, 9) as u32)
                    .map_err(|_| not_a_number(GothaPlace::Set("HandicapParameterSet"), k, v)),
            }
        };
        Ok(tournament::HandicapRule {
            basis: match h.attr("hdBasedOnMMS").map(str::trim) {
                Some("false") => tournament::HandicapBasis::Rank,
                _ => tournament::HandicapBasis::Mms,
            },
            // 9D, the top of OpenGotha's scale, bars nobody: no bar.
            bar: match h.attr("hdNoHdRankThreshold").map(GothaRank::parse).transpose()? {
                Some(r) if r.value < 38 => Some(clamp_rank(&r)),
                _ => None,
            },
            correction: num("hdCorrection", 0)?,
            ceiling: num("hdCeiling", 9)?,
        })
    }

    /// The file's categories as a weiqi event keeps them: OpenGotha's `numberOfCategories`
    /// and `Category lowerLimit`s (read as its placement reads them), and whether its pairing
    /// keeps them apart (`paiMaAvoidMixingCategories` above 0; OpenGotha's default where the
    /// file says nothing). A limit not below the one before (8d and 9d are 7d here; OpenGotha
    /// lets a director repeat a limit) only bounds an empty category and is left out.
    pub fn categories(&self) -> Result<tournament::Categories, FormatError> {
        let (_, limits) = self.category_limits()?;
        let mut lower_limits: Vec<Rank> = Vec::new();
        for &l in &limits {
            let rank = rank_of_value(l + 30);
            if lower_limits.last().is_none_or(|&before| rank < before) {
                lower_limits.push(rank);
            }
        }
        let pair_within = match self
            .others
            .iter()
            .find_map(|e| e.find("PairingParameterSet"))
            .and_then(|p| p.attr(AVOID_MIXING_CATEGORIES))
        {
            None => true,
            Some(v) => {
                v.trim()
                    .parse::<f64>()
                    .map_err(|_| not_a_number(GothaPlace::Set("PairingParameterSet"), AVOID_MIXING_CATEGORIES, v))?
                    > 0.0
            }
        };
        Ok(tournament::Categories {
            lower_limits,
            pair_within,
        })
    }

    /// Writes the event's categories into the file where they differ from what the file
    /// says (so a file imported and exported unchanged is the same file): the number, the
    /// `Categories` of `GeneralParameterSet`, and the pairing's weight for keeping them apart.
    fn set_categories(&mut self, c: &tournament::Categories) {
        let Ok(now) = self.categories() else { return };
        let tps = match self.others.iter().position(|e| e.find("GeneralParameterSet").is_some()) {
            Some(k) => k,
            None => {
                self.others.push(Element::new("TournamentParameterSet"));
                self.others.len() - 1
            }
        };
        let root = &mut self.others[tps];
        if now.lower_limits != c.lower_limits {
            if root.find("GeneralParameterSet").is_none() {
                root.children.push(Element::new("GeneralParameterSet"));
            }
            let gps = root.find_mut("GeneralParameterSet").expect("just made");
            gps.set("numberOfCategories", &c.count().to_string());
            gps.children.retain(|e| e.name != "Categories");
            if c.count() > 1 {
                let mut cats = Element::new("Categories");
                for (k, r) in c.lower_limits.iter().enumerate() {
                    cats.children.push(
                        Element::new("Category")
                            .with("lowerLimit", &GothaRank::of(*r).text)
                            .with("number", &(k + 1).to_string()),
                    );
                }
                gps.children.push(cats);
            }
        }
        if now.pair_within != c.pair_within {
            if root.find("PairingParameterSet").is_none() {
                root.children.push(Element::new("PairingParameterSet"));
            }
            let pps = root.find_mut("PairingParameterSet").expect("just made");
            // OpenGotha's weight in its Swiss with categories, and its McMahon's 0.
            pps.set(
                AVOID_MIXING_CATEGORIES,
                if c.pair_within { "20000000000000" } else { "0" },
            );
        }
    }

    fn general_int(&self, k: &str, default: i64) -> Result<i64, FormatError> {
        match self.general(k) {
            None => Ok(default),
            Some(v) => v
                .trim()
                .parse()
                .map_err(|_| not_a_number(GothaPlace::Set("GeneralParameterSet"), k, v)),
        }
    }

    /// The placement criteria in order, as OpenGotha names them (`NULL` left out; a name
    /// OpenGotha does not know is an error).
    pub fn placement_criteria(&self) -> Result<Vec<String>, FormatError> {
        Ok(self
            .criteria()?
            .iter()
            .filter(|&&c| c != Criterion::Null)
            .map(|c| c.name().to_string())
            .collect())
    }

    /// The tournament's name.
    pub fn name(&self) -> String {
        self.general("name").unwrap_or("OpenGotha tournament").to_string()
    }

    /// The number of rounds (`numberOfRounds`; 0 when the file gives none): a number that
    /// is not one, negative or beyond [`MAX_ROUNDS`] is an error, never clamped.
    pub fn n_rounds(&self) -> Result<u32, FormatError> {
        let n = self.general_int("numberOfRounds", 0)?;
        u32::try_from(n)
            .ok()
            .filter(|&n| n <= MAX_ROUNDS)
            .ok_or(FormatError::Gotha(GothaProblem::Rounds { n }))
    }

    /// The last round with a game or a bye.
    pub fn last_round(&self) -> u32 {
        let g = self.games.iter().map(|g| g.round).max().unwrap_or(0);
        let b = self.byes.iter().map(|b| b.0).max().unwrap_or(0);
        g.max(b)
    }
}

fn collect<'a>(e: &'a Element, name: &str, f: &mut dyn FnMut(&'a Element)) {
    if e.name == name {
        f(e);
    }
    for c in &e.children {
        collect(c, name, f);
    }
}

/// One player's line of OpenGotha's placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The player (index in the file).
    pub player: usize,
    /// The number in the placement, from 1, unique (ties in file order).
    pub num: u32,
    /// The place; ties on every criterion share it.
    pub place: u32,
    /// Each criterion's value, doubled (half points are odd).
    pub values: Vec<i64>,
}

impl Tournament {
    /// OpenGotha's placement after `rounds` rounds under the file's criteria, as OpenGotha
    /// computes it ([`scoring`]): the names of the criteria (`NULL` left out) and the rows,
    /// best first, each value as OpenGotha keeps it ([`value_text`] writes it).
    pub fn placement(&self, rounds: u32) -> Result<(Vec<String>, Vec<Placed>), FormatError> {
        let field = self.field()?;
        let crit = field.params.criteria;
        let shown: Vec<usize> = (0..crit.len()).filter(|&k| crit[k] != Criterion::Null).collect();
        let criteria: Vec<String> = shown.iter().map(|&k| crit[k].name().to_string()).collect();
        let placed = field.placement(rounds)?;
        let mut rows: Vec<Placed> = placed
            .iter()
            .enumerate()
            .map(|(i, r)| Placed {
                player: r.player,
                num: i as u32 + 1,
                place: 0,
                values: shown.iter().map(|&k| r.values[k]).collect(),
            })
            .collect();
        for i in 0..rows.len() {
            rows[i].place = if i > 0 && placed[i].values == placed[i - 1].values {
                rows[i - 1].place
            } else {
                i as u32 + 1
            };
        }
        Ok((criteria, rows))
    }
}

/// A criterion's value as OpenGotha shows it: scores to the half point (`12.5`), SODOS to
/// the quarter (`20.25`), ranks, ratings and DC as they are, CAT from 1.
pub fn value_text(criterion: &str, v: i64) -> String {
    let coef = Criterion::from_name(criterion).map(Criterion::coef).unwrap_or(1);
    if coef == -1 {
        return (1 - v).to_string();
    }
    if coef <= 1 {
        return v.to_string();
    }
    let (int, frac) = (v / coef, (v % coef).abs());
    let sign = if v < 0 && int == 0 { "-" } else { "" };
    match frac * 4 / coef {
        0 => format!("{sign}{int}"),
        1 => format!("{sign}{int}.25"),
        2 => format!("{sign}{int}.5"),
        _ => format!("{sign}{int}.75"),
    }
}

/// A criterion's value as a number (CAT from 1).
pub fn value_number(criterion: &str, v: i64) -> f64 {
    let coef = Criterion::from_name(criterion).map(Criterion::coef).unwrap_or(1);
    if coef == -1 {
        (1 - v) as f64
    } else {
        v as f64 / coef as f64
    }
}

/// A value kept doubled, as text: `12`, `12.5`, `-1.5`.
pub fn halves(v: i64) -> String {
    if v % 2 == 0 {
        format!("{}", v / 2)
    } else {
        format!("{}{}.5", if v < 0 { "-" } else { "" }, (v / 2).abs())
    }
}

/// What weiqi makes of an OpenGotha tournament: the event's system, rounds and settings, its
/// players, and each round's games (black, white, result; in table order) and byes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The event's name.
    pub name: String,
    /// McMahon when the first criterion is MMS, else Swiss.
    pub system: System,
    /// The number of rounds.
    pub n_rounds: u32,
    /// The settings (bye value, tie-breaks from the placement criteria).
    pub settings: Settings,
    /// The players, in file order.
    pub players: Vec<Player>,
    /// Each round: the games as (black, white, result) in table order, and the byes.
    pub rounds: Vec<PlanRound>,
    /// Who does not take part in a round the file has not paired yet (`participating`), as
    /// (player, round), and who is only pre-registered (`registeringStatus="PRE"`) as
    /// (player, `None`): what the pairing of the rounds to come honours.
    pub absences: Vec<(String, Option<u32>)>,
}

/// One round of a [`Plan`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanRound {
    /// (black, white, result) by name, in table order.
    pub games: Vec<(String, String, Option<GameResult>)>,
    /// Byes by name.
    pub byes: Vec<String>,
}

/// The element holding what weiqi keeps and OpenGotha has no field for (OpenGotha ignores
/// it; its children have names of their own, because OpenGotha reads every `Player` and
/// `Game` element of the file wherever it is): `WeiqiPlayer` (`key`, and the weiqi `name`,
/// `region`, `rating="none"` where they differ), `WeiqiWithdrawal` (`key`, `afterRound`,
/// `voided`), `WeiqiGame` (`at="round.table"`, the `result` with its detail, the `warnings`
/// of Black and White).
pub const WEIQI: &str = "Weiqi";

impl Tournament {
    /// The weiqi names of the players (from [`WEIQI`] where kept, else OpenGotha's).
    fn plan_players(&self) -> Vec<String> {
        let ext = self.others.iter().find(|e| e.name == WEIQI);
        self.players
            .iter()
            .map(|p| {
                ext.and_then(|e| {
                    e.children
                        .iter()
                        .find(|c| c.name == "WeiqiPlayer" && c.attr("key") == Some(&p.key()))
                })
                .and_then(|x| x.attr("name"))
                .map(str::to_string)
                .unwrap_or_else(|| p.full_name())
            })
            .collect()
    }
}

impl Plan {
    /// The weiqi event of the plan, built through the tournament crate as the store builds
    /// it (players, then each round as the file pairs it, and its results; a game of an
    /// earlier round without a result stays open; then the absences and pre-registrations).
    pub fn event(&self) -> Result<Event, tournament::EventError> {
        let mut ev = Event::new(&self.name, self.system, self.n_rounds, self.settings.clone())?;
        for p in &self.players {
            ev.add_player(p.clone())?;
        }
        for (k, r) in self.rounds.iter().enumerate() {
            let games = r
                .games
                .iter()
                .map(|(b, w, _)| Ok((ev.find(b)?, ev.find(w)?)))
                .collect::<Result<Vec<_>, tournament::EventError>>()?;
            let byes = r.byes.iter().map(|b| ev.find(b)).collect::<Result<Vec<_>, _>>()?;
            ev.pair_imported(&games, &byes)?;
            for (i, (_, _, res)) in r.games.iter().enumerate() {
                if let Some(res) = res {
                    ev.set_result(k as u32 + 1, i as u32 + 1, *res)?;
                }
            }
        }
        for (name, round) in &self.absences {
            let id = ev.find(name)?;
            match round {
                Some(r) => ev.set_participation(id, *r, false)?,
                None => ev.set_preregistered(id, true)?,
            }
        }
        Ok(ev)
    }
}

fn clamp_rank(r: &GothaRank) -> Rank {
    r.to_rank()
}

/// The weiqi rank of an OpenGotha rank value (30k = 0 … 9d = 38; 8d and 9d are 7d).
fn rank_of_value(v: i32) -> Rank {
    GothaRank {
        text: String::new(),
        value: v,
    }
    .to_rank()
}

/// OpenGotha's pairing weight for keeping categories apart (`PairingParameterSet`).
const AVOID_MIXING_CATEGORIES: &str = "paiMaAvoidMixingCategories";

impl Tournament {
    /// The weiqi event this tournament becomes.
    pub fn plan(&self) -> Result<Plan, FormatError> {
        let criteria = self.criteria()?;
        // OpenGotha's main score: the first of NBW, MMS and CPS among the criteria.
        let main = criteria
            .iter()
            .copied()
            .find(|c| matches!(c, Criterion::Nbw | Criterion::Mms | Criterion::Cps));
        let mcmahon = main == Some(Criterion::Mms);
        let system = if mcmahon {
            let bar = GothaRank::parse(self.general("genMMBar").unwrap_or("4D"))?;
            let floor = GothaRank::parse(self.general("genMMFloor").unwrap_or("20K"))?;
            // OpenGotha (`Player.smms`) raises a rank to the floor and then lowers it to the
            // bar: under a bar below the floor everyone starts at the bar, which is a floor at
            // the bar for weiqi (whose McMahon system refuses a bar below its floor). A floor
            // of professionals above a bar of 8d or 9d (equal or below in OpenGotha's scale,
            // where 1p is 7d) is a bar below the floor for weiqi, which keeps 1p above 7d.
            let (bar_rank, floor_rank) = (clamp_rank(&bar), clamp_rank(&floor));
            System::McMahon {
                bar: bar_rank,
                floor: if bar.value < floor.value || bar_rank < floor_rank {
                    bar_rank
                } else {
                    floor_rank
                },
            }
        } else {
            System::Swiss
        };
        let bye2 = self.general_int(if mcmahon { "genMMS2ValueBye" } else { "genNBW2ValueBye" }, 0)?;
        // weiqi's own chain, for what weiqi computes itself; the standings of an imported
        // tournament are OpenGotha's placement under every criterion of the file.
        let mut tie_breaks: Vec<TieBreak> = Vec::new();
        for c in criteria {
            use Criterion::*;
            let t = match c {
                Nbw | Cps => TieBreak::Points,
                Mms | Sts => TieBreak::McMahonScore,
                Sosw | SoswM1 | SoswM2 | Sosm | SosmM1 | SosmM2 | Sosts => TieBreak::Sos,
                Sososw | Sososm => TieBreak::Sosos,
                Sodosw | Sodosm => TieBreak::Sodos,
                Cussw | Cussm => TieBreak::Cumulative,
                Dc | Sdc => TieBreak::DirectEncounter,
                Cat => TieBreak::Category,
                Null | Rank | Rating | Ext | Exr => continue,
            };
            if !tie_breaks.contains(&t) {
                tie_breaks.push(t);
            }
        }
        tie_breaks.push(TieBreak::Lots);
        let settings = Settings {
            bye: match bye2 {
                2.. => ByeValue::Win,
                1 => ByeValue::Draw,
                _ => ByeValue::Loss,
            },
            tie_breaks,
            handicap: self.handicap_rule()?,
            categories: self.categories()?,
            ..Settings::default()
        };
        let ext = self.others.iter().find(|e| e.name == WEIQI);
        let ext_of = |tag: &str, k: &str, v: &str| {
            ext.and_then(|e| e.children.iter().find(|c| c.name == tag && c.attr(k) == Some(v)))
        };
        let players: Vec<Player> = self
            .players
            .iter()
            .map(|p| {
                // What OpenGotha has no field for comes back from weiqi's extension element.
                let x = ext_of("WeiqiPlayer", "key", &p.key());
                Player {
                    name: x
                        .and_then(|x| x.attr("name"))
                        .map(str::to_string)
                        .unwrap_or_else(|| p.full_name()),
                    rank: p.rank.to_rank(),
                    rating: match x.and_then(|x| x.attr("rating")) {
                        Some("none") => None,
                        _ => Some(p.rating),
                    },
                    club: (!p.club.is_empty()).then(|| p.club.clone()),
                    region: x
                        .and_then(|x| x.attr("region"))
                        .map(str::to_string)
                        .or_else(|| (!p.country.is_empty()).then(|| p.country.clone())),
                    birth_date: None,
                }
            })
            .collect();
        let last = self.last_round();
        let mut rounds = Vec::new();
        for r in 1..=last {
            let mut games: Vec<&GothaGame> = self.games.iter().filter(|g| g.round == r).collect();
            games.sort_by_key(|g| g.table);
            // A player against himself, or in a second game of the round, stays in the kept
            // file (and OpenGotha's placement) but not in the weiqi event ([`Self::warnings`]).
            let mut seen = vec![false; players.len()];
            games.retain(|g| {
                let fits = g.black != g.white && !seen[g.black] && !seen[g.white];
                if fits {
                    seen[g.black] = true;
                    seen[g.white] = true;
                }
                fits
            });
            rounds.push(PlanRound {
                games: games
                    .iter()
                    .map(|g| {
                        (
                            players[g.black].name.clone(),
                            players[g.white].name.clone(),
                            ext_of("WeiqiGame", "at", &format!("{r}.{}", g.table))
                                .and_then(|x| x.attr("result"))
                                .and_then(|v| v.parse::<GameResult>().ok())
                                .filter(|res| GothaGame::from_result(Some(*res)) == (g.result, g.by_default))
                                .or(g.to_result()),
                        )
                    })
                    .collect(),
                // A bye whose player has a game of the round stays in the kept file (and
                // OpenGotha's placement, which counts both) but not in the weiqi event.
                byes: self
                    .byes
                    .iter()
                    .filter(|b| b.0 == r && !seen[b.1])
                    .map(|b| players[b.1].name.clone())
                    .collect(),
            });
        }
        let n_rounds = self.n_rounds()?.max(last).max(1);
        let mut absences = Vec::new();
        for (gp, p) in self.players.iter().zip(&players) {
            let part: Vec<char> = gp.participating.chars().collect();
            for r in rounds.len() as u32 + 1..=n_rounds {
                if part.get(r as usize - 1) == Some(&'0') {
                    absences.push((p.name.clone(), Some(r)));
                }
            }
            if gp
                .other
                .iter()
                .any(|(k, v)| k == "registeringStatus" && v.trim() == "PRE")
            {
                absences.push((p.name.clone(), None));
            }
        }
        Ok(Plan {
            name: self.name(),
            system,
            n_rounds,
            settings,
            players,
            rounds,
            absences,
        })
    }
}

/// The OpenGotha tournament of a weiqi event: `base` (the tournament as imported, if any)
/// brought up to date with the event's players, games, results and byes. What the event
/// does not know (handicaps, tables, first names, EGF pins, parameters) comes from `base`
/// where the game or player is the same, and from OpenGotha's defaults otherwise.
pub fn merge(base: Option<&Tournament>, ev: &Event) -> Tournament {
    let mut t = match base {
        Some(b) => b.clone(),
        None => fresh(ev),
    };
    let old_names: Vec<String> = match base {
        Some(b) => b.plan_players(),
        None => Vec::new(),
    };
    let old_players = std::mem::take(&mut t.players);
    let n_rounds = ev.planned_rounds().max(ev.rounds().len() as u32);
    let mut index: Vec<usize> = Vec::new();
    // weiqi's extension: what OpenGotha has no field for (it ignores the element).
    t.others.retain(|e| e.name != WEIQI);
    let mut ext = Element::new(WEIQI);
    for (k, p) in ev.players().iter().enumerate() {
        let mut gp = match old_names.iter().position(|n| *n == p.name) {
            Some(i) => old_players[i].clone(),
            None => {
                // OpenGotha needs a first name and a country of two letters or none.
                let (name, first) = match p.name.trim().split_once(' ') {
                    Some((a, b)) => (a.to_string(), b.trim().to_string()),
                    None => (p.name.trim().to_string(), NO_FIRST_NAME.to_string()),
                };
                let country = p
                    .region
                    .clone()
                    .filter(|r| r.len() == 2 && r.chars().all(|c| c.is_ascii_alphabetic()))
                    .map(|r| r.to_ascii_uppercase())
                    .unwrap_or_default();
                GothaPlayer {
                    name,
                    first_name: first,
                    rank: GothaRank::of(p.rank),
                    // OpenGotha's value for no rating.
                    rating: p.rating.unwrap_or(-900).clamp(-900, 2949),
                    club: p.club.clone().unwrap_or_default(),
                    country,
                    participating: String::new(),
                    smms_correction: 0,
                    other: vec![("registeringStatus".into(), "FIN".into())],
                }
            }
        };
        // A player takes part in every round not marked otherwise; a withdrawal (Art. 28)
        // is absence from the rounds after it.
        let id = tournament::PlayerId(k);
        let from = match ev.status(id) {
            tournament::Status::Active => None,
            tournament::Status::WithdrawnBeforeStart => Some(0),
            tournament::Status::Withdrawn { after_round, .. } => Some(after_round as usize),
        };
        let mut part: Vec<char> = gp.participating.chars().collect();
        part.resize(part.len().max(n_rounds as usize), '1');
        // Art. 26.3: who takes part in a round is said before it is paired (OpenGotha's
        // `participating`); a round not yet paired is as the event says now, a paired one
        // as the file had it unless the player missed it.
        for (k, c) in part.iter_mut().enumerate() {
            let round = k as u32 + 1;
            if !ev.takes_part(id, round) {
                *c = '0';
            } else if k >= ev.rounds().len() {
                *c = '1';
            }
        }
        // A player not yet confirmed is OpenGotha's pre-registered (`PRE`), not paired.
        let pre = ev.is_preregistered(id);
        match gp.other.iter_mut().find(|(k, _)| k == "registeringStatus") {
            Some((_, v)) if pre => *v = "PRE".into(),
            Some((_, v)) if v.trim() == "PRE" => *v = "FIN".into(),
            Some(_) => {}
            None if pre => gp.other.push(("registeringStatus".into(), "PRE".into())),
            None => {}
        }
        if let Some(from) = from {
            for c in part.iter_mut().skip(from) {
                *c = '0';
            }
            let mut w = Element::new("WeiqiWithdrawal").with("key", &gp.key());
            if let tournament::Status::Withdrawn { after_round, voided } = ev.status(id) {
                w = w
                    .with("afterRound", &after_round.to_string())
                    .with("voided", &voided.to_string());
            }
            ext.children.push(w);
        }
        gp.participating = part.into_iter().collect();
        let mut x = Element::new("WeiqiPlayer").with("key", &gp.key());
        if gp.full_name() != p.name {
            x.set("name", &p.name);
        }
        if p.region.as_deref().unwrap_or("") != gp.country {
            x.set("region", p.region.as_deref().unwrap_or(""));
        }
        if p.rating.is_none() {
            x.set("rating", "none");
        }
        if x.attrs.len() > 1 {
            ext.children.push(x);
        }
        index.push(t.players.len());
        t.players.push(gp);
    }
    let old_games = std::mem::take(&mut t.games);
    let old_of = |round: u32, b: &str, w: &str| {
        old_games
            .iter()
            .find(|g| g.round == round && old_names[g.black] == b && old_names[g.white] == w)
    };
    t.byes.clear();
    for r in ev.rounds() {
        // A McMahon game weiqi paired has the handicap the event's rule proposes, when the
        // weaker player holds Black as that rule gives them (tournament::handicap); a game
        // from the kept file keeps the file's.
        let hc = tournament::handicap::for_round(ev, r.number);
        for g in &r.games {
            let (b, w) = (&ev.player(g.black).name, &ev.player(g.white).name);
            let (result, by_default) = GothaGame::from_result(g.result);
            let proposed = hc.of(g.black, g.white);
            let mut game = GothaGame {
                round: r.number,
                table: g.board,
                black: index[g.black.0],
                white: index[g.white.0],
                handicap: if proposed.weaker == Some(g.black) {
                    proposed.stones
                } else {
                    0
                },
                result,
                by_default,
                known_color: true,
            };
            if let Some(old) = old_of(r.number, b, w) {
                game.table = old.table;
                game.handicap = old.handicap;
                game.known_color = old.known_color;
                // Keep OpenGotha's own code where it means what the event has (both-win,
                // a drawn game by default).
                if old.to_result() == g.result {
                    game.result = old.result;
                    game.by_default = old.by_default;
                }
            }
            // The result's detail (B+2.5, W+R) and the warnings (Art. 24), which OpenGotha
            // has no field for.
            let mut x = Element::new("WeiqiGame").with("at", &format!("{}.{}", r.number, game.table));
            if let Some(res) = g.result
                && game.to_result() != Some(res)
            {
                x.set("result", &res.to_string());
            }
            if g.warnings != [0, 0] {
                x.set("warnings", &format!("{} {}", g.warnings[0], g.warnings[1]));
            }
            if x.attrs.len() > 1 {
                ext.children.push(x);
            }
            t.games.push(game);
        }
        for b in &r.byes {
            t.byes.push((r.number, index[b.0]));
        }
    }
    if !ext.children.is_empty() {
        t.others.push(ext);
    }
    if let Some(gps) = t.others.iter_mut().find_map(|e| e.find_mut("GeneralParameterSet")) {
        gps.set("numberOfRounds", &n_rounds.to_string());
    }
    t.set_categories(&ev.settings().categories);
    t
}

/// A new OpenGotha tournament for an event that did not come from OpenGotha: OpenGotha's
/// defaults, the event's name, rounds, McMahon bar and floor, bye value and criteria.
fn fresh(ev: &Event) -> Tournament {
    let (bar, floor, first) = match ev.system() {
        System::McMahon { bar, floor } => (GothaRank::of(bar).text, GothaRank::of(floor).text, "MMS"),
        _ => ("9D".to_string(), "30K".to_string(), "NBW"),
    };
    let bye = ev.settings().bye.points().to_string();
    let general = Element::new("GeneralParameterSet")
        .with("name", ev.name())
        .with("shortName", ev.name())
        .with("numberOfRounds", &ev.planned_rounds().to_string())
        .with("numberOfCategories", "1")
        .with("size", "19")
        .with("komi", "7.5")
        .with("genMMBar", &bar)
        .with("genMMFloor", &floor)
        .with("genMMZero", "30K")
        .with("genMMS2ValueAbsent", "1")
        .with("genMMS2ValueBye", &bye)
        .with("genNBW2ValueAbsent", "0")
        .with("genNBW2ValueBye", &bye)
        .with("genRoundDownNBWMMS", "true");
    let chain = if ev.settings().tie_breaks.is_empty() {
        TieBreak::default_chain(ev.system())
    } else {
        ev.settings().tie_breaks.clone()
    };
    let mcmahon = first == "MMS";
    // The main score first, but after a category that leads the chain (ranking each
    // category apart, as OpenGotha's CAT does first).
    let mut names: Vec<&str> = Vec::new();
    if chain.first() == Some(&TieBreak::Category) {
        names.push("CAT");
    }
    names.push(first);
    for t in chain {
        let n = match t {
            TieBreak::Sos if mcmahon => "SOSM",
            TieBreak::Sos => "SOSW",
            TieBreak::Sosos if mcmahon => "SOSOSM",
            TieBreak::Sosos => "SOSOSW",
            TieBreak::Sodos if mcmahon => "SODOSM",
            TieBreak::Sodos => "SODOSW",
            TieBreak::Cumulative if mcmahon => "CUSSM",
            TieBreak::Cumulative => "CUSSW",
            TieBreak::DirectEncounter => "DC",
            TieBreak::Category => "CAT",
            _ => continue,
        };
        if !names.contains(&n) {
            names.push(n);
        }
    }
    let mut criteria = Element::new("PlacementCriteria");
    for k in 0..6 {
        criteria.children.push(
            Element::new("PlacementCriterion")
                .with("name", names.get(k).copied().unwrap_or("NULL"))
                .with("number", &(k + 1).to_string()),
        );
    }
    let mut placement = Element::new("PlacementParameterSet");
    placement.children.push(criteria);
    let mut tps = Element::new("TournamentParameterSet");
    tps.children.push(general);
    // A McMahon event's handicap rule as OpenGotha keeps it; other systems play even games
    // (a ceiling of 0).
    let handicaps = match ev.system() {
        System::McMahon { .. } => {
            let h = ev.settings().handicap;
            Element::new("HandicapParameterSet")
                .with(
                    "hdBasedOnMMS",
                    if h.basis == tournament::HandicapBasis::Mms {
                        "true"
                    } else {
                        "false"
                    },
                )
                .with("hdCeiling", &h.ceiling.to_string())
                .with("hdCorrection", &h.correction.to_string())
                .with(
                    "hdNoHdRankThreshold",
                    &h.bar.map_or_else(|| "9D".to_string(), |b| GothaRank::of(b).text),
                )
        }
        _ => Element::new("HandicapParameterSet")
            .with("hdBasedOnMMS", "true")
            .with("hdCeiling", "0")
            .with("hdCorrection", "1")
            .with("hdNoHdRankThreshold", "30K"),
    };
    tps.children.push(handicaps);
    tps.children.push(placement);
    tps.children
        .push(Element::new("PairingParameterSet").with("paiMaSeedSystem1", "SPLITANDRANDOM"));
    Tournament {
        root_attrs: vec![
            ("dataVersion".into(), "201".into()),
            ("runningMode".into(), "SAL".into()),
        ],
        players: Vec::new(),
        games: Vec::new(),
        byes: Vec::new(),
        others: vec![tps],
        warnings: Vec::new(),
    }
}
