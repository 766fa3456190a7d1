//! The rules judged on drawn boards: fives under every rule, caro blocking, and the exact set of
//! renju forbidden points (protocol.md §10).
//!
//! Renju diagrams mark empty cells with the verdict for Black: `3` double three, `4` double
//! four, `6` overline, `!` a cell of interest that is legal. Every other empty cell must be
//! legal too: the helper compares the whole set of forbidden points.

use rensa::board::rule::{self, Foul};
use rensa::board::{Grid, Pos};
use rensa::{Cell, Color, Rule};

/// Reads a renju diagram: the stones as [`Grid::from_ascii`] reads them, and the marked cells.
fn diagram(text: &str) -> (Grid, Vec<(Pos, char)>) {
    let mut marks = Vec::new();
    let mut rows = Vec::new();
    for line in text.lines() {
        let row: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        if row.is_empty() {
            continue;
        }
        let y = rows.len();
        for (x, c) in row.chars().enumerate() {
            if "346!".contains(c) {
                marks.push((Pos::new(x, y), c));
            }
        }
        rows.push(row.replace(['3', '4', '6', '!'], "."));
    }
    let grid = Grid::from_ascii(&rows.join("\n")).expect("a valid diagram");
    (grid, marks)
}

/// Draws the board with every empty cell marked by its verdict, for failure messages.
fn verdict_map(grid: &Grid) -> String {
    let mut s = String::new();
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let p = Pos::new(x, y);
            s.push(match (grid.get(p), rule::renju_foul(grid, p)) {
                (Cell::Black, _) => 'X',
                (Cell::White, _) => 'O',
                (Cell::Wall, _) => '#',
                (Cell::Empty, None) => '.',
                (Cell::Empty, Some(Foul::DoubleThree)) => '3',
                (Cell::Empty, Some(Foul::DoubleFour)) => '4',
                (Cell::Empty, Some(Foul::Overline)) => '6',
            });
            s.push(' ');
        }
        s.push('\n');
    }
    s
}

