//! SPSA (simultaneous perturbation stochastic approximation), the way chess engines tune their
//! search on fishtest: the arithmetic of one tuning run, with no engines and no I/O, so that it
//! can be tested on a synthetic objective. `tune` plays the games.
//!
//! Each parameter `i` has a real value `θ_i` within `[min_i, max_i]` and a perturbation size
//! at the end of the run, `c_end_i`. With `N` iterations, `α` = 0.602, `γ` = 0.101 (Spall's
//! values), `A` = `N / 10` and the final learning rate `r_end` (default 0.002), iteration
//! `k` = 1…N uses
//!
//! ```text
//! c_k,i = c_i / k^γ            c_i = c_end_i · N^γ              (so c_N,i = c_end_i)
//! a_k,i = a_i / (A + k)^α      a_i = r_end · c_end_i² · (A + N)^α  (so a_N,i / c_N,i² = r_end)
//! ```
//!
//! It draws a random sign `Δ_i = ±1` per parameter and plays a game pair (one opening, each
//! side with both colours) between `θ+ = θ + c_k·Δ` and `θ− = θ − c_k·Δ`, each rounded to the
//! nearest integer and clamped to the range. With `r` = points of `θ+` − points of `θ−`
//! (−2 … 2), every parameter moves by
//!
//! ```text
//! θ_i ← clamp(θ_i + a_k,i · r / (c_k,i · Δ_i), min_i, max_i)
//! ```
//!
//! that is `r_k · c_k,i · r · Δ_i` with the learning rate `r_k = a_k,i / c_k,i²`, which falls to
//! `r_end` at the last iteration: a won pair at the end moves a parameter by `r_end · c_end` per
//! point. Iterations may overlap (several pairs played at once): each is drawn from the `θ` of
//! its start and applied when its pair ends, as on fishtest.

use crate::common::opening::SplitMix;

/// One parameter to tune.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaParam {
    pub name: String,
    /// The value the run starts from.
    pub start: f64,
    pub min: f64,
    pub max: f64,
    /// The perturbation at the last iteration.
    pub c_end: f64,
}

/// The constants of a run (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpsaSettings {
    /// `N`, the number of iterations (game pairs).
    pub iterations: u64,
    pub alpha: f64,
    pub gamma: f64,
    /// `A`; `None`: a tenth of the iterations.
    pub big_a: Option<f64>,
    /// The learning rate at the last iteration.
    pub r_end: f64,
}

impl SpsaSettings {
    /// Fishtest's defaults for `iterations` iterations.
    pub fn new(iterations: u64) -> SpsaSettings {
        SpsaSettings {
            iterations,
            alpha: 0.602,
            gamma: 0.101,
            big_a: None,
            r_end: 0.002,
        }
    }

    /// `A`.
    pub fn stability(&self) -> f64 {
        self.big_a.unwrap_or(self.iterations as f64 / 10.0)
    }
}

/// One iteration: the perturbation and the two engines' values.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The iteration, 1…N.
    pub k: u64,
    /// `Δ`, ±1 per parameter.
    pub delta: Vec<f64>,
    /// `c_k` per parameter.
    pub c: Vec<f64>,
    /// `a_k` per parameter.
    pub a: Vec<f64>,
    /// `θ + c_k·Δ` and `θ − c_k·Δ`, rounded and clamped.
    pub plus: Vec<i64>,
    pub minus: Vec<i64>,
}

/// A tuning run: the current `θ` and the iterations handed out.
#[derive(Clone, Debug)]
pub struct Spsa {
    params: Vec<SpsaParam>,
    settings: SpsaSettings,
    theta: Vec<f64>,
    /// The next iteration to hand out.
    next_k: u64,
    /// Iterations whose result was applied.
    applied: u64,
    rng: SplitMix,
}

/// `x` rounded to the nearest integer (halves away from zero) within `[min, max]`.
pub fn round_clamp(x: f64, min: f64, max: f64) -> i64 {
    x.round().clamp(min, max) as i64
}

impl Spsa {
    /// A run over `params` from their `start` values (clamped to their ranges); `seed` drives
    /// the perturbations.
    pub fn new(params: Vec<SpsaParam>, settings: SpsaSettings, seed: u64) -> Spsa {
        let theta = params.iter().map(|p| p.start.clamp(p.min, p.max)).collect();
        Spsa {
            params,
            settings,
            theta,
            next_k: 1,
            applied: 0,
            rng: SplitMix(seed),
        }
    }

    pub fn params(&self) -> &[SpsaParam] {
        &self.params
    }

