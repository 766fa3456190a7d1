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
//!
//! With `-codes`, it also fits one value per pattern code, for the mover and for the opponent, by
//! softmax regression of the played cell among the candidate cells ([`fit_codes`]), and writes
//! the engine's code ordering table of the data's rule family (`src/search/order-codes*.txt`,
//! `ORDER_CODE_PERMILLE`).

use rensa::board::pattern::code::patterns_of;
use rensa::board::pattern::{Pattern, CODES};
use rensa::board::{Board, Class, Pos};
use rensa::search::movepick;
use rensa::search::stack::{MoveEntry, MAX_MOVES};

use crate::train::dataset::Record;

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
pub(crate) fn played_move(r: &Record, next: &Record) -> Option<u16> {
    let n = r.stones.len();
    (next.stones.len() == n + 1
        && next.rule == r.rule
        && (next.width, next.height) == (r.width, r.height)
        && next.stones[..n] == r.stones[..])
        .then(|| next.stones[n])
}

/// The positions of `records` (in file order) with at least `min_stones` stones and a chosen
/// move: the search's best move where the record keeps one (labelled data), else the move
/// played next; each record with its board and that cell.
fn chosen_positions(
    records: &[Record],
    min_stones: usize,
) -> impl Iterator<Item = (&Record, Board, Pos)> {
    records.windows(2).filter_map(move |pair| {
        let (r, next) = (&pair[0], &pair[1]);
        if r.stones.len() < min_stones {
            return None;
        }
        let cell = r.best.or_else(|| played_move(r, next))?;
        let board = r.board()?;
        let w = r.width as usize;
        Some((r, board, Pos::new(cell as usize % w, cell as usize / w)))
    })
}

