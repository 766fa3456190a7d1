//! Named constants of the search core: the score scale, the transposition table's sizing and
//! replacement knobs, the time-budget tunables, pruning, reductions and move ordering, the
//! threat searches' budgets.
//!
//! Every number that a later tuning run (or an SPRT) might want to change lives here under a
//! name, so that the search files contain no magic numbers. Evaluation weights live in
//! `eval/params.rs` instead.
//!
//! The pruning, reduction, ordering and aspiration numbers the search reads at run time are
//! also gathered in [`SearchParams`] (built from the constants, set by `INFO param_<name>`), and
//! [`TUNABLES`] lists each of them with its range and SPSA step: the one table that the engine,
//! `pbrain-rensa params` and the tuner `rensa-tune` share.

use crate::board::Class;
use crate::types::Rule;

// ---------------------------------------------------------------------------------------------
// Scores
// ---------------------------------------------------------------------------------------------

/// Score of making five right now (at the node itself). A win found `n` plies below the root
/// scores `MATE - n`, a loss `-(MATE - n)`.
pub const MATE: i32 = 30_000;
/// Scores at or beyond ±`MATE_BOUND` are proven wins / losses (mate scores); anything closer to
/// zero is a heuristic evaluation. Leaves room for mates up to 1000 plies away.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any real score: the initial alpha-beta window is `(-SCORE_INFINITE,
/// SCORE_INFINITE)`. Fits in an `i16`.
pub const SCORE_INFINITE: i32 = 32_000;
/// Marks "no score / no static evaluation known" (for example a TT entry stored without an
/// evaluation). Fits in an `i16` and is outside every real score.
pub const SCORE_NONE: i32 = 32_001;

// ---------------------------------------------------------------------------------------------
// Transposition table
// ---------------------------------------------------------------------------------------------

/// Memory limit assumed when `INFO max_memory` is 0 (no limit) or negative: the Gomocup limit,
/// 350 MiB, so a manager that forgets the key still sees a tournament-safe engine.
pub const TT_DEFAULT_MEMORY_LIMIT: i64 = 367_001_600;
/// Fixed part of the memory held back from the limit for everything that is not the table:
/// code, stacks, the board and evaluation tables, allocator slack.
pub const TT_RESERVE_FIXED: i64 = 16 << 20;
/// Proportional part (percent of the limit) held back from the limit on top of
/// [`TT_RESERVE_FIXED`], for memory that grows with the limit (allocator and page-table
/// overhead, a second search thread's stacks).
pub const TT_RESERVE_PERCENT: i64 = 10;
/// The table is never smaller than this, even when the limit leaves no room for it.
pub const TT_MIN_BYTES: usize = 1 << 20;
/// Upper bound of the table size chosen from `max_memory` alone (no `hash_size`): a huge
/// declared limit (Piskvork sends 2147483647 above 2047 MB) should not make every START clear
/// gigabytes.
pub const TT_AUTO_MAX_BYTES: usize = 1 << 30;
/// Without an explicit `hash_size`, the table is also held to what one move's search can use:
/// this many bytes per millisecond of the time per move and per search thread (a search visits
/// about 2 000 nodes per ms and thread, and each stores at most one 16-byte entry: room for
/// two moves' searches), ...
pub const TT_BYTES_PER_MOVE_MS: usize = 64 << 10;
/// ... or, under `INFO max_node`, this many bytes per node of the budget ...
pub const TT_BYTES_PER_NODE: usize = 32;
/// ... but never less than this. A larger table than the search fills costs time: every probe
/// of a big table misses the cache, and the first search of a game pays for making its memory
/// resident (a 299 MiB table left a fresh process's first 1 s search 25 000 nodes, not 870 000).
pub const TT_SEARCH_MIN_BYTES: usize = 16 << 20;
/// Upper bound of the table size requested explicitly through `INFO hash_size`.
pub const TT_MAX_BYTES: usize = 8 << 30;
/// Lowest search depth the table stores; shallower depths (deep quiescence / threat search)
/// are stored as this depth.
pub const TT_DEPTH_MIN: i32 = -8;
/// Highest search depth the table stores; deeper results are stored as this depth. Together
/// with [`TT_DEPTH_MIN`] and the reserved "empty" code 0 this spans the 255 codes of one byte.
pub const TT_DEPTH_MAX: i32 = TT_DEPTH_MIN + 254;
/// A result for the same position replaces the stored one when its depth is at least the stored
/// depth minus this margin (slightly shallower but fresher information is preferred).
pub const TT_REPLACE_DEPTH_MARGIN: i32 = 3;
/// Weight of one generation of age against one ply of depth when choosing the entry to evict
/// from a full bucket: the victim is the entry with the lowest `depth - TT_AGE_WEIGHT * age`.
pub const TT_AGE_WEIGHT: i32 = 8;
/// Buckets sampled by `hashfull()` (the first ones of the table).
pub const TT_HASHFULL_SAMPLE: usize = 1_000;

// ---------------------------------------------------------------------------------------------
// Time budget (protocol.md §8.3)
// ---------------------------------------------------------------------------------------------

