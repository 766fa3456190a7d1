//! The board: a padded grid of cells with make/undo, the Zobrist key and the incrementally
//! maintained line patterns every other part of the engine reads.
//!
//! [`Board`] owns a [`Grid`] and keeps, in step with it (make/undo/block touch only the 40 cells
//! within 5 steps on the 4 lines through the stone, plus the 5×5 square around it; no loops over
//! the board, no allocation):
//!
//! | field                            | per                      | meaning                                   |
//! |----------------------------------|--------------------------|-------------------------------------------|
//! | `hash: u64`                      | board                    | XOR of [`zobrist::key`] over the stones   |
//! | `keys[cell][dir]: u32`           | every cell, 4 directions | line key ([`pattern::key`] layout)        |
//! | `state[cell].pats: u32`          | empty cells              | both colours' 4 [`Pattern`]s (note below) |
//! | `state[cell].cc[color]: u16`     | empty cells              | the code and [`Class`] of those patterns  |
//! | `class_count[color][class]: u16` | board                    | number of empty cells of each [`Class`]   |
//! | `near[cell]: u8`                 | every cell               | stones in the 5×5 square centred on it    |
//! | `bbox`                           | board                    | bounding box of the stones                |
//!
//! `pats` packs colour `c`'s pattern in direction `d` at bits `16c + 4d .. 16c + 4d + 4`, so
//! the low half is [`Board::patterns_packed`] for Black and the high half for White.
//!
//! `cell` is [`Pos::index`], `dir` an index into [`DIRS`], `color` [`Color::index`]. Line keys
//! are kept for every cell, occupied or not; patterns and classes are only meaningful on empty
//! cells (on an occupied cell they keep the values from when it was last empty).
//!
//! Undo does not recompute: [`Board::make`] saves, in a fixed-size per-ply `UndoRecord`, the
//! pattern state of the 40 line cells it is about to change, the class counts and the
//! bounding box, and [`Board::undo`] copies them back (line keys are XORed back). Only
//! a move older than a [`Board::block`] or [`Board::recompute`] (`stale_below`) is undone the
//! slow way, recomputing the patterns its stone touched, since its record predates the change.
//! Blocked cells are `Wall` in the grid and in the line keys, are not hashed and are not
//! stones. Which five counts is picked per colour from the rule ([`FiveKind::of`]); renju Black
//! also gets the `Forbid` hint in its [`Class`].
//!
//! The search and the evaluation read the board through one vocabulary, the threat [`Class`]
//! of an empty cell for a colour: [`Board::class`] (renju Black's `Forbid` hint confirmed by the
//! referee's exact check), [`Board::find_class`], and the per-class counts
//! [`Board::class_counts`]. Single line patterns ([`Board::pattern`]) are read only where one
//! line matters.
//!
//! The board knows nothing of the evaluation. What keeps sums over the empty cells in step
//! with it (the evaluation's `Position`) places stones with [`Board::make_with`] and a
//! [`Tracker`], which is told of the cell the stone takes and of every line cell whose pattern
//! codes it refreshes, inside the one pass that refreshes them; [`Board::make`] tells no one.

pub mod grid;
pub mod notation;
pub mod pattern;
pub mod pos;
pub mod rule;
pub mod zobrist;

pub use grid::Grid;
pub use pattern::{Class, FiveKind, Pattern};
pub use pos::{Pos, DIRS, NUM_CELLS, PAD, STRIDE};
pub use rule::Foul;

pub(crate) use pattern::CodeClass;
use pattern::{class_part, code_part, shift_of, tier_pair, TIERS};

use crate::types::{Cell, Color, Rule};

/// Bounding box of the stones on the board, in board coordinates; empty when `x0 > x1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BBox {
    pub x0: u8,
    pub y0: u8,
    pub x1: u8,
    pub y1: u8,
}

impl BBox {
    /// The box of no stones.
    pub const EMPTY: BBox = BBox {
        x0: u8::MAX,
        y0: u8::MAX,
        x1: 0,
        y1: 0,
    };

