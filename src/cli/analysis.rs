//! `junqi-bot moves POSITION` and `junqi-bot apply POSITION ACTION`, one case or a batch from
//! standard input (`-`), exactly as docs/rules.md §8 describes them.

use std::io::{BufRead, Write};

use crate::game::{Action, Position};

/// How a case failed, and the exit code it maps to.
#[derive(Debug)]
pub enum CaseError {
    /// A malformed position or action (exit 2).
    Malformed(String),
    /// An illegal action (exit 1).
    Illegal(String),
}

impl CaseError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CaseError::Malformed(_) => 2,
            CaseError::Illegal(_) => 1,
        }
    }

    pub fn message(&self) -> &str {
        match self {
            CaseError::Malformed(m) | CaseError::Illegal(m) => m,
        }
    }
}

fn read_position(text: &str) -> Result<Position, CaseError> {
    text.parse::<Position>()
        .map_err(|e| CaseError::Malformed(format!("malformed position: {e}")))
}

/// Every legal action of the side to act, one per line, sorted as strings.
pub fn moves(position_text: &str) -> Result<String, CaseError> {
    let position = read_position(position_text)?;
    let mut lines: Vec<String> = position
        .legal_actions()
        .iter()
        .map(Action::to_string)
        .collect();
    lines.sort();
    Ok(lines.iter().map(|line| format!("{line}\n")).collect())
}

/// The position after the action, then the outcome line.
pub fn apply(position_text: &str, action_text: &str) -> Result<String, CaseError> {
    let mut position = read_position(position_text)?;
    let action: Action = action_text
        .parse()
        .map_err(|e| CaseError::Malformed(format!("malformed action: {e}")))?;
    let (_, outcome) = position
        .apply(action)
        .map_err(|e| CaseError::Illegal(format!("illegal action {action}: {e}")))?;
    let outcome = outcome.map_or_else(|| "ongoing".to_string(), |o| o.to_string());
    Ok(format!("{}\n{outcome}\n", position))
}

/// Runs a batch: each input line is one case; each answer is followed by one empty line. A
/// failing case prints `error: …` as its answer and the batch goes on; the exit code is the
/// worst seen (0, 1 or 2).
pub fn batch(
    input: impl BufRead,
    mut out: impl Write,
    case: impl Fn(&str) -> Result<String, CaseError>,
) -> std::io::Result<u8> {
    let mut worst = 0;
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        match case(&line) {
            Ok(answer) => writeln!(out, "{answer}")?,
            Err(error) => {
                worst = worst.max(error.exit_code());
                write!(out, "error: {}\n\n", error.message())?;
            }
        }
    }
    out.flush()?;
    Ok(worst)
}

/// One `apply` batch line: `POSITION<TAB>ACTION`.
pub fn apply_line(line: &str) -> Result<String, CaseError> {
    let (position, action) = line
        .split_once('\t')
        .ok_or_else(|| CaseError::Malformed("expected POSITION<TAB>ACTION on each line".into()))?;
    apply(position, action)
}
