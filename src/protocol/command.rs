//! Text → typed commands: the pure parser of manager lines (no I/O, no game state).
//!
//! [`parse_line`] classifies one line; [`LineParser`] adds the only multi-line construct of the
//! protocol, the `BOARD` / `YXBOARD` / `SWAP2BOARD` / `YXBLOCK` / `YXBLOCKUNDO` … `DONE` block. Command words, `INFO` keys
//! and `DONE` are case-insensitive; runs of spaces/tabs separate tokens; spaces around the commas
//! of a coordinate are allowed (`7, 7`). Numbers are read as `i64` and saturate instead of
//! failing when they do not fit, so range checks happen where the board size is known.
//! [`decode_rule`] reads the `INFO rule` codes of the managers.

use crate::types::Rule;

/// A pair of coordinates as the manager wrote them (not yet checked against the board).
pub type Coord = (i64, i64);

/// Which block a `… DONE` block was opened by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// `BOARD`: set the position, then answer with a move.
    Board,
    /// `YXBOARD`: set the position, no answer.
    YxBoard,
    /// `SWAP2BOARD`: an opening proposal / decision (§3.8).
    Swap2Board,
    /// `YXBLOCK`: cells the search must not play, added to the list.
    YxBlock,
    /// `YXBLOCKUNDO`: cells taken off that list.
    YxBlockUndo,
    /// `YXQUERYDATABASEALL` / `YXQUERYDATABASEALLT` with the moves of the position: Yixin-Board
    /// asks for its database marks after every move; Rensa has no database and answers
    /// `MESSAGE DATABASE REFRESH` / `MESSAGE DATABASE DONE`, so that the board redraws.
    DatabaseQuery,
    /// A Yixin-Board command with data lines up to `DONE` that Rensa does not implement (the
    /// database and the block path): read whole, answered with one `UNKNOWN <word>`.
    Unsupported(&'static str),
}

/// The Yixin-Board commands that send data lines up to `DONE` and that Rensa does not
/// implement ([`BlockKind::Unsupported`]).
const UNSUPPORTED_BLOCKS: [&str; 10] = [
    "YXQUERYDATABASEONE",
    "YXQUERYDATABASETEXT",
    "YXSETBESTMOVEDATABASE",
    "YXEDITTVDDATABASE",
    "YXEDITTEXTDATABASE",
    "YXEDITLABELDATABASE",
    "YXDELETEDATABASEONE",
    "YXDELETEDATABASEALL",
    "YXBLOCKPATH",
    "YXBLOCKPATHUNDO",
];

impl BlockKind {
    /// The command word that opens the block.
    pub fn word(self) -> &'static str {
        match self {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Swap2Board => "SWAP2BOARD",
            BlockKind::YxBlock => "YXBLOCK",
            BlockKind::YxBlockUndo => "YXBLOCKUNDO",
            BlockKind::DatabaseQuery => "YXQUERYDATABASEALL",
            BlockKind::Unsupported(word) => word,
        }
    }

    /// Whether its data lines carry a third field (`x,y,field`: BOARD and YXBOARD) or are bare
    /// `x,y` (SWAP2BOARD, YXBLOCK, YXBLOCKUNDO).
    pub fn has_field(self) -> bool {
        matches!(self, BlockKind::Board | BlockKind::YxBoard)
    }
}

/// One data line of a block: `x,y,field` in BOARD/YXBOARD (field 1 mine, 2 opponent, 3 blocked),
/// `x,y` in SWAP2BOARD, YXBLOCK and YXBLOCKUNDO (field `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub x: i64,
    pub y: i64,
    pub field: Option<i64>,
}

/// An `INFO key value` line, with the keys Rensa knows typed (protocol.md §5.1/§5.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    TimeoutTurn(i64),
    TimeoutMatch(i64),
    TimeLeft(i64),
    MaxMemory(i64),
    GameType(i64),
    Rule(i64),
    /// Piskvork's mouse position (debug only; ignored).
    Evaluate(String),
    /// The persistent-files folder: the rest of the line, spaces included.
    Folder(String),
    MaxDepth(i64),
    MaxNode(i64),
    TimeIncrement(i64),
    ThreadNum(i64),
    HashSize(i64),
    Pondering(i64),
    CautionFactor(i64),
    ShowDetail(i64),
    UseDatabase(i64),
    /// `INFO param_<name> <value>`: a search parameter (`name` without the prefix, lower case;
    /// `value` is `None` when it is not an integer).
    Param {
        name: String,
        value: Option<i64>,
    },
    /// A key Rensa does not use (or a known numeric key with a non-numeric value): ignored.
    Ignored {
        key: String,
        value: String,
    },
}

