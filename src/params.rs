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
/// resident (measured on a virtual machine: a 299 MiB table left a fresh process's first
/// 1-second search 25 000 nodes instead of 870 000).
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
pub const TIME_RESERVE_MIN_MS: i64 = 50;
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
/// [`TIME_NEXT_ITERATION_PERMILLE`]. On against off, freestyle, 200 ms/move (the engine then
/// answers after 152 ms instead of 134 on average), two 400-game runs on fresh openings:
/// +20.0 ±33.1 (199-176-25) and +28.7 ±33.2 (204-171-25, LOS 95.6 %), together about +24 ±23
/// over 800 games (SPRT [0, 10] undecided in each, LLR 0.65 and 1.18). Together with
/// [`LMR_CUT_NODE`] 1 and [`NMP_DEPTH`] 3 against none of the three: −21.5 ±38.2 (308 games,
/// stopped).
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
/// Half-width of the first aspiration window.
pub const ASPIRATION_DELTA: i32 = 52;
/// Once the doubled half-width exceeds this, the aspiration window opens fully.
pub const ASPIRATION_MAX_DELTA: i32 = 1000;
/// Reverse futility: at depth ≤ this, a static eval this far above beta per ply cuts. Depth 5
/// against 3 at margin 25, freestyle, 200 ms/move, SPRT [0, 10]: +27.9 ±37.6 (147-123-30, 300
/// games, LOS 93 %, undecided), not confirmed on fresh openings (f15 seed 101: 125-147-27,
/// −25.6 ±37.8, 299 games, stopped; both runs together 272-270-57, about even), so 3 stays.
/// Depth 8 (nearly every node, as in Rapfi) at the same margin, f15 seed 98: 117-137-15, −25.9
/// ±40.6 (269 games, stopped): two plies deeper at equal nodes, and weaker.
pub const RFP_DEPTH: i32 = 3;
pub const RFP_MARGIN: i32 = 36;
/// Futility: quiet moves at depth ≤ this are skipped when eval + margin·depth ≤ alpha.
pub const FUTILITY_DEPTH: i32 = 2;
pub const FUTILITY_MARGIN: i32 = 99;
/// Move-count pruning: at depth ≤ this, quiet moves after `base + depth²·k` are skipped.
pub const LMP_DEPTH: i32 = 4;
pub const LMP_BASE: usize = 5;
pub const LMP_PER_DEPTH2: usize = 2;
/// Razoring: at non-PV depth ≤ this (0: off), a node whose static eval lies this far per ply
/// below alpha is settled by its quiescence when that stays at or below alpha. Depth 2, margin
/// 200 against none: +36.2 ±22.8 Elo, SPRT H1 in 867 games (15×15 freestyle, 200 ms/move);
/// renju, 50 k nodes/move, 400 games: none against it −20.0 ±33.8.
pub const RAZOR_DEPTH: i32 = 2;
pub const RAZOR_MARGIN: i32 = 179;
/// Singular extension: from this depth (0: off), a table move stored as a lower bound at
/// most 3 plies shallower is searched one ply deeper when every other move, searched to half
/// the depth, stays `SE_MARGIN` per ply below the stored score.
/// Screens at 50 k nodes/move, 400 games: se_depth 6, margin 4: +5.2 ±33.6 before
/// [`IIR_DEPTH`], +0.0 ±33.7 with it. Depth 7, margin 2 (nearer Rapfi's 0.9 per ply) against
/// off, freestyle, 200 ms/move, SPRT [0, 10], f15 `shuf` seed 158: +26.1 ±32.8 (199-169-32, 400
/// games, LOS 94 %), then on fresh openings (seed 159) +33.1 ±32.9 (203-165-32, 400 games,
/// LOS 97.6 %): about +30 ±23 over the 800 (402-334-64), so on. Renju (r15 `shuf` seed 160),
/// on against off: +36.6 ±34.0 (217-175-8, 400 games, LOS 98.3 %). Depth 6 against 7,
/// freestyle, seed 163: +6.1 ±32.5 (185-178-37, 400 games, undecided), so 7 stays.
pub const SE_DEPTH: i32 = 7;
pub const SE_MARGIN: i32 = 2;
/// Plies taken from the table move when the singular test finds other moves as good and its
/// stored score is at or above beta (the node will likely cut anyway; Rapfi takes 1.5); 0: off.
/// 1 against 0 (the singular extension at 7/2), freestyle, 200 ms/move, f15 `shuf` seed 160:
/// +9.6 ±32.8 (190-179-31, 400 games, SPRT [0, 10] undecided), so off.
pub const SE_NEGATIVE: i32 = 0;
/// A non-PV table move whose singular test stays this much below the bound (besides the
/// per-ply margin) is searched two plies deeper instead of one, at most
/// [`SE_DOUBLE_MAX`] times on a line; 0: off. 25 (near Rapfi's margin) against 0, freestyle,
/// 200 ms/move, f15 `shuf` seed 161: −56.7 ±49.8 (63-91-19, 173 games, stopped), so off.
pub const SE_DOUBLE_MARGIN: i32 = 0;
/// Most double singular extensions on one line.
pub const SE_DOUBLE_MAX: i32 = 4;
/// Internal iterative reduction: from this depth on (0: off), a node with no table move is
/// searched one ply shallower (its move order is a guess; the next visit finds the table move).
/// Depth 4, together with [`LMR_TACTICAL`] 1, against neither: +50.1 ±25.5 Elo, SPRT H1 in 691
/// games (15×15 freestyle, 200 ms/move); screens at 50 k nodes/move: +15.7 ±33.5 alone,
/// depth 3 against 4: −25.2 ±33.4.
pub const IIR_DEPTH: i32 = 4;
/// Table-move reduction at PV nodes (0: off): a PV node whose table move was stored
/// `depth − stored` plies shallower than this search is searched `(depth − stored) ·
/// IIR_TT_PERCENT / 100` plies shallower, at most [`IIR_TT_MAX`]: the line has just become the
/// principal one, and the next iteration searches it in full (Rapfi's classical search does
/// this, with 0.28 per ply up to 3.6). 28 against 0 (at most 3 plies), freestyle, 200 ms/move,
/// 400 games each: +15.7 ±32.8 (193-175-32, f15 seed 121), then −15.7 ±32.7 (174-192-34, seed
/// 123): even over the 800 (367-367-66), so off.
pub const IIR_TT_PERCENT: i32 = 0;
pub const IIR_TT_MAX: i32 = 3;
/// Move-count pruning at every depth (0: off): at a node other than the root, not facing an
/// open-four threat and with a move that does not lose already, the moves after the first
/// `MCP_BASE + depth^(MCP_EXP_CENTI / 100)` are skipped, except fours and the table move; a
/// node whose static evaluation is not above its grandparent's (not improving) keeps half as
/// many when `MCP_IMPROVING` is 1 (in renju, 50 k nodes/move: −35.4 ±60.9 over 128 games,
/// stopped). Relies on the move order (classes, patterns, history). Only under the rules of
/// [`MCP_RULES`]. Other bases against 10 in freestyle, 200 ms/move, SPRT [0, 10] stopped early:
/// 6: −52.6 ±55.0 (153 games); 16: +17.6 ±50.1 (178 games). `MCP_IMPROVING` 1 against 0 in
/// freestyle (Rapfi halves its move count so), 200 ms/move, f15 `shuf` seed 153: +20.9 ±32.8
/// (196-172-32, 400 games, SPRT [0, 10] undecided, LOS 89 %), not proven, so off. Together
/// with [`LMR_MOVES`] 2, both with [`QS_LOCAL`] on, against neither, f15 seed 174: −22.5 ±41.0
/// (101-117-29, 247 games, stopped), so both stay as they are. Base 6 with `MCP_IMPROVING` 1
/// (move counts nearer Rapfi's; the depth profile at 200 ms reaches a median 12 instead of 11,
/// and the 1 M-node `attacker_report` proves 22 of 35 instead of 19) against 11 and 0, f15 seed
/// 179: −9.9 ±40.8 (104-111-31, 246 games, stopped). Base 2 against 12 (about a quarter of the
/// moves at depth 1, half at depth 5; a ply deeper at 3 M nodes): at fixed nodes +12.2 ±27.7
/// (30 000, f15 `shuf` seed 232), +27.9 ±26.8 (100 000, seed 232) and +21.5 ±25.9 (300 000,
/// about 200 ms of search, 277-240-83, seed 234), 600 games each; but at 200 ms/move SPRT
/// [0, 10] −15.1 ±46.2 (73-81-30, seed 233, stopped, partly under load) and +3.6 ±29.2
/// (212-207-59, 478 games, seed 235, stopped); against Rapfi at 200 ms 88-202-10 (31.0 %,
/// −139.0 ±42.0, the 150 openings of the README's table, where 12 scored 28.8 % over two
/// runs). The clock does not confirm what the node counts show, so 12 stays.
pub const MCP_BASE: usize = 12;
pub const MCP_EXP_CENTI: i32 = 131;
pub const MCP_IMPROVING: i32 = 0;
/// The rules under which the move-count pruning ([`MCP_BASE`]) applies, and those under which the
/// pattern ordering ([`ORDER_PATTERN_PERMILLE`]) does: bit `1 << code` for each Gomocup rule code
/// (0 freestyle, 1 standard, 4 renju, 8 and 9 caro). Pattern ordering: renju (16; in standard,
/// mask 18 against 16, 30 000 nodes/move, s15 `shuf` seed 247, 600 games: −8.1 ±27.5, so not
/// there); move-count pruning: freestyle, standard, renju and caro (787). Both together against
/// neither (`mcp_base 10`, `mcp_improving 0`, `order_pattern_permille 1000`), 400 games each, same
/// binary:
/// renju +28.7 ±34.0 at 50 k nodes/move and +33.1 ±33.8 at 200 ms/move (SPRT [0, 10] undecided at
/// the cap, LLR 1.20); freestyle +0.0 ±33.8 at 50 k nodes and +0.0 ±33.3 at 200 ms. In freestyle
/// each alone: pattern ordering +20.0 ±33.4 at 50 k nodes, −3.5 ±33.3 at 200 ms; move-count pruning
/// +19.1 ±33.7 at 50 k nodes and +50.7 ±33.7 at 200 ms (220-162-18, LOS 99.8 %, SPRT [0, 10]
/// undecided at the 400-game cap, LLR 1.68), so it is on in freestyle too (17); two of the 12
/// `avoid` positions of `tests/data/rapfi-losses.txt` (game02, game23) play their losing move
/// again with it. In standard, with the threat nodes' count ([`MCP_THREAT_RULES`]) on too,
/// against both off (the tuned `mcp_base` 12), the same binary, s15 book: +63.2 ±28.0 at 30 000
/// nodes/move (347-239-14, 600 games, `shuf` seed 240); at 200 ms/move, SPRT [0, 10], seed 241:
/// **+62.3 ±29.3** (264-176-56, 496 games, LOS above 99.9 %, H1 accepted), so standard's bit too
/// (19; Bench 275843 became 258459). Caro, the same pair against both off, generated balanced
/// openings (`random=3 balance=100`): +82.6 ±27.4 at 30 000 nodes/move in rule 9 (600 games, seed
/// 242), +88.7 ±38.6 in rule 8 (300 games, seed 244); at 200 ms/move, rule 9, SPRT [0, 10], seed
/// 243: +31.3 ±26.7 (232-185-106, 523 games, LLR 1.89), stopped undecided; then on fresh openings
/// (seed 246) **+36.4 ±21.5** (378-292-153, 823 games, LOS 99.96 %, H1 accepted), so caro's bits
/// too (787; Bench 258459 became 229841).
pub const MCP_RULES: i32 = 787;
pub const ORDER_PATTERN_RULES: i32 = 16;
/// Null-move pruning from this depth on (0: off): at a non-PV node whose static evaluation is at
/// or above beta, with no open-four threat of the opponent and no null move just before, the
/// side to move passes; if the opponent's reply, searched `NMP_BASE + depth / NMP_DIV` plies
/// shallower (its VCF quiescence at the horizon), cannot get above beta, the node is cut. An
/// earlier version, screened at 50 k nodes/move, 400 games: from depth 3, base 3, div 4: +8.7
/// ±33.7; from depth 6, base 2, div 6: −8.7 ±33.6. Two stones in a row are worth much in this
/// game, so a pass says less than in chess. This version, depth 3, base 3, div 4, against off,
/// freestyle, 200 ms/move, 400 games: +27.0 ±33.2 (203-172-25, LOS 94.5 %, SPRT [0, 10]
/// undecided, LLR 1.37); a second run on fresh openings: +6.9 ±33.6 (197-189-14). Together about
/// +17 ±24 over 800 games: not proven, so off. With the LMR divisor 150 ([`LMR_DIVISOR_CENTI`]):
/// −31.0 ±43.7 over 236 games (102-123-11, stopped). With [`LMR_CUT_NODE`] 1 and
/// [`VCT_PROBE_DEEPEN`] 12: see [`LMR_CUT_NODE`].
pub const NMP_DEPTH: i32 = 0;
pub const NMP_BASE: i32 = 3;
pub const NMP_DIV: i32 = 4;
/// Late-move reductions start at this depth and move number (`LMR_MOVES` moves searched
/// before). `lmr_moves` 2 against 3 (Rapfi's classical search reduces from the second move),
/// freestyle, 200 ms/move, SPRT [0, 10], f15 `shuf` seed 141: +21.7 ±33.0 (198-173-29, 400 games,
/// LOS 90 %, undecided). Together with [`PRUNE_TRIVIAL_DEPTH`] 4 against neither, seed 143:
/// −8.7 ±23.2 (359-379-62, 800 games, undecided): the two leads did not add up, so 3. Again
/// alone with [`QS_LOCAL`] on, seed 178: +0.0 ±32.4 (180-180-40, 400 games, undecided).
pub const LMR_DEPTH: i32 = 3;
pub const LMR_MOVES: usize = 3;
/// Late-move reduction in plies: `LMR_BASE_CENTI / 100 + ln(depth) · ln(move number) /
/// (LMR_DIVISOR_CENTI / 100)`, in hundredths so that the tuner ([`TUNABLES`]) handles integers
/// only. Divisor 150 against 220 (a third more reduction; Rapfi's classical search reduces
/// by ln·ln with no divisor at all), freestyle, 200 ms/move, 400 games each on fresh openings:
/// +34.9 ±33.2 (207-167-26, LOS 98 %), then +25.2 ±33.2 (202-173-25): about +30 ±23 over the
/// 800 (409-340-51), so 150. Bench 1503442 became 1190458. In renju (r15 book, 400 games):
/// −12.2 ±33.6 (186-200-14): no gain there, so the divisor 150 holds under the rules of
/// [`LMR_DIVISOR_RULES`] (bits as in [`MCP_RULES`]: freestyle only, the rule it was proven in)
/// and the others keep the former 220 ([`LMR_DIVISOR_OTHER_CENTI`]). Divisor 120 against 150,
/// freestyle: −11.7 ±40.5 over 268 games (121-130-17, stopped), so 150 stayed, until the SPSA
/// run described at [`TUNABLES`] set the base 67 and the divisor 166 (freestyle), and its
/// second run, for generation 1's evaluation, 78 and 174. In standard, the freestyle divisor
/// (`lmr_divisor_rules` 3 against 1, 30 000 nodes/move, s15 `shuf` seed 247, 600 games): +5.2
/// ±27.5 (296-287-17), no gain shown, so not there. In caro (769 against 1, rule 9, 30 000
/// nodes/move, `random=3 balance=100 seed=248`): −11.2 ±35.3 (124-134-53, 311 games, stopped).
pub const LMR_BASE_CENTI: i32 = 89;
pub const LMR_DIVISOR_CENTI: i32 = 176;
pub const LMR_DIVISOR_RULES: i32 = 1;
pub const LMR_DIVISOR_OTHER_CENTI: i32 = 220;
/// Plies taken off the late-move reduction at PV nodes. One ply less also at a node that is
/// not on the principal variation but whose table entry was stored on one (the flag kept when
/// such a node stores again, as Rapfi and Stockfish keep theirs), against none, freestyle,
/// 200 ms/move, f15 `shuf` seed 157: −19.1 ±32.8 (173-195-32, 400 games, LOS 13 %, SPRT
/// [0, 10] undecided), so not kept.
pub const LMR_PV_REDUCTION: i32 = 1;
/// Plies added to the late-move reduction at expected cut nodes: the null-window children of a
/// node's reduced searches, and every other node's first child flips the expectation (an
/// expected cut node's first child is an expected all node, and so on). 1 against 0, freestyle,
/// 200 ms/move, 400 games: +21.7 ±33.0 (199-174-27, LOS 90 %, SPRT [0, 10] undecided, LLR
/// 0.74): a lead, not proven, so off. Together with null-move pruning ([`NMP_DEPTH`] 3) against
/// neither, 600 games: +19.7 ±27.0 (299-265-36, LOS 92.4 %, LLR 0.87, undecided); with both on,
/// the 10 `avoid` positions of `tests/data/rapfi-losses.txt` hold (Bench 1536040). Again alone,
/// fresh openings: +3.8 ±34.5 (175-171-22, 368 games, stopped). Both with [`TIME_FILL_TURN`]
/// against none of the three: −21.5 ±38.2 (138-157-13, 308 games, stopped). With the divisor
/// 150 ([`LMR_DIVISOR_CENTI`]), alone, 400 games: +0.0 ±33.3 (190-190-20), so off. Together
/// with [`NMP_DEPTH`] 3 and [`VCT_PROBE_DEEPEN`] 12 against none of the three (f15 `shuf` seeds
/// 126 and 129): +18.3 ±33.4 (201-180-19, 400 games), then −4.1 ±31.8 (191-196-35, 422 games),
/// about +7 over the 822, and with the quiet choice fit's weights too (seed 128) −16.4 ±33.1
/// (181-200-22, 403 games): no gain shown, so all three stay off.
pub const LMR_CUT_NODE: i32 = 0;
/// Fail-high reduction: at an expected cut node (not PV, no opponent threat) whose static
/// evaluation is at least `FHR_BASE + FHR_MARGIN · depth` above beta, every move but the
/// mover's fours is searched one ply shallower, the first one too: the node will most likely
/// fail high, and any move will do. `FHR_MARGIN` 0: off. Milder than reverse futility
/// ([`RFP_MARGIN`]), which returns at once but only up to [`RFP_DEPTH`]. Margin 25, base 0
/// against off (both with the retuned values of [`TUNABLES`]), freestyle, 200 ms/move, SPRT
/// [0, 10]: −9.9 ±42.1 (110-117-18, 245 games, stopped), so off.
pub const FHR_MARGIN: i32 = 0;
pub const FHR_BASE: i32 = 0;
/// Plies added to the late-move reduction at a node whose static evaluation is not above its
/// grandparent's (not improving).
pub const LMR_NOT_IMPROVING: i32 = 0;
/// When 1, late-move pruning and futility also skip moves whose only point is a cell where the
/// opponent could make an open three (a soft block: no four and no three of the mover's own);
/// when 0 such moves count as tactical and are never pruned there. 1 against 0, freestyle,
/// 200 ms/move, 200 games: −12.2 ±46.9 (90-97-13), so off.
pub const PRUNE_SOFT_BLOCKS: i32 = 0;
/// When above 0, the root guard's probe (and YXSEARCHDEFEND's) deepens the VCT one threat at a
/// time up to this many attacking moves (the proof of `pbrain-rensa solve` deepens so too; the
/// root VCT has its own [`ROOT_VCT_DEEPEN`]); 0: one search with [`ROOT_VCT_THREATS`]. The
/// measurements here are from when it deepened the root VCT too: 12 against 0 (with the policy
/// reduction on), freestyle,
/// 200 ms/move, f15 `shuf` seeds 105 and 106: +20.0 ±32.9 (196-173-31) and +6.1 ±33.0
/// (190-183-27), 400 games each, SPRT [0, 10] undecided; about +13 ±23 over the 800, not
/// proven, so off. On the 43 positions of `tests/data/rapfi-losses.txt` (1 M nodes) the losing
/// move comes back in 12 with it, 13 without. With [`LMR_CUT_NODE`] 1 and [`NMP_DEPTH`] 3: see
/// [`LMR_CUT_NODE`].
pub const VCT_PROBE_DEEPEN: i32 = 0;
/// At a horizon node whose opponent would win by continuous fours (at most this many) if the
/// side to move passed, the side to move does not stand pat: its moves are searched one ply,
/// each answered by the opponent's VCF quiescence; 0: off (the node stands pat or plays its
/// own fours). Not at the child of such a node, so threats cannot feed each other. 4 against 0,
/// freestyle, 200 ms/move: −61.3 ±42.3 over 252 games (96-140-16, stopped): the checks and the
/// extra ply cost more than they find, so off.
pub const HORIZON_VCF_FOURS: i32 = 0;
/// When 1, a root move that takes the lead from the first in an iteration is probed by the root
/// guard at once ([`GUARD_NODES`]), not only the best move after each finished iteration:
/// a lead taken in the iteration the clock cuts short (with [`TIME_FILL_TURN`], the last one of
/// every move) is otherwise never checked. A move the probe finds lost is set aside. 1 against
/// 0, freestyle, 200 ms/move, f15 seed 123: −16.5 ±33.1 (178-197-25, 400 games, SPRT [0, 10]
/// undecided), so off.
pub const GUARD_NEW_BEST: i32 = 0;
/// Plies more of late-move reduction for a quiet move far from the last two stones: more than
/// [`DISTANT_STEPS`] steps (the larger of the column and row distance) from the opponent's
/// last stone and from the mover's own last one; 0: none. Such a move starts nothing the
/// opponent's threat or the mover's own play is about. 1 against 0, freestyle, 200 ms/move,
/// 400 games each on fresh openings: +15.6 ±33.4 (200-182-18), then −6.1 ±33.2 (186-193-21):
/// about +5 over the 800, so off.
pub const LMR_DISTANT: i32 = 0;
/// See [`LMR_DISTANT`].
pub const DISTANT_STEPS: usize = 4;
// Tried after Rapfi's search and dropped (no gain at 200 ms/move, freestyle, f15 book, SPRT
// [0, 10]): skipping, below depth 5, an own four that does not block the opponent's open three
// and lies far from both last stones, with 2 plies more reduction for such fours (+23.5 ±33.1,
// then −23.5 ±32.5 on fresh openings: even over 800 games); a ply less reduction for a threat
// that follows the mover's own threat, with the table move extended by 4/16 ply at PV nodes and
// 1/16 elsewhere (+4.3 ±33.1, 400 games). See the commit log (b6ec8f1, 28df049).
/// Plies more of late-move reduction for a trivial move: no two or better for either side on
/// its cell (class `None` for both); 0: none. 1 against 0, freestyle, 200 ms/move: +1.4 ±42.8
/// over 242 games (115-114-13, stopped), so off.
pub const LMR_TRIVIAL: i32 = 0;
/// Trivial-move pruning: at a node other than the root, below this depth (0: off), with a move
/// searched already that does not lose and no open-four threat of the opponent, a move whose
/// cell shows nothing for either side (class `None` for both: no two, no closed three, nothing
/// stopped) is skipped, unless it is the table move. Such moves rarely matter in the last plies
/// before the horizon, and the search of those plies is where most nodes go (Rapfi's classical
/// search skips them below depth 4.3). Below depth 4 against off, freestyle, 200 ms/move, SPRT
/// [0, 10], 400 games each: +29.6 ±33.0 (202-168-30, LOS 96 %, f15 `shuf` seed 138), then on
/// fresh openings −4.3 ±32.8 (182-187-31, seed 139): about +13 ±23 over the 800 (384-355-61), not
/// proven, so off. On the 43 positions of `tests/data/rapfi-losses.txt` it plays the losing move
/// in 13, as many as without it (the two sets differ by one position each way), and every
/// `avoid` position holds. Together with `lmr_moves` 2: see [`LMR_DEPTH`].
pub const PRUNE_TRIVIAL_DEPTH: i32 = 0;
/// Move-count pruning at a node (not the root) facing an open-four threat (0: off): once a move
/// that does not lose has been searched, only the first `MCP_THREAT + depth` moves of the order are
/// searched, the mover's fours among them, the table move always (Rapfi prunes its defences and
/// fours by move count like any move). Without it every defence and every own four is searched, and
/// 81 % of the move loops of a 1 M-node search (`game01` of `tests/data/rapfi-losses.txt`) face an
/// open three. Screened in freestyle at fixed nodes, same binary, 600 games each (f15 `shuf` seed
/// 232, 30 000 nodes/move): 1: +18.0 ±27.6, 3: +4.1 ±27.6, 6: +0.0 ±27.5; 1 at 100 000 nodes/move
/// (seed 234): +41.9 ±26.7 (308-236-56). Then 1 against 0, freestyle, 200 ms/move, SPRT [0, 10],
/// f15 `shuf` seed 236: **+37.7 ±21.2** (433-336-128, 897 games, LOS 99.98 %, H1 accepted), so on
/// (Bench 299669 became 276144). The 1 M-node `attacker_report` proves 24 of the 49 wins with it as
/// without, 17 instead of 16 at 500 000; of the 57 losing moves of that file it plays 17 again (14
/// without). Only under [`MCP_THREAT_RULES`].
pub const MCP_THREAT: i32 = 1;
/// The rules (bits as in [`MCP_RULES`]) under which [`MCP_THREAT`] applies; under the others it is
/// off ([`SearchParams::for_rule`]), as it is wherever the move-count pruning is off
/// ([`MCP_RULES`]). Freestyle, standard, renju and caro (787). In renju, 1 against 0 on the same
/// binary (r15 book): +33.1 ±27.9 at 30 000 nodes/move (326-269-5, 600 games, `shuf` seed 237); at
/// 200 ms/move, SPRT [0, 10], +32.7 ±29.1 (259-211-41, 511 games, seed 238, stopped undecided for
/// a session's end), then on fresh openings **+37.4 ±22.3** (474-378-44, 896 games, LOS 99.95 %,
/// seed 239, H1 accepted), so on (Bench 276144 became 275843). In standard together with the
/// move-count pruning itself ([`MCP_RULES`], where the figures are), so 19; in caro too, the
/// same way (787).
pub const MCP_THREAT_RULES: i32 = 787;
/// 1: a node whose side to move can make a four with an open three, or two open threes, while
/// the opponent has no four to play is a win in five plies, settled from the class counts
/// before any move is searched (`Quick::own_win5`), like an open four is a win in three; so is
/// a four with an open three whose forced block makes no four, where the opponent has fours
/// elsewhere (`Searcher::four_three_wins` plays it to see). Without it the search must reach
/// four plies further, and the quiescence (fours only) never sees a double three. The idea
/// comes from Rapfi's quick win check. 0: off. Against off, freestyle, 200 ms/move, SPRT
/// [0, 10], 400 games each: without the blocked-four case, +13.0 ±33.2 (196-181-23, f15 `shuf`
/// seed 144) and +14.8 ±33.0 (195-178-27, seed 145); as it is, +38.4 ±32.8 (204-160-36, seed
/// 146, LOS 98.9 %); about +22 ±19 over the 1200 games (595-519-86), so on.
pub const WIN5_STATIC: i32 = 1;
/// Plies by which the remaining moves of a node are searched shallower once a move has raised
/// alpha without a cut-off (at depths within [`ALPHA_REDUCE_DEPTHS`], not for mate scores);
/// 0: off. The idea comes from Rapfi's search. 1 against 0, freestyle, 200 ms/move, f15 seed
/// 117: 177-187-36, −8.7 ±32.6 (400 games, SPRT [0, 10] undecided), so off.
pub const ALPHA_REDUCE: i32 = 0;
/// See [`ALPHA_REDUCE`]: the lowest and the highest depth it applies at.
pub const ALPHA_REDUCE_DEPTHS: (i32, i32) = (3, 11);
/// One ply less of late-move reduction for a quiet move per `LMR_SCORE_DIV` of ordering score
/// (classes, history, killers) above `LMR_SCORE_BASE`, at most [`LMR_SCORE_MAX_BONUS`] plies;
/// `LMR_SCORE_DIV` 0: off. A quiet move that builds (two open twos, a closed three with a two)
/// is how a slow attack starts, and the reductions hid such starts from the search. Divisor 200
/// against 0, freestyle, 200 ms/move: −5.5 ±37.1 over 314 games (143-148-23, stopped), so off.
pub const LMR_SCORE_BASE: i32 = 250;
pub const LMR_SCORE_DIV: i32 = 0;
pub const LMR_SCORE_MAX_BONUS: i32 = 2;
/// One ply less of late-move reduction per this much history score (more for a negative one).
pub const LMR_HISTORY_DIV: i32 = 10896;
/// Plies more of late-move reduction for a quiet move whose ordering score (classes, line
/// patterns, history, killers) is below `LMR_POLICY_BASE`: one per `LMR_POLICY_DIV` below it, at
/// most `LMR_POLICY_MAX`; `LMR_POLICY_DIV` 0: off. The ordering knows which quiet cells build
/// nothing (the idea is Rapfi's policy reduction). At 1 M nodes on 12 book openings it searched
/// no deeper (15.0 against 14.9 plies with divisor 30, at most 3). SPSA of this,
/// `lmr_deeper_margin`, `rfp_depth` and `rfp_margin` (2000 pairs at 30 000 nodes, f15 book,
/// seed 4343, from 200/60/2, 100, 3, 25): 189/55/1, 81, 5, 28; against the defaults, 200
/// ms/move, f15 seed 99: 181-186-33, −4.3 ±32.7 (400 games, SPRT undecided), so all stay off.
/// Without the reverse-futility part (189/55/1 and margin 81 only), f15 seed 102: 104-82-14,
/// +38.4 ±47.0 (200 games, LOS 95 %); confirmation on fresh openings, seed 103: 204-171-25,
/// +28.7 ±33.2 (400 games, SPRT [0, 10] undecided at the cap, LOS 95.6 %); about +32 ±27 over
/// the 600 (308-253-39), so on at those values (with [`LMR_DEEPER_MARGIN`] 81): one ply more
/// for a quiet late move scoring 134 or less. The fourth SPSA run (see [`TUNABLES`]) set them to
/// 133/38 (and the margin to 93): one ply more for a quiet late move scoring 95 or less. Only
/// under the rules of [`LMR_POLICY_RULES`].
pub const LMR_POLICY_BASE: i32 = 133;
pub const LMR_POLICY_DIV: i32 = 38;
pub const LMR_POLICY_MAX: i32 = 1;
/// The rules (bits as in [`MCP_RULES`]) under which the policy reduction ([`LMR_POLICY_BASE`])
/// and the deeper re-search ([`LMR_DEEPER_MARGIN`]) apply; under the others both are off
/// ([`SearchParams::for_rule`]). Freestyle only (1): in standard (rule 1, s15 book, `shuf` seed
/// 104, 200 ms/move) the pair against neither measured 182-190-28, −6.9 ±32.9 (400 games, SPRT
/// [0, 10] undecided at the cap). In renju (rule 4, r15 book, seed 110, 200 ms/move, mask 17
/// against the default): 186-200-14, −12.2 ±33.6 (400 games, undecided at the cap). Freestyle
/// 20×20 (f20 book, seed 111), the default against mask 0: 206-194-0, +10.4 ±34.2 (400 games,
/// undecided), so it stays on there. Caro (rule 9, generated balanced openings, seed 112), mask
/// 513 against 1: 170-195-35, −21.7 ±32.7 (400 games, undecided), so off there.
pub const LMR_POLICY_RULES: i32 = 1;
/// When 1, a table score that bounds the static evaluation from the right side (a lower bound
/// above it, an upper bound below it, or exact) stands in for it in the pruning decisions
/// (reverse futility, razoring, futility, null move); 0: the static evaluation only. 1 against
/// 0, 200 ms/move, f15 seed 100: 105-116-21, −15.8 ±42.1 (242 games, stopped), so off.
pub const TT_EVAL: i32 = 0;
/// A late move whose reduced search beats alpha by more than this is searched again a ply
/// deeper than its full depth (a search that fails high by that much found more than the
/// reduction expected); 0: off. On at 81 with the policy reduction ([`LMR_POLICY_BASE`], where
/// the pair's matches are), 93 since the fourth SPSA run ([`TUNABLES`]); not measured alone.
pub const LMR_DEEPER_MARGIN: i32 = 93;
/// When 1, late tactical moves (making or stopping a three, not fours or the table's move) are
/// reduced too, one ply less than quiet ones; when 0 they are never reduced. On since the SPRT
/// of [`IIR_DEPTH`] (both together); alone at 50 k nodes/move: +13.0 ±33.4 and +8.7 ±33.5.
pub const LMR_TACTICAL: i32 = 1;
/// Under the rules of this mask (bits as in [`MCP_RULES`]; 0: none), a late plain four (a closed
/// four and nothing else on the cell: class `Block4`, not the table's move) is reduced like a
/// late three, one ply less than a quiet move; under the others every four is searched to full
/// depth. (It was a switch, 0 or 1, for the measurements below; 1 is freestyle's bit.) Such a
/// four mostly spends a threat: its block is forced and free, and the quiescence plays fours
/// anyway. 1 against 0, freestyle, 200 ms/move, SPRT [0, 10], 400 games each on f15 `shuf`
/// seeds 154, 155 and 156:
/// +44.5 ±33.3 (213-162-25, LLR 1.73), +6.1 ±32.7 (187-180-33), −1.7 ±32.7 (182-184-34);
/// about +16 ±19 over the 1200 (582-526-92), not proven, so off. With it the 43 positions of
/// `tests/data/rapfi-losses.txt` (1 M nodes) give the losing move back in 13 (11 without; not
/// the same ones), every `avoid` one still held. Again with the singular extension on (seed
/// 162): +14.8 ±32.8 (193-176-31, 400 games, undecided); about +16 ±16 over all 1600
/// (775-702-123). Then the long SPRT, f15 seed 164: +5.2 ±18.8 (559-541-100, 1200 games, LLR
/// 0.03, undecided); about +11 ±12 over all 2800 (1334-1243-223): not proven, so off.
/// Tried too and removed: a late own four that takes no cell the opponent needs for a four,
/// at a node facing an open three (it spends a threat instead of blocking; Rapfi reduces such
/// moves), searched a ply shallower and re-searched in full on a fail high. Against without,
/// freestyle, 200 ms/move, SPRT [0, 10], f15 `shuf` seed 166: −20.6 ±37.4 (129-147-28, 304
/// games, LLR −0.84, stopped); 10 of the 43 positions of `tests/data/rapfi-losses.txt` (1 M
/// nodes) lost again (11 without).
/// On the 57 positions of `tests/data/rapfi-losses.txt` (1 M nodes, Bench 318044) it plays the
/// losing move in 13 instead of 16, and proves 23 instead of 20 of the 49 forced wins from the
/// attacker's side. Then, with the table prefetch (4ed7c9c), 1 against 0, freestyle, 200
/// ms/move, SPRT [0, 10], f15 `shuf` seed 196: **+31.9 ±19.9** (472-380-153, 1005 games, LOS
/// 99.9 %; LLR 2.69 of 2.94 when stopped for the session's end), so on, in freestyle only
/// (measured nowhere else; [`SearchParams::for_rule`] applies the mask). Bench 318044 became
/// 315469. In renju (mask 17 against 1, r15 book `shuf` seed 196, 200 ms/move, SPRT [0, 10]):
/// +4.2 ±31.9 (188-183-41, 412 games, stopped for the session's end), no gain shown, so off
/// there. In standard (mask 3 against 1, 30 000 nodes/move, s15 `shuf` seed 247, 600 games):
/// −4.1 ±27.4 (286-293-21), so off there too. In caro (mask 769 against 1, rule 9, generated
/// balanced openings `random=3 balance=100`): +34.3 ±25.5 at 30 000 nodes/move (278-219-103,
/// 600 games, seed 249), but at 200 ms/move, SPRT [0, 10], seed 250: +1.0 ±31.8 (125-124-90,
/// 339 games, LLR −0.24, stopped), so off there as well.
pub const LMR_PLAIN_FOUR: i32 = 1;
/// When 1, a node whose opponent threatens to win in five plies (a four-three, or a double
/// three while this side has no four) drops every move, but its own fours, after which that
/// threat still wins (what the child's own settling would find at once), each checked when its
/// turn comes. Such moves cost a node each, but counted among the searched ones they pushed the
/// real defences into deep reductions and the move-count pruning; a dropped one is not counted.
/// If nothing is left, the node is lost. A first form that checked the whole list at once
/// triggered at 2455 nodes of the bench and kept 73173 of their 145106 candidates. 1 against
/// 0, freestyle, 200 ms/move, SPRT [0, 10], f15 `shuf` seed 165: +5.2 ±32.9 (189-183-28, 400
/// games, undecided), so off. With it 9 of the 43 positions of `tests/data/rapfi-losses.txt`
/// (1 M nodes) lose again, 11 without.
pub const DEFEND_FOUR_THREE: i32 = 0;
/// Plies taken off the late-move reduction of a move that makes a three or better when the
/// side's own last move did too (an attack carried on; Rapfi takes about half a ply). 0: off.
/// 1 against 0, freestyle, 200 ms/move, SPRT [0, 10], f15 `shuf` seed 167: +8.7 ±32.8
/// (189-179-32, 400 games, LLR 0.18, undecided), so off. With it 10 of the 43 positions of
/// `tests/data/rapfi-losses.txt` (1 M nodes) lose again, 11 without.
pub const LMR_ATTACK_CHAIN: i32 = 0;
/// Whether the history scores are kept apart for tactical moves (those that make or stop a three
/// or better) and quiet ones, per side and cell, so that a cell's cut-offs as a threat do not
/// order it as a quiet move and the other way round (Rapfi keeps an attack and a quiet history).
/// 0: one history per side and cell. 1 against 0, freestyle, same binary, f15 book: +25.5 ±27.7
/// at 30 000 nodes/move (317-273-10, 600 games, `shuf` seed 229), but +4.6 ±25.1 at 200 ms/move
/// (256-248-105, 609 games, `shuf` seed 230, SPRT [0, 10] stopped undecided at LLR −0.07); renju
/// at 30 000 nodes/move, r15 book `shuf` seed 231: −8.7 ±27.7 (289-304-7, 600 games). So off.
pub const HISTORY_KINDS: i32 = 0;
/// Whether the quiescence plays only the fours near the mover's own last stone: on a line
/// through it within four steps, or in the 5×5 square around it (Rapfi's quiescence does so), so
/// that a leaf's VCF follows one attack instead of every four on the board. 0: off. With every
/// four searched, 92 % of the nodes of a sharp position (m60-game20 of the losses file, after
/// the losing move) were quiescence nodes; with it, its depth 10 took 469 k nodes, not 3.59 M.
/// On against off, 200 ms/move, SPRT [0, 10], same binary, zero faults: freestyle, f15 `shuf`
/// seed 169, +75.0 ±33.7 (229-144-27, 400 games, LLR 2.44, LOS 100 %); renju, r15 seed 168,
/// +67.9 ±35.3 (215-143-15, 373 games, H1 accepted); standard, s15 seed 171, +59.6 ±33.1
/// (217-149-34, 400 games, LLR 2.36, LOS 99.98 %). Caro was not measured. Of the 35 wins the
/// analyser proved after the losing moves of `tests/data/rapfi-losses.txt`, Rensa's 1 M-node
/// search in the winner's place proves 19 with it and 12 without (`attacker_report`); Rapfi
/// proves 33 within 1 s.
pub const QS_LOCAL: i32 = 1;
/// The quiescence plays closed fours that make nothing else (`Block4`) only at the mover's first
/// this many quiescence nodes of a line, or right after two fours-plus of its own in a row
/// (Rapfi allows them at the first only); later only fours that also make a three or two.
/// 0: always. 1 against 0, both with `qs_local` on, freestyle, 200 ms/move, f15 `shuf` seed
/// 170: +0.0 ±42.9 (102-102-24, 228 games, SPRT [0, 10] stopped), so off.
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
/// speed depends on it. Against picking every move so (bench 318044 nodes either way): about
/// 8 % less time on six of `profile`'s middle games at 1.5 M nodes; 2 and 8 measured about the
/// same as 4.
pub const PICK_BEFORE_SORT: usize = 4;
/// Ordering bonus of the first killer move of the ply.
pub const ORDER_KILLER_1: i32 = 416;
/// Ordering bonus of the second killer move of the ply.
pub const ORDER_KILLER_2: i32 = 287;
/// Ordering bonus of the counter move: the quiet move that last caused a cut-off right after
/// the opponent's last stone (kept per side and cell in the history); 0: off. Not added to a
/// killer. 350 against 0, freestyle, 200 ms/move, 400 games: +0.9 ±32.9 (186-185-29), so off.
pub const ORDER_COUNTER: i32 = 0;
/// Weight (per mille) in the ordering score of a quiet move's cell value from the learned
/// evaluation ([`crate::search::movepick::cell_value`]); 0: not used. With 2000 Rensa's 1 M-node
/// search proves 23 of the 35 forced wins of `attacker_report` (19 without; 500: 18, 1000: 19,
/// 3000: 20, 5000: 21), but 2000 against 0, freestyle, 200 ms/move, f15 `shuf` seed 177:
/// −2.4 ±37.8 (130-132-31, 293 games, SPRT [0, 10] stopped), so off.
pub const ORDER_CELL_PERMILLE: i32 = 0;
/// Weight (per mille) in the ordering score of a move's line patterns (the sum over its four
/// directions of [`ORDER_PATTERN_ATTACK`] for the mover and [`ORDER_PATTERN_DEFEND`] for the
/// opponent): orders the many cells of the same class, which the class values leave tied;
/// 0: not used. Only under the rules of [`ORDER_PATTERN_RULES`].
pub const ORDER_PATTERN_PERMILLE: i32 = 1000;
/// Weight (per mille) in the ordering score of a move's fitted pattern-code values
/// ([`crate::search::movepick::code_score`]: the table `src/search/order-codes.txt`, a softmax
/// fit of the moves the search chose in self-play, `rensa-train order -codes`), added to the
/// class values; 0: not used. Only under the rules of [`ORDER_CODE_RULES`] (bits as in
/// [`MCP_RULES`]; the table was fitted to 15×15 freestyle games). 1000 against 0, freestyle,
/// 200 ms/move: +26.1 ±47.2 (200 games, a preliminary fit of the same data), then with this
/// table −15.6 ±33.0 (177-195-28, 400 games): about −2 over the 600 (279-282-39), so off.
/// Again with the policy reduction on (which keys on the ordering score), f15 `shuf` seed 107:
/// 185-184-31, +0.9 ±32.8 (400 games), so still off.
pub const ORDER_CODE_PERMILLE: i32 = 0;
pub const ORDER_CODE_RULES: i32 = 1;
/// Ordering value of one direction's line pattern for the side to move, indexed by
/// [`crate::board::pattern::Pattern`]: Dead, Overline, Block1, Flex1, Block2, Flex2, Flex2A,
/// Flex2B, Block3, Flex3, Flex3S, Block4, Flex4, Five (the kinds of open two and three as the
/// plain one).
pub const ORDER_PATTERN_ATTACK: [i32; 14] = [0, 0, 3, 8, 12, 24, 24, 24, 20, 40, 40, 40, 40, 40];
/// The same for the opponent's patterns on the cell (what the move takes from it).
pub const ORDER_PATTERN_DEFEND: [i32; 14] = [0, 0, 2, 5, 8, 16, 16, 16, 14, 30, 30, 30, 30, 30];
/// History divisor in the ordering score. One table per side and cell serves every kind of
/// move. Tried and dropped: two tables, one for moves that make an open three or a four and one
/// for the rest (as Rapfi keeps them apart), against one, freestyle, 200 ms/move, f15 `shuf`
/// seed 192: −14.7 ±34.9 (136-150-45, 331 games, SPRT [0, 10] stopped at LLR −0.63). Tried
/// and removed: a follow-up history, per side, cell of the opponent's last stone and the move's
/// offset from it (up to 4 steps on either axis), rewarded and punished like this one, its
/// entry over a divisor added to the ordering score. Against without, freestyle, 30 000
/// nodes/move, f15 `shuf` seed 250, 600 games each: divisor 90 +12.2 ±27.7, 30 +26.1 ±27.7, 10
/// +19.1 ±27.6; but with 30 at 200 ms/move, SPRT [0, 10], seed 251: +2.0 ±33.9 (150-148-50,
/// 348 games, LLR −0.18, stopped).
pub const HISTORY_DIV: i32 = 90;
/// A cut-off move's history bonus is `depth² × HISTORY_BONUS_PER_DEPTH2`.
pub const HISTORY_BONUS_PER_DEPTH2: i32 = 9;
/// The quiet moves searched before a cut-off move lose its bonus divided by this.
pub const HISTORY_MALUS_DIV: i32 = 2;
/// Largest magnitude of a history entry (gravity keeps entries inside it).
pub const HISTORY_MAX: i32 = 16_384;
/// Whether a game's searches keep each thread's history from the previous move (halved)
/// instead of clearing it. Tests and the bench always clear it. On against off, freestyle,
/// 200 ms/move, 200 games: +27.9 ±47.6 (104-88-8, LOS 87.6 %); re-run on fresh openings, 400
/// games: −17.4 ±33.3 (180-200-20); about −2 over the 600 (284-288-28), so off.
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
/// of one, so longer runs of fours fit in the search (Rapfi extends the block of a four by 1.3
/// plies). 0: off. 5 against 0 (with [`WIN5_STATIC`] on), freestyle, 200 ms/move, f15 `shuf`
/// seed 148: +2.6 ±33.1 (189-186-25, 400 games, SPRT [0, 10] undecided), so off.
pub const FORCED_REPLY_EXT_SIXTEENTHS: i32 = 0;
/// Sixteenths of a ply added back at a node whose side to move faces an open-four threat (the
/// opponent's open three or double-four point) and may only defend or make fours (0: off, 16:
/// a whole ply). The sixteenths add up along the line, and every whole ply of them extends the
/// node's moves by one ply, so 8 extends every second such defence of a line. Never at two
/// nodes in a row (mutual threats do not extend each other); own fours are always charged. A
/// whole ply at every such node was tried before as a constant: the bench's renju middle game
/// took 87 M nodes to depth 7 instead of 47 K (it proves a deep win there). 8 against 0,
/// freestyle, 200 ms/move: −11.5 ±45.1 (94-101-17, 212 games, stopped). Again with
/// [`QS_LOCAL`] on, 8 against 0, f15 `shuf` seed 175: −21.3 ±48.1 (74-85-21, 180 games,
/// stopped), although it proved one more of the 35 forced wins of `attacker_report` (20).
pub const THREAT_DEFENCE_EXT_SIXTEENTHS: i32 = 0;
/// Sixteenths of a ply added to the line's extension credit (as
/// [`THREAT_DEFENCE_EXT_SIXTEENTHS`] does) when a principal-variation node plays its table move
/// without a singular extension, so that the expected line is searched a little deeper than its
/// alternatives (Rapfi extends such a move by a quarter of a ply). 0: off. 4 against 0,
/// freestyle, 200 ms/move, f15 `shuf` seed 193: +10.8 ±20.3 (459-428-113, 1000 games, LOS 85 %,
/// SPRT [0, 10] undecided at LLR 0.58; it led by +22 ±28 after 535 games): not shown, so off.
/// Again on 1 000 fresh openings (f15 `shuf` seed 194, none of seed 193's): −20.8 ±27.5
/// (230-263-58, 551 games, LLR −1.32, stopped); over both runs about even. Off.
pub const TTM_EXT_PV_SIXTEENTHS: i32 = 0;
/// Sixteenths in one ply of [`THREAT_DEFENCE_EXT_SIXTEENTHS`].
pub const EXT_PLY_SIXTEENTHS: i32 = 16;
/// Whether a horizon node facing an open-four threat, with no four of its own, searches its
/// defences (each followed by the opponent's VCF quiescence) instead of standing pat. Off
/// against on (with [`QS_LOCAL`] on), freestyle, 200 ms/move, f15 `shuf` seed 172: +17.4 ±32.3
/// (188-168-44, 400 games, SPRT [0, 10] undecided, LLR 0.52, LOS 86 %); again on fresh
/// openings, seed 176: −17.6 ±51.4 (66-74-18, 158 games, stopped): about even, so on.
pub const HORIZON_DEFENCE: bool = true;
/// Whether the quiescence's four-playing nodes probe and store the transposition table (at
/// depth [`QUIESCENCE_TT_DEPTH`], which no main-search node accepts as its own). On: +122 ±42
/// Elo in self-play (305 games, 15×15 freestyle, 200 ms per move); without it positions with
/// many fours could keep the search at depth 1.
pub const QUIESCENCE_TT: bool = true;
pub const QUIESCENCE_TT_DEPTH: i32 = -1;
/// Whether [`HORIZON_DEFENCE`] applies under renju too. Off: it gained in freestyle self-play
/// but showed no gain in renju (-13.5 ±27.8 Elo over 592 games; see the commit log).
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
/// root VCT off. Tried and removed: after its first threat, the attacker played only threats
/// near its own last stone (as [`QS_LOCAL`] does), or near either of its last two. Of the 35
/// positions after the losing moves of `tests/data/rapfi-losses.txt` where the analyser proved
/// a win, `pbrain-rensa solve` proves 1 at 20 000 nodes and 8 at 200 000 without it; 2 and 4
/// with the last stone, 2 and 8 with either. Most of the wins that Rapfi's main search proves
/// within a second are beyond the VCT at 200 000 nodes (some need quiet moves: no VCT at all).
pub const ROOT_VCT_THREATS: u32 = 6;
/// Nodes the root VCT may spend (after the root VCF). About 50 ms; nine wins in ten that
/// 20 000 nodes find on random 15×15 positions take fewer than 10 000.
pub const ROOT_VCT_NODES: usize = 20000;
/// Under a clock the root VCT gets at most this many nodes per millisecond of the soft time
/// limit: about 3% of the move's time (the VCT runs at roughly 400 nodes per millisecond).
pub const ROOT_VCT_NODES_PER_MS: usize = 12;
/// When above 0, the root VCT deepens one threat at a time up to this many attacking moves
/// (as [`VCT_PROBE_DEEPEN`] does for the guard's probe); 0: one search with
/// [`ROOT_VCT_THREATS`]. Deepened to 12 with 200 nodes per ms (at most 1 000 000; it then
/// finds the win in the bench's fifth middle game at 1 s per move) against the defaults,
/// freestyle, 200 ms/move, f15 `shuf` seed 149: −41.6 ±55.4 (64-82-5, 151 games, stopped):
/// a fifth of every move's time is too much for the wins it finds.
pub const ROOT_VCT_DEEPEN: i32 = 0;
/// The root guard: after each iteration the best root move is played and the opponent's VCT
/// probed within this many nodes (under a clock at most [`GUARD_NODES_PER_MS`] per ms of
/// the soft target); a move after which the opponent has one is set aside for the rest of the
/// search while a move without one is left. 0 turns the guard off. Neutral in self-play
/// (+2.4 ±25.0 Elo over 712 games at 200 ms per move): kept because a move into a proven loss
/// is never the right one while another holds. Both numbers are parameters (`guard_nodes`,
/// `guard_nodes_per_ms`). On the 43 positions of `tests/data/rapfi-losses.txt` at 1 M nodes
/// per move through the protocol (search values from before the second SPSA run), Rensa plays
/// the losing move in 8 with 20 000 nodes per probe, and in the same 8 with 200 000, with
/// 200 000 and the probe deepened to 12 threats (`vct_probe_deepen`), and with 1 000 000 and 12
/// threats: where the opponent's win is a VCT our threat search finds, the search avoids the
/// move already; the others need wins with quiet moves, which only the main search can see.
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
/// SWAP2BOARD with three stones: the search that judges the position gets this share (permille)
/// of the request's time and nodes; when the position is close to even, the two stones that
/// keep it so are chosen with the rest.
pub const SWAP2_JUDGE_PERMILLE: u64 = 350;
/// SWAP2BOARD with three stones: White is kept (and its move played) when its score is above
/// this, Black taken (SWAP) when below its negative; in between two more stones are placed.
pub const SWAP2_SIDE_MARGIN: i32 = 40;
/// Evaluation units per logit of the win rate shown to Yixin-Board (`INFO WINRATE`).
pub const WINRATE_SCALE: f64 = 200.0;

