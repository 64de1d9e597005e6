//! Reading `/tournament [create|join|leave|cancel] [minutes:N] [seconds:N] [starts_in:N]
//! [rated:true|false] [game:flip|dark|open]`: the options only with `create`, which needs minutes and seconds. In
//! the console anyone may organise.

use super::{ParseError, Words, echo};
use crate::service::{Command, Rights, TournamentCommand};

pub(super) fn tournament(w: &Words<'_>) -> Result<Command, ParseError> {
    w.expect()?;
    let sub = w.positional.first().map(|word| word.to_lowercase());
    if sub.as_deref() != Some("create") {
        w.expect_no_options()?;
    }
    let command = match sub.as_deref() {
        None => TournamentCommand::Show,
        Some("create") => {
            let required = |name: &str| -> Result<u32, ParseError> {
                w.number(name)?
                    .ok_or_else(|| w.problem(format!("{name}: is needed; usage: {}", w.usage())))
            };
            TournamentCommand::Create {
                minutes: required("minutes")?,
                seconds: required("seconds")?,
                starts_in: w.number("starts_in")?,
                rated: w.flag("rated")?,
                game: w.game()?,
                rights: Rights::all(),
            }
        }
        Some("join") => TournamentCommand::Join { tournament: None },
        Some("leave") => TournamentCommand::Leave { tournament: None },
        Some("cancel") => TournamentCommand::Cancel {
            rights: Rights::all(),
        },
        Some(other) => {
            let usage = w.usage();
            return Err(w.problem(format!("\"{}\": usage: {usage}", echo(other))));
        }
    };
    Ok(Command::Tournament(command))
}

#[cfg(test)]
mod tests {
    use super::super::parse_command;
    use crate::service::{Command, Rights, TournamentCommand};

    #[test]
    fn reads_every_tournament_command() {
        let table = [
            ("tournament", Some(TournamentCommand::Show)),
            (
                "tournament create minutes:10 seconds:20 starts_in:0",
                Some(TournamentCommand::Create {
                    minutes: 10,
                    seconds: 20,
                    starts_in: Some(0),
                    rated: None,
                    game: crate::GameKind::Flip,
                    rights: Rights::all(),
                }),
            ),
            (
                "tournament create minutes:3 seconds:30 rated:false",
                Some(TournamentCommand::Create {
                    minutes: 3,
                    seconds: 30,
                    starts_in: None,
                    rated: Some(false),
                    game: crate::GameKind::Flip,
                    rights: Rights::all(),
                }),
            ),
            (
                "tournament create minutes:5 seconds:30 game:dark",
                Some(TournamentCommand::Create {
                    minutes: 5,
                    seconds: 30,
                    starts_in: None,
                    rated: None,
                    game: crate::GameKind::Dark,
                    rights: Rights::all(),
                }),
            ),
            (
                "tournament join",
                Some(TournamentCommand::Join { tournament: None }),
            ),
            (
                "tournament leave",
                Some(TournamentCommand::Leave { tournament: None }),
            ),
            (
                "tournament cancel",
                Some(TournamentCommand::Cancel {
                    rights: Rights::all(),
                }),
            ),
            ("tournament create seconds:20", None),
            ("tournament create minutes:x seconds:20", None),
            ("tournament create minutes:5 seconds:20 rated:maybe", None),
            ("tournament create minutes:5 seconds:20 colour:red", None),
            ("tournament create minutes:5 seconds:20 game:siguo", None),
            ("tournament join game:dark", None),
            ("tournament play", None),
            ("tournament join now", None),
        ];
        for (text, expected) in table {
            let parsed = parse_command(text).ok();
            assert_eq!(parsed, expected.map(Command::Tournament), "{text}");
        }
    }
}
