//! Square suggestions while a player types: `/flip` offers the caller's legal flips, `/move`
//! `from` and `/moves` the squares of their movable pieces, `/move` `to` the destinations of
//! the chosen `from` — only to a player of the channel's game, on their turn.
//!
//! The legal actions are asked from the service (the game's actor answers between commands);
//! nothing is changed. Only legal actions are offered, which the player could list
//! themselves: no face-down identity leaks.

use poise::serenity_prelude as serenity;
use serenity::{AutocompleteChoice, CommandDataOptionValue, CreateAutocompleteResponse};

use super::{Context, slash_caller};
use crate::game::{Action, Square};

/// Discord shows at most 25 choices.
const MAX_CHOICES: usize = 25;

/// Which option is being typed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Field {
    Flip,
    Origin,
    /// Destinations of the piece on this square.
    Destination(Square),
}

/// The suggestions for `field` among `legal` actions, filtered by what was typed (any case).
pub fn choices(legal: &[Action], field: Field, typed: &str) -> Vec<String> {
    let typed = typed.trim().to_ascii_uppercase();
    let mut squares: Vec<Square> = legal
        .iter()
        .filter_map(|action| match (field, *action) {
            (Field::Flip, Action::Flip(square)) => Some(square),
            (Field::Origin, Action::Move { from, .. }) => Some(from),
            (Field::Destination(chosen), Action::Move { from, to }) if from == chosen => Some(to),
            _ => None,
        })
        .collect();
    squares.sort_by_key(|square| square.index());
    squares.dedup();
    squares
        .into_iter()
        .map(|square| square.to_string())
        .filter(|name| name.starts_with(&typed))
        .take(MAX_CHOICES)
        .collect()
}

