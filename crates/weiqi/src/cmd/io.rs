//! `weiqi event import` and `weiqi event export`: events from and to the files directors
//! already use (the `formats` crate), on the database of `weiqi event`.
//!
//! `weiqi event import --from opengotha|csv FILE --id ID` creates event ID from the file: an
//! OpenGotha tournament with its system, players, rounds, results and byes (the file is kept
//! with the event, so that export gives back what weiqi does not model: handicaps, tables,
//! EGF pins, OpenGotha's parameters); a CSV of registrations with the system given on the
//! command line. The import is one transaction (`Store::import_event`), so a file that cannot
//! be imported leaves nothing behind.
//!
//! `weiqi event export --event ID --to opengotha|h9|csv|html [--out FILE]` writes to standard
//! output when `--out` is absent. The h9 and the CSV standings of an event imported from
//! OpenGotha are placed as OpenGotha places them (its criteria and McMahon parameters), and so
//! is `weiqi event standings` for it (`opengotha_standings`), so the two agree.

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::Args as ClapArgs;
use formats::csv_io;
use formats::h9::{self, Encoding};
use formats::{forms, html, opengotha};
use rules::Lang;
use serde::Serialize;
use storage::{ImportedEvent, NewEvent, Store};
use tournament::{Event, Settings};

/// The attachment under which an imported OpenGotha tournament is kept.
pub(crate) const OPENGOTHA: &str = formats::ratings::OPENGOTHA_ATTACHMENT;

/// `weiqi event import`.
#[derive(ClapArgs, Debug)]
pub struct ImportArgs {
    /// The file's format: opengotha (XML), csv (registrations: name/姓名, rank/段位,
    /// rating/等级分, club/单位; UTF-8 or GBK) or xlsx (the same headers, first sheet).
    #[arg(long, value_name = "FORMAT")]
    from: String,
    /// The file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The id of the event to create.
    #[arg(long, value_name = "ID")]
    id: String,
    /// CSV and xlsx: the event's name (default: the id).
    #[arg(long, value_name = "TEXT")]
    name: Option<String>,
    /// CSV: the system (as `weiqi event new --system`).
    #[arg(long, value_name = "SYSTEM", default_value = "swiss")]
    system: String,
    /// CSV: the number of rounds.
    #[arg(long, value_name = "N", default_value_t = 5)]
    rounds: u32,
    #[command(flatten)]
    system_options: super::event::SystemOptions,
}

/// `weiqi event export`.
#[derive(ClapArgs, Debug)]
pub struct ExportArgs {
    /// The event's id.
    #[arg(long, value_name = "ID")]
    event: String,
    /// The format: opengotha (XML), h9 (EGD results), csv, xlsx (Excel), html.
    #[arg(long, value_name = "FORMAT")]
    to: String,
    /// The file to write (default: standard output).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// csv, xlsx and html: standings, crosstable (xlsx, html) or pairings.
    #[arg(long, value_name = "WHAT", default_value = "standings")]
    what: String,
    /// csv and html pairings: the round (csv default: every round; html default: the last).
    #[arg(long, value_name = "R")]
    round: Option<u32>,
    /// csv, xlsx and html: the language, zh or en.
    #[arg(long, value_name = "LANG", default_value = "zh")]
    lang: String,
    /// html: a form of the print pack, each page an A4 sheet: pairings (对阵表), scoresheets
    /// (记分单), crosstable (个人成绩表), ranking (名次表), namecards (姓名签), final (成绩公告,
    /// with the chief referee's line); of a team event, team-crosstable (团体成绩表) and
    /// team-ranking (团体名次表). pairings and scoresheets take --round (default: the last).
    #[arg(long, value_name = "NAME")]
    form: Option<String>,
    /// h9: write Latin-1, as the EGD reads it (refused, naming each player and field, when a
    /// text does not fit).
    #[arg(long)]
    latin1: bool,
}

/// The bytes of an input file, refused before it is read when it is larger than the readers
/// take ([`formats::limits::MAX_FILE_BYTES`]).
pub(crate) fn read_input(path: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    let cannot = || format!("cannot read {}", path.display());
    let len = std::fs::metadata(path).with_context(cannot)?.len();
    formats::limits::check_file(&path.display().to_string(), usize::try_from(len).unwrap_or(usize::MAX))?;
    std::fs::read(path).with_context(cannot)
}

