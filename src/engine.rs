//! The engine facade: owns the game, the settings, the transposition table and the search
//! threads' memory, and runs the search.
//!
//! No text here: the protocol layer turns commands into calls of these typed methods and the
//! results into lines. Every method that can fail leaves the state unchanged on error.
//! Every answered move is one [`search::Job`] (the board, the limits from `INFO` with the time
//! budget of [`crate::search::time`], `max_depth`, `max_node`, the table, the [`Control`], the
//! thread count within the machine and the memory limit, the search parameters of
//! `INFO param_<name>`) run by [`search::think`] on the
//! engine's kept [`Threads`]; the answer is played only if legal (one check). [`Engine::nbest`]
//! answers YXNBEST, [`Engine::search_defend`] YXSEARCHDEFEND, [`Engine::balance`]
//! YXBALANCEONE/TWO, and [`Engine::swap2`] decides the Swap2 opening by search. The cells of `YXBLOCK` are left out of the root moves of every search (the
//! job's `exclude`), unless they are all the legal moves there are. [`Remote`] is what the protocol's reader thread may touch while a search
//! runs: the stop flag and the clock settings, a change of which moves the running search's
//! deadline.
//!
//! Pondering ([`Engine::ponder`], only when `INFO pondering 1` asked for it): every answered
//! move keeps the position it leaves, the opponent to move; a ponder search of it has no limit
//! but the depth, reports nothing, plays nothing and does not start a new table generation, so
//! that what it stores counts as the answered search's for the next one. The protocol layer
//! decides when to ponder; [`Remote`]'s `pondering` flag tells its reader thread to stop the
//! ponder at the next line.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::board::{rule, Pos};
use crate::game::{size_ok, Colouring, Field, Game, GameError};
use crate::params::{
    SearchParams, HISTORY_KEPT_BETWEEN_MOVES, SMP_MEMORY_PERCENT, SMP_THREAD_BYTES,
    SWAP2_JUDGE_PERMILLE, SWAP2_SIDE_MARGIN, TIME_LEFT_UNLIMITED, TIME_SOFT_MAX_DIVISOR,
    TT_DEFAULT_MEMORY_LIMIT,
};
use crate::search::time::{budget, TimeInput};
use crate::search::tt::{tt_bytes_for, tt_search_cap, Tt};
use crate::search::{self, multipv, smp, Control, Job, Limits, Observer, Threads};
use crate::types::{Cell, Color, Rule};

pub use crate::search::balance::Balanced;
pub use crate::search::multipv::PvLine;
pub use crate::search::{IterationInfo, RootEvent, SearchResult, MATE, MATE_BOUND};

/// What a search reports while it runs.
#[derive(Clone, Copy, Debug)]
pub enum Report<'a> {
    /// A finished iteration of a search for one move.
    Iteration(&'a IterationInfo<'a>),
    /// A finished round of YXNBEST: its lines, best first (all searched to the same depth).
    Lines(&'a [PvLine]),
    /// A root move of the search for one move (only with `show_detail` levels 1 and 3, the
    /// Yixin-Board markers).
    Root(RootEvent),
    /// YXSEARCHDEFEND's probes are done: the moves that hold, sent at once (whatever
    /// `show_detail` says), before the search that picks among them.
    Defences(&'a [Pos]),
}

/// Receives the reports of a search: the protocol prints them, the analysis lines only when
/// `INFO show_detail` asks for them.
pub type Reporter<'r> = &'r mut dyn FnMut(&Report);

/// Board size used when a move request arrives before any START.
pub const DEFAULT_SIZE: usize = 15;

/// The clock values of `INFO`, in ms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockKey {
    TimeoutTurn,
    TimeoutMatch,
    TimeLeft,
    TimeIncrement,
}

/// The engine's side of the protocol reader: the search's [`Control`] (stop flag, deadline) and
/// the clock settings, which the reader may change while a search runs (Piskvork's "stop
/// thinking" is `INFO timeout_turn 0`). A change then brings the running search's deadline
/// forward when the new budget is shorter. Only atomics: no lock, no thread.
#[derive(Debug)]
pub struct Remote {
    control: Control,
    timeout_turn: AtomicI64,
    timeout_match: AtomicI64,
    time_left: AtomicI64,
    time_increment: AtomicI64,
    searching: AtomicBool,
    /// A ponder search runs (the reader stops it at the next line).
    pondering: AtomicBool,
    /// Stones and cells of the position being searched (the budget depends on them).
    search_ply: AtomicU32,
    search_cells: AtomicU32,
}

impl Default for Remote {
    /// The protocol's defaults before any INFO: 30 s per move, no match clock.
    fn default() -> Self {
        Remote {
            control: Control::new(),
            timeout_turn: AtomicI64::new(30_000),
            timeout_match: AtomicI64::new(0),
            time_left: AtomicI64::new(TIME_LEFT_UNLIMITED),
            time_increment: AtomicI64::new(0),
            searching: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            search_ply: AtomicU32::new(0),
            search_cells: AtomicU32::new(0),
        }
    }
}

impl Remote {
    /// Raises (or lowers) the stop flag of the running or next search.
    pub fn set_stop(&self, stop: bool) {
        self.control.set_stop(stop);
    }

    pub fn is_stopped(&self) -> bool {
        self.control.is_stopped()
    }

    /// Whether a search is running.
    pub fn searching(&self) -> bool {
        self.searching.load(Ordering::SeqCst)
    }

    /// Whether a ponder search runs (or is about to): the protocol's reader then raises the stop
    /// flag at the next line it reads.
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::SeqCst)
    }

    /// A ponder search is about to start: no deadline, the stop flag down, then the `pondering`
    /// flag up (in that order: a line read from now on stops the ponder).
    fn ponder_begin(&self) {
        self.control.set_deadline(None);
        self.control.set_stop(false);
        self.pondering.store(true, Ordering::SeqCst);
    }

    fn ponder_end(&self) {
        self.pondering.store(false, Ordering::SeqCst);
    }

    /// Stores a clock value (clamped: times to 0..=10^12 ms, `time_left` to ±10^12). If a
    /// search runs, its deadline moves to the new budget's hard limit when that is earlier.
    pub fn set_clock(&self, key: ClockKey, value: i64) {
        const MAX_MS: i64 = 1_000_000_000_000;
        let (slot, v) = match key {
            ClockKey::TimeoutTurn => (&self.timeout_turn, value.clamp(0, MAX_MS)),
            ClockKey::TimeoutMatch => (&self.timeout_match, value.clamp(0, MAX_MS)),
            ClockKey::TimeLeft => (&self.time_left, value.clamp(-MAX_MS, MAX_MS)),
            ClockKey::TimeIncrement => (&self.time_increment, value.clamp(0, MAX_MS)),
        };
        slot.store(v, Ordering::SeqCst);
        if self.searching() {
            // A search that ends right now keeps its answer; at worst the next one, started in
            // the same instant, has its deadline computed twice from the same settings.
            let ply = self.search_ply.load(Ordering::SeqCst);
            let cells = self.search_cells.load(Ordering::SeqCst);
            if let Some(b) = budget(&self.clock(ply, cells)) {
                self.control.tighten_deadline(b.hard_ms);
            }
        }
    }

    /// A search of a position with `ply` stones on `cells` cells starts, with the hard time
    /// limit `hard_ms` (ms from the request) as its deadline.
    fn search_started(&self, ply: u32, cells: u32, hard_ms: Option<u64>) {
        self.search_ply.store(ply, Ordering::SeqCst);
        self.search_cells.store(cells, Ordering::SeqCst);
        self.control.set_deadline(hard_ms);
        self.searching.store(true, Ordering::SeqCst);
    }

    /// The clock settings in force, for a position with `ply` stones on `board_cells` cells.
    pub fn clock(&self, ply: u32, board_cells: u32) -> TimeInput {
        TimeInput {
            timeout_turn: self.timeout_turn.load(Ordering::SeqCst),
            timeout_match: self.timeout_match.load(Ordering::SeqCst),
            time_left: self.time_left.load(Ordering::SeqCst),
            time_increment: self.time_increment.load(Ordering::SeqCst),
            ply,
            board_cells,
        }
    }
}

