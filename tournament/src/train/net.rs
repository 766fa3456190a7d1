//! `rensa-train fit-net`: trains the evaluation network of one rule family
//! ([`rensa::eval::net`]) on labelled positions, as a correction to the table evaluation.
//!
//! Each position becomes its empty cells' pattern codes per colour (as counts), the table
//! evaluation of the weights in use (the network's base) and its target: `λ · result + (1 − λ) ·
//! sigmoid(score / scale)`. The float model is the engine's network without the rounding:
//! per colour the sum of the cells' vectors, clipped to `[0, 1]`, one hidden layer of clipped
//! units, a linear output added to the base; the loss is the cross-entropy of `sigmoid((base +
//! output) / scale)` against the target, less the target's entropy. Adam over mini-batches,
//! each batch's gradient summed over `threads` threads; one block of positions in
//! [`VALID_EVERY`] is held out. Outside renju the colours share their vectors and layers.
//!
//! The output weights start at zero, so the first network adds nothing; after every epoch the
//! float state is written to a checkpoint (`OUT.ckpt`, which `-resume` continues) and the
//! rounded network to `OUT`.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use rensa::board::pattern::code::CODES;
use rensa::board::pattern::TIERS;
use rensa::board::Class;
use rensa::board::{Board, Pos};
use rensa::eval::net::{
    pair_view, FamilyNet, Inputs, Net, CLASS_UNIT, H, L1, MAX_VECTOR, ONE, OUT_W_SCALE, PAIR_BASE,
};
use rensa::eval::weights::{self, FAMILIES};
use rensa::types::{Color, Rule};

use crate::common::opening::SplitMix;
use crate::train::dataset::{self, Record};
use crate::train::fit::{is_calm, log_argmin, valid_block, VALID_EVERY};
use crate::train::sgd::{self, excess, mean_excess, par_records, sigmoid, Adam};

/// What `fit-net` trains and how.
#[derive(Clone, Debug)]
pub struct NetConfig {
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    pub name: String,
    /// Epochs, batch, step size, decay (of the vectors and hidden weights), threads, which
    /// positions, resume and seed.
    pub fit: sgd::Options,
    /// Evaluation units per logit; `None`: the one that best fits the tables to the results.
    pub scale: Option<f64>,
    pub lambda: f64,
    /// Read the class counts ([`Inputs::Classes`]) instead of learned code vectors.
    pub classes: bool,
    /// With `classes`: read the tier pairs too (`-inputs classes`), or the class counts alone
    /// (`-inputs counts`: the engine then keeps no tier pairs, [`FloatNet::without_pairs`]).
    pub pairs: bool,
    /// Where the other rule families' networks of the written file come from (`-with`).
    pub with: Option<With>,
}

/// The networks a written file keeps for the families it does not train.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum With {
    /// The engine's embedded ones.
    Embedded,
    /// Those of a network file.
    File(PathBuf),
}

/// One training position.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Per colour (`Color::index`): its empty cells' pattern codes with their counts (for a
    /// network of [`Inputs::Classes`], their classes).
    pub codes: [Vec<(u16, u16)>; 2],
    pub us: Color,
    /// The table evaluation for the side to move.
    pub base: f32,
    /// The target probability.
    pub target: f32,
    pub valid: bool,
}

/// A number in `[-a, a)` from the generator.
fn uniform(rng: &mut SplitMix, a: f64) -> f64 {
    ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0) * a
}

/// Where each group of parameters starts in the flat parameter vector.
const EMB: usize = 0;
const W1: usize = EMB + 2 * CODES * H;
const B1: usize = W1 + 2 * L1 * 2 * H;
const W2: usize = B1 + 2 * L1;
const B2: usize = W2 + 2 * L1;
/// Number of parameters.
pub const PARAMS: usize = B2 + 2;
/// Evaluation units per unit of the float output weights and bias, so that one step size
/// suits every parameter.
const OUT_UNIT: f32 = 100.0;

/// The float network: the flat parameters, whether the colours share them and whether it
/// reads the class counts (its vectors then fixed: class `k`'s row is [`CLASS_UNIT`] in
/// number `k`, and likewise tier pair `v`'s in number `PAIR_BASE + v`).
#[derive(Clone, Debug)]
pub struct FloatNet {
    pub p: Vec<f32>,
    pub tied: bool,
    pub classes: bool,
}

