//! EGD results files (`.h9`), as OpenGotha exports them: a header of `; XX[…]` lines, then
//! one player per line — number, name, rank, country, club, the placement columns, one token
//! per round (`12+/w0`: the opponent's number, `+` won, `-` lost, `=` drawn, the color, the
//! handicap; `!` after a game not played; `0+`, `0=`, `0-` for a round without a game, as
//! the bye or absence counted), and `|` with the EGF pin when there is one.
//!
//! The header is what the EGD reads: `HA[hN]` the handicap reduction (`h9` no handicap
//! at all: a tournament whose handicap ceiling is 0), `TM` the adjusted time in minutes
//! ([`adjusted_time`]: the basic time plus 45 moves of standard byo-yomi, 60 of Canadian, or
//! 45 Fischer increments) and `CL` the class that time gives ([`class`]). A game without a
//! result is written with `?`, as the EGD writes a result it does not know, not as a double
//! loss; only the rounds of the standings are written ([`write_rounds`]). Names are in the
//! EGD's case (`Dupont Jean`: each word capitalised, the rest lower case), and the EGD pin
//! follows `|`. [`check`] says what the EGD would refuse before the file is sent.
//!
//! In Latin-1 ([`Encoding::Latin1`], what the EGD reads) a text that does not fit is an error
//! naming the player and the field; nothing is replaced or transliterated.

use crate::FormatError;
use crate::opengotha::{GothaResult, Tournament, value_text};

/// The encoding to write in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8.
    Utf8,
    /// ISO 8859-1, which the EGD reads. Every text of the file is checked (the tournament's
    /// name, location, dates, komi, time, handicap ceiling; each player's family and first
    /// name, rank, country, club and EGF pin): a text outside Latin-1 is refused, naming the
    /// player (or the tournament) and the field, never written as `?`. Not transliterated:
    /// the EGD keeps a player's Latin-script name, which only the director knows (a Chinese
    /// name has several romanisations), so the director gives it, or writes UTF-8.
    Latin1,
}

/// The `.h9` file of the tournament after its last round.
pub fn write(t: &Tournament, encoding: Encoding) -> Result<Vec<u8>, FormatError> {
    write_rounds(t, t.last_round(), encoding)
}

/// The `.h9` file of the tournament after round `rounds` (the rounds of its standings): the
/// later rounds are left out.
pub fn write_rounds(t: &Tournament, rounds: u32, encoding: Encoding) -> Result<Vec<u8>, FormatError> {
    let text = text(t, rounds)?;
    match encoding {
        Encoding::Utf8 => Ok(text.into_bytes()),
        Encoding::Latin1 => {
            let bad = not_latin1(t);
            if !bad.is_empty() {
                return Err(FormatError::NotLatin1(bad));
            }
            let mut bytes = Vec::with_capacity(text.len());
            for (n, line) in text.split_inclusive('\n').enumerate() {
                for c in line.chars() {
                    // Every field was checked above; a character that still does not fit is
                    // refused with its line, never replaced.
                    let b = u8::try_from(u32::from(c)).map_err(|_| {
                        FormatError::NotLatin1(vec![format!("line {} of the file: {:?}", n + 1, line.trim_end())])
                    })?;
                    bytes.push(b);
                }
            }
            Ok(bytes)
        }
    }
}

/// Every text of the file that does not fit Latin-1, as `who: field "text"` (one entry per
/// player or for the tournament, listing its fields), in file order.
fn not_latin1(t: &Tournament) -> Vec<String> {
    let fits = |s: &str| s.chars().all(|c| u32::from(c) <= 0xFF);
    let describe = |who: String, fields: &[(&str, &str)]| -> Option<String> {
        let bad: Vec<String> = fields
            .iter()
            .filter(|(_, v)| !fits(v))
            .map(|(k, v)| format!("{k} {v:?}"))
            .collect();
        (!bad.is_empty()).then(|| format!("{who}: {}", bad.join(", ")))
    };
    let g = |k: &str| t.general(k).unwrap_or("");
    let hd = handicap_ceiling(t);
    let name = t.name();
    let mut out: Vec<String> = describe(
        "the tournament".into(),
        &[
            ("name", &name),
            ("location", g("location")),
            ("begin date", g("beginDate")),
            ("end date", g("endDate")),
            ("komi", g("komi")),
            ("basic time", g("basicTime")),
            ("handicap ceiling", hd),
        ],
    )
    .into_iter()
    .collect();
    for p in &t.players {
        out.extend(describe(
            format!("player {:?}", p.full_name()),
            &[
                ("family name", &p.name),
                ("first name", &p.first_name),
                ("rank", &p.rank.text),
                ("country", &p.country),
                ("club", &p.club),
                ("EGF pin", p.egf_pin().unwrap_or("")),
            ],
        ));
    }
    out
}

