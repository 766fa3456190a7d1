//! `rensa-match merge FILE…`: the `-json` files of the shards of one run (or of runs stopped
//! half-way) read as that run. Every file must be of the same run: the same match line but for
//! `shard` (engines, settings, openings and their seed, games planned), shards of one count,
//! none twice, no game twice, every game one of its shard's. The games are counted in the order
//! of their numbers, as one run with one worker counts them, so the totals, Elo, pentanomial
//! counts and SPRT state are those one run prints ([`crate::runner::report`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::common::engine::EngineSpec;
use crate::common::game::{GameSettings, InfoOrder};
use crate::common::opening::OpeningSource;
use crate::common::shard::Shard;
use crate::runner::output::Output;
use crate::runner::record::{self, GameJson, JsonLine, MatchJson, RunLog, SprtJson};
use crate::runner::schedule::{pairings, Mode, Schedule};
use crate::runner::stats::{SprtModel, SprtParams, Verdict};
use crate::runner::tally::{sprt_step, Tally};
use crate::runner::{summary_json, MatchConfig, MatchResult};

/// The merged run.
#[derive(Debug)]
pub struct Merged {
    /// The run's configuration as far as its report needs it (see [`config_of`]).
    pub cfg: MatchConfig,
    pub result: MatchResult,
    /// The match line of the whole run (no `shard`).
    pub header: MatchJson,
    /// Every game, by number.
    pub games: Vec<GameJson>,
    /// What the merge found, for the lines before the report: the files, missing games, cut
    /// lines, where an SPRT verdict came.
    pub notes: Vec<String>,
}

/// Writes the merged run as one run's `-json` file: the match line (no `shard`), the games by
/// number, the summary.
pub fn write_json(m: &Merged, path: &Path) -> Result<()> {
    let out = Output::create(None, None, Some(path))?;
    out.line(&JsonLine::Match(m.header.clone()))?;
    for g in &m.games {
        out.line(&JsonLine::Game(g.clone()))?;
    }
    out.line(&JsonLine::Summary(summary_json(&m.cfg, &m.result)))
}

/// Reads and merges `files` (at least one).
pub fn merge(files: &[PathBuf]) -> Result<Merged> {
    merge_logs(&record::read_runs(files)?)
}

/// The shard a file says it is.
fn shard_of(log: &RunLog) -> Shard {
    log.header.shard.map_or(Shard::ALL, |s| Shard {
        index: s.index.saturating_sub(1),
        count: s.count,
    })
}

/// Merges the logs read from the files named with them.
pub fn merge_logs(logs: &[(&Path, RunLog)]) -> Result<Merged> {
    let Some((first_path, first)) = logs.first() else {
        bail!("merge needs at least one -json file");
    };
    let mut header = first.header.clone();
    header.shard = None;
    let cfg = config_of(&header)?;
    let pairs = pairings(cfg.engines.len(), cfg.mode);
    let count = shard_of(first).count;
    let mut shards: BTreeMap<usize, &Path> = BTreeMap::new();
    let mut by_id: BTreeMap<usize, (&GameJson, &Path)> = BTreeMap::new();
    let mut notes = Vec::new();
    for (path, log) in logs {
        let (p, fp) = (path.display(), first_path.display());
        if let Some(k) = record::first_difference(&log.header, &first.header, &["shard"]) {
            bail!("{p} is not of the run of {fp}: their \"{k}\" differs");
        }
        let shard = shard_of(log);
        if shard.count != count || shard.count == 0 || shard.index >= shard.count {
            bail!(
                "{p} is shard {shard} and {fp} shard {}: not one split",
                shard_of(first)
            );
        }
        if let Some(other) = shards.insert(shard.index, path) {
            if count == 1 {
                bail!(
                    "{} and {p} both hold the whole run (no -shard): nothing to merge",
                    other.display()
                );
            }
            bail!(
                "shard {shard} twice: {} and {p} (resume a killed shard into its own file with -resume)",
                other.display()
            );
        }
        let schedule = Schedule::new(pairs.clone(), header.games).with_shard(shard);
        for g in &log.games {
            if !(g.id >= 1 && schedule.owns(g.id - 1)) {
                bail!("{p}: game {} is not one of shard {shard}'s", g.id);
            }
            if let Some((_, other)) = by_id.insert(g.id, (g, path)) {
                bail!("game {} twice: in {} and in {p}", g.id, other.display());
            }
        }
        if log.cut {
            notes.push(format!("{p}: its last line is cut short: left out"));
        }
        if log.summary.is_none() {
            notes.push(format!(
                "{p}: no summary line (stopped before its end): its {} finished games count",
                log.games.len()
            ));
        }
    }
    let names: Vec<String> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    let mut tally = Tally::new(cfg.engines.len(), &pairs);
    let mut sprt = None;
    let mut verdict_at = None;
    for (id, (g, path)) in &by_id {
        tally
            .record_json(&pairs, &names, g)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        if let Some(p) = &cfg.sprt {
            let state = sprt_step(p, sprt, &tally);
            if state.1 != Verdict::Continue && verdict_at.is_none() {
                verdict_at = Some(*id);
            }
            sprt = Some(state);
        }
    }
    let listed: Vec<String> = shards.keys().map(|i| (i + 1).to_string()).collect();
    let of_total = header
        .games
        .map_or(String::new(), |t| format!(" of {t} planned"));
    notes.insert(
        0,
        format!(
            "merge: {} file(s), shard(s) {} of {count}: {} games{of_total}",
            logs.len(),
            listed.join(", "),
            by_id.len()
        ),
    );
    if let Some(t) = header.games {
        let missing: Vec<String> = (1..=t)
            .filter(|id| !by_id.contains_key(id))
            .map(|id| id.to_string())
            .collect();
        if !missing.is_empty() {
            let shown = missing.iter().take(20).cloned().collect::<Vec<_>>();
            let more = missing.len().saturating_sub(shown.len());
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            notes.push(format!(
                "missing {} games: {}{more}",
                missing.len(),
                shown.join(", ")
            ));
        }
    }
    if let (Some(at), Some(last)) = (verdict_at, by_id.keys().next_back()) {
        if at < *last {
            notes.push(format!(
                "SPRT: the verdict came with game {at} (one run would have stopped there); \
                 the games after it are counted but do not change it"
            ));
        }
    }
    // The longest shard's time: the run's wall time when the shards ran side by side.
    let elapsed = logs
        .iter()
        .filter_map(|(_, l)| l.summary.as_ref().map(|s| s.elapsed_s))
        .fold(0.0, f64::max);
    Ok(Merged {
        cfg,
        result: MatchResult {
            tally,
            sprt,
            elapsed: Duration::from_secs_f64(elapsed.max(0.0)),
        },
        header,
        games: by_id.into_values().map(|(g, _)| g.clone()).collect(),
        notes,
    })
}

