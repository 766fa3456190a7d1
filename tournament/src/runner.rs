//! The match: which games to play (pairings × openings × colours), worker threads playing them
//! concurrently, the running tally and progress display, the SPRT stop, and the final report
//! (text, one machine-readable summary line, a JSON file, one SGF/PSQ file per game).

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use rensa::types::Color;

use crate::engine::{Engine, EngineSpec, ProtocolLog};
use crate::game::{play_game, GameRecord, GameSettings, Reason};
use crate::opening::{self, Opening};
use crate::record;
use crate::stats::{self, SprtParams, Verdict, Wld};

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first engine against each of the others.
    Gauntlet,
    /// Every engine against every other.
    RoundRobin,
}

/// Where openings come from.
#[derive(Clone, Debug)]
pub enum OpeningSource {
    /// Openings from a file, used in order (wrapping around).
    List(Vec<Opening>),
    /// Seeded random openings of `stones` stones within `radius` of the centre.
    Random {
        stones: usize,
        radius: usize,
        seed: u64,
        /// Balanced openings only: Rensa's search must score them within this bound.
        balance: Option<i32>,
    },
}

impl OpeningSource {
    pub fn get(&self, index: usize, s: &GameSettings) -> Opening {
        match self {
            OpeningSource::List(v) => v[index % v.len()].clone(),
            OpeningSource::Random {
                stones,
                radius,
                seed,
                balance: None,
            } => opening::generate(*seed, index as u64, *stones, *radius, s.size, s.rule),
            OpeningSource::Random {
                stones,
                radius,
                seed,
                balance: Some(b),
            } => opening::generate_balanced(
                *seed,
                index as u64,
                *stones,
                *radius,
                s.size,
                s.rule,
                *b,
            ),
        }
    }
}

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
}

/// Tally of one pairing (first engine's point of view).
#[derive(Clone, Debug, Default)]
pub struct PairingStats {
    pub first: usize,
    pub second: usize,
    pub wld: Wld,
    /// Pairs (same opening, colours swapped) scoring 0, ½, 1, 1½, 2 for the first engine.
    pub penta: [u64; 5],
    /// Half-finished pairs: opening round → first engine's score in the finished game.
    half: HashMap<usize, f64>,
}

impl PairingStats {
    pub fn trinomial(&self) -> [u64; 3] {
        [self.wld.losses, self.wld.draws, self.wld.wins]
    }
}

/// The final outcome of a match.
#[derive(Clone, Debug)]
pub struct MatchResult {
    pub pairings: Vec<PairingStats>,
    /// Per engine: games lost by each fault kind of [`Reason::FAULTS`].
    pub faults: Vec<[u64; Reason::FAULTS.len()]>,
    /// Per engine, judge mode: the largest private memory of its process tree seen after a
    /// move, in bytes (0 outside judge mode).
    pub peak_memory: Vec<u64>,
    /// Per engine: its longest move in ms, and how many moves needed the tolerance.
    pub max_move_ms: Vec<u64>,
    pub over_limit: Vec<usize>,
    pub games: usize,
    pub sprt: Option<(f64, Verdict)>,
    pub elapsed: Duration,
}

struct Shared {
    next_job: usize,
    done: usize,
    stop: bool,
    pairings: Vec<PairingStats>,
    faults: Vec<[u64; Reason::FAULTS.len()]>,
    peak_memory: Vec<u64>,
    max_move_ms: Vec<u64>,
    over_limit: Vec<usize>,
    games: Vec<GameRecord>,
    sprt: Option<(f64, Verdict)>,
    last_print: Instant,
}

