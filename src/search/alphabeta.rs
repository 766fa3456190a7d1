//! The principal-variation alpha-beta search (negamax) and its VCF quiescence.
//!
//! Every node first settles the forced cases the board's threat classes reveal: a five wins,
//! two opponent fives lose, one opponent five leaves a single reply (searched without spending
//! depth), an own open four (or double four) wins in three plies, and a four-three or a double
//! three wins in five while the opponent has no four to play (a four-three also where the
//! opponent has fours but the forced block makes none: `win5_static`). Facing an opponent
//! open-four threat only defences and own fours are tried. At the horizon a quiescence search plays
//! continuous fours (VCF) for whichever side is to move, near its own last stone (`qs_local`),
//! the other side's replies being forced, its attacking nodes settled from the transposition
//! table where the same position was met before (fours in another order); but a side facing an
//! open-four threat there does not stand pat: its defences are searched, each answered by the
//! opponent's quiescence (not at two nodes in a row, so mutual threats cannot feed each other;
//! not in renju, where it showed no gain).
//!
//! Between the two, the pruning and reduction numbers of [`SearchParams`]: reverse futility,
//! razoring, internal iterative reduction (a node without a table move is searched a ply
//! shallower), move-count pruning and futility of quiet moves at shallow depths, move-count pruning
//! of every move but fours and the table move at any depth (`mcp_base`; under the rules of
//! `selective_rules` fewer, `mcp_base_selective`, and half as many at nodes not improving) and,
//! facing an open-four threat, of every move but the table move (`mcp_threat`; both under every
//! rule),
//! late-move reductions (stronger in freestyle than under the other rules, `lmr_divisor_rules`; of
//! quiet moves, less for those the ordering rates high, `lmr_score_div`, and one ply less of late
//! moves that make or stop a three, and, in freestyle, of late closed fours that make nothing else,
//! `lmr_plain_four`; more at expected cut nodes, `lmr_cut_node`, which each parent marks in its
//! child's frame, and at nodes whose static evaluation is not above their grandparent's,
//! `lmr_not_improving`; a ply more of quiet moves the ordering rates low, `lmr_policy_div`), a
//! deeper re-search of a reduced move that failed high by a wide margin (`lmr_deeper_margin`),
//! null-move pruning (`nmp_depth`, off: the opponent answers a pass at reduced depth), the singular
//! extension of the table move (`se_depth`: the other moves searched with it excluded, under their
//! own key); and, off by default because matches showed no gain yet, the table move's negative and
//! double singular extensions (`se_negative`, `se_double_margin`), the counter-move ordering
//! (`order_counter`), the fail-high reduction (`fhr_margin`: every move but a four a ply shallower
//! at a cut node far above beta), the table-move reduction at PV nodes (`iir_tt_percent`: a table
//! move from a much shallower search), the table's score standing in for the static evaluation in
//! the pruning (`tt_eval`), the pruning of moves whose cell shows nothing for either side near the
//! horizon (`prune_trivial_depth`), the dropping of moves that leave the opponent's win in five
//! standing (`defend_four_three`), the lesser reduction of an attack carried on
//! (`lmr_attack_chain`), the lesser reduction at nodes the table marks as once on the principal
//! variation (`lmr_tt_pv`), separate histories for tactical and quiet moves (`history_kinds`) and, in
//! the quiescence, plain closed fours at its first plies only (`qs_plain_plies`), kept for the
//! tuner. Freestyle, standard and caro search with the values of an SPSA run, renju with those from
//! before it (`tuned_rules`); the policy reduction and the deeper re-search apply in freestyle only
//! (`lmr_policy_rules`; both through [`SearchParams::for_rule`], applied when the thread data is
//! reset for a search).

use super::history::History;
use super::movepick::{self, Quick};
use super::stack::{MoveEntry, Stack, MAX_PLY};
use super::tt::{Bound, Tt};
use super::{Control, Limits, ThreadData, INF, MATE, MATE_BOUND};
use crate::board::{Class, Pos, DIRS};
use crate::eval::Position;
use crate::types::{Color, Rule};

use crate::params::{
    rule_in, SearchParams, ALPHA_REDUCE_DEPTHS, DISTANT_STEPS, EXT_PLY_SIXTEENTHS,
    FORCED_REPLY_EXTENSION, HORIZON_DEFENCE, HORIZON_DEFENCE_IN_RENJU, LINE_LEAF_DEPTH,
    LMR_SCORE_MAX_BONUS, ORDER_TT_MOVE, PICK_BEFORE_SORT, POLL_INTERVAL_NODES, QUIESCENCE_TT,
    QUIESCENCE_TT_DEPTH, SCORE_NONE, SE_DOUBLE_MAX,
};

/// A key that differs when White is to move (the board's key only knows the stones).
const SIDE_KEY: u64 = 0x9E37_79B9_7F4A_7C15;

/// The transposition key of a position whose stones hash to `hash`, with `to_move` to move.
#[inline(always)]
fn with_side(hash: u64, to_move: Color) -> u64 {
    if to_move == Color::White {
        hash ^ SIDE_KEY
    } else {
        hash
    }
}

/// Multiplied by the excluded cell (plus one) into the key of a singular-extension search.
const EXCLUDED_KEY: u64 = 0xD6E8_FEB8_6659_FD93;

/// The distance between two cells in steps of a king: the larger of the column and the row
/// distance.
#[inline]
fn steps(a: Pos, b: Pos) -> usize {
    a.x().abs_diff(b.x()).max(a.y().abs_diff(b.y()))
}

/// Whether `p` is near `stone`: on one of its four lines within four steps, or in the 5×5
/// square around it.
#[inline]
fn near_line(stone: Pos, p: Pos) -> bool {
    let (dx, dy) = (stone.x().abs_diff(p.x()), stone.y().abs_diff(p.y()));
    let d = dx.max(dy);
    d <= 2 || (d <= 4 && (dx == 0 || dy == 0 || dx == dy))
}

/// What the counts say about a node before any move is tried.
pub(crate) enum Settled {
    /// The value is known.
    Score(i32),
    /// Exactly one reply (blocking the opponent's five) is possible.
    Forced(Pos),
    /// Moves must be searched.
    Open,
}

/// Why the search is winding down. Every node polls it through [`Searcher::visit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    /// Searching.
    Running,
    /// A sub-search's own node budget ([`Searcher::node_cap`]: root VCF, root VCT) is spent;
    /// the search goes on once it has unwound ([`Searcher::resume`]).
    BudgetSpent,
    /// Final: the stop flag, the hard deadline or the node limit. Never resumed.
    Abort,
}

