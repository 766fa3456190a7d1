//! Candidate moves of a node and their order.
//!
//! One pass over the cells near the stones classifies each for both sides (the "scan"); the
//! same pass finds the node's tactical facts (own five, the opponent's fives, own open four,
//! the opponent's open-four threats) and the class counts the evaluation needs. Ordering then
//! picks moves lazily by a TOTAL order — score, then cell index — so the tree never depends on
//! sort stability.

use super::stack::MoveEntry;
use crate::board::{Board, Pos, NUM_CELLS};
use crate::eval::threat::{self, Class};
use crate::eval::ClassCounts;
use crate::types::{Color, Rule};

/// Ordering value of a cell by what it makes for the side to move (`ATT`) and what it takes
/// from the opponent (`DEF`), indexed by class (same order as `eval::params::ATTACK`).
const ORDER_ATT: [i32; 16] = [
    0, -1_000_000, 20, 80, 60, 250, 260, 600, 700, 900, 500, 700, 3000, 4000, 9000, 100_000,
];
const ORDER_DEF: [i32; 16] = [
    0, 0, 10, 50, 30, 180, 190, 450, 500, 700, 300, 400, 1500, 2000, 6000, 50_000,
];

/// The tactical facts of a node, found by [`scan`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Scan {
    /// A cell where the side to move makes five (or `Pos::NONE`).
    pub own_five: Pos,
    /// Cells where the opponent makes five (the first two found) and their number.
    pub opp_five: [Pos; 2],
    pub opp_fives: u32,
    /// A cell where the side to move wins in three plies: an open four, or (outside caro) two
    /// fours at once.
    pub own_win3: Pos,
    /// Whether the opponent threatens to win in three plies (open four or double four next).
    pub opp_threat: bool,
    /// Class counts for the evaluation.
    pub counts: ClassCounts,
}

/// Cells near the stones: every empty cell within two steps (a 5×5 square) of a stone.
/// Keeps a stamp per cell so each cell is listed once, in a deterministic order.
pub struct Candidates {
    stamp: Vec<u32>,
    cur: u32,
}

impl Candidates {
    pub fn new() -> Candidates {
        Candidates {
            stamp: vec![0; NUM_CELLS],
            cur: 0,
        }
    }

    /// Writes the candidate cells of `board` into `out` and returns how many.
    pub fn generate(&mut self, board: &Board, out: &mut [MoveEntry]) -> usize {
        self.cur = self.cur.wrapping_add(1);
        if self.cur == 0 {
            self.stamp.fill(0);
            self.cur = 1;
        }
        let grid = board.grid();
        let mut n = 0;
        for &(s, _) in board.history() {
            for dy in -2isize..=2 {
                for dx in -2isize..=2 {
                    let q = Pos((s.0 as isize + dy * crate::board::STRIDE as isize + dx) as u16);
                    if grid.is_empty(q) && self.stamp[q.index()] != self.cur {
                        self.stamp[q.index()] = self.cur;
                        out[n] = MoveEntry {
                            pos: q,
                            ..MoveEntry::default()
                        };
                        n += 1;
                    }
                }
            }
        }
        n
    }
}

impl Default for Candidates {
    fn default() -> Self {
        Candidates::new()
    }
}

/// Classifies the `n` cells of `moves` for `us` (attack) and the opponent (defence) and gathers
/// the node's tactical facts.
pub fn scan(board: &Board, us: Color, moves: &mut [MoveEntry]) -> Scan {
    let them = us.opp();
    let caro = board.rule().blocked_five_void();
    let mut s = Scan::default();
    for m in moves.iter_mut() {
        m.att = threat::class(board, m.pos, us);
        m.def = threat::class(board, m.pos, them);
        s.counts.add(m.att, m.def);
        match m.att {
            Class::Five => s.own_five = m.pos,
            Class::Flex4 => s.own_win3 = m.pos,
            Class::DoubleFour if !caro && s.own_win3.is_none() => s.own_win3 = m.pos,
            _ => {}
        }
        match m.def {
            Class::Five => {
                if (s.opp_fives as usize) < 2 {
                    s.opp_five[s.opp_fives as usize] = m.pos;
                }
                s.opp_fives += 1;
            }
            Class::Flex4 | Class::DoubleFour => s.opp_threat = true,
            _ => {}
        }
    }
    s
}

/// Whether `m` may be played by `us` when the opponent threatens to win in three plies: it
/// makes a four, or it is a cell the opponent needs for a four or better.
#[inline]
pub fn is_defence(m: &MoveEntry) -> bool {
    m.att.is_four() || (m.def.is_four() && m.def != Class::Forbid)
}

/// Whether a move is tactical (never reduced or pruned): makes or stops a three or better.
#[inline]
pub fn is_tactical(m: &MoveEntry) -> bool {
    m.att >= Class::Flex3 || m.def >= Class::Flex3
}

/// The static ordering score of a move.
#[inline]
pub fn static_score(m: &MoveEntry) -> i32 {
    ORDER_ATT[m.att as usize] + ORDER_DEF[m.def as usize]
}

/// Whether `us` may play the cell at all (renju: Black's forbidden points are excluded).
#[inline]
pub fn playable(rule: Rule, us: Color, m: &MoveEntry) -> bool {
    !(rule == Rule::Renju && us == Color::Black && m.att == Class::Forbid)
}

/// Moves the best remaining entry of `moves[from..]` to `from` (score, then lower cell index).
#[inline]
pub fn pick_next(moves: &mut [MoveEntry], from: usize) {
    let mut best = from;
    for i in from + 1..moves.len() {
        let (a, b) = (&moves[i], &moves[best]);
        if a.score > b.score || (a.score == b.score && a.pos.0 < b.pos.0) {
            best = i;
        }
    }
    moves.swap(from, best);
}
