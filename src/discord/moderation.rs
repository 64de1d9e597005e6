//! `/cancel` on Discord: registered for Manage Messages only (`default_member_permissions`),
//! guild-only. The service checks the right again itself (Manage Messages or the server's
//! organiser role), because a server can override who sees the command.

use super::commands::run;
use super::messages::Layout;
use super::{CommandError, Context, rights_of};
use crate::service::{Command, Rights};

/// End a live game of this server with no result: no points, no tournament score (moderators)
#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_MESSAGES",
    name_localized("zh-CN", "取消对局"),
    name_localized("zh-TW", "取消對局"),
    description_localized(
        "zh-CN",
        "取消本服务器一局进行中的对局：不计分，锦标赛中也不计（管理员）"
    ),
    description_localized(
        "zh-TW",
        "取消本伺服器一局進行中的對局：不計分，錦標賽中也不計（管理員）"
    )
)]
pub async fn cancel(
    ctx: Context<'_>,
    #[description = "The game's number (/games lists them)"]
    #[name_localized("zh-CN", "对局号")]
    #[name_localized("zh-TW", "對局號")]
    #[description_localized("zh-CN", "对局编号（/对局 可列出）")]
    #[description_localized("zh-TW", "對局編號（/對局 可列出）")]
    #[min = 1]
    game: u64,
    #[description = "Why, for the players and the game's history"]
    #[name_localized("zh-CN", "原因")]
    #[name_localized("zh-TW", "原因")]
    #[description_localized("zh-CN", "原因，会告诉棋手并记入战绩")]
    #[description_localized("zh-TW", "原因，會告訴棋手並記入戰績")]
    #[max_length = 200]
    reason: Option<String>,
) -> Result<(), CommandError> {
    let rights = match ctx {
        poise::Context::Application(app) => rights_of(app.interaction.member.as_deref()),
        poise::Context::Prefix(_) => Rights::default(),
    };
    let command = Command::Cancel {
        game,
        reason: reason.unwrap_or_default(),
        rights,
    };
    run(ctx, Ok(command), Layout::Plain).await
}
