//! The pages' languages: simplified Chinese (zh-CN, the default when the browser prefers any
//! Chinese) and English. Every string the pages show is in [`STRINGS`], by key; the page
//! hands the table of its language to the script, which fills `{name}` placeholders.

use serde_json::{Map, Value};

use rules::Lang;

/// The language an `Accept-Language` header prefers among ours: the one of highest weight
/// (first listed on a tie); Chinese when nothing matches, as the rules are Chinese.
pub fn from_accept_language(header: &str) -> Lang {
    let mut best: Option<(f32, Lang)> = None;
    for part in header.split(',') {
        let mut it = part.split(';');
        let tag = it.next().unwrap_or("").trim();
        let q = it
            .find_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.trim().parse::<f32>().ok()))
            .unwrap_or(1.0);
        if let Ok(l) = tag.parse::<Lang>()
            && q > 0.0
            && best.is_none_or(|(bq, _)| q > bq)
        {
            best = Some((q, l));
        }
    }
    best.map_or(Lang::Zh, |(_, l)| l)
}

/// The HTML `lang` of a language: `zh-CN` or `en`.
pub fn html_lang(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "zh-CN",
        Lang::En => "en",
    }
}

/// The language's own name, for the switch.
pub fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "中文",
        Lang::En => "English",
    }
}

/// The text of `key` in `lang` (the key itself if there is none: a test keeps that from
/// happening for every key the script uses).
pub fn text(lang: Lang, key: &str) -> &str {
    STRINGS
        .iter()
        .find(|(k, _, _)| *k == key)
        .map_or(key, |(_, en, zh)| match lang {
            Lang::En => en,
            Lang::Zh => zh,
        })
}

/// Every string of `lang`, as a JSON object for the script.
pub fn table(lang: Lang) -> Value {
    let mut m = Map::new();
    for (k, en, zh) in STRINGS {
        m.insert(
            (*k).to_string(),
            Value::String(
                match lang {
                    Lang::En => en,
                    Lang::Zh => zh,
                }
                .to_string(),
            ),
        );
    }
    Value::Object(m)
}

