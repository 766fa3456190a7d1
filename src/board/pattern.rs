//! Line patterns: what a stone on a cell would make along one line, and the combined threat
//! class of a cell over its four lines. Owns the line-key layout and the lookup tables built
//! from it; depends only on `types`.
//!
//! # Line key layout
//!
//! For a cell `c` and a direction `d`, the *line key* is a `u32` holding the contents of the 5
//! cells on each side of `c` along `d` (the cell itself is not in its key), 2 bits each
//! (`Empty = 0, Black = 1, White = 2, Wall = 3`, the [`Cell`] discriminants):
//!
//! ```text
//!   offset along d:   -5  -4  -3  -2  -1  [c]  +1  +2  +3  +4  +5
//!   field index:       0   1   2   3   4        5   6   7   8   9
//!   bits:            1:0 3:2 5:4 7:6 9:8      11:10 ...         19:18
//! ```
//!
//! i.e. offset `-k` is at bit `2 * (5 - k)`, offset `+k` at bit `2 * (4 + k)`
//! ([`shift_of`]). Offsets outside the board read `Wall`; everything beyond a wall is
//! irrelevant to the centre (tables treat it as wall too).
//!
//! # Patterns
//!
//! [`Pattern`] is what colour `C` gets in that direction *if `C` places a stone on the centre*.
//! A five always runs through the centre. The definition, for a window with `C` on the centre:
//!
//! * `Five` — the centre stone completes a five ([`FiveKind`] says what counts as one).
//! * `Overline` — (exact-five kinds only) the centre makes a run of six or more. The renju
//!   rule's tables also mark Black's same-line double four (`X_XXX_X` filled in the middle) so:
//!   both are fouls there.
//! * Otherwise let `n` be the number of empty cells `e` of the window such that one more `C`
//!   stone on `e` completes a five through the centre: `n ≥ 2` → `Flex4` (open four, or two fours
//!   on one line), `n == 1` → `Block4` (a four).
//! * Otherwise take the best pattern reachable with one more `C` stone on an empty cell of the
//!   window: `Flex4 → Flex3` (open three), `Block4 → Block3`, `Flex3 → Flex2`, `Block3 → Block2`,
//!   `Flex2 → Flex1`, `Block2 → Block1`, anything else → `Dead`.
//!
//! Examples (Black, freestyle, cells beyond the drawing empty, `#` a wall): `_XXX_` Flex3,
//! `#XXX__` Block3, `X_XXX` Block4, `_XXXX_` Flex4, `_XX_` Flex2.
//!
//! # Tables
//!
//! Cells beyond a wall cannot matter, so a key is first reduced to its *canonical* form (all
//! cells beyond the first wall on each side made walls): 364 canonical halves per side. A
//! 2 × 1024-entry [`HalfIndex`] maps each half of a key to its canonical index, and one table
//! per [`FiveKind`] holds a byte per pair of canonical halves (364² = 132 496 entries): Black's
//! pattern in the low nibble, White's in the high nibble ([`PatternTable::get`]). Tables are
//! built lazily at first use by a memoised recursion over the canonical keys.
//!
//! # Combined class
//!
//! [`Class`] combines the four directional patterns of a cell for one colour; computed by a
//! 64 K-entry table indexed by the four patterns packed as nibbles ([`class_of`]).

use std::sync::LazyLock;

use crate::types::{Cell, Color, Rule};

/// Cells on each side of the centre kept in a line key.
pub const HALF: usize = 5;
/// Number of distinct line keys (20 bits).
pub const NUM_KEYS: usize = 1 << (4 * HALF);
/// Mask of the meaningful bits of a line key.
pub const KEY_MASK: u32 = (NUM_KEYS - 1) as u32;

/// Bit position of the field for offset `k` (`-5..=-1` or `1..=5`) in a line key.
#[inline]
pub const fn shift_of(k: isize) -> u32 {
    if k < 0 {
        (2 * (5 + k)) as u32
    } else {
        (2 * (4 + k)) as u32
    }
}

/// The cell at offset `k` in a line key.
#[inline]
pub const fn key_cell(key: u32, k: isize) -> Cell {
    match (key >> shift_of(k)) & 3 {
        0 => Cell::Empty,
        1 => Cell::Black,
        2 => Cell::White,
        _ => Cell::Wall,
    }
}

