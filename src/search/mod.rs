//! The search: the choice of one move under depth, node and time limits.
//!
//! **Overview.** A search is a [`Job`] (the position, the side to move, the [`Limits`], the
//! transposition table, the [`Control`] that can stop it, root moves left out, the thread count,
//! the pruning and ordering numbers of [`SearchParams`]) run by [`think`] on the engine's
//! per-thread [`ThreadData`]. *At the root* (`root.rs`) the forced cases are settled first: the
//! centre on an empty board, an own five, the block of an opponent five, an own open four, a single
//! legal defence. Then a mate by continuous fours (VCF, deepened on the number of fours) and by
//! continuous threats (VCT, within its own node budget) is tried, and only then iterative deepening
//! with aspiration windows over the root moves, each iteration reported to the caller (and, when it
//! asks for them, the root moves as they are searched: [`RootEvent`]). After each iteration the
//! root guard plays the best move and probes the opponent's VCT: a move that lets the opponent win
//! by force is set aside for the rest of the search while another is left. *In the tree*
//! ([`alphabeta`]) every node first settles what the threat counts already decide (a five, a forced
//! block, an own open four; a four-three or double three while the opponent has no four to answer
//! with, or a four-three whose forced block makes none), probes the table, prunes (reverse
//! futility; razoring, where a node far below alpha is settled by its quiescence unless own fours
//! lift it; late-move pruning, futility; under every rule also move-count pruning at every depth,
//! which keeps only the first moves of the order) and searches the moves best first
//! ([`movepick`]: table move, threat classes, in renju the cells' line patterns, killers, history)
//! with principal-variation windows and late-move reductions (in freestyle a ply more for a quiet
//! move the ordering rates low, and a reduced move that beats alpha by a wide margin is searched
//! again a ply deeper; a table move the other moves cannot come near, by a shallower search
//! without it, is searched a ply deeper: the singular extension); facing the threat of an
//! opponent open four only defences and own fours are searched, at most the first `1 + depth` of
//! them once one does not lose, and a forced reply costs no depth. *At the horizon* a quiescence
//! search lets the side to move play continuous fours near its own last stone, the other side's
//! answers being forced, over the transposition table (the same fours in another order meet
//! again); a side facing an open three there may not stand pat (except in renju), it must find a
//! defence that survives the opponent's fours.
//! With more threads ([`smp`]) helper threads search the same position over the shared table
//! (Lazy SMP); [`multipv`] finds several best moves (YXNBEST) by searching again with the better
//! ones left out; [`defences`] probes every root move with the root guard's VCT probe
//! (YXSEARCHDEFEND); [`balance`] finds the stone or pair of stones that leaves the position
//! closest to a wanted score (YXBALANCEONE/TWO, the Swap2 proposals). For tools, [`prove`] runs
//! the VCF and VCT alone (`pbrain-rensa solve`).
//!
//! Time: [`time::budget`] turns the clock settings into a soft target (checked between
//! iterations by [`Limits::may_deepen`] for the main search and the helpers, by
//! [`Limits::may_start_iteration`] for the YXNBEST rounds) and a hard limit, which lives in the
//! [`Control`] as a deadline that a clock change may bring forward while the search runs. Both
//! are in milliseconds from [`Limits::start`], when the request was read. Under a match clock
//! the main search scales the soft target after each iteration by the root's stability: more
//! time while the best move changes or the score falls, less once it has stayed for a few
//! iterations ([`time::stability_permille`]), never beyond the hard limit. When the soft target
//! is the hard limit (a turn limit alone, or match time to spare), unspent time is lost, so
//! iterations start until the hard limit cuts one short ([`crate::params::TIME_FILL_TURN`]).

pub mod alphabeta;
pub mod balance;
pub mod history;
pub mod movepick;
pub mod multipv;
pub mod prove;
mod root;
pub mod smp;
pub mod stack;
pub mod threats;
pub mod time;
pub mod tt;

use crate::board::{Board, Pos};
use crate::params::{
    SearchParams, ASPIRATION_MAX_DELTA, ASPIRATION_MIN_DEPTH, REALTIME_MIN_NODES, TIME_FILL_TURN,
    VCF_TABLE_ENTRIES,
};
use crate::types::{Color, Rule};
use alphabeta::{lmr_table, LmrTable};
use history::History;
pub use prove::{prove, Proof, ProofKind};
use stack::{Stack, MAX_PLY};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
pub use tt::Tt;

