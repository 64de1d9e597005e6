//! Reading `/cancel game:N [reason:WORDS…]`. In the console every member counts as a server
//! admin (a player of the game is still refused by the service); the reason runs to the end of
//! the line, so `reason:left the table` keeps all three words.

use super::{ParseError, Words, echo};
use crate::service::{Command, Rights};

pub(super) fn cancel(w: &Words<'_>) -> Result<Command, ParseError> {
    w.expect_words(0..=usize::MAX)?;
    let game = match w.option("game") {
        None => return Err(w.problem(format!("usage: {}", w.usage()))),
        Some(text) => text
            .trim_start_matches('#')
            .parse::<u64>()
            .map_err(|_| w.problem(format!("game:\"{}\" is not a game number", echo(text))))?,
    };
    let reason = match w.option("reason") {
        Some(first) => std::iter::once(first)
            .chain(w.positional.iter().copied())
            .collect::<Vec<_>>()
            .join(" "),
        None if w.positional.is_empty() => String::new(),
        None => return Err(w.problem(format!("usage: {}", w.usage()))),
    };
    Ok(Command::Cancel {
        game,
        reason,
        rights: Rights::all(),
    })
}

#[cfg(test)]
mod tests {
    use super::super::parse_command;
    use crate::service::{Command, Rights};

    #[test]
    fn cancel_lines_read() {
        let cancel = |game, reason: &str| Command::Cancel {
            game,
            reason: reason.into(),
            rights: Rights::all(),
        };
        assert_eq!(
            parse_command("cancel game:3 reason:spam"),
            Ok(cancel(3, "spam"))
        );
        assert_eq!(
            parse_command("cancel game:#4 reason:left the table"),
            Ok(cancel(4, "left the table"))
        );
        assert_eq!(parse_command("cancel game:5"), Ok(cancel(5, "")));
        for bad in ["cancel", "cancel game:x", "cancel 3", "cancel game:3 why"] {
            assert!(parse_command(bad).is_err(), "{bad}");
        }
    }
}
