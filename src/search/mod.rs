//! The search: move choice under time, node and depth limits.
//!
//! [`think`] runs iterative deepening with aspiration windows over [`alphabeta`] (PVS with VCF
//! quiescence), after settling forced moves and trying a VCF mate search at the root. It never
//! prints: each finished iteration is reported through a callback, and the result is returned.
//! `tt` and `time` are the transposition table and the time budget. [`think_with`] adds helper
//! threads ([`smp`], Lazy SMP over the shared table) and root moves left out; [`multipv`] finds
//! several best root moves (YXNBEST) by searching again with the better ones left out.

pub mod alphabeta;
pub mod history;
pub mod movepick;
pub mod multipv;
pub mod smp;
pub mod stack;
pub mod threats;
pub mod time;
pub mod tt;

use crate::board::{rule, Board, Class, Pos};
use crate::eval;
use crate::types::Color;
use alphabeta::Searcher;
use stack::MAX_PLY;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
pub use tt::Tt;

/// A win at ply 0 scores `MATE`; a win found `n` plies ahead scores `MATE - n`.
pub const MATE: i32 = crate::params::MATE;
/// Scores at least this large (in magnitude) are proven wins or losses.
pub const MATE_BOUND: i32 = crate::params::MATE_BOUND;
/// Larger than any score.
pub const INF: i32 = crate::params::SCORE_INFINITE;

use crate::params::{
    ASPIRATION_DELTA, ASPIRATION_MAX_DELTA, ASPIRATION_MIN_DEPTH, ROOT_VCF_FOURS, ROOT_VCF_NODES,
    ROOT_VCF_STEPS,
};

/// Soft and hard time limits of one move, measured from [`Limits::start`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLimit {
    /// Target: no new iteration once `elapsed × 1.5` passes it (`time::may_start_iteration`).
    pub soft: Duration,
    /// Stop at once when reached.
    pub hard: Duration,
}

/// What bounds one search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_depth: u32,
    pub max_nodes: u64,
    pub time: Option<TimeLimit>,
    /// When the move request was read (the stopwatch start).
    pub start: Instant,
}

impl Limits {
    /// No limit but the stop flag (and the maximum depth).
    pub fn infinite() -> Limits {
        Limits {
            max_depth: MAX_PLY as u32 / 2,
            max_nodes: u64::MAX,
            time: None,
            start: Instant::now(),
        }
    }

    /// A fixed depth.
    pub fn depth(d: u32) -> Limits {
        Limits {
            max_depth: d,
            ..Limits::infinite()
        }
    }

    /// A fixed node budget.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            max_nodes: n,
            ..Limits::infinite()
        }
    }
}

/// One finished iteration, as reported to the callback.
#[derive(Clone, Debug)]
pub struct IterationInfo<'a> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub best: Pos,
    pub pv: &'a [Pos],
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    pub best: Pos,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Pos>,
}

/// Whether a score is a proven win or loss.
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// An aspiration window around the previous iteration's score (full width before depth 4 or
/// after a mate score), widened on the failing side, doubling each time, until a score falls
/// inside it.
pub(crate) struct Aspiration {
    pub alpha: i32,
    pub beta: i32,
    delta: i32,
}

impl Aspiration {
    pub fn new(depth: u32, prev: i32) -> Aspiration {
        let delta = ASPIRATION_DELTA;
        let (alpha, beta) = if depth >= ASPIRATION_MIN_DEPTH && !is_mate(prev) {
            (prev - delta, prev + delta)
        } else {
            (-INF, INF)
        };
        Aspiration { alpha, beta, delta }
    }

    /// Whether `v` lies inside the window (the search is done); otherwise widens it.
    pub fn settled(&mut self, v: i32) -> bool {
        if v <= self.alpha && self.alpha > -INF {
            self.alpha = (self.alpha - self.delta).max(-INF);
        } else if v >= self.beta && self.beta < INF {
            self.beta = (self.beta + self.delta).min(INF);
        } else {
            return true;
        }
        self.delta *= 2;
        if self.delta > ASPIRATION_MAX_DELTA {
            (self.alpha, self.beta) = (-INF, INF);
        }
        false
    }
}

struct RootMove {
    pos: Pos,
    score: i32,
    order: i32,
}

/// How a search is run beyond its [`Limits`].
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchOptions<'a> {
    /// Search threads; 0 and 1 mean this thread only (deterministic under a node or depth
    /// limit). With more, a node limit is shared out between the threads (see [`smp`]).
    pub threads: usize,
    /// Root moves that must not be chosen (the better lines of YXNBEST).
    pub exclude: &'a [Pos],
}

/// Chooses a move for `me` on `board` within `limits`. The board is restored before returning.
pub fn think(
    board: &mut Board,
    me: Color,
    limits: &Limits,
    tt: &Tt,
    stop: &AtomicBool,
    on_iter: &mut dyn FnMut(&IterationInfo),
) -> SearchResult {
    think_with(
        board,
        me,
        limits,
        tt,
        stop,
        &SearchOptions::default(),
        on_iter,
    )
}

