//! The one table of the bot's commands: each command's names, its description and its options
//! (name, kind, choices, whether required, how the console and Discord take it), in English,
//! 简体 and 繁體 side by side. Everything that lists commands is built from it: the console
//! parser's verbs, options and usage (`console::parse`), each surface's `/help` (`help`), the
//! `/name`s texts tell members to type, and the names and descriptions Discord registers
//! (`discord::localise`, whose test compares every registered command with this table).
//!
//! The entries live by concept: `game` (challenges and playing a game), `records` (standings,
//! history and reference) and `server` (tournaments, settings, moderation).

mod game;
mod help;
mod records;
mod server;

pub use help::{help_lines, usage};

use super::Surface;
use crate::config::Language;

/// One text in the bot's three languages: English, 简体 and 繁體.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Phrase {
    pub en: &'static str,
    pub hans: &'static str,
    pub hant: &'static str,
}

/// `phrase("English", "简体", "繁體")`.
pub(crate) const fn phrase(en: &'static str, hans: &'static str, hant: &'static str) -> Phrase {
    Phrase { en, hans, hant }
}

impl Phrase {
    pub fn get(self, lang: Language) -> &'static str {
        match lang {
            Language::English => self.en,
            Language::ZhHans => self.hans,
            Language::ZhHant => self.hant,
        }
    }

    /// 简体 then 繁體, in the order Discord's `zh-CN` and `zh-TW` localisations are given.
    pub fn chinese(self) -> [&'static str; 2] {
        [self.hans, self.hant]
    }
}

/// A slash command the bot has on every surface.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cmd {
    Challenge,
    Accept,
    Decline,
    Withdraw,
    Play,
    Deploy,
    Layouts,
    Flip,
    Move,
    Moves,
    Board,
    Export,
    Draw,
    Resign,
    Abandon,
    Rematch,
    Rank,
    Leaderboard,
    History,
    Replay,
    Analyse,
    Games,
    Tournament,
    Rules,
    Help,
    Settings,
    Cancel,
}

/// Everything the table says of one command.
#[derive(Clone, Copy, Debug)]
pub struct CommandSpec {
    /// The registered (and the console's) name, then what Discord shows in 简体 and 繁體.
    pub names: Phrase,
    /// What Discord shows under the name, and `/help` beside it.
    pub description: Phrase,
    /// Its options, in the order each surface takes them.
    pub options: &'static [OptSpec],
    /// Other words the console takes for it (`/guide` for `/moves`).
    pub console_aliases: &'static [&'static str],
}

/// One option of a command.
#[derive(Clone, Copy, Debug)]
pub struct OptSpec {
    /// The registered name, which is also the console's `name:`.
    pub name: &'static str,
    /// 简体 and 繁體 names; none where Discord shows the English name in every language.
    pub names: Option<[&'static str; 2]>,
    pub description: Phrase,
    pub kind: Kind,
    pub required: bool,
    /// How the console takes it.
    pub console: Console,
    /// Whether Discord registers it.
    pub on_discord: bool,
    /// One of the keys `/settings` changes, each its own option on Discord: usage shows them
    /// together, as the console's `[key:value …]`.
    pub setting: bool,
}

/// How the console takes an option.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Console {
    /// A bare word in its place (`/flip B3`).
    Positional,
    /// `name:value`, anywhere after the command.
    Named,
    /// Not at all: the option is Discord's alone.
    Absent,
}

/// What an option holds, which decides Discord's option type and the console's placeholder.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A member (Discord's user option; `@NAME` in the console).
    Member,
    /// A server role.
    Role,
    /// A whole number.
    Integer,
    /// True or false (as a bare word in the console: the option's own name, `/settings log`).
    Flag,
    /// Free text.
    Text,
    /// A square such as B3 (text on Discord, completed as it is typed).
    Square,
    /// A layout's name: a preset or a saved layout (text on Discord, completed as it is
    /// typed).
    LayoutName,
    /// One of a list (Discord registers the list).
    Choice(&'static [Choice]),
    /// Any `key:value` pairs (the console's `/settings`, whose keys the service checks; on
    /// Discord each key is an option of its own, marked [`OptSpec::setting`]).
    Pairs,
}

/// One choice of a [`Kind::Choice`] option.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice {
    /// The registered name, which is also what the console takes.
    pub name: &'static str,
    /// 简体 and 繁體 names; none where Discord shows the English one everywhere.
    pub names: Option<[&'static str; 2]>,
}

impl Choice {
    pub(crate) const fn new(name: &'static str, hans: &'static str, hant: &'static str) -> Choice {
        Choice {
            name,
            names: Some([hans, hant]),
        }
    }