/// A win at ply 0 scores `MATE`; a win found `n` plies ahead scores `MATE - n`.
pub const MATE: i32 = crate::params::MATE;
/// Scores at least this large (in magnitude) are proven wins or losses.
pub const MATE_BOUND: i32 = crate::params::MATE_BOUND;
/// Larger than any score.
pub const INF: i32 = crate::params::SCORE_INFINITE;

/// What bounds one search besides its [`Control`].
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_depth: u32,
    pub max_nodes: u64,
    /// Soft time target in ms from `start`: no new iteration once it is likely to be passed.
    pub soft_ms: Option<u64>,
    /// When the move request was read (the stopwatch start of the soft target and the
    /// [`Control`]'s deadline).
    pub start: Instant,
    /// At most this many nodes for each of the root's sub-searches (root VCT, root guard):
    /// `u64::MAX` but in the many short searches of [`Limits::round`].
    pub sub_cap: u64,
}

impl Limits {
    /// No limit but the control (and the maximum depth).
    pub fn infinite() -> Limits {
        Limits {
            max_depth: MAX_PLY as u32 / 2,
            max_nodes: u64::MAX,
            soft_ms: None,
            start: Instant::now(),
            sub_cap: u64::MAX,
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

    /// One search of a round inside these limits (YXNBEST, the balance searches): to `depth`,
    /// with no soft target, bounded only by the control (deadline, stop flag) and what is left
    /// of the node budget after `used` nodes.
    pub fn round(&self, depth: u32, used: u64) -> Limits {
        Limits {
            max_depth: depth,
            max_nodes: if self.max_nodes == u64::MAX {
                u64::MAX
            } else {
                self.max_nodes.saturating_sub(used)
            },
            soft_ms: None,
            start: self.start,
            sub_cap: self.sub_cap,
        }
    }

    /// Milliseconds since the request was read.
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Whether another iteration (or YXNBEST round) may start now: the one rule of the main
    /// search, the helper threads and YXNBEST ([`time::may_start_iteration`]).
    pub fn may_start_iteration(&self) -> bool {
        self.soft_ms
            .is_none_or(|soft| time::may_start_iteration(self.elapsed_ms(), soft))
    }

    /// The node budget of a sub-search (root VCT, root guard): `max`, and under a clock at most
    /// `per_ms` per millisecond of the soft target.
    pub fn sub_budget(&self, max: u64, per_ms: u64) -> u64 {
        self.soft_ms
            .map_or(max, |soft| max.min(soft.saturating_mul(per_ms)))
            .min(self.sub_cap)
    }

    /// [`Limits::may_start_iteration`] with the soft target scaled by the root's stability as
    /// the main search last set it in `control` ([`time::scaled_soft`]).
    /// When the soft target is the hard limit (a turn limit alone, or match time to spare) and
    /// [`TIME_FILL_TURN`] is on, another iteration may always start: time not spent is lost,
    /// and the hard limit cuts the iteration short.
    pub fn may_deepen(&self, control: &Control) -> bool {
        self.soft_ms.is_none_or(|soft| {
            let hard = control.hard_ms.load(Ordering::Relaxed);
            if TIME_FILL_TURN && soft >= hard {
                return true;
            }
            let soft = time::scaled_soft(soft, hard, control.soft_permille.load(Ordering::Relaxed));
            time::may_start_iteration(self.elapsed_ms(), soft)
        })
    }
}

/// The outside world's hold on a running search: a stop flag (STOP, END, the main thread's end
/// for the helpers) and the hard deadline in ms from [`Limits::start`]. The search reads both
/// every [`crate::params::POLL_INTERVAL_NODES`] nodes; a clock change that arrives while it
/// runs only moves the deadline ([`Control::tighten_deadline`]).
#[derive(Debug)]
pub struct Control {
    stop: AtomicBool,
    /// `u64::MAX`: no deadline.
    hard_ms: AtomicU64,
    /// Scale of the soft target in permille, set by the main search after each iteration from
    /// the root's stability ([`time::stability_permille`]); 1000 when a search starts.
    soft_permille: AtomicU64,
}

impl Default for Control {
    fn default() -> Self {
        Control::new()
    }
}

impl Control {
    /// Not stopped, no deadline.
    pub const fn new() -> Control {
        Control {
            stop: AtomicBool::new(false),
            hard_ms: AtomicU64::new(u64::MAX),
            soft_permille: AtomicU64::new(1000),
        }
    }

    /// Raises (or lowers) the stop flag.
    pub fn set_stop(&self, stop: bool) {
        self.stop.store(stop, Ordering::SeqCst);
    }

    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Sets the hard deadline of the next search (`None`: no deadline).
    /// The soft target's scale goes back to 1000 with it.
    pub fn set_deadline(&self, hard_ms: Option<u64>) {
        self.hard_ms
            .store(hard_ms.unwrap_or(u64::MAX), Ordering::SeqCst);
        self.soft_permille.store(1000, Ordering::SeqCst);
    }

    /// Sets the scale of the soft target (permille), for the main search and its helpers.
    pub fn set_soft_permille(&self, permille: u64) {
        self.soft_permille.store(permille, Ordering::Relaxed);
    }

    /// Brings the deadline forward to `hard_ms` if that is earlier (a later one changes
    /// nothing).
    pub fn tighten_deadline(&self, hard_ms: u64) {
        self.hard_ms.fetch_min(hard_ms, Ordering::SeqCst);
    }

    /// Whether a search that started at `start` must stop now.
    #[inline]
    pub fn must_stop(&self, start: Instant) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        let hard = self.hard_ms.load(Ordering::Relaxed);
        hard != u64::MAX && start.elapsed() >= Duration::from_millis(hard)
    }
}

/// A control nobody stops, for jobs bounded by their limits alone.
static UNSTOPPED: Control = Control::new();

/// The memory of one search thread, kept by the engine from move to move so that no search
/// allocates: the move stack, the history table, the table of failed VCF attempts, and the
/// search parameters of the last search with the late-move reductions computed from them.
pub struct ThreadData {
    pub stack: Stack,
    pub history: History,
    pub vcf_fail: Vec<u64>,
    pub params: SearchParams,
    pub(crate) lmr: LmrTable,
}

impl Default for ThreadData {
    fn default() -> Self {
        ThreadData::new()
    }
}

impl ThreadData {
    pub fn new() -> ThreadData {
        ThreadData {
            stack: Stack::new(),
            history: History::new(),
            vcf_fail: vec![0; VCF_TABLE_ENTRIES],
            params: SearchParams::DEFAULT,
            lmr: lmr_table(&SearchParams::DEFAULT),
        }
    }

