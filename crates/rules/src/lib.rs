//! junqi-rules: the rules of 军棋 as a pure library, and the AI that plays them.
//!
//! The rules of 翻翻棋, and the board, pieces and attack table every game shares, live in
//! [`game`]; the standard games 暗棋 and 明棋 in [`standard`]; 四国军棋 in [`siguo`]; the AI
//! in [`ai`]. The most used game types are re-exported here, so that analysis code reads
//! `use junqi_rules::{Position, Action};`. Nothing here does
//! I/O, runs an async runtime or knows Discord, a store or an image: the bot (the `junqi-bot`
//! package) depends on this crate, never the other way round. The rules, and the position
//! notation these types read and write, are described in the repository's `docs/rules.md`.
//!
//! ```
//! use junqi_rules::{Colour, Outcome, Position};
//!
//! let empty = ".,.,.,.,.";
//! let board = format!("{e}/{e}/{e}/{e}/{e}/{e}/{e}/{e}/{e}/{e}/.,R1,.,.,./.,BF,.,.,.", e = empty);
//! let mut position: Position = format!("{board} R").parse().unwrap();
//! // Black has no mines left, so Red's engineer may take the flag.
//! let (_, outcome) = position.apply("move B2 B1".parse().unwrap()).unwrap();
//! assert_eq!(outcome.unwrap().to_string(), "R wins: flag");
//! assert_eq!("R wins: flag".parse::<Outcome<Colour>>().unwrap(), outcome.unwrap());
//! ```
pub mod ai;
mod any_game;
pub mod game;
mod kind;
pub mod siguo;
pub mod standard;

pub use any_game::AnyGame;
pub use kind::{GameKind, UnknownGameKind};

pub use game::{
    Action, Colour, Game, Kind, Outcome, Piece, Position, PublicPosition, PublicView, Rules, Seat,
    Square, SquareSet,
};
