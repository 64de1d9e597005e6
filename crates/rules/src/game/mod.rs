//! The rules of 军棋翻翻棋 as a pure library (docs/rules.md §1–6 and §8): no I/O, no async, no
//! clock reading. Everything outside this module sees a game only through [`PublicView`].
//!
//! The types own their behaviour, in the manner of the `shakmaty` chess crate: a [`Position`],
//! a [`PublicPosition`], a [`Square`], an [`Action`] and an [`Outcome`] are read with
//! [`str::parse`] and written with `Display`, and square sets are [`SquareSet`]s. Every item has
//! one import path, `junqi_rules::game::…` (the most used are also at the crate root); only the fixed
//! board [`geometry`] is a module of its own.
//!
//! ```
//! use junqi_rules::{Action, Position};
//!
//! // Red's marshal on A6, Black's general on E1 and flag on E2, Black's mines all gone.
//! let empty = ".,.,.,.,.";
//! let text = format!(
//!     "{e}/{e}/{e}/{e}/{e}/{e}/R9,.,.,.,./{e}/{e}/{e}/.,.,.,.,BF/.,.,.,.,B8 R 12 140",
//!     e = empty
//! );
//! let mut position: Position = text.parse().unwrap();
//!
//! let actions = position.legal_actions();
//! let slide: Action = "move A6 A2".parse().unwrap();
//! assert!(actions.contains(&slide));
//! assert!(!actions.contains(&"move A6 A1".parse().unwrap()));
//!
//! let (_, outcome) = position.apply(slide).unwrap();
//! assert_eq!(outcome, None);
//! assert!(position.to_string().ends_with(" B 13 141"));
//! ```

mod action;
pub mod attack;
pub(crate) mod board;
pub(crate) mod deal;
pub mod geometry;
mod lifecycle;
pub(crate) mod notation;
mod outcome;
mod piece;
mod position;
mod record;
mod record_file;
mod reveal;
mod round;
mod rules;
mod seat;
mod square;
mod square_set;
mod variant;
mod view;

pub use action::{Action, ActionParseError};
pub use attack::{AttackRefusal, AttackResult, AttackRules};
pub use board::{ActionError, Board, Cell, Destinations, Effect};
pub use deal::{Deal, deal};
pub(crate) use lifecycle::Lifecycle;
pub use notation::{CellProblem, NotationError, PublicPosition};
pub use outcome::{DrawReason, Outcome, OutcomeParseError, WinReason};
pub use piece::{ARMY_SIZE, Colour, Kind, Piece};
pub use position::Position;
pub(crate) use position::{count_action, draw_by_counters};
pub use record::{Event, GameRecord, RECORD_VERSION, ReplayError};
pub use record_file::{
    RecordFileError, TIMEOUT_LINE, check_record_file, effect_note, write_record_file,
};
pub use reveal::RevealedView;
pub(crate) use round::push_repetition;
pub use round::{Checked, Game, GameError, Played, repeats_too_often};
pub use rules::Rules;
pub use seat::Seat;
pub use square::{COLUMNS, ROWS, SQUARES, Square, SquareError};
pub use square_set::{SquareSet, SquareSetIter};
pub use variant::{MoveRules, StandardOptions, StandardRule, Variant, VariantError};
pub use view::{LastAction, PublicCell, PublicView, RepetitionKey};
