//! Static evaluation from the board's threat classes: every empty cell near the stones is worth
//! a value looked up by its [`Class`] for each side, from the side to move's point of view.
//!
//! Weights live in [`params`]; the counts of cells per class come from the board
//! ([`Board::class_counts`]), which keeps them incrementally.

pub mod params;

use crate::board::{Board, Class};
use crate::types::Color;

/// Counts of empty cells per class for the side to move (`us`) and the opponent (`them`),
/// indexed by `Class as usize`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassCounts {
    pub us: [u16; Class::COUNT],
    pub them: [u16; Class::COUNT],
}

/// The static value of a position for the side to move, from the class counts of its cells.
#[inline]
pub fn evaluate_counts(c: &ClassCounts) -> i32 {
    let mut v = params::TEMPO;
    for k in 0..Class::COUNT {
        v += c.us[k] as i32 * params::ATTACK[k] - c.them[k] as i32 * params::DEFEND[k];
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
