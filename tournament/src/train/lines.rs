//! `rensa-train fit-lines`: trains a line network ([`rensa::eval::lines`]): its value head on
//! labelled positions, as a correction to the engine's evaluation (the tables and the network
//! `RENSA_NET` names, the embedded one by default), and its policy head on the moves played in
//! self-play games, both through the same window vectors.
//!
//! The float model is the engine's network without the rounding: per empty cell the sum of its
//! four windows' vectors and a bias, clipped to `[0, 1]`; the value head reads the sums of
//! those features over the empty cells (divided by [`SUM_CELLS`]) through one hidden layer of
//! clipped units to a linear output added to the engine's value, trained on the cross-entropy of
//! `sigmoid((base + output) / scale)` against `sigmoid(score / scale)` (less its entropy), or
//! with `-lambda` against a blend of it and the game's result; the
//! policy head is a dot product of a cell's features per side to move, trained on the softmax
//! cross-entropy of the played cell among the candidate cells. A window and its mirror share
//! their vector, and the four directions share the table. Outside renju every position is also
//! trained with its colours swapped (the same value for the other side to move).
//!
//! Adam over mini-batches (a value batch and a policy batch per step, gradients on `threads`
//! threads); one block of positions in [`VALID_EVERY`] is held out. After every epoch the float
//! state goes to `OUT.ckpt` (`-resume` continues from it) and, when the held-out value loss
//! improved, the rounded network to `OUT`.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use rensa::board::{Board, Class, Pos};
use rensa::eval::lines::{
    mirror, window, LineNet, FEATURE_ONE, HALVES, INPUT_ONE, LH, LINE_ONE, LL1, MAX_HIDDEN_W,
    OUT_W_SCALE, PH, SUM_CELLS, WINDOWS,
};
use rensa::params::{ORDER_ATTACK, ORDER_DEFEND};
use rensa::types::{Color, Rule};

use crate::common::opening::SplitMix;
use crate::train::dataset::{self, Record};
use crate::train::fit::{is_calm, valid_block, VALID_EVERY};
use crate::train::sgd::{
    self, mean_excess, par_records, read_checkpoint, sigmoid, write_checkpoint, Adam,
};

/// What `fit-lines` trains and how.
#[derive(Clone, Debug)]
pub struct LinesConfig {
    /// Labelled positions for the value head.
    pub data: Vec<PathBuf>,
    /// Self-play games (records in ply order) for the policy head.
    pub games: Vec<PathBuf>,
    pub out: PathBuf,
    pub name: String,
    /// Epochs (over the value positions), batch (of value positions), step size, decay (of
    /// the window vectors), threads, which positions, resume and seed.
    pub fit: sgd::Options,
    /// Evaluation units per logit.
    pub scale: f64,
    /// Weight of the policy loss beside the value loss.
    pub policy_weight: f64,
    /// Weight of the game result in the value target beside the score's.
    pub lambda: f64,
}

/// Distinct parameter rows of the window table: a window and its mirror share one.
const ROWS: usize = (WINDOWS + HALVES) / 2;

/// The parameter row of every window.
fn row_of() -> &'static [u16; WINDOWS] {
    static ROW: std::sync::OnceLock<Box<[u16; WINDOWS]>> = std::sync::OnceLock::new();
    ROW.get_or_init(|| {
        let mut t = Box::new([0u16; WINDOWS]);
        let mut next = 0u16;
        for w in 0..WINDOWS {
            let m = mirror(w);
            if m < w {
                t[w] = t[m];
            } else {
                t[w] = next;
                next += 1;
            }
        }
        assert_eq!(next as usize, ROWS);
        t
    })
}

/// Where each group of parameters starts in the flat vector.
const TABLE: usize = 0;
const BIAS: usize = TABLE + ROWS * LH;
const W1: usize = BIAS + LH;
const B1: usize = W1 + 2 * LL1 * LH;
const W2: usize = B1 + 2 * LL1;
const B2: usize = W2 + 2 * LL1;
const POLICY: usize = B2 + 2;
const PB1: usize = POLICY + 2 * PH * LH;
const PW2: usize = PB1 + 2 * PH;
/// Natural logs per unit of the ordering's class values in the policy's logits.
const ALPHA: usize = PW2 + 2 * PH;
/// Number of parameters.
pub const PARAMS: usize = ALPHA + 1;
/// Evaluation units per unit of the float output weights and bias.
const OUT_UNIT: f32 = 100.0;

/// One cell: its four windows' parameter rows.
type Cell4 = [u16; 4];

/// A value sample: the empty cells, the side to move, the tables' value and the target.
#[derive(Clone, Debug)]
pub struct ValueSample {
    pub cells: Vec<Cell4>,
    pub side: usize,
    pub base: f32,
    pub target: f32,
    pub valid: bool,
}

