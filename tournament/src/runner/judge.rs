//! The Gomocup checks of `rensa-match`: the six Gomocup formats with their limits scaled down,
//! one judge-mode game per format (`-formats`), and the referee's rule self-test (`-selftest`):
//! for every format, positions where a single move decides whether the engine knows the rule —
//! complete a five; do not count on an overline where six is nothing (standard, caro, renju
//! Black); do not count on a five blocked at both ends in caro; never play a renju double three.
//!
//! Every position is played as the first move of a judge-mode game (GomocupJudge dialogue, the
//! engine suspended between moves, memory checked), so the checks exercise the whole dialogue.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};
use rensa::board::Grid;
use rensa::types::{Color, Rule};

use crate::common::engine::{EngineSpec, ProtocolLog};
use crate::common::game::{
    judge_move, play_game, GameRecord, GameSettings, InfoOrder, Judged, Reason,
};
use crate::common::game::{TimeControl, JUDGE_MOVE_CREDIT_MS};
use crate::common::opening::{self, Opening};
use crate::runner::output::Output;

/// A Gomocup tournament format at its real limits (protocol.md §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub name: &'static str,
    pub size: usize,
    pub rule: Rule,
    pub turn_ms: u64,
    pub match_ms: u64,
}

/// The formats: freestyle 15 and 20, fastgame (20×20 freestyle, 5 s/turn, 120 s/game),
/// standard 15, renju 15 (drawn at 200 stones), and caro 15 both as rule 8 (what the 2026 ZIP
/// self-test sends) and rule 9 (the league's definition). 30 s/turn, 180 s/game elsewhere.
pub const FORMATS: [Format; 7] = [
    Format {
        name: "freestyle-15",
        size: 15,
        rule: Rule::Freestyle,
        turn_ms: 30_000,
        match_ms: 180_000,
    },
    Format {
        name: "freestyle-20",
        size: 20,
        rule: Rule::Freestyle,
        turn_ms: 30_000,
        match_ms: 180_000,
    },
    Format {
        name: "fastgame-20",
        size: 20,
        rule: Rule::Freestyle,
        turn_ms: 5_000,
        match_ms: 120_000,
    },
    Format {
        name: "standard-15",
        size: 15,
        rule: Rule::Standard,
        turn_ms: 30_000,
        match_ms: 180_000,
    },
    Format {
        name: "renju-15",
        size: 15,
        rule: Rule::Renju,
        turn_ms: 30_000,
        match_ms: 180_000,
    },
    Format {
        name: "caro8-15",
        size: 15,
        rule: Rule::CaroOverline,
        turn_ms: 30_000,
        match_ms: 180_000,
    },
    Format {
        name: "caro9-15",
        size: 15,
        rule: Rule::Caro,
        turn_ms: 30_000,
        match_ms: 180_000,
    },
];

/// The default scale of the Gomocup limits: 1/100 (30 s → 300 ms, 180 s → 1.8 s).
pub const DEFAULT_SCALE: f64 = 0.01;

impl Format {
    /// The limits multiplied by `scale` (at least 1 ms each) with the given tolerance.
    pub fn time_control(&self, scale: f64, tolerance_ms: u64) -> TimeControl {
        let f = |ms: u64| ((ms as f64 * scale).round() as u64).max(1);
        TimeControl {
            turn_ms: f(self.turn_ms),
            match_ms: f(self.match_ms),
            tolerance_ms,
        }
    }

    /// Judge-mode game settings for this format.
    pub fn settings(&self, cfg: &CheckConfig) -> GameSettings {
        let mut s = GameSettings::new(
            self.size,
            self.rule,
            self.time_control(cfg.scale, cfg.tolerance_ms),
        );
        s.judge = true;
        s.fresh = true;
        s.crlf = true;
        s.max_memory = cfg.max_memory;
        s.info_order = cfg.info_order;
        s.move_delay = cfg.move_delay;
        s
    }
}