/// Creates the event from the file; returns the report.
pub fn import(store: &mut Store, a: ImportArgs) -> anyhow::Result<String> {
    let bytes = read_input(&a.file)?;
    match a.from.as_str() {
        "opengotha" => {
            // The one reading of the file the server's import makes too.
            let read = server::imports::read_opengotha(&bytes)?;
            store.import_event(&read.event(&a.id))?;
            let plan = &read.plan;
            let mut report = format!(
                "event {:?} imported from OpenGotha: {} players, {} rounds paired of {}\n",
                a.id,
                plan.players.len(),
                plan.rounds.len(),
                plan.n_rounds
            );
            for w in &read.warnings {
                report += &format!("warning: {w}\n");
            }
            Ok(report)
        }
        "csv" | "xlsx" => {
            let players = if a.from == "xlsx" {
                formats::xlsx::read_registrations(&bytes)?
            } else {
                csv_io::read_registrations(&bytes)?
            };
            let system = super::event::system(&a.system, &a.system_options)?;
            let new = NewEvent {
                id: a.id.clone(),
                name: a.name.clone().unwrap_or_else(|| a.id.clone()),
                system,
                n_rounds: a.rounds,
                settings: Settings::default(),
            };
            store.import_event(&ImportedEvent {
                event: new,
                players: players.clone(),
                rounds: Vec::new(),
                attachments: Vec::new(),
                absences: Vec::new(),
            })?;
            Ok(format!(
                "event {:?} created with {} players from {}\n",
                a.id,
                players.len(),
                if a.from == "xlsx" { "Excel" } else { "CSV" }
            ))
        }
        other => bail!("unknown import format {other:?}: opengotha, csv or xlsx"),
    }
}

/// Writes the export to `--out` or standard output; returns the report (empty for standard
/// output, so the data stays clean).
pub fn export(store: &mut Store, a: ExportArgs) -> anyhow::Result<String> {
    let lang: Lang = a.lang.parse()?;
    if let Some(name) = &a.form {
        if a.to != "html" {
            bail!("--form is a printed form: give --to html");
        }
        let page = if let Ok(f) = name.parse::<forms::TeamForm>() {
            let (ev, _) = super::team::load(store, &a.event)?;
            forms::team_form(&ev, f, lang)
        } else {
            let f: forms::Form = name.parse()?;
            let ev = store.load_event(&a.event)?;
            let extras = super::ratings::extras(store, &a.event, &ev)?;
            let base = match store.attachment(&a.event, OPENGOTHA)? {
                Some(xml) => Some(opengotha::parse(&xml).context("the OpenGotha file kept with the event")?),
                None => None,
            };
            let st = shown(base.as_ref(), &ev)?;
            forms::form_of(&ev, &st, f, a.round, lang, &extras).with_context(|| format!("event {:?}", a.event))?
        };
        return write_out(&a.event, a.out.as_deref(), &a.to, page.as_bytes());
    }
    let ev = store.load_event(&a.event)?;
    let base = match store.attachment(&a.event, OPENGOTHA)? {
        Some(xml) => Some(opengotha::parse(&xml).context("the OpenGotha file kept with the event")?),
        None => None,
    };
    let extras = super::ratings::extras(store, &a.event, &ev)?;
    let bytes: Vec<u8> = match a.to.as_str() {
        "opengotha" => opengotha::write(&opengotha::merge(base.as_ref(), &ev)).into_bytes(),
        "h9" => {
            let t = opengotha::merge(base.as_ref(), &ev);
            // Only the rounds of the standings: a round still being played is left out.
            let rounds = ev.standings().after_round;
            h9::write_rounds(&t, rounds, if a.latin1 { Encoding::Latin1 } else { Encoding::Utf8 })?
        }
        "csv" => match a.what.as_str() {
            // An imported OpenGotha tournament is placed as OpenGotha places it.
            "standings" => match &base {
                Some(b) => csv_io::opengotha_standings(b, &ev, lang)?.into_bytes(),
                None => csv_io::standings_with(&ev, lang, &extras).into_bytes(),
            },
            "pairings" => csv_io::pairings(&ev, a.round, lang).into_bytes(),
            other => bail!("unknown --what {other:?}: standings or pairings"),
        },
        "html" => match a.what.as_str() {
            "standings" | "crosstable" => html::crosstable_of(&ev, &shown(base.as_ref(), &ev)?, lang).into_bytes(),
            "pairings" => {
                let round = a.round.unwrap_or(ev.rounds().len() as u32);
                html::pairing_sheet(&ev, round, lang)
                    .with_context(|| format!("event {:?} has no round {round}", a.event))?
                    .into_bytes()
            }
            other => bail!("unknown --what {other:?}: crosstable or pairings"),
        },
        "xlsx" => match a.what.as_str() {
            // An imported OpenGotha tournament is placed as OpenGotha places it.
            "standings" => match &base {
                Some(b) => formats::xlsx::opengotha_standings(b, &ev, lang)?,
                None => formats::xlsx::standings(&ev, lang, &extras)?,
            },
            "crosstable" => formats::xlsx::crosstable_of(&ev, &shown(base.as_ref(), &ev)?, lang)?,
            "pairings" => formats::xlsx::pairings(&ev, a.round, lang)?,
            other => bail!("unknown --what {other:?}: standings, crosstable or pairings"),
        },
        other => bail!("unknown export format {other:?}: opengotha, h9, csv, xlsx or html"),
    };
    write_out(&a.event, a.out.as_deref(), &a.to, &bytes)
}

