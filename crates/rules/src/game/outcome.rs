//! How a game ends (docs/rules.md §6).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

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
    pub const ALL: [WinReason; 6] = [
        WinReason::Flag,
        WinReason::NoMoves,
        WinReason::Timeouts,
        WinReason::Repetition,
        WinReason::Resignation,
        WinReason::Abandonment,
    ];

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
    pub const ALL: [DrawReason; 4] = [
        DrawReason::NoCapture,
        DrawReason::PlyLimit,
        DrawReason::Agreement,
        DrawReason::ClockLimit,
    ];

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

/// Why an outcome line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "cannot read \"{0}\" as an outcome: write `R wins: flag`, `B wins: no moves` or `draw: no capture`"
)]
pub struct OutcomeParseError(String);

/// Reads what `Display` writes: `R wins: flag`, `draw: ply limit`.
impl FromStr for Outcome<Colour> {
    type Err = OutcomeParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let refuse = || OutcomeParseError(text.chars().take(40).collect());
        if let Some(word) = text.strip_prefix("draw: ") {
            let reason = DrawReason::ALL.into_iter().find(|r| r.word() == word);
            return reason.map(Outcome::Draw).ok_or_else(refuse);
        }
        let (code, word) = text.split_once(" wins: ").ok_or_else(refuse)?;
        let mut chars = code.chars();
        let winner = match (chars.next().and_then(Colour::from_code), chars.next()) {
            (Some(colour), None) => colour,
            _ => return Err(refuse()),
        };
        let reason = WinReason::ALL.into_iter().find(|r| r.word() == word);
        reason
            .map(|reason| Outcome::Win { winner, reason })
            .ok_or_else(refuse)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_outcome_reads_back_what_it_writes() {
        let mut all: Vec<Outcome<Colour>> = DrawReason::ALL.map(Outcome::Draw).to_vec();
        for winner in Colour::BOTH {
            all.extend(WinReason::ALL.map(|reason| Outcome::Win { winner, reason }));
        }
        for outcome in all {
            assert_eq!(outcome.to_string().parse(), Ok(outcome));
        }
        for bad in [
            "",
            "ongoing",
            "draw: ",
            "X wins: flag",
            "R wins: luck",
            "RB wins: flag",
        ] {
            assert!(bad.parse::<Outcome<Colour>>().is_err(), "{bad:?}");
        }
    }
}
