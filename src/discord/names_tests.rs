//! No Discord text names a command a member of its language cannot find: a Chinese message
//! names `/挑战`, an English one `/challenge` (the registered names are the words' own, filled
//! in by `localise`).

use std::borrow::Cow;
use std::collections::HashSet;

use super::commands::{self, help_lines};
use super::localise::LOCALES;
use crate::config::Language;
use crate::game::Rules;
use crate::service::Surface;
use crate::words::{self, Cmd, slash_names};

const LANGUAGES: [Language; 3] = [Language::English, Language::ZhHans, Language::ZhHant];

/// A registered name or description as a client in `lang` shows it: its localisation for
/// that language's Discord locale, else the default.
fn localised(map: &[(Cow<'_, str>, Cow<'_, str>)], default: &str, lang: Language) -> String {
    let locale = match lang {
        Language::English => None,
        Language::ZhHans => Some(LOCALES[0]),
        Language::ZhHant => Some(LOCALES[1]),
    };
    locale
        .and_then(|locale| map.iter().find(|(key, _)| key == locale))
        .map_or_else(|| default.to_string(), |(_, text)| text.to_string())
}

/// Every command's and option's name as a member of `lang` sees it on Discord.
fn registered(lang: Language) -> HashSet<String> {
    let mut names = HashSet::new();
    for command in commands::all() {
        names.insert(localised(&command.name_localizations, &command.name, lang));
        for parameter in &command.parameters {
            names.insert(localised(
                &parameter.name_localizations,
                &parameter.name,
                lang,
            ));
        }
    }
    names
}

/// Every Discord text that tells members to type a command, in every language.
fn discord_texts(lang: Language) -> Vec<String> {
    let discord = Surface::Discord;
    let mut texts = vec![
        words::no_game(lang, discord),
        words::history::history_hint(lang, discord),
        words::history::replay_of_live_game(lang, discord, 12),
        words::history::games_empty(lang, discord),
        super::wording::help_title(lang),
        super::wording::image_not_uploaded(lang),
        super::wording::files_not_uploaded(lang),
        words::offers_draw(lang, discord, "alice", "bob"),
        words::open_challenge_exists(lang, discord),
        words::only_can_decline(lang, discord, "bob", true),
        words::only_can_decline(lang, discord, "bob", false),
        words::tournament::how_to_join(lang, discord),
        words::tournament::no_tournament_here(lang, discord),
    ];
    texts.extend(words::turns::rules_text(&Rules::default(), lang, discord));
    texts.extend(help_lines(lang));
    for rematch in [false, true] {
        texts.extend(words::challenge_lines(
            lang,
            (rematch, crate::GameKind::Flip),
            "alice",
            "bob",
            30,
            10,
            7,
            discord,
        ));
    }
    for command in commands::all() {
        texts.push(localised(
            &command.description_localizations,
            command.description.as_deref().unwrap_or(""),
            lang,
        ));
        for parameter in &command.parameters {
            texts.push(localised(
                &parameter.description_localizations,
                parameter.description.as_deref().unwrap_or(""),
                lang,
            ));
        }
    }
    texts
}

#[test]
fn discord_texts_name_only_commands_of_their_own_language() {
    for lang in LANGUAGES {
        let names = registered(lang);
        let texts = discord_texts(lang);
        let mut named = 0;
        for text in &texts {
            for name in slash_names(text) {
                named += 1;
                assert!(names.contains(&name), "{lang:?}: /{name} in {text:?}");
            }
        }
        // The sweep looks at texts that do name commands (help lists all of them).
        assert!(named > Cmd::ALL.len(), "{lang:?}: only {named} names");
    }
}
