//! Game records in the formats the runner writes: SGF (`GM[4]`, readable by Gomoku GUIs),
//! Piskvork PSQ, and the `serde` types of the JSON lines (`-json`): the match line written at the
//! start, one game line per finished game, the summary line at the end (the fields are
//! documented in tournament/README.md), and such a file read back ([`parse_run`]: what a merge
//! of shards and a resumed run start from). Pure formatting: where the text goes is `output`'s
//! job.

use rensa::board::notation;
use rensa::types::{Color, Rule};
use serde::{Deserialize, Serialize};

use crate::common::game::{GameRecord, Reason};
use crate::common::opening::Opening;

/// SGF coordinate letter of 0-based `v`: `a`…`z`, then `A`…`Z` for boards wider than 26.
fn sgf_letter(v: usize) -> char {
    if v < 26 {
        (b'a' + v as u8) as char
    } else {
        (b'A' + (v - 26) as u8) as char
    }
}

/// Escapes `]` and `\` in an SGF text value.
fn sgf_text(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        if c == ']' || c == '\\' {
            o.push('\\');
        }
        o.push(c);
    }
    o
}

/// The game as SGF: opening stones and engine moves as one move sequence (Black first), the
/// opening marked in a comment, the result in `RE` (`B+`, `W+`, with `T` for time and `F` for
/// forfeits: illegal move, foul, crash, bad answer, failed start; `0` for a draw).
pub fn to_sgf(g: &GameRecord) -> String {
    let re = match g.winner {
        None => "0".to_string(),
        Some(c) => {
            let side = if c == Color::Black { "B" } else { "W" };
            let how = match g.reason {
                Reason::Five | Reason::DrawCap | Reason::Stopped => "",
                Reason::Time => "T",
                _ => "F",
            };
            format!("{side}+{how}")
        }
    };
    let mut s = format!(
        "(;GM[4]FF[4]CA[UTF-8]AP[rensa-match]SZ[{}]PB[{}]PW[{}]RU[{}]RE[{}]GN[game {}]GC[opening {}; {}: {}]",
        g.size,
        sgf_text(&g.black),
        sgf_text(&g.white),
        g.rule.name(),
        re,
        g.id,
        g.opening.to_pos_string(),
        g.reason.name(),
        sgf_text(&g.detail),
    );
    let all = g
        .opening
        .moves
        .iter()
        .map(|&m| (m, None))
        .chain(g.moves.iter().map(|&(m, t)| (m, Some(t))));
    for (i, ((x, y), t)) in all.enumerate() {
        let side = if i % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!(";{side}[{}{}]", sgf_letter(x), sgf_letter(y)));
        if i + 1 == g.opening.moves.len() {
            s.push_str("C[end of opening]");
        }
        if let Some(t) = t {
            s.push_str(&format!("C[{t} ms]"));
        }
    }
    s.push_str(")\n");
    s
}

/// The game as a Piskvork PSQ file: header, 1-based `x,y,ms` moves, the two names and a final
/// line with the result.
pub fn to_psq(g: &GameRecord) -> String {
    let mut s = format!("Piskvorky {}x{}, 11:11, 0\n", g.size, g.size);
    for &(x, y) in &g.opening.moves {
        s.push_str(&format!("{},{},0\n", x + 1, y + 1));
    }
    for &((x, y), t) in &g.moves {
        s.push_str(&format!("{},{},{t}\n", x + 1, y + 1));
    }
    s.push_str(&format!("{}\n{}\n", g.black, g.white));
    s.push_str(&format!(
        "-1\nresult {} by {} ({})\n",
        g.result_str(),
        g.reason.name(),
        g.detail
    ));
    s
}

/// One line of the `-json` file; `"type"` says which.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum JsonLine {
    /// The first line: the settings and the engines, before any game is played.
    Match(MatchJson),
    /// One finished game, written as soon as it ends (so in the order games end).
    Game(GameJson),
    /// The last line: the tallies, the SPRT state and the totals.
    Summary(SummaryJson),
}

/// The time control in the JSON lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeJson {
    pub turn_ms: u64,
    pub match_ms: u64,
    pub tolerance_ms: u64,
}

/// An engine as configured.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineJson {
    pub name: String,
    pub cmd: Vec<String>,
    pub dir: String,
    /// The extra `INFO` lines of `info=key:value`.
    pub info: Vec<String>,
}

/// The SPRT's parameters; in the summary also its state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtJson {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    /// `pentanomial` or `trinomial`.
    pub model: String,
    /// LLR bounds: `ln(β/(1-α))` and `ln((1-β)/α)`.
    pub lower: f64,
    pub upper: f64,
    /// Summary only: the LLR and `H1`, `H0` or `undecided`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llr: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<String>,
}

