//! Tactical suite: positions drawn as ASCII boards, each searched under a node limit, asserting
//! the move (or one of a set of acceptable moves). Coordinates in the expectations are `x,y`
//! (column, row), zero-based, as in the protocol.

use rensa::board::{rule, Board, Grid};
use rensa::search::{self, Limits, Tt};
use rensa::{Cell, Color, Rule};
use std::sync::atomic::AtomicBool;

/// Builds a board from a drawing; stones are placed row by row.
fn board(rule: Rule, text: &str) -> Board {
    let g = Grid::from_ascii(text).unwrap();
    let mut b = Board::new(g.width(), g.height(), rule);
    for p in g.positions() {
        match g.get(p) {
            Cell::Black => b.make(p, Color::Black),
            Cell::White => b.make(p, Color::White),
            Cell::Wall => b.block(p),
            Cell::Empty => {}
        }
    }
    b
}

/// The side to move from the stone counts: Black when equal.
fn to_move(b: &Board) -> Color {
    let [x, o] = b.grid().stone_counts();
    if x > o {
        Color::White
    } else {
        Color::Black
    }
}

fn search(rule: Rule, text: &str, me: Color, nodes: u64) -> search::SearchResult {
    let mut b = board(rule, text);
    let before = b.grid().clone();
    let tt = Tt::new(1 << 22);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        max_depth: 64,
        ..Limits::nodes(nodes)
    };
    let r = search::think(&mut b, me, &limits, &tt, &stop, &mut |_| {});
    assert_eq!(b.grid(), &before, "board restored");
    assert!(
        rule::is_legal(b.grid(), r.best, me, rule),
        "illegal move {}",
        r.best
    );
    r
}

/// Asserts that the search plays one of `expected` ("x,y" strings).
fn expect(rule: Rule, text: &str, nodes: u64, expected: &[&str]) -> search::SearchResult {
    let me = to_move(&board(rule, text));
    let r = search(rule, text, me, nodes);
    let got = r.best.to_string();
    assert!(
        expected.contains(&got.as_str()),
        "{rule:?} {me:?}: played {got}, expected one of {expected:?} (score {}, depth {}, pv {:?})",
        r.score,
        r.depth,
        r.pv.iter().map(|p| p.to_string()).collect::<Vec<_>>()
    );
    r
}

fn expect_win(rule: Rule, text: &str, nodes: u64, expected: &[&str]) {
    let r = expect(rule, text, nodes, expected);
    assert!(
        search::is_mate(r.score) && r.score > 0,
        "no win proven: score {}",
        r.score
    );
}

const N: u64 = 20_000;

#[test]
fn takes_own_five() {
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O O O O . . . . .
        . . . . . . . . . . . . . . .
        . . . . . X X X X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["4,6", "9,6"],
    );
}

#[test]
fn blocks_a_four() {
    expect(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . X O O O O . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["10,4"],
    );
}

#[test]
fn open_three_becomes_open_four() {
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . X X X . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["4,6", "8,6"],
    );
}

#[test]
fn vcf_by_closed_fours() {
    // Black: closed three on row 7 (O X X X . .) and a closed three on column 9 below row 7.
    // 9,7 is a double four directly; the engine may also start with a four and still win.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O X X X . . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . X . O . . .
        . . . . . . . . . X . . . . .
        . . . . . . . O . O . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["9,7"],
    );
}
#[test]
fn defends_an_open_three() {
    // White's open three on row 7: only the two adjacent ends stop an open four
    // (a far block leaves _OOOO_).
    // Black to move.
    expect(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O O O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["5,7", "9,7"],
    );
}

#[test]
fn defends_a_split_three() {
    // White's split three OO_O: the gap or either end.
    // Black to move.
    expect(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . O O . O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["7,7", "4,7", "9,7"],
    );
}

#[test]
fn defends_an_anti_diagonal_three() {
    // Black to move.
    expect(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . X . . .
        . . . X . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["9,3", "5,7"],
    );
}

#[test]
fn blocks_a_four_on_the_edge() {
    // White to move.
    expect(
        Rule::Freestyle,
        "
        X X X X . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . . . . . .
        . . . O . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["4,0"],
    );
}

#[test]
fn blocks_a_diagonal_four() {
    // White to move.
    expect(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . X . . . .
        . . . X . . . . . . . . O . .
        . . . . X . . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["7,7"],
    );
}

#[test]
fn standard_overline_is_no_five() {
    // XXXX_X: the gap would make six, which is nothing in standard; 1,5 makes exactly five.
    // Black to move.
    expect_win(
        Rule::Standard,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . X X X X . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O O . . . . . . . . . . .
        . . . . O . . . . . . . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . O . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["1,5"],
    );
}

#[test]
fn standard_blocks_only_the_exact_five() {
    // Black's gap point would be an overline (no threat); the real threat is 1,5.
    // White to move.
    expect(
        Rule::Standard,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . X X X X . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O O . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . O . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["1,5"],
    );
}

#[test]
fn freestyle_overline_wins() {
    // Black to move.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . X X X X . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O O . . . . . . . . . . .
        . . . . O . . . . . . . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . O . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["1,5", "6,5"],
    );
}

