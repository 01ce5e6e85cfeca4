//! `weiqi event ratings` and `weiqi event promotion`: the event's ratings frozen before it
//! (and computed after it), and its promotion rule and list.
//!
//! `weiqi event ratings --event ID --system gor|glicko2[:TAU]|elo[:K[:SCALE]] --as-of DATE
//! [--list FILE]` freezes the ratings before round 1 is paired: each player's latest rating
//! of the list (CSV or .xlsx: name, rating, date, and for Glicko-2 deviation and volatility)
//! dated on or before DATE, or, without a list, the rating each player registered with. The
//! frozen ratings become the players' ratings, which seeding and the Swiss halves use, and
//! are kept with the event (attachment `ratings`). `weiqi event ratings --event ID` prints
//! them before, after the complete rounds, and the change; the standings and every export
//! show the same columns.
//!
//! `weiqi event promotion --event ID --rule "dan=4:15,3:20,2:25,1:30 kyu=75 min-games=5"`
//! records the rule (attachment `promotion`); without `--rule` it prints the list, which the
//! standings and the exports carry as well.

use anyhow::{Context, bail};
use clap::Args as ClapArgs;
use formats::ratings::{self, Extras, change_text, rating_text};
use rules::Lang;
use storage::Store;
use tournament::promotion::Rule;
use tournament::rating::{self, Frozen, ListEntry, Rating, System};
use tournament::{Date, Event};

/// The attachment of the frozen ratings.
pub(crate) const RATINGS: &str = ratings::RATINGS_ATTACHMENT;
/// The attachment of the promotion rule.
pub(crate) const PROMOTION: &str = ratings::PROMOTION_ATTACHMENT;

/// `weiqi event ratings`.
#[derive(ClapArgs, Debug)]
pub struct RatingsArgs {
    /// The event's id.
    #[arg(long, value_name = "ID")]
    event: String,
    /// Freeze the ratings under this system: gor (the EGF's, 2021), glicko2[:TAU] (default
    /// 0.5), elo[:K[:SCALE]] (default 32 and 400). Without it, print the ratings.
    #[arg(long, value_name = "SYSTEM", requires = "as_of")]
    system: Option<String>,
    /// The freeze date, YYYY-MM-DD: no later rating of the list counts.
    #[arg(long, value_name = "DATE")]
    as_of: Option<String>,
    /// The rating list (CSV or .xlsx; name/姓名, rating/等级分, date/日期, and optionally
    /// deviation/rd, volatility). Default: the ratings the players registered with.
    #[arg(long, value_name = "FILE", requires = "system")]
    list: Option<std::path::PathBuf>,
}

/// `weiqi event promotion`.
#[derive(ClapArgs, Debug)]
pub struct PromotionArgs {
    /// The event's id.
    #[arg(long, value_name = "ID")]
    event: String,
    /// Record the rule: dan=GRADE:PERCENT,… (the quota of each dan group), kyu=PERCENT (the
    /// win rate that promotes a kyu player), min-games=N. Without it, print the list.
    #[arg(long, value_name = "RULE")]
    rule: Option<String>,
}

/// Runs `weiqi event ratings`.
pub fn ratings(store: &mut Store, a: RatingsArgs) -> anyhow::Result<String> {
    let ev = store.load_event(&a.event)?;
    if let Some(system) = &a.system {
        let system: System = system.parse()?;
        let as_of: Date = a.as_of.as_deref().unwrap_or_default().parse()?;
        let list: Vec<ListEntry> = match &a.list {
            Some(path) => {
                let bytes = super::io::read_input(path)?;
                if super::io::is_xlsx(path, &bytes) {
                    ratings::list_from_rows(&formats::xlsx::first_sheet_rows(&bytes)?)?
                } else {
                    ratings::read_list(&bytes)?
                }
            }
            // The registered ratings, as of the freeze date.
            None => ev
                .players()
                .iter()
                .filter_map(|p| {
                    p.rating.map(|r| ListEntry {
                        name: p.name.clone(),
                        rating: Rating::new(f64::from(r)),
                        date: as_of,
                    })
                })
                .collect(),
        };
        let frozen = rating::freeze(&ev, system, as_of, &list);
        let seeding: Vec<(String, Option<i32>)> = ev
            .players()
            .iter()
            .zip(&frozen.ratings)
            .map(|(p, r)| (p.name.clone(), r.map(|r| r.value.round() as i32)))
            .collect();
        let ev = store.freeze_ratings(&a.event, &seeding, RATINGS, &ratings::frozen_text(&ev, &frozen))?;
        let n = frozen.ratings.iter().filter(|r| r.is_some()).count();
        let mut out = format!(
            "ratings of event {:?} frozen as of {as_of} ({system}): {n} of {} players rated; seeding uses them\n",
            a.event,
            ev.players().len()
        );
        out += &table(&ev, &frozen, &a.event, store)?;
        return Ok(out);
    }
    let Some(frozen) = frozen(store, &a.event, &ev)? else {
        bail!(
            "event {:?} has no frozen ratings; freeze them with --system and --as-of",
            a.event
        );
    };
    table(&ev, &frozen, &a.event, store)
}

