//! The reference model and the checking harness of the protocol fuzzing, shared by the seeded
//! test (`tests/fuzz_protocol.rs`) and the cargo-fuzz target (`fuzz/`).

use std::cell::RefCell;
use std::io::BufReader;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use rensa::board::rule;
use rensa::engine::ClockKey;
use rensa::protocol::command::{BlockKind, Command, Entry, Info, LineParser};
use rensa::protocol::response::about_line;
use rensa::protocol::{io, Reader, Session, Shared};
use rensa::{Cell, Color, Grid, Pos, Rule};

/// Node cap the harness sets for every search (keeps a real search fast and deterministic).
pub const NODE_CAP: &str = "INFO max_node 3000";
/// Largest turn time the harness lets through, in ms.
pub const TURN_CAP: i64 = 1000;

// ---------------------------------------------------------------------------------------------
// Reference model

/// One game of the model: the grid (blocked cells are walls), the rule, the stones in order,
/// and the colour to move after an even number of them (Black, but for a hand-set BOARD).
#[derive(Clone)]
pub struct MGame {
    pub grid: Grid,
    pub rule: Rule,
    pub history: Vec<(Pos, Color)>,
    pub even_mover: Color,
}

impl std::fmt::Debug for MGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?} {:?}\n{}",
            self.rule,
            self.history,
            self.grid.to_ascii()
        )
    }
}

impl MGame {
    pub fn new(w: usize, h: usize, rule: Rule) -> MGame {
        MGame {
            grid: Grid::new(w, h),
            rule,
            history: Vec::new(),
            even_mover: Color::Black,
        }
    }

    pub fn side(&self) -> Color {
        if self.history.len() % 2 == 0 {
            self.even_mover
        } else {
            self.even_mover.opp()
        }
    }

    pub fn place(&mut self, p: Pos, c: Color) {
        assert_eq!(self.grid.get(p), Cell::Empty);
        self.grid.set(p, c.stone());
        self.history.push((p, c));
    }

    /// On the board, empty, and not a renju foul for Black.
    pub fn legal(&self, p: Pos, c: Color) -> bool {
        self.grid.is_on_board(p)
            && self.grid.get(p) == Cell::Empty
            && !(self.rule == Rule::Renju
                && c == Color::Black
                && rule::renju_foul(&self.grid, p).is_some())
    }

    pub fn any_legal(&self) -> bool {
        let c = self.side();
        self.grid.positions().any(|p| self.legal(p, c))
    }

    pub fn empty_on_board(&self, x: i64, y: i64) -> Option<Pos> {
        self.grid
            .pos(x, y)
            .filter(|&p| self.grid.get(p) == Cell::Empty)
    }
}

/// What the engine must print for one line (after the held-back MESSAGE lines).
#[derive(Debug)]
pub enum Expect {
    Silent,
    Ok,
    Error,
    Unknown,
    About,
    /// That many `MESSAGE` lines and no other answer (YXSHOWINFO, the database query,
    /// YXSHOWHASHUSAGE, YXFORBID).
    Messages(usize),
    /// Yixin-Board's Swap2 step 1, 2 or 3: its `MESSAGE SWAP2 …` lines (checked and taken out
    /// before the answer is checked), and nothing else but the held-back notes.
    YixinSwap2,
    Forbid(String),
    /// A legal move for the side to move of the model's game, which is then played.
    Search,
    /// `x,y` equal to the PLAY cell (already played in the model).
    Exactly(Pos),
    /// SWAP2BOARD with 3 or 5 stones: `SWAP`, a legal move in this position, or with 3 stones
    /// two stones legal one after the other; the game stays.
    Swap2Move(Box<MGame>),
    /// YXBALANCEONE/TWO: that many stones, legal one after the other for the side to move and
    /// then its opponent, which are played; `ERROR` too when the flag says the second may find
    /// no legal cell.
    Stones(usize, bool),
    /// SWAP2BOARD with no stones: three distinct cells of an empty board of this size.
    Opening(usize, usize),
    End,
}

