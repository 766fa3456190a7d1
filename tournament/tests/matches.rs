//! End-to-end matches of `rensa-match` against the fake engines (and, when it is built, a short
//! node-limited self-play match of `pbrain-rensa`): every fault is judged as the right kind of
//! loss, nothing hangs, no engine process outlives the match, and the JSON lines say so. No
//! result depends on the machine's speed (see `common`).

mod common;

use common::*;

#[test]
fn every_fault_is_judged_as_its_kind_of_loss() {
    let dir = scratch("faults");
    let d = dir.path();
    let mut args = fake("good", "random", d, "");
    let faulty = [
        ("occ", "occupied", "illegal"),
        ("sleepy", "oversleep", "time"),
        ("crashy", "crash", "crash"),
        ("junk", "garbage", "not-a-move"),
        ("mute", "nostart", "start"),
    ];
    for (name, mode, _) in faulty {
        args.extend(fake(name, mode, d, "--at 2"));
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
        // `mute` never answers START: it needs a deadline, and the honest engine answers in
        // microseconds of CPU, so 5 s cannot be missed.
        "-starttimeout",
        "5000",
        "-progress",
        "0",
    ]));
    args.extend(s(&FAULT_TC));
    args.extend(opt_path("-json", d, "r.jsonl"));
    args.extend(opt_path("-sgf", d, "sgf"));
    args.extend(opt_path("-log", d, "log.txt"));
    let (ok, out) = run_match(&args);
    assert!(ok, "{out}");
    let sm = summary(&out);
    assert_eq!(sm["games"], "10", "{out}");
    assert_eq!(
        sm["wins"], "10",
        "the honest engine wins every game:\n{out}"
    );

    let r = Results::read(&d.join("r.jsonl"));
    assert_eq!(r.settings["games"], 10);
    assert_eq!(r.settings["size"], 9);
    assert_eq!(r.settings["engines"][0]["name"], "good");
    assert_eq!(r.summary["games_played"], 10);
    assert_eq!(r.games.len(), 10);
    let ids: Vec<u64> = r.games.iter().map(|g| g["id"].as_u64().unwrap()).collect();
    assert_eq!(ids, (1..=10).collect::<Vec<u64>>());
    for (name, _, kind) in faulty {
        for k in FAULTS {
            let want = if k == kind { 2 } else { 0 };
            assert_eq!(r.losses(name, k), want, "{name} lost by {k}");
        }
        // Both of its games, each lost by its own fault, with the honest engine the winner.
        let mine: Vec<_> = r
            .games
            .iter()
            .filter(|g| g["black"] == name || g["white"] == name)
            .collect();
        assert_eq!(mine.len(), 2, "{name}");
        for g in mine {
            assert_eq!(Results::loser(g), Some(name), "{g}");
            assert_eq!(g["reason"], kind, "{g}");
        }
    }
    for k in FAULTS {
        assert_eq!(r.losses("good", k), 0, "good lost by {k}");
    }
    let p = &r.summary["pairings"];
    assert_eq!(p.as_array().unwrap().len(), 5);
    for pairing in p.as_array().unwrap() {
        assert_eq!(pairing["first"], "good");
        assert_eq!(
            (pairing["wins"].as_u64(), pairing["losses"].as_u64()),
            (Some(2), Some(0))
        );
        assert_eq!(pairing["pentanomial"], serde_json::json!([0, 0, 0, 0, 1]));
        assert!(pairing["elo"].is_null(), "infinite Elo is null: {pairing}");
    }
    let sgfs = std::fs::read_dir(d.join("sgf")).unwrap().count();
    assert_eq!(sgfs, 10);
    let log = std::fs::read_to_string(d.join("log.txt")).unwrap();
    assert!(
        log.contains("> START 9") && log.contains("> INFO time_left"),
        "log"
    );
    assert_no_engine_left(d);
}

#[test]
fn honest_games_by_board_with_fresh_processes_in_renju() {
    let dir = scratch("honest");
    let d = dir.path();
    let mut args = fake("a", "random", d, "");
    args.extend(fake("b", "random", d, ""));
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
        "-openings",
        "random=4",
        "seed=9",
        "-starttimeout",
        "600000",
        "-progress",
        "0",
    ]));
    args.extend(s(&NO_CLOCK));
    args.extend(opt_path("-psq", d, "psq"));
    args.extend(opt_path("-json", d, "r.jsonl"));
    let (ok, out) = run_match(&args);
    assert!(ok, "{out}");
    let r = Results::read(&d.join("r.jsonl"));
    assert_eq!(r.summary["games_played"], 4, "{out}");
    assert_eq!(r.settings["rule"], 4);
    assert_eq!(r.settings["rule_name"], "renju");
    assert_eq!(r.settings["draw_after"], 40);
    for k in FAULTS {
        assert_eq!(r.total_losses(k), 0, "{k}:\n{out}");
    }
    for g in &r.games {
        // Every game ends by a five or at the 40-stone cap, never by a fault.
        let reason = g["reason"].as_str().unwrap();
        assert!(reason == "five" || reason == "draw", "{g}");
        assert!(g["opening"].as_str().unwrap().len() >= 8, "4 stones: {g}");
    }
    // Each opening is played twice with colours swapped.
    assert_eq!(r.games[0]["opening"], r.games[1]["opening"]);
    assert_eq!(r.games[0]["black"], r.games[1]["white"]);
    let psq = std::fs::read_dir(d.join("psq")).unwrap().count();
    assert_eq!(psq, 4);
    assert_no_engine_left(d);
}

