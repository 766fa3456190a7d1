//! The evaluation network: a small learned correction added to the table evaluation.
//!
//! Every empty cell indexes, by its pattern code for each colour, a learned vector of [`H`]
//! numbers ([`FamilyNet::emb`]); the position keeps each colour's sum of those vectors over its
//! empty cells, updated only for the cells whose codes a move changes
//! ([`super::Position::accumulators`]). At a node the side to move's and the opponent's
//! sums, clipped to `[0, 1]`, feed one hidden layer of [`L1`] clipped-linear units and a linear
//! output in evaluation units, which [`super::evaluate`] adds to the tables' value. A network
//! whose output weights are zero adds nothing: training starts from the tables and learns what
//! they miss. A network of [`Inputs::Classes`] has no vectors: its inputs are each colour's
//! counts of empty cells per class, which the board keeps for the tables anyway, and the
//! counts of empty cells by both colours' class tiers ([`super::Position::tier_pairs`]:
//! the cells that matter to both sides at once), which the position keeps for it as stones come
//! and go; one whose pair weights are all zero reads the class counts alone
//! ([`FamilyNet::reads_pairs`]) and costs its forward pass only.
//!
//! Inference is integer only ([`FamilyNet::forward`]): vectors of `i16` summed in `i32`, one
//! unit of an input or a hidden activation being [`ONE`], so results are the same on every
//! machine; a class network sums its rows in `i16` when no sum can leave that range. Weights
//! per rule family ([`super::weights::family`]), and per colour (vectors) and per side to move
//! (layers), which the trainer ties where the colours mean the same.

pub mod file;

use std::sync::{LazyLock, RwLock};

use crate::board::pattern::code::CODES;
use crate::board::pattern::TIERS;
use crate::board::{Class, TierPairs};
use crate::types::{Color, Rule};

/// Numbers per colour's input: a cell vector and its sum, or a class network's counts (the
/// classes from 0, the tier pairs from [`PAIR_BASE`]).
pub const H: usize = 32;
/// The first of a class network's numbers that count tier pairs.
pub const PAIR_BASE: usize = 16;
/// Hidden units.
pub const L1: usize = 16;
/// The fixed-point unit of the inputs and the hidden activations (a clipped value of 1.0).
pub const ONE: i32 = 64;
/// Bits the hidden layer's sums are shifted by: its weights are in units of `1 / ONE`.
const L1_SHIFT: u32 = 6;
/// Bits the output's sum is shifted by: its weights are in eighths of an evaluation unit per
/// [`ONE`] of a hidden activation.
const OUT_SHIFT: u32 = 9;
/// The scale of [`FamilyNet::out_w`]: eighths of an evaluation unit.
pub const OUT_W_SCALE: f32 = 8.0;

/// One colour's sum of cell vectors, in `i16` lanes. The adds wrap, so the arithmetic is the
/// same on every machine; every number of a vector is an `i8` (at most [`MAX_VECTOR`]), which
/// keeps the sum exact over up to 258 cells whose vectors are not zero.
pub type Accumulator = [i16; H];
/// The bound on every number of a vector, in units of `1 / ONE` (258 · 127 < 32 768).
pub const MAX_VECTOR: i16 = i8::MAX as i16;
/// One cell's vector, in bytes: half the memory and file of `i16` numbers, at the same speed.
pub type Vector = [i8; H];

/// What a network reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Inputs {
    /// Per colour, the sum of the learned vectors of the empty cells' pattern codes, kept by the
    /// board as stones come and go.
    Codes,
    /// Per colour, the count of its empty cells of each class, [`CLASS_UNIT`] each (the first
    /// [`Class::COUNT`] numbers; the class `None` and the rest read zero). The board counts
    /// the classes anyway: a network of this kind costs its forward pass only.
    Classes,
}

/// What one cell of a class adds to its number of a [`Inputs::Classes`] network: an eighth of
/// [`ONE`], so the number saturates at eight cells.
pub const CLASS_UNIT: i16 = 8;

/// The counts of cells of a class a [`Inputs::Classes`] network tells apart: more read as many.
pub const CLASS_LEVELS: usize = (ONE / CLASS_UNIT as i32) as usize;

