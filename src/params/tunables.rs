//! The search parameters that can be changed at run time: [`SearchParams`] (the constants of
//! the parent module by default, set by `INFO param_<name> <value>`) and [`TUNABLES`], the one
//! table of names, ranges and SPSA steps that the engine, `pbrain-rensa params` and the tuner
//! `rensa-tune` share.

use super::*;

/// The tunable numbers of the search as one value that every search carries
/// ([`crate::search::Job::params`]): the constants above by default ([`SearchParams::DEFAULT`]),
/// changed at run time by `INFO param_<name> <value>` and by the SPSA tuner (`rensa-tune`).
/// Each field has the type of its constant (a [`Divisor`] for a divisor) and a row in
/// [`TUNABLES`] under its own name; the constant is the field's name in capitals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    pub rfp_depth: i32,
    pub rfp_margin: i32,
    pub futility_depth: i32,
    pub futility_margin: i32,
    pub lmp_depth: i32,
    pub lmp_base: usize,
    pub lmp_per_depth2: usize,
    pub razor_depth: i32,
    pub razor_margin: i32,
    pub se_depth: i32,
    pub se_margin: i32,
    pub se_negative: i32,
    pub se_double_margin: i32,
    pub iir_depth: i32,
    pub iir_tt_percent: i32,
    pub iir_tt_max: i32,
    pub mcp_base: usize,
    pub mcp_exp_centi: i32,
    pub mcp_improving: i32,
    pub selective_rules: i32,
    pub mcp_base_selective: usize,
    pub mcp_rules: i32,
    pub order_pattern_rules: i32,
    pub lmr_depth: i32,
    pub lmr_moves: usize,
    pub lmr_base_centi: i32,
    pub lmr_divisor_centi: i32,
    pub lmr_divisor_rules: i32,
    pub tuned_rules: i32,
    pub lmr_divisor_other_centi: i32,
    pub lmr_pv_reduction: i32,
    pub lmr_cut_node: i32,
    pub fhr_margin: i32,
    pub fhr_base: i32,
    pub nmp_depth: i32,
    pub nmp_base: i32,
    pub nmp_div: i32,
    pub lmr_not_improving: i32,
    pub threat_defence_ext_sixteenths: i32,
    pub ttm_ext_pv_sixteenths: i32,
    pub prune_soft_blocks: i32,
    pub lmr_distant: i32,
    pub guard_new_best: i32,
    pub guard_nodes: usize,
    pub guard_nodes_per_ms: usize,
    pub root_vct_nodes: usize,
    pub root_vct_nodes_per_ms: usize,
    pub root_vct_deepen: i32,
    pub horizon_vcf_fours: i32,
    pub vct_probe_deepen: i32,
    pub lmr_trivial: i32,
    pub prune_trivial_depth: i32,
    pub mcp_threat: i32,
    pub mcp_threat_rules: i32,
    pub win5_static: i32,
    pub forced_reply_ext_sixteenths: i32,
    pub alpha_reduce: i32,
    pub lmr_score_base: i32,
    pub lmr_score_div: i32,
    pub lmr_history_div: Divisor,
    pub lmr_policy_base: i32,
    pub lmr_policy_div: i32,
    pub lmr_policy_max: i32,
    pub lmr_policy_rules: i32,
    pub tt_eval: i32,
    pub lmr_deeper_margin: i32,
    pub lmr_tactical: i32,
    pub lmr_plain_four: i32,
    pub defend_four_three: i32,
    pub lmr_attack_chain: i32,
    pub lmr_tt_pv: i32,
    pub root_lmr_moves: usize,
    pub history_kinds: i32,
    pub qs_local: i32,
    pub qs_plain_plies: i32,
    pub order_killer_1: i32,
    pub order_killer_2: i32,
    pub order_counter: i32,
    pub order_cell_permille: i32,
    pub order_pattern_permille: i32,
    pub order_code_permille: i32,
    pub order_code_rules: i32,
    pub order_policy_permille: i32,
    pub history_div: Divisor,
    pub history_bonus_per_depth2: i32,
    pub history_malus_div: Divisor,
    pub aspiration_delta: i32,
}

