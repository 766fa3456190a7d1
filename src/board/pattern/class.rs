//! Threat classes: what a stone of one colour on an empty cell would make over the cell's four
//! lines, combined from its four line patterns.
//!
//! [`Class`] is the one threat vocabulary of the engine: the board keeps it per cell and counts
//! it per colour, the evaluation weighs the counts, and the search orders, prunes and proves
//! with it. It is computed by a 64 K-entry table indexed by the four patterns packed as nibbles
//! ([`class_of`]), one table without and one with renju Black's `Forbid` hint.

use std::sync::LazyLock;

use super::line::Pattern;

/// The threat class of an empty cell for one colour: what a stone of that colour placed there
/// would make over the cell's four lines, weakest first. This order is the one the search
/// compares by (`>= Class::Block4` means "makes a four", `>= Class::Flex3` "a three or better").
///
/// With `n(P)` the number of directions showing pattern `P` and `fours = n(Block4) + n(Flex4)`,
/// the first matching line wins ([`combine`]):
///
/// | class         | condition                                                           |
/// |---------------|---------------------------------------------------------------------|
/// | `Five`        | `n(Five) ≥ 1`                                                       |
/// | `Forbid`      | renju Black only: `n(Overline) ≥ 1` or `fours ≥ 2` or `n(Flex3) ≥ 2` |
/// | `DoubleFour`  | `fours ≥ 2`                                                         |
/// | `Flex4`       | `n(Flex4) ≥ 1`                                                      |
/// | `Block4Flex3` | `n(Block4) == 1` and `n(Flex3) ≥ 1` (four-three)                    |
/// | `Block4Plus`  | `n(Block4) == 1` and `n(Block3) + n(Flex2) ≥ 1`                     |
/// | `Block4`      | `n(Block4) == 1`                                                    |
/// | `Flex3x2`     | `n(Flex3) ≥ 2` (double three)                                       |
/// | `Flex3Plus`   | `n(Flex3) == 1` and `n(Block3) + n(Flex2) ≥ 1`                      |
/// | `Flex3`       | `n(Flex3) == 1`                                                     |
/// | `Block3Plus`  | `n(Block3) ≥ 1` and `n(Block3) + n(Flex2) ≥ 2`                      |
/// | `Flex2x2`     | `n(Flex2) ≥ 2`                                                      |
/// | `Block3`      | `n(Block3) == 1`                                                    |
/// | `Flex2`       | `n(Flex2) == 1`                                                     |
/// | `None`        | otherwise                                                           |
///
/// In the tables and the board's per-cell state, `Forbid` is a hint that the cell *may* be
/// forbidden for renju Black; [`crate::board::Board::class`] confirms it with the referee's
/// exact check ([`crate::board::rule::renju_foul`]). Under renju, Black's same-line double four
/// (`X_XXX_X` filled in the middle) shows as `Overline` in its line, so it is flagged too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Class {
    /// Nothing worth naming.
    #[default]
    None = 0,
    /// Renju: the cell is (hinted, or once confirmed, exactly) forbidden for Black.
    Forbid = 1,
    /// One open two (`_XX__`).
    Flex2 = 2,
    /// One closed three (`OXXX__`): one more stone makes a (closed) four.
    Block3 = 3,
    /// Two open twos.
    Flex2x2 = 4,
    /// A closed three together with an open two or another closed three.
    Block3Plus = 5,
    /// One open three: one more stone makes an open four.
    Flex3 = 6,
    /// An open three together with a closed three or an open two.
    Flex3Plus = 7,
    /// Two open threes (a foul for Black in renju).
    Flex3x2 = 8,
    /// One closed four: a single cell completes a five.
    Block4 = 9,
    /// A closed four together with a closed three or an open two.
    Block4Plus = 10,
    /// A closed four and an open three: wins unless the opponent has fours.
    Block4Flex3 = 11,
    /// Two fours (on different lines): wins unless the opponent has fives.
    DoubleFour = 12,
    /// An open four (or two fours on one line): two cells complete a five and one stone
    /// cannot block both.
    Flex4 = 13,
    /// The stone makes a winning line.
    Five = 14,
}

impl Class {
    /// Number of classes (size of per-class tables).
    pub const COUNT: usize = Class::Five as usize + 1;

    /// All classes, weakest first.
    pub const ALL: [Class; Class::COUNT] = [
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
        Class::DoubleFour,
        Class::Flex4,
        Class::Five,
    ];

    /// The class with discriminant `v` (`v` must be `< Class::COUNT`).
    #[inline]
    pub const fn from_u8(v: u8) -> Class {
        Class::ALL[v as usize]
    }

    /// Whether the stone makes a four or better (forces the opponent to answer at once).
    #[inline]
    pub fn is_four(self) -> bool {
        self >= Class::Block4
    }
}

/// Number of class tiers ([`TIER_OF`]).
pub const TIERS: usize = 4;

/// The tier of each class, `0..TIERS`, by class value: 0 nothing (and renju's `Forbid`), 1 one
/// two or closed three, 2 two twos, a closed three with more, or an open three, 3 a double three
/// or a four or better. The empty cells are counted by both colours' tiers
/// ([`crate::board::Board::count_tier_pairs`]). 16 entries, so that a class masked to 4 bits
/// needs no check.
pub(crate) const TIER_OF: [u8; 16] = [0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 0];