/// `INFO time_left` at or above this value means the match clock is unlimited (Piskvork,
/// c-gomoku-cli).
pub const TIME_LEFT_UNLIMITED: i64 = 2_147_483_647;
/// Yixin-Board's "unlimited analysis" is sent as this `timeout_match` together with
/// [`TIME_YIXIN_UNLIMITED_TURN`].
pub const TIME_YIXIN_UNLIMITED_MATCH: i64 = 100_000_000;
/// See [`TIME_YIXIN_UNLIMITED_MATCH`].
pub const TIME_YIXIN_UNLIMITED_TURN: i64 = 2_000_000;
/// Never bet more than `time_left / TIME_HARD_DIVISOR` (plus the increment) on one move.
pub const TIME_HARD_DIVISOR: i64 = 7;
/// Minimum safety reserve subtracted from the per-move limit, in ms (process scheduling, pipe
/// latency, the manager's own bookkeeping; c-gomoku-cli has no match tolerance at all).
pub const TIME_RESERVE_MIN_MS: i64 = 20;
/// Proportional safety reserve: percent of the per-move limit (used when larger than
/// [`TIME_RESERVE_MIN_MS`]).
pub const TIME_RESERVE_PERCENT: i64 = 3;
/// Match time never bet on any move: the clock's last second, kept for the end of a game that
/// fills the board (a full board has ended a Gomocup game with 0.4 s left).
pub const TIME_MATCH_RESERVE_MS: i64 = 1_000;
/// Match time kept per move this side may still have to play (half the empty cells): what a
/// move at the floors ([`TIME_MIN_HARD_MS`] plus process and pipe latency) costs.
pub const TIME_MATCH_RESERVE_PER_MOVE_MS: i64 = 20;
/// The whole match reserve is at most this many permille of `timeout_match` (a short test
/// clock is not eaten by it).
pub const TIME_MATCH_RESERVE_MAX_PERMILLE: i64 = 100;
/// Soft target as a fraction of the hard limit, in permille, when time is ample (the turn limit
/// binds, not the match clock): the whole turn is usable, since a cut-short iteration still
/// answers with its best move so far.
pub const TIME_SOFT_PERMILLE: i64 = 1000;
/// When the match clock binds, one move may run to at most this many permille of its soft
/// target (the share of the clock it was given) before it is stopped: an iteration started
/// just before the soft target cannot eat the clock up to `time_left / TIME_HARD_DIVISOR`.
pub const TIME_HARD_OVER_SOFT_PERMILLE: i64 = 2000;
/// The match-time share per move is `time_left / min(moves_left, TIME_SOFT_MAX_DIVISOR)`:
/// early moves get more than an even share.
pub const TIME_SOFT_MAX_DIVISOR: i64 = 20;
/// Estimated moves still to play by this side at the start of the game.
pub const TIME_MOVES_LEFT_OPENING: i64 = 30;
/// The estimate never falls below this many moves (except on an almost full board).
pub const TIME_MOVES_LEFT_MIN: i64 = 10;
/// The estimate falls by one move every this many plies (stones on the board).
pub const TIME_MOVES_LEFT_PLY_DIVISOR: i64 = 8;
/// Importance of a move in the opening, permille of the hard limit usable as the soft target.
pub const TIME_IMPORTANCE_OPENING_PERMILLE: i64 = 900;
/// Importance never falls below this (late endgame), permille of the hard limit.
pub const TIME_IMPORTANCE_MIN_PERMILLE: i64 = 600;
/// Importance falls by this many permille per ply.
pub const TIME_IMPORTANCE_DROP_PER_PLY: i64 = 3;
/// `timeout_turn 0` with no match limit: "answer quickly" (protocol.md §8.3 point 5), hard part.
pub const TIME_QUICK_HARD_MS: u64 = 100;
/// `timeout_turn 0` with no match limit: soft part.
pub const TIME_QUICK_SOFT_MS: u64 = 50;
/// The hard limit is never below this, even with the match clock overdrawn: a move must still
/// come out (an answer late by a few ms may be saved by the manager's tolerance; no answer never
/// is).
pub const TIME_MIN_HARD_MS: u64 = 10;
/// The soft target is never below this (nor above the hard limit).
pub const TIME_MIN_SOFT_MS: u64 = 5;
/// A new iterative-deepening iteration starts only while `elapsed × this / 1000 ≤ soft`, i.e.
/// before two thirds of the soft target with 1500. The iteration may then run on to the hard
/// limit: a cut-short iteration is not wasted, its first (previous best) move is searched first
/// and any move found better replaces it.
pub const TIME_NEXT_ITERATION_PERMILLE: u64 = 1_500;
/// Whether the main search and the helpers start another iteration whatever the time spent
/// when the soft target equals the hard limit (a turn limit alone, or a match clock with time
/// to spare: time not spent then is lost), instead of following
/// [`TIME_NEXT_ITERATION_PERMILLE`]. On: about +24 ±23 over 800 games (docs/experiments.md).
pub const TIME_FILL_TURN: bool = true;
/// Time by the root's stability (not yet measured in a match), when the match clock makes the soft
/// target shorter than the hard limit: the soft target is scaled, in permille, by how many
/// iterations in a row the best move has stayed the same (index 0: it changed in the last
/// iteration; the last entry for that many or more), and never beyond the hard limit. Under a turn
/// limit alone (soft = hard) the scale does not apply.
pub const TIME_STABILITY_PERMILLE: [u64; 5] = [1_400, 1_150, 1_000, 850, 700];
/// ... and the scale is raised by [`TIME_SCORE_DROP_PERMILLE`] (permille of itself) when the
/// last iteration's score fell by at least this from the one before.
pub const TIME_SCORE_DROP: i32 = 40;
pub const TIME_SCORE_DROP_PERMILLE: u64 = 1_300;

// ---- Search (alpha-beta pruning, reductions, ordering; root threat search) ----

