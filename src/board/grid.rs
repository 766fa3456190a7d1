//! The raw cell array: which cells hold which stones, nothing incremental.
//!
//! `Grid` is the representation the rules are judged on (five, caro blocking, renju forbidden
//! points) and the one the match runner keeps. The incremental machinery for the search lives in
//! [`crate::board::Board`], which owns a `Grid`.

use super::pos::{Pos, NUM_CELLS, PAD, STRIDE};
use crate::types::{Cell, Color, MAX_SIZE, MIN_SIZE};

/// A board of `width × height` cells inside the padded array; everything outside is `Wall`.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: [Cell; NUM_CELLS],
}

impl Grid {
    /// An empty board. Sizes must lie in `MIN_SIZE..=MAX_SIZE` (checked by callers).
    pub fn new(width: usize, height: usize) -> Grid {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&width) && (MIN_SIZE..=MAX_SIZE).contains(&height));
        let mut cells = [Cell::Wall; NUM_CELLS];
        for y in 0..height {
            for x in 0..width {
                cells[Pos::new(x, y).index()] = Cell::Empty;
            }
        }
        Grid {
            width,
            height,
            cells,
        }
    }

    #[inline]
    pub fn width(&self) -> usize {
        self.width
    }

    #[inline]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether the signed coordinates lie on the board.
    #[inline]
    pub fn contains(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && (x as u64) < self.width as u64 && (y as u64) < self.height as u64
    }

    /// The position of on-board coordinates, or `None` when they are off the board.
    #[inline]
    pub fn pos(&self, x: i64, y: i64) -> Option<Pos> {
        self.contains(x, y)
            .then(|| Pos::new(x as usize, y as usize))
    }

    #[inline]
    pub fn get(&self, p: Pos) -> Cell {
        self.cells[p.index()]
    }

    #[inline]
    pub fn set(&mut self, p: Pos, c: Cell) {
        debug_assert!(self.is_on_board(p));
        self.cells[p.index()] = c;
    }

    #[inline]
    pub fn is_empty(&self, p: Pos) -> bool {
        self.cells[p.index()] == Cell::Empty
    }

    /// Whether `p` (any index of the padded array) is a cell of the playing area.
    #[inline]
    pub fn is_on_board(&self, p: Pos) -> bool {
        let (i, s) = (p.index(), STRIDE);
        i < NUM_CELLS && {
            let (x, y) = (i % s, i / s);
            x >= PAD && y >= PAD && x - PAD < self.width && y - PAD < self.height
        }
    }

    /// Whether the cell holds a stone of `color`.
    #[inline]
    pub fn is(&self, p: Pos, color: Color) -> bool {
        self.cells[p.index()] == color.stone()
    }

    /// Every cell of the playing area, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Pos::new(x, y)))
    }

    /// Number of empty cells on the board.
    pub fn empty_count(&self) -> usize {
        self.positions().filter(|&p| self.is_empty(p)).count()
    }

    /// Reads a board drawn as text, one row per line: `X` (or `x`, `B`) Black, `O` (or `o`,
    /// `W`) White, `#` a blocked cell, `.`, `_`, `-` or `+` empty. Spaces are ignored, and so are a
    /// leading row number and a header line of column letters (`a b c …`), so boards can be drawn as
    /// ```text
    ///    a b c d e
    ///  1 . . X . .
    ///  2 . O X . .
    /// ```
    /// All rows must have the same number of cells. Returns an error message for anything else.
    pub fn from_ascii(text: &str) -> Result<Grid, String> {
        let mut rows: Vec<Vec<Cell>> = Vec::new();
        for line in text.lines() {
            let body: String = line
                .trim()
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            if body.is_empty() {
                continue;
            }
            // A header of column letters: `abcde…` in order.
            if body.bytes().enumerate().all(|(i, c)| c == b'a' + i as u8) {
                continue;
            }
            let mut row = Vec::new();
            for c in body.chars() {
                row.push(match c {
                    'X' | 'x' | 'B' => Cell::Black,
                    'O' | 'o' | 'W' => Cell::White,
                    '#' => Cell::Wall,
                    '.' | '_' | '+' | '-' => Cell::Empty,
                    other => return Err(format!("unexpected character {other:?} in board")),
                });
            }
            rows.push(row);
        }
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if !(MIN_SIZE..=MAX_SIZE).contains(&width) || !(MIN_SIZE..=MAX_SIZE).contains(&height) {
            return Err(format!("board of {width}x{height} is outside 5..=32"));
        }
        if rows.iter().any(|r| r.len() != width) {
            return Err("rows of different lengths".to_string());
        }
        let mut grid = Grid::new(width, height);
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                grid.set(Pos::new(x, y), c);
            }
        }
        Ok(grid)
    }

    /// Draws the board in the format [`Grid::from_ascii`] reads.
    pub fn to_ascii(&self) -> String {
        let mut s = String::new();
        for y in 0..self.height {
            for x in 0..self.width {
                s.push(match self.get(Pos::new(x, y)) {
                    Cell::Empty => '.',
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    Cell::Wall => '#',
                });
                if x + 1 < self.width {
                    s.push(' ');
                }
            }
            s.push('\n');
        }
        s
    }

    /// The same board with the colours exchanged: Black's stones become White's and White's
    /// Black's; blocked cells stay (for tests that play one shape for both sides).
    pub fn with_colours_swapped(&self) -> Grid {
        let mut swapped = self.clone();
        for p in self.positions() {
            if let Some(c) = self.get(p).color() {
                swapped.set(p, c.opp().stone());
            }
        }
        swapped
    }

    /// Number of stones of each colour: `[black, white]`.
    pub fn stone_counts(&self) -> [usize; 2] {
        let mut n = [0; 2];
        for p in self.positions() {
            if let Some(c) = self.get(p).color() {
                n[c.index()] += 1;
            }
        }
        n
    }
}

impl std::fmt::Debug for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\n{}", self.to_ascii())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_round_trip_and_walls() {
        let g = Grid::from_ascii(
            "   a b c d e f
             1 . . X . . .
             2 . O X . . .
             3 . . # . . .
             4 . . . . . .
             5 . . . . . O",
        )
        .unwrap();
        assert_eq!((g.width(), g.height()), (6, 5));
        assert_eq!(g.get(Pos::new(2, 0)), Cell::Black);
        assert_eq!(g.get(Pos::new(1, 1)), Cell::White);
        assert_eq!(g.get(Pos::new(2, 2)), Cell::Wall);
        assert_eq!(
            g.get(Pos::new(6, 0)),
            Cell::Wall,
            "right of the board is wall"
        );
        assert_eq!(Grid::from_ascii(&g.to_ascii()).unwrap(), g);
        assert_eq!(g.stone_counts(), [2, 2]);
        assert!(g.pos(-1, 0).is_none() && g.pos(6, 0).is_none() && g.pos(5, 4).is_some());
        let s = g.with_colours_swapped();
        assert_eq!(s.get(Pos::new(2, 0)), Cell::White);
        assert_eq!(s.get(Pos::new(1, 1)), Cell::Black);
        assert_eq!(s.get(Pos::new(2, 2)), Cell::Wall);
        assert_eq!(s.with_colours_swapped(), g);
    }
}
