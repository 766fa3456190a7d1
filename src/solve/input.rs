//! The solver's input: positions as pos strings (one a line), a Piskvork PSQ file (one
//! position), or Gomoku SGF games (one position each), read into boards with the side to move.
//!
//! * pos string: `h8i9j7`, stones in move order, Black first ([`notation::parse_pos_string`]).
//! * PSQ (protocol.md §11): the first line `Piskvorky WxH, …` (this is how a PSQ file is
//!   recognised), then one `x,y[,ms]` line a move, 1-based, Black first; the lines after the
//!   moves (the brains' names, the result code) end them.
//! * SGF: `(;GM[4]SZ[15];B[hh];W[ii]…)`, x and y as letters from `a` = 0 (`A` = 26 after `z`),
//!   `SZ[N]` or `SZ[W:H]` for the size, setup stones `AB[..]`/`AW[..]`; only the main line of a
//!   game tree is read. A game may span lines.
//!
//! Blank lines and lines starting with `#` are skipped. A position is checked, not its history:
//! every stone on the board and on an empty cell, the stone counts leave a side to move (Black
//! when they are equal, White when Black has one more), and no five stands on the board. Black's
//! renju fouls in the record are not judged. [`read_moves`] reads each item as a game instead and
//! gives its position after each stone, up to the five that ends it.

use crate::board::{notation, rule, Board, Grid, Pos};
use crate::protocol::command::clip;
use crate::types::{Color, Rule, MAX_SIZE, MIN_SIZE};

/// The board a position is set up on when its input does not give a size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub width: usize,
    pub height: usize,
    pub rule: Rule,
}

/// A position to solve.
#[derive(Clone)]
pub struct Position {
    pub board: Board,
    pub to_move: Color,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("stones", &pos_string(&self.board))
            .field("to_move", &self.to_move)
            .finish()
    }
}

/// One position of the input: the text it came from, on one line, and the position or why
/// there is none.
#[derive(Clone, Debug)]
pub struct Record {
    /// A pos string as given; a PSQ file or an SGF game as the pos string of its stones (in
    /// the order read) when they parse, else its first line.
    pub input: String,
    pub position: Result<Position, String>,
}

/// Reads every position of `text`.
pub fn read(text: &str, setup: Setup) -> Vec<Record> {
    games(text, setup)
        .into_iter()
        .map(|g| g.record(setup.rule))
        .collect()
}

/// Reads every game of `text` and gives its position after each of its stones in turn
/// (`solve -moves`), up to the stone that makes five (that position is the game's end, not one
/// to solve). A game that does not parse, or a prefix that cannot be set up, gives one error
/// record, and its later prefixes none.
pub fn read_moves(text: &str, setup: Setup) -> Vec<Record> {
    let mut records = Vec::new();
    for game in games(text, setup) {
        let (stones, width, height) = match game.stones {
            Ok(s) => s,
            Err(e) => {
                records.push(Record {
                    input: game.input.unwrap_or(game.fallback),
                    position: Err(e),
                });
                continue;
            }
        };
        for k in 1..=stones.len() {
            let position = place(&stones[..k], width, height, setup.rule);
            if position.as_ref().is_err_and(|e| e.starts_with(GAME_OVER)) {
                break;
            }
            let failed = position.is_err();
            let input = cells_string(stones[..k].iter().map(|&(x, y, _)| (x, y)));
            records.push(Record { input, position });
            if failed {
                break;
            }
        }
    }
    records
}

/// The start of the error of a position with a five on the board.
const GAME_OVER: &str = "game already over";

/// One input item before it is set up: its stones in the order read, with the board size.
struct Parsed {
    /// The text to show for it, if fixed (a pos line as given) ...
    input: Option<String>,
    /// ... else its pos string once set up, or this when it cannot be.
    fallback: String,
    stones: Result<Stones, String>,
}

/// Stones in the order read, each with its colour, and the board's width and height.
type Stones = (Vec<(usize, usize, Color)>, usize, usize);

impl Parsed {
    fn record(self, rule: Rule) -> Record {
        let position = self
            .stones
            .and_then(|(stones, w, h)| place(&stones, w, h, rule));
        let input = self.input.unwrap_or_else(|| match &position {
            Ok(p) => pos_string(&p.board),
            Err(_) => self.fallback,
        });
        Record { input, position }
    }
}