/// The configuration a match line describes, as far as the report and the summary need it:
/// engines, pairings, settings and SPRT. The openings are only described in the line, so the
/// configuration holds none (nothing is played from it).
pub fn config_of(h: &MatchJson) -> Result<MatchConfig> {
    let engines: Vec<EngineSpec> = h
        .engines
        .iter()
        .map(|e| EngineSpec {
            name: e.name.clone(),
            cmd: e.cmd.clone(),
            dir: PathBuf::from(&e.dir),
            info: e.info.clone(),
        })
        .collect();
    let names = |pairs: &[(usize, usize)]| -> Vec<[String; 2]> {
        pairs
            .iter()
            .map(|&(a, b)| [engines[a].name.clone(), engines[b].name.clone()])
            .collect()
    };
    let Some(mode) = [Mode::Gauntlet, Mode::RoundRobin]
        .into_iter()
        .find(|&m| engines.len() >= 2 && names(&pairings(engines.len(), m)) == h.pairings)
    else {
        bail!("the match line's pairings are neither a gauntlet nor a round robin of its engines");
    };
    let rule = rensa::types::Rule::ALL
        .into_iter()
        .find(|r| r.code() == h.rule)
        .with_context(|| format!("unknown rule {}", h.rule))?;
    let tc = crate::common::game::TimeControl {
        turn_ms: h.time.turn_ms,
        match_ms: h.time.match_ms,
        tolerance_ms: h.time.tolerance_ms,
    };
    let mut settings = GameSettings::new(h.size, rule, tc);
    settings.draw_after = h.draw_after;
    settings.judge = h.judge;
    if let Some(p) = &h.protocol {
        settings.max_memory = p.max_memory;
        settings.send_board = p.send_board;
        settings.fresh = p.fresh;
        settings.crlf = p.crlf;
        settings.move_delay = Duration::from_millis(p.move_delay_ms);
        settings.start_timeout = Duration::from_millis(p.start_timeout_ms);
        settings.info_order = [InfoOrder::Both, InfoOrder::Gomocup, InfoOrder::Fishtest]
            .into_iter()
            .find(|o| o.name() == p.info_order)
            .unwrap_or(InfoOrder::Both);
    }
    let pairs = pairings(engines.len(), mode).len();
    Ok(MatchConfig {
        engines,
        mode,
        games: h.games.map(|t| t / pairs),
        concurrency: 1,
        settings,
        openings: OpeningSource::List(Vec::new()),
        sprt: h.sprt.as_ref().map(sprt_of).transpose()?,
        sgf_dir: None,
        psq_dir: None,
        json: None,
        log: None,
        progress_interval: Duration::from_secs(10),
        shard: Shard::ALL,
        resume: false,
    })
}

