//! Time: the budget for one move, a pure function of the protocol's clock settings.
//!
//! [`budget`] reads no clock and is table-tested (protocol.md §8.3). Two limits come out, both
//! in ms from the moment the move request was read (the managers suspend the process between
//! moves and measure wall-clock time from their request): the *hard* limit, which the search
//! never passes (it becomes the deadline of the search's [`super::Control`], read every
//! [`crate::params::POLL_INTERVAL_NODES`] nodes), and the *soft* target, which decides between
//! iterations whether to go on ([`may_start_iteration`]).

use crate::params::{
    TIME_HARD_DIVISOR, TIME_HARD_OVER_SOFT_PERMILLE, TIME_IMPORTANCE_DROP_PER_PLY,
    TIME_IMPORTANCE_MIN_PERMILLE, TIME_IMPORTANCE_OPENING_PERMILLE, TIME_LEFT_UNLIMITED,
    TIME_MATCH_RESERVE_MAX_PERMILLE, TIME_MATCH_RESERVE_MS, TIME_MATCH_RESERVE_PER_MOVE_MS,
    TIME_MIN_HARD_MS, TIME_MIN_SOFT_MS, TIME_MOVES_LEFT_MIN, TIME_MOVES_LEFT_OPENING,
    TIME_MOVES_LEFT_PLY_DIVISOR, TIME_NEXT_ITERATION_PERMILLE, TIME_QUICK_HARD_MS,
    TIME_QUICK_SOFT_MS, TIME_RESERVE_MIN_MS, TIME_RESERVE_PERCENT, TIME_SCORE_DROP,
    TIME_SCORE_DROP_PERMILLE, TIME_SOFT_MAX_DIVISOR, TIME_SOFT_PERMILLE, TIME_STABILITY_PERMILLE,
    TIME_YIXIN_UNLIMITED_MATCH, TIME_YIXIN_UNLIMITED_TURN,
};

/// The clock settings in force for one move, as the protocol sends them (all in ms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeInput {
    /// `INFO timeout_turn`: limit for this move. 0 = "answer as fast as possible"; negative =
    /// the key was never sent (no per-move limit).
    pub timeout_turn: i64,
    /// `INFO timeout_match`: limit for the whole game; 0 = unlimited.
    pub timeout_match: i64,
    /// `INFO time_left`: match time remaining; may be negative once overdrawn;
    /// [`TIME_LEFT_UNLIMITED`] or more = unlimited. The engine should set it to `timeout_match`
    /// until the manager sends it.
    pub time_left: i64,
    /// `INFO time_increment`: added to the match clock after each move (0 if not sent).
    pub time_increment: i64,
    /// Stones on the board (plies played from the empty board).
    pub ply: u32,
    /// Cells of the board (width × height), bounding how many moves can be left; 0 = unknown.
    pub board_cells: u32,
}

/// Time allowed for one move, in ms from the moment the request was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Target: no new iteration once the search is likely to pass it (see
    /// [`may_start_iteration`]).
    pub soft_ms: u64,
    /// Limit: the search stops and answers as soon as it is reached.
    pub hard_ms: u64,
}

