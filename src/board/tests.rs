//! Board tests: patterns and classes read from ASCII boards, candidates and the look-ups over
//! them (the random make/undo walks, which check the board's incremental state too, are the
//! evaluation's: `crate::eval::position`).

use super::*;
use crate::search::movepick;
use crate::search::stack::MoveEntry;

fn board(text: &str, rule: Rule) -> Board {
    Board::from_grid(&Grid::from_ascii(text).unwrap(), rule)
}

/// Whether `color` playing the empty cell `p` wins under `rule`, straight from protocol.md
/// §10 (run through `p`, its two end cells), independent of the pattern tables.
fn makes_five(grid: &Grid, p: Pos, color: Color, rule: Rule) -> bool {
    DIRS.iter().any(|&dir| {
        let mut len = 1;
        let mut ends = [Cell::Empty; 2];
        for (side, sign) in [(0, -1isize), (1, 1)] {
            let mut k = 1;
            while grid.get(p.step(dir, sign * k)) == color.stone() {
                len += 1;
                k += 1;
            }
            ends[side] = grid.get(p.step(dir, sign * k));
        }
        let blocked = rule.blocked_five_void() && ends.iter().all(|&e| e == color.opp().stone());
        (len == 5 && !blocked) || (len > 5 && rule.overline_wins(color))
    })
}

/// Every empty cell's `Five` class agrees with [`makes_five`]; returns how many fives there are.
pub(crate) fn check_fives(b: &Board) -> usize {
    let mut fives = 0;
    for p in b.grid().positions().filter(|&p| b.is_empty(p)) {
        for color in [Color::Black, Color::White] {
            fives += (b.raw_class(p, color) == Class::Five) as usize;
            assert_eq!(
                b.raw_class(p, color) == Class::Five,
                makes_five(b.grid(), p, color, b.rule()),
                "{:?} {color:?} at {p}{:?}",
                b.rule(),
                b.grid()
            );
        }
    }
    fives
}

/// The board's look-ups against their definitions: the candidates are the empty cells with a
/// stone in their 5×5 square, row by row; the search's list of fours is the full scan's fours
/// (in the same order); a class held by one cell only is found where the full walk finds it.
pub(crate) fn check_lookups(b: &Board) {
    let cells: Vec<Pos> = b
        .grid()
        .positions()
        .filter(|&p| b.is_empty(p) && b.near(p) > 0)
        .collect();
    assert_eq!(b.candidates().collect::<Vec<_>>(), cells);
    for color in [Color::Black, Color::White] {
        let mut all = [MoveEntry::default(); 1024];
        let n = movepick::scan(b, color, &mut all);
        let mut fours = [MoveEntry::default(); 1024];
        let k = movepick::scan_fours(b, color, &mut fours);
        let want: Vec<_> = all[..n].iter().filter(|m| m.att.is_four()).collect();
        let got: Vec<_> = fours[..k].iter().collect();
        assert_eq!(format!("{got:?}"), format!("{want:?}"));
        // (Renju Black's hinted cells may turn out to hold any class: only when there are none.)
        let hints = b.class_count(color, Class::Forbid) > 0;
        for class in Class::ALL {
            if b.class_count(color, class) == 1 && !hints {
                assert_eq!(
                    b.find_single_class(color, class),
                    b.find_class(color, class)
                );
            }
        }
    }
}

#[test]
fn zobrist_hash_follows_the_stones() {
    let mut b = Board::new(15, 15, Rule::Freestyle);
    assert_eq!(b.hash(), 0);
    let (p, q) = (Pos::new(3, 4), Pos::new(4, 4));
    b.make(p, Color::Black);
    b.make(q, Color::White);
    assert_eq!(
        b.hash(),
        zobrist::key(p, Color::Black) ^ zobrist::key(q, Color::White)
    );
    let mut c = Board::new(15, 15, Rule::Freestyle);
    c.make(q, Color::White);
    c.make(p, Color::Black);
    assert_eq!(b.hash(), c.hash(), "order does not matter");
    b.block(Pos::new(0, 0));
    assert_eq!(b.hash(), c.hash(), "blocked cells are not hashed");
}