/// The activations of one forward pass, kept for the backward one.
struct Pass {
    acc: [[f32; H]; 2],
    x: [f32; 2 * H],
    pre: [f32; L1],
    h: [f32; L1],
    out: f32,
}

impl FloatNet {
    /// Random vectors (zero for the far codes of `rule`, [`far_codes`]) and hidden weights,
    /// zero output: a network that adds nothing yet.
    pub fn new(rule: Rule, tied: bool, classes: bool, seed: u64) -> FloatNet {
        let mut rng = SplitMix(seed);
        let mut p = vec![0f32; PARAMS];
        for v in &mut p[EMB..W1] {
            *v = uniform(&mut rng, 0.05) as f32;
        }
        for c in 0..2 {
            let at = EMB + c * CODES * H + far_code(rule, c) * H;
            p[at..at + H].fill(0.0);
        }
        if classes {
            p[EMB..W1].fill(0.0);
            for c in 0..2 {
                for k in (1..Class::COUNT).chain(PAIR_BASE + 1..PAIR_BASE + TIERS * TIERS) {
                    p[EMB + (c * CODES + k) * H + k] = CLASS_UNIT as f32 / ONE as f32;
                }
            }
        }
        let a = 1.0 / (2.0 * H as f64).sqrt();
        for v in &mut p[W1..B1] {
            *v = uniform(&mut rng, a) as f32;
        }
        for v in &mut p[B1..W2] {
            *v = 0.5;
        }
        FloatNet { p, tied, classes }
    }

    /// Whether a class network reads the tier pairs: their fixed vectors are set (zero after
    /// [`FloatNet::without_pairs`]).
    pub fn pairs(&self) -> bool {
        let k = PAIR_BASE + 1;
        self.classes && self.p[EMB + k * H + k] != 0.0
    }

    /// The same network with the tier pairs' vectors and hidden weights zero: their inputs
    /// read nothing and their weights get no gradient, so the file's pair rows stay zero and
    /// the engine keeps no tier pairs for it.
    pub fn without_pairs(mut self) -> FloatNet {
        for c in 0..2 {
            for v in 0..TIERS * TIERS {
                let at = EMB + (c * CODES + PAIR_BASE + v) * H;
                self.p[at..at + H].fill(0.0);
            }
            for j in 0..L1 {
                let row = W1 + (c * L1 + j) * 2 * H;
                for reader in 0..2 {
                    let at = row + reader * H + PAIR_BASE;
                    self.p[at..at + TIERS * TIERS].fill(0.0);
                }
            }
        }
        self
    }

    fn colour(&self, c: usize) -> usize {
        if self.tied {
            0
        } else {
            c
        }
    }

    fn forward(&self, s: &Sample) -> Pass {
        let p = &self.p;
        let mut acc = [[0f32; H]; 2];
        for (c, a) in acc.iter_mut().enumerate() {
            let base = EMB + self.colour(c) * CODES * H;
            for &(code, n) in &s.codes[c] {
                let v = &p[base + code as usize * H..][..H];
                for k in 0..H {
                    a[k] += n as f32 * v[k];
                }
            }
        }
        let us = s.us.index();
        let side = self.colour(us);
        let mut x = [0f32; 2 * H];
        for k in 0..H {
            x[k] = acc[us][k].clamp(0.0, 1.0);
            x[H + k] = acc[1 - us][k].clamp(0.0, 1.0);
        }
        let (mut pre, mut h) = ([0f32; L1], [0f32; L1]);
        let mut out = p[B2 + side];
        for j in 0..L1 {
            let w = &p[W1 + (side * L1 + j) * 2 * H..][..2 * H];
            pre[j] = p[B1 + side * L1 + j] + w.iter().zip(&x).map(|(a, b)| a * b).sum::<f32>();
            h[j] = pre[j].clamp(0.0, 1.0);
            out += p[W2 + side * L1 + j] * h[j];
        }
        let out = out * OUT_UNIT;
        Pass {
            acc,
            x,
            pre,
            h,
            out,
        }
    }

