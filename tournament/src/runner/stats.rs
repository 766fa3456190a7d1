//! Match statistics: score, Elo difference with its 95% error, likelihood of superiority, and the
//! sequential probability ratio test (SPRT) on trinomial (per game) or pentanomial (per opening
//! pair) counts.
//!
//! Elo here is logistic Elo: a score `s` means `elo = -400 log10(1/s - 1)`. The SPRT uses the
//! normal approximation of the generalised SPRT (the one fishtest's and cutechess's authors
//! describe): with `s0`, `s1` the scores expected under `elo0`, `elo1`, the sample mean `μ` and
//! variance `σ²` of the per-unit score over `N` units,
//! `LLR = N (s1 - s0) (2μ - s0 - s1) / (2σ²)`. A unit is one game (trinomial: 0, ½, 1) or one
//! opening pair (pentanomial: the pair's score divided by two, 0, ¼, ½, ¾, 1). Pairs played from the
//! same opening with colours swapped are correlated; the pentanomial model accounts for that and is
//! the default. Before the LLR is computed every outcome bin gets a prior pseudo-count of
//! [`PRIOR`] (¼ of a unit), so a run of identical results (all wins: zero variance) still gives
//! a finite LLR that grows with the evidence instead of deciding after two pairs.

/// Wins, losses and draws of one side of a pairing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wld {
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
}

impl Wld {
    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// Points per game in 0..=1 (0.5 when no game was played).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The same counts seen from the other side.
    pub fn flipped(&self) -> Wld {
        Wld {
            wins: self.losses,
            losses: self.wins,
            draws: self.draws,
        }
    }

    pub fn add(&mut self, o: &Wld) {
        self.wins += o.wins;
        self.losses += o.losses;
        self.draws += o.draws;
    }
}

/// Logistic Elo difference of a score in 0..1 (infinite at the ends).
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score of an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference and the half-width of its 95% confidence interval (normal approximation on the
/// per-game score, as cutechess-cli prints it). The error is infinite while the score is 0 or 1.
pub fn elo_with_error(r: &Wld) -> (f64, f64) {
    let n = r.games() as f64;
    if n == 0.0 {
        return (0.0, f64::INFINITY);
    }
    let s = r.score();
    if s <= 0.0 || s >= 1.0 {
        return (elo_of_score(s), f64::INFINITY);
    }
    let var = (r.wins as f64 * (1.0 - s).powi(2)
        + r.draws as f64 * (0.5 - s).powi(2)
        + r.losses as f64 * s.powi(2))
        / n;
    let dev = 1.959_963_984_540_054 * (var / n).sqrt();
    let lo = elo_of_score(s - dev);
    let hi = elo_of_score(s + dev);
    (elo_of_score(s), (hi - lo) / 2.0)
}

/// Likelihood of superiority: the probability that the first side is the stronger, from wins and
/// losses only (draws carry no information): `½ (1 + erf((W - L) / √(2 (W + L))))`.
pub fn los(r: &Wld) -> f64 {
    let d = (r.wins + r.losses) as f64;
    if d == 0.0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((r.wins as f64 - r.losses as f64) / (2.0 * d).sqrt()))
}

/// The error function, to about 1e-12 (series for small arguments, continued fraction for
/// large ones).
pub fn erf(x: f64) -> f64 {
    if x < 0.0 {
        return -erf(-x);
    }
    if x < 2.5 {
        // Maclaurin series: 2/√π Σ (-1)^n x^(2n+1) / (n! (2n+1)).
        let mut term = x;
        let mut sum = x;
        let x2 = x * x;
        let mut n = 0.0;
        while term.abs() > 1e-17 * sum.abs() {
            n += 1.0;
            term *= -x2 / n;
            sum += term / (2.0 * n + 1.0);
        }
        sum * std::f64::consts::FRAC_2_SQRT_PI
    } else {
        // erfc by Lentz's continued fraction: erfc x = exp(-x²)/√π · 1/(x + ½/(x + 1/(x + 3/2/(x + …)))).
        let tiny = 1e-300;
        let mut f = x;
        let mut c = x;
        let mut d = 0.0;
        for k in 1..200 {
            let a = k as f64 / 2.0;
            d = x + a * d;
            d = if d.abs() < tiny { tiny } else { d };
            c = x + a / c;
            c = if c.abs() < tiny { tiny } else { c };
            d = 1.0 / d;
            let delta = c * d;
            f *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        1.0 - (-x * x).exp() / (f * std::f64::consts::PI.sqrt())
    }
}

/// Which counts the SPRT reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtModel {
    /// Games: loss, draw, win.
    Trinomial,
    /// Opening pairs: pair score 0, ½, 1, 1½, 2.
    Pentanomial,
}