    pub fn settings(&self) -> &SpsaSettings {
        &self.settings
    }

    /// The current `θ`.
    pub fn theta(&self) -> &[f64] {
        &self.theta
    }

    /// The current `θ` rounded to integers within the ranges: the tuned values.
    pub fn values(&self) -> Vec<i64> {
        self.theta
            .iter()
            .zip(&self.params)
            .map(|(&t, p)| round_clamp(t, p.min, p.max))
            .collect()
    }

    /// Iterations whose result was applied.
    pub fn applied(&self) -> u64 {
        self.applied
    }

    /// The next iteration from the current `θ`, or `None` once all `N` were handed out.
    pub fn next_step(&mut self) -> Option<Step> {
        let s = self.settings;
        let k = self.next_k;
        if k > s.iterations {
            return None;
        }
        self.next_k += 1;
        let n = s.iterations as f64;
        let big_a = s.stability();
        let mut step = Step {
            k,
            delta: Vec::with_capacity(self.params.len()),
            c: Vec::with_capacity(self.params.len()),
            a: Vec::with_capacity(self.params.len()),
            plus: Vec::with_capacity(self.params.len()),
            minus: Vec::with_capacity(self.params.len()),
        };
        for (p, &t) in self.params.iter().zip(&self.theta) {
            let c = p.c_end * n.powf(s.gamma);
            let a = s.r_end * p.c_end * p.c_end * (big_a + n).powf(s.alpha);
            let c_k = c / (k as f64).powf(s.gamma);
            let a_k = a / (big_a + k as f64).powf(s.alpha);
            let delta = if self.rng.next_u64() & 1 == 0 {
                1.0
            } else {
                -1.0
            };
            step.delta.push(delta);
            step.c.push(c_k);
            step.a.push(a_k);
            step.plus.push(round_clamp(t + c_k * delta, p.min, p.max));
            step.minus.push(round_clamp(t - c_k * delta, p.min, p.max));
        }
        Some(step)
    }

    /// Applies the result of `step`'s game pair: `result` = points of `θ+` − points of `θ−`.
    pub fn update(&mut self, step: &Step, result: f64) {
        for (i, p) in self.params.iter().enumerate() {
            let t = self.theta[i] + step.a[i] * result / (step.c[i] * step.delta[i]);
            self.theta[i] = t.clamp(p.min, p.max);
        }
        self.applied += 1;
    }

