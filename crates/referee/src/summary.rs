//! Readable summaries of events, in Chinese and English, with the article applied: what the
//! SGF writer puts in a comment and a referee's console shows.

use crate::article::{Article, art};
use crate::effect::Effect;
use crate::event::{Action, Actor, ClockFix, ColourChoice, Event, Penalty, Ruling};
use crate::outcome::side_zh;
use crate::settings::{Seat, Settings};
use clock::duration_text;
use rules::Lang;
use rules::{Color, Move, Point};
use tournament::nigiri::Parity;

/// One event told for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// In Chinese: `黑方着子前按钟，判警告一次（第17条第4款）`.
    pub zh: String,
    /// In English: `Black pressed the clock before placing the stone: a warning (Art. 17.4)`.
    pub en: String,
    /// The article applied, for rulings and for the actions an article governs.
    pub article: Option<Article>,
}

/// The summary of `event`, which did `effects` (as [`crate::Referee::effects`] keeps them):
/// the effects give what only the position knew (a void move's article, a second warning's
/// loss, the result).
pub fn summary(settings: &Settings, event: &Event, effects: &[Effect]) -> Summary {
    let size = settings.rules.size;
    let name = |s: Seat| settings.players[s.index()].name.clone();
    // Safe for any point: a record read from elsewhere may name one off the board.
    let pt = |p: Point| crate::error::point_name(p, size);
    let (mut zh, mut en, article): (String, String, Option<Article>) = match &event.action {
        Action::Colours(choice) => match *choice {
            ColourChoice::Draw { black } => (
                format!("抽签：{}执黑", name(black)),
                format!("colours by the draw: {} takes Black", name(black)),
                Some(art::COLOURS),
            ),
            ColourChoice::Nigiri { .. } | ColourChoice::NigiriCounted { .. } => {
                let n = effects.iter().find_map(|e| match e {
                    Effect::Colours { nigiri: Some(n), .. } => Some(*n),
                    _ => None,
                });
                match n {
                    Some(n) => {
                        let (gzh, gue) = match n.guess {
                            Parity::Odd => ("单", "odd"),
                            Parity::Even => ("双", "even"),
                        };
                        (
                            format!(
                                "猜先：{}握子{}枚，{}猜{}，{}执黑",
                                name(Seat::of_index(n.holder)),
                                n.held,
                                name(Seat::of_index(n.holder).other()),
                                gzh,
                                name(Seat::of_index(n.black))
                            ),
                            format!(
                                "nigiri: {} held {} stones, {} called {}: {} takes Black",
                                name(Seat::of_index(n.holder)),
                                n.held,
                                name(Seat::of_index(n.holder).other()),
                                gue,
                                name(Seat::of_index(n.black))
                            ),
                            Some(art::COLOURS),
                        )
                    }
                    None => ("猜先".to_string(), "nigiri".to_string(), Some(art::COLOURS)),
                }
            }
        },
        Action::Start { late } => {
            let mut zh = "比赛开始".to_string();
            let mut en = "the game starts".to_string();
            for &c in late {
                zh.push_str(&format!("，{}方未到", side_zh(c)));
                en.push_str(&format!("; {c} is absent"));
            }
            (zh, en, None)
        }
        Action::Arrive { side, .. } => {
            let (late, charged) = effects
                .iter()
                .find_map(|e| match e {
                    Effect::Arrived { late, charged, .. } => Some((*late, *charged)),
                    _ => None,
                })
                .unwrap_or_default();
            let mut zh = format!("{}方入座，迟到{}", side_zh(*side), duration_text(late, Lang::Zh));
            let mut en = format!("{side} arrives, {} late", duration_text(late, Lang::En));
            if !charged.is_zero() {
                zh.push_str(&format!("，计时加倍扣除{}", duration_text(charged, Lang::Zh)));
                en.push_str(&format!(", charged twice: {}", duration_text(charged, Lang::En)));
            }
            (zh, en, Some(art::LATENESS))
        }
        Action::LateForfeit { side } => (
            format!("{}方迟到超过规定时限，判负", side_zh(*side)),
            format!("{side} is late beyond the limit and forfeits"),
            Some(art::LATENESS),
        ),
        Action::Play(Move::Play(p)) => {
            let (who_zh, who_en) = (actor_zh(event.actor), actor_en(event.actor));
            (
                format!("{who_zh} {}", pt(*p)),
                format!("{who_en} plays {}", pt(*p)),
                None,
            )
        }
        Action::Play(Move::Pass) => {
            let (who_zh, who_en) = (actor_zh(event.actor), actor_en(event.actor));
            (format!("{who_zh}虚着"), format!("{who_en} passes"), None)
        }
        Action::ProposeEnd => {
            let (who_zh, who_en) = (actor_zh(event.actor), actor_en(event.actor));
            (
                format!("{who_zh}提议终局，放弃着手"),
                format!("{who_en} declares the game over and passes"),
                Some(art::END_PROPOSED),
            )
        }
        Action::AcceptEnd => {
            let (who_zh, who_en) = (actor_zh(event.actor), actor_en(event.actor));
            (
                format!("{who_zh}同意终局"),
                format!("{who_en} agrees the game is over"),
                Some(art::END_DECLARED),
            )
        }
        Action::Resign => {
            let (who_zh, who_en) = (actor_zh(event.actor), actor_en(event.actor));
            (
                format!("{who_zh}认输"),
                format!("{who_en} resigns"),
                Some(Article::new(7, 2)),
            )
        }
        Action::RequestLostTurn => {
            let (who_zh, who_en) = (actor_zh(event.actor), actor_en(event.actor));
            (
                format!("{who_zh}申请：读秒超时改判弃权一次"),
                format!("{who_en} asks that a timeout cost a turn rather than the game"),
                Some(art::TIMEOUT),
            )
        }
        Action::MarkDead(points) => {
            let list: Vec<String> = points.iter().map(|&p| pt(p)).collect();
            let list = if list.is_empty() {
                "—".to_string()
            } else {
                list.join(" ")
            };
            (
                format!("{}提出死子：{list}", actor_zh(event.actor)),
                format!("{} marks dead: {list}", actor_en(event.actor)),
                Some(art::LIFE_AND_DEATH),
            )
        }
        Action::AcceptMarking => {
            let (who_zh, who_en) = (actor_zh(event.actor), actor_en(event.actor));
            (
                format!("{who_zh}同意死活"),
                format!("{who_en} accepts the marking"),
                Some(art::LIFE_AND_DEATH),
            )
        }
        Action::Dispute { claims_dead } => (
            format!("死活有争议，续弈，由认为是死棋的{}方先下", side_zh(*claims_dead)),
            format!("life and death disputed: play resumes, {claims_dead} (who claims dead) first"),
            Some(art::DISPUTE),
        ),
        Action::RequestRecount => {
            let (who_zh, who_en) = (actor_zh(event.actor), actor_en(event.actor));
            (
                format!("{who_zh}申请复核"),
                format!("{who_en} asks for a recount"),
                Some(art::CONFIRMATION),
            )
        }
        Action::RecordRecount { asked_by } => (
            format!("{}记录{}方申请复核", actor_zh(event.actor), side_zh(*asked_by)),
            format!(
                "{} records {}'s request for a recount",
                actor_en(event.actor),
                actor_en(Actor::Player(*asked_by))
            ),
            Some(art::CONFIRMATION),
        ),
        Action::Confirm => (
            format!("{}确认结果", actor_zh(event.actor)),
            format!("{} confirms the result", actor_en(event.actor)),
            Some(art::CONFIRMATION),
        ),
        Action::Pause => (
            "暂停，停止计时".to_string(),
            "pause: the clocks stop".to_string(),
            Some(art::PAUSE),
        ),
        Action::Resume => (
            "续弈，恢复计时".to_string(),
            "play resumes: the clocks run".to_string(),
            Some(art::PAUSE),
        ),
        Action::Flag { side } => {
            let lost_turn = effects.iter().any(|e| matches!(e, Effect::TurnLost { .. }));
            if lost_turn {
                (
                    format!("{}方读秒超时，经申请改判弃权一次，继续读秒", side_zh(*side)),
                    format!("{side}'s time ran out; at their request a lost turn, byo-yomi goes on"),
                    Some(art::TIMEOUT),
                )
            } else {
                (
                    format!("{}方超时", side_zh(*side)),
                    format!("{side}'s time ran out"),
                    Some(art::TIMEOUT),
                )
            }
        }
        Action::Ruling(r) => ruling_text(r, effects, &pt),
        Action::ClockCorrection(fix) => {
            let (zh, en) = match *fix {
                ClockFix::Proportion { true_total } => (
                    format!(
                        "计时器失准，按比例拨正，双方合计{}",
                        duration_text(true_total, Lang::Zh)
                    ),
                    format!(
                        "the clock erred: times set right in proportion, {} in all",
                        duration_text(true_total, Lang::En)
                    ),
                ),
                ClockFix::SetUsed { black, white } => (
                    format!(
                        "校正计时：黑方已用{}，白方已用{}",
                        duration_text(black, Lang::Zh),
                        duration_text(white, Lang::Zh)
                    ),
                    format!(
                        "clocks set: Black has used {}, White {}",
                        duration_text(black, Lang::En),
                        duration_text(white, Lang::En)
                    ),
                ),
                ClockFix::SplitEvenly { total } => (
                    format!("前半段用时记录遗失，{}由双方均摊", duration_text(total, Lang::Zh)),
                    format!(
                        "the record of times is lost: {} split evenly",
                        duration_text(total, Lang::En)
                    ),
                ),
            };
            (zh, en, Some(fix.article()))
        }
        Action::Adjudicate { outcome, article } => (
            format!("裁判长判定：{}", outcome.zh()),
            format!("the chief referee adjudicates: {outcome}"),
            Some(*article),
        ),
        Action::Overrule { event } => (
            format!("裁判长撤销第{event}项裁决"),
            format!("the chief referee overrules event #{event}"),
            Some(art::CHIEF_REFEREE),
        ),
        Action::Correct { outcome, article } => (
            format!("裁判长更正已确认的结果：{}", outcome.zh()),
            format!("the chief referee corrects the confirmed result: {outcome}"),
            Some(*article),
        ),
    };
    // What only the position knew: a second warning's loss, a result reached.
    for e in effects {
        match e {
            Effect::Warning { side, total, .. } if *total >= 2 => {
                zh.push_str(&format!("；{}方第{}次警告", side_zh(*side), total));
                en.push_str(&format!("; {side}'s warning no. {total}"));
            }
            Effect::Result(o) if !matches!(event.action, Action::Adjudicate { .. }) => {
                zh.push_str(&format!("；结果：{}", o.zh()));
                en.push_str(&format!("; result: {o}"));
            }
            Effect::Final(o) => {
                zh.push_str(&format!("；结果确认：{}", o.zh()));
                en.push_str(&format!("; result final: {o}"));
            }
            _ => {}
        }
    }
    if let Some(a) = article {
        zh.push_str(&format!("（{}）", a.zh()));
        en.push_str(&format!(" ({a})"));
    }
    Summary {
        zh,
        en: capitalized(&en),
        article,
    }
}