/// The budget for one move (protocol.md §8.3), or `None` when the search is not limited by time
/// at all (Yixin-Board's "unlimited" pair, or neither a turn limit nor a match limit was sent):
/// then only `YXSTOP` / a depth or node limit ends it.
///
/// * Match clock limited (`timeout_match > 0` and `time_left` below [`TIME_LEFT_UNLIMITED`]):
///   `left` is `time_left` less the match reserve ([`match_reserve`]), and
///   `hard = min(turn, min(left, left / TIME_HARD_DIVISOR + inc)) − reserve`, where the turn
///   limit is left out when `timeout_turn ≤ 0` (c-gomoku-cli's "match only"), and
///   `reserve = max(TIME_RESERVE_MIN_MS, TIME_RESERVE_PERCENT % of the limit)`. The soft target
///   is `hard` when the turn limit times the moves left fits the match clock, otherwise
///   `min(hard, left / min(m, 20) + inc, hard × importance(ply))`, and then the hard limit
///   falls to at most `2 × soft` ([`TIME_HARD_OVER_SOFT_PERMILLE`]).
/// * Only the turn limited: `hard = turn − reserve`, `soft = hard`.
/// * `timeout_turn = 0` and no match limit: answer quickly ([`TIME_QUICK_HARD_MS`]).
///
/// The hard limit is never below [`TIME_MIN_HARD_MS`] (an overdrawn clock still gets a move);
/// the soft target lies in `TIME_MIN_SOFT_MS..=hard`.
pub fn budget(input: &TimeInput) -> Option<Budget> {
    let TimeInput {
        timeout_turn: turn,
        timeout_match,
        time_left,
        time_increment,
        ply,
        board_cells,
    } = *input;

    if turn == TIME_YIXIN_UNLIMITED_TURN && timeout_match == TIME_YIXIN_UNLIMITED_MATCH {
        return None;
    }
    let turn_limited = turn > 0;
    let match_limited = timeout_match > 0 && time_left < TIME_LEFT_UNLIMITED;

    if !match_limited {
        return if turn_limited {
            let hard = hard_limit(turn);
            Some(finish(share(hard, TIME_SOFT_PERMILLE, 1000), hard))
        } else if turn == 0 {
            Some(Budget {
                soft_ms: TIME_QUICK_SOFT_MS,
                hard_ms: TIME_QUICK_HARD_MS,
            })
        } else {
            None
        };
    }

    let left = (time_left - match_reserve(timeout_match, ply, board_cells)).max(0);
    let inc = time_increment.max(0);
    let match_part = left.min(left / TIME_HARD_DIVISOR + inc);
    let limit = if turn_limited {
        turn.min(match_part)
    } else {
        match_part
    };
    let hard = hard_limit(limit);

    let m = moves_left(ply, board_cells);
    let ample = turn_limited && turn.saturating_mul(m) < left.saturating_add(inc.saturating_mul(m));
    let mut soft = share(hard, TIME_SOFT_PERMILLE, 1000);
    let mut hard = hard;
    if !ample {
        soft = soft
            .min(left / m.min(TIME_SOFT_MAX_DIVISOR) + inc)
            .min(share(hard, importance_permille(ply), 1000));
        hard = hard.min(share(soft, TIME_HARD_OVER_SOFT_PERMILLE, 1000));
    }
    Some(finish(soft, hard))
}

/// Whether iterative deepening may start another iteration after `elapsed_ms`, given the soft
/// target: the next iteration is expected to cost `TIME_NEXT_ITERATION_PERMILLE / 1000` times
/// what was spent so far, so with a factor of 2 no iteration starts after half the target.
pub fn may_start_iteration(elapsed_ms: u64, soft_ms: u64) -> bool {
    elapsed_ms as u128 * TIME_NEXT_ITERATION_PERMILLE as u128 / 1000 <= soft_ms as u128
}

/// The soft target scaled by the root's stability: `permille` of it, at most the hard limit;
/// unscaled when the soft target already equals the hard limit (a turn limit alone, where
/// time not spent is lost).
pub fn scaled_soft(soft_ms: u64, hard_ms: u64, permille: u64) -> u64 {
    if soft_ms >= hard_ms {
        return soft_ms;
    }
    (soft_ms as u128 * permille as u128 / 1000).min(hard_ms as u128) as u64
}

/// The scale of the soft target after an iteration, in permille: from
/// [`TIME_STABILITY_PERMILLE`] by the number of iterations in a row the best move has stayed
/// (0: it just changed), raised by [`TIME_SCORE_DROP_PERMILLE`] when the score fell by
/// [`TIME_SCORE_DROP`] or more since the iteration before.
pub fn stability_permille(stable_iterations: u32, score_drop: i32) -> u64 {
    let last = TIME_STABILITY_PERMILLE.len() - 1;
    let base = TIME_STABILITY_PERMILLE[(stable_iterations as usize).min(last)];
    if score_drop >= TIME_SCORE_DROP {
        base * TIME_SCORE_DROP_PERMILLE / 1000
    } else {
        base
    }
}

/// Match time no move may bet: [`TIME_MATCH_RESERVE_MS`] plus
/// [`TIME_MATCH_RESERVE_PER_MOVE_MS`] for each move this side may still have to play (half the
/// empty cells, rounded up; [`TIME_MOVES_LEFT_OPENING`] when the board size is unknown), at most
/// [`TIME_MATCH_RESERVE_MAX_PERMILLE`] of the match limit. Once only the reserve is left, every
/// move is played at the floors, which is what the per-move part pays for.
fn match_reserve(timeout_match: i64, ply: u32, board_cells: u32) -> i64 {
    let own_moves = if board_cells == 0 {
        TIME_MOVES_LEFT_OPENING
    } else {
        (board_cells.saturating_sub(ply) as i64 + 1) / 2
    };
    (TIME_MATCH_RESERVE_MS + TIME_MATCH_RESERVE_PER_MOVE_MS * own_moves).min(share(
        timeout_match,
        TIME_MATCH_RESERVE_MAX_PERMILLE,
        1000,
    ))
}

