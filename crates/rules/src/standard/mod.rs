//! The rules of the two-player standard games, 暗棋 and 明棋 (docs/rules.md §9–14), as a pure
//! library beside the flip game of [`crate::game`], whose board, geometry, pieces, attack
//! table and notation helpers they share. What sets the games apart is asked of a
//! [`Variant`](crate::game::Variant), whose module says how 四国军棋 will fit.
//!
//! A game starts from two [`Layout`]s (布阵), each written in its owner's frame and valid by
//! construction.
//!
//! ```
//! use junqi_rules::standard::{DeploymentRule, Layout, LayoutError, Post};
//!
//! let layout: Layout = "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4"
//!     .parse()
//!     .unwrap();
//! let b4: Post = "B4".parse().unwrap();
//! let b6: Post = "B6".parse().unwrap();
//! let refused = layout.swap(b4, b6).unwrap_err();
//! assert_eq!(refused.to_string(), "that swap is refused: a bomb may not stand on the front row (row 6): B6");
//! ```

mod army;
mod deploy;
mod game;
mod layout;
mod notation;
mod position;
mod post;
mod presets;
mod record;
mod round;
mod view;

#[cfg(test)]
mod army_tests;
#[cfg(test)]
mod game_tests;
#[cfg(test)]
mod layout_tests;
#[cfg(test)]
mod position_tests;
#[cfg(test)]
mod round_tests;

pub use army::Army;
pub use game::{LastMove, StandardGame, StandardGameError};
pub use layout::{
    DeploymentError, DeploymentRule, Layout, LayoutError, SwapError, check_placement, is_camp,
    is_headquarters,
};
pub use position::{Judgement, Removed, StandardError, StandardPosition, Verdict, VerdictError};
pub use post::{HALF_POSTS, HALF_ROWS, Post, PostError};
pub use presets::{PRESETS, Preset};
pub use record::{RecordedTurn, StandardRecord, StandardRecordError};
pub use round::{StandardRound, write_standard_record_file};
pub use view::{StandardView, ViewCell, Viewer, public_view, removed_counts};
