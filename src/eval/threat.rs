//! The threat class of an empty cell for one colour: what a stone of that colour placed there
//! would make (five, open four, four-three, …), as the search and the evaluation read it.
//!
//! This is the single seam between the search and the board's pattern machinery: everything
//! above it speaks in [`Class`], read from the board's incrementally kept [`Pattern4`] per cell
//! and its per-class counts (which already know each rule's five: exact five, caro blocking,
//! renju overline). Renju Black's `Forbid` hint is confirmed here by the exact referee check.

use crate::board::{pattern, rule, Board, Pattern4, Pos};
use crate::types::Color;

/// What a stone of one colour on an empty cell would make, strongest last. The order matters:
/// the search compares classes (`>= Class::Block4` means "makes a four").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Class {
    /// Nothing worth naming.
    #[default]
    None = 0,
    /// Renju: the cell is forbidden for Black (exactly checked).
    Forbid,
    /// One line with a two that can still become a five with one gap (`X__X_`-like).
    Block2,
    /// One open two (`_XX__`).
    Flex2,
    /// One closed three (`OXXX__`): one more stone makes a (closed) four.
    Block3,
    /// Two open twos.
    Flex2x2,
    /// A closed three together with an open two or another closed three.
    Block3Plus,
    /// One open three: one more stone makes an open four.
    Flex3,
    /// An open three together with a closed three or an open two.
    Flex3Plus,
    /// Two open threes (a foul for Black in renju).
    Flex3x2,
    /// One closed four: a single cell completes a five.
    Block4,
    /// A closed four together with a closed three or open twos.
    Block4Plus,
    /// A closed four and an open three: wins unless the opponent has fours.
    Block4Flex3,
    /// Two fours (on different lines, or twice on one line): wins unless the opponent has fives.
    DoubleFour,
    /// An open four: two cells complete a five and one stone cannot block both.
    Flex4,
    /// The stone makes a winning line.
    Five,
}

/// Number of classes (size of per-class tables).
pub const NUM_CLASSES: usize = Class::Five as usize + 1;

impl Class {
    /// Whether the stone makes a four or better (forces the opponent to answer at once).
    #[inline]
    pub fn is_four(self) -> bool {
        self >= Class::Block4
    }

    /// Whether the stone threatens to make an open four (or better) next move.
    #[inline]
    pub fn is_three_or_better(self) -> bool {
        self >= Class::Flex3
    }
}

/// The board's classes mapped onto ours, indexed by `Pattern4 as usize`.
const FROM_P4: [Class; Pattern4::COUNT] = [
    Class::None,
    Class::Forbid,
    Class::Flex2,
    Class::Block3,
    Class::Flex2x2,
    Class::Block3Plus,
    Class::Flex3,
    Class::Flex3Plus,
    Class::Flex3x2,
    Class::Block4,
    Class::Block4Plus,
    Class::Block4Flex3,
    Class::Flex4,
    Class::DoubleFour,
    Class::Five,
];

/// The class of the empty cell `p` for `color`. In renju, the board's `Forbid` hint for Black
/// is confirmed with the referee's exact check; a hinted cell that is legal gets its class
/// without the hint.
#[inline]
pub fn class(board: &Board, p: Pos, color: Color) -> Class {
    let c = FROM_P4[board.pattern4(p, color) as usize];
    if c == Class::Forbid {
        if rule::renju_foul(board.grid(), p).is_some() {
            return Class::Forbid;
        }
        return FROM_P4[pattern::pattern4(board.patterns_packed(p, color), false) as usize];
    }
    c
}

/// Calls `f` on every empty cell near the stones (within two steps), each once, row by row.
/// Nothing on an empty board.
#[inline]
pub fn for_each_candidate(board: &Board, f: impl FnMut(Pos)) {
    board.candidates().for_each(f);
}

/// Number of empty cells of each class for `color` (indexed by `Class as usize`), from the
/// board's incremental counts. Renju Black's hinted cells count as `Forbid` here.
#[inline]
pub fn counts(board: &Board, color: Color) -> [u16; NUM_CLASSES] {
    let mut n = [0u16; NUM_CLASSES];
    for (k, &c) in board.p4_counts(color).iter().enumerate() {
        n[FROM_P4[k] as usize] += c;
    }
    n
}

/// The first empty cell (row by row) where `color` has class `want`.
pub fn find(board: &Board, color: Color, want: Class) -> Option<Pos> {
    board.candidates().find(|&p| class(board, p, color) == want)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Grid;
    use crate::types::Rule;

    fn board(rule: Rule, text: &str) -> Board {
        Board::from_grid(&Grid::from_ascii(text).unwrap(), rule)
    }

    #[test]
    fn classes_on_a_line() {
        let b = board(
            Rule::Freestyle,
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
        );
        assert_eq!(class(&b, Pos::new(5, 1), Color::Black), Class::Five);
        assert_eq!(class(&b, Pos::new(0, 1), Color::Black), Class::Five);
        assert_eq!(class(&b, Pos::new(5, 3), Color::Black), Class::Flex4);
        assert!((Class::Block4..=Class::Block4Flex3).contains(&class(
            &b,
            Pos::new(6, 3),
            Color::Black
        )));
        assert!((Class::Block4..=Class::Block4Flex3).contains(&class(
            &b,
            Pos::new(4, 5),
            Color::Black
        )));
        assert!((Class::Block4..=Class::Block4Flex3).contains(&class(
            &b,
            Pos::new(5, 5),
            Color::Black
        )));
    }

    #[test]
    fn standard_overline_is_no_five() {
        let b = board(
            Rule::Standard,
            "
            . . . . . . . . . . .
            X X X X X . . . . . .
            . . . . . . . . . . .
            X X X . X . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .",
        );
        assert_ne!(class(&b, Pos::new(5, 1), Color::Black), Class::Five);
        // X X X _ X: the gap makes five exactly.
        assert_eq!(class(&b, Pos::new(3, 3), Color::Black), Class::Five);
    }

    #[test]
    fn caro_blocked_five_is_void() {
        let b = board(
            Rule::Caro,
            "
            . . . . . . . . .
            O X X X X . O . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        assert_ne!(class(&b, Pos::new(5, 1), Color::Black), Class::Five);
    }
}
