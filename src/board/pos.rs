//! Cell addressing on the padded 1-D grid.
//!
//! Layout: a square of `STRIDE × STRIDE` cells where the playing area (up to `MAX_SIZE` on a
//! side) starts at row `PAD`, column `PAD`. Every cell of the playing area has at least `PAD`
//! cells of wall on each side in every direction, so a walk of up to `PAD` steps from a board
//! cell never leaves the array and needs no bounds check.
//!
//! ```text
//!   index = (y + PAD) * STRIDE + (x + PAD)
//!   directions: EAST = +1, SOUTH = +STRIDE, SOUTH_EAST = +STRIDE+1, SOUTH_WEST = +STRIDE-1
//! ```

use crate::types::MAX_SIZE;

/// Wall cells on each side of the playing area.
pub const PAD: usize = 5;
/// Row length of the padded grid.
pub const STRIDE: usize = MAX_SIZE + 2 * PAD;
/// Number of cells in the padded grid.
pub const NUM_CELLS: usize = STRIDE * STRIDE;

/// The four line directions as index offsets: horizontal, vertical, diagonal, anti-diagonal.
pub const DIRS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// A cell of the padded grid. Only positions made by [`Pos::new`] from on-board coordinates
/// (or walks of at most `PAD` steps from them) are meaningful.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos(pub u16);

impl Pos {
    /// A placeholder for "no move".
    pub const NONE: Pos = Pos(0);

    /// The cell at column `x`, row `y` (zero-based, protocol coordinates).
    #[inline]
    pub const fn new(x: usize, y: usize) -> Pos {
        debug_assert!(x < MAX_SIZE && y < MAX_SIZE);
        Pos(((y + PAD) * STRIDE + x + PAD) as u16)
    }

    /// Column (protocol `x`).
    #[inline]
    pub const fn x(self) -> usize {
        self.0 as usize % STRIDE - PAD
    }

    /// Row (protocol `y`).
    #[inline]
    pub const fn y(self) -> usize {
        self.0 as usize / STRIDE - PAD
    }

    /// Index into per-cell arrays of length [`NUM_CELLS`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell `k` steps along direction offset `dir` (negative `k` walks backwards).
    #[inline]
    pub const fn step(self, dir: isize, k: isize) -> Pos {
        Pos((self.0 as isize + dir * k) as u16)
    }

    /// Whether this is the placeholder [`Pos::NONE`].
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }
}

impl std::fmt::Display for Pos {
    /// Protocol form `x,y`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.x(), self.y())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for y in 0..MAX_SIZE {
            for x in 0..MAX_SIZE {
                let p = Pos::new(x, y);
                assert_eq!((p.x(), p.y()), (x, y));
                assert!(!p.is_none());
            }
        }
        assert_eq!(Pos::new(7, 3).to_string(), "7,3");
    }

    #[test]
    fn walks_of_pad_steps_stay_inside() {
        for &(x, y) in &[(0, 0), (MAX_SIZE - 1, MAX_SIZE - 1), (0, MAX_SIZE - 1)] {
            let p = Pos::new(x, y);
            for d in DIRS {
                for k in -(PAD as isize)..=PAD as isize {
                    assert!(p.step(d, k).index() < NUM_CELLS);
                }
            }
        }
    }
}
