//! OpenGotha's XML tournament files (`Tournament` root; `Players`, `Games`, `ByePlayers`,
//! `TournamentParameterSet`, `TeamTournamentParameterSet`, `Teams`, `ClubsGroups`).
//!
//! Facts from OpenGotha used here: ranks count 30k = 0 … 1k = 29, 1d = 30 … 9d = 38, and
//! 1–3p count as 7d, 4–6p as 8d, 7–9p as 9d; the McMahon start is the rank clamped to
//! `genMMBar` and `genMMFloor`, counted from `genMMZero`, plus the player's `smmsCorrection`;
//! scores are kept doubled (`genMMS2ValueAbsent` = 1 is half a point); games name their
//! players by key (family name then first name, upper case, without spaces); results are
//! `RESULT_BLACKWINS`, `RESULT_WHITEWINS`, `RESULT_EQUAL`, `RESULT_BOTHWIN`,
//! `RESULT_BOTHLOSE`, `RESULT_UNKNOWN`, each but the last with a `_BYDEF` form (not played).
//!
//! Our readings where OpenGotha's documentation is silent: SOS and SOSOS(M) add nothing for
//! a round without a game, SOSM adds the player's own starting McMahon score (as OpenGotha
//! documents); `genRoundDownNBWMMS` rounds the NBW and MMS columns down to whole points but
//! the sums of opponents use the exact values.

