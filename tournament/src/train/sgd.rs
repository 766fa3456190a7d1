//! What the network trainers (`fit-net`, `fit-lines`) share: the loss of a predicted win
//! probability, Adam's state and step, the float checkpoints, and the features of a data file
//! computed on several threads.

use anyhow::{bail, Context, Result};

use crate::train::dataset::Record;

/// The options every network fit takes.
#[derive(Clone, Debug)]
pub struct Options {
    pub epochs: usize,
    /// Positions per Adam step.
    pub batch: usize,
    pub lr: f64,
    /// The step size of the last epoch (`-lr-end`): it falls from `lr` by a half cosine over
    /// the epochs; `None`, it stays `lr`.
    pub lr_end: Option<f64>,
    /// Decoupled decay of the decayed parameters, per step.
    pub l2: f64,
    pub threads: usize,
    /// Only positions where neither side has a four or an open three.
    pub calm: bool,
    /// Keep the positions whose score is a proven result.
    pub keep_mates: bool,
    /// Only positions of at most this many stones (`usize::MAX`: every position).
    pub max_stones: usize,
    /// Continue from the checkpoint.
    pub resume: bool,
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            epochs: 20,
            batch: 256,
            lr: 0.001,
            lr_end: None,
            l2: 0.0,
            threads: 2,
            calm: false,
            keep_mates: false,
            max_stones: usize::MAX,
            resume: false,
            seed: 1,
        }
    }
}

impl Options {
    /// The step size of `epoch` (1 to `epochs`): `lr`, or with `lr_end` a half cosine from
    /// `lr` at the first epoch to `lr_end` at the last. Annealed steps settle the weights
    /// in a minimum instead of leaving them wherever the last constant-size step put them.
    pub fn epoch_lr(&self, epoch: usize) -> f64 {
        match self.lr_end {
            Some(end) if self.epochs > 1 => {
                let t = (epoch.clamp(1, self.epochs) - 1) as f64 / (self.epochs - 1) as f64;
                end + (self.lr - end) * 0.5 * (1.0 + (std::f64::consts::PI * t).cos())
            }
            Some(end) => end,
            None => self.lr,
        }
    }

    /// Whether a network fit trains on the record, before the board's own checks (`-calm`):
    /// quiet positions, the proven ones with `-keep mates`, of at most `-max-stones` stones.
    pub fn takes(&self, r: &Record) -> bool {
        r.trained(self.keep_mates, false) && r.stones.len() <= self.max_stones
    }
}

pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The value target of a position: `lambda` of the game's `result` for the side to move (1
/// win, 0 draw, -1 loss) and the rest of `sigmoid(score / scale)`.
pub fn target(lambda: f64, result: i8, score: i16, scale: f64) -> f32 {
    let result = (result as f64 + 1.0) / 2.0;
    (lambda * result + (1.0 - lambda) * sigmoid(score as f64 / scale)) as f32
}

/// Cross-entropy of `p` against `t`, less the entropy of `t`: 0 for a perfect prediction.
pub fn excess(p: f64, t: f64) -> f64 {
    let p = p.clamp(1e-7, 1.0 - 1e-7);
    let xent = |q: f64| -(t * q.ln() + (1.0 - t) * (1.0 - q).ln());
    xent(p) - xent(t.clamp(1e-7, 1.0 - 1e-7))
}

/// The mean [`excess`] of predicted probabilities against targets, `(p, t)` pairs.
pub fn mean_excess(pairs: impl Iterator<Item = (f64, f64)>) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for (p, t) in pairs {
        sum += excess(p, t);
        n += 1;
    }
    sum / n.max(1) as f64
}

/// Adam's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    pub m: Vec<f32>,
    pub v: Vec<f32>,
    pub t: u64,
}

impl Adam {
    pub fn new(params: usize) -> Adam {
        Adam {
            m: vec![0.0; params],
            v: vec![0.0; params],
            t: 0,
        }
    }