/// Asserts that the marked cells are exactly the forbidden points, each of the marked kind,
/// and that the `!` cells are legal.
fn assert_forbidden(text: &str) {
    let (grid, marks) = diagram(text);
    let mut expected: Vec<Pos> = marks
        .iter()
        .filter(|(_, c)| *c != '!')
        .map(|&(p, _)| p)
        .collect();
    expected.sort();
    let mut actual = rule::forbidden_points(&grid);
    actual.sort();
    let shown = |v: &[Pos]| {
        v.iter()
            .map(|p| format!("({p})"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        shown(&actual),
        shown(&expected),
        "forbidden points differ; verdicts:\n{}",
        verdict_map(&grid)
    );
    for &(p, c) in &marks {
        let want = match c {
            '3' => Some(Foul::DoubleThree),
            '4' => Some(Foul::DoubleFour),
            '6' => Some(Foul::Overline),
            _ => None,
        };
        assert_eq!(rule::renju_foul(&grid, p), want, "verdict at {p}");
        assert_eq!(
            rule::is_legal(&grid, p, Color::Black, Rule::Renju),
            want.is_none(),
            "legality at {p}"
        );
        assert!(rule::is_legal(&grid, p, Color::White, Rule::Renju));
    }
}

/// Two solid threes crossing at the new stone.
#[test]
fn renju_double_three_solid_cross() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . X X 3 . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// A split three `X_XX` and a diagonal solid three.
#[test]
fn renju_double_three_split_and_diagonal() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . X . . . . . . . . .
         . . . . . . X . . . . . . . .
         . . . . X . X 3 . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// Two split threes, vertical `X_XX` and horizontal `XX_X`.
#[test]
fn renju_double_three_two_split_threes() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . 3 X . X . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// The new stone in the middle of both threes.
#[test]
fn renju_double_three_stone_in_the_middle() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . X 3 X . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// Threes on both diagonals.
#[test]
fn renju_double_three_both_diagonals() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . X . . . X . . . . .
         . . . . . . X . X . . . . . .
         . . . . . . . 3 . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `OXXX__` cannot become a straight four: one three only.
#[test]
fn renju_three_blocked_on_one_side_is_not_a_three() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . O X X ! . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `O_XXX_O` cannot become a straight four.
#[test]
fn renju_o_xxx_o_is_not_a_three() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . O . X X ! . O . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `O__XXX_O` becomes `O_XXXX_O`, a straight four: it is a three.
#[test]
fn renju_o_two_gaps_xxx_o_is_a_three() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . O . . X X 3 . O . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `|XXX__` on the top edge is not a three.
#[test]
fn renju_three_squeezed_against_the_edge() {
    assert_forbidden(
        "
         . . . . . . . X . . . . . . .
         . . . . . X X ! . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `|_XXX__` is a three: the straight four `|_XXXX_` fits.
#[test]
fn renju_three_one_cell_from_the_edge() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . X X 3 . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `_XXX_` on a corner diagonal of five cells is no three.
#[test]
fn renju_three_on_a_five_cell_diagonal() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . X . . . . . . . . . . .
         . . ! . . . . . . . . . . . .
         . X X . . . . . . . . . . . .
         . . X . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `_XXX__` on a corner diagonal of six cells is a three.
#[test]
fn renju_three_on_a_six_cell_diagonal() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . X . . . . . . . . . .
         . . . 3 . . . . . . . . . . .
         . . X X . . . . . . . . . . .
         . . . X . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// Two straight fours crossing.
#[test]
fn renju_double_four_two_lines() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . X X X 4 . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// Two fours, each blocked at one end: still a double four.
#[test]
fn renju_double_four_blocked_fours() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . O . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . O X X X 4 . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `X_XXX_X` with the new stone inside: two fours on one line.
#[test]
fn renju_same_line_double_four_x_xxx_x() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . X ! X 4 X ! X . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `XX_XX_XX` with the new stone inside.
#[test]
fn renju_same_line_double_four_xx_xx_xx() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . X X ! X 4 ! X X . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `XXX_X_XXX` with the new stone in the middle.
#[test]
fn renju_same_line_double_four_xxx_x_xxx() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . X X X ! 4 ! X X X . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `XX_XXX`: filling the gap makes six.
#[test]
fn renju_overline_six() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . X X 6 X X X . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `XXX_XXX`: filling the gap makes seven.
#[test]
fn renju_overline_seven() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . X X X 6 X X X . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// An exact five wins even when another line becomes six.
#[test]
fn renju_five_beats_overline() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . X . . . . . . . . .
         . . . . . X . . . . . . . . .
         . . . . . X 3 . . . . . . . .
         . . . . . X . . . . . . . . .
         . . . X X ! X X X . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// An exact five wins even with two more fours.
#[test]
fn renju_five_beats_double_four() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X 3 3 X . . . .
         . . . . . . 3 X 3 X . . . . .
         . . . . . 3 3 X X . . . . . .
         . . . X X X X ! . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// An exact five wins even with two threes.
#[test]
fn renju_five_beats_double_three() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X 3 X . . . . .
         . . . . . . 3 X X . . . . . .
         . . . X X X X ! . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// A four and a three together are legal.
#[test]
fn renju_four_three_is_legal() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . O X X X ! . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `XX_XX*`: the gap gives six, so the row holds no four; with a column four the move is legal.
#[test]
fn renju_four_completing_an_overline_is_no_four() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . X X . X X ! . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// Two fours from the corner, each against an edge.
#[test]
fn renju_double_four_in_the_corner() {
    assert_forbidden(
        "
         4 X X X . . . . . . . . . . .
         X . . . . . . . . . . . . . .
         X . . . . . . . . . . . . . .
         X . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `|XXX__` twice from the corner: no three at all.
#[test]
fn renju_corner_threes_are_squeezed() {
    assert_forbidden(
        "
         ! X X . . . . . . . . . . . .
         X . . . . . . . . . . . . . .
         X . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `#_XXX_#` with blocked cells is no three either.
#[test]
fn renju_walls_behave_like_white() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . # . X X ! . # . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// A blocked cell far enough away leaves both threes open.
#[test]
fn renju_wall_does_not_stop_a_double_three() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . # . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . # . . X X 3 . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// The row three's only straight-four point makes six in the column.
#[test]
fn renju_three_completed_only_on_an_overline_point_is_not_real() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . X X . . . . .
         . . . . . . . . X . . . . . .
         . . . O . X X ! 6 . . . . . .
         . . . . . . 3 . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// The row three's only straight-four point makes two more fours.
#[test]
fn renju_three_completed_only_on_a_double_four_point_is_not_real() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . X . . X . . .
         . . . . . X . . X . X . . . .
         . . . . . . X . X X . . . . .
         . . . O . X X ! 4 . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// The row three's only straight-four point is a double three.
#[test]
fn renju_three_completed_only_on_a_double_three_point_is_not_real() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . 3 . . . . . .
         . . . . . X . . X . X . . . .
         . . . . . . X . X X . . . . .
         . . . O . X X ! 3 . . . . . .
         . . . . . . . . 3 . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// The row three's only straight-four point also makes a five: not a three (referee).
#[test]
fn renju_three_completed_only_by_a_five_is_not_real() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . X . . X . . . . . .
         . . . . . 3 X 3 X . . . . . .
         . . . O . X X ! . . . . . . .
         . . . . . 3 . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// One straight-four point of the row three makes six, the other is fine.
#[test]
fn renju_three_with_one_good_completion_is_real() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . X X . . . . .
         . . . . . . . . X . . . . . .
         . . . . . X X 3 6 . . . . . .
         . . . . . . 3 . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . X . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `XX_XX` in the row and `X_XXX` in the column.
#[test]
fn renju_double_four_with_split_fours() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . 3 . X . . . . . . .
         . . . X X . X 4 . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `XX_XXX_X`: the left gap would make six, so only one four.
#[test]
fn renju_x_xxx_x_with_a_black_stone_beyond_is_one_four() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . X X . X ! X . X . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `__XXX_O` becomes `_XXXX_O`: still a three.
#[test]
fn renju_three_open_on_the_far_side() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . X X 3 . O . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// `OX_XX_`: the gap gives `OXXXX_`, not a straight four.
#[test]
fn renju_split_three_blocked_on_one_side_is_not_a_three() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . X . . . . . . .
         . . . . . . . X . . . . . . .
         . . . O X . X ! . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// A 7x7 board: both threes fit between the edges.
#[test]
fn renju_double_three_on_a_small_board() {
    assert_forbidden(
        "
         . . . . . . .
         . . . X . . .
         . . . X . . .
         . X X 3 . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    );
}

/// A 20x20 board: shapes near the far corner.
#[test]
fn renju_double_three_and_corner_double_four_on_a_large_board() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . X . . . .
         . . . . . . . . . . . . . . . X . . . .
         . . . . . . . . . . . . . X X 3 . . . .
         . . . . . . . . . . . . . . . . . . . X
         . . . . . . . . . . . . . . . . . . . X
         . . . . . . . . . . . . . . . . . . . X
         . . . . . . . . . . . . . . . . X X X 4",
    );
}

/// Two diagonal fours meeting at the new stone.
#[test]
fn renju_double_four_on_both_diagonals() {
    assert_forbidden(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . X . . . . . X . . . .
         . . . . . X . . . X . . . . .
         . . . . . . X . X . . . . . .
         . . . . . . . 4 . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .",
    );
}

/// Six in the row plus fours in the column and on a diagonal: forbidden, and the referee's
/// order (five, double four, double three, overline) names the double four.
#[test]
fn renju_overline_with_two_fours_is_named_a_double_four() {
    let (grid, _) = diagram(
        "
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . .
         . . X . . X . . . . . . . . .
         . . . X . X . . . . . . . . .
         . . . . X X . . . . . . . . .
         . . . X X . X X X . . . . . .
         . . . . . . . . . . . . . . .",
    );
    assert_eq!(
        rule::renju_foul(&grid, Pos::new(5, 7)),
        Some(Foul::DoubleFour)
    );
    assert!(!rule::is_legal(
        &grid,
        Pos::new(5, 7),
        Color::Black,
        Rule::Renju
    ));
    assert!(rule::is_legal(
        &grid,
        Pos::new(5, 7),
        Color::White,
        Rule::Renju
    ));
}

/// Occupied cells and cells off the board are never "forbidden", and never legal.
#[test]
fn renju_occupied_cells_are_not_fouls() {
    let (grid, _) = diagram(
        "
         . . . . .
         . X X . .
         . . . . .
         . . . . .
         . . . . .",
    );
    assert_eq!(rule::renju_foul(&grid, Pos::new(1, 1)), None);
    assert!(!rule::is_legal(
        &grid,
        Pos::new(1, 1),
        Color::Black,
        Rule::Renju
    ));
    assert!(!rule::is_legal(
        &grid,
        Pos::new(5, 0),
        Color::White,
        Rule::Freestyle
    ));
}

// ---------------------------------------------------------------------------------------------
// Fives under every rule.

fn grid(text: &str) -> Grid {
    Grid::from_ascii(text).expect("a valid board")
}

/// `is_five` for the stone at `(x, y)` under each rule, in `Rule::ALL` order.
fn fives(g: &Grid, x: usize, y: usize, color: Color) -> [bool; 5] {
    Rule::ALL.map(|r| rule::is_five(g, Pos::new(x, y), color, r))
}

// Order of the arrays below: freestyle, standard, renju, caro8, caro9.

#[test]
fn open_five_wins_under_every_rule() {
    let g = grid(
        ". . . . . . . . .
         . X X X X X . . .
         . . . . . . . . .
         . O O O O O . . .
         . . . . . . . . .",
    );
    for x in 1..=5 {
        assert_eq!(fives(&g, x, 1, Color::Black), [true; 5]);
        assert_eq!(fives(&g, x, 3, Color::White), [true; 5]);
    }
    assert_eq!(
        fives(&g, 0, 1, Color::Black),
        [true, false, false, true, false],
        "a 6th stone"
    );
    assert_eq!(fives(&g, 2, 2, Color::Black), [false; 5], "empty, no line");
}

#[test]
fn four_is_not_a_five() {
    let g = grid(
        ". . . . . . . .
         . X X X X . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .",
    );
    assert_eq!(fives(&g, 2, 1, Color::Black), [false; 5]);
    assert_eq!(
        fives(&g, 5, 1, Color::Black),
        [true; 5],
        "playing the fifth stone"
    );
}

#[test]
fn overline_wins_only_in_freestyle_caro8_and_for_white_in_renju() {
    let g = grid(
        ". . . . . . . . .
         . X X X X X X . .
         . . . . . . . . .
         . O O O O O O O .
         . . . . . . . . .",
    );
    assert_eq!(
        fives(&g, 3, 1, Color::Black),
        [true, false, false, true, false]
    );
    assert_eq!(
        fives(&g, 3, 3, Color::White),
        [true, false, true, true, false]
    );
}

#[test]
fn exact_five_in_one_direction_wins_despite_a_six_in_another() {
    let g = grid(
        ". . . X . . . .
         . . . X . . . .
         . . . X . . . .
         . . . X . . . .
         X X X X X X . .
         . . . . . . . .",
    );
    // Column 3 holds five, row 4 six, through (3,4).
    assert_eq!(fives(&g, 3, 4, Color::Black), [true; 5]);
    assert_eq!(
        fives(&g, 0, 4, Color::Black),
        [true, false, false, true, false]
    );
}

#[test]
fn diagonal_fives() {
    let g = grid(
        "X . . . . . O
         . X . . . O .
         . . X . O . .
         . . . X . . .
         . . O . X . .
         . O . . . . .
         . . . . . . .",
    );
    assert_eq!(fives(&g, 2, 2, Color::Black), [true; 5]);
    assert_eq!(
        fives(&g, 6, 0, Color::White),
        [false; 5],
        "four plus the gap at (3,3)"
    );
    // `p` counts as the asked colour whatever it holds: White at (3,3) would make six.
    assert_eq!(
        fives(&g, 3, 3, Color::White),
        [true, false, true, true, false]
    );
}

#[test]
fn caro_five_blocked_at_both_ends_by_the_opponent_is_void() {
    let g = grid(
        ". . . . . . . . .
         O X X X X X O . .
         . . . . . . . . .
         X O O O O O X . .
         . . . . . . . . .",
    );
    assert_eq!(
        fives(&g, 3, 1, Color::Black),
        [true, true, true, false, false]
    );
    assert_eq!(
        fives(&g, 3, 3, Color::White),
        [true, true, true, false, false]
    );
}

#[test]
fn caro_five_blocked_on_one_side_wins() {
    let g = grid(
        ". . . . . . . . .
         O X X X X X . . .
         . . . . . . . . .
         . O O O O O X . .
         . . . . . . . . .",
    );
    assert_eq!(fives(&g, 3, 1, Color::Black), [true; 5]);
    assert_eq!(fives(&g, 3, 3, Color::White), [true; 5]);
}

#[test]
fn caro_edge_does_not_block() {
    let g = grid(
        "X X X X X O . .
         . . . . . . . .
         . . . . . . . .
         . . O O O O O X
         . . . . . . . .",
    );
    assert_eq!(fives(&g, 0, 0, Color::Black), [true; 5]);
    assert_eq!(fives(&g, 6, 3, Color::White), [true; 5]);
    let vertical = grid(
        ". X . . .
         . X . . .
         . X . . .
         . X . . .
         . X . . .",
    );
    assert_eq!(
        fives(&vertical, 1, 2, Color::Black),
        [true; 5],
        "edge at both ends"
    );
}

#[test]
fn caro_wall_does_not_block() {
    let g = grid(
        "# X X X X X O . .
         . . . . . . . . .
         # O O O O O # . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    assert_eq!(fives(&g, 1, 0, Color::Black), [true; 5]);
    assert_eq!(fives(&g, 1, 2, Color::White), [true; 5]);
}

#[test]
fn caro_six_blocked_at_both_ends_wins_in_rule_8_only() {
    let g = grid(
        ". . . . . . . . .
         O X X X X X X O .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    assert_eq!(
        fives(&g, 1, 1, Color::Black),
        [true, false, false, true, false]
    );
}

#[test]
fn caro_blocked_diagonal_five() {
    let g = grid(
        "O . . . . . .
         . X . . . . .
         . . X . . . .
         . . . X . . .
         . . . . X . .
         . . . . . X .
         . . . . . . O",
    );
    assert_eq!(
        fives(&g, 3, 3, Color::Black),
        [true, true, true, false, false]
    );
}

#[test]
fn is_five_on_an_empty_cell_asks_about_playing_it() {
    let g = grid(
        ". . . . . . . .
         . X X . X X . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .",
    );
    assert!(rule::is_five(
        &g,
        Pos::new(3, 1),
        Color::Black,
        Rule::Standard
    ));
    assert!(!rule::is_five(
        &g,
        Pos::new(3, 1),
        Color::White,
        Rule::Freestyle
    ));
}

#[test]
fn fives_on_a_large_board() {
    let g = {
        let mut rows = vec![". ".repeat(20); 20];
        rows[19] = format!("{}X X X X X", ". ".repeat(15));
        rows[14] = format!("{}O", ". ".repeat(19));
        rows[15] = format!("{}O", ". ".repeat(19));
        rows[16] = format!("{}O", ". ".repeat(19));
        rows[17] = format!("{}O", ". ".repeat(19));
        rows[18] = format!("{}O", ". ".repeat(19));
        grid(&rows.join("\n"))
    };
    assert_eq!((g.width(), g.height()), (20, 20));
    assert_eq!(
        fives(&g, 19, 19, Color::Black),
        [true; 5],
        "far corner, edge ends"
    );
    assert_eq!(
        fives(&g, 19, 16, Color::White),
        [true, true, true, true, true]
    );
}

// ---------------------------------------------------------------------------------------------
// Cross-check against a second, deliberately plain transcription of the referee's algorithm on
// (x, y) coordinates with explicit bounds, over random crowded boards.

mod reference {
    pub const EMPTY: u8 = 0;
    pub const BLACK: u8 = 1;
    const DIRS: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

    pub struct Board {
        pub w: i64,
        pub h: i64,
        pub cells: Vec<u8>,
    }

    #[derive(Debug, PartialEq, Eq, Clone, Copy)]
    pub enum Verdict {
        Five,
        DoubleFour,
        DoubleThree,
        Overline,
        Legal,
    }

    impl Board {
        fn at(&self, x: i64, y: i64) -> u8 {
            if x < 0 || y < 0 || x >= self.w || y >= self.h {
                3
            } else {
                self.cells[(y * self.w + x) as usize]
            }
        }
        fn put(&mut self, x: i64, y: i64, v: u8) {
            self.cells[(y * self.w + x) as usize] = v;
        }
        /// Last Black cell from (x, y) walking (dx, dy), and the run length that way.
        fn walk(&self, x: i64, y: i64, dx: i64, dy: i64) -> i64 {
            let mut k = 1;
            while self.at(x + k * dx, y + k * dy) == BLACK {
                k += 1;
            }
            k - 1
        }
        /// Black run through (x, y), counting (x, y) as Black.
        fn run(&self, x: i64, y: i64, (dx, dy): (i64, i64)) -> i64 {
            1 + self.walk(x, y, dx, dy) + self.walk(x, y, -dx, -dy)
        }
        /// The empty cells just beyond the Black run through (x, y).
        fn ends(&self, x: i64, y: i64, (dx, dy): (i64, i64)) -> Vec<(i64, i64)> {
            let a = self.walk(x, y, dx, dy) + 1;
            let b = self.walk(x, y, -dx, -dy) + 1;
            [(x + a * dx, y + a * dy), (x - b * dx, y - b * dy)]
                .into_iter()
                .filter(|&(i, j)| self.at(i, j) == EMPTY)
                .collect()
        }
        fn open_four_at(&self, x: i64, y: i64, d: (i64, i64)) -> bool {
            if self.run(x, y, d) != 4 {
                return false;
            }
            let ends = self.ends(x, y, d);
            let a = self.walk(x, y, d.0, d.1) + 1;
            let b = self.walk(x, y, -d.0, -d.1) + 1;
            ends.len() == 2
                && self.at(x + (a + 1) * d.0, y + (a + 1) * d.1) != BLACK
                && self.at(x - (b + 1) * d.0, y - (b + 1) * d.1) != BLACK
        }
        pub fn verdict(&mut self, x: i64, y: i64) -> Verdict {
            self.put(x, y, BLACK);
            let v = self.placed(x, y);
            self.put(x, y, EMPTY);
            v
        }
        fn placed(&mut self, x: i64, y: i64) -> Verdict {
            if DIRS.iter().any(|&d| self.run(x, y, d) == 5) {
                return Verdict::Five;
            }
            let mut fours = 0;
            for d in DIRS {
                let n = self
                    .ends(x, y, d)
                    .iter()
                    .filter(|&&(i, j)| self.run(i, j, d) == 5)
                    .count();
                fours += if self.run(x, y, d) == 4 { n.min(1) } else { n };
            }
            if fours >= 2 {
                return Verdict::DoubleFour;
            }
            let mut threes = 0;
            for d in DIRS {
                let mut real = false;
                for (i, j) in self.ends(x, y, d) {
                    if !real && self.open_four_at(i, j, d) && self.verdict(i, j) == Verdict::Legal {
                        real = true;
                    }
                }
                threes += real as u32;
            }
            if threes >= 2 {
                Verdict::DoubleThree
            } else if DIRS.iter().any(|&d| self.run(x, y, d) >= 6) {
                Verdict::Overline
            } else {
                Verdict::Legal
            }
        }
    }
}

#[test]
fn renju_agrees_with_a_plain_transcription_on_random_boards() {
    use rand_xoshiro::rand_core::{RngCore, SeedableRng};
    use reference::Verdict;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0x5EED_4E4A);
    let mut forbidden_seen = [0usize; 3];
    for round in 0..400 {
        let (w, h) = [(15, 15), (15, 15), (9, 7), (20, 20)][round % 4];
        let mut text = vec![vec!['.'; w]; h];
        let stones = 20 + (rng.next_u32() % 60) as usize;
        // Stones crowd the middle so that shapes are frequent.
        for k in 0..stones {
            let x = (w / 2 + rng.next_u32() as usize % 9)
                .saturating_sub(4)
                .min(w - 1);
            let y = (h / 2 + rng.next_u32() as usize % 9)
                .saturating_sub(4)
                .min(h - 1);
            text[y][x] = match (k % 2, rng.next_u32() % 40) {
                (_, 0) => '#',
                (0, _) | (1, 1..=8) => 'X',
                _ => 'O',
            };
        }
        let rows: Vec<String> = text.iter().map(|r| r.iter().collect()).collect();
        let g = grid(&rows.join("\n"));
        let mut plain = reference::Board {
            w: w as i64,
            h: h as i64,
            cells: g
                .positions()
                .map(|p| match g.get(p) {
                    Cell::Empty => 0,
                    Cell::Black => 1,
                    Cell::White => 2,
                    Cell::Wall => 3,
                })
                .collect(),
        };
        for p in g.positions().filter(|&p| g.is_empty(p)) {
            let want = match plain.verdict(p.x() as i64, p.y() as i64) {
                Verdict::Five | Verdict::Legal => None,
                Verdict::DoubleFour => Some(Foul::DoubleFour),
                Verdict::DoubleThree => Some(Foul::DoubleThree),
                Verdict::Overline => Some(Foul::Overline),
            };
            assert_eq!(
                rule::renju_foul(&g, p),
                want,
                "at {p} on\n{}",
                verdict_map(&g)
            );
            if let Some(f) = want {
                forbidden_seen[f as usize] += 1;
            }
        }
    }
    // The boards must actually exercise every kind of foul.
    assert!(
        forbidden_seen.iter().all(|&n| n >= 20),
        "{forbidden_seen:?}"
    );
}
