//! `junqi-bot moves POSITION` and `junqi-bot apply POSITION ACTION`, one case or a batch from
//! standard input (`-`), exactly as docs/rules.md §8 describes them.
//!
//! Batches run at engine speed: one [`Analyst`] keeps its buffers from case to case, actions
//! are sorted by a numeric key that matches their text order instead of as strings, and every
//! answer goes through one buffered writer.

use std::fmt::Write as _;
use std::io::{self, BufRead, BufWriter, Write};

use crate::game::{Action, Position, Square, check_record_file};

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

/// Where a square's name falls in text order: by column, then by row as text, where `A1` <
/// `A10` < `A11` < `A12` < `A2` < … < `A9`.
fn text_rank(square: Square) -> u16 {
    let row = u16::from(square.row()) + 1;
    let row_rank = match row {
        1 => 0,
        10..=12 => row - 9,
        _ => row + 2,
    };
    u16::from(square.column()) * 12 + row_rank
}

/// A key whose order is the order of the actions' text (`flip …` before `move …`; a move by
/// its first square, then its second). A shorter square name is a prefix of the longer ones
/// it sorts before, and is followed by a space or the line end, both below any digit, so
/// comparing names square by square gives the text order.
fn text_order(action: Action) -> u16 {
    match action {
        Action::Flip(square) => text_rank(square),
        Action::Move { from, to } => (1 << 12) | (text_rank(from) << 6) | text_rank(to),
    }
}

fn push_square(out: &mut String, square: Square) {
    out.push(char::from(b'A' + square.column()));
    let row = square.row() + 1;
    if row >= 10 {
        out.push('1');
    }
    out.push(char::from(b'0' + row % 10));
}

/// Writes an action as `Display` does, without the formatting machinery.
fn push_action(out: &mut String, action: Action) {
    match action {
        Action::Flip(square) => {
            out.push_str("flip ");
            push_square(out, square);
        }
        Action::Move { from, to } => {
            out.push_str("move ");
            push_square(out, from);
            out.push(' ');
            push_square(out, to);
        }
    }
}

/// Answers analysis cases, reusing its buffers from one case to the next.
#[derive(Default)]
pub struct Analyst {
    actions: Vec<Action>,
}

impl Analyst {
    pub fn new() -> Analyst {
        Analyst::default()
    }

    /// Appends every legal action of the side to act to `out`, one per line, sorted as strings.
    pub fn moves(&mut self, position_text: &str, out: &mut String) -> Result<(), CaseError> {
        let position = read_position(position_text)?;
        self.actions.clear();
        position.legal_actions_into(&mut self.actions);
        self.actions
            .sort_unstable_by_key(|action| text_order(*action));
        for action in &self.actions {
            push_action(out, *action);
            out.push('\n');
        }
        Ok(())
    }

    /// Appends the position after the action, then the outcome line.
    pub fn apply(
        &mut self,
        position_text: &str,
        action_text: &str,
        out: &mut String,
    ) -> Result<(), CaseError> {
        let mut position = read_position(position_text)?;
        let action: Action = action_text
            .parse()
            .map_err(|e| CaseError::Malformed(format!("malformed action: {e}")))?;
        let (_, outcome) = position
            .apply(action)
            .map_err(|e| CaseError::Illegal(format!("illegal action {action}: {e}")))?;
        let _ = writeln!(out, "{position}");
        match outcome {
            Some(outcome) => {
                let _ = writeln!(out, "{outcome}");
            }
            None => out.push_str("ongoing\n"),
        }
        Ok(())
    }

    /// One `apply` batch line: `POSITION<TAB>ACTION`.
    pub fn apply_line(&mut self, line: &str, out: &mut String) -> Result<(), CaseError> {
        let (position, action) = line.split_once('\t').ok_or_else(|| {
            CaseError::Malformed("expected POSITION<TAB>ACTION on each line".into())
        })?;
        self.apply(position, action, out)
    }
}

/// The answer of one `moves` case.
pub fn moves(position_text: &str) -> Result<String, CaseError> {
    let mut out = String::new();
    Analyst::new().moves(position_text, &mut out)?;
    Ok(out)
}

/// The answer of one `apply` case.
pub fn apply(position_text: &str, action_text: &str) -> Result<String, CaseError> {
    let mut out = String::new();
    Analyst::new().apply(position_text, action_text, &mut out)?;
    Ok(out)
}

/// `apply --record FILE`: the final position of a game's record file and its outcome, in the
/// two lines of one `apply` case. A file that cannot be read or parsed is malformed (exit 2);
/// an illegal action or a result that does not match is exit 1.
pub fn apply_record(path: &std::path::Path) -> Result<String, CaseError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CaseError::Malformed(format!("cannot read {}: {e}", path.display())))?;
    let (position, outcome) = check_record_file(&text).map_err(|error| {
        if error.is_malformed() {
            CaseError::Malformed(error.to_string())
        } else {
            CaseError::Illegal(error.to_string())
        }
    })?;
    let mut out = format!("{position}\n");
    match outcome {
        Some(outcome) => {
            let _ = writeln!(out, "{outcome}");
        }
        None => out.push_str("ongoing\n"),
    }
    Ok(out)
}

/// Runs a batch: each input line is one case; each answer is followed by one empty line. A
/// failing case prints `error: …` as its answer and the batch goes on; the exit code is the
/// worst seen (0, 1 or 2). `case` appends its answer to the string it is given.
pub fn batch(
    mut input: impl BufRead,
    out: impl Write,
    mut case: impl FnMut(&str, &mut String) -> Result<(), CaseError>,
) -> io::Result<u8> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let mut worst = 0;
    let mut line = String::new();
    let mut answer = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            break;
        }
        let text = line.strip_suffix('\n').unwrap_or(&line);
        let text = text.strip_suffix('\r').unwrap_or(text);
        if text.trim().is_empty() {
            continue;
        }
        answer.clear();
        if let Err(error) = case(text, &mut answer) {
            worst = worst.max(error.exit_code());
            answer.clear();
            answer.push_str("error: ");
            answer.push_str(error.message());
            answer.push('\n');
        }
        answer.push('\n');
        out.write_all(answer.as_bytes())?;
    }
    out.flush()?;
    Ok(worst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numeric_order_is_the_text_order() {
        let mut all: Vec<Action> = Square::all().map(Action::Flip).collect();
        for from in Square::all() {
            all.extend(Square::all().map(|to| Action::Move { from, to }));
        }
        let mut by_key = all.clone();
        by_key.sort_by_key(|action| text_order(*action));
        let mut by_text = all;
        by_text.sort_by_key(|action| action.to_string());
        assert_eq!(by_key, by_text);
    }

    #[test]
    fn actions_are_written_as_display_writes_them() {
        for from in Square::all() {
            for action in Square::all().map(|to| Action::Move { from, to }) {
                let mut out = String::new();
                push_action(&mut out, action);
                assert_eq!(out, action.to_string());
            }
            let mut out = String::new();
            push_action(&mut out, Action::Flip(from));
            assert_eq!(out, Action::Flip(from).to_string());
        }
    }
}