    /// The correction in evaluation units.
    pub fn output(&self, s: &Sample) -> f32 {
        self.forward(s).out
    }

    /// Adds the gradient of `d_out · output` to `g`.
    fn backward(&self, s: &Sample, f: &Pass, d_out: f32, g: &mut [f32]) {
        let p = &self.p;
        let us = s.us.index();
        let side = self.colour(us);
        let d_out = d_out * OUT_UNIT;
        g[B2 + side] += d_out;
        let mut dx = [0f32; 2 * H];
        for j in 0..L1 {
            g[W2 + side * L1 + j] += d_out * f.h[j];
            if f.pre[j] <= 0.0 || f.pre[j] >= 1.0 {
                continue;
            }
            let dpre = d_out * p[W2 + side * L1 + j];
            g[B1 + side * L1 + j] += dpre;
            let w = W1 + (side * L1 + j) * 2 * H;
            for k in 0..2 * H {
                g[w + k] += dpre * f.x[k];
                dx[k] += dpre * p[w + k];
            }
        }
        for (c, part) in [(us, 0), (1 - us, H)] {
            let mut da = [0f32; H];
            let mut any = false;
            for k in 0..H {
                if f.acc[c][k] > 0.0 && f.acc[c][k] < 1.0 {
                    da[k] = dx[part + k];
                    any |= da[k] != 0.0;
                }
            }
            if !any {
                continue;
            }
            let base = EMB + self.colour(c) * CODES * H;
            for &(code, n) in &s.codes[c] {
                let gv = &mut g[base + code as usize * H..][..H];
                for k in 0..H {
                    gv[k] += n as f32 * da[k];
                }
            }
        }
    }

    /// The engine's network: every number rounded to its fixed-point unit.
    pub fn quantize(&self) -> FamilyNet {
        let p = &self.p;
        let q16 = |v: f32, s: f32| (v * s).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        let q8 = |v: f32, s: f32| {
            (v * s)
                .round()
                .clamp(-(MAX_VECTOR as f32), MAX_VECTOR as f32) as i8
        };
        let one = ONE as f32;
        let mut n = FamilyNet::zero();
        if self.classes {
            n.inputs = Inputs::Classes;
        }
        for c in 0..2 {
            // A class network's vectors are fixed by its kind: the file holds none.
            if !self.classes {
                let base = EMB + self.colour(c) * CODES * H;
                for code in 0..CODES {
                    for k in 0..H {
                        n.emb[c][code][k] = q8(p[base + code * H + k], one);
                    }
                }
            }
            let side = self.colour(c);
            for j in 0..L1 {
                for k in 0..2 * H {
                    n.l1_w[c][j][k] = q16(p[W1 + (side * L1 + j) * 2 * H + k], one);
                }
                // The engine floors a hidden sum to whole units of activation: half a unit in
                // the bias makes that a rounding (a floor lowers each unit by half on average).
                n.l1_b[c][j] = (p[B1 + side * L1 + j] * one * one).round() as i32 + ONE / 2;
                n.out_w[c][j] = q16(p[W2 + side * L1 + j], OUT_UNIT * OUT_W_SCALE);
            }
            n.out_b[c] = (p[B2 + side] * OUT_UNIT).round() as i32;
        }
        n.tie_colours();
        n.index_classes();
        n
    }
}

/// Per rule (`Rule::ALL` order) and colour, the pattern code of a cell with no stone within
/// reach: the code of most empty cells, whose vector stays zero so that the sums count only
/// the cells near the stones (and stay inside the clipped range).
fn far_codes() -> &'static [[usize; 2]; 5] {
    static FAR: std::sync::OnceLock<[[usize; 2]; 5]> = std::sync::OnceLock::new();
    FAR.get_or_init(|| {
        std::array::from_fn(|r| {
            let b = Board::new(15, 15, Rule::ALL[r]);
            [Color::Black, Color::White].map(|c| b.pattern_code(Pos::new(7, 7), c))
        })
    })
}

/// The far code of `rule` and colour `c` ([`far_codes`]).
pub fn far_code(rule: Rule, c: usize) -> usize {
    let r = Rule::ALL.iter().position(|&x| x == rule).expect("a rule");
    far_codes()[r][c]
}

