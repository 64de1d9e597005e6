//! The command names the words use are the ones Discord registers, in every language: a
//! Chinese message names `/挑战`, an English one `/challenge`, and no Discord text names a
//! command a member of that language cannot find.

use std::collections::{HashMap, HashSet};

use super::commands::{self, help_lines, localised};
use crate::config::Language;
use crate::game::Rules;
use crate::service::Surface;
use crate::words::{self, Cmd, Opt, slash_names};

const LANGUAGES: [Language; 3] = [Language::English, Language::ZhHans, Language::ZhHant];

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

#[test]
fn the_words_name_each_command_as_discord_registers_it() {
    let mut all = commands::all();
    // The context menus are named apart (their names are sentences, not slash commands).
    all.retain(|command| command.slash_action.is_some());
    let by_name: HashMap<&str, &poise::Command<_, _>> = all
        .iter()
        .map(|command| (&*command.name, command))
        .collect();
    assert_eq!(
        by_name.len(),
        Cmd::ALL.len(),
        "a command missing from words::Cmd"
    );
    for cmd in Cmd::ALL {
        let names = cmd.names();
        let command = by_name
            .get(names[0])
            .unwrap_or_else(|| panic!("/{} is not registered", names[0]));
        for (index, lang) in LANGUAGES.into_iter().enumerate() {
            let shown = localised(&command.name_localizations, &command.name, lang);
            assert_eq!(shown, names[index], "{cmd:?} in {lang:?}");
            let typed = words::slash(lang, Surface::Discord, cmd);
            assert_eq!(typed, format!("/{shown}"));
        }
        assert_eq!(
            words::slash(Language::ZhHans, Surface::Console, cmd),
            format!("/{}", names[0])
        );
    }
    for opt in Opt::ALL {
        let (cmd, names) = opt.names();
        let command = by_name[cmd.names()[0]];
        let parameter = command
            .parameters
            .iter()
            .find(|parameter| parameter.name == names[0])
            .unwrap_or_else(|| panic!("{opt:?} is not an option of /{}", command.name));
        for (index, lang) in LANGUAGES.into_iter().enumerate() {
            let shown = localised(&parameter.name_localizations, &parameter.name, lang);
            assert_eq!(shown, names[index], "{opt:?} in {lang:?}");
        }
    }
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
    texts.extend(help_lines(&commands::all(), lang));
    for rematch in [false, true] {
        texts.extend(words::challenge_lines(
            lang, rematch, "alice", "bob", 30, 10, 7, discord,
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