pub struct Model {
    pub rule: Rule,
    pub game: Option<MGame>,
    /// MESSAGE lines the engine holds back.
    pub pending: usize,
    /// STOP commands the protocol loop has handled.
    pub stops: u64,
    /// The cells of YXBLOCK.
    pub blocked: Vec<Pos>,
}

impl Model {
    pub fn new() -> Model {
        Model {
            rule: Rule::Freestyle,
            game: None,
            pending: 0,
            stops: 0,
            blocked: Vec::new(),
        }
    }

    pub fn game(&mut self) -> &mut MGame {
        let rule = self.rule;
        self.game.get_or_insert_with(|| MGame::new(15, 15, rule))
    }

    pub fn size(&self) -> (usize, usize) {
        match &self.game {
            Some(g) => (g.grid.width(), g.grid.height()),
            None => (15, 15),
        }
    }

    pub fn search_or_error(&mut self) -> Expect {
        if self.game().any_legal() {
            Expect::Search
        } else {
            self.forced_or_error()
        }
    }

    /// No legal cell for the side to move: the first empty cell, row by row, with a note, if
    /// there is one (every empty cell forbidden in renju), else `ERROR` (a full board).
    pub fn forced_or_error(&mut self) -> Expect {
        let g = self.game();
        let c = g.side();
        let empty = g.grid.positions().find(|&p| g.grid.get(p) == Cell::Empty);
        match empty {
            Some(p) => {
                g.place(p, c);
                self.pending += 1;
                Expect::Exactly(p)
            }
            None => Expect::Error,
        }
    }

