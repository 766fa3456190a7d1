//! `rensa-train` end to end, as a user runs it: generate a little data, fit weights to it,
//! measure the ordering values on it, and have the engine load the weights.

mod common;

use std::process::Command;

fn run(program: &str, args: &[&str]) -> String {
    let out = Command::new(program).args(args).output().expect("runs");
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The output of `pbrain-rensa bench 2` with `var` naming `file`.
fn bench(engine: &std::path::Path, var: &str, file: &std::path::Path) -> String {
    let out = Command::new(engine)
        .args(["bench", "2"])
        .env(var, file)
        .output()
        .expect("bench runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn generate_fit_and_load() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("d.bin");
    let weights = dir.path().join("w.weights");
    let train = env!("CARGO_BIN_EXE_rensa-train");
    let (data_s, weights_s) = (data.to_str().unwrap(), weights.to_str().unwrap());
    let gen = run(
        train,
        &[
            "generate", "-out", data_s, "-games", "6", "-nodes", "300", "-rule", "4",
        ],
    );
    assert!(gen.contains("done: 6 games"), "{gen}");
    let (records, cut) = rensa_tournament::train::dataset::read(&data).expect("data file");
    assert_eq!(cut, 0);
    assert!(!records.is_empty());
    for r in &records {
        assert!(r.board().is_some());
        assert!((-1..=1).contains(&r.result));
    }
    let fit = run(
        train,
        &[
            "fit", "-data", data_s, "-out", weights_s, "-epochs", "2", "-keep", "loud",
        ],
    );
    assert!(fit.contains("epoch   2"), "{fit}");
    // The ordering values measured on the same data, printed as the constants to paste.
    let order = run(train, &["order", "-data", data_s]);
    assert!(order.contains("positions with the move played"), "{order}");
    assert!(
        order.contains("pub const ORDER_PATTERN_ATTACK: [i32; 11] = ["),
        "{order}"
    );
    assert!(
        order.contains("pub const ORDER_PATTERN_DEFEND: [i32; 11] = ["),
        "{order}"
    );
    let w = rensa::eval::weights::Weights::load(&weights).expect("weights file");
    assert_eq!(w.name, "w");
    // The fit's features times the weights are the engine's evaluation.
    let family = &Box::leak(Box::new(w.clone())).families[2];
    for r in records.iter().step_by(7) {
        let mut board = rensa::eval::Position::new(r.board().unwrap());
        board.set_values(family);
        let counts = rensa::eval::class_counts(&board, r.side);
        let engine = rensa::eval::evaluate(&board, r.side, &counts) as f64;
        assert_eq!(rensa_tournament::train::fit::eval_of(r, &w), Some(engine));
    }
    // The engine plays with them and names them in the bench header.
    let Some(engine) = common::pbrain_rensa() else {
        return;
    };
    let text = bench(&engine, "RENSA_WEIGHTS", &weights);
    assert!(
        text.starts_with(&format!("weights {}", w.label())),
        "{text}"
    );

    // A network fitted to the same renju data (Black and White apart), loaded by the engine,
    // which names it in the bench header and plays with it.
    let net = dir.path().join("n.net");
    let fit_net = run(
        train,
        &[
            "fit-net",
            "-data",
            data_s,
            "-out",
            net.to_str().unwrap(),
            "-epochs",
            "2",
            "-lr",
            "0.01",
        ],
    );
    assert!(fit_net.contains("family renju"), "{fit_net}");
    assert!(fit_net.contains("epoch   2"), "{fit_net}");
    assert!(dir.path().join("n.ckpt").exists(), "{fit_net}");
    let n = rensa::eval::net::Net::load(&net).expect("network file");
    assert_eq!(n.name, "n");
    assert!(n.families[2].is_some() && n.families[0].is_none());
    let resumed = run(
        train,
        &[
            "fit-net",
            "-data",
            data_s,
            "-out",
            net.to_str().unwrap(),
            "-epochs",
            "3",
            "-resume",
        ],
    );
    assert!(resumed.contains("resumed from"), "{resumed}");
    assert!(resumed.contains("epoch   3"), "{resumed}");
    // With the embedded networks of the other families beside renju's; a bad -with file ends
    // the run before any training.
    let both = dir.path().join("both.net");
    let with = |base: &str| {
        let args = ["fit-net", "-data", data_s, "-out", both.to_str().unwrap()];
        std::process::Command::new(train)
            .args(args)
            .args(["-epochs", "1", "-with", base])
            .output()
            .expect("rensa-train runs")
    };
    assert!(with("embedded").status.success());
    let b = rensa::eval::net::Net::load(&both).expect("network file");
    let embedded = rensa::eval::net::embedded();
    assert_eq!(b.families[0], embedded.families[0]);
    assert!(b.families[0].is_some() && b.families[2].is_some());
    let refused = with(dir.path().join("missing.net").to_str().unwrap());
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("-with"));
    // Freestyle's network copied into standard's family, the rest kept.
    let std_net = dir.path().join("std.net");
    let copy = [
        "copy",
        "-from",
        "0",
        "-to",
        "1",
        "-net",
        both.to_str().unwrap(),
        "-out",
    ];
    run(train, &[&copy[..], &[std_net.to_str().unwrap()]].concat());
    let c = rensa::eval::net::Net::load(&std_net).expect("network file");
    assert_eq!(c.name, "std");
    assert_eq!(c.families[1], b.families[0]);
    assert_eq!(
        (&c.families[0], &c.families[2]),
        (&b.families[0], &b.families[2])
    );
    let text = bench(&engine, "RENSA_NET", &net);
    let n = rensa::eval::net::Net::load(&net).expect("network file");
    assert!(
        text.lines()
            .next()
            .unwrap_or("")
            .ends_with(&format!("network {}", n.label())),
        "{text}"
    );
}

/// A line network fitted to a little freestyle data serves freestyle alone; `bench` names it,
/// `RENSA_LINES=none` plays without one, and a corrupted file is refused with a `MESSAGE` line
/// while the engine answers on.
#[test]
fn fit_lines_and_load() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("d.bin");
    let lines = dir.path().join("l.lines");
    let train = env!("CARGO_BIN_EXE_rensa-train");
    let (data_s, lines_s) = (data.to_str().unwrap(), lines.to_str().unwrap());
    run(
        train,
        &["generate", "-out", data_s, "-games", "4", "-nodes", "300"],
    );
    let fit = run(
        train,
        &[
            "fit-lines",
            "-data",
            data_s,
            "-out",
            lines_s,
            "-epochs",
            "1",
        ],
    );
    assert!(fit.contains("wrote"), "{fit}");
    let n = rensa::eval::lines::LineNet::load(&lines).expect("line network file");
    assert_eq!(n.families, 1, "freestyle's family alone");
    let Some(engine) = common::pbrain_rensa() else {
        return;
    };
    let text = bench(&engine, "RENSA_LINES", &lines);
    let first = text.lines().next().unwrap_or("");
    assert!(first.ends_with(&format!("lines {}", n.label())), "{text}");
    let none = bench(&engine, "RENSA_LINES", std::path::Path::new("none"));
    assert!(
        !none.lines().next().unwrap_or("").contains("lines"),
        "{none}"
    );
    let mut bytes = std::fs::read(&lines).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x40;
    let bad = dir.path().join("bad.lines");
    std::fs::write(&bad, bytes).unwrap();
    // `none` is no file name: nothing to refuse. A corrupted file is refused.
    let started = |lines: &std::ffi::OsStr| {
        let mut child = Command::new(&engine)
            .env("RENSA_LINES", lines)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("engine starts");
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"START 15\nEND\n")
            .unwrap();
        let out = child.wait_with_output().expect("engine ends");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let out = started("none".as_ref());
    assert!(!out.contains("MESSAGE") && out.contains("OK"), "{out}");
    let out = started(bad.as_os_str());
    assert!(
        out.contains("MESSAGE line network not loaded") && out.contains("\nOK"),
        "{out}"
    );
}
