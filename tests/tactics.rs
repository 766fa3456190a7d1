//! Tactical suite: positions drawn as ASCII boards, each searched under a node limit, asserting
//! the move (or one of a set of acceptable moves). Coordinates in the expectations are `x,y`
//! (column, row), zero-based, as in the protocol.
//!
//! The wins by continuous fours (VCF) live in `tests/data/vcf.txt`, one test each (see
//! [`vcf_tests!`]), shared with `examples/vcf_timing.rs`; everything else is drawn here. The
//! expected moves were worked out by hand and cross-checked with a brute-force threat solver
//! written on the referee's rules (`board::rule`), independent of the engine's threat code.
//! Positions the engine cannot solve yet are `#[ignore]`d with the reason.

#[path = "data/vcf.rs"]
mod vcf;

use rensa::board::{rule, Board, Grid};
use rensa::search::{self, Job, Limits, Tt};
use rensa::{Cell, Color, Pos, Rule};

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
    let b = board(rule, text);
    let tt = Tt::new(1 << 22);
    let limits = Limits {
        max_depth: 64,
        ..Limits::nodes(nodes)
    };
    let r = Job::new(&b, me, limits, &tt).run();
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

/// Asserts that the search claims no win: it must not report a mate score in its favour.
fn expect_no_win(rule: Rule, text: &str, nodes: u64) {
    let me = to_move(&board(rule, text));
    let r = search(rule, text, me, nodes);
    assert!(
        !(search::is_mate(r.score) && r.score > 0),
        "{rule:?} {me:?}: claims a win with {} (score {}, pv {:?})",
        r.best,
        r.score,
        r.pv.iter().map(|p| p.to_string()).collect::<Vec<_>>()
    );
}

/// Default node limit.
const N: u64 = 20_000;
/// Node limit of the VCF positions (the root VCF alone may spend 200 000).
const VCF_N: u64 = 300_000;

/// One position of `vcf.txt`: its recorded line is a win by fours on the referee's rules and
/// as short as recorded; the search plays one of the listed first fours, proves the win, and
/// its principal variation is itself a winning line of fours, no shorter than the shortest.
fn vcf_case(name: &str) {
    let p = vcf::position(name);
    let grid = p.grid();
    let me = p.to_move();
    let line: Vec<Pos> = p.line.iter().map(|s| vcf::pos(s)).collect();
    assert_eq!(
        vcf::check_line(&grid, p.rule, me, &line),
        Ok(p.fours),
        "{name}: the recorded line"
    );
    assert!(
        p.moves.contains(&p.line[0]),
        "{name}: line starts with a listed move"
    );
    let moves: Vec<&str> = p.moves.iter().map(String::as_str).collect();
    let r = expect(p.rule, &p.board, p.nodes.unwrap_or(VCF_N), &moves);
    assert!(
        search::is_mate(r.score) && r.score > 0,
        "{name}: no win proven: score {}",
        r.score
    );
    let pv = r.pv.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    match vcf::check_line(&grid, p.rule, me, &r.pv) {
        Ok(f) => assert!(
            f >= p.fours,
            "{name}: the engine's line has {f} fours, the shortest VCF {}: {pv:?}",
            p.fours
        ),
        Err(e) => panic!("{name}: the engine's line {pv:?} is no win by fours: {e}"),
    }
}

