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
