//! `rensa-tune`: SPSA tuning of the search parameters of `pbrain-rensa` by self-play.
//!
//! The parameters, their ranges and their steps come from the engine's own table
//! ([`rensa::params::TUNABLES`]); their values reach each engine process as
//! `INFO param_<name> <value>` lines at every game start. Every iteration of the [`Spsa`] run is
//! one game pair (one opening, each side with both colours) between `θ+` and `θ−`, played by
//! [`play_game`] exactly as `rensa-match` plays its games; `-concurrency` workers (2 by
//! default, one per core) play pairs at once, each with its own two engine processes kept from
//! game to game. Every finished pair prints a line and appends a row to the history file, so
//! a run that is killed keeps what it learnt; at the end the tuned values are printed as INFO
//! lines, as `rensa-match` engine options and as the constants of `src/params.rs`.
//!
//! Its modules: this one (the options, the workers and the report) over [`spsa`] (the
//! arithmetic of the run, a leaf); the games, engines and openings are those of `common`.

pub mod spsa;

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use rensa::params::{rule_in, tunable, SearchParams, Tunable, TUNABLES, TUNED_RULES};
use rensa::types::{Color, Rule, MAX_SIZE, MIN_SIZE};

use crate::common::engine::{Engine, EngineSpec, ProtocolLog};
use crate::common::game::{play_game, GameRecord, GameSettings, Reason, TimeControl};
use crate::common::opening::{OpeningSource, SplitMix};
use crate::common::options::{finite, kv, num, option_groups, rule_of, OpeningOpts};
use crate::tune::spsa::{Spsa, SpsaParam, SpsaSettings, Step};

pub const HELP: &str = "\
rensa-tune: tunes the search parameters of pbrain-rensa by SPSA over self-play game pairs.

USAGE:
  rensa-tune [-cmd PROGRAM | -engine cmd=PROGRAM ...] [-params a,b,...] [-iterations N]
             [-nodes N | -tc turn=MS match=MS] [-openings ...] [OPTIONS]

Every iteration plays one opening twice, colours swapped, between theta+c*D and theta-c*D
(D: a random sign per parameter; the values rounded and clamped to their ranges, sent as
INFO param_<name> <value>) and moves theta by a_k * r / (c_k * D), r = points of theta+ minus
points of theta-. The parameters, ranges and steps are those of `pbrain-rensa params`.

ENGINE:
  -cmd PROGRAM                     the engine (default: pbrain-rensa next to rensa-tune)
  -engine cmd=CMD [dir=D] [info=KEY:VALUE ...]
                                   the engine as rensa-match takes it (the name is ignored:
                                   the two sides are called plus and minus)
  -params NAME,NAME,...            the parameters to tune (default: all of them)

SPSA:
  -iterations N                    game pairs (default 1000)
  -spsa [alpha=0.602] [gamma=0.101] [A=N/10] [r_end=0.002]
                                   c_k = c_end*(N/k)^gamma, a_k = r_end*c_end^2*((A+N)/(A+k))^alpha
  -seed S                          seed of the perturbations and of the first opening of a file
                                   (default 1)

GAMES:
  -nodes N                         every move a search of N nodes (INFO max_node N); without
                                   -tc the clock is only a guard (turn=60000 match=0). The
                                   default when neither -nodes nor -tc is given: -nodes 20000
  -tc turn=MS match=MS tolerance=MS
                                   time per move and per game, as in rensa-match
  -rule 0|1|4|8|9                  (default 0)
  -size N                          (default 15)
  -openings file=PATH              openings from a file (pos strings h8i9j7 or Gomocup offsets),
                                   used in order from a line chosen by -seed
  -openings random=N [radius=R] [seed=S] [balance=B]
                                   generated openings, as in rensa-match (default random=3)
  -concurrency N                   game pairs played at once (default 2: one per core)
  -maxmemory BYTES                 INFO max_memory (default 367001600)