    /// Prepares the data for a new search: the killers and VCF failures of the previous one
    /// are forgotten; the history is cleared, or only halved when `keep_history` (a game's
    /// searches then learn from the moves before). With a cleared history every search starts
    /// from the same state, so a node- or depth-limited search gives the same answer wherever
    /// it runs. The search of a board under `rule` will use `params` as they apply to that rule
    /// ([`SearchParams::for_rule`]); the reduction table is recomputed only when they differ from
    /// the previous search's.
    pub fn reset(&mut self, keep_history: bool, params: &SearchParams, rule: Rule) {
        let params = &params.for_rule(rule);
        let lmr_key = |p: &SearchParams| {
            (
                p.lmr_base_centi,
                p.lmr_divisor_centi,
                p.lmr_divisor_other_centi,
                p.mcp_base,
                p.mcp_exp_centi,
            )
        };
        if lmr_key(&self.params) != lmr_key(params) {
            self.lmr = lmr_table(params);
        }
        self.params = *params;
        self.stack.reset();
        if keep_history {
            self.history.age();
        } else {
            self.history.clear();
        }
        self.vcf_fail.fill(0);
    }
}

/// The per-thread data of every search thread; thread 0 is the main thread.
#[derive(Default)]
pub struct Threads {
    data: Vec<ThreadData>,
}

impl Threads {
    pub fn new() -> Threads {
        Threads::default()
    }