/// The per-move limit minus the safety reserve, floored at `TIME_MIN_HARD_MS`.
fn hard_limit(limit: i64) -> i64 {
    let reserve = TIME_RESERVE_MIN_MS.max(share(limit, TIME_RESERVE_PERCENT, 100));
    (limit - reserve).max(TIME_MIN_HARD_MS as i64)
}

/// `x × numerator / denominator` without overflow (rounded towards zero).
fn share(x: i64, numerator: i64, denominator: i64) -> i64 {
    (x as i128 * numerator as i128 / denominator as i128) as i64
}

/// Clamp the soft target into `TIME_MIN_SOFT_MS..=hard`.
fn finish(soft: i64, hard: i64) -> Budget {
    let hard = hard.max(TIME_MIN_HARD_MS as i64) as u64;
    Budget {
        soft_ms: (soft.max(0) as u64).clamp(TIME_MIN_SOFT_MS.min(hard), hard),
        hard_ms: hard,
    }
}

/// Estimated moves this side still has to play: `TIME_MOVES_LEFT_OPENING` on an empty board,
/// one fewer every `TIME_MOVES_LEFT_PLY_DIVISOR` plies, at least `TIME_MOVES_LEFT_MIN`, and never
/// more than half the empty cells (rounded up, at least 1) when the board size is known.
fn moves_left(ply: u32, board_cells: u32) -> i64 {
    let estimate = (TIME_MOVES_LEFT_OPENING - ply as i64 / TIME_MOVES_LEFT_PLY_DIVISOR)
        .max(TIME_MOVES_LEFT_MIN);
    if board_cells == 0 {
        return estimate;
    }
    let empty = board_cells.saturating_sub(ply) as i64;
    estimate.min((empty + 1) / 2).max(1)
}