    /// Whether the box holds no stone.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.x0 > self.x1
    }

    #[inline]
    fn extend(&mut self, p: Pos) {
        let (x, y) = (p.x() as u8, p.y() as u8);
        self.x0 = self.x0.min(x);
        self.y0 = self.y0.min(y);
        self.x1 = self.x1.max(x);
        self.y1 = self.y1.max(y);
    }
}

/// How far (Chebyshev distance) [`Board::near`] looks: the square is `(2R+1)²`.
pub const NEAR_RADIUS: isize = 2;

/// Index offsets of the 5×5 square around a cell.
const NEAR_OFFSETS: [isize; 25] = {
    let mut o = [0isize; 25];
    let mut i = 0;
    let mut dy = -NEAR_RADIUS;
    while dy <= NEAR_RADIUS {
        let mut dx = -NEAR_RADIUS;
        while dx <= NEAR_RADIUS {
            o[i] = dy * STRIDE as isize + dx;
            i += 1;
            dx += 1;
        }
        dy += 1;
    }
    o
};

/// One row of the 5×5 square as bytes of a little-endian `u64`: 1 in the low `2R+1` bytes.
const NEAR_ROW: u64 = (1u64 << (8 * (2 * NEAR_RADIUS as u32 + 1))) / 255;

/// Adds `row` ([`NEAR_ROW`] or its negation) to the near counts of the 5×5 square around cell
/// `i`, one row (8 bytes, 5 of them changed) at a time. No byte carries or borrows into the
/// next: counts are at most 25, and a square being taken back holds its stone.
#[inline(always)]
fn add_near(near: &mut [u8; NUM_CELLS], i: usize, row: u64) {
    const R: usize = NEAR_RADIUS as usize;
    const SPAN: usize = 2 * R * STRIDE + 8;
    let j = i - R * STRIDE - R;
    // One bounds check for the whole square; the rows are at constant offsets in it.
    let square: &mut [u8; SPAN] = (&mut near[j..j + SPAN]).try_into().expect("square");
    for dy in 0..=2 * R {
        let bytes: &mut [u8; 8] = (&mut square[dy * STRIDE..dy * STRIDE + 8])
            .try_into()
            .expect("8 bytes");
        *bytes = u64::from_le_bytes(*bytes).wrapping_add(row).to_le_bytes();
    }
}

/// Cells on the four lines within [`pattern::HALF`] steps of a cell: what one stone changes.
pub const LINE_CELLS: usize = 8 * pattern::HALF;

/// Distance in cell indices from a cell to the farthest of its [`LINE_CELLS`].
const REACH: usize = pattern::HALF * (STRIDE + 1);

/// Offsets of the [`LINE_CELLS`] from the stone, relative to `stone - REACH` (so all are
/// non-negative indices into the `2 * REACH + 1` cells around it): direction by direction,
/// step `k` ahead then `k` behind.
const LINE_OFFSETS: [usize; LINE_CELLS] = {
    let mut o = [0usize; LINE_CELLS];
    let mut j = 0;
    let mut d = 0;
    while d < 4 {
        let mut k = 1;
        while k <= pattern::HALF as isize {
            o[j] = (REACH as isize + k * DIRS[d]) as usize;
            o[j + 1] = (REACH as isize - k * DIRS[d]) as usize;
            j += 2;
            k += 1;
        }
        d += 1;
    }
    o
};

/// The pattern state of one cell: both colours' packed patterns (Black's in the low half,
/// White's in the high half) and both colours' pattern codes and classes ([`CodeClass`]).
/// 8 bytes, so it is saved and restored in one move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(8))]
struct CellPats {
    pats: u32,
    cc: [CodeClass; 2],
}

/// What [`Board::undo`] restores after one [`Board::make`]: the state from before the move.
#[derive(Clone, Copy)]
struct UndoRecord {
    /// The pattern state of the line cells, in [`LINE_OFFSETS`] order.
    cells: [CellPats; LINE_CELLS],
    class_count: [[u16; 16]; 2],
    bbox: BBox,
}

/// The empty cells counted by Black's and White's class tiers (`pattern::class::TIER_OF`)
/// together (index [`tier_pair`]: `TIERS ×` Black's tier `+` White's).
pub type TierPairs = [u16; TIERS * TIERS];