/// The class of four directional patterns (see [`Class`]); `renju_black` turns on the `Forbid`
/// hint.
pub fn combine(patterns: [Pattern; 4], renju_black: bool) -> Class {
    let mut n = [0u8; Pattern::COUNT];
    for p in patterns {
        n[p.plain() as usize] += 1;
    }
    let c = |p: Pattern| n[p as usize];
    let fours = c(Pattern::Block4) + c(Pattern::Flex4);
    let support = c(Pattern::Block3) + c(Pattern::Flex2);
    if c(Pattern::Five) > 0 {
        Class::Five
    } else if renju_black && (c(Pattern::Overline) > 0 || fours >= 2 || c(Pattern::Flex3) >= 2) {
        Class::Forbid
    } else if fours >= 2 {
        Class::DoubleFour
    } else if c(Pattern::Flex4) > 0 {
        Class::Flex4
    } else if c(Pattern::Block4) > 0 {
        if c(Pattern::Flex3) > 0 {
            Class::Block4Flex3
        } else if support > 0 {
            Class::Block4Plus
        } else {
            Class::Block4
        }
    } else if c(Pattern::Flex3) >= 2 {
        Class::Flex3x2
    } else if c(Pattern::Flex3) == 1 {
        if support > 0 {
            Class::Flex3Plus
        } else {
            Class::Flex3
        }
    } else if c(Pattern::Block3) > 0 {
        if support >= 2 {
            Class::Block3Plus
        } else {
            Class::Block3
        }
    } else if c(Pattern::Flex2) >= 2 {
        Class::Flex2x2
    } else if c(Pattern::Flex2) == 1 {
        Class::Flex2
    } else {
        Class::None
    }
}

/// Four directional patterns packed as nibbles, direction `d` at bits `4d..4d+4`: the index of
/// the [`class_of`] table.
pub type Packed4 = u16;

/// [`combine`] over every [`Packed4`], without (`[0]`) and with (`[1]`) the `Forbid` hint.
static CLASS_TABLE: LazyLock<Box<[[u8; 1 << 16]; 2]>> = LazyLock::new(|| {
    let mut t = Box::new([[0u8; 1 << 16]; 2]);
    for (renju_black, row) in t.iter_mut().enumerate() {
        for (packed, e) in row.iter_mut().enumerate() {
            let ps: [Pattern; 4] = std::array::from_fn(|d| {
                Pattern::from_u8(((packed >> (4 * d)) & 15).min(Pattern::Five as usize) as u8)
            });
            *e = combine(ps, renju_black == 1) as u8;
        }
    }
    t
});

/// The class of the packed patterns `packed` ([`Packed4`]); `renju_black` selects the table
/// with the `Forbid` hint.
#[inline]
pub fn class_of(packed: Packed4, renju_black: bool) -> Class {
    Class::from_u8(CLASS_TABLE[renju_black as usize][packed as usize])
}

/// The raw table behind [`class_of`] (for the board's hot path).
#[inline]
pub(super) fn class_table(renju_black: bool) -> &'static [u8; 1 << 16] {
    &CLASS_TABLE[renju_black as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use Pattern::*;

    #[test]
    fn combined_classes() {
        let c = |ps: [Pattern; 4], rb| combine(ps, rb);
        assert_eq!(c([Five, Dead, Dead, Dead], false), Class::Five);
        assert_eq!(c([Five, Overline, Flex4, Flex4], true), Class::Five);
        assert_eq!(c([Block4, Block4, Dead, Dead], false), Class::DoubleFour);
        assert_eq!(c([Block4, Block4, Dead, Dead], true), Class::Forbid);
        assert_eq!(c([Overline, Dead, Dead, Dead], true), Class::Forbid);
        assert_eq!(c([Overline, Dead, Dead, Dead], false), Class::None);
        assert_eq!(c([Flex3, Flex3, Dead, Dead], true), Class::Forbid);
        assert_eq!(c([Flex3, Flex3, Dead, Dead], false), Class::Flex3x2);
        assert_eq!(c([Flex4, Flex3, Dead, Dead], true), Class::Flex4);
        assert_eq!(c([Block4, Flex3, Dead, Dead], true), Class::Block4Flex3);
        assert_eq!(c([Block4, Flex2, Dead, Dead], false), Class::Block4Plus);
        assert_eq!(c([Block4, Flex1, Dead, Dead], false), Class::Block4);
        assert_eq!(c([Flex3, Block3, Dead, Dead], false), Class::Flex3Plus);
        assert_eq!(c([Flex3, Block2, Dead, Dead], false), Class::Flex3);
        assert_eq!(c([Block3, Flex2, Dead, Dead], false), Class::Block3Plus);
        assert_eq!(c([Block3, Block3, Dead, Dead], false), Class::Block3Plus);
        assert_eq!(c([Block3, Block2, Dead, Dead], false), Class::Block3);
        assert_eq!(c([Flex2, Flex2, Dead, Dead], false), Class::Flex2x2);
        assert_eq!(c([Flex2, Block2, Dead, Dead], false), Class::Flex2);
        assert_eq!(c([Flex1, Block2, Block1, Dead], false), Class::None);
        for packed in [0x0000u16, 0xcd10, 0xaa91, 0x7761, 0xbb00] {
            let ps: [Pattern; 4] =
                std::array::from_fn(|d| Pattern::from_u8(((packed >> (4 * d)) & 15) as u8));
            for rb in [false, true] {
                assert_eq!(class_of(packed, rb), combine(ps, rb));
            }
        }
    }
}
