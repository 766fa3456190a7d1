//! The library's layout: no two files under `src/` import each other, directly or through a
//! longer cycle, so the tree reads one way (see the overview in `src/lib.rs`).
//!
//! An edge goes from a file to the file of every module it names with a `crate::` path: `use`
//! lines (groups included), inline paths, doc links and comments alike, in its test module too.
//! `crate::a::b::Item` points at the file of the deepest module that exists: `src/a/b.rs` or
//! `src/a/b/mod.rs`, else `src/a.rs` or `src/a/mod.rs`, else `src/lib.rs`. `mod x;`
//! declarations are not edges. The binaries (`src/main.rs`, `src/bin/`) are crates of their own
//! and use the library by its name, so they are not part of the graph. `super::` paths other
//! than a test module's `use super::*;` would hide edges, so they are refused.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The library's `.rs` files under `dir`, as paths relative to `src/`.
fn library_files(src: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(src.join(dir))
        .expect("readable source folder")
        .map(|e| dir.join(e.expect("folder entry").file_name()))
        .collect();
    entries.sort();
    for rel in entries {
        if rel == Path::new("main.rs") || rel == Path::new("bin") {
            continue;
        }
        if src.join(&rel).is_dir() {
            library_files(src, &rel, out);
        } else if rel.extension().is_some_and(|x| x == "rs") {
            out.push(rel);
        }
    }
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Parses the rest of a path or use tree after `prefix::` at `text[*i..]`, pushing every full
/// path it names (a group names several; `self` and `*` name the prefix itself).
fn tree(text: &[char], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let skip_space = |i: &mut usize| {
        while *i < text.len() && text[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_space(i);
    match text.get(*i) {
        Some('{') => {
            *i += 1;
            loop {
                skip_space(i);
                match text.get(*i) {
                    None => return,
                    Some('}') => {
                        *i += 1;
                        return;
                    }
                    _ => {}
                }
                tree(text, i, prefix, out);
                // Past the item: skip an `as name` up to the next `,` or the group's end.
                while *i < text.len() && text[*i] != ',' && text[*i] != '}' {
                    *i += 1;
                }
                if text.get(*i) == Some(&',') {
                    *i += 1;
                }
            }
        }
        Some('*') => {
            *i += 1;
            out.push(prefix.to_vec());
        }
        _ => {
            let start = *i;
            while *i < text.len() && is_ident(text[*i]) {
                *i += 1;
            }
            let ident: String = text[start..*i].iter().collect();
            if ident.is_empty() || ident == "self" {
                out.push(prefix.to_vec());
                return;
            }
            let mut path = prefix.to_vec();
            path.push(ident);
            if text.get(*i) == Some(&':') && text.get(*i + 1) == Some(&':') {
                *i += 2;
                tree(text, i, &path, out);
            } else {
                out.push(path);
            }
        }
    }
}

/// Every path (after `crate::`) that `source` names.
fn crate_paths(source: &str) -> Vec<Vec<String>> {
    let text: Vec<char> = source.chars().collect();
    let pat: Vec<char> = "crate::".chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i + pat.len() <= text.len() {
        let starts = text[i..i + pat.len()] == pat[..]
            && (i == 0 || !(is_ident(text[i - 1]) || text[i - 1] == '$'));
        if starts {
            i += pat.len();
            tree(&text, &mut i, &[], &mut out);
        } else {
            i += 1;
        }
    }
    out
}

/// The file (relative to `src/`) of the deepest module of `path` that exists.
fn module_file(src: &Path, path: &[String]) -> PathBuf {
    let (mut file, mut dir) = (PathBuf::from("lib.rs"), PathBuf::new());
    for seg in path {
        let (flat, folder) = (dir.join(format!("{seg}.rs")), dir.join(seg).join("mod.rs"));
        if src.join(&flat).is_file() {
            file = flat;
        } else if src.join(&folder).is_file() {
            file = folder;
        } else {
            break;
        }
        dir.push(seg);
    }
    file
}

/// A cycle of `graph` as its files in order (the first repeated at the end), if it has one.
fn find_cycle(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Option<Vec<PathBuf>> {
    fn visit(
        node: &PathBuf,
        graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        done: &mut BTreeSet<PathBuf>,
        stack: &mut Vec<PathBuf>,
    ) -> Option<Vec<PathBuf>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.clone());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, done, stack) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(node.clone());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut done, &mut Vec::new()))
}

#[test]
fn paths_are_read_from_use_trees_and_inline_paths() {
    let paths = crate_paths(
        "use crate::a::{b::{self, C}, d as e, f::*};\n\
         let x = crate::g::h(1);\n\
         /// [`y`](crate::i::J) and [`crate::k`]. mycrate::q rensa_tournament::z\n",
    );
    let names: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        names,
        ["a::b", "a::b::C", "a::d", "a::f", "g::h", "i::J", "k"]
    );
}

#[test]
fn no_two_files_import_each_other() {
    let src = src();
    let mut files = Vec::new();
    library_files(&src, Path::new(""), &mut files);
    assert!(files.iter().any(|f| f == Path::new("lib.rs")), "{files:?}");
    let mut graph: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for file in &files {
        let source = std::fs::read_to_string(src.join(file)).expect("readable source file");
        for (n, line) in source.lines().enumerate() {
            assert!(
                !line.contains("super::") || line.trim() == "use super::*;",
                "src/{}:{}: a `super::` path hides a dependency from this test; write it \
                 as a `crate::` path",
                file.display(),
                n + 1
            );
        }
        let targets = graph.entry(file.clone()).or_default();
        for path in crate_paths(&source) {
            let target = module_file(&src, &path);
            if &target != file {
                targets.insert(target);
            }
        }
    }
    for (file, targets) in &graph {
        let list: Vec<String> = targets.iter().map(|t| t.display().to_string()).collect();
        println!("{} -> {}", file.display(), list.join(", "));
    }
    if let Some(cycle) = find_cycle(&graph) {
        let names: Vec<String> = cycle
            .iter()
            .map(|f| format!("src/{}", f.display()))
            .collect();
        panic!("files import each other: {}", names.join(" -> "));
    }
}