/// A complete request from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START N` (width = height = N) or `START W H`.
    Start {
        width: i64,
        height: i64,
    },
    /// `RECTSTART W,H`.
    RectStart {
        width: i64,
        height: i64,
    },
    Restart,
    Begin,
    Turn(Coord),
    Play(Coord),
    Takeback(Coord),
    /// A finished `… DONE` block. `bad` holds the data lines that did not parse.
    Block {
        kind: BlockKind,
        entries: Vec<Entry>,
        bad: Vec<String>,
    },
    Info(Info),
    End,
    About,
    /// `YXSTOP` or `STOP`.
    Stop,
    ShowForbid,
    HashClear,
    ShowInfo,
    /// `YXNBEST n`: the `n` best moves (not yet clamped).
    NBest(i64),
    /// `YXBLOCKRESET`: empty the list of cells the search must not play.
    BlockReset,
    /// `YXSEARCHDEFEND`: every move that holds against the opponent's threats, then a move.
    SearchDefend,
    /// `YXBALANCEONE b` (1) / `YXBALANCETWO b` (2): that many stones after which the score for
    /// the side to move is closest to `b` (0 when the number is left out).
    Balance {
        stones: usize,
        bias: i64,
    },
    /// `YXSHOWHASHUSAGE`: the transposition table's fill, as a `MESSAGE` line.
    HashUsage,
    /// `YXFORBID add|del r c s`: Yixin-Board's per-side forbidden cell (its `forbid` command);
    /// the rest of the line as sent.
    Forbid(String),
    /// `YXSWAP2STEP1` / `2` / `3`: Yixin-Board's Swap2 opening, step 1 (place three stones),
    /// 2 (White's choice after three) or 3 (Black's choice after five).
    Swap2Step(u8),
    /// A known command with unusable arguments: answer `ERROR <text>`.
    Malformed(String),
    /// Anything else: answer `UNKNOWN <word>`.
    Unknown(String),
    /// Only inside [`parse_line`]: the opening line of a block (consumed by [`LineParser`]).
    BlockStart(BlockKind),
    /// Only inside [`parse_line`]: a `DONE` line (outside a block it is [`Command::Malformed`]).
    Done,
}

/// Decodes an `INFO rule` value (protocol.md §5.3: Gomocup's bit field, and Yixin-Board's 2
/// for renju). Returns the rule and, when the value is not one that Rensa supports exactly, a
/// human-readable note saying which rule is used instead.
pub fn decode_rule(value: i64) -> (Rule, Option<String>) {
    match value {
        0 => (Rule::Freestyle, None),
        1 => (Rule::Standard, None),
        2 | 4 => (Rule::Renju, None),
        8 => (Rule::CaroOverline, None),
        9 => (Rule::Caro, None),
        v => {
            // Closest supported rule: renju bit, then caro bit, then exact-five bit.
            let rule = if v >= 0 && v & 4 != 0 {
                Rule::Renju
            } else if v >= 0 && v & 8 != 0 {
                if v & 1 != 0 {
                    Rule::Caro
                } else {
                    Rule::CaroOverline
                }
            } else if v >= 0 && v & 1 != 0 {
                Rule::Standard
            } else {
                Rule::Freestyle
            };
            let note = format!("rule {v} is not supported exactly; playing {}", rule.name());
            (rule, Some(note))
        }
    }
}

