//! Seeded random-sequence fuzzing of the protocol layer, in process.
//!
//! A generator writes random and malformed manager input (valid-ish commands with random case,
//! blanks and line ends; out-of-range, negative and huge numbers; occupied cells; broken
//! `BOARD` / `YXBOARD` / `SWAP2BOARD` / `YXBLOCK` / `YXBLOCKUNDO` blocks; random bytes, non-UTF-8 and very long lines; `INFO`
//! with every key and garbage values; rule changes mid-game; wrong `TAKEBACK`s; `END`). The bytes
//! are split by the real reader ([`io::read_lines`]), each line goes through the reader thread's
//! reaction ([`Reader::read`]) and then into a [`Session`] whose output is collected.
//!
//! A reference model of the game (board size, rule, stones in order, blocked cells, side to move)
//! is kept from the commands as a shadow [`LineParser`] reads them, and every line of output is
//! checked against it:
//!
//! * no panic, every output line non-empty printable ASCII;
//! * exactly one answer per request, after the held-back `MESSAGE` lines (their number is
//!   predicted too): START/RECTSTART/RESTART/TAKEBACK → `OK` or `ERROR` as the model says;
//!   BEGIN/TURN/BOARD/PLAY/SWAP2BOARD → a move or `ERROR`; YXSEARCHDEFEND → `MESSAGE DEFEND`
//!   lines of legal cells and a move, or `ERROR`; YXBALANCEONE/TWO → `MESSAGE BALANCE` and one
//!   or two stones legal in turn (played), or `ERROR`; SWAP2BOARD with 3 or 5 stones may also
//!   answer `SWAP` or (3) two stones; ABOUT → the about line;
//!   YXSHOWFORBID → the model's `FORBID` line; INFO/YXBOARD/YXHASHCLEAR/YXBLOCKRESET/STOP/END/
//!   block lines → nothing; YXBLOCK/YXBLOCKUNDO → nothing, or `ERROR` for a bad line (nothing
//!   changed) or cells off the board (the others applied); unknown words → `UNKNOWN`; malformed commands → `ERROR`;
//! * legal moves only: every move is on the board, empty, and not a renju foul for Black
//!   ([`rule::renju_foul`] on the model's grid), and not a cell of `YXBLOCK` while another
//!   legal move is not blocked; PLAY answers its own cell;
//! * state unchanged after rejected input: after every line the engine's game (size, rule,
//!   history, cells) equals the model's, which only moves on accepted commands;
//! * a STOP never leaks into a later search (the stop flag is down after every search);
//! * pondering (`INFO pondering 1`, sent now and then, and `0`): one time in four that the
//!   protocol loop would ponder, the ponder search runs while another thread reads the next
//!   line, which must stop it (the test would hang otherwise); it prints nothing, and the
//!   checks above hold for what follows.
//!
//! The move chosen by the search does not matter: the model follows whatever legal move comes.
//! (With pondering the table a search starts from depends on how long the ponder ran, so a
//! failing seed may not fail the same way twice.)
//! Searches are kept short by `INFO max_node` lines the harness adds and by capping the turn time
//! (so the Yixin-Board "infinite" mode cannot hang the test).
//!
//! `FUZZ_ITERS=n` sets the number of generated items (default 20000), `FUZZ_SEED=s` the first
//! seed (one seed per 2000 items). The model and the checks live in `fuzz_protocol/harness.rs`;
//! the cargo-fuzz target in `fuzz/` (its own workspace) drives the same harness with arbitrary
//! bytes: `cd fuzz && cargo +nightly fuzz run protocol -- -dict=protocol.dict`.

#[path = "fuzz_protocol/harness.rs"]
mod harness;

use harness::{lines_of, Model, Run, Stats};
use rand_xoshiro::rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rensa::protocol::command::{BlockKind, Command, Info};
use rensa::Pos;

/// Items per seed: a seed is one fresh engine process.
const ITEMS_PER_SEED: u64 = 2000;

// ---------------------------------------------------------------------------------------------
// Random numbers

struct Rng(Xoshiro256PlusPlus);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n.max(1)
    }

    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

// ---------------------------------------------------------------------------------------------
// Generator

/// One generated piece of input: bytes (ending in a line end) and, for a clean one-line
/// command, the command the parser must read from it.
struct Item {
    bytes: Vec<u8>,
    intended: Option<Command>,
}

