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
        let mut board = r.board().unwrap();
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