/// Reads a decimal integer, saturating at the `i64` bounds instead of failing on overflow.
pub fn parse_int(s: &str) -> Option<i64> {
    let (neg, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut v: i64 = 0;
    for b in digits.bytes() {
        let d = i64::from(b - b'0');
        v = if neg {
            v.saturating_mul(10).saturating_sub(d)
        } else {
            v.saturating_mul(10).saturating_add(d)
        };
    }
    Some(v)
}

/// Joins the tokens around commas: `7 , 7` → `7,7`, so `x, y` and `x ,y` read as one token.
fn glue_commas(rest: &str) -> String {
    let mut out = String::with_capacity(rest.len());
    let mut pending_space = false;
    for c in rest.chars() {
        if c == ' ' || c == '\t' {
            pending_space = true;
        } else if c == ',' {
            out.push(',');
            pending_space = false;
        } else {
            if pending_space && !out.is_empty() && !out.ends_with(',') {
                out.push(' ');
            }
            pending_space = false;
            out.push(c);
        }
    }
    out
}

/// The comma-separated integers of a single token such as `7,7` or `7,7,1`.
fn parse_fields(rest: &str) -> Option<Vec<i64>> {
    let glued = glue_commas(rest);
    let mut tokens = glued.split_whitespace();
    let token = tokens.next()?;
    if tokens.next().is_some() {
        return None;
    }
    token.split(',').map(parse_int).collect()
}

/// Reads `x,y` (spaces around the comma allowed).
pub fn parse_coord(rest: &str) -> Option<Coord> {
    match parse_fields(rest)?.as_slice() {
        &[x, y] => Some((x, y)),
        _ => None,
    }
}

/// Reads one data line of a block; `with_field` selects `x,y,f` (BOARD) or `x,y` (SWAP2BOARD).
pub fn parse_entry(line: &str, with_field: bool) -> Option<Entry> {
    match (parse_fields(line)?.as_slice(), with_field) {
        (&[x, y, f], true) => Some(Entry {
            x,
            y,
            field: Some(f),
        }),
        (&[x, y], false) => Some(Entry { x, y, field: None }),
        _ => None,
    }
}

/// Splits a line into its first token and the rest (leading blanks of the rest removed).
fn split_word(line: &str) -> (&str, &str) {
    let line = line.trim_matches(|c: char| c.is_whitespace());
    match line.find([' ', '\t']) {
        Some(i) => (&line[..i], line[i..].trim_start_matches([' ', '\t'])),
        None => (line, ""),
    }
}

/// Two sizes from `START`/`RECTSTART` arguments: `N`, `W H` or `W,H`.
fn parse_sizes(rest: &str, rect: bool) -> Option<(i64, i64)> {
    let glued = glue_commas(rest);
    let tokens: Vec<&str> = glued.split_whitespace().collect();
    match tokens.as_slice() {
        [one] if one.contains(',') => parse_coord(one),
        [one] if !rect => parse_int(one).map(|n| (n, n)),
        [w, h] => Some((parse_int(w)?, parse_int(h)?)),
        _ => None,
    }
}

fn parse_info(rest: &str) -> Info {
    let (key, value) = split_word(rest);
    let key_lower = key.to_ascii_lowercase();
    let value = value.trim_end_matches([' ', '\t']);
    if key_lower == "folder" {
        return Info::Folder(value.to_string());
    }
    if key_lower == "evaluate" {
        return Info::Evaluate(value.to_string());
    }
    if let Some(name) = key_lower.strip_prefix("param_") {
        return Info::Param {
            name: name.to_string(),
            value: value.split_whitespace().next().and_then(parse_int),
        };
    }
    let Some(n) = value.split_whitespace().next().and_then(parse_int) else {
        return Info::Ignored {
            key: key.to_string(),
            value: value.to_string(),
        };
    };
    match key_lower.as_str() {
        "timeout_turn" => Info::TimeoutTurn(n),
        "timeout_match" => Info::TimeoutMatch(n),
        "time_left" => Info::TimeLeft(n),
        "max_memory" => Info::MaxMemory(n),
        "game_type" => Info::GameType(n),
        "rule" => Info::Rule(n),
        "max_depth" => Info::MaxDepth(n),
        "max_node" => Info::MaxNode(n),
        "time_increment" => Info::TimeIncrement(n),
        "thread_num" => Info::ThreadNum(n),
        "hash_size" => Info::HashSize(n),
        "pondering" => Info::Pondering(n),
        "caution_factor" => Info::CautionFactor(n),
        "show_detail" => Info::ShowDetail(n),
        "usedatabase" => Info::UseDatabase(n),
        _ => Info::Ignored {
            key: key.to_string(),
            value: value.to_string(),
        },
    }
}

fn coord_command(word: &str, rest: &str, make: fn(Coord) -> Command) -> Command {
    match parse_coord(rest) {
        Some(c) => make(c),
        None if rest.is_empty() => Command::Malformed(format!("{word} needs coordinates x,y")),
        None => Command::Malformed(format!("{word}: cannot read coordinates '{}'", clip(rest))),
    }
}

/// At most 40 characters of `s`, for error messages about garbage input.
pub fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push_str("...");
    }
    out
}