    /// Applies `cmd` as far as it can be known before the answer; returns what must be printed.
    pub fn apply(&mut self, cmd: &Command) -> Expect {
        match cmd {
            Command::Start { width, height } | Command::RectStart { width, height } => {
                let r = 5..=32;
                if r.contains(width) && r.contains(height) {
                    let size = (*width as usize, *height as usize);
                    if self.size() != size {
                        self.blocked.clear();
                    }
                    self.game = Some(MGame::new(size.0, size.1, self.rule));
                    Expect::Ok
                } else {
                    Expect::Error
                }
            }
            Command::Restart => {
                let g = self.game();
                let (w, h, r) = (g.grid.width(), g.grid.height(), g.rule);
                self.game = Some(MGame::new(w, h, r));
                Expect::Ok
            }
            Command::Begin => self.search_or_error(),
            Command::Turn((x, y)) => {
                let g = self.game();
                match g.empty_on_board(*x, *y) {
                    Some(p) => {
                        let c = g.side();
                        g.place(p, c);
                        self.search_or_error()
                    }
                    None => Expect::Error,
                }
            }
            Command::Play((x, y)) => {
                let g = self.game();
                let c = g.side();
                match g.empty_on_board(*x, *y).filter(|&p| g.legal(p, c)) {
                    Some(p) => {
                        g.place(p, c);
                        Expect::Exactly(p)
                    }
                    None => Expect::Error,
                }
            }
            Command::Takeback((x, y)) => {
                let g = self.game();
                match (g.grid.pos(*x, *y), g.history.last()) {
                    (Some(p), Some(&(last, _))) if p == last => {
                        g.history.pop();
                        g.grid.set(p, Cell::Empty);
                        Expect::Ok
                    }
                    _ => Expect::Error,
                }
            }
            Command::Block { kind, bad, .. }
                if matches!(kind, BlockKind::YxBlock | BlockKind::YxBlockUndo)
                    && !bad.is_empty() =>
            {
                Expect::Error
            }
            Command::Block { kind, entries, bad } => {
                // Bad lines become notes, except in the blocks read only to be skipped.
                if !matches!(kind, BlockKind::DatabaseQuery | BlockKind::Unsupported(_)) {
                    self.pending += bad.len();
                }
                self.block(*kind, entries)
            }
            Command::Info(info) => {
                if let Info::Rule(v) = info {
                    let (r, note) = rensa::protocol::command::decode_rule(*v);
                    self.rule = r;
                    if let Some(g) = &mut self.game {
                        g.rule = r;
                    }
                    self.pending += usize::from(note.is_some());
                }
                Expect::Silent
            }
            Command::End => Expect::End,
            Command::About => Expect::About,
            Command::Stop => {
                self.stops += 1;
                Expect::Silent
            }
            Command::ShowForbid => {
                let mut line = String::from("FORBID ");
                if let Some(g) = self.game.as_ref().filter(|g| g.rule == Rule::Renju) {
                    for p in g.grid.positions() {
                        if g.grid.get(p) == Cell::Empty && rule::renju_foul(&g.grid, p).is_some() {
                            line.push_str(&format!("{:02}{:02}", p.x(), p.y()));
                        }
                    }
                }
                line.push('.');
                Expect::Forbid(line)
            }
            Command::HashClear => Expect::Silent,
            Command::BlockReset => {
                self.blocked.clear();
                Expect::Silent
            }
            Command::ShowInfo => Expect::Messages(2),
            Command::HashUsage | Command::Forbid(_) => Expect::Messages(1),
            Command::Swap2Step(step) => {
                let need = [0, 0, 3, 5][*step as usize];
                let have = self.game.as_ref().map_or(0, |g| g.history.len());
                if *step > 1 && have != need {
                    Expect::Error
                } else {
                    Expect::YixinSwap2
                }
            }
            Command::NBest(n) => {
                // One MESSAGE line per best move (at least one, at most the legal moves), then
                // the first of them, played.
                // Blocked cells are left out, unless no other legal move is left.
                let blocked = self.blocked.clone();
                let g = self.game();
                let c = g.side();
                let legal = g.grid.positions().filter(|&p| g.legal(p, c)).count();
                if legal == 0 {
                    return self.forced_or_error();
                }
                let open = g
                    .grid
                    .positions()
                    .filter(|&p| g.legal(p, c) && !blocked.contains(&p))
                    .count();
                let legal = if open == 0 { legal } else { open };
                self.pending += usize::try_from(*n).unwrap_or(0).clamp(1, legal);
                Expect::Search
            }
            Command::SearchDefend => self.search_or_error(),
            Command::Balance { stones, .. } => {
                let g = self.game();
                let c = g.side();
                let legal: Vec<Pos> = g.grid.positions().filter(|&p| g.legal(p, c)).collect();
                if legal.len() < *stones {
                    return Expect::Error;
                }
                // Two stones fail (nothing played) only if the reply may find no legal cell.
                let may_fail = *stones == 2
                    && legal.iter().any(|&p| {
                        let mut after = g.clone();
                        after.place(p, c);
                        !after.any_legal()
                    });
                Expect::Stones(*stones, may_fail)
            }
            Command::Malformed(_) => Expect::Error,
            Command::Unknown(_) => Expect::Unknown,
            Command::BlockStart(_) | Command::Done => {
                panic!("LineParser returned {cmd:?}")
            }
        }
    }

