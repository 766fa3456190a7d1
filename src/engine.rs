//! The engine facade: owns the game, the settings and the stop flag, and runs the search.
//!
//! No text here: the protocol layer turns commands into calls of these typed methods and the
//! results into lines. Every method that can fail leaves the state unchanged on error.
//! The search is reached through one call, [`Engine::think`] → `search::simple::think(board,
//! side, limits, stop)`; the real search drops in there.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::board::{rule, Pos};
use crate::game::{size_ok, Field, Game, GameError};
use crate::search::simple::{self, Limits, TimeControl};
use crate::types::{Color, Rule};

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
        }
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

    /// YXHASHCLEAR (and START/RESTART): forget search memory. Nothing to clear yet.
    pub fn clear_hash(&mut self) {}

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
    fn search(&self, game: &Game, me: Color) -> Option<Pos> {
        self.searching.store(true, Ordering::SeqCst);
        let limits = Limits {
            time: &self.time,
            start: Instant::now(),
            max_nodes: self.settings.max_nodes,
            max_depth: self.settings.max_depth,
        };
        let result = simple::think(game.board(), me, &limits, &self.stop);
        self.searching.store(false, Ordering::SeqCst);
        log::debug!(
            "search: best {:?} nodes {} depth {}",
            result.best.map(|p| p.to_string()),
            result.nodes,
            result.depth
        );
        let grid = game.board().grid();
        match result.best {
            Some(p) if rule::is_legal(grid, p, me, game.rule()) => Some(p),
            other => {
                if let Some(p) = other {
                    log::warn!("search returned the illegal move {p}; using a fallback");
                }
                game.legal_moves().first().copied()
            }
        }
    }
}
