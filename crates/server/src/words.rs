//! What the API says in both languages of the pages: a 400 whose text is the string of its
//! key in [`STRINGS`], its `{name}` places filled in; and a time control the clock crate
//! cannot read. The API owns these words: the pages show the body's `message` or `zh`.

use crate::error::ApiError;

/// What is wrong, in both languages of the pages: the text of `key` in [`STRINGS`].
pub struct Said {
    /// The key of the text in the pages' strings.
    pub key: &'static str,
    /// In English.
    pub en: String,
    /// In Chinese.
    pub zh: String,
}

impl Said {
    /// A 409: what is said conflicts with what exists (a round started already).
    pub fn conflict(self) -> ApiError {
        ApiError::InConflict {
            key: self.key,
            en: self.en,
            zh: self.zh,
        }
    }
}

impl From<Said> for ApiError {
    fn from(s: Said) -> ApiError {
        ApiError::Invalid {
            key: s.key,
            en: s.en,
            zh: s.zh,
        }
    }
}

impl Said {
    /// The 403 that says it: the role does not allow what was asked.
    pub fn denied(self) -> ApiError {
        ApiError::Denied {
            key: self.key,
            en: self.en,
            zh: self.zh,
        }
    }
}

/// The text of `key` in both languages, its `{name}` places filled from `params` (given by
/// language, for a value that is itself a name the pages translate).
pub fn said(key: &'static str, params: impl Fn(web::Lang) -> Vec<(&'static str, String)>) -> Said {
    let [en, zh] = [web::Lang::En, web::Lang::Zh].map(|lang| {
        let mut text = text(lang, key).to_string();
        for (name, value) in params(lang) {
            text = text.replace(&format!("{{{name}}}"), &value);
        }
        text
    });
    Said { key, en, zh }
}

/// A time control the clock crate cannot read, in both languages: the clock's own English
/// (the spec quoted, the column, what is wrong), which the pages' strings repeat word for
/// word beside the Chinese.
pub fn time_error(e: &clock::SpecError) -> Said {
    use clock::{ControlError as C, SpecErrorKind as K};
    let key = match &e.kind {
        K::Empty => "time.err.empty",
        K::ExpectedNumber => "time.err.expected_number",
        K::ExpectedUnit => "time.err.expected_unit",
        K::UnitOrder => "time.err.unit_order",
        K::TooLarge => "time.err.too_large",
        K::AmbiguousOvertime => "time.err.ambiguous_overtime",
        K::ExpectedUnitOrOvertime => "time.err.expected_unit_or_overtime",
        K::ExpectedSlashWord => "time.err.expected_slash_word",
        K::ExpectedLeftover => "time.err.expected_leftover",
        K::ExpectedSlash => "time.err.expected_slash",
        K::Trailing => "time.err.trailing",
        K::Space => "time.err.space",
        K::FischerWithoutMain => "time.err.fischer_without_main",
        K::Invalid(C::ZeroMain) => "time.err.zero_main",
        K::Invalid(C::NoPeriods) => "time.err.no_periods",
        K::Invalid(C::PeriodTooShort) => "time.err.period_too_short",
        K::Invalid(C::ZeroPeriod) => "time.err.zero_period",
        K::Invalid(C::NoMoves) => "time.err.no_moves",
        K::Invalid(C::ZeroIncrement) => "time.err.zero_increment",
        K::Invalid(C::RegularCalls) => "time.err.regular_calls",
        K::Invalid(C::LastCalls) => "time.err.last_calls",
        K::Invalid(C::CountdownTooLong) => "time.err.countdown_too_long",
    };
    said(key, |_| {
        vec![("spec", format!("{:?}", e.spec)), ("column", e.column.to_string())]
    })
}

