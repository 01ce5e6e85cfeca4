//! No two files of the server import each other, directly or in a circle: the graph of the
//! paths each file names (`crate::…`, `super::…`, `self::…`, and a child module's name) is
//! read from `src/**/*.rs` and must have no cycle. Each file is one module; an inline
//! module (`mod tests { … }`) belongs to its file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Circles known and not yet broken, each as the files in it, sorted. None: a circle found is
/// a failure.
const KNOWN: &[&[&str]] = &[];

#[test]
fn no_two_files_of_the_server_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = module_graph(&src);
    assert!(
        graph.len() > 10,
        "the server's files were not found under {}",
        src.display()
    );
    let found = circles(&graph);
    let known: BTreeSet<Vec<String>> = KNOWN
        .iter()
        .map(|c| c.iter().map(|f| f.to_string()).collect())
        .collect();
    let new: Vec<&Vec<String>> = found.iter().filter(|c| !known.contains(*c)).collect();
    assert!(new.is_empty(), "files that import each other (in a circle): {new:?}");
    let gone: Vec<&Vec<String>> = known.iter().filter(|c| !found.contains(*c)).collect();
    assert!(
        gone.is_empty(),
        "a known circle is broken: take it out of KNOWN: {gone:?}"
    );
}

#[test]
fn the_check_finds_a_circle_through_crate_super_and_child_paths() {
    let dir = testkit::scratch("server-it-modules", "circle");
    let write = |path: &str, text: &str| {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    write("lib.rs", "mod a;\nmod b;\nmod c;\n");
    // a → b (a use group), b → c (a path in an expression), c → a (through c's child d).
    write(
        "a.rs",
        "use crate::{b::{self, X}, c as _};\n// crate::c in a comment is no edge\n",
    );
    write("b.rs", "fn f() { let s = \"crate::a\"; crate::c::g(); }\n");
    write(
        "c.rs",
        "mod d;\nfn g() { d::h() }\n#[cfg(test)]\nmod tests { use super::g; }\n",
    );
    write("c/d.rs", "pub fn h() { super::super::a::x() }\n");
    let graph = module_graph(&dir);
    let edges = |f: &str| graph[f].iter().map(String::as_str).collect::<Vec<_>>();
    assert_eq!(edges("a.rs"), ["b.rs", "c.rs"]);
    assert_eq!(edges("b.rs"), ["c.rs"]);
    assert_eq!(edges("c.rs"), ["c/d.rs"]);
    assert_eq!(edges("c/d.rs"), ["a.rs"]);
    assert_eq!(
        circles(&graph),
        BTreeSet::from([vec!["a.rs".to_string(), "b.rs".into(), "c.rs".into(), "c/d.rs".into()]])
    );
}

/// Each file (relative to `src`, with `/`) and the files it names.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    collect(src, &mut files);
    // A module's path (`["http", "games"]`) and its file.
    let modules: BTreeMap<Vec<String>, String> = files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(src).unwrap().to_string_lossy().replace('\\', "/");
            (module_path(&rel), rel)
        })
        .collect();
    let mut graph = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(src.join(file)).unwrap();
        let mut edges = BTreeSet::new();
        scan(&code_only(&text), module, &modules, &mut edges);
        edges.remove(file);
        graph.insert(file.clone(), edges);
    }
    graph
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries {
        let p = e.unwrap().path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `lib.rs` → `[]`, `a.rs` and `a/mod.rs` → `["a"]`, `a/b.rs` → `["a", "b"]`.
fn module_path(rel: &str) -> Vec<String> {
    let rel = rel.strip_suffix(".rs").unwrap();
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("lib" | "main" | "mod")) {
        parts.pop();
    }
    parts
}

