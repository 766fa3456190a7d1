//! Measures Lazy SMP: the cost of starting helper threads, time to depth, depth in fixed time and
//! the peak memory per helper, for a number of threads.
//!
//! `cargo run --release --example smp_bench -- spawn`
//! `cargo run --release --example smp_bench -- depth [depth=10] [threads=1]`
//! `cargo run --release --example smp_bench -- time [ms=2000] [threads=1]`
//! `cargo run --release --example smp_bench -- mem [threads=1]` (Linux: reads VmHWM)
//!
//! Run on an idle machine: helpers only pay off when they get a core of their own.

use rensa::board::{rule, Board};
use rensa::search::{self, Control, Job, Limits, SearchResult, Threads, Tt};
use rensa::{Color, Rule};
use std::time::{Duration, Instant};

/// Positions as move lists (Black first), like the bench's.
const POSITIONS: &[(Rule, usize, &str)] = &[
    (Rule::Freestyle, 15, "7,7 8,8 8,6 6,8"),
    (Rule::Freestyle, 15, "7,7 7,8 8,8 6,6 9,9 10,10 8,7 8,9"),
    (Rule::Freestyle, 20, "10,10 11,11 9,11 11,9 11,10 12,10"),
    (Rule::Standard, 15, "7,7 8,8 6,8 8,6 8,7 9,7"),
    (Rule::Renju, 15, "7,7 7,6 8,8 6,6 6,8 9,9"),
    (Rule::Caro, 15, "7,7 8,8 8,6 6,8"),
];

fn build(r: Rule, size: usize, moves: &str) -> (Board, Color) {
    let mut b = Board::new(size, size, r);
    let mut side = Color::Black;
    for mv in moves.split_whitespace() {
        let (x, y) = mv.split_once(',').expect("x,y");
        let p = b
            .grid()
            .pos(x.parse().expect("x"), y.parse().expect("y"))
            .expect("on the board");
        assert!(rule::is_legal(b.grid(), p, side, r), "illegal {mv}");
        b.make(p, side);
        side = side.opp();
    }
    (b, side)
}

/// One search with a fresh table of `tt_bytes` and the hard time limit `hard_ms`; also returns
/// the main thread's nodes at its last finished iteration.
fn search(
    b: &Board,
    side: Color,
    limits: &Limits,
    hard_ms: Option<u64>,
    threads: usize,
    tt_bytes: usize,
) -> (SearchResult, u64) {
    let tt = Tt::new(tt_bytes);
    let control = Control::new();
    control.set_deadline(hard_ms);
    let job = Job {
        control: &control,
        threads,
        ..Job::new(b, side, *limits, &tt)
    };
    let mut main = 0;
    let r = search::think(&job, &mut Threads::new(), &mut |i| main = i.nodes);
    (r, main)
}

fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> T {
    args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map_or("spawn", String::as_str) {
        "spawn" => {
            // A forced answer (block the four): the main search returns at once, so the time
            // is the fixed cost of a search, helpers started and joined included.
            let (b, side) = build(Rule::Freestyle, 15, "7,7 0,0 8,7 0,2 9,7 0,4 10,7");
            for threads in [1, 2, 1, 2] {
                let n = 1000;
                let t = Instant::now();
                for _ in 0..n {
                    search(&b, side, &Limits::depth(20), None, threads, 1 << 20);
                }
                let us = t.elapsed().as_secs_f64() * 1e6 / n as f64;
                println!("{threads} thread(s): {us:.0} us per forced search");
            }
        }
        "depth" => {
            let (depth, threads) = (arg(&args, 2, 10), arg(&args, 3, 1));
            let (mut total, mut nodes, mut main_nodes) = (Duration::ZERO, 0, 0);
            for &(r, size, moves) in POSITIONS {
                let (b, side) = build(r, size, moves);
                let t = Instant::now();
                let (res, main) = search(&b, side, &Limits::depth(depth), None, threads, 64 << 20);
                let e = t.elapsed();
                total += e;
                nodes += res.nodes;
                main_nodes += main;
                println!(
                    "{r:?} {size}: depth {} best {} score {} nodes {} (main {main}) {:.0} ms",
                    res.depth,
                    res.best,
                    res.score,
                    res.nodes,
                    e.as_secs_f64() * 1e3
                );
            }
            println!(
                "{threads} thread(s) to depth {depth}: {:.0} ms, {nodes} nodes (main {main_nodes}), {:.0} knps",
                total.as_secs_f64() * 1e3,
                nodes as f64 / total.as_secs_f64() / 1e3
            );
        }
        "time" => {
            let (ms, threads) = (arg(&args, 2, 2000u64), arg(&args, 3, 1));
            let (mut depths, mut nodes) = (0, 0);
            for &(r, size, moves) in POSITIONS {
                let (b, side) = build(r, size, moves);
                let mut limits = Limits::infinite();
                limits.soft_ms = Some(ms * 4);
                limits.start = Instant::now();
                let (res, _) = search(&b, side, &limits, Some(ms), threads, 64 << 20);
                depths += res.depth;
                nodes += res.nodes;
                println!(
                    "{r:?} {size}: depth {} best {} score {} nodes {}",
                    res.depth, res.best, res.score, res.nodes
                );
            }
            println!(
                "{threads} thread(s), {ms} ms each: depths sum {depths}, {:.0} knps",
                nodes as f64 / (POSITIONS.len() as f64 * ms as f64)
            );
        }
        "mem" => {
            let threads = arg(&args, 2, 1);
            let (b, side) = build(Rule::Freestyle, 20, "10,10 11,11 9,11 11,9 11,10 12,10");
            let mut limits = Limits::infinite();
            limits.soft_ms = Some(8_000);
            let (r, _) = search(&b, side, &limits, Some(2_000), threads, 1 << 20);
            let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
            let hwm = status
                .lines()
                .find(|l| l.starts_with("VmHWM"))
                .unwrap_or("");
            println!(
                "{threads} thread(s): depth {} nodes {} {hwm}",
                r.depth, r.nodes
            );
        }
        other => println!("unknown mode {other}: spawn, depth, time or mem"),
    }
}
