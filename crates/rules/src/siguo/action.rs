//! A 四国 action (docs/rules.md §22): `move SB3 SC3`, with full post names. Input may drop
//! the word `move`, and the actor may name a post of their own arm bare (`move B3 C3`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::post::{SiguoPost, SiguoPostError};
use super::seat::SiguoSeat;

/// A move of the piece on `from` to `to` (an empty post, or an attack).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct SiguoAction {
    pub from: SiguoPost,
    pub to: SiguoPost,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SiguoActionParseError {
    #[error("empty action: write `move SB3 SC3`")]
    Empty,
    #[error("cannot read \"{0}\" as an action: write `move SB3 SC3`")]
    Malformed(String),
    #[error(transparent)]
    Post(#[from] SiguoPostError),
}

impl SiguoAction {
    pub const fn new(from: SiguoPost, to: SiguoPost) -> SiguoAction {
        SiguoAction { from, to }
    }

    /// Reads an action as `actor` types it: bare post names are on the actor's arm.
    pub fn parse_for(text: &str, actor: SiguoSeat) -> Result<SiguoAction, SiguoActionParseError> {
        parse(text, Some(actor))
    }
}

fn parse(text: &str, actor: Option<SiguoSeat>) -> Result<SiguoAction, SiguoActionParseError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let posts = match words.as_slice() {
        [] => return Err(SiguoActionParseError::Empty),
        [verb, posts @ ..] if verb.eq_ignore_ascii_case("move") => posts,
        posts => posts,
    };
    let &[from, to] = posts else {
        return Err(SiguoActionParseError::Malformed(
            text.trim().chars().take(40).collect(),
        ));
    };
    let read = |name: &str| match actor {
        Some(actor) => SiguoPost::parse_for(name, actor),
        None => name.parse(),
    };
    Ok(SiguoAction::new(read(from)?, read(to)?))
}

/// Reads `move SB3 SC3` (or `SB3 SC3`) with full post names.
impl FromStr for SiguoAction {
    type Err = SiguoActionParseError;
    fn from_str(text: &str) -> Result<SiguoAction, SiguoActionParseError> {
        parse(text, None)
    }
}

/// `move SB3 SC3`.
impl fmt::Display for SiguoAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} {}", self.from, self.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_spelling_and_writes_full_names() {
        let expected = SiguoAction::new("SB3".parse().expect("post"), "XC".parse().expect("post"));
        for text in ["move SB3 XC", "MOVE sb3 x", "SB3 XC", "move s-b3 x-c"] {
            assert_eq!(text.parse::<SiguoAction>(), Ok(expected), "{text}");
        }
        for text in ["move B3 X", "b3 xc", "move SB3 X"] {
            let read = SiguoAction::parse_for(text, SiguoSeat::South);
            assert_eq!(read, Ok(expected), "{text}");
        }
        assert_eq!(expected.to_string(), "move SB3 XC");
        let east = SiguoAction::parse_for("move B3 C3", SiguoSeat::East).expect("action");
        assert_eq!(east.to_string(), "move EB3 EC3");
    }

    #[test]
    fn refuses_nonsense_with_the_reason() {
        let rows = [
            ("", SiguoActionParseError::Empty),
            ("move", SiguoActionParseError::Malformed("move".into())),
            (
                "move SB3",
                SiguoActionParseError::Malformed("move SB3".into()),
            ),
            (
                "move SB3 SC3 SD3",
                SiguoActionParseError::Malformed("move SB3 SC3 SD3".into()),
            ),
            ("move B3 C3", SiguoPostError::NoArm("B3".into()).into()),
            ("move SF3 SC3", SiguoPostError::Column("SF3".into()).into()),
            ("move SB3 XQ", SiguoPostError::Centre("XQ".into()).into()),
        ];
        for (text, expected) in rows {
            assert_eq!(text.parse::<SiguoAction>(), Err(expected), "{text:?}");
        }
    }
}