impl UndoRecord {
    const EMPTY: UndoRecord = UndoRecord {
        cells: [CellPats {
            pats: 0,
            cc: [0; 2],
        }; LINE_CELLS],
        class_count: [[0; 16]; 2],
        bbox: BBox::EMPTY,
    };
}

/// What is told of the changes to the empty cells' pattern codes as [`Board::make_with`]
/// places a stone: the evaluation keeps its sums over the empty cells so. Both calls come
/// from inside the pattern pass, so an inlined tracker costs no second pass.
pub trait Tracker {
    /// The stone takes the empty cell whose codes and classes (per colour) were `cc`.
    fn taken(&mut self, cc: [CodeClass; 2]);
    /// One of the stone's empty line cells ([`LINE_CELLS`] of them, each at most once a
    /// stone) had its patterns refreshed: its codes and classes went from `prev` to `now`,
    /// perhaps the same.
    fn refreshed(&mut self, prev: [CodeClass; 2], now: [CodeClass; 2]);
}

/// No tracker: [`Board::make`].
impl Tracker for () {
    #[inline(always)]
    fn taken(&mut self, _: [CodeClass; 2]) {}
    #[inline(always)]
    fn refreshed(&mut self, _: [CodeClass; 2], _: [CodeClass; 2]) {}
}

/// The incrementally kept fields [`Board::make`] changes along the lines through a stone, as
/// windows of `2 * REACH + 1` cells centred on it (constant offsets, no bounds checks).
struct Lines<'a, T: Tracker> {
    keys: &'a mut [[u32; 4]; 2 * REACH + 1],
    state: &'a mut [CellPats; 2 * REACH + 1],
    counts: &'a mut [[u16; 16]; 2],
    tables: &'static pattern::RuleTables,
    tracker: &'a mut T,
}

impl<T: Tracker> Lines<'_, T> {
    /// XORs `v` into the keys of the 10 cells along `DIRS[D]` and refreshes the patterns of
    /// those whose patterns can change; `own` is the centre's line key along `D`. A pattern
    /// reads no further than the first wall, and one colour's no further than the first
    /// opponent stone: once the cells between a cell and the centre hold a wall or stones of
    /// both colours, the change at the centre is invisible to it; and under freestyle no
    /// further than four steps ([`pattern::RuleTables::far`]).
    #[inline(always)]
    fn flip<const D: usize>(&mut self, own: u32, v: u32) {
        let dir = DIRS[D] as usize;
        let mut seen = 0;
        for k in 1..=pattern::HALF {
            let q = REACH + k * dir;
            self.keys[q][D] ^= v << shift_of(-(k as isize));
            let c = (own >> shift_of(k as isize)) & 3;
            if c == Cell::Empty as u32 && seen != 3 && (k < pattern::HALF || self.tables.far) {
                self.set_pattern(q, D);
            }
            seen |= c;
        }
        let mut seen = 0;
        for k in 1..=pattern::HALF {
            let q = REACH - k * dir;
            self.keys[q][D] ^= v << shift_of(k as isize);
            let c = (own >> shift_of(-(k as isize))) & 3;
            if c == Cell::Empty as u32 && seen != 3 && (k < pattern::HALF || self.tables.far) {
                self.set_pattern(q, D);
            }
            seen |= c;
        }
    }

    /// Recomputes the pattern of the empty cell `q` in direction `d` for both colours, its code
    /// and class and the class counts, and tells the tracker. (Measured: returning early when
    /// the patterns are unchanged saves 2% of the instructions but no measurable time, and the
    /// class counts updated under a `new != prev` branch cost more time than updating them
    /// unconditionally.)
    #[inline(always)]
    fn set_pattern(&mut self, q: usize, d: usize) {
        let e = self.tables.entry(self.keys[q][d]) as u32;
        let shift = 4 * d as u32;
        let both = (e & 0x0F) | (e & 0xF0) << 12;
        let cell = &mut self.state[q];
        let pats = (cell.pats & !(0x000F_000F << shift)) | both << shift;
        cell.pats = pats;
        let prev = cell.cc;
        let now = [0, 1].map(|c| self.tables.code_class(c, (pats >> (16 * c)) as u16));
        // One store: the tracker's read of two halves stored apart would wait for them.
        cell.cc = now;
        for c in 0..2 {
            // Unconditional: cheaper than the branch when the class did not change.
            self.counts[c][class_part(prev[c]) as usize] -= 1;
            self.counts[c][class_part(now[c]) as usize] += 1;
        }
        self.tracker.refreshed(prev, now);
    }
}

