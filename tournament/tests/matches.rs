//! End-to-end matches of `rensa-match` against the fake engines (and, when it is built, a short
//! self-play match of `pbrain-rensa`): every fault is judged as the right kind of loss, nothing
//! hangs, and no engine process outlives the match.

mod common;

use std::time::Duration;

use common::*;

#[test]
fn every_fault_is_judged_as_its_kind_of_loss() {
    let dir = scratch("faults");
    let mut args = fake("good", "random", &dir, "");
    for (name, mode) in [
        ("occ", "occupied"),
        ("sleepy", "oversleep"),
        ("crashy", "crash"),
        ("junk", "garbage"),
        ("mute", "nostart"),
    ] {
        args.extend(fake(name, mode, &dir, "--at 2"));
    }
    args.extend(s(&[
        "-mode",
        "gauntlet",
        "-games",
        "2",
        "-concurrency",
        "2",
        "-size",
        "9",
        "-tc",
        "turn=300",
        "match=5000",
        "tolerance=200",
        "-starttimeout",
        "500",
        "-progress",
        "0",
    ]));
    args.push("-json".into());
    args.push(dir.join("r.json").display().to_string());
    args.push("-sgf".into());
    args.push(dir.join("sgf").display().to_string());
    args.push("-log".into());
    args.push(dir.join("log.txt").display().to_string());
    let (ok, out) = run_match(&args, Duration::from_secs(60));
    assert!(ok, "{out}");
    let sm = summary(&out);
    assert_eq!(sm["games"], "10", "{out}");
    assert_eq!(
        sm["wins"], "10",
        "the honest engine wins every game:\n{out}"
    );
    for kind in ["illegal", "time", "crash", "not_a_move", "start"] {
        assert_eq!(sm[kind], "2", "{kind}:\n{out}");
    }
    assert_eq!(sm["foul"], "0");
    let json = std::fs::read_to_string(dir.join("r.json")).unwrap();
    assert!(json.contains("\"name\":\"occ\""), "{json}");
    assert!(json.contains("\"illegal\":2"), "{json}");
    assert!(json.contains("\"games_played\":10"), "{json}");
    let sgfs = std::fs::read_dir(dir.join("sgf")).unwrap().count();
    assert_eq!(sgfs, 10);
    let log = std::fs::read_to_string(dir.join("log.txt")).unwrap();
    assert!(
        log.contains("> START 9") && log.contains("> INFO time_left"),
        "log"
    );
    assert_no_engine_left(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn honest_games_by_board_with_fresh_processes_in_renju() {
    let dir = scratch("honest");
    let mut args = fake("a", "random", &dir, "");
    args.extend(fake("b", "random", &dir, ""));
    args.extend(s(&[
        "-rule",
        "4",
        "-size",
        "11",
        "-games",
        "4",
        "-concurrency",
        "2",
        "-fresh",
        "-sendbyboard",
        "-drawafter",
        "40",
        "-tc",
        "turn=1000",
        "match=10000",
        "-openings",
        "random=4",
        "seed=9",
        "-progress",
        "0",
    ]));
    args.push("-psq".into());
    args.push(dir.join("psq").display().to_string());
    let (ok, out) = run_match(&args, Duration::from_secs(60));
    assert!(ok, "{out}");
    let sm = summary(&out);
    assert_eq!(sm["games"], "4", "{out}");
    for kind in ["illegal", "time", "crash", "not_a_move", "start", "foul"] {
        assert_eq!(sm[kind], "0", "{kind}:\n{out}");
    }
    let psq = std::fs::read_dir(dir.join("psq")).unwrap().count();
    assert_eq!(psq, 4);
    assert_no_engine_left(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sprt_stops_by_itself() {
    let dir = scratch("sprt");
    let mut args = fake("good", "random", &dir, "");
    args.extend(fake("crashy", "crash", &dir, "--at 1"));
    args.extend(s(&[
        "-sprt",
        "elo0=0",
        "elo1=100",
        "-games",
        "400",
        "-size",
        "9",
        "-tc",
        "turn=500",
        "match=5000",
        "-progress",
        "0",
    ]));
    let (ok, out) = run_match(&args, Duration::from_secs(60));
    assert!(ok, "{out}");
    let sm = summary(&out);
    assert_eq!(sm["sprt"], "H1", "{out}");
    let games: usize = sm["games"].parse().unwrap();
    assert!(games < 400, "stopped early: {games}");
    assert_no_engine_left(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_options_fail_cleanly() {
    let (ok, _) = run_match(&s(&["-engine", "cmd=x"]), Duration::from_secs(10));
    assert!(!ok);
    let (ok, out) = run_match(&s(&["-help"]), Duration::from_secs(10));
    assert!(ok && out.contains("-sprt"));
}

#[test]
fn pbrain_rensa_self_play() {
    let Some(engine) = pbrain_rensa() else {
        eprintln!(
            "SKIPPED pbrain_rensa_self_play: pbrain-rensa is not built and could not be built"
        );
        return;
    };
    let dir = scratch("selfplay");
    let cmd = format!("cmd={}", engine.display());
    let mut args = s(&[
        "-engine",
        "name=rensa-a",
        &cmd,
        "-engine",
        "name=rensa-b",
        &cmd,
    ]);
    args.extend(s(&[
        "-games",
        "4",
        "-concurrency",
        "2",
        "-rule",
        "4",
        "-tc",
        "turn=200",
        "match=10000",
        "tolerance=1000",
        "-openings",
        "random=3",
        "-progress",
        "0",
    ]));
    args.push("-sgf".into());
    args.push(dir.join("sgf").display().to_string());
    args.push("-json".into());
    args.push(dir.join("r.json").display().to_string());
    let (ok, out) = run_match(&args, Duration::from_secs(120));
    assert!(ok, "{out}");
    let sm = summary(&out);
    assert_eq!(sm["games"], "4", "{out}");
    for kind in ["illegal", "time", "crash", "not_a_move", "start", "foul"] {
        assert_eq!(sm[kind], "0", "pbrain-rensa lost by {kind}:\n{out}");
    }
    assert_eq!(std::fs::read_dir(dir.join("sgf")).unwrap().count(), 4);
    assert!(dir.join("r.json").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