/// A file the `formats` crate could not read, in both languages: what kind of file (`what`:
/// `CSV`, `Excel`, `OpenGotha`), and the reader's own words, which name the line, the element
/// or the field and the value.
pub fn format_error(what: &str, e: &formats::FormatError) -> Said {
    use formats::FormatError as F;
    let (key, detail) = match e {
        F::Line { line, what: detail } => {
            return said("import.err.line", |lang| {
                let detail = match lang {
                    web::Lang::Zh => line_zh(detail).unwrap_or_else(|| detail.clone()),
                    web::Lang::En => detail.clone(),
                };
                vec![
                    ("file", what.to_string()),
                    ("line", line.to_string()),
                    ("detail", detail),
                ]
            });
        }
        F::Xml(m) => ("import.err.xml", m.clone()),
        F::TooLarge(m) => ("import.err.too_large", m.clone()),
        F::Csv(m) | F::Invalid(m) | F::Xlsx(m) | F::Unsupported(m) => ("import.err.file", m.clone()),
        F::NotLatin1(texts) => ("import.err.file", texts.join("; ")),
    };
    said(key, |_| vec![("file", what.to_string()), ("detail", detail.clone())])
}

/// A registration line's fault in Chinese, from the words the `formats` crate's reader writes
/// for it (`csv_io::registrations_from_rows`, the CSV's and the Excel sheet's), with the name
/// and the value it quotes; `None` for words it does not know (the English then stands). The
/// test `every_registration_fault_is_said_in_chinese` holds each template to the reader.
fn line_zh(detail: &str) -> Option<String> {
    if detail == "the name is empty" {
        return Some("姓名为空".into());
    }
    if let Some(name) = detail.strip_suffix(" is registered twice") {
        return Some(format!("{name}报名了两次"));
    }
    if let Some(name) = detail.strip_suffix(": the rank is empty") {
        return Some(format!("{name}：段位为空"));
    }
    if let Some(rest) = detail.strip_prefix("the name has ") {
        let (n, max) = rest.split_once(" characters: at most ")?;
        return Some(format!("姓名有{n}个字符：最多{max}个"));
    }
    if let Some(rest) = detail.strip_prefix("no name column (the header is ") {
        let header = rest.strip_suffix("; name/姓名 and rank/段位 are needed)")?;
        return Some(format!(
            "没有姓名列（表头为{header}；须有 name/姓名 与 rank/段位 两列）"
        ));
    }
    if let Some(rest) = detail.strip_prefix("no rank column (the header is ") {
        let header = rest.strip_suffix("; name/姓名 and rank/段位 are needed)")?;
        return Some(format!(
            "没有段位列（表头为{header}；须有 name/姓名 与 rank/段位 两列）"
        ));
    }
    if let Some((name, rest)) = detail.split_once(": rank ") {
        let value = rest.strip_suffix(" is not like 5d, 3k, 2p, 5段, 3级 or 职业九段")?;
        return Some(format!(
            "{name}：段位{value}无法识别，应写如 5d、3k、2p、5段、3级 或 职业九段"
        ));
    }
    if let Some((name, rest)) = detail.split_once(": rating ") {
        if let Some(value) = rest.strip_suffix(" is not a number") {
            return Some(format!("{name}：等级分{value}不是数字"));
        }
        let (value, range) = rest.split_once(" is outside ")?;
        let (low, high) = range.split_once("..=")?;
        return Some(format!("{name}：等级分{value}超出{low}至{high}的范围"));
    }
    None
}

/// The text of `key` in `lang` (the key itself if there is none: the tests say every key
/// the API uses, in both languages).
pub fn text(lang: web::Lang, key: &str) -> &str {
    STRINGS
        .iter()
        .find(|(k, _, _)| *k == key)
        .map_or(key, |(_, en, zh)| match lang {
            web::Lang::En => en,
            web::Lang::Zh => zh,
        })
}