/// Key, English, Chinese.
pub const STRINGS: &[(&str, &str, &str)] = &[
    ("title.home", "weiqi — Go competitions", "weiqi 围棋竞赛"),
    ("title.login", "Log in", "登录"),
    ("title.clock", "Clock", "计时钟"),
    ("title.event", "Event", "比赛"),
    ("title.referee", "Referee console", "裁判台"),
    ("title.hall", "Hall view", "赛场大屏"),
    ("title.wall", "Results wall", "成绩公告"),
    ("title.challenge", "Challenge match", "擂台赛"),
    ("title.slips", "Seat slips", "座位条"),
    // The challenge match page (擂台赛, Art. 26.6).
    ("challenge.orders", "Orders (agreed beforehand)", "出场顺序（赛前商定）"),
    ("challenge.out", "out", "已出局"),
    ("challenge.withdrawn", "withdrew", "已退出"),
    ("challenge.on_stage", "on stage", "在场"),
    ("challenge.current", "Next bout", "下一局"),
    (
        "challenge.defends",
        "{challenger} ({challenger_team}) challenges {defender} ({defender_team}), who defends",
        "{challenger}（{challenger_team}）攻擂，{defender}（{defender_team}）守擂",
    ),
    (
        "challenge.next",
        "{a} ({a_team}) against {b} ({b_team})",
        "{a}（{a_team}）对{b}（{b_team}）",
    ),
    ("challenge.record", "Record", "对局记录"),
    ("challenge.bout", "Bout", "局"),
    ("challenge.no_bouts", "No bout played yet.", "尚未开赛。"),
    ("challenge.not_played", "not played (Art. 28.4)", "未赛（第28条第4款）"),
    ("challenge.outcome.won", "{team} wins, stays on", "{team}胜，守擂"),
    (
        "challenge.outcome.forfeit",
        "{team} wins by forfeit, stays on",
        "{team}不战而胜，守擂",
    ),
    ("challenge.outcome.both_out", "both out", "双方均出局"),
    ("challenge.outcome.replay", "no result: played again", "无胜负：重赛"),
    (
        "challenge.winner",
        "{team} wins the challenge match",
        "{team}获得擂台赛胜利",
    ),
    (
        "challenge.drawn",
        "Both sides ran out in the same bout: drawn",
        "双方同局出局：平局",
    ),
    ("challenge.enter", "Enter the next bout's game", "录入下一局结果"),
    ("challenge.black", "Black", "执黑者"),
    (
        "challenge.result",
        "Result (B+R, W+1.5, B+F, 0, Void)",
        "结果（B+R、W+1.5、B+F、0、Void）",
    ),
    ("challenge.save", "Save", "保存"),
    (
        "challenge.withdraw",
        "A player withdraws (Art. 28.4)",
        "棋手退出（第28条第4款）",
    ),
    ("challenge.player", "Player", "棋手"),
    ("challenge.withdraw_button", "Withdraw", "退出"),
    ("challenge.create", "Create this challenge match", "创建此擂台赛"),
    ("challenge.name", "Name", "名称"),
    ("challenge.team_a", "Team A", "甲队"),
    ("challenge.team_b", "Team B", "乙队"),
    (
        "challenge.order_of",
        "Order of {team} (names, separated by commas)",
        "{team}出场顺序（姓名，用逗号分隔）",
    ),
    ("challenge.saved", "Saved.", "已保存。"),
    ("title.game", "Game", "对局"),
    ("nav.skip", "Skip to the content", "跳到正文"),
    ("nav.label", "Main", "主导航"),
    ("nav.brand", "weiqi", "weiqi 围棋"),
    ("nav.clock", "Clock only", "仅计时钟"),
    ("nav.login", "Log in", "登录"),
    ("nav.logout", "Log out", "退出"),
    ("nav.signed_in", "Signed in as {name}", "已登录：{name}"),
    ("loading", "Loading…", "加载中……"),
    (
        "noscript",
        "These pages need JavaScript.",
        "本页面需要启用 JavaScript。",
    ),
    ("vs", "vs", "对"),
    ("art", "Art. {n}", "第{n}条"),
    ("art.clause", "Art. {n}.{c}", "第{n}条第{c}款"),
    ("color.black", "Black", "黑方"),
    ("color.white", "White", "白方"),
    ("conn.live", "● live", "● 实时"),
    ("conn.lost", "○ reconnecting…", "○ 正在重新连接……"),
    (
        "login.intro",
        "Staff and players log in with an account; a player may also use the seat link the director gives.",
        "工作人员和棋手用账号登录；棋手也可以用编排长给出的座位链接。",
    ),
    ("login.name", "Account name", "账号"),
    (
        "login.password",
        "Password (8 characters or more)",
        "密码（至少8个字符）",
    ),
    ("login.submit", "Log in", "登录"),
    ("login.create", "Create the account and log in", "注册并登录"),
    ("home.events", "Events", "比赛"),
    ("home.live", "Games", "对局"),
    ("home.no_events", "No events yet.", "还没有比赛。"),
    ("home.no_games", "No games under way.", "目前没有对局。"),
    (
        "home.event_line",
        "{players} players, round {paired} of {rounds}",
        "{players}名棋手，第{paired}轮 / 共{rounds}轮",
    ),
    (
        "home.login_to_create",
        "Log in to create events and games.",
        "登录后可创建比赛和对局。",
    ),
    ("home.new_event", "New event", "新建比赛"),
    (
        "home.new_game",
        "New game (outside any event)",
        "新建对局（不属于比赛）",
    ),
    ("system.swiss", "Swiss", "积分编排制（瑞士制）"),
    ("system.mc_mahon", "McMahon", "麦克马洪制"),
    ("system.round_robin", "Round robin", "循环制"),
    ("system.knockout", "Knockout", "淘汰制"),
    ("system.swiss_elimination", "Swiss with elimination", "积分淘汰制"),
    ("event.label", "Event", "比赛"),
    (
        "event.id",
        "Short id (letters, digits, - _ .)",
        "简称（字母、数字、- _ .）",
    ),
    ("event.name", "Name", "名称"),
    ("event.system", "System", "赛制"),
    ("event.rounds", "Rounds", "轮数"),
    ("event.time", "Time control (e.g. 1h+3x60s)", "用时（如 1h+3x60s）"),
    ("event.bar", "Bar", "上限段位"),
    ("event.floor", "Floor", "下限段位"),
    ("event.handicap_h", "Handicaps (McMahon)", "让子（麦克马洪制）"),
    ("event.handicap_basis", "Handicap from", "让子依据"),
    (
        "event.handicap_bar",
        "No handicap at or above (empty: no bar)",
        "此段位及以上不让子（空：不设）",
    ),
    ("event.handicap_correction", "Stones taken off", "让子数减去"),
    ("event.handicap_ceiling", "At most (stones, 0–9)", "最多让子（0至9子）"),
    (
        "event.categories",
        "Categories: the lowest rank of each, strongest first (e.g. 3d, 5k; empty: one)",
        "组别：各组最低段位，由强到弱（如3段、5级；空：不分组）",
    ),
    ("event.rank_by_category", "Rank each category apart", "各组别分别排名"),
    ("event.create", "Create the event", "创建比赛"),
    (
        "event.summary",
        "{system}, {rounds} rounds, {players} players.",
        "{system}，{rounds}轮，{players}名棋手。",
    ),
    ("event.referee_console", "Referee console", "裁判台"),
    ("event.print_crosstable", "Print the crosstable", "打印成绩交叉表"),
    ("event.print_pairings", "Print the pairing sheet", "打印对阵表"),
    ("event.print_pack", "Print (A4)", "打印（A4）"),
    ("print_form.pairings", "pairings", "对阵表"),
    ("print_form.scoresheets", "score sheets", "记分单"),
    ("print_form.crosstable", "crosstable", "个人成绩表"),
    ("print_form.ranking", "ranking", "名次表"),
    ("print_form.namecards", "name cards", "姓名签"),
    ("print_form.final", "final result", "成绩公告"),
    ("event.players", "Players", "棋手"),
    ("event.players_caption", "{n} players", "共{n}名棋手"),
    ("event.withdraw", "Withdraw", "退赛"),
    (
        "event.withdraw_reason",
        "Why does {name} withdraw?",
        "{name}退赛的原因？",
    ),
    ("event.register", "Register", "报名"),
    (
        "event.csv",
        "Registrations (CSV or Excel file)",
        "报名表（CSV 或 Excel 文件）",
    ),
    ("event.csv_import", "Import", "导入"),
    (
        "event.csv_choose",
        "Choose a CSV or Excel file first.",
        "请先选择 CSV 或 Excel 文件。",
    ),
    ("event.csv_done", "{n} players registered.", "已报名{n}名棋手。"),
    (
        "event.csv_hint",
        "Columns name, rank (and club, region, rating); English or Chinese headers; CSV in UTF-8 or GBK, or .xlsx.",
        "列：姓名、段位（及单位、地区、等级分）；中英文表头均可；CSV（UTF-8 或 GBK 编码）或 .xlsx。",
    ),
    ("event.rounds_h", "Rounds and pairings", "轮次与对阵"),
    ("event.round", "Round {n}", "第{n}轮"),
    ("event.no_rounds", "Not paired yet.", "尚未编排。"),
    ("event.board", "Board", "台次"),
    ("event.result", "Result", "结果"),
    ("event.result_for", "Result of board {board}", "第{board}台的结果"),
    ("event.result_placeholder", "B+R", "黑中盘胜"),
    (
        "event.result_help",
        "B+R, W+1.5, B+T, 0 (draw), or as written: 黑中盘胜, 白胜3又3/4子",
        "可写黑中盘胜、白胜3又3/4子、黑超时胜、和棋，或B+R、W+1.5",
    ),
    ("event.enter", "Enter", "录入"),
    ("event.byes", "Byes: {names}", "轮空：{names}"),
    (
        "event.rests",
        "Resting (no game, no points): {names}",
        "轮休（不赛，不计分）：{names}",
    ),
    (
        "event.byes_label",
        "Byes (names, separated by commas)",
        "轮空（姓名，用逗号分隔）",
    ),
    ("event.start_games", "Start the games of this round", "开始本轮对局"),
    ("event.clock_only", "Clock only", "仅计时钟"),
    (
        "event.clock_only_for",
        "Clock only for board {board}, with this round's settings",
        "第{board}台仅计时钟（按本轮设置）",
    ),
    ("event.seat_links", "Seat links", "座位链接"),
    (
        "event.board_line",
        "Board {board}: {black} (Black) – {white} (White)",
        "第{board}台：{black}（黑）— {white}（白）",
    ),
    (
        "event.unpair",
        "Undo the pairing of round {round}",
        "撤销第{round}轮编排",
    ),
    (
        "event.unpair_confirm",
        "Undo the pairing of round {round}? Its results are dropped.",
        "撤销第{round}轮编排？该轮结果将被删除。",
    ),
    ("event.propose", "Show the proposed pairing", "显示建议对阵"),
    ("event.pair", "Pair round {n}", "编排第{n}轮"),
    (
        "event.proposal_caption",
        "The proposed pairing: change any board, then pair",
        "建议对阵：可修改任一台，然后编排",
    ),
    ("event.pair_as_shown", "Pair as shown", "按此编排"),
    // The proposal editor (pages/edits.js): each seat's player as the pairing sees them.
    ("pairing.info", "Rank · score · colours", "段位 · 积分 · 先后手"),
    ("pairing.notes", "Notes", "提示"),
    ("pairing.score", "{score} pts", "{score}分"),
    ("pairing.c_black", "B", "黑"),
    ("pairing.c_white", "W", "白"),
    ("pairing.c_bye", "=", "空"),
    ("pairing.c_none", "–", "–"),
    ("pairing.met", "met before: a repeat", "已相遇：重复对局"),
    (
        "pairing.met_in",
        "met in round {round}: a repeat",
        "第{round}轮已相遇：重复对局",
    ),
    ("pairing.handicap", "{n} stones", "让{n}子"),
    ("pairing.twice", "{name} is paired twice", "{name}被编排两次"),
    (
        "pairing.warnings_h",
        "This pairing needs your confirmation",
        "此编排需要确认",
    ),
    ("pairing.pair_anyway", "Pair anyway", "仍按此编排"),
    // The organizer's edits (pages/edits.js).
    ("edit.player", "Edit", "修改"),
    ("edit.player_h", "Edit {name}", "修改{name}"),
    ("edit.region", "Region", "地区"),
    ("edit.rating", "Rating", "等级分"),
    ("edit.save", "Save", "保存"),
    ("edit.cancel", "Cancel", "取消"),
    ("edit.event_h", "Edit the event", "修改比赛"),
    (
        "edit.lateness",
        "Lateness limit in minutes (Art. 22)",
        "迟到判负时限（分钟，第二十二条）",
    ),
    (
        "edit.settings_fixed",
        "A round is paired: the time control, lateness limit, handicaps, categories and ranking stay as they are; the name and the rounds may change.",
        "已有轮次编排：用时、迟到时限、让子、组别和排名方法不能再改；名称和轮数可以改。",
    ),
    (
        "edit.delete_hint",
        "An event without games can be deleted.",
        "没有对局的比赛可以删除。",
    ),
    ("edit.delete", "Delete the event", "删除比赛"),
    (
        "edit.delete_confirm",
        "Delete {name} with its players? This cannot be undone.",
        "删除{name}及其报名棋手？删除后无法恢复。",
    ),
    ("event.standings", "Standings", "名次"),
    (
        "event.collected",
        "{n} results taken from the finished games.",
        "已从结束的对局录入{n}个结果。",
    ),
    ("event.officials", "Officials", "裁判人员"),
    (
        "event.confirmation_players",
        "Results: the players' agreement stands, no referee's confirmation needed (Art. 16.4).",
        "结果确认：以双方棋手确认为准，无需裁判确认（第16条第4款）。",
    ),
    (
        "event.confirmation_referee",
        "Results: confirmed by both players and a referee (Art. 16.4).",
        "结果确认：须经双方棋手和裁判确认（第16条第4款）。",
    ),
    (
        "event.confirmation_set",
        "Let the players' agreement stand (a club event; for games started from now on)",
        "以双方棋手确认为准（俱乐部比赛；适用于此后开始的对局）",
    ),
    ("event.role", "Role", "职务"),
    ("event.appoint", "Appoint", "任命"),
    ("event.appointed", "{name} appointed.", "已任命{name}。"),
    (
        "event.result_saved",
        "Result of board {board} saved.",
        "第{board}台结果已录入。",
    ),
    // What the director set and who the officials are (the event page's "about").
    ("about.h", "The event", "竞赛规程"),
    ("about.system", "System", "赛制"),
    ("about.rounds", "Rounds", "轮数"),
    ("about.time", "Time control (Art. 12)", "用时（第12条）"),
    ("about.time_none", "not set", "未设定"),
    ("about.komi", "Komi (Art. 11)", "贴子（第11条）"),
    (
        "about.komi_value",
        "Black gives 3¾ stones, unless the round's start sets another",
        "黑贴3又3/4子（每轮开赛时可另定）",
    ),
    ("about.bar_floor", "McMahon bar and floor", "麦克马洪上限与下限"),
    (
        "about.bar_floor_value",
        "bar {bar}, floor {floor}",
        "上限{bar}，下限{floor}",
    ),
    ("about.handicap", "Handicaps", "让子"),
    ("about.handicap_none", "even games only", "只下分先"),
    (
        "about.handicap_value",
        "by {basis}, less {correction}, at most {ceiling} stones",
        "按{basis}，减{correction}子，最多{ceiling}子",
    ),
    (
        "about.handicap_value_plain",
        "by {basis}, at most {ceiling} stones",
        "按{basis}，最多{ceiling}子",
    ),
    (
        "about.handicap_bar",
        "; no handicap at or above {bar} (higher ranks count as {bar})",
        "；{bar}及以上不让子（更高段位按{bar}计）",
    ),
    ("about.categories", "Categories", "组别"),
    ("about.category_from", "{n}: {rank} and up", "第{n}组：{rank}及以上"),
    ("about.category_below", "{n}: below {rank}", "第{n}组：{rank}以下"),
    ("about.categories_within", "paired within each", "组内编排"),
    ("about.basis_rank", "the rank difference", "段位差"),
    ("about.basis_mms", "the McMahon score difference", "麦克马洪分差"),
    ("about.tie_breaks", "Tie-breaks (Art. 27)", "名次排列（第27条）"),
    (
        "about.tie_breaks_opengotha",
        " (the OpenGotha file's, placed as OpenGotha places them)",
        "（按OpenGotha文件的排名规则）",
    ),
    ("about.bye", "A bye is worth", "轮空计"),
    ("about.bye_win", "a win (2 points)", "胜一局（2分）"),
    ("about.bye_draw", "a draw (1 point)", "和一局（1分）"),
    ("about.bye_loss", "nothing", "不计分"),
    ("about.lateness", "Lateness (Art. 22)", "迟到（第22条）"),
    (
        "about.lateness_value",
        "more than {n} minutes loses the game",
        "超过{n}分钟判负",
    ),
    ("about.hall", "Hall view (projector)", "赛场大屏"),
    ("about.wall", "Results wall", "成绩公告"),
    ("role_h.organizer", "Organizer", "组委会"),
    ("role_h.chief_referee", "Chief referee", "裁判长"),
    ("role_h.referee", "Referees", "裁判员"),
    // The hall view and the results wall, for a projector.
    ("hall.round", "Round {n} of {of}", "第{n}轮（共{of}轮）"),
    ("hall.boards", "{n} boards", "共{n}台"),
    ("hall.clock_black", "Black's clock", "黑方用时"),
    ("hall.clock_white", "White's clock", "白方用时"),
    ("hall.to_confirm", "(to confirm)", "（待确认）"),
    ("hall.handicap", "{n} stones", "让{n}子"),
    ("hall.not_started", "not started", "未开始"),
    ("hall.page", "page {page} of {pages}", "第{page}页／共{pages}页"),
    ("hall.to_wall", "Results wall", "成绩公告"),
    (
        "wall.round",
        "Round {n} of {of}: pairings and results",
        "第{n}轮（共{of}轮）对阵与结果",
    ),
    ("wall.standings", "Standings after round {n}", "第{n}轮后名次"),
    ("wall.no_standings", "No results yet.", "尚无成绩。"),
    ("wall.updated", "Updated {time}", "更新于{time}"),
    ("wall.to_hall", "Hall view", "赛场大屏"),
    // The event to and from files.
    ("transfer.export", "Save as:", "导出："),
    ("transfer.opengotha", "OpenGotha (XML)", "OpenGotha（XML）"),
    ("transfer.h9", "EGD results (h9)", "EGD成绩（h9）"),
    ("transfer.csv_standings", "Standings (CSV)", "名次（CSV）"),
    ("transfer.csv_pairings", "Pairings (CSV)", "对阵（CSV）"),
    ("transfer.html", "Crosstable (HTML)", "成绩交叉表（HTML）"),
    ("transfer.saved", "Saved {name}.", "已保存{name}。"),
    ("transfer.import_h", "Import an OpenGotha event", "导入OpenGotha比赛"),
    ("transfer.file", "OpenGotha file (XML)", "OpenGotha文件（XML）"),
    ("transfer.import", "Import", "导入"),
    ("transfer.choose", "Choose a file first.", "请先选择文件。"),
    (
        "transfer.import_hint",
        "The players, rounds, results and byes are imported; the file is kept, so that the export gives back what weiqi does not use.",
        "导入棋手、轮次、结果与轮空；原文件随比赛保存，导出时原样带回本系统不用的内容。",
    ),
    (
        "transfer.imported",
        "{name} imported: {players} players, {rounds} rounds.",
        "已导入{name}：{players}名棋手，{rounds}轮。",
    ),
    ("player.name", "Name", "姓名"),
    ("player.rank", "Rank", "段位"),
    ("player.club", "Club", "单位"),
    ("player.region", "Region", "地区"),
    ("player.rating", "Rating", "等级分"),
    ("player.status", "Status", "状态"),
    ("status.active", "playing", "参赛"),
    ("status.withdrawnbeforestart", "withdrew before the start", "赛前退赛"),
    ("status.withdrawn", "withdrawn", "已退赛"),
    ("standings.place", "Place", "名次"),
    ("standings.points", "Points", "积分"),
    ("standings.wld", "W/L/D", "胜/负/和"),
    ("standings.after", "After round {n}", "第{n}轮后"),
    (
        "standings.after_opengotha",
        "After round {n}, placed as OpenGotha places it",
        "第{n}轮后，按OpenGotha的排名规则",
    ),
    ("standings.withdrawn", " (withdrawn)", "（已退赛）"),
    ("standings.rating_before", "Rating before", "赛前等级分"),
    ("standings.rating_after", "Rating after", "赛后等级分"),
    ("standings.rating_change", "Change", "变化"),
    ("standings.promotion", "Promotion", "升段/升级"),
    ("game.label", "Game", "对局"),
    ("game.id", "Game", "对局"),
    ("game.players", "Players", "对局者"),
    ("game.phase", "State", "状态"),
    ("game.stones", "Stones on the board", "盘面子数"),
    ("game.size", "Board size", "棋盘大小"),
    ("game.create", "Create the game", "创建对局"),
    ("game.watch", "Watch", "观战"),
    ("game.round_board", "R{round} B{board}", "第{round}轮第{board}台"),
    ("game.you", "(you)", "（你）"),
    (
        "game.seat_link",
        "You play through your seat link.",
        "你正通过座位链接对局。",
    ),
    (
        "game.spectator",
        "You are watching: the board follows the game live.",
        "你在观战：棋盘实时跟随对局。",
    ),
    ("game.captures", "{n} captured", "提子{n}"),
    ("game.warnings", "{n} warnings", "警告{n}次"),
    ("game.warning_one", "{n} warning", "警告{n}次"),
    ("game.to_move", "{color} to play", "轮到{color}"),
    ("game.paused", "clocks stopped", "计时暂停"),
    (
        "game.end_proposed",
        "{color} proposes the end (Art. 13.2)",
        "{color}提议终局（第13条第2款）",
    ),
    (
        "game.count",
        "count: Black {black}, White {white} stones",
        "计数：黑方{black}子，白方{white}子",
    ),
    ("game.where", "round {round}, board {board}", "第{round}轮第{board}台"),
    (
        "game.paused_click",
        "The clocks are stopped (Art. 14): nothing is played until they run again.",
        "计时已暂停（第14条）：恢复计时前不能落子。",
    ),
    (
        "game.ghost",
        "{point}: tap it again to play, elsewhere to move it.",
        "{point}：再点一次落子，点别处改位置。",
    ),
    (
        "game.opt_confirm",
        "Confirm each move (tap twice)",
        "落子确认（点两次）",
    ),
    ("game.opt_sound", "Stone sound", "落子声"),
    ("count.title", "How the count is made", "计算方法"),
    ("machine.black", "Black", "黑"),
    ("machine.white", "White", "白"),
    (
        "machine.unsure",
        "Unsure (not marked): {color} {stones} — {reason}",
        "存疑（未标出）：{color} {stones} — {reason}",
    ),
    (
        "machine.seki",
        "Seki: {color} {stones} — {reason}",
        "双活：{color} {stones} — {reason}",
    ),
    (
        "machine.dead",
        "{color} {stones} — {reason}",
        "{color} {stones} — {reason}",
    ),
    (
        "machine.dead_fold",
        "Proposed dead, with the reasons ({n})",
        "提议的死子：{n}块，及其理由",
    ),
    ("machine.more", "{first} … ({n} stones)", "{first}…（共{n}子）"),
    (
        "machine.by_builtin",
        "Dead stones proposed by the built-in judgement",
        "死子由内置判断提议",
    ),
    (
        "machine.by_scorer",
        "Dead stones proposed by {name}",
        "死子由 {name} 提议",
    ),
    (
        "machine.asking",
        "Asking the scorer for the dead stones…; meanwhile proposed by the built-in judgement",
        "正在询问外部判断程序……暂由内置判断提议死子",
    ),
    (
        "machine.failed",
        "The scorer failed ({why}); dead stones proposed by the built-in judgement",
        "外部判断程序未能答复（{why}），死子由内置判断提议",
    ),
    ("live.round_board", "Round, board", "轮次台次"),
    ("live.move", "Move", "手数"),
    ("live.viewers", "Watching", "观战"),
    ("live.watching", "{n} watching", "{n}人观战"),
    ("review.first", "|◀ First", "|◀ 开局"),
    ("review.prev", "◀ Previous", "◀ 上一手"),
    ("review.next", "Next ▶", "下一手 ▶"),
    ("review.last", "Last ▶|", "最新 ▶|"),
    ("review.at", "Move {n} of {total}", "第{n}手（共{total}手）"),
    (
        "count.side",
        "{color}: {stones} stones on the board + {territory} territory + {half} (half of {dame} dame) = {area}",
        "{color}：盘上{stones}子 + 围空{territory}子 + {half}子（单官{dame}个之半） = {area}子",
    ),
    (
        "count.warnings",
        "{color}: {n} warning(s), one stone each to the other side (Art. 24)",
        "{color}警告{n}次，每次罚一子给对方（第24条）",
    ),
    (
        "count.final",
        "After the warnings: Black {black}, White {white} (together {total})",
        "罚子后：黑方{black}子，白方{white}子（合计{total}子）",
    ),
    (
        "count.need",
        "Black must have more than {par} (half the board) + komi {komi}{handicap} = {threshold} (Art. 9, 11)",
        "黑方须超过{par}子（半数） + 贴{komi}子{handicap} = {threshold}子（第9条、第11条）",
    ),
    ("count.handicap", " + {n} given back for the handicap", " + 让子还{n}子"),
    (
        "count.result",
        "Black {count} − {threshold} = {margin} stones: {result}",
        "黑方{count} − {threshold} = {margin}子：{result}",
    ),
    (
        "game.accepted",
        "marking accepted: Black {black} White {white}",
        "确认死子：黑{black} 白{white}",
    ),
    ("game.coord", "Point", "着点"),
    (
        "game.coord_help",
        "Type a point such as D4 (columns A–{last} without I) and press Enter.",
        "输入着点如 D4（列 A–{last}，无 I），按回车。",
    ),
    (
        "game.bad_coord",
        "{v} is not a point of this board.",
        "{v} 不是本棋盘上的点。",
    ),
    ("game.play", "Play", "落子"),
    ("game.pass", "Pass", "虚着"),
    ("game.propose_end", "Propose the end", "提议终局"),
    ("game.accept_end", "Accept the end", "同意终局"),
    ("game.resign", "Resign", "认输"),
    ("game.resign_confirm", "Resign this game?", "确定认输？"),
    (
        "game.lost_turn",
        "On timeout, lose a turn instead (Art. 22.5)",
        "超时改判弃权一次（第22条第5款）",
    ),
    (
        "game.mark_help",
        "Click a stone to mark its group dead or alive, then send the marking; or accept the opponent's (Art. 8). If you disagree, dispute: play resumes (Art. 21.4).",
        "点击棋子标记整块死活，然后提交；或确认对方的标记（第8条）。如有争议，提出异议后继续对局（第21条第4款）。",
    ),
    ("game.send_marking", "Send my marking", "提交我的死子标记"),
    ("game.accept_marking", "Accept the marking", "确认死子"),
    (
        "game.dispute_dead",
        "Dispute: I say they are dead",
        "异议：我认为是死棋",
    ),
    (
        "game.dispute_alive",
        "Dispute: I say they are alive",
        "异议：我认为是活棋",
    ),
    (
        "game.awaiting",
        "Still to confirm the result: {who} (Art. 16.4).",
        "尚待确认结果：{who}（第16条第4款）。",
    ),
    ("game.ruling_by", "Ruling by the {role}:", "{role}判定："),
    ("game.dismiss", "Dismiss", "知道了"),
    (
        "game.confirm",
        "Confirm the result (Art. 16.4)",
        "确认结果（第16条第4款）",
    ),
    ("game.recount", "Ask for a recount", "申请复核"),
    (
        "game.stale_resent",
        "{what} came first; your “{action}” still applied and was sent again.",
        "{what}在先；你的“{action}”仍然适用，已重新发送。",
    ),
    (
        "game.stale_not_sent",
        "The game changed before your “{action}” arrived: {what}. It was not sent: look again and decide.",
        "你的“{action}”送达前对局已有变化：{what}。该操作未发送，请看清后重新决定。",
    ),
    ("game.sgf", "Download SGF", "下载 SGF 棋谱"),
    ("game.calls", "Clock calls", "读秒"),
    ("game.log", "Record", "记录"),
    (
        "board.label",
        "Go board {size}×{size}: {black} black and {white} white stones.",
        "{size}路棋盘：黑子{black}枚，白子{white}枚。",
    ),
    (
        "board.last",
        "Last move: {color} {point}.",
        "最后一手：{color} {point}。",
    ),
    (
        "board.help",
        "Arrow keys move over the board, Enter plays (or marks in counting).",
        "方向键移动，回车落子（数子时为标记）。",
    ),
    ("phase.setup", "not started", "未开始"),
    ("phase.play", "in play", "对局中"),
    ("phase.counting", "counting: dead stones", "确认死活"),
    ("phase.decided", "result to confirm", "待确认结果"),
    ("phase.final", "final", "已确认"),
    ("clock.flag", "time is up", "超时"),
    (
        "clock.byoyomi",
        "byo-yomi {time} ({periods} left)",
        "读秒 {time}（剩{periods}次）",
    ),
    ("clock.then", "then {periods} × {time}", "另有{periods}次 × {time}"),
    ("clock.byoyomi_left", "byo-yomi, {periods} left", "读秒，剩{periods}次"),
    ("clock.used", "{time} used", "已用 {time}"),
    ("clock.of", "{color}'s clock", "{color}的时钟"),
    (
        "clock.intro",
        "Clock only: this tablet is the game's electronic clock and calls the byo-yomi aloud (Art. 12.1, 12.3). The game is played over the board; enter the result at the end.",
        "仅计时钟：本设备作为对局的电子计时钟并语音读秒（第12条第1、3款）。对局在棋盘上进行，结束后录入结果。",
    ),
    ("clock.first", "Whose clock starts", "先走方"),
    ("clock.start", "Start the clock", "开始计时"),
    (
        "clock.help",
        "After your move, tap your side (or press Space).",
        "落子后点击自己一侧（或按空格键）。",
    ),
    ("clock.press_hint", "tap after your move", "落子后点击"),
    ("clock.pause", "Stop the clocks (Art. 14)", "暂停计时（第14条）"),
    ("clock.resume", "Restart the clocks", "继续计时"),
    ("clock.enter_result", "Enter the result", "录入结果"),
    (
        "clock.result_saved",
        "Result {result} saved in the event.",
        "结果 {result} 已保存到比赛。",
    ),
    (
        "clock.result_local",
        "Result {result} noted on this device only: this clock belongs to no event, nothing was saved.",
        "结果 {result} 仅记在本设备：此计时钟不属于任何比赛，未保存。",
    ),
    (
        "clock.for_board",
        "for {event}, round {round}, board {board}",
        "{event} 第{round}轮 第{board}台",
    ),
    ("clock.reset", "Remove this clock", "移除此计时钟"),
    ("clock.reset_confirm", "Throw this clock away?", "放弃当前计时？"),
    ("clock.board", "Board {board}", "第{board}台"),
    ("call.line", "{color}: {text}", "{color}：{text}"),
    ("clock.board_field", "Board", "台次"),
    ("clock.all", "All board clocks ({n})", "全部计时钟（{n}）"),
    ("clock.add", "Add a board clock", "添加一台计时钟"),
    (
        "clock.list_help",
        "Every board's clock on this device, each running on its own and calling its byo-yomi with its board's number. Tap a board to open its clock full-screen.",
        "本设备上的各台计时钟，各自独立计时，读秒时报出台次。点击某台可全屏打开其计时钟。",
    ),
    ("clock.open", "Open the clock of {board}", "打开{board}的计时钟"),
    ("clock.open_short", "Open", "打开"),
    ("clock.pause_short", "Stop", "暂停"),
    ("clock.resume_short", "Restart", "继续"),
    ("clock.fullscreen", "Full screen", "全屏"),
    ("voice.on", "Voice calls: on", "语音读秒：开"),
    ("voice.off", "Voice calls: off", "语音读秒：关"),
    ("voice.lang", "Call language", "读秒语言"),
    ("voice.has", "A voice is available.", "有可用的语音。"),
    (
        "voice.tap",
        "Tap or press a key once: the browser lets the page speak after a gesture.",
        "请点一下页面或按一下键：浏览器在操作后才允许读秒出声。",
    ),
    (
        "voice.none",
        "No voice in this browser: beeps and calls on screen.",
        "本浏览器无语音：以提示音和屏幕显示读秒。",
    ),
    ("ref.hall", "Games in the hall", "赛场对局"),
    ("ref.act", "Ruling", "判罚"),
    ("ref.action", "Action", "操作"),
    ("ref.side", "Side", "一方"),
    ("ref.point", "Point (void move)", "着点（无效着）"),
    ("ref.offence", "Offence (Art. 23)", "违规行为（第23条）"),
    ("ref.outcome", "Outcome", "结果"),
    ("ref.article", "Article", "条款"),
    ("ref.submit", "Record it", "记录"),
    ("ref.done", "Recorded.", "已记录。"),
    ("ref.warnings", "Warnings B/W", "警告 黑/白"),
    (
        "ref.queue",
        "Results to confirm (Art. 16.4)",
        "待确认结果（第16条第4款）",
    ),
    (
        "ref.queue_empty",
        "No result waits for a referee's confirmation.",
        "没有等待裁判确认的结果。",
    ),
    (
        "ref.queue_club",
        "This event lets the players' agreement stand: a result is final once both players confirm it.",
        "本比赛以双方棋手确认为准：双方确认后结果即生效。",
    ),
    ("ref.queue_awaiting", "still to confirm: {who}", "尚待确认：{who}"),
    ("ref.queue_confirm", "Confirm", "确认"),
    ("ref.round_shown", "Round {round} shown.", "显示第{round}轮。"),
    ("ref.all_rounds", "Show all rounds", "显示所有轮次"),
    ("ref.all_rounds_shown", "All rounds shown.", "显示所有轮次。"),
    (
        "ref.ends_confirm",
        "{action} ends game {game}: {what}. Record it?",
        "{action}将结束对局{game}：{what}。确定记录吗？",
    ),
    ("ref.ends_loses", "{side} loses the game", "{side}负"),
    ("ref.acting", "You act as {role}.", "你的身份：{role}。"),
    (
        "ref.no_role",
        "You hold no referee role in this event: you can watch only.",
        "你在本比赛中没有裁判身份，只能观看。",
    ),
    ("ref.warning", "Warning", "警告"),
    ("ref.loss", "Loss of the game (Art. 23)", "判负（第23条）"),
    ("ref.void_move", "Void move", "无效着"),
    ("ref.forfeit", "Lateness forfeit (Art. 22.1)", "迟到判负（第22条第1款）"),
    ("ref.adjudicate", "Adjudicate", "裁决"),
    (
        "ref.confirm",
        "Confirm the result (Art. 16.4)",
        "确认结果（第16条第4款）",
    ),
    (
        "ref.recount",
        "Recount asked for by this side (Art. 16.4)",
        "记录此方申请复核（第16条第4款）",
    ),
    (
        "ref.dispute",
        "Dispute: play resumes, this side claims dead (Art. 21.4)",
        "争议：继续对局，此方主张死棋（第21条第4款）",
    ),
    ("ref.pause", "Stop the clocks (Art. 14)", "暂停计时（第14条）"),
    ("ref.resume", "Restart the clocks", "继续计时"),
    ("role.chief_referee", "chief referee", "裁判长"),
    ("role.referee", "referee", "裁判员"),
    ("role.organizer", "organizer", "组委会"),
    ("offence.talking", "talking", "交谈"),
    ("offence.phone_sounded", "phone rang", "手机响"),
    ("offence.phone_looked_at", "looked at a phone", "看手机"),
    ("offence.disturbing", "disturbing the opponent", "干扰对方"),
    ("offence.consulting", "consulting others", "请教他人"),
    ("offence.smoking", "smoking", "吸烟"),
    ("offence.cheating", "cheating", "作弊"),
    ("offence.withdrawal", "leaving the game", "弃赛"),
    ("outcome.black", "Black wins", "黑胜"),
    ("outcome.white", "White wins", "白胜"),
    ("outcome.draw", "Draw", "和棋"),
    ("outcome.no_result", "No result", "无胜负"),
    ("outcome.both_lose", "Both lose", "双方负"),
    ("outcome.replay", "Replay", "重赛"),
    ("art.7.2", "resignation", "认输"),
    ("art.8", "dead stones", "死活确认"),
    ("art.9", "counting", "计算胜负"),
    ("art.12.3", "byo-yomi", "读秒"),
    ("art.12.4", "absolute time", "包干用时"),
    ("art.13.1", "adjudication", "裁决"),
    ("art.13.2", "end of play", "终局"),
    ("art.14", "pause", "暂停"),
    ("art.16.4", "confirmation", "确认结果"),
    ("art.17.1", "wrong colours", "执错颜色"),
    ("art.17.2", "two moves in a row", "连下两手"),
    ("art.17.3", "take-back", "悔棋"),
    ("art.17.4", "clock pressed early", "提前按钟"),
    ("art.17.5", "void move", "无效着"),
    ("art.18", "stones removed wrongly", "提子错误"),
    ("art.19", "moved stones", "移动棋子"),
    ("art.20", "long cycle", "全局同形循环"),
    ("art.21.4", "life-and-death dispute", "死活争议"),
    ("art.22.1", "lateness", "迟到"),
    ("art.22.5", "timeout", "超时"),
    ("art.23", "discipline", "纪律处罚"),
    ("art.24.1", "warnings", "警告"),
    ("round.start_h", "Start the games of round {n}", "开始第{n}轮对局"),
    ("round.time", "Time control", "用时"),
    (
        "round.time_help",
        "e.g. 1h+3x60s (byo-yomi), 10m+15/10m (Canadian), 30m (absolute), 5m+10s/move (Fischer)",
        "如 1h+3x60s（读秒）、10m+15/10m（加拿大式）、30m（包干）、5m+10s/move（费舍尔）",
    ),
    (
        "round.time_unread",
        "The event's time control could not be read ({why}): write it here.",
        "无法读取本赛的用时设置（{why}），请在此填写。",
    ),
    ("round.komi", "Komi (stones)", "贴子（子）"),
    (
        "round.komi_help",
        "Art. 11: Black gives 3¾ stones (7½ points); quarter stones.",
        "第11条：黑贴3又3/4子（7目半）；以1/4子为单位。",
    ),
    (
        "round.lost_turn",
        "A timeout in the last byo-yomi period may be taken as a lost turn instead of a loss (Art. 22)",
        "最后一次读秒超时，经本人要求可改判弃权一次，不判负（第22条）",
    ),
    ("round.handicap", "Handicap stones", "让子数"),
    (
        "round.handicap_of",
        "Handicap stones on board {board}",
        "第{board}台让子数",
    ),
    (
        "round.handicap_caption",
        "McMahon: handicap by board (0 for an even game, or 2 to 9; Black takes the stones). Proposed from the ranks.",
        "麦克马洪制：各台让子（0为分先，或2至9子，黑方摆子）。按段位差建议。",
    ),
    (
        "round.handicap_komi",
        "Komi of the handicap games (stones)",
        "让子棋贴子（子）",
    ),
    ("round.clocks", "The clocks start", "开钟"),
    (
        "round.clocks_seated",
        "when both players of a board have opened their links (or a referee starts the board's clock)",
        "每台双方都打开座位链接后（或由裁判为该台开钟）",
    ),
    (
        "round.clocks_now",
        "now, on every board started",
        "立即（所有开始的台次）",
    ),
    ("round.scheduled", "Scheduled start", "预定开赛时间"),
    (
        "round.scheduled_help",
        "Art. 22: a player not seated when a waiting clock is started is late from this time (today); empty: now.",
        "第22条：为等待中的对局开钟时未入座者，迟到自此时（今日）起算；不填即为现在。",
    ),
    ("round.boards", "Boards to start", "开始的台次"),
    (
        "round.boards_help",
        "A board not ticked is played over the board (with the clock-only page) or started later.",
        "未勾选的台次可在棋盘上用单独计时页进行，或稍后再开始。",
    ),
    (
        "round.board_n",
        "Board {board}: {black} – {white}",
        "第{board}台：{black} – {white}",
    ),
    (
        "seat.player_line",
        "{color}: {name} ({rank})",
        "{color}：{name}（{rank}）",
    ),
    ("seat.copy", "Copy", "复制"),
    (
        "seat.copy_for",
        "Copy {color}'s link of board {board}",
        "复制第{board}台{color}的链接",
    ),
    ("seat.copied", "Link copied.", "链接已复制。"),
    (
        "seat.qr_for",
        "QR code of {color}'s link, board {board}",
        "第{board}台{color}链接的二维码",
    ),
    ("seat.seated", "seated", "已入座"),
    ("seat.not_seated", "not seated yet", "尚未入座"),
    (
        "seat.waiting",
        "The clock waits for both players.",
        "等待双方入座后开钟。",
    ),
    ("seat.start_clock", "Start the clock", "开钟"),
    (
        "seat.start_clock_for",
        "Start the clock of board {board}",
        "为第{board}台开钟",
    ),
    (
        "seat.start_clock_confirm",
        "Start the clock of board {board} now? A player not seated is late (Art. 22): their lateness counts, and they lose beyond the event's limit.",
        "现在为第{board}台开钟？未入座的棋手按迟到处理（第22条）：计迟到时间，超过本赛限时判负。",
    ),
    (
        "seat.start_all",
        "Start the {n} waiting clocks",
        "为{n}台等待中的对局开钟",
    ),
    (
        "seat.start_all_confirm",
        "Start the clocks of the {n} boards still waiting? The players not seated are late (Art. 22), from the round's start.",
        "现在为仍在等待的{n}台开钟？未入座的棋手按迟到处理（第22条），自本轮开始时起算。",
    ),
    ("seat.all_started", "{n} clocks started.", "已为{n}台开钟。"),
    (
        "seat.clock_started",
        "The clock of board {board} runs.",
        "第{board}台已开钟。",
    ),
    (
        "seat.no_link",
        "This link was made before links could be shown again: issue a new one.",
        "此链接生成于可再次显示之前：请换发新链接。",
    ),
    ("seat.slips", "Print the seat slips", "打印座位条"),
    (
        "seat.show_links",
        "Show the seat links of round {n}",
        "显示第{n}轮座位链接",
    ),
    ("seat.links_of", "Seat links of round {n}", "第{n}轮座位链接"),
    ("slips.title", "Seat slips, round {n}", "第{n}轮座位条"),
    ("slips.board", "Board {board}", "第{board}台"),
    ("slips.you_play", "You play {color}", "您执{color}"),
    ("slips.player", "{name} ({rank})", "{name}（{rank}）"),
    ("slips.opponent", "Opponent: {name} ({rank})", "对手：{name}（{rank}）"),
    (
        "slips.open",
        "Open this link, or scan the code:",
        "打开此链接，或扫描二维码：",
    ),
    (
        "slips.keep",
        "Keep this slip to yourself: the link plays your seat.",
        "请妥善保管：凭此链接代表您下棋。",
    ),
    ("slips.print", "Print", "打印"),
    (
        "slips.none",
        "No board of this round has started.",
        "本轮尚无开始的台次。",
    ),
    ("seat.new_link", "New link: {color}", "换发链接：{color}"),
    (
        "seat.new_link_for",
        "Issue a new seat link for {color} on board {board}",
        "为第{board}台{color}换发座位链接",
    ),
    (
        "seat.confirm",
        "Issue a new link for {color}'s seat of game #{game}? The old link stops working.",
        "为第{game}号对局{color}换发座位链接？原链接将失效。",
    ),
    (
        "seat.issued",
        "New link for {color}, game #{game}",
        "第{game}号对局{color}的新链接",
    ),
    (
        "seat.old_invalid",
        "Give it to the player; the old link no longer works.",
        "请交给棋手；原链接已失效。",
    ),
    ("seat.history", "Links issued again for this game", "本局换发链接记录"),
    ("seat.history_all", "Seat links issued again", "座位链接换发记录"),
    (
        "seat.history_caption",
        "{n} links issued again, oldest first",
        "共换发{n}次，按时间先后排列",
    ),
    (
        "seat.history_none",
        "No seat link has been issued again.",
        "尚无换发的座位链接。",
    ),
    ("seat.by", "Issued by", "换发人"),
    ("seat.when", "When", "时间"),
    ("seat.history_line", "{color}: by {by}, {at}", "{color}：{by}，{at}"),
    ("seat.done", "New link for {color} issued.", "已为{color}换发链接。"),
    (
        "game.seat_link_invalid",
        "This seat link no longer works (an official issued a new one): you are watching.",
        "此座位链接已失效（裁判已换发新链接）：你正在观看。",
    ),
    (
        "ref.seat_link",
        "New seat link for this side (the old one stops working)",
        "为此方换发座位链接（原链接失效）",
    ),
    ("game.ask_time", "Time left? (Art. 16)", "询问剩余时间（第16条）"),
    (
        "clock.lost_turn",
        "Count it as one lost turn (Art. 22)",
        "改判弃权一次（第22条）",
    ),
    (
        "clock.lost_turn_offer",
        "{color}'s time is up in the last byo-yomi period. At the player's request it may count as one lost turn instead of a loss; play goes on with the same byo-yomi.",
        "{color}最后一次读秒超时。经本人要求，可改判弃权一次而不判负，之后按原读秒继续对局。",
    ),
    (
        "clock.lost_turn_line",
        "{color}: timeout taken as a lost turn (Art. 22), {time}",
        "{color}：超时改判弃权一次（第22条），{time}",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_preferred_of_ours() {
        let cases = [
            ("zh-CN,zh;q=0.9,en;q=0.8", Lang::Zh),
            ("en-US,en;q=0.9,zh-CN;q=0.8", Lang::En),
            ("fr-FR,en;q=0.5,zh;q=0.7", Lang::Zh),
            ("fr-FR,en;q=0.5", Lang::En),
            ("de", Lang::Zh),
            ("", Lang::Zh),
            ("zh-TW;q=0, en", Lang::En),
        ];
        for (h, want) in cases {
            assert_eq!(from_accept_language(h), want, "{h}");
        }
    }

    #[test]
    fn keys_are_unique_and_both_languages_are_filled() {
        let mut seen = std::collections::HashSet::new();
        for (k, en, zh) in STRINGS {
            assert!(seen.insert(*k), "duplicate key {k}");
            assert!(!en.is_empty() && !zh.is_empty(), "{k}");
            // Placeholders agree between the languages.
            let ph = |s: &str| {
                let mut v: Vec<String> = s
                    .split('{')
                    .skip(1)
                    .filter_map(|p| p.split_once('}'))
                    .map(|p| p.0.to_string())
                    .collect();
                v.sort();
                v.dedup();
                v
            };
            assert_eq!(ph(en), ph(zh), "{k}");
        }
    }

    #[test]
    fn every_key_the_script_uses_has_a_string() {
        let mut missing = Vec::new();
        for (_, js) in crate::pages::SCRIPTS {
            for (at, _) in js.match_indices("t('") {
                // `t(` itself, not `get(` or `set(`.
                if js[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                {
                    continue;
                }
                let part = &js[at + 3..];
                let key: String = part.chars().take_while(|&c| c != '\'').collect();
                let rest = &part[key.len()..];
                if key.ends_with('.') {
                    // A prefix completed at run time: some key must start with it.
                    if !STRINGS.iter().any(|(k, _, _)| k.starts_with(&key)) {
                        missing.push(key);
                    }
                } else if rest.starts_with('\'') && !STRINGS.iter().any(|(k, _, _)| *k == key) {
                    missing.push(key);
                }
            }
        }
        assert_eq!(missing, Vec::<String>::new());
    }
}
