//! Reading `/tournament [create minutes:M seconds:S [starts_in:K] [rated:true|false] | join |
//! leave | cancel]`. In the console anyone may organise.

use super::{ParseError, Words, echo};
use crate::service::{Command, Rights, TournamentCommand};

const USAGE: &str = "/tournament [create minutes:M seconds:S [starts_in:K] [rated:true|false] | join | leave | cancel]";

pub(super) fn tournament(w: &Words<'_>) -> Result<Command, ParseError> {
    let sub = w.positional.first().map(|word| word.to_lowercase());
    let command = match sub.as_deref() {
        None => {
            w.expect(0, 0, &[], USAGE)?;
            TournamentCommand::Show
        }
        Some("create") => {
            w.expect(1, 1, &["minutes", "seconds", "starts_in", "rated"], USAGE)?;
            let required = |name: &str| -> Result<u32, ParseError> {
                w.number(name)?
                    .ok_or_else(|| w.problem(format!("{name}: is needed; usage: {USAGE}")))
            };
            let rated = match w.option("rated") {
                None => None,
                Some("true") => Some(true),
                Some("false") => Some(false),
                Some(other) => {
                    return Err(
                        w.problem(format!("rated:\"{}\": write true or false", echo(other)))
                    );
                }
            };
            TournamentCommand::Create {
                minutes: required("minutes")?,
                seconds: required("seconds")?,
                starts_in: w.number("starts_in")?,
                rated,
                rights: Rights::all(),
            }
        }
        Some(verb @ ("join" | "leave" | "cancel")) => {
            w.expect(1, 1, &[], USAGE)?;
            match verb {
                "join" => TournamentCommand::Join { tournament: None },
                "leave" => TournamentCommand::Leave { tournament: None },
                _ => TournamentCommand::Cancel {
                    rights: Rights::all(),
                },
            }
        }
        Some(other) => {
            return Err(w.problem(format!("\"{}\": usage: {USAGE}", echo(other))));
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
            ("tournament play", None),
            ("tournament join now", None),
        ];
        for (text, expected) in table {
            let parsed = parse_command(text).ok();
            assert_eq!(parsed, expected.map(Command::Tournament), "{text}");
        }
    }
}