fn ruling_text(r: &Ruling, effects: &[Effect], pt: &dyn Fn(Point) -> String) -> (String, String, Option<Article>) {
    let (zh, en, article) = match *r {
        Ruling::WrongColours => {
            if effects.iter().any(|e| matches!(e, Effect::Restarted)) {
                (
                    "拿错黑白棋，在第10手之内，改正后重新开始".to_string(),
                    "wrong colours found within 10 moves: corrected, the game starts again".to_string(),
                    art::WRONG_COLOURS,
                )
            } else {
                (
                    "拿错黑白棋，已超过10手，不予改正".to_string(),
                    "wrong colours found after move 10: not corrected, the colours stand".to_string(),
                    art::WRONG_COLOURS,
                )
            }
        }
        Ruling::SecondMove { side, point } => (
            format!("{}方连下两着，第二着{}无效，判警告一次", side_zh(side), pt(point)),
            format!(
                "{side} played twice in a row: the second stone, {}, is void; a warning",
                pt(point)
            ),
            art::TWO_MOVES,
        ),
        Ruling::TakeBack { side, attempted } => (
            format!(
                "{}方悔棋（改下{}），棋子放回原处，判警告一次",
                side_zh(side),
                pt(attempted)
            ),
            format!(
                "{side} took back a stone (and played {}): it goes back; a warning",
                pt(attempted)
            ),
            art::TAKE_BACK,
        ),
        Ruling::ClockPressedEarly { side } => (
            format!("{}方着子前按钟，判警告一次，不改变计时器读数", side_zh(side)),
            format!("{side} pressed the clock before placing the stone: a warning; the clock reading stays"),
            art::CLOCK_EARLY,
        ),
        Ruling::LiveStonesRemoved { side } => (
            format!("{}方误提对方有气之子，判警告一次，棋子放回原处", side_zh(side)),
            format!("{side} removed stones that had liberties: a warning; they go back"),
            art::LIVE_STONES_REMOVED,
        ),
        Ruling::CapturesNotRemoved {
            side,
            clock_pressed: false,
        } => (
            format!("{}方未提或漏提对方无气之子，判警告一次并提取", side_zh(side)),
            format!("{side} did not remove captured stones: a warning; they are removed"),
            art::CAPTURES_NOT_REMOVED,
        ),
        Ruling::CapturesNotRemoved {
            side,
            clock_pressed: true,
        } => (
            format!("{}方未提清死子即按钟，判警告一次，不改变计时器读数", side_zh(side)),
            format!("{side} pressed the clock before removing the captured stones: a warning"),
            art::CAPTURES_BEFORE_CLOCK,
        ),
        Ruling::VoidMove { side, point } => {
            let article = effects
                .iter()
                .find_map(|e| match e {
                    Effect::Voided { article, .. } => Some(*article),
                    _ => None,
                })
                .unwrap_or(art::FORBIDDEN_POINT);
            let p = pt(point);
            if article == art::KO_RETAKE {
                (
                    format!("{}方未找劫材而提劫（{p}），着手无效，弃权一次并警告一次", side_zh(side)),
                    format!("{side} retook the ko at {p} at once: void, a lost turn and a warning"),
                    article,
                )
            } else if article == art::REPETITION {
                (
                    format!("{}方着手（{p}）造成全局同形再现，着手无效，弃权一次", side_zh(side)),
                    format!("{side}'s stone at {p} repeats the whole board: void and a lost turn"),
                    article,
                )
            } else {
                (
                    format!("{}方着于禁着点（{p}），着手无效，弃权一次", side_zh(side)),
                    format!("{side} played on a forbidden point, {p}: void and a lost turn"),
                    article,
                )
            }
        }
        Ruling::Discipline { side, offence, penalty } => {
            let (pzh, pen) = match penalty {
                Penalty::Warning => ("判警告一次", "a warning"),
                Penalty::Loss => ("判负", "loss of the game"),
                Penalty::BothLose => ("判双方负", "both sides lose"),
            };
            (
                format!("{}方{}，{pzh}", side_zh(side), offence.zh()),
                format!("{side}: {offence}: {pen}"),
                offence.article(),
            )
        }
    };
    (zh, en, Some(article))
}

fn actor_zh(actor: Actor) -> String {
    match actor {
        Actor::Player(c) => format!("{}方", side_zh(c)),
        Actor::Referee => "裁判员".to_string(),
        Actor::ChiefReferee => "裁判长".to_string(),
        Actor::System => "系统".to_string(),
    }
}

fn actor_en(actor: Actor) -> String {
    match actor {
        Actor::Player(Color::Black) => "Black".to_string(),
        Actor::Player(Color::White) => "White".to_string(),
        a => a.to_string(),
    }
}

/// The text with its first letter in upper case, as a comment starts.
fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
