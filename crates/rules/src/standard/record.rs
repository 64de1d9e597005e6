//! The record of a standard game (docs/rules.md §14): both layouts, the options, the draw
//! limits and every move with the referee's verdict, in a text file that replays and checks
//! each verdict, so that a finished game can be verified later.
//!
//! ```text
//! variant standard
//! rule mine_survives
//! quiet_limit 80
//! ply_limit 300
//! red 6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4
//! black 6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4
//! move A6 A7 # both removed
//! timeout
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::layout::{Layout, LayoutError};
use super::position::{Verdict, VerdictError};
use crate::game::{Action, ActionParseError, Rules, StandardOptions, StandardRule};

/// Everything a standard game's result follows from.
#[derive(Clone, PartialEq, Eq)]
pub struct StandardRecord {
    pub options: StandardOptions,
    /// The server's numbers; only the draw limits matter to a replay.
    pub rules: Rules,
    pub red: Layout,
    pub black: Layout,
    /// Every turn in order: a move with the verdict the referee gave, or a timeout.
    pub moves: Vec<RecordedTurn>,
}

/// One turn of a standard record.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RecordedTurn {
    /// The colour to act moved, and the referee judged it so.
    Move(Action, Verdict),
    /// The colour to act ran out of time and the turn passed (written `timeout`).
    Timeout,
}

/// The layouts are secret until the game ends, so Debug output (logs, panics) leaves them out.
impl fmt::Debug for StandardRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StandardRecord")
            .field("options", &self.options)
            .field("layouts", &"<hidden>")
            .field("moves", &self.moves)
            .finish()
    }
}

impl StandardRecord {
    pub fn new(red: Layout, black: Layout, options: StandardOptions, rules: Rules) -> Self {
        StandardRecord {
            options,
            rules,
            red,
            black,
            moves: Vec::new(),
        }
    }
}

/// Why a record file could not be read; `line` counts from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StandardRecordError {
    #[error("line {line}: {reason}")]
    Line { line: usize, reason: String },
    #[error("the record has no {0} line")]
    Missing(&'static str),
}

/// Writes the record file described in the module docs.
impl fmt::Display for StandardRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "variant standard")?;
        for rule in StandardRule::ALL {
            if self.options.with(rule) == self.options {
                writeln!(f, "rule {rule}")?;
            }
        }
        if self.options.open {
            writeln!(f, "open")?;
        }
        writeln!(f, "quiet_limit {}", self.rules.quiet_limit)?;
        writeln!(f, "ply_limit {}", self.rules.ply_limit)?;
        writeln!(f, "red {}", self.red)?;
        writeln!(f, "black {}", self.black)?;
        for turn in &self.moves {
            match turn {
                RecordedTurn::Move(action, verdict) => writeln!(f, "{action} # {verdict}")?,
                RecordedTurn::Timeout => writeln!(f, "timeout")?,
            }
        }
        Ok(())
    }
}

/// Reads a record file; lines starting with `#` are comments.
impl FromStr for StandardRecord {
    type Err = StandardRecordError;

    fn from_str(text: &str) -> Result<StandardRecord, StandardRecordError> {
        let mut options = StandardOptions::default();
        let mut rules = Rules::default();
        let (mut red, mut black, mut variant) = (None, None, false);
        let mut moves = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let fail = |reason: String| StandardRecordError::Line {
                line: index + 1,
                reason,
            };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            let rest = rest.trim();
            let number = |rest: &str| {
                rest.parse::<u16>()
                    .map_err(|_| fail(format!("{word} must be a whole number, not \"{rest}\"")))
            };
            let layout = |rest: &str| {
                rest.parse::<Layout>()
                    .map_err(|e: LayoutError| fail(e.to_string()))
            };
            match word {
                "variant" if rest == "standard" => variant = true,
                "variant" => return Err(fail(format!("not a standard game: variant {rest}"))),
                "rule" => {
                    let rule: StandardRule = rest.parse().map_err(|e| fail(format!("{e}")))?;
                    options = options.with(rule);
                }
                "open" => options.open = true,
                "quiet_limit" => rules.quiet_limit = number(rest)?,
                "ply_limit" => rules.ply_limit = number(rest)?,
                "red" => red = Some(layout(rest)?),
                "black" => black = Some(layout(rest)?),
                "timeout" if rest.is_empty() => moves.push(RecordedTurn::Timeout),
                _ => {
                    let (action, verdict) = line
                        .split_once('#')
                        .ok_or_else(|| fail("a move needs its verdict after '#'".into()))?;
                    let action: Action = action
                        .parse()
                        .map_err(|e: ActionParseError| fail(e.to_string()))?;
                    let verdict: Verdict = verdict
                        .parse()
                        .map_err(|e: VerdictError| fail(e.to_string()))?;
                    moves.push(RecordedTurn::Move(action, verdict));
                }
            }
        }
        if !variant {
            return Err(StandardRecordError::Missing("variant standard"));
        }
        let red = red.ok_or(StandardRecordError::Missing("red"))?;
        let black = black.ok_or(StandardRecordError::Missing("black"))?;
        Ok(StandardRecord {
            options,
            rules,
            red,
            black,
            moves,
        })
    }
}