// ---------------------------------------------------------------------------------------------
// Runtime-settable search parameters (`INFO param_<name> <value>`, the SPSA tuner)
// ---------------------------------------------------------------------------------------------

/// The tunable numbers of the search as one value that every search carries
/// ([`crate::search::Job::params`]): the constants above by default ([`SearchParams::DEFAULT`]),
/// changed at run time by `INFO param_<name> <value>` and by the SPSA tuner (`rensa-tune`).
/// Each field has the type of its constant (a [`Divisor`] for a divisor) and a row in
/// [`TUNABLES`] under its own name; the constant is the field's name in capitals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    pub rfp_depth: i32,
    pub rfp_margin: i32,
    pub futility_depth: i32,
    pub futility_margin: i32,
    pub lmp_depth: i32,
    pub lmp_base: usize,
    pub lmp_per_depth2: usize,
    pub razor_depth: i32,
    pub razor_margin: i32,
    pub se_depth: i32,
    pub se_margin: i32,
    pub se_negative: i32,
    pub se_double_margin: i32,
    pub iir_depth: i32,
    pub iir_tt_percent: i32,
    pub iir_tt_max: i32,
    pub mcp_base: usize,
    pub mcp_exp_centi: i32,
    pub mcp_improving: i32,
    pub mcp_rules: i32,
    pub order_pattern_rules: i32,
    pub lmr_depth: i32,
    pub lmr_moves: usize,
    pub lmr_base_centi: i32,
    pub lmr_divisor_centi: i32,
    pub lmr_divisor_rules: i32,
    pub tuned_rules: i32,
    pub lmr_divisor_other_centi: i32,
    pub lmr_pv_reduction: i32,
    pub lmr_cut_node: i32,
    pub fhr_margin: i32,
    pub fhr_base: i32,
    pub nmp_depth: i32,
    pub nmp_base: i32,
    pub nmp_div: i32,
    pub lmr_not_improving: i32,
    pub threat_defence_ext_sixteenths: i32,
    pub ttm_ext_pv_sixteenths: i32,
    pub prune_soft_blocks: i32,
    pub lmr_distant: i32,
    pub guard_new_best: i32,
    pub guard_nodes: usize,
    pub guard_nodes_per_ms: usize,
    pub root_vct_nodes: usize,
    pub root_vct_nodes_per_ms: usize,
    pub root_vct_deepen: i32,
    pub horizon_vcf_fours: i32,
    pub vct_probe_deepen: i32,
    pub lmr_trivial: i32,
    pub prune_trivial_depth: i32,
    pub mcp_threat: i32,
    pub mcp_threat_rules: i32,
    pub win5_static: i32,
    pub forced_reply_ext_sixteenths: i32,
    pub alpha_reduce: i32,
    pub lmr_score_base: i32,
    pub lmr_score_div: i32,
    pub lmr_history_div: Divisor,
    pub lmr_policy_base: i32,
    pub lmr_policy_div: i32,
    pub lmr_policy_max: i32,
    pub lmr_policy_rules: i32,
    pub tt_eval: i32,
    pub lmr_deeper_margin: i32,
    pub lmr_tactical: i32,
    pub lmr_plain_four: i32,
    pub defend_four_three: i32,
    pub lmr_attack_chain: i32,
    pub history_kinds: i32,
    pub qs_local: i32,
    pub qs_plain_plies: i32,
    pub order_killer_1: i32,
    pub order_killer_2: i32,
    pub order_counter: i32,
    pub order_cell_permille: i32,
    pub order_pattern_permille: i32,
    pub order_code_permille: i32,
    pub order_code_rules: i32,
    pub history_div: Divisor,
    pub history_bonus_per_depth2: i32,
    pub history_malus_div: Divisor,
    pub aspiration_delta: i32,
}