#[test]
fn freestyle_threats_on_a_board() {
    let b = board(
        "   a b c d e f g h i
         1 . . . . . . . . .
         2 . . . . . . . . .
         3 . . X X X . . . .
         4 . . . . . . . . .
         5 . . . . . . . . .
         6 . . O O O O . . .
         7 . . . . . . . . .
         8 . . . . . . . . .
         9 . . . . . . . . .",
        Rule::Freestyle,
    );
    let (b1, e3) = (Pos::new(1, 2), Pos::new(5, 2));
    assert_eq!(b.pattern(b1, 0, Color::Black), Pattern::Flex4);
    assert_eq!(b.raw_class(b1, Color::Black), Class::Flex4);
    assert_eq!(b.raw_class(e3, Color::Black), Class::Flex4);
    assert_eq!(b.raw_class(Pos::new(6, 2), Color::Black), Class::Block4);
    assert_eq!(b.raw_class(Pos::new(1, 5), Color::White), Class::Five);
    assert_eq!(b.raw_class(Pos::new(6, 5), Color::White), Class::Five);
    assert_eq!(b.class_count(Color::White, Class::Five), 2);
    assert_eq!(b.class_count(Color::Black, Class::Five), 0);
    assert_eq!(b.class_count(Color::Black, Class::Flex4), 2);
    // Left of the O four Black has only two cells up to the edge: nothing.
    assert_eq!(b.pattern(Pos::new(1, 5), 0, Color::Black), Pattern::Dead);
    let total: u16 = b.class_counts(Color::Black).iter().sum();
    assert_eq!(total as usize, b.grid().empty_count());
}

#[test]
fn standard_overline_is_no_five() {
    let text = "
        . . . . . . . . . . .
        . X X X . X X . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .";
    let gap = Pos::new(4, 1);
    assert_eq!(
        board(text, Rule::Freestyle).raw_class(gap, Color::Black),
        Class::Five
    );
    let b = board(text, Rule::Standard);
    assert_eq!(b.pattern(gap, 0, Color::Black), Pattern::Overline);
    assert_ne!(b.class(Pos::new(4, 1), Color::Black), Class::Five);
    assert_eq!(b.raw_class(gap, Color::Black), Class::None);
    assert_eq!(b.class_count(Color::Black, Class::Five), 0);
    // Renju: an overline point is a possible foul for Black, White's is a five.
    let b = board(text, Rule::Renju);
    assert_eq!(b.raw_class(gap, Color::Black), Class::Forbid);
    let w = board(&text.replace('X', "O"), Rule::Renju);
    assert_eq!(w.raw_class(gap, Color::White), Class::Five);
}

#[test]
fn caro_blocked_five_is_no_five() {
    let text = "
        . . . . . . . . .
        . O X X X X . O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    let end = Pos::new(6, 1);
    for rule in [Rule::Caro, Rule::CaroOverline] {
        let b = board(text, rule);
        assert_eq!(b.pattern(end, 0, Color::Black), Pattern::Dead, "{rule:?}");
        assert_eq!(b.raw_class(end, Color::Black), Class::None);
    }
    let b = board(text, Rule::Freestyle);
    assert_eq!(b.raw_class(end, Color::Black), Class::Five);
    // At the board edge the five stands.
    let edge = "
        X X X X . O
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . . .";
    let b = board(edge, Rule::Caro);
    assert_eq!(b.raw_class(Pos::new(4, 0), Color::Black), Class::Five);
}