/// Share of the hard limit the soft target may use at this ply, in permille: higher in the
/// opening and middlegame, where the decisive threats are built.
fn importance_permille(ply: u32) -> i64 {
    (TIME_IMPORTANCE_OPENING_PERMILLE - ply as i64 * TIME_IMPORTANCE_DROP_PER_PLY)
        .max(TIME_IMPORTANCE_MIN_PERMILLE)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A best move that keeps changing gets more time, a stable one less, a falling score
    /// more again; the hard limit caps it all, and a turn limit alone is never shortened.
    #[test]
    fn stability_scales_the_soft_target() {
        let changed = stability_permille(0, 0);
        let settled = stability_permille(9, 0);
        assert!(changed > 1000 && settled < 1000, "{changed} {settled}");
        assert!(stability_permille(1, 0) > stability_permille(3, 0));
        assert!(stability_permille(9, TIME_SCORE_DROP) > settled);
        assert_eq!(stability_permille(9, TIME_SCORE_DROP - 1), settled);
        assert_eq!(scaled_soft(1000, 2000, 700), 700);
        assert_eq!(scaled_soft(1000, 2000, 1400), 1400);
        assert_eq!(
            scaled_soft(1000, 1200, 1400),
            1200,
            "never past the hard limit"
        );
        assert_eq!(
            scaled_soft(800, 800, 700),
            800,
            "turn limit alone: unscaled"
        );
    }

    const UNLIMITED: i64 = TIME_LEFT_UNLIMITED;

    fn input(turn: i64, total: i64, left: i64, inc: i64, ply: u32, cells: u32) -> TimeInput {
        TimeInput {
            timeout_turn: turn,
            timeout_match: total,
            time_left: left,
            time_increment: inc,
            ply,
            board_cells: cells,
        }
    }

    /// `(soft, hard)` in ms, or `None` for "no time limit".
    type Expected = Option<(u64, u64)>;

    #[test]
    fn budget_table() {
        // (what, input, expected (soft, hard) or None = unlimited)
        #[rustfmt::skip]
        let rows: &[(&str, TimeInput, Expected)] = &[
            ("gomocup 30s/180s, opening", input(30_000, 180_000, 180_000, 0, 0, 225), Some((8_837, 17_674))),
            ("gomocup 30s/180s, 20s left at ply 60", input(30_000, 180_000, 20_000, 0, 60, 225), Some((867, 1_734))),
            ("gomocup 20x20, 100s left at ply 30", input(30_000, 180_000, 100_000, 0, 30, 400), Some((4_765, 9_530))),
            ("fastgame 5s/120s, opening", input(5_000, 120_000, 120_000, 0, 4, 400), Some((4_306, 4_850))),
            ("fastgame 5s/120s, 10s left at ply 80", input(5_000, 120_000, 10_000, 0, 80, 400), Some((290, 580))),
            ("final league 300s/1000s", input(300_000, 1_000_000, 1_000_000, 0, 0, 225), Some((49_837, 99_674))),
            ("turn limit small against an ample match", input(1_000, 180_000, 180_000, 0, 0, 225), Some((970, 970))),
            ("c-gomoku-cli match only (turn 0)", input(0, 60_000, 60_000, 0, 2, 225), Some((2_838, 5_676))),
            ("match only, 5s left at ply 40", input(0, 60_000, 5_000, 0, 40, 225), Some((107, 214))),
            ("match only, turn key never sent", input(-1, 60_000, 60_000, 0, 2, 225), Some((2_838, 5_676))),
            ("untimed match (time_left 2^31-1)", input(30_000, 180_000, UNLIMITED, 0, 10, 225), Some((29_100, 29_100))),
            ("untimed match (timeout_match 0)", input(30_000, 0, 5_000, 0, 10, 225), Some((29_100, 29_100))),
            ("fastgame turn, untimed match", input(5_000, 0, UNLIMITED, 0, 0, 225), Some((4_850, 4_850))),
            ("turn 0, nothing limited: answer quickly", input(0, 0, UNLIMITED, 0, 0, 225), Some((50, 100))),
            ("turn 0, match 0, stale finite time_left", input(0, 0, 3_000, 0, 0, 225), Some((50, 100))),
            ("no key sent at all", input(-1, 0, UNLIMITED, 0, 0, 225), None),
            ("negative time_left", input(30_000, 180_000, -500, 0, 50, 225), Some((5, 10))),
            ("time_left exactly 0", input(0, 60_000, 0, 0, 50, 225), Some((5, 10))),
            ("tiny time_left 100 ms", input(30_000, 180_000, 100, 0, 50, 225), Some((5, 10))),
            ("increment 1s, 30s left", input(10_000, 60_000, 30_000, 1_000, 20, 225), Some((2_347, 4_694))),
            ("increment larger than time_left", input(0, 10_000, 200, 2_000, 50, 225), Some((7, 10))),
            ("Yixin unlimited pair", input(2_000_000, 100_000_000, 100_000_000, 0, 0, 225), None),
            ("Yixin unlimited pair, any time_left", input(2_000_000, 100_000_000, 12_345, 0, 0, 225), None),
            ("huge turn, no match", input(2_000_000, 0, UNLIMITED, 0, 0, 225), Some((1_940_000, 1_940_000))),
            ("5x5 board nearly full", input(0, 60_000, 60_000, 0, 20, 25), Some((6_861, 8_168))),
            ("1 ms turn limit", input(1, 0, UNLIMITED, 0, 0, 225), Some((10, 10))),
        ];
        for &(what, ref t, expected) in rows {
            let got = budget(t);
            assert_eq!(
                got.map(|b| (b.soft_ms, b.hard_ms)),
                expected,
                "{what}: {t:?}"
            );
            if let Some(b) = got {
                assert!(b.soft_ms <= b.hard_ms, "{what}");
                assert!(
                    b.soft_ms >= TIME_MIN_SOFT_MS && b.hard_ms >= TIME_MIN_HARD_MS,
                    "{what}"
                );
            }
        }
    }

    /// Over a grid of settings: soft ≤ hard, the floors hold, and whenever a limit leaves room
    /// for the reserve the hard limit keeps at least `TIME_RESERVE_MIN_MS` of it.
    #[test]
    fn invariants_over_a_grid() {
        let turns = [-1, 0, 1, 50, 100, 1_000, 5_000, 30_000, 300_000];
        let totals = [0, 60_000, 180_000, 1_000_000];
        let lefts = [
            -10_000,
            -1,
            0,
            1,
            60,
            100,
            1_000,
            20_000,
            180_000,
            1_000_000,
            UNLIMITED,
            i64::MAX,
        ];
        let incs = [0, 100, 5_000];
        let plies = [0, 1, 30, 100, 224, 400];
        for &turn in &turns {
            for &total in &totals {
                for &left in &lefts {
                    for &inc in &incs {
                        for &ply in &plies {
                            let t = input(turn, total, left, inc, ply, 225);
                            let Some(b) = budget(&t) else {
                                assert!(turn < 0 && (total == 0 || left >= UNLIMITED), "{t:?}");
                                continue;
                            };
                            assert!(b.soft_ms <= b.hard_ms, "{t:?}");
                            assert!(b.soft_ms >= TIME_MIN_SOFT_MS, "{t:?}");
                            assert!(b.hard_ms >= TIME_MIN_HARD_MS, "{t:?}");
                            let match_limited = total > 0 && left < UNLIMITED;
                            let mut limit = if turn > 0 { turn } else { i64::MAX };
                            if match_limited {
                                limit = limit.min(left.max(0));
                            }
                            if limit != i64::MAX
                                && limit >= TIME_MIN_HARD_MS as i64 + TIME_RESERVE_MIN_MS
                            {
                                assert!(
                                    b.hard_ms as i64 <= limit - TIME_RESERVE_MIN_MS,
                                    "{t:?} {b:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// A long game (60 own moves) at the soft target leaves time to spare; even 40 moves in a
    /// row at the hard limit do not overdraw the match clock. (The budget is a fixed share of
    /// what is left, so a game far longer than that ends up at the floors.)
    #[test]
    fn a_whole_game_fits_the_match_clock() {
        for (turn, total) in [
            (30_000, 180_000),
            (5_000, 120_000),
            (300_000, 1_000_000),
            (0, 60_000),
        ] {
            for use_hard in [true, false] {
                let mut left = total;
                let plies = if use_hard { 80 } else { 120 };
                for ply in (0..plies).step_by(2) {
                    let b = budget(&input(turn, total, left, 0, ply, 400)).unwrap();
                    left -= if use_hard { b.hard_ms } else { b.soft_ms } as i64;
                    assert!(left > 0, "turn {turn}, match {total}, ply {ply}");
                }
                if !use_hard {
                    assert!(left > total / 50, "turn {turn}, match {total}: {left} left");
                }
            }
        }
    }

    /// Gomocup freestyle limits (30 s a move, 180 s a game) over a game that fills the 15×15
    /// board: even if every move ran to its hard limit and the manager charged 10 ms more for
    /// each, more than a second of match time is left after the last move.
    #[test]
    fn a_full_board_leaves_a_second() {
        const LATENCY_MS: i64 = 10;
        for first in [0, 1] {
            for use_hard in [true, false] {
                let mut left = 180_000i64;
                for ply in (first..225).step_by(2) {
                    let b = budget(&input(30_000, 180_000, left, 0, ply, 225)).unwrap();
                    let spent = if use_hard { b.hard_ms } else { b.soft_ms } as i64;
                    left -= spent + LATENCY_MS;
                }
                assert!(
                    left > 1_000,
                    "first ply {first}, hard {use_hard}: {left} ms left"
                );
            }
        }
    }

    #[test]
    fn soft_shrinks_as_the_clock_runs_down() {
        let mut previous = u64::MAX;
        for left in [180_000, 120_000, 60_000, 20_000, 5_000, 1_000] {
            let b = budget(&input(30_000, 180_000, left, 0, 30, 225)).unwrap();
            assert!(b.soft_ms < previous, "{left}");
            previous = b.soft_ms;
        }
    }

    #[test]
    fn moves_left_estimate() {
        assert_eq!(moves_left(0, 225), TIME_MOVES_LEFT_OPENING);
        assert_eq!(moves_left(40, 225), 25);
        assert_eq!(moves_left(200, 400), TIME_MOVES_LEFT_MIN);
        assert_eq!(moves_left(200, 0), TIME_MOVES_LEFT_MIN);
        assert_eq!(moves_left(220, 225), 3);
        assert_eq!(moves_left(225, 225), 1);
        assert_eq!(moves_left(300, 225), 1);
    }

    #[test]
    fn iteration_start_rule() {
        assert!(may_start_iteration(0, TIME_MIN_SOFT_MS));
        assert!(may_start_iteration(666, 1_000));
        assert!(!may_start_iteration(668, 1_000));
        assert!(!may_start_iteration(1_000, 1_000));
        assert!(!may_start_iteration(u64::MAX, u64::MAX / 3));
    }
}
