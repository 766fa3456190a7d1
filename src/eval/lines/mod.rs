//! The line network: a value and a policy from what every empty cell sees along its four lines.
//!
//! For an empty cell and one direction, the *window* is the [`REACH`] cells on each side of it
//! along that line (empty, Black, White; everything from the first wall on is wall), read from
//! the board's line key ([`window`]): [`WINDOWS`] windows, one learned vector of [`LH`] numbers
//! each ([`LineNet::table`], the same for the four directions). A cell's features are the sum of
//! its four windows' vectors, clipped to `[0, 1]` ([`FEATURE_ONE`] being 1); the position keeps every
//! cell's sum and, over its empty cells, the sum of the clipped features
//! ([`super::Position::line_sums`]), updating only the cells whose windows a stone changes.
//!
//! - **Value**: the feature sums, one hidden layer of [`LL1`] clipped units and a linear output,
//!   per side to move, added to the rest of the evaluation ([`super::evaluate`]).
//! - **Policy**: per side to move, a cell's features through [`PH`] hidden clipped units to a
//!   linear output ([`LineNet::policy`]), in the units of the move ordering's class values
//!   (`ORDER_ATTACK`, `ORDER_DEFEND`), to which the ordering adds it: the trainer fits it as
//!   what those values miss of the moves the search played.
//!
//! Inference is integer only, so every machine gets the same numbers. A network serves the rule
//! families it was trained for. The engine plays with the one embedded from
//! `src/eval/rensa.lines`, if that file is not empty, or with the file `RENSA_LINES=<file>`
//! names ([`file`] has the format; `rensa-train fit-lines` writes one).

pub mod file;

use std::sync::{LazyLock, RwLock};

use crate::board::pattern::HALF;
use crate::types::{Color, Rule};

/// Cells on each side of a window.
pub const REACH: usize = 3;
/// Canonical window halves: sequences of 0 to [`REACH`] stones or empties before a wall.
pub const HALVES: usize = 1 + 3 + 9 + 27;
/// Distinct windows (left half × right half).
pub const WINDOWS: usize = HALVES * HALVES;
/// Features per cell.
pub const LH: usize = 16;
/// Hidden units of the value head.
pub const LL1: usize = 16;
/// Hidden units of the policy head.
pub const PH: usize = 16;
/// The fixed-point unit of a weight of the hidden layers (a weight of 1.0) and of an activation
/// of the policy's hidden layer.
pub const LINE_ONE: i32 = 64;
/// The fixed-point unit of a window's vector and a cell's feature (a clipped value of 1.0):
/// finer than the weights', since the vectors are small and many cells share each rounding.
pub const FEATURE_ONE: i32 = 256;
/// The value head's inputs are the feature sums over this many cells: `x = sum / SUM_CELLS`.
pub const SUM_CELLS: i32 = 32;
/// The fixed-point unit of a value input `x`: the feature sums are read as they are.
pub const INPUT_ONE: i32 = FEATURE_ONE * SUM_CELLS;
/// The fixed-point unit of an activation of the value's hidden layer. The value head's weights
/// are large (an input's step of `1 / 512` moves the output by units), so its inputs and
/// activations keep a fine grain, or the integer value strays from the float model's.
pub const ACT_ONE: i64 = 4096;
/// Bits the value's hidden sums (weights in `1 / LINE_ONE`, inputs in `1 / INPUT_ONE`) are
/// shifted by to activations in `1 / ACT_ONE`.
const HIDDEN_SHIFT: u32 = (LINE_ONE as i64 * INPUT_ONE as i64 / ACT_ONE).ilog2();
/// Bits the output sum (weights in `1 / OUT_W_SCALE` of a unit, activations in
/// `1 / ACT_ONE`) is shifted by to evaluation units.
const OUT_SHIFT: u32 = (OUT_W_SCALE as i64 * ACT_ONE).ilog2();
/// Bits the policy's hidden sums (weights in `1 / LINE_ONE`, features in `1 / FEATURE_ONE`)
/// are shifted by to activations in `1 / LINE_ONE`.
const POLICY_SHIFT: u32 = FEATURE_ONE.ilog2();
/// Scale of the output weights: eighths of an evaluation unit.
pub const OUT_W_SCALE: f32 = 8.0;
/// The bound on a hidden weight.
pub const MAX_HIDDEN_W: f32 = 16.0;

/// [`LineNet::families`] of a network for every rule.
pub const ALL_FAMILIES: u8 = 0b1111;

/// One cell's features, or one window's vector, in units of `1 / FEATURE_ONE`.
pub type Features = [i16; LH];
/// The sums of the clipped features over the empty cells.
pub type LineSums = [i32; LH];

