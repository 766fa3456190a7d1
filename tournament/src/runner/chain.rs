//! `rensa-match chain FILE…`: the `-json` files of several runs of one comparison read as one
//! sequential test. A run capped before its SPRT decided can go on in a new run on fresh
//! openings; the chain counts the runs' games one after another (each run's in the order they
//! ended, as its own SPRT counted them) and tells where the first pairing's LLR over all the
//! complete pairs so far first crossed a bound. The runs must match the first one in engine
//! names, pairings, rule, size and time; their openings, lengths, SPRTs and the engines'
//! commands (the same programs moved or renamed) may differ.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use crate::runner::merge::config_of;
use crate::runner::record::{self, RunLog};
use crate::runner::schedule::pairings;
use crate::runner::stats::{elo_with_error, SprtParams, Verdict, Wld};
use crate::runner::tally::Tally;

/// Where the chained test stands after some games.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Games counted, over all the runs so far.
    pub games: usize,
    /// The first engine's games of the first pairing.
    pub wld: Wld,
    /// Its complete opening pairs scoring 0, ½, 1, 1½, 2.
    pub penta: [u64; 5],
    pub llr: f64,
}

/// The chain read: the state after each run, and where the LLR first crossed a bound.
#[derive(Clone, Debug, PartialEq)]
pub struct Chain {
    pub sprt: SprtParams,
    /// Per file: its name and the chain's state after its last game.
    pub runs: Vec<(String, Point)>,
    /// The first crossing: the verdict, the file, the game's place in that file, the state.
    pub crossed: Option<(Verdict, String, usize, Point)>,
}

/// Reads the files in order and chains them; `sprt` overrides the first run's SPRT.
pub fn chain(files: &[PathBuf], sprt: Option<SprtParams>) -> Result<Chain> {
    chain_logs(&record::read_runs(files)?, sprt)
}

/// Chains the logs read from the files named with them.
pub fn chain_logs(logs: &[(&Path, RunLog)], sprt: Option<SprtParams>) -> Result<Chain> {
    let Some((first_path, first)) = logs.first() else {
        bail!("chain needs at least one -json file");
    };
    let cfg = config_of(&first.header)?;
    let Some(sprt) = sprt.or(cfg.sprt) else {
        bail!("{} has no SPRT: give one with -sprt", first_path.display());
    };
    let pairs = pairings(cfg.engines.len(), cfg.mode);
    let names: Vec<String> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    // The first pairing's counts of the runs before this one, and the state with a run's own
    // counts added.
    let mut done = (Wld::default(), [0u64; 5]);
    let point = |games, (wld, penta): &(Wld, [u64; 5]), tally: &Tally| {
        let ps = &tally.pairings[0];
        let mut wld = *wld;
        wld.add(&ps.wld);
        let penta: [u64; 5] = std::array::from_fn(|i| penta[i] + ps.penta[i]);
        let llr = sprt.llr(&[wld.losses, wld.draws, wld.wins], &penta);
        Point {
            games,
            wld,
            penta,
            llr,
        }
    };
    let (mut games, mut runs, mut crossed) = (0, Vec::new(), None);
    for (path, log) in logs {
        let p = path.display().to_string();
        let (h, f) = (&log.header, &first.header);
        // The engines' commands, the openings, the length and the SPRT may differ.
        let names_differ = !h
            .engines
            .iter()
            .map(|e| &e.name)
            .eq(f.engines.iter().map(|e| &e.name));
        let ignored = ["engines", "games", "sprt", "openings", "protocol", "shard"];
        let key = if names_differ {
            Some("engines".to_string())
        } else {
            record::first_difference(h, f, &ignored)
        };
        if let Some(key) = key {
            bail!(
                "{p} is not the comparison of {}: their \"{key}\" differs",
                first_path.display()
            );
        }
        if log.header.shard.is_some() {
            bail!("{p} is one shard of a run: merge the shards first (rensa-match merge)");
        }
        let mut tally = Tally::new(names.len(), &pairs);
        let mut seen = std::collections::HashSet::new();
        for (k, g) in log.games.iter().enumerate() {
            if !seen.insert(g.id) {
                bail!("{p}: game {} twice", g.id);
            }
            tally
                .record_json(&pairs, &names, g)
                .map_err(|e| anyhow::anyhow!("{p}: {e}"))?;
            games += 1;
            if crossed.is_none() {
                let now = point(games, &done, &tally);
                let verdict = sprt.verdict(now.llr);
                if verdict != Verdict::Continue {
                    crossed = Some((verdict, p.clone(), k + 1, now));
                }
            }
        }
        let end = point(games, &done, &tally);
        done = (end.wld, end.penta);
        runs.push((p, end));
    }
    Ok(Chain {
        sprt,
        runs,
        crossed,
    })
}