impl SearchParams {
    /// The constants of this file.
    pub const DEFAULT: SearchParams = SearchParams {
        rfp_depth: RFP_DEPTH,
        rfp_margin: RFP_MARGIN,
        futility_depth: FUTILITY_DEPTH,
        futility_margin: FUTILITY_MARGIN,
        lmp_depth: LMP_DEPTH,
        lmp_base: LMP_BASE,
        lmp_per_depth2: LMP_PER_DEPTH2,
        razor_depth: RAZOR_DEPTH,
        razor_margin: RAZOR_MARGIN,
        se_depth: SE_DEPTH,
        se_margin: SE_MARGIN,
        se_negative: SE_NEGATIVE,
        se_double_margin: SE_DOUBLE_MARGIN,
        iir_depth: IIR_DEPTH,
        iir_tt_percent: IIR_TT_PERCENT,
        iir_tt_max: IIR_TT_MAX,
        mcp_base: MCP_BASE,
        mcp_exp_centi: MCP_EXP_CENTI,
        mcp_improving: MCP_IMPROVING,
        mcp_rules: MCP_RULES,
        order_pattern_rules: ORDER_PATTERN_RULES,
        lmr_depth: LMR_DEPTH,
        lmr_moves: LMR_MOVES,
        lmr_base_centi: LMR_BASE_CENTI,
        lmr_divisor_centi: LMR_DIVISOR_CENTI,
        lmr_divisor_rules: LMR_DIVISOR_RULES,
        tuned_rules: TUNED_RULES,
        lmr_divisor_other_centi: LMR_DIVISOR_OTHER_CENTI,
        lmr_pv_reduction: LMR_PV_REDUCTION,
        lmr_cut_node: LMR_CUT_NODE,
        fhr_margin: FHR_MARGIN,
        fhr_base: FHR_BASE,
        nmp_depth: NMP_DEPTH,
        nmp_base: NMP_BASE,
        nmp_div: NMP_DIV,
        lmr_not_improving: LMR_NOT_IMPROVING,
        threat_defence_ext_sixteenths: THREAT_DEFENCE_EXT_SIXTEENTHS,
        ttm_ext_pv_sixteenths: TTM_EXT_PV_SIXTEENTHS,
        prune_soft_blocks: PRUNE_SOFT_BLOCKS,
        lmr_distant: LMR_DISTANT,
        guard_new_best: GUARD_NEW_BEST,
        guard_nodes: GUARD_NODES,
        guard_nodes_per_ms: GUARD_NODES_PER_MS,
        root_vct_nodes: ROOT_VCT_NODES,
        root_vct_nodes_per_ms: ROOT_VCT_NODES_PER_MS,
        root_vct_deepen: ROOT_VCT_DEEPEN,
        horizon_vcf_fours: HORIZON_VCF_FOURS,
        vct_probe_deepen: VCT_PROBE_DEEPEN,
        lmr_trivial: LMR_TRIVIAL,
        prune_trivial_depth: PRUNE_TRIVIAL_DEPTH,
        mcp_threat: MCP_THREAT,
        mcp_threat_rules: MCP_THREAT_RULES,
        win5_static: WIN5_STATIC,
        forced_reply_ext_sixteenths: FORCED_REPLY_EXT_SIXTEENTHS,
        alpha_reduce: ALPHA_REDUCE,
        lmr_score_base: LMR_SCORE_BASE,
        lmr_score_div: LMR_SCORE_DIV,
        lmr_history_div: Divisor::new(LMR_HISTORY_DIV),
        lmr_policy_base: LMR_POLICY_BASE,
        lmr_policy_div: LMR_POLICY_DIV,
        lmr_policy_max: LMR_POLICY_MAX,
        lmr_policy_rules: LMR_POLICY_RULES,
        tt_eval: TT_EVAL,
        lmr_deeper_margin: LMR_DEEPER_MARGIN,
        lmr_tactical: LMR_TACTICAL,
        lmr_plain_four: LMR_PLAIN_FOUR,
        defend_four_three: DEFEND_FOUR_THREE,
        lmr_attack_chain: LMR_ATTACK_CHAIN,
        history_kinds: HISTORY_KINDS,
        qs_local: QS_LOCAL,
        qs_plain_plies: QS_PLAIN_PLIES,
        order_killer_1: ORDER_KILLER_1,
        order_killer_2: ORDER_KILLER_2,
        order_counter: ORDER_COUNTER,
        order_cell_permille: ORDER_CELL_PERMILLE,
        order_pattern_permille: ORDER_PATTERN_PERMILLE,
        order_code_permille: ORDER_CODE_PERMILLE,
        order_code_rules: ORDER_CODE_RULES,
        history_div: Divisor::new(HISTORY_DIV),
        history_bonus_per_depth2: HISTORY_BONUS_PER_DEPTH2,
        history_malus_div: Divisor::new(HISTORY_MALUS_DIV),
        aspiration_delta: ASPIRATION_DELTA,
    };

