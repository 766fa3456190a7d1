//! Typed answers → protocol text: `x,y`, `OK`, `ERROR …`, `UNKNOWN …`, `MESSAGE …` (analysis
//! lines included), the ABOUT line and the Yixin-Board `FORBID` list. Every line is single-line, ASCII-printable and never
//! empty, whatever went into it.

use std::fmt;

use crate::board::Pos;
use crate::engine::{IterationInfo, PvLine, RootEvent, MATE, MATE_BOUND};
use crate::params::WINRATE_SCALE;

/// Longest text carried by an ERROR/UNKNOWN/MESSAGE line (managers buffer a few KB per reply).
const MAX_TEXT: usize = 300;

/// One line to the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    Ok,
    /// A move: `x,y`.
    Move(Pos),
    /// Several stones on one line (SWAP2BOARD opening): `x1,y1 x2,y2 x3,y3`.
    Stones(Vec<Pos>),
    Error(String),
    Unknown(String),
    Message(String),
    About,
    /// YXSHOWFORBID: `FORBID XXYYXXYY….`
    Forbid(Vec<Pos>),
    /// SWAP2BOARD: take the other colour.
    Swap,
}

/// The ABOUT line: no commas, `=` or quotes inside the values (GomocupJudgeLocal splits on them).
pub fn about_line() -> String {
    format!(
        "name=\"Rensa\", version=\"{}\", author=\"Rensa developers\", country=\"SE\"",
        env!("CARGO_PKG_VERSION")
    )
}

/// Principal-variation moves shown in an iteration line.
const PV_SHOWN: usize = 12;

/// The analysis lines for one finished iteration (only sent when `INFO show_detail` > 0):
/// * levels 1 and 3 (Yixin-Board): `MESSAGE REALTIME BEST x,y`, `MESSAGE REALTIME VAL 35` and
///   `MESSAGE REALTIME PV 7,7 8,8 …`;
/// * every level: a one-line summary `MESSAGE depth 9-21 ev 35 n 123456 nps 400000 tm 120 pv
///   7,7 8,8 …`; a proven result shows as `ev +M5` / `ev -M4` (moves to the five);
/// * levels 2 and 3 (Rapfi's detailed form, which the Yixin-Board fork reads for its win-rate
///   marks): `INFO PV 0`, `INFO NUMPV 1`, `INFO DEPTH`, `INFO SELDEPTH`, `INFO NODES`, `INFO
///   TOTALNODES`, `INFO TOTALTIME`, `INFO SPEED`, `INFO EVAL`, `INFO WINRATE`, `INFO BESTLINE`,
///   then `INFO PV DONE`.
pub fn iteration_lines(info: &IterationInfo, detail: u8) -> Vec<String> {
    let mut lines = Vec::with_capacity(16);
    if detail & 1 != 0 && !info.best.is_none() {
        for text in [
            format!("REALTIME BEST {}", info.best),
            format!("REALTIME VAL {}", info.score),
            format!("REALTIME PV {}", pv_text(info.pv)),
        ] {
            lines.push(Response::Message(text).to_string());
        }
    }
    let ms = info.elapsed.as_millis().max(1) as u64;
    let nps = info.nodes * 1000 / ms;
    lines.push(
        Response::Message(format!(
            "depth {}-{} ev {} n {} nps {nps} tm {ms} pv {}",
            info.depth,
            info.seldepth,
            score_text(info.score),
            info.nodes,
            pv_text(info.pv)
        ))
        .to_string(),
    );
    if detail & 2 != 0 {
        let rows = [
            ("PV", "0".to_string()),
            ("NUMPV", "1".to_string()),
            ("DEPTH", info.depth.to_string()),
            ("SELDEPTH", info.seldepth.to_string()),
            ("NODES", info.nodes.to_string()),
            ("TOTALNODES", info.nodes.to_string()),
            ("TOTALTIME", ms.to_string()),
            ("SPEED", nps.to_string()),
            ("EVAL", score_text(info.score)),
            ("WINRATE", format!("{:.4}", win_rate(info.score))),
            ("BESTLINE", pv_text(info.pv)),
            ("PV", "DONE".to_string()),
        ];
        for (key, value) in rows {
            lines.push(clean(&format!("INFO {key} {value}")));
        }
    }
    lines
}

