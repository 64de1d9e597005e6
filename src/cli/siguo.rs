//! The analysis commands for 四国 (docs/rules.md §22): `moves --variant siguo` and
//! `apply --variant siguo`, for the standard deal, and `apply --variant siguo --record FILE`,
//! which checks a hosted game's record file. Their output has the form of the other
//! variants' (§8): actions sorted as strings; the position after, then the outcome line.

use junqi_rules::siguo::{SiguoAction, SiguoPosition, check_siguo_record_file};

use super::notation::{CaseError, read_record, record_error, write_answer};

fn read_position(text: &str) -> Result<SiguoPosition, CaseError> {
    text.parse()
        .map_err(|e| CaseError::Malformed(format!("malformed position: {e}")))
}

/// Appends every legal action of the seat to act, one per line, sorted as strings.
pub(super) fn moves(position_text: &str, out: &mut String) -> Result<(), CaseError> {
    let position = read_position(position_text)?;
    let mut actions: Vec<String> = position
        .legal_actions()
        .iter()
        .map(SiguoAction::to_string)
        .collect();
    actions.sort_unstable();
    for action in actions {
        out.push_str(&action);
        out.push('\n');
    }
    Ok(())
}

/// Appends the position after the action, then the outcome line. The action may name the
/// actor's own posts bare (`move B3 C3`).
pub(super) fn apply(
    position_text: &str,
    action_text: &str,
    out: &mut String,
) -> Result<(), CaseError> {
    let mut position = read_position(position_text)?;
    let action = SiguoAction::parse_for(action_text, position.turn)
        .map_err(|e| CaseError::Malformed(format!("malformed action: {e}")))?;
    let (_, outcome) = position
        .apply(action)
        .map_err(|e| CaseError::Illegal(format!("illegal action {action}: {e}")))?;
    write_answer(out, &position, outcome);
    Ok(())
}

/// Whether the record file at `path` is a 四国 game's: its first line that is not a `#`
/// comment is `variant siguo`.
pub fn is_siguo_record_file(path: &std::path::Path) -> bool {
    super::notation::record_says_variant(path, "siguo")
}

/// `apply --variant siguo --record FILE`: replays a 四国 game's record file through every check
/// of a live game, comparing each verdict, and answers with the referee's final board and the
/// outcome. A file that cannot be read or parsed is malformed (exit 2); an event the rules
/// refuse or a false verdict is exit 1.
pub fn apply_record(path: &std::path::Path) -> Result<String, CaseError> {
    let text = read_record(path)?;
    let (position, outcome) = check_siguo_record_file(&text).map_err(|error| {
        let message = match error.is_malformed() {
            true => format!("malformed record: {error}"),
            false => error.to_string(),
        };
        record_error(error.is_malformed(), message)
    })?;
    let mut out = String::new();
    write_answer(&mut out, &position, outcome);
    Ok(out)
}
