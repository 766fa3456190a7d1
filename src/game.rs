//! The game being played: board size, rule, stones in move order, blocked cells, side to move,
//! and the legality checks on moves that come from outside (the manager or the search).
//!
//! Coordinates arrive as signed numbers and are checked here against the board; everything below
//! (board, rules, search) may then assume valid positions. Who has won is the manager's business:
//! a position with a five already on the board is simply played on.
//!
//! The side to move alternates with every stone from the position set up last. Normally that is
//! what the stone counts say, but a position set up by hand in a GUI may have counts that fit no
//! side to move; the engine is then still the side to move ([`Game::from_entries`]).

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

/// One game: a [`Board`] plus the blocked-cell list needed to rebuild it on a rule change, and
/// the colour to move when an even number of stones stand in its history.
#[derive(Clone)]
pub struct Game {
    board: Board,
    blocked: Vec<Pos>,
    even_mover: Color,
}

/// How [`Game::from_entries`] chose the colour of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colouring {
    /// The counts fit: equal (Black to move) or one opponent stone more (White).
    FromCounts,
    /// The counts fit no side to move; the colour was assumed (White with more stones than the
    /// opponent, else Black).
    Assumed { mine: usize, theirs: usize },
}

impl Game {
    /// An empty game. Panics on a size outside 5..=32 (callers check with [`size_ok`]).
    pub fn new(width: usize, height: usize, rule: Rule) -> Game {
        Game {
            board: Board::new(width, height, rule),
            blocked: Vec::new(),
            even_mover: Color::Black,
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

    /// The side to move: Black after an even number of stones, else White, unless the position
    /// was set up with counts that fit no side ([`Game::from_entries`]).
    pub fn side_to_move(&self) -> Color {
        if self.board.history().len() % 2 == 0 {
            self.even_mover
        } else {
            self.even_mover.opp()
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
    /// move, which is always the engine. Duplicate cells are ignored (the first one counts). The
    /// colours follow from the counts: equal → the side to move is Black; one more opponent
    /// stone → White. Counts that fit neither (a position set up by hand) are played all the
    /// same: as White when the side to move has more stones than the opponent, else as Black.
    /// Returns the game, the side to move and how its colour was chosen.
    pub fn from_entries(
        width: usize,
        height: usize,
        rule: Rule,
        entries: &[(Pos, Field)],
    ) -> (Game, Color, Colouring) {
        let mut seen = std::collections::HashSet::new();
        let unique: Vec<(Pos, Field)> = entries
            .iter()
            .copied()
            .filter(|(p, _)| seen.insert(*p))
            .collect();
        let mine = unique.iter().filter(|e| e.1 == Field::Mine).count();
        let theirs = unique.iter().filter(|e| e.1 == Field::Theirs).count();
        let (me, colouring) = if mine == theirs {
            (Color::Black, Colouring::FromCounts)
        } else if theirs == mine + 1 {
            (Color::White, Colouring::FromCounts)
        } else if mine > theirs {
            (Color::White, Colouring::Assumed { mine, theirs })
        } else {
            (Color::Black, Colouring::Assumed { mine, theirs })
        };
        let mut game = Game::new(width, height, rule);
        game.even_mover = if (mine + theirs) % 2 == 0 {
            me
        } else {
            me.opp()
        };
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
        (game, me, colouring)
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
        let (g, me, how) = Game::from_entries(
            15,
            15,
            Rule::Freestyle,
            &[
                e(7, 7, Field::Theirs),
                e(8, 8, Field::Mine),
                e(9, 9, Field::Theirs),
            ],
        );
        assert_eq!((me, how), (Color::White, Colouring::FromCounts));
        assert_eq!(g.side_to_move(), Color::White);
        let (g, me, _) = Game::from_entries(
            15,
            15,
            Rule::Freestyle,
            &[
                e(7, 7, Field::Mine),
                e(8, 8, Field::Theirs),
                e(8, 8, Field::Mine),
                e(0, 0, Field::Blocked),
            ],
        );
        assert_eq!(me, Color::Black);
        assert_eq!(g.board().cell(Pos::new(0, 0)), Cell::Wall);
        assert_eq!(g.legal_moves().len(), 225 - 3);
    }

    /// A position set up by hand: the engine is to move whatever the counts, and the turns
    /// alternate from there, through moves and takebacks.
    #[test]
    fn counts_that_fit_no_side_still_give_the_engine_the_move() {
        let e = |x, y, f| (Pos::new(x, y), f);
        // Two of mine, one of theirs: White to move (it has more stones).
        let mine_two = [
            e(7, 7, Field::Mine),
            e(8, 8, Field::Theirs),
            e(9, 9, Field::Mine),
        ];
        let (mut g, me, how) = Game::from_entries(15, 15, Rule::Renju, &mine_two);
        assert_eq!(me, Color::White);
        assert_eq!(how, Colouring::Assumed { mine: 2, theirs: 1 });
        assert_eq!(g.side_to_move(), Color::White);
        assert_eq!(g.board().cell(Pos::new(7, 7)), Cell::White);
        g.play_xy(0, 0, false).unwrap();
        assert_eq!(g.side_to_move(), Color::Black);
        g.play_xy(1, 0, false).unwrap();
        assert_eq!(g.side_to_move(), Color::White);
        g.takeback(1, 0).unwrap();
        g.takeback(0, 0).unwrap();
        assert_eq!(g.side_to_move(), Color::White);
        g.set_rule(Rule::Freestyle);
        assert_eq!(g.side_to_move(), Color::White);

        // One of mine, none of theirs; three of theirs, one of mine: Black (fewer or none more).
        let (g, me, how) = Game::from_entries(15, 15, Rule::Renju, &[e(1, 1, Field::Mine)]);
        assert_eq!((me, g.side_to_move()), (Color::White, Color::White));
        assert_eq!(how, Colouring::Assumed { mine: 1, theirs: 0 });
        let theirs_three = [
            e(1, 1, Field::Theirs),
            e(2, 2, Field::Theirs),
            e(3, 3, Field::Theirs),
            e(4, 4, Field::Mine),
        ];
        let (g, me, _) = Game::from_entries(15, 15, Rule::Renju, &theirs_three);
        assert_eq!((me, g.side_to_move()), (Color::Black, Color::Black));
        assert_eq!(g.board().cell(Pos::new(1, 1)), Cell::White);
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