OUTPUT:
  -history FILE                    CSV: iteration,result,<every parameter's theta>; one row per
                                   finished pair (row 0: the start), written as the run goes
  -log FILE                        the protocol dialogue of every game
  -help                            this text

One line per finished pair: the iteration, its result r and theta. At the end the tuned
values (theta rounded) as INFO lines, as rensa-match engine options and as src/params.rs
constants.
";

/// A tuning run.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// The engine; its name is replaced by `plus` / `minus`.
    pub engine: EngineSpec,
    /// The parameters tuned, in the table's order.
    pub params: Vec<&'static Tunable>,
    pub spsa: SpsaSettings,
    pub seed: u64,
    pub settings: GameSettings,
    pub openings: OpeningSource,
    pub concurrency: usize,
    pub history: Option<PathBuf>,
    pub log: Option<PathBuf>,
}

/// The parameters of the table in `list` (comma-separated names), in the table's order.
fn select_params(list: &str) -> Result<Vec<&'static Tunable>> {
    let mut names = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let Some(t) = tunable(name) else {
            let known: Vec<&str> = TUNABLES.iter().map(|t| t.name).collect();
            bail!("unknown parameter {name:?} (known: {})", known.join(", "));
        };
        if names.contains(&t.name) {
            bail!("parameter {name:?} is given twice");
        }
        names.push(t.name);
    }
    if names.is_empty() {
        bail!("-params names no parameter");
    }
    Ok(TUNABLES
        .iter()
        .filter(|t| names.contains(&t.name))
        .collect())
}

/// `pbrain-rensa` in the directory of the running program (`target/release/`).
fn default_engine() -> Vec<String> {
    let name = format!("pbrain-rensa{}", std::env::consts::EXE_SUFFIX);
    let path = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|d| d.join(&name)))
        .unwrap_or_else(|| PathBuf::from(name));
    vec![path.to_string_lossy().into_owned()]
}

