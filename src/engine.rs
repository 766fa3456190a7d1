//! The engine facade: owns the game, the settings and the stop flag, and runs the search.
//!
//! No text here: the protocol layer turns commands into calls of these typed methods and the
//! results into lines. Every method that can fail leaves the state unchanged on error.
//! Every move goes through one call of [`search::think`] with the limits from `INFO` (time
//! budget from [`crate::search::time`], `max_depth`, `max_node`), the engine's transposition
//! table and the shared stop flag; its answer is validated before it is played. `INFO thread_num`
//! adds helper threads ([`crate::search::smp`]; a node limit is shared between the threads),
//! within the machine's parallelism and the memory limit; [`Engine::nbest`] answers YXNBEST.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::board::{rule, Board, Pos};
use crate::game::{size_ok, Field, Game, GameError};
use crate::params::{SMP_MEMORY_PERCENT, SMP_THREAD_BYTES, TT_DEFAULT_MEMORY_LIMIT};
use crate::search::multipv::{self, PvLine};
use crate::search::time::{budget, TimeControl};
use crate::search::tt::{tt_bytes_for, Tt};
use crate::search::{self, smp, IterationInfo, Limits, SearchOptions, TimeLimit};
use crate::types::{Color, Rule};

/// What a search reports while it runs.
#[derive(Clone, Copy, Debug)]
pub enum Report<'a> {
    /// A finished iteration of a search for one move.
    Iteration(&'a IterationInfo<'a>),
    /// A finished round of YXNBEST: its lines, best first (all searched to the same depth).
    Lines(&'a [PvLine]),
}

/// Receives the reports of a search when `INFO show_detail` asks for them, with the
/// `show_detail` level.
pub type Reporter = Box<dyn FnMut(&Report, u8)>;

/// Board size used when a move request arrives before any START.
pub const DEFAULT_SIZE: usize = 15;

/// Settings from `INFO` that are not live clock values (those are in [`TimeControl`]).
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
        }
    }
}

/// The answer to SWAP2BOARD.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Answer {
    /// Three opening stones (black, white, black).
    Opening([Pos; 3]),
    /// One stone for the side to move.
    Move(Pos),
}

/// Game state + settings + search.
pub struct Engine {
    game: Option<Game>,
    settings: Settings,
    time: Arc<TimeControl>,
    stop: Arc<AtomicBool>,
    searching: Arc<AtomicBool>,
    /// The transposition table, allocated at the first search (START stays fast) and resized
    /// when `max_memory` / `hash_size` change.
    tt: Option<Tt>,
    /// When the current request was read: the stopwatch of the next search starts here.
    request_read: Instant,
    reporter: Option<Reporter>,
}

impl Engine {
    /// An engine whose clock settings and stop flag are shared with the protocol reader;
    /// `searching` is raised for the duration of each search.
    pub fn new(
        time: Arc<TimeControl>,
        stop: Arc<AtomicBool>,
        searching: Arc<AtomicBool>,
    ) -> Engine {
        Engine {
            game: None,
            settings: Settings::default(),
            time,
            stop,
            searching,
            tt: None,
            request_read: Instant::now(),
            reporter: None,
        }
    }

    /// Notes when the request now being handled was read (the managers measure time from
    /// their request, and the process may have been suspended until then).
    pub fn request_read_at(&mut self, t: Instant) {
        self.request_read = t;
    }

