//! The game being played: board, rule, move history, legality (to be written).
