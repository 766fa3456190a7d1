//! The Gomocup (pbrain) protocol layer: the only module that touches text.
//!
//! # I/O model
//!
//! ```text
//! stdin ─► reader thread ──(mpsc: Line / Eof)──► main thread: LineParser → Session → Engine
//!            │  STOP/YXSTOP: stop_requests += 1, stop = true        │
//!            │  END, EOF:    exit = true, stop = true, watchdog      ▼
//!            │  INFO clock keys while searching: applied at once   io::send (one mutex, LF, flush)
//! ```
//!
//! * The reader thread ([`io::read_lines`], [`Reader`]) sets the shared flags the moment a line
//!   arrives and then queues the line; nothing is dropped. It reads blocks as the main thread
//!   does: a STOP, END or INFO line inside `BOARD` … `DONE` is a (bad) block line for both. The main thread parses and applies the queue in
//!   order, and runs each search synchronously.
//! * Stop flag: a STOP is meant for the search that is running or, if none runs, the next one
//!   queued before it is handled. The main thread counts the STOP lines it has handled; before
//!   each search it lowers the flag and raises it again if the reader has counted more STOPs than
//!   were handled (or END/EOF arrived). A STOP while idle therefore prints nothing and does not
//!   leak into later searches.
//! * Live INFO: while a search runs (`searching` flag), the reader applies `INFO timeout_turn`,
//!   `timeout_match`, `time_left` and `time_increment` to the shared [`TimeControl`] atomics
//!   immediately; the search re-reads them when it polls. Every INFO line is also queued and
//!   applied again in order by the main thread (idempotent).
//! * END: the reader raises `exit` and `stop`; the running search returns at its next poll, its
//!   move is not printed, and the main thread exits when it reaches END in the queue. As a safety
//!   net the reader exits the process 400 ms after END whatever happens. EOF behaves the same
//!   (queued requests are still answered, with searches cut short), with a 1 s safety net.
//! * Output: exactly one answer line per request; `MESSAGE` lines (notes about ignored BOARD
//!   lines, an approximated `INFO rule`) are held back and printed right before the next answer.
//!   INFO, END, YXBOARD, YXHASHCLEAR and an idle STOP print nothing. YXNBEST is a move request
//!   whose answer is preceded by one `MESSAGE (i) score | depth-seldepth | pv` line per best move
//!   (Rapfi's form, which Yixin-Board shows); with `show_detail` every finished round of it is
//!   shown too.

pub mod command;
pub mod io;
pub mod response;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use crate::engine::{Engine, Report, Swap2Answer};
use crate::search::smp;
use crate::search::time::TimeControl;
use command::{BlockKind, Command, Entry, Info, LineParser};
use response::Response;

/// How long after END the reader ends the process even if the main thread has not got there.
/// The normal path is much faster (a search stops at its next poll, within a millisecond); this
/// is a safety net that still leaves requests queued before END (a first START building its
/// pattern tables on a slow machine) time to be answered, and stays under GomocupJudge's 0.5 s
/// grace period.
const END_WATCHDOG: Duration = Duration::from_millis(400);

/// Largest hash size we announce to Yixin-Board: log2 of KiB.
const MAX_HASH_SIZE_LOG2: u32 = 20;

/// Flags and settings shared by the reader thread, the protocol loop and the search.
#[derive(Debug, Default)]
pub struct Shared {
    pub stop: Arc<AtomicBool>,
    pub searching: Arc<AtomicBool>,
    pub exit: AtomicBool,
    pub stop_requests: AtomicU64,
    pub time: Arc<TimeControl>,
}

/// What the reader hands to the protocol loop.
#[derive(Debug)]
enum Input {
    /// A line and when it was read (the stopwatch of a move request starts there).
    Line(String, Instant),
    Eof,
}