/// A policy sample: the candidate cells with their class ordering values, the side to move and
/// which candidate was played.
#[derive(Clone, Debug)]
pub struct PolicySample {
    pub cells: Vec<Cell4>,
    pub order: Vec<f32>,
    pub side: usize,
    pub played: u16,
    pub valid: bool,
}

/// The four window rows of the cell `p`.
fn cell4(board: &Board, p: Pos) -> Cell4 {
    let rows = row_of();
    std::array::from_fn(|d| rows[window(board.line_key(p, d))])
}

/// The empty cells of `board` as window rows.
pub fn empty_cells(board: &Board) -> Vec<Cell4> {
    board
        .grid()
        .positions()
        .filter(|&p| board.is_empty(p))
        .map(|p| cell4(board, p))
        .collect()
}

/// The board of `r`'s stones with the colours swapped.
fn swapped_board(r: &Record) -> Option<Board> {
    let (w, h) = (r.width as usize, r.height as usize);
    let mut b = Board::new(w, h, r.rule);
    let mut color = Color::White;
    for &s in &r.stones {
        let p = Pos::new(s as usize % w, s as usize / w);
        if s as usize / w >= h || !b.is_empty(p) {
            return None;
        }
        b.make(p, color);
        color = color.opp();
    }
    Some(b)
}

/// The value samples of `records` (both colourings outside renju).
fn value_samples(records: &[Record], cfg: &LinesConfig) -> Vec<ValueSample> {
    let block = valid_block(records.len());
    par_records(records, cfg.fit.threads, |i, r| {
        let mut out = Vec::new();
        let Some(board) = r.board().filter(|_| cfg.fit.takes(r)) else {
            return out;
        };
        if cfg.fit.calm && !is_calm(&board) {
            return out;
        }
        let valid = (i / block) % VALID_EVERY == VALID_EVERY - 1;
        let target = sgd::target(cfg.lambda, r.result, r.score, cfg.scale);
        let swapped = (r.rule != Rule::Renju).then(|| swapped_board(r)).flatten();
        for (b, us) in [(Some(board), r.side), (swapped, r.side.opp())] {
            let Some(b) = b else { continue };
            out.push(ValueSample {
                cells: empty_cells(&b),
                side: us.index(),
                base: rensa::eval::evaluate_board(&b, us) as f32,
                target,
                valid,
            });
        }
        out
    })
}

/// The policy samples of the records: each position with the search's best move (or, in files
/// from before the best move was kept, whose next record is the same game one stone on: that
/// stone) among its quiet candidate cells (neither side makes or stops a
/// three or better there), the candidates being those.
fn policy_samples(records: &[Record], cfg: &LinesConfig) -> Vec<PolicySample> {
    let block = valid_block(records.len());
    par_records(records, cfg.fit.threads, |i, r| {
        let mut out = Vec::new();
        // The search's best move, or (files from before it was kept) the next record's stone.
        let next_stone = || {
            let next = records.get(i + 1)?;
            let same_game = next.stones.len() == r.stones.len() + 1
                && next.stones[..r.stones.len()] == r.stones[..]
                && (r.rule, r.width, r.height) == (next.rule, next.width, next.height);
            same_game.then(|| *next.stones.last().expect("a stone"))
        };
        let Some(played) = r.best.or_else(next_stone) else {
            return out;
        };
        let valid = (i / block) % VALID_EVERY == VALID_EVERY - 1;
        let w = r.width as usize;
        let played = Pos::new(played as usize % w, played as usize / w);
        let swapped = (r.rule != Rule::Renju).then(|| swapped_board(r)).flatten();
        for (b, us) in [(r.board(), r.side), (swapped, r.side.opp())] {
            let Some(b) = b else { continue };
            // The quiet candidates: the search orders the others by their classes, and never
            // reduces or prunes them.
            let quiet = |p: Pos| {
                let (att, def) = (b.class(p, us), b.class(p, us.opp()));
                (att < Class::Flex3 && def < Class::Flex3)
                    .then(|| (ORDER_ATTACK[att as usize] + ORDER_DEFEND[def as usize]) as f32)
            };
            let cands: Vec<(Pos, f32)> = b
                .candidates()
                .filter_map(|p| quiet(p).map(|v| (p, v)))
                .collect();
            let Some(k) = cands.iter().position(|&(p, _)| p == played) else {
                continue;
            };
            out.push(PolicySample {
                cells: cands.iter().map(|&(p, _)| cell4(&b, p)).collect(),
                order: cands.iter().map(|&(_, v)| v).collect(),
                side: us.index(),
                played: k as u16,
                valid,
            });
        }
        out
    })
}

/// The float network: the flat parameters.
#[derive(Clone, Debug)]
pub struct FloatLines {
    pub p: Vec<f32>,
}

