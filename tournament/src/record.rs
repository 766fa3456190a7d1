//! Game records and machine-readable output: SGF (`GM[4]`, readable by Gomoku GUIs), Piskvork
//! PSQ, and a small hand-written JSON writer.

use rensa::types::Color;

use crate::game::{GameRecord, Reason};

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

/// A JSON string literal.
pub fn json_str(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// A JSON number; infinities and NaN (which JSON lacks) become `null`.
pub fn json_num(v: f64) -> String {
    if v.is_finite() {
        let r = (v * 1e4).round() / 1e4;
        format!("{r}")
    } else {
        "null".to_string()
    }
}

/// One game as a JSON object.
pub fn game_json(g: &GameRecord) -> String {
    let moves: Vec<String> = g
        .moves
        .iter()
        .map(|&((x, y), t)| format!("[{x},{y},{t}]"))
        .collect();
    format!(
        "{{\"id\":{},\"black\":{},\"white\":{},\"opening\":{},\"result\":{},\"winner\":{},\"reason\":{},\"detail\":{},\"peak_memory\":[{},{}],\"moves\":[{}]}}",
        g.id,
        json_str(&g.black),
        json_str(&g.white),
        json_str(&g.opening.to_pos_string()),
        json_str(g.result_str()),
        match g.winner {
            Some(Color::Black) => json_str("black"),
            Some(Color::White) => json_str("white"),
            None => "null".to_string(),
        },
        json_str(g.reason.name()),
        json_str(&g.detail),
        g.peak_memory[0],
        g.peak_memory[1],
        moves.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opening::Opening;
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
    fn json_escapes() {
        assert_eq!(json_str("a\"b\\c\n\u{1}"), "\"a\\\"b\\\\c\\n\\u0001\"");
        assert_eq!(json_num(1.23456789), "1.2346");
        assert_eq!(json_num(f64::INFINITY), "null");
        let j = game_json(&game());
        assert!(
            j.contains("\"winner\":\"white\",\"reason\":\"time\""),
            "{j}"
        );
        assert!(j.contains("\"moves\":[[9,9,12],[0,14,30]]"), "{j}");
    }
}