/// A line pattern for one colour in one direction, weakest first. See the module doc.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Pattern {
    /// Nothing can come of this line.
    #[default]
    Dead = 0,
    /// Exact-five kinds: the stone makes six or more (renju Black: forbidden).
    Overline = 1,
    /// One stone that can still grow into a (blocked) two.
    Block1 = 2,
    /// One stone that can still grow into an open two.
    Flex1 = 3,
    /// A two that can become a blocked three.
    Block2 = 4,
    /// An open two: can become an open three.
    Flex2 = 5,
    /// A three that can become a four, not an open four.
    Block3 = 6,
    /// An open three: can become an open four.
    Flex3 = 7,
    /// A four: exactly one cell completes a five.
    Block4 = 8,
    /// An open four (or two fours on one line): two or more cells complete a five.
    Flex4 = 9,
    /// The stone completes a five.
    Five = 10,
}

impl Pattern {
    /// All patterns, weakest first.
    pub const ALL: [Pattern; 11] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::Block1,
        Pattern::Flex1,
        Pattern::Block2,
        Pattern::Flex2,
        Pattern::Block3,
        Pattern::Flex3,
        Pattern::Block4,
        Pattern::Flex4,
        Pattern::Five,
    ];

    /// The pattern with discriminant `v` (`v` must be `< 11`).
    #[inline]
    pub const fn from_u8(v: u8) -> Pattern {
        Pattern::ALL[v as usize]
    }

    /// What a pattern one stone *before* this one is (the recursion step of the module doc).
    const fn demote(self) -> Pattern {
        match self {
            Pattern::Flex4 => Pattern::Flex3,
            Pattern::Block4 => Pattern::Block3,
            Pattern::Flex3 => Pattern::Flex2,
            Pattern::Block3 => Pattern::Block2,
            Pattern::Flex2 => Pattern::Flex1,
            Pattern::Block2 => Pattern::Block1,
            _ => Pattern::Dead,
        }
    }
}

/// What counts as a five along one line, for one colour. A [`Rule`] picks one per colour
/// ([`FiveKind::of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FiveKind {
    /// A run of five or more (freestyle; renju White).
    FiveOrMore = 0,
    /// A run of exactly five; six or more is an `Overline` (standard; renju Black).
    Exact = 1,
    /// Caro rule 8: a run of six or more, or exactly five not closed at both ends by opponent
    /// stones (a wall does not close).
    CaroOverline = 2,
    /// Caro rule 9: exactly five not closed at both ends by opponent stones; six or more is an
    /// `Overline`.
    CaroExact = 3,
}

impl FiveKind {
    /// All kinds.
    pub const ALL: [FiveKind; 4] = [
        FiveKind::FiveOrMore,
        FiveKind::Exact,
        FiveKind::CaroOverline,
        FiveKind::CaroExact,
    ];

    /// The kind `rule` applies to `color`.
    pub const fn of(rule: Rule, color: Color) -> FiveKind {
        match rule {
            Rule::Freestyle => FiveKind::FiveOrMore,
            Rule::Standard => FiveKind::Exact,
            Rule::Renju => match color {
                Color::Black => FiveKind::Exact,
                Color::White => FiveKind::FiveOrMore,
            },
            Rule::CaroOverline => FiveKind::CaroOverline,
            Rule::Caro => FiveKind::CaroExact,
        }
    }

    /// Whether a run of `len` through the centre with end cells `ends` (the cells just beyond
    /// the run, `None` if beyond the window, which only happens for `len ≥ 6`) is a five for
    /// colour `me`.
    const fn is_five(self, len: usize, ends: [Cell; 2], opp: Cell) -> bool {
        let closed = ends[0] as u8 == opp as u8 && ends[1] as u8 == opp as u8;
        match self {
            FiveKind::FiveOrMore => len >= 5,
            FiveKind::Exact => len == 5,
            FiveKind::CaroOverline => len >= 6 || (len == 5 && !closed),
            FiveKind::CaroExact => len == 5 && !closed,
        }
    }

    /// Whether a run of six or more is not a five for this kind.
    const fn overline_void(self) -> bool {
        matches!(self, FiveKind::Exact | FiveKind::CaroExact)
    }
}

/// The run through the centre for the colour whose stones are `me` in `key`: its length
/// (centre included) and the two end cells (`Wall` when beyond the window: only for runs ≥ 6).
fn run(key: u32, me: Cell) -> (usize, [Cell; 2]) {
    let mut len = 1;
    let mut ends = [Cell::Wall; 2];
    for (side, sign) in [(0, -1isize), (1, 1)] {
        let mut k = 1;
        while k <= HALF as isize && key_cell(key, sign * k) == me {
            len += 1;
            k += 1;
        }
        if k <= HALF as isize {
            ends[side] = key_cell(key, sign * k);
        }
    }
    (len, ends)
}