impl FloatLines {
    /// Small random window vectors and hidden weights, zero output and policy.
    pub fn new(seed: u64) -> FloatLines {
        let mut rng = SplitMix(seed);
        let mut uniform =
            |a: f64| ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0) * a;
        let mut p = vec![0f32; PARAMS];
        for v in &mut p[TABLE..BIAS] {
            *v = uniform(0.1) as f32;
        }
        for v in &mut p[BIAS..W1] {
            *v = 0.1;
        }
        for v in &mut p[W1..B1] {
            *v = uniform(0.5) as f32;
        }
        for v in &mut p[B1..W2] {
            *v = 0.1;
        }
        for v in &mut p[POLICY..PB1] {
            *v = uniform(0.5) as f32;
        }
        for v in &mut p[PB1..PW2] {
            *v = 0.1;
        }
        p[ALPHA] = 0.01;
        FloatLines { p }
    }

    /// A cell's features before the clip.
    #[inline]
    fn features(&self, c: &Cell4) -> [f32; LH] {
        let mut f: [f32; LH] = self.p[BIAS..W1].try_into().expect("LH");
        for &r in c {
            let row = &self.p[TABLE + r as usize * LH..][..LH];
            for k in 0..LH {
                f[k] += row[k];
            }
        }
        f
    }

    /// The value head's pass: inputs, hidden pre-activations, output (evaluation units).
    fn value_pass(&self, s: &ValueSample) -> ([f32; LH], [f32; LL1], f32) {
        let mut x = [0f32; LH];
        for c in &s.cells {
            let f = self.features(c);
            for k in 0..LH {
                x[k] += f[k].clamp(0.0, 1.0);
            }
        }
        for v in &mut x {
            *v /= SUM_CELLS as f32;
        }
        let mut pre = [0f32; LL1];
        let mut out = self.p[B2 + s.side] * OUT_UNIT;
        for (j, pre) in pre.iter_mut().enumerate() {
            let w = &self.p[W1 + (s.side * LL1 + j) * LH..][..LH];
            *pre = self.p[B1 + s.side * LL1 + j] + (0..LH).map(|k| w[k] * x[k]).sum::<f32>();
            out += self.p[W2 + s.side * LL1 + j] * OUT_UNIT * pre.clamp(0.0, 1.0);
        }
        (x, pre, out)
    }

    /// The value head's output for a sample, in evaluation units.
    pub fn value(&self, s: &ValueSample) -> f32 {
        self.value_pass(s).2
    }

    /// Adds the gradient of the value loss to `g`, `d` being its derivative by the output.
    fn value_backward(&self, s: &ValueSample, d: f32, g: &mut [f32]) {
        let (x, pre, _) = self.value_pass(s);
        let side = s.side;
        g[B2 + side] += d * OUT_UNIT;
        let mut dx = [0f32; LH];
        for j in 0..LL1 {
            let h = pre[j].clamp(0.0, 1.0);
            g[W2 + side * LL1 + j] += d * OUT_UNIT * h;
            if pre[j] <= 0.0 || pre[j] >= 1.0 {
                continue;
            }
            let dpre = d * OUT_UNIT * self.p[W2 + side * LL1 + j];
            g[B1 + side * LL1 + j] += dpre;
            let w = W1 + (side * LL1 + j) * LH;
            for k in 0..LH {
                g[w + k] += dpre * x[k];
                dx[k] += dpre * self.p[w + k];
            }
        }
        for v in &mut dx {
            *v /= SUM_CELLS as f32;
        }
        for c in &s.cells {
            let f = self.features(c);
            self.feature_backward(c, &f, &dx, g);
        }
    }

    /// Adds to `g` the gradient `df` of a cell's clipped features `f` (before the clip) to its
    /// window rows and the bias.
    #[inline]
    fn feature_backward(&self, c: &Cell4, f: &[f32; LH], df: &[f32; LH], g: &mut [f32]) {
        let mut d = [0f32; LH];
        let mut any = false;
        for k in 0..LH {
            if f[k] > 0.0 && f[k] < 1.0 {
                d[k] = df[k];
                any |= df[k] != 0.0;
            }
        }
        if !any {
            return;
        }
        for k in 0..LH {
            g[BIAS + k] += d[k];
        }
        for &r in c {
            let row = &mut g[TABLE + r as usize * LH..][..LH];
            for k in 0..LH {
                row[k] += d[k];
            }
        }
    }

    /// The policy head's hidden pre-activations and output for a cell of features `f`
    /// (before the clip) with side to move `side`.
    fn policy_pass(&self, f: &[f32; LH], side: usize) -> ([f32; PH], f32) {
        let mut pre = [0f32; PH];
        let mut out = 0f32;
        for (j, pre) in pre.iter_mut().enumerate() {
            let w = &self.p[POLICY + (side * PH + j) * LH..][..LH];
            *pre = self.p[PB1 + side * PH + j]
                + (0..LH).map(|k| w[k] * f[k].clamp(0.0, 1.0)).sum::<f32>();
            out += self.p[PW2 + side * PH + j] * pre.clamp(0.0, 1.0);
        }
        (pre, out)
    }

    /// The policy logits (natural logs) of a sample's candidates: their class ordering values
    /// and the policy head.
    fn logits(&self, s: &PolicySample) -> Vec<f32> {
        s.cells
            .iter()
            .zip(&s.order)
            .map(|(c, &order)| {
                self.p[ALPHA] * order + self.policy_pass(&self.features(c), s.side).1
            })
            .collect()
    }

    /// The played cell's probability and its place in the search's order (0: first).
    fn policy_eval(&self, s: &PolicySample) -> (f64, usize) {
        let z = self.logits(s);
        let max = z.iter().cloned().fold(f32::MIN, f32::max);
        let sum: f64 = z.iter().map(|&v| ((v - max) as f64).exp()).sum();
        let p = ((z[s.played as usize] - max) as f64).exp() / sum;
        (p, place_of(&z, s.played as usize))
    }

    /// Adds `weight` times the gradient of the policy loss to `g`.
    fn policy_backward(&self, s: &PolicySample, weight: f32, g: &mut [f32]) {
        let z = self.logits(s);
        let max = z.iter().cloned().fold(f32::MIN, f32::max);
        let e: Vec<f32> = z.iter().map(|&v| (v - max).exp()).collect();
        let sum: f32 = e.iter().sum();
        let side = s.side;
        for (i, c) in s.cells.iter().enumerate() {
            let dz = weight * (e[i] / sum - if i == s.played as usize { 1.0 } else { 0.0 });
            g[ALPHA] += dz * s.order[i];
            let f = self.features(c);
            let (pre, _) = self.policy_pass(&f, side);
            let mut df = [0f32; LH];
            for j in 0..PH {
                g[PW2 + side * PH + j] += dz * pre[j].clamp(0.0, 1.0);
                if pre[j] <= 0.0 || pre[j] >= 1.0 {
                    continue;
                }
                let dpre = dz * self.p[PW2 + side * PH + j];
                g[PB1 + side * PH + j] += dpre;
                let w = POLICY + (side * PH + j) * LH;
                for k in 0..LH {
                    g[w + k] += dpre * f[k].clamp(0.0, 1.0);
                    df[k] += dpre * self.p[w + k];
                }
            }
            self.feature_backward(c, &f, &df, g);
        }
    }

    /// The engine's integer network.
    pub fn quantize(&self, name: &str) -> LineNet {
        let mut n = LineNet::zero(name);
        let rows = row_of();
        let one = LINE_ONE as f32;
        for (vector, &r) in n.table.iter_mut().zip(rows.iter()) {
            for (k, v) in vector.iter_mut().enumerate() {
                let x = self.p[TABLE + r as usize * LH + k] + self.p[BIAS + k] / 4.0;
                *v = (x * FEATURE_ONE as f32).round().clamp(-8000.0, 8000.0) as i16;
            }
        }
        let input = INPUT_ONE as f32;
        for s in 0..2 {
            for j in 0..LL1 {
                for k in 0..LH {
                    n.l1_w[s][j][k] = (self.p[W1 + (s * LL1 + j) * LH + k] * one).round() as i16;
                }
                n.l1_b[s][j] = (self.p[B1 + s * LL1 + j] * one * input).round() as i32;
                n.out_w[s][j] = (self.p[W2 + s * LL1 + j] * OUT_UNIT * OUT_W_SCALE)
                    .round()
                    .clamp(-32000.0, 32000.0) as i16;
            }
            n.out_b[s] = (self.p[B2 + s] * OUT_UNIT).round() as i32;
            let alpha = self.p[ALPHA].max(1e-4);
            for j in 0..PH {
                for k in 0..LH {
                    n.policy_w[s][j][k] = (self.p[POLICY + (s * PH + j) * LH + k] * one)
                        .round()
                        .clamp(-32000.0, 32000.0) as i16;
                }
                n.policy_b[s][j] = (self.p[PB1 + s * PH + j] * one).round() as i16;
                n.policy_out[s][j] = (self.p[PW2 + s * PH + j] / alpha)
                    .round()
                    .clamp(-32000.0, 32000.0) as i16;
            }
        }
        n
    }
}

