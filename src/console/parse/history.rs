//! Reading `/history [@member] [page:N]`, `/replay GAME [speed]` and `/analyse GAME`.

use super::{ParseError, Words};
use crate::service::{Command, SPEEDS};

/// `/history [@member] [page:N]`; pages are numbered from 1 here, from 0 in the command.
pub(super) fn history(w: &Words<'_>) -> Result<Command, ParseError> {
    w.expect()?;
    let member = w
        .positional
        .first()
        .map(|text| w.member_or_ai(text))
        .transpose()?;
    let page = match w.option("page") {
        None => 0,
        Some(text) => match text.parse::<u32>() {
            Ok(page) if page >= 1 => page - 1,
            _ => return Err(w.problem(format!("page:\"{text}\": pages are numbered from 1"))),
        },
    };
    Ok(Command::History { member, page })
}

/// `/replay GAME [speed]`, the speed in actions per second.
pub(super) fn replay(w: &Words<'_>) -> Result<Command, ParseError> {
    w.expect()?;
    let game_text = w.positional[0].trim_start_matches('#');
    let game = game_text
        .parse::<u64>()
        .map_err(|_| w.problem(format!("\"{}\" is not a game number", w.positional[0])))?;
    let speed = match w.positional.get(1) {
        None => None,
        Some(text) => match text.parse::<u32>() {
            Ok(speed) if SPEEDS.contains(&speed) => Some(speed),
            _ => {
                return Err(w.problem(format!(
                    "speed \"{text}\": write {}–{} actions per second",
                    SPEEDS.start(),
                    SPEEDS.end()
                )));
            }
        },
    };
    Ok(Command::Replay { game, speed })
}

/// `/analyse GAME` or `/analyse game:GAME`.
pub(super) fn analyse(w: &Words<'_>) -> Result<Command, ParseError> {
    w.expect_words(0..=1)?;
    let text = match (w.option("game"), w.positional.first().copied()) {
        (Some(text), None) | (None, Some(text)) => text,
        _ => return Err(w.problem(format!("usage: {}", w.usage()))),
    };
    let game = text
        .trim_start_matches('#')
        .parse::<u64>()
        .map_err(|_| w.problem(format!("\"{}\" is not a game number", super::echo(text))))?;
    Ok(Command::Analyse { game })
}

#[cfg(test)]
mod tests {
    use super::super::parse_command;
    use crate::service::{Command, Member};

    #[test]
    fn reads_history_and_replay() {
        let bob = Member {
            user: super::super::user_id("bob"),
            name: "bob".into(),
        };
        let table = [
            (
                "history",
                Command::History {
                    member: None,
                    page: 0,
                },
            ),
            (
                "history @bob page:3",
                Command::History {
                    member: Some(bob),
                    page: 2,
                },
            ),
            (
                "replay 12",
                Command::Replay {
                    game: 12,
                    speed: None,
                },
            ),
            (
                "replay #12 4",
                Command::Replay {
                    game: 12,
                    speed: Some(4),
                },
            ),
            ("games", Command::Games),
        ];
        for (text, command) in table {
            assert_eq!(parse_command(text), Ok(command), "{text}");
        }
    }

    #[test]
    fn refuses_bad_history_and_replay_arguments() {
        for text in [
            "history bob",
            "history page:0",
            "history page:x",
            "history @bob @carol",
            "replay",
            "replay x",
            "replay 12 0",
            "replay 12 11",
            "replay 12 fast",
            "replay 1 2 3",
            "games now",
        ] {
            assert!(parse_command(text).is_err(), "{text}");
        }
    }
}