/// One test per position of `vcf.txt`, named as the position; attributes (`#[ignore]`) may
/// precede a name. `every_vcf_position_has_a_test` keeps the list and the file in step.
macro_rules! vcf_tests {
    ($($(#[$attr:meta])* $name:ident,)*) => {
        $(
            $(#[$attr])*
            #[test]
            fn $name() {
                vcf_case(stringify!($name));
            }
        )*
        const VCF_TESTS: &[&str] = &[$(stringify!($name)),*];
    };
}

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

// ---- Wins by threes (VCT): double threes, a three that prepares a four-three ----

#[test]
fn split_double_three_wins() {
    // Black to move. 8,7 makes two open threes: the split three 5,7-6,7-_-8,7 on row 7 and the
    // solid three 8,5-8,6-8,7 on column 8. White can stop one (row: 4,7, 7,7 or 9,7; column: 8,4 or
    // 8,8), never both, and has no four: Black makes an open four next. That is the quickest win;
    // 9,4, 7,6 and 5,8 win too, with a second three (brute-force threat solver on the referee
    // rules, every White reply tried); no other move wins with at most two threes.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . X X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["8,7", "9,4", "7,6", "5,8"],
    );
}

#[test]
fn white_double_three_on_the_diagonals() {
    // White to move. 6,6 makes open threes on the diagonal 4,4-5,5-6,6 and on the anti-diagonal
    // 8,4-7,5-6,6; Black has no four and can block only one of them. 4,5, 6,5 and 8,5 win more
    // slowly (two threes, brute-force solver); nothing else wins with at most two threes.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . X .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O . . . O . . . . . .
        . . . . . O . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . X . . . . . . . . . . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . X . . . . . . . . . . . X .
        . . . . . . . . . . . . . . .",
        N,
        &["6,6", "4,5", "6,5", "8,5"],
    );
}

#[test]
fn standard_double_three_wins() {
    // Black to move. 8,8 makes open threes on the diagonal (6,6-7,7-8,8) and on column 8 (8,8-8,9-
    // 8,10); every open four they lead to completes exact fives (no Black stone lies beyond), so
    // the double three wins in standard too.
    expect_win(
        Rule::Standard,
        "
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["8,8"],
    );
}

#[test]
fn renju_white_may_play_double_three() {
    // White to move: the position of white_double_three_on_the_diagonals under renju. White has no
    // forbidden moves, so the double three 6,6 wins as in freestyle (as do the slower 4,5, 6,5 and
    // 8,5).
    expect_win(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . X .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O . . . O . . . . . .
        . . . . . O . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . X . . . . . . . . . . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . X . . . . . . . . . . . X .
        . . . . . . . . . . . . . . .",
        N,
        &["6,6", "4,5", "6,5", "8,5"],
    );
}

#[test]
fn renju_white_may_play_double_four() {
    // White to move. 6,3 makes two fours: row 3 (3,3..6,3, five at 7,3; 2,3 is Black) and column 6
    // (6,3..6,6, five at 6,2; 6,7 is Black). A double four, forbidden to Black, is allowed to White
    // and wins. (Slower wins by threes exist; 6,3 is the only win by fours, which the root VCF
    // finds.)
    expect_win(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . X .
        . . . . . . . . . . . X . . .
        . . X O O O . . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . O . . . . . X . .
        . . . . . . X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . X . . . . . . . . . . X . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["6,3"],
    );
}

#[test]
fn three_then_four_three() {
    // Black to move. 6,8 makes the open three 6,8-6,9-6,10 on column 6 and prepares 7,8, a
    // four-three: the four 10,5-9,6-_-7,8-6,9 on the anti-diagonal (five at 8,7) with the open
    // three 6,8-7,8-8,8 on row 8. White must block the column (6,7 or 6,11; 6,6 loses to 6,11),
    // then 7,8 (White 8,7) and 5,8 or 9,8 make an open four. No other first move wins.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . O . O . . . . . . .
        . . . . O . O X . . X . . . .
        . . . . . . . . . X O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . X O . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["6,8"],
    );
}

#[test]
fn vct_four_four_then_open_three() {
    // Black to move; no VCF. 4,7 (four on column 4, White 4,8) and 5,8 (four 4,9-5,8-6,7-_-8,5,
    // White 7,6), in either order, then 6,9: an open three 4,7-5,8-6,9 on the diagonal. White's
    // blocks at 3,6 or 7,10 leave VCFs of 3 and 7 fours, any other reply the open four; White
    // has no four of its own. Only 4,7 and 5,8 win (brute-force threat solver on the referee
    // rules, every White reply tried).
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . O O . X . . . . . .
        . . . . X . X . O . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X . . . . O . . . . .
        . . . . X . . . . . O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["4,7", "5,8"],
    );
}

