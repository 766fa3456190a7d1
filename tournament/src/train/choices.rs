//! [`Choices`]: the choice targets of a fit as the regression reads them. Each position's
//! candidate cells are stored as sparse feature differences from their parent, the played cell
//! first; over them, at a temperature, a softmax whose cross-entropy against the played cell
//! (and its gradient) the fit adds to its value loss. A leaf: `choice` builds these from game
//! files with the feature layout of `fit`, and `fit` consumes them, so the dependency runs
//! one way.

/// The choices of many positions.
pub struct Choices {
    /// `group[g]..group[g + 1]`: position `g`'s candidates; the played cell first.
    pub(crate) group: Vec<usize>,
    /// `cand[c]..cand[c + 1]`: candidate `c`'s entries in `index` / `value`.
    pub(crate) cand: Vec<usize>,
    pub(crate) index: Vec<u32>,
    pub(crate) value: Vec<i16>,
    /// Whether position `g` is held out.
    pub(crate) valid: Vec<bool>,
    /// Which weights occur at all.
    pub used: Vec<bool>,
}

impl Choices {
    /// No positions yet, over a weight vector of `weights` entries.
    pub(crate) fn empty(weights: usize) -> Choices {
        Choices {
            group: vec![0],
            cand: vec![0],
            index: Vec::new(),
            value: Vec::new(),
            valid: Vec::new(),
            used: vec![false; weights],
        }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.valid.len()
    }

    pub fn is_empty(&self) -> bool {
        self.valid.is_empty()
    }

    /// Number of candidate cells over all positions.
    pub fn candidates(&self) -> usize {
        self.cand.len() - 1
    }

    /// Whether position `g` is held out.
    pub fn is_valid(&self, g: usize) -> bool {
        self.valid[g]
    }

    /// The mover's value of candidate `c` (counted over all positions) under `w`, less the
    /// parent's.
    pub(crate) fn value(&self, c: usize, w: &[f64]) -> f64 {
        (self.cand[c]..self.cand[c + 1])
            .map(|k| w[self.index[k] as usize] * self.value[k] as f64)
            .sum()
    }

    /// The softmax of position `g`'s candidates under `w` at `temp`, into `p` (the played cell
    /// first).
    fn softmax(&self, g: usize, w: &[f64], temp: f64, p: &mut Vec<f64>) {
        p.clear();
        for c in self.group[g]..self.group[g + 1] {
            p.push(self.value(c, w) / temp);
        }
        let top = p.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let mut sum = 0.0;
        for x in p.iter_mut() {
            *x = (*x - top).exp();
            sum += *x;
        }
        for x in p.iter_mut() {
            *x /= sum;
        }
    }

    /// Mean cross-entropy of the played cells and the share of positions whose played cell has
    /// the highest value, over the training (`valid` false) or held-out positions.
    pub fn loss(&self, w: &[f64], temp: f64, valid: bool) -> (f64, f64) {
        let (mut sum, mut first, mut n) = (0.0, 0usize, 0usize);
        let mut p = Vec::new();
        for g in 0..self.len() {
            if self.valid[g] != valid {
                continue;
            }
            self.softmax(g, w, temp, &mut p);
            sum -= p[0].max(1e-12).ln();
            first += usize::from(p.iter().all(|&x| x <= p[0]));
            n += 1;
        }
        let n = n.max(1) as f64;
        (sum / n, first as f64 / n)
    }

    /// Adds `weight` times the gradient of position `g`'s cross-entropy to `grad`.
    pub fn add_gradient(
        &self,
        g: usize,
        w: &[f64],
        temp: f64,
        weight: f64,
        grad: &mut [f64],
        p: &mut Vec<f64>,
    ) {
        self.softmax(g, w, temp, p);
        for (j, c) in (self.group[g]..self.group[g + 1]).enumerate() {
            let d = weight * (p[j] - f64::from(u8::from(j == 0))) / temp;
            for k in self.cand[c]..self.cand[c + 1] {
                grad[self.index[k] as usize] += d * self.value[k] as f64;
            }
        }
    }
}