/// The text with comments, strings and character literals blanked (lifetimes kept).
fn code_only(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident(b.get(i.wrapping_sub(1))) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != '"' {
                i += if b[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && next == Some('\\') {
            i += 2;
            while i < b.len() && b[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else if c == '\'' && b.get(i + 2) == Some(&'\'') {
            i += 3;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// Adds to `edges` the files that the paths in `code` (of module `module`) name; an inline
/// module's body is read as that module's.
fn scan(code: &str, module: &[String], modules: &BTreeMap<Vec<String>, String>, edges: &mut BTreeSet<String>) {
    let chars: Vec<char> = code.chars().collect();
    let words = tokens(&chars);
    // The child modules declared here that are files: `mod x;`.
    let mut children = BTreeSet::new();
    let mut i = 0;
    let mut own = String::new();
    let mut last = 0;
    while i < words.len() {
        if words[i].1 == "mod" && i + 2 < words.len() {
            let name = &words[i + 1].1;
            if words[i + 2].1 == ";" {
                children.insert(name.clone());
            } else if words[i + 2].1 == "{" {
                // An inline module: its body is scanned as the module it is.
                let open = words[i + 2].0;
                let close = matching(&chars, open);
                own.extend(&chars[last..words[i].0]);
                let body: String = chars[open + 1..close].iter().collect();
                let mut inner = module.to_vec();
                inner.push(name.clone());
                let mut all = modules.clone();
                all.entry(inner.clone()).or_insert_with(|| modules[module].clone());
                scan(&body, &inner, &all, edges);
                last = close + 1;
                while i < words.len() && words[i].0 <= close {
                    i += 1;
                }
                continue;
            }
        }
        i += 1;
    }
    own.extend(&chars[last.min(chars.len())..]);
    for path in paths(&own) {
        let first = path[0].as_str();
        let mut at: Vec<String> = match first {
            "crate" => vec![],
            "self" => module.to_vec(),
            "super" => module.to_vec(),
            name if children.contains(name) => module.to_vec(),
            _ => continue,
        };
        let mut rest = &path[..];
        while let Some(seg) = rest.first() {
            match seg.as_str() {
                "crate" | "self" => {}
                "super" => {
                    at.pop();
                }
                _ => break,
            }
            rest = &rest[1..];
        }
        for seg in rest {
            let mut deeper = at.clone();
            deeper.push(seg.clone());
            if modules.contains_key(&deeper) {
                at = deeper;
            } else {
                break;
            }
        }
        if let Some(file) = modules.get(&at) {
            edges.insert(file.clone());
        }
    }
}

/// Identifiers and punctuation, each with its position.
fn tokens(chars: &[char]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if ident(Some(&chars[i])) {
            let start = i;
            while i < chars.len() && ident(Some(&chars[i])) {
                i += 1;
            }
            out.push((start, chars[start..i].iter().collect()));
        } else {
            if !chars[i].is_whitespace() {
                out.push((i, chars[i].to_string()));
            }
            i += 1;
        }
    }
    out
}

fn matching(chars: &[char], open: usize) -> usize {
    let mut depth = 0;
    for (i, &c) in chars.iter().enumerate().skip(open) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    chars.len() - 1
}

/// Every path in `code` as its segments: `a::b::c` outside `use`, and each leaf of a `use`
/// tree (`use crate::{a::{self, X}, b}` is `crate::a::self`, `crate::a::X`, `crate::b`). A
/// path that follows `::` is part of a longer one and not read again.
fn paths(code: &str) -> Vec<Vec<String>> {
    let chars: Vec<char> = code.chars().collect();
    let t = tokens(&chars);
    let mut out = Vec::new();
    let mut i = 0;
    while i < t.len() {
        if t[i].1 == "use" {
            let end = (i..t.len()).find(|&j| t[j].1 == ";").unwrap_or(t.len());
            use_tree(&t[i + 1..end], &[], &mut out);
            i = end + 1;
            continue;
        }
        let after_colons = i >= 2 && t[i - 1].1 == ":" && t[i - 2].1 == ":";
        if ident(t[i].1.chars().next().as_ref()) && !after_colons {
            let mut path = vec![t[i].1.clone()];
            let mut j = i + 1;
            while j + 2 < t.len() && t[j].1 == ":" && t[j + 1].1 == ":" && ident(t[j + 2].1.chars().next().as_ref()) {
                path.push(t[j + 2].1.clone());
                j += 3;
            }
            if path.len() > 1 {
                out.push(path);
            }
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

/// The leaves of a `use` tree under `prefix`.
fn use_tree(t: &[(usize, String)], prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    let mut i = 0;
    while i < t.len() {
        match t[i].1.as_str() {
            ":" => i += 1,
            "{" => {
                // The group's items, split at the commas of this level.
                let mut depth = 0;
                let mut start = i + 1;
                for j in i..t.len() {
                    match t[j].1.as_str() {
                        "{" => depth += 1,
                        "}" => {
                            depth -= 1;
                            if depth == 0 {
                                use_tree(&t[start..j], &path, out);
                                return;
                            }
                        }
                        "," if depth == 1 => {
                            use_tree(&t[start..j], &path, out);
                            start = j + 1;
                        }
                        _ => {}
                    }
                }
                return;
            }
            "as" => break,
            "*" => break,
            w => {
                path.push(w.to_string());
                i += 1;
            }
        }
    }
    if !path.is_empty() {
        out.push(path);
    }
}

/// Every circle of the graph, as its files sorted: the strongly connected components of more
/// than one file (Tarjan's algorithm).
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: BTreeSet<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let n = w.index.len();
        w.index.insert(v, n);
        w.low.insert(v, n);
        w.stack.push(v);
        w.on_stack.insert(v);
        let graph = w.graph;
        for u in graph.get(v).into_iter().flatten() {
            let u = u.as_str();
            if !w.index.contains_key(u) {
                visit(w, u);
                let l = w.low[u].min(w.low[v]);
                w.low.insert(v, l);
            } else if w.on_stack.contains(u) {
                let l = w.index[u].min(w.low[v]);
                w.low.insert(v, l);
            }
        }
        if w.low[v] == w.index[v] {
            let mut component = Vec::new();
            while let Some(u) = w.stack.pop() {
                w.on_stack.remove(u);
                component.push(u.to_string());
                if u == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                w.out.insert(component);
            }
        }
    }
    let mut w = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: BTreeSet::new(),
    };
    for v in graph.keys() {
        if !w.index.contains_key(v.as_str()) {
            visit(&mut w, v);
        }
    }
    w.out
}
