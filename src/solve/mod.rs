//! `pbrain-rensa solve`: threat puzzles. For each position read ([`input`]) it asks whether the
//! side to move wins by continuous fours (VCF) or continuous threats (VCT) within a node limit
//! ([`search::prove`]), and prints the winning line to the five; failing that, whether the
//! opponent would win if the side to move passed, and then which of its moves hold (the
//! opponent's win is no longer found after them). With `-moves` each input is a game, solved
//! after each of its stones for the side to move's win alone (the analysis of a lost game: the
//! first position won by force follows the move that let it in). This module owns the options,
//! the line's completion to the five and both output formats (text and JSON lines); the
//! searching is the engine's own threat search, unchanged.

pub mod input;

use crate::board::{notation, rule, Board, Class, Pos};
use crate::protocol::command::decode_rule;
use crate::search::{self, Proof, ProofKind, ThreadData};
use crate::types::{Color, Rule};
use input::{colour_name, Record, Setup};
use std::io::Write;
use std::time::{Duration, Instant};

/// Nodes of each proof when `-nodes` is not given.
pub const DEFAULT_NODES: u64 = 1_000_000;
/// Each candidate defence gets this fraction of the node limit (its own proof of the
/// opponent's win).
const DEFENCE_SHARE: u64 = 10;

/// The command line of `solve`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The board of positions that do not give one (PSQ and SGF give their size).
    pub setup: Setup,
    /// Nodes of each proof: ours, and the opponent's after a pass; a defence gets a tenth.
    pub nodes: u64,
    pub json: bool,
    /// Each input is a game: solve its position after each stone (`-moves`), without the
    /// opponent's win after a pass.
    pub moves: bool,
    /// The input file; `-` is stdin.
    pub file: String,
}

/// Reads the arguments after `solve`.
pub fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        setup: Setup {
            width: 15,
            height: 15,
            rule: Rule::Freestyle,
        },
        nodes: DEFAULT_NODES,
        json: false,
        moves: false,
        file: String::new(),
    };
    let mut args = args.iter();
    let mut file = None;
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or_else(|| format!("{name} needs a value"))
                .map(|v| v.trim())
        };
        match a.as_str() {
            "-rule" => {
                let v = value("-rule")?;
                let code = v.parse::<i64>().map_err(|_| format!("bad -rule {v:?}"))?;
                match decode_rule(code) {
                    (rule, None) => options.setup.rule = rule,
                    (_, Some(_)) => {
                        return Err(format!(
                            "-rule {code} is not supported (0, 1, 4, 8 or 9; 2 is renju too)"
                        ))
                    }
                }
            }
            "-size" => {
                let v = value("-size")?;
                let (w, h) = match v.split_once(['x', 'X']) {
                    Some((w, h)) => (w.parse::<usize>(), h.parse::<usize>()),
                    None => (v.parse::<usize>(), v.parse::<usize>()),
                };
                let (Ok(width), Ok(height)) = (w, h) else {
                    return Err(format!("bad -size {v:?} (N or WxH)"));
                };
                options.setup.width = width;
                options.setup.height = height;
            }
            "-nodes" => {
                let v = value("-nodes")?;
                options.nodes = v
                    .replace('_', "")
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("bad -nodes {v:?}"))?;
            }
            "-json" => options.json = true,
            "-moves" => options.moves = true,
            f if file.is_none() && (f == "-" || !f.starts_with('-')) => file = Some(f.to_string()),
            other => return Err(format!("unknown solve argument {other:?}")),
        }
    }
    let range = crate::types::MIN_SIZE..=crate::types::MAX_SIZE;
    let (w, h) = (options.setup.width, options.setup.height);
    if !range.contains(&w) || !range.contains(&h) {
        return Err(format!("-size {w}x{h} is outside 5..=32"));
    }
    options.file = file.ok_or("solve needs a FILE (or - for stdin)")?;
    Ok(options)
}

/// The opponent's win if the side to move passed, and the moves that stop it.
#[derive(Clone, Debug)]
pub struct Threat {
    /// The opponent's proof, its line completed to the five where the rest is forced.
    pub proof: Proof,
    /// The side to move's moves (near the stones, legal, in board order) after which the
    /// opponent's win is not found within a tenth of the node limit.
    pub defences: Vec<Pos>,
    /// How many moves were tried.
    pub tried: usize,
}