#[test]
fn vct_open_three_on_a_crowded_diagonal() {
    // Black to move; no VCF. For example 8,5 makes the open three 8,5-9,6-10,7 on the diagonal:
    // 6,3 loses to the open four 11,8, and the blocks 7,4 or 11,8 to the VCF 6,6 (8,6) 6,7 (5,8)
    // 6,9 (6,8) 5,9. The fours 6,6 / 8,6 (row 6) followed by 8,5, the threes 6,7 and 7,7, and 7,5
    // (which threatens a VCF) win as well; each of these was checked with a brute-force threat solver trying every White
    // reply. So does 9,7 (the split three 6,10-7,9-9,7; after the block 8,8, 7,7 is a double
    // three and White has no four), which that solver missed and the static win in five finds;
    // Rapfi confirms it (mate in 7 plies). No other move wins.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . O . . . . O . . . . .
        . . . . O X . X . X . . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . O . . . . .
        . . . . X . . X . . . . . . .
        . . . . O . X . . O . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["7,5", "8,5", "6,6", "8,6", "6,7", "7,7", "9,7"],
    );
}

// ---- Renju: forbidden points as White's weapon, Black's legal choices ----

#[test]
fn renju_white_four_onto_a_double_three_point() {
    // White to move. 6,6 makes the four 3,3..6,6 on the diagonal; 2,2 is Black, so the only block
    // is 7,7, where Black would make two real open threes (row 5,7-6,7-7,7, column 7,5-7,6-7,7): a
    // forbidden double three. Black cannot block and White makes five.
    expect_win(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . X . . . . . . . . . . . .
        . . . O . . . . . . . . . . .
        . . . . O . . . . . . . . . .
        . . . . . O . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . X X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["6,6"],
    );
}

#[test]
fn renju_white_four_onto_an_overline_point() {
    // White to move. 6,8 makes the four 6,5..6,8 on column 6 (6,4 is Black); its block 6,9 would
    // give Black six in a row (3,9..8,9), an overline, forbidden. (White 6,9 instead is a four that
    // Black blocks at 6,8.)
    expect_win(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X X X . X X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["6,8"],
    );
}

#[test]
fn renju_white_four_onto_a_double_four_point() {
    // White to move. 4,10 makes the split four 4,10-_-6,12-7,13-8,14 on the diagonal, completed
    // only at 5,11 (the board ends after 8,14). A Black stone on 5,11 makes two fours (row
    // 2,11..5,11 and column 5,8..5,11): a forbidden double four, so Black cannot block.
    expect_win(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . X . . . . . . . . .
        . O X X X . . . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . . O . . . . . .",
        N,
        &["4,10"],
    );
}

#[test]
fn renju_trap_set_by_a_forced_block() {
    // White to move. 6,6 (four on column 6, 6,2 is Black) forces Black onto 6,7; that stone turns
    // 7,7 into a double-three point (row 5,7-6,7-7,7 and column 7,5-7,6-7,7), and White's four 8,6
    // on the anti-diagonal 8,6..11,3 (12,2 is Black) is completed only at 7,7: Black cannot block.
    // 7,7 first works as well: four on the anti-diagonal, Black's forced block 8,6 makes 6,6 a
    // double-three point (row 6,6-7,6-8,6, anti-diagonal 5,7-6,6-7,5), and 6,7 is a four
    // completed only at 6,6.
    expect_win(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X . . . . . X . .
        . . . . . . O . . . . O . . .
        . . . . . . O . . . O . . . .
        . . . . . . O X . O . . . . .
        . . . . . . . X . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . X . . . . . . . . . . . X .
        . . . . . . . . . . . . . . .",
        N,
        &["6,6", "7,7"],
    );
}