    /// Runs every remaining iteration one after the other; `play` gives the result of a step's
    /// pair (points of `θ+` − points of `θ−`).
    pub fn run(&mut self, mut play: impl FnMut(&Step) -> f64) {
        while let Some(step) = self.next_step() {
            let r = play(&step);
            self.update(&step, r);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(name: &str, start: f64, min: f64, max: f64, c_end: f64) -> SpsaParam {
        SpsaParam {
            name: name.into(),
            start,
            min,
            max,
            c_end,
        }
    }

    /// A game pair between two integer parameter vectors whose strength is a concave function
    /// with its best at `best`: each game is won by a side with the logistic probability of the
    /// strength difference (no draws), both games from independent draws.
    fn pair(rng: &mut SplitMix, best: &[f64], scale: &[f64], plus: &[i64], minus: &[i64]) -> f64 {
        let strength = |v: &[i64]| -> f64 {
            v.iter()
                .zip(best)
                .zip(scale)
                .map(|((&x, &b), &s)| -((x as f64 - b) / s).powi(2))
                .sum()
        };
        let d = strength(plus) - strength(minus);
        let p_win = 1.0 / (1.0 + (-d).exp());
        (0..2)
            .map(|_| {
                let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                if u < p_win {
                    1.0
                } else {
                    -1.0
                }
            })
            .sum::<f64>()
    }

    /// From a start far from the optimum, a few thousand noisy game pairs bring every parameter
    /// close to it: a margin-like one (range 0..400, best 250), a small count (1..16, best 9)
    /// and one whose best lies outside its range (clamped at the bound).
    #[test]
    fn converges_on_a_noisy_objective() {
        let params = vec![
            param("margin", 120.0, 0.0, 400.0, 20.0),
            param("count", 3.0, 1.0, 16.0, 1.0),
            param("edge", 50.0, 0.0, 100.0, 5.0),
        ];
        let best = [250.0, 9.0, 130.0];
        let scale = [60.0, 3.0, 25.0];
        let settings = SpsaSettings {
            r_end: 0.02,
            ..SpsaSettings::new(4000)
        };
        for seed in 1..=3 {
            let mut spsa = Spsa::new(params.clone(), settings, seed);
            let mut rng = SplitMix(seed ^ 0xABCD);
            spsa.run(|s| pair(&mut rng, &best, &scale, &s.plus, &s.minus));
            let v = spsa.values();
            assert_eq!(spsa.applied(), 4000);
            assert!((v[0] - 250).abs() <= 30, "seed {seed}: margin {v:?}");
            assert!((v[1] - 9).abs() <= 2, "seed {seed}: count {v:?}");
            assert!(v[2] >= 95, "seed {seed}: edge {v:?}");
        }
    }

    /// With no signal at all (every pair drawn) nothing moves; the same seed gives the same
    /// perturbations.
    #[test]
    fn draws_move_nothing_and_seeds_repeat() {
        let params = vec![
            param("x", 10.0, 0.0, 20.0, 1.0),
            param("y", 5.0, 0.0, 9.0, 1.0),
        ];
        let mut a = Spsa::new(params.clone(), SpsaSettings::new(50), 7);
        let mut b = Spsa::new(params, SpsaSettings::new(50), 7);
        let (mut sa, mut sb) = (Vec::new(), Vec::new());
        a.run(|s| {
            sa.push(s.clone());
            0.0
        });
        b.run(|s| {
            sb.push(s.clone());
            0.0
        });
        assert_eq!(sa, sb);
        assert_eq!(a.theta(), &[10.0, 5.0]);
        assert!(a.next_step().is_none(), "N iterations only");
        // The signs are not all alike.
        assert!(sa.iter().any(|s| s.delta[0] > 0.0) && sa.iter().any(|s| s.delta[0] < 0.0));
    }

    /// The schedule: c_k falls to c_end and the learning rate a_k / c_k² to r_end at k = N; the
    /// engines' values are θ ± c_k rounded, clamped to the range.
    #[test]
    fn schedule_rounding_and_clamping() {
        let n = 1000;
        let params = vec![
            param("mid", 10.4, 0.0, 100.0, 2.0),
            param("low", 0.0, 0.0, 100.0, 3.0),
        ];
        let settings = SpsaSettings::new(n);
        let mut spsa = Spsa::new(params, settings, 3);
        let first = spsa.next_step().expect("step 1");
        assert_eq!(first.k, 1);
        let c1 = 2.0 * (n as f64).powf(0.101);
        assert!((first.c[0] - c1).abs() < 1e-9);
        for i in 0..2 {
            let t = spsa.theta()[i];
            let (hi, lo) = (t + first.c[i], t - first.c[i]);
            let (hi, lo) = (hi.round().max(0.0) as i64, lo.round().max(0.0) as i64);
            let (p, m) = (first.plus[i], first.minus[i]);
            let expected = if first.delta[i] > 0.0 {
                (hi, lo)
            } else {
                (lo, hi)
            };
            assert_eq!((p, m), expected, "param {i}");
        }
        // "low" sits at its minimum: the side pushed below it is clamped to 0.
        assert!(first.plus[1] == 0 || first.minus[1] == 0);
        let mut last = first.clone();
        while let Some(s) = spsa.next_step() {
            last = s;
        }
        assert_eq!(last.k, n);
        assert!((last.c[0] - 2.0).abs() < 1e-9 && (last.c[1] - 3.0).abs() < 1e-9);
        for i in 0..2 {
            let rate = last.a[i] / (last.c[i] * last.c[i]);
            assert!((rate - 0.002).abs() < 1e-12, "{rate}");
        }
        // An update moves θ by a_k · r / (c_k Δ), clamped.
        let mut spsa = Spsa::new(
            vec![param("p", 50.0, 0.0, 100.0, 5.0)],
            SpsaSettings::new(10),
            1,
        );
        let s = spsa.next_step().expect("step");
        spsa.update(&s, 2.0);
        let moved = 50.0 + s.a[0] * 2.0 / (s.c[0] * s.delta[0]);
        assert!((spsa.theta()[0] - moved).abs() < 1e-12);
        let huge = Step {
            a: vec![1e9],
            ..s.clone()
        };
        spsa.update(&huge, 2.0);
        let bound = if s.delta[0] > 0.0 { 100.0 } else { 0.0 };
        assert_eq!(spsa.theta()[0], bound);
        assert_eq!(spsa.values(), vec![bound as i64]);
        assert_eq!(round_clamp(2.5, 0.0, 9.0), 3);
        assert_eq!(round_clamp(-0.5, -3.0, 9.0), -1);
        assert_eq!(round_clamp(12.2, 0.0, 9.0), 9);
    }
}
