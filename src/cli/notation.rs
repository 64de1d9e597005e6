//! `junqi-bot moves POSITION` and `junqi-bot apply POSITION ACTION`, one case or a batch from
//! standard input (`-`), exactly as docs/rules.md §8 describes them, for the flip game or,
//! with `--variant standard`, the standard games of §14 (whose cases are in [`super::standard`])
//! or, with `--variant siguo`, 四国 (§22, in [`super::siguo`]).
//!
//! Batches run at engine speed: actions are generated square by square in the text order of
//! their names, so answers come out sorted without sorting; they are written without the
//! formatting machinery, and every answer goes through one buffered writer.

use std::fmt::Write as _;
use std::io::{self, BufRead, BufWriter, Write};

use super::{siguo, standard};
use crate::game::{
    Action, Colour, Outcome, Position, Square, SquareSet, Variant, check_record_file,
};

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

/// Every square in the text order of its name. Walking squares in this order writes actions
/// already sorted as strings (`flip …` before `move …`, a move by its first square, then its
/// second), so no answer is ever sorted.
fn squares_in_text_order() -> Vec<Square> {
    let mut squares: Vec<Square> = Square::all().collect();
    squares.sort_by_key(|square| text_rank(*square));
    squares
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

/// Answers analysis cases of one variant, reusing what it can from one case to the next.
pub struct Analyst {
    text_order: Vec<Square>,
    variant: Variant,
}

impl Default for Analyst {
    fn default() -> Analyst {
        Analyst::for_variant(Variant::Flip)
    }
}

impl Analyst {
    pub fn new() -> Analyst {
        Analyst::default()
    }

    /// An analyst of `variant`'s positions, under its options.
    pub fn for_variant(variant: Variant) -> Analyst {
        Analyst {
            text_order: squares_in_text_order(),
            variant,
        }
    }

    /// Appends the moves of the pieces on `movers`, each to the squares `destinations` gives,
    /// one per line in text order: the moves every variant lists the same way.
    pub(super) fn write_moves(
        &self,
        movers: SquareSet,
        destinations: impl Fn(Square) -> SquareSet,
        out: &mut String,
    ) {
        for &from in &self.text_order {
            if !movers.contains(from) {
                continue;
            }
            let targets = destinations(from);
            if targets.is_empty() {
                continue;
            }
            for &to in &self.text_order {
                if targets.contains(to) {
                    push_action(out, Action::Move { from, to });
                    out.push('\n');
                }
            }
        }
    }

    /// Appends every legal action of the side to act to `out`, one per line, sorted as strings:
    /// the actions of [`Position::legal_actions`], generated square by square in text order.
    pub fn moves(&mut self, position_text: &str, out: &mut String) -> Result<(), CaseError> {
        match self.variant {
            Variant::Standard(options) => {
                return standard::moves(self, options, position_text, out);
            }
            Variant::Siguo => return siguo::moves(position_text, out),
            Variant::Flip => {}
        }
        let position = read_position(position_text)?;
        let board = &position.board;
        let face_down = board.face_down();
        for &square in &self.text_order {
            if face_down.contains(square) {
                push_action(out, Action::Flip(square));
                out.push('\n');
            }
        }
        let movers = board.revealed(position.turn);
        self.write_moves(
            movers,
            |from| {
                board
                    .destinations(position.turn, from, position.rules)
                    .all()
            },
            out,
        );
        Ok(())
    }

    /// Appends the position after the action, then the outcome line.
    pub fn apply(
        &mut self,
        position_text: &str,
        action_text: &str,
        out: &mut String,
    ) -> Result<(), CaseError> {
        match self.variant {
            Variant::Standard(options) => {
                return standard::apply(options, position_text, action_text, out);
            }
            Variant::Siguo => return siguo::apply(position_text, action_text, out),
            Variant::Flip => {}
        }
        let mut position = read_position(position_text)?;
        let action = read_action(action_text)?;
        write_applied(out, &mut position, action, |position| {
            position.apply(action)
        })
    }

    /// One `apply` batch line: `POSITION<TAB>ACTION`.
    pub fn apply_line(&mut self, line: &str, out: &mut String) -> Result<(), CaseError> {
        let (position, action) = line.split_once('\t').ok_or_else(|| {
            CaseError::Malformed("expected POSITION<TAB>ACTION on each line".into())
        })?;
        self.apply(position, action, out)
    }
}

pub(super) fn read_action(text: &str) -> Result<Action, CaseError> {
    text.parse()
        .map_err(|e| CaseError::Malformed(format!("malformed action: {e}")))
}

/// Plays `action` on `position` with `apply` and appends the answer, or says why the action is
/// illegal: the `apply` case of every variant.
pub(super) fn write_applied<P: std::fmt::Display, T, E: std::fmt::Display>(
    out: &mut String,
    position: &mut P,
    action: Action,
    apply: impl FnOnce(&mut P) -> Result<(T, Option<Outcome<Colour>>), E>,
) -> Result<(), CaseError> {
    let (_, outcome) =
        apply(position).map_err(|e| CaseError::Illegal(format!("illegal action {action}: {e}")))?;
    write_answer(out, position, outcome);
    Ok(())
}

/// Appends an `apply` answer: the position after the action, then the outcome line.
pub(super) fn write_answer<W: std::fmt::Display>(
    out: &mut String,
    position: &impl std::fmt::Display,
    outcome: Option<W>,
) {
    let _ = writeln!(out, "{position}");
    match outcome {
        Some(outcome) => {
            let _ = writeln!(out, "{outcome}");
        }
        None => out.push_str("ongoing\n"),
    }
}

/// The answer of one `moves` case of `variant`.
pub fn moves(variant: Variant, position_text: &str) -> Result<String, CaseError> {
    let mut out = String::new();
    Analyst::for_variant(variant).moves(position_text, &mut out)?;
    Ok(out)
}

/// The answer of one `apply` case of `variant`.
pub fn apply(
    variant: Variant,
    position_text: &str,
    action_text: &str,
) -> Result<String, CaseError> {
    let mut out = String::new();
    Analyst::for_variant(variant).apply(position_text, action_text, &mut out)?;
    Ok(out)
}

/// `apply --record FILE`: the final position of a game's record file and its outcome, in the
/// two lines of one `apply` case. A file that cannot be read or parsed is malformed (exit 2);
/// an illegal action or a result that does not match is exit 1.
pub fn apply_record(path: &std::path::Path) -> Result<String, CaseError> {
    let text = read_record(path)?;
    let (position, outcome) = check_record_file(&text)
        .map_err(|error| record_error(error.is_malformed(), error.to_string()))?;
    let mut out = String::new();
    write_answer(&mut out, &position, outcome);
    Ok(out)
}

/// The text of the record file at `path`; one that cannot be read is malformed (exit 2).
pub(super) fn read_record(path: &std::path::Path) -> Result<String, CaseError> {
    std::fs::read_to_string(path)
        .map_err(|e| CaseError::Malformed(format!("cannot read {}: {e}", path.display())))
}

/// A record file's refusal: malformed (exit 2) or a game that does not hold together (exit 1).
pub(super) fn record_error(malformed: bool, message: String) -> CaseError {
    if malformed {
        CaseError::Malformed(message)
    } else {
        CaseError::Illegal(message)
    }
}

/// Whether the record file at `path` says `variant NAME` on its first line that is not a `#`
/// comment. A file that cannot be read does not (the flip reader then reports why).
pub fn record_says_variant(path: &std::path::Path, name: &str) -> bool {
    std::fs::read_to_string(path).is_ok_and(|text| {
        text.lines()
            .map(str::trim)
            .find(|line| !line.is_empty() && !line.starts_with('#'))
            .and_then(|line| line.strip_prefix("variant "))
            .is_some_and(|variant| variant.trim() == name)
    })
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
    fn squares_in_text_order_are_sorted_as_their_names() {
        let names: Vec<String> = squares_in_text_order()
            .iter()
            .map(Square::to_string)
            .collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
        assert_eq!(names.len(), 60);
    }

    #[test]
    fn moves_lists_the_legal_actions_sorted_as_strings() {
        let mut analyst = Analyst::new();
        for seed in 1..40 {
            let mut position =
                Position::new(crate::game::deal(seed).board, crate::game::Colour::Red);
            for ply in 0..120u64 {
                let mut expected: Vec<String> = position
                    .legal_actions()
                    .iter()
                    .map(Action::to_string)
                    .collect();
                expected.sort();
                let mut out = String::new();
                analyst
                    .moves(&position.to_string(), &mut out)
                    .expect("a position it wrote itself");
                let listed: Vec<&str> = out.lines().collect();
                assert_eq!(listed, expected, "seed {seed}, ply {ply}: {position}");
                let actions = position.legal_actions();
                let Some(&action) =
                    actions.get((seed * 7 + ply * 13) as usize % actions.len().max(1))
                else {
                    break;
                };
                if position.play_unchecked(action).1.is_some() {
                    break;
                }
            }
        }
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