/// [`think`] with helper threads and excluded root moves (see [`SearchOptions`]). The main
/// thread decides the move and reports the iterations; the result's `nodes` counts every thread.
pub fn think_with(
    board: &mut Board,
    me: Color,
    limits: &Limits,
    tt: &Tt,
    stop: &AtomicBool,
    options: &SearchOptions,
    on_iter: &mut dyn FnMut(&IterationInfo),
) -> SearchResult {
    if options.threads > 1 {
        smp::think_parallel(board, me, limits, tt, stop, options, on_iter)
    } else {
        think_one(board, me, limits, tt, stop, options.exclude, on_iter)
    }
}

/// The search on this thread alone.
fn think_one(
    board: &mut Board,
    me: Color,
    limits: &Limits,
    tt: &Tt,
    stop: &AtomicBool,
    exclude: &[Pos],
    on_iter: &mut dyn FnMut(&IterationInfo),
) -> SearchResult {
    let mut s = Searcher::new(board, tt, stop, limits);
    let result = root_search(&mut s, me, exclude, on_iter);
    debug_assert!(rule::is_legal(
        s.board.grid(),
        result.best,
        me,
        s.board.rule()
    ));
    result
}

fn single(best: Pos, score: i32, nodes: u64) -> SearchResult {
    SearchResult {
        best,
        score,
        depth: 0,
        nodes,
        pv: vec![best],
    }
}

fn root_search(
    s: &mut Searcher,
    me: Color,
    exclude: &[Pos],
    on_iter: &mut dyn FnMut(&IterationInfo),
) -> SearchResult {
    let rule = s.board.rule();
    if s.board.history().is_empty() {
        let grid = s.board.grid();
        // Empty board: the centre (or the legal cell nearest to it).
        let (cx, cy) = (grid.width() / 2, grid.height() / 2);
        let best = grid
            .positions()
            .filter(|&p| rule::is_legal(grid, p, me, rule) && !exclude.contains(&p))
            .min_by_key(|p| {
                let (dx, dy) = (p.x().abs_diff(cx), p.y().abs_diff(cy));
                (dx.max(dy), dx + dy, p.0)
            })
            .unwrap_or(Pos::NONE);
        return single(best, 0, 0);
    }
    let q = movepick::quick(s.board, me);
    let n = s.scan(0, me);
    let caro = rule.blocked_five_void();
    let grid = s.board.grid();
    let frame = &s.stack.frames[0];
    // The legal candidates; against a threat only the defences, unless there are none.
    let root_moves = |defences_only: bool| -> Vec<RootMove> {
        frame.moves[..n]
            .iter()
            .filter(|m| rule::is_legal(grid, m.pos, me, rule) && !exclude.contains(&m.pos))
            .filter(|m| !defences_only || movepick::is_defence(m))
            .map(|m| RootMove {
                pos: m.pos,
                score: -INF,
                order: movepick::static_score(m),
            })
            .collect()
    };
    let mut moves = root_moves(q.opp_threat);
    if moves.is_empty() && q.opp_threat {
        moves = root_moves(false);
    }
    if moves.is_empty() {
        // No legal cell near the stones: any legal cell.
        let best = grid
            .positions()
            .find(|&p| rule::is_legal(grid, p, me, rule) && !exclude.contains(&p))
            .unwrap_or(Pos::NONE);
        return single(best, 0, s.nodes);
    }
    let legal = |p: Pos| !p.is_none() && moves.iter().any(|m| m.pos == p);
    let all = &frame.moves[..n];
    let own_five = movepick::find(all, Class::Five, true);
    if legal(own_five) {
        return single(own_five, MATE - 1, s.nodes);
    }
    if q.opp_fives >= 1 {
        // Block (one of) the opponent's fives: the only move that does not lose at once.
        let block = if q.opp_fives >= 2 && caro {
            s.caro_double_block(me).filter(|&p| legal(p))
        } else {
            all.iter()
                .find(|m| m.def == Class::Five && legal(m.pos))
                .map(|m| m.pos)
        };
        let score = if q.opp_fives >= 2 { -(MATE - 2) } else { 0 };
        if let Some(p) = block {
            return single(p, score, s.nodes);
        }
    } else {
        let win3 = movepick::find_win3(all, caro);
        if legal(win3) {
            return single(win3, MATE - 3, s.nodes);
        }
    }
    if moves.len() == 1 {
        return single(moves[0].pos, 0, s.nodes);
    }

    // A mate by continuous fours needs no deeper look.
    s.node_cap = s.nodes.saturating_add(ROOT_VCF_NODES);
    // Deepened on the number of fours, so that a short VCF is not hidden behind long lines.
    let found = ROOT_VCF_STEPS
        .iter()
        .chain(std::iter::once(&ROOT_VCF_FOURS))
        .filter(|&&f| f <= ROOT_VCF_FOURS)
        .any(|&f| s.vcf(0, me, f) || s.stopped);
    if found && !s.stopped {
        let f = &s.stack.frames[0];
        let pv = f.pv[..f.pv_len].to_vec();
        if let Some(&best) = pv.first() {
            if legal(best) {
                let score = MATE - s.vcf_mate_ply as i32;
                return SearchResult {
                    best,
                    score,
                    depth: pv.len() as u32,
                    nodes: s.nodes,
                    pv,
                };
            }
        }
    }
    s.node_cap = u64::MAX;
    let vcf_stopped = s.stopped && s.nodes < s.limits.max_nodes;
    if vcf_stopped && !s.stop.load(std::sync::atomic::Ordering::Relaxed) {
        s.stopped = false; // only the VCF budget ran out
    }
    // Then a mate by continuous threats (fours and threes), within its own budget.
    if let Some((mate, pv)) = s.root_vct(me).filter(|(_, pv)| legal(pv[0])) {
        let (best, depth) = (pv[0], pv.len() as u32);
        let (score, nodes) = (MATE - mate as i32, s.nodes);
        return SearchResult {
            best,
            score,
            depth,
            nodes,
            pv,
        };
    }

    moves.sort_by(|a, b| b.order.cmp(&a.order).then(a.pos.0.cmp(&b.pos.0)));
    let mut result = SearchResult {
        best: moves[0].pos,
        score: 0,
        depth: 0,
        nodes: s.nodes,
        pv: vec![moves[0].pos],
    };
    let mut prev = 0;
    for depth in 1..=s.limits.max_depth.max(1) {
        if s.stopped {
            break;
        }
        s.seldepth = 0;
        let mut window = Aspiration::new(depth, prev);
        let score = loop {
            let v = root_iteration(s, &mut moves, depth as i32, window.alpha, window.beta, me);
            if s.stopped || window.settled(v) {
                break v;
            }
        };
        // The first move is searched first; it is trustworthy even in a cut-short iteration
        // once it has a score.
        if s.stopped && moves[0].score == -INF {
            break;
        }
        let f = &s.stack.frames[0];
        let pv: Vec<Pos> = f.pv[..f.pv_len].to_vec();
        result = SearchResult {
            best: moves[0].pos,
            score: if s.stopped { moves[0].score } else { score },
            depth,
            nodes: s.nodes,
            pv: if pv.first() == Some(&moves[0].pos) {
                pv
            } else {
                vec![moves[0].pos]
            },
        };
        if s.stopped {
            break;
        }
        prev = score;
        on_iter(&IterationInfo {
            depth,
            seldepth: s.seldepth as u32,
            score,
            nodes: s.nodes,
            elapsed: s.limits.start.elapsed(),
            best: result.best,
            pv: &result.pv,
        });
        if is_mate(score) && (MATE - score.abs()) as u32 <= depth {
            break;
        }
        if let Some(t) = &s.limits.time {
            let ms = |d: Duration| d.as_millis() as u64;
            if !time::may_start_iteration(ms(s.limits.start.elapsed()), ms(t.soft)) {
                break;
            }
        }
    }
    result.nodes = s.nodes;
    result
}