fn cased(rng: &mut Rng, word: &str) -> String {
    match rng.below(10) {
        0..=5 => word.to_ascii_uppercase(),
        6 | 7 => word.to_ascii_lowercase(),
        _ => word
            .chars()
            .map(|c| {
                if rng.chance(50) {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect(),
    }
}

/// Blanks between tokens.
fn blank(rng: &mut Rng) -> &'static str {
    const BLANKS: [&str; 7] = [" ", " ", " ", "  ", "\t", " \t ", "   "];
    BLANKS[rng.below(7) as usize]
}

/// Optional blanks (around commas, at the line's ends).
fn opt_blank(rng: &mut Rng) -> &'static str {
    if rng.chance(80) {
        ""
    } else {
        [" ", "\t", "  "][rng.below(3) as usize]
    }
}

fn line_end(rng: &mut Rng) -> &'static str {
    match rng.below(10) {
        0..=5 => "\n",
        6..=8 => "\r\n",
        _ => "\r",
    }
}

/// A number as text and the value the parser must read from it.
fn number(rng: &mut Rng, v: i64) -> (String, i64) {
    match rng.below(40) {
        0 => ("99999999999999999999".into(), i64::MAX),
        1 => ("-99999999999999999999".into(), i64::MIN),
        2 => (format!("+{}", v.max(0)), v.max(0)),
        3 => (format!("00{}", v.max(0)), v.max(0)),
        4 => (i64::MAX.to_string(), i64::MAX),
        5 => (i64::MIN.to_string(), i64::MIN),
        6 => ("-0".into(), 0),
        _ => (v.to_string(), v),
    }
}

/// A coordinate aimed at the model's board: mostly on it (empty or occupied), sometimes just off
/// it, negative or huge.
fn coord_value(rng: &mut Rng, model: &Model) -> (i64, i64) {
    let (w, h) = model.size();
    let (w, h) = (w as i64, h as i64);
    let stones: Vec<Pos> = model
        .game
        .as_ref()
        .map(|g| g.history.iter().map(|m| m.0).collect())
        .unwrap_or_default();
    match rng.below(20) {
        0..=11 => (rng.range(0, w - 1), rng.range(0, h - 1)),
        12..=14 if !stones.is_empty() => {
            let p = if rng.chance(50) {
                *stones.last().unwrap()
            } else {
                *rng.pick(&stones)
            };
            (p.x() as i64, p.y() as i64)
        }
        15 => (w, rng.range(0, h - 1)),
        16 => (rng.range(0, w - 1), h),
        17 => (-1, rng.range(-1, h)),
        18 => (rng.range(-40, 40), rng.range(-40, 40)),
        _ => (rng.range(-3, 40), 32),
    }
}

/// `x,y` as text (blanks around the comma, odd number forms) and its value.
fn coord_text(rng: &mut Rng, model: &Model) -> (String, (i64, i64)) {
    let (x, y) = coord_value(rng, model);
    let (xs, x) = number(rng, x);
    let (ys, y) = number(rng, y);
    (
        format!("{xs}{},{}{ys}", opt_blank(rng), opt_blank(rng)),
        (x, y),
    )
}

fn item(text: String, end: &str, intended: Option<Command>) -> Item {
    let mut bytes = text.into_bytes();
    bytes.extend_from_slice(end.as_bytes());
    Item { bytes, intended }
}

/// A clean one-line command: `[blanks]WORD[ blanks args][blanks]` and a line end.
fn command(rng: &mut Rng, word: &str, args: Option<String>, intended: Command) -> Item {
    let mut s = String::from(opt_blank(rng));
    s.push_str(&cased(rng, word));
    if let Some(a) = args {
        s.push_str(blank(rng));
        s.push_str(&a);
    }
    s.push_str(opt_blank(rng));
    let end = line_end(rng);
    item(s, end, Some(intended))
}

fn random_bytes(rng: &mut Rng, len: usize, with_line_ends: bool) -> Vec<u8> {
    (0..len)
        .map(|_| {
            let b = (rng.next() & 0xff) as u8;
            if !with_line_ends && (b == b'\n' || b == b'\r') {
                b'x'
            } else {
                b
            }
        })
        .collect()
}

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
}