/// Every item of `text`: one PSQ file, or pos lines and SGF games.
fn games(text: &str, setup: Setup) -> Vec<Parsed> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    if first.is_some_and(|l| starts_with_ignore_case(l, "piskvorky")) {
        return vec![read_psq(text)];
    }
    let mut items = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let (line, next) = rest.split_once('\n').unwrap_or((rest, ""));
        let trimmed = line.trim();
        if trimmed.starts_with('(') {
            // An SGF game (or several) from here, across lines if need be.
            let start = &rest[rest.len() - rest.trim_start().len()..];
            let (games, after) = split_sgf(start);
            for game in games {
                items.push(read_sgf(game, setup));
            }
            rest = after;
            continue;
        }
        rest = next;
        if !(trimmed.is_empty() || trimmed.starts_with('#')) {
            items.push(read_pos_line(trimmed, setup));
        }
    }
    items
}

fn starts_with_ignore_case(s: &str, prefix: &str) -> bool {
    s.get(..prefix.len())
        .is_some_and(|h| h.eq_ignore_ascii_case(prefix))
}

/// Stones in move order, Black first.
fn alternating(cells: &[(usize, usize)]) -> Vec<(usize, usize, Color)> {
    let colour = |i: usize| [Color::Black, Color::White][i % 2];
    cells
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| (x, y, colour(i)))
        .collect()
}

fn read_pos_line(line: &str, setup: Setup) -> Parsed {
    Parsed {
        input: Some(line.to_string()),
        fallback: String::new(),
        stones: notation::parse_pos_string(line)
            .map(|cells| (alternating(&cells), setup.width, setup.height)),
    }
}

/// The board size of a `WxH` (or `N`) text.
fn parse_size(text: &str) -> Option<(usize, usize)> {
    let text = text.trim();
    let (w, h) = text.split_once(['x', 'X', ':']).unwrap_or((text, text));
    Some((w.trim().parse().ok()?, h.trim().parse().ok()?))
}

fn read_psq(text: &str) -> Parsed {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let header = lines.next().unwrap_or_default();
    let mut cells = Vec::new();
    for line in lines {
        let fields: Option<Vec<i64>> = line
            .split(',')
            .map(|f| f.trim().parse::<i64>().ok())
            .collect();
        match fields.as_deref() {
            Some([x, y] | [x, y, _]) => cells.push((*x, *y)),
            _ => break, // the names and the result code after the moves
        }
    }
    let size = header
        .get("piskvorky".len()..)
        .and_then(|s| parse_size(s.split(',').next().unwrap_or_default()));
    let stones = match size {
        None => Err(format!(
            "PSQ: cannot read the board size in {:?}",
            clip(header)
        )),
        Some((w, h)) => cells
            .iter()
            .map(|&(x, y)| {
                match (
                    usize::try_from(x.saturating_sub(1)),
                    usize::try_from(y.saturating_sub(1)),
                ) {
                    (Ok(x), Ok(y)) => Ok((x, y)),
                    _ => Err(format!("PSQ: move {x},{y} is off the board (1-based)")),
                }
            })
            .collect::<Result<Vec<_>, _>>()
            .map(|cells| (alternating(&cells), w, h)),
    };
    Parsed {
        input: None,
        fallback: clip(header),
        stones,
    }
}

/// The stones of `board` in the order they were placed, as a pos string.
pub fn pos_string(board: &Board) -> String {
    cells_string(board.history().iter().map(|&(p, _)| (p.x(), p.y())))
}

/// `cells` (column, row) as a pos string.
fn cells_string(cells: impl Iterator<Item = (usize, usize)>) -> String {
    cells.map(|(x, y)| notation::cell_name(x, y)).collect()
}

/// Splits the SGF game trees at the start of `text` (which starts with `(`) from what follows
/// them: the rest of the line after the last one, and the lines after. An unterminated game
/// takes the rest of the text.
fn split_sgf(text: &str) -> (Vec<&str>, &str) {
    let mut games = Vec::new();
    let (mut depth, mut in_value, mut escaped) = (0usize, false, false);
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if in_value {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, ']') => in_value = false,
                _ => {}
            }
            continue;
        }
        match c {
            '[' if depth > 0 => in_value = true,
            '(' => {
                if depth == 0 {
                    start = i;
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    games.push(&text[start..=i]);
                }
            }
            c if depth == 0 && !c.is_whitespace() => {
                // Not another game: the rest of this line is left to the caller.
                return (games, &text[i..]);
            }
            '\n' if depth == 0 => {
                return (games, &text[i + 1..]);
            }
            _ => {}
        }
    }
    if depth > 0 {
        games.push(&text[start..]);
    }
    (games, "")
}

/// An SGF point: `hh` is 7,7; `A` follows `z`.
fn sgf_point(v: &str) -> Option<(usize, usize)> {
    let coord = |c: u8| match c {
        b'a'..=b'z' => Some((c - b'a') as usize),
        b'A'..=b'Z' => Some((c - b'A') as usize + 26),
        _ => None,
    };
    match v.as_bytes() {
        [x, y] => Some((coord(*x)?, coord(*y)?)),
        _ => None,
    }
}

