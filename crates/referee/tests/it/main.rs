//! The referee crate's one integration-test binary: scenario tests named after the article
//! they enforce (`art17_2_...`), run through the `check` script helper, and property tests.

mod props;
mod results;
mod scenarios;
mod script;
mod settings;
mod units;