fn size_text(rng: &mut Rng) -> (String, i64) {
    let v = match rng.below(10) {
        0..=5 => *rng.pick(&[15, 20, 5, 6, 32, 19, 10]),
        6 => rng.range(5, 32),
        7 => *rng.pick(&[4, 33, 0, -1, 100, 1]),
        _ => rng.range(-5, 40),
    };
    number(rng, v)
}

const INFO_KEYS: &[&str] = &[
    "timeout_turn",
    "timeout_match",
    "time_left",
    "max_memory",
    "game_type",
    "rule",
    "max_depth",
    "max_node",
    "time_increment",
    "thread_num",
    "hash_size",
    "pondering",
    "caution_factor",
    "show_detail",
    "usedatabase",
];

fn info_item(rng: &mut Rng) -> Item {
    if rng.chance(10) {
        // Pondering on and off (any other number than 0 turns it on too, see below).
        let v = rng.below(2) as i64;
        let key = cased(rng, "pondering");
        return command(
            rng,
            "INFO",
            Some(format!("{key} {v}")),
            Command::Info(Info::Pondering(v)),
        );
    }
    if rng.chance(25) {
        let raw = *rng.pick(&[0, 1, 2, 4, 8, 9, 3, 5, 12, 16, -1, 6]);
        let (vs, v) = number(rng, raw);
        let key = cased(rng, "rule");
        return command(
            rng,
            "INFO",
            Some(format!("{key} {vs}")),
            Command::Info(Info::Rule(v)),
        );
    }
    if rng.chance(70) {
        let key = *rng.pick(INFO_KEYS);
        let raw = match rng.below(6) {
            0 => rng.range(-10, 10),
            1 => rng.range(0, 100_000_000),
            2 => rng.range(-1_000_000_000, 0),
            3 => *rng.pick(&[2_000_000, 100_000_000, 2_147_483_647, 0]),
            _ => rng.range(0, 40_000),
        };
        let (vs, v) = number(rng, raw);
        let info = match key {
            "timeout_turn" => Info::TimeoutTurn(v),
            "timeout_match" => Info::TimeoutMatch(v),
            "time_left" => Info::TimeLeft(v),
            "max_memory" => Info::MaxMemory(v),
            "game_type" => Info::GameType(v),
            "rule" => Info::Rule(v),
            "max_depth" => Info::MaxDepth(v),
            "max_node" => Info::MaxNode(v),
            "time_increment" => Info::TimeIncrement(v),
            "thread_num" => Info::ThreadNum(v),
            "hash_size" => Info::HashSize(v),
            "pondering" => Info::Pondering(v),
            "caution_factor" => Info::CautionFactor(v),
            "show_detail" => Info::ShowDetail(v),
            _ => Info::UseDatabase(v),
        };
        let key = cased(rng, key);
        let args = format!("{key}{}{vs}", blank(rng));
        return command(rng, "INFO", Some(args), Command::Info(info));
    }
    // Garbage values, odd keys, folder / evaluate with spaces, nothing at all.
    let keys = [
        "folder",
        "evaluate",
        "timeout_turn",
        "rule",
        "max_memory",
        "foo",
        "",
        "time",
        "rule rule",
    ];
    let key = *rng.pick(&keys);
    let value = match rng.below(8) {
        0 => String::new(),
        1 => "abc".into(),
        2 => "1.5".into(),
        3 => "12 34".into(),
        4 => "C:\\My Documents\\x y".into(),
        5 => "x".repeat(rng.range(100, 5000) as usize),
        6 => "-".into(),
        _ => "7,7".into(),
    };
    let s = format!("{} {key} {value}", cased(rng, "INFO"));
    let end = line_end(rng);
    item(s, end, None)
}

