//! Project automation (matklad's xtask pattern): `cargo xtask <task>`.
//!
//! - `cargo xtask setup`: installs what the tests need on a fresh Debian machine (GNU Go, the
//!   goban-original-games records, Chromium for browser tests, the Python oracles, Sabaki's
//!   SGF parser and TypeScript's checker from npm), skipping what is already there.
//! - `cargo xtask life-vs-gnugo`: the dead-stone proposal against GNU Go, chain by chain
//!   (`life.rs`; the figures in BENCHMARKS.md).
//! - `cargo xtask arch`: lists where ARCHITECTURE.md's crate edges differ from the manifests
//!   (`arch.rs`; a test of this crate fails on any).
//! - `cargo xtask test`: a check that the tests' PostgreSQL answers (the local cluster is
//!   started if it is installed and stopped), then `setup`, then every test of the workspace,
//!   then `node --test` on the pages' script modules (`crates/web/tests/js/`).
//!
//! Plain `std::process::Command`, no dependencies: this must build before anything else does.

mod arch;
mod life;

use std::process::{Command, ExitCode};

/// Debian packages the tests use, each with the file that shows it is installed.
const DEBIAN: &[(&str, &str)] = &[
    ("gnugo", "/usr/games/gnugo"),
    ("goban-original-games", "/usr/share/goban"),
    ("chromium", "/usr/bin/chromium"),
    ("chromium-driver", "/usr/bin/chromedriver"),
    // Chinese glyphs in the browser tests' screenshots.
    ("fonts-wqy-microhei", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
];

/// Python modules the tests use as independent oracles, with their PyPI names.
const PYTHON: &[(&str, &str)] = &[("networkx", "networkx"), ("sgfmill", "sgfmill")];

/// npm folders the tests use (a package.json with its lock), each with the file that shows it
/// is installed: Sabaki's SGF parser reads what the sgf crate writes; TypeScript's checker
/// checks the JSDoc types of the pages' script modules (it checks only: no build step).
const NPM: &[(&str, &str)] = &[
    ("crates/sgf/tests/sabaki", "node_modules/@sabaki/sgf/package.json"),
    ("crates/web/tests/js/tsc", "node_modules/typescript/package.json"),
];

fn main() -> ExitCode {
    let task = std::env::args().nth(1).unwrap_or_default();
    let result = match task.as_str() {
        "setup" => setup(),
        // The database first: without it the tests cannot pass, so say so before the installs.
        "test" => postgres().and_then(|()| setup()).and_then(|()| test()),
        "life-vs-gnugo" => life::run(&std::env::args().skip(2).collect::<Vec<_>>()),
        "arch" => arch_check(),
        _ => {
            eprintln!("usage: cargo xtask setup|test|life-vs-gnugo|arch");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask {task}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The PostgreSQL the tests use when `$WEIQI_TEST_PG` names none (as `testkit::pg`).
const PG_DEFAULT: &str = "postgres://postgres@127.0.0.1:5432/test";

/// What the PostgreSQL tests need, said when nothing answers (the words of `testkit::pg`).
const PG_NEEDED: &str = "PostgreSQL tests need a server at 127.0.0.1:5432 with trust auth and a database `test` \
                         (or WEIQI_TEST_PG=URL)";

/// Makes sure the tests' PostgreSQL answers before any test runs: a missing server is one
/// clear error at once, not a failure deep in a test an hour later. The local cluster is
/// started when it is installed and stopped (and `$WEIQI_TEST_PG` names no other server).
fn postgres() -> Result<(), String> {
    let named = std::env::var("WEIQI_TEST_PG").ok();
    let url = named.clone().unwrap_or_else(|| PG_DEFAULT.to_string());
    let Err(why) = pg_answers(&url) else {
        return Ok(());
    };
    if named.is_none() && start_local_postgres()? {
        // The cluster's start returns once the server accepts connections: ask again.
        if pg_answers(&url).is_ok() {
            return Ok(());
        }
    }
    Err(pg_unreachable(&url, &why))
}

/// `PG_NEEDED`, where it was asked and what it answered.
fn pg_unreachable(url: &str, why: &str) -> String {
    format!("{PG_NEEDED}; none answered at {url}: {why}")
}

/// Whether `SELECT 1` on `url` answers 1, through `psql` (xtask has no dependencies).
fn pg_answers(url: &str) -> Result<(), String> {
    let out = Command::new("psql")
        .args([url, "-Atq", "-c", "SELECT 1"])
        .env("PGCONNECT_TIMEOUT", "10")
        .output()
        .map_err(|e| format!("cannot run psql (PostgreSQL's client): {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if out.status.success() && stdout.trim() == "1" {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
    }
}

/// Starts every stopped cluster of a Debian PostgreSQL (`pg_lsclusters`, `pg_ctlcluster`, which
/// waits until the server accepts connections). Whether any was started; false when none is
/// installed.
fn start_local_postgres() -> Result<bool, String> {
    let Ok(out) = Command::new("pg_lsclusters").arg("--no-header").output() else {
        return Ok(false);
    };
    let mut started = false;
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        // `15 main 5432 down postgres /var/lib/postgresql/15/main /var/log/...`
        let words: Vec<&str> = line.split_whitespace().collect();
        if let [version, cluster, _port, status, ..] = words[..]
            && !status.starts_with("online")
        {
            run("pg_ctlcluster", &[version, cluster, "start"])?;
            started = true;
        }
    }
    Ok(started)
}

/// Every test: unit, integration and doc tests of every crate. Benchmarks are built by clippy
/// (`--all-targets`) and run by `cargo bench`, not here: in a debug build a peer library in a
/// benchmark may trip an overflow check that its release build never makes.
fn test() -> Result<(), String> {
    run("cargo", &["test", "--workspace"])?;
    // The pages' script modules, by node's own runner (no dependencies).
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let js = root.join("crates/web/tests/js");
    run("node", &["--test", &js.to_string_lossy()])
}

fn setup() -> Result<(), String> {
    let missing: Vec<&str> = DEBIAN
        .iter()
        .filter(|(_, file)| !std::path::Path::new(file).exists())
        .map(|(pkg, _)| *pkg)
        .collect();
    if !missing.is_empty() {
        let mut args = vec!["install", "-y", "--no-install-recommends"];
        args.extend(&missing);
        let apt = |args: &[&str]| {
            let mut c = Command::new("apt-get");
            c.args(args).env("DEBIAN_FRONTEND", "noninteractive");
            c
        };
        // A fresh machine may have no package lists yet: update once and retry.
        if !status(apt(&args))? {
            run_cmd(apt(&["update"]))?;
            run_cmd(apt(&args))?;
        }
    }
    for (module, package) in PYTHON {
        let present = status({
            let mut c = Command::new("python3");
            c.args(["-c", &format!("import {module}")]);
            c
        })?;
        if !present {
            run("python3", &["-m", "pip", "install", "--quiet", package])?;
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for (folder, file) in NPM {
        let folder = root.join(folder);
        if !folder.join(file).exists() {
            let prefix = folder.to_string_lossy();
            run(
                "npm",
                &["ci", "--omit=optional", "--no-audit", "--no-fund", "--prefix", &prefix],
            )?;
        }
    }
    Ok(())
}

fn run(program: &str, args: &[&str]) -> Result<(), String> {
    let mut c = Command::new(program);
    c.args(args);
    run_cmd(c)
}

fn run_cmd(mut c: Command) -> Result<(), String> {
    if status_of(&mut c)? {
        Ok(())
    } else {
        Err(format!("{c:?} failed"))
    }
}

fn status(mut c: Command) -> Result<bool, String> {
    c.stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    status_of(&mut c)
}

fn status_of(c: &mut Command) -> Result<bool, String> {
    eprintln!("xtask: {c:?}");
    c.status()
        .map(|s| s.success())
        .map_err(|e| format!("cannot run {c:?}: {e}"))
}

/// Where ARCHITECTURE.md's edges and the manifests differ (also a test of this crate).
fn arch_check() -> Result<(), String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let diff = arch::differences(&root)?;
    if diff.is_empty() {
        println!("ARCHITECTURE.md states every crate's edges as its manifest has them");
        return Ok(());
    }
    Err(diff.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unreachable_postgres_is_one_sentence_saying_what_the_tests_need() {
        // Port 1 on loopback: nothing listens there, so psql is refused at once.
        let url = "postgres://postgres@127.0.0.1:1/test";
        let why = pg_answers(url).expect_err("nothing answers on port 1");
        assert!(!why.is_empty(), "psql says why");
        assert_eq!(
            pg_unreachable(url, &why),
            format!(
                "PostgreSQL tests need a server at 127.0.0.1:5432 with trust auth and a database `test` \
                 (or WEIQI_TEST_PG=URL); none answered at postgres://postgres@127.0.0.1:1/test: {why}"
            )
        );
    }
}
