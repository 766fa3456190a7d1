//! The Gomocup (pbrain) protocol layer: the only module that touches text.
//!
//! # I/O model
//!
//! ```text
//! stdin ─► reader thread: Reader (LineParser) ──(mpsc: Command / Eof)──► main thread: serve → Session → Engine
//!            │  every line:  lines_read += 1; pondering? stop flag up   │  queue empty: Session::ponder
//!            │  STOP/YXSTOP: stop_requests += 1, stop flag up          │
//!            │  END, EOF:    exit = true, stop flag up, watchdog        ▼
//!            │  INFO clock keys while searching: Remote::set_clock   Session::out (one line each)
//! ```
//!
//! * Each line is parsed once, on the reader thread ([`Reader`]): it reacts at once to what
//!   must reach a running search (the flags, a clock change) and queues the parsed [`Command`];
//!   nothing is dropped. A STOP, END or INFO line inside `BOARD` … `DONE` is a (bad) block
//!   line. The main thread handles the queue in order ([`Session::handle`]) and runs each
//!   search synchronously.
//! * Stop flag: a STOP is meant for the search that is running or, if none runs, the next one
//!   queued before it is handled. The main thread counts the STOP commands it has handled;
//!   before each search it lowers the flag and raises it again if the reader has counted more
//!   STOPs than were handled (or END/EOF arrived). A STOP while idle therefore prints nothing
//!   and does not leak into later searches.
//! * Live INFO: while a search runs, the reader hands `INFO timeout_turn`, `timeout_match`,
//!   `time_left` and `time_increment` to the engine's [`Remote`], which brings the search's
//!   deadline forward when the new budget is shorter. The main thread applies every INFO again
//!   in order (idempotent).
//! * `INFO param_<name> <value>` sets one of the search parameters of
//!   [`crate::params::TUNABLES`] for the searches that follow (the tuner `rensa-tune` sends
//!   them); an unknown name, a value that is not an integer or lies outside the parameter's
//!   range changes nothing and is only logged.
//! * END: the reader raises `exit` and the stop flag; the running search returns at its next
//!   poll, its move is not printed, and the main thread exits when it reaches END in the queue.
//!   As a safety net the reader exits the process 400 ms after END whatever happens. EOF
//!   behaves the same (queued requests are still answered, with searches cut short), with a 1 s
//!   safety net.
//! * Output: every line goes through the session's output ([`io::send`] in the engine):
//!   exactly one answer line per request, preceded by the analysis lines of the search when
//!   `INFO show_detail` asks for them. `MESSAGE` notes (ignored BOARD lines, an approximated
//!   `INFO rule`) are held back and printed right before the next answer. INFO, END, YXBOARD,
//!   YXHASHCLEAR, YXBLOCKRESET and an idle STOP print nothing, nor do YXBLOCK and YXBLOCKUNDO
//!   unless a line is bad or off the board (`ERROR`). YXNBEST is a move request whose answer is
//!   preceded by one `MESSAGE (i) score | depth-seldepth | pv` line per best move (Rapfi's
//!   form, which Yixin-Board shows); with `show_detail` every finished round of it is shown too.
//!   YXSEARCHDEFEND is a move request too: `MESSAGE DEFEND x,y …` lists the moves that hold
//!   against the opponent's threats, then comes the move (one of them). YXBALANCEONE/TWO answer
//!   `MESSAGE BALANCE …` (stones, score, depth) and then the stones, which are played. A
//!   SWAP2BOARD answer is three stones, one move, two stones or `SWAP`.
//! * Pondering, only after `INFO pondering 1` (off by default: Gomocup's managers suspend the
//!   engine between moves, and a ponder would take CPU from concurrent games elsewhere): when
//!   the main thread finds the queue empty ([`serve`]) and the last request was answered with a
//!   move, it runs [`Session::ponder`], a search of the position that move left, for the
//!   opponent, with no limit but the depth, that prints nothing (see [`Engine::ponder`]). The
//!   reader counts the lines it reads (`lines_read`) and raises the stop flag at every one while
//!   the remote's `pondering` flag is up, so the next command, whatever it is (a line inside a
//!   `BOARD` block too), stops the ponder within one poll of the search; the main thread then
//!   handles the queue as always. A ponder starts only if no line was read beyond the commands
//!   handled (checked after the `pondering` flag is up, so a line cannot slip in between), and
//!   the stop flag is armed again for every real search, so a STOP that ends a ponder is an idle
//!   STOP and does not reach the next search. A stopped ponder starts again (from its first
//!   iteration, over the table it filled) once the commands that stopped it are handled, if
//!   they left the position as it was ([`keeps_ponder`]: ABOUT, INFO except `rule`,
//!   YXSHOWFORBID, unknown words…); a new position, STOP/YXSTOP, END, `INFO pondering 0` or a
//!   ponder that reaches its depth limit end it until the next answered move.