/// Attacking moves the root VCF search may use.
pub const ROOT_VCF_FOURS: u32 = 20;
/// Shorter limits on the fours the root VCF tries first (iterative deepening), each below
/// [`ROOT_VCF_FOURS`].
pub const ROOT_VCF_STEPS: [u32; 2] = [6, 12];
/// Nodes the root VCF search may spend.
pub const ROOT_VCF_NODES: u64 = 200_000;
/// Entries of the table of positions proven to have no VCF (or VCT) within a budget, per
/// search thread (8 bytes each; a power of two).
pub const VCF_TABLE_ENTRIES: usize = 1 << 16;
/// Iterations below this depth search the full window; from it on, a window around the
/// previous iteration's score (unless that was a mate score).
pub const ASPIRATION_MIN_DEPTH: u32 = 4;
/// Half-width of the first aspiration window (tuned, [`TUNABLES`]).
pub const ASPIRATION_DELTA: i32 = 52;
/// Once the doubled half-width exceeds this, the aspiration window opens fully.
pub const ASPIRATION_MAX_DELTA: i32 = 1000;
/// Reverse futility: at depth ≤ this, a static eval this far above beta per ply cuts. Depth 3:
/// 5 about even over two runs, 8 −25.9 ±40.6 (docs/experiments.md); the margin is tuned
/// ([`TUNABLES`]).
pub const RFP_DEPTH: i32 = 3;
pub const RFP_MARGIN: i32 = 36;
/// Futility: quiet moves at depth ≤ this are skipped when eval + margin·depth ≤ alpha (the
/// margin tuned, [`TUNABLES`]).
pub const FUTILITY_DEPTH: i32 = 2;
pub const FUTILITY_MARGIN: i32 = 99;
/// Move-count pruning: at depth ≤ this, quiet moves after `base + depth²·k` are skipped (base and
/// `k` tuned, [`TUNABLES`]).
pub const LMP_DEPTH: i32 = 4;
pub const LMP_BASE: usize = 5;
pub const LMP_PER_DEPTH2: usize = 2;
/// Razoring: at non-PV depth ≤ this (0: off), a node whose static eval lies this far per ply
/// below alpha is settled by its quiescence when that stays at or below alpha. On: +36.2 ±22.8,
/// SPRT H1 (docs/experiments.md); the margin is tuned ([`TUNABLES`]).
pub const RAZOR_DEPTH: i32 = 2;
pub const RAZOR_MARGIN: i32 = 179;
/// Singular extension: from this depth (0: off), a table move stored as a lower bound at
/// most 3 plies shallower is searched one ply deeper when every other move, searched to half
/// the depth, stays `SE_MARGIN` per ply below the stored score. On at 7/2: about +30 ±23 over
/// 800 games in freestyle, +36.6 ±34.0 in renju; depth 6 no better (docs/experiments.md).
pub const SE_DEPTH: i32 = 7;
pub const SE_MARGIN: i32 = 2;
/// Plies taken from the table move when the singular test finds other moves as good and its
/// stored score is at or above beta (the node will likely cut anyway); 0: off. Off: 1 against 0
/// +9.6 ±32.8, undecided (docs/experiments.md).
pub const SE_NEGATIVE: i32 = 0;
/// A non-PV table move whose singular test stays this much below the bound (besides the
/// per-ply margin) is searched two plies deeper instead of one, at most
/// [`SE_DOUBLE_MAX`] times on a line; 0: off. Off: 25 −56.7 ±49.8 (docs/experiments.md).
pub const SE_DOUBLE_MARGIN: i32 = 0;
/// Most double singular extensions on one line.
pub const SE_DOUBLE_MAX: i32 = 4;
/// Internal iterative reduction: from this depth on (0: off), a node with no table move is
/// searched one ply shallower (its move order is a guess; the next visit finds the table move).
/// On: depth 4 with [`LMR_TACTICAL`] 1 +50.1 ±25.5, SPRT H1 (docs/experiments.md).
pub const IIR_DEPTH: i32 = 4;
/// Table-move reduction at PV nodes (0: off): a PV node whose table move was stored
/// `depth − stored` plies shallower than this search is searched `(depth − stored) ·
/// IIR_TT_PERCENT / 100` plies shallower, at most [`IIR_TT_MAX`]: the line has just become the
/// principal one, and the next iteration searches it in full. Off: 28 even over 800 games
/// (docs/experiments.md).
pub const IIR_TT_PERCENT: i32 = 0;
pub const IIR_TT_MAX: i32 = 3;
/// Move-count pruning at every depth (0: off): at a node other than the root, not facing an
/// open-four threat and with a move that does not lose already, the moves after the first
/// `MCP_BASE + depth^(MCP_EXP_CENTI / 100)` are skipped, except fours and the table move; a
/// node whose static evaluation is not above its grandparent's (not improving) keeps half as
/// many when `MCP_IMPROVING` is 1. Relies on the move order (classes, patterns, history). Only
/// under the rules of [`MCP_RULES`]. Base and exponent tuned ([`TUNABLES`]; base 2 gained at
/// fixed nodes, not at 200 ms/move); `MCP_IMPROVING` 1 +20.9 ±32.8, not proven
/// (docs/experiments.md).
pub const MCP_BASE: usize = 12;
pub const MCP_EXP_CENTI: i32 = 131;
pub const MCP_IMPROVING: i32 = 0;
/// The narrow search of the rules of this mask (bits as in [`MCP_RULES`]; freestyle): there the
/// move-count pruning keeps `MCP_BASE_SELECTIVE` moves (0: the pruning off) besides the depth's
/// share instead of [`MCP_BASE`], and half as many at nodes not improving whatever
/// [`MCP_IMPROVING`] says. With the smaller late-move divisor of [`LMR_DIVISOR_RULES`] it
/// searches a ply or two deeper in a second; its gain grows with the nodes a move gets
/// (docs/experiments.md).
pub const SELECTIVE_RULES: i32 = 1;
pub const MCP_BASE_SELECTIVE: usize = 3;
/// The rules under which the move-count pruning ([`MCP_BASE`]) applies, and those under which the
/// pattern ordering ([`ORDER_PATTERN_PERMILLE`]) does: bit `1 << code` for each Gomocup rule code
/// (0 freestyle, 1 standard, 4 renju, 8 and 9 caro). Move-count pruning under all (787):
/// freestyle +50.7 ±33.7, standard +62.3 ±29.3 and caro +36.4 ±21.5 (SPRT H1), renju with the
/// pattern ordering +33.1 ±33.8; pattern ordering in renju only (16), no gain shown in freestyle
/// or standard (docs/experiments.md).
pub const MCP_RULES: i32 = 787;
pub const ORDER_PATTERN_RULES: i32 = 16;
/// Null-move pruning from this depth on (0: off): at a non-PV node whose static evaluation is at
/// or above beta, with no open-four threat of the opponent and no null move just before, the
/// side to move passes; if the opponent's reply, searched `NMP_BASE + depth / NMP_DIV` plies
/// shallower (its VCF quiescence at the horizon), cannot get above beta, the node is cut. Two
/// stones in a row are worth much in this game, so a pass says less than in chess. Off: 3/3/4
/// about +17 ±24 over 800 games, not proven (docs/experiments.md).
pub const NMP_DEPTH: i32 = 0;
pub const NMP_BASE: i32 = 3;
pub const NMP_DIV: i32 = 4;
/// Late-move reductions start at this depth and move number (`LMR_MOVES` moves searched
/// before). `lmr_moves` 2 against 3: +21.7 ±33.0, then +0.0 ±32.4, not proven
/// (docs/experiments.md).
pub const LMR_DEPTH: i32 = 3;
pub const LMR_MOVES: usize = 3;
/// Late-move reduction in plies: `LMR_BASE_CENTI / 100 + ln(depth) · ln(move number) /
/// (LMR_DIVISOR_CENTI / 100)`, in hundredths so that the tuner ([`TUNABLES`]) handles integers
/// only. Base and divisor tuned ([`TUNABLES`]) after the divisor 150 against 220 gained about +30
/// ±23 over 800 games in freestyle; they hold under [`LMR_DIVISOR_RULES`] (bits as in
/// [`MCP_RULES`]: freestyle; renju, standard and caro showed no gain) and the other rules keep
/// 220 ([`LMR_DIVISOR_OTHER_CENTI`]) (docs/experiments.md).
pub const LMR_BASE_CENTI: i32 = 89;
pub const LMR_DIVISOR_CENTI: i32 = 130;
pub const LMR_DIVISOR_RULES: i32 = 1;
pub const LMR_DIVISOR_OTHER_CENTI: i32 = 220;
/// Plies taken off the late-move reduction at PV nodes. Also at nodes whose table entry was
/// stored on a PV: −19.1 ±32.8, not kept (docs/experiments.md).
pub const LMR_PV_REDUCTION: i32 = 1;
/// Plies added to the late-move reduction at expected cut nodes: the null-window children of a
/// node's reduced searches, and every other node's first child flips the expectation (an
/// expected cut node's first child is an expected all node, and so on). Off: 1 against 0 +21.7
/// ±33.0, then +3.8 ±34.5 and +0.0 ±33.3, not proven (docs/experiments.md).
pub const LMR_CUT_NODE: i32 = 0;
/// Fail-high reduction: at an expected cut node (not PV, no opponent threat) whose static
/// evaluation is at least `FHR_BASE + FHR_MARGIN · depth` above beta, every move but the
/// mover's fours is searched one ply shallower, the first one too: the node will most likely
/// fail high, and any move will do. `FHR_MARGIN` 0: off. Milder than reverse futility
/// ([`RFP_MARGIN`]), which returns at once but only up to [`RFP_DEPTH`]. Off: margin 25 −9.9
/// ±42.1 (docs/experiments.md).
pub const FHR_MARGIN: i32 = 0;
pub const FHR_BASE: i32 = 0;
/// Plies added to the late-move reduction at a node whose static evaluation is not above its
/// grandparent's (not improving).
pub const LMR_NOT_IMPROVING: i32 = 0;
/// When 1, late-move pruning and futility also skip moves whose only point is a cell where the
/// opponent could make an open three (a soft block: no four and no three of the mover's own);
/// when 0 such moves count as tactical and are never pruned there. Off: 1 −12.2 ±46.9
/// (docs/experiments.md).
pub const PRUNE_SOFT_BLOCKS: i32 = 0;
/// When above 0, the root guard's probe (and YXSEARCHDEFEND's) deepens the VCT one threat at a
/// time up to this many attacking moves (the proof of `pbrain-rensa solve` deepens so too; the
/// root VCT has its own [`ROOT_VCT_DEEPEN`]); 0: one search with [`ROOT_VCT_THREATS`]. Off: 12
/// about +13 ±23 over 800 games, not proven (docs/experiments.md).
pub const VCT_PROBE_DEEPEN: i32 = 0;
/// At a horizon node whose opponent would win by continuous fours (at most this many) if the
/// side to move passed, the side to move does not stand pat: its moves are searched one ply,
/// each answered by the opponent's VCF quiescence; 0: off (the node stands pat or plays its
/// own fours). Not at the child of such a node, so threats cannot feed each other. Off: 4
/// −61.3 ±42.3, the checks cost more than they find (docs/experiments.md).
pub const HORIZON_VCF_FOURS: i32 = 0;
/// When 1, a root move that takes the lead from the first in an iteration is probed by the root
/// guard at once ([`GUARD_NODES`]), not only the best move after each finished iteration:
/// a lead taken in the iteration the clock cuts short (with [`TIME_FILL_TURN`], the last one of
/// every move) is otherwise never checked. A move the probe finds lost is set aside. Off: 1
/// −16.5 ±33.1 (docs/experiments.md).
pub const GUARD_NEW_BEST: i32 = 0;
/// Plies more of late-move reduction for a quiet move far from the last two stones: more than
/// [`DISTANT_STEPS`] steps (the larger of the column and row distance) from the opponent's
/// last stone and from the mover's own last one; 0: none. Such a move starts nothing the
/// opponent's threat or the mover's own play is about. Off: 1 about +5 over 800 games
/// (docs/experiments.md).
pub const LMR_DISTANT: i32 = 0;
/// See [`LMR_DISTANT`].
pub const DISTANT_STEPS: usize = 4;
/// Plies more of late-move reduction for a trivial move: no two or better for either side on
/// its cell (class `None` for both); 0: none. Off: 1 +1.4 ±42.8 (docs/experiments.md).
pub const LMR_TRIVIAL: i32 = 0;
/// Trivial-move pruning: at a node other than the root, below this depth (0: off), with a move
/// searched already that does not lose and no open-four threat of the opponent, a move whose
/// cell shows nothing for either side (class `None` for both: no two, no closed three, nothing
/// stopped) is skipped, unless it is the table move. Such moves rarely matter in the last plies
/// before the horizon, where most nodes go. Off: below depth 4 about +13 ±23 over 800 games,
/// not proven (docs/experiments.md).
pub const PRUNE_TRIVIAL_DEPTH: i32 = 0;
/// Move-count pruning at a node (not the root) facing an open-four threat (0: off): once a move
/// that does not lose has been searched, only the first `MCP_THREAT + depth` moves of the order are
/// searched, the mover's fours among them, the table move always. Without it every defence and
/// every own four is searched, and most move loops face an open three (81 % in a 1 M-node
/// search). On: 1 against 0 +37.7 ±21.2, SPRT H1 (docs/experiments.md). Only under
/// [`MCP_THREAT_RULES`].
pub const MCP_THREAT: i32 = 1;
/// The rules (bits as in [`MCP_RULES`]) under which [`MCP_THREAT`] applies; under the others it is
/// off ([`SearchParams::for_rule`]), as it is wherever the move-count pruning is off
/// ([`MCP_RULES`]). All (787): renju +37.4 ±22.3, SPRT H1; standard and caro together with
/// [`MCP_RULES`] (docs/experiments.md).
pub const MCP_THREAT_RULES: i32 = 787;
/// 1: a node whose side to move can make a four with an open three, or two open threes, while
/// the opponent has no four to play is a win in five plies, settled from the class counts
/// before any move is searched (`Quick::own_win5`), like an open four is a win in three; so is
/// a four with an open three whose forced block makes no four, where the opponent has fours
/// elsewhere (`Searcher::four_three_wins` plays it to see). Without it the search must reach
/// four plies further, and the quiescence (fours only) never sees a double three. 0: off. On:
/// +38.4 ±32.8; about +22 ±19 over 1200 games counting its earlier form (docs/experiments.md).
pub const WIN5_STATIC: i32 = 1;
/// Plies by which the remaining moves of a node are searched shallower once a move has raised
/// alpha without a cut-off (at depths within [`ALPHA_REDUCE_DEPTHS`], not for mate scores);
/// 0: off. Off: 1 −8.7 ±32.6 (docs/experiments.md).
pub const ALPHA_REDUCE: i32 = 0;
/// See [`ALPHA_REDUCE`]: the lowest and the highest depth it applies at.
pub const ALPHA_REDUCE_DEPTHS: (i32, i32) = (3, 11);
/// One ply less of late-move reduction for a quiet move per `LMR_SCORE_DIV` of ordering score
/// (classes, history, killers) above `LMR_SCORE_BASE`, at most [`LMR_SCORE_MAX_BONUS`] plies;
/// `LMR_SCORE_DIV` 0: off. A quiet move that builds (two open twos, a closed three with a two)
/// is how a slow attack starts, and the reductions hid such starts from the search. Off:
/// divisor 200 −5.5 ±37.1 (docs/experiments.md).
pub const LMR_SCORE_BASE: i32 = 250;
pub const LMR_SCORE_DIV: i32 = 0;
pub const LMR_SCORE_MAX_BONUS: i32 = 2;
/// One ply less of late-move reduction per this much history score (more for a negative one).
/// Tuned ([`TUNABLES`]).
pub const LMR_HISTORY_DIV: i32 = 10896;
/// Plies more of late-move reduction for a quiet move whose ordering score (classes, line
/// patterns, history, killers) is below `LMR_POLICY_BASE`: one per `LMR_POLICY_DIV` below it, at
/// most `LMR_POLICY_MAX`; `LMR_POLICY_DIV` 0: off. The ordering knows which quiet cells build
/// nothing (the idea is Rapfi's policy reduction). On: about +32 ±27 over 600 games with
/// [`LMR_DEEPER_MARGIN`], values tuned ([`TUNABLES`]; docs/experiments.md). Only under the rules
/// of [`LMR_POLICY_RULES`].
pub const LMR_POLICY_BASE: i32 = 133;
pub const LMR_POLICY_DIV: i32 = 38;
pub const LMR_POLICY_MAX: i32 = 1;
/// The rules (bits as in [`MCP_RULES`]) under which the policy reduction ([`LMR_POLICY_BASE`])
/// and the deeper re-search ([`LMR_DEEPER_MARGIN`]) apply; under the others both are off
/// ([`SearchParams::for_rule`]). Freestyle only (1, 20×20 included): standard, renju and caro
/// showed no gain (docs/experiments.md).
pub const LMR_POLICY_RULES: i32 = 1;
/// When 1, a table score that bounds the static evaluation from the right side (a lower bound
/// above it, an upper bound below it, or exact) stands in for it in the pruning decisions
/// (reverse futility, razoring, futility, null move); 0: the static evaluation only. Off: 1
/// −15.8 ±42.1 (docs/experiments.md).
pub const TT_EVAL: i32 = 0;
/// A late move whose reduced search beats alpha by more than this is searched again a ply
/// deeper than its full depth (a search that fails high by that much found more than the
/// reduction expected); 0: off. On with the policy reduction ([`LMR_POLICY_BASE`]), tuned
/// ([`TUNABLES`]); not measured alone.
pub const LMR_DEEPER_MARGIN: i32 = 93;
/// When 1, late tactical moves (making or stopping a three, not fours or the table's move) are
/// reduced too, one ply less than quiet ones; when 0 they are never reduced. On together with
/// [`IIR_DEPTH`] (+50.1 ±25.5, SPRT H1; docs/experiments.md).
pub const LMR_TACTICAL: i32 = 1;
/// Under the rules of this mask (bits as in [`MCP_RULES`]; 0: none), a late plain four (a closed
/// four and nothing else on the cell: class `Block4`, not the table's move) is reduced like a
/// late three, one ply less than a quiet move; under the others every four is searched to full
/// depth. Such a four mostly spends a threat: its block is forced and free, and the quiescence
/// plays fours anyway. Freestyle (1): +31.9 ±19.9 over 1005 games; renju, standard and caro
/// showed no gain (docs/experiments.md).
pub const LMR_PLAIN_FOUR: i32 = 1;
/// When 1, a node whose opponent threatens to win in five plies (a four-three, or a double
/// three while this side has no four) drops every move, but its own fours, after which that
/// threat still wins (what the child's own settling would find at once), each checked when its
/// turn comes. Such moves cost a node each, but counted among the searched ones they pushed the
/// real defences into deep reductions and the move-count pruning; a dropped one is not counted.
/// If nothing is left, the node is lost. Off: 1 +5.2 ±32.9, undecided (docs/experiments.md).
pub const DEFEND_FOUR_THREE: i32 = 0;
/// Plies taken off the late-move reduction of a move that makes a three or better when the
/// side's own last move did too (an attack carried on; Rapfi takes about half a ply). 0: off.
/// Off: 1 +8.7 ±32.8, undecided (docs/experiments.md).
pub const LMR_ATTACK_CHAIN: i32 = 0;
/// Plies taken off the late-move reduction at a node off the principal variation that the
/// table marks as having been on one (Stockfish's and Rapfi's `ttPv`; the mark is kept as the
/// node is stored again). 0: off.
pub const LMR_TT_PV: i32 = 0;
/// Late-move reductions at the root: from the root move of this number on (the moves searched
/// before it), a move that makes or stops no three is searched first with the table's reduction
/// less [`LMR_PV_REDUCTION`] (the root is a PV node), and again at full depth if it beats the
/// best so far. 0: every root move at full depth.
pub const ROOT_LMR_MOVES: usize = 0;
/// Whether the history scores are kept apart for tactical moves (those that make or stop a three
/// or better) and quiet ones, per side and cell, so that a cell's cut-offs as a threat do not
/// order it as a quiet move and the other way round. 0: one history per side and cell. Off:
/// +25.5 ±27.7 at 30 000 nodes/move but +4.6 ±25.1 at 200 ms/move (docs/experiments.md).
pub const HISTORY_KINDS: i32 = 0;
/// Whether the quiescence plays only the fours near the mover's own last stone: on a line
/// through it within four steps, or in the 5×5 square around it (Rapfi's quiescence does so), so
/// that a leaf's VCF follows one attack instead of every four on the board. 0: off. On: +75.0
/// ±33.7 in freestyle, +67.9 ±35.3 in renju (H1), +59.6 ±33.1 in standard (docs/experiments.md).
pub const QS_LOCAL: i32 = 1;
/// The moves of main-search nodes of at most this depth, whose children stand pat or play the
/// quiescence, update the line network's sums but not its per-cell features
/// ([`crate::eval::Position::make_leaf`]): the children's line value is exact, and their
/// quiescence reads it as it reads a child's (its stones never move the features). 0: every
/// move moves the features.
pub const LINE_LEAF_DEPTH: i32 = 0;
/// The quiescence plays closed fours that make nothing else (`Block4`) only at the mover's first
/// this many quiescence nodes of a line, or right after two fours-plus of its own in a row
/// (Rapfi allows them at the first only); later only fours that also make a three or two.
/// 0: always. Off: 1 +0.0 ±42.9 (docs/experiments.md).
pub const QS_PLAIN_PLIES: i32 = 0;
/// Static ordering value of a cell by what it makes for the side to move, indexed by its
/// [`Class`] for the mover (`Forbid`: renju Black's forbidden points, never played).
pub const ORDER_ATTACK: [i32; Class::COUNT] = [
    0, -1_000_000, 80, 60, 250, 260, 600, 700, 900, 500, 700, 3000, 4000, 9000, 100_000,
];
/// Static ordering value of a cell by what it takes from the opponent, indexed by its
/// [`Class`] for the opponent; added to [`ORDER_ATTACK`].
pub const ORDER_DEFEND: [i32; Class::COUNT] = [
    0, 0, 50, 30, 180, 190, 450, 500, 700, 300, 400, 1500, 2000, 6000, 50_000,
];
/// Ordering score of the transposition table's move: above every other move.
pub const ORDER_TT_MOVE: i32 = 1 << 29;
/// Moves of a main-search node picked one at a time, each by a walk over the rest, before the
/// rest is sorted at once ([`crate::search::movepick::sort_rest`]): the same order, so only the
/// speed depends on it. About 8 % less time than picking every move so; 2 and 8 about the same
/// as 4 (docs/experiments.md).
pub const PICK_BEFORE_SORT: usize = 4;
/// Ordering bonus of the first killer move of the ply (tuned, [`TUNABLES`]).
pub const ORDER_KILLER_1: i32 = 416;
/// Ordering bonus of the second killer move of the ply (tuned, [`TUNABLES`]).
pub const ORDER_KILLER_2: i32 = 287;
/// Ordering bonus of the counter move: the quiet move that last caused a cut-off right after
/// the opponent's last stone (kept per side and cell in the history); 0: off. Not added to a
/// killer. Off: 350 +0.9 ±32.9 (docs/experiments.md).
pub const ORDER_COUNTER: i32 = 0;
/// Weight (per mille) in the ordering score of a quiet move's cell value from the learned
/// evaluation ([`crate::search::movepick::cell_value`]); 0: not used. Off: 2000 proves more
/// forced wins but scored −2.4 ±37.8 (docs/experiments.md).
pub const ORDER_CELL_PERMILLE: i32 = 0;
/// Weight (per mille) in the ordering score of a move's line patterns (the sum over its four
/// directions of [`ORDER_PATTERN_ATTACK`] for the mover and [`ORDER_PATTERN_DEFEND`] for the
/// opponent): orders the many cells of the same class, which the class values leave tied;
/// 0: not used. Only under the rules of [`ORDER_PATTERN_RULES`].
pub const ORDER_PATTERN_PERMILLE: i32 = 1000;
/// Weight (per mille) in the ordering score of a move's fitted pattern-code values
/// ([`crate::search::movepick::code_score`]: the rule family's table,
/// `src/search/order-codes*.txt`, a softmax fit around the class values of the best moves of
/// deeper searches, `rensa-train order -codes`), added to the class values: at 1000 the order
/// is the fit's; 0: not used. Only under the rules of [`ORDER_CODE_RULES`] (bits as in
/// [`MCP_RULES`]; each table was fitted to 15×15 positions of its family).
pub const ORDER_CODE_PERMILLE: i32 = 1000;
pub const ORDER_CODE_RULES: i32 = 1;
/// Weight (per mille) in the ordering score of a quiet move's line-network policy
/// ([`crate::eval::lines::LineNet::policy`], fitted in the ordering's units), when the board
/// has a line network; the tactical moves are ordered by their classes alone.
pub const ORDER_POLICY_PERMILLE: i32 = 1000;
/// Ordering value of one direction's line pattern for the side to move, indexed by
/// [`crate::board::pattern::Pattern`]: Dead, Overline, Block1, Flex1, Block2, Flex2, Flex2A,
/// Flex2B, Block3, Flex3, Flex3S, Block4, Flex4, Five (the kinds of open two and three as the
/// plain one).
pub const ORDER_PATTERN_ATTACK: [i32; 14] = [0, 0, 3, 8, 12, 24, 24, 24, 20, 40, 40, 40, 40, 40];
/// The same for the opponent's patterns on the cell (what the move takes from it).
pub const ORDER_PATTERN_DEFEND: [i32; 14] = [0, 0, 2, 5, 8, 16, 16, 16, 14, 30, 30, 30, 30, 30];
/// History divisor in the ordering score (tuned, [`TUNABLES`]). One table per side and cell
/// serves every kind of move; split or follow-up tables showed no gain (docs/experiments.md).
pub const HISTORY_DIV: i32 = 90;
/// A cut-off move's history bonus is `depth² × HISTORY_BONUS_PER_DEPTH2` (tuned, [`TUNABLES`]).
pub const HISTORY_BONUS_PER_DEPTH2: i32 = 9;
/// The quiet moves searched before a cut-off move lose its bonus divided by this.
pub const HISTORY_MALUS_DIV: i32 = 2;
/// Largest magnitude of a history entry (gravity keeps entries inside it).
pub const HISTORY_MAX: i32 = 16_384;
/// Whether a game's searches keep each thread's history from the previous move (halved)
/// instead of clearing it. Tests and the bench always clear it. Off: about −2 over 600 games
/// (docs/experiments.md).
pub const HISTORY_KEPT_BETWEEN_MOVES: bool = false;
/// The node count at which the search polls the stop flag and the hard time limit: every this
/// many nodes (a power of two).
pub const POLL_INTERVAL_NODES: u64 = 1024;
/// Analysis output: the main search tells its root moves as it searches them (`MESSAGE REALTIME
/// POS` / `DONE`, and `REFRESH` at each iteration) only once it has spent this many nodes (about
/// 0.1 to 0.2 s), so that quick searches stay quiet and a GUI is not flooded by the first,
/// shallow iterations.
pub const REALTIME_MIN_NODES: u64 = 100_000;
/// Plies added back when the only reply (blocking the opponent's five) is played: 1 searches
/// it at the same depth (the forced reply costs no depth), 0 charges it like any move.
pub const FORCED_REPLY_EXTENSION: i32 = 1;
/// Sixteenths of a ply more added back at a forced reply, on top of
/// [`FORCED_REPLY_EXTENSION`], kept in the same line credit as
/// [`THREAT_DEFENCE_EXT_SIXTEENTHS`]: with 5 a four and its block cost about 0.7 ply instead
/// of one, so longer runs of fours fit in the search. 0: off. Off: 5 +2.6 ±33.1
/// (docs/experiments.md).
pub const FORCED_REPLY_EXT_SIXTEENTHS: i32 = 0;
/// Sixteenths of a ply added back at a node whose side to move faces an open-four threat (the
/// opponent's open three or double-four point) and may only defend or make fours (0: off, 16:
/// a whole ply). The sixteenths add up along the line, and every whole ply of them extends the
/// node's moves by one ply, so 8 extends every second such defence of a line. Never at two
/// nodes in a row (mutual threats do not extend each other); own fours are always charged.
/// Off: 8 −11.5 ±45.1, then −21.3 ±48.1 (docs/experiments.md).
pub const THREAT_DEFENCE_EXT_SIXTEENTHS: i32 = 0;
/// Sixteenths of a ply added to the line's extension credit (as
/// [`THREAT_DEFENCE_EXT_SIXTEENTHS`] does) when a principal-variation node plays its table move
/// without a singular extension, so that the expected line is searched a little deeper than its
/// alternatives. 0: off. Off: 4 +10.8 ±20.3, then −20.8 ±27.5 (docs/experiments.md).
pub const TTM_EXT_PV_SIXTEENTHS: i32 = 0;
/// Sixteenths in one ply of [`THREAT_DEFENCE_EXT_SIXTEENTHS`].
pub const EXT_PLY_SIXTEENTHS: i32 = 16;
/// Whether a horizon node facing an open-four threat, with no four of its own, searches its
/// defences (each followed by the opponent's VCF quiescence) instead of standing pat. On: off
/// against on about even over two runs (docs/experiments.md).
pub const HORIZON_DEFENCE: bool = true;
/// Whether the quiescence's four-playing nodes probe and store the transposition table (at
/// depth [`QUIESCENCE_TT_DEPTH`], which no main-search node accepts as its own); without it
/// positions with many fours could keep the search at depth 1. On: +122 ±42
/// (docs/experiments.md).
pub const QUIESCENCE_TT: bool = true;
pub const QUIESCENCE_TT_DEPTH: i32 = -1;
/// Whether [`HORIZON_DEFENCE`] applies under renju too. Off: no gain in renju (−13.5 ±27.8;
/// docs/experiments.md).
pub const HORIZON_DEFENCE_IN_RENJU: bool = false;