fn sprt_of(s: &SprtJson) -> Result<SprtParams> {
    let model = match s.model.as_str() {
        "pentanomial" => SprtModel::Pentanomial,
        "trinomial" => SprtModel::Trinomial,
        m => bail!("unknown SPRT model {m:?}"),
    };
    Ok(SprtParams {
        elo0: s.elo0,
        elo1: s.elo1,
        alpha: s.alpha,
        beta: s.beta,
        model,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::runner::record::{EngineJson, ShardJson, TimeJson};

    /// The match line of a test run of `a` against `b` on 9×9 (`chain`'s tests use it too).
    pub(crate) fn header(shard: Option<ShardJson>) -> MatchJson {
        let engine = |name: &str| EngineJson {
            name: name.into(),
            cmd: vec![format!("./{name}")],
            dir: ".".into(),
            info: Vec::new(),
        };
        MatchJson {
            rule: 0,
            rule_name: "freestyle".into(),
            size: 9,
            time: TimeJson {
                turn_ms: 0,
                match_ms: 0,
                tolerance_ms: 0,
            },
            draw_after: 81,
            judge: false,
            engines: vec![engine("a"), engine("b")],
            pairings: vec![["a".into(), "b".into()]],
            games: Some(40),
            sprt: Some(SprtJson {
                elo0: 0.0,
                elo1: 100.0,
                alpha: 0.05,
                beta: 0.05,
                model: "pentanomial".into(),
                lower: -2.9444,
                upper: 2.9444,
                llr: None,
                verdict: None,
            }),
            openings: Some("random=2 radius=3 seed=1".into()),
            protocol: None,
            shard,
        }
    }

    /// Game `id` of the run, won by `a` with either colour.
    fn game(id: usize) -> GameJson {
        game_won(id, true)
    }

    /// Game `id` of the run, won by `a` (else by `b`) with either colour.
    pub(crate) fn game_won(id: usize, a_wins: bool) -> GameJson {
        let swapped = (id - 1) % 2 == 1;
        let (black, white) = if swapped { ("b", "a") } else { ("a", "b") };
        let black_wins = a_wins != swapped;
        GameJson {
            id,
            black: black.into(),
            white: white.into(),
            size: 9,
            rule: 0,
            opening: "e5".into(),
            result: if black_wins { "1-0" } else { "0-1" }.into(),
            winner: Some(if black_wins { "black" } else { "white" }.into()),
            reason: "five".into(),
            detail: String::new(),
            moves: vec![(4, 5, 3), (5, 5, 4)],
            peak_memory: [0; 2],
            over_limit: [0; 2],
        }
    }

    fn shard_log(index: usize) -> RunLog {
        RunLog {
            header: header(Some(ShardJson {
                index,
                count: 2,
                games: 20,
            })),
            // Rounds r with r mod 2 = index - 1: games 4k + 2(index - 1) + 1 and + 2.
            games: (1..=40)
                .filter(|id| ((id - 1) / 2) % 2 == index - 1)
                .map(game)
                .collect(),
            summary: None,
            cut: false,
        }
    }

    #[test]
    fn a_sharded_sprt_is_decided_in_game_order_and_says_where() {
        let (p1, p2) = (Path::new("s1.jsonl"), Path::new("s2.jsonl"));
        let m = merge_logs(&[(p2, shard_log(2)), (p1, shard_log(1))]).unwrap();
        assert_eq!(m.result.tally.games, 40);
        assert_eq!(m.result.tally.pairings[0].penta, [0, 0, 0, 0, 20]);
        let (llr, verdict) = m.result.sprt.unwrap();
        assert_eq!(verdict, Verdict::AcceptH1);
        assert!(llr >= 2.9444, "{llr}");
        assert!(m.notes[0].contains("shard(s) 1, 2 of 2: 40 games of 40 planned"));
        let at = m
            .notes
            .iter()
            .find(|n| n.starts_with("SPRT: the verdict came with game"));
        assert!(at.is_some(), "{:?}", m.notes);
        assert_eq!(m.games.len(), 40);
        assert!(m.games.windows(2).all(|w| w[0].id < w[1].id));
        assert!(m.header.shard.is_none());
        // A game in the wrong shard's file, or a file of another SPRT, is refused.
        let mut wrong = shard_log(1);
        wrong.games.push(game(3));
        let e = merge_logs(&[(p1, wrong), (p2, shard_log(2))]).unwrap_err();
        assert!(
            e.to_string().contains("game 3 is not one of shard 1/2's"),
            "{e}"
        );
        let mut other = shard_log(2);
        other.header.sprt.as_mut().unwrap().elo1 = 5.0;
        let e = merge_logs(&[(p1, shard_log(1)), (p2, other)]).unwrap_err();
        assert!(e.to_string().contains("\"sprt\" differs"), "{e}");
    }
}
