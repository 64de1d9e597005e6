//! Reading console lines: `NAME /command args…` or `NAME#CHANNEL /command args…`, members
//! written `@NAME`, optional arguments `name:value`. Names map to stable user ids and channel
//! names to stable places (guild 0), so a data directory can be reused across runs.

mod history;
mod layouts;
mod moderation;
mod settings;
#[cfg(test)]
mod tests;
mod tournament;

use std::ops::RangeInclusive;

use thiserror::Error;

use crate::config::Language;
use crate::game::{Action, Square};
use crate::service::{AI_USER, Command, DeployStep, Member, Opponent, Surface};
use crate::store::{Place, UserId};
use crate::words::{Cmd, Console as ConsoleForm, Kind, usage};

/// The channel of a line that names none.
pub const DEFAULT_CHANNEL: &str = "main";

/// One console line read: who typed it, in which channel, and the command.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConsoleLine {
    pub name: String,
    pub channel: String,
    pub command: Command,
}

#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ParseError {
    #[error(
        "write `NAME /command args…` (or `NAME#CHANNEL /command …`), e.g. `alice /challenge @bob`"
    )]
    Shape,
    #[error(
        "\"{0}\" is not a usable name: use 1–32 letters, digits, `_`, `-` or `.` (and not `ai`)"
    )]
    Name(String),
    #[error("\"{0}\" is not a usable channel name: use 1–32 letters, digits, `_`, `-` or `.`")]
    Channel(String),
    #[error("unknown command /{0}: try /help")]
    UnknownCommand(String),
    #[error("/{command}: {problem}")]
    Arguments {
        command: &'static str,
        problem: String,
    },
}

/// A stable user id for a console name (FNV-1a of the lower-cased name; never the AI's 0).
pub fn user_id(name: &str) -> UserId {
    // Never 0 (the AI) nor the open challenge's "anyone".
    stable_hash(&name.to_lowercase()).clamp(1, crate::store::ANYONE - 1)
}

/// The place of a console channel: guild 0, channel = stable hash of its name.
pub fn place(channel: &str) -> Place {
    Place {
        guild: 0,
        channel: stable_hash(&channel.to_lowercase()),
    }
}

/// How much of a user's text an error message repeats: enough to recognise it, never a
/// megabyte line echoed back in full.
pub const ECHO_CHARS: usize = 40;

/// The start of `text` for an error message, cut to [`ECHO_CHARS`] characters.
pub fn echo(text: &str) -> String {
    cut(text, ECHO_CHARS)
}

/// `text` cut to `chars` characters, the cut marked `…`.
fn cut(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// The longest error message the console prints whole.
const ERROR_CHARS: usize = 300;

/// An error message cut to [`ERROR_CHARS`] characters: a safety net behind [`echo`].
pub fn echo_long(text: &str) -> String {
    cut(text, ERROR_CHARS)
}

fn stable_hash(text: &str) -> u64 {
    crate::store::fnv::of_bytes(text.as_bytes())
}

fn valid_name(name: &str) -> bool {
    (1..=32).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// Reads a line; `Ok(None)` for a blank line or a `#` comment.
pub fn parse_line(line: &str) -> Result<Option<ConsoleLine>, ParseError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (who, rest) = line
        .split_once(char::is_whitespace)
        .ok_or(ParseError::Shape)?;
    let (name, channel) = match who.split_once('#') {
        Some((name, channel)) => (name, channel),
        None => (who, DEFAULT_CHANNEL),
    };
    let name = name.trim_start_matches('@');
    if !valid_name(name) || name.eq_ignore_ascii_case("ai") {
        return Err(ParseError::Name(echo(name)));
    }
    if !valid_name(channel) {
        return Err(ParseError::Channel(echo(channel)));
    }
    let rest = rest.trim_start();
    let Some(command_text) = rest.strip_prefix('/') else {
        return Err(ParseError::Shape);
    };
    Ok(Some(ConsoleLine {
        name: name.to_string(),
        channel: channel.to_string(),
        command: parse_command(command_text)?,
    }))
}

/// The words of a command split into positional arguments and `name:value` options.
struct Words<'a> {
    command: Cmd,
    positional: Vec<&'a str>,
    options: Vec<(&'a str, &'a str)>,
}