/// The features of `board` with `us` to move (see [`Sample`]), without the target; `classes`:
/// for a network of [`Inputs::Classes`].
pub fn sample_of(board: &Board, us: Color, classes: bool) -> Sample {
    let mut counts: [Vec<(u16, u16)>; 2] = [Vec::new(), Vec::new()];
    for (c, list) in counts.iter_mut().enumerate() {
        let color = if c == 0 { Color::Black } else { Color::White };
        if classes {
            let n = board.class_counts(color);
            *list = (1..Class::COUNT)
                .filter(|&k| n[k] > 0)
                .map(|k| (k as u16, n[k]))
                .collect();
            for (pair, &n) in board.count_tier_pairs().iter().enumerate().skip(1) {
                if n > 0 {
                    list.push(((PAIR_BASE + pair_view(pair, color)) as u16, n));
                }
            }
            continue;
        }
        let far = far_code(board.rule(), c);
        let mut n = vec![0u16; CODES];
        for y in 0..board.height() {
            for x in 0..board.width() {
                let p = Pos::new(x, y);
                if board.is_empty(p) {
                    n[board.pattern_code(p, color)] += 1;
                }
            }
        }
        *list = n
            .iter()
            .enumerate()
            .filter(|&(code, &k)| k > 0 && code != far)
            .map(|(code, &k)| (code as u16, k))
            .collect();
    }
    Sample {
        codes: counts,
        us,
        base: rensa::eval::evaluate_board(board, us) as f32,
        target: 0.5,
        valid: false,
    }
}

/// The samples of `records` (those `cfg` trains on), with the raw score and result for the
/// target, computed on `threads` threads.
fn samples(records: &[Record], cfg: &NetConfig) -> Vec<(Sample, i16, i8)> {
    let block = valid_block(records.len());
    par_records(records, cfg.fit.threads, |i, r| {
        if !cfg.fit.takes(r) {
            return None;
        }
        let board = r.board()?;
        if cfg.fit.calm && !is_calm(&board) {
            return None;
        }
        let mut smp = sample_of(&board, r.side, cfg.classes);
        smp.valid = (i / block) % VALID_EVERY == VALID_EVERY - 1;
        Some((smp, r.score, r.result))
    })
}

/// The scale that best fits `sigmoid(base / scale)` to the game results.
fn results_scale(raw: &[(Sample, i16, i8)]) -> f64 {
    log_argmin(10.0, 5000.0, |scale| {
        raw.iter()
            .map(|(s, _, r)| excess(sigmoid(s.base as f64 / scale), (*r as f64 + 1.0) / 2.0))
            .sum()
    })
}

/// The mean excess loss over the samples (`valid`: the held-out ones, else the others).
pub fn mean_loss(net: &FloatNet, samples: &[Sample], scale: f64, valid: bool) -> f64 {
    mean_excess(samples.iter().filter(|s| s.valid == valid).map(|s| {
        let p = sigmoid((s.base as f64 + net.output(s) as f64) / scale);
        (p, s.target as f64)
    }))
}

/// One step of Adam over the batch `idx` of `samples` (gradients on `threads` threads), with
/// a decoupled decay `l2` of the vectors and hidden weights (AdamW).
#[allow(clippy::too_many_arguments)]
fn step(
    net: &mut FloatNet,
    adam: &mut Adam,
    samples: &[Sample],
    idx: &[usize],
    scale: f64,
    lr: f64,
    l2: f64,
    threads: usize,
) {
    let chunk = idx.len().div_ceil(threads.max(1)).max(1);
    let grads: Vec<Vec<f32>> = std::thread::scope(|sc| {
        let net = &*net;
        let hs: Vec<_> = idx
            .chunks(chunk)
            .map(|part| {
                sc.spawn(move || {
                    let mut g = vec![0f32; PARAMS];
                    for &i in part {
                        let s = &samples[i];
                        let f = net.forward(s);
                        let p = sigmoid((s.base as f64 + f.out as f64) / scale);
                        let d = ((p - s.target as f64) / scale) as f32;
                        net.backward(s, &f, d, &mut g);
                    }
                    g
                })
            })
            .collect();
        hs.into_iter()
            .map(|h| h.join().expect("gradient thread"))
            .collect()
    });
    // A class network's vectors stay as they are.
    let first = if net.classes { W1 } else { 0 };
    adam.step(&mut net.p, &grads, idx.len(), (lr, l2), first, |k| k < B1);
    // The engine's sums are i16: every vector number stays within MAX_VECTOR once rounded.
    let bound = MAX_VECTOR as f32 / ONE as f32;
    for v in &mut net.p[EMB..W1] {
        *v = v.clamp(-bound, bound);
    }
}