#[test]
fn renju_black_needs_exact_five() {
    // The gap is an overline (forbidden for Black); 1,5 is an exact five.
    // Black to move.
    expect_win(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . X X X X . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O O . . . . . . . . . . .
        . . . . O . . . . . . . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . O . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["1,5"],
    );
}

#[test]
fn renju_white_overline_wins() {
    // White may win with six.
    // White to move.
    expect_win(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O O O O . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . X X . . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["1,5", "6,5"],
    );
}

#[test]
fn caro_prefers_open_four_to_void_five() {
    // O XXXX _ O on row 1: filling the gap makes a five blocked at both ends, void in caro.
    // The open three on row 8 wins instead.
    // Black to move.
    expect_win(
        Rule::Caro,
        "
        . . . . . . . . . . . . . . .
        O X X X X . O . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X X X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . O . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["5,8", "9,8"],
    );
}

#[test]
fn caro_ignores_a_void_four() {
    // Black's O XXXX _ O is no threat in caro: White makes its open four.
    // White to move.
    expect_win(
        Rule::Caro,
        "
        . . . . . . . . . . . . . . .
        O X X X X . O . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . X . .
        . . . . . . O O O . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["5,10", "9,10"],
    );
}

#[test]
fn caro_blocks_a_half_open_four() {
    // One opponent end does not void a five: White must block.
    // White to move.
    expect(
        Rule::Caro,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O X X X X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["7,4"],
    );
}

#[test]
fn caro_edge_does_not_block() {
    // The board edge is not an opponent stone: the five on the edge would count.
    // White to move.
    expect(
        Rule::Caro,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        X X X X . O . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["4,6"],
    );
}

#[test]
fn double_three_wins_in_freestyle() {
    // Black to move.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . X X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["7,7"],
    );
}

#[test]
fn four_three_wins() {
    // 7,7 makes a closed four on row 7 and an open three on column 7.
    // Black to move.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . O X X X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["7,7"],
    );
}

#[test]
fn vcf_in_two_fours() {
    // 8,6 (four on row 6, White 7,6) then 8,7 is a double four (row 7 and column 8);
    // 8,7 first (White 9,7) then 8,6 works as well; so does 7,6 (White 8,6) then the open
    // four 9,4 on the anti-diagonal 9,4-8,5-7,6-6,7.
    // Black to move.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . O . . . . . . O . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . . X X X O . .
        . . . . O X X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["8,6", "8,7", "7,6"],
    );
}

#[test]
fn white_vcf_in_two_fours() {
    // The same shape with colours swapped, White to move.
    // White to move.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . . . .
        . X . . . . . . X . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . . O O O X . .
        . . . . X O O O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . X .
        . . . . . . . . . . . . . . .
        . . X . . . . . . . . . X . .
        . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . .",
        N,
        &["8,6", "8,7", "7,6"],
    );
}

#[test]
fn standard_vcf_in_two_fours() {
    // Black to move.
    expect_win(
        Rule::Standard,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . O . . . . . . O . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . . X X X O . .
        . . . . O X X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["8,6", "8,7", "7,6"],
    );
}

#[test]
fn node_limited_search_is_reproducible() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . . X O . . . . . .
        . . . . . . O X O . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    for rule in Rule::ALL {
        let a = search(rule, text, Color::White, 30_000);
        let b = search(rule, text, Color::White, 30_000);
        assert_eq!(a, b, "{rule:?}");
        assert_eq!(
            a.nodes, 30_000,
            "{rule:?}: the node budget is spent exactly"
        );
    }
}

#[test]
fn vcf_of_six_fours_on_a_staircase() {
    // 20x20, Black to move. A staircase of closed threes: 9,1 (row 1, White 10,1), 9,4
    // (column 9, White 9,5), 6,4 (row 4, White 5,4), 6,7 (column 6, White 6,8), 9,7 (row 7,
    // White 10,7), then 9,10 is an open four on column 9. Each four's stone is the third stone
    // of the next line; White stones on 8,3 7,6 8,8 10,2 close the diagonals the staircase
    // would otherwise open. Must be found by the root VCF within a small node budget.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . O . . . . . . . . . O
        . . . . . O X X X . . . . . . . . . . .
        . . . . . . . . . X O . . . . . . . . .
        . . . . . . O . O X . . . . . . . . . .
        . . . . . . . X X . O . . . . . . . . .
        . . . . . . X . . . . . . . . . . . . .
        . . . . . . X O . . . . . . . . . . . .
        . . . . . O . X X . . . . . . . . . . .
        . . . . . . . . O X . . . . . . . . . .
        . . . . . . . . . X . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . O
        O . . . . . . . . . . . . . . . . O . .",
        2_000,
        &["9,1"],
    );
}

#[test]
fn renju_black_does_not_play_a_double_three() {
    // Black to move. 7,7 makes two open threes (row 7 and column 7): a win in freestyle
    // (double_three_wins_in_freestyle), a foul for Black in renju.
    let text = "
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . X X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . . . O
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    let r = search(Rule::Renju, text, Color::Black, N);
    assert_ne!(r.best.to_string(), "7,7");
}
