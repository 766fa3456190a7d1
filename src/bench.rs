//! The bench: a fixed list of positions (freestyle 15×15 and 20×20, standard, renju, caro)
//! searched to a fixed depth, one thread, the transposition table cleared before each
//! position. Returns total nodes, nodes per second, a make/undo throughput figure and a
//! signature folded from every position's node count, best move and score. Node counts and the
//! signature are the same on every run and machine; only the speeds depend on the clock.

use crate::board::{rule, Board, Pos};
use crate::params::SearchParams;
use crate::search::{self, Control, Job, Limits, Threads, Tt};
use crate::types::{Color, Rule};
use std::time::{Duration, Instant};

/// Depth searched when none is given.
pub const DEFAULT_DEPTH: u32 = 9;
/// Transposition table size, cleared before each position.
const TT_BYTES: usize = 16 << 20;
/// Make/undo pairs timed by the micro benchmark.
const MAKE_UNDO_PAIRS: u64 = 2_000_000;

/// One bench position: rule, board size and the moves played (Black first, alternating), as
/// `x,y` pairs separated by spaces.
#[derive(Clone, Copy)]
struct BenchPosition {
    name: &'static str,
    rule: Rule,
    size: usize,
    moves: &'static str,
}

const POSITIONS: &[BenchPosition] = &[
    BenchPosition {
        name: "freestyle15-opening",
        rule: Rule::Freestyle,
        size: 15,
        moves: "7,7 8,8 8,6 6,8",
    },
    BenchPosition {
        name: "freestyle15-sword",
        rule: Rule::Freestyle,
        size: 15,
        moves: "7,7 8,7 7,8 7,6 8,9 6,7",
    },
    BenchPosition {
        name: "freestyle15-middle",
        rule: Rule::Freestyle,
        size: 15,
        moves: "7,7 7,8 8,8 6,6 9,9 10,10 8,7 8,9",
    },
    BenchPosition {
        name: "freestyle20-opening",
        rule: Rule::Freestyle,
        size: 20,
        moves: "10,10 11,10 10,11 12,9",
    },
    BenchPosition {
        name: "freestyle20-middle",
        rule: Rule::Freestyle,
        size: 20,
        moves: "10,10 11,11 9,11 11,9 11,10 12,10",
    },
    BenchPosition {
        name: "standard15-opening",
        rule: Rule::Standard,
        size: 15,
        moves: "7,7 6,8 8,6 6,6 6,7 8,8",
    },
    BenchPosition {
        name: "standard15-middle",
        rule: Rule::Standard,
        size: 15,
        moves: "7,7 8,8 6,8 8,6 8,7 9,7",
    },
    BenchPosition {
        name: "renju15-opening",
        rule: Rule::Renju,
        size: 15,
        moves: "7,7 8,6 8,8 6,6",
    },
    BenchPosition {
        name: "renju15-middle",
        rule: Rule::Renju,
        size: 15,
        moves: "7,7 7,6 8,8 6,6 6,8 9,9",
    },
    BenchPosition {
        name: "caro15-opening",
        rule: Rule::Caro,
        size: 15,
        moves: "7,7 8,8 8,6 6,8",
    },
    BenchPosition {
        name: "caro15-middle",
        rule: Rule::Caro,
        size: 15,
        moves: "7,7 8,7 7,8 7,6 6,9 5,10",
    },
];

/// The outcome of one bench position.
#[derive(Clone, Debug)]
pub struct BenchLine {
    pub name: &'static str,
    pub nodes: u64,
    pub best: Pos,
    pub score: i32,
    pub depth: u32,
    pub elapsed: Duration,
}

/// The outcome of the whole bench.
#[derive(Clone, Debug)]
pub struct BenchReport {
    pub depth: u32,
    pub lines: Vec<BenchLine>,
    pub nodes: u64,
    pub elapsed: Duration,
    pub nps: u64,
    pub make_undo_per_sec: u64,
    pub signature: u32,
}

