//! Typed answers → protocol text: `x,y`, `OK`, `ERROR …`, `UNKNOWN …`, `MESSAGE …`, the ABOUT
//! line and the Yixin-Board `FORBID` list. Every line is single-line, ASCII-printable and never
//! empty, whatever went into it.

use std::fmt;

use crate::board::Pos;

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
}

/// The ABOUT line: no commas, `=` or quotes inside the values (GomocupJudgeLocal splits on them).
pub fn about_line() -> String {
    format!(
        "name=\"Rensa\", version=\"{}\", author=\"Rensa developers\", country=\"SE\"",
        env!("CARGO_PKG_VERSION")
    )
}

/// `text` made safe for one protocol line: printable ASCII only, at most [`MAX_TEXT`] chars,
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
        let about = about_line();
        assert!(about.starts_with("name=\"Rensa\", version=\""));
        assert_eq!(about.matches(',').count(), 3);
    }
}