    /// The parameters a search under `rule` uses: these, if `rule` is one of `tuned_rules`;
    /// otherwise these with the fields of the SPSA run (see [`TUNED_RULES`]) at their values
    /// from before it, which those rules were measured with. The policy reduction and the
    /// deeper re-search are off under the rules outside `lmr_policy_rules`, the threat nodes'
    /// move-count pruning outside `mcp_threat_rules`, and `lmr_plain_four` becomes 1 under the
    /// rules of its mask, 0 under the others.
    pub fn for_rule(&self, rule: Rule) -> SearchParams {
        let mut p = self.tuned_for(rule);
        p.lmr_plain_four = i32::from(rule_in(self.lmr_plain_four, rule));
        if !rule_in(self.lmr_policy_rules, rule) {
            p.lmr_policy_div = 0;
            p.lmr_deeper_margin = 0;
        }
        if !rule_in(self.mcp_threat_rules, rule) {
            p.mcp_threat = 0;
        }
        p
    }

    /// These, or under a rule outside `tuned_rules` these with the SPSA run's fields at their
    /// values from before it ([`SearchParams::for_rule`]).
    fn tuned_for(&self, rule: Rule) -> SearchParams {
        if rule_in(self.tuned_rules, rule) {
            return *self;
        }
        SearchParams {
            rfp_margin: 120,
            futility_margin: 150,
            lmp_base: 4,
            lmp_per_depth2: 3,
            razor_margin: 200,
            mcp_base: 10,
            mcp_exp_centi: 132,
            lmr_base_centi: 50,
            lmr_divisor_centi: 150,
            lmr_history_div: Divisor::new(8192),
            order_killer_1: 400,
            order_killer_2: 300,
            history_div: Divisor::new(64),
            history_bonus_per_depth2: 16,
            aspiration_delta: 40,
            ..*self
        }
    }

