//! The hand-set class values: the evaluation's weights before any fit
//! ([`super::weights::Weights::from_classes`] gives every pattern code its class's values),
//! and the evaluation's bound. Values are in centi-stones-ish units; a proven win is far above
//! all of them (see `search::MATE`).
//!
//! `ATTACK[class]` is what a cell of that class is worth to the side to move (it can play there
//! now); `DEFEND[class]` is what an opponent cell of that class costs it (the opponent needs a
//! tempo first). Indexed by `board::Class as usize`.

use crate::board::Class;

/// Side-to-move values per class:
/// None, Forbid, Flex2, Block3, Flex2x2, Block3Plus, Flex3, Flex3Plus, Flex3x2, Block4,
/// Block4Plus, Block4Flex3, DoubleFour, Flex4, Five.
pub const ATTACK: [i32; Class::COUNT] = [
    0, 0, 14, 12, 40, 45, 60, 110, 300, 55, 120, 900, 1000, 1200, 5000,
];

/// Opponent values per class (same order as [`ATTACK`]). The ratio to [`ATTACK`] is sharp:
/// every defence value scaled by 1.25 lost −310 ±49, by 0.8 −55.2 ±34.0 (docs/experiments.md).
pub const DEFEND: [i32; Class::COUNT] = [
    0, 0, 10, 8, 30, 32, 45, 80, 200, 40, 70, 260, 300, 500, 1500,
];

/// Bonus for having the move (the side to move is a tempo ahead).
pub const TEMPO: i32 = 20;

/// Largest magnitude the static evaluation may reach; keeps it clear of mate scores.
pub const EVAL_LIMIT: i32 = 20_000;
