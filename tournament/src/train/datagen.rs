//! `rensa-train generate`: training positions from fast self-play of the engine in this build.
//!
//! Each worker thread plays whole games in-process (no child processes): every move is a
//! node-limited search of one thread with its own transposition table, so a game depends only
//! on its opening, the seed and the build. In the first plies after the opening a move is
//! sometimes a random reasonable cell instead (one that makes or stops an open two or better),
//! so that games from the same opening differ. A search that proves a win or a loss ends the
//! game there (adjudicated). Every position before a move is written
//! ([`crate::train::dataset`]) with the search's score and, once the game is over, its result.
//! A shard (`-shard I/N`) plays the games whose numbers are `I-1` modulo `N`, each with the
//! opening and seed of its number in the whole run, so the shards' files together hold the
//! games of one run.

use std::io::BufWriter;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{Context, Result};
use rensa::board::{rule, Board, Class, Pos};
use rensa::search::{self, Job, Limits, Threads, Tt};
use rensa::types::{Color, Rule};

use crate::common::game::{GameSettings, TimeControl};
use crate::common::opening::{OpeningSource, SplitMix};
use crate::common::shard::Shard;
use crate::train::dataset::{stored_move, stored_score, Record, Writer, FLAG_MATE, FLAG_NOT_QUIET};

/// What to generate.
#[derive(Clone, Debug)]
pub struct GenConfig {
    pub out: PathBuf,
    pub rule: Rule,
    pub size: usize,
    pub openings: OpeningSource,
    /// Nodes per move.
    pub nodes: u64,
    /// Stop after this many games of the run (a shard plays its share of them) …
    pub games: u64,
    /// … or once this many positions are written (by a shard: its share of them).
    pub positions: u64,
    /// The part of the run this one plays ([`Shard::ALL`]: all of it).
    pub shard: Shard,
    /// Plies after the opening in which a random move may be played …
    pub random_plies: u32,
    /// … each with this probability (per mille).
    pub random_permille: u64,
    pub seed: u64,
    pub concurrency: usize,
    /// Transposition table per worker, bytes.
    pub tt_bytes: usize,
    /// The weights the players evaluate with, installed by the command before the run.
    pub weights: crate::train::init::Init,
}

/// Totals of a run.
#[derive(Clone, Debug, Default)]
pub struct GenReport {
    pub games: u64,
    pub positions: u64,
    /// Wins of Black, wins of White, draws.
    pub results: [u64; 3],
    pub adjudicated: u64,
    pub seconds: f64,
}

struct Shared {
    writer: Writer<BufWriter<std::fs::File>>,
    report: GenReport,
    error: Option<anyhow::Error>,
    /// Progress lines printed so far.
    printed: u64,
}

/// Runs the generator; prints a progress line every `progress_s` seconds.
pub fn run(cfg: &GenConfig, progress_s: u64) -> Result<GenReport> {
    let file = std::fs::File::create(&cfg.out)
        .with_context(|| format!("creating {}", cfg.out.display()))?;
    let writer = Writer::new(BufWriter::new(file))?;
    let shared = Mutex::new(Shared {
        writer,
        report: GenReport::default(),
        error: None,
        printed: 0,
    });
    let next_game = AtomicU64::new(0);
    let start = Instant::now();
    let settings = GameSettings::new(
        cfg.size,
        cfg.rule,
        TimeControl {
            turn_ms: 0,
            match_ms: 0,
            tolerance_ms: 0,
        },
    );
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.max(1) {
            scope.spawn(|| worker(cfg, &settings, &shared, &next_game, start, progress_s));
        }
    });
    let mut sh = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    sh.writer.flush()?;
    if let Some(e) = sh.error {
        return Err(e);
    }
    sh.report.seconds = start.elapsed().as_secs_f64();
    Ok(sh.report)
}