// ---- Threads (Lazy SMP) and multi-PV analysis (YXNBEST) ----

/// Most search threads, whatever `INFO thread_num` asks; the machine's available parallelism
/// bounds the count as well.
pub const SMP_MAX_THREADS: usize = 64;
/// Memory accounted per helper thread, taken from `max_memory` before the transposition table
/// is sized. Its structures: search stack frames (130 plies × 8.5 KiB ≈ 1.1 MiB), the VCF
/// failure table (0.5 MiB), the history and a board copy (≈ 60 KiB), and the touched part of its
/// call stack; at most about 1.8 MiB when every page is touched (measured peak: 1.2 MiB more
/// resident memory per helper). Doubled for allocator slack (a per-thread malloc arena).
pub const SMP_THREAD_BYTES: i64 = 4 << 20;
/// The helpers together take at most this percent of the memory limit; beyond it fewer threads
/// run than `thread_num` asks.
pub const SMP_MEMORY_PERCENT: i64 = 25;
/// Call stack reserved for a helper thread (virtual: only the touched pages cost memory). The
/// search recurses at most `MAX_PLY` plies.
pub const SMP_STACK_BYTES: usize = 4 << 20;
/// Depth schedule of the helper threads, so that they do not all search the same depth as the
/// main thread: helper `k` (1, 2, …) uses entry `(k - 1) % 8` and skips every depth `d` for
/// which `(d + phase) / size` is odd (helper 1 searches the even depths, running one ahead).
pub const SMP_SKIP_SIZE: [u32; 8] = [1, 1, 2, 2, 2, 2, 3, 3];
/// See [`SMP_SKIP_SIZE`].
pub const SMP_SKIP_PHASE: [u32; 8] = [0, 1, 0, 1, 2, 3, 0, 1];