/// The search board. See the module documentation for what it keeps.
#[derive(Clone)]
pub struct Board {
    grid: Grid,
    rule: Rule,
    hash: u64,
    history: Vec<(Pos, Color)>,
    /// One record per cell of the board; `undo[k]` belongs to `history[k]` (fixed size: make
    /// never allocates).
    undo: Box<[UndoRecord]>,
    bbox: BBox,
    /// Undoing a move below this history length recomputes the patterns its stone touched
    /// instead of restoring its [`UndoRecord`]: set by [`Board::block`] and
    /// [`Board::recompute`], which change patterns behind the records' back (and may leave
    /// patterns kept on occupied cells out of date).
    stale_below: usize,
    keys: [[u32; 4]; NUM_CELLS],
    state: [CellPats; NUM_CELLS],
    /// Indexed by class; 16 wide so that a class masked to 4 bits needs no bounds check (the
    /// last entry stays 0).
    class_count: [[u16; 16]; 2],
    near: [u8; NUM_CELLS],
    /// The Zobrist keys ([`zobrist::keys`]), held to skip the lazy-init check on every move.
    zobrist: &'static [[u64; NUM_CELLS]; 2],
    /// The rule's pattern and class tables.
    tables: &'static pattern::RuleTables,
}

impl Board {
    /// An empty `width × height` board under `rule` (builds the rule's pattern tables at first
    /// use).
    pub fn new(width: usize, height: usize, rule: Rule) -> Board {
        let mut board = Board {
            grid: Grid::new(width, height),
            rule,
            hash: 0,
            history: Vec::with_capacity(width * height),
            undo: vec![UndoRecord::EMPTY; width * height].into_boxed_slice(),
            bbox: BBox::EMPTY,
            stale_below: 0,
            keys: [[0; 4]; NUM_CELLS],
            state: [CellPats::default(); NUM_CELLS],
            class_count: [[0; 16]; 2],
            near: [0; NUM_CELLS],
            tables: pattern::rule_tables(rule),
            zobrist: &zobrist::keys().cells,
        };
        board.recompute();
        board
    }

    /// A board holding the stones and blocked cells of `grid`, under `rule`. Stones are played
    /// row by row (so [`Board::history`] lists them in that order, not in game order).
    pub fn from_grid(grid: &Grid, rule: Rule) -> Board {
        let mut board = Board::new(grid.width(), grid.height(), rule);
        for p in grid.positions() {
            match grid.get(p) {
                Cell::Wall => board.block(p),
                Cell::Black => board.make(p, Color::Black),
                Cell::White => board.make(p, Color::White),
                Cell::Empty => {}
            }
        }
        board
    }

    #[inline]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Board width.
    #[inline]
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// Board height.
    #[inline]
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// The Zobrist key of the stones on the board (blocked cells and side to move excluded).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The key the board would have after `color` plays `p` (for prefetching).
    #[inline]
    pub fn hash_after(&self, p: Pos, color: Color) -> u64 {
        self.hash ^ zobrist::key(p, color)
    }

    #[inline]
    pub fn cell(&self, p: Pos) -> Cell {
        self.grid.get(p)
    }

    /// Whether `p` is an empty cell of the board.
    #[inline]
    pub fn is_empty(&self, p: Pos) -> bool {
        self.grid.is_empty(p)
    }

    /// Moves played so far (blocked cells excluded), oldest first.
    #[inline]
    pub fn history(&self) -> &[(Pos, Color)] {
        &self.history
    }

    /// Number of stones on the board.
    #[inline]
    pub fn move_count(&self) -> usize {
        self.history.len()
    }

