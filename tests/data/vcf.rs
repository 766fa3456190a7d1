//! The VCF positions of the tactical suite (`vcf.txt`), shared by `tests/tactics.rs` and
//! `examples/vcf_timing.rs`, and an independent check of a VCF line.
//!
//! Each position of `vcf.txt` is a block of `key: value` lines followed by the board:
//!
//! ```text
//! name: black_vcf_9_fours        (the test's name)
//! rule: freestyle                (a `Rule::name`: freestyle, standard, renju, caro8, caro)
//! fours: 9                       (attacking fours of the shortest VCF)
//! moves: 7,3 8,4                 (every first four that starts a VCF of at most 21 fours)
//! line: 7,3 8,3 ...              (one shortest winning line: four, block, four, block, ...)
//! nodes: 2000                    (optional: the test's node limit, when not the default)
//! board:
//! . . X ...
//! ```
//!
//! Lines starting with `#` are comments (so a board here cannot draw blocked cells); a blank
//! line ends the board. The side to move follows
//! from the stone counts (Black when they are equal). `fours` and `moves` were computed by a
//! separate brute-force VCF solver written on the referee's rules (`rule::is_five`,
//! `rule::is_legal`), not by the engine; [`check_line`] replays a line on the same rules.

#![allow(dead_code)]

use rensa::board::rule;
use rensa::{Color, Grid, Pos, Rule};

/// The data file.
pub const DATA: &str = include_str!("vcf.txt");

/// One position of `vcf.txt`.
#[derive(Clone, Debug)]
pub struct VcfPosition {
    pub name: String,
    pub rule: Rule,
    pub fours: u32,
    pub moves: Vec<String>,
    pub line: Vec<String>,
    pub nodes: Option<u64>,
    pub board: String,
}

impl VcfPosition {
    pub fn grid(&self) -> Grid {
        Grid::from_ascii(&self.board).unwrap()
    }