// ---- Root VCT (victory by continuous threats; search/threats/vct.rs) ----

/// Attacking moves (fours and threes) the root VCT may play before its final VCF; 0 turns the
/// root VCT off.
pub const ROOT_VCT_THREATS: u32 = 6;
/// Nodes the root VCT may spend (after the root VCF). About 50 ms; nine wins in ten that
/// 20 000 nodes find on random 15×15 positions take fewer than 10 000.
pub const ROOT_VCT_NODES: usize = 20000;
/// Under a clock the root VCT gets at most this many nodes per millisecond of the soft time
/// limit: about 3% of the move's time (the VCT runs at roughly 400 nodes per millisecond).
pub const ROOT_VCT_NODES_PER_MS: usize = 12;
/// When above 0, the root VCT deepens one threat at a time up to this many attacking moves
/// (as [`VCT_PROBE_DEEPEN`] does for the guard's probe); 0: one search with
/// [`ROOT_VCT_THREATS`]. Off: 12 with 200 nodes per ms −41.6 ±55.4, a fifth of every move's
/// time for the few wins it finds (docs/experiments.md).
pub const ROOT_VCT_DEEPEN: i32 = 0;
/// The root guard: after each iteration the best root move is played and the opponent's VCT
/// probed within this many nodes (under a clock at most [`GUARD_NODES_PER_MS`] per ms of
/// the soft target); a move after which the opponent has one is set aside for the rest of the
/// search while a move without one is left. 0 turns the guard off. Neutral in self-play (+2.4
/// ±25.0) and more nodes saved no more losses, but a move into a proven loss is never the right
/// one while another holds (docs/experiments.md).
pub const GUARD_NODES: usize = 20000;
pub const GUARD_NODES_PER_MS: usize = 20;
/// The guard stops probing once this many root moves are set aside: the position is likely
/// lost, and each probe costs up to [`GUARD_NODES`].
pub const ROOT_GUARD_MAX_REFUTED: usize = 8;
/// Fours each VCF inside the VCT may use.
pub const VCT_VCF_FOURS: u32 = 10;
/// `pbrain-rensa solve` (search/prove.rs): the limits on the fours its VCF tries in turn
/// (iterative deepening, so that a short VCF is not hidden behind long lines) ...
pub const PROOF_VCF_FOURS: [u32; 4] = [6, 12, 20, 30];
/// ... and the most threats its VCT deepens to, one at a time, unless the node limit comes
/// first.
pub const PROOF_VCT_THREATS: u32 = 12;
/// Ordering bit OR-ed into the static score of the VCT defender's counter-fours, above every
/// static score, so that they are tried first (the likeliest refutations).
pub const VCT_COUNTER_FOUR_BONUS: i32 = 1 << 24;

