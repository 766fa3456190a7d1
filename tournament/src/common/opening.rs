//! Openings: the stones already on the board when a game starts, in move order (Black first).
//!
//! Read from a file (one opening per line, either a "pos" string `h8i9j7` — letter = x from
//! `a`, number = y + 1 — or a Gomocup offset line `0,0, 1,0, 1,3` relative to the centre
//! `floor(size/2)`), or generated from a seed: a few stones dropped at random near the centre,
//! checked against the rules so no opening already holds a five or a renju foul. A generated
//! opening can be asked to be balanced: Rensa's own node-limited search of it must score within a
//! bound for the side to move, otherwise the next candidate is drawn. [`OpeningSource`] is the
//! choice between the two that `-openings` makes (for rensa-match, rensa-tune and `rensa-train
//! generate` alike), and [`SplitMix`] the seeded generator behind them (also the other tools'
//! seeded shuffles and signs).

use rensa::board::{notation, rule, Board, Grid, Pos};
use rensa::search::{Job, Limits, Tt};
use rensa::types::{Color, Rule};

/// One opening: cells in move order, the first one Black's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub moves: Vec<(usize, usize)>,
}

impl Opening {
    /// The opening as a pos string (`h8i9`); a cell past column `z` is written `x,y`.
    pub fn to_pos_string(&self) -> String {
        self.moves
            .iter()
            .map(|&(x, y)| notation::cell_name(x, y))
            .collect()
    }

    /// Plays the opening on an empty grid, checking every stone with the rules.
    pub fn to_grid(&self, size: usize, rule: Rule) -> Result<Grid, String> {
        let mut grid = Grid::new(size, size);
        let mut color = Color::Black;
        for &(x, y) in &self.moves {
            let p = grid
                .pos(x as i64, y as i64)
                .ok_or_else(|| format!("opening stone {x},{y} is off the {size}x{size} board"))?;
            if !grid.is_empty(p) {
                return Err(format!("opening stone {x},{y} is played twice"));
            }
            if !rule::is_legal(&grid, p, color, rule) {
                return Err(format!("opening stone {x},{y} is a foul for Black"));
            }
            grid.set(p, color.stone());
            if rule::is_five(&grid, p, color, rule) {
                return Err(format!("opening already holds a five at {x},{y}"));
            }
            color = color.opp();
        }
        Ok(grid)
    }
}

/// Where openings come from.
#[derive(Clone, Debug)]
pub enum OpeningSource {
    /// Openings from a file, used in order (wrapping around).
    List(Vec<Opening>),
    /// Seeded random openings of `stones` stones within `radius` of the centre.
    Random {
        stones: usize,
        radius: usize,
        seed: u64,
        /// Balanced openings only: Rensa's search must score them within this bound.
        balance: Option<i32>,
    },
}

impl OpeningSource {
    /// The opening of game `index` (counted from 0) on a `size` board under `rule`.
    pub fn get(&self, index: usize, size: usize, rule: Rule) -> Opening {
        match self {
            OpeningSource::List(v) => v[index % v.len()].clone(),
            OpeningSource::Random {
                stones,
                radius,
                seed,
                balance: None,
            } => generate(*seed, index as u64, *stones, *radius, size, rule),
            OpeningSource::Random {
                stones,
                radius,
                seed,
                balance: Some(b),
            } => generate_balanced(*seed, index as u64, *stones, *radius, size, rule, *b),
        }
    }

    /// The source in one line, the same wherever the run is: the generator's settings, or the
    /// book's size and a checksum of its openings (FNV-1a of their pos strings), not its path.
    /// A sharded run's files carry it so that their merge can check they used one book.
    pub fn describe(&self) -> String {
        match self {
            OpeningSource::List(v) => {
                let mut h: u32 = 0x811c_9dc5;
                for o in v {
                    for b in o.to_pos_string().bytes().chain([b'\n']) {
                        h = (h ^ b as u32).wrapping_mul(0x0100_0193);
                    }
                }
                format!("file openings={} fnv1a={h:08x}", v.len())
            }
            OpeningSource::Random {
                stones,
                radius,
                seed,
                balance,
            } => {
                let b = balance.map_or(String::new(), |b| format!(" balance={b}"));
                format!("random={stones} radius={radius} seed={seed}{b}")
            }
        }
    }
}