/// The `hdCeiling` of the handicap parameters (`0` when there are none).
fn handicap_ceiling(t: &Tournament) -> &str {
    t.others
        .iter()
        .find_map(|e| e.find("HandicapParameterSet"))
        .and_then(|h| h.attr("hdCeiling"))
        .unwrap_or("0")
}

/// The handicap reduction as the EGD's `HA` gives it: `h9` for a tournament without
/// handicaps (ceiling 0), else OpenGotha's correction (`hdCorrection`, the stones taken off).
pub fn handicap_header(t: &Tournament) -> String {
    let h = t.others.iter().find_map(|e| e.find("HandicapParameterSet"));
    let ceiling = h.and_then(|h| h.attr("hdCeiling")).unwrap_or("0").trim();
    if ceiling == "0" {
        return "h9".into();
    }
    format!("h{}", h.and_then(|h| h.attr("hdCorrection")).unwrap_or("0").trim())
}

/// The adjusted time in minutes, as the EGD computes it: the basic time plus the time of 45
/// moves in standard byo-yomi (`stdByoYomiTime` seconds each), of 60 moves in Canadian
/// byo-yomi (`canByoYomiTime` seconds for `nbMovesCanTime` moves), or 45 Fischer increments
/// (`fischerTime` seconds); sudden death adds nothing. `None` without a basic time.
pub fn adjusted_time(t: &Tournament) -> Option<f64> {
    let num = |k: &str| t.general(k).and_then(|v| v.trim().parse::<f64>().ok());
    let basic = num("basicTime")?;
    let extra_seconds = match t.general("complementaryTimeSystem").unwrap_or("SUDDENDEATH") {
        "STDBYOYOMI" => 45.0 * num("stdByoYomiTime").unwrap_or(0.0),
        "CANBYOYOMI" => match num("nbMovesCanTime") {
            Some(n) if n > 0.0 => 60.0 * num("canByoYomiTime").unwrap_or(0.0) / n,
            _ => 0.0,
        },
        "FISCHER" => 45.0 * num("fischerTime").unwrap_or(0.0),
        _ => 0.0,
    };
    Some(basic + extra_seconds / 60.0)
}

/// The EGD's class from the adjusted and basic times (minutes): A from 75 adjusted and 60
/// basic, B from 50 and 40, C from 30 and 25; `None` below (fast games, not rated).
pub fn class(adjusted: f64, basic: f64) -> Option<char> {
    [('A', 75.0, 60.0), ('B', 50.0, 40.0), ('C', 30.0, 25.0)]
        .into_iter()
        .find(|&(_, a, b)| adjusted >= a && basic >= b)
        .map(|(c, _, _)| c)
}

/// A name in the EGD's case: each word (split at spaces, hyphens and underscores) capitalised,
/// the rest lower case; a script without case is left as it is.
pub fn egd_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut start = true;
    for c in name.chars() {
        if start {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
        start = matches!(c, ' ' | '-' | '_' | '\'');
    }
    out
}

/// What the EGD would say of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Whether the EGD refuses the file for it (else it is a warning).
    pub refused: bool,
    /// What and where.
    pub what: String,
}

/// What the EGD would refuse in the `.h9` file of `t` after round `rounds`, and what it
/// would warn of, before the file is sent: texts outside Latin-1, a time control too fast to
/// rate (below class C) or none, a handicap over 9 stones, a game of those rounds without a
/// result, no date or location, an unreadable rank; players without an EGD pin are a warning
/// (the EGD then matches them by name, or enters them as new).
pub fn check(t: &Tournament, rounds: u32) -> Vec<Problem> {
    let mut out = Vec::new();
    let refuse = |what: String| Problem { refused: true, what };
    let warn = |what: String| Problem { refused: false, what };
    for bad in not_latin1(t) {
        out.push(refuse(format!("not Latin-1: {bad}")));
    }
    let basic = t.general("basicTime").and_then(|v| v.trim().parse::<f64>().ok());
    match (adjusted_time(t), basic) {
        (Some(a), Some(b)) if class(a, b).is_none() => out.push(refuse(format!(
            "the adjusted time is {a:.0} minutes (basic {b:.0}): below class C (30 and 25), the EGD does not rate it"
        ))),
        (None, _) | (_, None) => out.push(refuse("the tournament has no basic time: no class".into())),
        _ => {}
    }
    for (k, what) in [
        ("beginDate", "begin date"),
        ("endDate", "end date"),
        ("location", "location"),
    ] {
        if t.general(k).is_none_or(|v| v.trim().is_empty()) {
            out.push(refuse(format!("the tournament has no {what}")));
        }
    }
    if rounds == 0 {
        out.push(refuse("no round is complete: there is nothing to rate".into()));
    }
    let name = |i: usize| t.players[i].full_name();
    for g in t.games.iter().filter(|g| g.round <= rounds) {
        if g.handicap > 9 {
            out.push(refuse(format!(
                "round {}: {} – {} has {} handicap stones; the EGD rates at most 9",
                g.round,
                name(g.black),
                name(g.white),
                g.handicap
            )));
        }
        if g.result == GothaResult::Unknown {
            out.push(refuse(format!(
                "round {}: {} – {} has no result",
                g.round,
                name(g.black),
                name(g.white)
            )));
        }
    }
    for p in &t.players {
        let rank = p.rank.text.trim().to_lowercase();
        let ok = rank
            .strip_suffix(['k', 'd', 'p'])
            .and_then(|n| n.parse::<u8>().ok())
            .is_some_and(|n| (1..=30).contains(&n));
        if !ok {
            out.push(refuse(format!(
                "player {:?}: rank {:?} is not like 5k, 3d or 2p",
                p.full_name(),
                p.rank.text
            )));
        }
        if p.egf_pin().is_none() {
            out.push(warn(format!("player {:?} has no EGD pin", p.full_name())));
        }
    }
    out
}

