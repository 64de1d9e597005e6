//! The rules of 四国军棋, four players in two teams on the 129-post cross board
//! (docs/rules.md §15–22), as a pure library beside the two-player games of [`crate::game`] and
//! [`crate::standard`], whose pieces, attack table and owner-frame [`Post`](crate::standard::Post)
//! names it shares.

mod seat;

pub use seat::{SiguoSeat, SiguoSeatError, Team};
