//! The engine facade: owns the game, the settings and the stop flag, and runs the search.
//!
//! No text here: the protocol layer turns commands into calls of these typed methods and the
//! results into lines. Every method that can fail leaves the state unchanged on error.
//! Every move goes through one call of [`search::think`] with the limits from `INFO` (time
//! budget from [`crate::search::time`], `max_depth`, `max_node`), the engine's transposition
//! table and the shared stop flag; its answer is validated before it is played.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::board::{rule, Pos};
use crate::game::{size_ok, Field, Game, GameError};
use crate::search::time::{budget, TimeControl};
use crate::search::tt::{tt_bytes_for, Tt};
use crate::search::{self, IterationInfo, Limits, TimeLimit};
use crate::types::{Color, Rule};

/// Receives every finished iteration of a search when `INFO show_detail` asks for it, with the
/// `show_detail` level.
pub type Reporter = Box<dyn FnMut(&IterationInfo, u8)>;

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

    /// The transposition table sized for the current memory settings (allocated or resized
    /// here, never during a search).
    fn table(&mut self) -> &mut Tt {
        let bytes = tt_bytes_for(
            self.settings.max_memory.min(i64::MAX as u64) as i64,
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

    /// One search of `game` for `me`; the answer is validated (fallback: the first legal cell).
    fn search(&mut self, game: &Game, me: Color) -> Option<Pos> {
        let start = self.request_read;
        let mut board = game.board().clone();
        let ply = board.history().len() as u32;
        let cells = (game.width() * game.height()) as u32;
        let mut limits = Limits::infinite();
        limits.start = start;
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
        let detail = self.settings.show_detail;
        let mut reporter = self.reporter.take();
        let mut on_iter = |info: &IterationInfo| {
            if detail > 0 {
                if let Some(r) = reporter.as_mut() {
                    r(info, detail);
                }
            }
        };
        // Registered before the table is sized, so that a clock change that arrives while the
        // table is (re)allocated still applies to this search.
        self.searching.store(true, Ordering::SeqCst);
        self.time.search_started(start, ply, cells);
        self.table().new_search();
        let tt = self.tt.as_ref().expect("allocated by table()");
        let result = search::think(&mut board, me, &limits, tt, &self.stop, &mut on_iter);
        self.time.search_finished();
        self.searching.store(false, Ordering::SeqCst);
        self.reporter = reporter;
        log::debug!(
            "search: best {} score {} depth {} nodes {} in {} ms",
            result.best,
            result.score,
            result.depth,
            result.nodes,
            start.elapsed().as_millis()
        );
        let grid = game.board().grid();
        if rule::is_legal(grid, result.best, me, game.rule()) {
            return Some(result.best);
        }
        if !result.best.is_none() {
            log::warn!(
                "search returned the illegal move {}; using a fallback",
                result.best
            );
        }
        game.legal_moves().first().copied()
    }
}