    /// One step on the parameters `p[first..]` from the summed gradients `grads` of `n`
    /// positions, with a decoupled decay `l2` (AdamW) of the parameters `decayed` picks.
    pub fn step(
        &mut self,
        p: &mut [f32],
        grads: &[Vec<f32>],
        n: usize,
        (lr, l2): (f64, f64),
        first: usize,
        decayed: impl Fn(usize) -> bool,
    ) {
        self.t += 1;
        let n = n.max(1) as f32;
        let (b1, b2) = (0.9f32, 0.999f32);
        let c1 = 1.0 - b1.powi(self.t as i32);
        let c2 = 1.0 - b2.powi(self.t as i32);
        let lr = lr as f32;
        // Decoupled weight decay: the pull does not go through Adam's normalisation.
        let decay = 1.0 - lr * l2 as f32;
        for k in first..p.len() {
            let g: f32 = grads.iter().map(|g| g[k]).sum::<f32>() / n;
            if decayed(k) {
                p[k] *= decay;
            }
            if g == 0.0 && self.m[k] == 0.0 {
                continue;
            }
            self.m[k] = b1 * self.m[k] + (1.0 - b1) * g;
            self.v[k] = b2 * self.v[k] + (1.0 - b2) * g * g;
            p[k] -= lr * (self.m[k] / c1) / ((self.v[k] / c2).sqrt() + 1e-8);
        }
    }
}

/// Writes the float state `p` and `adam` after `epoch` epochs, with `flags`, to `path`
/// (through a temporary file, so that a crash leaves the last good one).
pub fn write_checkpoint(
    path: &std::path::Path,
    magic: &[u8; 4],
    p: &[f32],
    adam: &Adam,
    epoch: usize,
    flags: u64,
) -> Result<()> {
    let mut out = Vec::with_capacity(12 * p.len() + 36);
    out.extend_from_slice(magic);
    for v in [p.len() as u64, epoch as u64, adam.t, flags] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in p.iter().chain(&adam.m).chain(&adam.v) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    let tmp = path.with_extension("ckpt.tmp");
    std::fs::write(&tmp, &out).with_context(|| tmp.display().to_string())?;
    std::fs::rename(&tmp, path).with_context(|| path.display().to_string())
}

/// Reads what [`write_checkpoint`] wrote for `params` parameters: the parameters, Adam's
/// state, the epoch and the flags.
pub fn read_checkpoint(
    path: &std::path::Path,
    magic: &[u8; 4],
    params: usize,
) -> Result<(Vec<f32>, Adam, usize, u64)> {
    let b = std::fs::read(path).with_context(|| path.display().to_string())?;
    if b.len() != 4 + 32 + 12 * params || &b[..4] != magic {
        bail!("{}: not a checkpoint of this network shape", path.display());
    }
    let u = |i: usize| u64::from_le_bytes(b[4 + 8 * i..12 + 8 * i].try_into().expect("8"));
    if u(0) as usize != params {
        bail!("{}: another network shape", path.display());
    }
    let floats: Vec<f32> = b[36..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().expect("4")))
        .collect();
    let adam = Adam {
        m: floats[params..2 * params].to_vec(),
        v: floats[2 * params..].to_vec(),
        t: u(2),
    };
    Ok((floats[..params].to_vec(), adam, u(1) as usize, u(3)))
}

/// What `features(i, record)` gives for every record (`i` its index), on `threads` threads,
/// in order.
pub fn par_records<T: Send, I: IntoIterator<Item = T>>(
    records: &[Record],
    threads: usize,
    features: impl Fn(usize, &Record) -> I + Sync,
) -> Vec<T> {
    let chunk = records.len().div_ceil(threads.max(1)).max(1);
    let features = &features;
    std::thread::scope(|s| {
        let parts: Vec<_> = records
            .chunks(chunk)
            .enumerate()
            .map(|(n, part)| {
                s.spawn(move || {
                    part.iter()
                        .enumerate()
                        .flat_map(|(i, r)| features(n * chunk + i, r))
                        .collect::<Vec<T>>()
                })
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|h| h.join().expect("feature thread"))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_step_size_falls_by_a_half_cosine_from_lr_to_lr_end() {
        let mut o = Options {
            epochs: 5,
            lr: 0.001,
            ..Options::default()
        };
        assert_eq!(o.epoch_lr(1), 0.001);
        assert_eq!(o.epoch_lr(5), 0.001);
        o.lr_end = Some(0.0001);
        let lrs: Vec<f64> = (1..=5).map(|e| o.epoch_lr(e)).collect();
        assert!((lrs[0] - 0.001).abs() < 1e-12);
        assert!((lrs[2] - 0.00055).abs() < 1e-12, "halfway: {lrs:?}");
        assert!((lrs[4] - 0.0001).abs() < 1e-12);
        assert!(lrs.windows(2).all(|w| w[1] < w[0]), "{lrs:?}");
        o.epochs = 1;
        assert_eq!(o.epoch_lr(1), 0.0001);
    }
}
