//! Line patterns: what a stone of one colour on the centre of a line key would make along that
//! line, under one rule's idea of a five ([`FiveKind`]).
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
//!   window (open twos and threes of every kind counting as the plain one) and the number of
//!   cells `w` that reach it: `Flex4 → Flex3S` if `w ≥ 2` (an open three with two open-four
//!   points), else `Flex3`; `Block4 → Block3`; `Flex3 → Flex2B` if `w ≥ 4`, `Flex2A` if
//!   `w == 3`, else `Flex2`; `Block3 → Block2`, `Flex2 → Flex1`, `Block2 → Block1`, anything
//!   else → `Dead`. The kinds of open two and three tell the evaluation's pattern codes apart;
//!   the threat classes count them as the plain one ([`Pattern::plain`]).
//!
//! Examples (Black, freestyle, cells beyond the drawing empty, `#` a wall): `__XXX__` Flex3S,
//! `#_XXX__` Flex3, `#XXX__` Block3, `X_XXX` Block4, `_XXXX_` Flex4, `__XX__` Flex2B.
//!
//! One [`PatternTable`] per [`FiveKind`] holds a byte per canonical key (see `key.rs`): Black's
//! pattern in the low nibble, White's in the high nibble ([`PatternTable::get`]). Tables are
//! built lazily at first use by a memoised recursion over the canonical keys.

use std::sync::LazyLock;

use super::key::{
    half_index, key_cell, shift_of, swap_colors, CANONICAL_HALVES, HALF, NUM_KEYS, TABLE_LEN,
};
use crate::types::{Cell, Color, Rule};

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
    /// An open two: one or two cells make it an open three.
    Flex2 = 5,
    /// An open two that three cells make an open three (`_X_X_` with room).
    Flex2A = 6,
    /// An open two that four or more cells make an open three (`__XX__` with room).
    Flex2B = 7,
    /// A three that can become a four, not an open four.
    Block3 = 8,
    /// An open three: one cell makes it an open four.
    Flex3 = 9,
    /// An open three that two or more cells make an open four (`__XXX__`).
    Flex3S = 10,
    /// A four: exactly one cell completes a five.
    Block4 = 11,
    /// An open four (or two fours on one line): two or more cells complete a five.
    Flex4 = 12,
    /// The stone completes a five.
    Five = 13,
}

impl Pattern {
    /// All patterns, weakest first.
    pub const ALL: [Pattern; Pattern::COUNT] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::Block1,
        Pattern::Flex1,
        Pattern::Block2,
        Pattern::Flex2,
        Pattern::Flex2A,
        Pattern::Flex2B,
        Pattern::Block3,
        Pattern::Flex3,
        Pattern::Flex3S,
        Pattern::Block4,
        Pattern::Flex4,
        Pattern::Five,
    ];

    /// Number of patterns.
    pub const COUNT: usize = Pattern::Five as usize + 1;

    /// The pattern with discriminant `v` (`v` must be `< Pattern::COUNT`).
    #[inline]
    pub const fn from_u8(v: u8) -> Pattern {
        Pattern::ALL[v as usize]
    }

    /// What a pattern one stone *before* this one is, given how many empty cells of the window
    /// make it (the recursion step of the module doc).
    const fn demote(self, ways: usize) -> Pattern {
        match self {
            Pattern::Flex4 if ways >= 2 => Pattern::Flex3S,
            Pattern::Flex4 => Pattern::Flex3,
            Pattern::Block4 => Pattern::Block3,
            Pattern::Flex3 | Pattern::Flex3S if ways >= 4 => Pattern::Flex2B,
            Pattern::Flex3 | Pattern::Flex3S if ways == 3 => Pattern::Flex2A,
            Pattern::Flex3 | Pattern::Flex3S => Pattern::Flex2,
            Pattern::Block3 => Pattern::Block2,
            Pattern::Flex2 | Pattern::Flex2A | Pattern::Flex2B => Pattern::Flex1,
            Pattern::Block2 => Pattern::Block1,
            _ => Pattern::Dead,
        }
    }

    /// The pattern the others count as: an open two or three of any kind as the plain one.
    #[inline]
    pub const fn plain(self) -> Pattern {
        match self {
            Pattern::Flex2A | Pattern::Flex2B => Pattern::Flex2,
            Pattern::Flex3S => Pattern::Flex3,
            p => p,
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
pub(super) fn same_line_double_four(key: u32) -> bool {
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
            0 => {
                // The best pattern one more stone reaches, and on how many cells (an open
                // three and its kind count as one).
                let (mut best, mut ways) = (Pattern::Dead, 0);
                for &c in children {
                    let p = black_pattern(kind, c, memo);
                    if p.plain() > best.plain() {
                        (best, ways) = (p, 1);
                    } else if p.plain() == best.plain() {
                        ways += 1;
                    }
                }
                best.demote(ways)
            }
            1 => Pattern::Block4,
            _ => Pattern::Flex4,
        }
    };
    memo[key as usize] = result as u8;
    result
}

/// The pattern table of one [`FiveKind`]: for every canonical line key, Black's pattern in the
/// low nibble and White's in the high nibble. Keys are mapped to entries by
/// [`super::key::HalfIndex`], so
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
        Pattern::from_u8((self.entries[half_index().index(key)] >> (4 * color as u32)) & 15)
    }

    /// The raw entries, indexed by [`super::key::HalfIndex::index`]: Black's pattern in the low nibble,
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

#[cfg(test)]
mod tests {
    use super::super::key::canonical;
    use super::*;
    use FiveKind::*;
    use Pattern::*;

    /// Reads a line drawn as text and returns `color`'s pattern on its centre. Characters: `X`
    /// Black, `O` White, `_`/`.` empty, `#` wall; cells beyond the drawing are empty. The centre is
    /// the cell marked `*` (a stone of `color` is put there); without a `*`, every stone of `color`
    /// is tried as the centre (its stone taken out of the key) and they must all agree, otherwise
    /// this panics.
    fn line_pattern(line: &str, kind: FiveKind, color: Color) -> Pattern {
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
                ("_XXX_", Flex3S),
                ("#_XXX__", Flex3),
                ("_X_XX_", Flex3),
                ("#XXX__", Block3),
                ("OXXX__", Block3),
                ("O_XXX_O", Block3),
                ("#_XXX_#", Block3),
                ("#XXX_#", Dead),
                ("OXXXO", Dead),
                ("_XX_", Flex2B),
                ("_X_X_", Flex2A),
                ("_X__X_", Flex2),
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
                ("_XXX_", Flex3S),
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
                    ("_XXX_", Flex3S),
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
