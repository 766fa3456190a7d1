//! `rensa-match`: a Gomocup-style match runner for pbrain engines (see `rensa-match -help`):
//! matches between engine processes (gauntlet or round robin, optionally stopped by an SPRT),
//! and the Gomocup judge-mode checks of one engine.
//!
//! Its modules: [`cli`] (the command line) over this one and [`judge`] (`-selftest`,
//! `-formats`); this one over [`schedule`] (which game next), [`tally`] (counting finished
//! games, the SPRT state) and [`output`] (writing the files), which stand on [`record`] (the
//! file formats) and [`stats`] (the arithmetic). Games are played by `common::game`.
//!
//! This module is the match: worker threads that take games from the [`Schedule`], play them,
//! write them out through [`Output`] and fold them into the [`Tally`] (which feeds the SPRT
//! stop); the progress display; and the final report (text, one machine-readable summary line,
//! the JSON match and summary lines). Scheduling, tallying, the SPRT and writing each live in
//! their own module; this one wires them together. A shard (`-shard I/N`) is such a match over
//! its part of the schedule; a resumed one (`-resume`) first counts the games its `-json` file
//! already holds. [`merge`], above this module, reads the files of several shards as one run;
//! [`chain`] reads several runs of one comparison as one sequential test.

pub mod chain;
pub mod cli;
pub mod judge;
pub mod merge;
pub mod output;
pub mod record;
pub mod schedule;
pub mod stats;
pub mod tally;

use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::common::engine::{Engine, EngineSpec, ProtocolLog};
use crate::common::game::{play_game, GameRecord, GameSettings, Reason};
use crate::common::opening::{Opening, OpeningSource};
use crate::common::shard::Shard;
use crate::runner::output::Output;
use crate::runner::record::{
    json_num, EngineJson, EngineResultJson, GameJson, JsonLine, LossesJson, MatchJson, PairingJson,
    ProtocolJson, ShardJson, SprtJson, SummaryJson, TimeJson,
};
pub use crate::runner::schedule::{pairings, Mode};
use crate::runner::schedule::{Job, Schedule};
use crate::runner::stats::{SprtParams, Verdict};
use crate::runner::tally::{sprt_step, Tally};

/// A whole match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: Vec<EngineSpec>,
    pub mode: Mode,
    /// Games per pairing (rounded up to even: each opening is played with both colours). With
    /// SPRT: the most games before giving up undecided (`None`: no limit).
    pub games: Option<usize>,
    pub concurrency: usize,
    pub settings: GameSettings,
    pub openings: OpeningSource,
    pub sprt: Option<SprtParams>,
    pub sgf_dir: Option<PathBuf>,
    pub psq_dir: Option<PathBuf>,
    pub json: Option<PathBuf>,
    pub log: Option<PathBuf>,
    /// Seconds between progress lines when stdout is not a terminal.
    pub progress_interval: Duration,
    /// The part of the match this run plays (`-shard I/N`; [`Shard::ALL`]: all of it).
    pub shard: Shard,
    /// Keep the games the `-json` file already holds and play the rest (`-resume`).
    pub resume: bool,
}

/// The final outcome of a match.
#[derive(Clone, Debug)]
pub struct MatchResult {
    pub tally: Tally,
    pub sprt: Option<(f64, Verdict)>,
    pub elapsed: Duration,
}

/// What the workers share, behind one lock.
struct Shared {
    schedule: Schedule,
    tally: Tally,
    sprt: Option<(f64, Verdict)>,
    last_print: Instant,
}

