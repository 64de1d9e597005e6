//! The rules of 军棋翻翻棋 as a pure library (docs/rules.md §1–6 and §8): no I/O, no async, no
//! clock reading. Everything outside this module sees a game only through [`PublicView`].

pub mod action;
pub mod attack;
pub mod board;
pub mod deal;
pub mod geometry;
pub mod notation;
pub mod outcome;
pub mod piece;
pub mod position;
pub mod record;
pub mod round;
pub mod rules;
pub mod seat;
pub mod square;
pub mod view;

pub use action::{Action, ActionParseError};
pub use attack::{AttackRefusal, AttackResult};
pub use board::{ActionError, Board, Cell, Effect};
pub use notation::{NotationError, PublicPosition, parse_position, parse_public_position};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use piece::{Colour, Kind, Piece};
pub use position::Position;
pub use record::{Event, GameRecord, ReplayError};
pub use round::{Game, GameError, Played};
pub use rules::Rules;
pub use seat::Seat;
pub use square::{Square, SquareError, squares_of};
pub use view::{LastAction, PublicCell, PublicView};