/// A BOARD / YXBOARD / SWAP2BOARD / YXBLOCK / YXBLOCKUNDO block (or one of Yixin-Board's
/// database and block-path blocks), possibly broken: bad lines, wrong fields, off-board
/// cells, duplicates, wrong counts, no DONE (the following items then fall into the block), END.
fn block_item(rng: &mut Rng, model: &Model) -> Item {
    let kind = match rng.below(14) {
        0..=5 => BlockKind::Board,
        6 | 7 => BlockKind::YxBoard,
        8 | 9 => BlockKind::Swap2Board,
        10 => BlockKind::YxBlock,
        11 => BlockKind::YxBlockUndo,
        12 => BlockKind::DatabaseQuery,
        _ => BlockKind::Unsupported("YXBLOCKPATH"),
    };
    let (w, h) = model.size();
    let cells = w * h;
    let mut lines = vec![cased(rng, kind.word())];
    // Distinct cells in random order (an incremental Fisher-Yates shuffle).
    let mut pool: Vec<(i64, i64)> = (0..h as i64)
        .flat_map(|y| (0..w as i64).map(move |x| (x, y)))
        .collect();
    let mut taken = 0;
    let mut fresh = |rng: &mut Rng| -> (i64, i64) {
        if taken == pool.len() {
            return (rng.range(0, w as i64 - 1), rng.range(0, h as i64 - 1));
        }
        let j = taken + rng.below((pool.len() - taken) as u64) as usize;
        pool.swap(taken, j);
        taken += 1;
        pool[taken - 1]
    };
    let mut data: Vec<String> = Vec::new();
    if !kind.has_field() {
        let n = if kind != BlockKind::Swap2Board {
            rng.range(0, 6)
        } else if rng.chance(80) {
            *rng.pick(&[0, 3, 5])
        } else {
            *rng.pick(&[1, 2, 4, 6])
        };
        for _ in 0..n {
            let (x, y) = if rng.chance(5) {
                coord_value(rng, model)
            } else {
                fresh(rng)
            };
            data.push(format!("{x}{},{}{y}", opt_blank(rng), opt_blank(rng)));
        }
    } else {
        let full = rng.chance(5);
        let k = if full {
            (cells - rng.range(0, 2) as usize) / 2
        } else {
            rng.range(0, (cells as i64 / 4).min(40)) as usize
        };
        let (mine, theirs) = match rng.below(10) {
            0..=4 => (k, k),
            5..=8 => (k.saturating_sub(1), k),
            _ => (rng.range(0, 6) as usize, rng.range(0, 6) as usize),
        };
        let blocked = if rng.chance(20) {
            rng.range(0, 4) as usize
        } else if full {
            cells.saturating_sub(mine + theirs)
        } else {
            0
        };
        let mut fields: Vec<i64> = [vec![1; mine], vec![2; theirs], vec![3; blocked]].concat();
        // Shuffle the fields so blocked cells and colours come in any order.
        for i in (1..fields.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            fields.swap(i, j);
        }
        for f in fields {
            let (x, y) = fresh(rng);
            let f = if rng.chance(3) {
                *rng.pick(&[0, 4, -1, 99999999999])
            } else {
                f
            };
            let (x, y) = if rng.chance(3) {
                coord_value(rng, model)
            } else {
                (x, y)
            };
            data.push(format!(
                "{x}{},{}{y}{},{}{f}",
                opt_blank(rng),
                opt_blank(rng),
                opt_blank(rng),
                opt_blank(rng)
            ));
        }
    }
    for d in data {
        if rng.chance(3) {
            let junk = [
                "junk",
                "7,7,1,1",
                "7;7;1",
                "",
                "   ",
                "TURN 7,7",
                "STOP",
                "YXSTOP",
                "INFO timeout_turn 0",
                "ABOUT",
                ",,",
                "1,2,",
                "\u{fffd}",
            ];
            lines.push((*rng.pick(&junk)).to_string());
        }
        lines.push(d);
    }
    match rng.below(100) {
        0..=84 => lines.push(format!("{}{}", cased(rng, "DONE"), opt_blank(rng))),
        85 | 86 => lines.push(cased(rng, "END")),
        _ => {} // no DONE: what follows is read as block lines
    }
    let mut bytes = Vec::new();
    for l in lines {
        bytes.extend_from_slice(opt_blank(rng).as_bytes());
        bytes.extend_from_slice(l.as_bytes());
        bytes.extend_from_slice(line_end(rng).as_bytes());
    }
    Item {
        bytes,
        intended: None,
    }
}