/// The line network of one rule family.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineNet {
    pub name: String,
    /// The rule families it evaluates, bit [`crate::eval::weights::family`] of each (those of
    /// the data it was trained on); positions of other rules go without it.
    pub families: u8,
    /// Per window: its vector (the hidden bias of the features folded in, a quarter per
    /// direction).
    pub table: Vec<Features>,
    /// Per side to move (`Color::index`): hidden weights, in `1 / 64`.
    pub l1_w: [[[i16; LH]; LL1]; 2],
    /// Per side to move: hidden biases, in `1 / (LINE_ONE · INPUT_ONE)`.
    pub l1_b: [[i32; LL1]; 2],
    /// Per side to move: output weights, in eighths of an evaluation unit.
    pub out_w: [[i16; LL1]; 2],
    /// Per side to move: output bias, in evaluation units.
    pub out_b: [i32; 2],
    /// Per side to move: the policy's hidden weights, in `1 / 64`.
    pub policy_w: [[Features; PH]; 2],
    /// Per side to move: the policy's hidden biases, in `1 / 64`.
    pub policy_b: [[i16; PH]; 2],
    /// Per side to move: the policy's output weights, in the ordering's units.
    pub policy_out: [[i16; PH]; 2],
}

/// Canonical indices of a line key's halves (`[0]` the five cells before the centre, `[1]` the
/// five after, 10 bits each), the outermost cell of each ignored.
static HALF_INDEX: LazyLock<[[u8; 1024]; 2]> = LazyLock::new(|| {
    let mut t = [[0u8; 1024]; 2];
    for (side, table) in t.iter_mut().enumerate() {
        for (bits, slot) in table.iter_mut().enumerate() {
            // Cells nearest first: before the centre the nearest is the highest field.
            let cell = |k: usize| {
                let field = if side == 0 { HALF - k } else { k - 1 };
                (bits >> (2 * field)) & 3
            };
            let (mut len, mut value) = (0usize, 0usize);
            for k in 1..=REACH {
                let c = cell(k);
                if c == 3 {
                    break;
                }
                value = value * 3 + c;
                len += 1;
            }
            let first = [0, 1, 4, 13, 40][len];
            *slot = (first + value) as u8;
        }
    }
    t
});

/// The window of a line key ([`crate::board::pattern::key`] layout).
#[inline(always)]
pub fn window(key: u32) -> usize {
    let t = &*HALF_INDEX;
    t[0][(key & 0x3FF) as usize] as usize * HALVES + t[1][(key >> 10 & 0x3FF) as usize] as usize
}

/// The window tables ([`window_pair`] takes them once per stone rather than once per window).
#[inline(always)]
pub fn halves() -> &'static [[u8; 1024]; 2] {
    &HALF_INDEX
}

/// The windows of the line key `key` and of `key ^ flip`, where `flip` changes one cell
/// `after` the centre (else before it): the other half is read once.
#[inline(always)]
pub fn window_pair(t: &[[u8; 1024]; 2], key: u32, flip: u32, after: bool) -> (usize, usize) {
    let before_half = t[0][(key & 0x3FF) as usize] as usize;
    let after_half = t[1][(key >> 10 & 0x3FF) as usize] as usize;
    let now = before_half * HALVES + after_half;
    let flipped = key ^ flip;
    let other = if after {
        before_half * HALVES + t[1][(flipped >> 10 & 0x3FF) as usize] as usize
    } else {
        t[0][(flipped & 0x3FF) as usize] as usize * HALVES + after_half
    };
    (now, other)
}

/// The same window seen from the other end of the line.
pub fn mirror(w: usize) -> usize {
    (w % HALVES) * HALVES + w / HALVES
}

/// A cell's clipped features.
#[inline(always)]
pub fn clipped(f: &Features) -> Features {
    std::array::from_fn(|k| f[k].clamp(0, FEATURE_ONE as i16))
}

impl LineNet {
    /// A network of zeros (adds nothing).
    pub fn zero(name: &str) -> LineNet {
        LineNet {
            name: name.to_string(),
            families: ALL_FAMILIES,
            table: vec![[0; LH]; WINDOWS],
            l1_w: [[[0; LH]; LL1]; 2],
            l1_b: [[0; LL1]; 2],
            out_w: [[0; LL1]; 2],
            out_b: [0; 2],
            policy_w: [[[0; LH]; PH]; 2],
            policy_b: [[0; PH]; 2],
            policy_out: [[0; PH]; 2],
        }
    }

    /// Whether it evaluates positions of `rule`.
    pub fn serves(&self, rule: Rule) -> bool {
        self.families & 1 << crate::eval::weights::family(rule) != 0
    }

    /// A cell's features from its four line keys.
    #[inline]
    pub fn features(&self, keys: &[u32; 4]) -> Features {
        let mut f = [0i16; LH];
        for &key in keys {
            let v = &self.table[window(key)];
            for k in 0..LH {
                f[k] = f[k].wrapping_add(v[k]);
            }
        }
        f
    }