/// Settings of `-selftest` and `-formats`.
#[derive(Clone, Debug)]
pub struct CheckConfig {
    /// One engine (it plays both sides of the format games) or two (the first is Black in the
    /// odd-numbered formats).
    pub engines: Vec<EngineSpec>,
    /// Factor applied to the Gomocup limits.
    pub scale: f64,
    pub tolerance_ms: u64,
    pub max_memory: u64,
    pub info_order: InfoOrder,
    pub move_delay: std::time::Duration,
    /// Seed of the 3-stone openings of the format games.
    pub seed: u64,
    pub log: Option<PathBuf>,
    pub sgf_dir: Option<PathBuf>,
    pub psq_dir: Option<PathBuf>,
}

/// What the engine must do in a self-test position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Win at once by playing this cell.
    Win((usize, usize)),
    /// Play exactly this cell (the only move that does not lose).
    Play((usize, usize)),
    /// Play any legal move but this cell (a renju forbidden point).
    Avoid((usize, usize)),
}

/// What the referee must say about the key cell of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Five,
    NoFive,
    Foul,
}

/// One self-test position.
#[derive(Clone, Debug)]
pub struct Case {
    pub format: Format,
    pub name: &'static str,
    pub info_order: InfoOrder,
    pub opening: Opening,
    pub mover: Color,
    /// The cell the case is about (the five, the six, the blocked five, the forbidden point).
    pub key: (usize, usize),
    /// The referee's verdict on the mover playing `key`.
    pub verdict: Verdict,
    pub expect: Expect,
}

/// The self-test templates on an 11×11 patch centred on the board: `M` the mover's stones, `T`
/// the opponent's, `a` the key cell, `b` the cell that blocks the opponent's four.
///
/// `five`: the mover's four, closed at one end, completes to a five that wins in every rule.
const FIVE: &str = "
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . T M M M M a . . .
    . . . . . . . . . . .
    . . . . . . T . . . .
    . . . . . . . . . . .
    . . . T . . . . . . .
    . . . . . . . . T . .
    . . . . . . . . . . .
    . . . . . . . . . . .";

/// `overline`: the gap makes six (a win only where overlines win), and the opponent has a four
/// to block at `b`.
const OVERLINE: &str = "
    . . . . . . . . . . .
    . . . . . . . . . . .
    . M M M a M M . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . M T T T T b . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .";

/// `blocked`: the gap makes a five between two opponent stones (void in caro), and the opponent
/// has a four to block at `b`.
const BLOCKED: &str = "
    . . . . . . . . . . .
    . . . . . . . . . . .
    . T M M M M a T . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . M T T T T b . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .";

/// `double-three`: `a` makes two open threes for Black — forbidden in renju.
const DOUBLE_THREE: &str = "
    . . . . . . . . . . .
    . T . . . . . . . . .
    . . . . . . . . T . .
    . . . . . M . . . . .
    . . . . . M . . . . .
    . . . M M a . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . T . . . . . T . .
    . . . . . . . . . . .
    . . . . . . . . . . .";

/// Cells of the patch where filler stones go when the template's stone counts do not fit the
/// side to move (far from every pattern).
const FILLER: [(usize, usize); 6] = [(10, 10), (0, 10), (10, 0), (7, 10), (10, 7), (3, 10)];

/// A board cell `(x, y)`.
pub type Cell = (usize, usize);