/// Settings from `INFO` that are not clock values (those are in [`Remote`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub rule: Rule,
    /// Bytes; 0 = no limit.
    pub max_memory: u64,
    pub game_type: i64,
    pub folder: Option<String>,
    pub max_depth: Option<u32>,
    pub max_nodes: Option<u64>,
    pub thread_num: u32,
    /// KiB; 0 = default.
    pub hash_size_kib: u64,
    pub pondering: bool,
    pub caution_factor: u8,
    pub show_detail: u8,
    pub use_database: bool,
    /// The search's tunable numbers (`INFO param_<name> <value>`).
    pub params: SearchParams,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            rule: Rule::Freestyle,
            max_memory: 0,
            game_type: 1,
            folder: None,
            max_depth: None,
            max_nodes: None,
            thread_num: 1,
            hash_size_kib: 0,
            pondering: false,
            caution_factor: 1,
            show_detail: 0,
            use_database: false,
            params: SearchParams::DEFAULT,
        }
    }
}

/// The answer to SWAP2BOARD.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Answer {
    /// Three opening stones (black, white, black).
    Opening([Pos; 3]),
    /// One stone for the side to move (White keeps its colour and plays).
    Move(Pos),
    /// Two more stones, a white and a black one: the opponent chooses the colour.
    PutTwo([Pos; 2]),
    /// Take Black: the opponent, as White, plays the next stone.
    Swap,
}

/// How a ponder search ([`Engine::ponder`]) ended.
#[derive(Clone, Debug)]
pub struct Pondered {
    /// What it found (its deepest finished iteration); nothing of it is shown.
    pub result: SearchResult,
    /// Stopped (by the stop flag) rather than finished at the depth limit or a forced answer.
    pub stopped: bool,
    /// How long it ran.
    pub elapsed: std::time::Duration,
}