/// Whether a Black stone on the centre of `key` makes two exact fives possible on this line
/// that are not the two ends of one open four (`_XXXX_`): `X_XXX_X` filled in the middle,
/// `XX_XX_XX`, `XXX_X_XXX`. Renju counts that as two fours, a double four.
fn same_line_double_four(key: u32) -> bool {
    let mut points = (-(HALF as isize)..=HALF as isize).filter(|&k| {
        k != 0 && key_cell(key, k) == Cell::Empty && {
            let (len, ends) = run(key | 1 << shift_of(k), Cell::Black);
            FiveKind::Exact.is_five(len, ends, Cell::White)
        }
    });
    match (points.next(), points.next(), points.next()) {
        (Some(a), Some(b), None) => b - a != 5,
        (Some(_), Some(_), Some(_)) => true,
        _ => false,
    }
}

/// Replaces every cell beyond the first wall on each side by a wall: keys that agree on the
/// canonical form have the same patterns.
fn canonical(mut key: u32) -> u32 {
    for sign in [-1isize, 1] {
        let mut wall = false;
        for k in 1..=HALF as isize {
            let s = shift_of(sign * k);
            if wall {
                key |= 3 << s;
            } else if (key >> s) & 3 == 3 {
                wall = true;
            }
        }
    }
    key
}

/// Swaps Black and White in a key.
#[inline]
const fn swap_colors(key: u32) -> u32 {
    const LOW: u32 = 0x5_5555;
    ((key & LOW) << 1) | ((key >> 1) & LOW)
}

/// The pattern Black gets on the centre of the canonical `key` (memoised in `memo`, 0xFF = not
/// yet known).
fn black_pattern(kind: FiveKind, key: u32, memo: &mut [u8]) -> Pattern {
    let m = memo[key as usize];
    if m != 0xFF {
        return Pattern::from_u8(m);
    }
    let five_with = |k: u32| {
        let (len, ends) = run(k, Cell::Black);
        kind.is_five(len, ends, Cell::White)
    };
    let (len, _) = run(key, Cell::Black);
    let result = if five_with(key) {
        Pattern::Five
    } else if len >= 6 && kind.overline_void() {
        Pattern::Overline
    } else {
        // The keys with one more Black stone on an empty cell of the window.
        let mut children = [0u32; 2 * HALF];
        let mut n = 0;
        for k in (-(HALF as isize)..=HALF as isize).filter(|&k| k != 0) {
            if key_cell(key, k) == Cell::Empty {
                children[n] = key | 1 << shift_of(k);
                n += 1;
            }
        }
        let children = &children[..n];
        match children.iter().filter(|&&c| five_with(c)).count() {
            0 => children
                .iter()
                .map(|&c| black_pattern(kind, c, memo))
                .max()
                .map_or(Pattern::Dead, Pattern::demote),
            1 => Pattern::Block4,
            _ => Pattern::Flex4,
        }
    };
    memo[key as usize] = result as u8;
    result
}

/// Bits of one half (5 cells) of a line key.
const HALF_BITS: u32 = 2 * HALF as u32;
/// Number of values of one half of a line key.
const HALF_KEYS: usize = 1 << HALF_BITS;
/// Number of canonical halves (walls only as a suffix away from the centre): 1+3+…+3^5.
pub const CANONICAL_HALVES: usize = 364;
/// Entries of a [`PatternTable`]: one per pair of canonical halves.
pub const TABLE_LEN: usize = CANONICAL_HALVES * CANONICAL_HALVES;

/// Maps each half of a line key to the index of its canonical form: `[0]` the left half (bits
/// 0..10) premultiplied by [`CANONICAL_HALVES`], `[1]` the right half (bits 10..20). The table
/// index of a key is `half[0][key & 0x3FF] + half[1][key >> 10]` ([`HalfIndex::index`]).
pub struct HalfIndex {
    half: [[u32; HALF_KEYS]; 2],
    /// The canonical halves in index order: `[0]` left, `[1]` right (already shifted).
    canon: [Vec<u32>; 2],
}

impl HalfIndex {
    fn build() -> HalfIndex {
        let mut half = [[0u32; HALF_KEYS]; 2];
        let mut canon: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        for (side, shift) in [(0usize, 0u32), (1, HALF_BITS)] {
            let canon_of = |h: u32| canonical(h << shift);
            canon[side] = (0..HALF_KEYS as u32)
                .map(|h| h << shift)
                .filter(|&k| canonical(k) == k)
                .collect();
            assert_eq!(canon[side].len(), CANONICAL_HALVES);
            let scale = if side == 0 {
                CANONICAL_HALVES as u32
            } else {
                1
            };
            for h in 0..HALF_KEYS as u32 {
                let i = canon[side]
                    .binary_search(&canon_of(h))
                    .expect("canonical half");
                half[side][h as usize] = i as u32 * scale;
            }
        }
        HalfIndex { half, canon }
    }