/// Late-move reductions by depth and move number, `base + ln d × ln m / divisor` (the
/// parameters' `lmr_base_centi` and `lmr_divisor_centi`, in hundredths) under the rules of
/// `lmr_divisor_rules`, and with `lmr_divisor_other_centi` under the others; and the move counts
/// of the move-count pruning by depth, `mcp_base + d^(mcp_exp_centi / 100)` (0: no limit).
pub(crate) struct LmrTable {
    pub reduce: [[u8; 64]; 64],
    pub reduce_other: [[u8; 64]; 64],
    pub move_count: [u16; 64],
}

/// The late-move reductions and move counts of `params` (kept per search thread in
/// [`ThreadData`], recomputed when the parameters change).
pub(crate) fn lmr_table(params: &SearchParams) -> LmrTable {
    let base = params.lmr_base_centi as f64 / 100.0;
    let reductions = |divisor_centi: i32| {
        let divisor = divisor_centi as f64 / 100.0;
        let mut lmr = [[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (d as f64).ln() * (m as f64).ln() / divisor) as u8;
            }
        }
        lmr
    };
    let mut move_count = [0u16; 64];
    if params.mcp_base > 0 {
        let exp = params.mcp_exp_centi as f64 / 100.0;
        for (d, c) in move_count.iter_mut().enumerate() {
            *c = (params.mcp_base as f64 + (d.max(1) as f64).powf(exp)).min(u16::MAX as f64) as u16;
        }
    }
    LmrTable {
        reduce: reductions(params.lmr_divisor_centi),
        reduce_other: reductions(params.lmr_divisor_other_centi),
        move_count,
    }
}

/// The state of one search thread: the board, the shared table and control, the thread's own
/// stack and tables ([`ThreadData`]) and the counters.
pub(crate) struct Searcher<'a> {
    pub board: &'a mut Position,
    pub tt: &'a Tt,
    pub control: &'a Control,
    pub limits: &'a Limits,
    pub nodes: u64,
    /// A node budget below `limits.max_nodes` for a sub-search (root VCF, root VCT).
    pub node_cap: u64,
    pub halt: Halt,
    pub seldepth: usize,
    pub stack: &'a mut Stack,
    pub history: &'a mut History,
    pub vcf_fail: &'a mut [u64],
    /// Ply of the five that ends the last VCF found.
    pub vcf_mate_ply: usize,
    /// Whether a horizon node facing an open three searches its defences (by the rule:
    /// [`HORIZON_DEFENCE`], [`HORIZON_DEFENCE_IN_RENJU`]).
    horizon_defence: bool,
    /// Whether the move-count pruning applies under this rule (`mcp_rules`) ...
    count_pruning: bool,
    /// ... and whether the pattern ordering does (`order_pattern_rules`).
    pattern_order: bool,
    /// Whether the fitted pattern-code values order the moves (`order_code_rules`) ...
    code_order: bool,
    /// ... and the rule family's table of them.
    codes: &'static movepick::CodeTable,
    /// The pruning, reduction and ordering numbers of this search (the thread data's copy).
    pub params: SearchParams,
    lmr: &'a LmrTable,
    /// The late-move reductions of this rule (`lmr_divisor_rules`).
    reduce: &'a [[u8; 64]; 64],
}

