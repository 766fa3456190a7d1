//! Move-ordering memory across nodes: a history score per side and cell (quiet moves that caused
//! cut-offs), a counter move per side and opponent's last cell (the quiet move that last refuted
//! that stone), and two killer moves per ply (kept in the stack frames).

use crate::board::{Pos, NUM_CELLS};
use crate::params::HISTORY_MAX;
use crate::types::Color;

pub struct History {
    table: Vec<[i32; NUM_CELLS]>,
    counter: Vec<[Pos; NUM_CELLS]>,
}

impl History {
    pub fn new() -> History {
        History {
            table: vec![[0; NUM_CELLS]; 2],
            counter: vec![[Pos::NONE; NUM_CELLS]; 2],
        }
    }

    pub fn clear(&mut self) {
        for t in &mut self.table {
            t.fill(0);
        }
        for t in &mut self.counter {
            t.fill(Pos::NONE);
        }
    }

    #[inline]
    pub fn get(&self, side: Color, p: Pos) -> i32 {
        self.table[side.index()][p.index()]
    }

    /// Rewards (`bonus > 0`) or punishes a move, with gravity towards zero.
    #[inline]
    pub fn update(&mut self, side: Color, p: Pos, bonus: i32) {
        let e = &mut self.table[side.index()][p.index()];
        let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *e += b - *e * b.abs() / HISTORY_MAX;
    }

    /// The quiet move of `side` that last caused a cut-off right after the opponent played
    /// `last` ([`Pos::NONE`] if none).
    #[inline]
    pub fn counter(&self, side: Color, last: Pos) -> Pos {
        self.counter[side.index()][last.index()]
    }

    /// Records `reply` as `side`'s counter move to the opponent's `last` stone.
    #[inline]
    pub fn set_counter(&mut self, side: Color, last: Pos, reply: Pos) {
        self.counter[side.index()][last.index()] = reply;
    }

    /// Halves every entry (between searches, so old knowledge fades).
    pub fn age(&mut self) {
        for t in &mut self.table {
            for e in t.iter_mut() {
                *e /= 2;
            }
        }
    }
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}