/// One line of a state: games, W-L-D, Elo, pairs and LLR.
fn describe(pt: &Point) -> String {
    let (elo, err) = elo_with_error(&pt.wld);
    format!(
        "games {}  W-L-D {}-{}-{}  Elo {elo:+.1} ±{err:.1}  pairs {:?}  LLR {:.3}",
        pt.games, pt.wld.wins, pt.wld.losses, pt.wld.draws, pt.penta, pt.llr
    )
}

/// The report: the state after each run, then the verdict.
pub fn report(c: &Chain) -> String {
    let (lo, hi) = c.sprt.bounds();
    let mut out = format!(
        "SPRT elo0={} elo1={} alpha={} beta={} ({:?}) over the runs in order, bounds [{lo:.3}, {hi:.3}]\n",
        c.sprt.elo0, c.sprt.elo1, c.sprt.alpha, c.sprt.beta, c.sprt.model
    );
    for (file, pt) in &c.runs {
        out += &format!("after {file}: {}\n", describe(pt));
    }
    match &c.crossed {
        Some((v, file, k, pt)) => {
            out += &format!("{} at game {k} of {file}: {}\n", v.name(), describe(pt))
        }
        None => out += "undecided\n",
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::merge::tests::{game_won as game, header};
    use crate::runner::record::GameJson;

    fn log(openings: &str, games: Vec<GameJson>) -> RunLog {
        let mut header = header(None);
        header.openings = Some(openings.into());
        RunLog {
            header,
            games,
            summary: None,
            cut: false,
        }
    }

    /// Two even runs (pairs won and lost in turn) decide nothing; a third run of won pairs
    /// carries the chain over H1 after 13 pairs, counted over all three runs' pairs, where
    /// alone it would have crossed after 4 (SPRT [0, 100]).
    #[test]
    fn the_llr_runs_on_across_the_runs() {
        let even = (1..=16)
            .map(|id| game(id, (id - 1) / 2 % 2 == 0))
            .collect::<Vec<_>>();
        let won = (1..=40).map(|id| game(id, true)).collect::<Vec<_>>();
        let (one, two, three) = (Path::new("one"), Path::new("two"), Path::new("three"));
        let logs = [
            (one, log("random=2 seed=1", even.clone())),
            (two, log("random=2 seed=2", even)),
            (three, log("random=2 seed=3", won)),
        ];
        let c = chain_logs(&logs, None).unwrap();
        assert_eq!(c.runs[1].1.penta, [8, 0, 0, 0, 8]);
        assert!(c.runs[1].1.llr < 0.0 && c.runs[1].1.llr > c.sprt.bounds().0);
        assert_eq!(
            (c.runs[2].1.games, c.runs[2].1.penta),
            (72, [8, 0, 0, 0, 28])
        );
        let (verdict, file, k, pt) = c.crossed.clone().expect("crossed");
        assert_eq!(
            (verdict, file.as_str(), k),
            (Verdict::AcceptH1, "three", 26)
        );
        assert_eq!((pt.games, pt.penta), (58, [8, 0, 0, 0, 21]));
        assert!(pt.llr >= c.sprt.bounds().1);
        let alone = chain_logs(&logs[2..], None).unwrap();
        assert_eq!(alone.crossed.unwrap().2, 8);
        assert!(report(&c).contains("H1 at game 26 of three"));
    }

    #[test]
    fn runs_of_another_comparison_are_refused() {
        let mut moved = log("random=2 seed=2", vec![game(1, false)]);
        moved.header.engines[0].cmd = vec!["/elsewhere/a".into()];
        let logs = [
            (
                Path::new("one"),
                log("random=2 seed=1", vec![game(1, false)]),
            ),
            (Path::new("two"), moved),
        ];
        assert!(
            chain_logs(&logs, None).is_ok(),
            "the same engine's program moved"
        );
        let mut other = log("random=2 seed=2", vec![game(1, false)]);
        other.header.size = 15;
        let logs = [
            (
                Path::new("one"),
                log("random=2 seed=1", vec![game(1, false)]),
            ),
            (Path::new("two"), other),
        ];
        let e = chain_logs(&logs, None).unwrap_err().to_string();
        assert!(e.contains("\"size\" differs"), "{e}");
        let twice = log("random=2 seed=1", vec![game(1, true), game(1, true)]);
        assert!(chain_logs(&[(Path::new("one"), twice)], None).is_err());
        let mut no_sprt = log("random=2 seed=1", vec![]);
        no_sprt.header.sprt = None;
        assert!(chain_logs(&[(Path::new("one"), no_sprt.clone())], None).is_err());
        let given = SprtParams::default();
        let c = chain_logs(&[(Path::new("one"), no_sprt)], Some(given)).unwrap();
        assert_eq!(c.runs[0].1.games, 0);
        assert!(c.crossed.is_none());
    }
}