#[test]
fn renju_black_four_three_is_legal() {
    // Black to move. 7,7 makes one four (row 4,7..7,7, five at 8,7) and one open three (column
    // 7,5-7,6-7,7): a four-three, legal for Black in renju. White blocks 8,7, then 7,4 or 7,8 is an
    // open four.
    expect_win(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . O . . .
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
fn renju_black_blocks_the_gap_not_the_end() {
    // Black to move against White's split three 5,7-6,7-_-8,7. The far end 9,7 is a double-three
    // point for Black (column 9,5-9,6-9,7, diagonal 9,7-10,8-11,9), so it is no defence; blocking
    // the near end 4,7 loses too: White 7,7 makes a four completed only at the forbidden 9,7.
    // Only the gap 7,7 holds.
    expect(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . X . . . . .
        . . . . . O O . O . . . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["7,7"],
    );
}

#[test]
fn renju_black_avoids_a_double_four() {
    // Black to move against White's open three 8,3-9,3-10,3. 5,11 would be a double four (row
    // 2,11..5,11 and column 5,8..5,11), a winning move in freestyle
    // (freestyle_double_four_beats_an_open_three) but forbidden here. Black blocks at 7,3 or 11,3,
    // or first plays one of the single fours 6,11 / 5,12 (White must answer 5,11) and blocks
    // after.
    expect(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O O O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . X . . . . . . . . .
        . O X X X . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .",
        N,
        &["7,3", "11,3", "6,11", "5,12"],
    );
}

#[test]
fn renju_same_line_double_four_is_no_threat() {
    // Black to move. Row 10 holds X_XX__X (3,10 5,10 6,10 9,10; White on 2,10): 7,10 would make
    // X_XXX_X, two fours on one line, a double four, forbidden for Black; 4,10 and 8,10 are plain
    // fours, both answered at 7,10. So an open three on column 11 (11,6 or 11,3) is met by a block
    // there, and Black has no win: none with at most two threes (brute-force solver), so certainly
    // none in five plies.
    expect_no_win(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . X . . .
        . . O . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . O X . X X . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .",
        N,
    );
}

#[test]
fn renju_white_ignores_a_same_line_double_four_point() {
    // White to move. Black's X_XX__X on row 10 (White on 2,10) is no threat: 7,10 would make
    // X_XXX_X, a double four, forbidden for Black, and 4,10 / 8,10 are single fours that White
    // answers at 7,10. So White plays its double three 6,6 (diagonal 4,4-5,5-6,6, anti-diagonal
    // 8,4-7,5-6,6), the only win with at most two threes (brute-force solver).
    expect_win(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O . . . O . . . . . .
        . . . . . O . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O X . X X . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . X . . . . . . . . . . . X .
        . . . . . . . . . . . . . . .",
        N,
        &["6,6"],
    );
}

#[test]
fn freestyle_double_four_beats_an_open_three() {
    // Black to move: renju_black_avoids_a_double_four in freestyle. The double four 5,11 wins before
    // White's open three matters.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O O O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . X . . . . . . . . .
        . O X X X . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .",
        N,
        &["5,11"],
    );
}

#[test]
fn renju_black_avoids_an_overline() {
    // Black to move. 5,1 would make six in a row (2,1..7,1), an overline, forbidden for Black (and
    // not a five). Black must stop White's open three on column 10 at one of its ends; the far
    // cells 10,3 and 10,9 leave White an open four.
    expect(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . O X X X . X X O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["10,4", "10,8"],
    );
}

#[test]
fn renju_five_overrides_an_overline() {
    // Black to move. 7,7 completes the exact five 3,7..7,7 on row 7 and at the same time six on
    // column 7 (7,4..7,9). A Black move that makes an exact five is legal whatever else it makes,
    // so 7,7 wins.
    expect_win(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . O .
        . . . . . . . O . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . O X X X X . O . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . O . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .",
        N,
        &["7,7"],
    );
}

#[test]
fn renju_three_spoiled_by_an_overline_has_three_defences() {
    // White to move against Black's three 5,7-6,7-7,7. With Black on 10,7, Black's 8,7 is only a
    // closed four (its five at 9,7 would be six), so the three becomes an open four only through
    // 4,7. White may block at 4,7, at 8,7, or at the far end 3,7 (then 4,7 is a closed four);
    // compare freestyle_three_has_two_defences.
    expect(
        Rule::Renju,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .
        . . . . . X X X . . X . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["3,7", "4,7", "8,7"],
    );
}

#[test]
fn freestyle_three_has_two_defences() {
    // The previous position in freestyle: six counts, so 8,7 would be an open four as well, and
    // only the two adjacent ends 4,7 and 8,7 stop the three.
    expect(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .
        . . . . . X X X . . X . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["4,7", "8,7"],
    );
}

// ---- Caro (rules 8 and 9): void fives, the edge, overlines ----

#[test]
fn caro8_overline_wins() {
    // Black to move, rule 8. 6,5 makes six (2,5..7,5) between two White stones. In rule 8 six or
    // more always wins; only an exact five can be void.
    expect_win(
        Rule::CaroOverline,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . O X X X X . X O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["6,5"],
    );
}

#[test]
fn caro_overline_is_nothing() {
    // Black to move, rule 9. 6,5 would make six, which never wins in rule 9; the win is the open
    // four on row 10 (6,10 or 10,10), whose two fives no single White stone can void.
    expect_win(
        Rule::Caro,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . O X X X X . X O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . . . .
        . . . . . . . X X X . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . O . .
        . . . . O . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["6,10", "10,10"],
    );
}

#[test]
fn caro_five_against_the_edge_wins() {
    // Black to move. 4,9 makes the five 0,9..4,9 with White on 5,9 and the board edge at the other
    // end: the edge does not block, so the five counts.
    expect_win(
        Rule::Caro,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . O . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        X X X X . O . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["4,9"],
    );
}

#[test]
fn caro8_void_five_is_no_win_so_block_the_four() {
    // White to move, rule 8. 7,3 would make the five 3,3..7,3 between Black stones on 2,3 and 8,3:
    // void. Black threatens the five 11,5..11,9 (11,4 is White, so it needs 11,10 empty). White
    // blocks at 11,9 or voids it from the far side: White on 11,10 leaves the five blocked at both
    // ends.
    expect(
        Rule::CaroOverline,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . X O O O O . X . . . . . .
        . . . . . . . . . . . O . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["11,9", "11,10"],
    );
}

#[test]
fn caro_stops_a_four_at_the_voiding_end() {
    // White to move. Black's four 5,12..8,12 has two completions: 4,12 and 9,12. White on 9,12
    // stops both: the five 4,12..8,12 would then lie between White stones on 3,12 and 9,12, void.
    // White on 4,12 loses to 9,12.
    expect(
        Rule::Caro,
        "
        . . . . . . . . . . . . . . .
        . X . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O . X X X X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["9,12"],
    );
}

#[test]
fn caro_four_beside_an_opponent_stone_is_no_win() {
    // Black to move. 8,12 makes the four 5,12..8,12 with two completions (4,12, 9,12), but White's
    // 9,12 voids the five at 4,12 (White on 3,12 and 9,12): not a win in caro. Black has no win
    // here (no VCF, no win by one three: brute-force solver), so the search must not claim one.
    expect_no_win(
        Rule::Caro,
        "
        . . . . . . . . . . . . . . .
        . X . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O . X X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
    );
}

// ---- Standard: six is no five for White either ----

#[test]
fn standard_white_overline_is_no_five() {
    // White to move. 6,2 would make six (2,2..7,2), not a five in standard for White either, and
    // 1,2 is Black: White has no five. Black threatens 12,10 (12,5 is White), so White blocks it.
    expect(
        Rule::Standard,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . X O O O O . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . . . .
        . X . . . . . . . . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["12,10"],
    );
}

#[test]
fn freestyle_white_overline_wins() {
    // The previous position in freestyle: six wins, so White plays 6,2 at once.
    expect_win(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . X O O O O . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . . . .
        . X . . . . . . . . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["6,2"],
    );
}

// ---- Defences against threes and fours ----

#[test]
fn defends_a_vertical_split_three() {
    // White to move against Black's split three 10,4-_-10,6-10,7 on column 10: the gap 10,5 or
    // either end (10,3, 10,8). The far cells 10,2 and 10,9 leave the open four 10,5.
    expect(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . . . . . . . . . . .
        . . . . . . . . . . X . . . .
        . . . . . O . . . . . . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["10,3", "10,5", "10,8"],
    );
}

#[test]
fn defends_a_diagonal_three_at_the_edge() {
    // White to move against Black's three 1,1-2,2-3,3. Past 0,0 is the edge, so the only open four
    // is 4,4 (1,1..4,4 with 0,0 and 5,5 empty). White may take 4,4, or 0,0 or 5,5, after which 4,4
    // is only a closed four.
    expect(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . X . . . . . . . . . . . . .
        . . X . . . . . . . . . . . .
        . . . X . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O . . . . . . . . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["0,0", "4,4", "5,5"],
    );
}

#[test]
fn only_a_counter_four_saves() {
    // White to move against Black's two open threes (row 5,7-6,7-7,7 and column 7,7-7,8-7,9): a
    // plain block stops one, and the other becomes an open four. 7,10 blocks the column and makes
    // the four 7,10..7,13 (7,9 is Black); Black must answer at the edge, 7,14, and White then
    // blocks the row. The other four, 7,14, loses: Black's block 7,10 makes a four 7,7..7,10, and
    // after White's 7,6 the row three becomes an open four.
    expect(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . X X X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["7,10"],
    );
}

#[test]
fn defends_against_a_four_three_point() {
    // White to move. Black threatens 7,7, a four-three (four 4,7..7,7, five at 8,7, and open three
    // 7,5-7,6-7,7). White takes 7,7, or 8,7 (then 7,7 is no four), or 7,4 / 7,8 (then the column
    // three is closed and 7,7 leaves only a four). 7,3 and 7,9 are too far: 7,7 is still a
    // four-three. The other White stones close Black's diagonals; these four moves hold even
    // against attacks with two threes (brute-force solver).
    expect(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . O X O . . . . . .
        . . . O X X X . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["7,4", "7,7", "8,7", "7,8"],
    );
}

#[test]
fn blocks_a_split_four_in_the_gap() {
    // White to move. Black's 10,2-9,3-_-7,5-6,6 on the anti-diagonal is a four with its only
    // completion in the gap 8,4.
    expect(
        Rule::Freestyle,
        "
        . . . . . . . . . . . . . . .
        . X . . . . . . . . . . . . .
        . . . . . . . . . . X . . . .
        . . . O . . . . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . O . . .
        . . . . . . X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        N,
        &["8,4"],
    );
}

// ---- Wins by continuous fours: tests/data/vcf.txt ----

vcf_tests! {
    vcf_by_closed_fours,
    vcf_in_two_fours,
    white_vcf_in_two_fours,
    standard_vcf_in_two_fours,
    vcf_of_six_fours_on_a_staircase,
    vcf_freestyle_black_8_fours,
    vcf_freestyle_black_10_fours,
    vcf_freestyle_white_10_fours,
    vcf_freestyle_white_5_fours,
    vcf_freestyle_black_15_fours,
    vcf_freestyle_white_12_fours,
    vcf_standard_black_9_fours,
    vcf_standard_white_16_fours,
    vcf_standard_white_10_fours,
    vcf_standard_black_5_fours,
    vcf_standard_white_7_fours,
    vcf_standard_white_11_fours,
    vcf_renju_black_14_fours,
    vcf_renju_white_12_fours,
    vcf_renju_black_11_fours,
    vcf_renju_white_10_fours,
    vcf_renju_black_8_fours,
    vcf_renju_black_9_fours,
    vcf_renju_black_9_fours_b,
    vcf_caro_black_7_fours,
    vcf_caro8_black_5_fours,
    vcf_caro_black_6_fours,
    vcf_caro8_white_9_fours,
    vcf_caro_white_7_fours,
}

#[test]
fn every_vcf_position_has_a_test() {
    let names: Vec<String> = vcf::positions().into_iter().map(|p| p.name).collect();
    assert_eq!(names, VCF_TESTS, "vcf.txt and the vcf_tests! list");
}
