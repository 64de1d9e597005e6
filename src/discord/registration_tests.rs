//! The registered commands are the table's (`words::Cmd`): each one's name, descriptions and
//! localisations, and each option's name, type, whether it is required, and its choices with
//! theirs, read off the JSON Discord receives and compared with what the table says. What
//! poise's attributes decide (option names, types, requiredness, choices) fails here the
//! moment it drifts from the table.

use serde_json::{Value, json};

use super::commands;
use super::localise::LOCALES;
use crate::service::Surface;
use crate::words::{Cmd, Kind, OptSpec, Phrase};

/// `zh-CN` and `zh-TW` texts as Discord's JSON holds them.
fn localisations(texts: Option<[&str; 2]>) -> Value {
    let mut map = serde_json::Map::new();
    for (locale, text) in LOCALES.into_iter().zip(texts.into_iter().flatten()) {
        map.insert(locale.to_string(), json!(text));
    }
    Value::Object(map)
}

fn phrase_localisations(phrase: Phrase) -> Value {
    localisations(Some(phrase.chinese()))
}

/// Discord's option type for what an option holds (poise registers a choice as an integer).
fn option_type(kind: Kind) -> u64 {
    match kind {
        Kind::Text | Kind::Square | Kind::LayoutName | Kind::Pairs => 3,
        Kind::Integer | Kind::Choice(_) => 4,
        Kind::Flag => 5,
        Kind::Member => 6,
        Kind::Role => 8,
    }
}

/// What the table says Discord receives of an option.
fn expected_option(option: &OptSpec) -> Value {
    let choices: Vec<Value> = match option.kind {
        Kind::Choice(choices) => choices
            .iter()
            .map(|choice| {
                json!({
                    "name": choice.name,
                    "name_localizations": localisations(choice.names),
                })
            })
            .collect(),
        _ => Vec::new(),
    };
    let mut expected = json!({
        "name": option.name,
        "description": option.description.en,
        "description_localizations": phrase_localisations(option.description),
        "type": option_type(option.kind),
        "required": option.required,
        "autocomplete": matches!(option.kind, Kind::Square | Kind::LayoutName),
        "choices": choices,
    });
    if option.names.is_some() {
        expected["name_localizations"] = localisations(option.names);
    }
    expected
}

/// What the table says Discord receives of a command.
fn expected_command(cmd: Cmd) -> Value {
    let spec = cmd.spec();
    let options: Vec<Value> = cmd
        .options_on(Surface::Discord)
        .map(expected_option)
        .collect();
    json!({
        "name": spec.names.en,
        "name_localizations": phrase_localisations(spec.names),
        "description": spec.description.en,
        "description_localizations": phrase_localisations(spec.description),
        "options": options,
    })
}

/// Every difference between `expected` and the part of `actual` it names, by path: objects
/// compare the keys `expected` has, arrays element by element and by length.
fn differences(path: &str, expected: &Value, actual: &Value, found: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(wanted), Value::Object(got)) => {
            for (key, value) in wanted {
                let inner = format!("{path}.{key}");
                match got.get(key) {
                    Some(got) => differences(&inner, value, got, found),
                    None => found.push(format!("{inner}: missing, the table says {value}")),
                }
            }
        }
        (Value::Array(wanted), Value::Array(got)) => {
            if wanted.len() != got.len() {
                found.push(format!(
                    "{path}: {} registered, the table says {}",
                    got.len(),
                    wanted.len()
                ));
            }
            for (index, (wanted, got)) in wanted.iter().zip(got).enumerate() {
                differences(&format!("{path}[{index}]"), wanted, got, found);
            }
        }
        _ if expected != actual => found.push(format!(
            "{path}: registered {actual}, the table says {expected}"
        )),
        _ => {}
    }
}

/// The JSON Discord receives for each registered slash command, by name.
fn registered() -> serde_json::Map<String, Value> {
    commands::all()
        .iter()
        .filter_map(|command| command.create_as_slash_command())
        .map(|create| {
            let json = serde_json::to_value(&create).expect("a registration serialises");
            let name = json["name"].as_str().unwrap_or_default().to_string();
            (name, json)
        })
        .collect()
}

#[test]
fn every_registered_command_is_the_tables() {
    let registered = registered();
    let mut found = Vec::new();
    for cmd in Cmd::ALL {
        let name = cmd.name();
        match registered.get(name) {
            Some(actual) => differences(
                &format!("/{name}"),
                &expected_command(cmd),
                actual,
                &mut found,
            ),
            None => found.push(format!("/{name} is in the table but not registered")),
        }
    }
    for name in registered.keys() {
        if Cmd::ALL.iter().all(|cmd| cmd.name() != name) {
            found.push(format!("/{name} is registered but not in the table"));
        }
    }
    assert!(
        found.is_empty(),
        "registration drifted from the table:\n{}",
        found.join("\n")
    );
}

/// The comparison above notices what it is for: an option missing, a type, a choice.
#[test]
fn the_comparison_catches_drift() {
    let expected = expected_command(Cmd::Challenge);
    let mut actual = registered()["challenge"].clone();
    let mut found = Vec::new();
    differences("/challenge", &expected, &actual, &mut found);
    assert!(found.is_empty(), "{found:?}");
    actual["options"][2]["choices"][3]["name"] = json!("grandmaster");
    actual["options"][1]["type"] = json!(3);
    differences("/challenge", &expected, &actual, &mut found);
    assert_eq!(found.len(), 2, "{found:?}");
    if let Some(options) = actual["options"].as_array_mut() {
        options.pop();
    }
    found.clear();
    differences("/challenge", &expected, &actual, &mut found);
    assert!(
        found
            .iter()
            .any(|line| line.contains("3 registered") || line.contains("2 registered")),
        "{found:?}"
    );
}

/// The JSON of `/accept`, `/decline` and `/withdraw` as Discord receives it, for the record:
/// `cargo test registration_json -- --nocapture` prints it.
#[test]
fn accept_decline_and_withdraw_are_registered_with_a_number() {
    let registered = registered();
    for name in ["accept", "decline", "withdraw"] {
        let command = &registered[name];
        println!(
            "{}",
            serde_json::to_string_pretty(command).unwrap_or_default()
        );
        assert_eq!(command["contexts"], json!([0]), "{name}: servers only");
        assert_eq!(command["options"][0]["name"], "number", "{name}");
        assert_eq!(command["options"][0]["required"], false, "{name}");
    }
}

/// `/help` fits in its embed in every language (a title of 256 characters, a description of
/// 4096): cut, it would lose the last commands.
#[test]
fn help_fits_in_its_embed() {
    use crate::config::Language;
    for lang in [Language::English, Language::ZhHans, Language::ZhHant] {
        let lines = commands::help_lines(lang);
        let (title, rest) = lines.split_first().expect("a title");
        let length = rest.join("\n").chars().count();
        println!("{lang:?}: {length} characters");
        assert!(title.chars().count() <= 256, "{lang:?}: {title}");
        assert!(length <= 4096, "{lang:?}: {length} characters");
    }
}
