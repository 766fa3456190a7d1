//! The rules as the referee judges them: fives per rule, caro blocking, renju forbidden points.
//!
//! Works on the raw [`Grid`]; it is the single source of truth for who has won and which Black
//! moves are fouls, used by the engine, the tests and the match runner alike.

use super::grid::Grid;
use super::pos::Pos;
use crate::types::{Color, Rule};

/// Why a Black move is forbidden in renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Foul {
    Overline,
    DoubleFour,
    DoubleThree,
}

/// Whether the stone of `color` standing at `p` makes a winning line under `rule`
/// (STUB: to be replaced by the exact implementation).
pub fn is_five(grid: &Grid, p: Pos, color: Color, rule: Rule) -> bool {
    let _ = (grid, p, color, rule);
    false
}

/// The foul Black would commit by playing the empty cell `p` in renju, or `None` when the move
/// is legal (an exact five is always legal). STUB.
pub fn renju_foul(grid: &Grid, p: Pos) -> Option<Foul> {
    let _ = (grid, p);
    None
}

/// Every empty cell that is forbidden for Black, row by row.
pub fn forbidden_points(grid: &Grid) -> Vec<Pos> {
    grid.positions()
        .filter(|&p| grid.is_empty(p) && renju_foul(grid, p).is_some())
        .collect()
}

/// Whether `color` may play `p`: on the board, empty, and not a renju foul for Black.
pub fn is_legal(grid: &Grid, p: Pos, color: Color, rule: Rule) -> bool {
    grid.is_on_board(p)
        && grid.is_empty(p)
        && !(rule == Rule::Renju && color == Color::Black && renju_foul(grid, p).is_some())
}