    pub(crate) const fn plain(name: &'static str) -> Choice {
        Choice { name, names: None }
    }
}

impl CommandSpec {
    pub(crate) const fn new(
        names: Phrase,
        description: Phrase,
        options: &'static [OptSpec],
    ) -> CommandSpec {
        CommandSpec {
            names,
            description,
            options,
            console_aliases: &[],
        }
    }

    pub(crate) const fn console_aliases(self, aliases: &'static [&'static str]) -> CommandSpec {
        CommandSpec {
            console_aliases: aliases,
            ..self
        }
    }
}

impl OptSpec {
    /// An optional option both surfaces take, the console as `name:value`, its name the same
    /// in every language.
    pub(crate) const fn new(name: &'static str, kind: Kind, description: Phrase) -> OptSpec {
        OptSpec {
            name,
            names: None,
            description,
            kind,
            required: false,
            console: Console::Named,
            on_discord: true,
            setting: false,
        }
    }

    /// With its names in 简体 and 繁體.
    pub(crate) const fn named(self, hans: &'static str, hant: &'static str) -> OptSpec {
        OptSpec {
            names: Some([hans, hant]),
            ..self
        }
    }

    pub(crate) const fn required(self) -> OptSpec {
        OptSpec {
            required: true,
            ..self
        }
    }

    /// Taken by the console as a bare word in its place.
    pub(crate) const fn positional(self) -> OptSpec {
        OptSpec {
            console: Console::Positional,
            ..self
        }
    }

    /// The console's alone.
    pub(crate) const fn console_only(self) -> OptSpec {
        OptSpec {
            on_discord: false,
            ..self
        }
    }

    /// A key `/settings` changes: Discord's alone, the console taking it as any `key:value`.
    pub(crate) const fn setting(self) -> OptSpec {
        OptSpec {
            setting: true,
            ..self.discord_only()
        }
    }

    /// Discord's alone.
    pub(crate) const fn discord_only(self) -> OptSpec {
        OptSpec {
            console: Console::Absent,
            ..self
        }
    }

    /// Whether `surface` takes it.
    pub fn on(&self, surface: Surface) -> bool {
        match surface {
            Surface::Console => self.console != Console::Absent,
            Surface::Discord => self.on_discord,
        }
    }

    /// Its name as members of `lang` see it on Discord.
    pub fn name_in(&self, lang: Language) -> &'static str {
        match (self.names, lang) {
            (Some([hans, _]), Language::ZhHans) => hans,
            (Some([_, hant]), Language::ZhHant) => hant,
            _ => self.name,
        }
    }
}

/// An option of a command that texts tell members to fill in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Opt {
    /// `/replay`'s game number.
    ReplayGame,
}

impl Cmd {
    /// Every command, in the order `/help` lists them.
    pub const ALL: [Cmd; 27] = [
        Cmd::Challenge,
        Cmd::Accept,
        Cmd::Decline,
        Cmd::Withdraw,
        Cmd::Play,
        Cmd::Deploy,
        Cmd::Layouts,
        Cmd::Flip,
        Cmd::Move,
        Cmd::Moves,
        Cmd::Board,
        Cmd::Export,
        Cmd::Draw,
        Cmd::Resign,
        Cmd::Abandon,
        Cmd::Rematch,
        Cmd::Rank,
        Cmd::Leaderboard,
        Cmd::History,
        Cmd::Replay,
        Cmd::Analyse,
        Cmd::Games,
        Cmd::Tournament,
        Cmd::Rules,
        Cmd::Help,
        Cmd::Settings,
        Cmd::Cancel,
    ];

