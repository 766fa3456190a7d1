//! Balanced moves: the stone (or the pair of stones) after which the position is as close as
//! possible to a wanted score — Yixin-Board's `YXBALANCEONE` / `YXBALANCETWO` and the
//! proposals of the Swap2 opening.
//!
//! The options are the side to move's root candidates (best [`BALANCE_ONE_MOVES`] by the move
//! ordering; on an empty board the cells near the centre), or for two stones the pairs of one of
//! its best [`BALANCE_TWO_FIRST`] candidates and one of the opponent's best
//! [`BALANCE_TWO_SECOND`] replies to it; no stone makes five, none is in the job's `exclude`.
//! [`balance`] weighs them in rounds: round `d` searches the position after each option to depth
//! `d` and sorts the options by the distance of the score (for the side that places the first
//! stone; the mean of rounds `d` and `d - 1`, since scores swing between odd and even depths)
//! from the wanted one; then the farther half is dropped, down to [`BALANCE_KEEP`]. The
//! table carries each round into the next. The rounds share the request's budget as YXNBEST's
//! do ([`super::multipv`]): the hard limit and the node budget bound every search, no round
//! starts when the soft target forbids another iteration, and a round cut short by the stop
//! flag, the clock or the nodes leaves the answer of the round before (in the first round: the
//! closest of the options weighed so far, or the first option).

use super::root::ordered_candidates;
use super::{is_mate, think, IterationInfo, Job, Limits, Threads};
use crate::board::{Board, Class, Pos};
use crate::params::{
    BALANCE_EMPTY_RADIUS, BALANCE_KEEP, BALANCE_MAX_DEPTH, BALANCE_ONE_MOVES, BALANCE_SUB_NODES,
    BALANCE_TWO_FIRST, BALANCE_TWO_SECOND, MATE_BOUND,
};
use crate::types::Color;

/// The answer of [`balance`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Balanced {
    /// The stones, in the order they are played (the side to move's first).
    pub moves: Vec<Pos>,
    /// The score after them for the side that places the first stone (the mean of the last two
    /// depths' when neither is a proven result).
    pub score: i32,
    /// Depth of the searches that weighed them (0: not searched).
    pub depth: u32,
    /// Nodes of every search.
    pub nodes: u64,
}

/// One option: its stones, its score in the last round that weighed it and in the round
/// before.
#[derive(Clone, Debug)]
struct Choice {
    moves: Vec<Pos>,
    score: i32,
    previous: Option<i32>,
    depth: u32,
}

impl Choice {
    /// The score the options are compared by: the mean of the last two rounds' (a search's
    /// score swings between odd and even depths, by the side to move's tempo), unless either is
    /// a proven result.
    fn judged(&self) -> i32 {
        match self.previous {
            Some(p) if !is_mate(p) && !is_mate(self.score) => (p + self.score) / 2,
            _ => self.score,
        }
    }
}

/// The stone or pair of `stones` (1 or 2) for the side to move of `job` after which the score
/// for that side is closest to `bias` (see the module documentation). `None` when there is no
/// option (no legal move, or no room for two stones).
pub fn balance(job: &Job, threads: &mut Threads, stones: usize, bias: i32) -> Option<Balanced> {
    balance_observed(job, threads, stones, bias, &mut |_| {})
}

