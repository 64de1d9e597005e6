//! `/history`, `/replay`, `/analyse` and `/games`, localised like the other commands. Paging buttons under
//! a history (`history:<user>:<page>`) are routed by `buttons.rs` like every other button.

use poise::serenity_prelude as serenity;

use super::commands::{member, run};
use super::messages::Layout;
use super::{Bot, CommandError, Context};
use crate::service::Command;

/// The commands of this file, for registration.
pub fn all() -> Vec<poise::Command<Bot, CommandError>> {
    vec![history(), replay(), analyse(), games()]
}

/// The last finished games of a member (default: you), ten at a time
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "战绩"),
    name_localized("zh-TW", "戰績"),
    description_localized("zh-CN", "成员最近结束的对局（默认自己），每页十局"),
    description_localized("zh-TW", "成員最近結束的對局（預設自己），每頁十局")
)]
async fn history(
    ctx: Context<'_>,
    #[description = "Whose games"]
    #[name_localized("zh-CN", "成员")]
    #[name_localized("zh-TW", "成員")]
    #[description_localized("zh-CN", "查看谁的对局")]
    #[description_localized("zh-TW", "查看誰的對局")]
    member: Option<serenity::User>,
) -> Result<(), CommandError> {
    let member = member.as_ref().map(self::member);
    run(ctx, Ok(Command::History { member, page: 0 }), Layout::Plain).await
}

/// An animated replay of a finished game, with its record as a text file
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "回放"),
    name_localized("zh-TW", "回放"),
    description_localized("zh-CN", "已结束对局的动画回放，附记录文本"),
    description_localized("zh-TW", "已結束對局的動畫回放，附記錄文字")
)]
async fn replay(
    ctx: Context<'_>,
    #[description = "The game number (from /history)"]
    #[name_localized("zh-CN", "对局号")]
    #[name_localized("zh-TW", "對局號")]
    #[description_localized("zh-CN", "对局号（见 /战绩）")]
    #[description_localized("zh-TW", "對局號（見 /戰績）")]
    game: u64,
    #[description = "Actions per second (1–10, default 2)"]
    #[name_localized("zh-CN", "速度")]
    #[name_localized("zh-TW", "速度")]
    #[description_localized("zh-CN", "每秒步数（1–10，默认 2）")]
    #[description_localized("zh-TW", "每秒步數（1–10，預設 2）")]
    #[min = 1]
    #[max = 10]
    speed: Option<u32>,
) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Replay { game, speed }), Layout::Plain).await
}

/// A finished game's chart of each player's chance of winning, with its three biggest swings
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "分析"),
    name_localized("zh-TW", "分析"),
    description_localized("zh-CN", "已结束对局的胜率图，标出最大的三次转折"),
    description_localized("zh-TW", "已結束對局的勝率圖，標出最大的三次轉折")
)]
async fn analyse(
    ctx: Context<'_>,
    #[description = "The game number (from /history)"]
    #[name_localized("zh-CN", "对局号")]
    #[name_localized("zh-TW", "對局號")]
    #[description_localized("zh-CN", "对局号（见 /战绩）")]
    #[description_localized("zh-TW", "對局號（見 /戰績）")]
    game: u64,
) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Analyse { game }), Layout::Plain).await
}

/// The games being played in this server, with a link to each
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "对局"),
    name_localized("zh-TW", "對局"),
    description_localized("zh-CN", "本服务器进行中的对局及其频道"),
    description_localized("zh-TW", "本伺服器進行中的對局及其頻道")
)]
async fn games(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Games), Layout::Plain).await
}