/// Parses one line of an opening file for a board of `size`. Blank lines and lines starting
/// with `#` give `Ok(None)`.
pub fn parse_line(line: &str, size: usize) -> Result<Option<Opening>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    if line.contains(',') {
        parse_offsets(line, size).map(Some)
    } else {
        parse_pos(line).map(Some)
    }
}

/// `0,0, 1,0, 1,3`: pairs of signed offsets from the centre `floor(size/2)`.
pub fn parse_offsets(line: &str, size: usize) -> Result<Opening, String> {
    let nums: Vec<i64> = line
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<i64>()
                .map_err(|_| format!("bad number {t:?} in {line:?}"))
        })
        .collect::<Result<_, _>>()?;
    if !nums.len().is_multiple_of(2) {
        return Err(format!("odd number of coordinates in {line:?}"));
    }
    let c = (size / 2) as i64;
    let mut moves = Vec::new();
    for pair in nums.chunks(2) {
        let (x, y) = (c + pair[0], c + pair[1]);
        if x < 0 || y < 0 || x >= size as i64 || y >= size as i64 {
            return Err(format!(
                "offset {},{} is off the {size}x{size} board",
                pair[0], pair[1]
            ));
        }
        moves.push((x as usize, y as usize));
    }
    Ok(Opening { moves })
}

/// `h8i9j10`: a letter for x (from `a`) followed by the 1-based row number.
pub fn parse_pos(line: &str) -> Result<Opening, String> {
    notation::parse_pos_string(line).map(|moves| Opening { moves })
}

/// Reads an opening file; every opening is checked on the board of `size` under `rule`.
pub fn read_file(path: &std::path::Path, size: usize, rule: Rule) -> Result<Vec<Opening>, String> {
    let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&text);
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let what = |e: String| format!("{}:{}: {e}", path.display(), n + 1);
        if let Some(o) = parse_line(line, size).map_err(what)? {
            o.to_grid(size, rule).map_err(what)?;
            out.push(o);
        }
    }
    if out.is_empty() {
        return Err(format!("{}: no openings", path.display()));
    }
    Ok(out)
}

/// SplitMix64: a tiny seeded generator, enough for openings and the fake engines.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

/// The generated opening number `index` of a seeded set: `stones` stones on distinct cells within
/// `radius` of the centre, none making a five or (renju) a Black foul. The same seed, index, size
/// and rule always give the same opening.
pub fn generate(
    seed: u64,
    index: u64,
    stones: usize,
    radius: usize,
    size: usize,
    rule: Rule,
) -> Opening {
    let mut rng = SplitMix(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    let c = size / 2;
    let lo = c.saturating_sub(radius);
    let hi = (c + radius).min(size - 1);
    let span = (hi - lo + 1) as u64;
    let stones = stones.min(((hi - lo + 1) * (hi - lo + 1)) / 2);
    'retry: loop {
        let mut grid = Grid::new(size, size);
        let mut moves = Vec::new();
        let mut color = Color::Black;
        while moves.len() < stones {
            let mut tries = 0;
            loop {
                tries += 1;
                if tries > 1000 {
                    continue 'retry;
                }
                let (x, y) = (lo + rng.below(span) as usize, lo + rng.below(span) as usize);
                let p = Pos::new(x, y);
                if !rule::is_legal(&grid, p, color, rule) {
                    continue;
                }
                grid.set(p, color.stone());
                if rule::is_five(&grid, p, color, rule) {
                    grid.set(p, rensa::types::Cell::Empty);
                    continue;
                }
                moves.push((x, y));
                color = color.opp();
                break;
            }
        }
        return Opening { moves };
    }
}

/// Nodes of the search that judges whether a generated opening is balanced.
pub const BALANCE_NODES: u64 = 20_000;
/// Candidates drawn for one balanced opening before the best-balanced of them is taken.
pub const BALANCE_TRIES: u64 = 200;

/// The score of `opening` for the side to move by a node-limited ([`BALANCE_NODES`]) search of
/// Rensa's own engine: deterministic for the same opening, size and rule.
pub fn balance_score(opening: &Opening, size: usize, rule: Rule) -> i32 {
    let Ok(grid) = opening.to_grid(size, rule) else {
        return i32::MAX;
    };
    let mut board = Board::new(size, size, rule);
    let mut color = Color::Black;
    for &(x, y) in &opening.moves {
        board.make(Pos::new(x, y), color);
        color = color.opp();
    }
    debug_assert_eq!(board.grid(), &grid);
    let tt = Tt::new(1 << 20);
    Job::new(&board, color, Limits::nodes(BALANCE_NODES), &tt)
        .run()
        .score
}