/// The match line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchJson {
    pub rule: u32,
    pub rule_name: String,
    pub size: usize,
    pub time: TimeJson,
    pub draw_after: usize,
    pub judge: bool,
    pub engines: Vec<EngineJson>,
    /// `[first, second]` engine names of every pairing, in order.
    pub pairings: Vec<[String; 2]>,
    /// Games planned (`null`: an SPRT without `-games`, played until a verdict); in a shard's
    /// file, those of the whole run.
    pub games: Option<usize>,
    pub sprt: Option<SprtJson>,
    /// Where the openings come from (`OpeningSource::describe`). The three fields below are
    /// absent in files of older versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub openings: Option<String>,
    /// The other settings that can change a game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<ProtocolJson>,
    /// Only in a shard's file: which shard (`-shard I/N`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardJson>,
}

/// The settings of the match line besides the rule, board, clock and engines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProtocolJson {
    pub max_memory: u64,
    pub send_board: bool,
    pub fresh: bool,
    pub crlf: bool,
    /// `both`, `gomocup` or `fishtest`.
    pub info_order: String,
    pub move_delay_ms: u64,
    pub start_timeout_ms: u64,
}

/// Shard `index` (from 1) of `count`, and the games of the run it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardJson {
    pub index: usize,
    pub count: usize,
    pub games: usize,
}

/// The first key in which two match lines differ, leaving out the keys `ignore` (`None`: they
/// are the same run).
pub fn first_difference(a: &MatchJson, b: &MatchJson, ignore: &[&str]) -> Option<String> {
    let (serde_json::Value::Object(a), serde_json::Value::Object(b)) = (
        serde_json::to_value(a).unwrap_or_default(),
        serde_json::to_value(b).unwrap_or_default(),
    ) else {
        return Some("the match line".to_string());
    };
    a.keys()
        .chain(b.keys())
        .filter(|k| !ignore.contains(&k.as_str()))
        .find(|k| a.get(*k) != b.get(*k))
        .cloned()
}

/// One game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameJson {
    pub id: usize,
    pub black: String,
    pub white: String,
    pub size: usize,
    pub rule: u32,
    /// The opening stones as a pos string (`h8i9j7`).
    pub opening: String,
    /// `1-0`, `0-1` or `1/2`, from Black's side.
    pub result: String,
    /// `black`, `white` or `null` (draw).
    pub winner: Option<String>,
    /// `five`, `draw`, `stopped`, or the loser's fault: `time`, `illegal`, `foul`, `crash`,
    /// `not-a-move`, `start`, `memory`.
    pub reason: String,
    pub detail: String,
    /// The engines' moves after the opening: `[x, y, ms]`.
    pub moves: Vec<(usize, usize, u64)>,
    /// Judge mode: peak private memory of Black's and White's process trees, bytes.
    pub peak_memory: [u64; 2],
    /// Moves of Black and White that needed the tolerance.
    pub over_limit: [usize; 2],
}

impl GameJson {
    pub fn of(g: &GameRecord) -> GameJson {
        GameJson {
            id: g.id,
            black: g.black.clone(),
            white: g.white.clone(),
            size: g.size,
            rule: g.rule.code(),
            opening: g.opening.to_pos_string(),
            result: g.result_str().to_string(),
            winner: g.winner.map(|c| {
                if c == Color::Black {
                    "black".to_string()
                } else {
                    "white".to_string()
                }
            }),
            reason: g.reason.name().to_string(),
            detail: g.detail.clone(),
            moves: g.moves.iter().map(|&((x, y), t)| (x, y, t)).collect(),
            peak_memory: g.peak_memory,
            over_limit: g.over_limit,
        }
    }
}

impl GameJson {
    /// The game as the tally counts it. The opening must be a pos string (a cell past column
    /// `z`, written `x,y`, is refused).
    pub fn to_record(&self) -> Result<GameRecord, String> {
        let bad = |what: &str| format!("game {}: {what}", self.id);
        let rule = Rule::ALL
            .into_iter()
            .find(|r| r.code() == self.rule)
            .ok_or_else(|| bad("unknown rule"))?;
        let winner = match self.winner.as_deref() {
            None => None,
            Some("black") => Some(Color::Black),
            Some("white") => Some(Color::White),
            Some(w) => return Err(bad(&format!("unknown winner {w:?}"))),
        };
        let reason = Reason::of_name(&self.reason)
            .ok_or_else(|| bad(&format!("unknown reason {:?}", self.reason)))?;
        let opening = notation::parse_pos_string(&self.opening)
            .map_err(|e| bad(&format!("opening {:?}: {e}", self.opening)))?;
        Ok(GameRecord {
            id: self.id,
            black: self.black.clone(),
            white: self.white.clone(),
            size: self.size,
            rule,
            opening: Opening { moves: opening },
            moves: self.moves.iter().map(|&(x, y, t)| ((x, y), t)).collect(),
            winner,
            reason,
            detail: self.detail.clone(),
            peak_memory: self.peak_memory,
            over_limit: self.over_limit,
        })
    }
}

