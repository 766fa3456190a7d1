//! Candidate moves of a node and their order.
//!
//! The class counts settle most of a node at once ([`quick`]: own five, the opponent's fives,
//! own open four, the opponent's open-four threats, the evaluation); a walk over the cells near
//! the stones ([`scan`]) classifies each for both sides when moves are needed (only the fours,
//! ending once the counts say all are found, for the quiescence and the VCF: [`scan_fours`]).
//! Ordering then picks moves lazily by a TOTAL order — score, then cell index — so the tree
//! never depends on sort stability.

use super::stack::MoveEntry;
use crate::board::pattern::{code::patterns_of, CODES};
use crate::board::{Board, Class, Pos};
use crate::eval::weights::{ATTACK, DEFENCE};
use crate::eval::{self, Position};
use crate::params::{ORDER_ATTACK, ORDER_DEFEND, ORDER_PATTERN_ATTACK, ORDER_PATTERN_DEFEND};
use crate::types::{Color, Rule};
use std::sync::LazyLock;

/// The tactical facts of a node, read from the class counts alone (no cell walk).
#[derive(Clone, Copy, Debug, Default)]
pub struct Quick {
    /// The side to move can make five.
    pub own_five: bool,
    /// Number of cells where the opponent makes five.
    pub opp_fives: u16,
    /// The side to move wins in three plies: an open four, or (outside caro) two fours at once.
    /// In caro an open four can be voided by a block at one end, so it is searched instead.
    pub own_win3: bool,
    /// The side to move wins in five plies: it can make a four with an open three or two open
    /// threes at once, and the opponent has no five and no four to play (so its answer, the
    /// block of the five or anything else, makes none, and the open four that follows wins). Not in caro,
    /// not for renju Black (a three may be fake there), and for renju White only while no cell
    /// is marked forbidden for Black (a marked cell may still be a legal four).
    pub own_win5: bool,
    /// The side to move can make a four with an open three (not in caro, not renju Black):
    /// a win in five plies too if the forced block makes no four ([`Quick::own_win5`] when the
    /// opponent has no four at all; else the search checks the block).
    pub own_four_three: bool,
    /// The opponent threatens to win in three plies (open four or double four next move).
    pub opp_threat: bool,
    /// The side to move has a four to play.
    pub own_fours: bool,
    /// Static evaluation for the side to move.
    pub eval: i32,
    /// Number of cells counted (0: the board is full).
    pub empty: u32,
}

/// The counts-only facts of the position with `us` to move.
#[inline]
pub fn quick(pos: &Position, us: Color) -> Quick {
    let c = eval::class_counts(pos, us);
    Quick {
        eval: eval::evaluate(pos, us, &c),
        ..from_counts(pos, us, &c)
    }
}

/// [`quick`] without the static evaluation (`eval` 0): for the threat searches, which read only
/// the counts (their stones leave the evaluation's sums stale, [`Position::make_unscored`]), and for
/// the main search, which evaluates a node only once its counts and the table leave it open.
#[inline]
pub fn quick_counts(board: &Board, us: Color) -> Quick {
    from_counts(board, us, &eval::class_counts(board, us))
}

/// The static evaluation of `board` for `us` to move ([`eval::evaluate`]), for a node whose
/// [`quick_counts`] left it open.
#[inline]
pub fn static_eval(board: &Position, us: Color) -> i32 {
    eval::evaluate(board, us, &eval::class_counts(board, us))
}

/// [`quick_counts`] from the class counts `c`.
#[inline(always)]
fn from_counts(board: &Board, us: Color, c: &eval::ClassCounts) -> Quick {
    let caro = board.rule().blocked_five_void();
    let n = |v: &[u16; Class::COUNT], k: Class| v[k as usize];
    let renju_black = board.rule() == Rule::Renju && us == Color::Black;
    Quick {
        own_five: n(&c.us, Class::Five) > 0,
        opp_fives: n(&c.them, Class::Five),
        own_win3: !caro && (n(&c.us, Class::Flex4) > 0 || n(&c.us, Class::DoubleFour) > 0),
        own_win5: !caro
            && !renju_black
            && (n(&c.us, Class::Block4Flex3) > 0 || n(&c.us, Class::Flex3x2) > 0)
            && n(&c.them, Class::Five) == 0
            && !has_fours(&c.them)
            && (board.rule() != Rule::Renju || n(&c.them, Class::Forbid) == 0),
        own_four_three: !caro && !renju_black && n(&c.us, Class::Block4Flex3) > 0,
        opp_threat: n(&c.them, Class::Flex4) > 0 || n(&c.them, Class::DoubleFour) > 0,
        own_fours: has_fours(&c.us),
        eval: 0,
        empty: c.us.iter().map(|&k| k as u32).sum(),
    }
}

