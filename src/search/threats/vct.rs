//! VCT, victory by continuous threats: the attacker plays fours and threes (moves after which
//! it threatens an open four or a double four: a win in three plies). Each attacker node first
//! tries a VCF. After a three the defender's answers are all its fours (a counter-four must be
//! answered, and may block as it does) and every cell that takes the attacker's win in three
//! away, found exactly: only cells where the attacker would make a four (or, renju Black, a
//! forbidden point) can, and each is confirmed by playing it. Any other answer loses to the open
//! four, so the attacker wins only if it wins against every listed answer. Renju Black's threats
//! count only open fours on legal cells that no White stone can turn into a foul. VCT is off in
//! caro (a four's defences there are not the ones above). The depth is the number of attacking
//! moves besides the final VCF; a forced block of a counter-four costs none.

use super::super::movepick;
use super::super::stack::MAX_PLY;
use super::vcf::VCF_SALT;
use super::Searcher;
use crate::board::{rule, Class, Pattern, Pos};
use crate::params::{ROOT_VCT_THREATS, VCT_COUNTER_FOUR_BONUS, VCT_VCF_FOURS};
use crate::types::{Color, Rule};

/// Mixed into the position key for the failure table's VCT entries.
const VCT_SALT: u64 = 0xA24B_AED4_963E_E407;

/// Whether a move of this class makes a three (or a closed three with a second line) that may
/// threaten a win in three plies; the defender's node checks that the threat is real.
#[inline]
fn makes_three(c: Class) -> bool {
    matches!(
        c,
        Class::Block3Plus | Class::Flex3 | Class::Flex3Plus | Class::Flex3x2
    )
}