/// Parses the arguments (without the program name); `Ok(None)`: help was asked for.
pub fn parse(args: &[String]) -> Result<Option<TuneConfig>> {
    let groups = option_groups(args)?;
    let mut engine: Option<EngineSpec> = None;
    let mut params: Vec<&'static Tunable> = TUNABLES.iter().collect();
    let mut iterations = 1000u64;
    let (mut alpha, mut gamma, mut big_a, mut r_end) = (0.602, 0.101, None, 0.002);
    let mut seed = 1u64;
    let mut nodes: Option<u64> = None;
    let mut tc: Option<TimeControl> = None;
    let mut rule = Rule::Freestyle;
    let mut size = 15usize;
    let mut openings = OpeningOpts::new();
    let mut concurrency = 2usize;
    let mut max_memory = 367_001_600u64;
    let (mut history, mut log) = (None, None);

    for (opt, vals) in &groups {
        let one = || -> Result<&String> {
            match vals.as_slice() {
                [v] => Ok(v),
                _ => bail!("-{opt} takes one value"),
            }
        };
        match opt.as_str() {
            "h" | "help" => return Ok(None),
            "cmd" => {
                engine = Some(EngineSpec::from_tokens(&[format!("cmd={}", one()?)])?);
            }
            "engine" => engine = Some(EngineSpec::from_tokens(vals)?),
            "params" => params = select_params(one()?)?,
            "iterations" => iterations = num(one()?, "-iterations")?,
            "spsa" => {
                for v in vals {
                    let (k, v) = kv(v)?;
                    let x = finite(v, &format!("-spsa {k}"))?;
                    match k {
                        "alpha" => alpha = x,
                        "gamma" => gamma = x,
                        "A" | "a" => big_a = Some(x),
                        "r_end" => r_end = x,
                        _ => bail!("unknown -spsa key {k:?} (alpha, gamma, A, r_end)"),
                    }
                    if x < 0.0 {
                        bail!("-spsa {k} must not be negative");
                    }
                }
            }
            "seed" => seed = num(one()?, "-seed")?,
            "nodes" => nodes = Some(num(one()?, "-nodes")?),
            "tc" => {
                let mut t = TimeControl {
                    turn_ms: 5000,
                    match_ms: 120_000,
                    tolerance_ms: 1000,
                };
                for v in vals {
                    let (k, v) = kv(v)?;
                    let ms: u64 = num(v, k)?;
                    match k {
                        "turn" => t.turn_ms = ms,
                        "match" => t.match_ms = ms,
                        "tolerance" => t.tolerance_ms = ms,
                        _ => bail!("unknown -tc key {k:?} (turn, match, tolerance)"),
                    }
                }
                tc = Some(t);
            }
            "rule" => rule = rule_of(one()?)?,
            "size" => size = num(one()?, "-size")?,
            "openings" => openings.apply(vals)?,
            "concurrency" => concurrency = num(one()?, "-concurrency")?,
            "maxmemory" => max_memory = num(one()?, "-maxmemory")?,
            "history" => history = Some(PathBuf::from(one()?)),
            "log" => log = Some(PathBuf::from(one()?)),
            o => bail!("unknown option -{o} (see -help)"),
        }
    }
    if iterations == 0 {
        bail!("-iterations must be at least 1");
    }
    if concurrency == 0 {
        bail!("-concurrency must be at least 1");
    }
    if nodes == Some(0) {
        bail!("-nodes must be at least 1");
    }
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        bail!("board size {size} is outside {MIN_SIZE}..={MAX_SIZE}");
    }
    if tc.is_none() && nodes.is_none() {
        nodes = Some(20_000);
    }
    // Node-limited games: the clock only catches a hang.
    let tc = tc.unwrap_or(TimeControl {
        turn_ms: 60_000,
        match_ms: 0,
        tolerance_ms: 1000,
    });
    let mut engine = engine.unwrap_or_else(|| EngineSpec {
        name: "pbrain-rensa".into(),
        cmd: default_engine(),
        dir: PathBuf::from("."),
        info: Vec::new(),
    });
    if let Some(n) = nodes {
        engine.info.push(format!("INFO max_node {n}"));
    }
    // Under a rule outside `tuned_rules` the engine searches with that rule's own values of the
    // SPSA fields and ignores the ones sent; the run adds the rule to the mask, so that the
    // values it sends are the ones searched with (unless the engine options set the mask).
    if !rule_in(TUNED_RULES, rule)
        && !engine
            .info
            .iter()
            .any(|l| l.starts_with("INFO param_tuned_rules "))
    {
        engine.info.push(format!(
            "INFO param_tuned_rules {}",
            TUNED_RULES | 1 << rule.code()
        ));
        // The mask makes the engine search with the tunables' defaults; those it is not tuning
        // are sent at the rule's own values.
        let base = rule_values(rule);
        for t in TUNABLES {
            if t.get(&base) != t.default_value() && !params.iter().any(|p| p.name == t.name) {
                engine
                    .info
                    .push(format!("INFO param_{} {}", t.name, t.get(&base)));
            }
        }
    }
    let openings = openings.source(size, rule)?;
    let mut settings = GameSettings::new(size, rule, tc);
    settings.max_memory = max_memory;
    Ok(Some(TuneConfig {
        engine,
        params,
        spsa: SpsaSettings {
            iterations,
            alpha,
            gamma,
            big_a,
            r_end,
        },
        seed,
        settings,
        openings,
        concurrency,
        history,
        log,
    }))
}

/// The engine of one side: the configured engine with the parameters' `INFO` lines.
fn side(cfg: &TuneConfig, name: &str, values: &[i64]) -> EngineSpec {
    let mut spec = cfg.engine.clone();
    spec.name = name.to_string();
    for (t, v) in cfg.params.iter().zip(values) {
        spec.info.push(format!("INFO param_{} {v}", t.name));
    }
    spec
}

