//! The rules as the referee judges them: fives per rule, caro blocking, renju forbidden points.
//!
//! Works on the raw [`Grid`]; it is the single source of truth for who has won and which Black
//! moves are fouls, used by the engine, the tests and the match runner alike.
//!
//! The renju part follows the Gomocup referee (Piskvork's forbidden-point finder, protocol.md
//! §10.3) step by step, judged on a scratch copy of the grid where candidate stones are placed
//! and taken back:
//!
//! 1. an exact five in any direction is legal;
//! 2. two or more fours (a same-line double four counts as two) are a double four;
//! 3. real threes in two or more directions are a double three;
//! 4. a run of six or more is an overline.
//!
//! Only lines through the new stone count: a *four* is a line where one more Black stone next
//! to the new stone's run makes an exact five; a *three* is a line where one more Black stone
//! next to that run makes a straight four `_XXXX_` whose both ends complete exact fives; the
//! three is *real* when such a completion cell is itself a legal Black move that makes no five,
//! judged recursively with the candidate stones in place. Walls (board edges and blocked cells)
//! are simply non-Black cells.

use super::grid::Grid;
use super::pos::{Pos, DIRS};
use crate::types::{Cell, Color, Rule};

/// Why a Black move is forbidden in renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Foul {
    Overline,
    DoubleFour,
    DoubleThree,
}

/// Stones of `color` directly behind and ahead of `p` along `dir` (`p` itself not counted).
#[inline]
fn extent(grid: &Grid, p: Pos, dir: isize, color: Color) -> (isize, isize) {
    let stone = color.stone();
    let mut back = 0;
    while grid.get(p.step(dir, -(back + 1))) == stone {
        back += 1;
    }
    let mut ahead = 0;
    while grid.get(p.step(dir, ahead + 1)) == stone {
        ahead += 1;
    }
    (back, ahead)
}

/// Length of the run of `color` through `p` along `dir`, counting `p` as a stone of `color`
/// whatever it holds now.
#[inline]
pub(crate) fn run_length(grid: &Grid, p: Pos, dir: isize, color: Color) -> usize {
    let (back, ahead) = extent(grid, p, dir, color);
    (1 + back + ahead) as usize
}

/// Whether the stone of `color` standing at `p` makes a winning line under `rule` in at least
/// one direction. `p` is counted as a stone of `color` whatever it holds now, so on an empty
/// cell this answers "would playing `p` win".
///
/// * Freestyle: five or more. Standard: exactly five, both colours.
/// * Renju: Black exactly five, White five or more.
/// * Caro (8 and 9): a five with opponent stones on both ends is void (board edge and blocked
///   cells do not block); six or more wins in rule 8 only.
pub fn is_five(grid: &Grid, p: Pos, color: Color, rule: Rule) -> bool {
    let opponent = color.opp().stone();
    DIRS.iter().any(|&dir| {
        let (back, ahead) = extent(grid, p, dir, color);
        match 1 + back + ahead {
            len if len >= 6 => rule.overline_wins(color),
            5 => {
                !rule.blocked_five_void()
                    || grid.get(p.step(dir, -(back + 1))) != opponent
                    || grid.get(p.step(dir, ahead + 1)) != opponent
            }
            _ => false,
        }
    })
}

/// What one Black stone does on the scratch grid, judged as the referee judges a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// Makes an exact five: legal at the top, but no way to make a straight four.
    Five,
    Foul(Foul),
    Legal,
}

/// Fours the Black stone at `p` (placed) makes along `dir`: each empty cell just beyond its run
/// that completes an exact five is one four, except that a straight four `_XXXX_` is one four;
/// a same-line double four (`X_XXX_X`, `XX_XX_XX`, `XXX_X_XXX`) therefore counts two.
fn line_fours(g: &Grid, p: Pos, dir: isize) -> u32 {
    let (back, ahead) = extent(g, p, dir, Color::Black);
    let mut fours = 0;
    for end in [p.step(dir, -(back + 1)), p.step(dir, ahead + 1)] {
        if g.is_empty(end) && run_length(g, end, dir, Color::Black) == 5 {
            fours += 1;
        }
    }
    if 1 + back + ahead == 4 {
        fours.min(1)
    } else {
        fours
    }
}