/// Whether a side with these class counts (indexed by `Class as usize`) can make a four.
#[inline]
pub fn has_fours(counts: &[u16; Class::COUNT]) -> bool {
    (Class::Block4 as usize..Class::Five as usize).any(|k| counts[k] > 0)
}

/// Writes the candidate cells of `board` into `moves`, classified for `us` (attack) and the
/// opponent (defence); returns how many.
pub fn scan(board: &Board, us: Color, moves: &mut [MoveEntry]) -> usize {
    let them = us.opp();
    let mut n = 0;
    for p in board.candidates() {
        moves[n] = MoveEntry {
            pos: p,
            att: board.class(p, us),
            def: board.class(p, them),
            score: 0,
        };
        n += 1;
    }
    n
}

/// Writes the candidate cells where `us` makes a four or better into `moves`, classified as
/// [`scan`] does; returns how many. The walk ends once it has found as many as the class counts
/// hold (renju Black's hinted cells, which may turn out to be fours, count as possible ones).
pub fn scan_fours(board: &Board, us: Color, moves: &mut [MoveEntry]) -> usize {
    let them = us.opp();
    let counts = board.class_counts(us);
    let mut left: u32 = (Class::Block4 as usize..=Class::Five as usize)
        .map(|k| counts[k] as u32)
        .sum();
    if board.rule() == Rule::Renju && us == Color::Black {
        left += counts[Class::Forbid as usize] as u32;
    }
    let mut n = 0;
    for p in board.candidates() {
        if left == 0 {
            break;
        }
        let raw = board.raw_class(p, us);
        if raw.is_four() || raw == Class::Forbid {
            left -= 1;
            let att = board.class(p, us);
            if att.is_four() {
                moves[n] = MoveEntry {
                    pos: p,
                    att,
                    def: board.class(p, them),
                    score: 0,
                };
                n += 1;
            }
        }
    }
    n
}

/// A cell of the scanned list with class `want` for the side to move (`for_us`) or the
/// opponent, or `Pos::NONE`.
pub fn find(moves: &[MoveEntry], want: Class, for_us: bool) -> Pos {
    moves
        .iter()
        .find(|m| (if for_us { m.att } else { m.def }) == want)
        .map_or(Pos::NONE, |m| m.pos)
}

/// The cell of a win in three plies for the side to move (open four, or double four outside
/// caro), or `Pos::NONE`.
pub fn find_win3(moves: &[MoveEntry], caro: bool) -> Pos {
    if caro {
        return Pos::NONE;
    }
    let p = find(moves, Class::Flex4, true);
    if p.is_none() {
        find(moves, Class::DoubleFour, true)
    } else {
        p
    }
}

/// Whether `m` may be played by `us` when the opponent threatens to win in three plies: it
/// makes a four, or it is a cell the opponent needs for a four or better.
#[inline]
pub fn is_defence(m: &MoveEntry) -> bool {
    m.att.is_four() || (m.def.is_four() && m.def != Class::Forbid)
}

/// Whether a move is tactical (never reduced or pruned): makes or stops a three or better.
#[inline]
pub fn is_tactical(m: &MoveEntry) -> bool {
    m.att >= Class::Flex3 || m.def >= Class::Flex3
}

/// The static ordering score of a move.
#[inline]
pub fn static_score(m: &MoveEntry) -> i32 {
    ORDER_ATTACK[m.att as usize] + ORDER_DEFEND[m.def as usize]
}

/// The pattern codes of the empty cell `p` for `us` and for the opponent.
#[inline]
fn cell_codes(board: &Board, us: Color, p: Pos) -> [usize; 2] {
    [us, us.opp()].map(|c| board.pattern_code(p, c))
}

/// What the learned evaluation gives the empty cell `p` for `us` to move: its attack value for
/// `us` plus its defence value against the opponent (how much the cell is worth to either side).
#[inline]
pub fn cell_value(board: &Position, us: Color, p: Pos) -> i32 {
    let values = board.values();
    let [a, d] = cell_codes(board, us, p);
    values.side[us.index()].cell[a][ATTACK] as i32
        + values.side[us.opp().index()].cell[d][DEFENCE] as i32
}