/// The shared state, even if a worker panicked while holding the lock (every update is complete
/// before the lock is released, so the counts stay consistent).
fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs the match, printing progress to stdout and writing the output files as games end.
pub fn run(cfg: &MatchConfig) -> Result<MatchResult> {
    if cfg.engines.len() < 2 {
        bail!("need at least two engines");
    }
    let pairs = pairings(cfg.engines.len(), cfg.mode);
    if cfg.sprt.is_some() && pairs.len() != 1 {
        bail!("SPRT needs exactly two engines");
    }
    let total = match (cfg.games, cfg.sprt) {
        (Some(g), _) => Some(
            g.div_ceil(2)
                .checked_mul(2 * pairs.len())
                .context("-games is too large")?,
        ),
        (None, Some(_)) => None,
        (None, None) => Some(2 * pairs.len()),
    };
    if total.is_none() && !cfg.shard.is_all() {
        bail!("a sharded SPRT run needs -games: a shard cannot see the others' games to stop");
    }
    let mut schedule = Schedule::new(pairs.clone(), total).with_shard(cfg.shard);
    let header = match_json(cfg, &pairs, total);
    let kept = kept_games(cfg, &header, &schedule)?;
    let output = Output::create(
        cfg.sgf_dir.as_deref(),
        cfg.psq_dir.as_deref(),
        cfg.json.as_deref(),
    )?;
    output.line(&JsonLine::Match(header))?;
    let mut tally = Tally::new(cfg.engines.len(), &pairs);
    let mut sprt = None;
    let names: Vec<String> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    for g in &kept {
        tally
            .record_json(&pairs, &names, g)
            .map_err(|e| anyhow::anyhow!("resuming: {e}"))?;
        output.line(&JsonLine::Game(g.clone()))?;
        sprt = cfg.sprt.map(|p| sprt_step(&p, sprt, &tally));
    }
    schedule = schedule.skipping(kept.iter().map(|g| g.id - 1));
    if sprt.is_some_and(|(_, v)| v != Verdict::Continue) && cfg.shard.is_all() {
        schedule.stop();
    }
    let left = schedule
        .planned()
        .map_or(usize::MAX, |p| p.saturating_sub(kept.len()));
    let log = match &cfg.log {
        Some(p) => Some(ProtocolLog::create(p)?),
        None => None,
    };
    let tty = std::io::stdout().is_terminal();
    let start = Instant::now();
    let shared = Mutex::new(Shared {
        schedule,
        tally,
        sprt,
        last_print: start,
    });
    let workers = cfg.concurrency.max(1).min(left);
    let mut first_err = None;
    std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for i in 0..workers {
            let spawned = std::thread::Builder::new()
                .name(format!("worker-{i}"))
                .spawn_scoped(scope, || worker(cfg, &shared, &output, &log, tty, start));
            match spawned {
                Ok(h) => handles.push(h),
                Err(e) => {
                    // Hand out no more games; the workers already running finish theirs.
                    lock(&shared).schedule.stop();
                    first_err = Some(anyhow::anyhow!("starting worker {i}: {e}"));
                    break;
                }
            }
        }
        for h in handles {
            let r = h
                .join()
                .unwrap_or_else(|_| Err(anyhow::anyhow!("a worker panicked")));
            if let Err(e) = r {
                first_err = first_err.take().or(Some(e));
            }
        }
    });
    if tty {
        println!();
    }
    if let Some(e) = first_err {
        return Err(e);
    }
    let sh = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    let res = MatchResult {
        tally: sh.tally,
        sprt: sh.sprt,
        elapsed: start.elapsed(),
    };
    output.line(&JsonLine::Summary(summary_json(cfg, &res)))?;
    Ok(res)
}

/// The games a resumed run keeps: every game of its `-json` file, which must be this run's
/// (the same match line), each of this shard and there once. Nothing without `-resume` or when
/// the file does not exist yet.
fn kept_games(cfg: &MatchConfig, header: &MatchJson, schedule: &Schedule) -> Result<Vec<GameJson>> {
    let Some(path) = cfg.json.as_ref().filter(|p| cfg.resume && p.exists()) else {
        return Ok(Vec::new());
    };
    let at = |e: String| anyhow::anyhow!("{}: {e}", path.display());
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let log = record::parse_run(&text).map_err(at)?;
    if let Some(k) = record::first_difference(&log.header, header, &[]) {
        return Err(at(format!(
            "the file is another run's (its \"{k}\" differs): resume with the options it was started with"
        )));
    }
    let mut seen = HashSet::new();
    for g in &log.games {
        if !(g.id >= 1 && schedule.owns(g.id - 1)) {
            return Err(at(format!("game {} is not one of this run's", g.id)));
        }
        if !seen.insert(g.id) {
            return Err(at(format!("game {} is there twice", g.id)));
        }
    }
    Ok(log.games)
}