#[test]
fn renju_forbid_hints() {
    let b = board(
        "   a b c d e f g h i
         1 . . . . . . . . .
         2 . . . . . . . . .
         3 . . . X . . . . .
         4 . . . X . . . . .
         5 . . . . . X X . .
         6 . . . . . . . . .
         7 . . . . . . . . .
         8 . . . . . . . . .
         9 . . . . . . . . .",
        Rule::Renju,
    );
    let p = Pos::new(3, 4); // d5: open three both ways
    assert_eq!(b.pattern(p, 0, Color::Black).plain(), Pattern::Flex3);
    assert_eq!(b.pattern(p, 1, Color::Black).plain(), Pattern::Flex3);
    assert_eq!(b.raw_class(p, Color::Black), Class::Forbid);
    assert_eq!(b.class(p, Color::Black), Class::Forbid); // a real double three
    let f = board(&b.grid().to_ascii(), Rule::Freestyle);
    assert_eq!(f.raw_class(p, Color::Black), Class::Flex3x2);
}

#[test]
fn candidates_are_empty_cells_near_stones() {
    let mut b = Board::new(15, 15, Rule::Freestyle);
    assert_eq!(b.candidates().count(), 0);
    b.make(Pos::new(0, 0), Color::Black);
    let c: Vec<Pos> = b.candidates().collect();
    assert_eq!(c.len(), 8);
    assert!(c.iter().all(|p| p.x() <= 2 && p.y() <= 2));
    b.make(Pos::new(7, 7), Color::White);
    assert_eq!(b.candidates().count(), 8 + 24);
    assert_eq!(b.near(Pos::new(9, 9)), 1);
    assert_eq!(b.near(Pos::new(10, 9)), 0);
    b.undo();
    assert_eq!(b.candidates().count(), 8);
    assert_eq!(
        b.bbox(),
        BBox {
            x0: 0,
            y0: 0,
            x1: 0,
            y1: 0
        }
    );
}

#[test]
fn renju_same_line_double_four_is_flagged_for_black_only() {
    // Row 2: X_XX__X. Black on 5,2 makes X_XXX_X: two fours on one line, a foul in renju, an
    // ordinary two-way four in standard. Black on 6,2 makes a plain four, on 2,2 an open four. Row 5: Black's
    // _XXX_ gives a true open four on 2,5 in every rule.
    let text = "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . X . X X . . X . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . X X X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .";
    let (middle, open_four) = (Pos::new(5, 2), Pos::new(2, 5));
    let renju = board(text, Rule::Renju);
    assert_eq!(renju.pattern(middle, 0, Color::Black), Pattern::Overline);
    assert_eq!(renju.raw_class(middle, Color::Black), Class::Forbid);
    assert_eq!(renju.class(middle, Color::Black), Class::Forbid);
    assert_eq!(
        rule::renju_foul(renju.grid(), middle),
        Some(rule::Foul::DoubleFour)
    );
    assert_eq!(
        renju.pattern(Pos::new(6, 2), 0, Color::Black),
        Pattern::Block4
    );
    assert_eq!(renju.raw_class(open_four, Color::Black), Class::Flex4);
    assert_eq!(rule::renju_foul(renju.grid(), open_four), None);
    // White's stones in the same shape: no fouls for White.
    let white = board(&text.replace('X', "O"), Rule::Renju);
    assert_eq!(white.raw_class(middle, Color::White), Class::Flex4);
    let standard = board(text, Rule::Standard);
    assert_eq!(standard.raw_class(middle, Color::Black), Class::Flex4);
}

#[test]
fn classes_on_a_line() {
    let b = board(
        "
        . . . . . . . . .
        . X X X X . . . .
        . . . . . . . . .
        . . X X X . . . .
        . . . . . . . . .
        O X X X . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        Rule::Freestyle,
    );
    let class = |x, y| b.class(Pos::new(x, y), Color::Black);
    assert_eq!(class(5, 1), Class::Five);
    assert_eq!(class(0, 1), Class::Five);
    assert_eq!(class(5, 3), Class::Flex4);
    for (x, y) in [(6, 3), (4, 5), (5, 5)] {
        assert!((Class::Block4..=Class::Block4Flex3).contains(&class(x, y)));
    }
    assert_eq!(
        b.find_class(Color::Black, Class::Five),
        Some(Pos::new(0, 1))
    );
    assert_eq!(b.find_class(Color::White, Class::Five), None);
}