/// Applies an INFO clock key to the live time settings; false for other keys. Values are
/// clamped: times to 0..=10^12 ms (`time_left` may be negative: ≥ -10^12).
pub fn apply_clock(time: &TimeControl, info: &Info) -> bool {
    const MAX_MS: i64 = 1_000_000_000_000;
    let (slot, v) = match *info {
        Info::TimeoutTurn(v) => (&time.timeout_turn, v.clamp(0, MAX_MS)),
        Info::TimeoutMatch(v) => (&time.timeout_match, v.clamp(0, MAX_MS)),
        Info::TimeLeft(v) => (&time.time_left, v.clamp(-MAX_MS, MAX_MS)),
        Info::TimeIncrement(v) => (&time.time_increment, v.clamp(0, MAX_MS)),
        _ => return false,
    };
    slot.store(v, Ordering::SeqCst);
    true
}

/// The reader thread's view of the input. It keeps a block parser of its own, in step with the
/// protocol loop's, so a line inside a `BOARD` … `DONE` block is never taken for STOP, END or a
/// live INFO (a STOP counted here but read as a bad block line by the loop would stay pending and
/// cut every later search short).
#[derive(Debug, Default)]
pub struct Reader {
    parser: LineParser,
}

impl Reader {
    pub fn new() -> Reader {
        Reader::default()
    }

    /// The immediate reaction to a line (before it is queued); `Some(grace)` after END.
    pub fn react(&mut self, shared: &Shared, line: &str) -> Option<Duration> {
        match self.parser.feed(line)? {
            Command::Stop => {
                shared.stop_requests.fetch_add(1, Ordering::SeqCst);
                shared.stop.store(true, Ordering::SeqCst);
                None
            }
            Command::End => {
                shared.exit.store(true, Ordering::SeqCst);
                shared.stop.store(true, Ordering::SeqCst);
                Some(END_WATCHDOG)
            }
            Command::Info(info) if shared.searching.load(Ordering::SeqCst) => {
                if apply_clock(&shared.time, &info) {
                    shared.time.limits_changed(&shared.stop);
                }
                None
            }
            _ => None,
        }
    }
}

/// Runs the protocol on stdin/stdout until END or end of input; returns the exit code (0).
pub fn run() -> i32 {
    let shared = Arc::new(Shared::default());
    let (tx, rx) = mpsc::channel::<Input>();
    let reader_shared = Arc::clone(&shared);
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let shared = reader_shared;
            let mut watchdog = None;
            let mut reader = Reader::new();
            io::read_lines(std::io::stdin().lock(), |line| {
                watchdog = reader.react(&shared, &line);
                tx.send(Input::Line(line, Instant::now())).is_ok() && watchdog.is_none()
            });
            if watchdog.is_none() {
                shared.exit.store(true, Ordering::SeqCst);
                shared.stop.store(true, Ordering::SeqCst);
                let _ = tx.send(Input::Eof);
                watchdog = Some(Duration::from_secs(1));
            }
            std::thread::sleep(watchdog.unwrap_or_default());
            log::info!("watchdog: exiting");
            io::exit_now();
        });
    if spawned.is_err() {
        return 0;
    }
    let mut session = Session::new(Arc::clone(&shared));
    for input in rx {
        match input {
            Input::Line(line, read_at) => {
                if !session.feed_read_at(&line, read_at) {
                    break;
                }
            }
            Input::Eof => break,
        }
    }
    log::info!("protocol loop finished");
    0
}

/// The protocol state of the main thread: block parser, engine, held-back messages.
pub struct Session {
    parser: LineParser,
    engine: Engine,
    shared: Arc<Shared>,
    stops_handled: u64,
    pending: Vec<String>,
    out: Box<dyn FnMut(&str)>,
}

impl Session {
    /// A session writing to stdout through [`io::send`], with per-iteration `MESSAGE` lines
    /// when `INFO show_detail` asks for them.
    pub fn new(shared: Arc<Shared>) -> Session {
        let mut session = Session::with_output(shared, Box::new(io::send));
        session.engine.set_reporter(Box::new(|report, detail| {
            let lines = match report {
                Report::Iteration(info) => response::iteration_lines(info, detail),
                Report::Lines(pv) => response::round_lines(pv, detail),
            };
            for line in lines {
                io::send(&line);
            }
        }));
        session
    }

    /// A session writing its lines to `out` (tests).
    pub fn with_output(shared: Arc<Shared>, out: Box<dyn FnMut(&str)>) -> Session {
        let engine = Engine::new(
            Arc::clone(&shared.time),
            Arc::clone(&shared.stop),
            Arc::clone(&shared.searching),
        );
        Session {
            parser: LineParser::new(),
            engine,
            shared,
            stops_handled: 0,
            pending: Vec::new(),
            out,
        }
    }