/// Index `pair` of [`TierPairs`] (Black's tier first) seen from `color`: its own tier first.
#[inline(always)]
pub const fn pair_view(pair: usize, color: Color) -> usize {
    match color {
        Color::Black => pair,
        Color::White => pair % TIERS * TIERS + pair / TIERS,
    }
}

/// The inputs of an [`Inputs::Classes`] network from both colours' class counts (index
/// `Color::index`, as the board keeps them) and the tier pairs: per colour, number `k` counts
/// its cells of class `k`, number `PAIR_BASE + v` the cells of pair `v` from its side
/// ([`pair_view`]); the class `None` and the pair of two tiers 0 read zero.
#[inline]
pub fn class_inputs(counts: [&[u16; Class::COUNT]; 2], pairs: &TierPairs) -> [Accumulator; 2] {
    const { assert!(Class::COUNT <= PAIR_BASE && PAIR_BASE + TIERS * TIERS <= H) };
    let mut x = [[0i16; H]; 2];
    for (c, color) in [Color::Black, Color::White].into_iter().enumerate() {
        for k in 1..Class::COUNT {
            // At most 1 024 cells: the product fits.
            x[c][k] = counts[c][k] as i16 * CLASS_UNIT;
        }
        for (j, &n) in pairs.iter().enumerate().skip(1) {
            x[c][PAIR_BASE + pair_view(j, color)] = n as i16 * CLASS_UNIT;
        }
    }
    x
}

/// One rule family's network.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FamilyNet {
    /// What it reads; an [`Inputs::Classes`] network has no vectors (`emb` stays zero).
    pub inputs: Inputs,
    /// Per colour (`Color::index`) and pattern code: the cell's vector, in units of `1 / ONE`.
    /// One table only when both colours' are the same ([`FamilyNet::tie_colours`]): half the
    /// memory the board reads.
    pub emb: Vec<[Vector; CODES]>,
    /// Per side to move: the hidden layer's weights (the side to move's sum first, then the
    /// opponent's), in units of `1 / ONE`.
    pub l1_w: [[[i16; 2 * H]; L1]; 2],
    /// Per side to move: the hidden layer's biases, in units of `1 / ONE²`.
    pub l1_b: [[i32; L1]; 2],
    /// Per side to move: the output weights, in eighths of an evaluation unit.
    pub out_w: [[i16; L1]; 2],
    /// Per side to move: the output bias, in evaluation units.
    pub out_b: [i32; 2],
    /// For a network of [`Inputs::Classes`] ([`FamilyNet::index_classes`]): its hidden
    /// weights as rows to add, one per class or pair and count. `None` until indexed.
    pub class_rows: Option<IndexedRows>,
}

/// A class network's rows, in `i16` when no choice of one row per class, reader and pair with
/// the bias can leave that range ([`FamilyNet::index_classes`]): the sums then never wrap, so
/// they are the `i32` rows' integers, from half the memory and half the adds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum IndexedRows {
    Wide(Box<ClassRows<i32>>),
    Narrow(Box<ClassRows<i16>>),
}

/// Rows of a hidden unit's numbers per count of 0 to [`CLASS_LEVELS`] cells.
pub type Levels<T> = [[T; L1]; CLASS_LEVELS + 1];

/// A class network's hidden weights as rows: what the cells of a class or tier pair add to
/// each hidden unit's sum, by their count (zeros for none). Typed by their bounds, so that
/// picking a row needs no index check.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClassRows<T> {
    /// Per side to move, reader (side to move, opponent) and class.
    pub classes: [[[Levels<T>; Class::COUNT]; 2]; 2],
    /// Per side to move and tier pair (Black's tier first): both readers' numbers of that
    /// pair together (they count the same cells, each from its side).
    pub pairs: [[Levels<T>; TIERS * TIERS]; 2],
}

impl<T: Copy + Default> ClassRows<T> {
    fn zero() -> Box<ClassRows<T>> {
        let levels = [[T::default(); L1]; CLASS_LEVELS + 1];
        Box::new(ClassRows {
            classes: [[[levels; Class::COUNT]; 2]; 2],
            pairs: [[levels; TIERS * TIERS]; 2],
        })
    }