/// Counts the patterns of `records` (in file order) over positions with at least `min_stones`
/// stones.
pub fn count(records: &[Record], min_stones: usize) -> PatternCounts {
    let mut c = PatternCounts::default();
    for (r, board, played) in chosen_positions(records, min_stones) {
        let us = r.side;
        // A move far from the stones is no candidate: nothing to learn from the position.
        if !board.candidates().any(|p| p == played) {
            continue;
        }
        c.positions += 1;
        for p in board.candidates() {
            for (k, color) in [us, us.opp()].into_iter().enumerate() {
                for pat in patterns_of(board.pattern_code(p, color)) {
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

/// One position for the code fit: the pattern codes of its candidate cells (for the mover, for
/// the opponent), their classes as the board gives them, and which of them the search chose.
pub struct CodeSample {
    pub cells: Vec<(u16, u16)>,
    /// Each cell's [`Board::class`] for the mover and for the opponent (renju Black's classes,
    /// forbidden cells confirmed), as the engine's move scan sees them.
    pub classes: Vec<(Class, Class)>,
    pub played: usize,
    /// A fixed part of each cell's score (natural-log units) that the fit learns around: the
    /// class values the engine's order adds the codes to (0 without one).
    pub offsets: Vec<f64>,
}

impl CodeSample {
    /// Each candidate cell's score: its offset plus what `codes` gives its two codes.
    pub fn scores(&self, codes: impl Fn(u16, u16) -> f64) -> Vec<f64> {
        (self.cells.iter().zip(&self.offsets))
            .map(|(&(a, d), &o)| o + codes(a, d))
            .collect()
    }
}

/// The positions of `records` (in file order) with at least `min_stones` stones whose chosen
/// move is a candidate cell, as code samples (offsets 0). Cells the mover may not play (renju
/// Black's forbidden points) are left out, as the engine's order leaves them out.
pub fn code_samples(records: &[Record], min_stones: usize) -> Vec<CodeSample> {
    let mut out = Vec::new();
    let mut moves = vec![MoveEntry::default(); MAX_MOVES];
    for (r, board, played) in chosen_positions(records, min_stones) {
        let (us, them) = (r.side, r.side.opp());
        let (mut cells, mut classes, mut at) = (Vec::new(), Vec::new(), None);
        // The engine's own scan and its test of what the mover may play.
        let n = movepick::scan(&board, us, &mut moves);
        for m in moves[..n]
            .iter()
            .filter(|m| movepick::playable(board.rule(), us, m))
        {
            if m.pos == played {
                at = Some(cells.len());
            }
            cells.push((
                board.pattern_code(m.pos, us) as u16,
                board.pattern_code(m.pos, them) as u16,
            ));
            classes.push((m.att, m.def));
        }
        if let Some(played) = at.filter(|_| cells.len() > 1) {
            let offsets = vec![0.0; cells.len()];
            out.push(CodeSample {
                cells,
                classes,
                played,
                offsets,
            });
        }
    }
    out
}

/// Code values, `[code][0]` for the mover's code of a cell, `[code][1]` for the opponent's, in
/// natural-log units.
pub type CodeValues = Vec<[f64; 2]>;

/// The softmax probabilities' log-loss on `samples` of each cell's offset plus `score` of its
/// codes, and the shares of samples whose chosen cell ranks in the first 1, 5 and 10 (ties
/// shared out evenly).
pub fn code_report(samples: &[CodeSample], score: &dyn Fn(u16, u16) -> f64) -> (f64, [f64; 3]) {
    let (mut loss, mut top) = (0.0, [0.0; 3]);
    for s in samples {
        let z = s.scores(score);
        let max = z.iter().cloned().fold(f64::MIN, f64::max);
        let lse = max + z.iter().map(|x| (x - max).exp()).sum::<f64>().ln();
        loss += lse - z[s.played];
        let me = z[s.played];
        let above = z.iter().filter(|&&x| x > me).count() as f64;
        let tied = z.iter().filter(|&&x| x == me).count() as f64;
        for (k, first) in [1.0, 5.0, 10.0].into_iter().enumerate() {
            // The share of the tied places that fall within the first `first`.
            top[k] += ((first - above) / tied).clamp(0.0, 1.0);
        }
    }
    let n = samples.len().max(1) as f64;
    (loss / n, top.map(|x| x / n))
}

/// Fits the code values by softmax regression over each sample's candidate cells, each cell
/// scored by its offset plus its codes' values (full-batch Adam, `epochs` steps of size `lr`,
/// L2 weight `l2`), from zero.
pub fn fit_codes(samples: &[CodeSample], epochs: usize, lr: f64, l2: f64) -> CodeValues {
    let mut w = vec![[0.0f64; 2]; CODES];
    let (mut m, mut v) = (vec![[0.0f64; 2]; CODES], vec![[0.0f64; 2]; CODES]);
    let n = samples.len().max(1) as f64;
    for step in 1..=epochs {
        let mut g = vec![[0.0f64; 2]; CODES];
        for s in samples {
            let z = s.scores(|a, d| w[a as usize][0] + w[d as usize][1]);
            let max = z.iter().cloned().fold(f64::MIN, f64::max);
            let sum: f64 = z.iter().map(|x| (x - max).exp()).sum();
            for (i, &(a, d)) in s.cells.iter().enumerate() {
                let p = (z[i] - max).exp() / sum - if i == s.played { 1.0 } else { 0.0 };
                g[a as usize][0] += p;
                g[d as usize][1] += p;
            }
        }
        let (c1, c2) = (
            1.0 - 0.9f64.powi(step as i32),
            1.0 - 0.999f64.powi(step as i32),
        );
        for c in 0..CODES {
            for k in 0..2 {
                let grad = g[c][k] / n + l2 * w[c][k];
                m[c][k] = 0.9 * m[c][k] + 0.1 * grad;
                v[c][k] = 0.999 * v[c][k] + 0.001 * grad * grad;
                w[c][k] -= lr * (m[c][k] / c1) / ((v[c][k] / c2).sqrt() + 1e-8);
            }
        }
    }
    w
}

/// The table file of `values` (see the engine's `src/search/order-codes.txt`): a comment
/// `header`, then `code attack defence` per code in hundredths.
pub fn code_table_text(values: &CodeValues, header: &str) -> String {
    let mut out = String::new();
    for line in header.lines() {
        out.push_str("# ");
        out.push_str(line);
        out.push('\n');
    }
    for (code, v) in values.iter().enumerate() {
        let q = |x: f64| (x * 100.0).round() as i32;
        out.push_str(&format!("{code} {} {}\n", q(v[0]), q(v[1])));
    }
    out
}

/// A game whose moves always extend the mover's own line (two parallel rows): a test game of
/// move choice.
#[cfg(test)]
pub(crate) const LINE_GAME: [(usize, usize); 8] = [
    (7, 7),
    (7, 9),
    (8, 7),
    (8, 9),
    (9, 7),
    (9, 9),
    (6, 7),
    (6, 9),
];

#[cfg(test)]
mod tests {
    use super::*;
    use rensa::types::Rule;

    fn record(stones: &[(usize, usize)]) -> Record {
        Record::freestyle15(stones.iter().map(|&(x, y)| (y * 15 + x) as u16).collect())
    }

    /// The code fit learns what the search plays: in a game whose moves always extend the
    /// mover's own line, the fitted values rank the played cells higher than the untrained
    /// (all-zero) ones do, and the table text parses in the engine.
    #[test]
    fn code_fit_ranks_the_played_cells_first() {
        let moves = LINE_GAME;
        let records: Vec<Record> = (1..=moves.len()).map(|n| record(&moves[..n])).collect();
        let samples = code_samples(&records, 1);
        assert_eq!(samples.len(), moves.len() - 1);
        let zero = code_report(&samples, &|_, _| 0.0);
        let w = fit_codes(&samples, 200, 0.1, 0.0);
        let fitted = code_report(&samples, &|a, d| w[a as usize][0] + w[d as usize][1]);
        assert!(
            fitted.0 < zero.0 && fitted.1[0] > zero.1[0],
            "{zero:?} {fitted:?}"
        );
        let text = code_table_text(&w, "test table");
        let table = rensa::search::movepick::parse_code_order(&text).expect("parses");
        assert_eq!(table.len(), CODES);
    }

    /// Renju Black's forbidden cells are no candidates of the code fit, and the classes are the
    /// board's: Black's open threes at (5..7, 7) and (7, 5..7) make (7, 7) a double three.
    #[test]
    fn code_samples_leave_out_black_forbidden_cells() {
        let stones = [
            (5, 7),
            (12, 2),
            (6, 7),
            (2, 12),
            (7, 5),
            (12, 12),
            (7, 6),
            (2, 2),
        ];
        let sample = |rule: Rule| {
            let mut r = record(&stones);
            r.rule = rule;
            r.best = Some(8 * 15 + 8);
            let s = code_samples(&[r.clone(), r], 0);
            assert_eq!(s.len(), 1, "{rule:?}");
            s.into_iter().next().unwrap()
        };
        let (free, renju) = (sample(Rule::Freestyle), sample(Rule::Renju));
        assert_eq!(renju.cells.len(), free.cells.len() - 1);
        assert_eq!(renju.classes.len(), renju.cells.len());
        assert!(renju.classes.iter().all(|&(a, _)| a != Class::Forbid));
        assert!(free.classes.iter().any(|&(a, _)| a == Class::Flex3x2));
    }

    #[test]
    fn code_fit_learns_around_the_offsets() {
        // The offsets put one wrong cell of each position far ahead; the codes learn to undo
        // that, so that the played cell comes first again under offset plus codes.
        let moves = LINE_GAME;
        let records: Vec<Record> = (1..=moves.len()).map(|n| record(&moves[..n])).collect();
        let mut samples = code_samples(&records, 1);
        for s in &mut samples {
            let wrong = (s.played + 1) % s.cells.len();
            s.offsets = (0..s.cells.len())
                .map(|i| if i == wrong { 3.0 } else { 0.0 })
                .collect();
        }
        let played_first = |w: &CodeValues| {
            samples
                .iter()
                .filter(|s| {
                    let z = s.scores(|a, d| w[a as usize][0] + w[d as usize][1]);
                    (0..z.len()).all(|i| i == s.played || z[i] < z[s.played])
                })
                .count()
        };
        assert_eq!(played_first(&vec![[0.0; 2]; CODES]), 0);
        let w = fit_codes(&samples, 200, 0.1, 0.0);
        // (Cells with the same codes as the played one stay tied with it.)
        assert!(played_first(&w) > 0);
    }

    /// A game whose moves always extend the mover's own line makes an own open three worth
    /// more than a lone stone's line, and the first record of the next game is no move.
    #[test]
    fn played_patterns_are_worth_more() {
        let moves = LINE_GAME;
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