    /// The data of `n` threads (allocated when first needed, then kept).
    pub fn get(&mut self, n: usize) -> &mut [ThreadData] {
        let n = n.max(1);
        while self.data.len() < n {
            self.data.push(ThreadData::new());
        }
        &mut self.data[..n]
    }
}

/// One search to run: what to search and everything that bounds it.
#[derive(Clone, Copy)]
pub struct Job<'a> {
    pub board: &'a Board,
    pub me: Color,
    pub limits: Limits,
    pub tt: &'a Tt,
    pub control: &'a Control,
    /// Root moves that must not be chosen (the better lines of YXNBEST).
    pub exclude: &'a [Pos],
    /// Search threads; 0 and 1 mean this thread only (deterministic under a node or depth
    /// limit). With more, a node limit is shared out between the threads (see [`smp`]).
    pub threads: usize,
    /// Whether each thread's history of the previous search is kept (aged) rather than
    /// cleared (see [`ThreadData::reset`]).
    pub keep_history: bool,
    /// The pruning, reduction, ordering and aspiration numbers (`INFO param_<name>`).
    pub params: SearchParams,
}

impl<'a> Job<'a> {
    /// A one-thread search of `board` for `me`, stopped by its limits alone.
    pub fn new(board: &'a Board, me: Color, limits: Limits, tt: &'a Tt) -> Job<'a> {
        Job {
            board,
            me,
            limits,
            tt,
            control: &UNSTOPPED,
            exclude: &[],
            threads: 1,
            keep_history: false,
            params: SearchParams::DEFAULT,
        }
    }

    /// Runs the job with fresh thread data and no reports (tests, tools).
    pub fn run(&self) -> SearchResult {
        think(self, &mut Threads::new(), &mut |_| {})
    }
}

/// One finished iteration, as reported to the caller.
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

/// What the main search thread says about its root moves while it deepens, for analysis output
/// (Yixin-Board's `MESSAGE REALTIME …` lines). Only once the search has spent
/// [`REALTIME_MIN_NODES`] nodes, so that a quick search says nothing and a long one does not
/// flood the GUI from its first milliseconds; a proven loss is told at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootEvent {
    /// A new iteration starts.
    Iteration,
    /// The root move starts being searched.
    Searching(Pos),
    /// The root move has been searched.
    Searched(Pos),
    /// The root move is proven lost (its score is at most `-MATE_BOUND`).
    Lost(Pos),
}

/// Where the main search thread reports: every finished iteration, and the root-move events
/// when they are wanted (`None`: none are made, at no cost).
pub struct Observer<'o> {
    pub on_iter: &'o mut dyn FnMut(&IterationInfo),
    pub on_root: Option<&'o mut dyn FnMut(RootEvent)>,
}

impl Observer<'_> {
    /// Tells `event` if root events are wanted.
    #[inline]
    fn root(&mut self, event: RootEvent) {
        if let Some(f) = self.on_root.as_mut() {
            f(event);
        }
    }

    /// Whether the routine root events (not a proven loss) are told after `nodes` nodes.
    #[inline]
    fn routine(&self, nodes: u64) -> bool {
        self.on_root.is_some() && nodes >= REALTIME_MIN_NODES
    }
}

/// Chooses a move for `job.me` on a copy of `job.board`: with helper threads when the job asks
/// for them ([`smp`]), else on this thread alone. The main thread decides the move and reports
/// its iterations to `on_iter`; the result's `nodes` counts every thread.
pub fn think(
    job: &Job,
    threads: &mut Threads,
    on_iter: &mut dyn FnMut(&IterationInfo),
) -> SearchResult {
    think_observed(
        job,
        threads,
        &mut Observer {
            on_iter,
            on_root: None,
        },
    )
}

/// [`think`], reporting to `observer` (root-move events included, when it wants them).
pub fn think_observed(job: &Job, threads: &mut Threads, observer: &mut Observer) -> SearchResult {
    let data = threads.get(job.threads);
    if data.len() > 1 {
        smp::think_parallel(job, data, observer)
    } else {
        root::think_one(job, &job.limits, &mut data[0], observer)
    }
}

