//! The foundation's one-ply mover and the search interface the real search will keep.
//!
//! [`think`] takes the position, the side to move, the [`Limits`] and a stop flag and returns a
//! [`SearchResult`]. The mover here takes an immediate five, else blocks the opponent's five,
//! else plays the cell with the best small line score near the stones (the centre on an empty
//! board). It never returns an illegal move (off the board, occupied, blocked, or a renju foul for
//! Black).
//!
//! Time settings are live: [`TimeControl`] holds atomics that the protocol reader updates while
//! a search runs (`INFO timeout_turn 0` in the middle of a think shortens it). In "infinite
//! analysis" mode (the Yixin-Board pair `timeout_turn ≥ 2000000` and `timeout_match ≥ 100000000`) a search runs until the stop flag is raised or the limits change; this mover, which is
//! done after one ply, then simply waits, polling both, so that YXSTOP/END-during-a-think
//! behave as with a real search.

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::{Duration, Instant};

use crate::board::{rule, Board, Grid, Pos, DIRS};
use crate::types::{Cell, Color, Rule};

/// `time_left` at or above this means "no match clock" (Piskvork, c-gomoku-cli).
pub const UNLIMITED_LEFT: i64 = 2_147_483_647;
/// The Yixin-Board "unlimited" turn time (§6.2).
pub const INFINITE_TURN: i64 = 2_000_000;
/// The Yixin-Board "unlimited" match time (§6.2).
pub const INFINITE_MATCH: i64 = 100_000_000;

/// The clock settings from `INFO`, in milliseconds, shared between the protocol reader (which
/// writes them, also during a search) and the search (which reads them while it runs).
#[derive(Debug)]
pub struct TimeControl {
    pub timeout_turn: AtomicI64,
    pub timeout_match: AtomicI64,
    pub time_left: AtomicI64,
    pub time_increment: AtomicI64,
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl {
            timeout_turn: AtomicI64::new(30_000),
            timeout_match: AtomicI64::new(0),
            time_left: AtomicI64::new(UNLIMITED_LEFT),
            time_increment: AtomicI64::new(0),
        }
    }
}

impl TimeControl {
    /// Whether the Yixin-Board "unlimited analysis" pair is in force: search until stopped.
    pub fn is_infinite(&self) -> bool {
        let turn = self.timeout_turn.load(Ordering::Relaxed);
        let m = self.timeout_match.load(Ordering::Relaxed);
        turn >= INFINITE_TURN && m >= INFINITE_MATCH
    }

    /// The hard time limit of one move from the current settings (`None` = until stopped).
    /// A simple placeholder for `search::time`: min(turn, left / 7) minus a reserve of
    /// max(30 ms, 3 %); `timeout_turn 0` means "answer at once".
    pub fn hard_limit(&self) -> Option<Duration> {
        if self.is_infinite() {
            return None;
        }
        let turn = self.timeout_turn.load(Ordering::Relaxed).max(0);
        let m = self.timeout_match.load(Ordering::Relaxed);
        let left = self.time_left.load(Ordering::Relaxed);
        let mut limit = turn;
        if m != 0 && left < UNLIMITED_LEFT {
            limit = limit.min(left.max(0) / 7);
        }
        let reserve = (limit * 3 / 100).max(30);
        Some(Duration::from_millis((limit - reserve).max(0) as u64))
    }
}

/// What bounds one search: live clock settings, the start of the request, optional node and
/// depth caps (`INFO max_node`, `INFO max_depth`; `None` = unlimited).
#[derive(Debug, Clone, Copy)]
pub struct Limits<'a> {
    pub time: &'a TimeControl,
    pub start: Instant,
    pub max_nodes: Option<u64>,
    pub max_depth: Option<u32>,
}