/// The place of candidate `k` in the search's order: by value, the lowest cell (the
/// candidates are in cell order) first among equals.
fn place_of(values: &[f32], k: usize) -> usize {
    let v = values[k];
    values
        .iter()
        .enumerate()
        .filter(|&(i, &w)| w > v || (w == v && i < k))
        .count()
}

/// The mean held-out (`valid`) or training value loss.
fn value_loss(net: &FloatLines, samples: &[ValueSample], scale: f64, valid: bool) -> f64 {
    mean_excess(samples.iter().filter(|s| s.valid == valid).map(|s| {
        let p = sigmoid((s.base as f64 + net.value(s) as f64) / scale);
        (p, s.target as f64)
    }))
}

/// The mean held-out value loss of the engine's integer network `n` (its rounded window
/// vectors summed and clipped per cell, its integer value head), which the float loss does
/// not see.
fn rounded_value_loss(n: &LineNet, samples: &[ValueSample], scale: f64) -> f64 {
    let mut by_row = vec![[0i16; LH]; ROWS];
    for (w, &r) in row_of().iter().enumerate() {
        by_row[r as usize] = n.table[w];
    }
    mean_excess(samples.iter().filter(|s| s.valid).map(|s| {
        let mut sums = [0i32; LH];
        for c in &s.cells {
            let mut f = [0i16; LH];
            for &r in c {
                for (f, &v) in f.iter_mut().zip(&by_row[r as usize]) {
                    *f = f.wrapping_add(v);
                }
            }
            for (s, &v) in sums.iter_mut().zip(&rensa::eval::lines::clipped(&f)) {
                *s += v as i32;
            }
        }
        let us = if s.side == Color::Black.index() {
            Color::Black
        } else {
            Color::White
        };
        let p = sigmoid((s.base as f64 + n.value(&sums, us) as f64) / scale);
        (p, s.target as f64)
    }))
}