fn table(ev: &Event, frozen: &Frozen, id: &str, store: &mut Store) -> anyhow::Result<String> {
    let changes = changes(store, id, ev, frozen)?;
    let mut out = format!(
        "{id} ({}): {} as of {}, after round {}\n",
        ev.name(),
        frozen.system,
        frozen.as_of,
        ev.complete_rounds()
    );
    let rows = changes
        .iter()
        .map(|c| {
            vec![
                ev.player(c.player).name.clone(),
                ev.player(c.player).rank.to_string(),
                rating_text(&c.before),
                rating_text(&c.after),
                change_text(c.change()),
                c.games.to_string(),
            ]
        })
        .collect();
    out += &super::event::table(
        &["name", "rank", "before", "after", "change", "games"],
        &[false, true, true, true, true, true],
        rows,
    );
    Ok(out)
}

/// The event's frozen ratings, if it has them.
pub(crate) fn frozen(store: &mut Store, id: &str, ev: &Event) -> anyhow::Result<Option<Frozen>> {
    let Some(text) = store.attachment(id, RATINGS)? else {
        return Ok(None);
    };
    Ok(Some(
        ratings::parse_frozen(ev, &text).context("the ratings kept with the event")?,
    ))
}

/// The ratings before and after of `ev` (with the handicaps of an imported event's file).
fn changes(store: &mut Store, id: &str, ev: &Event, frozen: &Frozen) -> anyhow::Result<Vec<rating::Change>> {
    let kept = store.attachment(id, super::io::OPENGOTHA)?;
    ratings::changes(ev, frozen, kept.as_deref()).context("the OpenGotha file kept with the event")
}

/// The event's promotion rule, if it has one.
pub(crate) fn rule(store: &mut Store, id: &str) -> anyhow::Result<Option<Rule>> {
    let Some(text) = store.attachment(id, PROMOTION)? else {
        return Ok(None);
    };
    Ok(Some(text.parse().context("the promotion rule kept with the event")?))
}

/// What the standings show beside the figures of `ev`: its ratings and promotions.
pub(crate) fn extras(store: &mut Store, id: &str, ev: &Event) -> anyhow::Result<Extras> {
    let frozen = store.attachment(id, RATINGS)?;
    let rule = store.attachment(id, PROMOTION)?;
    let kept = match frozen {
        Some(_) => store.attachment(id, super::io::OPENGOTHA)?,
        None => None,
    };
    ratings::extras(ev, frozen.as_deref(), rule.as_deref(), kept.as_deref())
        .context("the ratings or promotion rule kept with the event")
}

/// Runs `weiqi event promotion`.
pub fn promotion(store: &mut Store, a: PromotionArgs) -> anyhow::Result<String> {
    let ev = store.load_event(&a.event)?;
    if let Some(text) = &a.rule {
        let rule: Rule = text.parse()?;
        store.set_attachment(&a.event, PROMOTION, &rule.to_string())?;
        return Ok(format!("promotion rule of event {:?}: {rule}\n", a.event));
    }
    let Some(rule) = rule(store, &a.event)? else {
        bail!("event {:?} has no promotion rule; give one with --rule", a.event);
    };
    let x = extras(store, &a.event, &ev)?;
    Ok(promotion_text(&a.event, &ev, &rule, &x))
}

/// The promotion list as `weiqi event promotion` and the standings print it.
pub(crate) fn promotion_text(id: &str, ev: &Event, rule: &Rule, x: &Extras) -> String {
    let mut out = format!(
        "promotions of {id} after round {} ({rule}): {}\n",
        ev.standings().after_round,
        x.promotions.len()
    );
    if !x.promotions.is_empty() {
        out += &super::event::table(
            &["name", "from", "to", "why"],
            &[false, true, true, false],
            x.promotion_rows(ev, Lang::En),
        );
    }
    out
}