    /// The [`PatternTable`] entry index of a line key.
    #[inline]
    pub fn index(&self, key: u32) -> usize {
        (self.half[0][(key & (HALF_KEYS as u32 - 1)) as usize]
            + self.half[1][((key >> HALF_BITS) & (HALF_KEYS as u32 - 1)) as usize]) as usize
    }
}

static HALF_INDEX: LazyLock<Box<HalfIndex>> = LazyLock::new(|| Box::new(HalfIndex::build()));

/// The key → entry index map shared by all pattern tables.
#[inline]
pub fn half_index() -> &'static HalfIndex {
    &HALF_INDEX
}

/// The pattern table of one [`FiveKind`]: for every canonical line key, Black's pattern in the
/// low nibble and White's in the high nibble. Keys are mapped to entries by [`HalfIndex`], so
/// the table is 132 KB instead of 1 MB and stays in cache.
pub struct PatternTable {
    entries: Box<[u8]>,
}

impl PatternTable {
    /// Evaluates every canonical key (walls contiguous from the window ends: 364 × 364 of
    /// them) with the memoised recursion.
    fn build(kind: FiveKind) -> PatternTable {
        let hi = half_index();
        let mut memo = vec![0xFFu8; NUM_KEYS];
        let mut entries = vec![0u8; TABLE_LEN].into_boxed_slice();
        for (li, &l) in hi.canon[0].iter().enumerate() {
            for (ri, &r) in hi.canon[1].iter().enumerate() {
                let key = l | r;
                let black = black_pattern(kind, key, &mut memo);
                let white = black_pattern(kind, swap_colors(key), &mut memo);
                entries[li * CANONICAL_HALVES + ri] = black as u8 | (white as u8) << 4;
            }
        }
        PatternTable { entries }
    }

    /// The pattern `color` gets on the centre of `key`.
    #[inline]
    pub fn get(&self, key: u32, color: Color) -> Pattern {
        Pattern::from_u8(self.raw(key, color))
    }

    /// [`PatternTable::get`] as its discriminant.
    #[inline]
    pub fn raw(&self, key: u32, color: Color) -> u8 {
        (self.entries[half_index().index(key)] >> (4 * color as u32)) & 15
    }

    /// The raw entries, indexed by [`HalfIndex::index`]: Black's pattern in the low nibble,
    /// White's in the high one.
    #[inline]
    pub fn entries(&self) -> &[u8] {
        &self.entries
    }
}

static TABLES: [LazyLock<PatternTable>; 4] = [
    LazyLock::new(|| PatternTable::build(FiveKind::FiveOrMore)),
    LazyLock::new(|| PatternTable::build(FiveKind::Exact)),
    LazyLock::new(|| PatternTable::build(FiveKind::CaroOverline)),
    LazyLock::new(|| PatternTable::build(FiveKind::CaroExact)),
];

/// The pattern table of `kind` (built at first call).
#[inline]
pub fn table(kind: FiveKind) -> &'static PatternTable {
    &TABLES[kind as usize]
}

/// Everything the board's hot path looks up under one rule, in one block so that a single base
/// pointer reaches it all: the [`HalfIndex`] maps, the pattern entries with Black's pattern
/// (under Black's [`FiveKind`]) in the low nibble and White's in the high one, and the
/// [`class_of`] tables for Black (with the `Forbid` hint under renju) and White.
pub(crate) struct RuleTables {
    half: [[u32; HALF_KEYS]; 2],
    /// [`TABLE_LEN`] entries, padded to a power of two so that a masked index needs no bounds
    /// check.
    entries: [u8; ENTRIES_POW2],
    classes: [[u8; 1 << 16]; 2],
}

impl RuleTables {
    fn build(rule: Rule) -> Box<RuleTables> {
        let (black, white) = (
            table(FiveKind::of(rule, Color::Black)).entries(),
            table(FiveKind::of(rule, Color::White)).entries(),
        );
        let mut t = Box::new(RuleTables {
            half: half_index().half,
            entries: [0; ENTRIES_POW2],
            classes: [*class_table(rule == Rule::Renju), *class_table(false)],
        });
        for (e, (&b, &w)) in t.entries.iter_mut().zip(black.iter().zip(white)) {
            *e = (b & 0x0F) | (w & 0xF0);
        }
        if rule == Rule::Renju {
            // A same-line double four is a foul for Black: shown as `Overline`, so that the
            // cell's class carries the `Forbid` hint and the referee's check decides.
            let hi = half_index();
            for (li, &l) in hi.canon[0].iter().enumerate() {
                for (ri, &r) in hi.canon[1].iter().enumerate() {
                    let e = &mut t.entries[li * CANONICAL_HALVES + ri];
                    if *e & 0x0F == Pattern::Flex4 as u8 && same_line_double_four(l | r) {
                        *e = (*e & 0xF0) | Pattern::Overline as u8;
                    }
                }
            }
        }
        t
    }

