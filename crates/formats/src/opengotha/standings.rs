//! An event's standings as OpenGotha places them, from the OpenGotha file kept with the event
//! and the event itself: what `weiqi event standings` prints and what the server's standings
//! (the event page, the results wall, the printed standings) show for an imported event.
//!
//! The file is first brought up to date with the event ([`super::merge`]: the results and
//! rounds entered since the import), then placed by OpenGotha's own rules
//! ([`Tournament::placement`]) after the event's last complete round, the round weiqi's own
//! standings stop at, so that both count the same games. The criteria are the file's, by the
//! names OpenGotha gives them; [`criterion_name`] says each in English or Chinese.

use super::{Criterion, Tournament};
use crate::FormatError;
use rules::Lang;
use tournament::{Event, PlayerId};

/// An event's standings as OpenGotha places them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GothaStandings {
    /// The last complete round (every game has a result): the placement counts rounds 1 to
    /// `after_round`, as weiqi's own standings do.
    pub after_round: u32,
    /// The file's placement criteria, in order, as OpenGotha names them (`MMS`, `SOSM`, …;
    /// `NULL` left out).
    pub criteria: Vec<String>,
    /// The players, best first, in OpenGotha's order (ties on every criterion by name, as
    /// OpenGotha orders them).
    pub rows: Vec<GothaRow>,
}

/// One player's line of [`GothaStandings`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GothaRow {
    /// The player in the event.
    pub player: PlayerId,
    /// The place: players equal on every criterion share it, as OpenGotha shares it.
    pub place: u32,
    /// Whether another player shares the place (OpenGotha writes it `3=`).
    pub shared: bool,
    /// Each criterion's value as OpenGotha keeps it (scores doubled, SODOS quadrupled, CAT
    /// negated from 0); [`GothaStandings::texts`] writes them.
    pub values: Vec<i64>,
}

impl GothaStandings {
    /// A row's values as OpenGotha shows them ([`super::value_text`]: `12.5`, `20.25`, CAT
    /// from 1).
    pub fn texts(&self, row: &GothaRow) -> Vec<String> {
        self.criteria
            .iter()
            .zip(&row.values)
            .map(|(c, v)| super::value_text(c, *v))
            .collect()
    }
}

/// The standings of `ev` as OpenGotha places them, from `file`, the OpenGotha file kept with
/// the event: the file merged with the event, placed after the event's last complete round
/// under the file's criteria. An error when the file names a criterion OpenGotha does not
/// know.
pub fn standings(file: &Tournament, ev: &Event) -> Result<GothaStandings, FormatError> {
    // The merged tournament lists the event's players in the event's order, so a player's
    // index in it is their `PlayerId`.
    let merged = super::merge(Some(file), ev);
    let after_round = ev.complete_rounds();
    let (criteria, placed) = merged.placement(after_round)?;
    // Players sharing a place are next to each other in the placement.
    let place_at = |i: usize| placed.get(i).map(|q| q.place);
    let rows = placed
        .iter()
        .enumerate()
        .map(|(i, p)| GothaRow {
            player: PlayerId(p.player),
            place: p.place,
            shared: (i > 0 && place_at(i - 1) == Some(p.place)) || place_at(i + 1) == Some(p.place),
            values: p.values.clone(),
        })
        .collect();
    Ok(GothaStandings {
        after_round,
        criteria,
        rows,
    })
}

/// An OpenGotha criterion (by the name OpenGotha writes) as a director reads it in `lang`:
/// in English the name OpenGotha shows (`SOSM`), which its directors know; in Chinese what it
/// counts (对手麦克马洪分之和), with no Latin letters, as a Chinese page shows it. A name
/// OpenGotha does not know comes back as it is.
pub fn criterion_name(name: &str, lang: Lang) -> String {
    let Some(c) = Criterion::from_name(name) else {
        return name.to_string();
    };
    if lang == Lang::En {
        return c.name().to_string();
    }
    // OpenGotha's meanings (`PlacementParameterSet`, and `scoring`'s rules): W counts wins
    // (NBW), M the McMahon score (MMS), -1 and -2 drop the lowest opponents, SODOS counts
    // the opponents beaten, SOSOS the opponents' opponents, CUSS the score after each round.
    match c {
        Criterion::Null => "无",
        Criterion::Cat => "组别",
        Criterion::Rank => "段位",
        Criterion::Rating => "等级分",
        Criterion::Nbw => "胜局数",
        Criterion::Cps => "杯赛分",
        Criterion::Mms => "麦克马洪分",
        Criterion::Sts => "斯特拉斯堡分",
        Criterion::Cussw => "累进胜局数",
        Criterion::Cussm => "累进麦克马洪分",
        Criterion::Sosw => "对手胜局数之和",
        Criterion::SoswM1 => "对手胜局数之和（去最低一人）",
        Criterion::SoswM2 => "对手胜局数之和（去最低二人）",
        Criterion::Sodosw => "所胜对手胜局数之和",
        Criterion::Sosm => "对手麦克马洪分之和",
        Criterion::SosmM1 => "对手麦克马洪分之和（去最低一人）",
        Criterion::SosmM2 => "对手麦克马洪分之和（去最低二人）",
        Criterion::Sodosm => "所胜对手麦克马洪分之和",
        Criterion::Sosts => "对手斯特拉斯堡分之和",
        Criterion::Sososw => "对手的对手胜局数之和",
        Criterion::Sososm => "对手的对手麦克马洪分之和",
        // Exploits: games against stronger players with too few handicap stones, tried (EXT)
        // and won (EXR).
        Criterion::Ext => "越级挑战分",
        Criterion::Exr => "越级挑战成功分",
        Criterion::Dc => "直接对局",
        Criterion::Sdc => "简化直接对局",
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_criterion_has_a_chinese_name_without_latin_letters_and_its_opengotha_name_in_english() {
        for name in Criterion::names() {
            let zh = criterion_name(name, Lang::Zh);
            assert!(
                !zh.is_empty() && !zh.chars().any(|c| c.is_ascii_alphabetic()),
                "{name}: {zh}"
            );
            assert_eq!(criterion_name(name, Lang::En), name);
        }
        assert_eq!(criterion_name("SOSM", Lang::Zh), "对手麦克马洪分之和");
        assert_eq!(criterion_name("UNKNOWN", Lang::Zh), "UNKNOWN");
    }
}
