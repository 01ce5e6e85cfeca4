//! Project automation (matklad's xtask pattern): `cargo xtask <task>`.
//!
//! - `cargo xtask setup`: installs what the tests need on a fresh Debian machine (GNU Go, the
//!   goban-original-games records, Chromium for browser tests, the Python oracles, Sabaki's
//!   SGF parser from npm), skipping what is already there.
//! - `cargo xtask life-vs-gnugo`: the dead-stone proposal against GNU Go, chain by chain
//!   (`life.rs`; the figures in BENCHMARKS.md).
//! - `cargo xtask arch`: lists where ARCHITECTURE.md's crate edges differ from the manifests
//!   (`arch.rs`; a test of this crate fails on any).
//! - `cargo xtask test`: `setup`, then every test of the workspace, then `node --test` on the
//!   pages' script modules (`crates/web/tests/js/`).
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
/// is installed: Sabaki's SGF parser reads what the sgf crate writes.
const NPM: &[(&str, &str)] = &[("crates/sgf/tests/sabaki", "node_modules/@sabaki/sgf/package.json")];

fn main() -> ExitCode {
    let task = std::env::args().nth(1).unwrap_or_default();
    let result = match task.as_str() {
        "setup" => setup(),
        "test" => setup().and_then(|()| test()),
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
