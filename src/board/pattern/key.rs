//! Line keys: what a cell sees along one line, as an integer that indexes the pattern tables.
//!
//! For a cell `c` and a direction `d`, the *line key* is a `u32` holding the contents of the 5
//! cells on each side of `c` along `d` (the cell itself is not in its key), 2 bits each
//! (`Empty = 0, Black = 1, White = 2, Wall = 3`, the [`Cell`] discriminants):
//!
//! ```text
//!   offset along d:   -5  -4  -3  -2  -1  [c]  +1  +2  +3  +4  +5
//!   field index:       0   1   2   3   4        5   6   7   8   9
//!   bits:            1:0 3:2 5:4 7:6 9:8      11:10 ...         19:18
//! ```
//!
//! i.e. offset `-k` is at bit `2 * (5 - k)`, offset `+k` at bit `2 * (4 + k)`
//! ([`shift_of`]). Offsets outside the board read `Wall`; everything beyond a wall is
//! irrelevant to the centre (tables treat it as wall too).
//!
//! Cells beyond a wall cannot matter, so a key is reduced to its *canonical* form (all cells
//! beyond the first wall on each side made walls): 364 canonical halves per side. A
//! 2 × 1024-entry [`HalfIndex`] maps each half of a key to its canonical index, so that a table
//! over keys needs one entry per pair of canonical halves ([`TABLE_LEN`] = 364² = 132 496)
//! instead of one per key (2²⁰).

use std::sync::LazyLock;

use crate::types::Cell;

/// Cells on each side of the centre kept in a line key.
pub const HALF: usize = 5;

/// Number of distinct line keys (20 bits).
pub(super) const NUM_KEYS: usize = 1 << (4 * HALF);

/// Bit position of the field for offset `k` (`-5..=-1` or `1..=5`) in a line key.
#[inline]
pub const fn shift_of(k: isize) -> u32 {
    if k < 0 {
        (2 * (5 + k)) as u32
    } else {
        (2 * (4 + k)) as u32
    }
}

/// The cell at offset `k` in a line key.
#[inline]
pub(super) const fn key_cell(key: u32, k: isize) -> Cell {
    match (key >> shift_of(k)) & 3 {
        0 => Cell::Empty,
        1 => Cell::Black,
        2 => Cell::White,
        _ => Cell::Wall,
    }
}

/// Replaces every cell beyond the first wall on each side by a wall: keys that agree on the
/// canonical form have the same patterns.
pub(super) fn canonical(mut key: u32) -> u32 {
    for sign in [-1isize, 1] {
        let mut wall = false;
        for k in 1..=HALF as isize {
            let s = shift_of(sign * k);
            if wall {
                key |= 3 << s;
            } else if (key >> s) & 3 == 3 {
                wall = true;
            }
        }
    }
    key
}

/// Swaps Black and White in a key.
#[inline]
pub(super) const fn swap_colors(key: u32) -> u32 {
    const LOW: u32 = 0x5_5555;
    ((key & LOW) << 1) | ((key >> 1) & LOW)
}

/// Bits of one half (5 cells) of a line key.
pub(super) const HALF_BITS: u32 = 2 * HALF as u32;

/// Number of values of one half of a line key.
pub(super) const HALF_KEYS: usize = 1 << HALF_BITS;

/// Number of canonical halves (walls only as a suffix away from the centre): 1+3+…+3^5.
pub const CANONICAL_HALVES: usize = 364;

/// Entries of a table over canonical keys: one per pair of canonical halves.
pub const TABLE_LEN: usize = CANONICAL_HALVES * CANONICAL_HALVES;

/// Maps each half of a line key to the index of its canonical form: `[0]` the left half (bits
/// 0..10) premultiplied by [`CANONICAL_HALVES`], `[1]` the right half (bits 10..20). The table
/// index of a key is `half[0][key & 0x3FF] + half[1][key >> 10]` ([`HalfIndex::index`]).
pub struct HalfIndex {
    pub(super) half: [[u32; HALF_KEYS]; 2],
    /// The canonical halves in index order: `[0]` left, `[1]` right (already shifted).
    pub(super) canon: [Vec<u32>; 2],
}

impl HalfIndex {
    fn build() -> HalfIndex {
        let mut half = [[0u32; HALF_KEYS]; 2];
        let mut canon: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        for (side, shift) in [(0usize, 0u32), (1, HALF_BITS)] {
            let canon_of = |h: u32| canonical(h << shift);
            canon[side] = (0..HALF_KEYS as u32)
                .map(|h| h << shift)
                .filter(|&k| canonical(k) == k)
                .collect();
            assert_eq!(canon[side].len(), CANONICAL_HALVES);
            let scale = if side == 0 {
                CANONICAL_HALVES as u32
            } else {
                1
            };
            for h in 0..HALF_KEYS as u32 {
                let i = canon[side]
                    .binary_search(&canon_of(h))
                    .expect("canonical half");
                half[side][h as usize] = i as u32 * scale;
            }
        }
        HalfIndex { half, canon }
    }

    /// The entry index of a line key in a table over canonical keys
    /// ([`super::PatternTable`]).
    #[inline]
    pub fn index(&self, key: u32) -> usize {
        (self.half[0][(key & (HALF_KEYS as u32 - 1)) as usize]
            + self.half[1][((key >> HALF_BITS) & (HALF_KEYS as u32 - 1)) as usize]) as usize
    }
}

static HALF_INDEX: LazyLock<Box<HalfIndex>> = LazyLock::new(|| Box::new(HalfIndex::build()));

/// The key → entry index map shared by all tables over line keys.
#[inline]
pub fn half_index() -> &'static HalfIndex {
    &HALF_INDEX
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_layout() {
        assert_eq!(shift_of(-5), 0);
        assert_eq!(shift_of(-1), 8);
        assert_eq!(shift_of(1), 10);
        assert_eq!(shift_of(5), 18);
        let key = (Cell::Black as u32) << shift_of(-1) | (Cell::Wall as u32) << shift_of(3);
        assert_eq!(key_cell(key, -1), Cell::Black);
        assert_eq!(key_cell(key, 3), Cell::Wall);
        assert_eq!(key_cell(key, 2), Cell::Empty);
        assert_eq!(canonical(key), key | 3 << shift_of(4) | 3 << shift_of(5));
        assert_eq!(swap_colors(0b11_10_01_00), 0b11_01_10_00);
    }
}