impl SearchParams {
    /// The constants of this file.
    pub const DEFAULT: SearchParams = SearchParams {
        rfp_depth: RFP_DEPTH,
        rfp_margin: RFP_MARGIN,
        futility_depth: FUTILITY_DEPTH,
        futility_margin: FUTILITY_MARGIN,
        lmp_depth: LMP_DEPTH,
        lmp_base: LMP_BASE,
        lmp_per_depth2: LMP_PER_DEPTH2,
        razor_depth: RAZOR_DEPTH,
        razor_margin: RAZOR_MARGIN,
        se_depth: SE_DEPTH,
        se_margin: SE_MARGIN,
        se_negative: SE_NEGATIVE,
        se_double_margin: SE_DOUBLE_MARGIN,
        iir_depth: IIR_DEPTH,
        iir_tt_percent: IIR_TT_PERCENT,
        iir_tt_max: IIR_TT_MAX,
        mcp_base: MCP_BASE,
        mcp_exp_centi: MCP_EXP_CENTI,
        mcp_improving: MCP_IMPROVING,
        selective_rules: SELECTIVE_RULES,
        mcp_base_selective: MCP_BASE_SELECTIVE,
        mcp_rules: MCP_RULES,
        order_pattern_rules: ORDER_PATTERN_RULES,
        lmr_depth: LMR_DEPTH,
        lmr_moves: LMR_MOVES,
        lmr_base_centi: LMR_BASE_CENTI,
        lmr_divisor_centi: LMR_DIVISOR_CENTI,
        lmr_divisor_rules: LMR_DIVISOR_RULES,
        tuned_rules: TUNED_RULES,
        lmr_divisor_other_centi: LMR_DIVISOR_OTHER_CENTI,
        lmr_pv_reduction: LMR_PV_REDUCTION,
        lmr_cut_node: LMR_CUT_NODE,
        fhr_margin: FHR_MARGIN,
        fhr_base: FHR_BASE,
        nmp_depth: NMP_DEPTH,
        nmp_base: NMP_BASE,
        nmp_div: NMP_DIV,
        lmr_not_improving: LMR_NOT_IMPROVING,
        threat_defence_ext_sixteenths: THREAT_DEFENCE_EXT_SIXTEENTHS,
        ttm_ext_pv_sixteenths: TTM_EXT_PV_SIXTEENTHS,
        prune_soft_blocks: PRUNE_SOFT_BLOCKS,
        lmr_distant: LMR_DISTANT,
        guard_new_best: GUARD_NEW_BEST,
        guard_nodes: GUARD_NODES,
        guard_nodes_per_ms: GUARD_NODES_PER_MS,
        root_vct_nodes: ROOT_VCT_NODES,
        root_vct_nodes_per_ms: ROOT_VCT_NODES_PER_MS,
        root_vct_deepen: ROOT_VCT_DEEPEN,
        horizon_vcf_fours: HORIZON_VCF_FOURS,
        vct_probe_deepen: VCT_PROBE_DEEPEN,
        lmr_trivial: LMR_TRIVIAL,
        prune_trivial_depth: PRUNE_TRIVIAL_DEPTH,
        mcp_threat: MCP_THREAT,
        mcp_threat_rules: MCP_THREAT_RULES,
        win5_static: WIN5_STATIC,
        forced_reply_ext_sixteenths: FORCED_REPLY_EXT_SIXTEENTHS,
        alpha_reduce: ALPHA_REDUCE,
        lmr_score_base: LMR_SCORE_BASE,
        lmr_score_div: LMR_SCORE_DIV,
        lmr_history_div: Divisor::new(LMR_HISTORY_DIV),
        lmr_policy_base: LMR_POLICY_BASE,
        lmr_policy_div: LMR_POLICY_DIV,
        lmr_policy_max: LMR_POLICY_MAX,
        lmr_policy_rules: LMR_POLICY_RULES,
        tt_eval: TT_EVAL,
        lmr_deeper_margin: LMR_DEEPER_MARGIN,
        lmr_tactical: LMR_TACTICAL,
        lmr_plain_four: LMR_PLAIN_FOUR,
        defend_four_three: DEFEND_FOUR_THREE,
        lmr_attack_chain: LMR_ATTACK_CHAIN,
        lmr_tt_pv: LMR_TT_PV,
        root_lmr_moves: ROOT_LMR_MOVES,
        history_kinds: HISTORY_KINDS,
        qs_local: QS_LOCAL,
        qs_plain_plies: QS_PLAIN_PLIES,
        order_killer_1: ORDER_KILLER_1,
        order_killer_2: ORDER_KILLER_2,
        order_counter: ORDER_COUNTER,
        order_cell_permille: ORDER_CELL_PERMILLE,
        order_pattern_permille: ORDER_PATTERN_PERMILLE,
        order_code_permille: ORDER_CODE_PERMILLE,
        order_code_rules: ORDER_CODE_RULES,
        order_policy_permille: ORDER_POLICY_PERMILLE,
        history_div: Divisor::new(HISTORY_DIV),
        history_bonus_per_depth2: HISTORY_BONUS_PER_DEPTH2,
        history_malus_div: Divisor::new(HISTORY_MALUS_DIV),
        aspiration_delta: ASPIRATION_DELTA,
    };