    /// Adds to a cell's features `f` the change of one of its windows from `before` to `now`,
    /// and to `delta` the change of its clipped features.
    #[inline(always)]
    pub fn move_window(&self, f: &mut Features, delta: &mut Features, before: usize, now: usize) {
        let (b, n) = (&self.table[before], &self.table[now]);
        let one = FEATURE_ONE as i16;
        for k in 0..LH {
            let old = f[k];
            let new = old.wrapping_add(n[k].wrapping_sub(b[k]));
            f[k] = new;
            delta[k] = delta[k].wrapping_add(new.clamp(0, one) - old.clamp(0, one));
        }
    }

    /// Whether the value head can give anything but zero (a network trained for its policy
    /// alone has none).
    pub fn has_value(&self) -> bool {
        self.out_w.iter().flatten().any(|&w| w != 0) || self.out_b != [0; 2]
    }

    /// Whether the policy head can give anything but zero (a network trained for its value
    /// alone has none: its output weights are zero, and the output has no bias).
    pub fn has_policy(&self) -> bool {
        self.policy_out.iter().flatten().any(|&w| w != 0)
    }

    /// The value for `us` to move from the feature sums, in evaluation units.
    #[inline]
    pub fn value(&self, sums: &LineSums, us: Color) -> i32 {
        let s = us.index();
        // The sums in 64 bits: on a 32×32 board they reach 2^18, the weights 2^10. Both
        // shifts round to nearest: floors would bias every hidden unit the same way.
        let mut out = 0i64;
        for j in 0..LL1 {
            let w = &self.l1_w[s][j];
            let mut h = self.l1_b[s][j] as i64 + (1 << (HIDDEN_SHIFT - 1));
            for k in 0..LH {
                h += w[k] as i64 * sums[k] as i64;
            }
            let h = (h >> HIDDEN_SHIFT).clamp(0, ACT_ONE);
            out += self.out_w[s][j] as i64 * h;
        }
        ((out + (1 << (OUT_SHIFT - 1))) >> OUT_SHIFT) as i32 + self.out_b[s]
    }

    /// The policy of a cell of features `f` for `us` to move, in the ordering's units.
    #[inline]
    pub fn policy(&self, f: &Features, us: Color) -> i32 {
        let s = us.index();
        let a = clipped(f);
        let mut p = 0i32;
        for j in 0..PH {
            let w = &self.policy_w[s][j];
            let mut h = 0i32;
            for k in 0..LH {
                h += w[k] as i32 * a[k] as i32;
            }
            let h = ((h >> POLICY_SHIFT) + self.policy_b[s][j] as i32).clamp(0, LINE_ONE);
            p += self.policy_out[s][j] as i32 * h;
        }
        p / LINE_ONE
    }

    /// The checksum of the file image, shown with the name.
    pub fn checksum(&self) -> u32 {
        super::weights::checksum(&self.to_bytes())
    }

    /// `name (checksum xxxxxxxx)`.
    pub fn label(&self) -> String {
        format!("{} ({:08x})", self.name, self.checksum())
    }
}

/// The embedded network file (`src/eval/rensa.lines`, written by `rensa-train fit-lines`); an
/// empty file embeds none.
static EMBEDDED_FILE: &[u8] = include_bytes!("../rensa.lines");

/// The embedded network, parsed at first use.
static EMBEDDED: LazyLock<Option<LineNet>> = LazyLock::new(|| {
    (!EMBEDDED_FILE.is_empty())
        .then(|| LineNet::from_bytes(EMBEDDED_FILE).expect("the embedded line network is valid"))
});

/// The embedded network, if one is (its file is checked by a test).
pub fn embedded() -> Option<&'static LineNet> {
    EMBEDDED.as_ref()
}

/// The line network positions are built with: `None` until [`install`] or [`remove`], which
/// means the embedded one.
static ACTIVE: RwLock<Option<Option<&'static LineNet>>> = RwLock::new(None);

/// The line network positions are built with, if any (a position whose rule it does not
/// serve goes without it).
pub fn active() -> Option<&'static LineNet> {
    let chosen = *ACTIVE.read().unwrap_or_else(|e| e.into_inner());
    chosen.unwrap_or_else(embedded)
}

/// Makes `net` the line network of every position built from now on (kept for the life of the
/// process).
pub fn install(net: LineNet) -> &'static LineNet {
    let net: &'static LineNet = Box::leak(Box::new(net));
    *ACTIVE.write().unwrap_or_else(|e| e.into_inner()) = Some(Some(net));
    net
}