/// Points of `side` in a finished game.
fn points(rec: &GameRecord, side: Color) -> f64 {
    match rec.winner {
        Some(c) if c == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// The outcome of a run.
#[derive(Clone, Debug)]
pub struct TuneResult {
    pub spsa: Spsa,
    pub games: u64,
    /// Games lost by a fault (time, crash, illegal move, …).
    pub faults: u64,
    pub elapsed: Duration,
}

/// What the workers share.
struct Shared {
    spsa: Spsa,
    history: Option<BufWriter<File>>,
    games: u64,
    faults: u64,
    /// A fatal error (an engine that does not start): no more pairs are handed out.
    fatal: Option<anyhow::Error>,
}

fn lock(m: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// `θ` with the parameters' names, for the progress lines.
fn theta_text(cfg: &TuneConfig, theta: &[f64]) -> String {
    cfg.params
        .iter()
        .zip(theta)
        .map(|(t, v)| format!("{}={v:.2}", t.name))
        .collect::<Vec<_>>()
        .join(" ")
}

fn history_row(
    out: &mut BufWriter<File>,
    k: u64,
    result: Option<f64>,
    theta: &[f64],
) -> Result<()> {
    let mut row = format!("{k},{}", result.map_or(String::new(), |r| r.to_string()));
    for v in theta {
        row += &format!(",{v:.4}");
    }
    writeln!(out, "{row}")?;
    out.flush()?;
    Ok(())
}

/// The values the engine searches with under `rule` by default (the tunables' defaults under
/// the rules of `tuned_rules`, the values from before the first SPSA run under the others).
fn rule_values(rule: Rule) -> SearchParams {
    SearchParams::DEFAULT.for_rule(rule)
}

/// The SPSA parameters of the run, from the engine's table, starting at the values the engine
/// searches with under the run's rule.
pub fn spsa_params(cfg: &TuneConfig) -> Vec<SpsaParam> {
    let base = rule_values(cfg.settings.rule);
    cfg.params
        .iter()
        .map(|t| SpsaParam {
            name: t.name.to_string(),
            start: t.get(&base) as f64,
            min: t.min as f64,
            max: t.max as f64,
            c_end: t.c_end,
        })
        .collect()
}

/// Runs the tuning, printing a line per finished pair on stdout.
pub fn run(cfg: &TuneConfig) -> Result<TuneResult> {
    let spsa = Spsa::new(spsa_params(cfg), cfg.spsa, cfg.seed);
    let mut history = match &cfg.history {
        Some(p) => Some(BufWriter::new(
            File::create(p).with_context(|| format!("creating {}", p.display()))?,
        )),
        None => None,
    };
    if let Some(h) = &mut history {
        let names: Vec<&str> = cfg.params.iter().map(|t| t.name).collect();
        writeln!(h, "iteration,result,{}", names.join(","))?;
        history_row(h, 0, None, spsa.theta())?;
    }
    let log = match &cfg.log {
        Some(p) => Some(ProtocolLog::create(p)?),
        None => None,
    };
    print!("{}", header(cfg, &spsa));
    // A file's openings are taken in order from a line chosen by the seed.
    let first_opening = match &cfg.openings {
        OpeningSource::List(v) => SplitMix(cfg.seed ^ 0x6F70_656E).below(v.len() as u64) as usize,
        OpeningSource::Random { .. } => 0,
    };
    let start = Instant::now();
    let shared = Mutex::new(Shared {
        spsa,
        history,
        games: 0,
        faults: 0,
        fatal: None,
    });
    let workers = cfg.concurrency.min(cfg.spsa.iterations as usize).max(1);
    std::thread::scope(|scope| {
        for i in 0..workers {
            let (shared, log) = (&shared, &log);
            let spawned = std::thread::Builder::new()
                .name(format!("tune-{i}"))
                .spawn_scoped(scope, move || {
                    worker(cfg, shared, log, first_opening, start)
                });
            if let Err(e) = spawned {
                let mut sh = lock(shared);
                sh.fatal
                    .get_or_insert(anyhow::anyhow!("starting worker {i}: {e}"));
                break;
            }
        }
    });
    let sh = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = sh.fatal {
        return Err(e);
    }
    Ok(TuneResult {
        spsa: sh.spsa,
        games: sh.games,
        faults: sh.faults,
        elapsed: start.elapsed(),
    })
}

/// One worker: takes an iteration, plays its pair with its two engine processes (`θ+` and
/// `θ−`, kept between pairs), applies the result; until the iterations are handed out.
fn worker(
    cfg: &TuneConfig,
    shared: &Mutex<Shared>,
    log: &Option<Arc<ProtocolLog>>,
    first_opening: usize,
    start: Instant,
) {
    let (mut plus_slot, mut minus_slot): (Option<Engine>, Option<Engine>) = (None, None);
    loop {
        let step = {
            let mut sh = lock(shared);
            if sh.fatal.is_some() {
                break;
            }
            match sh.spsa.next_step() {
                Some(s) => s,
                None => break,
            }
        };
        let opening = cfg.openings.get(
            first_opening + step.k as usize - 1,
            cfg.settings.size,
            cfg.settings.rule,
        );
        let (plus, minus) = (
            side(cfg, "plus", &step.plus),
            side(cfg, "minus", &step.minus),
        );
        let id = 2 * step.k as usize - 1;
        let first = play_game(
            id,
            [&plus, &minus],
            [&mut plus_slot, &mut minus_slot],
            &cfg.settings,
            &opening,
            log,
        );
        let second = play_game(
            id + 1,
            [&minus, &plus],
            [&mut minus_slot, &mut plus_slot],
            &cfg.settings,
            &opening,
            log,
        );
        let games = [&first, &second];
        if let Some(g) = games.iter().find(|g| g.reason == Reason::StartFailed) {
            lock(shared).fatal.get_or_insert(anyhow::anyhow!(
                "game {}: an engine did not start: {}",
                g.id,
                g.detail
            ));
            break;
        }
        let plus_points = points(&first, Color::Black) + points(&second, Color::White);
        let result = plus_points - (2.0 - plus_points);
        finish_pair(cfg, shared, &step, result, &games, start);
    }
    for e in [plus_slot, minus_slot].into_iter().flatten() {
        e.quit(Duration::from_millis(500));
    }
}

/// Applies a finished pair, writes its history row and prints its line.
fn finish_pair(
    cfg: &TuneConfig,
    shared: &Mutex<Shared>,
    step: &Step,
    result: f64,
    games: &[&GameRecord; 2],
    start: Instant,
) {
    let mut sh = lock(shared);
    sh.spsa.update(step, result);
    sh.games += 2;
    let mut notes = String::new();
    for g in games {
        if Reason::FAULTS.contains(&g.reason) {
            sh.faults += 1;
            notes += &format!(
                "  [game {}: {} lost by {}: {}]",
                g.id,
                if g.winner == Some(Color::Black) {
                    &g.white
                } else {
                    &g.black
                },
                g.reason.name(),
                g.detail
            );
        }
    }
    let theta = sh.spsa.theta().to_vec();
    if let Some(h) = &mut sh.history {
        if let Err(e) = history_row(h, step.k, Some(result), &theta) {
            sh.fatal.get_or_insert(e.context("writing the history"));
        }
    }
    let done = sh.spsa.applied();
    let rate = done as f64 / start.elapsed().as_secs_f64().max(1e-9);
    println!(
        "iter {}/{} r={:+} done={done} {rate:.2} it/s  {}{notes}",
        step.k,
        cfg.spsa.iterations,
        result,
        theta_text(cfg, &theta)
    );
    let _ = std::io::stdout().flush();
}

/// The lines printed before the first pair: the settings and each parameter's schedule.
pub fn header(cfg: &TuneConfig, spsa: &Spsa) -> String {
    let s = &cfg.settings;
    let sp = spsa.settings();
    let n = sp.iterations as f64;
    let mut out = format!(
        "rensa-tune: {} iterations (game pairs), {} at once; {} {}x{}, {}; engine {}\n",
        sp.iterations,
        cfg.concurrency,
        s.rule.name(),
        s.size,
        s.size,
        cfg.engine
            .info
            .iter()
            .find_map(|l| l.strip_prefix("INFO max_node "))
            .map_or(
                format!("turn {} ms, match {} ms", s.tc.turn_ms, s.tc.match_ms),
                |n| format!("{n} nodes per move")
            ),
        cfg.engine.cmd.join(" ")
    );
    out += &format!(
        "SPSA alpha={} gamma={} A={} r_end={} seed={}\n",
        sp.alpha,
        sp.gamma,
        sp.stability(),
        sp.r_end,
        cfg.seed
    );
    out += "param start min max c_end c_1\n";
    for p in spsa.params() {
        out += &format!(
            "  {} {} {} {} {} {:.2}\n",
            p.name,
            p.start,
            p.min,
            p.max,
            p.c_end,
            p.c_end * n.powf(sp.gamma)
        );
    }
    out
}

/// The final report: the tuned values (`θ` rounded) as INFO lines, as `rensa-match` engine
/// options and as the constants of `src/params.rs`.
pub fn report(cfg: &TuneConfig, res: &TuneResult) -> String {
    let secs = res.elapsed.as_secs_f64();
    let applied = res.spsa.applied();
    let mut out = format!(
        "Finished {applied} iterations ({} games) in {secs:.1} s: {:.2} iterations/s; {} games lost by a fault\n",
        res.games,
        applied as f64 / secs.max(1e-9),
        res.faults
    );
    let values = res.spsa.values();
    let base = rule_values(cfg.settings.rule);
    out += "\nTuned values (theta rounded; start in brackets):\n";
    for ((t, v), theta) in cfg.params.iter().zip(&values).zip(res.spsa.theta()) {
        out += &format!(
            "param_{} {v}    # theta {theta:.2} [{}]\n",
            t.name,
            t.get(&base)
        );
    }
    out += "\nAs rensa-match engine options (e.g. to run an SPRT against the defaults):\n ";
    for (t, v) in cfg.params.iter().zip(&values) {
        out += &format!(" info=param_{}:{v}", t.name);
    }
    // The parameter lines of the engine options (the rule mask and the values fixed with it).
    for (name, v) in cfg.engine.info.iter().filter_map(|l| {
        l.strip_prefix("INFO param_")
            .and_then(|rest| rest.split_once(' '))
    }) {
        out += &format!(" info=param_{name}:{v}");
    }
    out += "\n\nFor src/params.rs";
    if !rule_in(TUNED_RULES, cfg.settings.rule) {
        out += &format!(
            " (values for {}, which searches outside tuned_rules: see SearchParams::for_rule)",
            cfg.settings.rule.name()
        );
    }
    out += ":\n";
    for (t, v) in cfg.params.iter().zip(&values) {
        out += &format!("pub const {}: {} = {v};\n", t.const_name(), t.ty);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn command_line() {
        let c = parse(&args(&[
            "-cmd",
            "/x/pbrain-rensa",
            "-params",
            "lmr_depth,rfp_margin",
            "-iterations",
            "10",
            "-nodes",
            "5000",
            "-spsa",
            "r_end=0.01",
            "A=3",
            "-concurrency",
            "1",
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(c.engine.cmd, ["/x/pbrain-rensa"]);
        assert_eq!(c.engine.info, ["INFO max_node 5000"]);
        // The table's order, not the command line's.
        let names: Vec<&str> = c.params.iter().map(|t| t.name).collect();
        assert_eq!(names, ["rfp_margin", "lmr_depth"]);
        assert_eq!(c.spsa.iterations, 10);
        assert_eq!(c.spsa.stability(), 3.0);
        assert_eq!(c.spsa.r_end, 0.01);
        assert_eq!(c.settings.tc.match_ms, 0, "node-limited: no game clock");
        let spec = side(&c, "plus", &[130, 4]);
        assert_eq!(
            spec.info,
            [
                "INFO max_node 5000",
                "INFO param_rfp_margin 130",
                "INFO param_lmr_depth 4"
            ]
        );
        // Defaults: every parameter, 20000 nodes, two pairs at once.
        let d = parse(&[]).unwrap().unwrap();
        assert_eq!(d.params.len(), TUNABLES.len());
        assert_eq!(d.engine.info, ["INFO max_node 20000"]);
        assert_eq!(d.concurrency, 2);
        assert!(d.engine.cmd[0].ends_with("pbrain-rensa"));
        // A clock without -nodes: no node limit.
        let t = parse(&args(&["-tc", "turn=50", "match=5000"]))
            .unwrap()
            .unwrap();
        assert!(t.engine.info.is_empty());
        assert_eq!(t.settings.tc.turn_ms, 50);
        // Renju searches outside tuned_rules: the run adds it to the mask and starts from the
        // values renju searches with.
        let r = parse(&args(&["-rule", "4", "-params", "rfp_margin"]))
            .unwrap()
            .unwrap();
        let renju = SearchParams::DEFAULT.for_rule(Rule::Renju);
        assert_eq!(
            r.engine.info[..2],
            [
                "INFO max_node 20000".to_string(),
                format!("INFO param_tuned_rules {}", TUNED_RULES | 1 << 4)
            ]
        );
        // The untuned parameters renju searches with are sent as they are; not the tuned one.
        let futility = format!("INFO param_futility_margin {}", renju.futility_margin);
        assert!(r.engine.info.contains(&futility), "{:?}", r.engine.info);
        assert!(!r.engine.info.iter().any(|l| l.contains("rfp_margin")));
        assert_eq!(spsa_params(&r)[0].start, renju.rfp_margin as f64);
        assert_eq!(spsa_params(&c)[0].start, rensa::params::RFP_MARGIN as f64);
        assert!(parse(&args(&["-help"])).unwrap().is_none());
        for bad in [
            &["-params", "nope"][..],
            &["-params", "rfp_margin,rfp_margin"],
            &["-iterations", "0"],
            &["-concurrency", "0"],
            &["-spsa", "alpha=-1"],
            &["-spsa", "beta=1"],
            &["-nodes", "0"],
            &["-size", "99"],
            &["-tc", "turns=1"],
            &["-bogus"],
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn report_lines() {
        let c = parse(&args(&[
            "-params",
            "rfp_margin,lmp_base",
            "-iterations",
            "5",
        ]))
        .unwrap()
        .unwrap();
        let mut spsa = Spsa::new(spsa_params(&c), c.spsa, 1);
        let s = spsa.next_step().unwrap();
        spsa.update(&s, 0.0);
        let res = TuneResult {
            spsa,
            games: 2,
            faults: 0,
            elapsed: Duration::from_secs(1),
        };
        let r = report(&c, &res);
        // θ has not moved (the result was 0): the defaults, as the engine's constants.
        let (rfp, lmp) = (rensa::params::RFP_MARGIN, rensa::params::LMP_BASE);
        assert!(r.contains(&format!("\nparam_rfp_margin {rfp} ")), "{r}");
        assert!(
            r.contains(&format!(
                "info=param_rfp_margin:{rfp} info=param_lmp_base:{lmp}\n"
            )),
            "{r}"
        );
        assert!(
            r.contains(&format!("\npub const RFP_MARGIN: i32 = {rfp};\n")),
            "{r}"
        );
        assert!(
            r.contains(&format!("\npub const LMP_BASE: usize = {lmp};\n")),
            "{r}"
        );
    }
}
