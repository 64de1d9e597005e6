//! What the table says of a command written out: its usage on each surface (the console's
//! syntax, Discord's option names in the member's language) and the `/help` lines.

use super::{Cmd, Console, Kind, OptSpec, Surface, slash};
use crate::config::Language;

/// How members of `surface` write `command` in a `lang` message: `/challenge [@member]
/// [seconds:N] [level:easy|normal|hard|master]` in the console, `/挑战 [对手] [秒数] [难度]` on
/// Discord in 简体. Optional options are in brackets; the keys `/settings` changes are shown
/// together on both, as `[key:value …]`.
pub fn usage(command: Cmd, lang: Language, surface: Surface) -> String {
    let mut text = slash(lang, surface, command);
    let shown = command
        .spec()
        .options
        .iter()
        .filter(|option| match surface {
            Surface::Console => option.on(surface),
            Surface::Discord => {
                (option.on(surface) && !option.setting) || option.kind == Kind::Pairs
            }
        });
    for option in shown {
        let written = match surface {
            Surface::Discord if option.kind != Kind::Pairs => option.name_in(lang).to_string(),
            _ => console_form(option, lang),
        };
        text.push(' ');
        if option.required {
            text.push_str(&written);
        } else {
            text.push_str(&format!("[{written}]"));
        }
    }
    text
}

/// `/help`: one line per command, its usage on `surface` and what it does.
pub fn help_lines(lang: Language, surface: Surface) -> Vec<String> {
    Cmd::ALL
        .into_iter()
        .map(|command| {
            let usage = usage(command, lang, surface);
            let description = command.spec().description.get(lang);
            format!("{usage} — {description}")
        })
        .collect()
}

/// An option as the console takes it: a placeholder in its place, or `name:VALUE`.
fn console_form(option: &OptSpec, lang: Language) -> String {
    match (option.console, option.kind) {
        (Console::Named, Kind::Pairs) => "key:value …".to_string(),
        (Console::Named, kind) => format!("{}:{}", option.name, value_form(kind)),
        (_, Kind::Member) => format!("@{}", option.name_in(lang)),
        // A flag in its place is its own name (`/settings log`).
        (_, Kind::Flag) => option.name.to_string(),
        (_, Kind::Choice(_)) => value_form(option.kind),
        _ if lang == Language::English => option.name.to_uppercase(),
        _ => option.name_in(lang).to_string(),
    }
}

/// What a `name:` option's value is written as.
fn value_form(kind: Kind) -> String {
    match kind {
        Kind::Member => "@NAME".to_string(),
        Kind::Role => "ROLE".to_string(),
        Kind::Integer => "N".to_string(),
        Kind::Flag => "true|false".to_string(),
        Kind::Text | Kind::Pairs => "TEXT".to_string(),
        Kind::Square => "SQUARE".to_string(),
        Kind::LayoutName => "NAME".to_string(),
        Kind::Choice(choices) => choices
            .iter()
            .map(|choice| choice.name)
            .collect::<Vec<_>>()
            .join("|"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn console_usage_shows_every_option_as_the_parser_takes_it() {
        let en = Language::English;
        let table = [
            (
                Cmd::Challenge,
                "/challenge [@member] [seconds:N] [level:easy|normal|hard|master] [game:flip|dark|open]",
            ),
            (
                Cmd::Deploy,
                "/deploy [random|preset|layout|swap|save|load|ready] [FROM] [TO] [name:NAME] [text:TEXT]",
            ),
            (Cmd::Layouts, "/layouts [delete] [name:NAME]"),
            (Cmd::Accept, "/accept [NUMBER]"),
            (Cmd::Move, "/move FROM TO"),
            (Cmd::Draw, "/draw [offer|accept|decline]"),
            (
                Cmd::Leaderboard,
                "/leaderboard [global:true|false] [game:flip|dark|open]",
            ),
            (Cmd::Replay, "/replay GAME [SPEED]"),
            (Cmd::Settings, "/settings [log] [key:value …]"),
            (Cmd::Cancel, "/cancel game:N [reason:TEXT]"),
            (Cmd::Board, "/board"),
        ];
        for (command, expected) in table {
            assert_eq!(usage(command, en, Surface::Console), expected);
        }
        assert_eq!(
            usage(Cmd::Challenge, Language::ZhHans, Surface::Console),
            "/challenge [@对手] [seconds:N] [level:easy|normal|hard|master] [game:flip|dark|open]"
        );
    }

    #[test]
    fn discord_usage_names_the_options_in_the_members_language() {
        let (en, hant) = (Language::English, Language::ZhHant);
        // Options of the console alone stay out; the settings keys are shown together.
        let table = [
            (Cmd::Challenge, hant, "/挑戰 [對手] [秒數] [難度] [棋種]"),
            (Cmd::Move, en, "/move from to"),
            (Cmd::Leaderboard, en, "/leaderboard [scope] [game]"),
            (Cmd::Settings, en, "/settings [log] [key:value …]"),
        ];
        for (command, lang, expected) in table {
            assert_eq!(usage(command, lang, Surface::Discord), expected);
        }
    }

    #[test]
    fn help_has_a_line_for_every_command_on_each_surface() {
        for surface in [Surface::Console, Surface::Discord] {
            for lang in [Language::English, Language::ZhHans, Language::ZhHant] {
                let lines = help_lines(lang, surface);
                assert_eq!(lines.len(), Cmd::ALL.len());
                for (line, command) in lines.iter().zip(Cmd::ALL) {
                    let expected = slash(lang, surface, command);
                    assert_eq!(line.split(' ').next(), Some(expected.as_str()), "{line}");
                }
            }
        }
    }
}
