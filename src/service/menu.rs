//! The select menus under the bot's messages: [`MenuId`], the one way to build and read a
//! menu's custom id, the [`Menu`] a reply carries, and the command each chosen value stands
//! for. As with buttons, the id and the chosen value are all a choice remembers, so a menu on
//! a panel sent before a restart still works. Discord wants every component of a message to
//! have its own id, so each menu of a message has its own variant.

use std::fmt;
use std::str::FromStr;

use super::button::UnknownButton;
use super::live::DeployStep;
use super::types::Command;

/// What a menu chooses, as its custom id says it; the chosen value is a name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MenuId {
    /// `deploy:presets:<game>`: a preset, put on the chooser's deployment panel.
    DeployPreset(u64),
    /// `deploy:saved:<game>`: one of the chooser's saved layouts, put on their panel.
    DeploySaved(u64),
}

impl fmt::Display for MenuId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MenuId::DeployPreset(game) => write!(f, "deploy:presets:{game}"),
            MenuId::DeploySaved(game) => write!(f, "deploy:saved:{game}"),
        }
    }
}

impl FromStr for MenuId {
    type Err = UnknownButton;
    fn from_str(text: &str) -> Result<MenuId, UnknownButton> {
        let unknown = || UnknownButton(text.to_string());
        let parts: Vec<&str> = text.split(':').collect();
        let (make, game): (fn(u64) -> MenuId, &str) = match parts.as_slice() {
            ["deploy", "presets", game] => (MenuId::DeployPreset, game),
            ["deploy", "saved", game] => (MenuId::DeploySaved, game),
            _ => return Err(unknown()),
        };
        game.parse().map(make).map_err(|_| unknown())
    }
}

/// One option of a menu: what it shows and the value a choice sends back.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MenuOption {
    pub label: String,
    pub value: String,
}

/// A select menu under a message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Menu {
    pub id: MenuId,
    /// What the menu says before anything is chosen.
    pub placeholder: String,
    pub options: Vec<MenuOption>,
}

impl Command {
    /// The command a choice of `value` in menu `id` stands for. A value the menu never
    /// offered (an old or forged one) is refused by the step itself, naming what exists.
    pub fn from_menu(id: MenuId, value: &str) -> Command {
        let (game, step) = match id {
            MenuId::DeployPreset(game) => (game, DeployStep::Preset(value.to_string())),
            MenuId::DeploySaved(game) => (game, DeployStep::Load(value.to_string())),
        };
        Command::ForGame {
            game,
            turn: None,
            command: Box::new(Command::Deploy(step)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn menu_ids_read_back_what_they_write() {
        for (id, wire) in [
            (MenuId::DeployPreset(42), "deploy:presets:42"),
            (MenuId::DeploySaved(7), "deploy:saved:7"),
        ] {
            assert_eq!(id.to_string(), wire);
            assert_eq!(wire.parse::<MenuId>(), Ok(id));
        }
        for bad in [
            "deploy:presets:",
            "deploy:saved:x",
            "deploy:42",
            "deploy:ready:1",
            "",
        ] {
            assert!(bad.parse::<MenuId>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_choice_is_a_deployment_step_of_its_game() {
        let for_game = |step| Command::ForGame {
            game: 7,
            turn: None,
            command: Box::new(Command::Deploy(step)),
        };
        assert_eq!(
            Command::from_menu(MenuId::DeployPreset(7), "turtle"),
            for_game(DeployStep::Preset("turtle".into()))
        );
        assert_eq!(
            Command::from_menu(MenuId::DeploySaved(7), "my wall: v2"),
            for_game(DeployStep::Load("my wall: v2".into()))
        );
    }
}