    /// Both colours' patterns on the centre of `key`: Black's in the low nibble, White's in
    /// the high one.
    #[inline(always)]
    pub(crate) fn entry(&self, key: u32) -> u8 {
        let m = HALF_KEYS as u32 - 1;
        let i = self.half[0][(key & m) as usize] + self.half[1][((key >> HALF_BITS) & m) as usize];
        self.entries[i as usize & (ENTRIES_POW2 - 1)]
    }

    /// The raw class of `color` (0 Black, 1 White) for its packed patterns ([`Packed4`]).
    #[inline(always)]
    pub(crate) fn class(&self, color: usize, packed: Packed4) -> u8 {
        self.classes[color][packed as usize]
    }
}

/// [`TABLE_LEN`] rounded up to a power of two.
const ENTRIES_POW2: usize = TABLE_LEN.next_power_of_two();

static RULE_TABLES: [LazyLock<Box<RuleTables>>; 5] = [
    LazyLock::new(|| RuleTables::build(Rule::Freestyle)),
    LazyLock::new(|| RuleTables::build(Rule::Standard)),
    LazyLock::new(|| RuleTables::build(Rule::Renju)),
    LazyLock::new(|| RuleTables::build(Rule::CaroOverline)),
    LazyLock::new(|| RuleTables::build(Rule::Caro)),
];

/// The hot-path tables of `rule` (built at first call).
pub(crate) fn rule_tables(rule: Rule) -> &'static RuleTables {
    let i = match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
        Rule::CaroOverline => 3,
        Rule::Caro => 4,
    };
    &RULE_TABLES[i]
}

/// The threat class of an empty cell for one colour: what a stone of that colour placed there
/// would make over the cell's four lines, weakest first. This order is the one the search
/// compares by (`>= Class::Block4` means "makes a four", `>= Class::Flex3` "a three or better").
///
/// With `n(P)` the number of directions showing pattern `P` and `fours = n(Block4) + n(Flex4)`,
/// the first matching line wins ([`combine`]):
///
/// | class         | condition                                                           |
/// |---------------|---------------------------------------------------------------------|
/// | `Five`        | `n(Five) ≥ 1`                                                       |
/// | `Forbid`      | renju Black only: `n(Overline) ≥ 1` or `fours ≥ 2` or `n(Flex3) ≥ 2` |
/// | `DoubleFour`  | `fours ≥ 2`                                                         |
/// | `Flex4`       | `n(Flex4) ≥ 1`                                                      |
/// | `Block4Flex3` | `n(Block4) == 1` and `n(Flex3) ≥ 1` (four-three)                    |
/// | `Block4Plus`  | `n(Block4) == 1` and `n(Block3) + n(Flex2) ≥ 1`                     |
/// | `Block4`      | `n(Block4) == 1`                                                    |
/// | `Flex3x2`     | `n(Flex3) ≥ 2` (double three)                                       |
/// | `Flex3Plus`   | `n(Flex3) == 1` and `n(Block3) + n(Flex2) ≥ 1`                      |
/// | `Flex3`       | `n(Flex3) == 1`                                                     |
/// | `Block3Plus`  | `n(Block3) ≥ 1` and `n(Block3) + n(Flex2) ≥ 2`                      |
/// | `Flex2x2`     | `n(Flex2) ≥ 2`                                                      |
/// | `Block3`      | `n(Block3) == 1`                                                    |
/// | `Flex2`       | `n(Flex2) == 1`                                                     |
/// | `None`        | otherwise                                                           |
///
/// In the tables and the board's per-cell state, `Forbid` is a hint that the cell *may* be
/// forbidden for renju Black; [`crate::board::Board::class`] confirms it with the referee's
/// exact check ([`crate::board::rule::renju_foul`]). Under renju, Black's same-line double four
/// (`X_XXX_X` filled in the middle) shows as `Overline` in its line, so it is flagged too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Class {
    /// Nothing worth naming.
    #[default]
    None = 0,
    /// Renju: the cell is (hinted, or once confirmed, exactly) forbidden for Black.
    Forbid = 1,
    /// One open two (`_XX__`).
    Flex2 = 2,
    /// One closed three (`OXXX__`): one more stone makes a (closed) four.
    Block3 = 3,
    /// Two open twos.
    Flex2x2 = 4,
    /// A closed three together with an open two or another closed three.
    Block3Plus = 5,
    /// One open three: one more stone makes an open four.
    Flex3 = 6,
    /// An open three together with a closed three or an open two.
    Flex3Plus = 7,
    /// Two open threes (a foul for Black in renju).
    Flex3x2 = 8,
    /// One closed four: a single cell completes a five.
    Block4 = 9,
    /// A closed four together with a closed three or an open two.
    Block4Plus = 10,
    /// A closed four and an open three: wins unless the opponent has fours.
    Block4Flex3 = 11,
    /// Two fours (on different lines): wins unless the opponent has fives.
    DoubleFour = 12,
    /// An open four (or two fours on one line): two cells complete a five and one stone
    /// cannot block both.
    Flex4 = 13,
    /// The stone makes a winning line.
    Five = 14,
}

