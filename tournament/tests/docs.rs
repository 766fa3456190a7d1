//! The documentation checked against the tree and the build: every relative link in README.md,
//! tournament/README.md and docs/*.md points at a file that exists (and at a heading that exists,
//! for `#anchor` links into Markdown), and every command in their shell blocks names a binary,
//! subcommand and options that the build has, and scripts, examples and tests that exist.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

/// The Markdown files a user reads.
fn doc_files() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md"), root.join("tournament/README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// A Markdown file split into prose lines (outside fenced code) and fenced blocks with their
/// info string.
struct Parsed {
    prose: Vec<(usize, String)>,
    blocks: Vec<(usize, String, Vec<String>)>,
}

fn parse(text: &str) -> Parsed {
    let mut prose = Vec::new();
    let mut blocks = Vec::new();
    let mut fence: Option<(String, usize, String, Vec<String>)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker = if trimmed.starts_with("```") {
            Some("```")
        } else if trimmed.starts_with("~~~") {
            Some("~~~")
        } else {
            None
        };
        match (&mut fence, marker) {
            (None, Some(m)) => {
                let info = trimmed[m.len()..].trim().to_string();
                fence = Some((m.to_string(), i + 1, info, Vec::new()));
            }
            (Some((m, _, _, _)), Some(m2)) if m.as_str() == m2 && trimmed.trim() == m2 => {
                let (_, start, info, body) = fence.take().expect("open fence");
                blocks.push((start, info, body));
            }
            (Some((_, _, _, body)), _) => body.push(line.to_string()),
            (None, None) => prose.push((i + 1, line.to_string())),
        }
    }
    Parsed { prose, blocks }
}

/// Text with inline code spans removed, so that `[a](b)` inside backticks is not a link.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code {
            out.push(c);
        }
    }
    out
}

/// GitHub's anchor of a heading: lowercase, punctuation other than `-` and `_` dropped, spaces
/// made hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a file's headings, with GitHub's `-1`, `-2` suffixes for repeats.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    for (_, line) in parse(text).prose {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes == 0 || hashes > 6 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..].replace('`', ""));
        let n = seen.entry(base.clone()).or_insert(0);
        out.insert(if *n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        });
        *n += 1;
    }
    out
}

/// The targets of the inline links `[text](target)` of a line.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code_spans(line);
    let mut out = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        out.push(target.to_string());
        rest = &after[end..];
    }
    out
}

#[test]
fn relative_links_point_at_files_and_headings_that_exist() {
    let mut broken = Vec::new();
    for file in doc_files() {
        let text = std::fs::read_to_string(&file).expect("readable");
        let dir = file.parent().expect("in a folder");
        for (line_no, line) in parse(&text).prose {
            for target in link_targets(&line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (path, anchor) = match target.split_once('#') {
                    Some((p, a)) => (p, Some(a)),
                    None => (target.as_str(), None),
                };
                let resolved = if path.is_empty() {
                    file.clone()
                } else {
                    dir.join(path)
                };
                let at = format!("{}:{line_no}: ({target})", file.display());
                if !resolved.exists() {
                    broken.push(format!("{at}: no such file"));
                    continue;
                }
                if let Some(anchor) = anchor {
                    let is_md = resolved.extension().is_some_and(|x| x == "md");
                    let target_text = std::fs::read_to_string(&resolved).unwrap_or_default();
                    if is_md && !anchors(&target_text).contains(anchor) {
                        broken.push(format!("{at}: no such heading"));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// Shell-like words of a command line: quotes group, `#` at a word's start ends the line,
/// and `|`, `;`, `&&`, `(`, `)` and redirections become words of their own.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut chars = line.chars().peekable();
    let flush = |cur: &mut String, out: &mut Vec<String>| {
        if !cur.is_empty() {
            out.push(std::mem::take(cur));
        }
    };
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => quote = Some(c),
            (None, '#') if cur.is_empty() => break,
            (None, c) if c.is_whitespace() => flush(&mut cur, &mut out),
            (None, '|' | ';' | '(' | ')' | '>' | '<') => {
                flush(&mut cur, &mut out);
                out.push(c.to_string());
            }
            (None, '&') if chars.peek() == Some(&'&') => {
                chars.next();
                flush(&mut cur, &mut out);
                out.push("&&".to_string());
            }
            (None, c) => cur.push(c),
        }
    }
    flush(&mut cur, &mut out);
    out
}

fn is_separator(word: &str) -> bool {
    matches!(word, "|" | ";" | "(" | ")" | "&&" | ">" | "<")
}

/// The binaries of the build, with their help text.
fn binaries() -> BTreeMap<&'static str, String> {
    let rensa = common::pbrain_rensa().expect("pbrain-rensa builds");
    let programs: [(&str, PathBuf, &str); 4] = [
        ("pbrain-rensa", rensa, "--help"),
        ("rensa-match", PathBuf::from(common::MATCH), "-help"),
        ("rensa-tune", PathBuf::from(common::TUNE), "-help"),
        (
            "rensa-train",
            PathBuf::from(env!("CARGO_BIN_EXE_rensa-train")),
            "-help",
        ),
    ];
    programs
        .into_iter()
        .map(|(name, path, flag)| {
            let out = Command::new(&path).arg(flag).output().expect("runs");
            let help = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(help.contains(name), "{name} {flag} prints its usage");
            (name, help)
        })
        .collect()
}

/// Whether `help` names `word` as a whole word (not as part of a longer option).
fn names(help: &str, word: &str) -> bool {
    help.match_indices(word).any(|(i, _)| {
        let before = help[..i].chars().next_back();
        let after = help[i + word.len()..].chars().next();
        let edge = |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '-'));
        edge(before) && edge(after)
    })
}