/// YXSEARCHDEFEND: the root moves of `job` (the legal candidates near the stones; against an
/// opponent threat only the defences; none of `job.exclude`), each with whether it holds: the
/// root guard's probe finds no VCT for the opponent after it. The probes share half the job's
/// node limit and, under a clock, `guard_nodes_per_ms` of the job's parameters per ms of the
/// soft target; each gets at most `guard_nodes`. A stop or the deadline ends the probing: the
/// moves not probed count as holding. Runs on the main thread's data; `on_root` hears each
/// probe.
pub fn defences(
    job: &Job,
    threads: &mut Threads,
    on_root: &mut dyn FnMut(RootEvent),
) -> Vec<(Pos, bool)> {
    let limits = &job.limits;
    let total = limits
        .sub_budget(u64::MAX, job.params.guard_nodes_per_ms as u64)
        .min(limits.max_nodes / 2);
    let budget = |moves: usize| (total / moves.max(1) as u64).min(job.params.guard_nodes as u64);
    root::defences(job, &mut threads.get(1)[0], budget, on_root)
}

/// An aspiration window of half-width `delta` (`aspiration_delta` of the [`SearchParams`])
/// around the previous iteration's score (full width before [`ASPIRATION_MIN_DEPTH`] or after a
/// mate score), widened on the failing side, doubling each time, until a score falls inside it.
pub(crate) struct Aspiration {
    pub alpha: i32,
    pub beta: i32,
    delta: i32,
}

