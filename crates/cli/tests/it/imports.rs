//! The workspace's source files import one another in one direction: no file of a crate uses a
//! module that uses it back (directly or through others). The crate root (`lib.rs`,
//! `main.rs`), which declares the modules and re-exports their items, is the one file left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path in its crate (`["zdd", "memo"]`), empty for the root.
type ModPath = Vec<String>;

fn crates() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file below `dir`, with its module path.
fn modules(src: &Path, dir: &Path, out: &mut BTreeMap<ModPath, String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            modules(src, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(src).unwrap().with_extension("");
            let mut m: ModPath = rel.iter().map(|s| s.to_string_lossy().into()).collect();
            if matches!(m.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                m.pop();
            }
            out.insert(m, std::fs::read_to_string(&path).unwrap());
        }
    }
}

/// The text without comments and without the unit tests at the end of a file.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(k) => &text[..k],
        None => text,
    };
    let lines = text.lines().map(|l| l.find("//").map_or(l, |k| &l[..k]));
    lines.collect::<Vec<_>>().join("\n")
}

/// The identifiers of a path that starts at `rest` (`a::b::C`), up to a `{` or anything else.
fn segments(rest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = rest;
    loop {
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        out.push(rest[..end].to_string());
        match rest[end..].strip_prefix("::") {
            Some(next) => rest = next,
            None => break,
        }
    }
    out
}

/// The first identifiers of a `{a, b::c, d}` group that starts at `rest`.
fn group(rest: &str) -> Vec<String> {
    let Some(inner) = rest.strip_prefix('{') else {
        return Vec::new();
    };
    let inner = &inner[..inner.find('}').unwrap_or(inner.len())];
    inner
        .split(',')
        .filter_map(|item| segments(item.trim()).into_iter().next())
        .collect()
}

/// The modules each module of one crate uses, the root left out.
fn edges(mods: &BTreeMap<ModPath, String>) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let resolve = |path: &[String]| -> Option<ModPath> {
        (1..=path.len())
            .rev()
            .map(|k| path[..k].to_vec())
            .find(|p| mods.contains_key(p))
    };
    let mut out = BTreeMap::new();
    for (m, text) in mods {
        let code = code(text);
        let parent: ModPath = m[..m.len().saturating_sub(1)].to_vec();
        let children: BTreeSet<String> = code
            .lines()
            .filter_map(|l| {
                let l = l.trim_start();
                let l = l.strip_prefix("pub ").unwrap_or(l);
                let l = l.strip_prefix("pub(crate) ").unwrap_or(l);
                let name = l.strip_prefix("mod ")?.strip_suffix(';')?;
                Some(name.trim().to_string())
            })
            .collect();
        let mut used = BTreeSet::new();
        for (k, _) in code.match_indices("::") {
            let before = &code[..k];
            let start = before
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(0, |i| i + 1);
            // Only the head of a path: `a::b` counts at `a`, not again at `b`.
            if code[..start].ends_with("::") {
                continue;
            }
            let head = &before[start..];
            let rest = &code[k + 2..];
            let base: ModPath = match head {
                "crate" => Vec::new(),
                "super" => parent.clone(),
                "self" => m.clone(),
                child if children.contains(child) => {
                    let mut p = m.clone();
                    p.push(child.to_string());
                    p
                }
                _ => continue,
            };
            let mut heads = vec![segments(rest)];
            heads.extend(group(rest).into_iter().map(|s| vec![s]));
            for tail in heads {
                let mut path = base.clone();
                path.extend(tail);
                if let Some(target) = resolve(&path).filter(|t| !t.is_empty() && t != m) {
                    used.insert(target);
                }
            }
        }
        out.insert(m.clone(), used);
    }
    out
}

/// A cycle among the modules, if there is one: its modules in order.
fn cycle(edges: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Option<Vec<ModPath>> {
    fn visit(
        m: &ModPath,
        edges: &BTreeMap<ModPath, BTreeSet<ModPath>>,
        state: &mut BTreeMap<ModPath, bool>,
        stack: &mut Vec<ModPath>,
    ) -> Option<Vec<ModPath>> {
        state.insert(m.clone(), false);
        stack.push(m.clone());
        for next in edges.get(m).into_iter().flatten() {
            match state.get(next) {
                Some(false) => {
                    let from = stack.iter().position(|s| s == next).unwrap();
                    return Some(stack[from..].to_vec());
                }
                Some(true) => {}
                None => {
                    if let Some(c) = visit(next, edges, state, stack) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        state.insert(m.clone(), true);
        None
    }
    let mut state = BTreeMap::new();
    for m in edges.keys() {
        if !state.contains_key(m) {
            if let Some(c) = visit(m, edges, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn no_file_imports_one_that_imports_it_back() {
    let mut checked = 0;
    for name in ["dlx", "report", "sudoku", "puzzles", "cli"] {
        let src = crates().join(name).join("src");
        let mut mods = BTreeMap::new();
        modules(&src, &src, &mut mods);
        let edges = edges(&mods);
        if let Some(c) = cycle(&edges) {
            let names: Vec<String> = c.iter().chain(&c[..1]).map(|m| m.join("/")).collect();
            panic!("crates/{name}: an import cycle: {}", names.join(" -> "));
        }
        checked += mods.len();
    }
    assert!(checked > 60, "only {checked} files read");
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let mods: BTreeMap<ModPath, String> = [
        (vec![], "mod a;\nmod b;\nmod c;\n"),
        (vec!["a".into()], "use crate::b::{X, Y};\n"),
        (
            vec!["b".into()],
            "// use crate::a::Z;\nfn f() { crate::c::g() }\n",
        ),
        (vec!["c".into()], "use super::{a::Z, b};\n"),
    ]
    .into_iter()
    .map(|(m, t)| (m, t.to_string()))
    .collect();
    let names = |c: Vec<ModPath>| -> Vec<String> { c.iter().map(|m| m.join("/")).collect() };
    assert_eq!(names(cycle(&edges(&mods)).unwrap()), ["a", "b", "c"]);
    let mut acyclic = mods.clone();
    acyclic.insert(vec!["c".into()], "use std::fmt;\n".to_string());
    assert_eq!(cycle(&edges(&acyclic)), None);
}
