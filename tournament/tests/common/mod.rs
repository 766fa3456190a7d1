//! Helpers shared by the integration tests: scratch folders, running `rensa-match` (and
//! `rensa-tune`) with a generous time limit, reading its JSON lines and its `SUMMARY` line,
//! fake engine command lines, checking that no engine process outlived a match, and locating
//! (or building) `pbrain-rensa`.
//!
//! No assertion may depend on how fast the machine is: honest engines get clocks they cannot
//! miss on a loaded machine (no limit at all, or [`FAULT_TC`] where a fault needs a deadline),
//! faulty engines are late by hours rather than milliseconds, and every wall-clock bound here is
//! only a guard against a hang.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use tempfile::TempDir;

pub const MATCH: &str = env!("CARGO_BIN_EXE_rensa-match");
pub const FAKE: &str = env!("CARGO_BIN_EXE_rensa-fake-engine");
pub const TUNE: &str = env!("CARGO_BIN_EXE_rensa-tune");

/// The hang guard of one `rensa-match` run: far beyond what any test needs even on a saturated
/// machine, so reaching it means the runner hung.
pub const HANG: Duration = Duration::from_secs(600);

/// The clock of a match that must detect a time loss: an honest fake answers in microseconds
/// of CPU, so 6 s per move is beyond any scheduling delay, while the oversleeping fake sleeps
/// for an hour. No game limit (`match=0`), so a long game cannot run out either.
pub const FAULT_TC: [&str; 4] = ["-tc", "turn=5000", "match=0", "tolerance=1000"];

/// No clock at all: for matches where nobody is expected to lose on time.
pub const NO_CLOCK: [&str; 3] = ["-tc", "turn=0", "match=0"];

/// A scratch folder `rensa-match-test-<name>-…` in the system's temporary directory with an
/// empty `pids/` inside (where the fakes write their pids); removed when dropped, also when the
/// test fails.
pub fn scratch(name: &str) -> TempDir {
    let d = tempfile::Builder::new()
        .prefix(&format!("rensa-match-test-{name}-"))
        .tempdir()
        .unwrap();
    std::fs::create_dir_all(d.path().join("pids")).unwrap();
    d
}

/// Runs rensa-match (panics after [`HANG`]); returns (exit ok, stdout).
pub fn run_match(args: &[String]) -> (bool, String) {
    let (code, out) = run_match_code(args);
    (code == Some(0), out)
}

/// Runs rensa-match (panics after [`HANG`]); returns (exit code, stdout).
pub fn run_match_code(args: &[String]) -> (Option<i32>, String) {
    let (code, out, _) = run_match_full(args);
    (code, out)
}

/// Runs rensa-match (panics after [`HANG`]); returns (exit code, stdout, stderr).
pub fn run_match_full(args: &[String]) -> (Option<i32>, String, String) {
    run_full(MATCH, args)
}

/// Runs `program` (rensa-match, rensa-tune; panics after [`HANG`]); returns (exit code,
/// stdout, stderr).
pub fn run_full(program: &str, args: &[String]) -> (Option<i32>, String, String) {
    let mut child = Command::new(program)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read the pipes while waiting: a long report must not block the child.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out_thread = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stdout, &mut v);
        v
    });
    let err_thread = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stderr, &mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if start.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{program} did not finish within {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = String::from_utf8_lossy(&out_thread.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_thread.join().unwrap()).into_owned();
    if !status.success() {
        eprintln!("stdout:\n{stdout}\nstderr:\n{stderr}");
    }
    (status.code(), stdout, stderr)
}