impl Class {
    /// Number of classes (size of per-class tables).
    pub const COUNT: usize = Class::Five as usize + 1;

    /// All classes, weakest first.
    pub const ALL: [Class; Class::COUNT] = [
        Class::None,
        Class::Forbid,
        Class::Flex2,
        Class::Block3,
        Class::Flex2x2,
        Class::Block3Plus,
        Class::Flex3,
        Class::Flex3Plus,
        Class::Flex3x2,
        Class::Block4,
        Class::Block4Plus,
        Class::Block4Flex3,
        Class::DoubleFour,
        Class::Flex4,
        Class::Five,
    ];

    /// The class with discriminant `v` (`v` must be `< Class::COUNT`).
    #[inline]
    pub const fn from_u8(v: u8) -> Class {
        Class::ALL[v as usize]
    }

    /// Whether the stone makes a four or better (forces the opponent to answer at once).
    #[inline]
    pub fn is_four(self) -> bool {
        self >= Class::Block4
    }
}

/// The class of four directional patterns (see [`Class`]); `renju_black` turns on the `Forbid`
/// hint.
pub fn combine(patterns: [Pattern; 4], renju_black: bool) -> Class {
    let mut n = [0u8; 11];
    for p in patterns {
        n[p as usize] += 1;
    }
    let c = |p: Pattern| n[p as usize];
    let fours = c(Pattern::Block4) + c(Pattern::Flex4);
    let support = c(Pattern::Block3) + c(Pattern::Flex2);
    if c(Pattern::Five) > 0 {
        Class::Five
    } else if renju_black && (c(Pattern::Overline) > 0 || fours >= 2 || c(Pattern::Flex3) >= 2) {
        Class::Forbid
    } else if fours >= 2 {
        Class::DoubleFour
    } else if c(Pattern::Flex4) > 0 {
        Class::Flex4
    } else if c(Pattern::Block4) > 0 {
        if c(Pattern::Flex3) > 0 {
            Class::Block4Flex3
        } else if support > 0 {
            Class::Block4Plus
        } else {
            Class::Block4
        }
    } else if c(Pattern::Flex3) >= 2 {
        Class::Flex3x2
    } else if c(Pattern::Flex3) == 1 {
        if support > 0 {
            Class::Flex3Plus
        } else {
            Class::Flex3
        }
    } else if c(Pattern::Block3) > 0 {
        if support >= 2 {
            Class::Block3Plus
        } else {
            Class::Block3
        }
    } else if c(Pattern::Flex2) >= 2 {
        Class::Flex2x2
    } else if c(Pattern::Flex2) == 1 {
        Class::Flex2
    } else {
        Class::None
    }
}

/// Four directional patterns packed as nibbles, direction `d` at bits `4d..4d+4`: the index of
/// the [`class_of`] table.
pub type Packed4 = u16;

/// [`combine`] over every [`Packed4`], without (`[0]`) and with (`[1]`) the `Forbid` hint.
static CLASS_TABLE: LazyLock<Box<[[u8; 1 << 16]; 2]>> = LazyLock::new(|| {
    let mut t = Box::new([[0u8; 1 << 16]; 2]);
    for (renju_black, row) in t.iter_mut().enumerate() {
        for (packed, e) in row.iter_mut().enumerate() {
            let ps: [Pattern; 4] =
                std::array::from_fn(|d| Pattern::from_u8(((packed >> (4 * d)) & 15).min(10) as u8));
            *e = combine(ps, renju_black == 1) as u8;
        }
    }
    t
});

/// The class of the packed patterns `packed` ([`Packed4`]); `renju_black` selects the table
/// with the `Forbid` hint.
#[inline]
pub fn class_of(packed: Packed4, renju_black: bool) -> Class {
    Class::from_u8(CLASS_TABLE[renju_black as usize][packed as usize])
}

/// The raw table behind [`class_of`] (for the board's hot path).
#[inline]
pub(crate) fn class_table(renju_black: bool) -> &'static [u8; 1 << 16] {
    &CLASS_TABLE[renju_black as usize]
}