#[test]
fn sprt_stops_by_itself() {
    let dir = scratch("sprt");
    let d = dir.path();
    let mut args = fake("good", "random", d, "");
    args.extend(fake("crashy", "crash", d, "--at 1"));
    args.extend(s(&[
        "-sprt",
        "elo0=0",
        "elo1=100",
        "-games",
        "400",
        "-size",
        "9",
        "-progress",
        "0",
    ]));
    args.extend(s(&NO_CLOCK));
    args.extend(opt_path("-json", d, "r.jsonl"));
    let (ok, out) = run_match(&args);
    assert!(ok, "{out}");
    assert_eq!(summary(&out)["sprt"], "H1", "{out}");
    let r = Results::read(&d.join("r.jsonl"));
    assert_eq!(r.settings["sprt"]["elo1"], 100.0);
    assert_eq!(r.settings["games"], 400);
    let sprt = &r.summary["sprt"];
    assert_eq!(sprt["verdict"], "H1");
    assert!(sprt["llr"].as_f64().unwrap() >= sprt["upper"].as_f64().unwrap());
    let games = r.summary["games_played"].as_u64().unwrap();
    assert!(games < 400, "stopped early: {games}");
    assert_eq!(r.games.len() as u64, games, "one line per game");
    assert_eq!(r.losses("crashy", "crash"), games);
    assert_no_engine_left(d);
}

#[test]
fn bad_options_fail_cleanly() {
    let (ok, _) = run_match(&s(&["-engine", "cmd=x"]));
    assert!(!ok);
    let (ok, out) = run_match(&s(&["-help"]));
    assert!(ok && out.contains("-sprt"));
    // Values that parse as numbers but mean nothing are refused with a message, not a panic.
    for (opt, bad, value) in [
        ("-progress", "inf", "inf"),
        ("-progress", "-1", "-1"),
        ("-sprt", "elo1=nan", "nan"),
    ] {
        let (code, out, err) =
            run_match_full(&s(&["-engine", "cmd=a", "-engine", "cmd=b", opt, bad]));
        assert_eq!(code, Some(2), "{opt} {bad}: {out}{err}");
        let want = format!("rensa-match: bad value \"{value}\" for {opt}");
        assert!(err.starts_with(&want), "{opt} {bad}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// The JSON lines are written as games end: a run killed in the middle of a game (the third,
/// where the oversleeping fake hangs, with no clock to stop it) keeps the two it finished.
#[cfg(unix)]
#[test]
fn an_interrupted_run_keeps_every_finished_game() {
    let dir = scratch("interrupted");
    let d = dir.path();
    let mut args = fake("a", "random", d, "");
    args.extend(fake("b", "random", d, ""));
    args.extend(fake("sleepy", "oversleep", d, "--at 2"));
    args.extend(s(&["-games", "2", "-size", "9", "-progress", "0"]));
    args.extend(s(&NO_CLOCK));
    args.extend(opt_path("-json", d, "r.jsonl"));
    let mut child = std::process::Command::new(MATCH)
        .args(&args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let json = d.join("r.jsonl");
    let lines = || {
        std::fs::read_to_string(&json)
            .map(|t| t.lines().count())
            .unwrap_or(0)
    };
    let start = std::time::Instant::now();
    while lines() < 3 && start.elapsed() < HANG {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // The third game cannot end: `sleepy` sleeps for an hour at its second move.
    let _ = child.kill();
    let _ = child.wait();
    // The engines lost their runner: `a` and `b` see EOF and exit, `sleepy` is killed here
    // (only a process that still has this test's pid folder on its command line).
    let piddir = d.join("pids").display().to_string();
    for pid in pids(d) {
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if !String::from_utf8_lossy(&cmdline).contains(&piddir) {
            continue;
        }
        if let Ok(p) = pid.parse::<i32>() {
            let _ = nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(p),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
    }
    let text = std::fs::read_to_string(&json).unwrap();
    let kinds: Vec<String> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["type"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(kinds, ["match", "game", "game"], "{text}");
    for l in text.lines().skip(1) {
        let g: serde_json::Value = serde_json::from_str(l).unwrap();
        assert!(g["black"] != "sleepy" && g["white"] != "sleepy", "{g}");
        assert!(!g["moves"].as_array().unwrap().is_empty(), "{g}");
    }
    assert_no_engine_left(d);
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
    let d = dir.path();
    // A node limit instead of a clock: every move is a 5000-node search.
    let mut args = node_limited_rensa(&engine, 5000);
    args.extend(s(&[
        "-games",
        "4",
        "-concurrency",
        "2",
        "-rule",
        "4",
        "-openings",
        "random=3",
        "-progress",
        "0",
    ]));
    args.extend(opt_path("-sgf", d, "sgf"));
    args.extend(opt_path("-json", d, "r.jsonl"));
    let (ok, out) = run_match(&args);
    assert!(ok, "{out}");
    let r = Results::read(&d.join("r.jsonl"));
    assert_eq!(r.summary["games_played"], 4, "{out}");
    assert_eq!(r.settings["engines"][0]["info"][0], "INFO max_node 5000");
    for k in FAULTS {
        assert_eq!(r.total_losses(k), 0, "pbrain-rensa lost by {k}:\n{out}");
    }
    assert_eq!(std::fs::read_dir(d.join("sgf")).unwrap().count(), 4);
}