impl Limits<'_> {
    /// Whether the hard limit has passed (re-read on every call, so INFO changes apply at once).
    pub fn out_of_time(&self) -> bool {
        match self.time.hard_limit() {
            None => false,
            Some(h) => self.start.elapsed() >= h,
        }
    }
}

/// The answer of a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play, `None` when no legal move exists.
    pub best: Option<Pos>,
    /// Nodes visited (cells scored, for this mover).
    pub nodes: u64,
    /// Depth completed.
    pub depth: u32,
}

/// Chooses a move for `me` (see the module documentation) and, in infinite analysis mode, keeps
/// "thinking" until `stop` is raised or the limits end.
pub fn think(board: &Board, me: Color, limits: &Limits, stop: &AtomicBool) -> SearchResult {
    let mut nodes = 0;
    let best = choose_move(board.grid(), board.rule(), me, &mut nodes);
    while !stop.load(Ordering::Relaxed) && limits.time.is_infinite() {
        std::thread::sleep(Duration::from_millis(1));
    }
    SearchResult {
        best,
        nodes,
        depth: 1,
    }
}

/// Points for a five-cell window holding `k` stones of one side and nothing of the other.
const WINDOW: [i64; 6] = [0, 2, 12, 80, 600, 5000];

/// The line score of playing `p` for `me`: own windows extended plus opponent windows spoiled.
fn cell_score(grid: &Grid, p: Pos, me: Color) -> i64 {
    let mut attack = 0;
    let mut defend = 0;
    for d in DIRS {
        for offset in -4..=0isize {
            let (mut mine, mut theirs, mut wall) = (0, 0, false);
            for k in offset..offset + 5 {
                if k == 0 {
                    continue;
                }
                match grid.get(p.step(d, k)) {
                    Cell::Empty => {}
                    Cell::Wall => wall = true,
                    c if c == me.stone() => mine += 1,
                    _ => theirs += 1,
                }
            }
            if wall {
                continue;
            }
            if theirs == 0 {
                attack += WINDOW[mine + 1];
            }
            if mine == 0 {
                defend += WINDOW[theirs + 1];
            }
        }
    }
    // Attacking is worth a little more than defending the same shape.
    attack * 5 / 4 + defend
}

/// Whether a stone of `color` on the empty cell `p` makes a winning line under `rule`.
fn makes_five(grid: &mut Grid, p: Pos, color: Color, rule: Rule) -> bool {
    grid.set(p, color.stone());
    let five = rule::is_five(grid, p, color, rule);
    grid.set(p, Cell::Empty);
    five
}

/// Squared distance of `p` from the board centre (tie-break: prefer central cells).
fn centre_distance(grid: &Grid, p: Pos) -> usize {
    let cx2 = grid.width() - 1;
    let cy2 = grid.height() - 1;
    let dx = (2 * p.x()).abs_diff(cx2);
    let dy = (2 * p.y()).abs_diff(cy2);
    dx * dx + dy * dy
}