    /// Installs the receiver of per-iteration reports (see [`Reporter`]).
    pub fn set_reporter(&mut self, reporter: Reporter) {
        self.reporter = Some(reporter);
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

    pub fn time(&self) -> &TimeControl {
        &self.time
    }

    /// The current game, if one was started.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Sets the rule from an `INFO rule` value; returns a note when the value is only
    /// approximated. The current game (if any) switches rule and keeps its stones.
    pub fn set_rule(&mut self, value: i64) -> Option<String> {
        let (rule, note) = Rule::from_info(value);
        if rule != self.settings.rule {
            self.clear_hash();
        }
        self.settings.rule = rule;
        if let Some(g) = &mut self.game {
            g.set_rule(rule);
        }
        note
    }

    /// START / RECTSTART: a new empty board of `width × height`.
    pub fn start(&mut self, width: i64, height: i64) -> Result<(), GameError> {
        if !size_ok(width, height) {
            return Err(GameError::BadSize { width, height });
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

    /// The transposition table sized for the current memory settings (allocated or resized
    /// here, never during a search). Helper threads' memory comes off the limit first.
    fn table(&mut self) -> &mut Tt {
        let helpers = self.threads() as i64 - 1;
        let max_memory = if helpers > 0 {
            self.memory_limit() - helpers * SMP_THREAD_BYTES
        } else {
            self.settings.max_memory.min(i64::MAX as u64) as i64
        };
        let bytes = tt_bytes_for(
            max_memory,
            self.settings.hash_size_kib.min(i64::MAX as u64) as i64,
        );
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
    pub fn begin(&mut self) -> Result<Pos, GameError> {
        self.game_or_default();
        self.think_and_play()
    }

    /// TURN: the opponent played `(x, y)`; answer with our move. If the opponent's stone is
    /// refused, nothing changes. If it fills the board, it stays and the answer is an error.
    pub fn turn(&mut self, x: i64, y: i64) -> Result<Pos, GameError> {
        self.game_or_default().play_xy(x, y, false)?;
        self.think_and_play()
    }

    /// PLAY: play `(x, y)` for us (after SUGGEST); refused when illegal for us.
    pub fn play(&mut self, x: i64, y: i64) -> Result<Pos, GameError> {
        self.game_or_default().play_xy(x, y, true)
    }

    /// TAKEBACK: remove the last move if it stands on `(x, y)`.
    pub fn takeback(&mut self, x: i64, y: i64) -> Result<(), GameError> {
        self.game_or_default().takeback(x, y)
    }

    /// BOARD / YXBOARD data: replaces the position. `entries` are `(x, y, field)` as sent; lines
    /// that are off the board or have an unknown field are skipped and reported in the returned
    /// notes. On error the previous position stays.
    pub fn set_position(&mut self, entries: &[(i64, i64, i64)]) -> Result<Vec<String>, GameError> {
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
        let (game, _) = Game::from_entries(w, h, rule, &cells)?;
        self.game = Some(game);
        Ok(notes)
    }

    /// BOARD: set the position, then answer with our move.
    pub fn board(&mut self, entries: &[(i64, i64, i64)]) -> Result<(Pos, Vec<String>), GameError> {
        let notes = self.set_position(entries)?;
        Ok((self.think_and_play()?, notes))
    }

    /// SWAP2BOARD with `stones` in move order (black first): 0 → three opening stones, 3 or 5 →
    /// a move for White. The game itself is not changed (a BOARD follows the opening stage).
    pub fn swap2(&mut self, stones: &[(i64, i64)]) -> Result<Swap2Answer, GameError> {
        let base = self.game_or_default().cleared();
        let mut g = base.clone();
        for &(x, y) in stones {
            g.play_xy(x, y, false)?;
        }
        match stones.len() {
            0 => {
                let (cx, cy) = ((g.width() / 2) as i64, (g.height() / 2) as i64);
                let pick = |dx: i64, dy: i64| g.pos(cx + dx, cy + dy);
                Ok(Swap2Answer::Opening([
                    pick(0, 0)?,
                    pick(1, -1)?,
                    pick(1, 1)?,
                ]))
            }
            3 | 5 => {
                let me = g.side_to_move();
                let p = self.search(&g, me).ok_or(GameError::NoLegalMove)?;
                Ok(Swap2Answer::Move(p))
            }
            n => Err(GameError::Swap2Stones(n)),
        }
    }

    /// The forbidden points of Black in the current position (renju only; else none).
    pub fn forbidden_points(&self) -> Vec<Pos> {
        match &self.game {
            Some(g) if g.rule() == Rule::Renju => rule::forbidden_points(g.board().grid()),
            _ => Vec::new(),
        }
    }

    /// Searches for the side to move, validates the move and plays it.
    fn think_and_play(&mut self) -> Result<Pos, GameError> {
        let game = self.game_or_default().clone();
        let me = game.side_to_move();
        let p = self.search(&game, me).ok_or(GameError::NoLegalMove)?;
        self.game_or_default().play(p)?;
        Ok(p)
    }

    /// YXNBEST: the `n` best moves for the side to move (at least 1, at most the number of
    /// legal moves), searched under the usual limits; the first is played, as the answer to a
    /// move request is. Returns the move and the lines, best first.
    pub fn nbest(&mut self, n: i64) -> Result<(Pos, Vec<PvLine>), GameError> {
        let game = self.game_or_default().clone();
        let me = game.side_to_move();
        let legal = game.legal_moves().len();
        if legal == 0 {
            return Err(GameError::NoLegalMove);
        }
        let n = usize::try_from(n).unwrap_or(0).clamp(1, legal);
        let answer = self.run_search(&game, |board, limits, tt, stop, threads, report| {
            multipv::think_nbest(board, me, n, limits, tt, stop, threads, &mut |lines| {
                report(&Report::Lines(lines))
            })
        });
        log::debug!(
            "nbest {n}: {} lines, {} nodes in {} ms",
            answer.lines.len(),
            answer.nodes,
            self.request_read.elapsed().as_millis()
        );
        let best = answer.lines.first().map_or(Pos::NONE, |l| l.result.best);
        let p = self
            .validated(&game, me, best)
            .ok_or(GameError::NoLegalMove)?;
        self.game_or_default().play(p)?;
        Ok((p, answer.lines))
    }

    /// The limits of a search of `game` from `INFO` (clock budget, `max_depth`, `max_node`).
    fn limits(&self, game: &Game) -> Limits {
        let ply = game.board().history().len() as u32;
        let cells = (game.width() * game.height()) as u32;
        let mut limits = Limits::infinite();
        limits.start = self.request_read;
        if let Some(d) = self.settings.max_depth {
            limits.max_depth = limits.max_depth.min(d);
        }
        if let Some(n) = self.settings.max_nodes {
            limits.max_nodes = n;
        }
        limits.time = budget(&self.time.input(ply, cells)).map(|b| TimeLimit {
            soft: Duration::from_millis(b.soft_ms),
            hard: Duration::from_millis(b.hard_ms),
        });
        limits
    }

    /// Runs `f` as the search of `game`: on a copy of its board, with its limits, the table,
    /// the stop flag, the thread count and the reporter (called only when `show_detail` asks),
    /// while the `searching` flag is up and the clock knows a search runs.
    fn run_search<R>(
        &mut self,
        game: &Game,
        f: impl FnOnce(&mut Board, &Limits, &Tt, &AtomicBool, usize, &mut dyn FnMut(&Report)) -> R,
    ) -> R {
        let limits = self.limits(game);
        let threads = self.threads();
        let mut board = game.board().clone();
        let ply = board.history().len() as u32;
        let cells = (game.width() * game.height()) as u32;
        let detail = self.settings.show_detail;
        let mut reporter = self.reporter.take();
        let mut report = |r: &Report| {
            if detail > 0 {
                if let Some(rep) = reporter.as_mut() {
                    rep(r, detail);
                }
            }
        };
        // Registered before the table is sized, so that a clock change that arrives while the
        // table is (re)allocated still applies to this search.
        self.searching.store(true, Ordering::SeqCst);
        self.time.search_started(limits.start, ply, cells);
        self.table().new_search();
        let tt = self.tt.as_ref().expect("allocated by table()");
        let result = f(&mut board, &limits, tt, &self.stop, threads, &mut report);
        self.time.search_finished();
        self.searching.store(false, Ordering::SeqCst);
        self.reporter = reporter;
        result
    }

    /// One search of `game` for `me`; the answer is validated (fallback: the first legal cell).
    fn search(&mut self, game: &Game, me: Color) -> Option<Pos> {
        let result = self.run_search(game, |board, limits, tt, stop, threads, report| {
            let options = SearchOptions {
                threads,
                exclude: &[],
            };
            search::think_with(board, me, limits, tt, stop, &options, &mut |info| {
                report(&Report::Iteration(info))
            })
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
        self.validated(game, me, result.best)
    }

    /// `best` if it is legal for `me` in `game`, else (logged) the first legal cell.
    fn validated(&self, game: &Game, me: Color, best: Pos) -> Option<Pos> {
        let grid = game.board().grid();
        if rule::is_legal(grid, best, me, game.rule()) {
            return Some(best);
        }
        if !best.is_none() {
            log::warn!("search returned the illegal move {best}; using a fallback");
        }
        game.legal_moves().first().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> Engine {
        Engine::new(
            Arc::new(TimeControl::default()),
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        )
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
        e.settings_mut().max_nodes = Some(1);
        let one = {
            e.begin().expect("move");
            e.tt_bytes()
        };
        e.settings_mut().thread_num = 2;
        e.turn(0, 0).expect("move");
        let helpers = e.threads() as i64 - 1;
        let two = e.tt_bytes() as i64;
        let expected = tt_bytes_for((100 << 20) - helpers * SMP_THREAD_BYTES, 0) as i64;
        assert_eq!(two, expected);
        assert!(helpers == 0 || two < one as i64);
    }
}
