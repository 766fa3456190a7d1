//! The game being played: board size, rule, stones in move order, blocked cells, side to move,
//! and the legality checks on moves that come from outside (the manager or the search).
//!
//! Coordinates arrive as signed numbers and are checked here against the board; everything below
//! (board, rules, search) may then assume valid positions. Who has won is the manager's business:
//! a position with a five already on the board is simply played on.

use std::fmt;

use crate::board::{rule, Board, Foul, Pos};
use crate::types::{Cell, Color, Rule, MAX_SIZE, MIN_SIZE};

/// Why a move or a position is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    BadSize {
        width: i64,
        height: i64,
    },
    OffBoard {
        x: i64,
        y: i64,
    },
    Occupied {
        x: i64,
        y: i64,
    },
    Forbidden {
        x: i64,
        y: i64,
        foul: Foul,
    },
    NotLastMove {
        x: i64,
        y: i64,
    },
    NothingToTakeBack,
    /// BOARD counts that fit neither colour (`mine`, `opponent`).
    BadCounts {
        mine: usize,
        theirs: usize,
    },
    NoLegalMove,
    /// SWAP2BOARD with a number of stones other than 0, 3 or 5.
    Swap2Stones(usize),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::BadSize { width, height } => write!(
                f,
                "unsupported board size {width}x{height} (each side {MIN_SIZE}..{MAX_SIZE})"
            ),
            GameError::OffBoard { x, y } => write!(f, "{x},{y} is outside the board"),
            GameError::Occupied { x, y } => write!(f, "{x},{y} is not empty"),
            GameError::Forbidden { x, y, foul } => {
                write!(f, "{x},{y} is forbidden for black ({foul:?})")
            }
            GameError::NotLastMove { x, y } => write!(f, "{x},{y} is not the last move"),
            GameError::NothingToTakeBack => write!(f, "no move to take back"),
            GameError::BadCounts { mine, theirs } => write!(
                f,
                "stone counts {mine} (mine) and {theirs} (opponent) fit no side to move"
            ),
            GameError::NoLegalMove => write!(f, "no legal move"),
            GameError::Swap2Stones(n) => {
                write!(f, "SWAP2BOARD needs 0, 3 or 5 stones, got {n}")
            }
        }
    }
}

/// Whether `w × h` is a board size Rensa plays on.
pub fn size_ok(width: i64, height: i64) -> bool {
    let r = MIN_SIZE as i64..=MAX_SIZE as i64;
    r.contains(&width) && r.contains(&height)
}

/// What a cell of a BOARD block holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Mine,
    Theirs,
    Blocked,
}

/// One game: a [`Board`] plus the blocked-cell list needed to rebuild it on a rule change.
#[derive(Clone)]
pub struct Game {
    board: Board,
    blocked: Vec<Pos>,
}

