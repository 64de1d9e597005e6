//! Actions (docs/rules.md §4): flip a face-down piece or move a revealed one; written `flip B3`,
//! `move B3 C3`, and read leniently (`B3C3`, `b3-c3`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::square::{Square, SquareError};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    Flip(Square),
    Move { from: Square, to: Square },
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionParseError {
    #[error("empty action: write `flip B3` or `move B3 C3`")]
    Empty,
    #[error(transparent)]
    Square(#[from] SquareError),
    #[error("cannot read \"{0}\" as an action: write `flip B3` or `move B3 C3`")]
    Malformed(String),
}

impl Action {
    /// The square the action starts from (the flipped square or the moving piece's square).
    pub fn from_square(self) -> Square {
        match self {
            Action::Flip(square) => square,
            Action::Move { from, .. } => from,
        }
    }

    /// Where the action starts and ends: a flip starts and ends on its square.
    pub fn squares(self) -> (Square, Square) {
        match self {
            Action::Flip(square) => (square, square),
            Action::Move { from, to } => (from, to),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Flip(square) => write!(f, "flip {square}"),
            Action::Move { from, to } => write!(f, "move {from} {to}"),
        }
    }
}

/// Splits `B3C3`, `b3-c3` or `B12E12` into two square texts.
fn split_joined(text: &str) -> Option<(&str, &str)> {
    if let Some((a, b)) = text.split_once(['-', '>']) {
        return Some((a, b.trim_start_matches('>')));
    }
    let second = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())?
        .0;
    Some(text.split_at(second))
}

impl FromStr for Action {
    type Err = ActionParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let malformed = || ActionParseError::Malformed(text.trim().chars().take(40).collect());
        let (verb, rest) = match words.split_first() {
            None => return Err(ActionParseError::Empty),
            Some((first, rest)) => (first.to_ascii_lowercase(), rest),
        };
        match (verb.as_str(), rest) {
            ("flip", [square]) => Ok(Action::Flip(square.parse()?)),
            ("move", [from, to]) => Ok(Action::Move {
                from: from.parse()?,
                to: to.parse()?,
            }),
            ("move", [joined]) => {
                let (from, to) = split_joined(joined).ok_or_else(malformed)?;
                Ok(Action::Move {
                    from: from.parse()?,
                    to: to.parse()?,
                })
            }
            (_, []) if verb.len() > 3 => {
                let (from, to) = split_joined(&verb).ok_or_else(malformed)?;
                Ok(Action::Move {
                    from: from.parse()?,
                    to: to.parse()?,
                })
            }
            _ => Err(malformed()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_spelling() {
        let b3: Square = "B3".parse().unwrap();
        let c3: Square = "C3".parse().unwrap();
        let mv = Action::Move { from: b3, to: c3 };
        for text in [
            "move B3 C3",
            "MOVE b3 c3",
            "move B3C3",
            "move b3-c3",
            "B3C3",
            "b3-c3",
            "b3->c3",
        ] {
            assert_eq!(text.parse::<Action>(), Ok(mv), "{text}");
        }
        assert_eq!("flip b3".parse::<Action>(), Ok(Action::Flip(b3)));
        let long: Action = "A12E12".parse().unwrap();
        assert_eq!(long.to_string(), "move A12 E12");
        assert_eq!(mv.to_string(), "move B3 C3");
    }

    #[test]
    fn refuses_nonsense() {
        for bad in [
            "",
            "flip",
            "flip Z9",
            "move B3",
            "jump B3 C3",
            "move B3 C3 D3",
            "B3",
            "fl1p B3",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?}");
        }
    }
}