/// The standings the printed views show: OpenGotha's placement of an event imported from
/// OpenGotha (`base`, the file kept with it), as `weiqi event standings` and the server show
/// it; else weiqi's chain.
fn shown(base: Option<&opengotha::Tournament>, ev: &Event) -> anyhow::Result<formats::shown::Shown> {
    Ok(match base {
        Some(b) => formats::shown::Shown::opengotha(ev, &opengotha::standings::standings(b, ev)?),
        None => formats::shown::Shown::weiqi(ev),
    })
}

/// Writes an export to `out` or standard output; the report.
fn write_out(event: &str, out: Option<&std::path::Path>, to: &str, bytes: &[u8]) -> anyhow::Result<String> {
    match out {
        Some(path) => {
            std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
            Ok(format!("event {event:?} written to {} ({to})\n", path.display()))
        }
        None => {
            std::io::stdout()
                .write_all(bytes)
                .context("cannot write to standard output")?;
            Ok(String::new())
        }
    }
}

/// The placement criteria of an event imported from OpenGotha (`None` for other events).
pub(crate) fn opengotha_criteria(store: &mut Store, id: &str) -> anyhow::Result<Option<Vec<String>>> {
    let Some(xml) = store.attachment(id, OPENGOTHA)? else {
        return Ok(None);
    };
    let t = opengotha::parse(&xml).context("the OpenGotha file kept with the event")?;
    Ok(Some(t.placement_criteria()?))
}

