//! EGD results files (`.h9`), as OpenGotha exports them: a header of `; XX[…]` lines, then
//! one player per line — number, name, rank, country, club, the placement columns, one token
//! per round (`12+/w0`: the opponent's number, `+` won, `-` lost, `=` drawn, the color, the
//! handicap; `!` after a game not played; `0+`, `0=`, `0-` for a round without a game, as
//! the bye or absence counted), and `|` with the EGF pin when there is one.
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
    let text = text(t)?;
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

fn text(t: &Tournament) -> Result<String, FormatError> {
    let rounds = t.last_round();
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
    let hd = handicap_ceiling(t);
    out += &format!("; HA[h{hd}]\n");
    out += &format!("; KM[{}]\n", g("komi", "7.5"));
    out += &format!(
        "; TM[{}]\n",
        t.general("basicTime").map(|m| m.to_string()).unwrap_or_default()
    );
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
            GothaResult::BothLose | GothaResult::Unknown => ('-', '-'),
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
            format!("{} {}", p.name.replace(' ', "_"), p.first_name.replace(' ', "_")).trim_end(),
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
