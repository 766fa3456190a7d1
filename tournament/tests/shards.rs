//! Sharded runs end to end: the shards of a match merged by `rensa-match merge` are the match
//! played without shards, game for game and in every total (with seeded fakes in fresh
//! processes, and with node-limited `pbrain-rensa`); merge refuses files of other runs and a
//! shard given twice, counts the finished games of a killed shard, and `-resume` completes it;
//! the shards of `rensa-train generate` together write the positions of the unsharded run.

mod common;

use std::path::Path;

use common::*;
use serde_json::Value;

/// A match between two seeded random fakes in fresh processes (so each game depends on its
/// opening alone), 12 games over 6 openings, with an SPRT that cannot decide in so few.
fn fake_match(d: &Path, extra: &[&str]) -> Vec<String> {
    let mut args = fake("a", "random", d, "--seed 11");
    args.extend(fake("b", "random", d, "--seed 22"));
    args.extend(s(&[
        "-games",
        "12",
        "-size",
        "9",
        "-fresh",
        "-openings",
        "random=2",
        "seed=5",
        "-sprt",
        "elo0=0",
        "elo1=5",
        "-concurrency",
        "2",
        "-progress",
        "0",
    ]));
    args.extend(s(&NO_CLOCK));
    args.extend(s(extra));
    args
}

/// The report of a run or a merge: the lines from `Finished` on, the elapsed time left out.
fn report(stdout: &str) -> Vec<String> {
    let start = stdout
        .lines()
        .position(|l| l.starts_with("Finished "))
        .unwrap_or_else(|| panic!("no report in:\n{stdout}"));
    stdout
        .lines()
        .skip(start)
        .map(|l| match l.split_once(" in ") {
            Some((a, b)) if l.starts_with("Finished ") => {
                format!("{a} in _{}", &b[b.find(' ').unwrap_or(b.len())..])
            }
            _ => l.to_string(),
        })
        .collect()
}

/// A game line without what the clock decides: the engines, opening, result and cells.
fn game_key(g: &Value) -> String {
    let cells: Vec<(u64, u64)> = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m[0].as_u64().unwrap(), m[1].as_u64().unwrap()))
        .collect();
    format!(
        "{} {} {} {} {} {} {cells:?}",
        g["id"], g["black"], g["white"], g["opening"], g["result"], g["reason"]
    )
}

fn games_of(path: &Path) -> Vec<String> {
    Results::read(path).games.iter().map(game_key).collect()
}

fn merge(files: &[std::path::PathBuf], extra: &[&str]) -> (Option<i32>, String, String) {
    let mut args = vec!["merge".to_string()];
    args.extend(files.iter().map(|p| p.display().to_string()));
    args.extend(s(extra));
    run_match_full(&args)
}