async fn suggest(
    ctx: Context<'_>,
    field: Option<Field>,
    typed: &str,
) -> CreateAutocompleteResponse {
    let choices = suggestions(ctx, field, typed)
        .await
        .into_iter()
        .map(|square| AutocompleteChoice::new(square.clone(), square))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

async fn suggestions(ctx: Context<'_>, field: Option<Field>, typed: &str) -> Vec<String> {
    let (Some((_, caller)), Some(field)) = (slash_caller(ctx), field) else {
        return Vec::new();
    };
    let legal = ctx.data().service.legal_actions(&caller).await;
    choices(&legal, field, typed)
}

/// The square already chosen in option `name` of the command being typed.
fn option_square(ctx: Context<'_>, name: &str) -> Option<Square> {
    let poise::Context::Application(app) = ctx else {
        return None;
    };
    app.interaction
        .data
        .options
        .iter()
        .find(|option| option.name == name)
        .and_then(|option| match &option.value {
            CommandDataOptionValue::String(value) => Some(value.as_str()),
            CommandDataOptionValue::Autocomplete { value, .. } => Some(value.as_str()),
            _ => None,
        })
        .and_then(|value| value.trim().parse().ok())
}

pub async fn flips(ctx: Context<'_>, typed: &str) -> CreateAutocompleteResponse {
    suggest(ctx, Some(Field::Flip), typed).await
}

pub async fn origins(ctx: Context<'_>, typed: &str) -> CreateAutocompleteResponse {
    suggest(ctx, Some(Field::Origin), typed).await
}

pub async fn destinations(ctx: Context<'_>, typed: &str) -> CreateAutocompleteResponse {
    let from = option_square(ctx, "from").map(Field::Destination);
    suggest(ctx, from, typed).await
}

/// `/deploy swap`'s squares: the caller's own posts, while their deployment is open.
pub async fn posts(ctx: Context<'_>, typed: &str) -> CreateAutocompleteResponse {
    let Some((_, caller)) = slash_caller(ctx) else {
        return CreateAutocompleteResponse::new();
    };
    let typed = typed.trim().to_ascii_uppercase();
    let choices = ctx
        .data()
        .service
        .deploy_posts(&caller)
        .await
        .into_iter()
        .map(|square| square.to_string())
        .filter(|name| name.starts_with(&typed))
        .take(MAX_CHOICES)
        .map(|name| AutocompleteChoice::new(name.clone(), name))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// `/deploy`'s `name`: the presets, then the caller's saved layouts, whose names start with
/// what was typed (any case).
pub async fn presets(ctx: Context<'_>, typed: &str) -> CreateAutocompleteResponse {
    let saved = saved_names(ctx).await;
    let choices = layout_choices(&saved, typed)
        .into_iter()
        .map(|(label, value)| AutocompleteChoice::new(label, value))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// `/layouts delete`'s `name`: the caller's saved layouts only.
pub async fn saved(ctx: Context<'_>, typed: &str) -> CreateAutocompleteResponse {
    let typed = typed.trim().to_lowercase();
    let choices = saved_names(ctx)
        .await
        .into_iter()
        .filter(|name| name.to_lowercase().starts_with(&typed))
        .take(MAX_CHOICES)
        .map(|name| AutocompleteChoice::new(name.clone(), name))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

async fn saved_names(ctx: Context<'_>) -> Vec<String> {
    match slash_caller(ctx) {
        Some((_, caller)) => ctx.data().service.saved_layout_names(&caller).await,
        None => Vec::new(),
    }
}

/// (label, value) of the presets and then the saved layouts whose names start with `typed`:
/// a preset shows its Chinese name, a saved layout is marked as the member's own.
pub fn layout_choices(saved: &[String], typed: &str) -> Vec<(String, String)> {
    let typed = typed.trim().to_lowercase();
    let presets = crate::standard::PRESETS
        .iter()
        .filter(|preset| preset.name.starts_with(&typed))
        .map(|preset| {
            let label = format!("{} · {}", preset.name, preset.chinese);
            (label, preset.name.to_string())
        });
    let own = saved
        .iter()
        .filter(|name| name.to_lowercase().starts_with(&typed))
        .map(|name| (format!("★ {name}"), name.clone()));
    presets.chain(own).take(MAX_CHOICES).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().expect("a square")
    }

    #[test]
    fn layout_names_offer_presets_then_saved_layouts_by_prefix() {
        let saved = vec!["Classic wall".to_string(), "rush".to_string()];
        let values = |typed: &str| -> Vec<String> {
            layout_choices(&saved, typed)
                .into_iter()
                .map(|(_, value)| value)
                .collect()
        };
        assert_eq!(values("CLASS"), vec!["classic", "Classic wall"]);
        assert_eq!(values("ru"), vec!["rush"]);
        let all = layout_choices(&saved, "");
        assert_eq!(all.len(), crate::standard::PRESETS.len() + 2);
        assert_eq!(all.last().map(|(label, _)| label.as_str()), Some("★ rush"));
    }

    #[test]
    fn choices_follow_the_field_and_the_typed_prefix() {
        let legal = vec![
            Action::Flip(sq("B3")),
            Action::Flip(sq("A1")),
            Action::Move {
                from: sq("C4"),
                to: sq("C5"),
            },
            Action::Move {
                from: sq("C4"),
                to: sq("B3"),
            },
            Action::Move {
                from: sq("A2"),
                to: sq("A3"),
            },
        ];
        let table: [(Field, &str, &[&str]); 6] = [
            (Field::Flip, "", &["A1", "B3"]),
            (Field::Flip, "b", &["B3"]),
            (Field::Origin, "", &["A2", "C4"]),
            (Field::Destination(sq("C4")), "", &["B3", "C5"]),
            (Field::Destination(sq("C4")), "c", &["C5"]),
            (Field::Destination(sq("E12")), "", &[]),
        ];
        for (field, typed, expected) in table {
            assert_eq!(
                choices(&legal, field, typed),
                expected,
                "{field:?} {typed:?}"
            );
        }
    }
}