fn gen_item(rng: &mut Rng, model: &Model) -> Item {
    let r = rng.below(1000);
    match r {
        0..=9 => {
            let (s, v) = size_text(rng);
            command(
                rng,
                "START",
                Some(s),
                Command::Start {
                    width: v,
                    height: v,
                },
            )
        }
        10..=14 => {
            let (a, w) = size_text(rng);
            let (b, h) = size_text(rng);
            if rng.chance(50) {
                let args = format!("{a}{},{}{b}", opt_blank(rng), opt_blank(rng));
                command(
                    rng,
                    "RECTSTART",
                    Some(args),
                    Command::RectStart {
                        width: w,
                        height: h,
                    },
                )
            } else {
                let args = format!("{a}{}{b}", blank(rng));
                command(
                    rng,
                    "START",
                    Some(args),
                    Command::Start {
                        width: w,
                        height: h,
                    },
                )
            }
        }
        15..=19 => command(rng, "RESTART", None, Command::Restart),
        20..=59 => command(rng, "BEGIN", None, Command::Begin),
        60..=419 => {
            let (c, v) = coord_text(rng, model);
            command(rng, "TURN", Some(c), Command::Turn(v))
        }
        420..=459 => {
            let (c, v) = coord_text(rng, model);
            command(rng, "PLAY", Some(c), Command::Play(v))
        }
        460..=499 => {
            let (c, v) = coord_text(rng, model);
            command(rng, "TAKEBACK", Some(c), Command::Takeback(v))
        }
        500..=599 => block_item(rng, model),
        600..=609 => {
            let s = format!("{}{}", cased(rng, "DONE"), opt_blank(rng));
            let end = line_end(rng);
            item(s, end, Some(Command::Malformed(String::new())))
        }
        610..=719 => info_item(rng),
        720..=734 => command(rng, "ABOUT", None, Command::About),
        735..=754 => {
            let w = *rng.pick(&["STOP", "YXSTOP"]);
            command(rng, w, None, Command::Stop)
        }
        755..=789 => command(rng, "YXSHOWFORBID", None, Command::ShowForbid),
        790..=799 => command(rng, "YXHASHCLEAR", None, Command::HashClear),
        800..=802 => command(rng, "YXSHOWINFO", None, Command::ShowInfo),
        803 => command(rng, "YXSHOWHASHUSAGE", None, Command::HashUsage),
        804 => {
            let args = format!("{} 3 4 1", rng.pick(&["add", "del"]));
            command(rng, "YXFORBID", Some(args.clone()), Command::Forbid(args))
        }
        805..=809 => command(rng, "END", None, Command::End),
        810..=814 => command(rng, "YXBLOCKRESET", None, Command::BlockReset),
        815..=819 => command(rng, "YXSEARCHDEFEND", None, Command::SearchDefend),
        890..=894 => {
            let stones = rng.range(1, 2) as usize;
            let bias = rng.range(-300, 300);
            let word = if stones == 1 {
                "YXBALANCEONE"
            } else {
                "YXBALANCETWO"
            };
            command(
                rng,
                word,
                Some(bias.to_string()),
                Command::Balance { stones, bias },
            )
        }
        826..=829 => {
            let step = rng.range(1, 3) as u8;
            let word = format!("YXSWAP2STEP{step}");
            command(rng, &word, None, Command::Swap2Step(step))
        }
        820..=825 => {
            let w = *rng.pick(&[
                "SUGGEST", "FOO", "TURNX", "BOARDS", "YXNBESTS", "X", "STARTT", "YXBLOCKS",
            ]);
            command(rng, w, None, Command::Unknown(w.to_string()))
        }
        830..=839 => {
            let n = rng.range(-1, 6);
            command(rng, "YXNBEST", Some(n.to_string()), Command::NBest(n))
        }
        840..=889 => {
            // Known words with unusable arguments.
            let bad = [
                "TURN",
                "TURN 7",
                "TURN 7,8,9",
                "TURN a,b",
                "TURN 7 8",
                "TURN 7,",
                "TURN ,7",
                "TURN 7;7",
                "TURN 7.5,3",
                "PLAY x",
                "TAKEBACK",
                "TAKEBACK 1,2,3",
                "START",
                "START abc",
                "START 15 15 15",
                "RECTSTART 20",
                "RECTSTART",
                "START 1e3",
                "TURN \u{fffd},7",
            ];
            let s = (*rng.pick(&bad)).to_string();
            let (word, rest) = s.split_once(' ').unwrap_or((&s, ""));
            let mut text = cased(rng, word);
            if !rest.is_empty() {
                text.push_str(blank(rng));
                text.push_str(rest);
            }
            let end = line_end(rng);
            item(text, end, Some(Command::Malformed(String::new())))
        }
        895..=959 => {
            // Random bytes, with or without line ends inside, sometimes after a command word.
            let len = rng.range(0, 200) as usize;
            let inner = rng.chance(30);
            let mut bytes = if rng.chance(40) {
                let w = *rng.pick(&["TURN ", "INFO ", "START ", "BOARD", "PLAY ", "TAKEBACK "]);
                w.as_bytes().to_vec()
            } else {
                Vec::new()
            };
            bytes.extend(random_bytes(rng, len, inner));
            bytes.extend_from_slice(line_end(rng).as_bytes());
            Item {
                bytes,
                intended: None,
            }
        }
        _ => {
            // Very long lines.
            let n = rng.range(1000, 100_000) as usize;
            let text = match rng.below(5) {
                0 => format!("INFO folder {}", "x".repeat(n)),
                1 => format!("TURN{}7,7", " ".repeat(n)),
                2 => format!("TURN {},1", "1".repeat(n)),
                3 => "Q".repeat(n),
                _ => String::from_utf8_lossy(&random_bytes(rng, n, false)).into_owned(),
            };
            let end = line_end(rng);
            item(text, end, None)
        }
    }
}

