//! ARCHITECTURE.md's dependency edges checked against the manifests.
//!
//! Each crate's section of the code map (`### `crates/NAME``) states its edges to the other
//! workspace crates in one line, ``Edges: `NAME → a, b` `` (or ``Edges: none``). The test below
//! reads every `crates/*/Cargo.toml`'s `[dependencies]` table and fails on any crate whose
//! stated edges differ from its manifest's, either way, so the map cannot drift from the
//! code. Dev-dependencies are not edges: a test may use any crate.
//!
//! Plain text parsing, no dependencies: xtask must build before anything else does.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The workspace crates under `crates/`, by folder name (= crate name).
pub fn workspace_crates(root: &Path) -> Result<BTreeSet<String>, String> {
    let dir = root.join("crates");
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut names = BTreeSet::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
        if entry.path().join("Cargo.toml").exists() {
            names.insert(entry.file_name().to_string_lossy().into_owned());
        }
    }
    Ok(names)
}

/// The workspace crates a manifest's `[dependencies]` table names (a `path` or
/// `workspace = true` entry whose key is a workspace crate).
pub fn manifest_edges(manifest: &str, crates: &BTreeSet<String>) -> BTreeSet<String> {
    let mut in_deps = false;
    let mut edges = BTreeSet::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if !in_deps || line.starts_with('#') {
            continue;
        }
        let key = line.split(['=', '.', ' ']).next().unwrap_or_default().trim();
        if crates.contains(key) {
            edges.insert(key.to_string());
        }
    }
    edges
}

/// The edges each crate's section of ARCHITECTURE.md states: the first ``Edges: `x → …` ``
/// or ``Edge: `x → …` `` of the section, or `Edges: none`. A section without one maps to
/// `None`.
pub fn stated_edges(architecture: &str) -> BTreeMap<String, Option<BTreeSet<String>>> {
    let mut stated: BTreeMap<String, Option<BTreeSet<String>>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in architecture.lines() {
        if let Some(rest) = line.strip_prefix("### `crates/") {
            let name = rest.split('`').next().unwrap_or_default().to_string();
            stated.insert(name.clone(), None);
            current = Some(name);
            continue;
        }
        if line.starts_with("## ") || line.starts_with("### ") {
            current = None;
            continue;
        }
        let Some(name) = current.as_ref() else { continue };
        if stated.get(name).is_some_and(Option::is_some) {
            continue;
        }
        let Some(at) = line.find("Edges: ").or_else(|| line.find("Edge: ")) else {
            continue;
        };
        let tail = &line[at..];
        let tail = &tail[tail.find(' ').map_or(0, |i| i + 1)..];
        if tail.starts_with("none") {
            stated.insert(name.clone(), Some(BTreeSet::new()));
            continue;
        }
        let Some(list) = tail
            .strip_prefix('`')
            .and_then(|t| t.split('`').next())
            .and_then(|t| t.split_once('→'))
        else {
            continue;
        };
        let targets = list
            .1
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        stated.insert(name.clone(), Some(targets));
    }
    stated
}

/// Every difference between the stated edges and the manifests, one line each.
pub fn differences(root: &Path) -> Result<Vec<String>, String> {
    let crates = workspace_crates(root)?;
    let arch_path = root.join("ARCHITECTURE.md");
    let architecture = std::fs::read_to_string(&arch_path).map_err(|e| format!("{}: {e}", arch_path.display()))?;
    let stated = stated_edges(&architecture);
    let mut out = Vec::new();
    for name in &crates {
        let path = root.join("crates").join(name).join("Cargo.toml");
        let manifest = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let real = manifest_edges(&manifest, &crates);
        match stated.get(name) {
            None => out.push(format!("crates/{name} has no section in ARCHITECTURE.md")),
            Some(None) => out.push(format!(
                "crates/{name}: its section states no `Edges:` line (the manifest has {})",
                list(&real)
            )),
            Some(Some(said)) if *said != real => out.push(format!(
                "crates/{name}: ARCHITECTURE.md says {} but Cargo.toml has {}",
                list(said),
                list(&real)
            )),
            Some(Some(_)) => {}
        }
    }
    for name in stated.keys() {
        if !crates.contains(name) {
            out.push(format!("ARCHITECTURE.md describes crates/{name}, which does not exist"));
        }
    }
    Ok(out)
}

fn list(set: &BTreeSet<String>) -> String {
    if set.is_empty() {
        "none".to_string()
    } else {
        set.iter().cloned().collect::<Vec<_>>().join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn architecture_md_states_every_crates_edges_as_its_manifest_has_them() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let diff = differences(&root).expect("the files read");
        assert!(
            diff.is_empty(),
            "ARCHITECTURE.md and the manifests differ:\n{}",
            diff.join("\n")
        );
    }

    #[test]
    fn a_manifest_names_its_workspace_dependencies_only_from_its_dependencies_table() {
        let crates = set(&["rules", "clock", "sgf"]);
        let manifest = "[package]\nname = \"x\"\n\n[dependencies]\nrules.workspace = true\n\
                        # sgf is mentioned in a comment only\nclock = { path = \"../clock\" }\n\
                        serde = \"1\"\n\n[dev-dependencies]\nsgf = { path = \"../sgf\" }\n";
        assert_eq!(manifest_edges(manifest, &crates), set(&["clock", "rules"]));
    }

    #[test]
    fn a_section_states_its_edges_once_or_none() {
        let text = "## Code map\n### `crates/a`\nText. Edges: `a → b, c` (why).\nLater \
                    `a → d` is not read.\n### `crates/b`\nEdges: none.\n### `crates/c`\nNo \
                    line.\n## Other\nEdges: `z → y`\n";
        let stated = stated_edges(text);
        assert_eq!(stated["a"], Some(set(&["b", "c"])));
        assert_eq!(stated["b"], Some(set(&[])));
        assert_eq!(stated["c"], None);
        assert!(!stated.contains_key("z"));
    }
}