    /// Its entry in the table.
    pub fn spec(self) -> &'static CommandSpec {
        match self {
            Cmd::Challenge => &game::CHALLENGE,
            Cmd::Accept => &game::ACCEPT,
            Cmd::Decline => &game::DECLINE,
            Cmd::Withdraw => &game::WITHDRAW,
            Cmd::Play => &game::PLAY,
            Cmd::Deploy => &game::DEPLOY,
            Cmd::Layouts => &game::LAYOUTS,
            Cmd::Flip => &game::FLIP,
            Cmd::Move => &game::MOVE,
            Cmd::Moves => &game::MOVES,
            Cmd::Board => &game::BOARD,
            Cmd::Export => &game::EXPORT,
            Cmd::Draw => &game::DRAW,
            Cmd::Resign => &game::RESIGN,
            Cmd::Abandon => &game::ABANDON,
            Cmd::Rematch => &game::REMATCH,
            Cmd::Rank => &records::RANK,
            Cmd::Leaderboard => &records::LEADERBOARD,
            Cmd::History => &records::HISTORY,
            Cmd::Replay => &records::REPLAY,
            Cmd::Analyse => &records::ANALYSE,
            Cmd::Games => &records::GAMES,
            Cmd::Rules => &records::RULES,
            Cmd::Help => &records::HELP,
            Cmd::Tournament => &server::TOURNAMENT,
            Cmd::Settings => &server::SETTINGS,
            Cmd::Cancel => &server::CANCEL,
        }
    }

    /// The registered (English) name.
    pub fn name(self) -> &'static str {
        self.spec().names.en
    }

    /// The command the console reads `word` as: a name or an alias, in any case.
    pub fn from_console(word: &str) -> Option<Cmd> {
        let word = word.to_lowercase();
        Cmd::ALL.into_iter().find(|cmd| {
            let spec = cmd.spec();
            spec.names.en == word || spec.console_aliases.contains(&word.as_str())
        })
    }

    /// The options `surface` takes.
    pub fn options_on(self, surface: Surface) -> impl Iterator<Item = &'static OptSpec> {
        self.spec()
            .options
            .iter()
            .filter(move |option| option.on(surface))
    }

    /// Its option called `name`.
    pub fn option(self, name: &str) -> Option<&'static OptSpec> {
        self.spec()
            .options
            .iter()
            .find(|option| option.name == name)
    }
}

impl Opt {
    pub const ALL: [Opt; 1] = [Opt::ReplayGame];

    /// The command it belongs to and its entry in the table.
    pub fn spec(self) -> (Cmd, &'static OptSpec) {
        let (cmd, name) = match self {
            Opt::ReplayGame => (Cmd::Replay, "game"),
        };
        match cmd.option(name) {
            Some(option) => (cmd, option),
            None => unreachable!("{cmd:?} has an option {name} in the table"),
        }
    }
}

/// A user context menu ("Apps" on a member).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Menu {
    ChallengeMember,
    RankMember,
}

impl Menu {
    pub const ALL: [Menu; 2] = [Menu::ChallengeMember, Menu::RankMember];

    /// The registered name, then what Discord shows in 简体 (`zh-CN`) and 繁體 (`zh-TW`).
    pub fn names(self) -> Phrase {
        match self {
            Menu::ChallengeMember => phrase("Challenge to 翻翻棋", "挑战下翻翻棋", "挑戰下翻翻棋"),
            Menu::RankMember => phrase("翻翻棋 rank", "翻翻棋等级", "翻翻棋等級"),
        }
    }
}

/// `/name` of a command, as members of `surface` type it in a `lang` message (the console's
/// names are English everywhere).
pub fn slash(lang: Language, surface: Surface, command: Cmd) -> String {
    let names = command.spec().names;
    match surface {
        Surface::Console => format!("/{}", names.en),
        Surface::Discord => format!("/{}", names.get(lang)),
    }
}

/// The name of an option as members of `surface` see it in a `lang` message (the console
/// takes options by position, so in English there it is a placeholder in capitals).
pub fn option(lang: Language, surface: Surface, option: Opt) -> String {
    let (_, spec) = option.spec();
    match (surface, lang) {
        (Surface::Console, Language::English) => spec.name.to_uppercase(),
        _ => spec.name_in(lang).to_string(),
    }
}

/// The `/name`s a text tells members to type: a `/` at the start of a word (after a space,
/// an opening bracket or quote, a colon, a comma or a backtick), then letters, digits, `_` or
/// `-`. The tests use it to check that texts name only registered commands.
pub fn slash_names(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut names = Vec::new();
    for (index, c) in chars.iter().enumerate() {
        let starts_word = index == 0
            || chars[index - 1].is_whitespace()
            || "(（“「：:，,、`".contains(chars[index - 1]);
        if *c != '/' || !starts_word {
            continue;
        }
        let name: String = chars[index + 1..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_' || **c == '-')
            .collect();
        if !name.is_empty() {
            names.push(name);
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each command's options have distinct names, the console's words (names and aliases)
    /// name one command each, and every [`Opt`] the texts use is in the table.
    #[test]
    fn the_table_is_consistent() {
        let mut words = Vec::new();
        for cmd in Cmd::ALL {
            let spec = cmd.spec();
            words.push(spec.names.en);
            words.extend(spec.console_aliases);
            let mut names: Vec<_> = spec.options.iter().map(|option| option.name).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), spec.options.len(), "{cmd:?}");
        }
        let count = words.len();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), count, "a console word names two commands");
        for opt in Opt::ALL {
            let (cmd, spec) = opt.spec();
            assert!(
                spec.on(Surface::Console) && spec.on(Surface::Discord),
                "{cmd:?} {opt:?}"
            );
        }
    }
}