    /// BOARD / YXBOARD / SWAP2BOARD.
    pub fn block(&mut self, kind: BlockKind, entries: &[Entry]) -> Expect {
        match kind {
            // Two MESSAGE DATABASE lines and no other answer.
            BlockKind::DatabaseQuery => return Expect::Messages(2),
            BlockKind::Unsupported(_) => return Expect::Unknown,
            _ => {}
        }
        let (w, h) = self.size();
        if matches!(kind, BlockKind::YxBlock | BlockKind::YxBlockUndo) {
            // Before any START the default board's size counts, and no game is made.
            let mut outside = false;
            for e in entries {
                match Grid::new(w, h).pos(e.x, e.y) {
                    Some(p) if kind == BlockKind::YxBlock => {
                        if !self.blocked.contains(&p) {
                            self.blocked.push(p);
                        }
                    }
                    Some(p) => self.blocked.retain(|&b| b != p),
                    None => outside = true,
                }
            }
            return if outside {
                Expect::Error
            } else {
                Expect::Silent
            };
        }
        let rule = self.game().rule;
        if kind == BlockKind::Swap2Board {
            let mut g = MGame::new(w, h, rule);
            for e in entries {
                match g.empty_on_board(e.x, e.y) {
                    Some(p) => {
                        let c = g.side();
                        g.place(p, c);
                    }
                    None => return Expect::Error,
                }
            }
            return match entries.len() {
                0 => Expect::Opening(w, h),
                3 | 5 if g.any_legal() => Expect::Swap2Move(Box::new(g)),
                _ => Expect::Error,
            };
        }
        // Skipped lines (bad field, off the board) become notes; duplicates: the first counts.
        let mut notes = 0;
        let mut cells: Vec<(Pos, i64)> = Vec::new();
        let probe = Grid::new(w, h);
        for e in entries {
            let f = e.field.expect("BOARD entries have a field");
            match probe.pos(e.x, e.y) {
                Some(p) if (1..=3).contains(&f) => {
                    if cells.iter().all(|c| c.0 != p) {
                        cells.push((p, f));
                    }
                }
                _ => notes += 1,
            }
        }
        // The engine is to move whatever the counts: Black when they are equal or it has
        // fewer stones (but for one fewer: White), else White; a note when they fit no side.
        let mine = cells.iter().filter(|c| c.1 == 1).count();
        let theirs = cells.iter().filter(|c| c.1 == 2).count();
        let fits = mine == theirs || theirs == mine + 1;
        let me = if mine == theirs || (mine < theirs && !fits) {
            Color::Black
        } else {
            Color::White
        };
        notes += usize::from(!fits);
        let mut g = MGame::new(w, h, rule);
        g.even_mover = if (mine + theirs) % 2 == 0 {
            me
        } else {
            me.opp()
        };
        for &(p, f) in &cells {
            if f == 3 {
                g.grid.set(p, Cell::Wall);
            }
        }
        for &(p, f) in &cells {
            match f {
                1 => g.place(p, me),
                2 => g.place(p, me.opp()),
                _ => {}
            }
        }
        self.game = Some(g);
        self.pending += notes;
        match kind {
            BlockKind::Board => self.search_or_error(),
            _ => Expect::Silent,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Harness

pub fn lines_of(bytes: &[u8], chunk: usize) -> Vec<String> {
    let mut v = Vec::new();
    io::read_lines(BufReader::with_capacity(chunk, bytes), |l| {
        v.push(l);
        true
    });
    v
}

pub fn parse_move(line: &str) -> Option<Pos> {
    let (x, y) = line.split_once(',')?;
    let (x, y): (usize, usize) = (x.parse().ok()?, y.parse().ok()?);
    (x < 32 && y < 32).then(|| Pos::new(x, y))
}

/// One engine process: the reader's reaction, the session, the shadow parser, the model.
pub struct Run {
    shared: Arc<Shared>,
    reader: Reader,
    session: Session,
    out: Rc<RefCell<Vec<String>>>,
    pub shadow: LineParser,
    pub model: Model,
    /// Lines fed so far (for failure reports).
    log: Vec<String>,
    /// Lines fed while a ponder was due.
    ponders_due: u64,
}

/// Counters of what the campaign exercised.
#[derive(Default, Debug)]
pub struct Stats {
    pub items: u64,
    pub lines: u64,
    pub moves: u64,
    pub errors: u64,
    pub forbid_nonempty: u64,
    /// Moves of Black under renju while some cell was forbidden.
    pub renju_black_moves: u64,
    pub ends: u64,
    /// Ponder searches run (`INFO pondering 1`) while the next line was read.
    pub ponders: u64,
    /// Those of them the line stopped (the others ended by themselves first).
    pub ponder_stops: u64,
}

impl Run {
    /// A fresh engine; the harness sets the node cap and the rule (`INFO rule {rule}`).
    pub fn new(rule: i64) -> Run {
        let out = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&out);
        let session = Session::new(Box::new(move |l: &str| {
            sink.borrow_mut().push(l.to_string())
        }));
        let shared = session.shared();
        let mut run = Run {
            shared,
            reader: Reader::new(),
            session,
            out,
            shadow: LineParser::new(),
            model: Model::new(),
            log: Vec::new(),
            ponders_due: 0,
        };
        run.line(NODE_CAP, &mut Stats::default());
        run.line(&format!("INFO rule {rule}"), &mut Stats::default());
        run
    }

    pub fn fail(&self, what: String) -> ! {
        let tail: Vec<String> = self
            .log
            .iter()
            .rev()
            .take(40)
            .rev()
            .map(|l| {
                let mut s: String = l.chars().take(120).collect();
                if l.chars().count() > 120 {
                    s.push('…');
                }
                format!("  > {s:?}")
            })
            .collect();
        panic!("{what}\nlast lines fed:\n{}", tail.join("\n"));
    }

    /// Feeds one line as the reader and the protocol loop would; false after END.
    pub fn line(&mut self, line: &str, stats: &mut Stats) -> bool {
        stats.lines += 1;
        self.log.push(line.to_string());
        // One time in four the line comes while the engine ponders (the others, before the
        // protocol loop got to it: no ponder then); a ponder costs a few milliseconds.
        let ponder = self.session.ponder_due() && {
            self.ponders_due += 1;
            self.ponders_due % 4 == 0
        };
        let read = if ponder {
            self.read_while_pondering(line, stats)
        } else {
            self.reader.read(&self.shared, line).0
        };
        let lines_read = self.shared.lines_read.load(Ordering::SeqCst);
        let cmd = self.shadow.feed(line);
        if read != cmd {
            self.fail(format!(
                "the reader parsed {read:?}, the shadow parser {cmd:?}"
            ));
        }
        let expect = match &cmd {
            Some(c) => self.model.apply(c),
            None => Expect::Silent,
        };
        let going = read.is_none_or(|c| self.session.handle_line(c, Instant::now(), lines_read));
        let out = std::mem::take(&mut *self.out.borrow_mut());
        for l in &out {
            if l.is_empty() || !l.chars().all(|c| (' '..='~').contains(&c)) {
                self.fail(format!("bad output line {l:?}"));
            }
        }
        if matches!(expect, Expect::End) {
            if going || !out.is_empty() {
                self.fail(format!("END: going {going}, output {out:?}"));
            }
            stats.ends += 1;
            return false;
        }
        if !going {
            self.fail(format!("session ended on {cmd:?}"));
        }
        let out = match cmd {
            Some(Command::SearchDefend) => self.defend_lines_checked(out),
            Some(Command::Balance { .. }) => self.balance_line_checked(out),
            Some(Command::Swap2Step(step)) => self.swap2_lines_checked(step, out),
            _ => out,
        };
        self.check_answer(&cmd, expect, &out, stats);
        self.check_state(&cmd);
        // Keep searches short whatever INFO said (never the infinite analysis mode).
        let turn = self.shared.remote.clock(0, 0).timeout_turn;
        self.shared
            .remote
            .set_clock(ClockKey::TimeoutTurn, turn.min(TURN_CAP));
        if line != NODE_CAP && matches!(&cmd, Some(Command::Info(Info::MaxNode(_)))) {
            self.line(NODE_CAP, stats);
        }
        true
    }

    /// The protocol loop ponders when the queue is empty: here the ponder runs on this thread
    /// while another reads `line`, as the reader thread would while the manager thinks. The
    /// reader waits (at most 2 ms) until the ponder is under way, so that it usually stops a
    /// running search, and sometimes arrives before it starts (the ponder must then not
    /// start). The ponder ends only by that line (a missed line would leave it running to its
    /// depth limit) or by itself, and prints nothing.
    fn read_while_pondering(&mut self, line: &str, stats: &mut Stats) -> Option<Command> {
        let before = self.shared.ponders.load(Ordering::SeqCst);
        let (reader, shared, session) = (&mut self.reader, &self.shared, &mut self.session);
        let read = std::thread::scope(|scope| {
            let reading = scope.spawn(move || {
                let t = Instant::now();
                while !shared.remote.pondering() && t.elapsed().as_micros() < 2000 {
                    std::thread::yield_now();
                }
                reader.read(shared, line).0
            });
            session.ponder();
            reading.join().expect("reader thread")
        });
        let ran = self.shared.ponders.load(Ordering::SeqCst) - before;
        stats.ponders += ran;
        if ran > 0 && self.shared.ponder_stop_us.load(Ordering::SeqCst) != u64::MAX {
            stats.ponder_stops += 1;
        }
        let out = std::mem::take(&mut *self.out.borrow_mut());
        if !out.is_empty() {
            self.fail(format!("a ponder search printed {out:?}"));
        }
        read
    }

    pub fn check_answer(
        &mut self,
        cmd: &Option<Command>,
        expect: Expect,
        out: &[String],
        stats: &mut Stats,
    ) {
        if matches!(expect, Expect::Silent) {
            if !out.is_empty() {
                self.fail(format!("{cmd:?}: expected no output, got {out:?}"));
            }
            return;
        }
        let (extra, answers) = match expect {
            Expect::Messages(n) => (n, 0),
            Expect::YixinSwap2 => (0, 0),
            _ => (0, 1),
        };
        let messages = std::mem::take(&mut self.model.pending) + extra;
        // With `INFO show_detail` a search's analysis lines come first (they are printed while
        // it runs); the held-back notes and the answer follow.
        let analysis = if self.session.engine().settings().show_detail > 0 {
            out.len().saturating_sub(messages + answers)
        } else {
            0
        };
        let is_analysis = |l: &String| {
            ["MESSAGE REALTIME ", "MESSAGE depth ", "MESSAGE (", "INFO "]
                .iter()
                .any(|p| l.starts_with(p))
        };
        if !out[..analysis].iter().all(is_analysis) {
            self.fail(format!("{cmd:?}: not analysis lines: {out:?}"));
        }
        let out = &out[analysis..];
        let ok_shape = out.len() == messages + answers
            && out[..messages].iter().all(|l| l.starts_with("MESSAGE "))
            && out[messages..].iter().all(|l| !l.starts_with("MESSAGE"));
        if !ok_shape {
            self.fail(format!(
                "{cmd:?}: expected {messages} MESSAGE line(s) and {answers} answer for {expect:?}, got {out:?}"
            ));
        }
        let answer = out.last().map(String::as_str).unwrap_or("");
        if answer.starts_with("ERROR") {
            stats.errors += 1;
        }
        let must_be_error = matches!(expect, Expect::Error);
        let no_answer = matches!(expect, Expect::Messages(_) | Expect::YixinSwap2);
        if must_be_error != answer.starts_with("ERROR ") && !no_answer {
            self.fail(format!("{cmd:?}: expected {expect:?}, got {answer:?}"));
        }
        match expect {
            Expect::Ok => {
                if answer != "OK" {
                    self.fail(format!("{cmd:?}: expected OK, got {answer:?}"));
                }
            }
            Expect::Unknown => {
                if !answer.starts_with("UNKNOWN ") {
                    self.fail(format!("{cmd:?}: expected UNKNOWN, got {answer:?}"));
                }
            }
            Expect::About => {
                if answer != about_line() {
                    self.fail(format!("ABOUT: got {answer:?}"));
                }
            }
            Expect::Forbid(line) => {
                if answer != line {
                    self.fail(format!("YXSHOWFORBID: expected {line:?}, got {answer:?}"));
                }
                if line.len() > "FORBID .".len() {
                    stats.forbid_nonempty += 1;
                }
            }
            Expect::Search => {
                let blocked = self.model.blocked.clone();
                if let Some(p) = parse_move(answer).filter(|p| blocked.contains(p)) {
                    let g = self.model.game();
                    let c = g.side();
                    let open = |q: Pos| g.legal(q, c) && !blocked.contains(&q);
                    if g.grid.positions().any(open) {
                        self.fail(format!("{cmd:?}: blocked move {p} answered"));
                    }
                }
                let g = self.model.game();
                let c = g.side();
                let fouls = g.rule == Rule::Renju
                    && c == Color::Black
                    && g.grid.positions().any(|p| {
                        g.grid.get(p) == Cell::Empty && rule::renju_foul(&g.grid, p).is_some()
                    });
                match parse_move(answer) {
                    Some(p) if g.legal(p, c) => {
                        stats.renju_black_moves += u64::from(fouls);
                        g.place(p, c);
                        stats.moves += 1;
                    }
                    _ => self.fail(format!("{cmd:?}: illegal move answer {answer:?}")),
                }
                self.check_stop_lowered(cmd);
            }
            Expect::Exactly(p) => {
                if parse_move(answer) != Some(p) {
                    self.fail(format!("{cmd:?}: expected {p}, got {answer:?}"));
                }
                self.check_stop_lowered(cmd);
            }
            Expect::Swap2Move(g) => {
                let three = g.history.len() == 3;
                let ok = answer == "SWAP"
                    || (answer.contains(' ')
                        && three
                        && stones_legal(&mut g.as_ref().clone(), answer, 2))
                    || (!answer.contains(' ') && stones_legal(&mut g.as_ref().clone(), answer, 1));
                if !ok {
                    self.fail(format!("{cmd:?}: illegal SWAP2 answer {answer:?}"));
                }
                self.check_stop_lowered(cmd);
            }
            Expect::Stones(n, may_fail) => {
                if answer.starts_with("ERROR ") {
                    if !may_fail {
                        self.fail(format!("{cmd:?}: unexpected {answer:?}"));
                    }
                } else {
                    let g = self.model.game.as_mut().expect("a game");
                    if !stones_legal(g, answer, n) {
                        self.fail(format!("{cmd:?}: illegal stones {answer:?}"));
                    }
                    stats.moves += n as u64;
                }
                self.check_stop_lowered(cmd);
            }
            Expect::Opening(w, h) => {
                let ps: Vec<Option<Pos>> = answer.split(' ').map(parse_move).collect();
                let ok = ps.len() == 3
                    && ps.iter().all(|p| p.is_some_and(|p| p.x() < w && p.y() < h))
                    && ps[0] != ps[1]
                    && ps[1] != ps[2]
                    && ps[0] != ps[2];
                if !ok {
                    self.fail(format!("SWAP2BOARD opening: got {answer:?}"));
                }
            }
            Expect::YixinSwap2 => self.check_stop_lowered(cmd),
            Expect::Messages(_) | Expect::Error | Expect::Silent | Expect::End => {}
        }
    }

    /// YXBALANCEONE/TWO's output without its `MESSAGE BALANCE` line, which comes right before a
    /// stones answer (never before an `ERROR`).
    pub fn balance_line_checked(&mut self, mut out: Vec<String>) -> Vec<String> {
        let Some(answer) = out.pop() else {
            return out;
        };
        let line = out.last().filter(|l| l.starts_with("MESSAGE BALANCE "));
        if answer.starts_with("ERROR ") == line.is_some() {
            self.fail(format!(
                "YXBALANCE: answer {answer:?} after {:?}",
                out.last()
            ));
        }
        if line.is_some() {
            out.pop();
        }
        out.push(answer);
        out
    }

    /// YXSEARCHDEFEND's output without its `MESSAGE DEFEND` lines, which come together as soon
    /// as the probes are done (before the search's analysis lines and the held-back notes; at
    /// least one) and list legal cells only.
    pub fn defend_lines_checked(&mut self, mut out: Vec<String>) -> Vec<String> {
        let Some(answer) = out.pop() else {
            return out;
        };
        if !answer.starts_with("ERROR ") {
            let is_defend = |l: &String| l.starts_with("MESSAGE DEFEND");
            let first = out.iter().position(is_defend).unwrap_or(out.len());
            let end = first + out[first..].iter().take_while(|l| is_defend(l)).count();
            if out[end..].iter().any(is_defend) {
                self.fail(format!("YXSEARCHDEFEND: DEFEND lines apart: {out:?}"));
            }
            let listed: Vec<String> = out.drain(first..end).collect();
            // The model has played the answer already when it was forced.
            let g = self.model.game();
            let c = g.side();
            let legal = listed.iter().all(|l| {
                l.split(' ')
                    .skip(2)
                    .all(|m| parse_move(m).is_some_and(|p| g.legal(p, c)))
            });
            if listed.is_empty() || !legal {
                self.fail(format!("YXSEARCHDEFEND: bad DEFEND lines {listed:?}"));
            }
        }
        out.push(answer);
        out
    }

    /// Yixin-Board's Swap2 answers without their `MESSAGE SWAP2 …` lines, which end the output
    /// (an `ERROR` is left as it is): step 1 three stones of an empty board (`MOVE1` to
    /// `MOVE3`); step 2 `SWAP1 NO`, `SWAP1 YES`, or `MOVE4` and `MOVE5` legal in turn after the
    /// three stones; step 3 `SWAP2 NO` or `SWAP2 YES`.
    pub fn swap2_lines_checked(&mut self, step: u8, mut out: Vec<String>) -> Vec<String> {
        if out.last().is_some_and(|l| l.starts_with("ERROR ")) {
            return out;
        }
        let first = out
            .iter()
            .position(|l| l.starts_with("MESSAGE SWAP2 "))
            .unwrap_or(out.len());
        let lines: Vec<String> = out.drain(first..).collect();
        let text: Vec<&str> = lines.iter().map(|l| &l["MESSAGE SWAP2 ".len()..]).collect();
        // The stones of `MOVE{from}`, `MOVE{from+1}`, … as `x,y x,y …`, if the lines are those.
        let stones = |from: usize| -> Option<String> {
            let cells: Option<Vec<String>> = text
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let rest = l.strip_prefix(&format!("MOVE{} ", from + i))?;
                    let (x, y) = rest.split_once(' ')?;
                    Some(format!("{x},{y}"))
                })
                .collect();
            cells.map(|c| c.join(" "))
        };
        let (w, h) = self.model.size();
        let rule = self.model.rule;
        let ok = match step {
            1 => stones(1).is_some_and(|s| stones_legal(&mut MGame::new(w, h, rule), &s, 3)),
            2 => {
                text == ["SWAP1 NO"]
                    || text == ["SWAP1 YES"]
                    || stones(4).is_some_and(|s| {
                        let mut g = self.model.game().clone();
                        stones_legal(&mut g, &s, 2)
                    })
            }
            _ => text == ["SWAP2 NO"] || text == ["SWAP2 YES"],
        };
        if !ok {
            self.fail(format!("yxswap2step{step}: bad answer {lines:?}"));
        }
        out
    }

