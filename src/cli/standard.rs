//! The analysis commands for the standard games (docs/rules.md §14): `moves --variant standard`,
//! `apply --variant standard` (with `--rule NAME`), `apply --variant standard --record FILE`
//! and `layout check`. Their output has the form of the flip game's (§8).

use junqi_rules::standard::{Layout, StandardGame, StandardPosition, StandardRecord};

use super::notation::{Analyst, CaseError, read_action, write_answer, write_applied};
use crate::game::StandardOptions;

fn read_position(text: &str, options: StandardOptions) -> Result<StandardPosition, CaseError> {
    let mut position = text
        .parse::<StandardPosition>()
        .map_err(|e| CaseError::Malformed(format!("malformed position: {e}")))?;
    position.options = options;
    Ok(position)
}

/// Whether the record file at `path` is a standard game's: its first line that is not a `#`
/// comment is `variant standard`.
pub fn is_standard_record_file(path: &std::path::Path) -> bool {
    super::notation::record_says_variant(path, "standard")
}

/// Appends every legal move of the side to act, one per line, sorted as strings.
pub(super) fn moves(
    analyst: &Analyst,
    options: StandardOptions,
    position_text: &str,
    out: &mut String,
) -> Result<(), CaseError> {
    let position = read_position(position_text, options)?;
    // Every piece of a standard position is face up on the referee's board.
    let own = position.board.revealed(position.turn);
    analyst.write_moves(own, |from| position.destinations(from).all(), out);
    Ok(())
}

/// Appends the position after the action, then the outcome line.
pub(super) fn apply(
    options: StandardOptions,
    position_text: &str,
    action_text: &str,
    out: &mut String,
) -> Result<(), CaseError> {
    let mut position = read_position(position_text, options)?;
    let action = read_action(action_text)?;
    write_applied(out, &mut position, action, |position| {
        position.apply(action)
    })
}

/// `apply --variant standard --record FILE`: replays a standard game's record, checking every
/// verdict, and answers with its final position and outcome. A file that cannot be read or
/// parsed is malformed (exit 2); an illegal move or a false verdict is exit 1.
pub fn apply_record(path: &std::path::Path) -> Result<String, CaseError> {
    let text = super::notation::read_record(path)?;
    let record: StandardRecord = text
        .parse()
        .map_err(|e| CaseError::Malformed(format!("malformed record: {e}")))?;
    let game = StandardGame::replay(&record).map_err(|e| CaseError::Illegal(e.to_string()))?;
    let mut out = String::new();
    write_answer(&mut out, game.position(), game.outcome());
    Ok(out)
}

/// `layout check LAYOUT`: `valid` and the layout as the rules write it, or the rule broken
/// and its post (exit 2).
pub fn check_layout(text: &str) -> Result<String, CaseError> {
    let layout: Layout = text
        .parse()
        .map_err(|e| CaseError::Malformed(format!("invalid layout: {e}")))?;
    Ok(format!("valid: {layout}\n"))
}