impl<'a> Searcher<'a> {
    /// A searcher over `board` with the thread's `data` (prepared by the caller, see
    /// [`ThreadData::reset`]).
    pub fn new(
        board: &'a mut Position,
        tt: &'a Tt,
        control: &'a Control,
        limits: &'a Limits,
        data: &'a mut ThreadData,
    ) -> Searcher<'a> {
        let board_rule = board.rule();
        let applies = |mask: i32| rule_in(mask, board_rule);
        let horizon_defence =
            HORIZON_DEFENCE && (board_rule != Rule::Renju || HORIZON_DEFENCE_IN_RENJU);
        Searcher {
            board,
            tt,
            control,
            limits,
            nodes: 0,
            node_cap: u64::MAX,
            halt: Halt::Running,
            seldepth: 0,
            stack: &mut data.stack,
            history: &mut data.history,
            vcf_fail: &mut data.vcf_fail,
            vcf_mate_ply: 0,
            horizon_defence,
            count_pruning: applies(data.params.mcp_rules),
            pattern_order: applies(data.params.order_pattern_rules),
            code_order: applies(data.params.order_code_rules),
            codes: movepick::code_table(board_rule),
            params: data.params,
            lmr: &data.lmr,
            reduce: if applies(data.params.lmr_divisor_rules) {
                &data.lmr.reduce
            } else {
                &data.lmr.reduce_other
            },
        }
    }

    /// The late-move reduction of this rule's table at `depth` for a move with `searched` moves
    /// before it.
    #[inline]
    pub fn late_move_reduction(&self, depth: i32, searched: usize) -> i32 {
        self.reduce[(depth.max(0) as usize).min(63)][searched.min(63)] as i32
    }

    /// Whether the search is unwinding (for whatever reason).
    #[inline]
    pub fn stopped(&self) -> bool {
        self.halt != Halt::Running
    }

    /// Goes on after a sub-search whose own budget ran out; an abort stays. The stop flag and
    /// the deadline are read at once, so a stop that came during the sub-search is not missed.
    pub fn resume(&mut self) {
        if self.halt == Halt::BudgetSpent {
            self.halt = if self.control.must_stop(self.limits.start) {
                Halt::Abort
            } else {
                Halt::Running
            };
        }
    }

    /// The transposition key of the position with `us` to move.
    #[inline]
    pub fn key(&self, us: Color) -> u64 {
        with_side(self.board.hash(), us)
    }

    /// Starts loading the table bucket of the position after `us` plays `p` (the child's
    /// [`Searcher::key`], the opponent to move), before the make that leads there.
    #[inline(always)]
    fn prefetch_child(&self, p: Pos, us: Color) {
        self.tt
            .prefetch(with_side(self.board.hash_after(p, us), us.opp()));
    }

    /// Counts a node and checks the limits: the node limit and the sub-search budget at every
    /// node, the control (stop flag, deadline) every [`POLL_INTERVAL_NODES`] nodes. Returns
    /// whether the search must unwind. Once it unwinds nothing more is counted, so no budget is
    /// ever overdrawn.
    #[inline]
    pub fn visit(&mut self) -> bool {
        if self.halt != Halt::Running {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.limits.max_nodes {
            self.halt = Halt::Abort;
        } else if self.nodes >= self.node_cap {
            self.halt = Halt::BudgetSpent;
        } else if self.nodes % POLL_INTERVAL_NODES == 0 && self.control.must_stop(self.limits.start)
        {
            self.halt = Halt::Abort;
        }
        self.halt != Halt::Running
    }

    /// Generates and classifies the candidate moves of the node at `ply`; returns how many.
    #[inline]
    pub fn scan(&mut self, ply: usize, us: Color) -> usize {
        movepick::scan(self.board, us, &mut self.stack.frames[ply].moves[..])
    }

    /// Writes the cells where `us` makes a four into the move list of the node at `ply`
    /// ([`movepick::scan_fours`]); returns how many.
    #[inline]
    pub fn scan_fours(&mut self, ply: usize, us: Color) -> usize {
        movepick::scan_fours(self.board, us, &mut self.stack.frames[ply].moves[..])
    }

    /// Whether the opponent of `us` (to move at the horizon node `ply`) has a VCF of at most
    /// `horizon_vcf_fours` fours, as if `us` passed; always false when that parameter is 0.
    fn opponent_vcf_threat(&mut self, ply: usize, us: Color) -> bool {
        let fours = self.params.horizon_vcf_fours;
        if fours <= 0 {
            return false;
        }
        if !movepick::has_fours(self.board.class_counts(us.opp())) {
            return false;
        }
        let threat = self.vcf(ply, us.opp(), fours as u32);
        self.stack.frames[ply].pv_len = 0;
        threat
    }

    /// Plays the forced reply `p` and searches on (same depth: forced replies are extended).
    #[allow(clippy::too_many_arguments)]
    fn forced(
        &mut self,
        ply: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        us: Color,
        p: Pos,
        pv_node: bool,
    ) -> i32 {
        self.stack.frames[ply].played_att = self.board.class(p, us);
        self.prefetch_child(p, us);
        self.board.make(p, us);
        let credit = self.stack.frames[ply].ext_credit + self.params.forced_reply_ext_sixteenths;
        let depth = depth - 1 + FORCED_REPLY_EXTENSION + credit / EXT_PLY_SIXTEENTHS;
        self.stack.frames[ply + 1].cut_node = !pv_node && !self.stack.frames[ply].cut_node;
        self.stack.frames[ply + 1].ext_credit = credit % EXT_PLY_SIXTEENTHS;
        self.stack.frames[ply + 1].double_extensions = self.stack.frames[ply].double_extensions;
        let v = if depth <= 0 {
            -self.qsearch(ply + 1, -beta, -alpha, us.opp(), true)
        } else {
            -self.alphabeta(ply + 1, depth, -beta, -alpha, us.opp(), pv_node)
        };
        self.board.undo();
        self.stack.update_pv(ply, p);
        v
    }

    /// The forced outcome of a node from its counts: a score, a single forced reply, or open.
    #[inline]
    pub fn settle(&mut self, ply: usize, us: Color, q: &Quick) -> Settled {
        let p = ply as i32;
        if q.empty == 0 {
            return Settled::Score(0); // full board: draw
        }
        if q.own_five {
            return Settled::Score(MATE - p - 1);
        }
        if q.opp_fives >= 2 {
            if self.board.rule().blocked_five_void() {
                if let Some(cell) = self.caro_double_block(us) {
                    return Settled::Forced(cell);
                }
            }
            return Settled::Score(-(MATE - p - 2));
        }
        if q.opp_fives == 1 {
            let Some(cell) = self.board.find_single_class(us.opp(), Class::Five) else {
                return Settled::Open;
            };
            if self.board.rule() == Rule::Renju
                && us == Color::Black
                && self.board.class(cell, us) == Class::Forbid
            {
                return Settled::Score(-(MATE - p - 2));
            }
            return Settled::Forced(cell);
        }
        if q.own_win3 {
            return Settled::Score(MATE - p - 3);
        }
        if self.params.win5_static != 0 && self.wins_in_five(us, q) {
            return Settled::Score(MATE - p - 5);
        }
        Settled::Open
    }

    /// Whether `us` (to move, the opponent without a five to make) wins in five plies by a four
    /// that makes an open three: the opponent must block the four, and if that block makes no
    /// four of its own (or is a renju foul) the open four that follows wins. Tries at most
    /// eight such cells.
    pub(crate) fn four_three_wins(&mut self, us: Color) -> bool {
        let mut cells = [Pos::NONE; 8];
        let mut n = 0;
        for c in self.board.candidates() {
            if self.board.class(c, us) == Class::Block4Flex3 {
                cells[n] = c;
                n += 1;
                if n == cells.len() {
                    break;
                }
            }
        }
        cells[..n].iter().any(|&c| {
            self.board.make(c, us);
            let holds = self
                .board
                .find_class(us, Class::Five)
                .is_some_and(|f| self.board.class(f, us.opp()) < Class::Block4);
            self.board.undo();
            holds
        })
    }

    /// Whether `us`, to move, with the counts `q`, wins in five plies: by the counts (a
    /// four-three or a double three while the opponent has no four), or by a four-three whose
    /// forced block makes no four. [`Self::settle`]'s test (with `win5_static`).
    fn wins_in_five(&mut self, us: Color, q: &Quick) -> bool {
        q.own_win5 || (q.own_four_three && self.four_three_wins(us))
    }

    /// Caro: a cell where `us` stops every five the opponent can make, though it has two or
    /// more (a four with two completion points, one of which a stone beyond the other end
    /// voids by closing the five at both ends); `None` if no cell does. Such a cell lies on a
    /// line through the first five point, at most five steps away.
    pub fn caro_double_block(&mut self, us: Color) -> Option<Pos> {
        let first = self.board.find_class(us.opp(), Class::Five)?;
        // The five point itself is tried once, on the first line.
        let mut cells = DIRS.iter().enumerate().flat_map(|(i, &d)| {
            (-5isize..=5)
                .filter(move |&k| k != 0 || i == 0)
                .map(move |k| first.step(d, k))
        });
        cells.find(|&c| {
            if !self.board.grid().is_empty(c) {
                return false;
            }
            self.board.make(c, us);
            let stops = self.board.class_counts(us.opp())[Class::Five as usize] == 0;
            self.board.undo();
            stops
        })
    }

    /// Principal-variation search of the node at `ply` with `us` to move.
    pub fn alphabeta(
        &mut self,
        ply: usize,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        us: Color,
        pv_node: bool,
    ) -> i32 {
        self.stack.frames[ply].pv_len = 0;
        self.stack.frames[ply].defending = false;
        self.stack.frames[ply].qs_plies = 0;
        let cut_node = !pv_node && self.stack.frames[ply].cut_node;
        let after_null = self.stack.frames[ply].after_null;
        self.stack.frames[ply].after_null = false;
        let ext_credit = self.stack.frames[ply].ext_credit;
        if self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        // Mate-distance pruning.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        // The static evaluation waits until a node needs it: a node its counts settle, or the
        // table cuts, never does (`q.eval` is 0 until then).
        let mut q = movepick::quick_counts(self.board, us);
        if ply >= MAX_PLY - 4 {
            return movepick::static_eval(self.board, us);
        }
        match self.settle(ply, us, &q) {
            Settled::Score(v) => return v,
            Settled::Forced(p) => {
                self.stack.frames[ply].eval = movepick::static_eval(self.board, us);
                return self.forced(ply, depth, alpha, beta, us, p, pv_node);
            }
            Settled::Open => {}
        }
        // At the horizon the side to move stands pat or plays its fours, unless the opponent
        // threatens an open four: then standing pat is not a choice, and the defences are
        // searched, each answered by the opponent's VCF quiescence.
        // Threat defences are extended only where the parent's were not, so mutual threats
        // cannot extend each other.
        let parent_defends = ply > 0 && self.stack.frames[ply - 1].defending;
        let may_extend = q.opp_threat && !parent_defends;
        let depth = if depth > 0 {
            depth
        } else if may_extend && self.horizon_defence && !q.own_fours {
            self.stack.frames[ply].defending = true;
            1
        } else if !parent_defends && self.opponent_vcf_threat(ply, us) {
            // The opponent would win by fours if this side stood pat: its moves are searched a
            // ply, each answered by the opponent's VCF quiescence (`horizon_vcf_fours`).
            self.stack.frames[ply].defending = true;
            1
        } else {
            q.eval = movepick::static_eval(self.board, us);
            self.stack.frames[ply].eval = q.eval;
            return self.quiesce(ply, alpha, beta, us, &q, true);
        };

        // A search without one move keeps its results apart from the node's own.
        let excluded = self.stack.frames[ply].excluded;
        let key = if excluded.is_none() {
            self.key(us)
        } else {
            self.key(us) ^ (excluded.0 as u64 + 1).wrapping_mul(EXCLUDED_KEY)
        };
        let hit = self.tt.probe(key, ply as i32);
        // On a principal variation now or when the table last stored this node.
        let tt_pv = pv_node || (self.params.lmr_tt_pv != 0 && hit.is_some_and(|h| h.pv));
        let mut tt_move = Pos::NONE;
        let mut tt_depth = depth;
        if let Some(h) = hit {
            tt_depth = h.depth;
            tt_move = h.mv;
            if !pv_node && h.settles(depth, alpha, beta) {
                return h.score;
            }
        }
        // An entry of this position holds its static value (the same function of the board).
        q.eval = match hit {
            Some(h) if h.eval != SCORE_NONE => h.eval,
            _ => movepick::static_eval(self.board, us),
        };
        self.stack.frames[ply].eval = q.eval;
        // The table's score, where it bounds the static evaluation from the right side, is
        // the better guess for the pruning below (`tt_eval`).
        let eval = match hit {
            Some(h)
                if self.params.tt_eval != 0
                    && h.score.abs() < MATE_BOUND
                    && (if h.score > q.eval {
                        h.bound.has_lower()
                    } else {
                        h.bound.has_upper()
                    }) =>
            {
                h.score
            }
            _ => q.eval,
        };

        // Internal iterative reduction: without a table move the order is a guess; search
        // shallower now, the next visit starts from the move found.
        let mut depth = if self.params.iir_depth > 0
            && depth >= self.params.iir_depth
            && tt_move.is_none()
            && excluded.is_none()
        {
            depth - 1
        } else if self.params.iir_tt_percent > 0
            && pv_node
            && depth > 1
            && !tt_move.is_none()
            && excluded.is_none()
        {
            // A table move from a much shallower search: the line has just become the
            // principal one; the next iteration searches it in full.
            depth
                - ((depth - tt_depth) * self.params.iir_tt_percent / 100)
                    .clamp(0, self.params.iir_tt_max)
        } else {
            depth
        };

        // Reverse futility: far above beta with nothing to fear.
        if !pv_node
            && excluded.is_none()
            && !q.opp_threat
            && depth <= self.params.rfp_depth
            && beta.abs() < MATE_BOUND
            && eval - self.params.rfp_margin * depth >= beta
        {
            return eval;
        }

        // Razoring: far below alpha, the quiescence (own fours) decides whether anything
        // could lift the node; if it cannot, that is the node's value.
        if !pv_node
            && excluded.is_none()
            && !q.opp_threat
            && depth <= self.params.razor_depth
            && alpha.abs() < MATE_BOUND
            && eval + self.params.razor_margin * depth < alpha
        {
            let v = self.quiesce(ply, alpha, alpha + 1, us, &q, true);
            if self.stopped() {
                return 0;
            }
            if v <= alpha {
                return v;
            }
        }

        // Null-move pruning: if even a pass keeps the node above beta, the node is cut.
        if !pv_node
            && excluded.is_none()
            && !after_null
            && !q.opp_threat
            && self.params.nmp_depth > 0
            && depth >= self.params.nmp_depth
            && beta.abs() < MATE_BOUND
            && eval >= beta
        {
            let r = self.params.nmp_base + depth / self.params.nmp_div;
            self.stack.frames[ply].played_att = Class::None;
            self.stack.frames[ply + 1].after_null = true;
            self.stack.frames[ply + 1].cut_node = !cut_node;
            self.stack.frames[ply + 1].ext_credit = ext_credit;
            self.stack.frames[ply + 1].double_extensions = self.stack.frames[ply].double_extensions;
            let v = if depth - r <= 0 {
                -self.qsearch(ply + 1, -beta, -beta + 1, us.opp(), true)
            } else {
                -self.alphabeta(ply + 1, depth - r, -beta, -beta + 1, us.opp(), false)
            };
            self.stack.frames[ply + 1].after_null = false;
            if self.stopped() {
                return 0;
            }
            if v >= beta {
                return if v >= MATE_BOUND { beta } else { v };
            }
        }

        // Singular extension: is the table move the only good one? The others are searched to
        // half the depth against a bound below its stored score; if none reaches it, the table
        // move is searched a ply deeper (two, far below it: `se_double_margin`); if the bound
        // itself is above beta, several moves beat beta and the node is cut (multi-cut); if only
        // the stored score is, the table move may be searched shallower (`se_negative`).
        // Plies the table move is searched deeper (2, 1) or shallower (negative) than the rest.
        let mut tt_extension = 0;
        let double_extensions = self.stack.frames[ply].double_extensions;
        if let Some(h) = hit {
            if self.params.se_depth > 0
                && ply > 0
                && depth >= self.params.se_depth
                && excluded.is_none()
                && !tt_move.is_none()
                && h.depth >= depth - 3
                && matches!(h.bound, Bound::Lower | Bound::Exact)
                && h.score.abs() < MATE_BOUND
                && ply < MAX_PLY / 2
            {
                let singular_beta = h.score - self.params.se_margin * depth;
                self.stack.frames[ply].excluded = tt_move;
                let v = self.alphabeta(
                    ply,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    us,
                    false,
                );
                self.stack.frames[ply].excluded = Pos::NONE;
                if self.stopped() {
                    return 0;
                }
                if v < singular_beta {
                    let margin = self.params.se_double_margin;
                    tt_extension = if margin > 0
                        && !pv_node
                        && v < singular_beta - margin
                        && double_extensions < SE_DOUBLE_MAX
                    {
                        2
                    } else {
                        1
                    };
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if h.score >= beta {
                    tt_extension = -self.params.se_negative;
                }
            }
        }

        // Build the move list in place: drop unplayable cells, the excluded move and, under a
        // threat, everything that neither defends nor makes a four.
        let rule = self.board.rule();
        let killers = self.stack.frames[ply].killers;
        // The opponent's last stone, and our counter move to it (`order_counter`; neither is
        // looked up, nor counter moves kept, when it is off).
        let counters = self.params.order_counter != 0;
        let last = if counters {
            self.board.history().last().map_or(Pos::NONE, |&(p, _)| p)
        } else {
            Pos::NONE
        };
        let counter = if counters {
            self.history.counter(us, last)
        } else {
            Pos::NONE
        };
        // The history kind of a move: 1 for a tactical one when they are kept apart (the test
        // is not made when they are not).
        let kinds = self.params.history_kinds != 0;
        let kind_of = move |m: &MoveEntry| usize::from(kinds && movepick::is_tactical(m));
        let n = self.scan(ply, us);
        let history = &self.history;
        let board = &*self.board;
        let cell_permille = self.params.order_cell_permille;
        let pattern_permille = if self.pattern_order {
            self.params.order_pattern_permille
        } else {
            0
        };
        let code_permille = if self.code_order {
            self.params.order_code_permille
        } else {
            0
        };
        let line_net = board
            .line_policy()
            .filter(|_| self.params.order_policy_permille != 0);
        let policy_permille = self.params.order_policy_permille;
        let n = movepick::retain_scored(&mut self.stack.frames[ply].moves[..], n, |m| {
            if !movepick::playable(rule, us, m)
                || (q.opp_threat && !movepick::is_defence(m))
                || m.pos == excluded
            {
                return None;
            }
            Some(if m.pos == tt_move {
                ORDER_TT_MOVE
            } else {
                let mut v = movepick::static_score(m)
                    + history.get(us, kind_of(m), m.pos) / self.params.history_div;
                if cell_permille != 0 {
                    v += movepick::cell_value(board, us, m.pos) * cell_permille / 1000;
                }
                if pattern_permille != 0 {
                    v += movepick::pattern_score(board, us, m.pos) * pattern_permille / 1000;
                }
                if code_permille != 0 {
                    v += movepick::code_score(self.codes, board, us, m.pos) * code_permille / 1000;
                }
                if let Some(ln) = line_net.filter(|_| !movepick::is_tactical(m)) {
                    v += ln.policy(board.line_features(m.pos), us) * policy_permille / 1000;
                }
                if m.pos == killers[0] {
                    v += self.params.order_killer_1;
                } else if m.pos == killers[1] {
                    v += self.params.order_killer_2;
                } else if m.pos == counter {
                    v += self.params.order_counter;
                }
                v
            })
        });
        let them = us.opp();
        if n == 0 {
            return if q.opp_threat {
                -(MATE - ply as i32 - 3)
            } else {
                eval
            };
        }

        let mut best = -INF;
        let mut best_move = Pos::NONE;
        let mut searched = 0usize;
        let orig_alpha = alpha;
        let quiet_allowed = !pv_node && !q.opp_threat;
        let late_moves =
            self.params.lmp_base + self.params.lmp_per_depth2 * (depth * depth) as usize;
        // Move-count pruning at every depth: only the first `count_limit` moves of the order are
        // searched (0: all of them), fours spared; facing an open-four threat (`mcp_threat`, 0:
        // off) the first `mcp_threat + depth`, fours counted.
        let improving = ply < 2 || q.eval > self.stack.frames[ply - 2].eval;
        let (count_limit, fours_counted) = if !self.count_pruning || !excluded.is_none() {
            (0, false)
        } else if q.opp_threat {
            let limit = if self.params.mcp_threat > 0 {
                (self.params.mcp_threat + depth).max(1) as usize
            } else {
                0
            };
            (limit, true)
        } else {
            let limit = self.lmr.move_count[(depth as usize).min(63)] as usize;
            if improving || self.params.mcp_improving == 0 {
                (limit, false)
            } else {
                (limit / 2, false)
            }
        };
        // Blocking an open-four threat may cost less depth (the moves are few and forced), so
        // that threat sequences of the opponent are searched further: each such node adds
        // `threat_defence_ext_sixteenths` to the line's credit, and every whole ply of credit
        // extends its moves. Own fours are charged as usual: their forced answers are free
        // already, and free fours in every order would explode.
        let ext_step = self.params.threat_defence_ext_sixteenths;
        let (extension, child_credit) = if may_extend && depth > 1 && ext_step > 0 {
            self.stack.frames[ply].defending = true;
            let credit = ext_credit + ext_step;
            (credit / EXT_PLY_SIXTEENTHS, credit % EXT_PLY_SIXTEENTHS)
        } else {
            (0, ext_credit)
        };
        // Fail-high reduction: far enough above beta at an expected cut node, every move but a
        // four is searched a ply shallower (`fhr_margin`, 0: off).
        let fail_high_reduction = self.params.fhr_margin > 0
            && cut_node
            && !q.opp_threat
            && excluded.is_none()
            && beta.abs() < MATE_BOUND
            && eval >= beta + self.params.fhr_base + self.params.fhr_margin * depth;
        // The opponent's last stone and the mover's own before it, for `lmr_distant` (none
        // when it is off, so that nothing is looked up).
        let recent = if self.params.lmr_distant != 0 {
            let h = self.board.history();
            let at = |back: usize| h.len().checked_sub(back).map(|k| h[k].0);
            [at(1), at(2)]
        } else {
            [None, None]
        };
        // Facing a win in five (`defend_four_three`), a move that leaves it standing is dropped
        // when its turn comes, uncounted, worth the loss the child would find.
        let win5_threat = self.params.defend_four_three != 0
            && self.params.win5_static != 0
            && !q.opp_threat
            && !rule.blocked_five_void()
            && {
                let c = self.board.class_counts(them);
                c[Class::Block4Flex3 as usize] > 0 || c[Class::Flex3x2 as usize] > 0
            };
        let win5_loss = -(MATE - ply as i32 - 6);
        let mut dropped = false;
        for i in 0..n {
            if i < PICK_BEFORE_SORT {
                movepick::pick_next(&mut self.stack.frames[ply].moves[..n], i);
            } else if i == PICK_BEFORE_SORT {
                movepick::sort_rest(&mut self.stack.frames[ply].moves[i..n]);
            }
            let m = self.stack.frames[ply].moves[i];
            let tactical = movepick::is_tactical(&m) || m.att.is_four() || m.pos == tt_move;
            if count_limit > 0
                && searched >= count_limit
                && best > -MATE_BOUND
                && (fours_counted || !m.att.is_four())
                && m.pos != tt_move
            {
                continue;
            }
            // With `prune_soft_blocks`, a move that only takes a cell where the opponent could
            // make an open three (no four, no three of its own) may be pruned like a quiet one.
            let prunable = !tactical
                || (self.params.prune_soft_blocks != 0
                    && m.pos != tt_move
                    && m.att < Class::Flex3
                    && matches!(m.def, Class::Flex3 | Class::Flex3Plus));
            // Trivial-move pruning (`prune_trivial_depth`): nothing on the cell for either side.
            if depth < self.params.prune_trivial_depth
                && !q.opp_threat
                && best > -MATE_BOUND
                && m.att == Class::None
                && m.def == Class::None
                && m.pos != tt_move
            {
                continue;
            }
            if quiet_allowed && prunable && best > -MATE_BOUND {
                if depth <= self.params.lmp_depth && searched >= late_moves {
                    continue;
                }
                if depth <= self.params.futility_depth
                    && eval + self.params.futility_margin * depth <= alpha
                {
                    continue;
                }
            }
            self.stack.frames[ply].played_att = m.att;
            self.prefetch_child(m.pos, us);
            if depth <= LINE_LEAF_DEPTH {
                self.board.make_leaf(m.pos, us);
            } else {
                self.board.make(m.pos, us);
            }
            if win5_threat
                && !m.att.is_four()
                && self.wins_in_five(them, &movepick::quick_counts(self.board, them))
            {
                self.board.undo();
                dropped = true;
                continue;
            }
            let tt_ext = if m.pos == tt_move { tt_extension } else { 0 };
            // The table move of a PV node without a singular extension adds
            // `ttm_ext_pv_sixteenths` to the line's credit (0: off).
            let ttm_step = self.params.ttm_ext_pv_sixteenths;
            let (ttm_plies, credit) =
                if pv_node && m.pos == tt_move && tt_ext == 0 && ttm_step > 0 && depth > 1 {
                    let c = child_credit + ttm_step;
                    (c / EXT_PLY_SIXTEENTHS, c % EXT_PLY_SIXTEENTHS)
                } else {
                    (0, child_credit)
                };
            self.stack.frames[ply + 1].ext_credit = credit;
            self.stack.frames[ply + 1].double_extensions =
                double_extensions + i32::from(tt_ext > 1);
            let new_depth = ttm_plies
                + if tt_ext != 0 {
                    depth - 1 + tt_ext
                } else if m.att.is_four() {
                    depth - 1
                } else if fail_high_reduction {
                    depth - 2 + extension
                } else {
                    depth - 1 + extension
                };
            let mut v;
            if searched == 0 {
                self.stack.frames[ply + 1].cut_node = !pv_node && !cut_node;
                v = -self.alphabeta(ply + 1, new_depth, -beta, -alpha, them, pv_node);
            } else {
                let mut r = 0;
                // A three made or stopped, but no four and not the table's move.
                let soft_tactical = tactical && !m.att.is_four() && m.pos != tt_move;
                // A closed four and nothing else (`lmr_plain_four`).
                let plain_four = m.att == Class::Block4 && m.pos != tt_move;
                let reducible = !tactical
                    || (soft_tactical && self.params.lmr_tactical != 0)
                    || (plain_four && self.params.lmr_plain_four != 0);
                if depth >= self.params.lmr_depth && searched >= self.params.lmr_moves && reducible
                {
                    r = self.late_move_reduction(depth, searched);
                    if tactical {
                        r -= 1;
                        // An attack carried on: this move and the side's last both make a three
                        // or better (`lmr_attack_chain`).
                        if m.att >= Class::Flex3
                            && ply >= 2
                            && self.stack.frames[ply - 2].played_att >= Class::Flex3
                        {
                            r -= self.params.lmr_attack_chain;
                        }
                    }
                    if pv_node {
                        r -= self.params.lmr_pv_reduction;
                    } else if tt_pv {
                        r -= self.params.lmr_tt_pv;
                    }
                    if cut_node {
                        r += self.params.lmr_cut_node;
                    }
                    if !improving {
                        r += self.params.lmr_not_improving;
                    }
                    if !tactical {
                        let far =
                            |p: Option<Pos>| p.is_some_and(|p| steps(p, m.pos) > DISTANT_STEPS);
                        if far(recent[0]) && far(recent[1]) {
                            r += self.params.lmr_distant;
                        }
                        if m.att == Class::None && m.def == Class::None {
                            r += self.params.lmr_trivial;
                        }
                        if self.params.lmr_policy_div > 0 {
                            r += ((self.params.lmr_policy_base - m.score)
                                / self.params.lmr_policy_div)
                                .clamp(0, self.params.lmr_policy_max);
                        }
                        if self.params.lmr_score_div > 0 {
                            r -= ((m.score - self.params.lmr_score_base)
                                / self.params.lmr_score_div)
                                .clamp(0, LMR_SCORE_MAX_BONUS);
                        }
                    }
                    r -= self.history.get(us, kind_of(&m), m.pos) / self.params.lmr_history_div;
                    r = r.clamp(0, new_depth - 1);
                }
                self.stack.frames[ply + 1].cut_node = true;
                v = -self.alphabeta(ply + 1, new_depth - r, -alpha - 1, -alpha, them, false);
                // A reduced move that beats alpha by more than `lmr_deeper_margin` is searched
                // again a ply deeper than its full depth (0: never).
                let mut full_depth = new_depth;
                if v > alpha && r > 0 {
                    if self.params.lmr_deeper_margin > 0
                        && v < MATE_BOUND
                        && v > alpha + self.params.lmr_deeper_margin
                    {
                        full_depth += 1;
                    }
                    self.stack.frames[ply + 1].cut_node = !cut_node;
                    v = -self.alphabeta(ply + 1, full_depth, -alpha - 1, -alpha, them, false);
                }
                if v > alpha && pv_node && v < beta {
                    v = -self.alphabeta(ply + 1, full_depth, -beta, -alpha, them, true);
                }
            }
            self.board.undo();
            if self.stopped() {
                return 0;
            }
            searched += 1;
            if v > best {
                best = v;
                if v > alpha {
                    best_move = m.pos;
                    alpha = v;
                    if pv_node {
                        self.stack.update_pv(ply, m.pos);
                    }
                    if v < beta
                        && self.params.alpha_reduce > 0
                        && (ALPHA_REDUCE_DEPTHS.0..=ALPHA_REDUCE_DEPTHS.1).contains(&depth)
                        && v.abs() < MATE_BOUND
                    {
                        // A move raised alpha: the later ones must beat it, and are searched
                        // shallower (`alpha_reduce`).
                        depth -= self.params.alpha_reduce;
                    }
                    if v >= beta {
                        if !tactical {
                            let f = &mut self.stack.frames[ply];
                            if f.killers[0] != m.pos {
                                f.killers[1] = f.killers[0];
                                f.killers[0] = m.pos;
                            }
                            if counters {
                                self.history.set_counter(us, last, m.pos);
                            }
                        }
                        let bonus = depth * depth * self.params.history_bonus_per_depth2;
                        self.history.update(us, kind_of(&m), m.pos, bonus);
                        for j in 0..i {
                            let q = self.stack.frames[ply].moves[j];
                            self.history.update(
                                us,
                                kind_of(&q),
                                q.pos,
                                -bonus / self.params.history_malus_div,
                            );
                        }
                        break;
                    }
                }
            }
        }
        if dropped {
            if searched == 0 {
                return win5_loss;
            }
            best = best.max(win5_loss);
        }
        if searched == 0 {
            return eval;
        }
        let bound = Bound::of(best, orig_alpha, beta);
        self.tt.store(
            key, ply as i32, best_move, best, q.eval, depth, bound, tt_pv,
        );
        best
    }

    /// Quiescence: settles forced cases, then lets the attacker (`attack`: the side to move at
    /// the horizon) play continuous fours; the defender only blocks or stands pat.
    pub fn qsearch(&mut self, ply: usize, alpha: i32, beta: i32, us: Color, attack: bool) -> i32 {
        self.stack.frames[ply].pv_len = 0;
        if self.visit() {
            return 0;
        }
        self.stack.frames[ply].qs_plies = 1 + if ply >= 2 {
            self.stack.frames[ply - 2].qs_plies
        } else {
            0
        };
        self.seldepth = self.seldepth.max(ply);
        let mut q = movepick::quick_counts(self.board, us);
        if ply >= MAX_PLY - 4 {
            return movepick::static_eval(self.board, us);
        }
        match self.settle(ply, us, &q) {
            Settled::Score(v) => v,
            Settled::Forced(p) => {
                self.stack.frames[ply].played_att = self.board.class(p, us);
                self.prefetch_child(p, us);
                self.board.make_lineless(p, us);
                let v = -self.qsearch(ply + 1, -beta, -alpha, us.opp(), !attack);
                self.board.undo();
                self.stack.update_pv(ply, p);
                v
            }
            Settled::Open => {
                q.eval = movepick::static_eval(self.board, us);
                self.quiesce(ply, alpha, beta, us, &q, attack)
            }
        }
    }

    /// The VCF part of the quiescence for a scanned node with nothing forced.
    fn quiesce(
        &mut self,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        us: Color,
        q: &Quick,
        attack: bool,
    ) -> i32 {
        let stand = q.eval;
        if stand >= beta || !q.own_fours || !attack {
            return stand;
        }
        // Fours played in different orders meet again: the table settles the repeats.
        let orig_alpha = alpha;
        let key = self.key(us);
        let mut tt_move = Pos::NONE;
        if QUIESCENCE_TT {
            if let Some(h) = self.tt.probe(key, ply as i32) {
                tt_move = h.mv;
                if h.settles(QUIESCENCE_TT_DEPTH, alpha, beta) {
                    return h.score;
                }
            }
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut best_move = Pos::NONE;
        let caro = self.board.rule().blocked_five_void();
        let rule = self.board.rule();
        // The mover's own last stone, near which the fours must lie (`qs_local`), and whether
        // plain closed fours are still allowed (`qs_plain_plies`).
        let own_last = if self.params.qs_local != 0 {
            let h = self.board.history();
            h.len().checked_sub(2).map_or(Pos::NONE, |k| h[k].0)
        } else {
            Pos::NONE
        };
        let plain_ok = self.params.qs_plain_plies == 0
            || self.stack.frames[ply].qs_plies <= self.params.qs_plain_plies
            || (ply >= 4
                && self.stack.frames[ply - 2].played_att >= Class::Block4Plus
                && self.stack.frames[ply - 4].played_att >= Class::Block4Plus);
        let n = self.scan_fours(ply, us);
        let n = movepick::retain_scored(&mut self.stack.frames[ply].moves[..], n, |m| {
            let four = m.att.is_four()
                && (caro || m.att != Class::DoubleFour)
                && (plain_ok || m.att != Class::Block4)
                && (own_last.is_none() || near_line(own_last, m.pos));
            (four && movepick::playable(rule, us, m)).then(|| {
                if m.pos == tt_move {
                    ORDER_TT_MOVE
                } else {
                    movepick::static_score(m)
                }
            })
        });
        for i in 0..n {
            movepick::pick_next(&mut self.stack.frames[ply].moves[..n], i);
            let m = self.stack.frames[ply].moves[i];
            self.stack.frames[ply].played_att = m.att;
            self.prefetch_child(m.pos, us);
            self.board.make_lineless(m.pos, us);
            let v = -self.qsearch(ply + 1, -beta, -alpha, us.opp(), false);
            self.board.undo();
            if self.stopped() {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_move = m.pos;
                    self.stack.update_pv(ply, m.pos);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        if QUIESCENCE_TT {
            let bound = Bound::of(best, orig_alpha, beta);
            self.tt.store(
                key,
                ply as i32,
                best_move,
                best,
                stand,
                QUIESCENCE_TT_DEPTH,
                bound,
                false,
            );
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Grid};
    use crate::params::HORIZON_DEFENCE;

    /// A stop for a spent sub-budget is lifted, a final one never is: an expired deadline or a
    /// raised stop flag turns the resumption into an abort.
    #[test]
    fn only_a_spent_sub_budget_is_resumed() {
        let mut b = Position::new(Board::from_grid(&Grid::new(15, 15), Rule::Freestyle));
        let (tt, limits) = (Tt::new(1 << 16), Limits::infinite());
        let mut data = ThreadData::new();
        let free = Control::new();
        let mut s = Searcher::new(&mut b, &tt, &free, &limits, &mut data);
        s.halt = Halt::BudgetSpent;
        s.resume();
        assert_eq!(s.halt, Halt::Running);
        s.halt = Halt::Abort;
        s.resume();
        assert_eq!(s.halt, Halt::Abort);
        assert!(s.visit(), "an aborted search counts nothing more");
        assert_eq!(s.nodes, 0);

        let expired = Control::new();
        expired.set_deadline(Some(0));
        let mut data = ThreadData::new();
        let mut s = Searcher::new(&mut b, &tt, &expired, &limits, &mut data);
        s.halt = Halt::BudgetSpent;
        s.resume();
        assert_eq!(
            s.halt,
            Halt::Abort,
            "the deadline passed during the sub-search"
        );

        let stopped = Control::new();
        stopped.set_stop(true);
        let mut data = ThreadData::new();
        let mut s = Searcher::new(&mut b, &tt, &stopped, &limits, &mut data);
        s.halt = Halt::BudgetSpent;
        s.resume();
        assert_eq!(s.halt, Halt::Abort, "STOP arrived during the sub-search");
    }

    /// White's open three on row 5 and its double-four point 8,1 (closed threes on column 8 and
    /// row 1): Black, to move and without a four, cannot stop both.
    const THREE_AND_DOUBLE_FOUR: &str = "
        . . . . . . . . . . .
        . . . . X O O O . . .
        . . . . . . . . O . .
        . . . . . . . . O . .
        . . . . . . . . O . .
        . . . O O O . . X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .";

    fn horizon_value(text: &str) -> i32 {
        let mut b = Position::new(Board::from_grid(
            &Grid::from_ascii(text).unwrap(),
            Rule::Freestyle,
        ));
        let (tt, limits, control) = (Tt::new(1 << 16), Limits::infinite(), Control::new());
        let mut data = ThreadData::new();
        let mut s = Searcher::new(&mut b, &tt, &control, &limits, &mut data);
        s.alphabeta(0, 0, -INF, INF, Color::Black, true)
    }

    /// At the horizon, a side facing an open three does not stand pat: it tries its defences,
    /// and the opponent's fours after each of them show that none holds.
    #[test]
    fn horizon_defence_sees_a_lost_position() {
        const { assert!(HORIZON_DEFENCE) };
        let v = horizon_value(THREE_AND_DOUBLE_FOUR);
        assert!(v <= -MATE_BOUND, "every defence loses, got {v}");
    }

    /// Without the double-four point the open three is simply blocked.
    #[test]
    fn horizon_defence_blocks_a_lone_three() {
        let lone = THREE_AND_DOUBLE_FOUR.replacen('O', ".", 3);
        let v = horizon_value(&lone);
        assert!(v.abs() < MATE_BOUND, "a block holds, got {v}");
    }

    /// Two four-threes of White, each a four first (rows 3 and 11, closed by Black at one
    /// end) whose stone makes an open three on a column: Black, to move with no four (its
    /// other stones stand alone), can stop only one of them.
    const TWO_FOUR_THREES: &str = "
        . . . . . . . X . . . . . . X
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . X O O O . . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . . . . . . . . . X
        . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . . O O O X . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        X . . . . X . . . . X . . . X";

    /// At the horizon a side whose opponent would win by fours if it passed does not stand pat
    /// when `horizon_vcf_fours` is on: it tries its moves, and here none stops both threats.
    #[test]
    fn horizon_vcf_threat_is_not_stood_on() {
        let value = |fours: i32| {
            let grid = Grid::from_ascii(TWO_FOUR_THREES).unwrap();
            let mut b = Position::new(Board::from_grid(&grid, Rule::Freestyle));
            let (tt, limits, control) = (Tt::new(1 << 16), Limits::infinite(), Control::new());
            let mut data = ThreadData::new();
            data.params.horizon_vcf_fours = fours;
            let mut s = Searcher::new(&mut b, &tt, &control, &limits, &mut data);
            let v = s.alphabeta(0, 0, -INF, INF, Color::Black, true);
            assert_eq!(s.board.grid(), &grid, "the board is restored");
            v
        };
        let stand = value(0);
        assert!(stand.abs() < MATE_BOUND, "stands pat, got {stand}");
        let v = value(4);
        assert!(
            v <= -MATE_BOUND,
            "neither four-three is stopped by both, got {v}"
        );
    }

    /// Black's closed three on row 5 and split two on column 7: the four at 7,5 forces 8,5
    /// and leaves an open three on column 7, a win the VCF quiescence sees.
    const FOUR_THEN_OPEN_FOUR: &str = "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . O X X X . . . .
        . . . . . . . . . . .
        . . . . . . . X . . .
        . . . . . . . X . . .
        . . . . . . . . . . .
        . . . . . . . . . . .";

    /// The value, alpha and node count of a null-window search of Black at `depth` around an
    /// alpha 600 above the static eval, with razoring to depth `razor` (0: off).
    fn razored(text: &str, depth: i32, razor: i32) -> (i32, i32, u64) {
        let mut b = Position::new(Board::from_grid(
            &Grid::from_ascii(text).unwrap(),
            Rule::Freestyle,
        ));
        let alpha = movepick::quick(&b, Color::Black).eval + 600;
        let (tt, limits, control) = (Tt::new(1 << 16), Limits::infinite(), Control::new());
        let mut data = ThreadData::new();
        data.params.razor_depth = razor;
        let mut s = Searcher::new(&mut b, &tt, &control, &limits, &mut data);
        let v = s.alphabeta(1, depth, alpha, alpha + 1, Color::Black, false);
        (v, alpha, s.nodes)
    }

    /// Razoring never settles a node below alpha while its side has a win by fours: the
    /// quiescence it asks finds the win, and the node is searched on.
    #[test]
    fn razoring_keeps_a_win_by_fours() {
        let (v, _, _) = razored(FOUR_THEN_OPEN_FOUR, 2, 2);
        assert!(v >= MATE_BOUND, "the VCF wins, got {v}");
    }

    /// Without a win by fours (the four on row 5 is blocked and leads nowhere), a node far
    /// below alpha is settled by its quiescence: fewer nodes, the same verdict.
    #[test]
    fn razoring_settles_a_hopeless_node() {
        let lone_four = FOUR_THEN_OPEN_FOUR.replace(". X . . .\n", ". . . . .\n");
        assert_eq!(lone_four.matches('X').count(), 3);
        let (with, alpha, n_with) = razored(&lone_four, 2, 2);
        let (without, _, n_without) = razored(&lone_four, 2, 0);
        assert!(with <= alpha && without <= alpha, "{with} {without}");
        assert!(
            n_with < n_without,
            "{n_with} nodes with razoring, {n_without} without"
        );
    }
}