/// Positions built from now on have no line network (`RENSA_LINES=none`, and the fits, which
/// train the evaluation without it).
pub fn remove() {
    *ACTIVE.write().unwrap_or_else(|e| e.into_inner()) = Some(None);
}

/// Loads the line network file at `path` and installs it; on failure nothing changes and the
/// error says why.
pub fn install_file(path: &std::path::Path) -> Result<&'static LineNet, String> {
    LineNet::load(path).map(install)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::pattern::shift_of;
    use crate::types::Cell;

    fn key(cells: &[(isize, Cell)]) -> u32 {
        cells
            .iter()
            .fold(0, |k, &(at, c)| k | (c as u32) << shift_of(at))
    }

    #[test]
    fn the_embedded_file_is_empty_or_a_valid_network() {
        assert!(EMBEDDED_FILE.is_empty() || LineNet::from_bytes(EMBEDDED_FILE).is_ok());
    }

    /// A network serves the families of its bits: renju's stays out of freestyle and caro's
    /// covers both caro rules.
    #[test]
    fn a_network_serves_its_families_only() {
        let mut n = LineNet::zero("t");
        assert!(Rule::ALL.iter().all(|&r| n.serves(r)));
        n.families = 1 << 2;
        assert!(n.serves(Rule::Renju) && !n.serves(Rule::Freestyle) && !n.serves(Rule::Standard));
        n.families = 1 << 3;
        assert!(n.serves(Rule::Caro) && n.serves(Rule::CaroOverline) && !n.serves(Rule::Renju));
    }

    /// Windows tell apart what lies within [`REACH`] cells, treat all beyond a wall alike,
    /// ignore the cells further out, and mirror to the same window read from the other end.
    #[test]
    fn windows_are_canonical() {
        let reach = REACH as isize;
        // The first half of `REACH` cells comes after the shorter ones: (3^REACH - 1) / 2.
        let full = (3usize.pow(REACH as u32) - 1) / 2;
        let empty = window(0);
        assert_eq!(empty, full * HALVES + full, "two halves of empties");
        let beyond = key(&[(reach + 1, Cell::Black), (-reach - 1, Cell::White)]);
        assert_eq!(window(beyond), empty);
        let a = window(key(&[(1, Cell::Black), (3, Cell::White)]));
        let b = window(key(&[(-1, Cell::Black), (-3, Cell::White)]));
        assert_ne!(a, b);
        assert_eq!(mirror(a), b);
        let walled = window(key(&[(2, Cell::Wall), (3, Cell::Black)]));
        assert_eq!(walled, window(key(&[(2, Cell::Wall)])));
        assert_eq!(walled % HALVES, 1, "one cell, then the wall");
        let mut seen = vec![false; WINDOWS];
        let half_bits = 2 * REACH as u32;
        for bits in 0..1u32 << (2 * half_bits) {
            // Offsets -REACH..-1 (the nearest in the highest field) and 1..REACH, every kind.
            let before = bits & ((1 << half_bits) - 1);
            let k = before << (2 * (HALF - REACH)) | (bits >> half_bits) << 10;
            seen[window(k)] = true;
        }
        assert!(seen.iter().all(|&s| s), "every window is reachable");
    }

    /// A cell's two windows, before and after one cell of either half changes, are those
    /// [`window`] reads from each key.
    #[test]
    fn window_pairs_match_windows() {
        let t = halves();
        let mut key = 0x9E37_79B9u32;
        for _ in 0..10_000 {
            key = key.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let k = key >> 28 & 3;
            for (at, after) in [(k as isize + 1, true), (-(k as isize) - 1, false)] {
                let base = key & 0xF_FFFF;
                let flip = (1 + (key >> 25) % 3) << shift_of(at);
                let pair = window_pair(t, base, flip, after);
                assert_eq!(pair, (window(base), window(base ^ flip)));
            }
        }
    }

    #[test]
    fn value_and_policy_read_their_side() {
        let mut n = LineNet::zero("t");
        n.l1_w[0][0][0] = 64; // weight 1.0
        n.out_w[0][0] = (100.0 * OUT_W_SCALE) as i16;
        n.out_b[1] = 5;
        n.policy_w[1][0][2] = 64; // weight 1.0
        n.policy_out[1][0] = 250;
        // 32 cells at 0.5 each: x = 0.5, hidden 0.5, output 50.
        let mut sums = [0; LH];
        sums[0] = 32 * FEATURE_ONE / 2;
        assert_eq!(n.value(&sums, Color::Black), 50);
        assert_eq!(n.value(&sums, Color::White), 5);
        let mut f = [0i16; LH];
        f[2] = FEATURE_ONE as i16 + 100; // clipped to 1.0
        assert_eq!(n.policy(&f, Color::White), 250);
        assert_eq!(n.policy(&f, Color::Black), 0);
    }
}