fn text(t: &Tournament, rounds: u32) -> Result<String, FormatError> {
    let (criteria, rows) = t.placement(rounds)?;
    let mut num = vec![0u32; t.players.len()];
    for r in &rows {
        num[r.player] = r.num;
    }
    let g = |k: &str, d: &str| t.general(k).unwrap_or(d).to_string();
    let mut out = String::new();
    out += &format!("; EV[{}]\n", t.name());
    let location = g("location", "");
    out += &format!("; PC[{}]\n", location);
    out += &format!("; DT[{},{}]\n", g("beginDate", ""), g("endDate", ""));
    out += &format!("; HA[{}]\n", handicap_header(t));
    out += &format!("; KM[{}]\n", g("komi", "7.5"));
    let adjusted = adjusted_time(t);
    out += &format!("; TM[{}]\n", adjusted.map(|m| format!("{m:.0}")).unwrap_or_default());
    let basic = t.general("basicTime").and_then(|v| v.trim().parse::<f64>().ok());
    if let Some(c) = adjusted.zip(basic).and_then(|(a, b)| class(a, b)) {
        out += &format!("; CL[{c}]\n");
    }
    out += "; CM[Generated by weiqi]\n;\n";
    out += &format!("; Num Name Rk Co Club {}\n", criteria.join(" "));
    let mut by_round: Vec<Vec<String>> = vec![vec![String::new(); rounds as usize]; t.players.len()];
    let absent_value = t.general("genNBW2ValueAbsent").unwrap_or("0").to_string();
    let bye_value = t.general("genNBW2ValueBye").unwrap_or("2").to_string();
    let unplayed = |v: &str| match v.trim() {
        "2" => "0+",
        "1" => "0=",
        _ => "0-",
    };
    for (i, slots) in by_round.iter_mut().enumerate() {
        for (r, s) in slots.iter_mut().enumerate() {
            *s = if t.byes.contains(&(r as u32 + 1, i)) {
                unplayed(&bye_value).to_string()
            } else {
                unplayed(&absent_value).to_string()
            };
        }
    }
    for game in t.games.iter().filter(|g| g.round <= rounds) {
        let r = game.round as usize - 1;
        let (b, w) = match game.result {
            GothaResult::BlackWins => ('+', '-'),
            GothaResult::WhiteWins => ('-', '+'),
            GothaResult::Equal => ('=', '='),
            GothaResult::BothWin => ('+', '+'),
            GothaResult::BothLose => ('-', '-'),
            // The EGD's mark for a result it does not know.
            GothaResult::Unknown => ('?', '?'),
        };
        let bang = if game.by_default { "!" } else { "" };
        by_round[game.black][r] = format!("{}{b}/b{}{bang}", num[game.white], game.handicap);
        by_round[game.white][r] = format!("{}{w}/w{}{bang}", num[game.black], game.handicap);
    }
    for row in &rows {
        let p = &t.players[row.player];
        let mut line = format!(
            "{} {} {} {} {}",
            row.num,
            format!(
                "{} {}",
                egd_case(&p.name).replace(' ', "_"),
                egd_case(&p.first_name).replace(' ', "_")
            )
            .trim_end(),
            p.rank.text.to_lowercase(),
            if p.country.is_empty() { "-" } else { &p.country },
            if p.club.is_empty() { "-" } else { &p.club }.replace(' ', "_"),
        );
        for (c, v) in criteria.iter().zip(&row.values) {
            line += &format!(" {}", value_text(c, *v));
        }
        for tok in &by_round[row.player] {
            line += &format!(" {tok}");
        }
        if let Some(pin) = p.egf_pin() {
            line += &format!(" |{pin}");
        }
        out += &line;
        out.push('\n');
    }
    Ok(out)
}