/// Builds the board of a move list; `None` if a move is malformed, occupied or illegal.
fn build(p: &BenchPosition) -> Option<(Board, Color)> {
    let mut b = Board::new(p.size, p.size, p.rule);
    let mut side = Color::Black;
    for mv in p.moves.split_whitespace() {
        let (x, y) = mv.split_once(',')?;
        let pos = b.grid().pos(x.parse().ok()?, y.parse().ok()?)?;
        if !rule::is_legal(b.grid(), pos, side, p.rule) {
            return None;
        }
        b.make(pos, side);
        side = side.opp();
    }
    Some((b, side))
}

/// Folds one value into the signature (FNV-1a over its bytes).
fn fold(sig: u32, v: u64) -> u32 {
    v.to_le_bytes()
        .iter()
        .fold(sig, |h, &b| (h ^ b as u32).wrapping_mul(0x0100_0193))
}

/// Times make/undo pairs on the first bench position; returns pairs per second.
fn make_undo_speed() -> u64 {
    let (mut b, side) = build(&POSITIONS[1]).expect("bench position");
    let cells: Vec<Pos> = b
        .grid()
        .positions()
        .filter(|&p| b.grid().is_empty(p))
        .take(64)
        .collect();
    let start = Instant::now();
    let mut n = 0u64;
    while n < MAKE_UNDO_PAIRS {
        for &p in &cells {
            b.make(p, side);
            b.undo();
        }
        n += cells.len() as u64;
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    (n as f64 / secs) as u64
}

/// Runs the bench at `depth` (default [`DEFAULT_DEPTH`]).
pub fn run_bench(depth: Option<u32>) -> BenchReport {
    let depth = depth.unwrap_or(DEFAULT_DEPTH).max(1);
    let mut tt = Tt::new(TT_BYTES);
    let mut threads = Threads::new();
    let mut lines = Vec::new();
    let mut sig = 0x811C_9DC5u32;
    let start = Instant::now();
    for p in POSITIONS {
        let (board, side) = build(p).expect("bench positions are legal");
        tt.clear();
        let limits = Limits::depth(depth);
        let t0 = Instant::now();
        let job = Job::new(&board, side, limits, &tt);
        let r = search::think(&job, &mut threads, &mut |_| {});
        let elapsed = t0.elapsed();
        sig = fold(sig, r.nodes);
        sig = fold(sig, r.best.0 as u64);
        sig = fold(sig, r.score as i64 as u64);
        lines.push(BenchLine {
            name: p.name,
            nodes: r.nodes,
            best: r.best,
            score: r.score,
            depth: r.depth,
            elapsed,
        });
    }
    let elapsed = start.elapsed();
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    BenchReport {
        depth,
        lines,
        nodes,
        elapsed,
        nps,
        make_undo_per_sec: make_undo_speed(),
        signature: sig,
    }
}

/// Middle games of 15×15 freestyle (16 stones, Black to move), taken from Rensa's self-play
/// on book openings, for the depth profile: a timed search is not deterministic, so these are
/// measurements, not tests.
const MIDDLE_GAMES: &[&str] = &[
    "12,4 10,7 9,6 8,7 9,7 9,5 9,8 10,6 10,8 11,9 9,9 9,10 11,7 12,6 8,8 7,8",
    "10,8 10,7 13,8 11,8 12,9 9,9 12,10 10,11 11,9 9,7 13,9 13,10 12,8 12,7 10,9 14,9",
    "4,11 3,11 3,13 4,9 5,9 3,10 5,10 5,8 6,7 3,12 6,8 4,12 5,12 3,9 3,8 2,10",
    "10,3 11,3 11,1 8,5 10,4 10,5 11,4 9,2 10,1 8,4 9,5 10,7 8,6 9,7 13,4 12,4",
    "8,10 4,8 7,8 8,8 1,5 9,9 7,7 7,9 9,7 6,9 8,9 6,7 7,10 4,9 6,11 5,12",
    "5,7 6,4 4,6 3,5 2,4 5,4 2,5 6,6 2,6 2,7 3,6 1,6 4,7 5,8 4,4 4,5",
    "9,1 10,3 11,3 9,4 8,5 9,6 9,5 10,5 10,2 12,4 10,4 8,6 11,6 11,4 8,7 7,5",
    "11,1 10,2 12,2 10,1 7,4 9,5 10,4 9,4 9,6 8,5 7,6 10,6 7,5 7,3 8,4 6,6",
    "1,4 2,1 1,1 3,4 5,6 4,3 2,5 5,4 3,2 4,4 6,4 4,5 4,2 3,6 2,7 2,3",
    "3,8 2,11 0,9 4,11 6,9 2,9 2,10 5,9 3,11 3,10 5,12 4,9 5,8 1,9 3,9 4,8",
    "1,9 3,10 3,11 5,9 4,9 5,10 5,11 4,12 4,11 6,11 4,10 4,7 3,9 2,8 1,11 2,11",
    "4,7 8,10 6,10 7,6 10,9 7,8 7,7 8,7 6,9 5,8 6,7 6,8 8,8 7,9 5,7 3,7",
    "4,7 2,10 6,8 4,9 1,9 5,7 5,8 6,9 3,8 4,8 3,9 4,10 4,11 2,9 1,10 3,11",
    "5,5 4,6 2,8 5,8 4,4 6,6 5,6 4,8 6,8 4,7 4,9 5,9 6,10 5,7 3,9 6,7",
    "8,10 6,11 5,13 7,9 8,9 8,8 7,8 9,10 5,10 4,10 6,10 9,9 9,8 4,11 5,11 5,12",
    "6,4 8,3 9,1 8,4 8,5 7,3 6,2 6,3 9,3 7,2 9,4 9,2 7,4 7,6 8,1 7,1",
    "11,5 11,4 7,2 9,5 9,2 10,4 9,4 8,3 8,6 10,6 8,4 8,2 6,4 10,3 10,5 9,3",
    "9,9 5,13 11,13 7,11 5,11 7,10 7,12 8,11 8,10 10,11 9,11 10,12 10,10 9,12 6,9 8,9",
    "7,11 8,10 10,8 5,9 9,8 5,10 7,10 7,12 6,11 8,9 5,11 8,11 8,8 7,8 7,9 9,7",
    "11,12 9,12 7,9 6,12 5,11 6,10 6,9 8,9 5,10 7,8 5,9 5,12 6,11 4,9 5,8 5,7",
    "13,10 9,10 12,11 10,12 12,9 9,11 10,10 9,9 9,12 7,9 8,10 8,9 10,9 10,7 9,8 11,10",
    "1,4 5,4 2,3 4,2 2,5 5,3 2,4 2,2 3,6 4,7 5,6 2,6 3,4 4,5 3,2 5,0",
    "7,6 5,5 2,2 2,8 7,5 7,7 6,6 5,7 5,6 4,6 3,7 8,7 9,7 8,6 6,8 6,9",
    "5,5 5,4 8,8 4,4 3,4 6,4 7,4 6,3 6,5 4,5 7,2 7,5 5,3 8,3 10,8 8,4",
];

/// One of [`MIDDLE_GAMES`] as a position to build.
fn middle_game(moves: &'static str) -> BenchPosition {
    BenchPosition {
        name: "middle",
        rule: Rule::Freestyle,
        size: 15,
        moves,
    }
}

/// Depths whose time the depth profile reports.
const PROFILE_DEPTHS: [u32; 4] = [8, 10, 12, 14];

/// The depth profile: each of [`MIDDLE_GAMES`] searched for `ms` milliseconds with `threads`
/// threads and the search parameters `params` (a 64 MiB table cleared before each), the last
/// depth it completes and the time at which depths 8, 10, 12 and 14 were done; then the median
/// over the positions (those whose result is proven, a win or loss found, are left out). Timed,
/// so the figures depend on the machine: a measurement for the notes, not a test.
pub fn depth_profile(ms: u64, threads: usize, params: SearchParams) -> Vec<String> {
    let mut tt = Tt::new(64 << 20);
    let mut workers = Threads::new();
    let mut out = Vec::new();
    let mut reached = Vec::new();
    let mut times: Vec<Vec<u128>> = vec![Vec::new(); PROFILE_DEPTHS.len()];
    let (mut nodes, mut elapsed) = (0u64, std::time::Duration::ZERO);
    for (i, moves) in MIDDLE_GAMES.iter().enumerate() {
        let (board, side) = build(&middle_game(moves)).expect("profile positions are legal");
        tt.clear();
        let control = Control::new();
        control.set_deadline(Some(ms));
        let limits = Limits {
            soft_ms: Some(ms),
            ..Limits::infinite()
        };
        let mut job = Job::new(&board, side, limits, &tt);
        job.control = &control;
        job.threads = threads;
        job.params = params;
        let mut done: Vec<(u32, u128)> = Vec::new();
        let started = std::time::Instant::now();
        let r = search::think(&job, &mut workers, &mut |it| {
            done.push((it.depth, it.elapsed.as_millis()))
        });
        nodes += r.nodes;
        elapsed += started.elapsed();
        let completed = done.last().map_or(0, |&(d, _)| d);
        let mut line = format!(
            "middle {:2} depth {:2} score {:6} ",
            i + 1,
            completed,
            r.score
        );
        if search::is_mate(r.score) {
            out.push(line + " proven: left out");
            continue;
        }
        for (k, &d) in PROFILE_DEPTHS.iter().enumerate() {
            match done.iter().find(|&&(dd, _)| dd >= d) {
                Some(&(_, t)) => {
                    times[k].push(t);
                    line += &format!(" d{d} {t:5} ms");
                }
                None => line += &format!(" d{d}     - ms"),
            }
        }
        out.push(line);
        reached.push(completed);
    }
    reached.sort_unstable();
    let mut summary = format!(
        "{} ms, {} thread(s), {} unproven positions: {} nps, median depth {}",
        ms,
        threads,
        reached.len(),
        (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64,
        reached.get(reached.len() / 2).copied().unwrap_or(0)
    );
    for (k, &d) in PROFILE_DEPTHS.iter().enumerate() {
        let t = &mut times[k];
        t.sort_unstable();
        if t.is_empty() {
            summary += &format!(", depth {d} never");
        } else {
            summary += &format!(
                ", depth {d} in {}/{} (median {} ms)",
                t.len(),
                reached.len(),
                t[t.len() / 2]
            );
        }
    }
    out.push(summary);
    out
}

/// The report as text lines; the last line is `<nodes> nodes <nps> nps`.
pub fn format_report(r: &BenchReport) -> Vec<String> {
    let mut net = crate::eval::net::active().map_or("none".to_string(), |n| n.label());
    if let Some(ln) = crate::eval::lines::active() {
        net += &format!(" lines {}", ln.label());
    }
    let mut out = vec![format!(
        "weights {} network {net}",
        crate::eval::weights::active().label()
    )];
    for (i, l) in r.lines.iter().enumerate() {
        out.push(format!(
            "position {:2} {:<22} depth {:2} best {:>5} score {:6} nodes {:10} time {:6} ms",
            i + 1,
            l.name,
            l.depth,
            l.best.to_string(),
            l.score,
            l.nodes,
            l.elapsed.as_millis()
        ));
    }
    out.push(format!("depth {}", r.depth));
    out.push(format!("make/undo {} per second", r.make_undo_per_sec));
    out.push(format!("signature {:08x}", r.signature));
    out.push(format!("time {} ms", r.elapsed.as_millis()));
    out.push(format!("{} nodes {} nps", r.nodes, r.nps));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_positions_are_legal_and_unfinished() {
        let middle = MIDDLE_GAMES.iter().map(|&moves| middle_game(moves));
        for p in POSITIONS.iter().copied().chain(middle) {
            let p = &p;
            let (b, _) = build(p).unwrap_or_else(|| panic!("{} does not build", p.name));
            for &(q, c) in b.history() {
                assert!(
                    !rule::is_five(b.grid(), q, c, p.rule),
                    "{}: game already over",
                    p.name
                );
            }
        }
    }
}
