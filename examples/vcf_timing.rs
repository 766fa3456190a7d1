//! Times the root search on the VCF positions of the tactical suite (`tests/data/vcf.txt`):
//! for each position the attacking fours of the shortest VCF, the fours of the engine's line,
//! nodes and milliseconds (the median of several runs, each with a fresh transposition table),
//! and the maxima. The target: every VCF of up to 15 fours found within 100 ms.
//!
//! `cargo run --release --example vcf_timing [runs]` (default 5 runs per position).

#[path = "../tests/data/vcf.rs"]
mod vcf;

use rensa::search::{self, Job, Limits, Tt};
use rensa::{Board, Cell, Color};
use std::time::Instant;

/// Node cap per run: far above what any position needs, so the figures are the search's own.
const MAX_NODES: u64 = 20_000_000;

fn board(p: &vcf::VcfPosition) -> Board {
    let g = p.grid();
    let mut b = Board::new(g.width(), g.height(), p.rule);
    for q in g.positions() {
        match g.get(q) {
            Cell::Black => b.make(q, Color::Black),
            Cell::White => b.make(q, Color::White),
            Cell::Wall => b.block(q),
            Cell::Empty => {}
        }
    }
    b
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5)
        .max(1);
    println!(
        "{:<34} {:<9} {:<5} {:>5} {:>6} {:>9} {:>9}  result",
        "position", "rule", "side", "fours", "engine", "nodes", "ms"
    );
    let (mut max_ms, mut max_nodes) = (0.0f64, 0u64);
    let mut failed = 0;
    for p in vcf::positions() {
        let me = p.to_move();
        let mut times = Vec::with_capacity(runs);
        let mut result = None;
        for _ in 0..runs {
            let b = board(&p);
            let tt = Tt::new(1 << 22);
            let limits = Limits {
                max_depth: 64,
                ..Limits::nodes(MAX_NODES)
            };
            let t = Instant::now();
            let r = Job::new(&b, me, limits, &tt).run();
            times.push(t.elapsed().as_secs_f64() * 1e3);
            result = Some(r);
        }
        times.sort_by(f64::total_cmp);
        let ms = times[runs / 2];
        let r = result.unwrap();
        let line = vcf::check_line(&p.grid(), p.rule, me, &r.pv);
        let verdict = if !(search::is_mate(r.score) && r.score > 0) {
            format!("no win proven (plays {})", r.best)
        } else if !p.moves.contains(&r.best.to_string()) {
            format!("plays {}, not a winning four", r.best)
        } else {
            match &line {
                Ok(f) if *f >= p.fours => "ok".to_string(),
                Ok(f) => format!("line of {f} fours is shorter than the shortest VCF"),
                Err(e) => format!("line is no win: {e}"),
            }
        };
        let engine = line.map_or("-".to_string(), |f| f.to_string());
        if verdict == "ok" {
            max_ms = max_ms.max(ms);
            max_nodes = max_nodes.max(r.nodes);
        } else {
            failed += 1;
        }
        println!(
            "{:<34} {:<9} {:<5} {:>5} {:>6} {:>9} {:>9.2}  {verdict}",
            p.name,
            p.rule.name(),
            format!("{me:?}"),
            p.fours,
            engine,
            r.nodes,
            ms
        );
    }
    println!(
        "max over the positions solved: {max_ms:.2} ms, {max_nodes} nodes ({failed} not solved)"
    );
}
