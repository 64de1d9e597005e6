//! The analysis commands of docs/rules.md §8 (`moves`, `apply`), shared by the binary and its tests.

pub mod analysis;
pub mod render;
pub mod replay;
