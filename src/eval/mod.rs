//! Static evaluation from the board's pattern state: every empty cell near the stones is worth
//! a value looked up by its threat class for each side, from the side to move's point of view.
//!
//! Weights live in [`params`]; the class of a cell comes from [`threat`], the one place that
//! reads the board's patterns.

pub mod params;
pub mod threat;

use crate::board::Board;
use crate::types::Color;
use threat::{Class, NUM_CLASSES};

/// Counts of empty cells per class for the side to move (`us`) and the opponent (`them`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassCounts {
    pub us: [u16; NUM_CLASSES],
    pub them: [u16; NUM_CLASSES],
}

impl ClassCounts {
    /// Adds one cell with class `a` for the side to move and `d` for the opponent.
    #[inline]
    pub fn add(&mut self, a: Class, d: Class) {
        self.us[a as usize] += 1;
        self.them[d as usize] += 1;
    }
}

/// The static value of a position for the side to move, from the class counts of its cells.
#[inline]
pub fn evaluate_counts(c: &ClassCounts) -> i32 {
    let mut v = params::TEMPO;
    for k in 0..NUM_CLASSES {
        v += c.us[k] as i32 * params::ATTACK[k] - c.them[k] as i32 * params::DEFEND[k];
    }
    v.clamp(-params::EVAL_LIMIT, params::EVAL_LIMIT)
}

/// The class counts of `board` with `side` to move.
pub fn class_counts(board: &Board, side: Color) -> ClassCounts {
    ClassCounts {
        us: threat::counts(board, side),
        them: threat::counts(board, side.opp()),
    }
}

/// The static value of `board` for `side` to move.
pub fn evaluate(board: &Board, side: Color) -> i32 {
    evaluate_counts(&class_counts(board, side))
}