/// Reads a line drawn as text and returns `color`'s pattern on its centre. Characters: `X`
/// Black, `O` White, `_`/`.` empty, `#` wall; cells beyond the drawing are empty. The centre is
/// the cell marked `*` (a stone of `color` is put there); without a `*`, every stone of `color`
/// is tried as the centre (its stone taken out of the key) and they must all agree, otherwise
/// this panics. Meant for tests and documentation.
pub fn line_pattern(line: &str, kind: FiveKind, color: Color) -> Pattern {
    let cells: Vec<Cell> = line
        .chars()
        .map(|c| match c {
            'X' => Cell::Black,
            'O' => Cell::White,
            '#' => Cell::Wall,
            '*' => color.stone(),
            '_' | '.' => Cell::Empty,
            other => panic!("unexpected {other:?} in line"),
        })
        .collect();
    let centres: Vec<usize> = match line.find('*') {
        Some(i) => vec![i],
        None => (0..cells.len())
            .filter(|&i| cells[i] == color.stone())
            .collect(),
    };
    assert!(!centres.is_empty(), "no centre in {line:?}");
    let patterns: Vec<Pattern> = centres
        .iter()
        .map(|&c| {
            let mut key = 0u32;
            for k in (-(HALF as isize)..=HALF as isize).filter(|&k| k != 0) {
                let i = c as isize + k;
                let cell = if i >= 0 && (i as usize) < cells.len() {
                    cells[i as usize]
                } else {
                    Cell::Empty
                };
                key |= (cell as u32) << shift_of(k);
            }
            table(kind).get(key, color)
        })
        .collect();
    assert!(
        patterns.iter().all(|&p| p == patterns[0]),
        "centres of {line:?} disagree: {patterns:?}"
    );
    patterns[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use FiveKind::*;
    use Pattern::*;

    fn check(kind: FiveKind, cases: &[(&str, Pattern)]) {
        for &(line, want) in cases {
            assert_eq!(
                line_pattern(line, kind, Color::Black),
                want,
                "{kind:?} {line:?}"
            );
            let white: String = line
                .chars()
                .map(|c| match c {
                    'X' => 'O',
                    'O' => 'X',
                    c => c,
                })
                .collect();
            let white_kind = kind;
            assert_eq!(
                line_pattern(&white, white_kind, Color::White),
                want,
                "{kind:?} {white:?} (White)"
            );
        }
    }

    #[test]
    fn key_layout() {
        assert_eq!(shift_of(-5), 0);
        assert_eq!(shift_of(-1), 8);
        assert_eq!(shift_of(1), 10);
        assert_eq!(shift_of(5), 18);
        let key = (Cell::Black as u32) << shift_of(-1) | (Cell::Wall as u32) << shift_of(3);
        assert_eq!(key_cell(key, -1), Cell::Black);
        assert_eq!(key_cell(key, 3), Cell::Wall);
        assert_eq!(key_cell(key, 2), Cell::Empty);
        assert_eq!(canonical(key), key | 3 << shift_of(4) | 3 << shift_of(5));
        assert_eq!(swap_colors(0b11_10_01_00), 0b11_01_10_00);
    }

    #[test]
    fn freestyle_patterns() {
        check(
            FiveOrMore,
            &[
                ("XXXXX", Five),
                ("XX*XX", Five),
                ("XXX*XX", Five),
                ("OXXXXXO", Five),
                ("_XXXX_", Flex4),
                ("#XXXX_", Block4),
                ("OXXXX_", Block4),
                ("X_XXX", Block4),
                ("XX_XX", Block4),
                ("X_X*X_X", Flex4),
                ("_XXX_", Flex3),
                ("_X_XX_", Flex3),
                ("#XXX__", Block3),
                ("OXXX__", Block3),
                ("O_XXX_O", Block3),
                ("#_XXX_#", Block3),
                ("#XXX_#", Dead),
                ("OXXXO", Dead),
                ("_XX_", Flex2),
                ("_X_X_", Flex2),
                ("OXX___", Block2),
                ("_X_", Flex1),
                ("OX____", Block1),
                ("OX___O", Dead),
                ("#X___#", Dead),
            ],
        );
    }

    #[test]
    fn exact_five_patterns() {
        check(
            Exact,
            &[
                ("XXXXX", Five),
                ("XXXXXX", Overline),
                ("XXX*XX", Overline),
                ("X_XXX*", Block4), // filling the gap gives six: only the right end works
                ("X_XX*X_X", Dead), // both completions make six
                ("_XXXX_", Flex4),
                ("X_XXX_", Block4),
                ("X_X*X_X", Flex4), // two fours on one line
                ("_XXX_", Flex3),
                ("X_XXX_", Block4),
                ("XX_XX*", Block3), // the gap gives six; only the right side can make five
            ],
        );
        // Freestyle reads the same drawings differently.
        assert_eq!(line_pattern("XXXXXX", FiveOrMore, Color::Black), Five);
        assert_eq!(line_pattern("X_XX*X_X", FiveOrMore, Color::Black), Flex4);
        assert_eq!(line_pattern("XX_XX*", FiveOrMore, Color::Black), Block4);
    }

    #[test]
    fn caro_patterns() {
        for kind in [CaroOverline, CaroExact] {
            check(
                kind,
                &[
                    ("XXXXX", Five),
                    ("#XXXXX#", Five), // the edge does not block
                    ("OXXXXX_", Five),
                    ("OXXXXXO", Dead), // blocked at both ends: not a five
                    ("OXXXX_O", Dead), // its only completion would be blocked
                    ("OXXXX__", Block4),
                    ("O_XXXX_O", Flex4),
                    ("_XXX_", Flex3),
                    ("OXXX__O", Dead), // every four it could make is void
                    ("OXXX___", Block3),
                ],
            );
        }
        assert_eq!(line_pattern("OXXXXXXO", CaroOverline, Color::Black), Five);
        assert_eq!(line_pattern("OXXXXXXO", CaroExact, Color::Black), Overline);
        assert_eq!(line_pattern("_XXXXXX_", CaroExact, Color::Black), Overline);
    }

    #[test]
    fn renju_kinds() {
        assert_eq!(FiveKind::of(Rule::Renju, Color::Black), Exact);
        assert_eq!(FiveKind::of(Rule::Renju, Color::White), FiveOrMore);
        let k = FiveKind::of(Rule::Renju, Color::Black);
        assert_eq!(line_pattern("XXX*XX", k, Color::Black), Overline);
        let k = FiveKind::of(Rule::Renju, Color::White);
        assert_eq!(line_pattern("OOO*OO", k, Color::White), Five);
    }

    #[test]
    fn combined_classes() {
        let c = |ps: [Pattern; 4], rb| combine(ps, rb);
        assert_eq!(c([Five, Dead, Dead, Dead], false), Class::Five);
        assert_eq!(c([Five, Overline, Flex4, Flex4], true), Class::Five);
        assert_eq!(c([Block4, Block4, Dead, Dead], false), Class::DoubleFour);
        assert_eq!(c([Block4, Block4, Dead, Dead], true), Class::Forbid);
        assert_eq!(c([Overline, Dead, Dead, Dead], true), Class::Forbid);
        assert_eq!(c([Overline, Dead, Dead, Dead], false), Class::None);
        assert_eq!(c([Flex3, Flex3, Dead, Dead], true), Class::Forbid);
        assert_eq!(c([Flex3, Flex3, Dead, Dead], false), Class::Flex3x2);
        assert_eq!(c([Flex4, Flex3, Dead, Dead], true), Class::Flex4);
        assert_eq!(c([Block4, Flex3, Dead, Dead], true), Class::Block4Flex3);
        assert_eq!(c([Block4, Flex2, Dead, Dead], false), Class::Block4Plus);
        assert_eq!(c([Block4, Flex1, Dead, Dead], false), Class::Block4);
        assert_eq!(c([Flex3, Block3, Dead, Dead], false), Class::Flex3Plus);
        assert_eq!(c([Flex3, Block2, Dead, Dead], false), Class::Flex3);
        assert_eq!(c([Block3, Flex2, Dead, Dead], false), Class::Block3Plus);
        assert_eq!(c([Block3, Block3, Dead, Dead], false), Class::Block3Plus);
        assert_eq!(c([Block3, Block2, Dead, Dead], false), Class::Block3);
        assert_eq!(c([Flex2, Flex2, Dead, Dead], false), Class::Flex2x2);
        assert_eq!(c([Flex2, Block2, Dead, Dead], false), Class::Flex2);
        assert_eq!(c([Flex1, Block2, Block1, Dead], false), Class::None);
        for packed in [0x0000u16, 0x9a10, 0x7761, 0x8800] {
            let ps: [Pattern; 4] =
                std::array::from_fn(|d| Pattern::from_u8(((packed >> (4 * d)) & 15) as u8));
            for rb in [false, true] {
                assert_eq!(class_of(packed, rb), combine(ps, rb));
            }
        }
    }

    #[test]
    fn tables_agree_with_direct_evaluation_on_colour_swap() {
        // White's nibble of a key equals Black's nibble of the colour-swapped key.
        for kind in FiveKind::ALL {
            let t = table(kind);
            for key in (0..NUM_KEYS as u32).step_by(997) {
                assert_eq!(
                    t.get(key, Color::White),
                    t.get(swap_colors(key), Color::Black)
                );
                assert_eq!(
                    t.get(key, Color::Black),
                    t.get(canonical(key), Color::Black)
                );
            }
        }
    }
}