/// A template placed on a `size` board for `mover`: the opening (Black and White stones
/// alternating, Black first, filler added so that `mover` is to move), `a` and `b`.
pub fn place(
    template: &str,
    size: usize,
    rule: Rule,
    mover: Color,
) -> Result<(Opening, Cell, Option<Cell>), String> {
    let off = (size - 11) / 2;
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    let (mut a, mut b) = (None, None);
    let rows: Vec<&str> = template.lines().filter(|l| !l.trim().is_empty()).collect();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.split_whitespace().enumerate() {
            let cell = (x + off, y + off);
            match c {
                "M" => mine.push(cell),
                "T" => theirs.push(cell),
                "a" => a = Some(cell),
                "b" => b = Some(cell),
                "." => {}
                _ => return Err(format!("bad template cell {c:?}")),
            }
        }
    }
    let a = a.ok_or("template without a")?;
    let (mut black, mut white) = match mover {
        Color::Black => (mine, theirs),
        Color::White => (theirs, mine),
    };
    // Black to move: as many Black stones as White; White to move: one more Black.
    let want_extra_black = usize::from(mover == Color::White);
    let mut filler = FILLER.iter().map(|&(x, y)| (x + off, y + off));
    while black.len() != white.len() + want_extra_black {
        let f = filler.next().ok_or("not enough filler cells")?;
        if black.len() < white.len() + want_extra_black {
            black.push(f);
        } else {
            white.push(f);
        }
    }
    let mut moves = Vec::new();
    for i in 0..black.len().max(white.len()) {
        moves.extend(black.get(i));
        moves.extend(white.get(i));
    }
    let opening = Opening { moves };
    opening.to_grid(size, rule)?;
    Ok((opening, a, b))
}

/// The self-test: every case for every format. `info_order` is the order of the main run; the
/// rule-sensitive cases are repeated with the rule sent before START only (fishtest order).
pub fn selftest_cases(info_order: InfoOrder) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut add = |f: Format, name: &'static str, t: &str, mover: Color, order: InfoOrder| {
        let (opening, a, b) = place(t, f.size, f.rule, mover)
            .unwrap_or_else(|e| panic!("self-test template {name} on {}: {e}", f.name));
        let rule = f.rule;
        let (verdict, expect) = match name {
            "five" => (Verdict::Five, Expect::Win(a)),
            "double-three" => (Verdict::Foul, Expect::Avoid(a)),
            _ => {
                // The six (overline) or the five between two opponent stones (blocked).
                let wins = match name {
                    "overline-black" | "overline-white" => match rule {
                        Rule::Freestyle | Rule::CaroOverline => true,
                        Rule::Renju => mover == Color::White,
                        Rule::Standard | Rule::Caro => false,
                    },
                    _ => !matches!(rule, Rule::Caro | Rule::CaroOverline),
                };
                let verdict = match (wins, rule, mover) {
                    (true, _, _) => Verdict::Five,
                    (false, Rule::Renju, Color::Black) => Verdict::Foul,
                    (false, _, _) => Verdict::NoFive,
                };
                let block = b.expect("template with b");
                (
                    verdict,
                    if wins {
                        Expect::Win(a)
                    } else {
                        Expect::Play(block)
                    },
                )
            }
        };
        cases.push(Case {
            format: f,
            name,
            info_order: order,
            opening,
            mover,
            key: a,
            verdict,
            expect,
        });
    };
    for f in FORMATS {
        add(f, "five", FIVE, Color::Black, info_order);
        add(f, "overline-black", OVERLINE, Color::Black, info_order);
        add(f, "overline-white", OVERLINE, Color::White, info_order);
        add(f, "blocked-five", BLOCKED, Color::Black, info_order);
        if f.rule == Rule::Renju {
            add(f, "double-three", DOUBLE_THREE, Color::Black, info_order);
        }
    }
    if info_order != InfoOrder::Fishtest {
        for f in FORMATS {
            let o = InfoOrder::Fishtest;
            match f.rule {
                Rule::Standard => add(f, "overline-black", OVERLINE, Color::Black, o),
                Rule::Renju => add(f, "double-three", DOUBLE_THREE, Color::Black, o),
                Rule::Caro => add(f, "blocked-five", BLOCKED, Color::Black, o),
                _ => {}
            }
        }
    }
    cases
}

/// What the referee says about `color` playing `cell` after `opening`.
pub fn referee_verdict(case: &Case) -> Verdict {
    let f = case.format;
    let mut grid: Grid = case
        .opening
        .to_grid(f.size, f.rule)
        .expect("checked opening");
    match judge_move(
        &mut grid,
        case.key.0 as i64,
        case.key.1 as i64,
        case.mover,
        f.rule,
    ) {
        Judged::Five => Verdict::Five,
        Judged::Foul => Verdict::Foul,
        _ => Verdict::NoFive,
    }
}