/// The pairings of the engine list under `mode`.
pub fn pairings(n: usize, mode: Mode) -> Vec<(usize, usize)> {
    match mode {
        Mode::Gauntlet => (1..n).map(|j| (0, j)).collect(),
        Mode::RoundRobin => (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect(),
    }
}

/// Job `j` → (pairing, opening round, whether the second engine plays Black).
fn job(j: usize, npairings: usize) -> (usize, usize, bool) {
    let round = j / (2 * npairings);
    let within = j % (2 * npairings);
    (within / 2, round, within % 2 == 1)
}

/// Runs the match, printing progress and the report to stdout.
pub fn run(cfg: &MatchConfig) -> Result<MatchResult> {
    if cfg.engines.len() < 2 {
        bail!("need at least two engines");
    }
    let pairs = pairings(cfg.engines.len(), cfg.mode);
    if cfg.sprt.is_some() && pairs.len() != 1 {
        bail!("SPRT needs exactly two engines");
    }
    let total = match (cfg.games, cfg.sprt) {
        (Some(g), _) => g.div_ceil(2) * 2 * pairs.len(),
        (None, Some(_)) => usize::MAX,
        (None, None) => 2 * pairs.len(),
    };
    for d in [&cfg.sgf_dir, &cfg.psq_dir].into_iter().flatten() {
        std::fs::create_dir_all(d).with_context(|| format!("creating {}", d.display()))?;
    }
    let log = match &cfg.log {
        Some(p) => Some(ProtocolLog::create(p)?),
        None => None,
    };
    let tty = std::io::stdout().is_terminal();
    let start = Instant::now();
    let shared = Arc::new(Mutex::new(Shared {
        next_job: 0,
        done: 0,
        stop: false,
        pairings: pairs
            .iter()
            .map(|&(a, b)| PairingStats {
                first: a,
                second: b,
                ..Default::default()
            })
            .collect(),
        faults: vec![[0; Reason::FAULTS.len()]; cfg.engines.len()],
        peak_memory: vec![0; cfg.engines.len()],
        max_move_ms: vec![0; cfg.engines.len()],
        over_limit: vec![0; cfg.engines.len()],
        games: Vec::new(),
        sprt: None,
        last_print: start,
    }));

    let workers = cfg.concurrency.max(1).min(total);
    let mut handles = Vec::new();
    for _ in 0..workers {
        let shared = Arc::clone(&shared);
        let cfg = cfg.clone();
        let pairs = pairs.clone();
        let log = log.clone();
        handles.push(std::thread::spawn(move || {
            worker(&cfg, &pairs, total, &shared, &log, tty, start)
        }));
    }
    let mut first_err = None;
    for h in handles {
        match h.join() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => first_err = first_err.or(Some(e)),
            Err(_) => first_err = first_err.or(Some(anyhow::anyhow!("a worker panicked"))),
        }
    }
    if tty {
        println!();
    }
    if let Some(e) = first_err {
        return Err(e);
    }
    let sh = shared.lock().expect("lock");
    let res = MatchResult {
        pairings: sh.pairings.clone(),
        faults: sh.faults.clone(),
        peak_memory: sh.peak_memory.clone(),
        max_move_ms: sh.max_move_ms.clone(),
        over_limit: sh.over_limit.clone(),
        games: sh.done,
        sprt: sh.sprt,
        elapsed: start.elapsed(),
    };
    if let Some(path) = &cfg.json {
        let text = results_json(cfg, &res, &sh.games);
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(res)
}

fn worker(
    cfg: &MatchConfig,
    pairs: &[(usize, usize)],
    total: usize,
    shared: &Mutex<Shared>,
    log: &Option<Arc<ProtocolLog>>,
    tty: bool,
    start: Instant,
) -> Result<()> {
    let mut slots: Vec<Option<Engine>> = (0..cfg.engines.len()).map(|_| None).collect();
    loop {
        let j = {
            let mut sh = shared.lock().expect("lock");
            if sh.stop || sh.next_job >= total {
                break;
            }
            sh.next_job += 1;
            sh.next_job - 1
        };
        let (p, round, swapped) = job(j, pairs.len());
        let (a, b) = pairs[p];
        let (bi, wi) = if swapped { (b, a) } else { (a, b) };
        let opening = cfg.openings.get(round, &cfg.settings);
        let (lo, hi) = slots.split_at_mut(bi.max(wi));
        let (bslot, wslot) = if bi < wi {
            (&mut lo[bi], &mut hi[0])
        } else {
            (&mut hi[0], &mut lo[wi])
        };
        let rec = play_game(
            j + 1,
            [&cfg.engines[bi], &cfg.engines[wi]],
            [bslot, wslot],
            &cfg.settings,
            &opening,
            log,
        );
        let name = format!("game-{:05}", j + 1);
        if let Some(d) = &cfg.sgf_dir {
            std::fs::write(d.join(format!("{name}.sgf")), record::to_sgf(&rec))?;
        }
        if let Some(d) = &cfg.psq_dir {
            std::fs::write(d.join(format!("{name}.psq")), record::to_psq(&rec))?;
        }
        let mut sh = shared.lock().expect("lock");
        let first_score = match rec.winner {
            None => 0.5,
            Some(c) if (c == Color::Black) != swapped => 1.0,
            Some(_) => 0.0,
        };
        if let Some(loser) = rec.winner.map(|c| c.opp()) {
            if let Some(k) = Reason::FAULTS.iter().position(|r| *r == rec.reason) {
                let e = if loser == Color::Black { bi } else { wi };
                sh.faults[e][k] += 1;
            }
        }
        {
            let ps = &mut sh.pairings[p];
            if first_score == 1.0 {
                ps.wld.wins += 1;
            } else if first_score == 0.0 {
                ps.wld.losses += 1;
            } else {
                ps.wld.draws += 1;
            }
            if let Some(other) = ps.half.remove(&round) {
                ps.penta[((other + first_score) * 2.0) as usize] += 1;
            } else {
                ps.half.insert(round, first_score);
            }
        }
        let first_mover = rec.opening.moves.len() % 2;
        for (side, e) in [bi, wi].into_iter().enumerate() {
            sh.peak_memory[e] = sh.peak_memory[e].max(rec.peak_memory[side]);
            sh.over_limit[e] += rec.over_limit[side];
            let longest = rec
                .moves
                .iter()
                .enumerate()
                .filter(|(i, _)| (first_mover + i) % 2 == side)
                .map(|(_, &(_, t))| t)
                .max()
                .unwrap_or(0);
            sh.max_move_ms[e] = sh.max_move_ms[e].max(longest);
        }
        sh.done += 1;
        if let (Some(sp), None | Some((_, Verdict::Continue))) = (cfg.sprt, sh.sprt) {
            let ps = &sh.pairings[0];
            let llr = sp.llr(&ps.trinomial(), &ps.penta);
            let v = sp.verdict(llr);
            sh.sprt = Some((llr, v));
            if v != Verdict::Continue {
                sh.stop = true;
            }
        }
        sh.games.push(rec);
        let now = Instant::now();
        let finished = sh.done == total || sh.stop;
        if tty || finished || now.duration_since(sh.last_print) >= cfg.progress_interval {
            sh.last_print = now;
            let line = progress_line(cfg, &sh, total, start);
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

/// First engine's games over all its pairings.
fn first_engine_wld(pairings: &[PairingStats]) -> Wld {
    let mut w = Wld::default();
    for p in pairings {
        if p.first == 0 {
            w.add(&p.wld);
        }
    }
    w
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

fn progress_line(cfg: &MatchConfig, sh: &Shared, total: usize, start: Instant) -> String {
    let w = first_engine_wld(&sh.pairings);
    let (elo, err) = stats::elo_with_error(&w);
    let secs = start.elapsed().as_secs_f64();
    let speed = sh.done as f64 / secs.max(1e-9);
    let mut line = if total == usize::MAX {
        format!("games {}", sh.done)
    } else {
        format!("games {}/{}", sh.done, total)
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
    if total != usize::MAX && speed > 0.0 {
        line += &format!("  ETA {}", fmt_duration((total - sh.done) as f64 / speed));
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
        res.games,
        fmt_duration(res.elapsed.as_secs_f64()),
        cfg.settings.rule.name(),
        cfg.settings.size,
        cfg.settings.size,
        tc.turn_ms,
        tc.match_ms,
        tc.tolerance_ms
    ));
    for p in &res.pairings {
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
    for (i, f) in res.faults.iter().enumerate() {
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
                res.peak_memory[i] as f64 / 1048576.0,
                cfg.settings.max_memory as f64 / 1048576.0,
                res.max_move_ms[i],
                res.over_limit[i]
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
    let w = first_engine_wld(&res.pairings);
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
    for (k, r) in Reason::FAULTS.iter().enumerate() {
        let n: u64 = res.faults.iter().map(|f| f[k]).sum();
        s += &format!(" {}={n}", r.name().replace('-', "_"));
    }
    s
}

fn results_json(cfg: &MatchConfig, res: &MatchResult, games: &[GameRecord]) -> String {
    use record::{json_num, json_str};
    let tc = cfg.settings.tc;
    let engines: Vec<String> = cfg
        .engines
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let cmd: Vec<String> = e.cmd.iter().map(|c| json_str(c)).collect();
            let faults: Vec<String> = Reason::FAULTS
                .iter()
                .zip(res.faults[i])
                .map(|(r, n)| format!("{}:{n}", json_str(r.name())))
                .collect();
            format!(
                "{{\"name\":{},\"cmd\":[{}],\"dir\":{},\"losses_by\":{{{}}},\"peak_memory\":{},\"max_move_ms\":{},\"over_limit\":{}}}",
                json_str(&e.name),
                cmd.join(","),
                json_str(&e.dir.to_string_lossy()),
                faults.join(","),
                res.peak_memory[i],
                res.max_move_ms[i],
                res.over_limit[i]
            )
        })
        .collect();
    let pairings: Vec<String> = res
        .pairings
        .iter()
        .map(|p| {
            let (elo, err) = stats::elo_with_error(&p.wld);
            format!(
                "{{\"first\":{},\"second\":{},\"games\":{},\"wins\":{},\"losses\":{},\"draws\":{},\"score\":{},\"elo\":{},\"elo_error\":{},\"los\":{},\"pentanomial\":[{}]}}",
                json_str(&cfg.engines[p.first].name),
                json_str(&cfg.engines[p.second].name),
                p.wld.games(),
                p.wld.wins,
                p.wld.losses,
                p.wld.draws,
                json_num(p.wld.score()),
                json_num(elo),
                json_num(err),
                json_num(stats::los(&p.wld)),
                p.penta.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",")
            )
        })
        .collect();
    let sprt = match (cfg.sprt, res.sprt) {
        (Some(sp), r) => {
            let (lo, hi) = sp.bounds();
            let (llr, v) = r.unwrap_or((0.0, Verdict::Continue));
            format!(
                "{{\"elo0\":{},\"elo1\":{},\"alpha\":{},\"beta\":{},\"model\":{},\"llr\":{},\"lower\":{},\"upper\":{},\"verdict\":{}}}",
                json_num(sp.elo0),
                json_num(sp.elo1),
                json_num(sp.alpha),
                json_num(sp.beta),
                json_str(&format!("{:?}", sp.model).to_lowercase()),
                json_num(llr),
                json_num(lo),
                json_num(hi),
                json_str(v.name())
            )
        }
        (None, _) => "null".to_string(),
    };
    let mut sorted: Vec<&GameRecord> = games.iter().collect();
    sorted.sort_by_key(|g| g.id);
    let games: Vec<String> = sorted.iter().map(|g| record::game_json(g)).collect();
    format!(
        "{{\n\"rule\":{},\"rule_name\":{},\"size\":{},\"time\":{{\"turn_ms\":{},\"match_ms\":{},\"tolerance_ms\":{}}},\"draw_after\":{},\"judge\":{},\n\"engines\":[{}],\n\"pairings\":[{}],\n\"sprt\":{},\n\"games_played\":{},\"elapsed_s\":{},\n\"games\":[\n{}\n]\n}}\n",
        cfg.settings.rule.code(),
        json_str(cfg.settings.rule.name()),
        cfg.settings.size,
        tc.turn_ms,
        tc.match_ms,
        tc.tolerance_ms,
        cfg.settings.draw_after,
        cfg.settings.judge,
        engines.join(","),
        pairings.join(","),
        sprt,
        res.games,
        json_num(res.elapsed.as_secs_f64()),
        games.join(",\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairings_and_jobs() {
        assert_eq!(pairings(3, Mode::Gauntlet), vec![(0, 1), (0, 2)]);
        assert_eq!(pairings(3, Mode::RoundRobin), vec![(0, 1), (0, 2), (1, 2)]);
        // Two pairings: each opening round plays both pairings with both colours.
        assert_eq!(job(0, 2), (0, 0, false));
        assert_eq!(job(1, 2), (0, 0, true));
        assert_eq!(job(2, 2), (1, 0, false));
        assert_eq!(job(4, 2), (0, 1, false));
    }
}