    /// The parameters a search under `rule` uses: these, if `rule` is one of `tuned_rules`;
    /// otherwise these with the fields of the SPSA run (see [`TUNED_RULES`]) at their values
    /// from before it, which those rules were measured with. The policy reduction and the
    /// deeper re-search are off under the rules outside `lmr_policy_rules`, the threat nodes'
    /// move-count pruning outside `mcp_threat_rules`, and `lmr_plain_four` becomes 1 under the
    /// rules of its mask, 0 under the others. Under the rules of `selective_rules` the move
    /// counts start from `mcp_base_selective` and halve at nodes not improving.
    pub fn for_rule(&self, rule: Rule) -> SearchParams {
        let mut p = self.tuned_for(rule);
        p.lmr_plain_four = i32::from(rule_in(self.lmr_plain_four, rule));
        if !rule_in(self.lmr_policy_rules, rule) {
            p.lmr_policy_div = 0;
            p.lmr_deeper_margin = 0;
        }
        if !rule_in(self.mcp_threat_rules, rule) {
            p.mcp_threat = 0;
        }
        if rule_in(self.selective_rules, rule) {
            p.mcp_base = self.mcp_base_selective;
            p.mcp_improving = 1;
        }
        p
    }

    /// These, or under a rule outside `tuned_rules` these with the SPSA run's fields at their
    /// values from before it ([`SearchParams::for_rule`]).
    fn tuned_for(&self, rule: Rule) -> SearchParams {
        if rule_in(self.tuned_rules, rule) {
            return *self;
        }
        SearchParams {
            rfp_margin: 120,
            futility_margin: 150,
            lmp_base: 4,
            lmp_per_depth2: 3,
            razor_margin: 200,
            mcp_base: 10,
            mcp_exp_centi: 132,
            lmr_base_centi: 50,
            lmr_divisor_centi: 150,
            lmr_history_div: Divisor::new(8192),
            order_killer_1: 400,
            order_killer_2: 300,
            history_div: Divisor::new(64),
            history_bonus_per_depth2: 16,
            aspiration_delta: 40,
            ..*self
        }
    }

    /// The value of the tunable `name`, if there is one.
    pub fn get(&self, name: &str) -> Option<i64> {
        tunable(name).map(|t| t.get(self))
    }

    /// Sets the tunable `name` to `value`; an unknown name or a value outside the tunable's
    /// range changes nothing.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), ParamError> {
        let t = tunable(name).ok_or_else(|| ParamError::Unknown(name.to_string()))?;
        if !(t.min..=t.max).contains(&value) {
            return Err(ParamError::OutOfRange {
                name: t.name,
                value,
                min: t.min,
                max: t.max,
            });
        }
        (t.set)(self, value);
        Ok(())
    }
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams::DEFAULT
    }
}