/// Game state + settings + search.
pub struct Engine {
    game: Option<Game>,
    settings: Settings,
    remote: Arc<Remote>,
    /// The transposition table, allocated at the first search (START stays fast) and resized
    /// when `max_memory` / `hash_size` change.
    tt: Option<Tt>,
    /// The search threads' stacks and tables, kept from move to move.
    threads: Threads,
    /// When the current request was read: the stopwatch of the next search starts here.
    request_read: Instant,
    /// The cells no search may play (YXBLOCK), in the order given, without duplicates.
    blocked: Vec<Pos>,
    /// The position our last answered move left (the opponent to move), for a ponder search;
    /// `None` once the protocol forgot it or a ponder finished it.
    ponder_from: Option<Game>,
    /// Notes for the manager about the request being answered (a colour assumed, a forbidden
    /// cell played), sent as `MESSAGE` lines before the answer ([`Engine::take_notes`]).
    notes: Vec<String>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        Engine {
            game: None,
            settings: Settings::default(),
            remote: Arc::new(Remote::default()),
            tt: None,
            threads: Threads::new(),
            request_read: Instant::now(),
            blocked: Vec::new(),
            ponder_from: None,
            notes: Vec::new(),
        }
    }

    /// The notes gathered since the last call, for `MESSAGE` lines before the answer.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// The handle the protocol's reader thread uses while a search runs.
    pub fn remote(&self) -> Arc<Remote> {
        Arc::clone(&self.remote)
    }

    /// Most search threads `INFO thread_num` can get on this machine.
    pub fn max_threads() -> usize {
        smp::max_threads()
    }

    /// Notes when the request now being handled was read (the managers measure time from
    /// their request, and the process may have been suspended until then).
    pub fn request_read_at(&mut self, t: Instant) {
        self.request_read = t;
    }

    /// Size of the transposition table in bytes (0 until the first search).
    pub fn tt_bytes(&self) -> usize {
        self.tt.as_ref().map_or(0, Tt::size_bytes)
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// The current game, if one was started.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Sets the rule; the current game (if any) switches rule and keeps its stones.
    pub fn set_rule(&mut self, rule: Rule) {
        if rule != self.settings.rule {
            self.clear_hash();
        }
        self.settings.rule = rule;
        if let Some(g) = &mut self.game {
            g.set_rule(rule);
        }
    }

    /// START / RECTSTART: a new empty board of `width × height`.
    pub fn start(&mut self, width: i64, height: i64) -> Result<(), GameError> {
        if !size_ok(width, height) {
            return Err(GameError::BadSize { width, height });
        }
        let (w, h) = self
            .game
            .as_ref()
            .map_or((DEFAULT_SIZE, DEFAULT_SIZE), |g| (g.width(), g.height()));
        if (w, h) != (width as usize, height as usize) {
            // The cells are numbered per board size.
            self.blocked.clear();
        }
        self.game = Some(Game::new(
            width as usize,
            height as usize,
            self.settings.rule,
        ));
        self.clear_hash();
        Ok(())
    }

    /// RESTART: a new game on the same board (the default board if none was started).
    pub fn restart(&mut self) {
        let g = self.game_or_default().cleared();
        self.game = Some(g);
        self.clear_hash();
    }

    /// YXBLOCK (`add`) / YXBLOCKUNDO: adds the cells to the list of cells no search may play
    /// (or takes them off it). Occupied cells are accepted (the list is about cells, and a
    /// TAKEBACK may empty them); cells outside the board (the current one, or the default one
    /// before any START) are left out and returned, the others applied.
    pub fn block(&mut self, cells: &[(i64, i64)], add: bool) -> Vec<(i64, i64)> {
        let (w, h) = self
            .game
            .as_ref()
            .map_or((DEFAULT_SIZE, DEFAULT_SIZE), |g| (g.width(), g.height()));
        let mut outside = Vec::new();
        for &(x, y) in cells {
            if !(0..w as i64).contains(&x) || !(0..h as i64).contains(&y) {
                outside.push((x, y));
                continue;
            }
            let p = Pos::new(x as usize, y as usize);
            if add && !self.blocked.contains(&p) {
                self.blocked.push(p);
            } else if !add {
                self.blocked.retain(|&b| b != p);
            }
        }
        outside
    }

    /// YXBLOCKRESET: no cell is blocked any more.
    pub fn unblock_all(&mut self) {
        self.blocked.clear();
    }

    /// The cells no search may play (YXBLOCK), in the order they were given.
    pub fn blocked(&self) -> &[Pos] {
        &self.blocked
    }

    /// The root moves a search of `game` leaves out: the blocked cells, or none when they are
    /// all the legal moves there are (a move must be played; logged).
    fn exclusions(&self, game: &Game) -> Vec<Pos> {
        if self.blocked.is_empty() {
            return Vec::new();
        }
        if game.legal_moves().iter().all(|p| self.blocked.contains(p)) {
            log::warn!("every legal move is blocked (YXBLOCK): the search may play any of them");
            return Vec::new();
        }
        self.blocked.clone()
    }

    /// YXHASHCLEAR (and START, RESTART, a rule change): forget everything searched.
    pub fn clear_hash(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
    }

    /// Threads of the next search: `thread_num`, at most [`smp::max_threads`], and only as
    /// many helpers as [`SMP_MEMORY_PERCENT`] of the memory limit holds at [`SMP_THREAD_BYTES`]
    /// each.
    pub fn threads(&self) -> usize {
        let helpers_memory = self.memory_limit() / 100 * SMP_MEMORY_PERCENT;
        let helpers = (helpers_memory / SMP_THREAD_BYTES).max(0) as usize;
        (self.settings.thread_num as usize)
            .clamp(1, smp::max_threads())
            .min(helpers + 1)
    }

    /// The memory limit in bytes (`max_memory`, or the Gomocup limit when it is 0).
    fn memory_limit(&self) -> i64 {
        match self.settings.max_memory.min(i64::MAX as u64) as i64 {
            0 => TT_DEFAULT_MEMORY_LIMIT,
            m => m,
        }
    }

    /// The time one move may take under the clock settings, to size the table by: the turn
    /// limit, or a twentieth of the match clock when that is less. `None` when no clock bounds a
    /// move, and under `timeout_turn 0` (Piskvork's "stop thinking" says nothing about the game's
    /// other moves).
    fn move_ms(&self) -> Option<u64> {
        let c = self.remote.clock(0, 0);
        if c.timeout_turn <= 0 {
            return None;
        }
        let by_match = if c.timeout_match > 0 && c.timeout_match < TIME_LEFT_UNLIMITED {
            c.timeout_match / TIME_SOFT_MAX_DIVISOR
        } else {
            i64::MAX
        };
        u64::try_from(c.timeout_turn.min(by_match)).ok()
    }

    /// The transposition table sized for the current memory settings (allocated or resized
    /// here, never during a search). Helper threads' memory comes off the limit first.
    fn table(&mut self) -> &mut Tt {
        let helpers = self.threads() as i64 - 1;
        let max_memory = if helpers > 0 {
            self.memory_limit() - helpers * SMP_THREAD_BYTES
        } else {
            self.settings.max_memory.min(i64::MAX as u64) as i64
        };
        let hash_size_kib = self.settings.hash_size_kib.min(i64::MAX as u64) as i64;
        let mut bytes = tt_bytes_for(max_memory, hash_size_kib);
        if hash_size_kib <= 0 {
            let cap = tt_search_cap(self.move_ms(), self.threads(), self.settings.max_nodes);
            // Tt::new and Tt::resize round it down to whole buckets.
            bytes = bytes.min(cap);
        }
        match self.tt {
            Some(ref mut tt) => tt.resize(bytes),
            None => self.tt = Some(Tt::new(bytes)),
        }
        self.tt.as_mut().expect("just allocated")
    }

    fn game_or_default(&mut self) -> &mut Game {
        let rule = self.settings.rule;
        self.game
            .get_or_insert_with(|| Game::new(DEFAULT_SIZE, DEFAULT_SIZE, rule))
    }

    /// BEGIN: our move in the current position (normally the empty board).
    pub fn begin(&mut self, report: Reporter) -> Result<Pos, GameError> {
        self.game_or_default();
        self.think_and_play(report)
    }

    /// TURN: the opponent played `(x, y)`; answer with our move. If the opponent's stone is
    /// refused, nothing changes. If it fills the board, it stays and the answer is an error.
    pub fn turn(&mut self, x: i64, y: i64, report: Reporter) -> Result<Pos, GameError> {
        self.game_or_default().play_xy(x, y, false)?;
        self.think_and_play(report)
    }

    /// PLAY: play `(x, y)` for us (after SUGGEST); refused when illegal for us.
    pub fn play(&mut self, x: i64, y: i64) -> Result<Pos, GameError> {
        let p = self.game_or_default().play_xy(x, y, true)?;
        self.ponder_from = self.game.clone();
        Ok(p)
    }

    /// TAKEBACK: remove the last move if it stands on `(x, y)`.
    pub fn takeback(&mut self, x: i64, y: i64) -> Result<(), GameError> {
        self.game_or_default().takeback(x, y)
    }

    /// BOARD / YXBOARD data: replaces the position, with the engine to move. `entries` are
    /// `(x, y, field)` as sent; lines that are off the board or have an unknown field are
    /// skipped and reported in the returned notes, as is a colour assumed because the stone
    /// counts fit no side to move ([`Game::from_entries`]).
    pub fn set_position(&mut self, entries: &[(i64, i64, i64)]) -> Vec<String> {
        let (w, h, rule) = {
            let g = self.game_or_default();
            (g.width(), g.height(), g.rule())
        };
        let g = self.game_or_default();
        let mut notes = Vec::new();
        let mut cells = Vec::with_capacity(entries.len());
        for &(x, y, f) in entries {
            let field = match f {
                1 => Field::Mine,
                2 => Field::Theirs,
                3 => Field::Blocked,
                _ => {
                    notes.push(format!(
                        "ignored board line {x},{y},{f}: field must be 1, 2 or 3"
                    ));
                    continue;
                }
            };
            match g.pos(x, y) {
                Ok(p) => cells.push((p, field)),
                Err(e) => notes.push(format!("ignored board line {x},{y},{f}: {e}")),
            }
        }
        let (game, me, colouring) = Game::from_entries(w, h, rule, &cells);
        if let Colouring::Assumed { mine, theirs } = colouring {
            notes.push(format!(
                "stone counts {mine} (mine) and {theirs} (opponent) fit no side to move: \
                 playing as {} ({})",
                colour_name(me),
                if mine > theirs {
                    "more stones than the opponent"
                } else {
                    "no more stones than the opponent"
                }
            ));
        }
        self.game = Some(game);
        notes
    }

    /// Where the side to move has no legal cell but an empty one is left (in renju every empty
    /// cell may be forbidden for Black), plays the first empty cell, row by row, with a note:
    /// a move request always gets a move, and the manager judges it. Returns that cell.
    fn forced_move(&mut self) -> Option<Pos> {
        let game = self.game_or_default();
        if game.is_full() || !game.legal_moves().is_empty() {
            return None;
        }
        let me = game.side_to_move();
        let grid = game.board().grid();
        let p = grid
            .positions()
            .find(|&p| game.board().cell(p) == Cell::Empty)?;
        game.play_xy(p.x() as i64, p.y() as i64, false).ok()?;
        self.notes.push(format!(
            "every empty cell is forbidden for {}: playing {},{} for the manager to judge",
            colour_name(me),
            p.x(),
            p.y()
        ));
        self.ponder_from = self.game.clone();
        Some(p)
    }

    /// SWAP2BOARD with `stones` in move order (black first), each decision from a search within
    /// the request's budget (the game itself is not changed: a BOARD follows the opening stage):
    /// * 0: a black stone in the centre (or the nearest cell not blocked), then the white and
    ///   black stones after which White's
    ///   score is closest to even ([`search::balance`]).
    /// * 3: White's score decides: above [`SWAP2_SIDE_MARGIN`] White plays its move, below its
    ///   negative Black is taken (SWAP); in between, two more stones that keep it even (the
    ///   judging search gets [`SWAP2_JUDGE_PERMILLE`] of the budget, the balance the rest).
    /// * 5: White plays its move if its score is at least even, else SWAP.
    pub fn swap2(
        &mut self,
        stones: &[(i64, i64)],
        report: Reporter,
    ) -> Result<Swap2Answer, GameError> {
        let base = self.game_or_default().cleared();
        let mut g = base.clone();
        for &(x, y) in stones {
            g.play_xy(x, y, false)?;
        }
        let exclude = self.exclusions(&g);
        match stones.len() {
            0 => {
                // The centre, or the nearest cell that is not blocked.
                let (cx, cy) = ((g.width() / 2) as i64, (g.height() / 2) as i64);
                let mut near: Vec<Pos> = g.legal_moves();
                near.sort_by_key(|p| (p.x() as i64 - cx).abs().max((p.y() as i64 - cy).abs()));
                let centre = near
                    .iter()
                    .copied()
                    .find(|p| !exclude.contains(p))
                    .or(near.first().copied())
                    .ok_or(GameError::NoLegalMove)?;
                let mut after = g.clone();
                after.play(centre)?;
                let whole = Share::WHOLE;
                let found = self.run_share(&after, &exclude, whole, |job, threads| {
                    search::balance::balance(job, threads, 2, 0)
                });
                let two = self.checked_pair(&after, found.map(|b| b.moves))?;
                Ok(Swap2Answer::Opening([centre, two[0], two[1]]))
            }
            3 => {
                let judge = Share {
                    soft_permille: SWAP2_JUDGE_PERMILLE,
                    nodes_permille: SWAP2_JUDGE_PERMILLE,
                };
                let (r, score) = self.judge(&g, &exclude, judge, report);
                log::debug!("swap2 with 3 stones: White's score {score}");
                if score > SWAP2_SIDE_MARGIN {
                    return self.swap2_move(g, r.best);
                }
                if score < -SWAP2_SIDE_MARGIN {
                    return Ok(Swap2Answer::Swap);
                }
                let rest = Share {
                    soft_permille: 1000,
                    nodes_permille: 1000 - SWAP2_JUDGE_PERMILLE,
                };
                let found = self.run_share(&g, &exclude, rest, |job, threads| {
                    search::balance::balance(job, threads, 2, 0)
                });
                Ok(Swap2Answer::PutTwo(
                    self.checked_pair(&g, found.map(|b| b.moves))?,
                ))
            }
            5 => {
                let (r, score) = self.judge(&g, &exclude, Share::WHOLE, report);
                log::debug!("swap2 with 5 stones: White's score {score}");
                if score < 0 {
                    return Ok(Swap2Answer::Swap);
                }
                self.swap2_move(g, r.best)
            }
            n => Err(GameError::Swap2Stones(n)),
        }
    }

    /// A search of `game` for a Swap2 decision: its result and the score it judges the position
    /// by for the side to move, the mean of its last two iterations' (scores swing between odd
    /// and even depths) unless either is a proven result.
    fn judge(
        &mut self,
        game: &Game,
        exclude: &[Pos],
        share: Share,
        report: Reporter,
    ) -> (SearchResult, i32) {
        let mut last = [None::<i32>; 2];
        let r = self.search_share(game, exclude, share, &mut |rep: &Report| {
            if let Report::Iteration(info) = rep {
                last = [last[1], Some(info.score)];
            }
            report(rep);
        });
        let score = match last {
            [Some(a), Some(b)] if !search::is_mate(a) && !search::is_mate(b) && b == r.score => {
                (a + b) / 2
            }
            _ => r.score,
        };
        (r, score)
    }

    /// Swap2: White keeps its colour and plays `best` (or, never expected, a legal cell) in
    /// `game`, whose position is kept for a ponder search.
    fn swap2_move(&mut self, mut game: Game, best: Pos) -> Result<Swap2Answer, GameError> {
        let p = legal_or_fallback(&game, best)?;
        game.play(p)?;
        self.ponder_from = Some(game);
        Ok(Swap2Answer::Move(p))
    }

    /// Two stones of a balance search, checked on a copy of `game` (the side to move's, then
    /// the opponent's); a missing or illegal one (never expected) is replaced by a legal cell.
    fn checked_pair(&self, game: &Game, moves: Option<Vec<Pos>>) -> Result<[Pos; 2], GameError> {
        let moves = moves.unwrap_or_default();
        let mut g = game.clone();
        let mut out = [Pos::NONE; 2];
        for (i, slot) in out.iter_mut().enumerate() {
            let p = legal_or_fallback(&g, moves.get(i).copied().unwrap_or(Pos::NONE))?;
            g.play(p)?;
            *slot = p;
        }
        Ok(out)
    }

    /// YXBALANCEONE (`stones` 1) / YXBALANCETWO (2): the stone, or the stone and the
    /// opponent's reply, after which the score for the side to move is closest to `bias`
    /// ([`search::balance`]), under the request's limits; the stones are played, as a move
    /// request's answer is. Returns them with that score and the depth that weighed it.
    pub fn balance(
        &mut self,
        stones: usize,
        bias: i64,
        report: Reporter,
    ) -> Result<Balanced, GameError> {
        let game = self.game_or_default();
        let legal = game.legal_moves().len();
        if legal < stones.max(1) {
            return Err(GameError::NoLegalMove);
        }
        let game = self.game.take().expect("game_or_default was called");
        let exclude = self.exclusions(&game);
        let bias = bias.clamp(-i64::from(MATE_BOUND), i64::from(MATE_BOUND)) as i32;
        let found = self.run_share(&game, &exclude, Share::WHOLE, |job, threads| {
            search::balance::balance_observed(job, threads, stones, bias, &mut |info| {
                report(&Report::Iteration(info))
            })
        });
        self.game = Some(game);
        let mut answer = found.unwrap_or(Balanced {
            moves: Vec::new(),
            score: 0,
            depth: 0,
            nodes: 0,
        });
        log::debug!(
            "balance {stones} (bias {bias}): {:?} score {} depth {} nodes {}",
            answer.moves,
            answer.score,
            answer.depth,
            answer.nodes
        );
        // Played on a copy first: if the second stone finds no legal cell, nothing is played.
        let mut g = self.game_or_default().clone();
        let mut played = Vec::with_capacity(stones);
        for i in 0..stones {
            let p = legal_or_fallback(&g, answer.moves.get(i).copied().unwrap_or(Pos::NONE))?;
            g.play(p)?;
            played.push(p);
        }
        self.ponder_from = Some(g.clone());
        self.game = Some(g);
        answer.moves = played;
        Ok(answer)
    }

    /// The forbidden points of Black in the current position (renju only; else none).
    pub fn forbidden_points(&self) -> Vec<Pos> {
        match &self.game {
            Some(g) if g.rule() == Rule::Renju => rule::forbidden_points(g.board().grid()),
            _ => Vec::new(),
        }
    }

    /// Searches for the side to move and plays the answer (checked once, by the game).
    fn think_and_play(&mut self, report: Reporter) -> Result<Pos, GameError> {
        if let Some(p) = self.forced_move() {
            return Ok(p);
        }
        let game = self.game.take().expect("game_or_default was called");
        let best = self.search(&game, report).best;
        self.game = Some(game);
        self.play_answer(best)
    }

    /// Plays the search's answer `best` for the side to move: the game checks its legality; a
    /// move it refuses (never expected) is logged and replaced by the first legal cell.
    /// The position it leaves is kept for a ponder search.
    fn play_answer(&mut self, best: Pos) -> Result<Pos, GameError> {
        let game = self.game_or_default();
        let p = if game.play(best).is_ok() {
            best
        } else {
            let p = fallback(game, best).ok_or(GameError::NoLegalMove)?;
            game.play(p)?;
            p
        };
        self.ponder_from = self.game.clone();
        Ok(p)
    }

    /// The transposition table's fill for YXSHOWHASHUSAGE: permille of a sample of its buckets
    /// holding entries of the last search, and its size in bytes (0 and 0 before the first
    /// search allocates it).
    pub fn hash_usage(&self) -> (u32, usize) {
        self.tt
            .as_ref()
            .map_or((0, 0), |tt| (tt.hashfull(), tt.size_bytes()))
    }

    /// The stones of the current position in the order they were set, for Yixin-Board's Swap2
    /// steps (the board sends the opening with YXBOARD first).
    pub fn stones(&self) -> Vec<(i64, i64)> {
        self.game.as_ref().map_or_else(Vec::new, |g| {
            g.history()
                .iter()
                .map(|&(p, _)| (p.x() as i64, p.y() as i64))
                .collect()
        })
    }

    /// Forgets the position of the last answer: no ponder search until the next answer.
    pub fn forget_ponder(&mut self) {
        self.ponder_from = None;
    }

    /// Whether a ponder search has a position to think about (the last answer left one, the
    /// game is not over there, and no ponder has finished it).
    pub fn can_ponder(&self) -> bool {
        self.ponder_from.as_ref().is_some_and(|g| !game_over(g))
    }

    /// Thinks on the opponent's time: searches the position our last answer left, for the
    /// opponent, with no limit but the depth (`INFO max_depth`, at most the search's own), to
    /// fill the transposition table for the next search. Nothing is reported or played, the
    /// request's stopwatch is not touched, and the table starts no new generation (the next
    /// search does), so what the ponder stores ages with what the answered search stored.
    ///
    /// The remote's `pondering` flag is up while it runs; `idle` is asked once it is up (after
    /// the table is sized) whether to start at all (the protocol checks that no line arrived
    /// meanwhile). Returns `None` when nothing was searched. A ponder that finishes (depth
    /// limit, forced answer, game over) forgets its position; a stopped one keeps it.
    pub fn ponder(&mut self, idle: impl FnOnce() -> bool) -> Option<Pondered> {
        let game = self.ponder_from.take()?;
        if game_over(&game) {
            return None;
        }
        let mut limits = Limits::infinite();
        if let Some(d) = self.settings.max_depth {
            limits.max_depth = limits.max_depth.min(d);
        }
        let threads = self.threads();
        self.table();
        self.remote.ponder_begin();
        if !idle() {
            self.remote.ponder_end();
            self.ponder_from = Some(game);
            return None;
        }
        let job = Job {
            board: game.board(),
            me: game.side_to_move(),
            limits,
            tt: self.tt.as_ref().expect("allocated by table()"),
            control: &self.remote.control,
            exclude: &[],
            threads,
            keep_history: HISTORY_KEPT_BETWEEN_MOVES,
            params: self.settings.params,
        };
        let started = Instant::now();
        let result = search::think(&job, &mut self.threads, &mut |_| {});
        self.remote.ponder_end();
        let stopped = self.remote.is_stopped();
        if stopped {
            self.ponder_from = Some(game);
        }
        Some(Pondered {
            result,
            stopped,
            elapsed: started.elapsed(),
        })
    }

    /// YXNBEST: the `n` best moves for the side to move (at least 1, at most the number of
    /// legal moves), searched under the usual limits; the first is played, as the answer to a
    /// move request is. Returns the move and the lines, best first.
    pub fn nbest(&mut self, n: i64, report: Reporter) -> Result<(Pos, Vec<PvLine>), GameError> {
        if let Some(p) = self.forced_move() {
            return Ok((p, Vec::new()));
        }
        let legal = self.game_or_default().legal_moves();
        let game = self.game.take().expect("game_or_default was called");
        let exclude = self.exclusions(&game);
        let open = legal.iter().filter(|p| !exclude.contains(p)).count();
        if open == 0 {
            self.game = Some(game);
            return Err(GameError::NoLegalMove);
        }
        let n = usize::try_from(n).unwrap_or(0).clamp(1, open);
        let answer = self.run(&game, &exclude, |job, threads| {
            multipv::think_nbest(job, n, threads, &mut |lines| report(&Report::Lines(lines)))
        });
        self.game = Some(game);
        log::debug!(
            "nbest {n}: {} lines, {} nodes in {} ms",
            answer.lines.len(),
            answer.nodes,
            self.request_read.elapsed().as_millis()
        );
        let best = answer.lines.first().map_or(Pos::NONE, |l| l.result.best);
        Ok((self.play_answer(best)?, answer.lines))
    }

    /// YXSEARCHDEFEND: every root move that holds against the opponent's threats
    /// ([`search::defences`]: no VCT for the opponent after it within the probe's budget),
    /// reported as soon as the probes are done ([`Report::Defences`]), and the answer: the
    /// search's best among the moves that hold (among all when none holds), played as the
    /// answer to a move request is. Blocked cells are left out as everywhere. With
    /// `show_detail` levels 1 and 3 each probe is reported ([`Report::Root`]).
    pub fn search_defend(&mut self, report: Reporter) -> Result<Pos, GameError> {
        if let Some(p) = self.forced_move() {
            report(&Report::Defences(&[]));
            return Ok(p);
        }
        if self.game_or_default().legal_moves().is_empty() {
            return Err(GameError::NoLegalMove);
        }
        let game = self.game.take().expect("game_or_default was called");
        let exclude = self.exclusions(&game);
        let realtime = self.settings.show_detail & 1 != 0;
        let probed = self.run(&game, &exclude, |job, threads| {
            search::defences(job, threads, &mut |event| {
                if realtime {
                    report(&Report::Root(event));
                }
            })
        });
        let holding: Vec<Pos> = probed.iter().filter(|d| d.1).map(|d| d.0).collect();
        let mut left_out = exclude;
        if !holding.is_empty() {
            left_out.extend(probed.iter().filter(|d| !d.1).map(|d| d.0));
        }
        log::debug!(
            "search defend: {} of {} moves hold",
            holding.len(),
            probed.len()
        );
        report(&Report::Defences(&holding));
        let best = self.search_excluding(&game, &left_out, report).best;
        self.game = Some(game);
        self.play_answer(best)
    }

    /// The limits of a search of a position with `ply` stones on `cells` cells from `INFO`
    /// (soft target, `max_depth`, `max_node`) and the hard time limit, in ms from the request.
    fn limits(&self, ply: u32, cells: u32) -> (Limits, Option<u64>) {
        let mut limits = Limits::infinite();
        limits.start = self.request_read;
        if let Some(d) = self.settings.max_depth {
            limits.max_depth = limits.max_depth.min(d);
        }
        if let Some(n) = self.settings.max_nodes {
            limits.max_nodes = n;
        }
        let budget = budget(&self.remote.clock(ply, cells));
        limits.soft_ms = budget.map(|b| b.soft_ms);
        (limits, budget.map(|b| b.hard_ms))
    }

    /// Runs `f` on the job of searching `game` for the side to move (its board, limits, the
    /// table, the control, the thread count, the root moves to leave out) with the kept thread
    /// data, while the remote knows a search runs.
    fn run<R>(
        &mut self,
        game: &Game,
        exclude: &[Pos],
        f: impl FnOnce(&Job, &mut Threads) -> R,
    ) -> R {
        self.run_share(game, exclude, Share::WHOLE, f)
    }

    /// [`Engine::run`] with the `share` of the request's budget (one of several searches that
    /// answer one request); the hard limit is the request's.
    fn run_share<R>(
        &mut self,
        game: &Game,
        exclude: &[Pos],
        share: Share,
        f: impl FnOnce(&Job, &mut Threads) -> R,
    ) -> R {
        let ply = game.board().history().len() as u32;
        let cells = (game.width() * game.height()) as u32;
        let (mut limits, hard_ms) = self.limits(ply, cells);
        limits.soft_ms = limits
            .soft_ms
            .map(|ms| ms.saturating_mul(share.soft_permille) / 1000);
        if limits.max_nodes != u64::MAX {
            limits.max_nodes =
                (limits.max_nodes.saturating_mul(share.nodes_permille) / 1000).max(1);
        }
        let threads = self.threads();
        // Before the table is sized, so that a clock change that arrives while the table is
        // (re)allocated still applies to this search.
        self.remote.search_started(ply, cells, hard_ms);
        self.table().new_search();
        let job = Job {
            board: game.board(),
            me: game.side_to_move(),
            limits,
            tt: self.tt.as_ref().expect("allocated by table()"),
            control: &self.remote.control,
            exclude,
            threads,
            keep_history: HISTORY_KEPT_BETWEEN_MOVES,
            params: self.settings.params,
        };
        let result = f(&job, &mut self.threads);
        self.remote.searching.store(false, Ordering::SeqCst);
        result
    }

    /// One search of `game` for the side to move.
    fn search(&mut self, game: &Game, report: Reporter) -> SearchResult {
        let exclude = self.exclusions(game);
        self.search_excluding(game, &exclude, report)
    }

    /// One search of `game` for the side to move that leaves the root moves `exclude` out.
    fn search_excluding(&mut self, game: &Game, exclude: &[Pos], report: Reporter) -> SearchResult {
        self.search_share(game, exclude, Share::WHOLE, report)
    }

    /// [`Engine::search_excluding`] with the `share` of the request's budget.
    fn search_share(
        &mut self,
        game: &Game,
        exclude: &[Pos],
        share: Share,
        report: Reporter,
    ) -> SearchResult {
        let realtime = self.settings.show_detail & 1 != 0;
        let report = std::cell::RefCell::new(report);
        let mut on_iter = |info: &IterationInfo| (report.borrow_mut())(&Report::Iteration(info));
        let mut on_root = |event: RootEvent| (report.borrow_mut())(&Report::Root(event));
        let mut observer = Observer {
            on_iter: &mut on_iter,
            on_root: realtime.then_some(&mut on_root as &mut dyn FnMut(RootEvent)),
        };
        let result = self.run_share(game, exclude, share, |job, threads| {
            search::think_observed(job, threads, &mut observer)
        });
        log::debug!(
            "search: best {} score {} depth {} nodes {} in {} ms, {} thread(s)",
            result.best,
            result.score,
            result.depth,
            result.nodes,
            self.request_read.elapsed().as_millis(),
            self.threads()
        );
        result
    }
}

