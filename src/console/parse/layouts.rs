//! Reading `/layouts [delete name:NAME]`.

use super::{ParseError, Words, echo};
use crate::service::Command;

/// `/layouts` lists the caller's saved layouts; `/layouts delete name:NAME` removes one.
pub(super) fn layouts(w: &Words<'_>) -> Result<Command, ParseError> {
    w.expect()?;
    let action = w.positional.first().map(|word| word.to_lowercase());
    match (action.as_deref(), w.option("name")) {
        (None, None) => Ok(Command::Layouts { delete: None }),
        (Some("delete"), Some(name)) => Ok(Command::Layouts {
            delete: Some(name.to_string()),
        }),
        (Some("delete"), None) => Err(w.problem(format!("name: is missing: usage: {}", w.usage()))),
        (None, Some(_)) => Err(w.problem(format!("name: goes with delete: usage: {}", w.usage()))),
        (Some(other), _) => Err(w.problem(format!(
            "\"{}\": write delete, or nothing to list your layouts",
            echo(other)
        ))),
    }
}