/// A positive `i32` divisor that divides with a multiplication: `x / d` gives exactly what
/// `x / d.get()` gives (truncated toward zero) for every `i32` `x`, at the cost of a multiply
/// and a shift instead of an integer division. A division by a constant compiles to that
/// already; a division by a run-time parameter does not, and the move ordering divides at every
/// move of every node (measured: 3–4% more CPU time in the bench with plain `i32` divisors).
///
/// With `m = ⌈2^63 / d⌉ = (2^63 + e) / d`, `0 ≤ e < d`: `⌊n·m / 2^63⌋ = ⌊n/d + n·e/(d·2^63)⌋`,
/// which is `⌊n/d⌋` because `n·e < 2^31·2^31 ≤ 2^63` keeps the added fraction below `1/d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Divisor {
    d: i32,
    magic: u64,
}

impl Divisor {
    /// Panics unless `d > 0`.
    pub const fn new(d: i32) -> Divisor {
        assert!(d > 0, "a divisor must be positive");
        Divisor {
            d,
            magic: (1u64 << 63).div_ceil(d as u64),
        }
    }

    pub const fn get(self) -> i32 {
        self.d
    }
}

impl std::ops::Div<Divisor> for i32 {
    type Output = i32;

    #[inline]
    fn div(self, d: Divisor) -> i32 {
        let q = ((self.unsigned_abs() as u128 * d.magic as u128) >> 63) as u32 as i32;
        // `wrapping_neg`: i32::MIN / 1 is the one quotient of magnitude 2^31.
        if self < 0 {
            q.wrapping_neg()
        } else {
            q
        }
    }
}

/// A field of [`SearchParams`] as the integer that [`TUNABLES`] reads and writes.
trait Field: Copy {
    fn to_i64(self) -> i64;
    /// `v` is within the tunable's range (checked by [`SearchParams::set`]).
    fn from_i64(v: i64) -> Self;
}

impl Field for i32 {
    fn to_i64(self) -> i64 {
        self as i64
    }
    fn from_i64(v: i64) -> Self {
        v as i32
    }
}

impl Field for usize {
    fn to_i64(self) -> i64 {
        self as i64
    }
    fn from_i64(v: i64) -> Self {
        v as usize
    }
}

impl Field for Divisor {
    fn to_i64(self) -> i64 {
        self.get() as i64
    }
    fn from_i64(v: i64) -> Self {
        Divisor::new(v as i32)
    }
}

/// Why [`SearchParams::set`] refused a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    Unknown(String),
    OutOfRange {
        name: &'static str,
        value: i64,
        min: i64,
        max: i64,
    },
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::Unknown(name) => write!(f, "no search parameter is named {name:?}"),
            ParamError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(f, "{name} must lie in {min}..={max}, not {value}"),
        }
    }
}

/// One tunable search parameter: a field of [`SearchParams`], its range and its SPSA step.
#[derive(Clone, Copy, Debug)]
pub struct Tunable {
    /// The field's name (snake_case); the constant is the same in capitals.
    pub name: &'static str,
    /// The constant's Rust type (`i32`, `usize`).
    pub ty: &'static str,
    /// Smallest and largest value accepted (and explored by the tuner).
    pub min: i64,
    pub max: i64,
    /// The SPSA perturbation at the end of a tuning run (`c_end`, fishtest's name): about a
    /// twentieth of the range, and 1 for small counts and depths so that the two rounded
    /// engines still differ.
    pub c_end: f64,
    get: fn(&SearchParams) -> i64,
    set: fn(&mut SearchParams, i64),
}

impl Tunable {
    /// The value in `p`.
    pub fn get(&self, p: &SearchParams) -> i64 {
        (self.get)(p)
    }

    /// The default value (the constant).
    pub fn default_value(&self) -> i64 {
        self.get(&SearchParams::DEFAULT)
    }

    /// The constant's name (`RFP_MARGIN`).
    pub fn const_name(&self) -> String {
        self.name.to_ascii_uppercase()
    }
}

/// A [`Tunable`] row for a field of [`SearchParams`]: `field: type of its constant, min, max,
/// c_end`.
macro_rules! tunable {
    ($field:ident: $ty:ident, $min:expr, $max:expr, $c_end:expr) => {
        Tunable {
            name: stringify!($field),
            ty: stringify!($ty),
            min: $min,
            max: $max,
            c_end: $c_end,
            get: |p| Field::to_i64(p.$field),
            set: |p, v| p.$field = Field::from_i64(v),
        }
    };
}

