//! `weiqi event`: run an event from the command line — create it, register players, pair
//! rounds, take results, withdrawals and warnings, and print standings — in the database of
//! the `storage` crate: a PostgreSQL database (`--database-url URL`, the one `weiqi serve
//! --database-url` uses), else the SQLite file `--db FILE`, else `$WEIQI_DATABASE_URL`, else
//! `$WEIQI_DB`, else `./weiqi.db` (see [`run::open_store`]).
//!
//! Every command is one transaction: a command that fails leaves the database as it was.
//! Exit status: 0 done; 2 the input is wrong (unknown event, player, round or board, a bad
//! rank, result or option); 1 the command is well formed but refused (the rules or the state
//! of the event forbid it, such as pairing before the last round's results are in, or
//! replacing a result without `--correct`), or the database failed.
//!
//! `args` holds the command line, `run` what each command does, `render` how an event is
//! shown (text and JSON).

mod args;
mod render;
mod run;

pub use args::Args;
pub(crate) use args::{SystemOptions, system};
pub(crate) use render::{RowJson, figure_cells, json_line, row_json, standings_table, table};
pub use run::run;
pub(crate) use run::{chosen_url, db_path};
