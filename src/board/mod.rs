//! The board: a padded grid of cells with make/undo, the Zobrist key and the incrementally
//! maintained line patterns every other part of the engine reads.

pub mod grid;
pub mod pos;
pub mod rule;

pub use grid::Grid;
pub use pos::{Pos, DIRS, NUM_CELLS, PAD, STRIDE};
pub use rule::Foul;

use crate::types::{Cell, Color, Rule};

/// The search board (STUB: patterns and Zobrist keys to come).
#[derive(Clone)]
pub struct Board {
    grid: Grid,
    rule: Rule,
    hash: u64,
    history: Vec<(Pos, Color)>,
}

impl Board {
    pub fn new(width: usize, height: usize, rule: Rule) -> Board {
        Board {
            grid: Grid::new(width, height),
            rule,
            hash: 0,
            history: Vec::with_capacity(width * height),
        }
    }

    #[inline]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    pub fn cell(&self, p: Pos) -> Cell {
        self.grid.get(p)
    }

    /// Moves played so far (blocked cells excluded), oldest first.
    pub fn history(&self) -> &[(Pos, Color)] {
        &self.history
    }

    /// Places a stone of `color` on the empty cell `p`.
    pub fn make(&mut self, p: Pos, color: Color) {
        debug_assert!(self.grid.is_empty(p));
        self.grid.set(p, color.stone());
        self.history.push((p, color));
    }

    /// Takes back the last stone placed by [`Board::make`].
    pub fn undo(&mut self) -> Option<(Pos, Color)> {
        let (p, c) = self.history.pop()?;
        self.grid.set(p, Cell::Empty);
        Some((p, c))
    }

    /// Marks the empty cell `p` as blocked (BOARD field 3).
    pub fn block(&mut self, p: Pos) {
        debug_assert!(self.grid.is_empty(p));
        self.grid.set(p, Cell::Wall);
    }
}