    /// The engine (read-only: tests compare its game with a model of their own).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Handles one input line read at `read_at`; false once END was handled.
    pub fn feed_read_at(&mut self, line: &str, read_at: Instant) -> bool {
        self.engine.request_read_at(read_at);
        match self.parser.feed(line) {
            Some(cmd) => self.handle(cmd),
            None => true,
        }
    }

    /// Handles one input line (read just now); false once END was handled.
    pub fn feed(&mut self, line: &str) -> bool {
        self.feed_read_at(line, Instant::now())
    }

    /// Prints held-back messages, then the answer lines.
    fn answer(&mut self, lines: &[Response]) {
        for m in std::mem::take(&mut self.pending) {
            (self.out)(&Response::Message(m).to_string());
        }
        for r in lines {
            (self.out)(&r.to_string());
        }
    }

    fn error(&mut self, e: impl std::fmt::Display) {
        self.answer(&[Response::Error(e.to_string())]);
    }

    /// Sets the stop flag for the search about to run (see the module documentation). Returns
    /// whether END/EOF had already arrived.
    fn arm_stop(&self) -> bool {
        let s = &self.shared;
        s.stop.store(false, Ordering::SeqCst);
        let exit = s.exit.load(Ordering::SeqCst);
        if exit || s.stop_requests.load(Ordering::SeqCst) > self.stops_handled {
            s.stop.store(true, Ordering::SeqCst);
        }
        exit
    }

    /// Answers a move request (`show` gives the answer lines, the move last), unless END
    /// arrived while it was being searched.
    fn answer_move<T>(
        &mut self,
        f: impl FnOnce(&mut Engine) -> Result<T, crate::game::GameError>,
        show: impl FnOnce(T) -> Vec<Response>,
    ) {
        let exit_before = self.arm_stop();
        let result = f(&mut self.engine);
        if !exit_before && self.shared.exit.load(Ordering::SeqCst) {
            log::info!("END during a search: answer suppressed");
            return;
        }
        match result {
            Ok(v) => self.answer(&show(v)),
            Err(e) => self.error(e),
        }
    }

    fn handle(&mut self, cmd: Command) -> bool {
        match cmd {
            Command::Start { width, height } | Command::RectStart { width, height } => {
                match self.engine.start(width, height) {
                    Ok(()) => self.answer(&[Response::Ok]),
                    Err(e) => self.error(e),
                }
            }
            Command::Restart => {
                self.engine.restart();
                self.answer(&[Response::Ok]);
            }
            Command::Begin => self.answer_move(|e| e.begin(), one_move),
            Command::Turn((x, y)) => self.answer_move(|e| e.turn(x, y), one_move),
            Command::Play((x, y)) => self.answer_move(|e| e.play(x, y), one_move),
            Command::NBest(n) => self.answer_move(
                |e| e.nbest(n),
                |(p, lines)| {
                    let mut out: Vec<Response> = lines
                        .iter()
                        .enumerate()
                        .map(|(i, l)| response::pv_line(i + 1, l))
                        .collect();
                    out.push(Response::Move(p));
                    out
                },
            ),
            Command::Takeback((x, y)) => match self.engine.takeback(x, y) {
                Ok(()) => self.answer(&[Response::Ok]),
                Err(e) => self.error(e),
            },
            Command::Block { kind, entries, bad } => self.block(kind, &entries, bad),
            Command::Info(info) => self.info(info),
            Command::End => return false,
            Command::About => self.answer(&[Response::About]),
            Command::Stop => self.stops_handled += 1,
            Command::ShowForbid => {
                let points = self.engine.forbidden_points();
                self.answer(&[Response::Forbid(points)]);
            }
            Command::HashClear => self.engine.clear_hash(),
            Command::ShowInfo => self.answer(&[
                Response::Message(format!("INFO MAX_THREAD_NUM {}", smp::max_threads())),
                Response::Message(format!("INFO MAX_HASH_SIZE {MAX_HASH_SIZE_LOG2}")),
            ]),
            Command::Malformed(text) => self.error(text),
            Command::Unknown(word) => self.answer(&[Response::Unknown(word)]),
            Command::BlockStart(_) | Command::Done => {}
        }
        true
    }

