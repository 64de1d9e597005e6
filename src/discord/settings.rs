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

/// `/settings`: the log, or one change per option given (`reset` lists keys to put back).
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
#[allow(clippy::too_many_arguments)]
pub async fn settings(
    ctx: Context<'_>,
    log: Option<bool>,
    #[min = 1]
    #[max = 86400]
    turn_secs: Option<u32>,
    #[min = 1]
    #[max = 86400]
    min_turn_secs: Option<u32>,
    #[min = 1]
    #[max = 86400]
    max_turn_secs: Option<u32>,
    #[min = 10]
    #[max = 86400]
    challenge_expiry_secs: Option<u32>,
    language: Option<LanguageChoice>,
    game_threads: Option<bool>,
    rate_ai_games: Option<bool>,
    #[min = 10]
    #[max = 86400]
    deploy_secs: Option<u32>,
    mine_survives: Option<bool>,
    engineer_scouts: Option<bool>,
    games_channels: Option<String>,
    organiser_role: Option<serenity::Role>,
    #[min = 0]
    #[max = 100000]
    match_window_points: Option<u32>,
    #[min = 1]
    #[max = 86400]
    match_window_grow_secs: Option<u32>,
    #[min = 10]
    #[max = 86400]
    queue_expiry_secs: Option<u32>,
    #[min = 1]
    #[max = 20]
    max_live_games_per_member: Option<u32>,
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
    change("deploy_secs", deploy_secs.map(|v| v.to_string()));
    change("mine_survives", mine_survives.map(flag));
    change("engineer_scouts", engineer_scouts.map(flag));
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
    change(
        "max_live_games_per_member",
        max_live_games_per_member.map(|v| v.to_string()),
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