/// The properties of an SGF game's main line, in order: (identifier, values).
fn sgf_properties(game: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut props: Vec<(String, Vec<String>)> = Vec::new();
    let mut chars = game.chars().peekable();
    let (mut depth, mut ident) = (0usize, String::new());
    // Set once the first variation closes: the main line is read, the other variations are not.
    let mut main_line_done = false;
    while let Some(c) = chars.next() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                main_line_done = true;
            }
            '[' => {
                let mut value = String::new();
                loop {
                    match chars.next() {
                        None => return Err("SGF: unterminated property value".to_string()),
                        Some(']') => break,
                        Some('\\') => value.extend(chars.next()),
                        Some(c) => value.push(c),
                    }
                }
                if main_line_done {
                    continue;
                }
                if !ident.is_empty() {
                    props.push((std::mem::take(&mut ident), vec![value]));
                } else if let Some(last) = props.last_mut() {
                    last.1.push(value);
                } else {
                    return Err("SGF: a value without a property".to_string());
                }
            }
            c if c.is_ascii_uppercase() => ident.push(c),
            ';' | ' ' | '\t' | '\r' | '\n' => {}
            c if c.is_ascii_lowercase() => {} // FF[1]-style long names: `AddBlack`
            c => return Err(format!("SGF: unexpected {c:?}")),
        }
    }
    if depth != 0 {
        return Err("SGF: unterminated game".to_string());
    }
    Ok(props)
}

fn read_sgf(game: &str, setup: Setup) -> Parsed {
    Parsed {
        input: None,
        fallback: clip(game.lines().next().unwrap_or_default()),
        stones: sgf_stones(game, setup),
    }
}

fn sgf_stones(game: &str, setup: Setup) -> Result<Stones, String> {
    let props = sgf_properties(game)?;
    let (mut width, mut height) = (setup.width, setup.height);
    let mut stones = Vec::new();
    for (ident, values) in &props {
        let colour = match ident.as_str() {
            "GM" if values[0].trim() != "4" => {
                return Err(format!("SGF: GM[{}] is not Gomoku (GM[4])", values[0]))
            }
            "SZ" => {
                (width, height) = parse_size(&values[0])
                    .ok_or_else(|| format!("SGF: cannot read SZ[{}]", values[0]))?;
                continue;
            }
            "B" | "AB" => Color::Black,
            "W" | "AW" => Color::White,
            _ => continue,
        };
        for v in values {
            let pass = v.is_empty() || (v == "tt" && width <= 19 && height <= 19);
            if pass {
                return Err(format!(
                    "SGF: {ident}[{v}] is a pass; passes are not supported"
                ));
            }
            let (x, y) = sgf_point(v).ok_or_else(|| format!("SGF: bad point {ident}[{v}]"))?;
            stones.push((x, y, colour));
        }
    }
    Ok((stones, width, height))
}

/// Sets up `stones` on an empty `width`×`height` board under `rule` and checks the position
/// (see the module documentation).
pub fn place(
    stones: &[(usize, usize, Color)],
    width: usize,
    height: usize,
    rule: Rule,
) -> Result<Position, String> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&width) || !(MIN_SIZE..=MAX_SIZE).contains(&height) {
        return Err(format!(
            "board {width}x{height} is outside {MIN_SIZE}..={MAX_SIZE}"
        ));
    }
    let mut grid = Grid::new(width, height);
    let mut order: Vec<(Pos, Color)> = Vec::with_capacity(stones.len());
    for &(x, y, colour) in stones {
        let name = notation::cell_name(x, y);
        let p = (x < width && y < height)
            .then(|| Pos::new(x, y))
            .ok_or_else(|| format!("{name} is off the {width}x{height} board"))?;
        if !grid.is_empty(p) {
            return Err(format!("{name} is played twice"));
        }
        grid.set(p, colour.stone());
        order.push((p, colour));
    }
    let [black, white] = grid.stone_counts();
    let to_move = if black == white {
        Color::Black
    } else if black == white + 1 {
        Color::White
    } else {
        return Err(format!(
            "{black} black and {white} white stones: no side to move"
        ));
    };
    if let Some(&(p, c)) = order
        .iter()
        .find(|&&(p, c)| rule::is_five(&grid, p, c, rule))
    {
        return Err(format!(
            "{GAME_OVER}: {} five through {}",
            colour_name(c),
            notation::cell_name(p.x(), p.y())
        ));
    }
    let mut board = Board::new(width, height, rule);
    for &(p, c) in &order {
        board.make(p, c);
    }
    Ok(Position { board, to_move })
}

/// `black` or `white`.
pub fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}
