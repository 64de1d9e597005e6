//! The two players of a game, by seat: the challenger sits first, the challenged second.
//! Colours are not known at the start of a flip game, so players are named by seat.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}