/// What [`solve`] found.
#[derive(Clone, Debug)]
pub struct Solution {
    pub to_move: Color,
    /// The side to move's proof (a win if `kind` is set), its line completed to the five
    /// where the rest is forced.
    pub proof: Proof,
    /// Without a win: the opponent's, after a pass (`None`: none found, or we win, or it was
    /// not asked: `passed` false).
    pub threat: Option<Threat>,
    /// Whether the opponent's win after a pass was searched.
    pub passed: bool,
    /// Every node of every proof.
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Solves `board` for `us` to move: our win within `nodes` nodes; without one, and if `pass`,
/// the opponent's after a pass within `nodes`, and each candidate defence within `nodes / 10`.
pub fn solve(board: &Board, us: Color, nodes: u64, pass: bool, data: &mut ThreadData) -> Solution {
    let start = Instant::now();
    let proof = completed(board, us, search::prove(board, us, nodes, data));
    let mut total = proof.nodes;
    let mut threat = None;
    let passed = pass && proof.kind.is_none();
    if passed {
        let them = us.opp();
        let theirs = completed(board, them, search::prove(board, them, nodes, data));
        total += theirs.nodes;
        if theirs.kind.is_some() {
            let mut b = board.clone();
            let budget = (nodes / DEFENCE_SHARE).max(1);
            let (grid, rule) = (board.grid(), board.rule());
            let mut cells: Vec<Pos> = board
                .candidates()
                .filter(|&p| rule::is_legal(grid, p, us, rule))
                .collect();
            cells.sort_unstable();
            let mut defences = Vec::new();
            for &p in &cells {
                b.make(p, us);
                let after = search::prove(&b, them, budget, data);
                b.undo();
                total += after.nodes;
                if after.kind.is_none() {
                    defences.push(p);
                }
            }
            threat = Some(Threat {
                proof: theirs,
                defences,
                tried: cells.len(),
            });
        }
    }
    Solution {
        to_move: us,
        proof,
        threat,
        passed,
        nodes: total,
        elapsed: start.elapsed(),
    }
}

/// `proof` (of `us` to move on `board`) with its line played on to the five where the rest
/// is forced: the attacker makes a five, or an open four or double four; the defender blocks a
/// five, or the attacker's open-four cell. Stops where that is not enough (a defender who
/// cannot block legally: renju Black facing a four completed on a foul).
fn completed(board: &Board, us: Color, mut proof: Proof) -> Proof {
    if proof.kind.is_none() {
        return proof;
    }
    let mut b = board.clone();
    let mut side = us;
    for &p in &proof.line {
        b.make(p, side);
        side = side.opp();
    }
    let rule = b.rule();
    let legal_cell = |b: &Board, c: Color, class: Class| {
        b.grid().positions().find(|&p| {
            b.is_empty(p) && b.class(p, us) == class && rule::is_legal(b.grid(), p, c, rule)
        })
    };
    while !ends_in_five(&b) && proof.line.len() < proof.plies {
        let next = if side == us {
            [Class::Five, Class::Flex4, Class::DoubleFour]
                .iter()
                .find_map(|&class| legal_cell(&b, us, class))
        } else {
            [Class::Five, Class::Flex4]
                .iter()
                .find_map(|&class| legal_cell(&b, side, class))
        };
        let Some(p) = next else { break };
        b.make(p, side);
        proof.line.push(p);
        side = side.opp();
    }
    proof
}

/// Whether the last stone on `b` made a five.
fn ends_in_five(b: &Board) -> bool {
    b.last_move()
        .is_some_and(|(p, c)| rule::is_five(b.grid(), p, c, b.rule()))
}

/// One position's outcome, as printed.
pub enum Outcome {
    Solved(Solution),
    Error(String),
}

/// Totals for the summary line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    pub positions: usize,
    pub vcf: usize,
    pub vct: usize,
    pub errors: usize,
    pub nodes: u64,
}

