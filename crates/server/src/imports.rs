//! An OpenGotha file as the event weiqi makes of it: the one reading that
//! `POST /api/imports/opengotha` and `weiqi event import --from opengotha` share, so the two
//! make the same event from the same file and keep the same file with it.

use formats::opengotha;

/// An OpenGotha file read for import: the event weiqi makes of it, the file as kept with the
/// event (so that the export gives back what weiqi does not model, and the standings are
/// placed as OpenGotha places them), and what OpenGotha loads although it is wrong.
#[derive(Clone, Debug)]
pub struct OpenGothaImport {
    /// The event's system, settings, players, rounds and absences.
    pub plan: opengotha::Plan,
    /// The file as it is kept with the event (written back from what was read).
    pub kept: String,
    /// What the file has wrong that OpenGotha loads anyway, each naming it.
    pub warnings: Vec<String>,
}

/// Reads an OpenGotha file (UTF-8 or GBK) for import: decoded, read as OpenGotha reads it,
/// planned as a weiqi event. A file that cannot be read or planned is the reader's error.
pub fn read_opengotha(bytes: &[u8]) -> Result<OpenGothaImport, formats::FormatError> {
    let text = formats::csv_io::decode(bytes)?;
    let t = opengotha::parse(&text)?;
    let plan = t.plan()?;
    Ok(OpenGothaImport {
        plan,
        kept: opengotha::write(&t),
        warnings: t.warnings.clone(),
    })
}

impl OpenGothaImport {
    /// The event `id` as the store imports it (`storage::Store::import_event`, one
    /// transaction): the plan's event, players, rounds and absences, the file attached.
    pub fn event(&self, id: &str) -> storage::ImportedEvent {
        let plan = &self.plan;
        storage::ImportedEvent {
            event: storage::NewEvent {
                id: id.to_string(),
                name: plan.name.clone(),
                system: plan.system,
                n_rounds: plan.n_rounds,
                settings: plan.settings.clone(),
            },
            players: plan.players.clone(),
            rounds: plan
                .rounds
                .iter()
                .map(|r| storage::ImportRound {
                    games: r.games.clone(),
                    byes: r.byes.clone(),
                })
                .collect(),
            attachments: vec![(formats::ratings::OPENGOTHA_ATTACHMENT.to_string(), self.kept.clone())],
            absences: plan.absences.clone(),
        }
    }
}
