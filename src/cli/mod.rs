//! The analysis commands of RULES.md §8 (`moves`, `apply`), shared by the binary and its tests.

pub mod analysis;
pub mod render;