// ---------------------------------------------------------------------------------------------
// Analysis and opening decisions (YXBALANCEONE/TWO, SWAP2BOARD, Yixin-Board's win rate)
// ---------------------------------------------------------------------------------------------

/// YXBALANCEONE: at most this many root candidates (best by the move ordering) are weighed.
pub const BALANCE_ONE_MOVES: usize = 40;
/// YXBALANCETWO and the Swap2 proposals: the first stone is one of this many candidates of the
/// side to move, the second one of [`BALANCE_TWO_SECOND`] replies of the opponent to it.
pub const BALANCE_TWO_FIRST: usize = 12;
pub const BALANCE_TWO_SECOND: usize = 40;
/// After each round the farther half of the options (from the wanted score) is dropped, down to
/// this many, so that the later, deeper rounds weigh only the close ones.
pub const BALANCE_KEEP: usize = 4;
/// On an empty board the candidates are the cells within this distance of the centre.
pub const BALANCE_EMPTY_RADIUS: i32 = 3;
/// Deepest round of a balance search (the request's own `max_depth` may be lower).
pub const BALANCE_MAX_DEPTH: u32 = 40;
/// A balance round of depth `d` gives each option's root VCT and root guard at most this many
/// nodes times `d²`: the shallow rounds over many options stay cheap, the deep ones over the
/// few close options probe in full (measured: docs/analysis.md, the balance commands).
pub const BALANCE_SUB_NODES: u64 = 50;
/// SWAP2BOARD with three stones: the search that judges the position gets this share (permille)
/// of the request's time and nodes; when the position is close to even, the two stones that
/// keep it so are chosen with the rest.
pub const SWAP2_JUDGE_PERMILLE: u64 = 350;
/// SWAP2BOARD with three stones: White is kept (and its move played) when its score is above
/// this, Black taken (SWAP) when below its negative; in between two more stones are placed.
pub const SWAP2_SIDE_MARGIN: i32 = 40;
/// Evaluation units per logit of the win rate shown to Yixin-Board (`INFO WINRATE`).
pub const WINRATE_SCALE: f64 = 200.0;

/// The rules (bits as in [`MCP_RULES`]) whose searches use the values of the SPSA runs listed at
/// [`TUNABLES`]; the others search with the values from before them
/// ([`SearchParams::for_rule`]). Freestyle, standard and caro (bits 0, 1, 8 and 9): standard
/// about +26 ±25 over 700 games, caro +47.2 ±33.7; not renju, −34.9 ±48.0 (docs/experiments.md).
pub const TUNED_RULES: i32 = 771;

// ---------------------------------------------------------------------------------------------
// Runtime-settable search parameters (`INFO param_<name> <value>`, the SPSA tuner)
// ---------------------------------------------------------------------------------------------

mod tunables;

pub use tunables::*;