/// One worker: take a game from the schedule, play it, write it out, count it (and update the
/// SPRT), until the schedule is done or stopped. It keeps its own engine processes between games
/// and ends them when done (they are killed on drop if it fails).
fn worker(
    cfg: &MatchConfig,
    shared: &Mutex<Shared>,
    output: &Output,
    log: &Option<Arc<ProtocolLog>>,
    tty: bool,
    start: Instant,
) -> Result<()> {
    let mut slots: Vec<Option<Engine>> = (0..cfg.engines.len()).map(|_| None).collect();
    loop {
        let Some(job) = lock(shared).schedule.next_job() else {
            break;
        };
        let opening = cfg
            .openings
            .get(job.round, cfg.settings.size, cfg.settings.rule);
        let rec = play(cfg, &job, &opening, &mut slots, log);
        if let Err(e) = output.game(&format!("game-{:05}", job.index + 1), &rec) {
            // A runner that cannot record its games stops: the other workers finish theirs.
            lock(shared).schedule.stop();
            return Err(e);
        }
        let mut sh = lock(shared);
        sh.tally.record(&job, &rec);
        if let Some(p) = &cfg.sprt {
            let state = sprt_step(p, sh.sprt, &sh.tally);
            sh.sprt = Some(state);
            // A shard plays its part to the end: the verdict is the merge's, over all shards.
            if state.1 != Verdict::Continue && cfg.shard.is_all() {
                sh.schedule.stop();
            }
        }
        let now = Instant::now();
        let finished = sh.schedule.is_stopped() || sh.schedule.planned() == Some(sh.tally.games);
        if tty || finished || now.duration_since(sh.last_print) >= cfg.progress_interval {
            sh.last_print = now;
            let line = progress_line(cfg, &sh, start);
            let mut out = std::io::stdout().lock();
            if tty {
                let _ = write!(out, "\r{line}\x1b[K");
            } else {
                let _ = writeln!(out, "{line}");
            }
            let _ = out.flush();
        }
    }
    for e in slots.into_iter().flatten() {
        e.quit(Duration::from_millis(500));
    }
    Ok(())
}

/// Plays `job` with the worker's engine slots (one per engine of the match).
fn play(
    cfg: &MatchConfig,
    job: &Job,
    opening: &Opening,
    slots: &mut [Option<Engine>],
    log: &Option<Arc<ProtocolLog>>,
) -> GameRecord {
    let (bi, wi) = (job.black, job.white);
    let (lo, hi) = slots.split_at_mut(bi.max(wi));
    let (bslot, wslot) = if bi < wi {
        (&mut lo[bi], &mut hi[0])
    } else {
        (&mut hi[0], &mut lo[wi])
    };
    play_game(
        job.index + 1,
        [&cfg.engines[bi], &cfg.engines[wi]],
        [bslot, wslot],
        &cfg.settings,
        opening,
        log,
    )
}

