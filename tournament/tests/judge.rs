//! Judge mode end to end: the fake engines under the GomocupJudge dialogue (CR LF, suspension
//! while the opponent thinks, memory of the process tree, every fault as its kind of loss, no
//! process left behind, none left stopped), the `-crlf` option, and `pbrain-rensa` through the
//! rule self-test and one game per Gomocup format.

mod common;

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use common::*;

/// The state letter of `/proc/<pid>/stat` (`R`, `S`, `T` stopped, `Z` …).
fn proc_state(pid: &str) -> Option<char> {
    let stat = std::fs::read_to_string(Path::new("/proc").join(pid).join("stat")).ok()?;
    stat[stat.rfind(')')? + 1..].trim_start().chars().next()
}

fn pids(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir.join("pids"))
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

#[test]
fn judge_mode_judges_every_fault_including_memory() {
    let dir = scratch("judge-faults");
    // Every fake checks that its input lines end with CR LF (it crashes otherwise).
    let mut args = fake("good", "random", &dir, "--crlf");
    for (name, mode) in [
        ("occ", "occupied"),
        ("sleepy", "oversleep"),
        ("crashy", "crash"),
        ("junk", "garbage"),
        ("hog", "hog"),
        ("childhog", "childhog"),
    ] {
        args.extend(fake(name, mode, &dir, "--at 2 --mb 48 --crlf"));
    }
    args.extend(s(&[
        "-judge",
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
        "-maxmemory",
        "33554432",
        "-progress",
        "0",
    ]));
    args.push("-log".into());
    args.push(dir.join("log.txt").display().to_string());
    args.push("-json".into());
    args.push(dir.join("r.json").display().to_string());
    let (ok, out) = run_match(&args, Duration::from_secs(60));
    assert!(ok, "{out}");
    let sm = summary(&out);
    assert_eq!(sm["games"], "12", "{out}");
    assert_eq!(
        sm["wins"], "12",
        "the honest engine wins every game:\n{out}"
    );
    // GomocupJudge skips lines that are not moves: the junk answer ends in a time loss.
    for (kind, n) in [
        ("illegal", "2"),
        ("time", "4"),
        ("crash", "2"),
        ("memory", "4"),
        ("not_a_move", "0"),
        ("start", "0"),
        ("foul", "0"),
    ] {
        assert_eq!(sm[kind], n, "{kind}:\n{out}");
    }
    // The hog's peak is reported (48 MiB > 32 MiB); the child's memory counts for its parent.
    assert!(out.contains("hog: peak memory 4"), "{out}");
    assert!(out.contains("childhog: peak memory 4"), "{out}");
    let json = std::fs::read_to_string(dir.join("r.json")).unwrap();
    assert!(json.contains("\"judge\":true"), "{json}");
    assert!(json.contains("\"memory\":2"), "{json}");
    let log = std::fs::read_to_string(dir.join("log.txt")).unwrap();
    assert!(!log.contains("> ABOUT"), "GomocupJudge does not send ABOUT");
    assert!(log.contains("> INFO folder "), "{log}");
    assert!(log.contains("< OK"), "START's OK is read later and skipped");
    assert_eq!(
        count(&log, "# SIGSTOP"),
        count(&log, "# SIGCONT"),
        "every suspension is undone"
    );
    assert_no_engine_left(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engines_are_suspended_while_the_opponent_thinks() {
    let dir = scratch("judge-suspend");
    let mut args = fake("quick", "random", &dir, "");
    args.extend(fake("slow", "random", &dir, "--delay 60"));
    args.extend(s(&[
        "-judge",
        "-games",
        "2",
        "-size",
        "9",
        "-tc",
        "turn=1000",
        "match=20000",
        "-progress",
        "0",
    ]));
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (dir, done) = (dir.clone(), Arc::clone(&done));
        std::thread::spawn(move || {
            let mut stopped_seen = false;
            while !done.load(Ordering::Relaxed) {
                stopped_seen |= pids(&dir).iter().any(|p| proc_state(p) == Some('T'));
                std::thread::sleep(Duration::from_millis(3));
            }
            stopped_seen
        })
    };
    let (ok, out) = run_match(&args, Duration::from_secs(60));
    done.store(true, Ordering::Relaxed);
    let stopped_seen = watcher.join().unwrap();
    assert!(ok, "{out}");
    let sm = summary(&out);
    for kind in ["illegal", "time", "crash", "not_a_move", "start", "memory"] {
        assert_eq!(sm[kind], "0", "{kind}:\n{out}");
    }
    assert!(
        stopped_seen,
        "an engine was seen stopped (SIGSTOP) while the other thought"
    );
    for p in pids(&dir) {
        assert_ne!(proc_state(&p), Some('T'), "engine {p} was left stopped");
    }
    assert_no_engine_left(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn crlf_option_sends_cr_lf_in_a_normal_match() {
    let dir = scratch("crlf");
    let mut base = fake("a", "random", &dir, "--crlf");
    base.extend(fake("b", "random", &dir, "--crlf"));
    base.extend(s(&[
        "-games",
        "2",
        "-size",
        "9",
        "-tc",
        "turn=1000",
        "match=10000",
        "-starttimeout",
        "1000",
        "-progress",
        "0",
    ]));
    let mut with = base.clone();
    with.push("-crlf".into());
    let (ok, out) = run_match(&with, Duration::from_secs(60));
    assert!(ok, "{out}");
    let sm = summary(&out);
    for kind in ["illegal", "time", "crash", "not_a_move", "start"] {
        assert_eq!(sm[kind], "0", "{kind} with -crlf:\n{out}");
    }
    // Without -crlf the same engines exit at the first LF-only line: both fail to start.
    let (ok, out) = run_match(&base, Duration::from_secs(60));
    assert!(ok, "{out}");
    assert_eq!(summary(&out)["draws"], "2", "{out}");
    assert_no_engine_left(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pbrain_rensa_passes_the_rule_selftest() {
    let Some(engine) = pbrain_rensa() else {
        eprintln!("SKIPPED: pbrain-rensa is not built and could not be built");
        return;
    };
    let dir = scratch("selftest");
    let args = s(&[
        "-selftest",
        "-engine",
        "name=rensa",
        &format!("cmd={}", engine.display()),
        "-log",
        &dir.join("log.txt").display().to_string(),
    ]);
    let (code, out) = run_match_code(&args, Duration::from_secs(60));
    eprintln!("{out}");
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(
        count(&out, "\nPASS ") + usize::from(out.starts_with("PASS ")),
        32
    );
    assert_eq!(count(&out, "FAIL "), 0, "{out}");
    assert!(
        out.contains("SELFTEST engine=rensa cases=32 passed=32 failed=0"),
        "{out}"
    );
    let log = std::fs::read_to_string(dir.join("log.txt")).unwrap();
    assert_eq!(count(&log, "# SIGSTOP"), count(&log, "# SIGCONT"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The self-test catches an engine that ignores the rule: the fake that always plays freestyle
/// passes the freestyle cases, fails (at least) standard's and renju's overline, and the run says
/// so in its exit status.
#[test]
fn a_weak_engine_fails_the_selftest() {
    let dir = scratch("selftest-fail");
    let mut args = fake("fake", "random", &dir, "--seed 3 --ruleblind");
    args.push("-selftest".into());
    let (code, out) = run_match_code(&args, Duration::from_secs(60));
    assert_eq!(code, Some(1), "{out}");
    let failed = |format: &str, case: &str| {
        out.lines()
            .any(|l| l.starts_with("FAIL") && l.contains(format) && l.contains(case))
    };
    assert!(failed("standard-15", "overline-black"), "{out}");
    assert!(failed("renju-15", "overline-black"), "{out}");
    assert!(!failed("freestyle-15", "five"), "{out}");
    assert!(out.contains("SELFTEST engine=fake cases=32"), "{out}");
    assert_no_engine_left(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pbrain_rensa_plays_every_gomocup_format_without_a_fault() {
    let Some(engine) = pbrain_rensa() else {
        eprintln!("SKIPPED: pbrain-rensa is not built and could not be built");
        return;
    };
    let dir = scratch("formats");
    let args = s(&[
        "-formats",
        "-scale",
        "1/200",
        "-engine",
        "name=rensa",
        &format!("cmd={}", engine.display()),
        "-log",
        &dir.join("log.txt").display().to_string(),
        "-sgf",
        &dir.join("sgf").display().to_string(),
    ]);
    let (code, out) = run_match_code(&args, Duration::from_secs(60));
    eprintln!("{out}");
    assert_eq!(code, Some(0), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("FORMATS "))
        .unwrap_or_else(|| panic!("no FORMATS line:\n{out}"));
    let kv: std::collections::HashMap<&str, &str> = line
        .split_whitespace()
        .filter_map(|w| w.split_once('='))
        .collect();
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
        assert!(
            out.lines()
                .any(|l| l.starts_with("OK ") && l.contains(name)),
            "{name}:\n{out}"
        );
    }
    assert_eq!(std::fs::read_dir(dir.join("sgf")).unwrap().count(), 7);
    let log = std::fs::read_to_string(dir.join("log.txt")).unwrap();
    assert!(log.contains("> INFO timeout_turn 150"), "scaled 30 s");
    assert!(
        log.contains("> INFO timeout_turn 25"),
        "scaled fastgame 5 s"
    );
    assert!(log.contains("> INFO rule 9") && log.contains("> INFO rule 8"));
    assert_eq!(count(&log, "# SIGSTOP"), count(&log, "# SIGCONT"));
    let _ = std::fs::remove_dir_all(&dir);
}
