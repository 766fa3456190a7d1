//! `rensa-train fit`: fits the evaluation's weights ([`rensa::eval::weights`]) to training
//! positions by logistic regression.
//!
//! The evaluation is linear in its weights: for the side to move `s` and the opponent `o`,
//! `eval = Σ_cells attack_s[code_s(cell)] − Σ_cells defence_o[code_o(cell)] + threat_s[mask] +
//! tempo_s`, over the empty cells, with the tables of the position's rule family. Each position
//! becomes a sparse feature vector once ([`extract`]); the fit then minimises the cross-entropy
//! between `sigmoid(eval / scale)` and the target `λ · result + (1 − λ) · sigmoid(score /
//! scale)` (result 1 win, ½ draw, 0 loss; score the generator's search score), plus an L2 pull
//! towards the starting weights, with Adam over mini-batches whose gradient is shared out over
//! the threads. One block in twenty of the records is held out and its loss reported each
//! epoch. Outside renju the two colours share their tables (the data of both trains one). With
//! choices ([`Choices`], the played moves of `-choice-data`), each step also adds `choice` times
//! the gradient of the played moves' cross-entropy, over an equal share of the choice positions.

use std::time::Instant;

use anyhow::{bail, Result};
use rensa::board::pattern::code::{class_of_code, code_of, patterns_of, CODES};
use rensa::board::Class;
use rensa::board::{Board, Pos};
use rensa::eval::weights::{self, threat_mask, Weights, FAMILIES, THREATS, THREAT_BITS};
use rensa::types::{Color, Rule};

use crate::train::choices::Choices;
use crate::train::dataset::Record;

/// Weights of one colour of one family: cell values (attack, defence interleaved), the threat
/// table, the class offsets ([`OFFSETS_AT`]), the line-pattern offsets
/// ([`PATTERN_OFFSETS_AT`]), the tempo.
const SIDE_LEN: usize = PATTERN_OFFSETS_AT + 2 * PATTERN_SLOTS + 1;
/// Where a colour's class offsets start in its slot: per class (slots of [`CLASS_SLOTS`]), an
/// attack and a defence value shared by every code of that class. They exist only while
/// fitting: [`unflatten`] adds them to the codes' own values, so the weights file and the
/// engine know nothing of them. A code seen in a few positions moves little by itself, but its
/// class's offset learns from all of them: fitted with them, generation 2's data gave a
/// held-out loss of 0.03820 instead of 0.03901 (the largest offsets: a four-plus +67 attack /
/// +58 defence, an open three with a two or closed three +69 attack); those weights are
/// generation 3 in freestyle (see the README for their matches).
const OFFSETS_AT: usize = 2 * CODES + THREATS;
/// Class slots of the offsets (the board's class counts have as many).
const CLASS_SLOTS: usize = 16;
/// Where a colour's line-pattern offsets start in its slot: per line pattern (slots of
/// [`PATTERN_SLOTS`], indexed by [`rensa::board::Pattern`]), an attack and a defence value that
/// every code of a class other than `None` takes once for each of its four lines showing that
/// pattern. Like the class offsets they exist only while fitting and are folded into the codes'
/// values ([`unflatten`]); they give a rarely seen code the sum of its lines' values as its
/// starting point. Off unless `FitConfig::pattern_offsets` (then they stay 0, and nothing
/// changes).
const PATTERN_OFFSETS_AT: usize = OFFSETS_AT + 2 * CLASS_SLOTS;
/// Pattern slots of the line-pattern offsets.
const PATTERN_SLOTS: usize = 16;
/// All weights.
pub(crate) const LEN: usize = FAMILIES * 2 * SIDE_LEN;
/// Records per held-out block (at most; fewer when the data has under four rounds of
/// [`VALID_EVERY`] such blocks, so that small data sets still hold some out); one block in
/// [`VALID_EVERY`] is held out.
const VALID_BLOCK: usize = 4096;
pub(crate) const VALID_EVERY: usize = 20;