/// Classifies one line outside a block. Empty lines are the caller's business (they are skipped
/// by [`LineParser`]); here they come out as `Unknown("")`.
pub fn parse_line(line: &str) -> Command {
    let (word, rest) = split_word(line);
    let upper = word.to_ascii_uppercase();
    match upper.as_str() {
        "START" => match parse_sizes(rest, false) {
            Some((width, height)) => Command::Start { width, height },
            None => Command::Malformed(format!("START: cannot read a board size '{}'", clip(rest))),
        },
        "RECTSTART" => match parse_sizes(rest, true) {
            Some((width, height)) => Command::RectStart { width, height },
            None => Command::Malformed(format!(
                "RECTSTART: cannot read a board size '{}'",
                clip(rest)
            )),
        },
        "RESTART" => Command::Restart,
        "BEGIN" => Command::Begin,
        "TURN" => coord_command("TURN", rest, Command::Turn),
        "PLAY" => coord_command("PLAY", rest, Command::Play),
        "TAKEBACK" => coord_command("TAKEBACK", rest, Command::Takeback),
        "BOARD" => Command::BlockStart(BlockKind::Board),
        "YXBOARD" => Command::BlockStart(BlockKind::YxBoard),
        "SWAP2BOARD" => Command::BlockStart(BlockKind::Swap2Board),
        "YXBLOCK" => Command::BlockStart(BlockKind::YxBlock),
        "YXBLOCKUNDO" => Command::BlockStart(BlockKind::YxBlockUndo),
        "YXQUERYDATABASEALL" | "YXQUERYDATABASEALLT" => {
            Command::BlockStart(BlockKind::DatabaseQuery)
        }
        w if UNSUPPORTED_BLOCKS.contains(&w) => {
            let word = UNSUPPORTED_BLOCKS
                .iter()
                .find(|&&u| u == w)
                .copied()
                .unwrap_or("YX");
            Command::BlockStart(BlockKind::Unsupported(word))
        }
        "YXBLOCKRESET" => Command::BlockReset,
        "YXSEARCHDEFEND" => Command::SearchDefend,
        "YXBALANCEONE" | "YXBALANCETWO" => {
            let stones = if upper == "YXBALANCEONE" { 1 } else { 2 };
            match rest.split_whitespace().next() {
                None => Command::Balance { stones, bias: 0 },
                Some(b) => match parse_int(b) {
                    Some(bias) => Command::Balance { stones, bias },
                    None => Command::Malformed(format!(
                        "{upper} needs a score to aim at, not '{}'",
                        clip(rest)
                    )),
                },
            }
        }
        "DONE" => Command::Done,
        "INFO" => Command::Info(parse_info(rest)),
        "END" => Command::End,
        "ABOUT" => Command::About,
        "YXSTOP" | "STOP" => Command::Stop,
        "YXSHOWFORBID" => Command::ShowForbid,
        "YXHASHCLEAR" => Command::HashClear,
        "YXSHOWINFO" => Command::ShowInfo,
        "YXSHOWHASHUSAGE" => Command::HashUsage,
        "YXFORBID" => Command::Forbid(clip(rest.trim())),
        "YXSWAP2STEP1" => Command::Swap2Step(1),
        "YXSWAP2STEP2" => Command::Swap2Step(2),
        "YXSWAP2STEP3" => Command::Swap2Step(3),
        "YXNBEST" => match rest.split_whitespace().next().and_then(parse_int) {
            Some(n) => Command::NBest(n),
            None => Command::Malformed(format!(
                "YXNBEST needs a number of moves, not '{}'",
                clip(rest)
            )),
        },
        _ => Command::Unknown(clip(word)),
    }
}

/// The block being collected.
#[derive(Debug)]
struct OpenBlock {
    kind: BlockKind,
    entries: Vec<Entry>,
    bad: Vec<String>,
}