impl Searcher<'_> {
    /// Whether `us`, not to move, threatens a win in three plies that only the cells the VCT
    /// defender lists can stop: an open four or a double four (counts). Renju Black: an open
    /// four (never a foul, see [`Searcher::win3_cell`]) whose other lines hold at most one
    /// three, so that no White stone can make it a double-three foul (White can make a fake
    /// three real by freeing its completion point anywhere near).
    fn threat_pending(&self, us: Color) -> bool {
        let rule = self.board.rule();
        if rule.blocked_five_void() {
            return false;
        }
        let n = self.board.class_counts(us);
        if n[Class::Flex4 as usize] == 0 && n[Class::DoubleFour as usize] == 0 {
            return false;
        }
        if !(rule == Rule::Renju && us == Color::Black) {
            return true;
        }
        if n[Class::Flex4 as usize] == 0 {
            return false;
        }
        let board = &*self.board;
        board.candidates().any(|p| {
            board.class(p, us) == Class::Flex4
                && (0..4)
                    .filter(|&d| board.pattern(p, d, us).plain() == Pattern::Flex3)
                    .count()
                    <= 1
        })
    }

    /// Whether `us` (to move at `ply`) wins by continuous threats with at most `max_threats`
    /// attacking moves besides a final VCF of at most `fours` fours, deepening one threat at a
    /// time. Returns the ply of the winning five plus one (the mate distance from the root is
    /// that minus the root's ply); the winning line is in the stack's PV at `ply`. Never claims
    /// a win in caro.
    pub fn vct(&mut self, ply: usize, us: Color, max_threats: u32, fours: u32) -> Option<usize> {
        self.stack.frames[ply].pv_len = 0;
        if self.board.rule().blocked_five_void() {
            return None;
        }
        for threats in 1..=max_threats {
            if let Some(mate) = self.vct_attack(ply, us, threats, fours) {
                return Some(mate);
            }
            if self.stopped() {
                break;
            }
        }
        None
    }

    /// The root's VCT within its own node budget: `root_vct_nodes` of the parameters, and under a
    /// clock at most `root_vct_nodes_per_ms` per millisecond of the soft limit. Returns the mate
    /// ply and the winning line; the search goes on afterwards when only that budget ran out.
    pub fn root_vct(&mut self, us: Color) -> Option<(usize, Vec<Pos>)> {
        let budget = self.limits.sub_budget(
            self.params.root_vct_nodes as u64,
            self.params.root_vct_nodes_per_ms as u64,
        );
        let deepen = self.params.root_vct_deepen as u32;
        let found = self.vct_probe_deepened(0, us, budget, deepen);
        let f = &self.stack.frames[0];
        found
            .filter(|_| f.pv_len > 0)
            .map(|mate| (mate, f.pv[..f.pv_len].to_vec()))
    }

    /// The probe of the opponent after a root move (the root guard's, YXSEARCHDEFEND's):
    /// [`Searcher::vct_probe_deepened`] up to `vct_probe_deepen` threats of the parameters.
    pub fn vct_probe(&mut self, ply: usize, us: Color, budget: u64) -> Option<usize> {
        self.vct_probe_deepened(ply, us, budget, self.params.vct_probe_deepen as u32)
    }

    /// Whether `us`, to move at `ply`, wins by continuous threats found within `budget` nodes,
    /// the threat count deepened one at a time up to `deepen` (0: one search with
    /// [`ROOT_VCT_THREATS`]). Returns the mate ply; the search goes on afterwards when only
    /// that budget ran out.
    fn vct_probe_deepened(
        &mut self,
        ply: usize,
        us: Color,
        budget: u64,
        deepen: u32,
    ) -> Option<usize> {
        if self.stopped() || ROOT_VCT_THREATS == 0 {
            return None;
        }
        let cap = self.node_cap;
        self.node_cap = self.nodes.saturating_add(budget).min(cap);
        // With `deepen` above 0, the threat count grows one at a time up to it, so that a short
        // win is not hidden behind the budget spent on long lines.
        let found = if deepen > 0 {
            (1..=deepen).find_map(|threats| self.vct(ply, us, threats, VCT_VCF_FOURS))
        } else {
            self.vct(ply, us, ROOT_VCT_THREATS, VCT_VCF_FOURS)
        };
        self.node_cap = cap;
        // The caller's own budget, if it has one, is spent too: then the stop stands.
        if self.nodes < cap {
            self.resume();
        }
        found
    }

    /// An attacker node of the VCT: `us` to move, `threats` attacking moves left.
    fn vct_attack(&mut self, ply: usize, us: Color, threats: u32, fours: u32) -> Option<usize> {
        self.stack.frames[ply].pv_len = 0;
        if self.visit() || ply >= MAX_PLY - 8 {
            return None;
        }
        let q = movepick::quick_counts(self.board, us);
        if q.own_five {
            return Some(self.five_now(ply, us));
        }
        if q.opp_fives >= 2 {
            return None;
        }
        // A four-three or double three against no four wins without a search (`win5_static`).
        if q.own_win5 && self.params.win5_static != 0 {
            let board = &*self.board;
            let cell = board
                .find_class(us, Class::Block4Flex3)
                .or_else(|| board.find_class(us, Class::Flex3x2));
            if let Some(c) = cell {
                self.set_pv(ply, c);
                return Some(ply + 5);
            }
        }
        if q.own_fours && self.vcf(ply, us, fours) {
            return Some(self.vcf_mate_ply);
        }
        if self.stopped() || threats == 0 {
            return None;
        }
        let key = self.key(us) ^ VCT_SALT ^ (fours as u64).wrapping_mul(VCF_SALT);
        if self.failed_before(key, threats) {
            return None;
        }
        // Against a counter-four only its block; threes only when the defender cannot make an
        // open four or a double four of its own.
        let forced = self.five_block(us, q.opp_fives);
        if q.opp_fives == 1 && forced.is_none() {
            return None;
        }
        let threes = !q.opp_threat;
        let n = self.scan(ply, us);
        let rule = self.board.rule();
        let n = movepick::retain_scored(&mut self.stack.frames[ply].moves[..], n, |m| {
            let ok = if forced.is_none() {
                m.att.is_four() || (threes && makes_three(m.att))
            } else {
                m.pos == forced
            } && movepick::playable(rule, us, m);
            ok.then(|| movepick::static_score(m))
        });
        let left = if forced.is_none() {
            threats - 1
        } else {
            threats
        };
        for i in 0..n {
            movepick::pick_next(&mut self.stack.frames[ply].moves[..n], i);
            let m = self.stack.frames[ply].moves[i];
            self.board.make_unscored(m.pos, us);
            let won = self.vct_defend(ply + 1, us, left, fours);
            self.board.undo();
            if self.stopped() {
                return None;
            }
            if won.is_some() {
                self.stack.update_pv(ply, m.pos);
                return won;
            }
        }
        if !self.stopped() {
            self.remember_failure(key, threats);
        }
        None
    }

    /// A defender node of the VCT: `us` (the attacker) just moved; every answer that stops its
    /// threat must lose. Returns the mate ply of the longest defence.
    fn vct_defend(&mut self, ply: usize, us: Color, threats: u32, fours: u32) -> Option<usize> {
        self.stack.frames[ply].pv_len = 0;
        if self.visit() || ply >= MAX_PLY - 8 {
            return None;
        }
        let them = us.opp();
        let rule = self.board.rule();
        let q = movepick::quick_counts(self.board, them);
        if q.own_five {
            return None;
        }
        if q.opp_fives >= 2 {
            return Some(ply + 2);
        }
        if q.opp_fives == 1 {
            // The attacker made a four: the block is forced (or impossible).
            let f = self.board.find_class(us, Class::Five)?;
            if rule == Rule::Renju
                && them == Color::Black
                && rule::renju_foul(self.board.grid(), f).is_some()
            {
                return Some(ply + 2); // Black cannot block on a forbidden point
            }
            self.board.make_unscored(f, them);
            let won = self.vct_attack(ply + 1, us, threats, fours);
            self.board.undo();
            if won.is_some() {
                self.stack.update_pv(ply, f);
            }
            return won;
        }
        if !self.threat_pending(us) {
            return None;
        }
        // Counter-fours first (the likeliest refutations), then the cells that may stop the
        // open four: where the attacker would make a four, or a point forbidden for it.
        let n = self.scan(ply, them);
        let rule = self.board.rule();
        let n = movepick::retain_scored(&mut self.stack.frames[ply].moves[..], n, |m| {
            if !movepick::playable(rule, them, m) {
                None
            } else if m.att.is_four() {
                Some(VCT_COUNTER_FOUR_BONUS | movepick::static_score(m))
            } else if m.def.is_four() || m.def == Class::Forbid {
                Some(movepick::static_score(m))
            } else {
                None
            }
        });
        // Any answer not listed loses to the open four: five three plies later.
        let mut worst = ply + 4;
        for i in 0..n {
            movepick::pick_next(&mut self.stack.frames[ply].moves[..n], i);
            let m = self.stack.frames[ply].moves[i];
            self.board.make_unscored(m.pos, them);
            if !m.att.is_four() && self.threat_pending(us) {
                self.board.undo();
                continue; // does not stop the threat
            }
            let won = self.vct_attack(ply + 1, us, threats, fours);
            self.board.undo();
            let mate = won?;
            if self.stopped() {
                return None;
            }
            if mate > worst || self.stack.frames[ply].pv_len == 0 {
                worst = worst.max(mate);
                self.stack.update_pv(ply, m.pos);
            }
        }
        Some(worst)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::*;
    use crate::board::{Board, Grid};
    use rand_xoshiro::rand_core::{RngCore, SeedableRng};
    use std::collections::HashMap;

    // ---- Independent checkers: the referee's rules (board/rule.rs) and full-width search ----

    type Memo = HashMap<(u64, Color, usize, bool), bool>;

    fn empty_cells(b: &Board) -> Vec<Pos> {
        b.grid().positions().filter(|&p| b.is_empty(p)).collect()
    }

    fn legal(b: &Board, p: Pos, c: Color) -> bool {
        rule::is_legal(b.grid(), p, c, b.rule())
    }

    fn five(b: &Board, p: Pos, c: Color) -> bool {
        rule::is_five(b.grid(), p, c, b.rule())
    }

    /// Exact (any rule but caro), full width over every empty cell: whether `us` to move makes
    /// a five within `plies` plies whatever the opponent does. Attacker moves are tried
    /// strongest class first, which changes only the time taken.
    fn forced_win(b: &mut Board, us: Color, plies: usize, memo: &mut Memo) -> bool {
        let key = (b.hash(), us, plies, true);
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let them = us.opp();
        let empty = empty_cells(b);
        let v = if empty.iter().any(|&q| five(b, q, us) && legal(b, q, us)) {
            true
        } else if plies < 3 {
            false
        } else {
            let opp: Vec<Pos> = empty
                .iter()
                .copied()
                .filter(|&q| five(b, q, them))
                .collect();
            let mut moves = match opp.len() {
                0 => empty,
                1 => opp,
                _ => vec![],
            };
            moves.retain(|&q| legal(b, q, us));
            moves.sort_by_key(|&q| std::cmp::Reverse(b.class(q, us)));
            moves.into_iter().any(|q| {
                b.make(q, us);
                let won = all_lose(b, us, plies - 1, &mut |b, plies| {
                    forced_win(b, us, plies, memo)
                });
                b.undo();
                won
            })
        };
        memo.insert(key, v);
        v
    }

    /// The defender (`us.opp()`) to move: whether every legal answer leaves `us` a win within
    /// `plies - 1` plies, as judged by `win`. A five of the defender's refutes; one five of the
    /// attacker's must be blocked (any other answer loses), two cannot be.
    fn all_lose(
        b: &mut Board,
        us: Color,
        plies: usize,
        win: &mut dyn FnMut(&mut Board, usize) -> bool,
    ) -> bool {
        let them = us.opp();
        if plies < 2 {
            return false;
        }
        let empty = empty_cells(b);
        if empty.iter().any(|&q| five(b, q, them) && legal(b, q, them)) {
            return false;
        }
        let fives: Vec<Pos> = empty.iter().copied().filter(|&q| five(b, q, us)).collect();
        if fives.len() >= 2 || (fives.len() == 1 && !legal(b, fives[0], them)) {
            return true;
        }
        let moves: Vec<Pos> = if fives.len() == 1 {
            fives
        } else {
            empty.into_iter().filter(|&q| legal(b, q, them)).collect()
        };
        !moves.is_empty()
            && moves.into_iter().all(|q| {
                b.make(q, them);
                let won = win(b, plies - 1);
                b.undo();
                won
            })
    }

    /// Checks a claimed win too deep for [`forced_win`]: the attacker plays the move a fresh
    /// VCT proposes at each of its turns (which must claim a mate within the plies left), the
    /// defender every legal answer (full width), judged by the referee's rules. A success is a
    /// proof of the win within `plies`; the engine only picks the attacker's moves.
    fn replayed_win(b: &mut Board, us: Color, plies: usize, threats: u32, fours: u32) -> bool {
        if empty_cells(b)
            .iter()
            .any(|&q| five(b, q, us) && legal(b, q, us))
        {
            return true;
        }
        if plies < 3 {
            return false;
        }
        // A win in three (an open four, or a five left after any answer) is settled full
        // width; then most of the defender's answers cost no fresh threat search.
        if forced_win(b, us, 3, &mut Memo::new()) {
            return true;
        }
        let Some((mate, pv)) = with_searcher(b, |s| vct_of(s, us, threats, fours, 1_000_000))
        else {
            return false;
        };
        if mate > plies || !legal(b, pv[0], us) {
            return false;
        }
        b.make(pv[0], us);
        let won = all_lose(b, us, plies - 1, &mut |b, plies| {
            replayed_win(b, us, plies, threats, fours)
        });
        b.undo();
        won
    }

    /// A random position of `stones` stones: a playout where each side plays near the stones,
    /// cells making or stopping bigger shapes being likelier. `None` if a five was made.
    fn random_position(rule: Rule, size: usize, stones: usize, seed: u64) -> Option<Board> {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut b = Board::new(size, size, rule);
        b.make(Pos::new(size / 2, size / 2), Color::Black);
        let mut color = Color::White;
        while b.move_count() < stones {
            let cells: Vec<Pos> = b.candidates().filter(|&q| legal(&b, q, color)).collect();
            let w = |q: Pos| {
                let (a, d) = (b.class(q, color), b.class(q, color.opp()));
                1 + (a as u64).min(9) + (d as u64).min(9) / 2
            };
            let total: u64 = cells.iter().map(|&q| w(q)).sum();
            if total == 0 {
                return None;
            }
            let mut r = rng.next_u64() % total;
            let pick = *cells.iter().find(|&&q| {
                r < w(q) || {
                    r -= w(q);
                    false
                }
            })?;
            if five(&b, pick, color) {
                return None;
            }
            b.make(pick, color);
            color = color.opp();
        }
        Some(b)
    }

    /// Black's double three on 4,5: an open three on column 4 and a split three on row 5.
    const DOUBLE_THREE: &str = "
        . . . . . . . . O
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . X X .
        . . . . . . . . .
        . . . . . . . . .
        O . . . . . . O O";

    /// Mate ply and first move of the VCT with `threats` threats, checking the VCF fails.
    fn vct_not_vcf(b: &mut Board, us: Color, threats: u32) -> Option<(usize, Pos)> {
        with_searcher(b, |s| {
            assert!(!vcf_of(s, us, 20, 1_000_000), "a VCF exists");
            vct_of(s, us, threats, 20, 1_000_000).map(|(mate, pv)| (mate, pv[0]))
        })
    }

    #[test]
    fn double_three_wins_in_freestyle() {
        let mut b = board(Rule::Freestyle, DOUBLE_THREE);
        assert_eq!(vct_not_vcf(&mut b, Color::Black, 1), Some((5, p("4,5"))));
        assert!(forced_win(&mut b, Color::Black, 5, &mut Memo::new()));
    }

    #[test]
    fn counter_four_refutes_a_double_three() {
        // The double three of DOUBLE_THREE, but White's closed three on row 6 answers it with
        // the four 4,6, which blocks column 4; after Black's forced 5,6 White blocks row 5.
        let text = "
            . . . . . . . . O
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . X . . . .
            . . . . . . X X .
            X O O O . . . . .
            . . . . . . . . .
            . . . . . . . . O";
        let mut b = board(Rule::Freestyle, text);
        assert_eq!(vct_not_vcf(&mut b, Color::Black, 1), None);
        assert!(!forced_win(&mut b, Color::Black, 5, &mut Memo::new()));
        // Longer threat sequences may still win; any claim must stand a full-width replay.
        if let Some((mate, _)) = vct_not_vcf(&mut b, Color::Black, 4) {
            assert!(mate > 5);
            assert!(replayed_win(&mut b, Color::Black, 60, 4, 20));
        }
    }

    #[test]
    fn three_then_four_three() {
        // Black 1,4 makes an open three on the anti-diagonal 4,1-1,4; whichever end White
        // blocks, Black has a four-three (e.g. 2,4: four on row 4 and three on column 2).
        let text = "
            . O . . . . . . .
            . . X O . . . . .
            . O . X X . . . .
            . O X O O . . . .
            . . . . X X . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        let mut b = board(Rule::Freestyle, text);
        assert_eq!(vct_not_vcf(&mut b, Color::Black, 1), Some((7, p("1,4"))));
        assert!(!forced_win(&mut b, Color::Black, 5, &mut Memo::new()));
        assert!(forced_win(&mut b, Color::Black, 7, &mut Memo::new()));
    }

    #[test]
    fn renju_black_double_three_is_a_foul() {
        let mut b = board(Rule::Renju, DOUBLE_THREE);
        assert!(!legal(&b, p("4,5"), Color::Black));
        assert_eq!(vct_not_vcf(&mut b, Color::Black, 1), None);
        assert!(!forced_win(&mut b, Color::Black, 5, &mut Memo::new()));
    }

    #[test]
    fn renju_white_double_three_wins() {
        let white = Grid::from_ascii(DOUBLE_THREE)
            .unwrap()
            .with_colours_swapped();
        let mut b = Board::from_grid(&white, Rule::Renju);
        assert_eq!(vct_not_vcf(&mut b, Color::White, 1), Some((5, p("4,5"))));
        assert!(forced_win(&mut b, Color::White, 5, &mut Memo::new()));
    }

    #[test]
    fn renju_black_three_then_four_three() {
        // Black 2,2: open three 2,2-3,3-4,4 on the diagonal, then a legal four-three.
        let text = "
            . . . . . . . . .
            . . . . . O . . .
            . X . . . X . . .
            . . . X . . O . .
            . O . O X . . . .
            . . . . X . O X .
            . . . . . . . . .
            . . . . O . . . .
            . . . . . . . . .";
        let mut b = board(Rule::Renju, text);
        let (mate, first) = vct_not_vcf(&mut b, Color::Black, 1).expect("a VCT");
        assert_eq!((mate, first), (7, p("2,2")));
        assert!(!forced_win(&mut b, Color::Black, 5, &mut Memo::new()));
        assert!(forced_win(&mut b, Color::Black, 7, &mut Memo::new()));
    }

    #[test]
    fn vct_is_off_in_caro() {
        let mut b = board(Rule::Caro, DOUBLE_THREE);
        assert_eq!(vct_not_vcf(&mut b, Color::Black, 3), None);
    }

    #[test]
    fn vct_keeps_to_its_node_budget_and_repeats() {
        let text = "
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . O . . . . . . . . .
            . . . . . X X O . . . . . . .
            . . . . . . X O . . . . . . .
            . . . . O X X X O . . . . . .
            . . . . . . O X . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .";
        let run = |b: &mut Board| {
            with_searcher(b, |s| {
                let r = vct_of(s, Color::Black, 8, 10, 3_000);
                (r, s.nodes)
            })
        };
        let mut b = board(Rule::Freestyle, text);
        let (r, nodes) = run(&mut b);
        assert!(nodes <= 3_000, "{nodes}");
        assert_eq!(run(&mut b), (r, nodes));
    }

    /// The static wins in five plies, `Quick::own_win5` (a four with an open three, or two open
    /// threes, against no four of the opponent's) and `Searcher::four_three_wins` (a four with
    /// an open three whose forced block makes no four), are checked by full-width search on
    /// random 9×9 positions under freestyle, standard and renju, and on the double three above.
    #[test]
    fn static_wins_in_five_are_wins() {
        let b = board(Rule::Freestyle, DOUBLE_THREE);
        assert!(movepick::quick_counts(&b, Color::Black).own_win5);
        let caro = board(Rule::Caro, DOUBLE_THREE);
        assert!(!movepick::quick_counts(&caro, Color::Black).own_win5);
        let seeds = if cfg!(debug_assertions) { 150 } else { 1500 };
        let mut blocked_fours = 0;
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let mut claims = 0;
            for seed in 0..seeds {
                let stones = 10 + (seed % 12) as usize;
                let Some(mut b) = random_position(rule, 9, stones, seed) else {
                    continue;
                };
                for us in [Color::Black, Color::White] {
                    let q = movepick::quick_counts(&b, us);
                    if q.own_five || q.opp_fives > 0 || q.own_win3 {
                        continue;
                    }
                    let four_three = q.own_four_three
                        && !q.own_win5
                        && with_searcher(&b, |s| s.four_three_wins(us));
                    if !q.own_win5 && !four_three {
                        continue;
                    }
                    let won = forced_win(&mut b, us, 5, &mut Memo::new());
                    assert!(
                        won,
                        "{rule:?} seed {seed} {us:?}: false claim\n{:?}",
                        b.grid()
                    );
                    claims += 1;
                    blocked_fours += usize::from(four_three);
                }
            }
            // Renju has the fewest (White only): 12 in the release run's 1500 positions.
            let want = if cfg!(debug_assertions) { 1 } else { 8 };
            assert!(claims >= want, "{rule:?}: {claims} claims");
        }
        // 72 in the release run.
        let want = if cfg!(debug_assertions) { 1 } else { 30 };
        assert!(
            blocked_fours >= want,
            "{blocked_fours} four-threes against fours"
        );
    }

    /// Every VCT (and VCF) claimed on random 9×9 positions under freestyle, standard and renju
    /// is checked independently: by full-width search to the claimed mate ply when it is at most
    /// 7, else by the full-width replay of [`replayed_win`].
    #[test]
    fn vct_claims_on_random_positions_are_wins() {
        let seeds = if cfg!(debug_assertions) { 60 } else { 400 };
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let (mut vct_only, mut checked) = (0, 0);
            for seed in 0..seeds {
                let stones = 12 + (seed % 10) as usize;
                let Some(mut b) = random_position(rule, 9, stones, seed) else {
                    continue;
                };
                let us = [Color::Black, Color::White][b.move_count() % 2];
                let q = movepick::quick_counts(&b, us);
                if q.own_five || q.opp_fives > 0 || q.own_win3 {
                    continue;
                }
                let (vcf, vct) = with_searcher(&b, |s| {
                    (vcf_of(s, us, 8, 50_000), vct_of(s, us, 3, 8, 50_000))
                });
                let Some((mate, pv)) = vct else {
                    assert!(!vcf, "{rule:?} seed {seed}: the VCT misses the VCF");
                    continue;
                };
                assert!(legal(&b, pv[0], us), "{rule:?} seed {seed}");
                let won = if mate <= 7 {
                    forced_win(&mut b, us, mate, &mut Memo::new())
                } else {
                    replayed_win(&mut b, us, 60, 3, 8)
                };
                assert!(won, "{rule:?} seed {seed}: false claim\n{:?}", b.grid());
                checked += 1;
                vct_only += usize::from(!vcf);
            }
            let want = if cfg!(debug_assertions) { 3 } else { 10 };
            assert!(
                vct_only >= want,
                "{rule:?}: {vct_only} VCT claims of {checked}"
            );
        }
    }
}