/// How to fit.
#[derive(Clone, Debug)]
pub struct FitConfig {
    pub name: String,
    /// Weight of the game result in the target (the rest is the search score).
    pub lambda: f64,
    /// Evaluation units per logit; `None`: fitted to the starting weights first.
    pub scale: Option<f64>,
    pub epochs: u32,
    pub batch: usize,
    /// Adam's step size, in evaluation units.
    pub lr: f64,
    /// L2 pull towards the starting weights.
    pub l2: f64,
    pub threads: usize,
    /// Keep positions whose score is a proven result / that are not quiet.
    pub keep_mates: bool,
    pub keep_loud: bool,
    /// Leave the threat tables as they start (fit the cell values and the tempo only).
    pub freeze_threats: bool,
    /// Leave the values of the weak codes (class `None`: no two or better for that colour)
    /// as they start: left free, many drift below zero (presumably standing in for the number of
    /// cells near the stones) and the search plays worse.
    pub freeze_weak: bool,
    /// Leave the tempo bonuses as they start.
    pub freeze_tempo: bool,
    /// Fit the line-pattern offsets (see `PATTERN_OFFSETS_AT`); without it they stay 0.
    pub pattern_offsets: bool,
    /// Train only on calm positions ([`is_calm`]).
    pub calm: bool,
    /// Weight of the choice cross-entropy ([`Choices`]) beside the value loss.
    pub choice: f64,
    /// The choices' softmax temperature in evaluation units; `None`: fitted to the starting
    /// weights.
    pub temp: Option<f64>,
}

/// One position as features.
pub struct Samples {
    /// `start[i]..start[i + 1]` are sample `i`'s entries in `index` / `value`.
    start: Vec<usize>,
    index: Vec<u32>,
    value: Vec<i16>,
    /// Game result for the side to move in 0, ½, 1.
    result: Vec<f32>,
    score: Vec<i16>,
    valid: Vec<bool>,
    /// Which weights occur at all.
    pub used: Vec<bool>,
}

impl Samples {
    fn empty() -> Samples {
        Samples {
            start: vec![0],
            index: Vec::new(),
            value: Vec::new(),
            result: Vec::new(),
            score: Vec::new(),
            valid: Vec::new(),
            used: vec![false; LEN],
        }
    }

    pub fn len(&self) -> usize {
        self.result.len()
    }

    pub fn is_empty(&self) -> bool {
        self.result.is_empty()
    }

    fn eval(&self, i: usize, w: &[f64]) -> f64 {
        (self.start[i]..self.start[i + 1])
            .map(|k| w[self.index[k] as usize] * self.value[k] as f64)
            .sum()
    }
}

/// The slot of a family's colour: outside renju both colours use Black's.
fn slot(family: usize, color: usize) -> usize {
    let color = if family == weights::family(Rule::Renju) {
        color
    } else {
        0
    };
    (family * 2 + color) * SIDE_LEN
}

/// Whether weight `k` is an entry of a threat table.
fn is_threat(k: usize) -> bool {
    (2 * CODES..2 * CODES + THREATS).contains(&(k % SIDE_LEN))
}

/// Whether weight `k` is a tempo bonus.
fn is_tempo(k: usize) -> bool {
    k % SIDE_LEN == SIDE_LEN - 1
}

/// Whether weight `k` is a cell value of a code of class `None` (for its family and colour), or
/// that class's offset.
fn is_weak(k: usize) -> bool {
    let j = k % SIDE_LEN;
    if (OFFSETS_AT..OFFSETS_AT + 2 * CLASS_SLOTS).contains(&j) {
        return (j - OFFSETS_AT) / 2 == Class::None as usize;
    }
    if j >= 2 * CODES {
        return false;
    }
    let (family, color) = (k / SIDE_LEN / 2, k / SIDE_LEN % 2);
    class_of_code(j / 2, renju_black(family, color)) == Class::None
}

/// Whether weight `k` is a line-pattern offset.
fn is_pattern_offset(k: usize) -> bool {
    (PATTERN_OFFSETS_AT..PATTERN_OFFSETS_AT + 2 * PATTERN_SLOTS).contains(&(k % SIDE_LEN))
}

/// Whether a family's colour is renju's Black (whose classes carry the forbidden-point hint).
fn renju_black(family: usize, color: usize) -> bool {
    family == weights::family(Rule::Renju) && color == Color::Black.index()
}

/// The weight vector of `w`.
pub(crate) fn flatten(w: &Weights) -> Vec<f64> {
    let mut v = vec![0.0; LEN];
    for (f, fam) in w.families.iter().enumerate() {
        for (c, side) in fam.side.iter().enumerate() {
            let base = (f * 2 + c) * SIDE_LEN;
            for (k, x) in side.cell.iter().flatten().enumerate() {
                v[base + k] = *x as f64;
            }
            for (k, x) in side.threat.iter().enumerate() {
                v[base + 2 * CODES + k] = *x as f64;
            }
            v[base + SIDE_LEN - 1] = side.tempo as f64;
        }
    }
    v
}