pub mod command;
pub mod io;
pub mod response;

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::board::Pos;
use crate::engine::{ClockKey, Engine, Remote, Report, Reporter, Swap2Answer};
use crate::game::GameError;
use command::{decode_rule, BlockKind, Command, Entry, Info, LineParser};
use response::Response;

/// How long after END the reader ends the process even if the main thread has not got there.
/// The normal path is much faster (a search stops at its next poll, within a millisecond); this
/// is a safety net that still leaves requests queued before END (a first START building its
/// pattern tables on a slow machine) time to be answered, and stays under GomocupJudge's 0.5 s
/// grace period.
const END_WATCHDOG: Duration = Duration::from_millis(400);

/// Largest hash size we announce to Yixin-Board: log2 of KiB.
const MAX_HASH_SIZE_LOG2: u32 = 20;

/// Flags shared by the reader thread and the protocol loop, and the engine's [`Remote`].
#[derive(Debug)]
pub struct Shared {
    pub exit: AtomicBool,
    pub stop_requests: AtomicU64,
    pub remote: Arc<Remote>,
    /// Lines the reader has read (blank ones are not lines).
    pub lines_read: AtomicU64,
    /// Ponder searches that have ended (stopped or finished).
    pub ponders: AtomicU64,
    /// How long the last ponder search took to return after the reader raised its stop flag,
    /// in µs; `u64::MAX` when it ended without (depth limit, END's or EOF's stop).
    pub ponder_stop_us: AtomicU64,
    /// When the reader stopped the running ponder, in µs after `epoch`; `u64::MAX`: it has not.
    ponder_stopped_at: AtomicU64,
    /// When the last ponder search returned, in µs after `epoch`.
    ponder_ended_at: AtomicU64,
    epoch: Instant,
}

impl Shared {
    pub fn new(remote: Arc<Remote>) -> Shared {
        Shared {
            exit: AtomicBool::new(false),
            stop_requests: AtomicU64::new(0),
            remote,
            lines_read: AtomicU64::new(0),
            ponders: AtomicU64::new(0),
            ponder_stop_us: AtomicU64::new(u64::MAX),
            ponder_stopped_at: AtomicU64::new(u64::MAX),
            ponder_ended_at: AtomicU64::new(u64::MAX),
            epoch: Instant::now(),
        }
    }

    fn micros(&self) -> u64 {
        self.epoch.elapsed().as_micros() as u64
    }

    /// When the last ponder search returned (within a microsecond), if one ran.
    pub fn last_ponder_end(&self) -> Option<Instant> {
        match self.ponder_ended_at.load(Ordering::SeqCst) {
            u64::MAX => None,
            t => Some(self.epoch + Duration::from_micros(t)),
        }
    }
}