const CKPT_MAGIC: &[u8; 4] = b"RNSC";

/// The float state after `epoch` epochs, for `-resume`.
fn write_checkpoint(
    path: &std::path::Path,
    net: &FloatNet,
    adam: &Adam,
    epoch: usize,
) -> Result<()> {
    let flags = net.tied as u64 | (net.classes as u64) << 1;
    sgd::write_checkpoint(path, CKPT_MAGIC, &net.p, adam, epoch, flags)
}

fn read_checkpoint(path: &std::path::Path) -> Result<(FloatNet, Adam, usize)> {
    let (p, adam, epoch, flags) = sgd::read_checkpoint(path, CKPT_MAGIC, PARAMS)?;
    let net = FloatNet {
        p,
        tied: flags & 1 != 0,
        classes: flags & 2 != 0,
    };
    Ok((net, adam, epoch))
}

/// `rensa-train fit-net`.
pub fn run(cfg: &NetConfig) -> Result<()> {
    let records = dataset::read_files(&cfg.data).map_err(anyhow::Error::msg)?;
    let Some(first) = records.first() else {
        bail!("no positions in the data");
    };
    let rule = first.rule;
    let fam = weights::family(rule);
    if records.iter().any(|r| weights::family(r.rule) != fam) {
        bail!("the data mixes rule families: train one family at a time");
    }
    // A bad -with file ends the run before the training, not at its first write.
    other_families(cfg)?;
    let t0 = Instant::now();
    let raw = samples(&records, cfg);
    if raw.is_empty() {
        bail!("no position left to train on");
    }
    let scale = cfg.scale.unwrap_or_else(|| results_scale(&raw));
    let samples: Vec<Sample> = raw
        .into_iter()
        .map(|(mut s, score, result)| {
            s.target = sgd::target(cfg.lambda, result, score, scale);
            s
        })
        .collect();
    let train: Vec<usize> = (0..samples.len()).filter(|&i| !samples[i].valid).collect();
    println!(
        "fit-net: {} positions ({} held out) of {} records, family {}, scale {scale:.1}, {:.1} s",
        samples.len(),
        samples.len() - train.len(),
        records.len(),
        rule.name(),
        t0.elapsed().as_secs_f64()
    );
    let ckpt = cfg.out.with_extension("ckpt");
    let tied = rule != Rule::Renju;
    let (mut net, mut adam, done) = if cfg.fit.resume && ckpt.exists() {
        let (n, a, e) = read_checkpoint(&ckpt)?;
        if n.classes != cfg.classes || n.pairs() != (cfg.classes && cfg.pairs) {
            bail!("{}: a checkpoint of the other -inputs", ckpt.display());
        }
        println!("resumed from {} after epoch {e}", ckpt.display());
        (n, a, e)
    } else {
        let mut n = FloatNet::new(rule, tied, cfg.classes, cfg.fit.seed);
        if cfg.classes && !cfg.pairs {
            n = n.without_pairs();
        }
        (n, Adam::new(PARAMS), 0)
    };
    println!(
        "epoch {done:3}  train {:.6}  held-out {:.6}",
        mean_loss(&net, &samples, scale, false),
        mean_loss(&net, &samples, scale, true)
    );
    // The held-out loss of the network written so far and its epoch (`-resume` starts over).
    let mut best = (f64::INFINITY, 0usize);
    let mut rng = SplitMix(cfg.fit.seed ^ 0xA5A5);
    let mut order = train.clone();
    let batches = order.len().div_ceil(cfg.fit.batch);
    let started = Instant::now();
    let mut last = Instant::now();
    for epoch in done + 1..=cfg.fit.epochs {
        for i in (1..order.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        let lr = cfg.fit.epoch_lr(epoch);
        for (b, idx) in order.chunks(cfg.fit.batch).enumerate() {
            step(
                &mut net,
                &mut adam,
                &samples,
                idx,
                scale,
                lr,
                cfg.fit.l2,
                cfg.fit.threads,
            );
            if last.elapsed().as_secs_f64() >= 2.0 {
                last = Instant::now();
                let done_b = (epoch - done - 1) * batches + b + 1;
                let all_b = (cfg.fit.epochs - done) * batches;
                let rate = (done_b * cfg.fit.batch) as f64 / started.elapsed().as_secs_f64();
                let eta = (all_b - done_b) as f64 * cfg.fit.batch as f64 / rate;
                print!(
                    "\repoch {epoch:3}  batch {:6}/{batches}  {rate:8.0} positions/s  {eta:6.0} s left ",
                    b + 1
                );
                let _ = std::io::stdout().flush();
            }
        }
        let held_out = mean_loss(&net, &samples, scale, true);
        let improved = held_out < best.0;
        println!(
            "\repoch {epoch:3}  train {:.6}  held-out {held_out:.6}  {:.0} s{}                    ",
            mean_loss(&net, &samples, scale, false),
            started.elapsed().as_secs_f64(),
            if improved { "  (best: written)" } else { "" }
        );
        write_checkpoint(&ckpt, &net, &adam, epoch)?;
        if improved {
            best = (held_out, epoch);
            write_net(cfg, &net, fam)?;
        }
    }
    if best.1 == 0 {
        write_net(cfg, &net, fam)?;
    }
    let written = Net::load(&cfg.out).map_err(anyhow::Error::msg)?;
    let rounded = written.families[fam]
        .as_ref()
        .map_or(f64::NAN, |n| rounded_loss(n, &samples, scale));
    println!(
        "wrote {} ({}), the network of epoch {} (held-out {:.6}, rounded {rounded:.6})",
        cfg.out.display(),
        written.label(),
        best.1,
        best.0
    );
    Ok(())
}

/// The mean held-out loss of the engine's integer network `n` (its inputs summed as the board
/// sums them, its integer forward pass), which the float loss does not see.
fn rounded_loss(n: &FamilyNet, samples: &[Sample], scale: f64) -> f64 {
    mean_excess(samples.iter().filter(|s| s.valid).map(|s| {
        let mut acc = [[0i16; H]; 2];
        for (c, a) in acc.iter_mut().enumerate() {
            for &(code, k) in &s.codes[c] {
                match n.inputs {
                    // A class or tier pair's number: its cells, CLASS_UNIT each.
                    Inputs::Classes => a[code as usize] = k as i16 * CLASS_UNIT,
                    Inputs::Codes => {
                        let v = &n.emb[c.min(n.emb.len() - 1)][code as usize];
                        for (a, &v) in a.iter_mut().zip(v) {
                            *a = a.wrapping_add((k as i16).wrapping_mul(v as i16));
                        }
                    }
                }
            }
        }
        let p = sigmoid((s.base as f64 + n.forward(&acc, s.us) as f64) / scale);
        (p, s.target as f64)
    }))
}

impl With {
    /// `embedded`, or a file's path.
    pub fn parse(s: &str) -> With {
        match s {
            "embedded" => With::Embedded,
            path => With::File(PathBuf::from(path)),
        }
    }

    /// The networks it names.
    pub fn load(&self) -> Result<Net> {
        match self {
            With::Embedded => Ok(rensa::eval::net::embedded().clone()),
            With::File(path) => {
                Net::load(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
            }
        }
    }
}

/// The other families' networks of `-with` (none without it).
fn other_families(cfg: &NetConfig) -> Result<Vec<Option<FamilyNet>>> {
    match &cfg.with {
        None => Ok(vec![None; FAMILIES]),
        Some(with) => Ok(with.load().context("-with")?.families),
    }
}

fn engine_net(cfg: &NetConfig, net: &FloatNet, fam: usize) -> Result<Net> {
    let mut families = other_families(cfg)?;
    families[fam] = Some(net.quantize());
    Ok(Net {
        name: cfg.name.clone(),
        families,
    })
}

fn write_net(cfg: &NetConfig, net: &FloatNet, fam: usize) -> Result<()> {
    let bytes = engine_net(cfg, net, fam)?.to_bytes();
    std::fs::write(&cfg.out, bytes).with_context(|| cfg.out.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random 15×15 freestyle positions of 6 to 30 stones.
    fn boards(n: usize, seed: u64) -> Vec<(Board, Color)> {
        let mut rng = SplitMix(seed);
        (0..n)
            .map(|_| {
                let mut b = Board::new(15, 15, Rule::Freestyle);
                let stones = 6 + rng.below(25);
                let mut c = Color::Black;
                let mut placed = 0;
                while placed < stones {
                    let p = Pos::new(3 + rng.below(9) as usize, 3 + rng.below(9) as usize);
                    if b.is_empty(p) {
                        b.make(p, c);
                        c = c.opp();
                        placed += 1;
                    }
                }
                (b, c)
            })
            .collect()
    }

    /// A teacher network with random weights scores positions; a fresh network trained on
    /// those targets gets much closer to them, and its rounded version evaluates like the float
    /// one on the engine's own incremental board.
    #[test]
    fn learns_a_synthetic_target_and_rounds_faithfully() {
        let mut teacher = FloatNet::new(Rule::Freestyle, true, false, 7);
        // The teacher's vectors use 16 of their numbers, as many as a thousand positions can
        // pin down; the student has all of them.
        for v in teacher.p[EMB..W1].chunks_mut(H) {
            v[16..].fill(0.0);
        }
        let mut rng = SplitMix(11);
        for v in &mut teacher.p[W2..B2] {
            *v = uniform(&mut rng, 1.5) as f32;
        }
        let scale = 200.0;
        let samples: Vec<Sample> = boards(1200, 3)
            .iter()
            .enumerate()
            .map(|(i, (b, us))| {
                let mut s = sample_of(b, *us, false);
                s.base = 0.0;
                s.target = sigmoid(teacher.output(&s) as f64 / scale) as f32;
                s.valid = i % 5 == 0;
                s
            })
            .collect();
        let mut net = FloatNet::new(Rule::Freestyle, true, false, 99);
        let mut adam = Adam::new(PARAMS);
        let before = mean_loss(&net, &samples, scale, true);
        let train: Vec<usize> = (0..samples.len()).filter(|&i| !samples[i].valid).collect();
        for _ in 0..40 {
            for idx in train.chunks(64) {
                step(&mut net, &mut adam, &samples, idx, scale, 0.01, 0.0, 2);
            }
        }
        let after = mean_loss(&net, &samples, scale, true);
        // (A thousand positions cannot pin down the teacher's 76 000 numbers: both losses fall
        // to about half, not to zero.)
        assert!(after < before / 1.8, "held-out loss {before} -> {after}");
        let fitted = mean_loss(&net, &samples, scale, false);
        assert!(
            fitted < before / 1.8,
            "training loss {fitted}, at the start {before}"
        );

        // The rounded network on the engine's board against the float one.
        let q: &'static FamilyNet = Box::leak(Box::new(net.quantize()));
        let mut worst = 0f32;
        for (b, us) in boards(200, 5) {
            let mut b = rensa::eval::Position::new(b);
            b.set_net(Some(q));
            let engine = q.forward(b.accumulators(), us) as f32;
            let s = sample_of(&b, us, false);
            let float = net.output(&s);
            worst = worst.max((engine - float).abs() - 0.05 * float.abs());
        }
        // 32 numbers a vector rounded to 1/64 over some 200 cells: ten units at worst.
        assert!(worst <= 10.0, "rounded output off by {worst} beyond 5 %");
    }

    /// A network of the class counts with random weights, with the tier pairs and without
    /// (`-inputs counts`, its pair weights zero even after a step of the fit): the engine's
    /// rounded one on its own board evaluates like the float one, in every rule family
    /// (renju's colours apart).
    #[test]
    fn a_class_network_rounds_faithfully() {
        let mut rng = SplitMix(21);
        for (rule, pairs) in [Rule::Freestyle, Rule::Renju]
            .into_iter()
            .flat_map(|r| [(r, true), (r, false)])
        {
            let mut net = FloatNet::new(rule, rule != Rule::Renju, true, 8);
            for v in &mut net.p[W1..] {
                *v = uniform(&mut rng, 1.0) as f32;
            }
            if !pairs {
                net = net.without_pairs();
                let samples: Vec<Sample> = boards(64, 6)
                    .into_iter()
                    .map(|(b, us)| Sample {
                        target: 0.9,
                        valid: false,
                        ..sample_of(&Board::from_grid(b.grid(), rule), us, true)
                    })
                    .collect();
                let idx: Vec<usize> = (0..samples.len()).collect();
                let mut adam = Adam::new(PARAMS);
                step(&mut net, &mut adam, &samples, &idx, 600.0, 0.01, 0.1, 2);
            }
            let q: &'static FamilyNet = Box::leak(Box::new(net.quantize()));
            assert_eq!(q.inputs, Inputs::Classes);
            assert_eq!(q.reads_pairs(), pairs, "{rule:?}");
            let mut worst = 0f32;
            for (b, us) in boards(200, 6) {
                let mut b = rensa::eval::Position::new(Board::from_grid(b.grid(), rule));
                b.set_net(Some(q));
                let cc = rensa::eval::class_counts(&b, us);
                let with = rensa::eval::evaluate(&b, us, &cc);
                b.set_net(None);
                let without = rensa::eval::evaluate(&b, us, &cc);
                let float = net.output(&sample_of(&b, us, true));
                worst = worst.max(((with - without) as f32 - float).abs() - 0.05 * float.abs());
            }
            // Up to 60 inputs, their random weights of up to 1.0 rounded to 1/64 each, and 16
            // hidden units floored to 1/64: ten units at worst (a hundredth of a logit).
            assert!(
                worst <= 10.0,
                "{rule:?}: rounded output off by {worst} beyond 5 %"
            );
        }
    }

    /// `-max-stones` leaves out the positions of more stones; the rest are kept.
    #[test]
    fn max_stones_leaves_out_the_longer_positions() {
        // Stones along the first rows, far from any five: 2, 6 and 10 stones.
        let record =
            |n: u16| Record::freestyle15((0..n).map(|i| (i % 2) * 30 + i / 2 * 2).collect());
        let records: Vec<Record> = [2, 6, 10].map(record).into();
        let mut cfg = NetConfig {
            data: Vec::new(),
            out: PathBuf::new(),
            name: "t".into(),
            fit: sgd::Options::default(),
            scale: None,
            lambda: 0.0,
            classes: true,
            pairs: true,
            with: None,
        };
        assert_eq!(samples(&records, &cfg).len(), 3);
        cfg.fit.max_stones = 6;
        let kept = samples(&records, &cfg);
        assert_eq!(kept.len(), 2);
        cfg.fit.max_stones = 1;
        assert!(samples(&records, &cfg).is_empty());
    }

    #[test]
    fn checkpoints_round_trip() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("n.ckpt");
        let net = FloatNet::new(Rule::Renju, false, true, 3);
        let adam = Adam {
            m: vec![0.5; PARAMS],
            v: vec![0.25; PARAMS],
            t: 17,
        };
        write_checkpoint(&path, &net, &adam, 4).expect("written");
        let (n, a, e) = read_checkpoint(&path).expect("read");
        assert_eq!(
            (&n.p, n.tied, n.classes, n.pairs(), &a.m, &a.v, a.t, e),
            (&net.p, false, true, true, &adam.m, &adam.v, 17, 4)
        );
        let counts = FloatNet::new(Rule::Caro, true, true, 3).without_pairs();
        write_checkpoint(&path, &counts, &adam, 5).expect("written");
        let (n, _, _) = read_checkpoint(&path).expect("read");
        assert_eq!((&n.p, n.classes, n.pairs()), (&counts.p, true, false));
        std::fs::write(&path, b"RNSC short").expect("write");
        assert!(read_checkpoint(&path).is_err());
    }
}
