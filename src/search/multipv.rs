//! The `n` best root moves (Yixin-Board's `YXNBEST`), found by exclusion.
//!
//! One line is simply the ordinary search. For more, [`think_nbest`] deepens in rounds: round
//! `d` searches the position to depth `d` once per line, each search leaving out the best moves
//! of the lines before it (line 2 is the best move other than line 1's, and so on). The
//! transposition table carries each round into the next, so the repeated shallow iterations are
//! cheap. The rounds share one budget: the hard time limit (and the node limit) of the whole
//! request bounds every search in them, and no new round starts when the soft target forbids
//! another iteration ([`Limits::may_start_iteration`], the main search's rule). A round cut
//! short by the stop flag, the clock or the node budget keeps the lines it completed and takes
//! the others from the round before (or, in the first round, from a one-node search: the best
//! move by the ordering alone), so the answer always has `min(n, legal moves)` lines (legal
//! moves not in the job's own `exclude`, which every search leaves out as well). Line 1 is
//! searched with nothing else left out and is the move; the other lines of a round are sorted
//! by score.

use super::{think, IterationInfo, Job, Limits, SearchResult, Threads};
use crate::board::Pos;

/// One line of the answer: a search result with the selective depth it reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    pub result: SearchResult,
    pub seldepth: u32,
}

/// The answer of [`think_nbest`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NBest {
    /// Best first, distinct moves.
    pub lines: Vec<PvLine>,
    /// Nodes of every search of every round.
    pub nodes: u64,
}

/// Searches the `n` best root moves of `job` (see the module documentation), each search with
/// the job's threads. `on_round` receives the lines of every completed round, best first. Fewer
/// than `n` lines come back only when fewer legal moves exist (none when there is no legal
/// move).
pub fn think_nbest(
    job: &Job,
    n: usize,
    threads: &mut Threads,
    on_round: &mut dyn FnMut(&[PvLine]),
) -> NBest {
    if n <= 1 {
        return think_one_line(job, threads, on_round);
    }
    let limits = &job.limits;
    let node_limited = limits.max_nodes != u64::MAX;
    let mut used = 0u64;
    let out_of_budget = |used: u64| {
        job.control.must_stop(limits.start) || (node_limited && used >= limits.max_nodes)
    };
    let mut done: Vec<PvLine> = Vec::new();
    for depth in 1..=limits.max_depth.max(1) {
        let mut round: Vec<PvLine> = Vec::with_capacity(n);
        let mut exclude: Vec<Pos> = job.exclude.to_vec();
        let mut cut = false;
        // Every line settled below the round's depth (forced move, proven result): deeper rounds
        // would find the same.
        let mut settled = true;
        while round.len() < n {
            if out_of_budget(used) {
                cut = true;
                break;
            }
            // Inside a round each search runs to the round's depth: no soft target, only the
            // job's control (deadline, stop flag) and what is left of the node budget.
            let round_job = Job {
                limits: limits.round(depth, used),
                exclude: &exclude,
                ..*job
            };
            let mut seldepth = 0;
            let result = think(&round_job, threads, &mut |info: &IterationInfo| {
                seldepth = info.seldepth
            });
            used = used.saturating_add(result.nodes);
            if result.best.is_none() {
                break; // no legal move left
            }
            let interrupted = out_of_budget(used);
            settled &= !interrupted && result.depth < depth;
            exclude.push(result.best);
            round.push(PvLine { result, seldepth });
            if interrupted {
                cut = true;
                break;
            }
        }
        if cut {
            let lines = complete(job, n, round, &done, threads, &mut used);
            return NBest { lines, nodes: used };
        }
        // Line 1 is the move; the others best first by their own searches' scores (a later line
        // can outscore an earlier one when its search saw more: sorted, the earlier line's
        // search was the mistaken one).
        round[1..].sort_by_key(|l| std::cmp::Reverse(l.result.score));
        on_round(&round);
        let exhausted = round.len() < n;
        done = round;
        if settled || exhausted || !limits.may_start_iteration() {
            break;
        }
    }
    NBest {
        lines: done,
        nodes: used,
    }
}

/// One line is a plain search under the request's limits (as strong as a move request); each
/// of its iterations is a round.
fn think_one_line(job: &Job, threads: &mut Threads, on_round: &mut dyn FnMut(&[PvLine])) -> NBest {
    let mut seldepth = 0;
    let result = think(job, threads, &mut |info| {
        seldepth = info.seldepth;
        let line = PvLine {
            result: SearchResult {
                best: info.best,
                score: info.score,
                depth: info.depth,
                nodes: info.nodes,
                pv: info.pv.to_vec(),
            },
            seldepth: info.seldepth,
        };
        on_round(std::slice::from_ref(&line));
    });
    if result.best.is_none() {
        return NBest {
            lines: Vec::new(),
            nodes: result.nodes,
        };
    }
    NBest {
        nodes: result.nodes,
        lines: vec![PvLine { result, seldepth }],
    }
}