/// Runs `items` generated items from `seed`, in fresh sessions after each END.
fn campaign(seed: u64, items: u64, stats: &mut Stats) {
    let mut rng = Rng::new(seed);
    let mut run = Run::new(*rng.pick(&[4, 4, 0, 1, 8, 9]));
    let mut done = 0;
    while done < items {
        // A batch of items: split as one stream (small random read chunks) and item by item;
        // both must give the same lines.
        let batch = rng.range(1, 30) as u64;
        let mut stream = Vec::new();
        let mut expected_lines = Vec::new();
        let mut intended = Vec::new();
        for _ in 0..batch {
            let it = gen_item(&mut rng, &run.model);
            let lines = lines_of(&it.bytes, 8192);
            stream.extend_from_slice(&it.bytes);
            intended.push((lines.len(), it.intended));
            expected_lines.extend(lines);
        }
        let chunk = rng.range(1, 64) as usize;
        let split = lines_of(&stream, chunk);
        assert_eq!(
            split, expected_lines,
            "read_lines with {chunk}-byte reads splits differently"
        );
        let mut lines = expected_lines.into_iter();
        for (n, want) in intended {
            done += 1;
            stats.items += 1;
            for i in 0..n {
                let line = lines.next().unwrap();
                let in_block = run.shadow.in_block();
                let parsed = rensa::protocol::command::parse_line(&line);
                if let (Some(want), false, 0) = (&want, in_block, i) {
                    let same = match (want, &parsed) {
                        (Command::Malformed(_), Command::Malformed(_)) => true,
                        (Command::Malformed(_), Command::Done) => true,
                        (Command::Unknown(_), Command::Unknown(_)) => true,
                        (w, p) => w == p,
                    };
                    if !same {
                        run.fail(format!("{line:?} parsed as {parsed:?}, meant {want:?}"));
                    }
                }
                if !run.line(&line, stats) {
                    run = Run::new(*rng.pick(&[4, 4, 0, 1, 8, 9]));
                }
            }
        }
    }
}

#[test]
fn fuzz_protocol() {
    let items: u64 = std::env::var("FUZZ_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    let seed0: u64 = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let mut stats = Stats::default();
    let seeds = items.div_ceil(ITEMS_PER_SEED);
    for s in 0..seeds {
        let n = ITEMS_PER_SEED.min(items - s * ITEMS_PER_SEED);
        campaign(seed0 + s, n, &mut stats);
    }
    eprintln!("fuzz_protocol: {stats:?}");
    assert!(stats.moves > items / 20, "too few moves: {stats:?}");
    assert!(stats.errors > items / 50, "too few errors: {stats:?}");
    assert!(
        stats.ponder_stops > 0,
        "no ponder search was stopped: {stats:?}"
    );
    assert!(
        stats.forbid_nonempty > 0,
        "no forbidden point seen: {stats:?}"
    );
}