    fn block(&mut self, kind: BlockKind, entries: &[Entry], bad: Vec<String>) {
        for b in bad {
            self.pending
                .push(format!("ignored bad {} line '{b}'", kind.word()));
        }
        match kind {
            BlockKind::Board | BlockKind::YxBoard => {
                let data: Vec<(i64, i64, i64)> = entries
                    .iter()
                    .map(|e| (e.x, e.y, e.field.unwrap_or(0)))
                    .collect();
                if kind == BlockKind::YxBoard {
                    match self.engine.set_position(&data) {
                        Ok(notes) => self.pending.extend(notes),
                        Err(e) => self.pending.push(format!("YXBOARD refused: {e}")),
                    }
                    return;
                }
                match self.engine.set_position(&data) {
                    Ok(notes) => {
                        self.pending.extend(notes);
                        self.answer_move(|e| e.begin(), one_move);
                    }
                    Err(e) => self.error(e),
                }
            }
            BlockKind::Swap2Board => {
                let stones: Vec<(i64, i64)> = entries.iter().map(|e| (e.x, e.y)).collect();
                self.answer_move(
                    |e| e.swap2(&stones),
                    |a| match a {
                        Swap2Answer::Opening(s) => vec![Response::Stones(s.to_vec())],
                        Swap2Answer::Move(p) => vec![Response::Move(p)],
                    },
                );
            }
        }
    }

    fn info(&mut self, info: Info) {
        if apply_clock(&self.shared.time, &info) {
            return;
        }
        let s = self.engine.settings_mut();
        match info {
            Info::MaxMemory(v) => s.max_memory = v.max(0) as u64,
            Info::GameType(v) => s.game_type = v.clamp(0, 3),
            Info::Folder(f) => s.folder = Some(f),
            Info::MaxDepth(v) => s.max_depth = (v > 0).then(|| v.min(1000) as u32),
            Info::MaxNode(v) => s.max_nodes = (v > 0).then_some(v as u64),
            Info::ThreadNum(v) => s.thread_num = v.clamp(1, 256) as u32,
            Info::HashSize(v) => s.hash_size_kib = v.clamp(0, 1 << 30) as u64,
            Info::Pondering(v) => s.pondering = v != 0,
            Info::CautionFactor(v) => s.caution_factor = v.clamp(0, 5) as u8,
            Info::ShowDetail(v) => s.show_detail = v.clamp(0, 3) as u8,
            Info::UseDatabase(v) => s.use_database = v != 0,
            Info::Rule(v) => {
                if let Some(note) = self.engine.set_rule(v) {
                    self.pending.push(note);
                }
            }
            Info::Evaluate(_) | Info::Ignored { .. } => {}
            Info::TimeoutTurn(_)
            | Info::TimeoutMatch(_)
            | Info::TimeLeft(_)
            | Info::TimeIncrement(_) => {}
        }
    }
}

/// The answer to a move request: the move alone.
fn one_move(p: crate::board::Pos) -> Vec<Response> {
    vec![Response::Move(p)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reader_reads_blocks_like_the_loop() {
        let shared = Shared::default();
        let mut reader = Reader::new();
        for line in ["BOARD", "STOP", "yxstop", "INFO timeout_turn 0", "DONE"] {
            assert_eq!(reader.react(&shared, line), None, "{line}");
        }
        assert_eq!(shared.stop_requests.load(Ordering::SeqCst), 0);
        assert!(!shared.stop.load(Ordering::SeqCst));
        // END abandons a block (as in the loop's parser) and arms the watchdog.
        let mut reader = Reader::new();
        assert_eq!(reader.react(&shared, "board"), None);
        assert_eq!(reader.react(&shared, "end"), Some(END_WATCHDOG));
        let shared = Shared::default();
        for line in ["YXBOARD", "7,7,1", "DONE", "yxstop"] {
            reader.react(&shared, line);
        }
        assert_eq!(shared.stop_requests.load(Ordering::SeqCst), 1);
        assert!(shared.stop.load(Ordering::SeqCst));
    }
}