/// The answer after a round cut short: the leading lines it completed that are at least as deep
/// as the previous round's (a search stopped early returns only its first iterations; each line
/// of a round leaves out the moves of the lines before it, so only a leading run is kept; in the
/// first round every line counts unless it did not get past the ordering alone and there is
/// something better), then the previous round's moves not listed yet, then one-node searches
/// (the best remaining move by the ordering) up to `n`. Their nodes are added to `used`.
fn complete(
    job: &Job,
    n: usize,
    mut lines: Vec<PvLine>,
    previous: &[PvLine],
    threads: &mut Threads,
    used: &mut u64,
) -> Vec<PvLine> {
    if let Some(floor) = previous.iter().map(|p| p.result.depth).min() {
        let keep = lines
            .iter()
            .take_while(|l| l.result.depth >= floor.max(1))
            .count();
        lines.truncate(keep);
    }
    for p in previous {
        if lines.len() >= n {
            break;
        }
        if !lines.iter().any(|l| l.result.best == p.result.best) {
            lines.push(p.clone());
        }
    }
    while lines.len() < n {
        let listed = lines.iter().map(|l| l.result.best);
        let exclude: Vec<Pos> = job.exclude.iter().copied().chain(listed).collect();
        let fill = Job {
            limits: Limits::nodes(1),
            exclude: &exclude,
            threads: 1,
            ..*job
        };
        let result = think(&fill, threads, &mut |_| {});
        *used = used.saturating_add(result.nodes);
        if result.best.is_none() {
            break;
        }
        lines.push(PvLine {
            result,
            seldepth: 0,
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Grid};
    use crate::search::Tt;
    use crate::types::{Cell, Color, Rule};

    fn board(text: &str) -> Board {
        Board::from_grid(&Grid::from_ascii(text).expect("board"), Rule::Freestyle)
    }

    const OPENING: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X O . . . .
        . . . . X . . . .
        . . . O . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    fn distinct(lines: &[PvLine]) -> usize {
        let mut moves: Vec<Pos> = lines.iter().map(|l| l.result.best).collect();
        moves.sort();
        moves.dedup();
        moves.len()
    }

    #[test]
    fn distinct_lines_to_the_depth() {
        let b = board(OPENING);
        let tt = Tt::new(1 << 20);
        let mut rounds = 0;
        let job = Job::new(&b, Color::Black, Limits::depth(4), &tt);
        let lines = think_nbest(&job, 3, &mut Threads::new(), &mut |r| {
            assert_eq!(r.len(), 3);
            rounds += 1;
        })
        .lines;
        assert_eq!(rounds, 4);
        assert_eq!(lines.len(), 3);
        assert_eq!(distinct(&lines), 3);
        for l in &lines {
            assert_eq!(l.result.depth, 4);
            assert_eq!(b.grid().get(l.result.best), Cell::Empty);
            assert_eq!(l.result.pv.first(), Some(&l.result.best));
        }
    }

    #[test]
    fn one_line_is_the_plain_search() {
        let b = board(OPENING);
        let limits = Limits::depth(5);
        let tt = Tt::new(1 << 20);
        let plain = Job::new(&b, Color::Black, limits, &tt).run();
        let tt = Tt::new(1 << 20);
        let mut rounds = 0;
        let job = Job::new(&b, Color::Black, limits, &tt);
        let one = think_nbest(&job, 1, &mut Threads::new(), &mut |r| {
            assert_eq!(r.len(), 1);
            rounds += 1;
        });
        assert_eq!(one.lines.len(), 1);
        assert_eq!(one.lines[0].result, plain);
        assert_eq!(one.nodes, plain.nodes);
        assert_eq!(rounds, 5);
    }

    #[test]
    fn node_budget_cut_still_gives_n_lines() {
        let b = board(OPENING);
        for budget in [1, 50, 3_000] {
            let tt = Tt::new(1 << 20);
            let job = Job {
                threads: 2,
                ..Job::new(&b, Color::Black, Limits::nodes(budget), &tt)
            };
            let NBest { lines, nodes } = think_nbest(&job, 5, &mut Threads::new(), &mut |_| {});
            assert_eq!(lines.len(), 5, "budget {budget}");
            assert_eq!(distinct(&lines), 5, "budget {budget}");
            // One-node fill-ups may go past the budget by one node each.
            assert!(nodes <= budget + 5, "budget {budget}: {nodes} nodes");
        }
    }

    /// A round cut short never brings back a line shallower than the last complete round's
    /// (a search stopped early returns its first iterations only).
    #[test]
    fn a_cut_round_keeps_lines_as_deep_as_the_round_before() {
        let b = board(OPENING);
        for budget in [2_000, 7_000, 20_000, 60_000] {
            let tt = Tt::new(1 << 20);
            let job = Job::new(&b, Color::Black, Limits::nodes(budget), &tt);
            let mut last: Vec<PvLine> = Vec::new();
            let lines = think_nbest(&job, 3, &mut Threads::new(), &mut |r| last = r.to_vec()).lines;
            let floor = last.iter().map(|l| l.result.depth).min().unwrap_or(0);
            assert_eq!(lines.len(), 3);
            for l in &lines {
                assert!(
                    l.result.depth >= floor,
                    "budget {budget}: {lines:?} after {last:?}"
                );
            }
        }
    }

    #[test]
    fn no_more_lines_than_legal_moves() {
        // Three empty cells: three lines, however many are asked.
        let b = board(
            "
            X O X O X
            O X O X O
            O X O X O
            X O X O X
            X O . . .",
        );
        let tt = Tt::new(1 << 20);
        let job = Job::new(&b, Color::Black, Limits::depth(3), &tt);
        let lines = think_nbest(&job, 10, &mut Threads::new(), &mut |_| {}).lines;
        assert_eq!(lines.len(), 3);
        assert_eq!(distinct(&lines), 3);
    }
}