    /// A STOP handled earlier must not cut this search short: the stop flag was lowered for it.
    pub fn check_stop_lowered(&self, cmd: &Option<Command>) {
        if self.shared.remote.is_stopped() {
            self.fail(format!(
                "{cmd:?}: the stop flag is up after the search (STOP requests {} , handled {})",
                self.shared.stop_requests.load(Ordering::SeqCst),
                self.model.stops
            ));
        }
    }

    /// The engine's game equals the model's.
    pub fn check_state(&self, cmd: &Option<Command>) {
        let engine = self.session.engine();
        if engine.settings().rule != self.model.rule {
            self.fail(format!(
                "after {cmd:?}: rule {:?}, model {:?}",
                engine.settings().rule,
                self.model.rule
            ));
        }
        match (engine.game(), &self.model.game) {
            (None, None) => {}
            (Some(g), Some(m)) => {
                let same = g.rule() == m.rule
                    && g.history() == &m.history[..]
                    && g.board().grid() == &m.grid;
                if !same {
                    self.fail(format!(
                        "after {cmd:?}: engine and model differ\nengine {:?} {:?}\n{}\nmodel {:?} {:?}\n{}",
                        g.rule(),
                        g.history(),
                        g.board().grid().to_ascii(),
                        m.rule,
                        m.history,
                        m.grid.to_ascii()
                    ));
                }
            }
            (e, m) => self.fail(format!(
                "after {cmd:?}: engine has a game: {}, model: {}",
                e.is_some(),
                m.is_some()
            )),
        }
    }
}

/// Whether `answer` is `n` cells (`x,y` separated by single spaces), each legal for the side to
/// move of `g` when it comes; they are played on `g`.
fn stones_legal(g: &mut MGame, answer: &str, n: usize) -> bool {
    let cells: Vec<&str> = answer.split(' ').collect();
    if cells.len() != n {
        return false;
    }
    for cell in cells {
        let c = g.side();
        match parse_move(cell) {
            Some(p) if g.legal(p, c) => g.place(p, c),
            _ => return false,
        }
    }
    true
}
