//! Measures the board: pattern-table build time and make+undo throughput.
//!
//! `cargo run --release --example board_bench [pairs]`

use std::time::Instant;

use rensa::board::{bench_make_undo, pattern, Board, FiveKind};
use rensa::Rule;

fn main() {
    for kind in FiveKind::ALL {
        let t = Instant::now();
        let _ = pattern::table(kind);
        println!("table {kind:?}: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    }
    let t = Instant::now();
    let _ = Board::new(15, 15, Rule::Renju);
    println!(
        "first Board::new (pattern4 tables): {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    let pairs = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000_000u64);
    let cpu0 = cpu_seconds();
    let (n, secs) = bench_make_undo(pairs);
    let cpu = cpu_seconds().zip(cpu0).map(|(a, b)| a - b);
    println!(
        "make+undo: {n} pairs in {secs:.3} s wall = {:.2} M/s",
        n as f64 / secs / 1e6
    );
    if let Some(cpu) = cpu {
        println!(
            "make+undo: {cpu:.3} s on the CPU = {:.2} M/s",
            n as f64 / cpu / 1e6
        );
    }
}

/// CPU time of this thread so far (Linux `/proc/thread-self/schedstat`), to measure on a busy
/// machine.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}
