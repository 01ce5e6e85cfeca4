//! What the API says in both languages of the pages: a 400 whose text is the string of its
//! key in [`STRINGS`], its `{name}` places filled in; and a time control the clock crate
//! cannot read. The API owns these words: the pages show the body's `message` or `zh`.

/// What is wrong, in both languages of the pages: the text of `key` in [`STRINGS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// The key of the text in the pages' strings.
    pub key: &'static str,
    /// In English.
    pub en: String,
    /// In Chinese.
    pub zh: String,
}

/// The English, for logs and the CLI.
impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.en)
    }
}

/// [`said`] with the same parameters in both languages: `say!("game.err.none", id = id)`
/// is the text of `game.err.none` with `{id}` filled by `id`'s `Display`.
macro_rules! say {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::words::said($key, |_| vec![$((stringify!($name), ($value).to_string())),*])
    };
}
pub(crate) use say;

/// The text of `key` in both languages, its `{name}` places filled from `params` (given by
/// language, for a value that is itself a name the pages translate).
pub fn said(key: &'static str, params: impl Fn(rules::Lang) -> Vec<(&'static str, String)>) -> Said {
    let [en, zh] = [rules::Lang::En, rules::Lang::Zh].map(|lang| fill(text(lang, key), &params(lang)));
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

/// The text of `key` in `lang` (the key itself if there is none: the tests say every key
/// the API uses, in both languages). The refusals of the cores ([`REFUSALS_ZH`]) have only
/// their Chinese here: their English is the core's own `Display`.
pub fn text(lang: rules::Lang, key: &str) -> &str {
    let own = STRINGS
        .iter()
        .find(|(k, _, _)| *k == key)
        .map(|(_, en, zh)| match lang {
            rules::Lang::En => *en,
            rules::Lang::Zh => *zh,
        });
    let core = || match lang {
        rules::Lang::Zh => REFUSALS_ZH.iter().find(|(k, _)| *k == key).map(|(_, zh)| *zh),
        rules::Lang::En => None,
    };
    // The pages' own words (a role's name, a colour) where the API says them too.
    own.or_else(core).unwrap_or_else(|| web::i18n::text(lang, key))
}

/// A seat (`rules::Color`) as the API names it in `lang`: `black` or 黑方.
pub fn seat_name(lang: rules::Lang, c: rules::Color) -> String {
    match lang {
        rules::Lang::En => c.to_string(),
        rules::Lang::Zh => match c {
            rules::Color::Black => "黑方".into(),
            rules::Color::White => "白方".into(),
        },
    }
}

/// `template` with each `{name}` of `params` filled in.
pub fn fill(template: &str, params: &[(&'static str, String)]) -> String {
    let mut text = template.to_string();
    for (name, value) in params {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// The Chinese of the cores' refusals, by key (their English is the core's `Display`;
/// `crate::refusals` fills them).
pub const REFUSALS_ZH: &[(&str, &str)] = &[
    ("referee.err.out_of_order", "事件时间{at}早于上一事件的时间{last}"),
    (
        "referee.err.not_permitted",
        "{actor}不能{action}：只有{allowed}可以（{article}）",
    ),
    ("referee.err.not_started", "对局尚未开始"),
    ("referee.err.no_colours", "黑白尚未确定（第10条）"),
    ("referee.err.colours_settled", "黑白已经确定（第10条）"),
    ("referee.err.already_started", "对局已经开始"),
    (
        "referee.err.not_your_turn",
        "现在不是{side}行棋（第2.3条；连下两手见第17.2条）",
    ),
    ("referee.err.illegal", "不合法的着手：{why}"),
    ("referee.err.paused", "对局已暂停（第14条）"),
    ("referee.err.not_paused", "对局没有暂停（第14条）"),
    ("referee.err.absent", "{side}尚未到场（第22.1条）"),
    ("referee.err.not_absent", "{side}已经在座（第22.1条）"),
    (
        "referee.err.seated_later",
        "入座时刻{seated}毫秒晚于其记录时刻{at}毫秒（第22.1条）",
    ),
    (
        "referee.err.within_late_limit",
        "迟到{late}，未超过{limit}的迟到限时：不判负（第22.1条）",
    ),
    (
        "referee.err.no_late_limit",
        "本赛事没有迟到限时：缺席时照常计时（第22.4条）",
    ),
    ("referee.err.out_of_time", "{side}的时间已用完（第12.4条、第22.5条）"),
    ("referee.err.time_left", "{side}仍有时间（第12.4条、第22.5条）"),
    (
        "referee.err.lost_turn_not_allowed",
        "本赛事不允许以停一手代替超时判负（第22.5条）",
    ),
    (
        "referee.err.lost_turn_without_byo_yomi",
        "以停一手代替超时判负只适用于读秒（第22.5条）；用时{time}没有读秒",
    ),
    (
        "referee.err.play_over",
        "对局已经结束；只有死活争议才能恢复对局（第21.3条、第21.4条）",
    ),
    ("referee.err.not_counting", "死子在对局结束后才确认（第8条）"),
    ("referee.err.no_end_proposed", "对方没有提出终局（第13.2条、第21.1条）"),
    ("referee.err.has_result", "对局已有结果（第13.1条）"),
    ("referee.err.no_result", "对局尚无结果（第16.4条）"),
    (
        "referee.err.confirmed",
        "结果已经确认，为最终结果（第16.4条）；只有裁判长可以更正",
    ),
    (
        "referee.err.not_confirmed",
        "结果尚未确认：改由裁判长裁决（第13.1条、第16.4条）",
    ),
    ("referee.err.already_confirmed", "{actor}已经确认过结果（第16.4条）"),
    (
        "referee.err.nothing_to_recount",
        "结果不是数子得出的：无需复数（第16.4条）",
    ),
    ("referee.err.end_agreed", "双方已同意终局，不再恢复（第21.3条）"),
    ("referee.err.not_a_stone", "{point}没有棋子，不能标为死子（第8条）"),
    (
        "referee.err.move_is_legal",
        "{point}的着手合法：无需作废（第18.3条、第19条）",
    ),
    ("referee.err.not_voidable", "对局中不可能发生：{why}"),
    (
        "referee.err.not_a_second_move",
        "轮到{side}行棋：不是连下两手（第17.2条）",
    ),
    (
        "referee.err.take_back_too_late",
        "{side}那手之后对方已经落子：要求悔棋为时已晚（第17.3条）",
    ),
    ("referee.err.nothing_captured", "{side}上一手没有提子（第18.2条）"),
    ("referee.err.colours_ruled", "拿错棋子已经裁决过（第17.1条）"),
    (
        "referee.err.penalty_not_allowed",
        "{penalty}不是对{offence}的处罚（{article}）",
    ),
    ("referee.err.no_such_event", "没有第{index}号记录"),
    (
        "referee.err.not_overrulable",
        "第{index}号记录不是裁判员或系统的裁决：不能推翻（第30条）",
    ),
    ("referee.err.already_overruled", "第{index}号记录已被推翻"),
    (
        "referee.err.overrule_breaks",
        "推翻之后，第{index}号记录不再成立：{error}",
    ),
    ("referee.err.clock", "计时钟：{clock}"),
    ("plan.err.control", "用时规定{time}：{clock}"),
    ("plan.err.colour", "第{op}项操作：颜色{given}应为black或white"),
    ("plan.err.op", "第{op}项操作：{clock}"),
    (
        "plan.err.lost_turn",
        "第{op}项操作：本赛事不允许以停一手代替超时判负（第22.5条）",
    ),
    (
        "referee.err.komi_too_large",
        "贴{komi}目超过了{n}×{n}棋盘的全部{points}目（第11条）",
    ),
    ("event.err.duplicate_player", "名为{name}的棋手已经登记"),
    ("event.err.empty_name", "棋手姓名不能为空"),
    ("event.err.unknown_player", "没有名为{name}的棋手"),
    ("event.err.unknown_player_id", "没有第{id}号棋手"),
    ("event.err.bad_system", "赛制无效：{why}"),
    (
        "event.err.bad_rounds",
        "轮数{rounds}无效：应为1至{max}（且不少于已编排的轮数）",
    ),
    ("event.err.no_such_round", "第{round}轮尚未编排"),
    ("event.err.no_such_board", "第{round}轮没有第{board}台"),
    ("event.err.round_unfinished", "第{round}轮第{board}台尚无结果"),
    ("event.err.finished", "比赛已经结束：所有轮次均已编排"),
    (
        "event.err.past_planned_rounds",
        "第{round}轮超出计划的{planned}轮（瑞士制可以修改计划，第26.3条）",
    ),
    ("event.err.too_few_players", "只有{n}名在赛棋手：无法编排"),
    ("event.err.started", "循环赛或淘汰赛开始后不能再增加棋手"),
    ("event.err.already_withdrawn", "{name}已经退赛"),
    (
        "event.err.stale_proposal",
        "此编排方案是第{proposal}轮的，但下一轮是第{next}轮",
    ),
    ("event.err.bad_pairing", "编排无效：{why}"),
    ("event.err.void_game", "第{round}轮第{board}台因退赛而作废（第28.2条）"),
    ("event.err.swiss", "瑞士制编排：{why}"),
    (
        "event.err.duplicate_tie_break",
        "破同分方法{tie_break}在顺序中出现了两次（第27条：每项只用一次）",
    ),
    ("event.err.too_long", "{what}有{chars}个字符：最多{max}个"),
    ("event.err.bad_rating", "{name}：等级分{rating}超出{min}至{max}的范围"),
    (
        "store.err.newer_schema",
        "数据库的结构版本为{found}，比本程序所知的{known}新：请使用新版weiqi",
    ),
    ("store.err.invalid", "数据无效：{why}"),
    ("store.err.event_exists", "比赛{event}已经存在"),
    ("store.err.no_event", "没有比赛{event}"),
    (
        "store.err.round_not_paired",
        "比赛{event}的第{round}轮尚未编排（已编排{paired}轮）",
    ),
    (
        "store.err.no_board",
        "比赛{event}的第{round}轮没有第{board}台（共{boards}台）",
    ),
    (
        "store.err.result_recorded",
        "比赛{event}第{round}轮第{board}台已有结果{result}；要替换请选择更正",
    ),
    (
        "store.err.not_in_game",
        "棋手{name}不在比赛{event}第{round}轮第{board}台",
    ),
    (
        "store.err.other_players",
        "比赛{event}第{round}轮第{board}台的对阵是{black}（黑）对{white}（白），不是{given_black}（黑）对{given_white}（白）",
    ),
    ("store.err.started", "比赛{event}已经开始（第1轮已编排）：不能{what}"),
    (
        "store.err.later_changes",
        "比赛{event}的第{round}轮不能撤销编排：编排之后已登记了结果、退赛或警告",
    ),
    ("format.err.xml", "不是格式正确的XML：{why}"),
    ("format.err.invalid", "内容无效：{why}"),
    ("format.err.csv", "无法读取的CSV：{why}"),
    ("format.err.line", "第{line}行：{why}"),
    (
        "format.err.not_latin1",
        "以下文字不能用EGD所需的Latin-1编码：{texts}；请用UTF-8保存文件，或改用拉丁字母",
    ),
    ("format.err.unsupported", "不支持：{why}"),
    ("format.err.xlsx", "电子表格：{why}"),
    ("format.err.too_large", "太大：{why}"),
    ("challenge.err.empty_side", "擂台赛每方至少要有一名棋手"),
    ("challenge.err.duplicate_player", "棋手{name}被列了两次"),
    ("challenge.err.over", "擂台赛已经结束"),
    ("challenge.err.unknown_player", "双方名单中都没有棋手{name}"),
    ("challenge.err.not_on_stage", "{name}不是下一局的守擂或攻擂棋手"),
    ("challenge.err.already_out", "{name}已经被淘汰出擂台赛"),
    ("challenge.err.bad_record", "擂台赛记录有误：{why}"),
    ("rank.err.syntax", "段位{rank}应写作5段、3级、职业九段或10k、5d、3p"),
    (
        "rank.err.out_of_range",
        "段位{rank}超出范围（业余30级至1级、业余1段至7段、职业1段至9段；第25.3条）",
    ),
    (
        "result.err.syntax",
        "结果{result}应写作黑中盘胜、白胜3又3/4子、黑超时胜、和棋、无胜负，或B+R、W+1.5、B+T、0",
    ),
];

/// Key, English, Chinese.
pub const STRINGS: &[(&str, &str, &str)] = &[
    // What any route may answer: the API's own refusals.
    (
        "api.err.no_route",
        "no such route: see /api/openapi.json",
        "没有这个地址：见 /api/openapi.json",
    ),
    (
        "api.err.rate_limited",
        "too many requests from this client: wait a second and retry",
        "此客户端请求过多：请稍等一秒再试",
    ),
    (
        "api.err.busy",
        "the server is checking as many passwords as it can: retry in {seconds} s",
        "服务器正忙于核对密码：请{seconds}秒后再试",
    ),
    (
        "api.err.internal",
        "the server failed; the failure is logged, try again later",
        "服务器出错；错误已记录，请稍后再试",
    ),
    ("api.err.path", "the path {path}: {why}", "地址{path}有误：{why}"),
    ("api.err.query", "the query string: {why}", "查询参数有误：{why}"),
    (
        "api.err.too_large",
        "the body is larger than {bytes} bytes",
        "请求内容超过{bytes}字节",
    ),
    ("api.err.body", "{why}", "请求内容无法读取：{why}"),
    (
        "ws.err.unreadable",
        "unreadable message: {why}",
        "无法读取的消息：{why}",
    ),
    (
        "ws.err.too_many",
        "this socket follows {n} games, the most one may: open another socket",
        "此连接已关注{n}局，已达上限：请另开一个连接",
    ),
    // Accounts, sessions and roles.
    ("account.err.none", "no account named {name}", "没有名为{name}的账号"),
    (
        "account.err.taken",
        "the account name {name} is taken: choose another",
        "账号名{name}已被使用：请另选一个",
    ),
    (
        "account.err.password",
        "password: at least 8 characters",
        "密码：至少8个字符",
    ),
    (
        "account.err.too_many",
        "this address created {n} accounts in the last hour: try again later",
        "此地址在过去一小时内已创建{n}个账号：请稍后再试",
    ),
    (
        "session.err.wrong_password",
        "wrong account name or password",
        "账号名或密码错误",
    ),
    (
        "session.err.throttled_account",
        "too many failed logins for this account: wait {seconds} s and try again",
        "此账号登录失败次数过多：请等待{seconds}秒后再试",
    ),
    (
        "session.err.throttled_address",
        "too many failed logins for this address: wait {seconds} s and try again",
        "此地址登录失败次数过多：请等待{seconds}秒后再试",
    ),
    (
        "session.err.unknown",
        "the session token is unknown (logged out, or never given): log in again (POST /api/sessions)",
        "登录凭证无效（已退出或未提供）：请重新登录",
    ),
    (
        "session.err.needed",
        "log in first (POST /api/sessions) and send the token as Authorization: Bearer <token>",
        "请先登录",
    ),
    ("session.err.log_in", "log in first", "请先登录"),
    (
        "session.err.lifetime",
        "the session has expired: sessions last {duration} from the login: log in again (POST /api/sessions)",
        "登录已过期：每次登录的有效期为{duration}：请重新登录",
    ),
    (
        "session.err.idle",
        "the session has expired: it was not used for {duration}: log in again (POST /api/sessions)",
        "登录已过期：已有{duration}未使用：请重新登录",
    ),
    (
        "role.err.unknown",
        "role {role} must be organizer, chief_referee or referee",
        "职务{role}应为organizer（组委会）、chief_referee（裁判长）或referee（裁判员）",
    ),
    (
        "role.err.own_organizer",
        "an organizer cannot revoke their own organizer role: another organizer may",
        "组委会成员不能撤销自己的组委会职务：可由另一位组委会成员撤销",
    ),
    (
        "role.err.not_held",
        "{name} holds no {role} role in event {event}",
        "{name}在比赛{event}中没有{role}职务",
    ),
    (
        "role.err.missing",
        "{name} holds no role in {what} {id} that allows this; it needs one of: {roles}",
        "{name}在{what}{id}中没有可做此事的职务；需要以下之一：{roles}",
    ),
    // Players of an event.
    (
        "player.err.none",
        "event {event} has no registered player {name}",
        "比赛{event}没有登记的棋手{name}",
    ),
    (
        "player.err.account_taken",
        "the account {account} is linked to another player of event {event} already: one account is one player's",
        "账号{account}已关联比赛{event}的另一名棋手：一个账号只对应一名棋手",
    ),
    (
        "player.err.no_account",
        "player {name} of event {event} has no linked account",
        "比赛{event}的棋手{name}没有关联账号",
    ),
    (
        "player.err.bad_code",
        "the code is not one of event {event}'s, or it was used already: ask the director for a new one",
        "此代码不属于比赛{event}，或已被使用：请向组委会索取新的代码",
    ),
    // Rounds, results and the print views.
    (
        "round.err.none",
        "event {event} has no round {round}",
        "比赛{event}没有第{round}轮",
    ),
    (
        "round.err.live_games",
        "round {round} of event {event} has live games in play ({boards}): they must end before the round is unpaired (a result, or the chief referee's ruling)",
        "比赛{event}第{round}轮还有对局正在进行（{boards}）：须先结束（出结果或由裁判长裁决）才能撤销编排",
    ),
    (
        "result.err.recorded",
        "round {round} board {board} of event {event} has the result {result} already: a different one is a correction (\"correct\": true, chief referee)",
        "比赛{event}第{round}轮第{board}台已有结果{result}：改为其他结果属于更正（须由裁判长更正）",
    ),
    (
        "result.err.final",
        "game {game} on round {round} board {board} is final with another result: a different result corrects it (\"correct\": true, chief referee; Art. 16.4)",
        "第{round}轮第{board}台的第{game}局已以另一结果终局：改为其他结果属于更正（须由裁判长更正；第16.4条）",
    ),
    (
        "result.err.chief_only",
        "game {game} on round {round} board {board} has another result or none yet: only the chief referee may end it or correct it with this one (Art. 13.1, 16.4, 30)",
        "第{round}轮第{board}台的第{game}局另有结果或尚无结果：只有裁判长可以以此结果结束或更正（第13.1、16.4、30条）",
    ),
    (
        "print.err.form",
        "unknown form {form}: one of {forms}",
        "未知的表格{form}：应为{forms}之一",
    ),
    (
        "print.err.no_round_yet",
        "event {event}: the event has no round paired yet",
        "比赛{event}：尚未编排任何一轮",
    ),
    (
        "print.err.no_round",
        "event {event}: the event has no round {round}",
        "比赛{event}：没有第{round}轮",
    ),
    // Live games.
    ("game.err.none", "no game {id}", "没有第{id}局"),
    (
        "game.err.board_taken",
        "round {round} board {board} of event {event} has a live game already: board already started",
        "比赛{event}第{round}轮第{board}台已有进行中的对局：该台已开始",
    ),
    (
        "game.err.stale",
        "sequence number {seq} is not the game's next ({next}): reload the game and send again",
        "序号{seq}不是本局的下一个（应为{next}）：请重新载入对局后再发送",
    ),
    (
        "game.err.idempotency_key",
        "the Idempotency-Key header must be 1 to {max} visible ASCII characters (a UUID, say)",
        "Idempotency-Key请求头须为1至{max}个可见ASCII字符（例如UUID）",
    ),
    (
        "game.err.idempotency_reused",
        "Idempotency-Key {key} was used for another request (it created game {id}): send a fresh key for a new game, or the same request to retry",
        "Idempotency-Key {key}已用于另一个请求（创建了第{id}局）：新对局请用新的键，重试请发送相同的请求",
    ),
    (
        "game.err.event_seats_open",
        "seats: a game of an event is its players': its seats cannot be open",
        "座位：比赛对局属于其棋手，座位不能开放",
    ),
    (
        "game.err.board_without_event",
        "round and board name a board of an event: give the event too",
        "轮次和台号指的是比赛的棋台：请同时给出比赛",
    ),
    (
        "game.err.event_without_board",
        "a game of event {event} is for one of its boards: give its round and board",
        "比赛{event}的对局属于其中一台：请给出轮次和台号",
    ),
    (
        "game.err.since",
        "since={since} is beyond the record ({events} events)",
        "since={since}超出了记录（共{events}条）",
    ),
    (
        "game.err.seat_of_player",
        "the {seat} seat of game {id} is {player}'s: play it through its seat link, or have an official link your account to {player} in event {event} (or redeem the code they give you)",
        "第{id}局的{seat}座位属于{player}：请通过座位链接下棋，或请裁判人员在比赛{event}中把你的账号关联到{player}（或使用他们给你的代码）",
    ),
    (
        "game.err.invited_seats",
        "the seats of game {id} are by invitation: play through the seat link its creator gave you",
        "第{id}局的座位需受邀：请通过创建者给你的座位链接下棋",
    ),
    (
        "game.err.seat_taken",
        "the {seat} seat of game {id} is taken (one account never holds both seats of an event's game)",
        "第{id}局的{seat}座位已有人（比赛对局中一个账号不能同时占两个座位）",
    ),
    (
        "game.err.bad_secret",
        "the seat secret is not one of game {id}'s: use the link given for your seat",
        "座位密钥不属于第{id}局：请使用发给你座位的链接",
    ),
    (
        "game.err.color",
        "color {color} must be black or white",
        "颜色{color}应为black（黑）或white（白）",
    ),
    (
        "game.err.seat",
        "seat {seat} must be black or white",
        "座位{seat}应为black（黑）或white（白）",
    ),
    (
        "game.err.not_creator",
        "{name} did not create game {id}: only its creator issues its seat links",
        "{name}不是第{id}局的创建者：只有创建者能发放座位链接",
    ),
    // A game's settings and actions as the API takes them (`wire.rs`).
    (
        "wire.err.article",
        "article {article} must be written like \"17.5\" or \"8\"",
        "条款{article}应写作“17.5”或“8”",
    ),
    (
        "wire.err.article_number",
        "article {article}: the rules have articles 1 to 33",
        "条款{article}：规则只有第1至33条",
    ),
    (
        "wire.err.point",
        "point {point} is not a vertex of the {n}x{n} board: {why}",
        "{point}不是{n}路棋盘上的点",
    ),
    (
        "wire.err.guess",
        "guess {guess} must be \"odd\" or \"even\"",
        "猜先{guess}应为“odd”（单）或“even”（双）",
    ),
    (
        "wire.err.size",
        "size: {why}",
        "棋盘大小：不支持{size}路（应在{min}至{max}路之间）",
    ),
    (
        "wire.err.player_name",
        "player {n}: a name of 1 to 100 characters is needed",
        "第{n}位棋手：需要1至100个字符的姓名",
    ),
    (
        "wire.err.confirmation",
        "confirmation {confirmation} must be players_and_referee or players",
        "结果确认方式{confirmation}应为players_and_referee（双方棋手和裁判员）或players（双方棋手）",
    ),
    (
        "wire.err.cycle",
        "cycle_policy {cycle} must be forbid, no_result, draw or replay",
        "循环处理{cycle}应为forbid（禁止）、no_result（无胜负）、draw（和棋）或replay（重赛）",
    ),
    (
        "wire.err.komi",
        "komi_half_points {half}: {points} points is more than the {board_points} points of a {n}×{n} board",
        "贴目{points}目超过了{n}×{n}棋盘的全部{board_points}目",
    ),
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
        "import.err.body",
        "the file is larger than {max} MiB, the most that is read",
        "文件超过{max} MiB，无法读取（最多{max} MiB）",
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
    // An event's and its players' edits (`http/events.rs`, `http/players.rs`), and a pairing
    // the director changed (`http/rounds.rs`'s `pair_amended`).
    (
        "event.err.time_empty",
        "the event needs a time control (Art. 12): write e.g. 1h+3x60s, 10m+15/10m, 5m+10s/move, or none for no clock",
        "请填写比赛用时（第十二条）：如1h+3x60s、10m+15/10m、5m+10s/move，不计时请写none",
    ),
    (
        "event.err.time_missing",
        "the field {field} is missing: the event needs a time control (Art. 12), e.g. 1h+3x60s, or none for no clock",
        "缺少字段{field}：比赛须定用时（第十二条），如1h+3x60s，不计时请写none",
    ),
    (
        "event.err.tie_break",
        "unknown tie-break {tie_break}: one of {names}",
        "没有名为{tie_break}的破同分方法：可用{names}",
    ),
    ("event.err.name_empty", "the event needs a name", "请填写比赛名称"),
    (
        "event.err.settings_fixed",
        "event {event} has {rounds} round(s) paired: its settings stay as they are; only its name may change",
        "比赛{event}已编排{rounds}轮：设置不能再改，只能改名称",
    ),
    (
        "event.err.has_games",
        "event {event} has {rounds} round(s) paired and {games} game(s) started: only an event without games can be deleted",
        "比赛{event}已编排{rounds}轮、开始{games}盘对局：只有没有对局的比赛才能删除",
    ),
    (
        "player.err.rank",
        "rank {rank} is not a rank: write e.g. 5k, 3d or 2p",
        "段位{rank}无法识别：请写如5k、3d或2p",
    ),
    ("player.err.name_empty", "a player needs a name", "请填写棋手姓名"),
    (
        "player.err.duplicate",
        "a player named {name} is registered already",
        "已有名为{name}的棋手报名",
    ),
    (
        "player.err.paired",
        "{name} is in a paired round: the name and rank stay as paired (the club, region and rating may change)",
        "{name}已编入对阵：姓名和段位不能再改（单位、地区和等级分可以改）",
    ),
    (
        "player.err.rating",
        "the rating {rating} of {name} is out of range: {min} to {max}",
        "{name}的等级分{rating}超出范围：{min}至{max}",
    ),
    (
        "pairing.err.left_out",
        "round {round}: {names} would have neither a game nor a bye; give each a game or the bye (or mark them absent for the round)",
        "第{round}轮：{names}既无对局也未轮空；请为每人安排对局或轮空（或登记为本轮缺席）",
    ),
    (
        "pairing.warn.repeat",
        "{black} and {white} met in round {round} already",
        "{black}与{white}已在第{round}轮相遇",
    ),
    (
        "pairing.warn.repeat_exact",
        "{black} and {white} played in round {round} with the same colours: an exact repeat",
        "{black}与{white}已在第{round}轮以同样黑白对局：完全重复",
    ),
    (
        "pairing.warn.colours",
        "{name} would have had Black {blacks} times and White {whites} times",
        "{name}将执黑{blacks}次、执白{whites}次",
    ),
    (
        "pairing.confirm",
        "the pairing needs your confirmation: {warnings}",
        "此编排需要确认：{warnings}",
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

/// Places the Chinese leaves out: a detail that only exists in English (a parser's own
/// message), where the Chinese says the same thing from the other places.
pub const ENGLISH_DETAIL: &[(&str, &str)] = &[
    ("wire.err.point", "why"),
    ("wire.err.size", "why"),
    ("wire.err.komi", "half"),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The Latin words a Chinese text may hold: the API's own names (a header, a route, a
    /// JSON value the caller sends), formats and the time-control notation, which are written
    /// so in Chinese too.
    const LATIN_IN_CHINESE: &[&str] = &[
        "api",
        "openapi",
        "json",
        "Idempotency",
        "Key",
        "ASCII",
        "UUID",
        "since",
        "weiqi",
        "XML",
        "OpenGotha",
        "CSV",
        "EGD",
        "Latin",
        "UTF",
        "Excel",
        "odd",
        "even",
        "organizer",
        "chief_referee",
        "referee",
        "black",
        "white",
        "forbid",
        "no_result",
        "draw",
        "replay",
        "none",
        "move",
        "carry",
        "reset",
        "ms",
        "YYYY",
        "MM",
        "DD",
        "rank",
        "opengotha",
        "csv",
        "html",
        "standings",
        "pairings",
        "players_and_referee",
        "players",
        "name",
        "MiB",
    ];

    /// A page in Chinese never shows an English word from the API: every Chinese text of
    /// the API's strings and of the cores' refusals, its places left out, holds no Latin
    /// word but the names it must keep ([`LATIN_IN_CHINESE`]) and single letters of the
    /// time-control notation (`1h30m`, `3x60s`).
    #[test]
    fn no_chinese_text_holds_an_english_word() {
        let chinese = STRINGS
            .iter()
            .map(|(k, _, zh)| (*k, *zh))
            .chain(REFUSALS_ZH.iter().copied());
        let mut found = Vec::new();
        for (key, zh) in chinese {
            let mut text = String::new();
            let mut in_place = false;
            for c in zh.chars() {
                match c {
                    '{' => in_place = true,
                    '}' => in_place = false,
                    c if !in_place => text.push(c),
                    _ => {}
                }
            }
            for word in text
                .split(|c: char| !c.is_ascii_alphabetic() && c != '_')
                .filter(|w| w.len() > 1)
            {
                if !LATIN_IN_CHINESE.contains(&word) {
                    found.push(format!("{key}: {word:?} in {zh}"));
                }
            }
        }
        assert!(found.is_empty(), "English in the Chinese texts:\n{}", found.join("\n"));
    }

    /// Every key the server's code names (`say!("…")`, `said("…", …)` and the cores'
    /// refusals) has its text: a key missing from the tables would reach a page as the key.
    #[test]
    fn every_key_the_code_names_has_its_text() {
        let src = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut missing = Vec::new();
        let mut seen = 0;
        let mut stack = vec![std::path::PathBuf::from(src)];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let code = std::fs::read_to_string(&path).unwrap();
                for piece in code.split('"').skip(1).step_by(2) {
                    let is_key = piece.contains(".err.")
                        && piece
                            .bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'_');
                    if !is_key {
                        continue;
                    }
                    seen += 1;
                    for lang in [rules::Lang::En, rules::Lang::Zh] {
                        let known = STRINGS.iter().any(|(k, _, _)| *k == piece)
                            || (lang == rules::Lang::Zh && REFUSALS_ZH.iter().any(|(k, _)| *k == piece))
                            || (lang == rules::Lang::En && REFUSALS_ZH.iter().any(|(k, _)| *k == piece));
                        if !known {
                            missing.push(format!("{}: {piece}", path.display()));
                        }
                    }
                }
            }
        }
        assert!(seen > 150, "only {seen} keys found: the scan is broken");
        assert!(missing.is_empty(), "keys without a text:\n{}", missing.join("\n"));
    }
    use clock::{ControlError as C, SpecError, SpecErrorKind as K};

    /// Every text of the table fills every place in both languages: what the English names,
    /// the Chinese names too, and neither keeps a `{…}`.
    #[test]
    fn every_text_fills_the_same_places_in_both_languages() {
        for &(key, en, zh) in STRINGS {
            let places: Vec<(&'static str, String)> = [en, zh]
                .into_iter()
                .flat_map(|t| t.split('{'))
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
                if ENGLISH_DETAIL.contains(&(key, *name)) {
                    continue;
                }
                assert!(
                    s.zh.contains(value.as_str()),
                    "{key}: the Chinese has no {{{name}}}: {}",
                    s.zh
                );
            }
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
