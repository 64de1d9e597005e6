//! Fills each command's descriptions and Chinese names in from the command table
//! (`words::Cmd`, `words::Menu`) before it is registered, as poise's Fluent example does: the
//! command, each of its options and each of their choices. What poise's attributes still
//! decide (the options' names, types, whether required, and the choices' names) is compared
//! with the table by `registration_tests`.

use std::borrow::Cow;

use super::{Bot, CommandError};
use crate::words::{Cmd, Kind, Menu, OptSpec};

type Command = poise::Command<Bot, CommandError>;
type Localisations = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

/// The Discord locales of 简体 and 繁體, in the order the table gives them.
pub(super) const LOCALES: [&str; 2] = ["zh-CN", "zh-TW"];

/// The slash command `cmd` with its descriptions and localisations from the table.
pub fn slash(cmd: Cmd, mut command: Command) -> Command {
    let spec = cmd.spec();
    command.name_localizations = both(spec.names.chinese());
    command.description = Some(spec.description.en.into());
    command.description_localizations = both(spec.description.chinese());
    for parameter in &mut command.parameters {
        if let Some(option) = cmd.option(&parameter.name) {
            fill_option(parameter, option);
        }
    }
    command
}

/// The context menu `menu` with its localised names.
pub fn menu(menu: Menu, mut command: Command) -> Command {
    command.name_localizations = both(menu.names().chinese());
    command
}

fn fill_option(parameter: &mut poise::CommandParameter<Bot, CommandError>, option: &OptSpec) {
    if let Some(names) = option.names {
        parameter.name_localizations = both(names);
    }
    parameter.description = Some(option.description.en.into());
    parameter.description_localizations = both(option.description.chinese());
    let Kind::Choice(choices) = option.kind else {
        return;
    };
    for choice in parameter.choices.to_mut() {
        let names = choices
            .iter()
            .find(|known| known.name == choice.name)
            .and_then(|known| known.names);
        if let Some(names) = names {
            choice.localizations = both(names);
        }
    }
}

/// 简体 and 繁體 under their Discord locales.
fn both(texts: [&'static str; 2]) -> Localisations {
    LOCALES
        .into_iter()
        .zip(texts)
        .map(|(locale, text)| (Cow::Borrowed(locale), Cow::Borrowed(text)))
        .collect::<Vec<_>>()
        .into()
}