/// A `-json` file read back.
#[derive(Clone, Debug, PartialEq)]
pub struct RunLog {
    pub header: MatchJson,
    /// The game lines, in the file's order.
    pub games: Vec<GameJson>,
    /// The summary line: `None` when the run was stopped before its end.
    pub summary: Option<SummaryJson>,
    /// Whether a last line cut short (the run killed while writing it) was left out.
    pub cut: bool,
}

/// Reads the `-json` files `files`, each with its name, in order.
pub fn read_runs(files: &[std::path::PathBuf]) -> anyhow::Result<Vec<(&std::path::Path, RunLog)>> {
    use anyhow::Context;
    let mut logs = Vec::new();
    for p in files {
        let text =
            std::fs::read_to_string(p).with_context(|| format!("reading {}", p.display()))?;
        let log = parse_run(&text).map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?;
        logs.push((p.as_path(), log));
    }
    Ok(logs)
}

/// Reads the text of a `-json` file: the match line first, then game lines, then at most a
/// summary line. A last line without its line end that does not parse is left out (see
/// [`RunLog::cut`]); any other line that is not one of these is an error.
pub fn parse_run(text: &str) -> Result<RunLog, String> {
    let mut lines = text.split_inclusive('\n').enumerate().peekable();
    let (mut header, mut games, mut summary, mut cut) = (None, Vec::new(), None, false);
    while let Some((n, line)) = lines.next() {
        if line.trim().is_empty() {
            continue;
        }
        let parsed = serde_json::from_str::<JsonLine>(line);
        let last_and_open = lines.peek().is_none() && !line.ends_with('\n');
        let at = |what: &str| format!("line {}: {what}", n + 1);
        let line = match parsed {
            Ok(l) => l,
            Err(_) if last_and_open && header.is_some() => {
                cut = true;
                break;
            }
            Err(e) => return Err(at(&format!("not a line of rensa-match -json: {e}"))),
        };
        match (line, &header, &summary) {
            (JsonLine::Match(m), None, _) => header = Some(m),
            (_, None, _) => return Err(at("the match line must come first")),
            (_, _, Some(_)) => return Err(at("a line after the summary")),
            (JsonLine::Match(_), Some(_), _) => return Err(at("a second match line")),
            (JsonLine::Game(g), _, None) => games.push(g),
            (JsonLine::Summary(s), _, None) => summary = Some(s),
        }
    }
    Ok(RunLog {
        header: header.ok_or("no match line: not a rensa-match -json file, or empty")?,
        games,
        summary,
        cut,
    })
}

/// Games an engine lost, by fault kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LossesJson {
    pub time: u64,
    pub illegal: u64,
    pub foul: u64,
    pub crash: u64,
    #[serde(rename = "not-a-move")]
    pub not_a_move: u64,
    pub start: u64,
    pub memory: u64,
}

impl LossesJson {
    /// From counts in the order of [`Reason::FAULTS`].
    pub fn of(counts: &[u64; Reason::FAULTS.len()]) -> LossesJson {
        let mut l = LossesJson::default();
        for (r, &n) in Reason::FAULTS.iter().zip(counts) {
            *match r {
                Reason::Time => &mut l.time,
                Reason::Illegal => &mut l.illegal,
                Reason::Foul => &mut l.foul,
                Reason::Crash => &mut l.crash,
                Reason::NotAMove => &mut l.not_a_move,
                Reason::StartFailed => &mut l.start,
                _ => &mut l.memory,
            } = n;
        }
        l
    }
}

/// An engine's figures over the match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineResultJson {
    pub name: String,
    pub losses_by: LossesJson,
    /// Judge mode: peak private memory of its process tree, bytes (0 otherwise).
    pub peak_memory: u64,
    pub max_move_ms: u64,
    pub over_limit: usize,
}

/// A pairing's figures, from the first engine's side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairingJson {
    pub first: String,
    pub second: String,
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    pub score: f64,
    /// `null` when infinite (a score of 0 or 1).
    pub elo: Option<f64>,
    pub elo_error: Option<f64>,
    pub los: f64,
    /// Opening pairs scoring 0, ½, 1, 1½, 2.
    pub pentanomial: [u64; 5],
}