/// The binary a word runs, if it is one of the build's (`./target/release/X`, `target/release/X`
/// or a bare `X`).
fn binary_of(word: &str) -> Option<&str> {
    let name = word.rsplit_once("target/release/").map_or(word, |(_, n)| n);
    let name = name.strip_suffix(".exe").unwrap_or(name);
    ["pbrain-rensa", "rensa-match", "rensa-tune", "rensa-train"]
        .into_iter()
        .find(|&b| b == name)
}

/// Whether the workspace has a test target of this name (`--test NAME`).
fn has_test(root: &Path, name: &str) -> bool {
    let file = format!("{name}.rs");
    let manifests = ["Cargo.toml", "tournament/Cargo.toml"];
    ["tests", "tournament/tests"]
        .iter()
        .any(|d| root.join(d).join(&file).exists())
        || manifests.iter().any(|m| {
            std::fs::read_to_string(root.join(m))
                .unwrap_or_default()
                .contains(&format!("name = \"{name}\""))
        })
}

fn check_command(
    root: &Path,
    bins: &BTreeMap<&str, String>,
    words: &[String],
    problems: &mut Vec<String>,
) {
    for (i, word) in words.iter().enumerate() {
        if word.contains(' ') {
            // A quoted command (cmd="env X=1 ./target/release/pbrain-rensa"): its words too.
            check_command(root, bins, &self::words(word), problems);
            continue;
        }
        let at_command = i == 0
            || is_separator(&words[i - 1])
            || words[..i]
                .iter()
                .all(|w| w.contains('=') && !w.starts_with('-'));
        if word.contains("target/release/") && binary_of(word).is_none() {
            problems.push(format!("`{word}`: not a binary of this build"));
        }
        if word.starts_with("scripts/") && !root.join(word).exists() {
            problems.push(format!("`{word}`: no such script"));
        }
        if word == "--example" || word == "--test" {
            let Some(name) = words.get(i + 1) else {
                continue;
            };
            let exists = if word == "--example" {
                root.join("examples").join(format!("{name}.rs")).exists()
            } else {
                has_test(root, name)
            };
            if !exists {
                problems.push(format!("`{word} {name}`: no such target"));
            }
        }
        let Some(bin) = binary_of(word).filter(|_| at_command) else {
            continue;
        };
        let help = &bins[bin];
        let args = words[i + 1..].iter().take_while(|w| !is_separator(w));
        for (k, arg) in args.enumerate() {
            let is_option = arg.starts_with('-')
                && arg[1..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '-');
            if is_option && !names(help, arg) {
                problems.push(format!("`{bin} {arg}`: no such option"));
            }
            let is_word =
                arg.chars().all(|c| c.is_ascii_lowercase() || c == '-') && !arg.starts_with('-');
            if k == 0 && is_word && !help.contains(&format!("{bin} {arg}")) {
                problems.push(format!("`{bin} {arg}`: no such subcommand"));
            }
        }
    }
}

#[test]
fn commands_name_binaries_subcommands_and_options_that_exist() {
    let root = root();
    let bins = binaries();
    let mut problems = Vec::new();
    for file in doc_files() {
        let text = std::fs::read_to_string(&file).expect("readable");
        for (start, info, body) in parse(&text).blocks {
            if !matches!(info.as_str(), "sh" | "bash" | "shell" | "console") {
                continue;
            }
            let mut line = String::new();
            for raw in body {
                let raw = raw.trim_end();
                if let Some(cont) = raw.strip_suffix('\\') {
                    line.push_str(cont);
                    line.push(' ');
                    continue;
                }
                line.push_str(raw);
                let mut found = Vec::new();
                check_command(&root, &bins, &words(&line), &mut found);
                for p in found {
                    problems.push(format!("{}:{start}: {p}", file.display()));
                }
                line.clear();
            }
        }
    }
    assert!(
        problems.is_empty(),
        "commands the build does not have:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_checker_sees_a_missing_subcommand_and_a_broken_anchor() {
    let root = root();
    let bins = binaries();
    let mut found = Vec::new();
    let line = "./target/release/pbrain-rensa frobnicate -nodes 5 | head";
    check_command(&root, &bins, &words(line), &mut found);
    assert_eq!(found, ["`pbrain-rensa frobnicate`: no such subcommand"]);
    found.clear();
    let line = "RENSA_WEIGHTS=x ./target/release/rensa-train fit -no-such-option 1";
    check_command(&root, &bins, &words(line), &mut found);
    assert_eq!(found, ["`rensa-train -no-such-option`: no such option"]);
    found.clear();
    check_command(&root, &bins, &words("scripts/no-such.sh 3"), &mut found);
    assert_eq!(found, ["`scripts/no-such.sh`: no such script"]);

    let text = "# Top\n\n## Run the `bench`\n\n```sh\n# not a heading\n```\n## Top\n";
    let a = anchors(text);
    assert!(a.contains("top") && a.contains("top-1") && a.contains("run-the-bench"));
    assert!(!a.contains("not-a-heading"));
    assert_eq!(
        link_targets("see [a](x.md#y) and `[b](z.md)`, [c](../d)"),
        ["x.md#y", "../d"]
    );
}