/// [`balance`], telling `on_round` the answer of every completed round as an iteration: the
/// stones as its line, their score and the round's depth (for analysis output).
pub fn balance_observed(
    job: &Job,
    threads: &mut Threads,
    stones: usize,
    bias: i32,
    on_round: &mut dyn FnMut(&IterationInfo),
) -> Option<Balanced> {
    let bias = bias.clamp(-MATE_BOUND, MATE_BOUND);
    let mut options = options(job, threads, stones);
    if options.is_empty() {
        return None;
    }
    let limits = &job.limits;
    let node_limited = limits.max_nodes != u64::MAX;
    let mut used = 0u64;
    let out_of_budget = |used: u64| {
        job.control.must_stop(limits.start) || (node_limited && used >= limits.max_nodes)
    };
    let mut board = job.board.clone();
    let after = if stones == 2 { job.me } else { job.me.opp() };
    let distance = |o: &Choice| (i64::from(o.judged()) - i64::from(bias)).abs();
    let mut answer: Option<Choice> = None;
    for depth in 1..=limits.max_depth.clamp(1, BALANCE_MAX_DEPTH) {
        let mut cut = false;
        for option in options.iter_mut() {
            if out_of_budget(used) {
                cut = true;
                break;
            }
            let mut color = job.me;
            for &p in &option.moves {
                board.make(p, color);
                color = color.opp();
            }
            let round_job = Job {
                board: &board,
                me: after,
                limits: Limits {
                    sub_cap: BALANCE_SUB_NODES.saturating_mul(u64::from(depth * depth)),
                    ..limits.round(depth, used)
                },
                ..*job
            };
            let result = think(&round_job, threads, &mut |_| {});
            for _ in &option.moves {
                board.undo();
            }
            used = used.saturating_add(result.nodes);
            if out_of_budget(used) {
                cut = true;
                break;
            }
            if option.depth > 0 {
                option.previous = Some(option.score);
            }
            option.score = if after == job.me {
                result.score
            } else {
                -result.score
            };
            option.depth = depth;
        }
        if cut {
            if answer.is_none() {
                answer = options
                    .iter()
                    .filter(|o| o.depth > 0)
                    .min_by_key(|o| distance(o))
                    .or(options.first())
                    .cloned();
            }
            break;
        }
        // Stable: among equal distances the better ordered option stays first.
        options.sort_by_key(distance);
        answer = options.first().cloned();
        if let Some(a) = &answer {
            on_round(&IterationInfo {
                depth,
                seldepth: depth,
                score: a.judged(),
                nodes: used,
                elapsed: limits.start.elapsed(),
                best: a.moves[0],
                pv: &a.moves,
            });
        }
        let keep = options.len().div_ceil(2).max(BALANCE_KEEP);
        options.truncate(keep);
        if !limits.may_start_iteration() {
            break;
        }
    }
    answer.map(|o| Balanced {
        score: o.judged(),
        moves: o.moves,
        depth: o.depth,
        nodes: used,
    })
}

/// The options of [`balance`], best ordered first, not yet weighed.
fn options(job: &Job, threads: &mut Threads, stones: usize) -> Vec<Choice> {
    let data = &mut threads.get(1)[0];
    let me = job.me;
    let mut board = job.board.clone();
    let first = candidates(job, &board, me, data, BALANCE_ONE_MOVES);
    let option = |moves: Vec<Pos>| Choice {
        moves,
        score: 0,
        previous: None,
        depth: 0,
    };
    if stones < 2 {
        return first.into_iter().map(|p| option(vec![p])).collect();
    }
    let mut out = Vec::new();
    for &p in first.iter().take(BALANCE_TWO_FIRST) {
        board.make(p, me);
        for q in candidates(job, &board, me.opp(), data, BALANCE_TWO_SECOND) {
            out.push(option(vec![p, q]));
        }
        board.undo();
    }
    out
}

/// Up to `n` candidates of `board` for `me`, best ordered first: the root candidates that do not
/// make five (all of them if each does), or on an empty board the legal cells within
/// [`BALANCE_EMPTY_RADIUS`] of the centre, nearest first.
fn candidates(
    job: &Job,
    board: &Board,
    me: Color,
    data: &mut super::ThreadData,
    n: usize,
) -> Vec<Pos> {
    let mut cells = if board.move_count() == 0 {
        near_centre(board, job.exclude)
    } else {
        ordered_candidates(job, board, me, job.exclude, data)
    };
    let quiet: Vec<Pos> = cells
        .iter()
        .copied()
        .filter(|&p| board.class(p, me) != Class::Five)
        .collect();
    if !quiet.is_empty() {
        cells = quiet;
    }
    cells.truncate(n);
    cells
}