    /// The last move played, if any.
    #[inline]
    pub fn last_move(&self) -> Option<(Pos, Color)> {
        self.history.last().copied()
    }

    /// The pattern `color` would make along `DIRS[dir]` by playing the empty cell `p`.
    #[inline]
    pub fn pattern(&self, p: Pos, dir: usize, color: Color) -> Pattern {
        Pattern::from_u8(((self.patterns_packed(p, color) >> (4 * dir)) & 15) as u8)
    }

    /// The four patterns of the empty cell `p` for `color`, packed as nibbles (dir `d` at bits
    /// `4d..4d+4`).
    #[inline]
    pub fn patterns_packed(&self, p: Pos, color: Color) -> u16 {
        (self.state[p.index()].pats >> (16 * color.index())) as u16
    }

    /// The pattern code ([`pattern::code_of`]) of the empty cell `p`'s four patterns for `color`.
    #[inline]
    pub fn pattern_code(&self, p: Pos, color: Color) -> usize {
        code_part(self.state[p.index()].cc[color.index()])
    }

    /// The class kept for the empty cell `p` and `color`, as the tables give it: renju Black's
    /// `Forbid` is only a hint here ([`Board::class`] confirms it).
    #[inline]
    pub fn raw_class(&self, p: Pos, color: Color) -> Class {
        Class::from_u8(class_part(self.state[p.index()].cc[color.index()]))
    }

    /// The class `color` would get by playing the empty cell `p`. In renju, Black's `Forbid`
    /// hint is confirmed with the referee's exact check ([`rule::renju_foul`]); a hinted cell
    /// that is legal gets its class without the hint.
    #[inline]
    pub fn class(&self, p: Pos, color: Color) -> Class {
        let c = self.raw_class(p, color);
        if c == Class::Forbid {
            return self.confirmed_forbid(p, color);
        }
        c
    }

    /// [`Board::class`] of a cell hinted `Forbid` (renju Black only): out of line, so that the
    /// referee's check does not keep the common path from being inlined into the move scans.
    #[cold]
    #[inline(never)]
    fn confirmed_forbid(&self, p: Pos, color: Color) -> Class {
        if rule::renju_foul(&self.grid, p).is_none() {
            pattern::class_of(self.patterns_packed(p, color), false)
        } else {
            Class::Forbid
        }
    }

    /// The first empty cell near the stones (row by row, as [`Board::candidates`]) where
    /// `color` has class `want` ([`Board::class`]).
    pub fn find_class(&self, color: Color, want: Class) -> Option<Pos> {
        self.candidates().find(|&p| self.class(p, color) == want)
    }

    /// The cell near the stones where `color` has class `want`, when at most one has it (a
    /// single five to block): the same as [`Board::find_class`], but looked for first on the
    /// four lines through the last stone, within four steps, where a threat it made lies.
    pub fn find_single_class(&self, color: Color, want: Class) -> Option<Pos> {
        if let Some(&(last, _)) = self.history.last() {
            for &d in DIRS.iter() {
                for k in (-4isize..=4).filter(|&k| k != 0) {
                    let q = last.step(d, k);
                    if self.near[q.index()] > 0
                        && self.grid.is_empty(q)
                        && self.class(q, color) == want
                    {
                        return Some(q);
                    }
                }
            }
        }
        self.find_class(color, want)
    }

    /// Number of empty cells where `color` has the raw class `class` ([`Board::raw_class`]).
    #[inline]
    pub fn class_count(&self, color: Color, class: Class) -> u16 {
        self.class_count[color.index()][class as usize]
    }

    /// The empty cells counted by both colours' raw class tiers ([`TierPairs`]), counted over
    /// the board.
    pub fn count_tier_pairs(&self) -> TierPairs {
        let mut pairs = [0; TIERS * TIERS];
        for p in self.grid.positions().filter(|&p| self.grid.is_empty(p)) {
            pairs[tier_pair(self.state[p.index()].cc)] += 1;
        }
        pairs
    }

