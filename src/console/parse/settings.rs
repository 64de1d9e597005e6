//! Reading `/settings [key:value …]` and `/settings log`. In the console every member counts
//! as a server admin; a channel in `games_channels:` is written by its name (`main,lobby`).

use super::{ParseError, Words, place};
use crate::service::{Command, Rights};

pub(super) fn settings(w: &Words<'_>) -> Result<Command, ParseError> {
    match w
        .positional
        .first()
        .map(|word| word.to_lowercase())
        .as_deref()
    {
        Some("log") => {
            w.expect()?;
            w.expect_no_options()?;
            Ok(Command::SettingsLog {
                rights: Rights::all(),
            })
        }
        Some(_) => Err(w.problem(format!("usage: {}", w.usage()))),
        None => {
            // Unknown keys reach the service, which names the known ones.
            let changes = w
                .options
                .iter()
                .map(|(key, value)| {
                    let value = if *key == "games_channels" {
                        channel_ids(value)
                    } else {
                        value.to_string()
                    };
                    (key.to_string(), value)
                })
                .collect();
            Ok(Command::Settings {
                rights: Rights::all(),
                changes,
            })
        }
    }
}

/// `main,lobby` as the channels' ids; `any` and `default` as they are.
fn channel_ids(value: &str) -> String {
    if matches!(value, "any" | "default" | "") {
        return value.to_string();
    }
    value
        .split(',')
        .filter(|name| !name.is_empty())
        .map(|name| place(name.trim_start_matches('#')).channel.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::super::parse_command;
    use crate::service::{Command, Rights};

    #[test]
    fn settings_lines_read() {
        assert_eq!(
            parse_command("settings turn_secs:45 language:zh-Hant"),
            Ok(Command::Settings {
                rights: Rights::all(),
                changes: vec![
                    ("turn_secs".into(), "45".into()),
                    ("language".into(), "zh-Hant".into())
                ],
            })
        );
        assert_eq!(
            parse_command("settings log"),
            Ok(Command::SettingsLog {
                rights: Rights::all()
            })
        );
        assert!(parse_command("settings maybe").is_err());
    }
}