    /// The value of the tunable `name`, if there is one.
    pub fn get(&self, name: &str) -> Option<i64> {
        tunable(name).map(|t| t.get(self))
    }

    /// Sets the tunable `name` to `value`; an unknown name or a value outside the tunable's
    /// range changes nothing.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), ParamError> {
        let t = tunable(name).ok_or_else(|| ParamError::Unknown(name.to_string()))?;
        if !(t.min..=t.max).contains(&value) {
            return Err(ParamError::OutOfRange {
                name: t.name,
                value,
                min: t.min,
                max: t.max,
            });
        }
        (t.set)(self, value);
        Ok(())
    }
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams::DEFAULT
    }
}

/// A positive `i32` divisor that divides with a multiplication: `x / d` gives exactly what
/// `x / d.get()` gives (truncated toward zero) for every `i32` `x`, at the cost of a multiply
/// and a shift instead of an integer division. A division by a constant compiles to that
/// already; a division by a run-time parameter does not, and the move ordering divides at every
/// move of every node (measured: 3–4% more CPU time in the bench with plain `i32` divisors).
///
/// With `m = ⌈2^63 / d⌉ = (2^63 + e) / d`, `0 ≤ e < d`: `⌊n·m / 2^63⌋ = ⌊n/d + n·e/(d·2^63)⌋`,
/// which is `⌊n/d⌋` because `n·e < 2^31·2^31 ≤ 2^63` keeps the added fraction below `1/d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Divisor {
    d: i32,
    magic: u64,
}