    /// Every group of rows of which one evaluation adds one, for side to move `s`.
    fn groups(&self, s: usize) -> impl Iterator<Item = &Levels<T>> {
        let classes = self.classes[s].iter().flat_map(|r| &r[1..]);
        classes.chain(&self.pairs[s][1..])
    }
}

impl ClassRows<i32> {
    /// The same rows in `i16` (exact only within the bound of [`FamilyNet::index_classes`]).
    fn narrow(&self) -> Box<ClassRows<i16>> {
        let mut narrow = ClassRows::<i16>::zero();
        let from = (self.classes.iter().flatten().flatten()).chain(self.pairs.iter().flatten());
        let to = (narrow.classes.iter_mut().flatten().flatten())
            .chain(narrow.pairs.iter_mut().flatten());
        for (f, t) in from.flatten().zip(to.flatten()) {
            *t = f.map(|v| v as i16);
        }
        narrow
    }
}

/// A network for every rule family that has one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Net {
    /// A name for the bench header and the log.
    pub name: String,
    /// Indexed by [`super::weights::family`]; `None`: that family has no network.
    pub families: Vec<Option<FamilyNet>>,
}

impl FamilyNet {
    /// A network that adds nothing (all weights zero).
    pub fn zero() -> FamilyNet {
        FamilyNet {
            inputs: Inputs::Codes,
            emb: vec![[[0; H]; CODES]; 2],
            l1_w: [[[0; 2 * H]; L1]; 2],
            l1_b: [[0; L1]; 2],
            out_w: [[0; L1]; 2],
            out_b: [0; 2],
            class_rows: None,
        }
    }

    /// Fills [`FamilyNet::class_rows`] from the hidden weights of a network of
    /// [`Inputs::Classes`] (a network of codes keeps none).
    pub fn index_classes(&mut self) {
        self.class_rows = None;
        if self.inputs != Inputs::Classes {
            return;
        }
        let level = |n: usize| n as i32 * CLASS_UNIT as i32;
        let mut rows = ClassRows::<i32>::zero();
        for (s, us) in [Color::Black, Color::White].into_iter().enumerate() {
            for reader in 0..2 {
                for k in 0..Class::COUNT {
                    for n in 0..=CLASS_LEVELS {
                        rows.classes[s][reader][k][n] = std::array::from_fn(|j| {
                            self.l1_w[s][j][reader * H + k] as i32 * level(n)
                        });
                    }
                }
            }
            let [own, opp] = [PAIR_BASE, H + PAIR_BASE];
            for pair in 0..TIERS * TIERS {
                for n in 0..=CLASS_LEVELS {
                    rows.pairs[s][pair][n] = std::array::from_fn(|j| {
                        let w = &self.l1_w[s][j];
                        (w[own + pair_view(pair, us)] as i32
                            + w[opp + pair_view(pair, us.opp())] as i32)
                            * level(n)
                    });
                }
            }
        }
        // Every row is within the bound too, so the narrowing is exact.
        self.class_rows = Some(if self.class_row_bound(&rows) <= i16::MAX as i64 {
            IndexedRows::Narrow(rows.narrow())
        } else {
            IndexedRows::Wide(rows)
        });
    }

    /// The largest magnitude a hidden unit's sum of [`FamilyNet::forward_classes`] can take:
    /// its bias plus, for each group of rows of which one is added (a class and reader, or a
    /// pair), the largest of the group.
    fn class_row_bound(&self, rows: &ClassRows<i32>) -> i64 {
        let mut worst = 0;
        for s in 0..2 {
            for j in 0..L1 {
                let picked: i64 = (rows.groups(s))
                    .map(|g| g.iter().map(|r| (r[j] as i64).abs()).max().unwrap_or(0))
                    .sum();
                worst = worst.max(picked + (self.l1_b[s][j] as i64).abs());
            }
        }
        worst
    }

