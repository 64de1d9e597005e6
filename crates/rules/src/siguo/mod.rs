//! The rules of 四国军棋, four players in two teams on the 129-post cross board
//! (docs/rules.md §15–22), as a pure library beside the two-player games of [`crate::game`] and
//! [`crate::standard`], whose pieces, attack table, owner-frame [`Post`](crate::standard::Post)
//! names and layouts (checked against each player's own [`Army`](crate::standard::Army)) it
//! shares. [`SiguoRound`] hosts one game from the deal to the end, with its record.
//!
//! ```
//! use junqi_rules::siguo::{SiguoPost, SiguoSeat, geometry};
//!
//! let arc_end: SiguoPost = "s-e6".parse().unwrap();
//! let east_a6 = SiguoPost::parse_for("A6", SiguoSeat::East).unwrap();
//! assert!(geometry::rail_neighbours(arc_end).contains(east_a6));
//! assert_eq!(geometry::connections().len(), 288);
//! ```

mod action;
mod banner;
mod deal;
pub mod geometry;
mod notation;
mod play;
mod points;
mod position;
mod post;
mod post_set;
mod record;
mod record_file;
mod round;
mod round_deal;
mod round_play;
mod round_view;
mod seat;
mod view;

#[cfg(test)]
mod game_tests;
#[cfg(test)]
mod geometry_tests;
#[cfg(test)]
mod notation_tests;
#[cfg(test)]
mod play_tests;
#[cfg(test)]
mod post_tests;
#[cfg(test)]
mod round_life_tests;
#[cfg(test)]
mod round_props;
#[cfg(test)]
mod round_tests;
#[cfg(test)]
mod test_board;
#[cfg(test)]
mod view_tests;

pub use action::{SiguoAction, SiguoActionParseError};
pub use banner::{Banner, Banners, HEADQUARTERS_POSTS, placed_pieces};
pub use deal::{Shares, SiguoDeal, SiguoDealError, deal_shares, is_weak, pick_order};
pub use notation::{SiguoCellProblem, SiguoNotationError};
pub use play::{OutReason, SiguoActionError, SiguoJudgement, SiguoOutcome, attack_result};
pub use points::{LEAVER_MOVES_FOR_STAKE, Leaver, SiguoStage, deltas, stake};
pub use position::{SiguoPiece, SiguoPieceError, SiguoPosition, SiguoRules};
pub use post::{CENTRE_POSTS, GRID, POSTS, SiguoPost, SiguoPostError};
pub use post_set::{PostSet, PostSetIter};
pub use record::{SIGUO_RECORD_VERSION, SiguoEvent, SiguoOptions, SiguoRecord, SiguoReplayError};
pub use record_file::{
    SiguoRecordFileError, check_siguo_record_file, parse_siguo_record_file, write_siguo_record_file,
};
pub use round::{DRAW_PROPOSALS, SiguoPhase, SiguoRound, SiguoRoundError, TIMEOUTS_TO_LEAVE};
pub use round_play::SiguoPlayed;
pub use seat::{SiguoSeat, SiguoSeatError, Team};
pub use view::{
    SiguoReveals, SiguoView, SiguoViewCell, SiguoViewMode, SiguoViewModeError, SiguoViewer,
};
