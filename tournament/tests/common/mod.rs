//! Helpers shared by the integration tests: running `rensa-match` with a time limit, reading its
//! `SUMMARY` line, fake engine command lines, checking that no engine process outlived a match,
//! and locating (or building) `pbrain-rensa`.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub const MATCH: &str = env!("CARGO_BIN_EXE_rensa-match");
pub const FAKE: &str = env!("CARGO_BIN_EXE_rensa-fake-engine");

pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rensa-match-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("pids")).unwrap();
    d
}

/// Runs rensa-match with a hard time limit; returns (exit ok, stdout).
pub fn run_match(args: &[String], limit: Duration) -> (bool, String) {
    let (code, out) = run_match_code(args, limit);
    (code == Some(0), out)
}

/// Runs rensa-match with a hard time limit; returns (exit code, stdout).
pub fn run_match_code(args: &[String], limit: Duration) -> (Option<i32>, String) {
    let mut child = Command::new(MATCH)
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
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("rensa-match did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = String::from_utf8_lossy(&out_thread.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_thread.join().unwrap()).into_owned();
    if !status.success() {
        eprintln!("stdout:\n{stdout}\nstderr:\n{stderr}");
    }
    (status.code(), stdout)
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

/// Every pid the fake engines wrote must be gone: killed, and reaped by rensa-match (its engines)
/// or by init (processes the engines started, orphaned when they were killed). rensa-match has
/// exited by the time this runs, so a zombie left is an orphan that init has not reaped yet
/// (slow under load): it runs no more and counts as gone. Only a live process fails.
pub fn assert_no_engine_left(dir: &Path) {
    let pids: Vec<String> = std::fs::read_dir(dir.join("pids"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!pids.is_empty(), "the fake engines wrote no pids");
    if !Path::new("/proc/self").exists() {
        return;
    }
    let state = |pid: &str| -> Option<char> {
        let stat = std::fs::read_to_string(Path::new("/proc").join(pid).join("stat")).ok()?;
        stat[stat.rfind(')')? + 1..].trim_start().chars().next()
    };
    for pid in pids {
        match state(&pid) {
            None | Some('Z') => {}
            Some(st) => panic!("engine process {pid} is still there (state {st})"),
        }
    }
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