/// What the reader thread hands to the protocol loop ([`serve`]).
#[derive(Debug)]
pub enum Input {
    /// A command, when its (last) line was read (the stopwatch of a move request starts
    /// there), and the reader's count of lines read through that line (`lines_read`).
    Command(Command, Instant, u64),
    Eof,
}

/// The clock key and value of an INFO line, if it is one.
fn clock_of(info: &Info) -> Option<(ClockKey, i64)> {
    match *info {
        Info::TimeoutTurn(v) => Some((ClockKey::TimeoutTurn, v)),
        Info::TimeoutMatch(v) => Some((ClockKey::TimeoutMatch, v)),
        Info::TimeLeft(v) => Some((ClockKey::TimeLeft, v)),
        Info::TimeIncrement(v) => Some((ClockKey::TimeIncrement, v)),
        _ => None,
    }
}

/// The reader thread's parser: each line is parsed here, once.
#[derive(Debug, Default)]
pub struct Reader {
    parser: LineParser,
}

impl Reader {
    pub fn new() -> Reader {
        Reader::default()
    }

    /// Parses `line` and reacts at once to what a running search must see (STOP, END, a clock
    /// change; any line stops a ponder search). Returns the complete command to queue, if the
    /// line finished one, and `Some(grace)` after END.
    pub fn read(&mut self, shared: &Shared, line: &str) -> (Option<Command>, Option<Duration>) {
        if !line.trim().is_empty() {
            // Counted before `pondering` is read: see `Session::ponder` for the other half.
            shared.lines_read.fetch_add(1, Ordering::SeqCst);
            if shared.remote.pondering() {
                shared.remote.set_stop(true);
                let _ = shared.ponder_stopped_at.compare_exchange(
                    u64::MAX,
                    shared.micros(),
                    Ordering::SeqCst,
                    Ordering::SeqCst,
                );
            }
        }
        let Some(cmd) = self.parser.feed(line) else {
            return (None, None);
        };
        let mut watchdog = None;
        match &cmd {
            Command::Stop => {
                shared.stop_requests.fetch_add(1, Ordering::SeqCst);
                shared.remote.set_stop(true);
            }
            Command::End => {
                shared.exit.store(true, Ordering::SeqCst);
                shared.remote.set_stop(true);
                watchdog = Some(END_WATCHDOG);
            }
            Command::Info(info) if shared.remote.searching() => {
                if let Some((key, v)) = clock_of(info) {
                    shared.remote.set_clock(key, v);
                }
            }
            _ => {}
        }
        (Some(cmd), watchdog)
    }
}

/// Runs the protocol on stdin/stdout until END or end of input; returns the exit code (0).
/// `note`, if any, goes out as a `MESSAGE` line before the first answer.
pub fn run(note: Option<String>) -> i32 {
    let mut session = Session::new(Box::new(io::send));
    session.pending.extend(note);
    let Some(rx) = spawn_reader(|| std::io::stdin().lock(), session.shared(), exit_process) else {
        return 0;
    };
    serve(&mut session, &rx);
    log::info!("protocol loop finished");
    0
}

fn exit_process() {
    io::exit_now()
}

/// Starts the reader thread on the input `open` returns (stdin in the engine): it reads lines,
/// reacts through a [`Reader`] and queues the commands; after END or at the end of input it
/// calls `exit` once its safety net has run out (the engine exits the process there). `None`
/// if the thread cannot be started.
pub fn spawn_reader<R: BufRead>(
    open: impl FnOnce() -> R + Send + 'static,
    shared: Arc<Shared>,
    exit: fn(),
) -> Option<mpsc::Receiver<Input>> {
    let (tx, rx) = mpsc::channel::<Input>();
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let mut watchdog = None;
            let mut reader = Reader::new();
            io::read_lines(open(), |line| {
                let read_at = Instant::now();
                let (cmd, grace) = reader.read(&shared, &line);
                watchdog = grace;
                let lines = shared.lines_read.load(Ordering::SeqCst);
                let sent = cmd.is_none_or(|c| tx.send(Input::Command(c, read_at, lines)).is_ok());
                sent && watchdog.is_none()
            });
            if watchdog.is_none() {
                shared.exit.store(true, Ordering::SeqCst);
                shared.remote.set_stop(true);
                let _ = tx.send(Input::Eof);
                watchdog = Some(Duration::from_secs(1));
            }
            std::thread::sleep(watchdog.unwrap_or_default());
            log::info!("watchdog: exiting");
            exit();
        });
    spawned.ok().map(|_| rx)
}

