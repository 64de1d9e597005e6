//! The analysis commands for 四国 (docs/rules.md §22): `moves --variant siguo` and
//! `apply --variant siguo`, for the standard deal. Their output has the form of the other
//! variants' (§8): actions sorted as strings; the position after, then the outcome line.

use junqi_rules::siguo::{SiguoAction, SiguoPosition};

use super::notation::{CaseError, write_answer};

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