impl Summary {
    fn add(&mut self, outcome: &Outcome) {
        self.positions += 1;
        match outcome {
            Outcome::Error(_) => self.errors += 1,
            Outcome::Solved(s) => {
                self.nodes += s.nodes;
                match s.proof.kind {
                    Some(ProofKind::Vcf) => self.vcf += 1,
                    Some(ProofKind::Vct) => self.vct += 1,
                    None => {}
                }
            }
        }
    }

    /// `12 positions: 8 solved (5 VCF, 3 VCT), 3 without a win, 1 error; 1,234,567 nodes in
    /// 2.50 s (4.8 positions/s)`.
    pub fn line(&self, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64();
        let rate = self.positions as f64 / secs.max(1e-9);
        let none = self.positions - self.vcf - self.vct - self.errors;
        format!(
            "{}: {} solved ({} VCF, {} VCT), {none} without a win, {}; {} in {secs:.2} s ({rate:.1} positions/s)",
            plural(self.positions as u64, "position", "positions"),
            self.vcf + self.vct,
            self.vcf,
            self.vct,
            plural(self.errors as u64, "error", "errors"),
            plural(self.nodes, "node", "nodes"),
        )
    }
}

/// Solves every position of `text` and writes one report each to `out` (text, or a JSON line
/// with `options.json`); returns the totals.
pub fn run(options: &Options, text: &str, out: &mut dyn Write) -> std::io::Result<Summary> {
    let mut data = ThreadData::new();
    let mut summary = Summary::default();
    let records = if options.moves {
        input::read_moves(text, options.setup)
    } else {
        input::read(text, options.setup)
    };
    for (i, record) in records.into_iter().enumerate() {
        let outcome = match &record.position {
            Ok(p) => Outcome::Solved(solve(
                &p.board,
                p.to_move,
                options.nodes,
                !options.moves,
                &mut data,
            )),
            Err(e) => Outcome::Error(e.clone()),
        };
        summary.add(&outcome);
        let lines = if options.json {
            vec![json_line(i + 1, &record, &outcome)]
        } else {
            text_lines(i + 1, &record, &outcome)
        };
        for line in lines {
            writeln!(out, "{line}")?;
        }
        out.flush()?;
    }
    Ok(summary)
}

/// Cells as pos names, separated by spaces.
fn names(cells: &[Pos]) -> String {
    let v: Vec<String> = cells.iter().map(|&p| name(p)).collect();
    v.join(" ")
}

fn name(p: Pos) -> String {
    notation::cell_name(p.x(), p.y())
}

/// `1234567` as `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn kind_name(kind: ProofKind) -> &'static str {
    match kind {
        ProofKind::Vcf => "VCF",
        ProofKind::Vct => "VCT",
    }
}

/// Why no win was found: how far the search went.
fn extent(proof: &Proof, rule: Rule) -> String {
    if rule.blocked_five_void() {
        "no VCF; caro: VCT not supported".to_string()
    } else if proof.exhausted {
        format!(
            "node limit reached, VCT complete to {} threats",
            proof.threats
        )
    } else {
        format!("no VCF, no VCT of up to {} threats", proof.threats)
    }
}

/// `black wins by VCF in 7 plies: j8 j9 …`; a line that stops short of the five (a renju
/// Black defender with no legal block) says that the rest is forced.
fn win_text(colour: Color, proof: &Proof) -> String {
    let kind = proof.kind.map_or("?", kind_name);
    let rest = if proof.line.len() < proof.plies {
        " (the rest is forced)"
    } else {
        ""
    };
    format!(
        "{} wins by {kind} in {}: {}{rest}",
        colour_name(colour),
        plural(proof.plies as u64, "ply", "plies"),
        names(&proof.line)
    )
}

/// `1 ply`, `7 plies`.
fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