/// The mean policy loss and the share of positions whose played cell has the top logit.
fn policy_loss(net: &FloatLines, samples: &[PolicySample], valid: bool) -> (f64, [f64; 2]) {
    let (mut sum, mut n) = (0.0, 0usize);
    let mut top = [0usize; 2];
    for s in samples.iter().filter(|s| s.valid == valid) {
        let (p, place) = net.policy_eval(s);
        sum -= p.max(1e-12).ln();
        top[0] += (place == 0) as usize;
        top[1] += (place < 5) as usize;
        n += 1;
    }
    (
        sum / n.max(1) as f64,
        top.map(|t| t as f64 / n.max(1) as f64),
    )
}

/// One Adam step of size `lr` over a value batch and a policy batch.
fn step(
    net: &mut FloatLines,
    adam: &mut Adam,
    values: (&[ValueSample], &[usize]),
    policies: (&[PolicySample], &[usize]),
    cfg: &LinesConfig,
    lr: f64,
) {
    let threads = cfg.fit.threads.max(1);
    let scale = cfg.scale;
    let (vs, vi) = values;
    let (ps, pi) = policies;
    let pw = (cfg.policy_weight * vi.len().max(1) as f64 / pi.len().max(1) as f64) as f32;
    let grads: Vec<Vec<f32>> = std::thread::scope(|sc| {
        let net = &*net;
        let hs: Vec<_> = (0..threads)
            .map(|t| {
                sc.spawn(move || {
                    let mut g = vec![0f32; PARAMS];
                    for &i in vi.iter().skip(t).step_by(threads) {
                        let s = &vs[i];
                        let p = sigmoid((s.base as f64 + net.value(s) as f64) / scale);
                        let d = ((p - s.target as f64) / scale) as f32;
                        net.value_backward(s, d, &mut g);
                    }
                    for &i in pi.iter().skip(t).step_by(threads) {
                        net.policy_backward(&ps[i], pw, &mut g);
                    }
                    g
                })
            })
            .collect();
        hs.into_iter()
            .map(|h| h.join().expect("gradient thread"))
            .collect()
    });
    adam.step(&mut net.p, &grads, vi.len(), (lr, cfg.fit.l2), 0, |k| {
        k < BIAS
    });
    for v in &mut net.p[W1..B1] {
        *v = v.clamp(-MAX_HIDDEN_W, MAX_HIDDEN_W);
    }
    for v in &mut net.p[TABLE..W1] {
        *v = v.clamp(-8.0, 8.0);
    }
}

const CKPT_MAGIC: &[u8; 4] = b"RNSK";

/// Fisher-Yates with the run's generator.
fn shuffle(v: &mut [usize], rng: &mut SplitMix) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        v.swap(i, j);
    }
}