impl Divisor {
    /// Panics unless `d > 0`.
    pub const fn new(d: i32) -> Divisor {
        assert!(d > 0, "a divisor must be positive");
        Divisor {
            d,
            magic: (1u64 << 63).div_ceil(d as u64),
        }
    }

    pub const fn get(self) -> i32 {
        self.d
    }
}

impl std::ops::Div<Divisor> for i32 {
    type Output = i32;

    #[inline]
    fn div(self, d: Divisor) -> i32 {
        let q = ((self.unsigned_abs() as u128 * d.magic as u128) >> 63) as u32 as i32;
        // `wrapping_neg`: i32::MIN / 1 is the one quotient of magnitude 2^31.
        if self < 0 {
            q.wrapping_neg()
        } else {
            q
        }
    }
}

/// A field of [`SearchParams`] as the integer that [`TUNABLES`] reads and writes.
trait Field: Copy {
    fn to_i64(self) -> i64;
    /// `v` is within the tunable's range (checked by [`SearchParams::set`]).
    fn from_i64(v: i64) -> Self;
}

impl Field for i32 {
    fn to_i64(self) -> i64 {
        self as i64
    }
    fn from_i64(v: i64) -> Self {
        v as i32
    }
}

impl Field for usize {
    fn to_i64(self) -> i64 {
        self as i64
    }
    fn from_i64(v: i64) -> Self {
        v as usize
    }
}