    /// Both colours' pattern codes and classes of the empty cell `p` (as a [`Tracker`] is told
    /// them).
    #[inline]
    pub(crate) fn code_classes(&self, p: Pos) -> [CodeClass; 2] {
        self.state[p.index()].cc
    }

    /// The number of empty cells of every raw class for `color`, indexed by `Class as usize`
    /// (renju Black's hinted cells count as `Forbid`).
    #[inline]
    pub fn class_counts(&self, color: Color) -> &[u16; Class::COUNT] {
        self.class_count[color.index()][..Class::COUNT]
            .try_into()
            .expect("COUNT classes")
    }

    /// Number of stones in the 5×5 square centred on `p` (stones on `p` included).
    #[inline]
    pub fn near(&self, p: Pos) -> u8 {
        self.near[p.index()]
    }

    /// Bounding box of the stones.
    #[inline]
    pub fn bbox(&self) -> BBox {
        self.bbox
    }

    /// Empty cells with at least one stone in their 5×5 square, row by row. Scans the bounding
    /// box of the stones grown by [`NEAR_RADIUS`] (clipped to the board); yields nothing on an
    /// empty board (the caller picks the centre then).
    pub fn candidates(&self) -> Candidates<'_> {
        if self.bbox.is_empty() {
            return Candidates {
                board: self,
                next: 1,
                row_end: 0,
                last_row_end: 0,
                span: 0,
            };
        }
        let r = NEAR_RADIUS as usize;
        let x0 = (self.bbox.x0 as usize).saturating_sub(r);
        let y0 = (self.bbox.y0 as usize).saturating_sub(r);
        let x1 = (self.bbox.x1 as usize + r).min(self.width() - 1);
        let y1 = (self.bbox.y1 as usize + r).min(self.height() - 1);
        Candidates {
            board: self,
            next: Pos::new(x0, y0).index(),
            row_end: Pos::new(x1, y0).index(),
            last_row_end: Pos::new(x1, y1).index(),
            span: x1 - x0 + 1,
        }
    }

    /// Places a stone of `color` on the empty cell `p`. Out of line: one copy of the pattern
    /// pass serves every caller (the threat searches' above all) and the instruction cache.
    #[inline(never)]
    pub fn make(&mut self, p: Pos, color: Color) {
        self.make_with(p, color, &mut ());
    }

    /// Places a stone of `color` on the empty cell `p`, telling `tracker` of the cell it takes
    /// and of the line cells whose patterns it refreshes.
    #[inline(always)]
    pub fn make_with<T: Tracker>(&mut self, p: Pos, color: Color, tracker: &mut T) {
        debug_assert!(self.grid.is_on_board(p) && self.grid.is_empty(p));
        let i = p.index();
        let ply = self.history.len();
        self.grid.set(p, color.stone());
        self.hash ^= self.zobrist[color.index()][i];
        self.history.push((p, color));
        let rec = &mut self.undo[ply];
        rec.class_count = self.class_count;
        rec.bbox = self.bbox;
        let around = Self::around(&self.state, i);
        for (saved, &o) in rec.cells.iter_mut().zip(&LINE_OFFSETS) {
            *saved = around[o];
        }
        self.bbox.extend(p);
        tracker.taken(self.state[i].cc);
        self.leave_cell(i, -1);
        self.flip_lines(p, color.stone() as u32, tracker);
        add_near(&mut self.near, i, NEAR_ROW);
    }

    /// The line key of the cell `p` in direction `dir` ([`pattern::key`] layout).
    #[inline]
    pub fn line_key(&self, p: Pos, dir: usize) -> u32 {
        self.keys[p.index()][dir]
    }

    /// Whether [`Board::undo`] would take back the last stone the slow way, recomputing what it
    /// touched (it predates a [`Board::block`] or [`Board::recompute`]).
    #[inline]
    pub fn undo_recomputes(&self) -> bool {
        self.history.len() <= self.stale_below && !self.history.is_empty()
    }

    /// Takes back the last stone placed by [`Board::make`].
    #[inline]
    pub fn undo(&mut self) -> Option<(Pos, Color)> {
        let (p, color) = self.history.pop()?;
        let ply = self.history.len();
        let i = p.index();
        self.grid.set(p, Cell::Empty);
        self.hash ^= self.zobrist[color.index()][i];
        let rec = &self.undo[ply];
        self.bbox = rec.bbox;
        if ply < self.stale_below {
            // The record predates a block or a recompute: recompute what the stone touched
            // (patterns kept on occupied cells may be out of date too: redo the cell's own).
            self.stale_below = ply;
            self.flip_lines(p, color.stone() as u32, &mut ());
            self.refresh_cell(i);
            self.leave_cell(i, 1);
        } else {
            self.class_count = rec.class_count;
            let around = Self::around_mut(&mut self.state, i);
            for (&saved, &o) in rec.cells.iter().zip(&LINE_OFFSETS) {
                around[o] = saved;
            }
            self.flip_keys(p, color.stone() as u32);
        }
        add_near(&mut self.near, i, NEAR_ROW.wrapping_neg());
        Some((p, color))
    }

    /// The `2 * REACH + 1` cells of `state` centred on the on-board cell `i`.
    #[inline(always)]
    fn around(state: &[CellPats; NUM_CELLS], i: usize) -> &[CellPats; 2 * REACH + 1] {
        // Every on-board cell has `PAD` wall cells around it in every direction.
        (&state[i - REACH..=i + REACH]).try_into().expect("window")
    }

    /// [`Board::around`], mutable.
    #[inline(always)]
    fn around_mut(state: &mut [CellPats; NUM_CELLS], i: usize) -> &mut [CellPats; 2 * REACH + 1] {
        (&mut state[i - REACH..=i + REACH])
            .try_into()
            .expect("window")
    }

    /// Marks the empty cell `p` as blocked (BOARD field 3). Not undone by [`Board::undo`].
    pub fn block(&mut self, p: Pos) {
        debug_assert!(self.grid.is_on_board(p) && self.grid.is_empty(p));
        let i = p.index();
        self.grid.set(p, Cell::Wall);
        self.leave_cell(i, -1);
        self.flip_lines(p, Cell::Wall as u32, &mut ());
        self.stale_below = self.history.len();
    }

    /// XORs `v` (a [`Cell`] code) into the line keys of the 40 cells within 5 steps of `p` on its
    /// four lines and refreshes the patterns of the empty ones that can change.
    #[inline(always)]
    fn flip_lines<T: Tracker>(&mut self, p: Pos, v: u32, tracker: &mut T) {
        let i = p.index();
        // Every on-board cell has `PAD` wall cells around it in every direction.
        assert!((REACH..NUM_CELLS - REACH).contains(&i));
        let own = self.keys[i];
        let mut lines = Lines {
            keys: (&mut self.keys[i - REACH..=i + REACH])
                .try_into()
                .expect("window"),
            state: Self::around_mut(&mut self.state, i),
            counts: &mut self.class_count,
            tables: self.tables,
            tracker,
        };
        lines.flip::<0>(own[0], v);
        lines.flip::<1>(own[1], v);
        lines.flip::<2>(own[2], v);
        lines.flip::<3>(own[3], v);
    }

    /// XORs `v` into the line keys of the 40 cells within 5 steps of `p` on its four lines,
    /// leaving the patterns alone.
    #[inline(always)]
    fn flip_keys(&mut self, p: Pos, v: u32) {
        let i = p.index();
        assert!((REACH..NUM_CELLS - REACH).contains(&i));
        let keys: &mut [[u32; 4]; 2 * REACH + 1] = (&mut self.keys[i - REACH..=i + REACH])
            .try_into()
            .expect("window");
        for (d, &dir) in DIRS.iter().enumerate() {
            for k in 1..pattern::HALF + 1 {
                let off = k * dir as usize;
                keys[REACH + off][d] ^= v << shift_of(-(k as isize));
                keys[REACH - off][d] ^= v << shift_of(k as isize);
            }
        }
    }

    /// Recomputes all patterns and the classes of cell `q` from its line keys, leaving
    /// `class_count` alone.
    fn refresh_cell(&mut self, q: usize) {
        let mut pats = 0u32;
        for d in 0..4 {
            let e = self.tables.entry(self.keys[q][d]) as u32;
            pats |= ((e & 0x0F) | (e & 0xF0) << 12) << (4 * d);
        }
        self.state[q].pats = pats;
        for c in 0..2 {
            self.state[q].cc[c] = self.tables.code_class(c, (pats >> (16 * c)) as u16);
        }
    }

    /// Adds (`sign` 1) or removes (`sign` -1) the empty cell `i` to or from the class counts,
    /// for both colours.
    #[inline(always)]
    fn leave_cell(&mut self, i: usize, sign: i32) {
        for c in 0..2 {
            let cc = self.state[i].cc[c];
            let k = &mut self.class_count[c][class_part(cc) as usize];
            *k = (*k as i32 + sign) as u16;
        }
    }

    /// Rebuilds every incremental field from the grid (line keys, patterns, classes, counts,
    /// near counts, bounding box, hash). Keeps the history.
    pub fn recompute(&mut self) {
        self.hash = 0;
        self.bbox = BBox::EMPTY;
        self.class_count = [[0; 16]; 2];
        self.near = [0; NUM_CELLS];
        let positions: Vec<Pos> = self.grid.positions().collect();
        for &p in &positions {
            let i = p.index() as isize;
            for (d, &dir) in DIRS.iter().enumerate() {
                let mut key = 0u32;
                for k in (-(pattern::HALF as isize)..=pattern::HALF as isize).filter(|&k| k != 0) {
                    key |= (self.grid.get(Pos((i + dir * k) as u16)) as u32) << shift_of(k);
                }
                self.keys[p.index()][d] = key;
            }
            if let Some(color) = self.grid.get(p).color() {
                self.hash ^= zobrist::key(p, color);
                self.bbox.extend(p);
                for off in NEAR_OFFSETS {
                    self.near[(i + off) as usize] += 1;
                }
            }
        }
        for &p in &positions {
            let q = p.index();
            self.refresh_cell(q);
            if self.grid.is_empty(p) {
                self.leave_cell(q, 1);
            }
        }
        self.stale_below = self.history.len();
    }

    /// Compares every incremental field with a from-scratch [`Board::recompute`]; describes the
    /// first difference found.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut fresh = self.clone();
        fresh.recompute();
        if fresh.hash != self.hash {
            return Err(format!("hash {:x} != {:x}", self.hash, fresh.hash));
        }
        if fresh.bbox != self.bbox {
            return Err(format!("bbox {:?} != {:?}", self.bbox, fresh.bbox));
        }
        if fresh.class_count != self.class_count {
            return Err(format!(
                "class counts {:?} != {:?}",
                self.class_count, fresh.class_count
            ));
        }
        for p in self.grid.positions() {
            let i = p.index();
            if fresh.keys[i] != self.keys[i] {
                return Err(format!("line keys at {p}"));
            }
            if fresh.near[i] != self.near[i] {
                return Err(format!(
                    "near at {p}: {} != {}",
                    self.near[i], fresh.near[i]
                ));
            }
            if self.grid.is_empty(p) && fresh.state[i] != self.state[i] {
                return Err(format!("patterns at {p}"));
            }
        }
        Ok(())
    }
}

/// The iterator of [`Board::candidates`]: a walk over the rows of a box of cell indices.
pub struct Candidates<'a> {
    board: &'a Board,
    /// The next index to look at.
    next: usize,
    /// The last index of the current row.
    row_end: usize,
    /// The last index of the last row.
    last_row_end: usize,
    /// Cells per row of the box.
    span: usize,
}

impl Iterator for Candidates<'_> {
    type Item = Pos;

    #[inline]
    fn next(&mut self) -> Option<Pos> {
        loop {
            if self.next > self.row_end {
                if self.row_end >= self.last_row_end {
                    return None;
                }
                self.row_end += STRIDE;
                self.next = self.row_end + 1 - self.span;
            }
            let i = self.next;
            self.next += 1;
            let p = Pos(i as u16);
            if self.board.near[i] > 0 && self.board.grid.is_empty(p) {
                return Some(p);
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