impl Game {
    /// An empty game. Panics on a size outside 5..=32 (callers check with [`size_ok`]).
    pub fn new(width: usize, height: usize, rule: Rule) -> Game {
        Game {
            board: Board::new(width, height, rule),
            blocked: Vec::new(),
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn width(&self) -> usize {
        self.board.grid().width()
    }

    pub fn height(&self) -> usize {
        self.board.grid().height()
    }

    pub fn rule(&self) -> Rule {
        self.board.rule()
    }

    /// Moves played, oldest first.
    pub fn history(&self) -> &[(Pos, Color)] {
        self.board.history()
    }

    /// The side to move: Black when both sides have as many stones, else White.
    pub fn side_to_move(&self) -> Color {
        let [b, w] = self.board.grid().stone_counts();
        if b > w {
            Color::White
        } else {
            Color::Black
        }
    }

    /// A new empty game of the same size and rule.
    pub fn cleared(&self) -> Game {
        Game::new(self.width(), self.height(), self.rule())
    }

    /// The same stones under another rule (rules are baked into the board's patterns).
    pub fn set_rule(&mut self, rule: Rule) {
        if rule == self.rule() {
            return;
        }
        let mut b = Board::new(self.width(), self.height(), rule);
        for &p in &self.blocked {
            b.block(p);
        }
        for &(p, c) in self.board.history() {
            b.make(p, c);
        }
        self.board = b;
    }

    /// The on-board position of `(x, y)`.
    pub fn pos(&self, x: i64, y: i64) -> Result<Pos, GameError> {
        self.board
            .grid()
            .pos(x, y)
            .ok_or(GameError::OffBoard { x, y })
    }

    /// The empty on-board position of `(x, y)`.
    pub fn empty_pos(&self, x: i64, y: i64) -> Result<Pos, GameError> {
        let p = self.pos(x, y)?;
        if self.board.cell(p) != Cell::Empty {
            return Err(GameError::Occupied { x, y });
        }
        Ok(p)
    }

    /// Checks that the side to move may play `p` (empty; not a renju foul for Black).
    pub fn check_legal(&self, p: Pos) -> Result<(), GameError> {
        let (x, y) = (p.x() as i64, p.y() as i64);
        if !self.board.grid().is_on_board(p) {
            return Err(GameError::OffBoard { x, y });
        }
        if self.board.cell(p) != Cell::Empty {
            return Err(GameError::Occupied { x, y });
        }
        let me = self.side_to_move();
        if !rule::is_legal(self.board.grid(), p, me, self.rule()) {
            let foul = rule::renju_foul(self.board.grid(), p).unwrap_or(Foul::Overline);
            return Err(GameError::Forbidden { x, y, foul });
        }
        Ok(())
    }

    /// Plays a stone for the side to move on the empty cell `(x, y)`. With `strict`, a renju foul
    /// of Black is refused too (our own moves); without, only range and emptiness are checked
    /// (the opponent's moves: judging fouls is the manager's job).
    pub fn play_xy(&mut self, x: i64, y: i64, strict: bool) -> Result<Pos, GameError> {
        let p = self.empty_pos(x, y)?;
        if strict {
            self.check_legal(p)?;
        }
        let c = self.side_to_move();
        self.board.make(p, c);
        Ok(p)
    }

    /// Plays the legal move `p` for the side to move.
    pub fn play(&mut self, p: Pos) -> Result<(), GameError> {
        self.check_legal(p)?;
        let c = self.side_to_move();
        self.board.make(p, c);
        Ok(())
    }

    /// Takes back the last move if it stands on `(x, y)`.
    pub fn takeback(&mut self, x: i64, y: i64) -> Result<(), GameError> {
        let p = self.pos(x, y)?;
        match self.board.history().last() {
            None => Err(GameError::NothingToTakeBack),
            Some(&(last, _)) if last != p => Err(GameError::NotLastMove { x, y }),
            Some(_) => {
                self.board.undo();
                Ok(())
            }
        }
    }

    /// Whether any empty cell is left.
    pub fn is_full(&self) -> bool {
        self.board.grid().empty_count() == 0
    }

    /// Every cell the side to move may play, row by row.
    pub fn legal_moves(&self) -> Vec<Pos> {
        let me = self.side_to_move();
        let g = self.board.grid();
        g.positions()
            .filter(|&p| rule::is_legal(g, p, me, self.rule()))
            .collect()
    }

    /// A position from a BOARD block: `entries` in the order given, relative to the side to
    /// move. Duplicate cells are ignored (the first one counts). The colours follow from the
    /// counts: equal → the side to move is Black; one more opponent stone → White; anything else
    /// is an error. Returns the game and the side to move.
    pub fn from_entries(
        width: usize,
        height: usize,
        rule: Rule,
        entries: &[(Pos, Field)],
    ) -> Result<(Game, Color), GameError> {
        let mut seen = std::collections::HashSet::new();
        let unique: Vec<(Pos, Field)> = entries
            .iter()
            .copied()
            .filter(|(p, _)| seen.insert(*p))
            .collect();
        let mine = unique.iter().filter(|e| e.1 == Field::Mine).count();
        let theirs = unique.iter().filter(|e| e.1 == Field::Theirs).count();
        let me = if mine == theirs {
            Color::Black
        } else if theirs == mine + 1 {
            Color::White
        } else {
            return Err(GameError::BadCounts { mine, theirs });
        };
        let mut game = Game::new(width, height, rule);
        for &(p, f) in &unique {
            if f == Field::Blocked {
                game.board.block(p);
                game.blocked.push(p);
            }
        }
        for &(p, f) in &unique {
            match f {
                Field::Mine => game.board.make(p, me),
                Field::Theirs => game.board.make(p, me.opp()),
                Field::Blocked => {}
            }
        }
        Ok((game, me))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_alternate_and_takeback_only_the_last() {
        let mut g = Game::new(15, 15, Rule::Freestyle);
        assert_eq!(g.side_to_move(), Color::Black);
        g.play_xy(7, 7, false).unwrap();
        assert_eq!(g.side_to_move(), Color::White);
        assert_eq!(
            g.play_xy(7, 7, false),
            Err(GameError::Occupied { x: 7, y: 7 })
        );
        assert_eq!(
            g.play_xy(15, 0, false),
            Err(GameError::OffBoard { x: 15, y: 0 })
        );
        g.play_xy(8, 8, false).unwrap();
        assert_eq!(g.takeback(7, 7), Err(GameError::NotLastMove { x: 7, y: 7 }));
        g.takeback(8, 8).unwrap();
        g.takeback(7, 7).unwrap();
        assert_eq!(g.takeback(7, 7), Err(GameError::NothingToTakeBack));
    }

    #[test]
    fn board_entries_give_colours_from_counts() {
        let e = |x, y, f| (Pos::new(x, y), f);
        let (g, me) = Game::from_entries(
            15,
            15,
            Rule::Freestyle,
            &[
                e(7, 7, Field::Theirs),
                e(8, 8, Field::Mine),
                e(9, 9, Field::Theirs),
            ],
        )
        .unwrap();
        assert_eq!(me, Color::White);
        assert_eq!(g.side_to_move(), Color::White);
        let (g, me) = Game::from_entries(
            15,
            15,
            Rule::Freestyle,
            &[
                e(7, 7, Field::Mine),
                e(8, 8, Field::Theirs),
                e(8, 8, Field::Mine),
                e(0, 0, Field::Blocked),
            ],
        )
        .unwrap();
        assert_eq!(me, Color::Black);
        assert_eq!(g.board().cell(Pos::new(0, 0)), Cell::Wall);
        assert_eq!(g.legal_moves().len(), 225 - 3);
        assert!(Game::from_entries(15, 15, Rule::Freestyle, &[e(1, 1, Field::Mine)]).is_err());
    }

    #[test]
    fn rule_change_keeps_the_stones() {
        let mut g = Game::new(15, 15, Rule::Freestyle);
        g.play_xy(7, 7, false).unwrap();
        g.set_rule(Rule::Renju);
        assert_eq!(g.rule(), Rule::Renju);
        assert_eq!(g.history().len(), 1);
        assert_eq!(g.side_to_move(), Color::White);
    }
}