fn fmt_elo(v: f64) -> String {
    let v = v + 0.0; // no "-0.0"
    if v.is_finite() {
        format!("{v:+.1}")
    } else if v > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

fn fmt_duration(secs: f64) -> String {
    let s = secs.round() as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

fn progress_line(cfg: &MatchConfig, sh: &Shared, start: Instant) -> String {
    let w = sh.tally.first_engine_wld();
    let (elo, err) = stats::elo_with_error(&w);
    let secs = start.elapsed().as_secs_f64();
    let done = sh.tally.games;
    let speed = done as f64 / secs.max(1e-9);
    let total = sh.schedule.planned();
    let mut line = match total {
        None => format!("games {done}"),
        Some(t) => format!("games {done}/{t}"),
    };
    line += &format!(
        "  {} W-L-D {}-{}-{}  Elo {} ±{:.1}",
        cfg.engines[0].name,
        w.wins,
        w.losses,
        w.draws,
        fmt_elo(elo),
        err
    );
    if let (Some(sp), Some((llr, _))) = (cfg.sprt, sh.sprt) {
        let (lo, hi) = sp.bounds();
        line += &format!("  LLR {llr:.2} [{lo:.2}, {hi:.2}]");
    }
    line += &format!("  {:.2} games/s", speed);
    if let (Some(t), true) = (total, speed > 0.0) {
        let left = t.saturating_sub(done);
        line += &format!("  ETA {}", fmt_duration(left as f64 / speed));
    } else {
        line += &format!("  elapsed {}", fmt_duration(secs));
    }
    line
}

/// The human-readable report.
pub fn report(cfg: &MatchConfig, res: &MatchResult) -> String {
    let mut s = String::new();
    let s_ = &mut s;
    let tc = cfg.settings.tc;
    s_.push_str(&format!(
        "Finished {} games in {} ({} {}x{}, turn {} ms, match {} ms, tolerance {} ms)\n",
        res.tally.games,
        fmt_duration(res.elapsed.as_secs_f64()),
        cfg.settings.rule.name(),
        cfg.settings.size,
        cfg.settings.size,
        tc.turn_ms,
        tc.match_ms,
        tc.tolerance_ms
    ));
    for p in &res.tally.pairings {
        let (elo, err) = stats::elo_with_error(&p.wld);
        s_.push_str(&format!(
            "{} vs {}: games {}  W-L-D {}-{}-{}  score {:.1}%  Elo {} ±{:.1}  LOS {:.1}%  pairs [0,½,1,1½,2] {:?}\n",
            cfg.engines[p.first].name,
            cfg.engines[p.second].name,
            p.wld.games(),
            p.wld.wins,
            p.wld.losses,
            p.wld.draws,
            100.0 * p.wld.score(),
            fmt_elo(elo),
            err,
            100.0 * stats::los(&p.wld),
            p.penta
        ));
    }
    for (i, f) in res.tally.faults.iter().enumerate() {
        if f.iter().any(|&n| n > 0) {
            let kinds: Vec<String> = Reason::FAULTS
                .iter()
                .zip(f)
                .filter(|(_, &n)| n > 0)
                .map(|(r, n)| format!("{} {n}", r.name()))
                .collect();
            s_.push_str(&format!(
                "{} lost by: {}\n",
                cfg.engines[i].name,
                kinds.join(", ")
            ));
        }
    }
    for (i, e) in cfg.engines.iter().enumerate() {
        if cfg.settings.judge {
            s_.push_str(&format!(
                "{}: peak memory {:.1} MiB (limit {:.1} MiB), longest move {} ms, {} moves over the limit within the tolerance\n",
                e.name,
                res.tally.peak_memory[i] as f64 / 1048576.0,
                cfg.settings.max_memory as f64 / 1048576.0,
                res.tally.max_move_ms[i],
                res.tally.over_limit[i]
            ));
        }
    }
    if let (Some(sp), Some((llr, v))) = (cfg.sprt, res.sprt) {
        let (lo, hi) = sp.bounds();
        s_.push_str(&format!(
            "SPRT elo0={} elo1={} alpha={} beta={} ({:?}): LLR {:.3} [{:.3}, {:.3}] → {}\n",
            sp.elo0,
            sp.elo1,
            sp.alpha,
            sp.beta,
            sp.model,
            llr,
            lo,
            hi,
            match v {
                Verdict::AcceptH1 => "H1 accepted",
                Verdict::AcceptH0 => "H0 accepted",
                Verdict::Continue => "undecided",
            }
        ));
    }
    s.push_str(&summary_line(cfg, res));
    s.push('\n');
    s
}

/// One line for scripts: `SUMMARY key=value …`, from the first engine's point of view over all
/// its games, plus the fault counts of every engine.
pub fn summary_line(cfg: &MatchConfig, res: &MatchResult) -> String {
    let w = res.tally.first_engine_wld();
    let (elo, err) = stats::elo_with_error(&w);
    let mut s = format!(
        "SUMMARY engine={} games={} wins={} losses={} draws={} score={:.4} elo={:.2} elo_error={:.2} los={:.4}",
        cfg.engines[0].name,
        w.games(),
        w.wins,
        w.losses,
        w.draws,
        w.score(),
        elo + 0.0,
        err,
        stats::los(&w)
    );
    if let Some((llr, v)) = res.sprt {
        s += &format!(" llr={llr:.4} sprt={}", v.name());
    }
    for r in &Reason::FAULTS {
        let n = res.tally.faults_of(r);
        s += &format!(" {}={n}", r.name().replace('-', "_"));
    }
    s
}

/// The SPRT's parameters, and its state when known.
fn sprt_json(p: &SprtParams, state: Option<(f64, Verdict)>) -> SprtJson {
    let (lower, upper) = p.bounds();
    SprtJson {
        elo0: p.elo0,
        elo1: p.elo1,
        alpha: p.alpha,
        beta: p.beta,
        model: format!("{:?}", p.model).to_lowercase(),
        lower: json_num(lower).unwrap_or(lower),
        upper: json_num(upper).unwrap_or(upper),
        llr: state.and_then(|(llr, _)| json_num(llr)),
        verdict: state.map(|(_, v)| v.name().to_string()),
    }
}

/// The first JSON line: settings, engines, pairings, games planned.
pub fn match_json(cfg: &MatchConfig, pairs: &[(usize, usize)], total: Option<usize>) -> MatchJson {
    let s = &cfg.settings;
    MatchJson {
        rule: s.rule.code(),
        rule_name: s.rule.name().to_string(),
        size: s.size,
        time: TimeJson {
            turn_ms: s.tc.turn_ms,
            match_ms: s.tc.match_ms,
            tolerance_ms: s.tc.tolerance_ms,
        },
        draw_after: s.draw_after,
        judge: s.judge,
        engines: cfg
            .engines
            .iter()
            .map(|e| EngineJson {
                name: e.name.clone(),
                cmd: e.cmd.clone(),
                dir: e.dir.to_string_lossy().into_owned(),
                info: e.info.clone(),
            })
            .collect(),
        pairings: pairs
            .iter()
            .map(|&(a, b)| [cfg.engines[a].name.clone(), cfg.engines[b].name.clone()])
            .collect(),
        games: total,
        sprt: cfg.sprt.as_ref().map(|p| sprt_json(p, None)),
        openings: Some(cfg.openings.describe()),
        protocol: Some(ProtocolJson {
            max_memory: s.max_memory,
            send_board: s.send_board,
            fresh: s.fresh,
            crlf: s.crlf,
            info_order: s.info_order.name().to_string(),
            move_delay_ms: s.move_delay.as_millis() as u64,
            start_timeout_ms: s.start_timeout.as_millis() as u64,
        }),
        shard: (!cfg.shard.is_all()).then(|| ShardJson {
            index: cfg.shard.index + 1,
            count: cfg.shard.count,
            games: Schedule::new(pairs.to_vec(), total)
                .with_shard(cfg.shard)
                .planned()
                .unwrap_or(0),
        }),
    }
}

/// The last JSON line: per engine and per pairing figures, the SPRT state, the totals.
pub fn summary_json(cfg: &MatchConfig, res: &MatchResult) -> SummaryJson {
    let t = &res.tally;
    SummaryJson {
        games_played: t.games,
        elapsed_s: json_num(res.elapsed.as_secs_f64()).unwrap_or(0.0),
        engines: cfg
            .engines
            .iter()
            .enumerate()
            .map(|(i, e)| EngineResultJson {
                name: e.name.clone(),
                losses_by: LossesJson::of(&t.faults[i]),
                peak_memory: t.peak_memory[i],
                max_move_ms: t.max_move_ms[i],
                over_limit: t.over_limit[i],
            })
            .collect(),
        pairings: t
            .pairings
            .iter()
            .map(|p| {
                let (elo, err) = stats::elo_with_error(&p.wld);
                PairingJson {
                    first: cfg.engines[p.first].name.clone(),
                    second: cfg.engines[p.second].name.clone(),
                    games: p.wld.games(),
                    wins: p.wld.wins,
                    losses: p.wld.losses,
                    draws: p.wld.draws,
                    score: json_num(p.wld.score()).unwrap_or(0.5),
                    elo: json_num(elo),
                    elo_error: json_num(err),
                    los: json_num(stats::los(&p.wld)).unwrap_or(0.5),
                    pentanomial: p.penta,
                }
            })
            .collect(),
        sprt: cfg.sprt.as_ref().map(|p| {
            let state = res.sprt.unwrap_or((0.0, Verdict::Continue));
            sprt_json(p, Some(state))
        }),
    }
}
