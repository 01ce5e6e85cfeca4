//! The refusals of the cores (the referee, the tournament, the store, the file formats, the
//! challenge match) in both languages of the pages: each error's English is the core's own
//! `Display` (one copy, beside the rule it enforces); its Chinese is the text of its key in
//! `words::REFUSALS_ZH` (beside the API's own texts), the `{name}` places filled with the
//! error's values said in Chinese (a colour as 黑方, an official as 裁判长, a duration as
//! 1小时5分). Every variant has its key: the matches are exhaustive, so a new variant is a
//! compile error here until it is said in Chinese.

use crate::words::{REFUSALS_ZH as ZH, Said, fill};
use clock::{ClockError, Millis};
use referee::{Actor, Article, Offence, Penalty, RefereeError};
use rules::{Color, IllegalMove};
use storage::StoreError;
use tournament::{EventError, swiss::SwissError};

/// Parameters of a Chinese text: name, value.
type Params = Vec<(&'static str, String)>;

/// The error `en` (its `Display`) with its key, the Chinese of `key` filled from `params`.
fn core(key: &'static str, en: String, params: &Params) -> Said {
    let zh = ZH
        .iter()
        .find(|(k, _)| *k == key)
        .map_or_else(|| en.clone(), |(_, zh)| fill(zh, params));
    Said { key, en, zh }
}

/// A side in Chinese.
pub fn side(c: Color) -> String {
    match c {
        Color::Black => "黑方",
        Color::White => "白方",
    }
    .into()
}

/// Who acted, in Chinese.
fn actor(a: Actor) -> String {
    match a {
        Actor::Player(c) => side(c),
        Actor::Referee => "裁判员".into(),
        Actor::ChiefReferee => "裁判长".into(),
        Actor::System => "系统".into(),
    }
}

/// An article in Chinese: 第22条, 第22.5条.
fn article(a: Article) -> String {
    let s = a.to_string();
    format!("第{}条", s.trim_start_matches("Art. "))
}

/// A duration in Chinese: 1小时5分, 30秒, 0.5秒.
fn duration(m: Millis) -> String {
    let (h, min, s, ms) = (m.0 / 3_600_000, m.0 / 60_000 % 60, m.0 / 1000 % 60, m.0 % 1000);
    let mut out = String::new();
    if h > 0 {
        out += &format!("{h}小时");
    }
    if min > 0 {
        out += &format!("{min}分");
    }
    if s > 0 || ms > 0 || out.is_empty() {
        if ms > 0 {
            out += format!("{s}.{ms:03}").trim_end_matches('0');
        } else {
            out += &s.to_string();
        }
        out += "秒";
    }
    out
}

/// Why a move is illegal, in Chinese.
fn illegal(m: IllegalMove) -> String {
    match m {
        IllegalMove::OffBoard => "该点在棋盘之外",
        IllegalMove::Occupied => "该点已有棋子",
        IllegalMove::Suicide => "禁着点（第5条：自杀）",
        IllegalMove::Ko => "打劫：不能立即回提单劫（第6条、第20.1条）",
        IllegalMove::Repetition => "全局同形再现（第6条）",
        IllegalMove::GameOver => "对局已经结束（第7条）",
    }
    .into()
}

/// An offence (Ch. 3), in Chinese.
fn offence(o: Offence) -> String {
    match o {
        Offence::Cheating => "作弊",
        Offence::Withdrawal => "无故弃赛",
        Offence::Disturbing => "干扰对方",
        Offence::Consulting => "讨论棋局或查阅资料",
        Offence::Talking => "擅自交谈",
        Offence::PhoneSounded => "手机发出声响",
        Offence::PhoneLookedAt => "看手机",
        Offence::Smoking => "吸烟",
    }
    .into()
}

/// A penalty, in Chinese.
fn penalty(p: Penalty) -> String {
    match p {
        Penalty::Warning => "警告",
        Penalty::Loss => "判负",
        Penalty::BothLose => "双方判负",
    }
    .into()
}

/// What the referee's permission check names (`referee::permit`: the action, who may take
/// it), in Chinese; a phrase it does not know is given as it is.
fn phrase(s: &str) -> String {
    match s {
        "settle the colours" => "确定黑白",
        "start the game" => "开始对局",
        "record an arrival" => "登记到场",
        "record an earlier arrival" => "登记此前的到场时刻",
        "rule a lateness forfeit" => "判迟到负",
        "play" => "落子",
        "propose the end" => "提出终局",
        "accept the end" => "同意终局",
        "resign" => "认输",
        "ask for a lost turn on timeout" => "要求以停一手代替超时判负",
        "mark dead stones" => "标记死子",
        "accept a marking" => "同意死子标记",
        "dispute life and death" => "对死活提出异议",
        "ask for a recount" => "要求复数",
        "record a player's request for a recount" => "登记棋手的复数要求",
        "confirm the result" => "确认结果",
        "pause the clocks" => "暂停计时",
        "resume the clocks" => "恢复计时",
        "record a flag" => "登记超时",
        "give a ruling" => "作出裁决",
        "correct the clocks" => "更正计时",
        "adjudicate" => "裁决",
        "overrule a ruling" => "推翻裁决",
        "correct a result" => "更正结果",
        "a referee or the system" => "裁判员或系统",
        "the system" => "系统",
        "the player themself, a referee or the system" => "棋手本人、裁判员或系统",
        "a player, for their own colour" => "棋手本人（仅限己方）",
        "a player" => "棋手",
        "a player, a referee or the system" => "棋手、裁判员或系统",
        "a player or a referee" => "棋手或裁判员",
        "a referee" => "裁判员",
        "the players and a referee" => "双方棋手和裁判员",
        "the chief referee" => "裁判长",
        other => other,
    }
    .into()
}

/// A clock's refusal, in Chinese.
fn clock(e: &ClockError) -> String {
    match e {
        ClockError::InvalidControl(c) => format!("用时规定无效：{c}"),
        ClockError::TimeWentBack { at, last } => format!("时刻{at}早于已交给计时钟的{last}"),
        ClockError::NotStarted => "计时钟尚未开始".into(),
        ClockError::AlreadyStarted => "计时钟已经开始".into(),
        ClockError::Stopped => "对局已结束，计时钟已停（第13条）".into(),
        ClockError::Paused => "计时已暂停（第14条）：请先恢复计时".into(),
        ClockError::NotPaused => "计时没有暂停".into(),
        ClockError::NotYourTurn { pressed, running } => {
            format!("{}按了计时钟，但正在走的是{}的时间", side(*pressed), side(*running))
        }
        ClockError::Flagged(t) => format!("{}已于{}超时（第12.4条、第22.5条）", side(t.color), t.at),
        ClockError::NotFlagged => "没有一方超时".into(),
        ClockError::LostTurnNotAllowed => "以停一手代替判负只适用于读秒中的超时（第22.5条）".into(),
        ClockError::NotInByoYomi => "行棋方不在读秒中（第16.2条）".into(),
        ClockError::RereadAhead { from, now } => {
            format!(
                "不能从{}起重新读秒：本次读秒只走了{}（第16.2条）",
                duration(*from),
                duration(*now)
            )
        }
    }
}

/// A referee's refusal (`referee::RefereeError`) in both languages.
pub fn referee(e: &RefereeError) -> Said {
    use RefereeError as E;
    let p = |v: &[(&'static str, String)]| v.to_vec();
    let (key, params): (&'static str, Params) = match e {
        E::OutOfOrder { last, at } => (
            "referee.err.out_of_order",
            p(&[("at", at.to_string()), ("last", last.to_string())]),
        ),
        E::NotPermitted {
            actor: a,
            action,
            allowed,
            article: art,
        } => (
            "referee.err.not_permitted",
            p(&[
                ("actor", actor(*a)),
                ("action", phrase(action)),
                ("allowed", phrase(allowed)),
                ("article", article(*art)),
            ]),
        ),
        E::NotStarted => ("referee.err.not_started", vec![]),
        E::NoColours => ("referee.err.no_colours", vec![]),
        E::ColoursSettled => ("referee.err.colours_settled", vec![]),
        E::AlreadyStarted => ("referee.err.already_started", vec![]),
        E::NotYourTurn { side: s } => ("referee.err.not_your_turn", p(&[("side", side(*s))])),
        E::Illegal(m) => ("referee.err.illegal", p(&[("why", illegal(*m))])),
        E::Paused => ("referee.err.paused", vec![]),
        E::NotPaused => ("referee.err.not_paused", vec![]),
        E::Absent { side: s } => ("referee.err.absent", p(&[("side", side(*s))])),
        E::NotAbsent { side: s } => ("referee.err.not_absent", p(&[("side", side(*s))])),
        E::SeatedLater { seated, at } => (
            "referee.err.seated_later",
            p(&[("seated", seated.0.to_string()), ("at", at.0.to_string())]),
        ),
        E::WithinLateLimit { late, limit } => (
            "referee.err.within_late_limit",
            p(&[("late", duration(*late)), ("limit", duration(*limit))]),
        ),
        E::NoLateLimit => ("referee.err.no_late_limit", vec![]),
        E::OutOfTime { side: s } => ("referee.err.out_of_time", p(&[("side", side(*s))])),
        E::TimeLeft { side: s } => ("referee.err.time_left", p(&[("side", side(*s))])),
        E::LostTurnNotAllowed => ("referee.err.lost_turn_not_allowed", vec![]),
        E::LostTurnWithoutByoYomi { time } => ("referee.err.lost_turn_without_byo_yomi", p(&[("time", time.clone())])),
        E::PlayOver => ("referee.err.play_over", vec![]),
        E::NotCounting => ("referee.err.not_counting", vec![]),
        E::NoEndProposed => ("referee.err.no_end_proposed", vec![]),
        E::HasResult => ("referee.err.has_result", vec![]),
        E::NoResult => ("referee.err.no_result", vec![]),
        E::Confirmed => ("referee.err.confirmed", vec![]),
        E::NotConfirmed => ("referee.err.not_confirmed", vec![]),
        E::AlreadyConfirmed { actor: a } => ("referee.err.already_confirmed", p(&[("actor", actor(*a))])),
        E::NothingToRecount => ("referee.err.nothing_to_recount", vec![]),
        E::EndAgreed => ("referee.err.end_agreed", vec![]),
        E::NotAStone { point, size } => ("referee.err.not_a_stone", p(&[("point", point_name(*point, *size))])),
        E::MoveIsLegal { point, size } => ("referee.err.move_is_legal", p(&[("point", point_name(*point, *size))])),
        E::NotVoidable(m) => ("referee.err.not_voidable", p(&[("why", illegal(*m))])),
        E::NotASecondMove { side: s } => ("referee.err.not_a_second_move", p(&[("side", side(*s))])),
        E::TakeBackTooLate { side: s } => ("referee.err.take_back_too_late", p(&[("side", side(*s))])),
        E::NothingCaptured { side: s } => ("referee.err.nothing_captured", p(&[("side", side(*s))])),
        E::ColoursRuled => ("referee.err.colours_ruled", vec![]),
        E::PenaltyNotAllowed {
            offence: o,
            penalty: pe,
        } => (
            "referee.err.penalty_not_allowed",
            p(&[
                ("offence", offence(*o)),
                ("penalty", penalty(*pe)),
                ("article", article(o.article())),
            ]),
        ),
        E::NoSuchEvent { index } => ("referee.err.no_such_event", p(&[("index", index.to_string())])),
        E::NotOverrulable { index } => ("referee.err.not_overrulable", p(&[("index", index.to_string())])),
        E::AlreadyOverruled { index } => ("referee.err.already_overruled", p(&[("index", index.to_string())])),
        E::OverruleBreaks { index, error } => (
            "referee.err.overrule_breaks",
            p(&[("index", index.to_string()), ("error", referee(error).zh)]),
        ),
        E::Clock(c) => ("referee.err.clock", p(&[("clock", clock(c))])),
        E::KomiTooLarge(k) => {
            let n = k.size.get();
            (
                "referee.err.komi_too_large",
                p(&[
                    ("komi", k.komi.to_string()),
                    ("points", k.size.n_points().to_string()),
                    ("n", n.to_string()),
                ]),
            )
        }
    };
    core(key, e.to_string(), &params)
}

/// A point as the referee names it: GTP coordinates on the board, else column and row.
fn point_name(p: rules::Point, size: rules::BoardSize) -> String {
    if p.x < size.get() && p.y < size.get() {
        size.gtp(p)
    } else {
        format!("第{}列、从上数第{}行", u32::from(p.x) + 1, u32::from(p.y) + 1)
    }
}

/// A Swiss pairing's refusal, in Chinese.
fn swiss(e: &SwissError) -> String {
    match e {
        SwissError::TooFewPlayers(n) => format!("{n}名棋手无法编排：至少需要2名"),
        SwissError::TooLarge => "编排代价超出128位权重的范围".into(),
        SwissError::Unproven => "内部错误：找到的编排无法证明最优；本轮未编排".into(),
    }
}

/// The tournament's refusal (`tournament::EventError`) in both languages.
pub fn event(e: &EventError) -> Said {
    use EventError as E;
    let p = |v: &[(&'static str, String)]| v.to_vec();
    let q = |s: &str| format!("“{s}”");
    let (key, params): (&'static str, Params) = match e {
        E::DuplicatePlayer(n) => ("event.err.duplicate_player", p(&[("name", q(n))])),
        E::EmptyName => ("event.err.empty_name", vec![]),
        E::UnknownPlayer(n) => ("event.err.unknown_player", p(&[("name", q(n))])),
        E::UnknownPlayerId(i) => ("event.err.unknown_player_id", p(&[("id", i.to_string())])),
        E::BadSystem(s) => ("event.err.bad_system", p(&[("why", system_problem(s))])),
        E::BadRounds(r) => (
            "event.err.bad_rounds",
            p(&[
                ("rounds", r.to_string()),
                ("max", tournament::limits::MAX_ROUNDS.to_string()),
            ]),
        ),
        E::NoSuchRound(r) => ("event.err.no_such_round", p(&[("round", r.to_string())])),
        E::NoSuchBoard { round, board } => (
            "event.err.no_such_board",
            p(&[("round", round.to_string()), ("board", board.to_string())]),
        ),
        E::RoundUnfinished { round, board } => (
            "event.err.round_unfinished",
            p(&[("round", round.to_string()), ("board", board.to_string())]),
        ),
        E::Finished => ("event.err.finished", vec![]),
        E::PastPlannedRounds { round, planned } => (
            "event.err.past_planned_rounds",
            p(&[("round", round.to_string()), ("planned", planned.to_string())]),
        ),
        E::TooFewPlayers(n) => ("event.err.too_few_players", p(&[("n", n.to_string())])),
        E::Started => ("event.err.started", vec![]),
        E::AlreadyWithdrawn(n) => ("event.err.already_withdrawn", p(&[("name", q(n))])),
        E::StaleProposal { proposal, next } => (
            "event.err.stale_proposal",
            p(&[("proposal", proposal.to_string()), ("next", next.to_string())]),
        ),
        E::BadPairing(s) => ("event.err.bad_pairing", p(&[("why", pairing_problem(s))])),
        E::VoidGame { round, board } => (
            "event.err.void_game",
            p(&[("round", round.to_string()), ("board", board.to_string())]),
        ),
        E::Swiss(s) => ("event.err.swiss", p(&[("why", swiss(s))])),
        E::DuplicateTieBreak(t) => ("event.err.duplicate_tie_break", p(&[("tie_break", t.to_string())])),
        E::BadTimeControl(t) => return crate::words::time_error(t),
        E::TooLong { what, chars, max } => (
            "event.err.too_long",
            p(&[
                ("what", what_zh(what)),
                ("chars", chars.to_string()),
                ("max", max.to_string()),
            ]),
        ),
        E::BadRating { player, rating } => (
            "event.err.bad_rating",
            p(&[
                ("name", q(player)),
                ("rating", rating.to_string()),
                ("min", tournament::limits::RATING_RANGE.start().to_string()),
                ("max", tournament::limits::RATING_RANGE.end().to_string()),
            ]),
        ),
    };
    core(key, e.to_string(), &params)
}

/// What is wrong with a pairing given by hand, in Chinese.
fn pairing_problem(s: &tournament::PairingProblem) -> String {
    use tournament::PairingProblem as P;
    match s {
        P::DrawFixed => "第一轮编排后抽签结果即固定".into(),
        P::DrawIncomplete => "抽签须包含每名在赛棋手各一次".into(),
        P::AlreadyPaired(n) => format!("“{n}”已在已编排的轮次中：姓名和段位保持编排时的样子"),
        P::ParticipationSystem => "按轮参赛只用于瑞士制和麦克马洪制：循环赛的赛程和淘汰赛的对阵表包括每名棋手".into(),
        P::ParticipationPaired(r) => format!("第{r}轮已经编排：参赛与否须在编排前说明"),
        P::KnockoutAmended => "淘汰赛对阵表不能修改".into(),
        P::KnockoutSeeded => "淘汰赛对阵表按种子编排".into(),
        P::Withdrawn(n) => format!("“{n}”已经退赛"),
        P::Twice(n) => format!("“{n}”出现了两次"),
    }
}

/// What is wrong with a system's parameters, in Chinese.
fn system_problem(s: &tournament::SystemProblem) -> String {
    use tournament::SystemProblem as S;
    match s {
        S::HandicapCeiling(n) => format!("让子上限{n}子：最多9子（第11条）"),
        S::TooManyCategories(n) => format!("{n}个组别：最多{}个", tournament::category::MAX_CATEGORIES),
        S::CategoryOrder(a, b) => format!("组别界限{}之后是{}：每个界限须弱于前一个", rank_zh(*a), rank_zh(*b)),
        S::TooManyCycles(n) => format!("循环赛{n}循环：最多{}循环", tournament::limits::MAX_ROUNDS),
        S::NoCycle => "循环赛至少要有一个循环".into(),
        S::NoLife => "淘汰赛至少要有一条命".into(),
        S::BestOf(n) => format!("{n}局制：一场比赛为一局，或三局两胜、五局三胜、七局四胜（第26.5条）"),
        S::BestOfLives => "多局制的比赛只用于单败或双败淘汰".into(),
        S::NoLoss => "瑞士制淘汰至少要允许输一局".into(),
        S::BarBelowFloor { bar, floor } => format!("麦克马洪上限{}低于下限{}", rank_zh(*bar), rank_zh(*floor)),
        S::ZeroDivisor => "总分的除数不能为0".into(),
    }
}

/// A rank as Chinese writes it: 5段, 3级, 职业九段.
pub fn rank_zh(r: tournament::Rank) -> String {
    match r {
        tournament::Rank::Kyu(n) => format!("{n}级"),
        tournament::Rank::Dan(n) => format!("{n}段"),
        tournament::Rank::Pro(n) => format!("职业{n}段"),
    }
}

/// What a length bound is on (`EventError::TooLong`), in Chinese.
fn what_zh(what: &str) -> String {
    match what {
        "event name" => "比赛名称",
        "player name" | "name" => "棋手姓名",
        "club" => "单位",
        "region" => "地区",
        "time control" => "用时",
        other => other,
    }
    .into()
}

/// The store's refusal (`storage::StoreError`) in both languages.
pub fn store(e: &StoreError) -> Said {
    use StoreError as S;
    let p = |v: &[(&'static str, String)]| v.to_vec();
    let q = |s: &str| format!("“{s}”");
    let (key, params): (&'static str, Params) = match e {
        S::Database(_) | S::Corrupt(_) => ("api.err.internal", vec![]),
        S::NewerSchema { found, known } => (
            "store.err.newer_schema",
            p(&[("found", found.to_string()), ("known", known.to_string())]),
        ),
        S::Invalid(m) => ("store.err.invalid", p(&[("why", m.clone())])),
        S::EventExists(id) => ("store.err.event_exists", p(&[("event", q(id))])),
        S::NoEvent(id) => ("store.err.no_event", p(&[("event", q(id))])),
        S::Refused { event: id, reason } => {
            let said = event(reason);
            return Said {
                key: said.key,
                en: e.to_string(),
                zh: format!("比赛{}：{}", q(id), said.zh),
            };
        }
        S::RoundNotPaired {
            event: id,
            round,
            n_paired,
        } => (
            "store.err.round_not_paired",
            p(&[
                ("event", q(id)),
                ("round", round.to_string()),
                ("paired", n_paired.to_string()),
            ]),
        ),
        S::NoBoard {
            event: id,
            round,
            board,
            n_boards,
        } => (
            "store.err.no_board",
            p(&[
                ("event", q(id)),
                ("round", round.to_string()),
                ("board", board.to_string()),
                ("boards", n_boards.to_string()),
            ]),
        ),
        S::ResultRecorded {
            event: id,
            round,
            board,
            recorded,
        } => (
            "store.err.result_recorded",
            p(&[
                ("event", q(id)),
                ("round", round.to_string()),
                ("board", board.to_string()),
                ("result", recorded.clone()),
            ]),
        ),
        S::NotInGame {
            event: id,
            round,
            board,
            name,
        } => (
            "store.err.not_in_game",
            p(&[
                ("event", q(id)),
                ("round", round.to_string()),
                ("board", board.to_string()),
                ("name", q(name)),
            ]),
        ),
        S::OtherPlayers {
            event: id,
            round,
            board,
            paired,
            given,
        } => (
            "store.err.other_players",
            p(&[
                ("event", q(id)),
                ("round", round.to_string()),
                ("board", board.to_string()),
                ("black", q(&paired[0])),
                ("white", q(&paired[1])),
                ("given_black", q(&given[0])),
                ("given_white", q(&given[1])),
            ]),
        ),
        S::Started { event: id, what } => {
            let what = match what.as_str() {
                "change the settings" => "修改设置".to_string(),
                other => other.to_string(),
            };
            ("store.err.started", p(&[("event", q(id)), ("what", what)]))
        }
        S::LaterChanges { event: id, round } => (
            "store.err.later_changes",
            p(&[("event", q(id)), ("round", round.to_string())]),
        ),
    };
    core(key, e.to_string(), &params)
}

/// A file's refusal (`formats::FormatError`) in both languages: `file` names it (`the CSV
/// file`, `the Excel file`), in English and Chinese.
pub fn format(e: &formats::FormatError, file: [&str; 2]) -> Said {
    use formats::FormatError as F;
    let p = |v: &[(&'static str, String)]| v.to_vec();
    let (key, params): (&'static str, Params) = match e {
        F::Xml(x) => ("format.err.xml", p(&[("why", xml(x))])),
        F::Invalid(m) => ("format.err.invalid", p(&[("why", m.clone())])),
        F::Csv(m) => ("format.err.csv", p(&[("why", m.clone())])),
        F::Line { line, what } => (
            "format.err.line",
            p(&[("line", line.to_string()), ("why", line_problem(what))]),
        ),
        F::NotLatin1(texts) => ("format.err.not_latin1", p(&[("texts", texts.join("；"))])),
        F::Unsupported(m) => ("format.err.unsupported", p(&[("why", m.clone())])),
        F::Xlsx(m) => ("format.err.xlsx", p(&[("why", m.clone())])),
        F::TooLarge(m) => ("format.err.too_large", p(&[("why", m.clone())])),
        F::Gotha(g) => ("format.err.invalid", p(&[("why", gotha(g))])),
    };
    let said = core(key, e.to_string(), &params);
    Said {
        key: said.key,
        en: format!("{}: {}", file[0], said.en),
        zh: format!("{}：{}", file[1], said.zh),
    }
}

/// Why a file is not well-formed XML, in Chinese: where, and what (the XML reader's own
/// words are English, so only its position is said).
fn xml(x: &formats::XmlProblem) -> String {
    use formats::XmlProblem as X;
    match x {
        X::At { byte, .. } => format!("第{byte}字节处有误"),
        X::SecondRoot { byte } => format!("第{byte}字节处出现第二个根元素"),
        X::TooDeep { byte, max } => format!("第{byte}字节处元素嵌套超过{max}层"),
        X::NotClosed { name } => format!("<{name}>没有结束标记"),
        X::NoRoot => "没有根元素".into(),
    }
}

/// What is wrong in an OpenGotha file, in Chinese (the file's own names and values quoted).
fn gotha(g: &formats::GothaProblem) -> String {
    use formats::{GothaPlace as W, GothaProblem as G};
    let max = tournament::limits::MAX_ROUNDS;
    match g {
        G::Root { name } => format!("根元素是<{name}>，不是<Tournament>"),
        G::Rank { written } => format!("段位“{written}”应写作5D、10K或3P"),
        G::Result { code } => format!("未知的对局结果“{code}”"),
        G::NotANumber {
            place,
            attribute,
            value,
        } => {
            let at = match place {
                W::Player(n) => format!("第{n}名棋手的"),
                W::Game => "一局对局的".into(),
                W::Set(s) => format!("{s}的"),
            };
            format!("{at}{attribute}=“{value}”不是数字")
        }
        G::NoName { player } => format!("第{player}名棋手没有姓名"),
        G::GamePlace { round, table } => {
            format!("第{round}轮第{table}台：对局的轮次应为1至{max}，台号从1起，且有两名棋手")
        }
        G::ByeRound { key, round: None } => format!("“{key}”的轮空：轮次不是数字"),
        G::ByeRound { key, round: Some(r) } => format!("“{key}”的轮空：第{r}轮不在1至{max}之间"),
        G::Rounds { n } => format!("GeneralParameterSet的numberOfRounds={n}：比赛应有1至{max}轮"),
        G::GameBeyondRounds { round, rounds } => format!("有一局在第{round}轮，超出比赛的{rounds}轮"),
        G::Category {
            number,
            lower_limit,
            categories,
        } => format!("第{number}组（lowerLimit为“{lower_limit}”）不在比赛的{categories}个组别之内"),
        G::CriterionNumber { number } => {
            format!(
                "名次排列方法的序号“{number}”应为1至{}",
                formats::opengotha::MAX_CRITERIA
            )
        }
        G::UnknownCriterion { name, known } => {
            format!("没有名为“{name}”的名次排列方法：OpenGotha的方法有{}", known.join("、"))
        }
    }
}

/// What is wrong with a row of a registration file, in Chinese.
fn line_problem(r: &formats::LineProblem) -> String {
    use formats::LineProblem as R;
    match r {
        R::NoColumn { column, header } => format!(
            "没有{}列（表头为{header:?}；需要姓名/name和段位/rank两列）",
            if *column == "name" { "姓名" } else { "段位" }
        ),
        R::EmptyName => "姓名为空".into(),
        R::EmptyRank { name } => format!("{name}：段位为空"),
        R::BadRank { name, rank } => format!("{name}：段位“{rank}”应写作5段、3级、职业九段或5d、3k、2p"),
        R::NameTooLong { chars, max } => format!("姓名有{chars}个字符：最多{max}个"),
        R::RatingNotNumber { name, rating } => format!("{name}：等级分“{rating}”不是数字"),
        R::RatingOutOfRange { name, rating, min, max } => {
            format!("{name}：等级分{rating}超出{min}至{max}的范围")
        }
        R::BadDate { name, date } => format!("{name}：出生日期“{date}”不是YYYY-MM-DD格式的真实日期"),
        R::Twice { name } => format!("{name}重复登记"),
        R::Other(m) => m.clone(),
    }
}

/// The clock-only page's refusal (`POST /clock/plan`, `crate::plan`) in both languages: a time
/// control is said as the round form says it; an operation by its number.
pub fn plan(e: &crate::plan::PlanError) -> Said {
    use crate::plan::PlanError as P;
    let p = |v: &[(&'static str, String)]| v.to_vec();
    let (key, params): (&'static str, Params) = match e {
        P::Time { error, .. } => return crate::words::time_error(error),
        P::Control { written, error } => (
            "plan.err.control",
            p(&[("time", format!("“{written}”")), ("clock", clock(error))]),
        ),
        P::Colour { op, given } => (
            "plan.err.colour",
            p(&[("op", op.to_string()), ("given", format!("“{given}”"))]),
        ),
        P::Op { op, error } => ("plan.err.op", p(&[("op", op.to_string()), ("clock", clock(error))])),
        P::LostTurnNotAllowed { op } => ("plan.err.lost_turn", p(&[("op", op.to_string())])),
    };
    core(key, e.to_string(), &params)
}

/// A challenge match's refusal (擂台赛, Art. 26.6) in both languages.
pub fn challenge(e: &teams::ChallengeError) -> Said {
    use teams::ChallengeError as C;
    let q = |s: &str| format!("“{s}”");
    let (key, params): (&'static str, Params) = match e {
        C::EmptySide => ("challenge.err.empty_side", vec![]),
        C::DuplicatePlayer(n) => ("challenge.err.duplicate_player", vec![("name", q(n))]),
        C::Over => ("challenge.err.over", vec![]),
        C::UnknownPlayer(n) => ("challenge.err.unknown_player", vec![("name", q(n))]),
        C::NotOnStage(n) => ("challenge.err.not_on_stage", vec![("name", q(n))]),
        C::AlreadyOut(n) => ("challenge.err.already_out", vec![("name", q(n))]),
        C::BadRecord(m) => ("challenge.err.bad_record", vec![("why", m.clone())]),
    };
    core(key, e.to_string(), &params)
}

/// A rank the tournament crate cannot read, in both languages.
pub fn rank(e: &tournament::RankError) -> Said {
    let (key, text) = match e {
        tournament::RankError::Syntax(s) => ("rank.err.syntax", s),
        tournament::RankError::OutOfRange(s) => ("rank.err.out_of_range", s),
    };
    core(key, e.to_string(), &vec![("rank", format!("“{text}”"))])
}

/// A result the tournament crate cannot read, in both languages.
pub fn result(e: &tournament::ResultError) -> Said {
    core(
        "result.err.syntax",
        e.to_string(),
        &vec![("result", format!("“{}”", e.0))],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const GOTHA: [&str; 2] = ["the OpenGotha file", "OpenGotha文件"];

    /// The clock-only page's refusal of the request `v`.
    fn plan_error(v: serde_json::Value) -> crate::plan::PlanError {
        crate::plan::plan(&serde_json::from_value(v).unwrap()).unwrap_err()
    }

    /// The cores' refusals are said in Chinese with their values in Chinese: a sample of
    /// each kind, its English the core's own.
    #[test]
    fn the_cores_refusals_are_said_in_chinese() {
        use referee::RefereeError as R;
        use rules::Color;
        let cases = [
            referee(&R::Illegal(rules::IllegalMove::Ko)),
            referee(&R::NotYourTurn { side: Color::White }),
            referee(&R::WithinLateLimit {
                late: clock::Millis::from_mins(5),
                limit: clock::Millis::from_mins(60),
            }),
            referee(&R::NotPermitted {
                actor: referee::Actor::Referee,
                action: "ask for a lost turn on timeout",
                allowed: "a player",
                article: referee::Article::new(22, 5),
            }),
            event(&tournament::EventError::DuplicatePlayer("李昌镐".into())),
            event(&tournament::EventError::BadSystem(
                tournament::SystemProblem::BarBelowFloor {
                    bar: tournament::Rank::Kyu(5),
                    floor: tournament::Rank::Dan(1),
                },
            )),
            store(&storage::StoreError::NoEvent("spring".into())),
            rank(&"8d".parse::<tournament::Rank>().unwrap_err()),
            result(&"B+X".parse::<tournament::GameResult>().unwrap_err()),
            format(
                &formats::csv_io::read_registrations("name,rank\n李昌镐,9x\n".as_bytes()).unwrap_err(),
                ["the CSV file", "CSV文件"],
            ),
            referee(&R::SeatedLater {
                seated: clock::Instant(660_000),
                at: clock::Instant(600_000),
            }),
            plan(&plan_error(json!({ "time": "5m+3x", "ops": [], "now": 0 }))),
            format(&formats::opengotha::parse("<Game/>").unwrap_err(), GOTHA),
            format(
                &formats::opengotha::parse(
                    r#"<Tournament dataVersion="201"><TournamentParameterSet><PlacementParameterSet><PlacementCriteria><PlacementCriterion name="SOSX" number="1"/></PlacementCriteria></PlacementParameterSet></TournamentParameterSet></Tournament>"#,
                )
                .and_then(|t| t.criteria())
                .unwrap_err(),
                GOTHA,
            ),
            format(
                &formats::opengotha::parse(
                    r#"<Tournament dataVersion="201"><Players><Player name="Li" firstName="" rank="D"/></Players></Tournament>"#,
                )
                .unwrap_err(),
                GOTHA,
            ),
            format(
                &formats::opengotha::parse(
                    r#"<Tournament dataVersion="201"><Players><Player name="Li" firstName="" rank="5D" rating="many"/></Players></Tournament>"#,
                )
                .unwrap_err(),
                GOTHA,
            ),
            plan(&plan_error(
                json!({ "time": "5m", "ops": [{ "op": "start", "at": 0, "color": "red" }], "now": 0 }),
            )),
            plan(&plan_error(
                json!({ "time": "5m", "ops": [{ "op": "pause", "at": 0 }], "now": 0 }),
            )),
            plan(&plan_error(json!({
                "time": "1m+1x10s",
                "ops": [{ "op": "start", "at": 0, "color": "black" }, { "op": "lost_turn", "at": 80_000 }],
                "now": 80_000,
            }))),
        ];
        let text: Vec<String> = cases
            .iter()
            .map(|s| format!("{}\n  {}\n  {}", s.key, s.en, s.zh))
            .collect();
        expect_test::expect![[r#"
            referee.err.illegal
              illegal move: ko: immediate retake of a single ko (Art. 6, 20.1)
              不合法的着手：打劫：不能立即回提单劫（第6条、第20.1条）
            referee.err.not_your_turn
              it is not white's turn (Art. 2.3; a second move in a row is Art. 17.2)
              现在不是白方行棋（第2.3条；连下两手见第17.2条）
            referee.err.within_late_limit
              late by 5m, within the limit of 1h: no forfeit (Art. 22.1)
              迟到5分，未超过1小时的迟到限时：不判负（第22.1条）
            referee.err.not_permitted
              the referee may not ask for a lost turn on timeout: only a player may (Art. 22.5)
              裁判员不能要求以停一手代替超时判负：只有棋手可以（第22.5条）
            event.err.duplicate_player
              a player named "李昌镐" is already registered
              名为“李昌镐”的棋手已经登记
            event.err.bad_system
              invalid system: the McMahon bar 5k is below the floor 1d
              赛制无效：麦克马洪上限5级低于下限1段
            store.err.no_event
              no event "spring"
              没有比赛“spring”
            rank.err.out_of_range
              rank "8d" is out of range (kyu 30k-1k, amateur 1d-7d, professional 1p-9p; Art. 25.3)
              段位“8d”超出范围（业余30级至1级、业余1段至7段、职业1段至9段；第25.3条）
            result.err.syntax
              result "B+X" is not one of B+R, W+1.5, B+T, B+F, B+, 0, Draw, Void, both-lose, 黑中盘胜, 白胜3又3/4子
              结果“B+X”应写作黑中盘胜、白胜3又3/4子、黑超时胜、和棋、无胜负，或B+R、W+1.5、B+T、0
            format.err.line
              the CSV file: line 2: 李昌镐: rank "9x" is not like 5d, 3k, 2p, 5段, 3级 or 职业九段
              CSV文件：第2行：李昌镐：段位“9x”应写作5段、3级、职业九段或5d、3k、2p
            referee.err.seated_later
              a seat taken at 660000 ms is later than its record at 600000 ms (Art. 22.1)
              入座时刻660000毫秒晚于其记录时刻600000毫秒（第22.1条）
            time.err.expected_number
              time control "5m+3x", column 6: expected a number
              用时"5m+3x"第6个字符：此处应为数字
            format.err.invalid
              the OpenGotha file: invalid OpenGotha file: the root element is <Game>, not <Tournament>
              OpenGotha文件：内容无效：根元素是<Game>，不是<Tournament>
            format.err.invalid
              the OpenGotha file: invalid OpenGotha file: unknown placement criterion "SOSX": OpenGotha's are NULL, CAT, NBW, CPS, MMS, STS, Rank, Rating, CUSSW, CUSSM, SOSW, SOSW-1, SOSW-2, SODOSW, SOSM, SOSM-1, SOSM-2, SODOSM, SOSTS, SOSOSW, SOSOSM, EXT, EXR, DC, SDC
              OpenGotha文件：内容无效：没有名为“SOSX”的名次排列方法：OpenGotha的方法有NULL、CAT、NBW、CPS、MMS、STS、Rank、Rating、CUSSW、CUSSM、SOSW、SOSW-1、SOSW-2、SODOSW、SOSM、SOSM-1、SOSM-2、SODOSM、SOSTS、SOSOSW、SOSOSM、EXT、EXR、DC、SDC
            format.err.invalid
              the OpenGotha file: invalid OpenGotha file: rank "D" is not like 5D, 10K or 3P
              OpenGotha文件：内容无效：段位“D”应写作5D、10K或3P
            format.err.invalid
              the OpenGotha file: invalid OpenGotha file: player 1: rating="many" is not a number
              OpenGotha文件：内容无效：第1名棋手的rating=“many”不是数字
            plan.err.colour
              operation 1: color "red" must be "black" or "white"
              第1项操作：颜色“red”应为black或white
            plan.err.op
              operation 1: the clock has not been started
              第1项操作：计时钟尚未开始
            plan.err.lost_turn
              operation 2: the event does not allow a lost turn instead of a loss on time (Art. 22.5)
              第2项操作：本赛事不允许以停一手代替超时判负（第22.5条）"#]]
        .assert_eq(&text.join("\n"));
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
            let s = format(&e, ["the CSV file", "CSV文件"]);
            assert!(matches!(e, formats::FormatError::Line { .. }), "{e}");
            let zh = s.zh;
            let quoted = ["Ann", "Bo", "Beijing", "club", "name", "rank", "NaN", "xxx", "CSV"];
            let english = zh
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| w.len() > 2 && !quoted.iter().any(|k| w.contains(k)))
                .collect::<Vec<_>>();
            assert!(english.is_empty(), "English in {zh:?}: {english:?}");
        }
    }
}
