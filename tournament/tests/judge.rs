//! Judge mode end to end: the fake engines under the GomocupJudge dialogue (CR LF, suspension
//! while the opponent thinks, memory of the process tree, every fault as its kind of loss, no
//! process left behind, none left stopped), the `-crlf` option, and `pbrain-rensa` through the
//! rule self-test and one game per Gomocup format.

mod common;

use std::path::Path;

use common::*;

fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

/// The `INFO folder` directories the log shows were sent.
fn folders_in_log(log: &str) -> Vec<String> {
    log.lines()
        .filter_map(|l| l.split_once("> INFO folder ").map(|(_, f)| f.to_string()))
        .collect()
}

#[test]
fn judge_mode_judges_every_fault_including_memory() {
    let dir = scratch("judge-faults");
    let d = dir.path();
    // Every fake checks that its input lines end with CR LF (it crashes otherwise).
    let mut args = fake("good", "random", d, "--crlf");
    // GomocupJudge skips lines that are not moves: the junk answer ends in a time loss.
    let faulty = [
        ("occ", "occupied", "illegal"),
        ("sleepy", "oversleep", "time"),
        ("crashy", "crash", "crash"),
        ("junk", "garbage", "time"),
        ("hog", "hog", "memory"),
        ("childhog", "childhog", "memory"),
    ];
    for (name, mode, _) in faulty {
        args.extend(fake(name, mode, d, "--at 2 --mb 48 --crlf"));
    }
    args.extend(s(&[
        "-judge",
        "-games",
        "2",
        "-concurrency",
        "2",
        "-size",
        "9",
        "-maxmemory",
        "33554432",
        "-progress",
        "0",
    ]));
    args.extend(s(&FAULT_TC));
    args.extend(opt_path("-log", d, "log.txt"));
    args.extend(opt_path("-json", d, "r.jsonl"));
    let (ok, out) = run_match(&args);
    assert!(ok, "{out}");
    assert_eq!(
        summary(&out)["wins"],
        "12",
        "the honest engine wins every game:\n{out}"
    );
    let r = Results::read(&d.join("r.jsonl"));
    assert_eq!(r.settings["judge"], true);
    assert_eq!(r.summary["games_played"], 12);
    for (name, _, kind) in faulty {
        for k in FAULTS {
            let want = if k == kind { 2 } else { 0 };
            assert_eq!(r.losses(name, k), want, "{name} lost by {k}");
        }
    }
    for k in FAULTS {
        assert_eq!(r.losses("good", k), 0, "good lost by {k}");
    }
    // The hog's peak is reported (48 MiB > 32 MiB); the child's memory counts for its parent.
    for name in ["hog", "childhog"] {
        let peak = r.engine(name)["peak_memory"].as_u64().unwrap();
        assert!(peak >= 48 << 20, "{name}: peak {peak}");
    }
    let good = r.engine("good")["peak_memory"].as_u64().unwrap();
    assert!(good > 0 && good < 32 << 20, "good: peak {good}");
    for g in &r.games {
        let loser = Results::loser(g).unwrap();
        let side = if g["black"] == loser { 0 } else { 1 };
        if g["reason"] == "memory" {
            assert!(g["peak_memory"][side].as_u64().unwrap() > 32 << 20, "{g}");
        }
    }
    let log = std::fs::read_to_string(d.join("log.txt")).unwrap();
    assert!(!log.contains("> ABOUT"), "GomocupJudge does not send ABOUT");
    assert!(log.contains("< OK"), "START's OK is read later and skipped");
    assert_eq!(
        count(&log, "# SIGSTOP"),
        count(&log, "# SIGCONT"),
        "every suspension is undone"
    );
    // One INFO folder per engine and game, each removed with its game.
    let folders = folders_in_log(&log);
    assert!(folders.len() >= 12, "{log}");
    for f in folders {
        assert!(!Path::new(&f).exists(), "{f} was left behind");
    }
    assert_no_engine_left(d);
}

