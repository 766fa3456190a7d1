//! Lazy SMP: helper threads that search the same position over the shared transposition table.
//!
//! For one move, `think_parallel` starts `threads - 1` helpers in a thread scope, then runs the
//! ordinary search on the calling thread (the main thread), which alone decides the move and
//! reports iterations. Each helper owns a copy of the board and searches with its own
//! [`ThreadData`] (move stack, history, VCF table, kept by the engine between moves); they share
//! only the table, the limits and a [`Control`] of their own. A helper runs iterative deepening from the root as a plain alpha-beta node, skipping
//! depths on its own schedule ([`SMP_SKIP_SIZE`], [`SMP_SKIP_PHASE`]) so that it runs ahead of
//! the main thread and fills the table with what the main thread is about to need. The helpers
//! stop when the main search returns (however it returns: it alone watches the job's stop flag
//! and deadline), when the soft time target forbids another iteration, or at their depth limit; the scope joins them before the result is handed back.
//!
//! A node limit is shared out: each helper may search `max_nodes / threads` nodes and the main
//! thread the rest, so all threads together stay within the limit (a helper that ends early
//! leaves its share unused). Only the one-thread search is deterministic.

use super::alphabeta::Searcher;
use super::{
    is_mate, root, Aspiration, Control, Job, Limits, Observer, SearchResult, ThreadData, MATE,
};
use crate::eval::Position;
use crate::params::{SMP_MAX_THREADS, SMP_SKIP_PHASE, SMP_SKIP_SIZE, SMP_STACK_BYTES};
use crate::types::Color;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

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

/// Stops the helpers when dropped: the main search ended, normally or not.
struct StopHelpers<'a>(&'a Control);

impl Drop for StopHelpers<'_> {
    fn drop(&mut self) {
        self.0.set_stop(true);
    }
}

/// The search of `job` with one thread per entry of `data` (the first is the main thread's),
/// see the module documentation. A helper that cannot be started is simply missing.
pub(super) fn think_parallel(
    job: &Job,
    data: &mut [ThreadData],
    observer: &mut Observer,
) -> SearchResult {
    let threads = data.len() as u64;
    let limits = &job.limits;
    let (main_limits, helper_limits) = if limits.max_nodes == u64::MAX {
        (*limits, *limits)
    } else {
        let share = limits.max_nodes / threads;
        if share == 0 {
            return root::think_one(job, limits, &mut data[0], observer);
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
    // The helpers' own control: stopped with the main search (which alone watches the
    // deadline and the stop flag of the job).
    let helpers = Control::new();
    let helper_nodes = AtomicU64::new(0);
    let (main_data, helper_data) = data.split_at_mut(1);
    let (helpers, helper_nodes, helper_limits) = (&helpers, &helper_nodes, &helper_limits);
    let mut result = std::thread::scope(|scope| {
        let guard = StopHelpers(helpers);
        for (k, data) in helper_data.iter_mut().enumerate() {
            let k = k + 1;
            let spawned = std::thread::Builder::new()
                .name(format!("search-{k}"))
                .stack_size(SMP_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let mut board = Position::new(job.board.clone());
                    data.reset(job.keep_history, &job.params, board.rule());
                    let mut s = Searcher::new(&mut board, job.tt, helpers, helper_limits, data);
                    helper_search(&mut s, job.me, k);
                    helper_nodes.fetch_add(s.nodes, Ordering::Relaxed);
                });
            if spawned.is_err() {
                log::warn!("could not start search thread {k}");
                break;
            }
        }
        let result = root::think_one(job, &main_limits, &mut main_data[0], observer);
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
/// search. Returns when stopped, at the depth limit, once a mate is proven within the depth, or
/// when the soft time target forbids another iteration (the main search's rule).
fn helper_search(s: &mut Searcher, me: Color, k: usize) {
    let mut prev = 0;
    for depth in 1..=s.limits.max_depth.max(1) {
        // The search itself reads the control only every few nodes: a main search that ended
        // at once (a forced move) should not wait for that.
        if s.control.is_stopped() || !s.limits.may_deepen(s.control) {
            return;
        }
        if skips(k, depth) {
            continue;
        }
        let mut window = Aspiration::new(depth, prev, s.params.aspiration_delta);
        let score = loop {
            let v = s.alphabeta(0, depth as i32, window.alpha, window.beta, me, true);
            if s.stopped() {
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
    use crate::board::{rule, Board, Grid};
    use crate::search::tests::MIDDLE;
    use crate::search::{think, Threads, Tt};
    use crate::types::Rule;
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn parallel_search_plays_legal_and_restores_the_board() {
        for rule in [Rule::Freestyle, Rule::Renju, Rule::Caro] {
            let b = Board::from_grid(&Grid::from_ascii(MIDDLE).expect("board"), rule);
            let (grid, hash) = (b.grid().clone(), b.hash());
            let tt = Tt::new(1 << 20);
            let job = Job {
                threads: 3,
                ..Job::new(&b, Color::Black, Limits::depth(6), &tt)
            };
            let mut depths = Vec::new();
            let r = think(&job, &mut Threads::new(), &mut |i| depths.push(i.depth));
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
        let b = Board::from_grid(&Grid::from_ascii(MIDDLE).expect("board"), Rule::Freestyle);
        let tt = Tt::new(1 << 20);
        let mut data = Threads::new();
        for (threads, budget) in [(2, 30_000), (3, 10_000), (4, 3)] {
            let job = Job {
                threads,
                ..Job::new(&b, Color::Black, Limits::nodes(budget), &tt)
            };
            let r = think(&job, &mut data, &mut |_| {});
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
        let b = Board::from_grid(&Grid::from_ascii(MIDDLE).expect("board"), Rule::Standard);
        let tt = Tt::new(1 << 20);
        let control = Arc::new(Control::new());
        let raiser = {
            let control = Arc::clone(&control);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                control.set_stop(true);
            })
        };
        let job = Job {
            threads: 2,
            control: &control,
            ..Job::new(&b, Color::Black, Limits::infinite(), &tt)
        };
        let r = think(&job, &mut Threads::new(), &mut |_| {});
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
