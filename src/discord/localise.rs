//! Fills each command's Chinese names and descriptions in from the words (`words::Cmd`,
//! `words::Menu`) before it is registered, as poise's Fluent example does: the command, each
//! of its options and each of their choices. A command, option or choice the words do not
//! know keeps what poise gave it.

use std::borrow::Cow;

use super::{Bot, CommandError};
use crate::words::{Cmd, Menu, OptWords};

type Command = poise::Command<Bot, CommandError>;
type Localisations = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

/// The Discord locales of 简体 and 繁體, in the order the words give them.
const LOCALES: [&str; 2] = ["zh-CN", "zh-TW"];

/// `command` with its localisations filled in.
pub fn localised(mut command: Command) -> Command {
    if let Some(menu) = menu_of(&command) {
        let [_, hans, hant] = menu.names();
        command.name_localizations = both([hans, hant]);
    } else if let Some(cmd) = cmd_of(&command) {
        let [_, hans, hant] = cmd.names();
        command.name_localizations = both([hans, hant]);
        command.description_localizations = both(cmd.descriptions());
        for parameter in &mut command.parameters {
            if let Some(option) = cmd.options().iter().find(|o| o.name == parameter.name) {
                fill_option(parameter, option);
            }
        }
    }
    command
}

fn fill_option(parameter: &mut poise::CommandParameter<Bot, CommandError>, option: &OptWords) {
    if let Some(names) = option.names {
        parameter.name_localizations = both(names);
    }
    parameter.description_localizations = both(option.descriptions);
    for choice in parameter.choices.to_mut() {
        if let Some((_, names)) = option.choices.iter().find(|(name, _)| *name == choice.name) {
            choice.localizations = both(*names);
        }
    }
}

/// The slash command `command` registers as.
fn cmd_of(command: &Command) -> Option<Cmd> {
    command.slash_action?;
    Cmd::ALL
        .into_iter()
        .find(|cmd| cmd.names()[0] == command.name)
}

/// The context menu `command` registers as.
fn menu_of(command: &Command) -> Option<Menu> {
    let name = command.context_menu_name.as_deref()?;
    Menu::ALL.into_iter().find(|menu| menu.names()[0] == name)
}

fn both(texts: [&'static str; 2]) -> Localisations {
    LOCALES
        .into_iter()
        .zip(texts)
        .map(|(locale, text)| (Cow::Borrowed(locale), Cow::Borrowed(text)))
        .collect::<Vec<_>>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Opt;

    /// Every registered command, option and localised choice is one the words know, and every
    /// command the words name is registered.
    #[test]
    fn the_words_know_every_registered_command_and_option() {
        let all = super::super::commands::all();
        for command in &all {
            if command.slash_action.is_none() {
                assert!(
                    menu_of(command).is_some(),
                    "{} not in words::Menu",
                    command.name
                );
                continue;
            }
            let cmd =
                cmd_of(command).unwrap_or_else(|| panic!("/{} is not in words::Cmd", command.name));
            assert_eq!(command.parameters.len(), cmd.options().len(), "{cmd:?}");
            for parameter in &command.parameters {
                assert!(
                    cmd.options().iter().any(|o| o.name == parameter.name),
                    "{cmd:?} has no words for {}",
                    parameter.name
                );
            }
        }
        for cmd in Cmd::ALL {
            assert!(
                all.iter().any(|command| cmd_of(command) == Some(cmd)),
                "{cmd:?} is not registered"
            );
        }
        for opt in Opt::ALL {
            let (cmd, names) = opt.names();
            assert!(cmd.options().iter().any(|o| o.name == names[0]), "{opt:?}");
        }
    }
}