/// Turns a stream of lines into complete [`Command`]s, collecting `… DONE` blocks.
#[derive(Debug, Default)]
pub struct LineParser {
    block: Option<OpenBlock>,
}

impl LineParser {
    pub fn new() -> LineParser {
        LineParser::default()
    }

    /// Whether a block is being collected.
    pub fn in_block(&self) -> bool {
        self.block.is_some()
    }

    /// Feeds one line; returns a command when one is complete. Empty lines are ignored. Inside a
    /// block, `END` abandons the block (and is returned); any line that is not a data line is
    /// kept in `bad`.
    pub fn feed(&mut self, line: &str) -> Option<Command> {
        let trimmed = line.trim_matches(|c: char| c.is_whitespace());
        if trimmed.is_empty() {
            return None;
        }
        if let Some(block) = &mut self.block {
            let (word, _) = split_word(trimmed);
            if word.eq_ignore_ascii_case("DONE") {
                let b = self.block.take()?;
                return Some(Command::Block {
                    kind: b.kind,
                    entries: b.entries,
                    bad: b.bad,
                });
            }
            if word.eq_ignore_ascii_case("END") {
                self.block = None;
                return Some(Command::End);
            }
            match parse_entry(trimmed, block.kind.has_field()) {
                Some(e) => block.entries.push(e),
                None => block.bad.push(clip(trimmed)),
            }
            return None;
        }
        match parse_line(trimmed) {
            Command::BlockStart(kind) => {
                self.block = Some(OpenBlock {
                    kind,
                    entries: Vec::new(),
                    bad: Vec::new(),
                });
                None
            }
            Command::Done => Some(Command::Malformed("DONE without BOARD".to_string())),
            c => Some(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed_all(lines: &[&str]) -> Vec<Command> {
        let mut p = LineParser::new();
        lines.iter().filter_map(|l| p.feed(l)).collect()
    }

    /// Yixin-Board's database and block-path commands are read up to DONE, whatever their
    /// lines hold.
    #[test]
    fn yixin_data_blocks_are_read_whole() {
        let got = feed_all(&["yxquerydatabaseallt", "7,7", "8,8", "done", "ABOUT"]);
        assert!(matches!(
            &got[0],
            Command::Block {
                kind: BlockKind::DatabaseQuery,
                ..
            }
        ));
        assert_eq!(got[1], Command::About);
        let got = feed_all(&["YXEDITTEXTDATABASE", "some text", "7,7", "DONE"]);
        assert_eq!(got.len(), 1);
        assert!(matches!(
            &got[0],
            Command::Block {
                kind: BlockKind::Unsupported("YXEDITTEXTDATABASE"),
                ..
            }
        ));
        assert_eq!(
            parse_line("yxblockpathreset"),
            Command::Unknown("yxblockpathreset".into())
        );
    }

    #[test]
    fn start_forms() {
        assert_eq!(
            parse_line("START 15"),
            Command::Start {
                width: 15,
                height: 15
            }
        );
        assert_eq!(
            parse_line("start 15 15"),
            Command::Start {
                width: 15,
                height: 15
            }
        );
        assert_eq!(
            parse_line("START\t20   10"),
            Command::Start {
                width: 20,
                height: 10
            }
        );
        assert_eq!(
            parse_line("RECTSTART 20,15"),
            Command::RectStart {
                width: 20,
                height: 15
            }
        );
        assert_eq!(
            parse_line("rectstart 20 , 15"),
            Command::RectStart {
                width: 20,
                height: 15
            }
        );
        assert!(matches!(parse_line("START"), Command::Malformed(_)));
        assert!(matches!(parse_line("START abc"), Command::Malformed(_)));
        assert!(matches!(parse_line("RECTSTART 20"), Command::Malformed(_)));
        assert_eq!(
            parse_line("START -3"),
            Command::Start {
                width: -3,
                height: -3
            }
        );
    }

    #[test]
    fn coordinates_with_spaces_and_case() {
        assert_eq!(parse_line("TURN 7,8"), Command::Turn((7, 8)));
        assert_eq!(parse_line("turn 7, 8"), Command::Turn((7, 8)));
        assert_eq!(parse_line("Turn  7 ,8  "), Command::Turn((7, 8)));
        assert_eq!(parse_line("TURN\t7 , 8"), Command::Turn((7, 8)));
        assert_eq!(parse_line("PLAY 0,0"), Command::Play((0, 0)));
        assert_eq!(parse_line("takeback 3,4"), Command::Takeback((3, 4)));
        assert_eq!(parse_line("TURN -1,99"), Command::Turn((-1, 99)));
        assert_eq!(
            parse_line("TURN 99999999999999999999999,1"),
            Command::Turn((i64::MAX, 1))
        );
        for bad in [
            "TURN",
            "TURN 7",
            "TURN 7,8,9",
            "TURN a,b",
            "TURN 7 8",
            "TURN 7,",
        ] {
            assert!(matches!(parse_line(bad), Command::Malformed(_)), "{bad}");
        }
    }

    #[test]
    fn info_keys() {
        assert_eq!(
            parse_line("INFO timeout_turn 5000"),
            Command::Info(Info::TimeoutTurn(5000))
        );
        assert_eq!(
            parse_line("info TIMEOUT_MATCH 0"),
            Command::Info(Info::TimeoutMatch(0))
        );
        assert_eq!(
            parse_line("INFO time_left -1234"),
            Command::Info(Info::TimeLeft(-1234))
        );
        assert_eq!(
            parse_line("INFO max_memory 384829069721600"),
            Command::Info(Info::MaxMemory(384829069721600))
        );
        assert_eq!(
            parse_line("INFO max_memory 99999999999999999999999999"),
            Command::Info(Info::MaxMemory(i64::MAX))
        );
        assert_eq!(parse_line("INFO rule 4"), Command::Info(Info::Rule(4)));
        assert_eq!(
            parse_line("INFO folder C:\\My Documents\\x y"),
            Command::Info(Info::Folder("C:\\My Documents\\x y".to_string()))
        );
        assert_eq!(
            parse_line("INFO max_node -1"),
            Command::Info(Info::MaxNode(-1))
        );
        assert_eq!(
            parse_line("INFO usedatabase 1"),
            Command::Info(Info::UseDatabase(1))
        );
        assert_eq!(
            parse_line("INFO param_rfp_margin 130"),
            Command::Info(Info::Param {
                name: "rfp_margin".into(),
                value: Some(130)
            })
        );
        assert_eq!(
            parse_line("info PARAM_Lmr_Depth x"),
            Command::Info(Info::Param {
                name: "lmr_depth".into(),
                value: None
            })
        );
        assert!(matches!(
            parse_line("INFO whatever 12"),
            Command::Info(Info::Ignored { .. })
        ));
        assert!(matches!(
            parse_line("INFO timeout_turn lots"),
            Command::Info(Info::Ignored { .. })
        ));
        assert!(matches!(
            parse_line("INFO"),
            Command::Info(Info::Ignored { .. })
        ));
    }

    #[test]
    fn simple_words() {
        assert_eq!(parse_line("yxstop"), Command::Stop);
        assert_eq!(parse_line("STOP"), Command::Stop);
        assert_eq!(parse_line("End"), Command::End);
        assert_eq!(parse_line("ABOUT"), Command::About);
        assert_eq!(parse_line("YXSHOWFORBID"), Command::ShowForbid);
        assert_eq!(parse_line("yxhashclear"), Command::HashClear);
        assert_eq!(parse_line("YXSHOWINFO"), Command::ShowInfo);
        assert_eq!(parse_line("RESTART"), Command::Restart);
        assert_eq!(parse_line("begin"), Command::Begin);
        assert_eq!(parse_line("FOO bar"), Command::Unknown("FOO".to_string()));
        assert_eq!(parse_line("yxnbest 3"), Command::NBest(3));
        assert_eq!(parse_line("YXNBEST\t-2 x"), Command::NBest(-2));
        assert!(matches!(parse_line("YXNBEST"), Command::Malformed(_)));
        assert!(matches!(parse_line("YXNBEST three"), Command::Malformed(_)));
        assert_eq!(parse_line("yxblockreset"), Command::BlockReset);
        assert_eq!(parse_line("YXSEARCHDEFEND"), Command::SearchDefend);
        assert_eq!(
            parse_line("yxbalanceone -30"),
            Command::Balance {
                stones: 1,
                bias: -30
            }
        );
        assert_eq!(
            parse_line("YXBALANCETWO"),
            Command::Balance { stones: 2, bias: 0 }
        );
        assert!(matches!(
            parse_line("YXBALANCETWO even"),
            Command::Malformed(_)
        ));
    }

    #[test]
    fn board_block() {
        let cmds = feed_all(&["BOARD", "7,7,1", "", "8, 8 ,2", "junk", "9,9,3", "done"]);
        assert_eq!(
            cmds,
            vec![Command::Block {
                kind: BlockKind::Board,
                entries: vec![
                    Entry {
                        x: 7,
                        y: 7,
                        field: Some(1)
                    },
                    Entry {
                        x: 8,
                        y: 8,
                        field: Some(2)
                    },
                    Entry {
                        x: 9,
                        y: 9,
                        field: Some(3)
                    },
                ],
                bad: vec!["junk".to_string()],
            }]
        );
        let cmds = feed_all(&["SWAP2BOARD", "7,7", "8,8,1", "DONE"]);
        match &cmds[..] {
            [Command::Block { kind, entries, bad }] => {
                assert_eq!(*kind, BlockKind::Swap2Board);
                assert_eq!(entries.len(), 1);
                assert_eq!(bad.len(), 1);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(feed_all(&["board", "7,7,1", "END"]), vec![Command::End]);
        let entry = |x, y| Entry { x, y, field: None };
        assert_eq!(
            feed_all(&["yxblock", "7,7", "8 , 9", "7,7,1", "Done"]),
            vec![Command::Block {
                kind: BlockKind::YxBlock,
                entries: vec![entry(7, 7), entry(8, 9)],
                bad: vec!["7,7,1".to_string()],
            }]
        );
        assert_eq!(
            feed_all(&["YXBLOCKUNDO", "-1,3", "DONE"]),
            vec![Command::Block {
                kind: BlockKind::YxBlockUndo,
                entries: vec![entry(-1, 3)],
                bad: vec![],
            }]
        );
        assert!(matches!(feed_all(&["DONE"])[..], [Command::Malformed(_)]));
        assert_eq!(
            feed_all(&["YXBOARD", "DONE", "ABOUT"]),
            vec![
                Command::Block {
                    kind: BlockKind::YxBoard,
                    entries: vec![],
                    bad: vec![]
                },
                Command::About
            ]
        );
    }

    #[test]
    fn long_and_odd_lines_do_not_panic() {
        let long = format!("INFO folder {}", "x".repeat(20000));
        assert!(matches!(parse_line(&long), Command::Info(Info::Folder(f)) if f.len() == 20000));
        let garbage = "\u{fffd}\u{fffd} ,,, ,";
        assert!(matches!(parse_line(garbage), Command::Unknown(_)));
        assert!(matches!(parse_line("TURN ,,,"), Command::Malformed(_)));
        assert!(matches!(parse_line("TURN ,7"), Command::Malformed(_)));
        assert_eq!(parse_int("-"), None);
        assert_eq!(parse_int("+5"), Some(5));
        assert_eq!(parse_int("-99999999999999999999"), Some(i64::MIN));
    }

    #[test]
    fn rule_values_decode_as_managers_mean_them() {
        assert_eq!(decode_rule(0), (Rule::Freestyle, None));
        assert_eq!(decode_rule(1), (Rule::Standard, None));
        assert_eq!(decode_rule(2), (Rule::Renju, None));
        assert_eq!(decode_rule(4), (Rule::Renju, None));
        assert_eq!(decode_rule(8), (Rule::CaroOverline, None));
        assert_eq!(decode_rule(9), (Rule::Caro, None));
        assert_eq!(decode_rule(3).0, Rule::Standard);
        assert!(decode_rule(3).1.is_some());
        assert_eq!(decode_rule(5).0, Rule::Renju);
        assert_eq!(decode_rule(11).0, Rule::Caro);
        assert_eq!(decode_rule(-7).0, Rule::Freestyle);
        assert_eq!(decode_rule(i64::MAX).0, Rule::Renju);
        for r in Rule::ALL {
            assert_eq!(decode_rule(r.code() as i64).0, r);
        }
    }
}
