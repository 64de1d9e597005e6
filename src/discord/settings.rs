//! `/settings` on Discord: registered for Manage Server only (`default_member_permissions`),
//! guild-only; each typed option becomes one `key:value` change for the service, which checks
//! Manage Server again itself (a server can override who sees the command).

use poise::serenity_prelude as serenity;

use super::commands::run;
use super::messages::Layout;
use super::{CommandError, Context, rights_of};
use crate::service::{Command, Rights};

/// A server's fixed language, or `auto`.
#[derive(poise::ChoiceParameter, Clone, Copy, PartialEq, Eq, Debug)]
pub enum LanguageChoice {
    #[name = "auto"]
    Auto,
    #[name = "en"]
    En,
    #[name = "zh-Hans"]
    ZhHans,
    #[name = "zh-Hant"]
    ZhHant,
}

/// Show or change this server's settings for the bot (Manage Server)
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
#[allow(clippy::too_many_arguments)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Show the last 20 changes"] log: Option<bool>,
    #[description = "Default seconds per turn"]
    #[min = 1]
    #[max = 86400]
    turn_secs: Option<u32>,
    #[description = "Shortest turn clock a challenge may ask for"]
    #[min = 1]
    #[max = 86400]
    min_turn_secs: Option<u32>,
    #[description = "Longest turn clock a challenge may ask for"]
    #[min = 1]
    #[max = 86400]
    max_turn_secs: Option<u32>,
    #[description = "Seconds before an unanswered challenge lapses"]
    #[min = 10]
    #[max = 86400]
    challenge_expiry_secs: Option<u32>,
    #[description = "The bot's language here (auto: each member's and the server's)"]
    language: Option<LanguageChoice>,
    #[description = "Play each game in a thread of its own"] game_threads: Option<bool>,
    #[description = "Games against the bot change points"] rate_ai_games: Option<bool>,
    #[description = "The channels games are started in (mention them), or \"any\""]
    games_channels: Option<String>,
    #[description = "The role that may organise tournaments and cancel games"]
    organiser_role: Option<serenity::Role>,
    #[description = "/play: the points apart two members may be when they start waiting"]
    #[min = 0]
    #[max = 100000]
    match_window_points: Option<u32>,
    #[description = "/play: every this many seconds of waiting the window grows by its size"]
    #[min = 1]
    #[max = 86400]
    match_window_grow_secs: Option<u32>,
    #[description = "/play: seconds before a member waiting in the queue lapses"]
    #[min = 10]
    #[max = 86400]
    queue_expiry_secs: Option<u32>,
    #[description = "Settings to put back to the default, e.g. \"turn_secs language\""]
    reset: Option<String>,
) -> Result<(), CommandError> {
    let rights = match ctx {
        poise::Context::Application(app) => rights_of(app.interaction.member.as_deref()),
        poise::Context::Prefix(_) => Rights::default(),
    };
    if log == Some(true) {
        return run(ctx, Ok(Command::SettingsLog { rights }), Layout::Plain).await;
    }
    let mut changes: Vec<(String, String)> = Vec::new();
    let mut change = |key: &str, value: Option<String>| {
        if let Some(value) = value {
            changes.push((key.to_string(), value));
        }
    };
    change("turn_secs", turn_secs.map(|v| v.to_string()));
    change("min_turn_secs", min_turn_secs.map(|v| v.to_string()));
    change("max_turn_secs", max_turn_secs.map(|v| v.to_string()));
    change(
        "challenge_expiry_secs",
        challenge_expiry_secs.map(|v| v.to_string()),
    );
    change(
        "language",
        language.map(|choice| poise::ChoiceParameter::name(&choice).to_string()),
    );
    let flag = |on: bool| if on { "on" } else { "off" }.to_string();
    change("game_threads", game_threads.map(flag));
    change("rate_ai_games", rate_ai_games.map(flag));
    change("games_channels", games_channels);
    change(
        "organiser_role",
        organiser_role.map(|role| role.id.to_string()),
    );
    change(
        "match_window_points",
        match_window_points.map(|v| v.to_string()),
    );
    change(
        "match_window_grow_secs",
        match_window_grow_secs.map(|v| v.to_string()),
    );
    change(
        "queue_expiry_secs",
        queue_expiry_secs.map(|v| v.to_string()),
    );
    for key in reset.iter().flat_map(|keys| keys.split([' ', ','])) {
        if !key.is_empty() {
            changes.push((key.to_string(), "default".to_string()));
        }
    }
    run(
        ctx,
        Ok(Command::Settings { rights, changes }),
        Layout::Plain,
    )
    .await
}