/// The summary line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryJson {
    pub games_played: usize,
    pub elapsed_s: f64,
    pub engines: Vec<EngineResultJson>,
    pub pairings: Vec<PairingJson>,
    pub sprt: Option<SprtJson>,
}

/// A JSON number rounded to 4 decimals; `None` (JSON `null`) when not finite.
pub fn json_num(v: f64) -> Option<f64> {
    v.is_finite().then(|| (v * 1e4).round() / 1e4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::opening::Opening;
    use rensa::types::Rule;

    fn game() -> GameRecord {
        GameRecord {
            id: 3,
            black: "A]".into(),
            white: "B".into(),
            size: 15,
            rule: Rule::Renju,
            opening: Opening {
                moves: vec![(7, 7), (8, 8)],
            },
            moves: vec![((9, 9), 12), ((0, 14), 30)],
            winner: Some(Color::White),
            reason: Reason::Time,
            detail: "slow".into(),
            peak_memory: [0, 5 << 20],
            over_limit: [0, 0],
        }
    }

    #[test]
    fn sgf_has_players_rule_result_and_moves() {
        let s = to_sgf(&game());
        assert!(s.starts_with("(;GM[4]FF[4]"), "{s}");
        assert!(s.contains("SZ[15]PB[A\\]]PW[B]RU[renju]RE[W+T]"), "{s}");
        assert!(
            s.contains(";B[hh];W[ii]C[end of opening];B[jj]C[12 ms];W[ao]C[30 ms])"),
            "{s}"
        );
        assert!(s.contains("opening h8i9; time: slow"), "{s}");
        assert_eq!(sgf_letter(27), 'B');
    }

    #[test]
    fn psq_is_one_based() {
        let p = to_psq(&game());
        assert!(
            p.starts_with("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n10,10,12\n1,15,30\nA]\nB\n")
        );
    }

    #[test]
    fn json_lines_are_tagged_and_round_trip() {
        let line = JsonLine::Game(GameJson::of(&game()));
        let text = serde_json::to_string(&line).unwrap();
        assert!(!text.contains('\n'), "one line: {text}");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["type"], "game");
        assert_eq!(v["id"], 3);
        assert_eq!(v["black"], "A]");
        assert_eq!(v["opening"], "h8i9");
        assert_eq!(v["result"], "0-1");
        assert_eq!(v["winner"], "white");
        assert_eq!(v["reason"], "time");
        assert_eq!(v["moves"], serde_json::json!([[9, 9, 12], [0, 14, 30]]));
        assert_eq!(v["peak_memory"], serde_json::json!([0, 5 << 20]));
        assert_eq!(serde_json::from_str::<JsonLine>(&text).unwrap(), line);
        let mut counts = [0; Reason::FAULTS.len()];
        counts[4] = 2;
        let l = serde_json::to_value(LossesJson::of(&counts)).unwrap();
        assert_eq!(l["not-a-move"], 2);
        assert_eq!(l["time"], 0);
        assert_eq!(json_num(1.234_567_89), Some(1.2346));
        assert_eq!(json_num(f64::INFINITY), None);
    }

    #[test]
    fn run_files_read_back_old_ones_and_cut_ones_too() {
        // A match line of a version without openings, protocol and shard.
        let head = r#"{"type":"match","rule":0,"rule_name":"freestyle","size":15,"time":{"turn_ms":1,"match_ms":0,"tolerance_ms":0},"draw_after":225,"judge":false,"engines":[],"pairings":[],"games":2,"sprt":null}"#;
        let g = serde_json::to_string(&JsonLine::Game(GameJson::of(&game()))).unwrap();
        let text = format!("{head}\n{g}\n{}", &g[..30]);
        let log = parse_run(&text).unwrap();
        assert_eq!((log.games.len(), log.cut, log.summary), (1, true, None));
        assert_eq!((log.header.games, log.header.openings), (Some(2), None));
        assert_eq!(log.games[0].to_record().unwrap().reason, Reason::Time);
        // Cut short is only the last line without its line end; other damage is an error.
        assert!(parse_run(&format!("{head}\n{}\n{g}\n", &g[..30])).is_err());
        assert!(parse_run(&format!("{g}\n{head}\n")).is_err());
        assert!(parse_run(&format!("{head}\n{head}\n")).is_err());
        assert!(parse_run("").is_err());
        let mut bad = GameJson::of(&game());
        bad.reason = "luck".into();
        assert!(bad.to_record().unwrap_err().contains("luck"));
    }
}