/// Whether the rule mask `mask` of the parameters (bit `1 << code` per Gomocup rule code, as in
/// [`MCP_RULES`]) holds `rule`.
pub fn rule_in(mask: i32, rule: Rule) -> bool {
    mask >> rule.code() & 1 != 0
}

/// Every tunable search parameter: the one list that `INFO param_<name>`, `pbrain-rensa params`
/// and the tuner (`rensa-tune`) read. Ranges keep the search sound (a divisor never 0,
/// late-move reductions from depth 2, an aspiration window that can widen).
///
/// The values (under the rules of [`TUNED_RULES`]) of `rfp_margin`, `futility_margin`,
/// `lmp_base`, `lmp_per_depth2`, `razor_margin`, `mcp_base`, `mcp_exp_centi`, `lmr_base_centi`,
/// `lmr_divisor_centi`, `lmr_history_div`, `order_killer_1`, `order_killer_2`, `history_div`,
/// `history_bonus_per_depth2`, `aspiration_delta`, `lmr_policy_base`, `lmr_policy_div` and
/// `lmr_deeper_margin` come from `rensa-tune` SPSA runs (15×15 freestyle, f15 book), each
/// started from the values kept before it; the last, 2500 pairs at 30 000 nodes per move
/// (`-spsa r_end=0.01 -seed 6161`), scored +29.4 ±23.3 against them at 200 ms/move
/// (docs/experiments.md lists every run).
pub const TUNABLES: &[Tunable] = &[
    tunable!(rfp_depth: i32, 1, 64, 1.0),
    tunable!(rfp_margin: i32, 20, 400, 15.0),
    tunable!(futility_depth: i32, 1, 6, 1.0),
    tunable!(futility_margin: i32, 20, 500, 20.0),
    tunable!(lmp_depth: i32, 1, 8, 1.0),
    tunable!(lmp_base: usize, 1, 16, 1.0),
    tunable!(lmp_per_depth2: usize, 1, 10, 1.0),
    tunable!(razor_depth: i32, 0, 4, 1.0),
    tunable!(razor_margin: i32, 20, 1000, 20.0),
    tunable!(se_depth: i32, 0, 16, 1.0),
    tunable!(se_margin: i32, 0, 100, 2.0),
    tunable!(se_negative: i32, 0, 2, 1.0),
    tunable!(se_double_margin: i32, 0, 400, 10.0),
    tunable!(iir_depth: i32, 0, 16, 1.0),
    tunable!(iir_tt_percent: i32, 0, 100, 5.0),
    tunable!(iir_tt_max: i32, 0, 8, 1.0),
    tunable!(mcp_base: usize, 0, 32, 1.0),
    tunable!(mcp_exp_centi: i32, 50, 250, 8.0),
    tunable!(mcp_improving: i32, 0, 1, 1.0),
    tunable!(selective_rules: i32, 0, 1023, 1.0),
    tunable!(mcp_base_selective: usize, 0, 32, 1.0),
    tunable!(mcp_rules: i32, 0, 1023, 1.0),
    tunable!(order_pattern_rules: i32, 0, 1023, 1.0),
    tunable!(lmr_depth: i32, 2, 8, 1.0),
    tunable!(lmr_moves: usize, 1, 12, 1.0),
    tunable!(lmr_base_centi: i32, -50, 200, 10.0),
    tunable!(lmr_divisor_centi: i32, 100, 500, 15.0),
    tunable!(lmr_divisor_rules: i32, 0, 1023, 1.0),
    tunable!(tuned_rules: i32, 0, 1023, 1.0),
    tunable!(lmr_divisor_other_centi: i32, 100, 500, 15.0),
    tunable!(lmr_pv_reduction: i32, 0, 3, 1.0),
    tunable!(lmr_cut_node: i32, 0, 3, 1.0),
    tunable!(fhr_margin: i32, 0, 400, 5.0),
    tunable!(fhr_base: i32, -400, 400, 10.0),
    tunable!(nmp_depth: i32, 0, 16, 1.0),
    tunable!(nmp_base: i32, 1, 8, 1.0),
    tunable!(nmp_div: i32, 1, 16, 1.0),
    tunable!(lmr_not_improving: i32, 0, 3, 1.0),
    tunable!(threat_defence_ext_sixteenths: i32, 0, 16, 2.0),
    tunable!(ttm_ext_pv_sixteenths: i32, 0, 16, 2.0),
    tunable!(prune_soft_blocks: i32, 0, 1, 1.0),
    tunable!(lmr_distant: i32, 0, 3, 1.0),
    tunable!(guard_new_best: i32, 0, 1, 1.0),
    tunable!(guard_nodes: usize, 0, 10_000_000, 5000.0),
    tunable!(guard_nodes_per_ms: usize, 0, 2000, 5.0),
    tunable!(root_vct_nodes: usize, 0, 100_000_000, 5000.0),
    tunable!(root_vct_nodes_per_ms: usize, 0, 5000, 5.0),
    tunable!(root_vct_deepen: i32, 0, 16, 1.0),
    tunable!(horizon_vcf_fours: i32, 0, 16, 1.0),
    tunable!(vct_probe_deepen: i32, 0, 12, 1.0),
    tunable!(lmr_trivial: i32, 0, 3, 1.0),
    tunable!(prune_trivial_depth: i32, 0, 16, 1.0),
    tunable!(mcp_threat: i32, 0, 64, 1.0),
    tunable!(mcp_threat_rules: i32, 0, 1023, 1.0),
    tunable!(win5_static: i32, 0, 1, 1.0),
    tunable!(forced_reply_ext_sixteenths: i32, 0, 16, 2.0),
    tunable!(alpha_reduce: i32, 0, 2, 1.0),
    tunable!(lmr_score_base: i32, -1000, 5000, 50.0),
    tunable!(lmr_score_div: i32, 0, 5000, 50.0),
    tunable!(lmr_history_div: i32, 1024, 32768, 1500.0),
    tunable!(lmr_policy_base: i32, -500, 2000, 40.0),
    tunable!(lmr_policy_div: i32, 0, 2000, 15.0),
    tunable!(lmr_policy_max: i32, 0, 6, 1.0),
    tunable!(lmr_policy_rules: i32, 0, 1023, 1.0),
    tunable!(tt_eval: i32, 0, 1, 1.0),
    tunable!(lmr_deeper_margin: i32, 0, 1000, 20.0),
    tunable!(lmr_tactical: i32, 0, 1, 1.0),
    tunable!(lmr_plain_four: i32, 0, 1023, 1.0),
    tunable!(defend_four_three: i32, 0, 1, 1.0),
    tunable!(lmr_attack_chain: i32, 0, 2, 1.0),
    tunable!(lmr_tt_pv: i32, 0, 2, 1.0),
    tunable!(root_lmr_moves: usize, 0, 16, 1.0),
    tunable!(history_kinds: i32, 0, 1, 1.0),
    tunable!(qs_local: i32, 0, 1, 1.0),
    tunable!(qs_plain_plies: i32, 0, 8, 1.0),
    tunable!(order_killer_1: i32, 0, 2000, 80.0),
    tunable!(order_killer_2: i32, 0, 2000, 80.0),
    tunable!(order_counter: i32, 0, 2000, 50.0),
    tunable!(order_cell_permille: i32, 0, 20000, 500.0),
    tunable!(order_pattern_permille: i32, 0, 5000, 100.0),
    tunable!(order_code_permille: i32, 0, 5000, 100.0),
    tunable!(order_code_rules: i32, 0, 1023, 1.0),
    tunable!(order_policy_permille: i32, 0, 20000, 200.0),
    tunable!(history_div: i32, 8, 512, 20.0),
    tunable!(history_bonus_per_depth2: i32, 1, 64, 3.0),
    tunable!(history_malus_div: i32, 1, 8, 1.0),
    tunable!(aspiration_delta: i32, 5, 200, 8.0),
];