/// Key, English, Chinese.
pub const STRINGS: &[(&str, &str, &str)] = &[
    // The account names the server refuses (server::account_name), in both languages.
    (
        "account.err.empty",
        "an account name is needed: 1 to {max} characters",
        "请填写账号名：1至{max}个字符",
    ),
    (
        "account.err.too_long",
        "the account name has {chars} characters: at most {max}",
        "账号名有{chars}个字符：最多{max}个",
    ),
    (
        "account.err.invisible",
        "the account name's character {at} ({code}) is a control, invisible or special space character: use letters, digits, marks and plain spaces",
        "账号名第{at}个字符（{code}）是控制字符、不可见字符或特殊空格：请只用文字、数字、符号和普通空格",
    ),
    (
        "account.err.edge_space",
        "the account name starts or ends with a space: remove it",
        "账号名以空格开头或结尾：请删去",
    ),
    (
        "account.err.double_space",
        "the account name has two spaces in a row (character {at}): use one",
        "账号名中有连续两个空格（第{at}个字符）：请只用一个",
    ),
    (
        "account.err.confusable",
        "the account name {name} looks like the existing account {existing}: choose a name that cannot be mistaken for it",
        "账号名{name}与已有账号{existing}容易混淆：请换一个不会被认错的名字",
    ),
    // A file the pages import or export (`http/transfer.rs`, `http/players.rs`): the
    // `formats` crate's own words name the line, element or field.
    (
        "import.err.line",
        "the {file} file, line {line}: {detail}",
        "{file}文件第{line}行有误：{detail}",
    ),
    (
        "import.err.xml",
        "the {file} file is not well-formed XML: {detail}",
        "{file}文件不是规范的XML：{detail}",
    ),
    (
        "import.err.too_large",
        "the {file} file is too large: {detail}",
        "{file}文件太大：{detail}",
    ),
    (
        "import.err.body",
        "the file is larger than {max} MiB, the most that is read",
        "文件超过{max} MiB，无法读取（最多{max} MiB）",
    ),
    (
        "import.err.file",
        "the {file} file cannot be read: {detail}",
        "{file}文件无法读取：{detail}",
    ),
    (
        "import.err.id",
        "the event id {id} must be 1 to 64 letters, digits, dots, dashes or underscores",
        "比赛编号{id}须为1至64个字母、数字、点、连字符或下划线",
    ),
    (
        "import.err.exists",
        "an event with the id {id} exists already: choose another id",
        "编号为{id}的比赛已存在：请换一个编号",
    ),
    (
        "import.err.refused",
        "the file was not imported, nothing was created: {detail}",
        "文件未导入，未建立任何内容：{detail}",
    ),
    (
        "export.err.format",
        "no export format {format}: opengotha, h9, csv or html",
        "没有{format}这种导出格式：可选 opengotha、h9、csv 或 html",
    ),
    (
        "export.err.what",
        "a CSV export of {what}: standings or pairings",
        "CSV导出不支持{what}：可选 standings（名次）或 pairings（对阵）",
    ),
    (
        "export.err.write",
        "the event cannot be written in this format: {detail}",
        "比赛无法以此格式导出：{detail}",
    ),
    // Who may act in a game (`http/games.rs`'s `resolve_actor`, Art. 29–31).
    (
        "game.err.no_role",
        "{account} has no seat in game {game} and no referee role in its event: play through your seat link, or ask the event's organizer to appoint you",
        "{account}在第{game}局没有座位，也不是该比赛的裁判：请用你的座位链接下棋，或请比赛的组织者任命你",
    ),
    (
        "game.err.organizer_not_referee",
        "{account} organizes event {event}, whose chief referee is appointed: to act in its games as a referee, appoint yourself one of its referees",
        "{account}是比赛{event}的组织者，该比赛已任命裁判长：如要在对局中执行裁判，请任命自己为该比赛的裁判员",
    ),
    (
        "game.err.no_official",
        "{account} has no seat in game {game} and did not create it: only its players and its creator act in it",
        "{account}在第{game}局没有座位，也不是该局的创建者：只有对局双方和创建者可以操作",
    ),
    // The round form's refusals (`http/rounds.rs`'s `check_start`); and a time control the clock crate cannot read (clock::SpecError,
    // its English word for word).
    (
        "round.err.size",
        "board size {size} is not supported: it must be between {min} and {max}",
        "不支持{size}路棋盘：应在{min}至{max}路之间",
    ),
    (
        "round.err.komi",
        "komi of {points} points is more than the {board_points} points of a {n}×{n} board",
        "贴目{points}目，超过了{n}×{n}棋盘的全部{board_points}目",
    ),
    (
        "round.err.handicap_komi",
        "the komi of the handicap games of {points} points is more than the {board_points} points of a {n}×{n} board",
        "让子棋贴目{points}目，超过了{n}×{n}棋盘的全部{board_points}目",
    ),
    (
        "round.err.lost_turn",
        "a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control {control} has none",
        "超时改判弃权一次只适用于读秒（第22.5条）；用时{control}没有读秒",
    ),
    (
        "round.err.no_board",
        "round {round} has no board {board}",
        "第{round}轮没有第{board}台",
    ),
    (
        "round.err.two_handicaps",
        "board {board} is given two handicaps",
        "第{board}台给了两个让子数",
    ),
    (
        "round.err.even_games",
        "event {event} is {system}, which plays even games: handicaps are for a McMahon event",
        "比赛{event}为{system}，只下分先棋：让子只用于麦克马洪制比赛",
    ),
    (
        "round.err.stones",
        "board {board}: a handicap of {stones} stones; give 0 (an even game) or 2 to 9",
        "第{board}台：不能让{stones}子；请填0（分先）或2至9",
    ),
    (
        "round.err.equal_ranks",
        "board {board}: {black} ({black_rank}) and {white} ({white_rank}) are of the same rank, so neither takes a handicap; give 0 (an even game)",
        "第{board}台：{black}（{black_rank}）与{white}（{white_rank}）段位相同，无人受让；请填0（分先）",
    ),
    (
        "round.err.no_places",
        "board {board}: {stones} handicap stones have no fixed places on a {n}×{n} board",
        "第{board}台：{n}×{n}棋盘上没有让{stones}子的固定位置",
    ),
    (
        "round.err.started",
        "round {round} has started: every board has its game. Its seat links stay on the round's page (show or print them again there); a board's link is replaced with \"New link\"",
        "第{round}轮已开始：每台都已有对局。座位链接仍在本轮页面上（可在此再次显示或打印）；某台链接可用“新链接”更换",
    ),
    (
        "round.err.board_started",
        "board {board} of round {round} has started already: its seat links are on the round's page",
        "第{round}轮第{board}台已开始：座位链接在本轮页面上",
    ),
    (
        "round.err.board_result",
        "board {board} of round {round} has its result already",
        "第{round}轮第{board}台已有结果",
    ),
    (
        "time.err.empty",
        "time control {spec}, column {column}: empty; write e.g. none, 10m, 1h+3x60s, 10m+15/10m or 5m+10s/move",
        "用时{spec}第{column}个字符：为空；请写如 none、10m、1h+3x60s、10m+15/10m 或 5m+10s/move",
    ),
    (
        "time.err.expected_number",
        "time control {spec}, column {column}: expected a number",
        "用时{spec}第{column}个字符：此处应为数字",
    ),
    (
        "time.err.expected_unit",
        "time control {spec}, column {column}: expected a unit after the number: h, m, s or ms",
        "用时{spec}第{column}个字符：数字后应有单位：h、m、s 或 ms",
    ),
    (
        "time.err.unit_order",
        "time control {spec}, column {column}: units must go from largest to smallest, each once (1h30m, not 30m1h)",
        "用时{spec}第{column}个字符：单位须从大到小，各用一次（1h30m，而非 30m1h）",
    ),
    (
        "time.err.too_large",
        "time control {spec}, column {column}: number too large",
        "用时{spec}第{column}个字符：数字太大",
    ),
    (
        "time.err.ambiguous_overtime",
        "time control {spec}, column {column}: a duration alone after +: write 1x10s for byo-yomi or 10s/move for a fischer increment",
        "用时{spec}第{column}个字符：+ 后只有一个时长：读秒写 1x10s，费舍尔加秒写 10s/move",
    ),
    (
        "time.err.expected_unit_or_overtime",
        "time control {spec}, column {column}: expected a unit (h, m, s, ms), x (byo-yomi periods, as in 3x60s) or / (canadian moves per time, as in 15/10m) after the number",
        "用时{spec}第{column}个字符：数字后应为单位（h、m、s、ms）、x（读秒次数，如 3x60s）或 /（加拿大式每段步数与时间，如 15/10m）",
    ),
    (
        "time.err.expected_slash_word",
        "time control {spec}, column {column}: expected /move (fischer increment)",
        "用时{spec}第{column}个字符：此处应为 /move（费舍尔加秒）",
    ),
    (
        "time.err.expected_leftover",
        "time control {spec}, column {column}: expected :carry or :reset",
        "用时{spec}第{column}个字符：此处应为 :carry 或 :reset",
    ),
    (
        "time.err.expected_slash",
        "time control {spec}, column {column}: expected / between the regular calls, the last-period calls and the count",
        "用时{spec}第{column}个字符：常规读秒、最后一次读秒与倒数之间应以 / 分隔",
    ),
    (
        "time.err.trailing",
        "time control {spec}, column {column}: unexpected text after the spec",
        "用时{spec}第{column}个字符：用时之后有多余的文字",
    ),
    (
        "time.err.space",
        "time control {spec}, column {column}: no spaces in a time control (1h30m+3x60s)",
        "用时{spec}第{column}个字符：用时中不能有空格（1h30m+3x60s）",
    ),
    (
        "time.err.fischer_without_main",
        "time control {spec}, column {column}: a fischer increment needs a main time before it, as in 5m+10s/move",
        "用时{spec}第{column}个字符：费舍尔加秒前须有基本用时，如 5m+10s/move",
    ),
    (
        "time.err.zero_main",
        "time control {spec}, column {column}: the basic time must not be zero",
        "用时{spec}第{column}个字符：基本用时不能为零",
    ),
    (
        "time.err.no_periods",
        "time control {spec}, column {column}: byo-yomi needs at least one period",
        "用时{spec}第{column}个字符：读秒至少要有一次",
    ),
    (
        "time.err.period_too_short",
        "time control {spec}, column {column}: a byo-yomi period must last at least one second",
        "用时{spec}第{column}个字符：每次读秒至少一秒",
    ),
    (
        "time.err.zero_period",
        "time control {spec}, column {column}: a canadian period must not be zero",
        "用时{spec}第{column}个字符：加拿大式每段时间不能为零",
    ),
    (
        "time.err.no_moves",
        "time control {spec}, column {column}: a canadian period needs at least one move",
        "用时{spec}第{column}个字符：加拿大式每段至少一步",
    ),
    (
        "time.err.zero_increment",
        "time control {spec}, column {column}: a fischer increment must not be zero",
        "用时{spec}第{column}个字符：费舍尔加秒不能为零",
    ),
    (
        "time.err.regular_calls",
        "time control {spec}, column {column}: the regular calls must be strictly increasing seconds inside the period",
        "用时{spec}第{column}个字符：常规读秒的秒数须在一次读秒之内严格递增",
    ),
    (
        "time.err.last_calls",
        "time control {spec}, column {column}: the last-period calls must be strictly increasing seconds before the countdown",
        "用时{spec}第{column}个字符：最后一次读秒的秒数须在倒数之前严格递增",
    ),
    (
        "time.err.countdown_too_long",
        "time control {spec}, column {column}: the countdown must not be longer than the period",
        "用时{spec}第{column}个字符：倒数不能长于一次读秒",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use clock::{ControlError as C, SpecError, SpecErrorKind as K};

    /// Every text of the table fills every place in both languages: what the English names,
    /// the Chinese names too, and neither keeps a `{…}`.
    #[test]
    fn every_text_fills_the_same_places_in_both_languages() {
        for &(key, en, _) in STRINGS {
            let places: Vec<(&'static str, String)> = en
                .split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}'))
                .map(|(name, _)| (name, format!("<{name}>")))
                .collect();
            let s = said(key, |_| places.clone());
            assert!(
                !s.en.contains(['{', '}']) && !s.zh.contains(['{', '}']),
                "{key}: {} / {}",
                s.en,
                s.zh
            );
            for (name, value) in &places {
                assert!(
                    s.zh.contains(value.as_str()),
                    "{key}: the Chinese has no {{{name}}}: {}",
                    s.zh
                );
            }
        }
    }

    /// Every fault the registration reader names on a line is said in Chinese: no English
    /// word is left but the values quoted from the file.
    #[test]
    fn every_registration_fault_is_said_in_chinese() {
        let files = [
            "name,rank\nAnn,2d\n,3k\n",
            "name,rank\nAnn,2d\nBo,\n",
            "name,rank\nAnn,9x\n",
            "name,rank,rating\nAnn,2d,NaN\n",
            "name,rank,rating\nAnn,2d,99999\n",
            "name,rank\nAnn,2d\nAnn,3k\n",
            "club,rank\nBeijing,2d\n",
            "name,club\nAnn,Beijing\n",
        ];
        let long = format!("name,rank\n{},2d\n", "x".repeat(101));
        for file in files.iter().copied().chain([long.as_str()]) {
            let e = formats::csv_io::read_registrations(file.as_bytes()).unwrap_err();
            let s = format_error("CSV", &e);
            let formats::FormatError::Line { what, .. } = &e else {
                panic!("{e}")
            };
            let zh = line_zh(what).unwrap_or_else(|| panic!("no Chinese for {what:?}"));
            assert!(s.zh.ends_with(&zh), "{}", s.zh);
            let quoted = ["Ann", "Bo", "Beijing", "club", "name", "rank", "NaN", "xxx"];
            let english = zh
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| w.len() > 2 && !quoted.iter().any(|k| w.contains(k)))
                .collect::<Vec<_>>();
            assert!(english.is_empty(), "English in {zh:?}: {english:?}");
        }
    }

    /// Every way a time control can be unreadable: the pages' English is the clock crate's
    /// word for word, and the Chinese is filled in (no place left, no English key shown).
    #[test]
    fn every_time_control_error_is_said_in_both_languages_the_english_the_clocks() {
        let kinds = [
            K::Empty,
            K::ExpectedNumber,
            K::ExpectedUnit,
            K::UnitOrder,
            K::TooLarge,
            K::AmbiguousOvertime,
            K::ExpectedUnitOrOvertime,
            K::ExpectedSlashWord,
            K::ExpectedLeftover,
            K::ExpectedSlash,
            K::Trailing,
            K::Space,
            K::FischerWithoutMain,
            K::Invalid(C::ZeroMain),
            K::Invalid(C::NoPeriods),
            K::Invalid(C::PeriodTooShort),
            K::Invalid(C::ZeroPeriod),
            K::Invalid(C::NoMoves),
            K::Invalid(C::ZeroIncrement),
            K::Invalid(C::RegularCalls),
            K::Invalid(C::LastCalls),
            K::Invalid(C::CountdownTooLong),
        ];
        let mut keys = std::collections::HashSet::new();
        for kind in kinds {
            let e = SpecError {
                spec: "1h+\"3x".into(),
                column: 4,
                kind,
            };
            let s = time_error(&e);
            assert_eq!(s.en, e.to_string());
            assert!(s.zh.starts_with("用时\"1h+\\\"3x\"第4个字符："), "{}", s.zh);
            assert!(!s.zh.contains(['{', '}']) && s.zh != s.en, "{}", s.zh);
            assert!(keys.insert(s.key), "{} twice", s.key);
        }
        // A spec that really does not parse, as the form sends it.
        let e = "1h+3x".parse::<clock::TimeControl>().unwrap_err();
        let s = time_error(&e);
        assert_eq!(
            (s.en.as_str(), s.zh.as_str()),
            (
                "time control \"1h+3x\", column 6: expected a number",
                "用时\"1h+3x\"第6个字符：此处应为数字"
            )
        );
    }
}
