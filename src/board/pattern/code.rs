//! Pattern codes: the order-free combination of a cell's four line patterns for one colour.
//!
//! Which direction shows which pattern does not change what a stone on the cell is worth, so
//! the learned evaluation (`eval::weights`) values a cell by the multiset of its four patterns:
//! one of [`CODES`] codes, numbered in the order of the sorted tuples `a ≤ b ≤ c ≤ d` of
//! [`Pattern`] values. [`code_of`] maps packed patterns ([`Packed4`]) to their code through a
//! 64 K-entry table built at first use, like the class table.

use std::sync::LazyLock;

use super::class::{combine, Class, Packed4};
use super::line::Pattern;

/// Number of distinct line patterns.
const PATTERNS: usize = Pattern::COUNT;

/// Number of pattern codes: multisets of four patterns out of 14, `C(17, 4)`.
pub const CODES: usize = 2380;

/// The code of every [`Packed4`] (nibbles above `Five` read as `Five`, as the class table does).
static CODE_TABLE: LazyLock<Box<[u16; 1 << 16]>> = LazyLock::new(|| {
    // The code of each sorted tuple, at `((a·14 + b)·14 + c)·14 + d`.
    let flat = |ps: [usize; 4]| ps.iter().fold(0, |i, &p| i * PATTERNS + p);
    let mut index = vec![0u16; PATTERNS.pow(4)];
    let mut next = 0u16;
    for (i, e) in index.iter_mut().enumerate() {
        let ps: [usize; 4] = std::array::from_fn(|k| i / PATTERNS.pow(3 - k as u32) % PATTERNS);
        if ps.is_sorted() {
            *e = next;
            next += 1;
        }
    }
    debug_assert_eq!(next as usize, CODES);
    let mut t = Box::new([0u16; 1 << 16]);
    for (packed, e) in t.iter_mut().enumerate() {
        let mut ps: [usize; 4] =
            std::array::from_fn(|d| ((packed >> (4 * d)) & 15).min(PATTERNS - 1));
        ps.sort_unstable();
        *e = index[flat(ps)];
    }
    t
});

/// The pattern code of four packed patterns.
#[inline]
pub fn code_of(packed: Packed4) -> u16 {
    CODE_TABLE[packed as usize]
}

/// The four patterns of each code, weakest first.
pub fn patterns_of(code: usize) -> [Pattern; 4] {
    static PATTERNS_OF: LazyLock<Vec<[Pattern; 4]>> = LazyLock::new(|| {
        let mut v = vec![[Pattern::Dead; 4]; CODES];
        for packed in 0..(PATTERNS as u32).pow(4) {
            let ps: [u32; 4] =
                std::array::from_fn(|d| packed / (PATTERNS as u32).pow(d as u32) % PATTERNS as u32);
            let key = ps
                .iter()
                .enumerate()
                .fold(0u16, |k, (d, &p)| k | (p as u16) << (4 * d));
            let mut sorted = ps;
            sorted.sort_unstable();
            v[code_of(key) as usize] = sorted.map(|p| Pattern::from_u8(p as u8));
        }
        v
    });
    PATTERNS_OF[code]
}

/// The threat class a stone on a cell of `code` makes ([`combine`]; the same for every order of
/// the patterns).
pub fn class_of_code(code: usize, renju_black: bool) -> Class {
    combine(patterns_of(code), renju_black)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_ignore_direction_order_and_cover_every_multiset() {
        let mut seen = vec![false; CODES];
        for packed in 0..=u16::MAX {
            let nib: [u16; 4] = std::array::from_fn(|d| (packed >> (4 * d)) & 15);
            if nib.iter().any(|&n| n as usize >= PATTERNS) {
                continue;
            }
            let code = code_of(packed) as usize;
            seen[code] = true;
            let rotated = nib[1] | nib[2] << 4 | nib[3] << 8 | nib[0] << 12;
            let swapped = nib[1] | nib[0] << 4 | nib[2] << 8 | nib[3] << 12;
            assert_eq!(code_of(rotated) as usize, code);
            assert_eq!(code_of(swapped) as usize, code);
            let mut sorted = nib;
            sorted.sort_unstable();
            assert_eq!(patterns_of(code).map(|p| p as u16), sorted);
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn the_class_is_a_function_of_the_code() {
        for packed in 0..=u16::MAX {
            if (0..4).any(|d| ((packed >> (4 * d)) & 15) as usize >= PATTERNS) {
                continue;
            }
            for rb in [false, true] {
                let by_code = class_of_code(code_of(packed) as usize, rb);
                assert_eq!(
                    by_code,
                    super::super::class::class_of(packed, rb),
                    "{packed:04x}"
                );
            }
        }
    }
}
