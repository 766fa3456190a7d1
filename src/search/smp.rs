//! Lazy SMP: helper threads that search the same position over the shared transposition table.
//!
//! For one move, [`think_parallel`] starts `threads - 1` helpers in a thread scope, then runs the
//! ordinary search on the calling thread (the main thread), which alone decides the move and
//! reports iterations. Each helper owns a copy of the board and its own [`Searcher`] (move
//! stack, history, VCF table); they share only the table, the limits and a stop flag of their
//! own. A helper runs iterative deepening from the root as a plain alpha-beta node, skipping
//! depths on its own schedule ([`SMP_SKIP_SIZE`], [`SMP_SKIP_PHASE`]) so that it runs ahead of
//! the main thread and fills the table with what the main thread is about to need. The helpers
//! stop when the main search returns (however it returns), at the hard time limit on their own,
//! or at their depth limit; the scope joins them before the result is handed back.
//!
//! A node limit is shared out: each helper may search `max_nodes / threads` nodes and the main
//! thread the rest, so all threads together stay within the limit (a helper that ends early
//! leaves its share unused). Only the one-thread search is deterministic.

use super::alphabeta::Searcher;
use super::{is_mate, Aspiration, Limits, SearchOptions, SearchResult, Tt, MATE};
use crate::board::Board;
use crate::params::{SMP_MAX_THREADS, SMP_SKIP_PHASE, SMP_SKIP_SIZE, SMP_STACK_BYTES};
use crate::types::Color;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;

use super::IterationInfo;

/// Most threads a search may use on this machine: its available parallelism, at most
/// [`SMP_MAX_THREADS`] (more threads than cores only slow Lazy SMP down).
pub fn max_threads() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .clamp(1, SMP_MAX_THREADS)
    })
}

/// Raises the helpers' stop flag when dropped: the main search ended, normally or not.
struct StopHelpers<'a>(&'a AtomicBool);

impl Drop for StopHelpers<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// The search of `board` for `me` with `options.threads - 1` helper threads (see the module
/// documentation). A helper that cannot be started is simply missing.
pub(super) fn think_parallel(
    board: &mut Board,
    me: Color,
    limits: &Limits,
    tt: &Tt,
    stop: &AtomicBool,
    options: &SearchOptions,
    on_iter: &mut dyn FnMut(&IterationInfo),
) -> SearchResult {
    let helpers_stop = AtomicBool::new(false);
    let helper_nodes = AtomicU64::new(0);
    let threads = options.threads as u64;
    let (main_limits, helper_limits) = if limits.max_nodes == u64::MAX {
        (*limits, *limits)
    } else {
        let share = limits.max_nodes / threads;
        if share == 0 {
            return super::think_one(board, me, limits, tt, stop, options.exclude, on_iter);
        }
        let main = limits.max_nodes - share * (threads - 1);
        (
            Limits {
                max_nodes: main,
                ..*limits
            },
            Limits {
                max_nodes: share,
                ..*limits
            },
        )
    };
    let helper_limits = &helper_limits;
    let mut result = std::thread::scope(|scope| {
        let guard = StopHelpers(&helpers_stop);
        for k in 1..options.threads {
            let mut own = board.clone();
            let (helpers_stop, helper_nodes) = (&helpers_stop, &helper_nodes);
            let spawned = std::thread::Builder::new()
                .name(format!("search-{k}"))
                .stack_size(SMP_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let mut s = Searcher::new(&mut own, tt, helpers_stop, helper_limits);
                    helper_search(&mut s, me, k);
                    helper_nodes.fetch_add(s.nodes, Ordering::Relaxed);
                });
            if spawned.is_err() {
                log::warn!("could not start search thread {k}");
                break;
            }
        }
        let result = super::think_one(board, me, &main_limits, tt, stop, options.exclude, on_iter);
        drop(guard);
        result
    });
    result.nodes += helper_nodes.load(Ordering::Relaxed);
    result
}

/// Whether helper `k` leaves out depth `depth` (see [`SMP_SKIP_SIZE`]).
fn skips(k: usize, depth: u32) -> bool {
    let i = (k - 1) % SMP_SKIP_SIZE.len();
    (depth + SMP_SKIP_PHASE[i]) / SMP_SKIP_SIZE[i] % 2 == 1
}

