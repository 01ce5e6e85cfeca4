//! The one way a handler reaches the storage crate's store: off the runtime, on the
//! connection for writes or the one for reads.

use crate::error::ApiError;
use crate::state::AppState;

/// Runs `f` on the storage crate's store, off the runtime (the store blocks while it waits
/// for its database, and on PostgreSQL must not run on a runtime thread).
pub async fn with_store<R: Send + 'static>(
    st: &AppState,
    f: impl FnOnce(&mut storage::Store) -> Result<R, storage::StoreError> + Send + 'static,
) -> Result<R, ApiError> {
    on_store(st, false, f).await
}

/// [`with_store`] for reads: on the store's connection for reads, which a write under way
/// (a long registration file) does not hold up.
pub async fn read_store<R: Send + 'static>(
    st: &AppState,
    f: impl FnOnce(&mut storage::Store) -> Result<R, storage::StoreError> + Send + 'static,
) -> Result<R, ApiError> {
    on_store(st, true, f).await
}

async fn on_store<R: Send + 'static>(
    st: &AppState,
    read: bool,
    f: impl FnOnce(&mut storage::Store) -> Result<R, storage::StoreError> + Send + 'static,
) -> Result<R, ApiError> {
    let store = st.0.store.clone();
    tokio::task::spawn_blocking(move || {
        let guard = if read { store.lock_read() } else { store.lock() };
        let mut store = guard.expect("store lock");
        f(&mut store).map_err(ApiError::from)
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))?
}

/// The ratings before and after and the promotions of `ev`, from the texts kept with it
/// (`weiqi event ratings`, `weiqi event promotion`); a text that does not read is a corrupt
/// store.
pub(crate) fn extras_of(
    s: &mut storage::Store,
    id: &str,
    ev: &tournament::Event,
) -> Result<formats::ratings::Extras, storage::StoreError> {
    use formats::ratings as r;
    let frozen = s.attachment(id, r::RATINGS_ATTACHMENT)?;
    let rule = s.attachment(id, r::PROMOTION_ATTACHMENT)?;
    let kept = match frozen {
        Some(_) => s.attachment(id, r::OPENGOTHA_ATTACHMENT)?,
        None => None,
    };
    r::extras(ev, frozen.as_deref(), rule.as_deref(), kept.as_deref())
        .map_err(|e| storage::StoreError::Corrupt(format!("event {id:?}: the ratings or promotion rule kept: {e}")))
}

/// The standings of `ev` as OpenGotha places them, when the event was imported from an
/// OpenGotha file (kept with it): the one placement `weiqi event standings` prints
/// ([`formats::opengotha::standings::standings`]); `None` for an event without the file. A
/// kept file that no longer reads is a corrupt store.
pub(crate) fn gotha_standings_of(
    s: &mut storage::Store,
    id: &str,
    ev: &tournament::Event,
) -> Result<Option<formats::opengotha::standings::GothaStandings>, storage::StoreError> {
    let Some(xml) = s.attachment(id, formats::ratings::OPENGOTHA_ATTACHMENT)? else {
        return Ok(None);
    };
    let corrupt =
        |e: formats::FormatError| storage::StoreError::Corrupt(format!("event {id:?}: the OpenGotha file kept: {e}"));
    let file = formats::opengotha::parse(&xml).map_err(corrupt)?;
    formats::opengotha::standings::standings(&file, ev)
        .map(Some)
        .map_err(corrupt)
}