/// Whether a Black stone on the empty cell `e` would make a straight four along `dir`: a run of
/// exactly four with an empty cell at each end, each completing an exact five.
fn makes_straight_four(g: &Grid, e: Pos, dir: isize) -> bool {
    let (back, ahead) = extent(g, e, dir, Color::Black);
    if 1 + back + ahead != 4 {
        return false;
    }
    let (lo, hi) = (e.step(dir, -(back + 1)), e.step(dir, ahead + 1));
    g.is_empty(lo)
        && g.is_empty(hi)
        && !g.is(lo.step(dir, -1), Color::Black)
        && !g.is(hi.step(dir, 1), Color::Black)
}

/// The cells (at most two, just beyond the run of the placed Black stone `p` along `dir`) where
/// one more Black stone makes a straight four: the shape of a three, before asking whether it
/// is real.
fn three_completions(g: &Grid, p: Pos, dir: isize) -> [Option<Pos>; 2] {
    let (back, ahead) = extent(g, p, dir, Color::Black);
    [p.step(dir, -(back + 1)), p.step(dir, ahead + 1)]
        .map(|e| (g.is_empty(e) && makes_straight_four(g, e, dir)).then_some(e))
}

/// Whether the Black stone at `p` (placed) has real threes in at least two directions.
fn double_three(g: &mut Grid, p: Pos) -> bool {
    let shapes = DIRS.map(|dir| three_completions(g, p, dir));
    let mut left = shapes
        .iter()
        .filter(|s| s.iter().any(Option::is_some))
        .count();
    if left < 2 {
        return false;
    }
    let mut real = 0;
    for completions in shapes.iter().filter(|s| s.iter().any(Option::is_some)) {
        left -= 1;
        // A three is real when a straight-four point of it is a legal move making no five.
        if completions
            .iter()
            .flatten()
            .any(|&e| verdict(g, e) == Verdict::Legal)
        {
            real += 1;
            if real == 2 {
                return true;
            }
        }
        if real + left < 2 {
            return false;
        }
    }
    false
}

/// The referee's judgement of a Black stone on the empty cell `p` of the scratch grid `g`
/// (which is restored before returning).
fn verdict(g: &mut Grid, p: Pos) -> Verdict {
    debug_assert!(g.is_empty(p));
    g.set(p, Cell::Black);
    let v = judge_placed(g, p);
    g.set(p, Cell::Empty);
    v
}

/// [`verdict`] for the Black stone already standing at `p`.
fn judge_placed(g: &mut Grid, p: Pos) -> Verdict {
    let runs = DIRS.map(|dir| run_length(g, p, dir, Color::Black));
    if runs.contains(&5) {
        return Verdict::Five;
    }
    let fours: u32 = DIRS.iter().map(|&dir| line_fours(g, p, dir)).sum();
    if fours >= 2 {
        Verdict::Foul(Foul::DoubleFour)
    } else if double_three(g, p) {
        Verdict::Foul(Foul::DoubleThree)
    } else if runs.iter().any(|&r| r >= 6) {
        Verdict::Foul(Foul::Overline)
    } else {
        Verdict::Legal
    }
}

/// The foul Black would commit by playing the empty cell `p` in renju, or `None` when the move
/// is legal (an exact five is always legal). Checked in the referee's order: five, double four,
/// double three, overline. A cell that is not empty gives `None`.
pub fn renju_foul(grid: &Grid, p: Pos) -> Option<Foul> {
    if !grid.is_on_board(p) || !grid.is_empty(p) {
        return None;
    }
    let mut scratch = grid.clone();
    foul_on_scratch(&mut scratch, p)
}

fn foul_on_scratch(g: &mut Grid, p: Pos) -> Option<Foul> {
    match verdict(g, p) {
        Verdict::Foul(f) => Some(f),
        Verdict::Five | Verdict::Legal => None,
    }
}

/// Every empty cell that is forbidden for Black, row by row.
pub fn forbidden_points(grid: &Grid) -> Vec<Pos> {
    let mut scratch = grid.clone();
    grid.positions()
        .filter(|&p| grid.is_empty(p) && foul_on_scratch(&mut scratch, p).is_some())
        .collect()
}

/// Whether `color` may play `p`: on the board, empty, and not a renju foul for Black.
pub fn is_legal(grid: &Grid, p: Pos, color: Color, rule: Rule) -> bool {
    grid.is_on_board(p)
        && grid.is_empty(p)
        && !(rule == Rule::Renju && color == Color::Black && renju_foul(grid, p).is_some())
}