/// Iterative deepening of helper `k`: the root searched as an ordinary principal-variation node
/// (its own move ordering, the table's move first), with aspiration windows as in the main
/// search. Returns when stopped, at the depth limit, or once a mate is proven within the depth.
fn helper_search(s: &mut Searcher, me: Color, k: usize) {
    let mut prev = 0;
    for depth in 1..=s.limits.max_depth.max(1) {
        // The search itself looks at the flag only every 1024 nodes: a main search that ended
        // at once (a forced move) should not wait for that.
        if s.stop.load(Ordering::Relaxed) {
            return;
        }
        if skips(k, depth) {
            continue;
        }
        let mut window = Aspiration::new(depth, prev);
        let score = loop {
            let v = s.alphabeta(0, depth as i32, window.alpha, window.beta, me, true);
            if s.stopped {
                return;
            }
            if window.settled(v) {
                break v;
            }
        };
        if is_mate(score) && (MATE - score.abs()) as u32 <= depth {
            return;
        }
        prev = score;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{rule, Grid};
    use crate::search::think_with;
    use crate::types::Rule;
    use std::sync::Arc;
    use std::time::Duration;

    const MIDDLE: &str = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . . X X O . . . . . .
        . . . . . . O X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";

    #[test]
    fn parallel_search_plays_legal_and_restores_the_board() {
        for rule in [Rule::Freestyle, Rule::Renju, Rule::Caro] {
            let mut b = Board::from_grid(&Grid::from_ascii(MIDDLE).expect("board"), rule);
            let (grid, hash) = (b.grid().clone(), b.hash());
            let tt = Tt::new(1 << 20);
            let stop = AtomicBool::new(false);
            let options = SearchOptions {
                threads: 3,
                exclude: &[],
            };
            let mut depths = Vec::new();
            let r = think_with(
                &mut b,
                Color::Black,
                &Limits::depth(6),
                &tt,
                &stop,
                &options,
                &mut |i| depths.push(i.depth),
            );
            assert_eq!(b.grid(), &grid, "{rule:?}: board restored");
            assert_eq!(b.hash(), hash);
            assert!(
                rule::is_legal(&grid, r.best, Color::Black, rule),
                "{rule:?}"
            );
            // The main thread reports its own iterations, in order (none when a forced move or
            // a root VCF settles the position).
            let n = depths.len() as u32;
            assert_eq!(depths, (1..=n).collect::<Vec<_>>(), "{rule:?}");
            // Nothing is forced here: both threads search, to the depth limit unless a mate is
            // proven first (the helpers' table entries can make that happen sooner).
            assert!(
                is_mate(r.score) || (r.depth >= 6 && n >= 6),
                "{rule:?}: depth {}",
                r.depth
            );
            assert!(r.nodes > 0);
        }
    }

    #[test]
    fn threads_share_a_node_limit() {
        let mut b = Board::from_grid(&Grid::from_ascii(MIDDLE).expect("board"), Rule::Freestyle);
        let tt = Tt::new(1 << 20);
        let stop = AtomicBool::new(false);
        for (threads, budget) in [(2, 30_000), (3, 10_000), (4, 3)] {
            let options = SearchOptions {
                threads,
                exclude: &[],
            };
            let r = think_with(
                &mut b,
                Color::Black,
                &Limits::nodes(budget),
                &tt,
                &stop,
                &options,
                &mut |_| {},
            );
            // Each thread stops counting the moment its share is spent, however the threads
            // interleave: together they never pass the budget.
            assert!(
                r.nodes <= budget,
                "{threads} threads: {} > {budget}",
                r.nodes
            );
            assert!(rule::is_legal(
                b.grid(),
                r.best,
                Color::Black,
                Rule::Freestyle
            ));
        }
    }

    #[test]
    fn helpers_stop_with_the_main_search() {
        // No limit at all: only the stop flag ends the search, and with it the helpers.
        let mut b = Board::from_grid(&Grid::from_ascii(MIDDLE).expect("board"), Rule::Standard);
        let tt = Tt::new(1 << 20);
        let stop = Arc::new(AtomicBool::new(false));
        let raiser = {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                stop.store(true, Ordering::SeqCst);
            })
        };
        let options = SearchOptions {
            threads: 2,
            exclude: &[],
        };
        let r = think_with(
            &mut b,
            Color::Black,
            &Limits::infinite(),
            &tt,
            &stop,
            &options,
            &mut |_| {},
        );
        raiser.join().expect("raiser");
        assert!(rule::is_legal(
            b.grid(),
            r.best,
            Color::Black,
            Rule::Standard
        ));
    }

    #[test]
    fn schedules() {
        // Helper 1 searches the even depths, helper 2 the odd ones, helper 3 pairs of depths.
        let searched = |k| (1..=8).filter(|&d| !skips(k, d)).collect::<Vec<u32>>();
        assert_eq!(searched(1), [2, 4, 6, 8]);
        assert_eq!(searched(2), [1, 3, 5, 7]);
        assert_eq!(searched(3), [1, 4, 5, 8]);
        assert_eq!(searched(9), searched(1));
        assert!((1..=SMP_MAX_THREADS).contains(&max_threads()));
    }
}