impl<'a> Words<'a> {
    fn problem(&self, problem: impl Into<String>) -> ParseError {
        ParseError::Arguments {
            command: self.command.name(),
            problem: problem.into(),
        }
    }

    /// The command's usage in the console, from the command table.
    fn usage(&self) -> String {
        usage(self.command, Language::English, Surface::Console)
    }

    /// Checks the command got the positional words and `name:` options the command table
    /// gives it.
    fn expect(&self) -> Result<(), ParseError> {
        let positional = self
            .command
            .options_on(Surface::Console)
            .filter(|option| option.console == ConsoleForm::Positional);
        let (mut min, mut max) = (0, 0);
        for option in positional {
            max += 1;
            min += usize::from(option.required);
        }
        self.expect_words(min..=max)
    }

    /// Checks the command got between `positional` words and only the `name:` options the
    /// command table gives it (any at all for a command that takes `key:value` pairs).
    fn expect_words(&self, positional: RangeInclusive<usize>) -> Result<(), ParseError> {
        let named: Vec<_> = self
            .command
            .options_on(Surface::Console)
            .filter(|option| option.console == ConsoleForm::Named)
            .collect();
        let any_key = named.iter().any(|option| option.kind == Kind::Pairs);
        let unknown = self
            .options
            .iter()
            .find(|(name, _)| !any_key && !named.iter().any(|option| option.name == *name));
        if let Some((option, _)) = unknown {
            return Err(self.problem(format!(
                "unknown option `{}:`; usage: {}",
                echo(option),
                self.usage()
            )));
        }
        if !positional.contains(&self.positional.len()) {
            return Err(self.problem(format!("usage: {}", self.usage())));
        }
        Ok(())
    }

    /// Refuses any `name:` option: the form of the command given takes none.
    fn expect_no_options(&self) -> Result<(), ParseError> {
        match self.options.first() {
            Some((option, _)) => Err(self.problem(format!(
                "unknown option `{}:`; usage: {}",
                echo(option),
                self.usage()
            ))),
            None => Ok(()),
        }
    }

    /// The whole number given as option `name`, if it was given.
    fn number(&self, name: &str) -> Result<Option<u32>, ParseError> {
        self.option(name)
            .map(|text| {
                text.parse::<u32>()
                    .map_err(|_| self.problem(format!("{name}:\"{}\" is not a number", echo(text))))
            })
            .transpose()
    }

    /// The `true` or `false` given as option `name`, if it was given.
    fn flag(&self, name: &str) -> Result<Option<bool>, ParseError> {
        match self.option(name) {
            None => Ok(None),
            Some("true") => Ok(Some(true)),
            Some("false") => Ok(Some(false)),
            Some(other) => {
                Err(self.problem(format!("{name}:\"{}\": write true or false", echo(other))))
            }
        }
    }

    /// The game given as option `game:` (flip, dark or open), 翻翻棋 when not given.
    fn game(&self) -> Result<crate::GameKind, ParseError> {
        self.option("game")
            .map(|text| {
                text.parse::<crate::GameKind>()
                    .map_err(|error| self.problem(echo(&error.to_string())))
            })
            .transpose()
            .map(Option::unwrap_or_default)
    }

