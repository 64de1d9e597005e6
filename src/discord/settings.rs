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
#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_GUILD",
    name_localized("zh-CN", "设置"),
    name_localized("zh-TW", "設定"),
    description_localized("zh-CN", "查看或更改本服务器的机器人设置（管理服务器）"),
    description_localized("zh-TW", "查看或變更本伺服器的機器人設定（管理伺服器）")
)]
#[allow(clippy::too_many_arguments)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Show the last 20 changes"]
    #[description_localized("zh-CN", "显示最近 20 次更改")]
    #[description_localized("zh-TW", "顯示最近 20 次變更")]
    log: Option<bool>,
    #[description = "Default seconds per turn"]
    #[description_localized("zh-CN", "默认每步秒数")]
    #[description_localized("zh-TW", "預設每步秒數")]
    #[min = 1]
    #[max = 86400]
    turn_secs: Option<u32>,
    #[description = "Shortest turn clock a challenge may ask for"]
    #[description_localized("zh-CN", "挑战可用的最短每步秒数")]
    #[description_localized("zh-TW", "挑戰可用的最短每步秒數")]
    #[min = 1]
    #[max = 86400]
    min_turn_secs: Option<u32>,
    #[description = "Longest turn clock a challenge may ask for"]
    #[description_localized("zh-CN", "挑战可用的最长每步秒数")]
    #[description_localized("zh-TW", "挑戰可用的最長每步秒數")]
    #[min = 1]
    #[max = 86400]
    max_turn_secs: Option<u32>,
    #[description = "Seconds before an unanswered challenge lapses"]
    #[description_localized("zh-CN", "无人应答的挑战在多少秒后失效")]
    #[description_localized("zh-TW", "無人回應的挑戰在多少秒後失效")]
    #[min = 10]
    #[max = 86400]
    challenge_expiry_secs: Option<u32>,
    #[description = "The bot's language here (auto: each member's and the server's)"]
    #[description_localized("zh-CN", "机器人在本服务器的语言（auto：跟随成员与服务器）")]
    #[description_localized("zh-TW", "機器人在本伺服器的語言（auto：跟隨成員與伺服器）")]
    language: Option<LanguageChoice>,
    #[description = "Play each game in a thread of its own"]
    #[description_localized("zh-CN", "每局在单独的子区进行")]
    #[description_localized("zh-TW", "每局在單獨的討論串進行")]
    game_threads: Option<bool>,
    #[description = "Games against the bot change points"]
    #[description_localized("zh-CN", "与机器人的对局计分")]
    #[description_localized("zh-TW", "與機器人的對局計分")]
    rate_ai_games: Option<bool>,
    #[description = "The channels games are started in (mention them), or \"any\""]
    #[description_localized("zh-CN", "可以开始对局的频道（提及它们），或 any")]
    #[description_localized("zh-TW", "可以開始對局的頻道（提及它們），或 any")]
    games_channels: Option<String>,
    #[description = "The role that may organise tournaments and cancel games"]
    #[description_localized("zh-CN", "可以组织锦标赛并取消对局的身份组")]
    #[description_localized("zh-TW", "可以主辦錦標賽並取消對局的身分組")]
    organiser_role: Option<serenity::Role>,
    #[description = "/play: the points apart two members may be when they start waiting"]
    #[description_localized("zh-CN", "/匹配：开始等待时双方积分可相差多少")]
    #[description_localized("zh-TW", "/配對：開始等待時雙方積分可相差多少")]
    #[min = 0]
    #[max = 100000]
    match_window_points: Option<u32>,
    #[description = "/play: every this many seconds of waiting the window grows by its size"]
    #[description_localized("zh-CN", "/匹配：每等待这么多秒，积分范围再放宽一次")]
    #[description_localized("zh-TW", "/配對：每等待這麼多秒，積分範圍再放寬一次")]
    #[min = 1]
    #[max = 86400]
    match_window_grow_secs: Option<u32>,
    #[description = "/play: seconds before a member waiting in the queue lapses"]
    #[description_localized("zh-CN", "/匹配：排队多少秒后失效")]
    #[description_localized("zh-TW", "/配對：排隊多少秒後失效")]
    #[min = 10]
    #[max = 86400]
    queue_expiry_secs: Option<u32>,
    #[description = "Settings to put back to the default, e.g. \"turn_secs language\""]
    #[description_localized("zh-CN", "恢复为默认值的设置，例如 turn_secs language")]
    #[description_localized("zh-TW", "恢復為預設值的設定，例如 turn_secs language")]
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