/// SPRT parameters: H0 is `elo = elo0`, H1 is `elo = elo1` (logistic Elo).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: SprtModel,
}

impl Default for SprtParams {
    fn default() -> Self {
        SprtParams {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::Pentanomial,
        }
    }
}

/// The outcome of an SPRT so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// LLR reached the upper bound: H1 accepted (the first engine is stronger by ~elo1).
    AcceptH1,
    /// LLR reached the lower bound: H0 accepted.
    AcceptH0,
    Continue,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::AcceptH1 => "H1",
            Verdict::AcceptH0 => "H0",
            Verdict::Continue => "undecided",
        }
    }
}

impl SprtParams {
    /// Lower and upper LLR bounds: `ln(β/(1-α))` and `ln((1-β)/α)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Verdict::AcceptH1
        } else if llr <= lo {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }

    /// The LLR of the counts (with [`PRIOR`] added to every bin) the model reads: `trinomial` = [losses, draws, wins],
    /// `pentanomial` = pairs scoring [0, ½, 1, 1½, 2].
    pub fn llr(&self, trinomial: &[u64; 3], pentanomial: &[u64; 5]) -> f64 {
        let with_prior = |c: &[u64]| c.iter().map(|&n| n as f64 + PRIOR).collect::<Vec<f64>>();
        match self.model {
            SprtModel::Trinomial => llr_normal(&with_prior(trinomial), self.elo0, self.elo1),
            SprtModel::Pentanomial => llr_normal(&with_prior(pentanomial), self.elo0, self.elo1),
        }
    }
}

/// The pseudo-count added to every outcome bin before an SPRT's LLR is computed.
pub const PRIOR: f64 = 0.25;