/// The ordering value of every pattern code for the mover (`[0]`) and against the opponent
/// (`[1]`): the sum of its four patterns' [`ORDER_PATTERN_ATTACK`] / [`ORDER_PATTERN_DEFEND`].
static PATTERN_ORDER: LazyLock<Box<[[i32; CODES]; 2]>> = LazyLock::new(|| {
    let mut t = Box::new([[0; CODES]; 2]);
    for code in 0..CODES {
        for p in patterns_of(code) {
            t[0][code] += ORDER_PATTERN_ATTACK[p as usize];
            t[1][code] += ORDER_PATTERN_DEFEND[p as usize];
        }
    }
    t
});

/// What the line patterns of the empty cell `p` say of it as a move of `us`: the sum over its
/// four directions of what it makes for `us` and what it takes from the opponent. Finer than
/// the classes, which leave most quiet cells tied.
#[inline]
pub fn pattern_score(board: &Board, us: Color, p: Pos) -> i32 {
    let t = &*PATTERN_ORDER;
    let [a, d] = cell_codes(board, us, p);
    t[0][a] + t[1][d]
}

/// A table of fitted ordering values of the pattern codes (written by `rensa-train order
/// -codes`): for each code, `[0]` what a cell of that code for the mover is worth as its move,
/// `[1]` what a cell of that code for the opponent is worth (taking it), in hundredths of a
/// natural log of the odds that the search plays the cell.
pub type CodeTable = [[i32; 2]; CODES];

/// The text of each rule family's code table, in [`code_family`] order: freestyle (standard
/// too: its patterns differ only by the overline), renju, caro. Lines starting with `#` are
/// comments; then one line `code attack defence` per code, in code order.
pub const CODE_TABLE_FILES: [&str; 3] = [
    include_str!("order-codes.txt"),
    include_str!("order-codes-renju.txt"),
    include_str!("order-codes-caro.txt"),
];

/// The names of [`CODE_TABLE_FILES`] in `src/search/`.
pub const CODE_TABLE_NAMES: [&str; 3] = [
    "order-codes.txt",
    "order-codes-renju.txt",
    "order-codes-caro.txt",
];

/// The parsed tables of [`CODE_TABLE_FILES`].
static CODE_ORDER: LazyLock<[Box<CodeTable>; 3]> = LazyLock::new(|| {
    CODE_TABLE_FILES.map(|text| parse_code_order(text).expect("the code tables are valid"))
});

/// The index of `rule`'s table in [`CODE_TABLE_FILES`].
pub const fn code_family(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle | Rule::Standard => 0,
        Rule::Renju => 1,
        Rule::CaroOverline | Rule::Caro => 2,
    }
}

/// The code ordering table of `rule`.
pub fn code_table(rule: Rule) -> &'static CodeTable {
    &CODE_ORDER[code_family(rule)]
}

/// Parses the text of a code ordering table (see [`CODE_ORDER`]).
pub fn parse_code_order(text: &str) -> Result<Box<CodeTable>, String> {
    let mut t = Box::new([[0; 2]; CODES]);
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<i32> = line
            .split_whitespace()
            .map(|x| x.parse::<i32>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("line {}: {e}", i + 1))?;
        match f[..] {
            [code, attack, defence] if code as usize == n && n < CODES => {
                t[n] = [attack, defence];
                n += 1;
            }
            _ => return Err(format!("line {}: expected `{n} attack defence`", i + 1)),
        }
    }
    if n != CODES {
        return Err(format!("{n} codes, expected {CODES}"));
    }
    Ok(t)
}

/// What the code table `t` (the rule's [`code_table`]) says of the empty cell `p` as a move of
/// `us`.
#[inline]
pub fn code_score(t: &CodeTable, board: &Board, us: Color, p: Pos) -> i32 {
    let [a, d] = cell_codes(board, us, p);
    t[a][0] + t[d][1]
}

/// Whether `us` may play the cell at all (renju: Black's forbidden points are excluded).
#[inline]
pub fn playable(rule: Rule, us: Color, m: &MoveEntry) -> bool {
    !(rule == Rule::Renju && us == Color::Black && m.att == Class::Forbid)
}

/// Keeps, in place, the moves of `moves[..n]` that `score` gives a value, storing it as their
/// ordering score; a dropped move is swapped with the last kept candidate. Returns how many
/// remain. (The order among them is made total later by [`pick_next`].)
#[inline]
pub fn retain_scored(
    moves: &mut [MoveEntry],
    mut n: usize,
    mut score: impl FnMut(&MoveEntry) -> Option<i32>,
) -> usize {
    let mut i = 0;
    while i < n {
        match score(&moves[i]) {
            Some(v) => {
                moves[i].score = v;
                i += 1;
            }
            None => {
                n -= 1;
                moves.swap(i, n);
            }
        }
    }
    n
}

