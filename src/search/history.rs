//! Move-ordering memory across nodes: a history score per side, kind of move and cell (moves that
//! caused cut-offs; the kind is 0, or with `history_kinds` 1 for a tactical move), a counter move
//! per side and opponent's last cell (the quiet move that last refuted that stone), and two killer
//! moves per ply (kept in the stack frames).

use crate::board::{Pos, NUM_CELLS};
use crate::params::HISTORY_MAX;
use crate::types::Color;

pub struct History {
    /// Indexed by `2 * side + kind`.
    table: Vec<[i32; NUM_CELLS]>,
    counter: Vec<[Pos; NUM_CELLS]>,
}

impl History {
    pub fn new() -> History {
        History {
            table: vec![[0; NUM_CELLS]; 4],
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

    /// The row of `table` for `side` and `kind`.
    #[inline]
    fn row(side: Color, kind: usize) -> usize {
        2 * side.index() + (kind & 1)
    }

    #[inline]
    pub fn get(&self, side: Color, kind: usize, p: Pos) -> i32 {
        self.table[Self::row(side, kind)][p.index()]
    }

    /// Rewards (`bonus > 0`) or punishes a move, with gravity towards zero.
    #[inline]
    pub fn update(&mut self, side: Color, kind: usize, p: Pos, bonus: i32) {
        let e = &mut self.table[Self::row(side, kind)][p.index()];
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds, sides and cells are kept apart; a bonus moves the score towards the cap and
    /// ageing halves it.
    #[test]
    fn kinds_and_sides_are_kept_apart() {
        let mut h = History::new();
        let p = Pos::new(7, 7);
        h.update(Color::Black, 1, p, 400);
        assert_eq!(h.get(Color::Black, 1, p), 400);
        assert_eq!(h.get(Color::Black, 0, p), 0);
        assert_eq!(h.get(Color::White, 1, p), 0);
        assert_eq!(h.get(Color::Black, 1, Pos::new(7, 8)), 0);
        h.update(Color::Black, 0, p, -HISTORY_MAX);
        assert_eq!(h.get(Color::Black, 0, p), -HISTORY_MAX);
        assert_eq!(h.get(Color::Black, 1, p), 400);
        h.age();
        assert_eq!(h.get(Color::Black, 1, p), 200);
        h.clear();
        assert_eq!(h.get(Color::Black, 0, p), 0);
    }
}