/// Like [`generate`], but the opening's [`balance_score`] must be within `max_score` of 0:
/// candidates are drawn from the same seed until one is, or after [`BALANCE_TRIES`] the most
/// balanced candidate is used. Deterministic.
pub fn generate_balanced(
    seed: u64,
    index: u64,
    stones: usize,
    radius: usize,
    size: usize,
    rule: Rule,
    max_score: i32,
) -> Opening {
    let mut best: Option<(i32, Opening)> = None;
    for k in 0..BALANCE_TRIES {
        let sub = seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let o = generate(sub, index, stones, radius, size, rule);
        let v = balance_score(&o, size, rule).saturating_abs();
        if v <= max_score {
            return o;
        }
        if best.as_ref().is_none_or(|(b, _)| v < *b) {
            best = Some((v, o));
        }
    }
    best.expect("at least one try").1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced_openings_are_reproducible_and_within_the_bound() {
        for rule in [Rule::Freestyle, Rule::Standard] {
            let a = generate_balanced(5, 3, 3, 3, 15, rule, 120);
            assert_eq!(a, generate_balanced(5, 3, 3, 3, 15, rule, 120));
            assert!(a.to_grid(15, rule).is_ok());
            assert!(balance_score(&a, 15, rule).abs() <= 120, "{rule:?} {a:?}");
        }
    }

    #[test]
    fn pos_strings_parse_as_letter_column_and_one_based_row() {
        let o = parse_line("h8i9j10", 15).unwrap().unwrap();
        assert_eq!(o.moves, vec![(7, 7), (8, 8), (9, 9)]);
        assert_eq!(o.to_pos_string(), "h8i9j10");
        assert_eq!(parse_line("H8", 15).unwrap().unwrap().moves, vec![(7, 7)]);
        assert!(parse_line("h0", 15).is_err());
        assert!(parse_line("8h", 15).is_err());
        assert!(parse_line("h", 15).is_err());
        assert_eq!(parse_line("  # comment", 15).unwrap(), None);
        assert_eq!(parse_line("", 15).unwrap(), None);
    }

    #[test]
    fn offsets_are_relative_to_the_floor_centre() {
        let o = parse_line("0,0, 1,0, 1,3", 15).unwrap().unwrap();
        assert_eq!(o.moves, vec![(7, 7), (8, 7), (8, 10)]);
        let o = parse_line("-1,-2 0,0", 20).unwrap().unwrap();
        assert_eq!(o.moves, vec![(9, 8), (10, 10)]);
        assert!(parse_line("0,0, 1", 15).is_err());
        assert!(parse_line("8,0", 15).is_err(), "off board");
        assert!(parse_line("0,x", 15).is_err());
    }

    #[test]
    fn openings_are_checked_on_the_board() {
        let o = parse_pos("h8h8").unwrap();
        assert!(o.to_grid(15, Rule::Freestyle).is_err(), "same cell twice");
        let o = parse_pos("p1").unwrap();
        assert!(o.to_grid(15, Rule::Freestyle).is_err(), "off board");
        let g = parse_pos("h8i9").unwrap().to_grid(15, Rule::Renju).unwrap();
        assert_eq!(g.stone_counts(), [1, 1]);
    }

    #[test]
    fn generated_openings_are_reproducible_and_near_the_centre() {
        for rule in Rule::ALL {
            let a = generate(42, 7, 5, 3, 15, rule);
            assert_eq!(a, generate(42, 7, 5, 3, 15, rule));
            assert_eq!(a.moves.len(), 5);
            assert!(a
                .moves
                .iter()
                .all(|&(x, y)| (4..=10).contains(&x) && (4..=10).contains(&y)));
            a.to_grid(15, rule).unwrap();
        }
        assert_ne!(
            generate(42, 7, 5, 3, 15, Rule::Freestyle),
            generate(42, 8, 5, 3, 15, Rule::Freestyle)
        );
        assert_eq!(generate(1, 1, 3, 1, 5, Rule::Freestyle).moves.len(), 3);
    }
}