/// The chance to win shown to Yixin-Board for a score: 1 or 0 when proven, else the logistic
/// curve with [`WINRATE_SCALE`] evaluation units per logit.
fn win_rate(score: i32) -> f64 {
    if score >= MATE_BOUND {
        1.0
    } else if score <= -MATE_BOUND {
        0.0
    } else {
        1.0 / (1.0 + (-f64::from(score) / WINRATE_SCALE).exp())
    }
}

/// The Yixin-Board marker of a root move of the running search (only sent at `INFO
/// show_detail` levels 1 and 3): `MESSAGE REALTIME REFRESH` as an iteration starts, `MESSAGE
/// REALTIME POS x,y` / `DONE x,y` around the search of a root move, `MESSAGE REALTIME LOST x,y`
/// for a move proven lost.
pub fn root_line(event: RootEvent, detail: u8) -> Option<String> {
    if detail & 1 == 0 {
        return None;
    }
    let text = match event {
        RootEvent::Iteration => "REALTIME REFRESH".to_string(),
        RootEvent::Searching(p) => format!("REALTIME POS {p}"),
        RootEvent::Searched(p) => format!("REALTIME DONE {p}"),
        RootEvent::Lost(p) => format!("REALTIME LOST {p}"),
    };
    Some(Response::Message(text).to_string())
}

/// Moves on one `MESSAGE DEFEND` line (about 250 characters).
const DEFEND_PER_LINE: usize = 40;

/// The answer lines of YXSEARCHDEFEND before its move: `MESSAGE DEFEND x,y x,y …`, the moves that
/// hold, 40 to a line (at least one line; `MESSAGE DEFEND` alone when none holds).
pub fn defend_lines(holding: &[Pos]) -> Vec<Response> {
    if holding.is_empty() {
        return vec![Response::Message("DEFEND".to_string())];
    }
    holding
        .chunks(DEFEND_PER_LINE)
        .map(|c| Response::Message(format!("DEFEND {}", pv_text_all(c))))
        .collect()
}

/// The moves, separated by spaces.
fn pv_text_all(moves: &[Pos]) -> String {
    let moves: Vec<String> = moves.iter().map(Pos::to_string).collect();
    moves.join(" ")
}

/// The line before the answer of YXBALANCEONE / YXBALANCETWO: `MESSAGE BALANCE x,y [x,y] ev 12
/// depth 9`, the stones and the score after them for the side that placed the first.
pub fn balance_line(moves: &[Pos], score: i32, depth: u32) -> Response {
    Response::Message(format!(
        "BALANCE {} ev {} depth {depth}",
        pv_text_all(moves),
        score_text(score)
    ))
}

/// A score as shown to the user: centi-units, or `+M5` / `-M4` (moves to the five) when proven.
fn score_text(score: i32) -> String {
    if score.abs() >= MATE_BOUND {
        let plies = MATE - score.abs();
        let sign = if score > 0 { '+' } else { '-' };
        format!("{sign}M{}", (plies + 1) / 2)
    } else {
        score.to_string()
    }
}

/// The first [`PV_SHOWN`] moves of a line, separated by spaces.
fn pv_text(pv: &[Pos]) -> String {
    pv_text_all(&pv[..pv.len().min(PV_SHOWN)])
}

/// One YXNBEST line, `i` counted from 1, in the form Rapfi gives Yixin-Board:
/// `MESSAGE (1) 35 | 9-21 | 7,7 8,8 …` (score, depth-seldepth, principal variation).
pub fn pv_line(i: usize, line: &PvLine) -> Response {
    let r = &line.result;
    Response::Message(format!(
        "({i}) {} | {}-{} | {}",
        score_text(r.score),
        r.depth,
        line.seldepth.max(r.depth),
        pv_text(&r.pv)
    ))
}

