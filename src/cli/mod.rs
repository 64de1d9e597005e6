//! The analysis commands of docs/rules.md §8 (`moves`, `apply`) and the operators' file
//! commands (`render`, `replay`, `analyse`), shared by the binary and its tests.

pub mod analyse;
pub mod analysis;
pub mod render;
pub mod replay;