impl Field for Divisor {
    fn to_i64(self) -> i64 {
        self.get() as i64
    }
    fn from_i64(v: i64) -> Self {
        Divisor::new(v as i32)
    }
}

/// Why [`SearchParams::set`] refused a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    Unknown(String),
    OutOfRange {
        name: &'static str,
        value: i64,
        min: i64,
        max: i64,
    },
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::Unknown(name) => write!(f, "no search parameter is named {name:?}"),
            ParamError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(f, "{name} must lie in {min}..={max}, not {value}"),
        }
    }
}

/// One tunable search parameter: a field of [`SearchParams`], its range and its SPSA step.
#[derive(Clone, Copy, Debug)]
pub struct Tunable {
    /// The field's name (snake_case); the constant is the same in capitals.
    pub name: &'static str,
    /// The constant's Rust type (`i32`, `usize`).
    pub ty: &'static str,
    /// Smallest and largest value accepted (and explored by the tuner).
    pub min: i64,
    pub max: i64,
    /// The SPSA perturbation at the end of a tuning run (`c_end`, fishtest's name): about a
    /// twentieth of the range, and 1 for small counts and depths so that the two rounded
    /// engines still differ.
    pub c_end: f64,
    get: fn(&SearchParams) -> i64,
    set: fn(&mut SearchParams, i64),
}

impl Tunable {
    /// The value in `p`.
    pub fn get(&self, p: &SearchParams) -> i64 {
        (self.get)(p)
    }

    /// The default value (the constant).
    pub fn default_value(&self) -> i64 {
        self.get(&SearchParams::DEFAULT)
    }

    /// The constant's name (`RFP_MARGIN`).
    pub fn const_name(&self) -> String {
        self.name.to_ascii_uppercase()
    }
}

/// A [`Tunable`] row for a field of [`SearchParams`]: `field: type of its constant, min, max,
/// c_end`.
macro_rules! tunable {
    ($field:ident: $ty:ident, $min:expr, $max:expr, $c_end:expr) => {
        Tunable {
            name: stringify!($field),
            ty: stringify!($ty),
            min: $min,
            max: $max,
            c_end: $c_end,
            get: |p| Field::to_i64(p.$field),
            set: |p, v| p.$field = Field::from_i64(v),
        }
    };
}

/// Whether the rule mask `mask` of the parameters (bit `1 << code` per Gomocup rule code, as in
/// [`MCP_RULES`]) holds `rule`.
pub fn rule_in(mask: i32, rule: Rule) -> bool {
    mask >> rule.code() & 1 != 0
}

/// The rules (bits as in [`MCP_RULES`]) whose searches use the values of the SPSA run listed at
/// [`TUNABLES`]; the others search with the values from before it
/// ([`SearchParams::for_rule`]). Freestyle (where the run was), standard and caro, bits 0, 1, 8
/// and 9: in standard, 200 ms/move, s15 book, `shuf` seeds 90 and 91, +27.0 ±32.8 (199-168-33,
/// 400 games, SPRT [0, 10] undecided at the cap) and +25.5 ±38.1 (150-128-22, 300 games), about
/// +26 ±25 over 700 (LOS 98 %); in caro (rule 9, generated balanced openings, 200 ms/move),
/// together with generation 1's freestyle tables in caro's family, +47.2 ±33.7 (218-164-18, 400
/// games, LOS 99.7 %). Not renju, where they measured −34.9 ±48.0 over 200 games (and renju's
/// own run, about +13 ±20 over 1106 games, is not proven). The second run's values (see
/// [`TUNABLES`]) against the first run's in caro (rule 9, `-openings random=4 radius=3 seed=31
/// balance=300`, 200 ms/move): 90-90-20, 0.0 ±46.0 (200 games): no loss, so caro keeps them.
pub const TUNED_RULES: i32 = 771;

