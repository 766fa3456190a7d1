//! Plain game vocabulary shared by every layer: colours, cell contents and the rule in force.
//!
//! Nothing here knows about the board layout, the protocol or the search.

/// The largest board side Rensa supports (protocol START / RECTSTART sizes 5…32).
pub const MAX_SIZE: usize = 32;
/// The smallest board side Rensa accepts.
pub const MIN_SIZE: usize = 5;

/// A player. Black always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    /// The other player.
    #[inline]
    pub const fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The cell content of a stone of this colour.
    #[inline]
    pub const fn stone(self) -> Cell {
        match self {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }
}

/// What a cell of the padded grid holds. `Wall` marks both the padding around the board and
/// the blocked cells of BOARD field 3 (occupied by nobody, playable by nobody).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Cell {
    #[default]
    Empty = 0,
    Black = 1,
    White = 2,
    Wall = 3,
}

impl Cell {
    /// The colour of the stone in this cell, if there is one.
    #[inline]
    pub const fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// The winning rule of the game (protocol.md §5.3 and §10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Rule 0: five or more in a row wins.
    #[default]
    Freestyle,
    /// Rule 1: exactly five wins, for both colours; six or more is nothing.
    Standard,
    /// Rule 4 (Yixin-Board: 2): Black needs exactly five and may not play an overline, a double
    /// four or a double three; White wins with five or more.
    Renju,
    /// Rule 8: caro with overlines: five wins unless both ends hold opponent stones; six or more
    /// always wins.
    CaroOverline,
    /// Rule 9: standard caro: exactly five, not blocked at both ends by opponent stones.
    Caro,
}

impl Rule {
    /// The Gomocup `INFO rule` value of this rule.
    pub const fn code(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::CaroOverline => 8,
            Rule::Caro => 9,
        }
    }

    /// A lower-case name, as in Gomocup league names.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::CaroOverline => "caro8",
            Rule::Caro => "caro",
        }
    }

    /// Whether a run of six or more counts as a win for `color`.
    pub const fn overline_wins(self, color: Color) -> bool {
        match self {
            Rule::Freestyle | Rule::CaroOverline => true,
            Rule::Standard | Rule::Caro => false,
            Rule::Renju => matches!(color, Color::White),
        }
    }

    /// Whether a five with opponent stones on both ends is void (caro).
    pub const fn blocked_five_void(self) -> bool {
        matches!(self, Rule::CaroOverline | Rule::Caro)
    }

    /// All rules, in Gomocup code order.
    pub const ALL: [Rule; 5] = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::CaroOverline,
        Rule::Caro,
    ];
}
