//! junqi-bot: 军棋翻翻棋 (Junqi flip chess) as a library: the rules engine and the bot's layers.
//!
//! The rules live in [`game`] and the most used game types are re-exported here, so that
//! analysis code reads `use junqi::{Position, Action};`. The rules themselves, and the position
//! notation these types read and write, are described in the repository's `docs/rules.md`.
//!
//! ```
//! use junqi::{Colour, Outcome, Position};
//!
//! let empty = ".,.,.,.,.";
//! let board = format!("{e}/{e}/{e}/{e}/{e}/{e}/{e}/{e}/{e}/{e}/.,R1,.,.,./.,BF,.,.,.", e = empty);
//! let mut position: Position = format!("{board} R").parse().unwrap();
//! // Black has no mines left, so Red's engineer may take the flag.
//! let (_, outcome) = position.apply("move B2 B1".parse().unwrap()).unwrap();
//! assert_eq!(outcome.unwrap().to_string(), "R wins: flag");
//! assert_eq!("R wins: flag".parse::<Outcome<Colour>>().unwrap(), outcome.unwrap());
//! ```
//!
//! What an embedder uses: the rules ([`game`], with the [`ai`] that plays them and the
//! [`scoring`] of finished games), the game [`service`] with its [`config`], and the [`store`].
//! [`render`] and [`words`] draw and word what the service shows. The front ends (`discord`,
//! `console`, `cli`) and the process's `ops` are the binary's: they are reachable only so that
//! the binary and the end-to-end tests can start them, and are not part of the API.
pub mod analysis;
pub mod config;
pub mod render;
pub mod scoring;
pub mod service;
pub mod store;
pub mod timings;
pub mod words;

/// The rules and the AI, from the `junqi-rules` crate, under the paths the bot has always used.
pub use junqi_rules::{AnyGame, GameKind, ai, game, standard};

#[doc(hidden)]
pub mod cli;
#[doc(hidden)]
pub mod console;
#[doc(hidden)]
pub mod discord;
#[doc(hidden)]
pub mod ops;

pub use game::{
    Action, Colour, Game, Kind, Outcome, Piece, Position, PublicPosition, PublicView, Rules, Seat,
    Square, SquareSet,
};
