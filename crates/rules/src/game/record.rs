//! The game record: the deal seed, the rule options and every event in order. The exact state
//! of a game is replayed from it, so it is all the store keeps of a game's rules side.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::action::Action;
use super::rules::Rules;
use super::seat::Seat;

/// The version written into every record; a record with a higher version is refused.
pub const RECORD_VERSION: u16 = 2;

/// One thing that happened in a game, in the order it happened.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// The seat to act played an action.
    Act(Action),
    /// The seat to act ran out of time.
    Timeout,
    Resign(Seat),
    OfferDraw(Seat),
    AnswerDraw {
        seat: Seat,
        accept: bool,
    },
    Abandon(Seat),
    /// The game reached the clock limit (the caller measured the time).
    ClockDraw,
    /// A standard game (暗棋 or 明棋) begins with its deployment: the seat that plays Red and
    /// the options. Always the first event of a standard game's record, never in a flip game's.
    Standard {
        red: Seat,
        options: crate::game::StandardOptions,
    },
    /// During deployment: the layout `seat` has on screen (what it plays if the deployment
    /// clock runs out before it confirms).
    Draft {
        seat: Seat,
        layout: crate::standard::Layout,
    },
    /// `seat` confirmed its layout (出征); when both have, the game starts.
    Ready(Seat),
}

#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub version: u16,
    pub seed: u64,
    pub rules: Rules,
    pub events: Vec<Event>,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    #[error(
        "game record version {found} is newer than this program understands ({RECORD_VERSION})"
    )]
    FutureVersion { found: u16 },
    #[error("event {index} of the record cannot be replayed: {reason}")]
    BadEvent { index: usize, reason: String },
}

/// The seed determines every face-down identity, so Debug output (logs, panics) leaves it out.
impl std::fmt::Debug for GameRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameRecord")
            .field("version", &self.version)
            .field("seed", &"<hidden>")
            .field("rules", &self.rules)
            .field("events", &self.events)
            .finish()
    }
}

impl GameRecord {
    pub fn new(seed: u64, rules: Rules) -> GameRecord {
        GameRecord {
            version: RECORD_VERSION,
            seed,
            rules,
            events: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_hides_the_seed() {
        let record = GameRecord::new(123_456_789, Rules::default());
        assert!(!format!("{record:?}").contains("123456789"));
        let game = crate::game::Game::new(123_456_789, Rules::default());
        let text = format!("{game:?}");
        assert!(
            !text.contains("123456789") && !text.contains("?R") && !text.contains("?B"),
            "{text}"
        );
    }
}