fn worker(
    cfg: &GenConfig,
    settings: &GameSettings,
    shared: &Mutex<Shared>,
    next_game: &AtomicU64,
    start: Instant,
    progress_s: u64,
) {
    let mut tt = Tt::new(cfg.tt_bytes);
    let mut threads = Threads::new();
    let (shard, count) = (cfg.shard.index as u64, cfg.shard.count as u64);
    let positions = cfg
        .shard
        .share(cfg.positions.min(usize::MAX as u64) as usize) as u64;
    loop {
        // The shard's k-th game is game k·N + I-1 of the run.
        let k = next_game.fetch_add(1, Ordering::SeqCst);
        let index = k.saturating_mul(count).saturating_add(shard);
        {
            let sh = shared.lock().unwrap_or_else(|e| e.into_inner());
            let done = index >= cfg.games || sh.report.positions >= positions;
            if done || sh.error.is_some() {
                return;
            }
        }
        let opening = cfg
            .openings
            .get(index as usize, settings.size, settings.rule);
        tt.clear();
        let (records, winner, adjudicated) = play(cfg, &opening.moves, index, &tt, &mut threads);
        let mut sh = shared.lock().unwrap_or_else(|e| e.into_inner());
        for r in &records {
            if let Err(e) = sh.writer.write(r) {
                sh.error = Some(anyhow::Error::from(e).context("writing the data file"));
                return;
            }
        }
        let secs = start.elapsed().as_secs();
        let print = progress_s > 0 && secs / progress_s > sh.printed;
        if print {
            sh.printed = secs / progress_s;
        }
        let rep = &mut sh.report;
        rep.games += 1;
        rep.positions += records.len() as u64;
        rep.results[winner.map_or(2, |c| c.index())] += 1;
        rep.adjudicated += adjudicated as u64;
        if print {
            println!(
                "{:>6} s  games {:>7}  positions {:>9}  {:>6.0} positions/s  black {} white {} draws {}",
                secs,
                rep.games,
                rep.positions,
                rep.positions as f64 / start.elapsed().as_secs_f64().max(1e-3),
                rep.results[0],
                rep.results[1],
                rep.results[2]
            );
        }
    }
}

/// Plays game `index` from `opening`; returns its records (results filled in), the winner and
/// whether a proof ended it.
fn play(
    cfg: &GenConfig,
    opening: &[(usize, usize)],
    index: u64,
    tt: &Tt,
    threads: &mut Threads,
) -> (Vec<Record>, Option<Color>, bool) {
    let mut rng = SplitMix(cfg.seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut board = Board::new(cfg.size, cfg.size, cfg.rule);
    let mut side = Color::Black;
    let mut stones: Vec<u16> = Vec::new();
    for &(x, y) in opening {
        board.make(Pos::new(x, y), side);
        stones.push((y * cfg.size + x) as u16);
        side = side.opp();
    }
    let mut records: Vec<Record> = Vec::new();
    let mut winner = None;
    let mut adjudicated = false;
    let mut ply = 0u32;
    // Until the board is full (a draw), unless a five or a proof ends the game first.
    while board.move_count() < cfg.size * cfg.size {
        let mut job = Job::new(&board, side, Limits::nodes(cfg.nodes), tt);
        // The game's first search clears the history the worker's previous game left: a game
        // depends on its number alone, not on which games its worker played before.
        job.keep_history = !records.is_empty();
        let r = search::think(&job, threads, &mut |_| {});
        let (score, mate) = stored_score(r.score);
        let n = |c: Color, k: Class| board.class_count(c, k) > 0;
        let not_quiet = n(side, Class::Five)
            || n(side.opp(), Class::Five)
            || n(side, Class::Flex4)
            || n(side, Class::DoubleFour);
        records.push(Record {
            rule: cfg.rule,
            width: cfg.size as u8,
            height: cfg.size as u8,
            side,
            result: 0,
            flags: if mate { FLAG_MATE } else { 0 } | if not_quiet { FLAG_NOT_QUIET } else { 0 },
            score,
            best: stored_move(r.best, cfg.size),
            stones: stones.clone(),
        });
        if mate {
            winner = Some(if r.score > 0 { side } else { side.opp() });
            adjudicated = true;
            break;
        }
        let mut mv = r.best;
        if ply < cfg.random_plies && rng.below(1000) < cfg.random_permille {
            let pool: Vec<Pos> = board
                .candidates()
                .filter(|&p| {
                    (board.class(p, side) >= Class::Flex2
                        || board.class(p, side.opp()) >= Class::Flex2)
                        && rule::is_legal(board.grid(), p, side, cfg.rule)
                })
                .collect();
            if !pool.is_empty() {
                mv = pool[rng.below(pool.len() as u64) as usize];
            }
        }
        if mv.is_none() || !board.is_empty(mv) {
            break;
        }
        let five = board.class(mv, side) == Class::Five;
        board.make(mv, side);
        stones.push((mv.y() * cfg.size + mv.x()) as u16);
        if five {
            winner = Some(side);
            break;
        }
        side = side.opp();
        ply += 1;
    }
    for r in &mut records {
        r.result = match winner {
            None => 0,
            Some(w) if w == r.side => 1,
            Some(_) => -1,
        };
    }
    (records, winner, adjudicated)
}
