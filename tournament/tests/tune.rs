//! End-to-end runs of `rensa-tune`: two iterations against the fake random mover (the history
//! file, the final report, no engine left behind), an engine that cannot start (a fatal error,
//! not an endless run of forfeits), and, when it is built, two node-limited iterations of
//! `pbrain-rensa` whose protocol log shows the parameters sent. No result depends on the
//! machine's speed: the engines play without a clock that matters (see `common`).

mod common;

use common::*;

/// The iteration lines of a run's stdout.
fn iteration_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with("iter ")).collect()
}

/// The history file: a header and one row per finished pair after the start row.
fn check_history(path: &std::path::Path, params: &[&str], iterations: usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
    let mut header = vec!["iteration", "result"];
    header.extend(params);
    assert_eq!(rows[0], header, "{text}");
    assert_eq!(rows.len(), 2 + iterations, "{text}");
    assert_eq!(rows[1][..2], ["0", ""], "{text}");
    let mut ks: Vec<u64> = rows[2..].iter().map(|r| r[0].parse().unwrap()).collect();
    ks.sort();
    assert_eq!(ks, (1..=iterations as u64).collect::<Vec<_>>());
    for r in &rows[1..] {
        assert_eq!(r.len(), header.len(), "{text}");
        for v in &r[2..] {
            let _: f64 = v.parse().unwrap();
        }
    }
}

#[test]
fn two_iterations_against_the_fake_engine() {
    let dir = scratch("tune-fake");
    let d = dir.path();
    let mut args = s(&[
        "-engine",
        &format!("cmd={FAKE} random --piddir {}", d.join("pids").display()),
        "-params",
        "rfp_margin,lmp_base",
        "-iterations",
        "2",
        "-openings",
        "random=3",
    ]);
    args.extend(NO_CLOCK.iter().map(|x| x.to_string()));
    args.extend(opt_path("-history", d, "h.csv"));
    let (code, out, err) = run_full(TUNE, &args);
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert_eq!(iteration_lines(&out).len(), 2, "{out}");
    check_history(&d.join("h.csv"), &["rfp_margin", "lmp_base"], 2);
    for want in [
        "\nFinished 2 iterations (4 games) in ",
        "\nparam_rfp_margin ",
        "\nparam_lmp_base ",
        " info=param_rfp_margin:",
        "\npub const RFP_MARGIN: i32 = ",
        "\npub const LMP_BASE: usize = ",
    ] {
        assert!(out.contains(want), "{want:?} missing:\n{out}");
    }
    assert_no_engine_left(d);
}

#[test]
fn an_engine_that_cannot_start_ends_the_run() {
    let dir = scratch("tune-nostart");
    let missing = dir.path().join("no-such-engine");
    let args = s(&[
        "-cmd",
        &missing.display().to_string(),
        "-iterations",
        "1000",
    ]);
    let (code, out, err) = run_full(TUNE, &args);
    assert_eq!(code, Some(2), "{out}\n{err}");
    assert!(err.contains("did not start"), "{err}");
    assert!(iteration_lines(&out).is_empty(), "{out}");
}

#[test]
fn pbrain_rensa_two_iterations() {
    let Some(engine) = pbrain_rensa() else {
        eprintln!(
            "SKIPPED pbrain_rensa_two_iterations: pbrain-rensa is not built and could not be built"
        );
        return;
    };
    let dir = scratch("tune-rensa");
    let d = dir.path();
    let mut args = s(&[
        "-cmd",
        &engine.display().to_string(),
        "-params",
        "rfp_margin,lmr_depth,aspiration_delta",
        "-iterations",
        "2",
        "-nodes",
        "1000",
        "-openings",
        "random=4",
        "-concurrency",
        "2",
    ]);
    args.extend(opt_path("-history", d, "h.csv"));
    args.extend(opt_path("-log", d, "protocol.log"));
    let (code, out, err) = run_full(TUNE, &args);
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert_eq!(iteration_lines(&out).len(), 2, "{out}");
    check_history(
        &d.join("h.csv"),
        &["rfp_margin", "lmr_depth", "aspiration_delta"],
        2,
    );
    assert!(out.contains("; 0 games lost by a fault"), "{out}");
    // Every game start gives both engines the node limit and their parameters.
    let log = std::fs::read_to_string(d.join("protocol.log")).unwrap();
    let sent = |what: &str| log.lines().filter(|l| l.contains(what)).count();
    assert_eq!(sent("> START 15"), 8, "{log}");
    for line in [
        "> INFO max_node 1000",
        "> INFO param_rfp_margin ",
        "> INFO param_lmr_depth ",
        "> INFO param_aspiration_delta ",
    ] {
        assert_eq!(sent(line), 8, "{line}");
    }
}
