//! `rensa-train order`: the move ordering's line-pattern values measured on self-play games.
//!
//! The search orders the many cells that share a threat class by their four line patterns
//! (`ORDER_PATTERN_ATTACK` / `ORDER_PATTERN_DEFEND` in the engine's `params.rs`). This module
//! measures what each pattern is worth as a hint of the move the search chose: over every
//! position of a data file whose next record shows the move played, it counts each direction's
//! pattern (for the mover and for the opponent) on every candidate cell and on the played cell.
//! A pattern's value is its log-lift, `ln(share among played cells / share among candidate
//! cells)`, in units of `scale` per natural log: the sum over the four directions then ranks the
//! cells as a naive-Bayes estimate of which one the search plays. Directions are not
//! independent, so the values are an ordering, not probabilities.

use rensa::board::pattern::code::patterns_of;
use rensa::board::pattern::{code_of, Pattern};
use rensa::board::Pos;

use crate::dataset::Record;

/// Number of line patterns.
pub const PATTERNS: usize = Pattern::Five as usize + 1;

/// The counts behind the values: per pattern, directions seen on candidate cells and on played
/// cells, for the mover (`[0]`) and for the opponent (`[1]`).
#[derive(Clone, Debug, Default)]
pub struct PatternCounts {
    pub positions: u64,
    pub candidates: [[u64; PATTERNS]; 2],
    pub played: [[u64; PATTERNS]; 2],
}

/// The played move of each record that has one: the last stone of the next record, when that
/// record is the same game one ply on (its stones are this record's plus one).
fn played_move(r: &Record, next: &Record) -> Option<u16> {
    let n = r.stones.len();
    (next.stones.len() == n + 1
        && next.rule == r.rule
        && (next.width, next.height) == (r.width, r.height)
        && next.stones[..n] == r.stones[..])
        .then(|| next.stones[n])
}

/// Counts the patterns of `records` (in file order) over positions with at least `min_stones`
/// stones.
pub fn count(records: &[Record], min_stones: usize) -> PatternCounts {
    let mut c = PatternCounts::default();
    for pair in records.windows(2) {
        let (r, next) = (&pair[0], &pair[1]);
        if r.stones.len() < min_stones {
            continue;
        }
        let Some(cell) = played_move(r, next) else {
            continue;
        };
        let Some(board) = r.board() else { continue };
        let us = r.side;
        let w = r.width as usize;
        let played = Pos::new(cell as usize % w, cell as usize / w);
        // A move far from the stones is no candidate: nothing to learn from the position.
        if !board.candidates().any(|p| p == played) {
            continue;
        }
        c.positions += 1;
        for p in board.candidates() {
            for (k, color) in [us, us.opp()].into_iter().enumerate() {
                for pat in patterns_of(code_of(board.patterns_packed(p, color)) as usize) {
                    c.candidates[k][pat as usize] += 1;
                    if p == played {
                        c.played[k][pat as usize] += 1;
                    }
                }
            }
        }
    }
    c
}

/// The values of the patterns (`[0]` for the mover, `[1]` for the opponent): the log-lift in
/// units of `scale`, with one pseudo-count per pattern, shifted so that the least is worth 0
/// (every cell has four directions, so a shift changes no order); a pattern never seen on a
/// candidate is worth 0.
pub fn values(c: &PatternCounts, scale: f64) -> [[i32; PATTERNS]; 2] {
    let side = |cands: &[u64; PATTERNS], plays: &[u64; PATTERNS]| {
        let cand: u64 = cands.iter().sum();
        let play: u64 = plays.iter().sum();
        let lift = |i: usize| {
            let pp = (plays[i] as f64 + 1.0) / (play as f64 + PATTERNS as f64);
            let pc = (cands[i] as f64 + 1.0) / (cand as f64 + PATTERNS as f64);
            (pp / pc).ln()
        };
        let seen = |i: &usize| cands[*i] > 0;
        let least = (0..PATTERNS)
            .filter(seen)
            .map(lift)
            .fold(f64::INFINITY, f64::min);
        let mut v = [0; PATTERNS];
        for i in (0..PATTERNS).filter(seen) {
            v[i] = ((lift(i) - least) * scale).round() as i32;
        }
        v
    };
    [
        side(&c.candidates[0], &c.played[0]),
        side(&c.candidates[1], &c.played[1]),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(stones: &[(usize, usize)]) -> Record {
        Record::freestyle15(stones.iter().map(|&(x, y)| (y * 15 + x) as u16).collect())
    }

    /// A game whose moves always extend the mover's own line makes an own open three worth
    /// more than a lone stone's line, and the first record of the next game is no move.
    #[test]
    fn played_patterns_are_worth_more() {
        let moves = [
            (7, 7),
            (7, 9),
            (8, 7),
            (8, 9),
            (9, 7),
            (9, 9),
            (6, 7),
            (6, 9),
        ];
        let mut records: Vec<Record> = (1..=moves.len()).map(|n| record(&moves[..n])).collect();
        // Another game: its first record has no predecessor in this game.
        records.push(record(&[(3, 3)]));
        let c = count(&records, 1);
        assert_eq!(c.positions, moves.len() as u64 - 1);
        let v = values(&c, 100.0);
        let own = |p: Pattern| v[0][p as usize];
        assert!(own(Pattern::Flex3) > own(Pattern::Flex1), "{v:?}");
        assert_eq!(v[0].iter().min(), Some(&0));
    }
}