/// Each fake, before each of its moves, waits until its opponent shows as stopped (`T`) and
/// notes it; a fake whose opponent never stops exits, which would be a crash loss. So every
/// move is checked, from inside, at the moment it matters.
#[test]
fn engines_are_suspended_while_the_opponent_thinks() {
    let dir = scratch("judge-suspend");
    let d = dir.path();
    let marks = d.join("marks");
    std::fs::create_dir_all(&marks).unwrap();
    let check = format!("--checkstopped {}", marks.display());
    let mut args = fake("a", "random", d, &check);
    args.extend(fake("b", "random", d, &check));
    args.extend(s(&[
        "-judge",
        "-games",
        "2",
        "-size",
        "9",
        "-progress",
        "0",
    ]));
    args.extend(s(&NO_CLOCK));
    args.extend(opt_path("-json", d, "r.jsonl"));
    let (ok, out) = run_match(&args);
    assert!(ok, "{out}");
    let r = Results::read(&d.join("r.jsonl"));
    for k in FAULTS {
        assert_eq!(r.total_losses(k), 0, "{k}:\n{out}");
    }
    // Both engines of both games saw their opponent stopped.
    let seen: std::collections::HashSet<String> = std::fs::read_dir(&marks)
        .unwrap()
        .map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.split_once('-').unwrap().0.to_string()
        })
        .collect();
    assert_eq!(seen.len(), 4, "checkers: {seen:?}");
    assert_no_engine_left(d);
    for p in pids(d) {
        assert_ne!(proc_state(&p), Some('T'), "engine {p} was left stopped");
    }
}

#[test]
fn crlf_option_sends_cr_lf_in_a_normal_match() {
    let dir = scratch("crlf");
    let d = dir.path();
    let mut base = fake("a", "random", d, "--crlf");
    base.extend(fake("b", "random", d, "--crlf"));
    base.extend(s(&[
        "-games",
        "2",
        "-size",
        "9",
        "-starttimeout",
        "600000",
        "-progress",
        "0",
    ]));
    base.extend(s(&NO_CLOCK));
    base.extend(opt_path("-json", d, "r.jsonl"));
    let mut with = base.clone();
    with.push("-crlf".into());
    let (ok, out) = run_match(&with);
    assert!(ok, "{out}");
    let r = Results::read(&d.join("r.jsonl"));
    for k in FAULTS {
        assert_eq!(r.total_losses(k), 0, "{k} with -crlf:\n{out}");
    }
    // Without -crlf the same engines exit at the first LF-only line: both fail to start.
    let (ok, out) = run_match(&base);
    assert!(ok, "{out}");
    let r = Results::read(&d.join("r.jsonl"));
    assert_eq!(r.summary["pairings"][0]["draws"], 2, "{out}");
    for g in &r.games {
        assert_eq!(g["reason"], "start", "{g}");
        assert!(g["winner"].is_null(), "{g}");
    }
    assert_no_engine_left(d);
}

#[test]
fn pbrain_rensa_passes_the_rule_selftest() {
    let Some(engine) = pbrain_rensa() else {
        eprintln!("SKIPPED: pbrain-rensa is not built and could not be built");
        return;
    };
    let dir = scratch("selftest");
    // The engine sees Gomocup's limits scaled to 1/100 (300 ms a move) and thinks that long; the
    // referee's tolerance of a minute only keeps a loaded machine from turning a right answer
    // into a time loss (no case depends on how deep the engine searched).
    let mut args = s(&[
        "-selftest",
        "-engine",
        "name=rensa",
        &format!("cmd={}", engine.display()),
        "-tc",
        "tolerance=60000",
    ]);
    args.extend(opt_path("-log", dir.path(), "log.txt"));
    let (code, out) = run_match_code(&args);
    eprintln!("{out}");
    assert_eq!(code, Some(0), "{out}");
    let cases = selftest_lines(&out);
    assert_eq!(cases.len(), 32, "{out}");
    assert!(cases.iter().all(|c| c.0 == "PASS"), "{out}");
    let sum = key_values(&out, "SELFTEST ");
    assert_eq!(
        (sum["engine"], sum["cases"], sum["passed"], sum["failed"]),
        ("rensa", "32", "32", "0"),
        "{out}"
    );
    let log = std::fs::read_to_string(dir.path().join("log.txt")).unwrap();
    assert_eq!(count(&log, "# SIGSTOP"), count(&log, "# SIGCONT"));
}