/// The outcome of one case: pass or fail, and a description.
pub fn judge_case(case: &Case, rec: &GameRecord) -> (bool, String) {
    let referee = referee_verdict(case);
    if referee != case.verdict {
        return (
            false,
            format!(
                "referee says {referee:?} at {},{}, the rule says {:?}",
                case.key.0, case.key.1, case.verdict
            ),
        );
    }
    let played = rec.moves.first().map(|&(m, _)| m);
    let shown = played.map_or("no move".to_string(), |(x, y)| format!("{x},{y}"));
    let loser_fault = rec.winner == Some(case.mover.opp()) && rec.reason != Reason::Five;
    if loser_fault {
        return (
            false,
            format!("lost by {}: {}", rec.reason.name(), rec.detail),
        );
    }
    match case.expect {
        Expect::Win(cell) => {
            let ok = rec.winner == Some(case.mover) && rec.reason == Reason::Five;
            let want = format!("must win at {},{}", cell.0, cell.1);
            (ok, format!("{shown}: {}; {want}", rec_outcome(rec)))
        }
        Expect::Play(cell) => {
            let ok = played == Some(cell) && rec.reason == Reason::Stopped;
            let want = format!("must block at {},{}", cell.0, cell.1);
            (ok, format!("{shown}: {}; {want}", rec_outcome(rec)))
        }
        Expect::Avoid(cell) => {
            let ok = played.is_some() && played != Some(cell) && rec.reason == Reason::Stopped;
            let want = format!("must not play the forbidden {},{}", cell.0, cell.1);
            (ok, format!("{shown}: {}; {want}", rec_outcome(rec)))
        }
    }
}

