//! The root of the search on one thread: from the position to the move, in named steps.
//!
//! [`think_one`] runs them in order and the first that decides returns: [`opening_move`] on an
//! empty board; [`root_moves`] (the legal candidates, only the defences against an opponent
//! threat); [`settle_root`] (an own five, the block of an opponent five, an own open four, a
//! single legal move); [`root_vcf`] and then the root VCT ([`Searcher::root_vct`]), each within
//! its own node budget; and [`deepen`], iterative deepening with aspiration windows over the
//! root moves, each finished iteration reported to the caller (and, when it asks, each root
//! move as it is searched: [`RootEvent`]), and after each the [`guard`]
//! (the opponent's VCT probed after the best move; a move that lets it win is set aside). Under
//! a match clock [`deepen`] also sets the soft time target's scale from the stability of the
//! best move and of the score.

use super::alphabeta::Searcher;
use super::movepick::Quick;
use super::{
    is_mate, movepick, time, Aspiration, IterationInfo, Job, Limits, Observer, RootEvent,
    SearchResult, ThreadData, INF, MATE, MATE_BOUND,
};
use crate::board::{rule, Board, Class, Pos};
use crate::eval::Position;
use crate::params::{ROOT_GUARD_MAX_REFUTED, ROOT_VCF_FOURS, ROOT_VCF_NODES, ROOT_VCF_STEPS};
use crate::types::Color;

/// A root move with its score in the last iteration and its ordering score.
struct RootMove {
    pos: Pos,
    score: i32,
    order: i32,
    /// The root guard found that the opponent has a VCT after it: no longer searched (kept at
    /// the end of the list).
    refuted: bool,
    /// The root guard found no VCT for the opponent after it.
    guarded: bool,
}

/// The search of `job` on this thread alone, under `limits` (the job's, or the main thread's
/// share of them), with the thread's `data`. The job's board is copied once, here.
pub(super) fn think_one(
    job: &Job,
    limits: &Limits,
    data: &mut ThreadData,
    observer: &mut Observer,
) -> SearchResult {
    let mut board = Position::new(job.board.clone());
    data.reset(job.keep_history, &job.params, board.rule());
    let mut s = Searcher::new(&mut board, job.tt, job.control, limits, data);
    let result = root_search(&mut s, job.me, job.exclude, observer);
    debug_assert!(
        result.best.is_none()
            || rule::is_legal(job.board.grid(), result.best, job.me, job.board.rule())
    );
    result
}

/// A result without a search behind it.
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
    observer: &mut Observer,
) -> SearchResult {
    if s.board.history().is_empty() {
        return single(opening_move(s, me, exclude), 0, 0);
    }
    let q = movepick::quick(s.board, me);
    // The root's static evaluation, which its grandchildren compare theirs with (improving).
    s.stack.frames[0].eval = q.eval;
    let (mut moves, candidates) = root_moves(s, me, q.opp_threat, exclude);
    if moves.is_empty() {
        // No legal cell near the stones: any legal cell.
        let (grid, rule) = (s.board.grid(), s.board.rule());
        let best = grid
            .positions()
            .find(|&p| rule::is_legal(grid, p, me, rule) && !exclude.contains(&p))
            .unwrap_or(Pos::NONE);
        return single(best, 0, s.nodes);
    }
    if let Some(result) = settle_root(s, me, &q, &moves, candidates) {
        return result;
    }
    if let Some(result) = root_vcf(s, me, &moves) {
        return result;
    }
    if let Some((mate, pv)) = s.root_vct(me).filter(|(_, pv)| is_root_move(&moves, pv[0])) {
        return SearchResult {
            best: pv[0],
            score: MATE - mate as i32,
            depth: pv.len() as u32,
            nodes: s.nodes,
            pv,
        };
    }
    deepen(s, me, &mut moves, observer)
}

/// Empty board: the centre (or the legal cell nearest to it).
fn opening_move(s: &Searcher, me: Color, exclude: &[Pos]) -> Pos {
    let (grid, rule) = (s.board.grid(), s.board.rule());
    let (cx, cy) = (grid.width() / 2, grid.height() / 2);
    grid.positions()
        .filter(|&p| rule::is_legal(grid, p, me, rule) && !exclude.contains(&p))
        .min_by_key(|p| {
            let (dx, dy) = (p.x().abs_diff(cx), p.y().abs_diff(cy));
            (dx.max(dy), dx + dy, p.0)
        })
        .unwrap_or(Pos::NONE)
}