    /// Whether a network of [`Inputs::Classes`] reads the tier pairs: some hidden weight of a
    /// pair is not zero (a network fitted with `-inputs counts` has none).
    pub fn reads_pairs(&self) -> bool {
        let pair = |k: usize| (PAIR_BASE + 1..PAIR_BASE + TIERS * TIERS).contains(&(k % H));
        self.inputs == Inputs::Classes
            && (self.l1_w.iter().flatten())
                .any(|w| w.iter().enumerate().any(|(k, &w)| w != 0 && pair(k)))
    }

    /// Keeps one vector table when both colours have the same.
    pub fn tie_colours(&mut self) {
        if self.emb.len() == 2 && self.emb[0] == self.emb[1] {
            self.emb.truncate(1);
        }
    }

    /// The vector table of `color` (index `Color::index`).
    #[inline(always)]
    pub fn vectors(&self, color: usize) -> &[Vector; CODES] {
        &self.emb[color.min(self.emb.len() - 1)]
    }

    /// The vector of `code` for `color`.
    #[inline(always)]
    pub fn vector(&self, color: usize, code: usize) -> &Vector {
        &self.vectors(color)[code]
    }

    /// The correction for `us` to move, from both colours' sums `acc` (index `Color::index`).
    #[inline]
    pub fn forward(&self, acc: &[Accumulator; 2], us: Color) -> i32 {
        let s = us.index();
        // Inputs and weights both `i16`, products summed in `i32`: the form that vectorises
        // to multiply-add instructions.
        let mut x = [0i16; 2 * H];
        for k in 0..H {
            x[k] = acc[s][k].clamp(0, ONE as i16);
            x[H + k] = acc[1 - s][k].clamp(0, ONE as i16);
        }
        let mut h = self.l1_b[s];
        for (j, h) in h.iter_mut().enumerate() {
            let w = &self.l1_w[s][j];
            for k in 0..2 * H {
                *h += w[k] as i32 * x[k] as i32;
            }
        }
        self.output(&h, s)
    }

    /// [`FamilyNet::forward`] of an [`Inputs::Classes`] network from the class counts of the
    /// side to move (`own`) and the opponent (`opp`) and the tier pairs, with the same integers:
    /// each class and pair adds its row of [`FamilyNet::class_rows`] (the dense pass if the
    /// network is not indexed).
    #[inline]
    pub fn forward_classes(
        &self,
        own: &[u16; Class::COUNT],
        opp: &[u16; Class::COUNT],
        pairs: Option<&TierPairs>,
        us: Color,
    ) -> i32 {
        let s = us.index();
        let Some(indexed) = &self.class_rows else {
            let pairs = pairs.unwrap_or(&[0; TIERS * TIERS]);
            let counts = match us {
                Color::Black => [own, opp],
                Color::White => [opp, own],
            };
            return self.forward(&class_inputs(counts, pairs), us);
        };
        let rows = RowPicks::new(own, opp, pairs, s);
        let h = match indexed {
            IndexedRows::Wide(wide) => rows.sum(wide, self.l1_b[s]),
            // The bias fits `i16` too (it is part of the bound).
            IndexedRows::Narrow(narrow) => rows
                .sum(narrow, self.l1_b[s].map(|b| b as i16))
                .map(i32::from),
        };
        self.output(&h, s)
    }

    /// The output for side to move `s` from the hidden layer's sums `h` (biases included).
    #[inline(always)]
    fn output(&self, h: &[i32; L1], s: usize) -> i32 {
        let out: i32 = (self.out_w[s].iter().zip(h))
            .map(|(&w, &h)| w as i32 * ((h >> L1_SHIFT).clamp(0, ONE)))
            .sum();
        (out >> OUT_SHIFT) + self.out_b[s]
    }
}

/// The rows of [`FamilyNet::class_rows`] one evaluation adds: one per class and reader, and
/// per pair, the row of no cells being zeros (always added: whether a class is present is hard
/// to predict). The class `None` and the pair of two tiers 0 are read by no input.
struct RowPicks<'a> {
    counts: [&'a [u16; Class::COUNT]; 2],
    /// `None` for a network that reads no pairs (its pair rows are zeros).
    pairs: Option<&'a TierPairs>,
    s: usize,
}

/// A hidden sum's lane: `i32`, or `i16` when no sum can leave that range.
trait Lane: Copy {
    fn wrapping_add(self, other: Self) -> Self;
}

