//! Zobrist keys: one fixed pseudo-random 64-bit key per (colour, cell) and a side-to-move key.
//!
//! The keys are drawn once, at first use, from `Xoshiro256PlusPlus::seed_from_u64(SEED)` in this
//! order: `cells[Black][0..NUM_CELLS]`, then `cells[White][0..NUM_CELLS]`, then `side`. The
//! position key of a board is the XOR of `cells[colour][pos]` over its stones. Blocked cells are
//! not hashed: they are fixed for a whole game and the transposition table is cleared between
//! games. A golden test pins the first keys so that a change of the random stream cannot go
//! unnoticed (it would silently change the bench signature).

use std::sync::LazyLock;

use rand_xoshiro::rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::pos::{Pos, NUM_CELLS};
use crate::types::Color;

/// The seed of the key stream. Changing it changes every hash and the bench signature.
pub const SEED: u64 = 0x5265_6e73_615f_5a6f; // "Rensa_Zo"

/// The key table. Index as `cells[color.index()][pos.index()]`.
pub struct Keys {
    /// One key per colour and padded-grid cell.
    pub cells: [[u64; NUM_CELLS]; 2],
    /// XOR this in when the search wants the side to move in its key (the board does not).
    pub side: u64,
}

static KEYS: LazyLock<Box<Keys>> = LazyLock::new(|| {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
    let mut keys = Box::new(Keys {
        cells: [[0; NUM_CELLS]; 2],
        side: 0,
    });
    for color in 0..2 {
        for k in keys.cells[color].iter_mut() {
            *k = rng.next_u64();
        }
    }
    keys.side = rng.next_u64();
    keys
});

/// The whole key table (built at first call).
#[inline]
pub fn keys() -> &'static Keys {
    &KEYS
}

/// The key of a stone of `color` on `p`.
#[inline]
pub fn key(p: Pos, color: Color) -> u64 {
    KEYS.cells[color.index()][p.index()]
}

/// The side-to-move key.
#[inline]
pub fn side_key() -> u64 {
    KEYS.side
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_keys() {
        let k = keys();
        assert_eq!(k.cells[0][0], 0x4b34_58d7_98c4_da4d);
        assert_eq!(k.cells[0][1], 0xa25b_8ca6_70e4_dff6);
        assert_eq!(k.cells[1][0], 0x8ef2_5aa1_4742_6aa7);
        assert_eq!(k.side, 0x3d87_e8c7_d67a_23ae);
    }

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = keys().cells.iter().flatten().copied().collect();
        all.push(side_key());
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