/// Whether `p` is one of the root moves (never `Pos::NONE`).
fn is_root_move(moves: &[RootMove], p: Pos) -> bool {
    !p.is_none() && moves.iter().any(|m| m.pos == p)
}

/// The legal candidates near the stones, not excluded; against an opponent threat only the
/// defences, unless there are none. The root frame keeps every scanned candidate: their
/// number is returned too.
fn root_moves(
    s: &mut Searcher,
    me: Color,
    opp_threat: bool,
    exclude: &[Pos],
) -> (Vec<RootMove>, usize) {
    let n = s.scan(0, me);
    let (grid, rule) = (s.board.grid(), s.board.rule());
    let candidates = &s.stack.frames[0].moves[..n];
    let collect = |defences_only: bool| -> Vec<RootMove> {
        candidates
            .iter()
            .filter(|m| rule::is_legal(grid, m.pos, me, rule) && !exclude.contains(&m.pos))
            .filter(|m| !defences_only || movepick::is_defence(m))
            .map(|m| RootMove {
                pos: m.pos,
                score: -INF,
                order: movepick::static_score(m),
                refuted: false,
                guarded: false,
            })
            .collect()
    };
    let moves = collect(opp_threat);
    if moves.is_empty() && opp_threat {
        return (collect(false), n);
    }
    (moves, n)
}

/// What the threat counts decide at once: an own five, the block of an opponent five (two of
/// them lose, except where caro lets one stone stop both), an own win in three plies, or the
/// only legal move. `q`: the root's threat counts; `candidates`: how many cells the root
/// frame holds.
fn settle_root(
    s: &mut Searcher,
    me: Color,
    q: &Quick,
    moves: &[RootMove],
    candidates: usize,
) -> Option<SearchResult> {
    let caro = s.board.rule().blocked_five_void();
    let legal = |p: Pos| is_root_move(moves, p);
    let all = &s.stack.frames[0].moves[..candidates];
    let own_five = movepick::find(all, Class::Five, true);
    if legal(own_five) {
        return Some(single(own_five, MATE - 1, s.nodes));
    }
    if q.opp_fives >= 1 {
        let block = if q.opp_fives >= 2 && caro {
            s.caro_double_block(me).filter(|&p| legal(p))
        } else {
            all.iter()
                .find(|m| m.def == Class::Five && legal(m.pos))
                .map(|m| m.pos)
        };
        let score = if q.opp_fives >= 2 { -(MATE - 2) } else { 0 };
        if let Some(p) = block {
            return Some(single(p, score, s.nodes));
        }
    } else {
        let win3 = movepick::find_win3(all, caro);
        if legal(win3) {
            return Some(single(win3, MATE - 3, s.nodes));
        }
    }
    (moves.len() == 1).then(|| single(moves[0].pos, 0, s.nodes))
}

/// A mate by continuous fours, within [`ROOT_VCF_NODES`], deepened on the number of fours so
/// that a short VCF is not hidden behind long lines.
fn root_vcf(s: &mut Searcher, me: Color, moves: &[RootMove]) -> Option<SearchResult> {
    s.node_cap = s.nodes.saturating_add(ROOT_VCF_NODES);
    let found = ROOT_VCF_STEPS
        .iter()
        .chain(std::iter::once(&ROOT_VCF_FOURS))
        .filter(|&&f| f <= ROOT_VCF_FOURS)
        .any(|&f| s.vcf(0, me, f) || s.stopped());
    s.node_cap = u64::MAX;
    if found && !s.stopped() {
        let f = &s.stack.frames[0];
        let pv = f.pv[..f.pv_len].to_vec();
        if let Some(&best) = pv.first() {
            if is_root_move(moves, best) {
                return Some(SearchResult {
                    best,
                    score: MATE - s.vcf_mate_ply as i32,
                    depth: pv.len() as u32,
                    nodes: s.nodes,
                    pv,
                });
            }
        }
    }
    s.resume();
    None
}