    /// The side to move: Black when the stone counts are equal.
    pub fn to_move(&self) -> Color {
        let [x, o] = self.grid().stone_counts();
        if x > o {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// Every position of [`DATA`].
pub fn positions() -> Vec<VcfPosition> {
    parse(DATA)
}

/// The position named `name`.
pub fn position(name: &str) -> VcfPosition {
    positions()
        .into_iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no VCF position {name:?} in vcf.txt"))
}

fn rule_by_name(name: &str) -> Rule {
    Rule::ALL
        .into_iter()
        .find(|r| r.name() == name)
        .unwrap_or_else(|| panic!("unknown rule {name:?}"))
}

/// Parses the format described in the module documentation.
pub fn parse(text: &str) -> Vec<VcfPosition> {
    let mut out = Vec::new();
    let mut cur: Option<VcfPosition> = None;
    let mut in_board = false;
    let words = |v: &str| v.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('#') {
            continue;
        }
        if in_board {
            if t.is_empty() {
                in_board = false;
                out.extend(cur.take());
            } else {
                let p = cur.as_mut().unwrap();
                p.board.push_str(t);
                p.board.push('\n');
            }
            continue;
        }
        if t.is_empty() {
            continue;
        }
        let (key, value) = t
            .split_once(':')
            .unwrap_or_else(|| panic!("bad line {t:?}"));
        let value = value.trim();
        if key == "name" {
            cur = Some(VcfPosition {
                name: value.to_string(),
                rule: Rule::Freestyle,
                fours: 0,
                moves: Vec::new(),
                line: Vec::new(),
                nodes: None,
                board: String::new(),
            });
            continue;
        }
        let p = cur.as_mut().expect("a position starts with `name:`");
        match key {
            "rule" => p.rule = rule_by_name(value),
            "fours" => p.fours = value.parse().unwrap(),
            "moves" => p.moves = words(value),
            "line" => p.line = words(value),
            "nodes" => p.nodes = Some(value.parse().unwrap()),
            "board" => in_board = true,
            _ => panic!("unknown key {key:?}"),
        }
    }
    out.extend(cur.take());
    out
}

/// Reads `x,y`.
pub fn pos(s: &str) -> Pos {
    let (x, y) = s.split_once(',').unwrap();
    Pos::new(x.parse().unwrap(), y.parse().unwrap())
}

/// Cells as `x,y` words.
pub fn show(cells: &[Pos]) -> String {
    let words: Vec<String> = cells.iter().map(Pos::to_string).collect();
    words.join(" ")
}

/// The empty cells where `color` would make a winning line now.
pub fn five_points(g: &Grid, color: Color, rule: Rule) -> Vec<Pos> {
    g.positions()
        .filter(|&p| g.is_empty(p) && rule::is_five(g, p, color, rule))
        .collect()
}

/// The cells where `them` stops every five of `us` after `us` made a four: each five point
/// itself and, in caro, a cell beyond the completed five that would leave it blocked at both
/// ends (any cell within five steps of a five point on one of its lines can matter). A cell
/// `them` may not play (a renju foul for Black) is no defence.
pub fn defences(g: &Grid, us: Color, rule: Rule) -> Vec<Pos> {
    let them = us.opp();
    let fives = five_points(g, us, rule);
    let mut out = Vec::new();
    let Some(&f) = fives.first() else {
        return out;
    };
    let mut cand = vec![f];
    if rule.blocked_five_void() {
        for &d in rensa::board::DIRS.iter() {
            for k in -5isize..=5 {
                let q = f.step(d, k);
                if k != 0 && g.is_on_board(q) && g.is_empty(q) {
                    cand.push(q);
                }
            }
        }
    }
    let mut scratch = g.clone();
    for d in cand {
        if !rule::is_legal(g, d, them, rule) {
            continue;
        }
        scratch.set(d, them.stone());
        if five_points(&scratch, us, rule).is_empty() {
            out.push(d);
        }
        scratch.set(d, rensa::Cell::Empty);
    }
    out
}

/// Replays `line` (attacker's four, defender's block, ...) from `grid` with `us` to move and
/// checks that it is a winning line of continuous fours: each attacking move is legal and makes
/// a four, each reply stops it (outside caro the only way to: the completion point; in caro a
/// stone beyond the other end of the completed five may void it instead, and the line then
/// shows one of the defences), the defender never gets a five, and the line ends with a five, or with (or right after) a four
/// that cannot be stopped: two completion points, or in renju a White four whose completion
/// point is forbidden for Black. Returns the number of attacking fours.
pub fn check_line(grid: &Grid, rule: Rule, us: Color, line: &[Pos]) -> Result<u32, String> {
    let them = us.opp();
    let mut g = grid.clone();
    let mut fours = 0;
    let mut i = 0;
    loop {
        let Some(&a) = line.get(i) else {
            return Err("the line ends before a win".into());
        };
        let threats = five_points(&g, them, rule);
        if threats.len() >= 2 || (threats.len() == 1 && threats[0] != a) {
            return Err(format!(
                "{a}: the defender threatens five at {}",
                show(&threats)
            ));
        }
        if !rule::is_legal(&g, a, us, rule) {
            return Err(format!("{a}: illegal for the attacker"));
        }
        if rule::is_five(&g, a, us, rule) {
            return if i + 1 == line.len() {
                Ok(fours)
            } else {
                Err(format!("{a}: a five before the end of the line"))
            };
        }
        g.set(a, us.stone());
        fours += 1;
        if five_points(&g, us, rule).is_empty() {
            return Err(format!("{a}: not a four"));
        }
        let defs = defences(&g, us, rule);
        let Some(&d) = line.get(i + 1) else {
            return if defs.is_empty() {
                Ok(fours)
            } else {
                Err(format!(
                    "{a}: the line ends with a four stopped by {}",
                    show(&defs)
                ))
            };
        };
        if defs.is_empty() {
            // Unstoppable: whatever the defender plays, the next move is the five.
            if !g.is_empty(d)
                || !rule::is_legal(&g, d, them, rule)
                || rule::is_five(&g, d, them, rule)
            {
                return Err(format!("{d}: not a legal reply"));
            }
            g.set(d, them.stone());
            let &f = line
                .get(i + 2)
                .ok_or_else(|| format!("{d}: the line stops before the five"))?;
            return if rule::is_five(&g, f, us, rule) && i + 3 == line.len() {
                Ok(fours)
            } else {
                Err(format!("{f}: not the closing five"))
            };
        }
        if !defs.contains(&d) {
            return Err(format!(
                "{d}: does not stop the four {a} (defences {})",
                show(&defs)
            ));
        }
        if rule::is_five(&g, d, them, rule) {
            return Err(format!("{d}: the block makes five"));
        }
        g.set(d, them.stone());
        i += 2;
    }
}