/// One pass over the root moves with the window (alpha, beta); re-sorts them, best first.
fn root_iteration(
    s: &mut Searcher,
    moves: &mut [RootMove],
    depth: i32,
    mut alpha: i32,
    beta: i32,
    me: Color,
) -> i32 {
    let mut best = -INF;
    for m in moves.iter_mut() {
        m.score = -INF;
    }
    for i in 0..moves.len() {
        let p = moves[i].pos;
        s.board.make(p, me);
        let v = if i == 0 {
            -s.alphabeta(1, depth - 1, -beta, -alpha, me.opp(), true)
        } else {
            let v = -s.alphabeta(1, depth - 1, -alpha - 1, -alpha, me.opp(), false);
            if v > alpha && v < beta {
                -s.alphabeta(1, depth - 1, -beta, -alpha, me.opp(), true)
            } else {
                v
            }
        };
        s.board.undo();
        if s.stopped {
            break;
        }
        moves[i].score = v;
        if v > best {
            best = v;
            if v > alpha {
                s.stack.update_pv(0, p);
                // Move the new best to the front, keeping the others' order.
                moves[..=i].rotate_right(1);
                if v >= beta {
                    break;
                }
                alpha = v;
            }
        }
    }
    // Order the rest for the next iteration: score, then the previous order (stable is not
    // needed: the key is total).
    if !s.stopped && moves.len() > 1 {
        moves[1..].sort_by(|a, b| {
            b.score
                .cmp(&a.score)
                .then(b.order.cmp(&a.order))
                .then(a.pos.0.cmp(&b.pos.0))
        });
    }
    let _ = eval::params::TEMPO;
    best
}