    fn option(&self, name: &str) -> Option<&'a str> {
        self.options
            .iter()
            .find(|(o, _)| *o == name)
            .map(|(_, v)| *v)
    }

    fn square(&self, index: usize) -> Result<Square, ParseError> {
        self.positional[index]
            .parse::<Square>()
            .map_err(|error| self.problem(echo(&error.to_string())))
    }

    fn id(&self) -> Result<Option<u64>, ParseError> {
        self.positional
            .first()
            .map(|text| {
                text.parse::<u64>().map_err(|_| {
                    self.problem(format!("\"{}\" is not a challenge number", echo(text)))
                })
            })
            .transpose()
    }

    /// A member, or the AI for `@ai`.
    fn member_or_ai(&self, text: &str) -> Result<Member, ParseError> {
        if text.eq_ignore_ascii_case("@ai") {
            return Ok(Member {
                user: AI_USER,
                name: "AI".into(),
            });
        }
        self.member(text)
    }

    fn member(&self, text: &str) -> Result<Member, ParseError> {
        let name = text.strip_prefix('@').ok_or_else(|| {
            self.problem(format!("write a member as @NAME, not \"{}\"", echo(text)))
        })?;
        if !valid_name(name) {
            return Err(ParseError::Name(echo(name)));
        }
        Ok(Member {
            user: user_id(name),
            name: name.to_string(),
        })
    }
}

/// Reads the text after the `/`.
pub fn parse_command(text: &str) -> Result<Command, ParseError> {
    let mut parts = text.split_whitespace();
    let verb = parts.next().unwrap_or("").to_lowercase();
    let Some(command) = Cmd::from_console(&verb) else {
        return Err(ParseError::UnknownCommand(echo(&verb)));
    };
    let mut words = Words {
        command,
        positional: Vec::new(),
        options: Vec::new(),
    };
    for word in parts {
        match word.split_once(':') {
            Some((name, value)) if !name.is_empty() => words.options.push((name, value)),
            _ => words.positional.push(word),
        }
    }
    let w = &words;
    Ok(match command {
        Cmd::Challenge => challenge(w)?,
        Cmd::Deploy => deploy(w)?,
        Cmd::Layouts => layouts::layouts(w)?,
        Cmd::Play => {
            w.expect()?;
            let seconds = w.number("seconds")?;
            let game = w.game()?;
            let cancel = w.flag("cancel")?.unwrap_or(false);
            Command::Play {
                seconds,
                game,
                cancel,
            }
        }
        Cmd::Accept | Cmd::Decline | Cmd::Withdraw => {
            w.expect()?;
            let challenge = w.id()?;
            match command {
                Cmd::Accept => Command::Accept { challenge },
                Cmd::Decline => Command::Decline { challenge },
                _ => Command::Withdraw { challenge },
            }
        }
        Cmd::Flip => {
            w.expect()?;
            Command::Flip(w.square(0)?)
        }
        Cmd::Move => {
            // `/move B3C3` too: one word holding both squares.
            w.expect_words(1..=2)?;
            let joined = w.positional.join(" ");
            match format!("move {joined}").parse::<Action>() {
                Ok(Action::Move { from, to }) => Command::Move { from, to },
                Ok(Action::Flip(_)) => return Err(w.problem(format!("usage: {}", w.usage()))),
                Err(error) => return Err(w.problem(echo(&error.to_string()))),
            }
        }
        Cmd::Moves => {
            w.expect()?;
            Command::Moves(w.square(0)?)
        }
        Cmd::Draw => draw(w)?,
        Cmd::Rank => {
            w.expect()?;
            let member = w.positional.first().map(|text| w.member_or_ai(text));
            Command::Rank {
                member: member.transpose()?,
                game: w.game()?,
            }
        }
        Cmd::History => history::history(w)?,
        Cmd::Replay => history::replay(w)?,
        Cmd::Analyse => history::analyse(w)?,
        Cmd::Tournament => tournament::tournament(w)?,
        Cmd::Settings => settings::settings(w)?,
        Cmd::Cancel => moderation::cancel(w)?,
        Cmd::Leaderboard => {
            w.expect()?;
            let global = w.flag("global")?.unwrap_or(false);
            Command::Leaderboard {
                global,
                game: w.game()?,
            }
        }
        Cmd::Board | Cmd::Export | Cmd::Resign | Cmd::Abandon | Cmd::Rematch => {
            w.expect()?;
            match command {
                Cmd::Board => Command::Board,
                Cmd::Export => Command::Export,
                Cmd::Resign => Command::Resign,
                Cmd::Abandon => Command::Abandon,
                _ => Command::Rematch,
            }
        }
        Cmd::Rules | Cmd::Help | Cmd::Games => {
            w.expect()?;
            match command {
                Cmd::Rules => Command::Rules,
                Cmd::Games => Command::Games,
                _ => Command::Help,
            }
        }
    })
}