#[test]
fn three_shards_merged_are_the_run_without_shards() {
    let dir = scratch("shards");
    let d = dir.path();
    let mut whole = fake_match(d, &[]);
    whole.extend(opt_path("-json", d, "whole.jsonl"));
    let (ok, whole_out) = run_match(&whole);
    assert!(ok, "{whole_out}");
    let mut shards = Vec::new();
    for i in 1..=3 {
        let name = format!("shard{i}.jsonl");
        let mut args = fake_match(d, &["-shard", &format!("{i}/3")]);
        args.extend(opt_path("-json", d, &name));
        let (ok, out) = run_match(&args);
        assert!(ok, "{out}");
        assert_eq!(summary(&out)["games"], "4", "two openings a shard:\n{out}");
        let r = Results::read(&d.join(&name));
        assert_eq!(r.settings["shard"]["index"], i);
        assert_eq!(r.settings["shard"]["games"], 4);
        assert_eq!(r.settings["games"], 12, "the whole run's games");
        // Rounds i-1 and i+2: both colours of an opening stay in one shard.
        let ids: Vec<u64> = r.games.iter().map(|g| g["id"].as_u64().unwrap()).collect();
        let first = 2 * (i - 1) + 1;
        assert_eq!(ids, [first, first + 1, first + 6, first + 7], "shard {i}");
        shards.push(d.join(name));
    }
    let merged = d.join("merged.jsonl");
    let (code, out, err) = merge(&shards, &["-json", &merged.display().to_string()]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.starts_with("merge: 3 file(s), shard(s) 1, 2, 3 of 3: 12 games of 12 planned\n"),
        "{out}"
    );
    assert_eq!(report(&out), report(&whole_out), "{out}\n{whole_out}");
    assert!(out.contains("SPRT elo0=0 elo1=5"), "{out}");
    assert_eq!(games_of(&merged), games_of(&d.join("whole.jsonl")));
    let (w, m) = (
        Results::read(&d.join("whole.jsonl")),
        Results::read(&merged),
    );
    assert_eq!(w.summary["pairings"], m.summary["pairings"]);
    assert_eq!(w.summary["sprt"], m.summary["sprt"]);
    assert_eq!(w.settings, m.settings, "the merged file is the run's");

    // A shard of another run (other openings), a shard twice, a game twice: refused.
    let mut other = fake_match(d, &["-shard", "3/3", "-openings", "random=2", "seed=6"]);
    other.extend(opt_path("-json", d, "other.jsonl"));
    assert!(run_match(&other).0);
    let refused = |files: &[std::path::PathBuf], want: &str| {
        let (code, out, err) = merge(files, &[]);
        assert_eq!(code, Some(2), "{out}{err}");
        assert!(err.contains(want), "{want}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    };
    let (s1, s2) = (shards[0].clone(), shards[1].clone());
    refused(
        &[s1.clone(), s2.clone(), d.join("other.jsonl")],
        "\"openings\" differs",
    );
    refused(&[s1.clone(), s2.clone(), s1.clone()], "shard 1/3 twice");
    refused(&[s1.clone(), d.join("whole.jsonl")], "not one split");
    refused(
        &[d.join("whole.jsonl"), d.join("whole.jsonl")],
        "both hold the whole run",
    );
    refused(&[d.join("nothing.jsonl")], "nothing.jsonl");

    // Shard 2 killed after its first opening (its last games and summary lost, the last line
    // cut in the middle): merge counts the finished games and says what is missing...
    let text = std::fs::read_to_string(&s2).unwrap();
    let id = |l: &str| serde_json::from_str::<Value>(l).unwrap()["id"].as_u64();
    let mut killed: Vec<&str> = text
        .lines()
        .filter(|l| matches!(id(l), None | Some(3 | 4)) && !l.contains("\"summary\""))
        .collect();
    assert_eq!(killed.len(), 3, "{text}");
    let last = text.lines().find(|l| id(l) == Some(9)).unwrap();
    killed.push(&last[..20]);
    std::fs::write(&s2, killed.join("\n")).unwrap();
    let (code, out, err) = merge(&shards, &[]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("10 games of 12 planned"), "{out}");
    assert!(out.contains("missing 2 games: 9, 10"), "{out}");
    assert!(out.contains("last line is cut short"), "{out}");
    assert_eq!(summary(&out)["games"], "10", "{out}");
    // ... and the shard run again with -resume plays only those two: the merge is whole again.
    let mut resume = fake_match(d, &["-shard", "2/3", "-resume"]);
    resume.extend(opt_path("-json", d, "shard2.jsonl"));
    let (ok, out) = run_match(&resume);
    assert!(ok, "{out}");
    let again: Vec<String> = Results::read(&s2).games.iter().map(game_key).collect();
    assert_eq!(again.len(), 4, "{out}");
    let (code, out, _) = merge(&shards, &[]);
    assert_eq!(code, Some(0));
    assert_eq!(report(&out), report(&whole_out), "{out}");
    // Resuming into another run's file is refused and leaves the file as it was.
    let mut wrong = fake_match(d, &["-shard", "1/3", "-resume"]);
    wrong.extend(opt_path("-json", d, "shard2.jsonl"));
    let (code, _, err) = run_match_full(&wrong);
    assert_eq!(code, Some(2));
    assert!(err.contains("\"shard\" differs"), "{err}");
    assert_eq!(Results::read(&s2).games.len(), 4);
    assert_no_engine_left(d);
}

#[test]
fn pbrain_rensa_shards_merged_are_the_run_without_shards() {
    let Some(engine) = pbrain_rensa() else {
        eprintln!("SKIPPED: pbrain-rensa is not built and could not be built");
        return;
    };
    let dir = scratch("rensa-shards");
    let d = dir.path();
    // Node-limited searches in fresh processes: every game depends on its opening alone.
    let run = |extra: &[&str], json: &str| {
        let mut args = node_limited_rensa(&engine, 1500);
        args.extend(s(&[
            "-games",
            "6",
            "-fresh",
            "-concurrency",
            "2",
            "-openings",
            "random=3",
            "seed=3",
            "-progress",
            "0",
        ]));
        args.extend(s(extra));
        args.extend(opt_path("-json", d, json));
        let (ok, out) = run_match(&args);
        assert!(ok, "{out}");
        out
    };
    let whole = run(&[], "whole.jsonl");
    let files: Vec<_> = (1..=3)
        .map(|i| {
            let name = format!("s{i}.jsonl");
            run(&["-shard", &format!("{i}/3")], &name);
            d.join(name)
        })
        .collect();
    let merged = d.join("merged.jsonl");
    let (code, out, err) = merge(&files, &["-json", &merged.display().to_string()]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(report(&out), report(&whole), "{out}\n{whole}");
    assert_eq!(games_of(&merged), games_of(&d.join("whole.jsonl")));
}

#[test]
fn generate_shards_write_the_positions_of_the_run_without_shards() {
    let dir = tempfile::tempdir().unwrap();
    let train = env!("CARGO_BIN_EXE_rensa-train");
    let generate = |out: &Path, extra: &[&str]| {
        let mut args = s(&[
            "generate",
            "-out",
            out.to_str().unwrap(),
            "-games",
            "5",
            "-nodes",
            "1000",
            "-concurrency",
            "1",
        ]);
        args.extend(s(extra));
        let (code, stdout, stderr) = run_full(train, &args);
        assert_eq!(code, Some(0), "{stdout}{stderr}");
        stdout
    };
    let whole = dir.path().join("whole.bin");
    generate(&whole, &[]);
    let mut parts = Vec::new();
    for i in 1..=3 {
        let p = dir.path().join(format!("part{i}.bin"));
        let out = generate(&p, &["-shard", &format!("{i}/3")]);
        let games = if i < 3 { 2 } else { 1 };
        assert!(out.contains(&format!("done: {games} games")), "{out}");
        parts.push(p);
    }
    let merged = dir.path().join("merged.bin");
    let data = parts
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(",");
    let (code, out, err) = run_full(
        train,
        &s(&["merge", "-data", &data, "-out", merged.to_str().unwrap()]),
    );
    assert_eq!(code, Some(0), "{out}{err}");
    use rensa_tournament::train::dataset;
    let sorted = |p: &Path| {
        let (recs, cut) = dataset::read(p).unwrap();
        assert_eq!(cut, 0);
        let mut keys: Vec<String> = recs.iter().map(|r| format!("{r:?}")).collect();
        keys.sort();
        keys
    };
    let (w, m) = (sorted(&whole), sorted(&merged));
    assert!(!w.is_empty());
    assert_eq!(w, m, "the same positions, scores and results");
    // A file of another format version is refused, by name.
    let v3 = dir.path().join("v3.bin");
    std::fs::write(&v3, b"RNSD\x03\0\0\0").unwrap();
    let data = format!("{},{}", merged.display(), v3.display());
    let out2 = dir.path().join("m2.bin");
    let (code, _, err) = run_full(
        train,
        &s(&["merge", "-data", &data, "-out", out2.to_str().unwrap()]),
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("v3.bin") && err.contains("version 3"), "{err}");
}