use crate::FormatError;
use quick_xml::events::Event as XmlEvent;
use quick_xml::reader::Reader;
use rules::Color;
use std::collections::HashMap;
use tournament::{ByeValue, Event, GameResult, Player, Rank, Settings, System, TieBreak, WinBy};

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
    /// Reads `5D`, `10k`, `3p`.
    pub fn parse(s: &str) -> Result<GothaRank, FormatError> {
        let t = s.trim();
        let bad = || FormatError::Invalid(format!("rank {s:?} is not like 5D, 10K or 3P"));
        let split = t.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
        let n: i32 = t[..split].parse().map_err(|_| bad())?;
        let value = match t[split..].to_ascii_uppercase().as_str() {
            "K" if (1..=30).contains(&n) => 30 - n,
            "D" if (1..=9).contains(&n) => 29 + n,
            "P" if (1..=9).contains(&n) => 36 + (n - 1) / 3,
            _ => return Err(bad()),
        };
        Ok(GothaRank {
            text: t.to_string(),
            value,
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
    /// The key games use for the player: family name then first name, upper case, without
    /// spaces.
    pub fn key(&self) -> String {
        format!("{}{}", self.name, self.first_name)
            .to_uppercase()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect()
    }

    /// The player's name in weiqi: family name, a space, first name (just the family name
    /// when there is no first name).
    pub fn full_name(&self) -> String {
        if self.first_name.is_empty() {
            self.name.clone()
        } else {
            format!("{} {}", self.name, self.first_name)
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
                WinBy::Unspecified
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
        _ => return Err(FormatError::Invalid(format!("unknown game result {code:?}"))),
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
}

/// Reads an OpenGotha XML file.
pub fn parse(xml: &str) -> Result<Tournament, FormatError> {
    let root = parse_tree(xml)?;
    if root.name != "Tournament" {
        return Err(FormatError::Invalid(format!(
            "the root element is <{}>, not <Tournament>",
            root.name
        )));
    }
    let mut t = Tournament {
        root_attrs: root.attrs.clone(),
        players: Vec::new(),
        games: Vec::new(),
        byes: Vec::new(),
        others: Vec::new(),
    };
    let mut keys: HashMap<String, usize> = HashMap::new();
    for section in &root.children {
        match section.name.as_str() {
            "Players" => {
                for (i, p) in section.children.iter().filter(|c| c.name == "Player").enumerate() {
                    let need = |k: &str| {
                        p.attr(k)
                            .ok_or_else(|| FormatError::Invalid(format!("player {} has no {k}", i + 1)))
                    };
                    let num = |k: &str, d: i32| -> Result<i32, FormatError> {
                        match p.attr(k) {
                            None | Some("") => Ok(d),
                            Some(v) => v
                                .trim()
                                .parse()
                                .map_err(|_| FormatError::Invalid(format!("player {}: {k}={v:?}", i + 1))),
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
                    let gp = GothaPlayer {
                        name: need("name")?.to_string(),
                        first_name: p.attr("firstName").unwrap_or("").to_string(),
                        rank: GothaRank::parse(need("rank")?)?,
                        rating: num("rating", 0)?,
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
                    if keys.insert(gp.key(), t.players.len()).is_some() {
                        return Err(FormatError::Invalid(format!("two players have the key {:?}", gp.key())));
                    }
                    t.players.push(gp);
                }
            }
            "Games" => {
                for g in section.children.iter().filter(|c| c.name == "Game") {
                    let player = |k: &str| -> Result<usize, FormatError> {
                        let key = g.attr(k).unwrap_or("");
                        let norm: String = key.to_uppercase().chars().filter(|c| !c.is_whitespace()).collect();
                        keys.get(&norm)
                            .copied()
                            .ok_or_else(|| FormatError::Invalid(format!("a game's {k} {key:?} is not a player")))
                    };
                    let num = |k: &str, d: u32| -> Result<u32, FormatError> {
                        match g.attr(k) {
                            None => Ok(d),
                            Some(v) => v
                                .trim()
                                .parse()
                                .map_err(|_| FormatError::Invalid(format!("a game's {k} {v:?} is not a number"))),
                        }
                    };
                    let (result, by_default) = parse_result(g.attr("result").unwrap_or("RESULT_UNKNOWN"))?;
                    let known_color = g.attr("knownColor").or(g.attr("strKnownColor")).unwrap_or("true") != "false";
                    let game = GothaGame {
                        round: num("roundNumber", 1)?,
                        table: num("tableNumber", 1)?,
                        black: player("blackPlayer")?,
                        white: player("whitePlayer")?,
                        handicap: num("handicap", 0)?,
                        result,
                        by_default,
                        known_color,
                    };
                    if game.round == 0 || game.round > MAX_ROUNDS || game.table == 0 || game.black == game.white {
                        return Err(FormatError::Invalid(format!(
                            "round {} table {}: a game needs a round from 1 to {MAX_ROUNDS}, a table from 1 and two players",
                            game.round, game.table
                        )));
                    }
                    t.games.push(game);
                }
            }
            "ByePlayers" => {
                for b in section.children.iter().filter(|c| c.name == "ByePlayer") {
                    let key = b.attr("player").unwrap_or("");
                    let norm: String = key.to_uppercase().chars().filter(|c| !c.is_whitespace()).collect();
                    let p = *keys
                        .get(&norm)
                        .ok_or_else(|| FormatError::Invalid(format!("bye player {key:?} is not a player")))?;
                    let round = b
                        .attr("roundNumber")
                        .unwrap_or("1")
                        .trim()
                        .parse()
                        .map_err(|_| FormatError::Invalid(format!("bye of {key:?}: round is not a number")))?;
                    if round == 0 || round > MAX_ROUNDS {
                        return Err(FormatError::Invalid(format!(
                            "bye of {key:?}: round {round} is not from 1 to {MAX_ROUNDS}"
                        )));
                    }
                    t.byes.push((round, p));
                }
            }
            _ => t.others.push(section.clone()),
        }
    }
    Ok(t)
}

/// Deepest element nesting accepted: OpenGotha files nest four levels; the tree is walked
/// recursively, so a file nested without bound must be refused, not followed.
const MAX_DEPTH: usize = 64;

/// Highest round number accepted in a file: per-round tables are sized by it.
const MAX_ROUNDS: u32 = 1000;

fn parse_tree(xml: &str) -> Result<Element, FormatError> {
    let mut reader = Reader::from_str(xml);
    let mut stack: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    let xml_err = |pos: u64, e: String| FormatError::Xml(format!("at byte {pos}: {e}"));
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
            return Err(xml_err(reader.buffer_position(), "a second root element".into()));
        }
        let mut el = Element::new(&String::from_utf8_lossy(s.name().as_ref()));
        for a in s.attributes() {
            let a = a.map_err(|e| xml_err(reader.buffer_position(), e.to_string()))?;
            let v = a
                .decode_and_unescape_value(reader.decoder())
                .map_err(|e| xml_err(reader.buffer_position(), e.to_string()))?;
            el.attrs
                .push((String::from_utf8_lossy(a.key.as_ref()).into_owned(), v.into_owned()));
        }
        if stack.len() >= MAX_DEPTH {
            return Err(xml_err(
                reader.buffer_position(),
                format!("elements nested deeper than {MAX_DEPTH}"),
            ));
        }
        stack.push(el);
        if empty {
            close(&mut stack, &mut root);
        }
    }
    if let Some(open) = stack.last() {
        return Err(FormatError::Xml(format!("<{}> is not closed", open.name)));
    }
    root.ok_or_else(|| FormatError::Xml("no root element".into()))
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

    fn general_int(&self, k: &str, default: i64) -> Result<i64, FormatError> {
        match self.general(k) {
            None => Ok(default),
            Some(v) => v
                .trim()
                .parse()
                .map_err(|_| FormatError::Invalid(format!("GeneralParameterSet {k}={v:?} is not a number"))),
        }
    }

    fn general_rank(&self, k: &str, default: &str) -> Result<i32, FormatError> {
        Ok(GothaRank::parse(self.general(k).unwrap_or(default))?.value)
    }

    /// The placement criteria in order (`PlacementParameterSet`, `NULL` left out).
    pub fn placement_criteria(&self) -> Vec<String> {
        let Some(pps) = self.others.iter().find_map(|e| e.find("PlacementParameterSet")) else {
            return vec!["MMS".into(), "SOSM".into(), "SOSOSM".into()];
        };
        let mut v: Vec<(u32, String)> = Vec::new();
        collect(pps, "PlacementCriterion", &mut |c| {
            let n = c.attr("number").and_then(|n| n.parse().ok()).unwrap_or(0);
            let name = c.attr("name").unwrap_or("NULL");
            if name != "NULL" {
                v.push((n, name.to_string()));
            }
        });
        v.sort_by_key(|(n, _)| *n);
        v.into_iter().map(|(_, s)| s).collect()
    }

    /// The tournament's name.
    pub fn name(&self) -> String {
        self.general("name").unwrap_or("OpenGotha tournament").to_string()
    }

    /// The number of rounds.
    pub fn n_rounds(&self) -> u32 {
        self.general_int("numberOfRounds", 0)
            .unwrap_or(0)
            .clamp(0, i64::from(MAX_ROUNDS)) as u32
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

/// The scores OpenGotha computes, doubled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scores {
    /// Number of wins (NBW), doubled.
    pub nbw2: i64,
    /// McMahon score, doubled.
    pub mms2: i64,
    /// Starting McMahon score (not doubled).
    pub smms: i64,
    /// SOS on NBW.
    pub sos2: i64,
    /// SOS on MMS.
    pub sosm2: i64,
    /// SOSOS on NBW.
    pub sosos2: i64,
    /// SOSOS on MMS.
    pub sososm2: i64,
    /// SODOS on NBW.
    pub sodos2: i64,
    /// SODOS on MMS.
    pub sodosm2: i64,
    /// Cumulative NBW.
    pub cuss2: i64,
    /// Cumulative MMS.
    pub cussm2: i64,
}

impl Tournament {
    /// OpenGotha's scores after `rounds` rounds, by player.
    pub fn scores(&self, rounds: u32) -> Result<Vec<Scores>, FormatError> {
        let bar = self.general_rank("genMMBar", "4D")?;
        let floor = self.general_rank("genMMFloor", "20K")?;
        let zero = self.general_rank("genMMZero", "30K")?;
        let mms_absent = self.general_int("genMMS2ValueAbsent", 1)?;
        let mms_bye = self.general_int("genMMS2ValueBye", 2)?;
        let nbw_absent = self.general_int("genNBW2ValueAbsent", 0)?;
        let nbw_bye = self.general_int("genNBW2ValueBye", 2)?;
        if bar < floor {
            return Err(FormatError::Invalid(
                "genMMBar is below genMMFloor: no McMahon start score fits".to_string(),
            ));
        }
        let n = self.players.len();
        let mut s: Vec<Scores> = self
            .players
            .iter()
            .map(|p| {
                // In i64: the correction comes from the file.
                let smms = i64::from(p.rank.value.clamp(floor, bar)) - i64::from(zero) + i64::from(p.smms_correction);
                Scores {
                    smms,
                    mms2: 2 * smms,
                    ..Scores::default()
                }
            })
            .collect();
        // For each round: (opponent, own points doubled) or None for no game.
        let mut by_round: Vec<Vec<Option<(usize, i64)>>> = vec![vec![None; rounds as usize]; n];
        for g in self.games.iter().filter(|g| g.round <= rounds) {
            let (b, w) = g.points2().unwrap_or((0, 0));
            by_round[g.black][g.round as usize - 1] = Some((g.white, b));
            by_round[g.white][g.round as usize - 1] = Some((g.black, w));
        }
        for (i, sc) in s.iter_mut().enumerate() {
            for (r, slot) in by_round[i].iter().enumerate() {
                let (nbw, mms) = match *slot {
                    Some((_, p)) => (p, p),
                    None if self.byes.contains(&(r as u32 + 1, i)) => (nbw_bye, mms_bye),
                    None => (nbw_absent, mms_absent),
                };
                sc.nbw2 += nbw;
                sc.mms2 += mms;
                sc.cuss2 += sc.nbw2;
                sc.cussm2 += sc.mms2;
            }
        }
        let nbw: Vec<i64> = s.iter().map(|x| x.nbw2).collect();
        let mms: Vec<i64> = s.iter().map(|x| x.mms2).collect();
        for (i, sc) in s.iter_mut().enumerate() {
            for slot in &by_round[i] {
                match *slot {
                    Some((o, p)) => {
                        sc.sos2 += nbw[o];
                        sc.sosm2 += mms[o];
                        // SODOS: the opponents beaten, and half those drawn.
                        sc.sodos2 += nbw[o] * p / 2;
                        sc.sodosm2 += mms[o] * p / 2;
                    }
                    None => sc.sosm2 += 2 * sc.smms,
                }
            }
        }
        let sos: Vec<i64> = s.iter().map(|x| x.sos2).collect();
        let sosm: Vec<i64> = s.iter().map(|x| x.sosm2).collect();
        for (i, sc) in s.iter_mut().enumerate() {
            for (o, _) in by_round[i].iter().flatten() {
                sc.sosos2 += sos[*o];
                sc.sososm2 += sosm[*o];
            }
        }
        Ok(s)
    }

    /// OpenGotha's placement after `rounds` rounds under the file's criteria.
    pub fn placement(&self, rounds: u32) -> Result<(Vec<String>, Vec<Placed>), FormatError> {
        let criteria = self.placement_criteria();
        let scores = self.scores(rounds)?;
        let round_down = self.general("genRoundDownNBWMMS").unwrap_or("true") == "true";
        let down = |v: i64| if round_down { v - v.rem_euclid(2) } else { v };
        let mut rows: Vec<Placed> = Vec::new();
        for (i, sc) in scores.iter().enumerate() {
            let p = &self.players[i];
            let values = criteria
                .iter()
                .map(|c| {
                    Ok(match c.as_str() {
                        "NBW" => down(sc.nbw2),
                        "MMS" => down(sc.mms2),
                        "SOS" => sc.sos2,
                        "SOSM" => sc.sosm2,
                        "SOSOS" => sc.sosos2,
                        "SOSOSM" => sc.sososm2,
                        "SODOS" => sc.sodos2,
                        "SODOSM" => sc.sodosm2,
                        "CUSS" => sc.cuss2,
                        "CUSSM" => sc.cussm2,
                        "RANK" => 2 * i64::from(p.rank.value),
                        "RATING" => 2 * i64::from(p.rating),
                        "CAT" => 0,
                        other => {
                            return Err(FormatError::Unsupported(format!(
                                "OpenGotha placement criterion {other} is not supported (NBW, MMS, SOS, SOSM, SOSOS, SOSOSM, SODOS, SODOSM, CUSS, CUSSM, RANK, RATING are)"
                            )));
                        }
                    })
                })
                .collect::<Result<Vec<i64>, FormatError>>()?;
            rows.push(Placed {
                player: i,
                num: 0,
                place: 0,
                values,
            });
        }
        rows.sort_by(|a, b| b.values.cmp(&a.values).then(a.player.cmp(&b.player)));
        for i in 0..rows.len() {
            rows[i].num = i as u32 + 1;
            rows[i].place = if i > 0 && rows[i].values == rows[i - 1].values {
                rows[i - 1].place
            } else {
                i as u32 + 1
            };
        }
        Ok((criteria, rows))
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
}

/// One round of a [`Plan`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanRound {
    /// (black, white, result) by name, in table order.
    pub games: Vec<(String, String, Option<GameResult>)>,
    /// Byes by name.
    pub byes: Vec<String>,
}

fn clamp_rank(r: &GothaRank) -> Rank {
    r.to_rank()
}

impl Tournament {
    /// The weiqi event this tournament becomes.
    pub fn plan(&self) -> Result<Plan, FormatError> {
        let criteria = self.placement_criteria();
        let mcmahon = criteria.first().map(String::as_str) == Some("MMS");
        let system = if mcmahon {
            System::McMahon {
                bar: clamp_rank(&GothaRank::parse(self.general("genMMBar").unwrap_or("4D"))?),
                floor: clamp_rank(&GothaRank::parse(self.general("genMMFloor").unwrap_or("20K"))?),
            }
        } else {
            System::Swiss
        };
        let bye2 = self.general_int(if mcmahon { "genMMS2ValueBye" } else { "genNBW2ValueBye" }, 2)?;
        let mut tie_breaks: Vec<TieBreak> = Vec::new();
        for c in &criteria {
            let t = match c.as_str() {
                "NBW" => TieBreak::Points,
                "MMS" => TieBreak::McMahonScore,
                "SOS" | "SOSM" => TieBreak::Sos,
                "SOSOS" | "SOSOSM" => TieBreak::Sosos,
                "SODOS" | "SODOSM" => TieBreak::Sodos,
                "CUSS" | "CUSSM" => TieBreak::Cumulative,
                _ => continue,
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
            ..Settings::default()
        };
        let players: Vec<Player> = self
            .players
            .iter()
            .map(|p| Player {
                name: p.full_name(),
                rank: p.rank.to_rank(),
                rating: Some(p.rating),
                club: (!p.club.is_empty()).then(|| p.club.clone()),
                region: (!p.country.is_empty()).then(|| p.country.clone()),
                birth_date: None,
            })
            .collect();
        let last = self.last_round();
        let mut rounds = Vec::new();
        for r in 1..=last {
            let mut games: Vec<&GothaGame> = self.games.iter().filter(|g| g.round == r).collect();
            games.sort_by_key(|g| g.table);
            rounds.push(PlanRound {
                games: games
                    .iter()
                    .map(|g| {
                        (
                            players[g.black].name.clone(),
                            players[g.white].name.clone(),
                            g.to_result(),
                        )
                    })
                    .collect(),
                byes: self
                    .byes
                    .iter()
                    .filter(|b| b.0 == r)
                    .map(|b| players[b.1].name.clone())
                    .collect(),
            });
        }
        Ok(Plan {
            name: self.name(),
            system,
            n_rounds: self.n_rounds().max(last).max(1),
            settings,
            players,
            rounds,
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
    let old_players = std::mem::take(&mut t.players);
    let n_rounds = ev.planned_rounds().max(ev.rounds().len() as u32);
    let mut index: Vec<usize> = Vec::new();
    for p in ev.players() {
        let gp = match old_players.iter().find(|g| g.full_name() == p.name) {
            Some(g) => g.clone(),
            None => GothaPlayer {
                name: p.name.clone(),
                first_name: String::new(),
                rank: GothaRank::of(p.rank),
                rating: p.rating.unwrap_or(0),
                club: p.club.clone().unwrap_or_default(),
                country: p.region.clone().unwrap_or_default(),
                participating: String::new(),
                smms_correction: 0,
                other: vec![("registeringStatus".into(), "FIN".into())],
            },
        };
        index.push(t.players.len());
        t.players.push(gp);
    }
    for gp in &mut t.players {
        // A player takes part in every round not marked otherwise.
        if gp.participating.len() < n_rounds as usize {
            let missing = n_rounds as usize - gp.participating.len();
            gp.participating.push_str(&"1".repeat(missing));
        }
    }
    let old_games = std::mem::take(&mut t.games);
    let old_of = |round: u32, b: &str, w: &str| {
        old_games.iter().find(|g| {
            g.round == round && old_players[g.black].full_name() == b && old_players[g.white].full_name() == w
        })
    };
    t.byes.clear();
    for r in ev.rounds() {
        for g in &r.games {
            let (b, w) = (&ev.player(g.black).name, &ev.player(g.white).name);
            let (result, by_default) = GothaGame::from_result(g.result);
            let mut game = GothaGame {
                round: r.number,
                table: g.board,
                black: index[g.black.0],
                white: index[g.white.0],
                handicap: 0,
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
            t.games.push(game);
        }
        for b in &r.byes {
            t.byes.push((r.number, index[b.0]));
        }
    }
    if let Some(gps) = t.others.iter_mut().find_map(|e| e.find_mut("GeneralParameterSet")) {
        gps.set("numberOfRounds", &n_rounds.to_string());
    }
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
    let mut names: Vec<&str> = vec![first];
    for t in chain {
        let n = match t {
            TieBreak::Sos if mcmahon => "SOSM",
            TieBreak::Sos => "SOS",
            TieBreak::Sosos if mcmahon => "SOSOSM",
            TieBreak::Sosos => "SOSOS",
            TieBreak::Sodos if mcmahon => "SODOSM",
            TieBreak::Sodos => "SODOS",
            TieBreak::Cumulative if mcmahon => "CUSSM",
            TieBreak::Cumulative => "CUSS",
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
    tps.children.push(
        Element::new("HandicapParameterSet")
            .with("hdBasedOnMMS", "true")
            .with("hdCeiling", "0")
            .with("hdCorrection", "1")
            .with("hdNoHdRankThreshold", "30K"),
    );
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
    }
}
