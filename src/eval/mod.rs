//! Static evaluation, from the side to move's point of view: the learned values of every empty
//! cell's pattern code for both sides (summed incrementally by the [`Position`]), a table over both
//! sides' threat masks, and a tempo bonus, all from the weights in use ([`weights`]).
//!
//! `rensa-train` (tournament crate) fits weights to self-play games. The embedded weights are
//! fits to the deep search scores of calm positions (see the README): generation 3 in freestyle
//! (generation 2's data, with the positions those searches proved won or lost, fitted with
//! offsets per threat class), the same tables copied in standard, renju's own generation 3
//! (its generation 2's data fitted again the same way) and caro's own generation 3 (likewise).
//! Every line of fits started from generation 0, the hand-set class values of [`params`]
//! ([`weights::Weights::from_classes`]); [`params`] also keeps the evaluation's bound.
//!
//! In freestyle and standard the embedded network ([`net::embedded`], the same class network
//! in both) adds its correction to the tables' value; renju and caro have none yet. A line
//! network ([`lines`], from a file) adds its value too.

pub mod lines;
pub mod net;
pub mod params;
pub mod position;
pub mod weights;

pub use position::{evaluate_board, Position};

use crate::board::{Board, Class};
use crate::types::Color;

/// Counts of empty cells per class for the side to move (`us`) and the opponent (`them`),
/// indexed by `Class as usize`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassCounts {
    pub us: [u16; Class::COUNT],
    pub them: [u16; Class::COUNT],
}

/// The static value of `pos` for `us` to move, given its class counts `c` (from
/// [`class_counts`]). The position after the move is what counts: averaging the cell sums with
/// those before it, as Rapfi's classical evaluator does, lost (−265 ±132; docs/experiments.md).
#[inline]
pub fn evaluate(pos: &Position, us: Color, c: &ClassCounts) -> i32 {
    let mut v = pos.sums_value(us, c);
    if let Some(ln) = pos.line_value() {
        v += ln.value(pos.line_sums(), us);
    }
    v.clamp(-params::EVAL_LIMIT, params::EVAL_LIMIT)
}

/// The class counts of `board` with `side` to move.
#[inline]
pub fn class_counts(board: &Board, side: Color) -> ClassCounts {
    ClassCounts {
        us: *board.class_counts(side),
        them: *board.class_counts(side.opp()),
    }
}