/// `rensa-train fit-lines`.
pub fn run(cfg: &LinesConfig) -> Result<()> {
    let t0 = Instant::now();
    let records = dataset::read_files(&cfg.data).map_err(anyhow::Error::msg)?;
    let games = dataset::read_files(&cfg.games).map_err(anyhow::Error::msg)?;
    let Some(rule) = records.first().or(games.first()).map(|r| r.rule) else {
        bail!("no positions in the data");
    };
    let family = rensa::eval::weights::family(rule);
    if records
        .iter()
        .chain(&games)
        .any(|r| rensa::eval::weights::family(r.rule) != family)
    {
        bail!("the data mixes rule families: train one family at a time");
    }
    let values = value_samples(&records, cfg);
    let policies = policy_samples(&games, cfg);
    if values.is_empty() && policies.is_empty() {
        bail!("no position left to train on");
    }
    let split =
        |valid: Vec<bool>| -> Vec<usize> { (0..valid.len()).filter(|&i| !valid[i]).collect() };
    let mut v_order = split(values.iter().map(|s| s.valid).collect());
    let mut p_order = split(policies.iter().map(|s| s.valid).collect());
    println!(
        "fit-lines: {} value samples ({} held out), {} policy samples ({} held out), family {}, scale {}, {:.1} s",
        values.len(),
        values.len() - v_order.len(),
        policies.len(),
        policies.len() - p_order.len(),
        rule.name(),
        cfg.scale,
        t0.elapsed().as_secs_f64()
    );
    let ckpt = cfg.out.with_extension("ckpt");
    let (mut net, mut adam, done) = if cfg.fit.resume && ckpt.exists() {
        let (p, a, e, _) = read_checkpoint(&ckpt, CKPT_MAGIC, PARAMS)?;
        println!("resumed from {} after epoch {e}", ckpt.display());
        (FloatLines { p }, a, e)
    } else {
        (FloatLines::new(cfg.fit.seed), Adam::new(PARAMS), 0)
    };
    let report = |net: &FloatLines| {
        let (pl, top) = policy_loss(net, &policies, true);
        format!(
            "value train {:.6} held-out {:.6}  policy held-out {pl:.4} first {:.1} % top-5 {:.1} %",
            value_loss(net, &values, cfg.scale, false),
            value_loss(net, &values, cfg.scale, true),
            100.0 * top[0],
            100.0 * top[1]
        )
    };
    let held: Vec<&PolicySample> = policies.iter().filter(|s| s.valid).collect();
    let by_class = |within: usize| {
        let n = held
            .iter()
            .filter(|s| place_of(&s.order, s.played as usize) < within)
            .count();
        100.0 * n as f64 / held.len().max(1) as f64
    };
    println!(
        "the class values alone order the played cell first in {:.1} % of the held-out positions, \
         in the first five in {:.1} %",
        by_class(1),
        by_class(5)
    );
    println!("epoch {done:3}  {}", report(&net));
    let mut best = (f64::INFINITY, 0usize);
    let mut rng = SplitMix(cfg.fit.seed ^ 0x5A5A);
    // An epoch is a pass over the value positions (or the policy ones when there are none).
    let steps = if v_order.is_empty() {
        p_order.len()
    } else {
        v_order.len()
    }
    .div_ceil(cfg.fit.batch)
    .max(1);
    let p_batch = p_order.len().div_ceil(steps);
    let started = Instant::now();
    let mut last = Instant::now();
    for epoch in done + 1..=cfg.fit.epochs {
        shuffle(&mut v_order, &mut rng);
        shuffle(&mut p_order, &mut rng);
        let lr = cfg.fit.epoch_lr(epoch);
        for b in 0..steps {
            let vi = v_order.chunks(cfg.fit.batch).nth(b).unwrap_or(&[]);
            let pi = p_order.chunks(p_batch.max(1)).nth(b).unwrap_or(&[]);
            step(&mut net, &mut adam, (&values, vi), (&policies, pi), cfg, lr);
            if last.elapsed().as_secs_f64() >= 2.0 {
                last = Instant::now();
                let done_b = (epoch - done - 1) * steps + b + 1;
                let all_b = (cfg.fit.epochs - done) * steps;
                let rate = done_b as f64 / started.elapsed().as_secs_f64();
                print!(
                    "\repoch {epoch:3}  step {:6}/{steps}  {:8.0} positions/s  {:6.0} s left ",
                    b + 1,
                    rate * (cfg.fit.batch + p_batch) as f64,
                    (all_b - done_b) as f64 / rate
                );
                let _ = std::io::stdout().flush();
            }
        }
        // The network kept is the one of the best held-out value loss (policy loss without
        // value positions).
        let held_out = if values.is_empty() {
            policy_loss(&net, &policies, true).0
        } else {
            value_loss(&net, &values, cfg.scale, true)
        };
        let improved = held_out < best.0;
        println!(
            "\repoch {epoch:3}  {}  {:.0} s{}          ",
            report(&net),
            started.elapsed().as_secs_f64(),
            if improved { "  (best: written)" } else { "" }
        );
        write_checkpoint(&ckpt, CKPT_MAGIC, &net.p, &adam, epoch, 0)?;
        if improved {
            best = (held_out, epoch);
            write_lines(cfg, &net, family)?;
        }
    }
    if best.1 == 0 {
        write_lines(cfg, &net, family)?;
    }
    let written = LineNet::load(&cfg.out).map_err(anyhow::Error::msg)?;
    println!(
        "wrote {} ({}), the network of epoch {}; its held-out value loss rounded {:.6}",
        cfg.out.display(),
        written.label(),
        best.1,
        rounded_value_loss(&written, &values, cfg.scale)
    );
    Ok(())
}

