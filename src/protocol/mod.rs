//! The Gomocup (pbrain) protocol layer: the only module that touches text (to be written).