/// Moves the best remaining entry of `moves[from..]` to `from` (score, then lower cell index).
#[inline]
pub fn pick_next(moves: &mut [MoveEntry], from: usize) {
    let mut best = from;
    for i in from + 1..moves.len() {
        let (a, b) = (&moves[i], &moves[best]);
        if a.score > b.score || (a.score == b.score && a.pos.0 < b.pos.0) {
            best = i;
        }
    }
    moves.swap(from, best);
}

/// Sorts `moves` into the order that [`pick_next`] would take them in (score, then lower cell
/// index: a total order, so the result is the same sequence). A node that is still searching
/// after its first few moves sorts the rest once instead of picking each in a walk over them
/// all: with the move-count pruning, most of the later picks only find a move to skip.
#[inline]
pub fn sort_rest(moves: &mut [MoveEntry]) {
    moves.sort_unstable_by(|a, b| b.score.cmp(&a.score).then(a.pos.0.cmp(&b.pos.0)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Grid;

    /// Sorting the rest once gives the sequence that picking each move in turn gives: ties of
    /// score broken by the lower cell, whatever order the entries came in.
    #[test]
    fn sorting_the_rest_keeps_the_pick_order() {
        let scores = [5, -3, 5, 900, 0, 5, 12, -3, 900, 7, 0, 5];
        let entries: Vec<MoveEntry> = scores
            .iter()
            .enumerate()
            .map(|(k, &score)| MoveEntry {
                pos: Pos((k as u16 * 37) % 101),
                score,
                ..MoveEntry::default()
            })
            .collect();
        let mut picked = entries.clone();
        for i in 0..picked.len() {
            pick_next(&mut picked, i);
        }
        for first in 0..4 {
            let mut mixed = entries.clone();
            for i in 0..first {
                pick_next(&mut mixed, i);
            }
            sort_rest(&mut mixed[first..]);
            let cells = |v: &[MoveEntry]| v.iter().map(|m| m.pos).collect::<Vec<_>>();
            assert_eq!(cells(&mixed), cells(&picked), "sorted after {first} picks");
        }
    }

    /// The shipped code tables parse, each is its own family's (the header the trainer wrote
    /// names the file, and no table is a copy of another), and the parser refuses a short or
    /// disordered one.
    #[test]
    fn code_order_tables_are_complete() {
        for (text, name) in CODE_TABLE_FILES.iter().zip(CODE_TABLE_NAMES) {
            let t = parse_code_order(text).expect("table");
            assert!(t.iter().any(|v| v[0] != 0));
            assert!(
                text.contains(&format!("(src/search/{name},")),
                "{name}'s header"
            );
        }
        let tables: Vec<&CodeTable> = Rule::ALL.iter().map(|&r| code_table(r)).collect();
        assert_ne!(tables[0], tables[2], "freestyle and renju");
        assert_ne!(tables[0], tables[3], "freestyle and caro");
        assert_ne!(tables[2], tables[3], "renju and caro");
        assert_eq!(code_family(Rule::Standard), code_family(Rule::Freestyle));
        assert_eq!(code_family(Rule::CaroOverline), code_family(Rule::Caro));
        assert!(parse_code_order("# only a comment\n0 1 2\n").is_err());
        assert!(parse_code_order("1 1 2\n").is_err());
        assert!(parse_code_order("0 x 2\n").is_err());
    }

    /// The classes leave most quiet cells tied; the patterns tell them apart. Off Black's
    /// lines (class `None` for both sides), a cell with room on all four lines comes before one
    /// against the edge; and White, to move, values a cell next to a Black stone (what it takes
    /// from Black) above one off Black's lines.
    #[test]
    fn patterns_order_cells_that_the_classes_leave_tied() {
        let grid = Grid::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . X . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . X . .
            . . . . . . . . .
            . . . . . . . . .",
        )
        .expect("board");
        let b = Board::from_grid(&grid, Rule::Freestyle);
        let score = |p| pattern_score(&b, Color::Black, p);
        let class = |p| (b.class(p, Color::Black), b.class(p, Color::White));
        let (open, edge) = (Pos::new(3, 4), Pos::new(0, 1));
        assert_eq!(class(open), (Class::None, Class::None));
        assert_eq!(class(edge), (Class::None, Class::None));
        assert!(score(open) > score(edge), "{} {}", score(open), score(edge));
        let white = |p| pattern_score(&b, Color::White, p);
        assert!(white(Pos::new(6, 5)) > white(open));
    }
}