/// `weiqi event standings` for an event imported from OpenGotha: placed as OpenGotha places
/// it (the file's criteria, McMahon bar and floor, values of absent rounds and byes) after the
/// event's last complete round, with weiqi's figures beside OpenGotha's; `None` for an event
/// without an OpenGotha file.
pub(crate) fn opengotha_standings(
    store: &mut Store,
    id: &str,
    ev: &Event,
    json: bool,
) -> anyhow::Result<Option<String>> {
    let Some(xml) = store.attachment(id, OPENGOTHA)? else {
        return Ok(None);
    };
    let base = opengotha::parse(&xml).context("the OpenGotha file kept with the event")?;
    // The one placement the server's standings show too.
    let gotha = opengotha::standings::standings(&base, ev)?;
    let criteria = &gotha.criteria;
    // weiqi's figures (points, wins, warnings) beside OpenGotha's, over the same rounds.
    let st = ev.standings();
    let row_of = |p: &opengotha::standings::GothaRow| {
        st.rows.iter().find(|r| r.player == p.player).with_context(|| {
            format!(
                "player {} of the OpenGotha placement is not in the event",
                p.player.0 + 1
            )
        })
    };
    if json {
        let rows = gotha
            .rows
            .iter()
            .map(|p| {
                Ok(GothaRowJson {
                    row: super::event::row_json(ev, row_of(p)?, p.place),
                    criteria: Criteria(criteria.iter().cloned().zip(p.values.iter().copied()).collect()),
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        return Ok(Some(super::event::json_line(&GothaStandingsJson {
            event: id,
            after_round: gotha.after_round,
            criteria,
            rows,
        })));
    }
    let mut out = format!(
        "{id} ({}) after round {}; placed as OpenGotha places it, by {}\n",
        ev.name(),
        gotha.after_round,
        criteria.join(", ")
    );
    let mut rows = Vec::new();
    for p in &gotha.rows {
        let r = row_of(p)?;
        let s = &r.stats;
        let place = format!("{}{}", p.place, if p.shared { "=" } else { "" });
        let mut row = super::event::figure_cells(ev, r, place);
        row.extend(gotha.texts(p));
        row.push(s.warnings.to_string());
        rows.push(row);
    }
    let mut header = vec!["place", "name", "rank", "pts", "W", "D", "L"];
    header.extend(criteria.iter().map(String::as_str));
    header.push("warn");
    let mut right = vec![true; header.len()];
    right[1] = false;
    out += &super::event::table(&header, &right, rows);
    Ok(Some(out))
}

/// `weiqi event standings --json` of an event imported from OpenGotha.
#[derive(Serialize)]
struct GothaStandingsJson<'a> {
    event: &'a str,
    after_round: u32,
    criteria: &'a [String],
    rows: Vec<GothaRowJson>,
}

/// A row: the fields of every event's standings, then OpenGotha's criteria.
#[derive(Serialize)]
struct GothaRowJson {
    #[serde(flatten)]
    row: super::event::RowJson,
    criteria: Criteria,
}

/// Criteria values (as OpenGotha keeps them) as a JSON object in the placement's order:
/// integers where whole, else the exact fraction (`.5`, `.25`).
struct Criteria(Vec<(String, i64)>);

impl Serialize for Criteria {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| {
            let x = opengotha::value_number(k, *v);
            let j = if x.fract() == 0.0 {
                serde_json::json!(x as i64)
            } else {
                serde_json::json!(x)
            };
            (k, j)
        }))
    }
}

/// Whether a file is an Excel workbook: named `.xlsx`, or a zip archive.
pub(crate) fn is_xlsx(path: &std::path::Path, bytes: &[u8]) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("xlsx")) || bytes.starts_with(b"PK\x03\x04")
}

/// `weiqi event check-egd`.
#[derive(ClapArgs, Debug)]
pub struct CheckEgdArgs {
    /// The event's id.
    #[arg(long, value_name = "ID")]
    event: String,
}

/// `weiqi event check-egd`: what the EGD would refuse in the event's h9 (the rounds of the
/// standings), and what it would warn of. An error (exit 1) when it would refuse the file.
pub fn check_egd(store: &mut Store, a: CheckEgdArgs) -> anyhow::Result<String> {
    let ev = store.load_event(&a.event)?;
    let base = match store.attachment(&a.event, OPENGOTHA)? {
        Some(xml) => Some(opengotha::parse(&xml).context("the OpenGotha file kept with the event")?),
        None => None,
    };
    let t = opengotha::merge(base.as_ref(), &ev);
    let rounds = ev.standings().after_round;
    let problems = h9::check(&t, rounds);
    let mut out = String::new();
    for p in &problems {
        out += &format!("{}: {}\n", if p.refused { "refused" } else { "warning" }, p.what);
    }
    let refused = problems.iter().filter(|p| p.refused).count();
    if refused > 0 {
        return Err(EgdRefuses(format!(
            "the EGD would refuse the h9 of event {:?} (rounds 1-{rounds}): {refused} problem(s)\n{}",
            a.event,
            out.trim_end()
        ))
        .into());
    }
    out += &format!(
        "the h9 of event {:?} (rounds 1-{rounds}) is what the EGD accepts; {} warning(s)\n",
        a.event,
        problems.len()
    );
    Ok(out)
}

/// The EGD would refuse the event's h9: the command is well formed, the file is not (exit 1).
#[derive(Debug)]
pub(crate) struct EgdRefuses(String);

impl std::fmt::Display for EgdRefuses {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EgdRefuses {}
