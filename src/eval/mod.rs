//! Static evaluation (to be written with the search).
