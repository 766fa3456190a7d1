//! The engine facade: game state, settings and the search (to be written).
