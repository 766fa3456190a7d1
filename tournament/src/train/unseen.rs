//! `unseen`: the openings of a book that no game of some data files began from.
//!
//! A network fitted on games played from an opening has seen the positions that opening leads
//! to, so a match on it measures the network partly on its own training data. An opening
//! counts as seen when the first stones of some game of the data (as many as the opening has)
//! are the same stones of the same colours, in any order and under any symmetry of the board
//! (eight on a square board, four on another). Every record of a game starts with the game's
//! first stones, so the records' prefixes are the games' openings.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use crate::common::opening::{self, Opening};
use crate::train::dataset::{self, Record};

/// What `unseen` reads and writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnseenConfig {
    pub data: Vec<PathBuf>,
    pub openings: PathBuf,
    /// Where to write the unseen openings (pos strings, in the book's order), if anywhere.
    pub out: Option<PathBuf>,
}

/// The count of a book's openings and of those the data's games began from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    pub openings: usize,
    pub seen: usize,
}

/// A set of stones as a key: each stone `(y · width + x) · 2 + colour` (Black 0), sorted.
fn key(stones: impl Iterator<Item = (usize, usize)>, width: usize) -> Vec<u32> {
    let mut k: Vec<u32> = stones
        .enumerate()
        .map(|(i, (x, y))| ((y * width + x) * 2 + i % 2) as u32)
        .collect();
    k.sort_unstable();
    k
}

/// Symmetry `s` of a `width` × `height` board applied to `(x, y)`: bit 0 mirrors x, bit 1
/// mirrors y, bit 2 swaps the axes (square boards only).
fn transform(s: usize, (x, y): (usize, usize), width: usize, height: usize) -> (usize, usize) {
    let x = if s & 1 != 0 { width - 1 - x } else { x };
    let y = if s & 2 != 0 { height - 1 - y } else { y };
    if s & 4 != 0 {
        (y, x)
    } else {
        (x, y)
    }
}

/// Which of `openings` the games of `records` began from (all of one board size).
pub fn seen(records: &[Record], openings: &[Opening]) -> Result<Vec<bool>> {
    let Some(first) = records.first() else {
        bail!("no positions in the data");
    };
    let (width, height) = (first.width as usize, first.height as usize);
    if records
        .iter()
        .any(|r| (r.width as usize, r.height as usize) != (width, height))
    {
        bail!("the data mixes board sizes: check one size at a time");
    }
    let longest = openings.iter().map(|o| o.moves.len()).max().unwrap_or(0);
    let mut prefixes = HashSet::new();
    for r in records {
        let cells = r.stones.iter().map(|&c| {
            let c = c as usize;
            (c % width, c / width)
        });
        let cells: Vec<(usize, usize)> = cells.take(longest).collect();
        for k in 1..=cells.len() {
            prefixes.insert(key(cells[..k].iter().copied(), width));
        }
    }
    let symmetries = if width == height { 8 } else { 4 };
    Ok(openings
        .iter()
        .map(|o| {
            (0..symmetries).any(|s| {
                let cells = o.moves.iter().map(|&m| transform(s, m, width, height));
                prefixes.contains(&key(cells, width))
            })
        })
        .collect())
}

/// `rensa-train unseen`: counts the book's openings the data's games began from and writes the
/// others to `out`.
pub fn run(cfg: &UnseenConfig) -> Result<Report> {
    let records = dataset::read_files(&cfg.data).map_err(anyhow::Error::msg)?;
    let Some(first) = records.first() else {
        bail!("no positions in the data");
    };
    if first.width != first.height {
        bail!("opening books are of square boards: the data is not");
    }
    let book = opening::read_file(&cfg.openings, first.width as usize, first.rule)
        .map_err(anyhow::Error::msg)?;
    let seen = seen(&records, &book)?;
    if let Some(out) = &cfg.out {
        write_unseen(out, &book, &seen)?;
    }
    Ok(Report {
        openings: book.len(),
        seen: seen.iter().filter(|&&s| s).count(),
    })
}

fn write_unseen(out: &Path, book: &[Opening], seen: &[bool]) -> Result<()> {
    let text: String = book
        .iter()
        .zip(seen)
        .filter(|(_, &s)| !s)
        .map(|(o, _)| o.to_pos_string() + "\n")
        .collect();
    std::fs::write(out, text).map_err(|e| anyhow::anyhow!("{}: {e}", out.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rensa::board::notation;

    fn opening(pos: &str) -> Opening {
        Opening {
            moves: notation::parse_pos_string(pos).unwrap(),
        }
    }

    /// A 15×15 game record of the stones of `pos` (Black first).
    fn game(pos: &str) -> Record {
        let stones = notation::parse_pos_string(pos)
            .unwrap()
            .into_iter()
            .map(|(x, y)| (y * 15 + x) as u16)
            .collect();
        Record::freestyle15(stones)
    }

    #[test]
    fn an_opening_is_seen_in_any_order_and_symmetry_of_a_games_first_stones() {
        // One game: h8 i9 j7, then two more stones.
        let data = [game("h8i9j7k6g9")];
        let book = [
            opening("h8i9j7"),   // the game's first three stones
            opening("j7i9h8"),   // the same stones in another order
            opening("h8g9f7"),   // mirrored left to right
            opening("h8i7j9"),   // mirrored top to bottom
            opening("h8i9"),     // a shorter prefix
            opening("h8i9j7k6"), // a longer one
            opening("h8i9k6"),   // not the game's first three stones
            opening("i9h8j7"),   // the colours swapped
            opening("a1b2c3"),   // elsewhere
        ];
        let seen = seen(&data, &book).unwrap();
        assert_eq!(
            seen,
            [true, true, true, true, true, true, false, false, false]
        );
    }

    #[test]
    fn the_transposed_board_counts_only_when_square() {
        assert_eq!(transform(4, (2, 5), 15, 15), (5, 2));
        assert_eq!(transform(3, (0, 0), 20, 15), (19, 14));
        let mut wide = game("a1b1");
        wide.width = 20;
        // On 20 × 15 the axes are not swapped: a1 a2 is not a transposition of a1 b1.
        let book = [opening("a1a2"), opening("t15s15")];
        assert_eq!(seen(&[wide], &book).unwrap(), [false, true]);
    }

    #[test]
    fn mixed_sizes_and_empty_data_are_refused() {
        let mut twenty = game("a1");
        twenty.width = 20;
        twenty.height = 20;
        assert!(seen(&[game("a1"), twenty], &[opening("a1")]).is_err());
        assert!(seen(&[], &[opening("a1")]).is_err());
    }
}