/// The one-ply move choice: win, else block, else best line score near the stones. Total order:
/// score, then closeness to the centre, then cell index, so the result is deterministic.
pub fn choose_move(grid: &Grid, rule_in_force: Rule, me: Color, nodes: &mut u64) -> Option<Pos> {
    let mut g = grid.clone();
    let legal: Vec<Pos> = grid
        .positions()
        .filter(|&p| rule::is_legal(grid, p, me, rule_in_force))
        .collect();
    if legal.is_empty() {
        return None;
    }
    let any_stone = grid.positions().any(|p| grid.get(p).color().is_some());
    let near = |p: Pos| -> bool {
        (-2..=2isize).any(|dy| {
            (-2..=2isize).any(|dx| {
                grid.get(p.step(1, dx).step(crate::board::STRIDE as isize, dy))
                    .color()
                    .is_some()
            })
        })
    };
    let candidates: Vec<Pos> = if any_stone {
        let c: Vec<Pos> = legal.iter().copied().filter(|&p| near(p)).collect();
        if c.is_empty() {
            legal.clone()
        } else {
            c
        }
    } else {
        legal.clone()
    };
    // 1. An immediate five.
    for &p in &candidates {
        *nodes += 1;
        if makes_five(&mut g, p, me, rule_in_force) {
            return Some(p);
        }
    }
    // 2. Block a five of the opponent (a five is never forbidden, so every such cell matters).
    let blocks: Vec<Pos> = candidates
        .iter()
        .copied()
        .filter(|&p| makes_five(&mut g, p, me.opp(), rule_in_force))
        .collect();
    let pool = if blocks.is_empty() {
        &candidates
    } else {
        &blocks
    };
    // 3. The best line score.
    pool.iter().copied().max_by(|&a, &b| {
        let sa = (
            cell_score(grid, a, me),
            std::cmp::Reverse(centre_distance(grid, a)),
        );
        let sb = (
            cell_score(grid, b, me),
            std::cmp::Reverse(centre_distance(grid, b)),
        );
        sa.cmp(&sb).then(b.index().cmp(&a.index()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_from(ascii: &str, rule: Rule) -> Board {
        let g = Grid::from_ascii(ascii).unwrap();
        let mut b = Board::new(g.width(), g.height(), rule);
        for p in g.positions() {
            match g.get(p) {
                Cell::Black => b.make(p, Color::Black),
                Cell::White => b.make(p, Color::White),
                Cell::Wall => b.block(p),
                Cell::Empty => {}
            }
        }
        b
    }

    fn pick(b: &Board, me: Color) -> Option<Pos> {
        let mut n = 0;
        choose_move(b.grid(), b.rule(), me, &mut n)
    }

    #[test]
    fn empty_board_takes_the_centre() {
        let b = Board::new(15, 15, Rule::Freestyle);
        assert_eq!(pick(&b, Color::Black), Some(Pos::new(7, 7)));
        let b = Board::new(20, 20, Rule::Freestyle);
        let p = pick(&b, Color::Black).unwrap();
        assert!((9..=10).contains(&p.x()) && (9..=10).contains(&p.y()));
    }

    #[test]
    fn plays_near_the_stones_and_never_on_walls() {
        let b = board_from(
            "# # # # # # #
             # . . . . . #
             # . . . . . #
             # . . O . . #
             # . . . . . #
             # . . . . . #
             # # # # # # #",
            Rule::Freestyle,
        );
        let p = pick(&b, Color::Black).unwrap();
        assert!(b.grid().is_empty(p));
        assert!(p.x().abs_diff(3) <= 2 && p.y().abs_diff(3) <= 2);
    }

    #[test]
    fn full_board_has_no_move() {
        let b = board_from(
            "X O X O X
             X O X O X
             O X O X O
             O X O X O
             X O X O .",
            Rule::Freestyle,
        );
        assert_eq!(pick(&b, Color::White), Some(Pos::new(4, 4)));
        let b = board_from(
            "X O X O X
             X O X O X
             O X O X O
             O X O X O
             X O X O #",
            Rule::Freestyle,
        );
        assert_eq!(pick(&b, Color::White), None);
    }

    #[test]
    fn infinite_mode_waits_for_stop() {
        let time = TimeControl::default();
        time.timeout_turn.store(INFINITE_TURN, Ordering::Relaxed);
        time.timeout_match.store(INFINITE_MATCH, Ordering::Relaxed);
        let b = Board::new(15, 15, Rule::Freestyle);
        let stop = AtomicBool::new(false);
        let limits = Limits {
            time: &time,
            start: Instant::now(),
            max_nodes: None,
            max_depth: None,
        };
        std::thread::scope(|s| {
            let h = s.spawn(|| think(&b, Color::Black, &limits, &stop));
            stop.store(true, Ordering::Relaxed);
            assert_eq!(h.join().unwrap().best, Some(Pos::new(7, 7)));
        });
    }
}