impl Lane for i16 {
    #[inline(always)]
    fn wrapping_add(self, other: i16) -> i16 {
        i16::wrapping_add(self, other)
    }
}

impl Lane for i32 {
    #[inline(always)]
    fn wrapping_add(self, other: i32) -> i32 {
        i32::wrapping_add(self, other)
    }
}

impl<'a> RowPicks<'a> {
    #[inline(always)]
    fn new(
        own: &'a [u16; Class::COUNT],
        opp: &'a [u16; Class::COUNT],
        pairs: Option<&'a TierPairs>,
        s: usize,
    ) -> RowPicks<'a> {
        RowPicks {
            counts: [own, opp],
            pairs,
            s,
        }
    }

    /// `h` plus the picked rows of `rows`, by wrapping adds: the dense pass's integers.
    #[inline(always)]
    fn sum<T: Lane>(&self, rows: &ClassRows<T>, mut h: [T; L1]) -> [T; L1] {
        let level = |n: u16| (n as usize).min(CLASS_LEVELS);
        let mut add = |row: &[T; L1]| {
            for j in 0..L1 {
                h[j] = h[j].wrapping_add(row[j]);
            }
        };
        for (rows, counts) in rows.classes[self.s].iter().zip(self.counts) {
            for k in 1..Class::COUNT {
                add(&rows[k][level(counts[k])]);
            }
        }
        if let Some(counts) = self.pairs {
            let pairs = &rows.pairs[self.s];
            for pair in 1..TIERS * TIERS {
                add(&pairs[pair][level(counts[pair])]);
            }
        }
        h
    }
}

impl Net {
    /// The network of `rule`'s family, if it has one.
    #[inline]
    pub fn family(&self, rule: Rule) -> Option<&FamilyNet> {
        self.families[super::weights::family(rule)].as_ref()
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

/// The embedded network file (`src/eval/rensa.net`, written by `rensa-train fit-net`).
static EMBEDDED_FILE: &[u8] = include_bytes!("../rensa.net");

/// The embedded network, parsed at first use.
static EMBEDDED: LazyLock<Net> =
    LazyLock::new(|| Net::from_bytes(EMBEDDED_FILE).expect("the embedded network is valid"));

/// The embedded network (its file is checked by a test).
pub fn embedded() -> &'static Net {
    &EMBEDDED
}

/// The network positions are built with: `None` until [`install`] or [`remove`], which means the
/// embedded one.
static ACTIVE: RwLock<Option<Option<&'static Net>>> = RwLock::new(None);

/// The network positions are built with, if any.
pub fn active() -> Option<&'static Net> {
    let chosen = *ACTIVE.read().unwrap_or_else(|e| e.into_inner());
    chosen.unwrap_or_else(|| Some(embedded()))
}

/// Makes `net` the network of every position built from now on (positions already built keep
/// theirs). Each call keeps its network for the life of the process.
pub fn install(net: Net) -> &'static Net {
    let net: &'static Net = Box::leak(Box::new(net));
    *ACTIVE.write().unwrap_or_else(|e| e.into_inner()) = Some(Some(net));
    net
}

/// Positions built from now on have no network: the tables alone evaluate (the fits, which
/// train the tables or a network's correction to them, and `RENSA_NET=none`).
pub fn remove() {
    *ACTIVE.write().unwrap_or_else(|e| e.into_inner()) = Some(None);
}

