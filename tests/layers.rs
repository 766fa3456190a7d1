//! The engine's layers, lowest first: the types, the board, the evaluation, and the search and
//! everything above it. A layer's files name nothing of the layers above: every `crate::` path
//! in the board's files is the board's or the types', and none in the evaluation's is the
//! search's or above. Test files (`tests.rs`) may reach up to check what they test.

use std::path::{Path, PathBuf};

/// The `.rs` files under `dir`, test files apart.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("folder entry").path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs")
            && path.file_name().is_some_and(|n| n != "tests.rs")
        {
            out.push(path);
        }
    }
}

/// The modules named by the `crate::` paths of `source` (the first segment of each).
fn named(source: &str) -> Vec<String> {
    source
        .match_indices("crate::")
        .map(|(i, m)| {
            source[i + m.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

/// Every `crate::` path in the files of `src/<layer>/` names one of `allowed`.
fn layer_names_only(layer: &str, allowed: &[&str]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(layer);
    let mut list = Vec::new();
    files(&dir, &mut list);
    assert!(list.len() > 3, "{list:?}");
    for file in list {
        let source = std::fs::read_to_string(&file).expect("readable source file");
        for module in named(&source) {
            assert!(
                allowed.contains(&module.as_str()),
                "{} names crate::{module}: the {layer} layer names only {allowed:?}",
                file.display()
            );
        }
    }
}

#[test]
fn the_board_names_nothing_above_it() {
    layer_names_only("board", &["board", "types"]);
}

#[test]
fn the_evaluation_names_nothing_above_it() {
    layer_names_only("eval", &["eval", "board", "types"]);
}