/// The normal-approximation LLR of counts over outcomes evenly spaced in 0..=1 (3 outcomes for
/// games, 5 for pairs); counts may be fractional. Zero without any spread.
pub fn llr_normal(counts: &[f64], elo0: f64, elo1: f64) -> f64 {
    let nf: f64 = counts.iter().sum();
    if nf <= 0.0 {
        return 0.0;
    }
    let k = counts.len() - 1;
    let x = |i: usize| i as f64 / k as f64;
    let mu: f64 = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| c * x(i))
        .sum::<f64>()
        / nf;
    let var: f64 = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| c * (x(i) - mu).powi(2))
        .sum::<f64>()
        / nf;
    if var <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
    nf * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    // Reference values computed with python3 (math.log10, math.erf, math.sqrt), e.g.
    //   s = (60 + 0.5*20) / 100; -400*math.log10(1/s - 1)
    #[test]
    fn elo_and_error_match_reference() {
        let r = Wld {
            wins: 60,
            losses: 20,
            draws: 20,
        };
        let (elo, err) = elo_with_error(&r);
        // python3: s = 0.7 → 147.190714…; var = (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16,
        // dev = 1.959964·√(0.16/100); (elo(s+dev) - elo(s-dev))/2 = 66.013381…
        assert!(close(elo, 147.190_714, 1e-5), "{elo}");
        assert!(close(err, 66.013_381, 1e-5), "{err}");
        assert!(close(score_of_elo(elo), 0.7, 1e-12));
        let even = Wld {
            wins: 10,
            losses: 10,
            draws: 5,
        };
        assert!(close(elo_with_error(&even).0, 0.0, 1e-12));
        assert!(elo_with_error(&Wld {
            wins: 3,
            losses: 0,
            draws: 0
        })
        .0
        .is_infinite());
    }

    #[test]
    fn los_matches_reference() {
        // python3: 0.5*(1+math.erf((60-20)/math.sqrt(2*80))) = 0.99999612789…
        let r = Wld {
            wins: 60,
            losses: 20,
            draws: 20,
        };
        assert!(close(los(&r), 0.999_996_127_89, 1e-10), "{}", los(&r));
        // 0.5*(1+math.erf((12-10)/math.sqrt(44))) = 0.66509232…
        let r = Wld {
            wins: 12,
            losses: 10,
            draws: 7,
        };
        assert!(close(los(&r), 0.665_092_32, 1e-8), "{}", los(&r));
        assert_eq!(los(&Wld::default()), 0.5);
    }

    #[test]
    fn erf_matches_reference() {
        // python3 math.erf
        for (x, want) in [
            (0.0, 0.0),
            (0.1, 0.112_462_916_018_284_9),
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (2.0, 0.995_322_265_018_952_7),
            (2.5, 0.999_593_047_982_555),
            (3.0, 0.999_977_909_503_001_4),
            (-1.0, -0.842_700_792_949_714_9),
        ] {
            assert!(
                close(erf(x), want, 1e-12),
                "erf({x}) = {} want {want}",
                erf(x)
            );
        }
    }

    #[test]
    fn llr_matches_reference() {
        // The bare formula. Trinomial [L, D, W] = [20, 20, 60] with elo0 = 0, elo1 = 5:
        // python3: s0 = 0.5, s1 = 1/(1+10**(-5/400)) = 0.50719…; mu = 0.7, var = 0.16,
        // 100*(s1-s0)*(2*mu-s0-s1)/(2*var) = 0.88320734…
        let llr = llr_normal(&[20.0, 20.0, 60.0], 0.0, 5.0);
        assert!(close(llr, 0.883_207_34, 1e-8), "{llr}");
        // Pentanomial [5, 10, 20, 10, 5]: mu = 0.5 exactly, var = 0.075;
        // 50*(s1-s0)*(1-0.5-s1)/(2*0.075) = -0.01725640…
        let llr = llr_normal(&[5.0, 10.0, 20.0, 10.0, 5.0], 0.0, 5.0);
        assert!(close(llr, -0.017_256_40, 1e-8), "{llr}");
        assert_eq!(llr_normal(&[4.0, 0.0, 0.0], 0.0, 5.0), 0.0, "no spread");

        // With the prior of ¼ per bin (python3: same formula on counts + 0.25):
        let tri = SprtParams {
            model: SprtModel::Trinomial,
            ..SprtParams::default()
        };
        let llr = tri.llr(&[20, 20, 60], &[0; 5]);
        assert!(close(llr, 0.881_184_97, 1e-8), "{llr}");
        assert_eq!(tri.verdict(llr), Verdict::Continue);
        let llr = tri.llr(&[4, 0, 0], &[0; 5]);
        assert!(close(llr, -0.243_685_33, 1e-8), "{llr}");
        let p = SprtParams::default();
        let llr = p.llr(&[0; 3], &[5, 10, 20, 10, 5]);
        assert!(close(llr, -0.017_404_81, 1e-8), "{llr}");
        // Two pairs won 2-0 decide nothing; ten decide H1 when elo1 = 100 (LLR 15.29…).
        let llr = p.llr(&[0; 3], &[0, 0, 0, 0, 2]);
        assert!(close(llr, 0.066_303_54, 1e-8), "{llr}");
        let wide = SprtParams { elo1: 100.0, ..p };
        let llr = wide.llr(&[0; 3], &[0, 0, 0, 0, 10]);
        assert!(close(llr, 15.292_089_8, 1e-6), "{llr}");
        assert_eq!(wide.verdict(llr), Verdict::AcceptH1);
        // Bounds for α = β = 0.05: ±ln(19) = ±2.944439.
        let (lo, hi) = p.bounds();
        assert!(close(lo, -2.944_439, 1e-6) && close(hi, 2.944_439, 1e-6));
        assert_eq!(p.verdict(-3.0), Verdict::AcceptH0);
        assert_eq!(p.verdict(3.0), Verdict::AcceptH1);
    }
}
