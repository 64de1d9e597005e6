//! All the wording users see, in every language the bot speaks (English, Simplified and
//! Traditional Chinese): one typed module per concept, each sentence one function whose three
//! versions sit side by side in a `say!`, so a missing translation does not compile. The
//! English wording is what the console tests and transcripts check.
//!
//! Submodules: `errors` (refusals and failures), `play` (turns, draws, clocks, buttons),
//! `lobby` (challenges), `standings` (points, ranks, titles), `turns` (what an action did and
//! the text board), `ending` (how a game ended, in a message and on the image's banner),
//! `history` (`/history`, `/replay`, `/games`), `moderation` (`/cancel`), `analysis`
//! (`/analyse`), `layouts` (saved layouts), `commands` (the one table of commands: names, descriptions, options, usage
//! and `/help`, in every language) and `board` (the labels drawn on the board image). The
//! Discord front end's own texts live with it (`discord/wording.rs`). Nothing here depends on
//! the service or a front end: [`Surface`] says which front end a sentence is for.

pub mod analysis;
mod commands;
pub mod deploy;
mod errors;
pub mod layouts;
mod lobby;
pub mod moderation;
mod play;
mod queue;
pub mod settings;
mod standings;
pub mod tournament;

pub(crate) mod board;
pub(crate) mod ending;
pub(crate) mod history;
pub(crate) mod turns;

#[cfg(test)]
mod catalogue_tests;
#[cfg(test)]
mod tests;

pub use commands::{
    Choice, Cmd, CommandSpec, Console, Kind, Menu, Opt, OptSpec, Phrase, help_lines, option, slash,
    slash_names, usage,
};
pub use errors::*;
pub use lobby::*;
pub use play::*;
pub use queue::*;
pub use standings::*;

use crate::config::Language;
use crate::game::Colour;

/// Which front end the words are for: they name that front end's commands and buttons
/// (`/draw` and an Accept draw button on Discord, `/draw accept` in the console).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Surface {
    #[default]
    Console,
    Discord,
}

/// `say!(lang, "English {x}", "简体 {x}", "繁體 {x}")`: the sentence in `lang`, arguments
/// captured from the surrounding scope.
macro_rules! say {
    ($lang:expr, $en:literal, $hans:literal, $hant:literal) => {
        match $lang {
            Language::English => format!($en),
            Language::ZhHans => format!($hans),
            Language::ZhHant => format!($hant),
        }
    };
}
pub(crate) use say;

/// An English count with its noun: "1 minute", "2 minutes", "-1 point", "0 points" (Chinese
/// needs no plural, so only the English wording calls this).
fn count_en(count: impl Into<i64>, singular: &str, plural: &str) -> String {
    let count = count.into();
    let noun = noun_en(count, singular, plural);
    format!("{count} {noun}")
}

/// The English noun for `count` of something: singular for 1 and -1.
fn noun_en<'a>(count: i64, singular: &'a str, plural: &'a str) -> &'a str {
    if count.abs() == 1 { singular } else { plural }
}

pub fn colour(lang: Language, colour: Colour) -> &'static str {
    match (lang, colour) {
        (Language::English, _) => colour.name(),
        (_, Colour::Black) => "黑",
        (Language::ZhHans, Colour::Red) => "红",
        (Language::ZhHant, Colour::Red) => "紅",
    }
}

/// Simplified to Traditional for the characters of titles (the store keeps simplified).
pub fn traditional(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '长' => '長',
            '连' => '連',
            '营' => '營',
            '团' => '團',
            '师' => '師',
            '军' => '軍',
            other => other,
        })
        .collect()
}
