//! The bench: a fixed list of positions (freestyle 15×15 and 20×20, standard, renju, caro)
//! searched to a fixed depth, one thread, the transposition table cleared before each
//! position. Returns total nodes, nodes per second, a make/undo throughput figure and a
//! signature folded from every position's node count, best move and score. Node counts and the
//! signature are the same on every run and machine; only the speeds depend on the clock.

use crate::board::{rule, Board, Pos};
use crate::search::{self, Job, Limits, Threads, Tt};
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

/// The report as text lines; the last line is `<nodes> nodes <nps> nps`.
pub fn format_report(r: &BenchReport) -> Vec<String> {
    let mut out = Vec::new();
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
        for p in POSITIONS {
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