/// Every tunable search parameter: the one list that `INFO param_<name>`, `pbrain-rensa params`
/// and the tuner (`rensa-tune`) read. Ranges keep the search sound (a divisor never 0,
/// late-move reductions from depth 2, an aspiration window that can widen).
///
/// The values (under the rules of [`TUNED_RULES`]) of `rfp_margin`, `futility_margin`, `lmp_base`,
/// `lmp_per_depth2`, `razor_margin`, `mcp_base`, `mcp_exp_centi`, `lmr_base_centi`,
/// `lmr_divisor_centi`, `lmr_history_div`, `order_killer_1`, `order_killer_2`, `history_div`,
/// `history_bonus_per_depth2` and `aspiration_delta` come from one `rensa-tune` run: 3500 game
/// pairs at 50 000 nodes per move, 15×15 freestyle, f15 book, `-spsa r_end=0.01 -seed 82` (before:
/// 120, 150, 4, 3, 200, 10, 132, 50, 150, 8192, 400, 300, 64, 16, 40). Tuned against those, 200
/// ms/move, SPRT [0, 10], fresh openings (`shuf` seed 83): freestyle +34.9 ±33.3 (208-168-24, 400
/// games, LOS 98 %, LLR 1.08, undecided at the cap); renju (r15 book) −34.9 ±48.0 (87-107-6, 200
/// games), so they hold in freestyle only ([`TUNED_RULES`]). Confirmed build against build in
/// freestyle, seed 84, 300 games: +17.4 ±38.7 (151-136-13); both runs about +27 ±25 over 700.
/// Bench 1431312 became 1320228 (freestyle positions only).
///
/// Generation 1 of the evaluation (tempo 20 → 52, threat values up to +13) changed the score
/// scale those margins were tuned on, so the same fifteen were tuned again with it: 2500 pairs
/// at 30 000 nodes per move, f15 book, `-spsa r_end=0.01 -seed 4242` (42 minutes on 2 cores;
/// before: 91, 133, 3, 2, 225, 11, 130, 67, 166, 6803, 470, 295, 83, 17, 31). The reverse
/// futility margin fell all along the run (91 → 27 by pair 1900, 25 at the end); the others
/// moved by a few steps. Against those, 200 ms/move, SPRT [0, 10], fresh openings: freestyle
/// (`shuf` seed 95) **+49.9 ±33.2** (214-157-29, 400 games, LOS 99.9 %, LLR 1.62); standard
/// (s15 book, seed 95) +24.4 ±38.0 (149-128-23, 300 games, LOS 90 %, undecided).
///
/// A third run, after the policy reduction and the finer line patterns, tuned those fifteen
/// and `lmr_policy_base`, `lmr_policy_div`, `lmr_deeper_margin` (2400 pairs at 30 000 nodes per
/// move, f15 book, `-spsa r_end=0.01 -seed 5151`). Only `lmr_policy_div` (55 → 80) and
/// `aspiration_delta` (52 → 40) moved by more than their `c_end`; the killers went 503/358 →
/// 565/427, the reverse futility margin 25 → 32, `lmp_per_depth2` 3 → 2 (rounded), the rest
/// less. Against these values, freestyle, 200 ms/move, SPRT [0, 10], `shuf` seed 131: −0.9
/// ±33.2 (188-189-23, 400 games, undecided): no gain, so the values above stay.
///
/// A fourth run, after the quiescence's local fours ([`QS_LOCAL`]), generation 2 of the
/// evaluation and the reduced plain fours ([`LMR_PLAIN_FOUR`]), tuned the same eighteen (2500
/// pairs at 30 000 nodes per move, f15 book, `-spsa r_end=0.01 -seed 6161`, 20 minutes on 2
/// cores, zero faults; before: 25, 112, 5, 3, 224, 11, 137, 78, 174, 10195, 503, 358, 76, 15,
/// 52, 189, 55, 81). The reverse futility margin rose (25 → 36), razoring's fell (224 → 179),
/// the history bonus (15 → 9) and the killers (503/358 → 416/287) fell, the policy reduction
/// now takes a ply from fewer moves (189/55 → 133/38); `aspiration_delta` and `lmp_base`
/// stayed. Against the values before, freestyle, 200 ms/move, f15 book, zero faults: +29.4 ±23.3
/// over 770 games (376-311-83, LOS 99.3 %; three runs on fresh openings, `shuf` seeds 197, 198 and
/// 199: +28.6 ±30.5, 219-182-49 in 450 games, SPRT [0, 10] at LLR 1.06 when stopped for the other
/// matches, then +32.7 ±38.4 over 288 and +10.9 ±114.6 over 32, both stopped to free the cores).
/// Standard and caro, which share these values (`tuned_rules`), were not measured with them.
pub const TUNABLES: &[Tunable] = &[
    tunable!(rfp_depth: i32, 1, 64, 1.0),
    tunable!(rfp_margin: i32, 20, 400, 15.0),
    tunable!(futility_depth: i32, 1, 6, 1.0),
    tunable!(futility_margin: i32, 20, 500, 20.0),
    tunable!(lmp_depth: i32, 1, 8, 1.0),
    tunable!(lmp_base: usize, 1, 16, 1.0),
    tunable!(lmp_per_depth2: usize, 1, 10, 1.0),
    tunable!(razor_depth: i32, 0, 4, 1.0),
    tunable!(razor_margin: i32, 20, 1000, 20.0),
    tunable!(se_depth: i32, 0, 16, 1.0),
    tunable!(se_margin: i32, 0, 100, 2.0),
    tunable!(se_negative: i32, 0, 2, 1.0),
    tunable!(se_double_margin: i32, 0, 400, 10.0),
    tunable!(iir_depth: i32, 0, 16, 1.0),
    tunable!(iir_tt_percent: i32, 0, 100, 5.0),
    tunable!(iir_tt_max: i32, 0, 8, 1.0),
    tunable!(mcp_base: usize, 0, 32, 1.0),
    tunable!(mcp_exp_centi: i32, 50, 250, 8.0),
    tunable!(mcp_improving: i32, 0, 1, 1.0),
    tunable!(mcp_rules: i32, 0, 1023, 1.0),
    tunable!(order_pattern_rules: i32, 0, 1023, 1.0),
    tunable!(lmr_depth: i32, 2, 8, 1.0),
    tunable!(lmr_moves: usize, 1, 12, 1.0),
    tunable!(lmr_base_centi: i32, -50, 200, 10.0),
    tunable!(lmr_divisor_centi: i32, 100, 500, 15.0),
    tunable!(lmr_divisor_rules: i32, 0, 1023, 1.0),
    tunable!(tuned_rules: i32, 0, 1023, 1.0),
    tunable!(lmr_divisor_other_centi: i32, 100, 500, 15.0),
    tunable!(lmr_pv_reduction: i32, 0, 3, 1.0),
    tunable!(lmr_cut_node: i32, 0, 3, 1.0),
    tunable!(fhr_margin: i32, 0, 400, 5.0),
    tunable!(fhr_base: i32, -400, 400, 10.0),
    tunable!(nmp_depth: i32, 0, 16, 1.0),
    tunable!(nmp_base: i32, 1, 8, 1.0),
    tunable!(nmp_div: i32, 1, 16, 1.0),
    tunable!(lmr_not_improving: i32, 0, 3, 1.0),
    tunable!(threat_defence_ext_sixteenths: i32, 0, 16, 2.0),
    tunable!(ttm_ext_pv_sixteenths: i32, 0, 16, 2.0),
    tunable!(prune_soft_blocks: i32, 0, 1, 1.0),
    tunable!(lmr_distant: i32, 0, 3, 1.0),
    tunable!(guard_new_best: i32, 0, 1, 1.0),
    tunable!(guard_nodes: usize, 0, 10_000_000, 5000.0),
    tunable!(guard_nodes_per_ms: usize, 0, 2000, 5.0),
    tunable!(root_vct_nodes: usize, 0, 100_000_000, 5000.0),
    tunable!(root_vct_nodes_per_ms: usize, 0, 5000, 5.0),
    tunable!(root_vct_deepen: i32, 0, 16, 1.0),
    tunable!(horizon_vcf_fours: i32, 0, 16, 1.0),
    tunable!(vct_probe_deepen: i32, 0, 12, 1.0),
    tunable!(lmr_trivial: i32, 0, 3, 1.0),
    tunable!(prune_trivial_depth: i32, 0, 16, 1.0),
    tunable!(mcp_threat: i32, 0, 64, 1.0),
    tunable!(mcp_threat_rules: i32, 0, 1023, 1.0),
    tunable!(win5_static: i32, 0, 1, 1.0),
    tunable!(forced_reply_ext_sixteenths: i32, 0, 16, 2.0),
    tunable!(alpha_reduce: i32, 0, 2, 1.0),
    tunable!(lmr_score_base: i32, -1000, 5000, 50.0),
    tunable!(lmr_score_div: i32, 0, 5000, 50.0),
    tunable!(lmr_history_div: i32, 1024, 32768, 1500.0),
    tunable!(lmr_policy_base: i32, -500, 2000, 40.0),
    tunable!(lmr_policy_div: i32, 0, 2000, 15.0),
    tunable!(lmr_policy_max: i32, 0, 6, 1.0),
    tunable!(lmr_policy_rules: i32, 0, 1023, 1.0),
    tunable!(tt_eval: i32, 0, 1, 1.0),
    tunable!(lmr_deeper_margin: i32, 0, 1000, 20.0),
    tunable!(lmr_tactical: i32, 0, 1, 1.0),
    tunable!(lmr_plain_four: i32, 0, 1023, 1.0),
    tunable!(defend_four_three: i32, 0, 1, 1.0),
    tunable!(lmr_attack_chain: i32, 0, 2, 1.0),
    tunable!(history_kinds: i32, 0, 1, 1.0),
    tunable!(qs_local: i32, 0, 1, 1.0),
    tunable!(qs_plain_plies: i32, 0, 8, 1.0),
    tunable!(order_killer_1: i32, 0, 2000, 80.0),
    tunable!(order_killer_2: i32, 0, 2000, 80.0),
    tunable!(order_counter: i32, 0, 2000, 50.0),
    tunable!(order_cell_permille: i32, 0, 20000, 500.0),
    tunable!(order_pattern_permille: i32, 0, 5000, 100.0),
    tunable!(order_code_permille: i32, 0, 5000, 100.0),
    tunable!(order_code_rules: i32, 0, 1023, 1.0),
    tunable!(history_div: i32, 8, 512, 20.0),
    tunable!(history_bonus_per_depth2: i32, 1, 64, 3.0),
    tunable!(history_malus_div: i32, 1, 8, 1.0),
    tunable!(aspiration_delta: i32, 5, 200, 8.0),
];

/// The row of the tunable `name`.
pub fn tunable(name: &str) -> Option<&'static Tunable> {
    TUNABLES.iter().find(|t| t.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row names a distinct field, its default lies in its range, its step is positive,
    /// and setting a value reads back (and touches only that field).
    #[test]
    fn tunables_are_consistent() {
        for (i, t) in TUNABLES.iter().enumerate() {
            assert!(TUNABLES[..i].iter().all(|u| u.name != t.name), "{}", t.name);
            let d = t.default_value();
            assert!(t.min <= d && d <= t.max, "{}: {d}", t.name);
            assert!(
                t.c_end > 0.0 && t.c_end <= (t.max - t.min) as f64,
                "{}",
                t.name
            );
            for v in [t.min, t.max] {
                let mut p = SearchParams::DEFAULT;
                p.set(t.name, v).expect("in range");
                assert_eq!(p.get(t.name), Some(v));
                for u in TUNABLES.iter().filter(|u| u.name != t.name) {
                    assert_eq!(u.get(&p), u.default_value(), "{} moved {}", t.name, u.name);
                }
            }
        }
    }

    /// Each tunable's constant exists in this file under its name in capitals with its type, so
    /// the tuner's `pub const` lines replace it.
    #[test]
    fn tunables_name_their_constants() {
        let source = include_str!("params.rs");
        for t in TUNABLES {
            let line = format!(
                "pub const {}: {} = {};",
                t.const_name(),
                t.ty,
                t.default_value()
            );
            assert!(source.contains(&line), "missing: {line}");
        }
    }

    /// A [`Divisor`] divides exactly as `/` does, over the whole `i32` range and the divisors'
    /// ranges (and beyond).
    #[test]
    fn divisors_divide_as_slash_does() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut divisors: Vec<i32> = (1..=600).chain([8191, 8192, 8193, 32768]).collect();
        divisors.extend((0..200).map(|_| (next() as i32).unsigned_abs().max(1) as i32));
        divisors.push(i32::MAX);
        for d in divisors {
            let div = Divisor::new(d);
            let edges = [
                0,
                1,
                -1,
                d,
                -d,
                d - 1,
                1 - d,
                i32::MAX,
                i32::MIN,
                i32::MIN + 1,
            ];
            let random = (0..300).map(|_| {
                let v = next();
                // Small and large magnitudes alike.
                (v as i32) >> (v >> 59)
            });
            for n in edges.into_iter().chain(random) {
                assert_eq!(n / div, n / d, "{n} / {d}");
            }
        }
    }

    #[test]
    fn bad_names_and_values_change_nothing() {
        let mut p = SearchParams::DEFAULT;
        assert_eq!(
            p.set("no_such_param", 1),
            Err(ParamError::Unknown("no_such_param".into()))
        );
        assert!(matches!(
            p.set("rfp_margin", 401),
            Err(ParamError::OutOfRange {
                min: 20,
                max: 400,
                ..
            })
        ));
        assert!(p.set("history_malus_div", 0).is_err());
        assert!(p.set("lmr_depth", i64::MAX).is_err());
        assert_eq!(p, SearchParams::DEFAULT);
        p.set("rfp_margin", 130).expect("in range");
        assert_eq!(p.rfp_margin, 130);
        assert_eq!(p.get("nothing"), None);
    }
}