impl Aspiration {
    pub fn new(depth: u32, prev: i32, delta: i32) -> Aspiration {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Grid;
    use crate::params::{
        LMR_BASE_CENTI, LMR_DEEPER_MARGIN, LMR_DIVISOR_CENTI, LMR_DIVISOR_OTHER_CENTI,
        LMR_PLAIN_FOUR, LMR_POLICY_DIV,
    };
    use crate::types::Rule;

    /// Past two thirds of its soft target a search starts no iteration, unless the soft target
    /// is the hard limit (a turn limit alone) and `TIME_FILL_TURN` is on. The clock is set back
    /// instead of waited for.
    #[test]
    fn iterations_start_by_the_soft_target() {
        let start = Instant::now() - Duration::from_millis(120);
        let limits = Limits {
            soft_ms: Some(150),
            start,
            ..Limits::infinite()
        };
        let control = Control::new();
        control.set_deadline(Some(300));
        assert!(!limits.may_deepen(&control), "soft below hard: the rule");
        control.set_deadline(Some(150));
        assert_eq!(limits.may_deepen(&control), TIME_FILL_TURN, "soft = hard");
        // Well inside a long soft target (a stall of seconds would be needed to miss it).
        let early = Limits {
            soft_ms: Some(60_000),
            start: Instant::now(),
            ..limits
        };
        control.set_deadline(Some(120_000));
        assert!(early.may_deepen(&control));
    }

    /// A quiet freestyle middle game where pruning and reductions matter (the parallel search's
    /// tests use it too).
    pub(super) const MIDDLE: &str = "
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

    /// The search follows the job's parameters, and the reduction table of a thread's kept data
    /// follows them from one search to the next (back to the defaults as well).
    #[test]
    fn searches_follow_their_parameters() {
        let b = Board::from_grid(&Grid::from_ascii(MIDDLE).expect("board"), Rule::Freestyle);
        let mut threads = Threads::new();
        let mut nodes = |params: SearchParams| {
            let tt = Tt::new(1 << 20);
            let job = Job {
                params,
                ..Job::new(&b, Color::Black, Limits::depth(7), &tt)
            };
            think(&job, &mut threads, &mut |_| {}).nodes
        };
        let default = nodes(SearchParams::DEFAULT);
        let reduced = SearchParams {
            lmr_base_centi: 150,
            ..SearchParams::DEFAULT
        };
        let pruned = SearchParams {
            rfp_margin: 20,
            futility_margin: 20,
            ..SearchParams::DEFAULT
        };
        assert_ne!(nodes(reduced), default, "lmr_base_centi is ignored");
        assert_eq!(
            nodes(SearchParams::DEFAULT),
            default,
            "the LMR table came back"
        );
        assert_ne!(nodes(pruned), default, "the margins are ignored");
        assert_eq!(nodes(SearchParams::DEFAULT), default);
        // Switches that are off (or at their first step) by default: each changes the search,
        // at depth 7 or else at depth 9 (whether the depth-7 tree meets a node a switch acts on
        // depends on the weights).
        let d = SearchParams::DEFAULT;
        let deeper = |params: SearchParams| {
            let tt = Tt::new(1 << 20);
            let job = Job {
                params,
                ..Job::new(&b, Color::Black, Limits::depth(9), &tt)
            };
            think(&job, &mut Threads::new(), &mut |_| {}).nodes
        };
        let deeper_default = deeper(d);
        for (name, changed) in [
            (
                "lmr_cut_node",
                SearchParams {
                    lmr_cut_node: d.lmr_cut_node + 1,
                    ..d
                },
            ),
            ("nmp_depth", SearchParams { nmp_depth: 3, ..d }),
            (
                "lmr_not_improving",
                SearchParams {
                    lmr_not_improving: d.lmr_not_improving + 1,
                    ..d
                },
            ),
            (
                "threat_defence_ext_sixteenths",
                SearchParams {
                    threat_defence_ext_sixteenths: 8,
                    ..d
                },
            ),
            (
                "prune_soft_blocks",
                SearchParams {
                    prune_soft_blocks: 1,
                    ..d
                },
            ),
            (
                "lmr_score_div",
                SearchParams {
                    lmr_score_div: 200,
                    ..d
                },
            ),
            (
                "order_counter",
                SearchParams {
                    order_counter: 350,
                    ..d
                },
            ),
            (
                "order_code_permille",
                SearchParams {
                    order_code_permille: 0,
                    ..d
                },
            ),
        ] {
            assert!(
                nodes(changed) != default || deeper(changed) != deeper_default,
                "{name} is ignored"
            );
        }
        assert_ne!(
            deeper(SearchParams {
                lmr_distant: 1,
                ..d
            }),
            deeper_default,
            "lmr_distant is ignored"
        );
        // The move-count pruning (on under every rule by default) and the pattern ordering (off
        // in freestyle): each follows its bit in `mcp_rules` and `order_pattern_rules`, and
        // counts.
        let freestyle = 1 << Rule::Freestyle.code();
        let no_mcp = SearchParams {
            mcp_rules: 0,
            ..SearchParams::DEFAULT
        };
        assert_ne!(nodes(no_mcp), default, "mcp_rules is ignored");
        // Freestyle takes the LMR divisor of `lmr_divisor_rules`; without its bit, the other.
        let other_divisor = SearchParams {
            lmr_divisor_rules: 0,
            ..SearchParams::DEFAULT
        };
        assert_ne!(
            nodes(other_divisor),
            default,
            "lmr_divisor_rules is ignored"
        );
        let same_divisors = SearchParams {
            lmr_divisor_other_centi: LMR_DIVISOR_CENTI,
            ..other_divisor
        };
        assert_eq!(
            nodes(same_divisors),
            default,
            "the other divisor is not used"
        );
        // Without freestyle's bit in `tuned_rules`, freestyle searches with the values from
        // before the tuning run, as the other rules do.
        let untuned = SearchParams {
            tuned_rules: 0,
            ..SearchParams::DEFAULT
        };
        assert_ne!(nodes(untuned), default, "tuned_rules is ignored");
        // (Renju's values without its `lmr_policy_rules` override: freestyle keeps the policy
        // reduction.)
        assert_eq!(
            nodes(untuned),
            nodes(SearchParams {
                tuned_rules: freestyle,
                lmr_policy_div: LMR_POLICY_DIV,
                lmr_deeper_margin: LMR_DEEPER_MARGIN,
                lmr_plain_four: LMR_PLAIN_FOUR,
                ..SearchParams::DEFAULT.for_rule(Rule::Renju)
            }),
            "the rules outside tuned_rules do not search with the untuned values"
        );
        // The policy reduction and the deeper re-search follow `lmr_policy_rules`.
        let no_policy = SearchParams {
            lmr_policy_rules: 0,
            ..SearchParams::DEFAULT
        };
        assert!(
            nodes(no_policy) != default || deeper(no_policy) != deeper_default,
            "lmr_policy_rules is ignored"
        );
        assert_eq!(
            nodes(no_policy),
            nodes(SearchParams {
                lmr_policy_div: 0,
                lmr_deeper_margin: 0,
                ..SearchParams::DEFAULT
            }),
            "outside lmr_policy_rules the policy reduction or the deeper re-search is on"
        );
        // The threat nodes' move-count pruning follows `mcp_threat_rules`.
        let no_threat_count = SearchParams {
            mcp_threat_rules: 0,
            ..SearchParams::DEFAULT
        };
        assert_ne!(
            nodes(no_threat_count),
            default,
            "mcp_threat_rules is ignored"
        );
        assert_eq!(
            nodes(no_threat_count),
            nodes(SearchParams {
                mcp_threat: 0,
                ..SearchParams::DEFAULT
            }),
            "outside mcp_threat_rules the threat nodes' move-count pruning is on"
        );
        // The reduction of late plain fours follows its rule mask.
        let no_plain_four = SearchParams {
            lmr_plain_four: 0,
            ..SearchParams::DEFAULT
        };
        assert_ne!(nodes(no_plain_four), default, "lmr_plain_four is ignored");
        let renju_plain_four = SearchParams {
            lmr_plain_four: 1 << Rule::Renju.code(),
            ..SearchParams::DEFAULT
        };
        assert_eq!(
            nodes(renju_plain_four),
            nodes(no_plain_four),
            "lmr_plain_four applies outside its rules"
        );
        // (Without the threat nodes' move counts: with them, this position's depth 7 happens
        // to search the same nodes with and without the pattern ordering.)
        let plain = SearchParams {
            mcp_threat: 0,
            ..SearchParams::DEFAULT
        };
        let selective = SearchParams {
            mcp_rules: freestyle,
            order_pattern_rules: freestyle,
            ..plain
        };
        let on = nodes(selective);
        assert_ne!(on, nodes(plain), "the rule masks are ignored");
        // Freestyle is one of `selective_rules`: its move counts start from `mcp_base_selective`.
        let no_count = SearchParams {
            mcp_base_selective: 0,
            ..selective
        };
        assert_ne!(nodes(no_count), on, "mcp_base_selective is ignored");
        let not_selective = SearchParams {
            selective_rules: 0,
            ..selective
        };
        assert_ne!(nodes(not_selective), on, "selective_rules is ignored");
        assert_ne!(
            nodes(SearchParams {
                mcp_base: 0,
                ..not_selective
            }),
            nodes(not_selective),
            "mcp_base is ignored outside selective_rules"
        );
        let no_pattern = SearchParams {
            order_pattern_permille: 0,
            ..selective
        };
        assert_ne!(nodes(no_pattern), on, "order_pattern_permille is ignored");
        assert_eq!(
            nodes(SearchParams::DEFAULT),
            default,
            "the move counts came back"
        );
    }

    /// Move-count pruning keeps `base + depth^exp` moves, and none are counted when it is off.
    #[test]
    fn move_counts_follow_their_formula() {
        let off = SearchParams {
            mcp_base: 0,
            ..SearchParams::DEFAULT
        };
        assert!(alphabeta::lmr_table(&off)
            .move_count
            .iter()
            .all(|&c| c == 0));
        let on = SearchParams {
            mcp_base: 10,
            mcp_exp_centi: 132,
            ..SearchParams::DEFAULT
        };
        let counts = alphabeta::lmr_table(&on).move_count;
        assert_eq!(
            (counts[0], counts[1], counts[2], counts[10]),
            (11, 11, 12, 30)
        );
        assert!(counts.windows(2).all(|w| w[0] <= w[1]));
    }

    /// The tables computed from the default parameters are the ones of the constants' formula:
    /// one with the divisor of `lmr_divisor_rules`, one with the divisor of the other rules.
    #[test]
    fn default_reductions() {
        let lmr = alphabeta::lmr_table(&SearchParams::DEFAULT);
        assert_eq!(lmr.reduce[1][1], 0);
        assert_eq!(lmr.reduce_other[1][1], 0);
        let base = LMR_BASE_CENTI as f64 / 100.0;
        for (d, m) in [(3, 3), (8, 20), (20, 40), (63, 63)] {
            let formula = |divisor_centi: i32| {
                (base + (d as f64).ln() * (m as f64).ln() / (divisor_centi as f64 / 100.0)) as u8
            };
            assert_eq!(lmr.reduce[d][m], formula(LMR_DIVISOR_CENTI), "{d} {m}");
            assert_eq!(
                lmr.reduce_other[d][m],
                formula(LMR_DIVISOR_OTHER_CENTI),
                "{d} {m}"
            );
        }
    }
}