/// Weights from a vector (rounded, clamped to `i16`); families outside renju copy Black's slot
/// to White.
fn unflatten(v: &[f64], name: &str, like: &Weights) -> Weights {
    let mut w = like.clone();
    w.name = name.to_string();
    let q = |x: f64| x.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
    for (f, fam) in w.families.iter_mut().enumerate() {
        for (c, side) in fam.side.iter_mut().enumerate() {
            let base = slot(f, c);
            let rb = renju_black(f, c);
            for (k, x) in side.cell.iter_mut().flatten().enumerate() {
                let class = class_of_code(k / 2, rb);
                let mut value = v[base + k] + v[base + OFFSETS_AT + 2 * class as usize + k % 2];
                if class != Class::None {
                    value += patterns_of(k / 2)
                        .iter()
                        .map(|&p| v[base + PATTERN_OFFSETS_AT + 2 * p as usize + k % 2])
                        .sum::<f64>();
                }
                *x = q(value);
            }
            for (k, x) in side.threat.iter_mut().enumerate() {
                *x = q(v[base + 2 * CODES + k]);
            }
            side.tempo = q(v[base + SIDE_LEN - 1]);
        }
    }
    w
}

/// Turns records into features (on `threads` threads), skipping the ones the config leaves out.
pub fn extract(records: &[Record], cfg: &FitConfig) -> Samples {
    let chunk = records.len().div_ceil(cfg.threads.max(1)).max(1);
    let block = valid_block(records.len());
    let parts: Vec<Samples> = std::thread::scope(|s| {
        let handles: Vec<_> = records
            .chunks(chunk)
            .enumerate()
            .map(|(n, part)| s.spawn(move || extract_part(part, n * chunk, block, cfg)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("feature thread"))
            .collect()
    });
    let mut out = Samples::empty();
    for p in parts {
        let off = out.index.len();
        out.start.extend(p.start[1..].iter().map(|s| s + off));
        out.index.extend(p.index);
        out.value.extend(p.value);
        out.result.extend(p.result);
        out.score.extend(p.score);
        out.valid.extend(p.valid);
        for (u, q) in out.used.iter_mut().zip(p.used) {
            *u |= q;
        }
    }
    out
}

/// Whether neither side has a four (a cell that makes a five) or an open three (a cell that
/// makes an open four) on `board`: a position whose search score does not come from a threat
/// line the search would find again by itself, so the static evaluation alone should match it.
pub fn is_calm(board: &Board) -> bool {
    [Color::Black, Color::White].into_iter().all(|c| {
        let n = board.class_counts(c);
        n[Class::Five as usize] == 0 && n[Class::Flex4 as usize] == 0
    })
}

/// The held-out block size for `records` records (see [`VALID_BLOCK`]).
pub(crate) fn valid_block(records: usize) -> usize {
    (records / (4 * VALID_EVERY)).clamp(1, VALID_BLOCK)
}

/// The features of `board` with `us` to move under `rule`'s tables, into `acc`: (weight index,
/// count), sorted by index, each index once; the line-pattern offsets only if `pattern_offsets`
/// (otherwise they stay 0, so leaving them out changes no evaluation).
pub(crate) fn position_features(
    board: &Board,
    rule: Rule,
    us: Color,
    pattern_offsets: bool,
    acc: &mut Vec<(u32, i16)>,
) {
    let fam = weights::family(rule);
    let them = us.opp();
    let su = slot(fam, us.index());
    acc.clear();
    for y in 0..board.height() {
        for x in 0..board.width() {
            let p = Pos::new(x, y);
            if !board.is_empty(p) {
                continue;
            }
            // The side to move's attack values (part 0) count for it, the opponent's defence
            // values (part 1) against it: the code's own, its class's offset and, outside class
            // `None`, its lines' pattern offsets.
            for (color, part, sign) in [(us, 0, 1), (them, 1, -1)] {
                let base = slot(fam, color.index()) + part;
                let code = code_of(board.patterns_packed(p, color)) as usize;
                let class = class_of_code(code, renju_black(fam, color.index()));
                acc.push(((base + 2 * code) as u32, sign));
                acc.push(((base + OFFSETS_AT + 2 * class as usize) as u32, sign));
                if pattern_offsets && class != Class::None {
                    for q in patterns_of(code) {
                        acc.push(((base + PATTERN_OFFSETS_AT + 2 * q as usize) as u32, sign));
                    }
                }
            }
        }
    }
    let mask =
        threat_mask(board.class_counts(us)) << THREAT_BITS | threat_mask(board.class_counts(them));
    acc.push(((su + 2 * CODES + mask) as u32, 1));
    acc.push(((su + SIDE_LEN - 1) as u32, 1));
    acc.sort_unstable_by_key(|e| e.0);
    let mut out = 0;
    for k in 0..acc.len() {
        if out > 0 && acc[out - 1].0 == acc[k].0 {
            acc[out - 1].1 += acc[k].1;
        } else {
            acc[out] = acc[k];
            out += 1;
        }
    }
    acc.truncate(out);
}

fn extract_part(records: &[Record], first: usize, block: usize, cfg: &FitConfig) -> Samples {
    let mut s = Samples::empty();
    let mut acc: Vec<(u32, i16)> = Vec::new();
    for (n, r) in records.iter().enumerate() {
        if !r.trained(cfg.keep_mates, cfg.keep_loud) {
            continue;
        }
        let Some(board) = r.board() else { continue };
        if cfg.calm && !is_calm(&board) {
            continue;
        }
        position_features(&board, r.rule, r.side, cfg.pattern_offsets, &mut acc);
        for &(i, v) in &acc {
            s.index.push(i);
            s.value.push(v);
            s.used[i as usize] = true;
        }
        s.start.push(s.index.len());
        s.result.push((r.result as f32 + 1.0) / 2.0);
        s.score.push(r.score);
        s.valid
            .push(((first + n) / block) % VALID_EVERY == VALID_EVERY - 1);
    }
    s
}

/// Replaces each record's score by its TD(λ) return (`td` is λ), in evaluation units of
/// `scale` per logit: walking each game back from its last record, the return of a position is
/// `(1 − λ) · sigmoid(score / scale) + λ · (1 − the next position's return)` (the next position
/// has the opponent to move), and after the last one the game's result. So λ = 0 keeps the
/// search's own score and λ = 1 gives the result; in between, a position learns from the scores
/// the searches of the game found further on, the nearer ones weighing most. Records whose
/// successor is not the same game one ply on (see [`crate::train::order::played_move`]) end a
/// game. Returns the mean absolute change of the scores.
pub fn td_scores(records: &mut [Record], td: f64, scale: f64) -> f64 {
    // The return of the record after the current one (read only when that record continues
    // the game, so it has been set).
    let mut next_return = 0.0;
    let mut change = 0.0;
    for i in (0..records.len()).rev() {
        let continues = i + 1 < records.len()
            && crate::train::order::played_move(&records[i], &records[i + 1]).is_some();
        let r = &mut records[i];
        let own = sigmoid(r.score as f64 / scale);
        let after = if continues {
            1.0 - next_return
        } else {
            (r.result as f64 + 1.0) / 2.0
        };
        let g = (1.0 - td) * own + td * after;
        next_return = g;
        let p = g.clamp(1e-6, 1.0 - 1e-6);
        let score = (scale * (p / (1.0 - p)).ln())
            .round()
            .clamp(-32000.0, 32000.0) as i16;
        change += (score as f64 - r.score as f64).abs();
        r.score = score;
    }
    change / records.len().max(1) as f64
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Cross-entropy of `p` against target `t`.
fn xent(p: f64, t: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

fn target(s: &Samples, i: usize, lambda: f64, scale: f64) -> f64 {
    lambda * s.result[i] as f64 + (1.0 - lambda) * sigmoid(s.score[i] as f64 / scale)
}

/// Mean loss over the training (`valid` false) or held-out samples, less the targets' own
/// entropy (so a perfect fit scores 0: the Kullback-Leibler divergence).
fn loss(s: &Samples, w: &[f64], lambda: f64, scale: f64, valid: bool) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for i in 0..s.len() {
        if s.valid[i] == valid {
            let t = target(s, i, lambda, scale);
            sum += xent(sigmoid(s.eval(i, w) / scale), t) - xent(t, t);
            n += 1;
        }
    }
    sum / n.max(1) as f64
}

/// The scale that best fits the starting weights to the game results.
fn fit_scale(s: &Samples, w: &[f64]) -> f64 {
    log_argmin(10.0, 5000.0, |scale| loss(s, w, 1.0, scale, false))
}

/// The temperature that best fits `w` to the training positions' choices.
fn fit_temp(c: &Choices, w: &[f64]) -> f64 {
    log_argmin(1.0, 5000.0, |temp| c.loss(w, temp, false).0)
}

/// The `x` in `lo..=hi` that minimises `f`, by golden-section search over `ln x` (for a loss
/// with one minimum, such as a logistic scale or a softmax temperature).
pub(crate) fn log_argmin(lo: f64, hi: f64, f: impl Fn(f64) -> f64) -> f64 {
    let (mut a, mut b) = (lo.ln(), hi.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if f(c.exp()) < f(d.exp()) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).exp()
}

/// One epoch's figures.
#[derive(Clone, Debug)]
pub struct Epoch {
    pub epoch: u32,
    pub train: f64,
    pub valid: f64,
    /// With choices: their training and held-out cross-entropy, and the held-out share of
    /// positions whose played cell the evaluation likes best.
    pub choice: Option<[f64; 3]>,
    pub seconds: f64,
}

/// The result of a fit.
pub struct Fitted {
    pub weights: Weights,
    pub scale: f64,
    /// The choices' temperature, if the fit had choices.
    pub temp: Option<f64>,
    pub epochs: Vec<Epoch>,
    pub samples: usize,
    pub valid_samples: usize,
}

/// Fits weights starting from `init`; `on_epoch` sees each epoch's figures (epoch 0: the
/// starting weights).
pub fn fit(
    s: &Samples,
    choices: Option<&Choices>,
    init: &Weights,
    cfg: &FitConfig,
    on_epoch: &mut dyn FnMut(&Epoch),
) -> Result<Fitted> {
    if s.is_empty() {
        bail!("no training positions (all filtered out?)");
    }
    let start = Instant::now();
    let w0: Vec<f64> = {
        // Outside renju both colours start from Black's tables.
        let flat = flatten(init);
        let mut v = flat.clone();
        for f in 0..FAMILIES {
            for c in 0..2 {
                let (from, to) = (slot(f, c), (f * 2 + c) * SIDE_LEN);
                if from == to {
                    v[to..to + SIDE_LEN].copy_from_slice(&flat[from..from + SIDE_LEN]);
                }
            }
        }
        v
    };
    let scale = cfg.scale.unwrap_or_else(|| fit_scale(s, &w0));
    let choices = choices.filter(|c| !c.is_empty() && cfg.choice > 0.0);
    let temp = choices.map(|c| cfg.temp.unwrap_or_else(|| fit_temp(c, &w0)));
    let mut w = w0.clone();
    let mut epochs = Vec::new();
    let mut report = |epoch: u32, w: &[f64], epochs: &mut Vec<Epoch>| {
        let choice = choices.zip(temp).map(|(c, t)| {
            let (train, _) = c.loss(w, t, false);
            let (valid, first) = c.loss(w, t, true);
            [train, valid, first]
        });
        let e = Epoch {
            epoch,
            train: loss(s, w, cfg.lambda, scale, false),
            valid: loss(s, w, cfg.lambda, scale, true),
            choice,
            seconds: start.elapsed().as_secs_f64(),
        };
        on_epoch(&e);
        epochs.push(e);
    };
    report(0, &w, &mut epochs);
    let train: Vec<usize> = (0..s.len()).filter(|&i| !s.valid[i]).collect();
    let mut choice_order: Vec<usize> = choices.map_or(Vec::new(), |c| {
        (0..c.len()).filter(|&g| !c.is_valid(g)).collect()
    });
    let used: Vec<bool> = match choices {
        Some(c) => s.used.iter().zip(&c.used).map(|(a, b)| *a || *b).collect(),
        None => s.used.clone(),
    };
    let (mut m, mut v) = (vec![0.0; LEN], vec![0.0; LEN]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let mut t = 0i32;
    let threads = cfg.threads.max(1);
    let mut grads = vec![vec![0.0f64; LEN]; threads];
    let mut order = train.clone();
    let mut rng = crate::common::opening::SplitMix(0x5EED);
    let batch_size = cfg.batch.max(1);
    let steps = train.len().div_ceil(batch_size).max(1);
    let choice_batch = choice_order.len().div_ceil(steps).max(1);
    for epoch in 1..=cfg.epochs {
        // A seeded shuffle per epoch.
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for i in (1..choice_order.len()).rev() {
            choice_order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let lr = cfg.lr * (1.0 - 0.9 * (epoch - 1) as f64 / cfg.epochs.max(1) as f64);
        for (step, batch) in order.chunks(batch_size).enumerate() {
            let from = (step * choice_batch).min(choice_order.len());
            let cbatch = &choice_order[from..(from + choice_batch).min(choice_order.len())];
            let part = batch.len().div_ceil(threads);
            let cpart = cbatch.len().div_ceil(threads).max(1);
            let (dv, dc) = (
                1.0 / batch.len() as f64,
                cfg.choice / cbatch.len().max(1) as f64,
            );
            std::thread::scope(|sc| {
                for (k, g) in grads.iter_mut().enumerate() {
                    let idx = batch.chunks(part).nth(k).unwrap_or(&[]);
                    let cidx = cbatch.chunks(cpart).nth(k).unwrap_or(&[]);
                    let w = &w;
                    sc.spawn(move || {
                        g.iter_mut().for_each(|x| *x = 0.0);
                        for &i in idx {
                            let p = sigmoid(s.eval(i, w) / scale);
                            let d = dv * (p - target(s, i, cfg.lambda, scale)) / scale;
                            for k in s.start[i]..s.start[i + 1] {
                                g[s.index[k] as usize] += d * s.value[k] as f64;
                            }
                        }
                        if let (Some(c), Some(t)) = (choices, temp) {
                            let mut p = Vec::new();
                            for &i in cidx {
                                c.add_gradient(i, w, t, dc, g, &mut p);
                            }
                        }
                    });
                }
            });
            t += 1;
            let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
            for k in 0..LEN {
                if !used[k]
                    || (cfg.freeze_threats && is_threat(k))
                    || (cfg.freeze_weak && is_weak(k))
                    || (cfg.freeze_tempo && is_tempo(k))
                    || (!cfg.pattern_offsets && is_pattern_offset(k))
                {
                    continue;
                }
                let g = grads.iter().map(|g| g[k]).sum::<f64>() + cfg.l2 * (w[k] - w0[k]);
                m[k] = b1 * m[k] + (1.0 - b1) * g;
                v[k] = b2 * v[k] + (1.0 - b2) * g * g;
                w[k] -= lr * (m[k] / c1) / ((v[k] / c2).sqrt() + eps);
            }
        }
        report(epoch, &w, &mut epochs);
    }
    Ok(Fitted {
        weights: unflatten(&w, &cfg.name, init),
        scale,
        temp,
        epochs,
        samples: train.len(),
        valid_samples: s.len() - train.len(),
    })
}

/// The evaluation of a record's position under `w`, as the engine computes it before clamping
/// (for tests and checks).
pub fn eval_of(r: &Record, w: &Weights) -> Option<f64> {
    let s = extract_part(std::slice::from_ref(r), 0, VALID_BLOCK, &every_position());
    (!s.is_empty()).then(|| s.eval(0, &flatten(w)))
}

/// A configuration that keeps every position (for [`eval_of`] and tests).
fn every_position() -> FitConfig {
    FitConfig {
        name: String::new(),
        lambda: 1.0,
        scale: Some(1.0),
        epochs: 0,
        batch: 1,
        lr: 0.0,
        l2: 0.0,
        threads: 1,
        keep_mates: true,
        keep_loud: true,
        freeze_threats: false,
        freeze_weak: false,
        freeze_tempo: false,
        pattern_offsets: false,
        calm: false,
        choice: 0.0,
        temp: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::opening::SplitMix;

    /// TD(λ) returns along a game: λ = 0 keeps the scores, λ = 1 gives every position its
    /// result, and in between a position's return mixes its score with the next one's, seen
    /// from its own side; a record that does not continue the game starts a new one.
    #[test]
    fn td_returns_follow_the_game() {
        let game = |scores: [i16; 3], result: i8| {
            let mut rs: Vec<Record> = (0..3)
                .map(|n| {
                    let mut r = Record::freestyle15((0..n as u16).map(|k| 100 + k).collect());
                    r.score = scores[n];
                    // The winner moves first: results alternate in sign along the game.
                    r.result = if n % 2 == 0 { result } else { -result };
                    r
                })
                .collect();
            // Another game after it (no stones in common): its first record ends this one.
            rs.push(Record::freestyle15(vec![7]));
            rs
        };
        let scale = 100.0;
        let mut same = game([50, -80, 120], 1);
        td_scores(&mut same, 0.0, scale);
        assert_eq!(
            same.iter().map(|r| r.score).collect::<Vec<_>>(),
            [50, -80, 120, 0]
        );
        let mut results = game([50, -80, 120], 1);
        td_scores(&mut results, 1.0, scale);
        let win = (scale * (0.999999f64 / 0.000001).ln()).round() as i16;
        assert_eq!(
            results.iter().map(|r| r.score).collect::<Vec<_>>(),
            [win, -win, win, 0]
        );
        let mut half = game([0, 0, 0], 1);
        td_scores(&mut half, 0.5, scale);
        // Last: ½·½ + ½·1 = 0.75; middle: ½·½ + ½·0.25 = 0.375; first: ½·½ + ½·0.625.
        let logit = |p: f64| (scale * (p / (1.0 - p)).ln()).round() as i16;
        assert_eq!(
            half.iter().map(|r| r.score).collect::<Vec<_>>(),
            [logit(0.5625), logit(0.375), logit(0.75), 0]
        );
    }

    /// A position is calm until either side has a four or an open three on the board.
    #[test]
    fn calm_positions() {
        use rensa::board::grid::Grid;
        let board =
            |rows: &str| Board::from_grid(&Grid::from_ascii(rows).expect("board"), Rule::Freestyle);
        let calm = board(
            "
            . . . . . . . .
            . . X X . . . .
            . . O . X . . .
            . . . O . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .",
        );
        assert!(is_calm(&calm));
        // White's open three (a cell makes an open four), Black to defend.
        let open_three = board(
            "
            . . . . . . . .
            . . X X . . . .
            . . O O O . . .
            . . . . X . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .",
        );
        assert!(!is_calm(&open_three));
        // Black's closed four (a cell makes a five).
        let four = board(
            "
            . . . . . . . .
            O X X X X . . .
            . . O . . . . .
            . . . O . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .",
        );
        assert!(!is_calm(&four));
    }

    /// Random 15×15 freestyle positions of 6 to 40 stones around the centre.
    fn positions(n: usize, seed: u64) -> Vec<Record> {
        let mut rng = SplitMix(seed);
        (0..n)
            .map(|_| {
                let stones = 6 + rng.below(35) as usize;
                let mut cells: Vec<u16> = Vec::new();
                while cells.len() < stones {
                    let (x, y) = (3 + rng.below(9), 3 + rng.below(9));
                    let c = (y * 15 + x) as u16;
                    if !cells.contains(&c) {
                        cells.push(c);
                    }
                }
                Record::freestyle15(cells)
            })
            .collect()
    }

    #[test]
    fn the_fit_recovers_a_known_evaluation() {
        // The truth: the class values with attack worth half as much again, and a tempo of 60.
        let mut truth = Weights::from_classes();
        for fam in &mut truth.families {
            for side in &mut fam.side {
                for v in side.cell.iter_mut() {
                    v[0] = v[0] * 3 / 2;
                }
                side.tempo = 60;
            }
        }
        // Quiet enough positions: the sigmoid is not saturated.
        let quiet = |r: &Record| eval_of(r, &truth).expect("a position").abs() < 2000.0;
        let mut records: Vec<Record> = positions(8000, 7).into_iter().filter(quiet).collect();
        records.truncate(2500);
        for r in &mut records {
            r.score = eval_of(r, &truth).expect("a position") as i16;
        }
        let cfg = FitConfig {
            name: "test".into(),
            lambda: 0.0,
            scale: Some(1000.0),
            epochs: 40,
            batch: 256,
            lr: 4.0,
            l2: 0.0,
            threads: 2,
            keep_mates: false,
            keep_loud: true,
            freeze_threats: false,
            freeze_weak: false,
            freeze_tempo: false,
            pattern_offsets: false,
            calm: false,
            choice: 0.0,
            temp: None,
        };
        let samples = extract(&records, &cfg);
        assert_eq!(samples.len(), 2500);
        let start = Weights::from_classes();
        let fitted = fit(&samples, None, &start, &cfg, &mut |_| {}).unwrap();
        let first = fitted.epochs.first().unwrap().train;
        let last = fitted.epochs.last().unwrap().train;
        assert!(last < first, "loss {first} -> {last}");
        // Mean error of the evaluation, before and after, on fresh positions.
        let fresh: Vec<Record> = positions(1000, 8).into_iter().filter(quiet).collect();
        let err = |w: &Weights| {
            fresh
                .iter()
                .map(|r| (eval_of(r, w).unwrap() - eval_of(r, &truth).unwrap()).abs())
                .sum::<f64>()
                / fresh.len() as f64
        };
        let (before, after) = (err(&start), err(&fitted.weights));
        assert!(after < before / 3.0, "mean error {before:.1} -> {after:.1}");
    }

    /// Offsets that exist only while fitting, `count` of them from `at` in freestyle's slot
    /// (both colours share Black's), set to small values: the written weights evaluate 300
    /// positions exactly as the fitted vector does, and differently from the weights without
    /// the offsets.
    fn assert_offsets_fold(at: usize, count: usize) {
        let records = positions(300, 13);
        let cfg = FitConfig {
            pattern_offsets: true,
            ..every_position()
        };
        let s = extract(&records, &cfg);
        assert!(s.len() > 250);
        let start = Weights::from_classes();
        let plain = flatten(&start);
        let mut v = plain.clone();
        for k in 0..count {
            v[slot(0, 0) + at + k] = (k as f64 * 7.0) % 23.0 - 11.0;
        }
        let folded = flatten(&unflatten(&v, "folded", &start));
        assert!((0..s.len()).all(|i| s.eval(i, &v) == s.eval(i, &folded)));
        assert!((0..s.len()).any(|i| s.eval(i, &v) != s.eval(i, &plain)));
    }

    /// The class offsets are folded into the codes' values: an attack and a defence offset for
    /// every class slot.
    #[test]
    fn class_offsets_fold_into_the_codes() {
        assert_offsets_fold(OFFSETS_AT, 2 * CLASS_SLOTS);
    }

    /// The line-pattern offsets fold in the same way: each code of a class other than `None`
    /// takes its four lines' offsets.
    #[test]
    fn pattern_offsets_fold_into_the_codes() {
        assert_offsets_fold(PATTERN_OFFSETS_AT, 2 * PATTERN_SLOTS);
    }

    /// `-freeze threats,weak,tempo`: the threat tables, the values of the weak codes and the
    /// tempo bonuses come out as they went in, while the other cell values move.
    #[test]
    fn frozen_weights_stay() {
        let mut records = positions(600, 11);
        let mut truth = Weights::from_classes();
        for v in truth.families[0].side[0].cell.iter_mut() {
            v[0] += 25;
        }
        for r in &mut records {
            r.score = eval_of(r, &truth)
                .expect("a position")
                .clamp(-3000.0, 3000.0) as i16;
        }
        let cfg = FitConfig {
            name: "frozen".into(),
            lambda: 0.0,
            scale: Some(1000.0),
            epochs: 3,
            batch: 128,
            lr: 4.0,
            l2: 0.0,
            threads: 2,
            keep_mates: false,
            keep_loud: true,
            freeze_threats: true,
            freeze_weak: true,
            freeze_tempo: true,
            pattern_offsets: false,
            calm: false,
            choice: 0.0,
            temp: None,
        };
        let start = Weights::from_classes();
        let fitted = fit(&extract(&records, &cfg), None, &start, &cfg, &mut |_| {}).unwrap();
        let (w0, w1) = (flatten(&start), flatten(&fitted.weights));
        let mut moved = 0;
        for k in 0..LEN {
            if is_threat(k) || is_weak(k) || is_tempo(k) {
                assert_eq!(w0[k], w1[k], "weight {k} moved");
            } else if w0[k] != w1[k] {
                moved += 1;
            }
        }
        assert!(moved > 10, "only {moved} weights moved");
        // A code with an open two is not weak; the empty code is.
        let flex2 = (0..CODES)
            .find(|&c| class_of_code(c, false) == Class::Flex2)
            .expect("a Flex2 code");
        assert!(!is_weak(2 * flex2) && is_weak(0) && is_weak(1));
    }

    /// Small data sets still hold out about one position in twenty.
    #[test]
    fn small_data_holds_some_out() {
        let records = positions(400, 5);
        let cfg = FitConfig {
            name: "split".into(),
            lambda: 0.0,
            scale: Some(1000.0),
            epochs: 0,
            batch: 64,
            lr: 1.0,
            l2: 0.0,
            threads: 2,
            keep_mates: true,
            keep_loud: true,
            freeze_threats: false,
            freeze_weak: false,
            freeze_tempo: false,
            pattern_offsets: false,
            calm: false,
            choice: 0.0,
            temp: None,
        };
        let s = extract(&records, &cfg);
        let held = s.valid.iter().filter(|&&v| v).count();
        assert_eq!(s.len(), 400);
        assert!((15..=25).contains(&held), "{held} held out");
        assert_eq!(valid_block(10_000_000), VALID_BLOCK);
    }
}
