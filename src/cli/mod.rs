//! The analysis commands of docs/rules.md §8 and §14 (`moves`, `apply`, `layout check`) and the
//! operators' file commands (`render`, `replay`, `analyse`), shared by the binary and its tests.

pub mod analyse;
pub mod args;
pub mod notation;
pub mod render;
pub mod replay;
pub mod siguo;
pub mod standard;
