//! Move text: reading and writing moves as players write them.
