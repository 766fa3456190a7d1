//! Line patterns and threat classes: what a stone on an empty cell would make along each of
//! its four lines ([`Pattern`]) and over the four together ([`Class`]), under each rule's idea
//! of a five ([`FiveKind`]). Everything is looked up in tables built once, at first use; depends
//! only on `types`.
//!
//! * [`key`]: the line key (the 5 cells on each side of a cell along one line, 2 bits each) and
//!   its canonical form, which indexes the tables.
//! * [`line`](mod@line): the line pattern of a key for each colour and five kind, and its table.
//! * [`class`]: the threat class of a cell from its four line patterns, and its table.
//! * [`code`]: the order-free pattern code of a cell, which indexes the learned cell values.
//!
//! This file joins them for the board's hot path: a `RuleTables` holds, in one block, all
//! that one rule needs to turn a changed line key into both colours' patterns and classes.

pub mod class;
pub mod code;
pub mod key;
pub mod line;

pub use class::{class_of, combine, Class, Packed4, TIERS};
pub use code::{code_of, CODES};
pub use key::{shift_of, HALF};
pub use line::{table, FiveKind, Pattern, PatternTable};

use std::sync::LazyLock;

use crate::types::{Color, Rule};
use class::class_table;
use key::{half_index, CANONICAL_HALVES, HALF_BITS, HALF_KEYS, TABLE_LEN};
use line::same_line_double_four;

/// Everything the board's hot path looks up under one rule, in one block so that a single base
/// pointer reaches it all: the [`key::HalfIndex`] maps, the pattern entries with Black's pattern
/// (under Black's [`FiveKind`]) in the low nibble and White's in the high one, and for Black
/// (with the `Forbid` hint under renju) and White the [`code_of`] and [`class_of`] of every
/// [`Packed4`] in one entry ([`CodeClass`]), so that a changed cell costs one look-up per colour.
pub(crate) struct RuleTables {
    half: [[u32; HALF_KEYS]; 2],
    /// [`TABLE_LEN`] entries, padded to a power of two so that a masked index needs no bounds
    /// check.
    entries: [u8; ENTRIES_POW2],
    code_class: [[CodeClass; 1 << 16]; 2],
    /// Whether a cell's patterns read the cells [`key::HALF`] steps away. Under freestyle they
    /// never do (a five, and the open four beyond it, lie within four steps of the cell), so a
    /// stone leaves the patterns of the empty cells that far along its lines as they were.
    pub(crate) far: bool,
}

/// A cell's pattern code and class for one colour in one `u16`: the [`code_of`] of its four
/// patterns in the high 12 bits, the raw [`Class`] (as `u8`) in the low 4.
pub(crate) type CodeClass = u16;

/// The [`Class`] of a [`CodeClass`], as the raw `u8` the tables hold.
#[inline(always)]
pub(crate) fn class_part(cc: CodeClass) -> u8 {
    (cc & 15) as u8
}

/// The index into [`crate::board::TierPairs`] of a cell whose codes and classes are `cc`
/// (Black's, White's): `TIERS ×` Black's tier `+` White's.
#[inline(always)]
pub(crate) fn tier_pair(cc: [CodeClass; 2]) -> usize {
    class::TIER_OF[class_part(cc[0]) as usize] as usize * TIERS
        + class::TIER_OF[class_part(cc[1]) as usize] as usize
}

/// The pattern code of a [`CodeClass`].
#[inline(always)]
pub(crate) fn code_part(cc: CodeClass) -> usize {
    (cc >> 4) as usize
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
            code_class: [[0; 1 << 16]; 2],
            far: rule != Rule::Freestyle,
        });
        for (colour, renju_black) in [(0, rule == Rule::Renju), (1, false)] {
            let classes = class_table(renju_black);
            for (packed, e) in t.code_class[colour].iter_mut().enumerate() {
                let code = code_of(packed as Packed4);
                debug_assert!(classes[packed] < 16 && (code as usize) < CODES);
                *e = code << 4 | classes[packed] as CodeClass;
            }
        }
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

    /// The pattern code and raw class of `color` (0 Black, 1 White) for its packed patterns
    /// ([`Packed4`]).
    #[inline(always)]
    pub(crate) fn code_class(&self, color: usize, packed: Packed4) -> CodeClass {
        self.code_class[color][packed as usize]
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule whose tables are not `far` has no pattern that depends on the cells five steps
    /// away, so the pattern pass may leave those cells alone.
    #[test]
    fn patterns_without_far_cells_ignore_them() {
        for rule in [
            Rule::Freestyle,
            Rule::Standard,
            Rule::Renju,
            Rule::CaroOverline,
            Rule::Caro,
        ] {
            let t = rule_tables(rule);
            let reads_far = (0..1u32 << (4 * key::HALF)).any(|key| {
                [-(key::HALF as isize), key::HALF as isize]
                    .into_iter()
                    .any(|k| {
                        let s = key::shift_of(k);
                        (0..4).any(|v| t.entry((key & !(3 << s)) | v << s) != t.entry(key))
                    })
            });
            assert_eq!(reads_far, t.far, "{rule:?}");
        }
    }
}