/// Iterative deepening over the root moves with aspiration windows, until the depth limit, a
/// proven mate within the depth, a stop, or the soft time target.
fn deepen(
    s: &mut Searcher,
    me: Color,
    moves: &mut [RootMove],
    observer: &mut Observer,
) -> SearchResult {
    moves.sort_by(|a, b| b.order.cmp(&a.order).then(a.pos.0.cmp(&b.pos.0)));
    let mut result = single(moves[0].pos, 0, s.nodes);
    let mut prev = 0;
    // Iterations in a row whose best move stayed the same (time by stability).
    let mut stable = 0;
    // Whether the root guard still looks for a move that holds.
    let mut guarding = true;
    for depth in 1..=s.limits.max_depth.max(1) {
        if s.stopped() {
            break;
        }
        s.seldepth = 0;
        if observer.routine(s.nodes) {
            observer.root(RootEvent::Iteration);
        }
        let mut window = Aspiration::new(depth, prev, s.params.aspiration_delta);
        let score = loop {
            let (alpha, beta) = (window.alpha, window.beta);
            let v = root_iteration(s, moves, depth as i32, alpha, beta, me, guarding, observer);
            if s.stopped() || window.settled(v) {
                break v;
            }
        };
        // The first move is searched first; it is trustworthy even in a cut-short iteration
        // once it has a score.
        if s.stopped() && moves[0].score == -INF {
            break;
        }
        // The guard's choices turned out lost as well: every move is searched again, so that
        // the search finds the longest resistance among all of them.
        if !s.stopped() && guarding && score <= -MATE_BOUND && moves.iter().any(|m| m.refuted) {
            for m in moves.iter_mut() {
                m.refuted = false;
            }
            guarding = false;
        }
        let score = if !s.stopped() && guarding {
            match guard(s, me, moves) {
                Guarded::Changed => moves[0].score,
                Guarded::Kept => score,
                Guarded::Hopeless => {
                    guarding = false;
                    score
                }
            }
        } else {
            score
        };
        let f = &s.stack.frames[0];
        let pv: Vec<Pos> = f.pv[..f.pv_len].to_vec();
        let previous_best = result.best;
        result = SearchResult {
            best: moves[0].pos,
            score: if s.stopped() { moves[0].score } else { score },
            depth,
            nodes: s.nodes,
            pv: if pv.first() == Some(&moves[0].pos) {
                pv
            } else {
                vec![moves[0].pos]
            },
        };
        if s.stopped() {
            break;
        }
        if depth > 1 {
            stable = if result.best == previous_best {
                stable + 1
            } else {
                0
            };
            let drop = if is_mate(prev) || is_mate(score) {
                0
            } else {
                prev - score
            };
            s.control
                .set_soft_permille(time::stability_permille(stable, drop));
        }
        prev = score;
        (observer.on_iter)(&IterationInfo {
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
        if !s.limits.may_deepen(s.control) {
            break;
        }
    }
    result.nodes = s.nodes;
    result
}

/// What the root guard did to the root moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Guarded {
    /// The best move stays (it was probed before, or now, and holds; or it was not probed).
    Kept,
    /// The best move let the opponent win: a probed move that holds is the best now.
    Changed,
    /// No move that holds was found among those probed: the order is as it was, and the
    /// position is likely lost, so the guard is not asked again in this search.
    Hopeless,
}

/// The root guard: while the best root move lets the opponent win by continuous threats
/// (a VCT found within `guard_nodes` of the parameters), it is set aside (moved behind the
/// live moves, never searched again) and the next best is probed, until one holds. Moves with
/// a mate score either way are not probed. When every live move, or [`ROOT_GUARD_MAX_REFUTED`]
/// of them, lets the opponent win, nothing is set aside after all: the search's own choice
/// (the longest resistance, as far as it sees) stands.
fn guard(s: &mut Searcher, me: Color, moves: &mut [RootMove]) -> Guarded {
    let budget = s.limits.sub_budget(
        s.params.guard_nodes as u64,
        s.params.guard_nodes_per_ms as u64,
    );
    let live_before = moves.iter().take_while(|m| !m.refuted).count();
    let mut refuted = 0;
    loop {
        let live = live_before - refuted;
        if live == 0 || refuted >= ROOT_GUARD_MAX_REFUTED {
            unrefute(&mut moves[..live_before], refuted);
            return Guarded::Hopeless;
        }
        let m = &moves[0];
        if budget == 0 || m.guarded || m.score == -INF || is_mate(m.score) {
            return if refuted == 0 {
                Guarded::Kept
            } else {
                Guarded::Changed
            };
        }
        s.board.make(m.pos, me);
        let lost = s.vct_probe(1, me.opp(), budget);
        s.board.undo();
        if s.stopped() {
            // Out of time: the search's choice stands.
            unrefute(&mut moves[..live_before], refuted);
            return Guarded::Kept;
        }
        if lost.is_some() {
            moves[0].refuted = true;
            moves[..live].rotate_left(1);
            refuted += 1;
        } else {
            moves[0].guarded = true;
        }
    }
}

/// Undoes the last `refuted` refutations of the guard in `moves` (the moves that were live
/// when it started): they sit at the end, the last refuted first, and go back to the front in
/// their old order.
fn unrefute(moves: &mut [RootMove], refuted: usize) {
    let live = moves.len() - refuted;
    for m in &mut moves[live..] {
        m.refuted = false;
    }
    moves[live..].reverse();
    moves.rotate_right(refuted);
}

/// YXSEARCHDEFEND on this thread: the root moves of `job` ([`root_moves`]: the legal
/// candidates, only the defences against an opponent threat, none of `job.exclude`), each with
/// whether it holds: the opponent, after it, has no VCT that the root guard's probe finds within
/// `budget` nodes. A move that makes five holds without a probe; once the search is stopped the
/// moves not probed yet count as holding. Each probe is told to `on_root` (searching, then
/// searched or lost).
pub(super) fn defences(
    job: &Job,
    data: &mut ThreadData,
    budget: impl Fn(usize) -> u64,
    on_root: &mut dyn FnMut(RootEvent),
) -> Vec<(Pos, bool)> {
    let mut board = Position::new(job.board.clone());
    data.reset(job.keep_history, &job.params, board.rule());
    let mut s = Searcher::new(&mut board, job.tt, job.control, &job.limits, data);
    let me = job.me;
    let q = movepick::quick(s.board, me);
    let (moves, candidates) = root_moves(&mut s, me, q.opp_threat, job.exclude);
    let fives: Vec<Pos> = s.stack.frames[0].moves[..candidates]
        .iter()
        .filter(|m| m.att == Class::Five)
        .map(|m| m.pos)
        .collect();
    let budget = budget(moves.len());
    let mut out = Vec::with_capacity(moves.len());
    for m in &moves {
        let lost = if fives.contains(&m.pos) || s.stopped() {
            false
        } else {
            on_root(RootEvent::Searching(m.pos));
            s.board.make(m.pos, me);
            let lost = s.vct_probe(1, me.opp(), budget).is_some();
            s.board.undo();
            on_root(RootEvent::Searched(m.pos));
            lost
        };
        if lost {
            on_root(RootEvent::Lost(m.pos));
        }
        out.push((m.pos, !lost));
    }
    out
}

/// The root candidates of `board` for `me` ([`root_moves`]: legal, near the stones, none of
/// `exclude`, only the defences against an opponent threat), best by the move ordering first.
/// The search stack of `data` is used for the scan; nothing is searched.
pub(super) fn ordered_candidates(
    job: &Job,
    board: &Board,
    me: Color,
    exclude: &[Pos],
    data: &mut ThreadData,
) -> Vec<Pos> {
    let mut board = Position::new(board.clone());
    data.reset(job.keep_history, &job.params, board.rule());
    let mut s = Searcher::new(&mut board, job.tt, job.control, &job.limits, data);
    let q = movepick::quick(s.board, me);
    let (mut moves, _) = root_moves(&mut s, me, q.opp_threat, exclude);
    moves.sort_by_key(|m| std::cmp::Reverse(m.order));
    moves.iter().map(|m| m.pos).collect()
}

/// One pass over the root moves with the window (alpha, beta); re-sorts them, best first.
/// Each move is told to the `observer` as it is searched ([`RootEvent`]).
#[allow(clippy::too_many_arguments)]
fn root_iteration(
    s: &mut Searcher,
    moves: &mut [RootMove],
    depth: i32,
    mut alpha: i32,
    beta: i32,
    me: Color,
    guarding: bool,
    observer: &mut Observer,
) -> i32 {
    let mut best = -INF;
    for m in moves.iter_mut() {
        m.score = -INF;
    }
    // The root guard's probe of a move that takes the lead (`guard_new_best`).
    let probe_budget = if guarding && s.params.guard_new_best != 0 {
        s.limits.sub_budget(
            s.params.guard_nodes as u64,
            s.params.guard_nodes_per_ms as u64,
        )
    } else {
        0
    };
    let mut i = 0;
    while i < moves.len() {
        if moves[i].refuted {
            break; // the set-aside moves are at the end
        }
        let p = moves[i].pos;
        let told = observer.routine(s.nodes);
        if told {
            observer.root(RootEvent::Searching(p));
        }
        let att = s.board.class(p, me);
        s.stack.frames[0].played_att = att;
        // A late root move that makes or stops no three: probed first at a reduced depth
        // (`root_lmr_moves`).
        let late = s.params.root_lmr_moves;
        let quiet = att < Class::Flex3 && s.board.class(p, me.opp()) < Class::Flex3;
        let r = if late > 0 && i >= late && quiet && depth >= s.params.lmr_depth {
            (s.late_move_reduction(depth, i) - s.params.lmr_pv_reduction).clamp(0, depth - 2)
        } else {
            0
        };
        s.board.make(p, me);
        let v = if i == 0 {
            -s.alphabeta(1, depth - 1, -beta, -alpha, me.opp(), true)
        } else {
            // The null window expects the move to fail low: its reply is an expected cut node.
            s.stack.frames[1].cut_node = true;
            let mut v = -s.alphabeta(1, depth - 1 - r, -alpha - 1, -alpha, me.opp(), false);
            if v > alpha && r > 0 {
                s.stack.frames[1].cut_node = true;
                v = -s.alphabeta(1, depth - 1, -alpha - 1, -alpha, me.opp(), false);
            }
            if v > alpha && v < beta {
                -s.alphabeta(1, depth - 1, -beta, -alpha, me.opp(), true)
            } else {
                v
            }
        };
        // A move that takes the lead from the first is probed at once, as the guard probes the
        // best move after each iteration: else the lead it takes in an iteration the clock cuts
        // short would never be checked. One that lets the opponent win is set aside (moved
        // behind the live moves); a probe the clock stops keeps the first move.
        if i > 0
            && v > alpha
            && probe_budget > 0
            && !moves[i].guarded
            && !is_mate(v)
            && !s.stopped()
            && moves.iter().filter(|m| m.refuted).count() < ROOT_GUARD_MAX_REFUTED
        {
            let lost = s.vct_probe(1, me.opp(), probe_budget).is_some();
            if s.stopped() {
                s.board.undo();
                break;
            }
            if lost {
                s.board.undo();
                if told {
                    observer.root(RootEvent::Searched(p));
                }
                let live = moves.iter().take_while(|m| !m.refuted).count();
                moves[i].refuted = true;
                moves[i..live].rotate_left(1);
                continue;
            }
            moves[i].guarded = true;
        }
        s.board.undo();
        if s.stopped() {
            break;
        }
        if told {
            observer.root(RootEvent::Searched(p));
        }
        if v <= -MATE_BOUND {
            // A fail-low bound at most -MATE_BOUND is a proven loss as well.
            observer.root(RootEvent::Lost(p));
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
        i += 1;
    }
    // Order the rest for the next iteration: score, then the previous order (stable is not
    // needed: the key is total).
    if !s.stopped() && moves.len() > 1 {
        moves[1..].sort_by(|a, b| {
            a.refuted
                .cmp(&b.refuted)
                .then(b.score.cmp(&a.score))
                .then(b.order.cmp(&a.order))
                .then(a.pos.0.cmp(&b.pos.0))
        });
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Grid;
    use crate::search::{Control, Job, Tt};
    use crate::types::Rule;

    /// White's open three on row 7: a Black move elsewhere lets White make an open four;
    /// blocking it at 9,7 leaves White a closed three and nothing more.
    const OPEN_THREE: &str = "
        X . . . . . . . . . . . . . X
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O O O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . .";

    const LONE: &str = "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . O . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .";

    /// Three twos of Black's (rows 4 and 10, column 10), White's stones far apart.
    const TWOS: &str = "
        O . . . . . . . . . . . . . O
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . X . . . .
        . . . . X X . . . . X . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X X . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . O";

    fn root_move(pos: Pos, score: i32) -> RootMove {
        RootMove {
            pos,
            score,
            order: 0,
            refuted: false,
            guarded: false,
        }
    }

    fn probe(text: &str, moves: &mut [RootMove]) -> Guarded {
        let grid = Grid::from_ascii(text).expect("board");
        let mut b = Position::new(Board::from_grid(&grid, Rule::Freestyle));
        let (tt, limits, control) = (Tt::new(1 << 16), Limits::infinite(), Control::new());
        let mut data = ThreadData::new();
        let mut s = Searcher::new(&mut b, &tt, &control, &limits, &mut data);
        let guarded = guard(&mut s, Color::Black, moves);
        assert_eq!(s.board.grid(), &grid, "the board is restored");
        guarded
    }

    /// The guard sets aside a best move after which the opponent has a forced win, and the
    /// next one, which stops it, becomes the best; a move that holds is kept.
    #[test]
    fn the_guard_sets_aside_a_move_that_lets_the_opponent_win() {
        let (far, block) = (Pos::new(12, 12), Pos::new(9, 7));
        let mut moves = [root_move(far, 50), root_move(block, 10)];
        assert_eq!(probe(OPEN_THREE, &mut moves), Guarded::Changed);
        assert!(moves[0].pos == block && moves[0].guarded);
        assert!(moves[1].pos == far && moves[1].refuted);

        let mut moves = [root_move(block, 10), root_move(far, 50)];
        assert_eq!(probe(OPEN_THREE, &mut moves), Guarded::Kept);
        assert!(moves[0].pos == block && moves[0].guarded && !moves[1].refuted);

        // A lone White stone: nothing to fear.
        let mut moves = [root_move(Pos::new(5, 5), 10), root_move(Pos::new(8, 8), 50)];
        assert_eq!(probe(LONE, &mut moves), Guarded::Kept);
        assert!(moves[0].guarded);
    }

    /// YXSEARCHDEFEND's probe: against the open three only the blocks next to it hold; the
    /// far ends are defences by the threat classes but lose to the open four; a blocked cell
    /// is not probed.
    #[test]
    fn defences_are_the_moves_after_which_no_vct_is_found() {
        let b = Board::from_grid(
            &Grid::from_ascii(OPEN_THREE).expect("board"),
            Rule::Freestyle,
        );
        let tt = Tt::new(1 << 16);
        let mut job = Job::new(&b, Color::Black, Limits::infinite(), &tt);
        let mut events = Vec::new();
        let found = defences(&job, &mut ThreadData::new(), |_| 20_000, &mut |e| {
            events.push(e)
        });
        let holding: Vec<Pos> = found.iter().filter(|d| d.1).map(|d| d.0).collect();
        let mut lost: Vec<Pos> = found.iter().filter(|d| !d.1).map(|d| d.0).collect();
        lost.sort();
        assert_eq!(holding, [Pos::new(5, 7), Pos::new(9, 7)]);
        assert_eq!(lost, [Pos::new(4, 7), Pos::new(10, 7)]);
        assert!(events.contains(&RootEvent::Lost(Pos::new(4, 7))));
        assert_eq!(events.len(), 2 * found.len() + lost.len());
        let exclude = [Pos::new(5, 7)];
        job.exclude = &exclude;
        let found = defences(&job, &mut ThreadData::new(), |_| 20_000, &mut |_| {});
        assert!(found.iter().all(|d| d.0 != Pos::new(5, 7)) && found.len() == 3);
    }

    /// One root iteration of `moves` at `depth` on the board of `text`, Black to move, with
    /// the parameters `set` makes; checks that the board is restored and gives the nodes.
    fn iterate(
        text: &str,
        set: impl Fn(&mut ThreadData),
        moves: &mut [RootMove],
        depth: i32,
        guarding: bool,
    ) -> u64 {
        let grid = Grid::from_ascii(text).expect("board");
        let mut b = Position::new(Board::from_grid(&grid, Rule::Freestyle));
        let (tt, limits, control) = (Tt::new(1 << 16), Limits::infinite(), Control::new());
        let mut data = ThreadData::new();
        set(&mut data);
        let mut s = Searcher::new(&mut b, &tt, &control, &limits, &mut data);
        let mut on_iter = |_: &IterationInfo| {};
        let mut observer = Observer {
            on_iter: &mut on_iter,
            on_root: None,
        };
        root_iteration(
            &mut s,
            moves,
            depth,
            -INF,
            INF,
            Color::Black,
            guarding,
            &mut observer,
        );
        assert_eq!(s.board.grid(), &grid, "the board is restored");
        s.nodes
    }

    /// With `guard_new_best`, a move that takes the lead inside an iteration is probed at once:
    /// the block of the open three overtakes a far move (lost to the open four) and is marked
    /// as holding before the iteration ends.
    #[test]
    fn a_new_lead_is_probed_within_the_iteration() {
        let (far, block) = (Pos::new(12, 12), Pos::new(9, 7));
        let mut moves = [root_move(far, 0), root_move(block, 0)];
        let guard = |d: &mut ThreadData| d.params.guard_new_best = 1;
        iterate(OPEN_THREE, guard, &mut moves, 2, true);
        assert!(moves[0].pos == block && moves[0].guarded && !moves[0].refuted);
        assert!(moves[1].pos == far && !moves[1].guarded);
    }

    /// With `root_lmr_moves`, the late quiet root moves are probed shallower: the iteration
    /// searches fewer nodes; a move that makes or stops a three is never reduced: against the
    /// open three the block still comes first, and an iteration of moves that make threes
    /// searches the same nodes.
    #[test]
    fn late_quiet_root_moves_are_probed_shallower() {
        let late = |moves: usize| move |d: &mut ThreadData| d.params.root_lmr_moves = moves;
        let quiet =
            || [(4, 4), (8, 8), (5, 6), (2, 5), (6, 2)].map(|(x, y)| root_move(Pos::new(x, y), 0));
        let (mut full, mut reduced) = (quiet(), quiet());
        let reduced_nodes = iterate(LONE, late(1), &mut reduced, 6, false);
        assert!(reduced_nodes < iterate(LONE, late(0), &mut full, 6, false));

        let far = [Pos::new(12, 12), Pos::new(2, 12), Pos::new(12, 2)];
        let block = Pos::new(9, 7);
        let mut moves = [far[0], far[1], far[2], block].map(|p| root_move(p, 0));
        iterate(OPEN_THREE, late(1), &mut moves, 6, false);
        assert_eq!(moves[0].pos, block);

        // Each of these makes an open three of one of Black's twos: none is reduced.
        let threes = || {
            [(3, 4), (6, 4), (3, 10), (6, 10), (10, 2), (10, 5)]
                .map(|(x, y)| root_move(Pos::new(x, y), 0))
        };
        let (mut full, mut late_ones) = (threes(), threes());
        let late_nodes = iterate(TWOS, late(1), &mut late_ones, 6, false);
        assert_eq!(late_nodes, iterate(TWOS, late(0), &mut full, 6, false));
    }

    /// When every move lets the opponent win, nothing is set aside: the search's order stands.
    #[test]
    fn a_lost_position_keeps_the_search_choice() {
        let far = [Pos::new(12, 12), Pos::new(2, 12), Pos::new(12, 2)];
        let mut moves = far.map(|p| root_move(p, 10));
        assert_eq!(probe(OPEN_THREE, &mut moves), Guarded::Hopeless);
        assert!(moves.iter().map(|m| m.pos).eq(far));
        assert!(moves.iter().all(|m| !m.refuted && !m.guarded));
    }
}