fn rec_outcome(rec: &GameRecord) -> String {
    match rec.reason {
        Reason::Stopped => "game goes on".to_string(),
        Reason::Five => format!(
            "{} wins",
            if rec.winner == Some(Color::Black) {
                "Black"
            } else {
                "White"
            }
        ),
        _ => format!("{} ({})", rec.reason.name(), rec.detail),
    }
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

fn open_log(cfg: &CheckConfig) -> Result<Option<Arc<ProtocolLog>>> {
    match &cfg.log {
        Some(p) => Ok(Some(ProtocolLog::create(p)?)),
        None => Ok(None),
    }
}

/// Runs the self-test with the first engine. Returns the report (one `PASS`/`FAIL` line per case,
/// then a `SELFTEST` summary line) and whether every case passed.
pub fn run_selftest(cfg: &CheckConfig) -> Result<(String, bool)> {
    let spec = cfg
        .engines
        .first()
        .context("the self-test needs an engine")?;
    let log = open_log(cfg)?;
    let cases = selftest_cases(cfg.info_order);
    let mut out = String::new();
    let (mut passed, mut failed) = (0, 0);
    let (mut peak, mut slowest) = (0u64, 0u64);
    let start = Instant::now();
    for (i, case) in cases.iter().enumerate() {
        let mut s = case.format.settings(cfg);
        s.info_order = case.info_order;
        s.stop_after = Some(1);
        let (mut a, mut b) = (None, None);
        let rec = play_game(
            i + 1,
            [spec, spec],
            [&mut a, &mut b],
            &s,
            &case.opening,
            &log,
        );
        let (ok, what) = judge_case(case, &rec);
        let mem = rec.peak_memory[case.mover.index()];
        let ms = rec.moves.first().map_or(0, |&(_, t)| t);
        peak = peak.max(mem);
        slowest = slowest.max(ms);
        if ok {
            passed += 1;
        } else {
            failed += 1;
        }
        let line = format!(
            "{} {:<13} {:<15} {:<8} {} ({ms} ms, {})\n",
            if ok { "PASS" } else { "FAIL" },
            case.format.name,
            case.name,
            case.info_order.name(),
            what,
            mib(mem)
        );
        print!("{line}");
        out.push_str(&line);
    }
    let summary = format!(
        "SELFTEST engine={} cases={} passed={passed} failed={failed} peak_memory={peak} max_move_ms={slowest} seconds={:.1}\n",
        spec.name,
        cases.len(),
        start.elapsed().as_secs_f64()
    );
    out.push_str(&summary);
    Ok((out, failed == 0))
}

/// One format game's figures.
#[derive(Clone, Debug)]
pub struct FormatResult {
    pub format: Format,
    pub tc: TimeControl,
    pub record: GameRecord,
}

impl FormatResult {
    /// Whether a side lost by a fault (time, illegal, foul, crash, not a move, start, memory).
    pub fn fault(&self) -> bool {
        self.record.winner.is_some() && Reason::FAULTS.contains(&self.record.reason)
    }

    /// The longest move of each side in ms (Black, White).
    pub fn max_move_ms(&self) -> [u64; 2] {
        self.record.longest_moves()
    }
}

/// Plays one judge-mode game per format. Returns the report (one line per game, then a
/// `FORMATS` summary line) and whether no game was lost by a fault.
pub fn run_formats(cfg: &CheckConfig) -> Result<(String, bool, Vec<FormatResult>)> {
    let first = cfg.engines.first().context("-formats needs an engine")?;
    let second = cfg.engines.get(1).unwrap_or(first);
    let log = open_log(cfg)?;
    let output = Output::create(cfg.sgf_dir.as_deref(), cfg.psq_dir.as_deref(), None)?;
    let mut out = String::new();
    let mut results = Vec::new();
    let start = Instant::now();
    for (i, f) in FORMATS.iter().enumerate() {
        let s = f.settings(cfg);
        let opening = opening::generate(cfg.seed, i as u64, 3, 3, f.size, f.rule);
        let (b, w) = if i % 2 == 0 {
            (first, second)
        } else {
            (second, first)
        };
        let (mut bs, mut ws) = (None, None);
        let rec = play_game(i + 1, [b, w], [&mut bs, &mut ws], &s, &opening, &log);
        output.game(&format!("{:02}-{}", i + 1, f.name), &rec)?;
        let r = FormatResult {
            format: *f,
            tc: s.tc,
            record: rec,
        };
        let mm = r.max_move_ms();
        let rec = &r.record;
        let line = format!(
            "{} {:<13} {}x{} rule {} turn {} ms match {} ms: {} {} by {} ({}), {} moves; black {}: peak {}, longest move {} ms, over turn limit {}; white {}: peak {}, longest move {} ms, over turn limit {}\n",
            if r.fault() { "FAULT" } else { "OK   " },
            f.name,
            f.size,
            f.size,
            f.rule.code(),
            s.tc.turn_ms,
            s.tc.match_ms,
            opening.to_pos_string(),
            rec.result_str(),
            rec.reason.name(),
            rec.detail,
            rec.moves.len(),
            rec.black,
            mib(rec.peak_memory[0]),
            mm[0],
            rec.over_limit[0],
            rec.white,
            mib(rec.peak_memory[1]),
            mm[1],
            rec.over_limit[1],
        );
        print!("{line}");
        out.push_str(&line);
        results.push(r);
    }
    let faults = results.iter().filter(|r| r.fault()).count();
    let peak = results
        .iter()
        .flat_map(|r| r.record.peak_memory)
        .max()
        .unwrap_or(0);
    let slowest = results
        .iter()
        .flat_map(|r| r.max_move_ms())
        .max()
        .unwrap_or(0);
    let over: usize = results.iter().flat_map(|r| r.record.over_limit).sum();
    let summary = format!(
        "FORMATS games={} faults={faults} peak_memory={peak} max_move_ms={slowest} over_turn_limit={over} seconds={:.1} (scale {}, tolerance {} ms, match clock charged elapsed - {} ms per move)\n",
        results.len(),
        start.elapsed().as_secs_f64(),
        cfg.scale,
        cfg.tolerance_ms,
        JUDGE_MOVE_CREDIT_MS
    );
    out.push_str(&summary);
    Ok((out, faults == 0, results))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_scale_to_the_documented_limits() {
        let tc = FORMATS[0].time_control(DEFAULT_SCALE, 1000);
        assert_eq!(
            (tc.turn_ms, tc.match_ms, tc.tolerance_ms),
            (300, 1800, 1000)
        );
        let fast = FORMATS[2].time_control(DEFAULT_SCALE, 1000);
        assert_eq!((fast.turn_ms, fast.match_ms), (50, 1200));
        assert_eq!(FORMATS[0].time_control(1e-9, 0).turn_ms, 1);
        let names: Vec<&str> = FORMATS.iter().map(|f| f.name).collect();
        assert_eq!(names.len(), 7);
        assert!(FORMATS
            .iter()
            .any(|f| f.rule == Rule::Renju && f.size == 15));
    }

    #[test]
    fn templates_place_with_the_right_side_to_move() {
        for size in [15, 20] {
            let (o, a, b) = place(OVERLINE, size, Rule::Freestyle, Color::White).unwrap();
            let g = o.to_grid(size, Rule::Freestyle).unwrap();
            let [nb, nw] = g.stone_counts();
            assert_eq!(nb, nw + 1, "White to move");
            let off = (size - 11) / 2;
            assert_eq!(a, (4 + off, 2 + off));
            assert_eq!(b, Some((6 + off, 6 + off)));
            let (o, _, _) = place(BLOCKED, size, Rule::Caro, Color::Black).unwrap();
            let [nb, nw] = o.to_grid(size, Rule::Caro).unwrap().stone_counts();
            assert_eq!(nb, nw, "Black to move");
        }
    }

    /// The truth table of the cases agrees with the referee in every format: the five wins; six
    /// wins only in freestyle, caro 8 and for White in renju (a foul for Black); a five between
    /// two opponent stones is void in caro only; the double three is a foul.
    #[test]
    fn every_case_agrees_with_the_referee() {
        let cases = selftest_cases(InfoOrder::Both);
        assert_eq!(cases.len(), 7 * 4 + 1 + 3);
        for c in &cases {
            assert_eq!(
                referee_verdict(c),
                c.verdict,
                "{} {} {:?}",
                c.format.name,
                c.name,
                c.info_order
            );
        }
        let find = |f: &str, n: &str| {
            cases
                .iter()
                .find(|c| c.format.name == f && c.name == n)
                .unwrap()
        };
        assert_eq!(
            find("standard-15", "overline-black").verdict,
            Verdict::NoFive
        );
        assert_eq!(find("renju-15", "overline-black").verdict, Verdict::Foul);
        assert_eq!(find("renju-15", "overline-white").verdict, Verdict::Five);
        assert_eq!(find("caro8-15", "overline-black").verdict, Verdict::Five);
        assert_eq!(find("caro9-15", "blocked-five").verdict, Verdict::NoFive);
        assert_eq!(find("caro8-15", "blocked-five").verdict, Verdict::NoFive);
        assert_eq!(find("standard-15", "blocked-five").verdict, Verdict::Five);
    }

    /// Where the engine must block, the block is legal and is the only cell that stops the
    /// opponent's five.
    #[test]
    fn blocks_are_legal_and_forced() {
        for c in selftest_cases(InfoOrder::Both) {
            let Expect::Play(cell) = c.expect else {
                continue;
            };
            let f = c.format;
            let g = c.opening.to_grid(f.size, f.rule).unwrap();
            let p = g.pos(cell.0 as i64, cell.1 as i64).unwrap();
            assert!(rensa::board::rule::is_legal(&g, p, c.mover, f.rule));
            let them = c.mover.opp();
            let fives: Vec<_> = g
                .positions()
                .filter(|&q| {
                    let mut h = g.clone();
                    g.is_empty(q)
                        && rensa::board::rule::is_legal(&g, q, them, f.rule)
                        && judge_move(&mut h, q.x() as i64, q.y() as i64, them, f.rule)
                            == Judged::Five
                })
                .collect();
            assert_eq!(fives, vec![p], "{} {}", f.name, c.name);
        }
    }
}
