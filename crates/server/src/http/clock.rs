//! The clock-only page's clock (Art. 12.1: the tablet as an electronic voice clock): the page
//! keeps its presses with its own instants and asks here for both clocks now, the calls to
//! come and the answer to a player who asks the time left (Art. 16). The clock crate computes
//! all of it (`crate::plan`); this edge says its refusals in both languages. Public: a clock on
//! a table needs no login.

use crate::error::ApiError;
use crate::http::extract::Body;
use crate::plan::PlanReq;
use crate::refusals;
use crate::state::AppState;
use axum::Json;
use serde_json::Value;
use web::routes::{Route, post};

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    vec![post("/clock/plan", plan)]
}

/// `POST /clock/plan`: the plan of [`crate::plan::plan`], or a 400 saying in English and
/// Chinese what is wrong (the time control, or which operation the clock refused).
async fn plan(Body(r): Body<PlanReq>) -> Result<Json<Value>, ApiError> {
    crate::plan::plan(&r)
        .map(Json)
        .map_err(|e| ApiError::BadRequest(refusals::plan(&e)))
}