/// The analysis lines of one finished YXNBEST round (only sent when `INFO show_detail` > 0):
/// `MESSAGE REALTIME BEST x,y` of the first line (levels 1 and 3), then every line
/// ([`pv_line`]), and at levels 2 and 3 one Rapfi block per line (`INFO PV i`, `INFO NUMPV n`,
/// depth, nodes, eval, win rate, `INFO BESTLINE`, `INFO PV DONE`), from which the Yixin-Board
/// fork marks each line's first move.
pub fn round_lines(lines: &[PvLine], detail: u8) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len() + 1);
    if let Some(first) = lines.first() {
        if detail & 1 != 0 && !first.result.best.is_none() {
            out.push(Response::Message(format!("REALTIME BEST {}", first.result.best)).to_string());
        }
    }
    out.extend(
        lines
            .iter()
            .enumerate()
            .map(|(i, l)| pv_line(i + 1, l).to_string()),
    );
    if detail & 2 != 0 {
        for (i, l) in lines.iter().enumerate() {
            let r = &l.result;
            let rows = [
                ("PV", i.to_string()),
                ("NUMPV", lines.len().to_string()),
                ("DEPTH", r.depth.to_string()),
                ("SELDEPTH", l.seldepth.max(r.depth).to_string()),
                ("NODES", r.nodes.to_string()),
                ("EVAL", score_text(r.score)),
                ("WINRATE", format!("{:.4}", win_rate(r.score))),
                ("BESTLINE", pv_text(&r.pv)),
                ("PV", "DONE".to_string()),
            ];
            for (key, value) in rows {
                out.push(clean(&format!("INFO {key} {value}")));
            }
        }
    }
    out
}

/// `text` made safe for one protocol line: printable ASCII only, at most `MAX_TEXT` chars,
/// and never empty.
pub fn clean(text: &str) -> String {
    let mut out: String = text
        .chars()
        .map(|c| if (' '..='~').contains(&c) { c } else { '?' })
        .take(MAX_TEXT)
        .collect();
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    if out.is_empty() {
        out.push('-');
    }
    out
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Response::Ok => f.write_str("OK"),
            Response::Move(p) => write!(f, "{p}"),
            Response::Stones(ps) => {
                for (i, p) in ps.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
            }
            Response::Error(t) => write!(f, "ERROR {}", clean(t)),
            Response::Unknown(t) => write!(f, "UNKNOWN {}", clean(t)),
            Response::Message(t) => write!(f, "MESSAGE {}", clean(t)),
            Response::About => f.write_str(&about_line()),
            Response::Forbid(ps) => {
                f.write_str("FORBID ")?;
                for p in ps {
                    write!(f, "{:02}{:02}", p.x(), p.y())?;
                }
                f.write_str(".")
            }
            Response::Swap => f.write_str("SWAP"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(Response::Move(Pos::new(7, 12)).to_string(), "7,12");
        assert_eq!(
            Response::Stones(vec![Pos::new(7, 7), Pos::new(8, 6), Pos::new(8, 8)]).to_string(),
            "7,7 8,6 8,8"
        );
        assert_eq!(
            Response::Forbid(vec![Pos::new(7, 6), Pos::new(8, 10)]).to_string(),
            "FORBID 07060810."
        );
        assert_eq!(Response::Forbid(vec![]).to_string(), "FORBID .");
        assert_eq!(
            Response::Error("a\nb\u{e9}".into()).to_string(),
            "ERROR a?b?"
        );
        assert_eq!(Response::Message(String::new()).to_string(), "MESSAGE -");
        assert_eq!(
            Response::Unknown("x".repeat(1000)).to_string().len(),
            8 + 300
        );
        let p = Pos::new(7, 12);
        assert_eq!(
            root_line(RootEvent::Searching(p), 1).as_deref(),
            Some("MESSAGE REALTIME POS 7,12")
        );
        assert_eq!(
            root_line(RootEvent::Searched(p), 3).as_deref(),
            Some("MESSAGE REALTIME DONE 7,12")
        );
        assert_eq!(
            root_line(RootEvent::Lost(p), 1).as_deref(),
            Some("MESSAGE REALTIME LOST 7,12")
        );
        assert_eq!(
            root_line(RootEvent::Iteration, 1).as_deref(),
            Some("MESSAGE REALTIME REFRESH")
        );
        assert_eq!(root_line(RootEvent::Lost(p), 2), None);
        assert_eq!(root_line(RootEvent::Lost(p), 0), None);
        let many: Vec<Pos> = (0..45).map(|i| Pos::new(i % 15, i / 15)).collect();
        let lines = defend_lines(&many);
        assert_eq!(lines.len(), 2);
        assert!(lines[0].to_string().starts_with("MESSAGE DEFEND 0,0 1,0 "));
        assert_eq!(
            lines[1].to_string(),
            "MESSAGE DEFEND 10,2 11,2 12,2 13,2 14,2"
        );
        assert_eq!(defend_lines(&[])[0].to_string(), "MESSAGE DEFEND");
        let about = about_line();
        assert!(about.starts_with("name=\"Rensa\", version=\""));
        assert_eq!(about.matches(',').count(), 3);
    }
}