/// The row of the tunable `name`.
pub fn tunable(name: &str) -> Option<&'static Tunable> {
    TUNABLES.iter().find(|t| t.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The narrow move counts hold under `selective_rules` alone: freestyle by default, where
    /// they replace `mcp_base` and halve at nodes not improving.
    #[test]
    fn selective_move_counts_follow_their_rules() {
        let d = SearchParams::DEFAULT;
        let free = d.for_rule(Rule::Freestyle);
        assert_eq!((free.mcp_base, free.mcp_improving), (MCP_BASE_SELECTIVE, 1));
        for rule in [Rule::Standard, Rule::Caro, Rule::CaroOverline] {
            let p = d.for_rule(rule);
            assert_eq!((p.mcp_base, p.mcp_improving), (MCP_BASE, MCP_IMPROVING));
        }
        let renju = d.for_rule(Rule::Renju);
        assert_eq!((renju.mcp_base, renju.mcp_improving), (10, MCP_IMPROVING));
        let none = SearchParams {
            selective_rules: 0,
            ..d
        };
        assert_eq!(none.for_rule(Rule::Freestyle).mcp_base, MCP_BASE);
        let all = SearchParams {
            selective_rules: 1023,
            mcp_base_selective: 5,
            ..d
        };
        assert_eq!(all.for_rule(Rule::Renju).mcp_base, 5);
    }

    /// Every row names a distinct field, its default lies in its range, its step is positive,
    /// and setting a value reads back (and touches only that field).
    #[test]
    fn tunables_are_consistent() {
        for (i, t) in TUNABLES.iter().enumerate() {
            assert!(TUNABLES[..i].iter().all(|u| u.name != t.name), "{}", t.name);
            let d = t.default_value();
            assert!(t.min <= d && d <= t.max, "{}: {d}", t.name);
            assert!(
                t.c_end > 0.0 && t.c_end <= (t.max - t.min) as f64,
                "{}",
                t.name
            );
            for v in [t.min, t.max] {
                let mut p = SearchParams::DEFAULT;
                p.set(t.name, v).expect("in range");
                assert_eq!(p.get(t.name), Some(v));
                for u in TUNABLES.iter().filter(|u| u.name != t.name) {
                    assert_eq!(u.get(&p), u.default_value(), "{} moved {}", t.name, u.name);
                }
            }
        }
    }

    /// Each tunable's constant exists in `src/params.rs` under its name in capitals with its
    /// type, so the tuner's `pub const` lines replace it.
    #[test]
    fn tunables_name_their_constants() {
        let source = include_str!("../params.rs");
        for t in TUNABLES {
            let line = format!(
                "pub const {}: {} = {};",
                t.const_name(),
                t.ty,
                t.default_value()
            );
            assert!(source.contains(&line), "missing: {line}");
        }
    }

    /// A [`Divisor`] divides exactly as `/` does, over the whole `i32` range and the divisors'
    /// ranges (and beyond).
    #[test]
    fn divisors_divide_as_slash_does() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut divisors: Vec<i32> = (1..=600).chain([8191, 8192, 8193, 32768]).collect();
        divisors.extend((0..200).map(|_| (next() as i32).unsigned_abs().max(1) as i32));
        divisors.push(i32::MAX);
        for d in divisors {
            let div = Divisor::new(d);
            let edges = [
                0,
                1,
                -1,
                d,
                -d,
                d - 1,
                1 - d,
                i32::MAX,
                i32::MIN,
                i32::MIN + 1,
            ];
            let random = (0..300).map(|_| {
                let v = next();
                // Small and large magnitudes alike.
                (v as i32) >> (v >> 59)
            });
            for n in edges.into_iter().chain(random) {
                assert_eq!(n / div, n / d, "{n} / {d}");
            }
        }
    }

    #[test]
    fn bad_names_and_values_change_nothing() {
        let mut p = SearchParams::DEFAULT;
        assert_eq!(
            p.set("no_such_param", 1),
            Err(ParamError::Unknown("no_such_param".into()))
        );
        assert!(matches!(
            p.set("rfp_margin", 401),
            Err(ParamError::OutOfRange {
                min: 20,
                max: 400,
                ..
            })
        ));
        assert!(p.set("history_malus_div", 0).is_err());
        assert!(p.set("lmr_depth", i64::MAX).is_err());
        assert_eq!(p, SearchParams::DEFAULT);
        p.set("rfp_margin", 130).expect("in range");
        assert_eq!(p.rfp_margin, 130);
        assert_eq!(p.get("nothing"), None);
    }
}