/// The `SUMMARY` line as a map.
pub fn summary(stdout: &str) -> HashMap<String, String> {
    let line = stdout
        .lines()
        .rev()
        .find(|l| l.starts_with("SUMMARY "))
        .unwrap_or_else(|| panic!("no SUMMARY in:\n{stdout}"));
    line.split_whitespace()
        .skip(1)
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// A `-json` file read back: its match line, game lines (sorted by id) and summary line.
pub struct Results {
    pub settings: Value,
    pub games: Vec<Value>,
    pub summary: Value,
}

impl Results {
    /// Every line must be one JSON object: `"type":"match"` first, `"summary"` last, `"game"` in
    /// between.
    pub fn read(path: &Path) -> Results {
        let text = std::fs::read_to_string(path).unwrap();
        let mut lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect();
        assert!(lines.len() >= 2, "{text}");
        let summary = lines.pop().unwrap();
        let settings = lines.remove(0);
        assert_eq!(settings["type"], "match", "{text}");
        assert_eq!(summary["type"], "summary", "{text}");
        assert!(lines.iter().all(|g| g["type"] == "game"), "{text}");
        lines.sort_by_key(|g| g["id"].as_u64().unwrap());
        Results {
            settings,
            games: lines,
            summary,
        }
    }

    /// The summary's figures of the engine called `name`.
    pub fn engine(&self, name: &str) -> &Value {
        self.summary["engines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .unwrap_or_else(|| panic!("no engine {name} in {}", self.summary))
    }

    /// Games the engine called `name` lost by `kind` (a `losses_by` key).
    pub fn losses(&self, name: &str, kind: &str) -> u64 {
        self.engine(name)["losses_by"][kind].as_u64().unwrap()
    }

    /// Games lost by `kind`, all engines together.
    pub fn total_losses(&self, kind: &str) -> u64 {
        self.summary["engines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["losses_by"][kind].as_u64().unwrap())
            .sum()
    }

    /// The loser of a game (`None` for a draw).
    pub fn loser(game: &Value) -> Option<&str> {
        match game["winner"].as_str()? {
            "black" => game["white"].as_str(),
            _ => game["black"].as_str(),
        }
    }
}

/// The fault kinds of the JSON `losses_by` objects.
pub const FAULTS: [&str; 7] = [
    "time",
    "illegal",
    "foul",
    "crash",
    "not-a-move",
    "start",
    "memory",
];

/// Every pid the fake engines wrote must be gone: killed, and reaped by rensa-match (its
/// engines) or by init (processes the engines started, orphaned when they were killed). A
/// SIGKILL takes effect when the killed process next runs, which on a loaded machine may be a
/// while after rensa-match has exited, so each pid gets up to a minute to go; a zombie runs no
/// more and counts as gone. A process that is still alive after that was never killed: the fakes
/// that sleep do so for an hour.
pub fn assert_no_engine_left(dir: &Path) {
    let pids = pids(dir);
    assert!(!pids.is_empty(), "the fake engines wrote no pids");
    if !Path::new("/proc/self").exists() {
        return;
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    for pid in pids {
        loop {
            match proc_state(&pid) {
                None | Some('Z') => break,
                Some(st) if Instant::now() > deadline => {
                    panic!("engine process {pid} is still there (state {st})")
                }
                Some(_) => std::thread::sleep(Duration::from_millis(20)),
            }
        }
    }
}

/// The pids the fakes wrote into `dir/pids`.
pub fn pids(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir.join("pids"))
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The state letter of `/proc/<pid>/stat` (`R`, `S`, `T` stopped, `Z` …).
pub fn proc_state(pid: &str) -> Option<char> {
    let stat = std::fs::read_to_string(Path::new("/proc").join(pid).join("stat")).ok()?;
    stat[stat.rfind(')')? + 1..].trim_start().chars().next()
}

pub fn fake(name: &str, mode: &str, dir: &Path, extra: &str) -> Vec<String> {
    vec![
        "-engine".into(),
        format!("name={name}"),
        format!(
            "cmd={FAKE} {mode} --piddir {} {extra}",
            dir.join("pids").display()
        ),
    ]
}

pub fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

/// `-json PATH` (and friends): an option and a path inside the scratch folder.
pub fn opt_path(opt: &str, dir: &Path, name: &str) -> Vec<String> {
    vec![opt.to_string(), dir.join(name).display().to_string()]
}

/// Two `pbrain-rensa` engines `rensa-a` and `rensa-b` searching `nodes` nodes a move, and a
/// clock they cannot miss (a minute a move, ten to start: it only guards against a hang), so
/// every move is the same search however loaded the machine is.
pub fn node_limited_rensa(engine: &Path, nodes: u64) -> Vec<String> {
    let cmd = format!("cmd={}", engine.display());
    let info = format!("info=max_node:{nodes}");
    let mut args = Vec::new();
    for name in ["name=rensa-a", "name=rensa-b"] {
        args.extend(s(&["-engine", name, &cmd, &info]));
    }
    args.extend(s(&[
        "-tc",
        "turn=60000",
        "match=0",
        "tolerance=1000",
        "-starttimeout",
        "600000",
    ]));
    args
}

/// `pbrain-rensa` next to this test's target directory (`target/<profile>/`), built on demand:
/// `cargo test` at the workspace root builds it anyway; `cargo test -p rensa-tournament` does not.
pub fn pbrain_rensa() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let profile_dir = exe.parent()?.parent()?.to_path_buf(); // target/<profile>/deps/this → target/<profile>
    let bin = profile_dir.join(format!("pbrain-rensa{}", std::env::consts::EXE_SUFFIX));
    if bin.exists() {
        return Some(bin);
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "-p", "rensa", "--bin", "pbrain-rensa"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if profile_dir.file_name()? == "release" {
        cmd.arg("--release");
    }
    eprintln!("building pbrain-rensa for the self-play test");
    let ok = cmd.status().map(|s| s.success()).unwrap_or(false);
    (ok && bin.exists()).then_some(bin)
}