/// Writes `net` as the network of the rule family `family` (the data's).
fn write_lines(cfg: &LinesConfig, net: &FloatLines, family: usize) -> Result<()> {
    let mut n = net.quantize(&cfg.name);
    n.families = 1 << family;
    let bytes = n.to_bytes();
    std::fs::write(&cfg.out, bytes).with_context(|| cfg.out.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::sgd::excess;

    /// A random 15×15 freestyle game of `stones` stones, one record per position: three moves
    /// in four go right of the last stone when that cell is free, the others anywhere near.
    fn game(seed: u64, stones: usize) -> Vec<Record> {
        let mut rng = SplitMix(seed);
        let mut b = Board::new(15, 15, Rule::Freestyle);
        let mut cells = Vec::new();
        let mut color = Color::Black;
        let mut out = Vec::new();
        while cells.len() < stones {
            let cands: Vec<Pos> = b.candidates().collect();
            let right = b
                .last_move()
                .map(|(q, _)| Pos::new(q.x() + 1, q.y()))
                .filter(|&q| cands.contains(&q));
            let p = match right {
                _ if cands.is_empty() => Pos::new(7, 7),
                Some(q) if rng.below(4) != 0 => q,
                _ => cands[rng.below(cands.len() as u64) as usize],
            };
            b.make(p, color);
            color = color.opp();
            cells.push((p.y() * 15 + p.x()) as u16);
            out.push(Record::freestyle15(cells.clone()));
        }
        out
    }

    fn config() -> LinesConfig {
        LinesConfig {
            data: Vec::new(),
            games: Vec::new(),
            out: PathBuf::new(),
            name: "t".into(),
            fit: sgd::Options {
                epochs: 1,
                batch: 32,
                lr: 0.01,
                keep_mates: true,
                seed: 3,
                ..sgd::Options::default()
            },
            scale: 400.0,
            policy_weight: 1.0,
            lambda: 0.0,
        }
    }

    /// The engine's integer value and policy follow the float model's (the rounding of the
    /// window vectors, the hidden layer and the output): the value within 10 evaluation units
    /// and within 2 on average, the policy within 15 units of the ordering (0.15 of a natural
    /// log here).
    #[test]
    fn quantized_inference_matches_the_float_model() {
        let mut net = FloatLines::new(11);
        let mut rng = SplitMix(5);
        for v in &mut net.p[W2..POLICY] {
            *v = ((rng.next_u64() % 2001) as f32 / 1000.0 - 1.0) * 0.5;
        }
        for v in &mut net.p[PW2..ALPHA] {
            *v = (rng.next_u64() % 2001) as f32 / 1000.0 - 1.0;
        }
        net.p[ALPHA] = 0.01;
        for v in &mut net.p[TABLE..BIAS] {
            *v = ((rng.next_u64() % 2001) as f32 / 1000.0 - 1.0) * 0.4;
        }
        let engine: &'static LineNet = Box::leak(Box::new(net.quantize("q")));
        let mut worst = (0f32, 0f32);
        let (mut bias, mut n) = (0f32, 0f32);
        for r in (0..40).flat_map(|g| game(g, 30)) {
            let mut b = rensa::eval::Position::new(r.board().expect("board"));
            let us = r.side;
            let cfg = config();
            let s = &value_samples(std::slice::from_ref(&r), &cfg)[0];
            b.set_line_net(Some(engine));
            let diff = engine.value(b.line_sums(), us) as f32 - net.value(s);
            worst.0 = worst.0.max(diff.abs());
            bias += diff;
            n += 1.0;
            for p in b.candidates() {
                let float =
                    net.policy_pass(&net.features(&cell4(&b, p)), us.index()).1 / net.p[ALPHA];
                let int = engine.policy(b.line_features(p), us) as f32;
                worst.1 = worst.1.max((float - int).abs());
            }
        }
        // Many empty cells share a window (the empty one most), so their roundings add up.
        assert!(worst.0 < 10.0, "value off by {}", worst.0);
        // Fine inputs and activations: no drift of the same sign in every position beyond what
        // the roundings of the commonest windows' vectors, shared by many cells, leave.
        assert!(
            (bias / n).abs() < 2.0,
            "value off by {} on average",
            bias / n
        );
        // A cell's features round four vectors: a fraction of a hundredth each, times the
        // policy weights.
        assert!(worst.1 < 15.0, "policy off by {}", worst.1);
    }

    /// The backward passes give the derivatives of the losses (finite differences on a few
    /// parameters of every group).
    #[test]
    fn gradients_match_finite_differences() {
        let cfg = config();
        let records = game(7, 20);
        let values = value_samples(&records[10..], &cfg);
        let policies = policy_samples(&records, &cfg);
        let mut net = FloatLines::new(2);
        let mut rng = SplitMix(9);
        for v in &mut net.p[W2..] {
            *v = (rng.next_u64() % 2001) as f32 / 1000.0 - 1.0;
        }
        net.p[ALPHA] = 0.002;
        let (vs, ps) = (&values[0], &policies[12]);
        let loss = |n: &FloatLines| {
            let p = sigmoid((vs.base as f64 + n.value(vs) as f64) / cfg.scale);
            excess(p, vs.target as f64) - n.policy_eval(ps).0.ln()
        };
        let mut g = vec![0f32; PARAMS];
        let p = sigmoid((vs.base as f64 + net.value(vs) as f64) / cfg.scale);
        net.value_backward(vs, ((p - vs.target as f64) / cfg.scale) as f32, &mut g);
        net.policy_backward(ps, 1.0, &mut g);
        let rows: Vec<usize> = vs.cells[..3]
            .iter()
            .chain(&ps.cells[..3])
            .map(|c| c[0] as usize)
            .collect();
        let mut checked = 0;
        for k in rows.iter().map(|&r| TABLE + r * LH + 1).chain([
            BIAS + 2,
            W1 + 5,
            B1 + 3,
            W2 + 1,
            B2,
            POLICY + 4,
            PB1 + PH + 2,
            PW2 + PH + 3,
            ALPHA,
        ]) {
            let eps = 1e-3f32;
            let mut a = net.clone();
            a.p[k] += eps;
            let mut b = net.clone();
            b.p[k] -= eps;
            let num = (loss(&a) - loss(&b)) / (2.0 * eps as f64);
            let tol = 1e-3 + 0.05 * num.abs();
            assert!(
                (num - g[k] as f64).abs() < tol,
                "param {k}: numeric {num} backward {}",
                g[k]
            );
            checked += 1;
        }
        assert_eq!(checked, 15);
    }

    /// Gradient steps lower both losses on made-up targets: the value of a position is the
    /// tables' value plus 20 per stone, and the played cell is mostly the one right of the
    /// last stone.
    #[test]
    fn the_trainer_learns_a_synthetic_target() {
        let cfg = config();
        let mut records: Vec<Record> = (0..30).flat_map(|g| game(100 + g, 24)).collect();
        for r in &mut records {
            let b = r.board().expect("board");
            let base = rensa::eval::evaluate_board(&b, r.side);
            r.score = (base + 20 * r.stones.len() as i32 - 300) as i16;
        }
        let values = value_samples(&records, &cfg);
        let policies = policy_samples(&records, &cfg);
        assert!(values.len() >= 1000 && policies.len() >= 500);
        let vi: Vec<usize> = (0..values.len()).collect();
        let pi: Vec<usize> = (0..policies.len()).collect();
        let mut net = FloatLines::new(1);
        let mut adam = Adam::new(PARAMS);
        let loss = |net: &FloatLines| {
            let all = |v: bool| value_loss(net, &values, cfg.scale, v);
            let pol = |v: bool| policy_loss(net, &policies, v).0;
            (all(false) + all(true), pol(false) + pol(true))
        };
        let before = loss(&net);
        for _ in 0..300 {
            step(
                &mut net,
                &mut adam,
                (&values, &vi),
                (&policies, &pi),
                &cfg,
                0.003,
            );
        }
        let after = loss(&net);
        assert!(after.0 < 0.7 * before.0, "value {before:?} -> {after:?}");
        assert!(after.1 < before.1, "policy {before:?} -> {after:?}");
    }

    /// `-lambda` blends the game's result into the value target: the mover's result alone at
    /// 1, the score's sigmoid alone at 0, for both colourings of a position.
    #[test]
    fn lambda_blends_the_result_into_the_value_target() {
        let mut cfg = config();
        let mut records = game(9, 12);
        for r in &mut records {
            r.score = 400;
            r.result = 1;
        }
        let target = |cfg: &LinesConfig| {
            let v = value_samples(&records, cfg);
            assert!(!v.is_empty());
            v[0].target as f64
        };
        let score = sigmoid(400.0 / cfg.scale);
        assert!((target(&cfg) - score).abs() < 1e-6);
        cfg.lambda = 1.0;
        assert!(value_samples(&records, &cfg)
            .iter()
            .all(|s| s.target == 1.0));
        cfg.lambda = 0.25;
        assert!((target(&cfg) - (0.25 + 0.75 * score)).abs() < 1e-6);
    }
}