/// The `PASS`/`FAIL` lines of a self-test: (verdict, format, case).
fn selftest_lines(out: &str) -> Vec<(&str, &str, &str)> {
    out.lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let verdict = w.next()?;
            (verdict == "PASS" || verdict == "FAIL").then_some((verdict, w.next()?, w.next()?))
        })
        .collect()
}

/// The `key=value` words of the line starting with `prefix`.
fn key_values<'a>(out: &'a str, prefix: &str) -> std::collections::HashMap<&'a str, &'a str> {
    out.lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix:?} line:\n{out}"))
        .split_whitespace()
        .filter_map(|w| w.split_once('='))
        .collect()
}

/// The self-test catches an engine that ignores the rule: the fake that always plays freestyle
/// passes the freestyle cases, fails (at least) standard's and renju's overline, and the run says
/// so in its exit status.
#[test]
fn a_weak_engine_fails_the_selftest() {
    let dir = scratch("selftest-fail");
    let mut args = fake("fake", "random", dir.path(), "--seed 3 --ruleblind");
    args.extend(s(&["-selftest", "-tc", "tolerance=60000"]));
    let (code, out) = run_match_code(&args);
    assert_eq!(code, Some(1), "{out}");
    let cases = selftest_lines(&out);
    assert_eq!(cases.len(), 32, "{out}");
    let verdict = |format: &str, case: &str| {
        let found: Vec<&str> = cases
            .iter()
            .filter(|c| c.1 == format && c.2 == case)
            .map(|c| c.0)
            .collect();
        assert!(!found.is_empty(), "no case {format} {case}:\n{out}");
        found
    };
    assert!(
        verdict("standard-15", "overline-black").contains(&"FAIL"),
        "{out}"
    );
    assert!(
        verdict("renju-15", "overline-black").contains(&"FAIL"),
        "{out}"
    );
    assert_eq!(verdict("freestyle-15", "five"), ["PASS"], "{out}");
    let sum = key_values(&out, "SELFTEST ");
    assert_eq!((sum["engine"], sum["cases"]), ("fake", "32"), "{out}");
    assert_no_engine_left(dir.path());
}

#[test]
fn pbrain_rensa_plays_every_gomocup_format_without_a_fault() {
    let Some(engine) = pbrain_rensa() else {
        eprintln!("SKIPPED: pbrain-rensa is not built and could not be built");
        return;
    };
    let dir = scratch("formats");
    let d = dir.path();
    // Limits at 1/200 of Gomocup's for the engine's own time management; a tolerance of a
    // minute, so only a hung engine could lose on time, however loaded the machine.
    let mut args = s(&[
        "-formats",
        "-scale",
        "1/200",
        "-tc",
        "tolerance=60000",
        "-engine",
        "name=rensa",
        &format!("cmd={}", engine.display()),
    ]);
    args.extend(opt_path("-log", d, "log.txt"));
    args.extend(opt_path("-sgf", d, "sgf"));
    let (code, out) = run_match_code(&args);
    eprintln!("{out}");
    assert_eq!(code, Some(0), "{out}");
    let kv = key_values(&out, "FORMATS ");
    assert_eq!(kv["games"], "7", "{out}");
    assert_eq!(kv["faults"], "0", "{out}");
    let peak: u64 = kv["peak_memory"].parse().unwrap();
    assert!(peak > 0 && peak < 367_001_600, "peak memory {peak}");
    for name in [
        "freestyle-15",
        "freestyle-20",
        "fastgame-20",
        "standard-15",
        "renju-15",
        "caro8-15",
        "caro9-15",
    ] {
        let ok = out.lines().any(|l| {
            let mut w = l.split_whitespace();
            w.next() == Some("OK") && w.next() == Some(name)
        });
        assert!(ok, "{name}:\n{out}");
    }
    assert_eq!(std::fs::read_dir(d.join("sgf")).unwrap().count(), 7);
    let log = std::fs::read_to_string(d.join("log.txt")).unwrap();
    assert!(log.contains("> INFO timeout_turn 150"), "scaled 30 s");
    assert!(
        log.contains("> INFO timeout_turn 25"),
        "scaled fastgame 5 s"
    );
    assert!(log.contains("> INFO rule 9") && log.contains("> INFO rule 8"));
    assert_eq!(count(&log, "# SIGSTOP"), count(&log, "# SIGCONT"));
}
