//! How a game ends (docs/rules.md §6).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::piece::Colour;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum WinReason {
    /// The loser's flag was taken.
    Flag,
    /// The loser had no legal action on their turn.
    NoMoves,
    /// The loser ran out of time three times.
    Timeouts,
    /// The loser repeated one action 4 times in their last 7.
    Repetition,
    Resignation,
    Abandonment,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum DrawReason {
    /// 80 actions without an attack.
    NoCapture,
    /// 300 actions in all.
    PlyLimit,
    /// A draw offer was accepted.
    Agreement,
    /// The game lasted 3 hours.
    ClockLimit,
}

/// The end of a game: a win for one side (`W` is a colour or a seat) or a draw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Outcome<W> {
    Win { winner: W, reason: WinReason },
    Draw(DrawReason),
}

impl<W: Copy> Outcome<W> {
    pub fn winner(&self) -> Option<W> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw(_) => None,
        }
    }
}

impl WinReason {
    /// The word used by `junqi-bot apply` and in messages.
    pub fn word(self) -> &'static str {
        match self {
            WinReason::Flag => "flag",
            WinReason::NoMoves => "no moves",
            WinReason::Timeouts => "timeouts",
            WinReason::Repetition => "repetition",
            WinReason::Resignation => "resignation",
            WinReason::Abandonment => "abandonment",
        }
    }
}

impl DrawReason {
    pub fn word(self) -> &'static str {
        match self {
            DrawReason::NoCapture => "no capture",
            DrawReason::PlyLimit => "ply limit",
            DrawReason::Agreement => "agreement",
            DrawReason::ClockLimit => "time limit",
        }
    }
}

impl fmt::Display for Outcome<Colour> {
    /// `R wins: flag`, `draw: no capture`: the form of docs/rules.md §8.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                write!(f, "{} wins: {}", winner.code(), reason.word())
            }
            Outcome::Draw(reason) => write!(f, "draw: {}", reason.word()),
        }
    }
}