/// The protocol loop of the main thread: handles the reader's queue in order until END or the
/// end of input, and ponders ([`Session::ponder`]) whenever the queue is empty and a ponder is
/// due.
pub fn serve(session: &mut Session, rx: &mpsc::Receiver<Input>) {
    loop {
        let input = match rx.try_recv() {
            Ok(input) => input,
            Err(TryRecvError::Empty) => {
                if session.ponder() {
                    continue;
                }
                match rx.recv() {
                    Ok(input) => input,
                    Err(_) => break,
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        match input {
            Input::Command(cmd, read_at, lines) => {
                if !session.handle_line(cmd, read_at, lines) {
                    break;
                }
            }
            Input::Eof => break,
        }
    }
}

/// The protocol state of the main thread: the engine, the STOPs handled, held-back messages and
/// the output.
pub struct Session {
    engine: Engine,
    shared: Arc<Shared>,
    stops_handled: u64,
    /// The reader's line count through the last command handled (see [`Session::ponder`]).
    lines_handled: u64,
    pending: Vec<String>,
    out: Box<dyn FnMut(&str)>,
}

impl Session {
    /// A session writing its lines to `out` (stdout through [`io::send`] in the engine).
    pub fn new(out: Box<dyn FnMut(&str)>) -> Session {
        let engine = Engine::new();
        let shared = Arc::new(Shared::new(engine.remote()));
        Session {
            engine,
            shared,
            stops_handled: 0,
            lines_handled: 0,
            pending: Vec::new(),
            out,
        }
    }

    /// The flags the reader thread shares with this session.
    pub fn shared(&self) -> Arc<Shared> {
        Arc::clone(&self.shared)
    }

    /// The engine (read-only: tests compare its game with a model of their own).
    pub fn engine(&self) -> &Engine {
        &self.engine
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
        let exit = s.exit.load(Ordering::SeqCst);
        let pending_stop = s.stop_requests.load(Ordering::SeqCst) > self.stops_handled;
        s.remote.set_stop(exit || pending_stop);
        exit
    }

    /// Answers a move request (`show` gives the answer lines, the move last), unless END
    /// arrived while it was being searched. The search's reports go to the same output, when
    /// `INFO show_detail` asks for them.
    fn answer_move<T>(
        &mut self,
        f: impl FnOnce(&mut Engine, Reporter) -> Result<T, GameError>,
        show: impl FnOnce(T) -> Vec<Response>,
    ) {
        let exit_before = self.arm_stop();
        let detail = self.engine.settings().show_detail;
        let out = &mut self.out;
        let mut report = |r: &Report| {
            // The defences go out whatever `show_detail` says; the analysis lines only with it.
            let lines: Vec<String> = match r {
                Report::Defences(holding) => response::defend_lines(holding)
                    .iter()
                    .map(Response::to_string)
                    .collect(),
                _ if detail == 0 => return,
                Report::Iteration(info) => response::iteration_lines(info, detail),
                Report::Lines(pv) => response::round_lines(pv, detail),
                Report::Root(event) => response::root_line(*event, detail).into_iter().collect(),
            };
            for line in lines {
                out(&line);
            }
        };
        let result = f(&mut self.engine, &mut report);
        self.pending.extend(self.engine.take_notes());
        if !exit_before && self.shared.exit.load(Ordering::SeqCst) {
            log::info!("END during a search: answer suppressed");
            return;
        }
        match result {
            Ok(v) => self.answer(&show(v)),
            Err(e) => self.error(e),
        }
    }

    /// [`Session::handle`] for a command that the reader read through its `lines`-th line
    /// (the count of [`Input::Command`]): a ponder starts only once every line read is handled.
    pub fn handle_line(&mut self, cmd: Command, read_at: Instant, lines: u64) -> bool {
        self.lines_handled = lines;
        self.handle(cmd, read_at)
    }

    /// Whether a ponder would start now: `INFO pondering 1` was received, the engine has a
    /// position to ponder on, no END/EOF came, and every line read so far belongs to a command
    /// handled (none is queued, no block is half read).
    pub fn ponder_due(&self) -> bool {
        self.engine.settings().pondering
            && self.engine.can_ponder()
            && !self.shared.exit.load(Ordering::SeqCst)
            && self.shared.lines_read.load(Ordering::SeqCst) == self.lines_handled
    }

    /// Thinks on the opponent's time, if `INFO pondering 1` asked for it, the last request was
    /// answered with a move (or a ponder of that position was stopped by commands that left it
    /// as it was), no END/EOF came, and no line was read beyond the commands handled. Runs
    /// until the reader stops it (any line) or the search ends by itself; prints nothing.
    /// Returns whether a ponder search ran.
    ///
    /// The reader counts a line, then reads the `pondering` flag; this raises the flag, then
    /// compares the count with the lines handled (all sequentially consistent). So either the
    /// reader sees the flag and stops the search, or this sees the line and does not start.
    pub fn ponder(&mut self) -> bool {
        if !self.ponder_due() {
            return false;
        }
        let shared = Arc::clone(&self.shared);
        let handled = self.lines_handled;
        let idle = || {
            !shared.exit.load(Ordering::SeqCst)
                && shared.lines_read.load(Ordering::SeqCst) == handled
        };
        shared.ponder_stopped_at.store(u64::MAX, Ordering::SeqCst);
        let Some(p) = self.engine.ponder(idle) else {
            return false;
        };
        let ended = shared.micros();
        let latency = match shared.ponder_stopped_at.load(Ordering::SeqCst) {
            u64::MAX => u64::MAX,
            t => ended.saturating_sub(t),
        };
        shared.ponder_ended_at.store(ended, Ordering::SeqCst);
        shared.ponder_stop_us.store(latency, Ordering::SeqCst);
        shared.ponders.fetch_add(1, Ordering::SeqCst);
        log::debug!(
            "ponder: depth {} nodes {} in {} ms, {}",
            p.result.depth,
            p.result.nodes,
            p.elapsed.as_millis(),
            if latency == u64::MAX {
                "ended by itself".to_string()
            } else {
                format!("stopped {latency} µs after the line that stopped it")
            }
        );
        true
    }

    /// Handles one command whose last line was read at `read_at`; false once END was handled.
    pub fn handle(&mut self, cmd: Command, read_at: Instant) -> bool {
        self.engine.request_read_at(read_at);
        if !keeps_ponder(&cmd) {
            self.engine.forget_ponder();
        }
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
            Command::Begin => self.answer_move(|e, r| e.begin(r), one_move),
            Command::Turn((x, y)) => self.answer_move(|e, r| e.turn(x, y, r), one_move),
            Command::Play((x, y)) => self.answer_move(|e, _| e.play(x, y), one_move),
            Command::NBest(n) => self.answer_move(
                |e, r| e.nbest(n, r),
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
            Command::SearchDefend => self.answer_move(|e, r| e.search_defend(r), one_move),
            Command::Balance { stones, bias } => self.answer_move(
                |e, r| e.balance(stones, bias, r),
                |b| {
                    let line = response::balance_line(&b.moves, b.score, b.depth);
                    let answer = if b.moves.len() == 1 {
                        Response::Move(b.moves[0])
                    } else {
                        Response::Stones(b.moves)
                    };
                    vec![line, answer]
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
            Command::BlockReset => self.engine.unblock_all(),
            Command::ShowInfo => self.answer(&[
                Response::Message(format!("INFO MAX_THREAD_NUM {}", Engine::max_threads())),
                Response::Message(format!("INFO MAX_HASH_SIZE {MAX_HASH_SIZE_LOG2}")),
            ]),
            Command::HashUsage => {
                let (permille, bytes) = self.engine.hash_usage();
                self.answer(&[Response::Message(format!(
                    "Transposition table full: {}.{}% of {} MiB",
                    permille / 10,
                    permille % 10,
                    bytes >> 20
                ))]);
            }
            Command::Forbid(args) => self.answer(&[Response::Message(format!(
                "yxforbid {args}: ignored (Rensa keeps no cells forbidden to one side; \
                 YXBLOCK excludes cells from its own moves)"
            ))]),
            Command::Swap2Step(step) => self.yixin_swap2(step),
            Command::Malformed(text) => self.error(text),
            Command::Unknown(word) => self.answer(&[Response::Unknown(word)]),
            Command::BlockStart(_) | Command::Done => {}
        }
        true
    }

    fn block(&mut self, kind: BlockKind, entries: &[Entry], bad: Vec<String>) {
        match kind {
            BlockKind::YxBlock | BlockKind::YxBlockUndo => {
                self.block_list(kind, entries, &bad);
                return;
            }
            BlockKind::DatabaseQuery => {
                self.answer(&[
                    Response::Message("DATABASE REFRESH".to_string()),
                    Response::Message("DATABASE DONE".to_string()),
                ]);
                return;
            }
            BlockKind::Unsupported(word) => {
                self.answer(&[Response::Unknown(word.to_string())]);
                return;
            }
            _ => {}
        }
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
                let notes = self.engine.set_position(&data);
                self.pending.extend(notes);
                if kind == BlockKind::Board {
                    self.answer_move(|e, r| e.begin(r), one_move);
                }
            }
            BlockKind::YxBlock
            | BlockKind::YxBlockUndo
            | BlockKind::DatabaseQuery
            | BlockKind::Unsupported(_) => {}
            BlockKind::Swap2Board => {
                let stones: Vec<(i64, i64)> = entries.iter().map(|e| (e.x, e.y)).collect();
                self.answer_move(
                    |e, r| e.swap2(&stones, r),
                    |a| match a {
                        Swap2Answer::Opening(s) => vec![Response::Stones(s.to_vec())],
                        Swap2Answer::Move(p) => vec![Response::Move(p)],
                        Swap2Answer::PutTwo(s) => vec![Response::Stones(s.to_vec())],
                        Swap2Answer::Swap => vec![Response::Swap],
                    },
                );
            }
        }
    }

    /// Yixin-Board's Swap2 steps, decided by the logic of SWAP2BOARD ([`Engine::swap2`]) and
    /// answered as the board reads them: step 1 (the engine opens) places three stones, `MESSAGE
    /// SWAP2 MOVE1 x y` to `MOVE3`; step 2 (White after the three stones the board sent with
    /// YXBOARD) stays White (`SWAP2 SWAP1 NO`; the board then asks for the move with BOARD),
    /// takes Black (`SWAP1 YES`) or adds two stones (`MOVE4`, `MOVE5`); step 3 (Black after
    /// five) takes Black (`SWAP2 SWAP2 YES`) or White (`SWAP2 SWAP2 NO`, then BOARD).
    fn yixin_swap2(&mut self, step: u8) {
        let stones = match step {
            1 => Vec::new(),
            _ => self.engine.stones(),
        };
        let need = [0, 0, 3, 5][step as usize];
        if stones.len() != need {
            self.error(format!(
                "yxswap2step{step} needs the {need} stones of the opening (YXBOARD), not {}",
                stones.len()
            ));
            return;
        }
        let message = |text: String| Response::Message(format!("SWAP2 {text}"));
        let placed = |first: usize, s: &[Pos]| -> Vec<Response> {
            s.iter()
                .enumerate()
                .map(|(i, p)| message(format!("MOVE{} {} {}", first + i, p.x(), p.y())))
                .collect()
        };
        self.answer_move(
            |e, r| e.swap2(&stones, r),
            |a| match (step, a) {
                (_, Swap2Answer::Opening(s)) => placed(1, &s),
                (_, Swap2Answer::PutTwo(s)) => placed(4, &s),
                (2, Swap2Answer::Move(_)) => vec![message("SWAP1 NO".into())],
                (2, Swap2Answer::Swap) => vec![message("SWAP1 YES".into())],
                (_, Swap2Answer::Move(_)) => vec![message("SWAP2 NO".into())],
                (_, Swap2Answer::Swap) => vec![message("SWAP2 YES".into())],
            },
        );
    }

    /// YXBLOCK / YXBLOCKUNDO: silent when every line is a cell of the board. A line that is not
    /// `x,y` refuses the whole block (`ERROR`, the list unchanged); cells outside the board are
    /// named in one `ERROR` line and the others applied.
    fn block_list(&mut self, kind: BlockKind, entries: &[Entry], bad: &[String]) {
        if let Some(b) = bad.first() {
            self.error(format!("{}: bad line '{b}', nothing changed", kind.word()));
            return;
        }
        let cells: Vec<(i64, i64)> = entries.iter().map(|e| (e.x, e.y)).collect();
        let outside = self.engine.block(&cells, kind == BlockKind::YxBlock);
        if !outside.is_empty() {
            let list: Vec<String> = outside.iter().map(|(x, y)| format!("{x},{y}")).collect();
            self.error(format!(
                "{}: outside the board, ignored: {}",
                kind.word(),
                list.join(" ")
            ));
        }
    }

    fn info(&mut self, info: Info) {
        if let Some((key, v)) = clock_of(&info) {
            self.shared.remote.set_clock(key, v);
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
            // A bad name or value changes nothing and, as INFO has no answer, is only logged.
            Info::Param {
                name,
                value: Some(v),
            } => {
                if let Err(e) = s.params.set(&name, v) {
                    log::warn!("INFO param_{name} {v} ignored: {e}");
                }
            }
            Info::Param { name, value: None } => {
                log::warn!("INFO param_{name} ignored: the value is not an integer");
            }
            Info::Rule(v) => {
                let (rule, note) = decode_rule(v);
                self.engine.set_rule(rule);
                self.pending.extend(note);
            }
            Info::Evaluate(_) | Info::Ignored { .. } => {}
            Info::TimeoutTurn(_)
            | Info::TimeoutMatch(_)
            | Info::TimeLeft(_)
            | Info::TimeIncrement(_) => {}
        }
    }
}

/// Whether `cmd` leaves the position of a (stopped) ponder as it was, so that the ponder may
/// start again: ABOUT, YXSHOWFORBID, YXSHOWINFO, YXHASHCLEAR, YXSHOWHASHUSAGE, YXFORBID, the
/// YXBLOCK commands (our moves only), unknown and malformed commands (an ERROR changes nothing)
/// and INFO except `rule`.
/// Every other command forgets it: a new position or game, STOP/YXSTOP (stop thinking), END;
/// a move request answered sets it anew.
fn keeps_ponder(cmd: &Command) -> bool {
    match cmd {
        Command::About
        | Command::ShowForbid
        | Command::ShowInfo
        | Command::HashClear
        | Command::BlockReset
        | Command::HashUsage
        | Command::Forbid(_)
        | Command::Unknown(_)
        | Command::Malformed(_) => true,
        Command::Block { kind, .. } => matches!(
            kind,
            BlockKind::YxBlock
                | BlockKind::YxBlockUndo
                | BlockKind::DatabaseQuery
                | BlockKind::Unsupported(_)
        ),
        Command::Info(info) => !matches!(info, Info::Rule(_)),
        _ => false,
    }
}

/// The answer to a move request: the move alone.
fn one_move(p: crate::board::Pos) -> Vec<Response> {
    vec![Response::Move(p)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shared() -> Shared {
        Shared::new(Arc::new(Remote::default()))
    }

    #[test]
    fn reader_reads_blocks_whole() {
        let shared = shared();
        let mut reader = Reader::new();
        for line in ["BOARD", "STOP", "yxstop", "INFO timeout_turn 0"] {
            assert_eq!(reader.read(&shared, line), (None, None), "{line}");
        }
        let (cmd, watchdog) = reader.read(&shared, "DONE");
        assert!(matches!(cmd, Some(Command::Block { .. })), "{cmd:?}");
        assert_eq!(watchdog, None);
        assert_eq!(shared.stop_requests.load(Ordering::SeqCst), 0);
        assert!(!shared.remote.is_stopped());
        // END abandons a block and arms the watchdog.
        let mut reader = Reader::new();
        assert_eq!(reader.read(&shared, "board"), (None, None));
        assert_eq!(
            reader.read(&shared, "end"),
            (Some(Command::End), Some(END_WATCHDOG))
        );
        let shared = self::shared();
        for line in ["YXBOARD", "7,7,1", "DONE", "yxstop"] {
            reader.read(&shared, line);
        }
        assert_eq!(shared.stop_requests.load(Ordering::SeqCst), 1);
        assert!(shared.remote.is_stopped());
    }

    /// A session fed `input` line by line through the reader; returns it with every line it
    /// wrote.
    fn run_session(input: &[&str]) -> (Session, Vec<String>) {
        let lines = std::rc::Rc::new(std::cell::RefCell::new(Vec::<String>::new()));
        let sink = std::rc::Rc::clone(&lines);
        let mut session = Session::new(Box::new(move |l| sink.borrow_mut().push(l.to_string())));
        let mut reader = Reader::new();
        let shared = session.shared();
        for line in input {
            if let (Some(cmd), _) = reader.read(&shared, line) {
                session.handle(cmd, Instant::now());
            }
        }
        let written = lines.borrow().clone();
        (session, written)
    }

    /// `INFO param_<name>` sets a search parameter silently; an unknown name, a value that is
    /// not an integer or lies outside the range changes nothing (and prints nothing either).
    #[test]
    fn info_param_sets_a_search_parameter() {
        let (session, lines) = run_session(&[
            "INFO param_rfp_margin 130",
            "info PARAM_LMR_BASE_CENTI 75",
            "INFO param_no_such_thing 5",
            "INFO param_rfp_depth 99",
            "INFO param_lmr_depth 1",
            "INFO param_futility_margin lots",
            "INFO param_history_div",
            "INFO param_ 3",
        ]);
        let expected = crate::params::SearchParams {
            rfp_margin: 130,
            lmr_base_centi: 75,
            ..crate::params::SearchParams::DEFAULT
        };
        assert_eq!(session.engine.settings().params, expected);
        assert!(lines.is_empty(), "{lines:?}");
    }

    #[test]
    fn analysis_lines_reach_the_session_output() {
        let (_, lines) = run_session(&[
            "START 15",
            "INFO max_depth 3",
            "INFO show_detail 1",
            "BEGIN",
            "TURN 8,8",
        ]);
        assert_eq!(lines[0], "OK");
        assert_eq!(lines[1], "7,7");
        assert!(
            lines[2..].iter().any(|l| l.starts_with("MESSAGE depth 3-")),
            "{lines:?}"
        );
        assert!(
            !lines.last().expect("answer").starts_with("MESSAGE"),
            "{lines:?}"
        );
    }
}