/// Loads the network file at `path` and installs it; on failure nothing changes and the error
/// says why.
pub fn install_file(path: &std::path::Path) -> Result<&'static Net, String> {
    Net::load(path).map(install)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_network_adds_nothing_and_clipping_holds() {
        let z = FamilyNet::zero();
        let acc = [[1000; H], [-1000; H]];
        assert_eq!(z.forward(&acc, Color::Black), 0);
        let mut n = FamilyNet::zero();
        // One hidden unit reading the side to move's first number: h = clamp(x0) = ONE at most.
        n.l1_w[0][0][0] = ONE as i16; // weight 1.0
        n.out_w[0][0] = (100.0 * OUT_W_SCALE) as i16; // 100 units per unit of h
        n.out_b[0] = 7;
        let one = ONE as i16;
        assert_eq!(n.forward(&[[one / 2; H], [0; H]], Color::Black), 50 + 7);
        assert_eq!(n.forward(&[[10 * one; H], [0; H]], Color::Black), 100 + 7);
        assert_eq!(n.forward(&[[-one; H], [0; H]], Color::Black), 7);
        // White to move reads its own sum through its own layer (all zero here).
        assert_eq!(n.forward(&[[one; H], [0; H]], Color::White), 0);
    }

    /// The embedded file parses whole (the writer gives back its every byte), holds freestyle's
    /// network and the same in standard, caro's of the class counts alone (none in renju), and
    /// boards get it by default.
    #[test]
    fn the_embedded_network_loads() {
        let net = embedded();
        assert_eq!(net.to_bytes(), EMBEDDED_FILE);
        let freestyle = net.family(Rule::Freestyle).expect("freestyle's network");
        assert_eq!(net.family(Rule::Standard), Some(freestyle));
        assert!(net.family(Rule::Renju).is_none());
        let caro = net.family(Rule::Caro).expect("caro's network");
        assert!(freestyle.reads_pairs() && !caro.reads_pairs());
        assert_eq!(net.family(Rule::CaroOverline), Some(caro));
        // Their weights are small enough for the `i16` rows.
        for family in [freestyle, caro] {
            assert!(matches!(family.class_rows, Some(IndexedRows::Narrow(_))));
        }
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Caro] {
            let pos = crate::eval::Position::new(crate::board::Board::new(15, 15, rule));
            assert_eq!(pos.net(), net.family(rule));
        }
    }

    /// The indexed pass of a class network gives the dense pass's integers, counts past
    /// saturation and zero counts included: with large weights by the `i32` rows, with small
    /// ones (the shipped network's size) by the `i16` rows; a network of the class counts alone
    /// (its pairs' weights zero) reads no tier pairs and gives the same integers without them.
    #[test]
    fn the_class_rows_give_the_dense_pass() {
        for (w_max, b_max, narrow, pairs) in [
            (2000, 100_000, false, true),
            (6, 1000, true, true),
            (6, 1000, true, false),
        ] {
            class_rows_match_dense(w_max, b_max, narrow, pairs);
        }
    }

    fn class_rows_match_dense(w_max: u64, b_max: u64, narrow: bool, pairs: bool) {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut n = FamilyNet::zero();
        n.inputs = Inputs::Classes;
        for s in 0..2 {
            for j in 0..L1 {
                for w in n.l1_w[s][j].iter_mut() {
                    *w = (next() % (2 * w_max + 1)) as i16 - w_max as i16;
                }
                n.l1_b[s][j] = (next() % (2 * b_max + 1)) as i32 - b_max as i32;
                n.out_w[s][j] = (next() % 2001) as i16 - 1000;
            }
            n.out_b[s] = (next() % 101) as i32 - 50;
        }
        if !pairs {
            for w in n.l1_w.iter_mut().flatten() {
                for reader in [0, H] {
                    w[reader + PAIR_BASE..][..TIERS * TIERS].fill(0);
                }
            }
        }
        assert_eq!(n.reads_pairs(), pairs);
        let dense = n.clone();
        n.index_classes();
        assert!(n.class_rows.is_some());
        assert_eq!(matches!(n.class_rows, Some(IndexedRows::Narrow(_))), narrow);
        let mut count = || match next() % 4 {
            0 | 1 => 0,
            2 => (next() % 9) as u16,
            _ => (next() % 300) as u16,
        };
        for _ in 0..2000 {
            let mut counts = [[0u16; Class::COUNT]; 2];
            for c in counts.iter_mut().flatten() {
                *c = count();
            }
            let tiers: TierPairs = std::array::from_fn(|_| count());
            for us in [Color::Black, Color::White] {
                let (own, opp) = (&counts[us.index()], &counts[us.opp().index()]);
                assert_eq!(
                    n.forward_classes(own, opp, Some(&tiers).filter(|_| pairs), us),
                    dense.forward_classes(own, opp, Some(&tiers), us),
                    "{counts:?} {tiers:?} {us:?}"
                );
            }
        }
    }
}