/// The cells of an empty `board` within [`BALANCE_EMPTY_RADIUS`] of the centre and not in
/// `exclude`, nearest first (then row by row).
fn near_centre(board: &Board, exclude: &[Pos]) -> Vec<Pos> {
    let (w, h) = (board.width() as i32, board.height() as i32);
    let (cx, cy) = (w / 2, h / 2);
    let r = BALANCE_EMPTY_RADIUS;
    let mut cells: Vec<(i32, Pos)> = Vec::new();
    for y in (cy - r).max(0)..=(cy + r).min(h - 1) {
        for x in (cx - r).max(0)..=(cx + r).min(w - 1) {
            let p = Pos::new(x as usize, y as usize);
            if !exclude.contains(&p) {
                cells.push(((x - cx).abs().max((y - cy).abs()), p));
            }
        }
    }
    cells.sort_by_key(|c| c.0);
    cells.into_iter().map(|c| c.1).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Grid;
    use crate::search::{Limits, Tt};
    use crate::types::Rule;

    fn board(text: &str, rule: Rule) -> Board {
        Board::from_grid(&Grid::from_ascii(text).expect("board"), rule)
    }

    /// Black (X) has a strong centre; asked for a balanced stone, White (to move) does not pick
    /// an edge cell, and the score it reports is closer to 0 than its best move's.
    #[test]
    fn one_stone_closer_to_even_than_the_best_move() {
        let text = "\
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . X . . . . .
. . . . X O . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .";
        let b = board(text, Rule::Freestyle);
        let tt = Tt::new(1 << 16);
        let job = Job::new(&b, Color::White, Limits::depth(4), &tt);
        let best = job.run();
        let got = balance(&job, &mut Threads::new(), 1, 0).expect("an option");
        assert_eq!(got.moves.len(), 1);
        assert!(b.is_empty(got.moves[0]));
        assert!(got.depth >= 1);
        assert!(
            got.score.abs() <= best.score.abs(),
            "{got:?} vs best {}",
            best.score
        );
    }

    /// Two stones: the side to move's, then the opponent's, both empty and distinct, and a wanted
    /// score far in the side to move's favour gives a score above the even answer's.
    #[test]
    fn two_stones_follow_the_bias() {
        let text = "\
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . X . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .";
        let b = board(text, Rule::Freestyle);
        let tt = Tt::new(1 << 16);
        let job = Job::new(&b, Color::White, Limits::depth(3), &tt);
        let even = balance(&job, &mut Threads::new(), 2, 0).expect("an option");
        let favour = balance(&job, &mut Threads::new(), 2, 2000).expect("an option");
        for got in [&even, &favour] {
            assert_eq!(got.moves.len(), 2);
            assert_ne!(got.moves[0], got.moves[1]);
            assert!(got.moves.iter().all(|&p| b.is_empty(p)));
        }
        assert!(favour.score > even.score, "{favour:?} {even:?}");
    }

    /// An empty board offers the cells near the centre; excluded cells are never offered.
    #[test]
    fn empty_board_offers_the_centre_and_honours_exclusions() {
        let b = Board::new(15, 15, Rule::Freestyle);
        let tt = Tt::new(1 << 16);
        let centre = Pos::new(7, 7);
        let mut job = Job::new(&b, Color::Black, Limits::depth(2), &tt);
        let cells = near_centre(&b, &[]);
        assert_eq!(cells[0], centre);
        assert_eq!(cells.len(), 49);
        let exclude = [centre];
        job.exclude = &exclude;
        let got = balance(&job, &mut Threads::new(), 2, 0).expect("an option");
        assert!(!got.moves.contains(&centre));
    }

    /// A node budget too small for one search still answers (the first option).
    #[test]
    fn a_tiny_budget_still_answers() {
        let b = board(
            "\
. . . . .
. . . . .
. . X . .
. . . . .
. . . . .",
            Rule::Freestyle,
        );
        let tt = Tt::new(1 << 16);
        let job = Job::new(&b, Color::White, Limits::nodes(1), &tt);
        let got = balance(&job, &mut Threads::new(), 1, 0).expect("an option");
        assert_eq!(got.moves.len(), 1);
    }
}