fn text_lines(index: usize, record: &Record, outcome: &Outcome) -> Vec<String> {
    let head = format!("#{index} {}", clip(&record.input));
    let s = match outcome {
        Outcome::Error(e) => return vec![format!("{head}: error: {e}")],
        Outcome::Solved(s) => s,
    };
    let cost = format!(
        "({}, {} ms)",
        plural(s.nodes, "node", "nodes"),
        s.elapsed.as_millis()
    );
    let us = s.to_move;
    if s.proof.kind.is_some() {
        let xy: Vec<String> = s.proof.line.iter().map(Pos::to_string).collect();
        return vec![
            format!("{head}: {} {cost}", win_text(us, &s.proof)),
            format!("    x,y: {}", xy.join(" ")),
        ];
    }
    let rule = record
        .position
        .as_ref()
        .map_or(Rule::Freestyle, |p| p.board.rule());
    let mut lines = vec![format!(
        "{head}: {} to move: none ({}) {cost}",
        colour_name(us),
        extent(&s.proof, rule)
    )];
    match &s.threat {
        None if !s.passed => {}
        None => lines.push(format!(
            "    {} has no forced win after a pass either",
            colour_name(us.opp())
        )),
        Some(t) => {
            lines.push(format!(
                "    if {} passed, {}",
                colour_name(us),
                win_text(us.opp(), &t.proof)
            ));
            lines.push(if t.defences.is_empty() {
                format!("    no defence holds ({} tried)", t.tried)
            } else {
                format!(
                    "    defences that hold: {} ({} of {} tried)",
                    names(&t.defences),
                    t.defences.len(),
                    t.tried
                )
            });
        }
    }
    lines
}

fn clip(s: &str) -> String {
    crate::protocol::command::clip(s)
}

/// `s` as a JSON string, quoted and escaped.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Cells as a JSON array of strings, by `f`.
fn json_cells(cells: &[Pos], f: impl Fn(Pos) -> String) -> String {
    let v: Vec<String> = cells.iter().map(|&p| json_string(&f(p))).collect();
    format!("[{}]", v.join(","))
}

/// The result of a proof: `vcf`, `vct` or `none`.
fn json_result(proof: &Proof) -> &'static str {
    match proof.kind {
        Some(ProofKind::Vcf) => "vcf",
        Some(ProofKind::Vct) => "vct",
        None => "none",
    }
}

/// The fields of a proof: result, line (pos names and `x,y`), plies.
fn json_proof(proof: &Proof) -> String {
    format!(
        "\"result\":\"{}\",\"line\":{},\"line_xy\":{},\"plies\":{}",
        json_result(proof),
        json_cells(&proof.line, name),
        json_cells(&proof.line, |p| p.to_string()),
        proof.plies
    )
}

/// One JSON object on one line: `index`, `input`, then `result: "error"` and `error`, or
/// `to_move`, `result`, `line`, `line_xy`, `plies`, `nodes`, `ms`, `threats`, `exhausted`,
/// `note`, and `threat` (the opponent's win after a pass, with `defences` and `tried`; `null`
/// when there is none or we win).
fn json_line(index: usize, record: &Record, outcome: &Outcome) -> String {
    let head = format!(
        "{{\"index\":{index},\"input\":{}",
        json_string(&record.input)
    );
    let s = match outcome {
        Outcome::Error(e) => {
            return format!("{head},\"result\":\"error\",\"error\":{}}}", json_string(e))
        }
        Outcome::Solved(s) => s,
    };
    let rule = record
        .position
        .as_ref()
        .map_or(Rule::Freestyle, |p| p.board.rule());
    let note = if rule.blocked_five_void() && s.proof.kind.is_none() {
        json_string("caro: VCT not supported")
    } else {
        "null".to_string()
    };
    let threat = match &s.threat {
        None => "null".to_string(),
        Some(t) => format!(
            "{{{},\"defences\":{},\"tried\":{}}}",
            json_proof(&t.proof),
            json_cells(&t.defences, name),
            t.tried
        ),
    };
    format!(
        "{head},\"rule\":\"{}\",\"to_move\":\"{}\",{},\"nodes\":{},\"ms\":{},\"threats\":{},\"exhausted\":{},\"note\":{note},\"threat\":{threat}}}",
        rule.name(),
        colour_name(s.to_move),
        json_proof(&s.proof),
        s.nodes,
        s.elapsed.as_millis(),
        s.proof.threats,
        s.proof.exhausted,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_and_counted() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(12_345_678), "12,345,678");
        assert_eq!(plural(1, "ply", "plies"), "1 ply");
        assert_eq!(plural(1_234, "ply", "plies"), "1,234 plies");
    }

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(json_string("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(json_string("\n\t\u{1}é"), "\"\\n\\t\\u0001é\"");
    }
}