/// `/challenge [@member] [seconds:N] [level:NAME]`; a level only for `@ai`.
fn challenge(w: &Words<'_>) -> Result<Command, ParseError> {
    w.expect()?;
    let seconds = w.number("seconds")?;
    let level = w
        .option("level")
        .map(|text| {
            text.parse::<crate::ai::Level>().map_err(|_| {
                w.problem(crate::words::unknown_ai_level(
                    Language::English,
                    &echo(text),
                ))
            })
        })
        .transpose()?;
    let opponent = match w.positional.first() {
        Some(who) if who.eq_ignore_ascii_case("@ai") => Opponent::Ai { level },
        _ if level.is_some() => {
            return Err(w.problem("level: applies only to a challenge to @ai"));
        }
        Some(who) => Opponent::Member(w.member(who)?),
        None => Opponent::Anyone,
    };
    let game = w.game()?;
    Ok(Command::Challenge {
        opponent,
        seconds,
        game,
    })
}

/// `/deploy [random|preset name:N|layout text:L|swap FROM TO|save name:N|load name:N|ready]`.
fn deploy(w: &Words<'_>) -> Result<Command, ParseError> {
    let action = w.positional.first().map(|word| word.to_lowercase());
    let text = |name: &str| {
        w.option(name)
            .map(str::to_string)
            .ok_or_else(|| w.problem(format!("{name}: is missing: usage: {}", w.usage())))
    };
    if let Some((option, _)) = w
        .options
        .iter()
        .find(|(name, _)| !["name", "text", "from", "to"].contains(name))
    {
        return Err(w.problem(format!(
            "unknown option `{}:`; usage: {}",
            echo(option),
            w.usage()
        )));
    }
    let step = match action.as_deref() {
        None => DeployStep::Show,
        Some("random") => DeployStep::Random,
        Some("ready") => DeployStep::Ready,
        Some("preset") => DeployStep::Preset(text("name")?),
        // A layout has no spaces; `text:` takes the rest of the line's first word.
        Some("layout") => DeployStep::Layout(text("text")?),
        Some("save") => DeployStep::Save(text("name")?),
        Some("load") => DeployStep::Load(text("name")?),
        // `swap B2 C5`, or as on Discord `swap from:B2 to:C5`.
        Some("swap") => {
            let squares: Vec<&str> = match (w.option("from"), w.option("to")) {
                (Some(from), Some(to)) if w.positional.len() == 1 => vec![from, to],
                (None, None) if w.positional.len() == 3 => w.positional[1..].to_vec(),
                _ => return Err(w.problem(format!("usage: {}", w.usage()))),
            };
            let square = |text: &str| {
                text.parse::<Square>()
                    .map_err(|error| w.problem(echo(&error.to_string())))
            };
            DeployStep::Swap {
                from: square(squares[0])?,
                to: square(squares[1])?,
            }
        }
        Some(other) => {
            return Err(w.problem(format!(
                "\"{}\": write random, preset, layout, swap, save, load or ready",
                echo(other)
            )));
        }
    };
    Ok(Command::Deploy(step))
}

/// `/draw [offer|accept|decline]`.
fn draw(w: &Words<'_>) -> Result<Command, ParseError> {
    w.expect()?;
    let answer = w.positional.first().map(|word| word.to_lowercase());
    Ok(match answer.as_deref() {
        None | Some("offer") => Command::OfferDraw,
        Some("accept") => Command::AnswerDraw {
            accept: true,
            game: None,
        },
        Some("decline") => Command::AnswerDraw {
            accept: false,
            game: None,
        },
        Some(other) => {
            return Err(w.problem(format!(
                "\"{}\": write offer, accept or decline",
                echo(other)
            )));
        }
    })
}