/// Part of a request's budget, for one of several searches that answer it.
#[derive(Clone, Copy, Debug)]
struct Share {
    /// The soft target of this search, in permille of the request's (counted from the request,
    /// so a later search's share includes the time of the ones before it).
    soft_permille: u64,
    /// This search's node limit, in permille of the request's.
    nodes_permille: u64,
}

impl Share {
    const WHOLE: Share = Share {
        soft_permille: 1000,
        nodes_permille: 1000,
    };
}

/// `best` if it is legal in `game`, else (never expected; logged) the first legal cell.
fn legal_or_fallback(game: &Game, best: Pos) -> Result<Pos, GameError> {
    if !best.is_none()
        && rule::is_legal(game.board().grid(), best, game.side_to_move(), game.rule())
    {
        return Ok(best);
    }
    fallback(game, best).ok_or(GameError::NoLegalMove)
}

/// The colour's name in notes to the manager.
fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Whether the game is over: the last stone made a five, or no empty cell is left.
fn game_over(game: &Game) -> bool {
    let grid = game.board().grid();
    game.is_full()
        || game
            .history()
            .last()
            .is_some_and(|&(p, c)| rule::is_five(grid, p, c, game.rule()))
}

/// The first legal cell of `game`, for a search answer `best` that is not legal (logged).
fn fallback(game: &Game, best: Pos) -> Option<Pos> {
    if !best.is_none() {
        log::warn!("search returned the illegal move {best}; using a fallback");
    }
    game.legal_moves().first().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> Engine {
        Engine::new()
    }

    /// Sets `text` (X Black, O White; Black to move when the counts are equal) as a BOARD on
    /// the current (or default) board would.
    fn set_ascii(e: &mut Engine, text: &str) {
        use crate::types::Cell;
        let grid = crate::board::Grid::from_ascii(text).expect("board");
        let [b, w] = grid.stone_counts();
        let mine = if b == w { Cell::Black } else { Cell::White };
        let entries: Vec<(i64, i64, i64)> = grid
            .positions()
            .filter(|&p| grid.get(p) != Cell::Empty)
            .map(|p| {
                let f = if grid.get(p) == mine { 1 } else { 2 };
                (p.x() as i64, p.y() as i64, f)
            })
            .collect();
        e.set_position(&entries);
    }

    /// Black's four on row 7 makes five at 7,7: blocked, neither a move request nor YXNBEST
    /// plays it; unblocked, the five comes back.
    const FIVE_AT_7_7: &str = "
        O . . . . . . . . . . . . . O
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O X X X X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . .";

    #[test]
    fn blocked_cells_are_never_chosen() {
        let five = Pos::new(7, 7);
        let mut e = engine();
        e.settings_mut().max_nodes = Some(20_000);
        set_ascii(&mut e, FIVE_AT_7_7);
        assert_eq!(e.begin(&mut |_| {}), Ok(five));
        set_ascii(&mut e, FIVE_AT_7_7);
        assert!(e.block(&[(7, 7), (40, 2)], true) == [(40, 2)]);
        set_ascii(&mut e, FIVE_AT_7_7);
        assert_eq!(e.blocked(), [five]);
        let played = e.begin(&mut |_| {}).expect("move");
        assert_ne!(played, five);
        set_ascii(&mut e, FIVE_AT_7_7);
        let (played, lines) = e.nbest(4, &mut |_| {}).expect("nbest");
        assert_ne!(played, five);
        assert_eq!(lines.len(), 4);
        assert!(lines.iter().all(|l| l.result.best != five), "{lines:?}");
        e.block(&[(7, 7)], false);
        assert!(e.blocked().is_empty());
        set_ascii(&mut e, FIVE_AT_7_7);
        assert_eq!(e.begin(&mut |_| {}), Ok(five));
        // START on the same size keeps the list (Yixin-Board sends START before every
        // position); another size clears it.
        e.block(&[(7, 7)], true);
        e.start(15, 15).expect("start");
        assert_eq!(e.blocked(), [five]);
        e.restart();
        assert_eq!(e.blocked(), [five]);
        e.start(20, 20).expect("start");
        assert!(e.blocked().is_empty());
    }

    /// Swap2 at 3 and 5 stones (exact five, 50 000 nodes, each decision by a new engine, so
    /// none inherits another's table): White's clear edge keeps White and plays, Black's clear
    /// edge takes Black, and a position judged even gets two more stones.
    #[test]
    fn swap2_decisions_follow_the_judged_score() {
        let judge = || {
            let mut e = engine();
            e.set_rule(Rule::Standard);
            e.settings_mut().max_nodes = Some(50_000);
            e
        };
        let decide = |stones: &[(i64, i64)]| judge().swap2(stones, &mut |_| {}).expect("answer");
        // Black's two central stones against a white stone in the corner.
        assert_eq!(decide(&[(7, 7), (0, 0), (8, 8)]), Swap2Answer::Swap);
        // White's central stone against two black stones in the corners.
        assert!(matches!(
            decide(&[(0, 0), (7, 7), (14, 14)]),
            Swap2Answer::Move(_)
        ));
        // Black's open three on the diagonal.
        let black_three = [(7, 7), (0, 0), (8, 8), (14, 0), (9, 9)];
        assert_eq!(decide(&black_three), Swap2Answer::Swap);
        // White's two central stones, Black's three in the corners.
        let white_two = [(0, 0), (7, 7), (14, 14), (8, 8), (0, 14)];
        assert!(matches!(decide(&white_two), Swap2Answer::Move(_)));
        // Black's second stone four cells beyond White's, a row below: judged close to even
        // (White's score −29 with `p1b`; on the row itself the search judges White ahead).
        let even = [(7, 7), (8, 7), (12, 8)];
        let mut e = judge();
        let Swap2Answer::PutTwo(two) = e.swap2(&even, &mut |_| {}).expect("answer") else {
            panic!("expected two stones for {even:?}");
        };
        let taken: Vec<Pos> = even
            .iter()
            .map(|&(x, y)| Pos::new(x as usize, y as usize))
            .collect();
        assert_ne!(two[0], two[1]);
        assert!(two.iter().all(|p| !taken.contains(p)), "{two:?}");
        // The game is not changed by the opening stage.
        assert!(e.game().is_none_or(|g| g.history().is_empty()));
    }

    /// The three-stone proposal starts in the centre and avoids blocked cells.
    #[test]
    fn swap2_opening_is_centred_and_honours_blocks() {
        let mut e = engine();
        e.set_rule(Rule::Standard);
        e.settings_mut().max_nodes = Some(30_000);
        e.start(15, 15).expect("start");
        e.block(&[(6, 7), (8, 7), (7, 6), (7, 8)], true);
        let Ok(Swap2Answer::Opening(s)) = e.swap2(&[], &mut |_| {}) else {
            panic!("expected an opening");
        };
        assert_eq!(s[0], Pos::new(7, 7));
        assert!(s[1] != s[2] && s[1] != s[0] && s[2] != s[0]);
        assert!(s.iter().all(|p| !e.blocked().contains(p)), "{s:?}");
        // A blocked centre: the first stone goes next to it.
        e.block(&[(7, 7)], true);
        let Ok(Swap2Answer::Opening(s)) = e.swap2(&[], &mut |_| {}) else {
            panic!("expected an opening");
        };
        let centre = Pos::new(7, 7);
        assert!(s[0] != centre && s[0].x().abs_diff(7) <= 1 && s[0].y().abs_diff(7) <= 1);
        assert!(s.iter().all(|p| !e.blocked().contains(p)), "{s:?}");
    }

    /// YXBALANCEONE / YXBALANCETWO play their stones (the side to move's first) and never a
    /// blocked cell.
    #[test]
    fn balance_plays_its_stones() {
        let mut e = engine();
        e.settings_mut().max_nodes = Some(30_000);
        e.start(15, 15).expect("start");
        e.play(7, 7).expect("move");
        e.block(&[(6, 6), (8, 8)], true);
        let one = e.balance(1, 0, &mut |_| {}).expect("one");
        assert_eq!(one.moves.len(), 1);
        let two = e.balance(2, 0, &mut |_| {}).expect("two");
        assert_eq!(two.moves.len(), 2);
        let g = e.game().expect("game");
        let played: Vec<Pos> = g.history()[1..].iter().map(|h| h.0).collect();
        assert_eq!(played, [one.moves[0], two.moves[0], two.moves[1]]);
        assert_eq!(g.history()[3].1, g.history()[1].1);
        assert!(played.iter().all(|p| !e.blocked().contains(p)));
    }

    /// A ponder searches the position our answer left, for the opponent: it plays nothing,
    /// starts no table generation, leaves what it found in the table, and forgets a position
    /// it finished. It needs an answer, and the game not to be over.
    #[test]
    fn ponder_fills_the_table_and_plays_nothing() {
        let mut e = engine();
        e.settings_mut().max_nodes = Some(2_000);
        e.start(15, 15).expect("start");
        assert!(!e.can_ponder());
        e.turn(7, 7, &mut |_| {}).expect("move");
        assert!(e.can_ponder());
        let game = e.game().expect("game").clone();
        let tt_before = format!("{:?}", e.tt);
        // Not idle: nothing searched, the position kept.
        assert!(e.ponder(|| false).is_none());
        assert!(e.can_ponder() && !e.remote.pondering());
        e.settings_mut().max_depth = Some(7);
        let remote = e.remote();
        let p = e.ponder(|| remote.pondering()).expect("pondered");
        assert!(!p.stopped, "{p:?}");
        assert!(p.result.nodes > 2_000, "no node limit: {p:?}");
        assert!(!e.remote.pondering());
        let g = e.game().expect("game");
        assert_eq!(g.history(), game.history());
        assert_eq!(format!("{:?}", e.tt), tt_before, "same size and generation");
        // Finished: forgotten until the next answer.
        assert!(!e.can_ponder());
        assert!(e.ponder(|| true).is_none());
        // The same ponder again finds what the first one stored.
        e.ponder_from = Some(game);
        let again = e.ponder(|| true).expect("pondered");
        assert!(again.result.nodes < p.result.nodes, "{p:?} {again:?}");
        e.turn(0, 0, &mut |_| {}).expect("move");
        assert!(e.can_ponder());
        e.forget_ponder();
        assert!(!e.can_ponder());
        // Our five ends the game: nothing to ponder.
        set_ascii(&mut e, FIVE_AT_7_7);
        assert_eq!(e.begin(&mut |_| {}), Ok(Pos::new(7, 7)));
        assert!(!e.can_ponder());
    }

    #[test]
    fn thread_count_is_clamped_by_machine_and_memory() {
        let mut e = engine();
        assert_eq!(e.threads(), 1);
        e.settings_mut().thread_num = 1_000;
        assert_eq!(e.threads(), smp::max_threads());
        // 8 MiB: a quarter of it does not hold one helper.
        e.settings_mut().max_memory = 8 << 20;
        assert_eq!(e.threads(), 1);
        // 64 MiB: at most 4 helpers.
        e.settings_mut().max_memory = 64 << 20;
        assert_eq!(e.threads(), smp::max_threads().min(5));
    }

    #[test]
    fn helpers_memory_comes_off_the_table() {
        let mut e = engine();
        e.settings_mut().max_memory = 100 << 20;
        e.start(15, 15).expect("start");
        e.settings_mut().max_depth = Some(1);
        let one = {
            e.begin(&mut |_| {}).expect("move");
            e.tt_bytes()
        };
        e.settings_mut().thread_num = 2;
        e.turn(0, 0, &mut |_| {}).expect("move");
        let helpers = e.threads() as i64 - 1;
        let two = e.tt_bytes() as i64;
        let expected = tt_bytes_for((100 << 20) - helpers * SMP_THREAD_BYTES, 0) as i64;
        assert_eq!(two, expected);
        assert!(helpers == 0 || two < one as i64);
    }

    #[test]
    fn the_table_is_held_to_what_the_moves_can_use() {
        let mut e = engine();
        e.settings_mut().max_depth = Some(1);
        let room = tt_bytes_for(0, 0);
        fn size_after_a_move(e: &mut Engine) -> usize {
            e.start(15, 15).expect("start");
            e.begin(&mut |_| {}).expect("move");
            e.tt_bytes()
        }
        // The protocol's default, 30 s per move: the whole room.
        assert_eq!(size_after_a_move(&mut e), room);
        // 1 s per move: 64 KiB per ms.
        e.remote().set_clock(ClockKey::TimeoutTurn, 1_000);
        assert_eq!(size_after_a_move(&mut e), 1_000 * (64 << 10));
        // 30 s per move and a 60 s match clock: a twentieth of the match per move.
        e.remote().set_clock(ClockKey::TimeoutTurn, 30_000);
        e.remote().set_clock(ClockKey::TimeoutMatch, 60_000);
        assert_eq!(size_after_a_move(&mut e), 1_000 * (64 << 10) * 3);
        e.remote().set_clock(ClockKey::TimeoutMatch, 0);
        // 100 ms per move: the floor, 16 MiB.
        e.remote().set_clock(ClockKey::TimeoutTurn, 100);
        assert_eq!(size_after_a_move(&mut e), 16 << 20);
        // A node limit of 1 M nodes: 32 bytes per node.
        e.remote().set_clock(ClockKey::TimeoutTurn, 30_000);
        e.settings_mut().max_nodes = Some(1_000_000);
        assert_eq!(size_after_a_move(&mut e), 32_000_000 / 64 * 64);
        e.settings_mut().max_nodes = None;
        // "Stop thinking" (`timeout_turn 0`) does not shrink the table.
        e.remote().set_clock(ClockKey::TimeoutTurn, 0);
        assert_eq!(size_after_a_move(&mut e), room);
        // An explicit hash size is honoured as asked.
        e.remote().set_clock(ClockKey::TimeoutTurn, 100);
        e.settings_mut().hash_size_kib = 65_536;
        assert_eq!(size_after_a_move(&mut e), 64 << 20);
    }
}
