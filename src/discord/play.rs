//! `/play` on Discord: quick match, a thin translation into [`Command::Play`]. The private
//! answer carries the Leave queue button; the game starts in a thread of the channel where the
//! longer-waiting member typed `/play` (the service's room opener, `tournament.rs`).

use super::commands::run;
use super::messages::Layout;
use super::{CommandError, Context};
use crate::service::Command;

/// Find a game: wait in this server's queue for the closest opponent in points
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "匹配"),
    name_localized("zh-TW", "配對"),
    description_localized("zh-CN", "快速匹配：在本服务器的队列里等积分最接近的对手"),
    description_localized("zh-TW", "快速配對：在本伺服器的佇列裡等積分最接近的對手")
)]
pub async fn play(
    ctx: Context<'_>,
    #[description = "Seconds per turn (default: the server's)"]
    #[name_localized("zh-CN", "秒数")]
    #[name_localized("zh-TW", "秒數")]
    #[description_localized("zh-CN", "每步的秒数（默认：本服务器的设置）")]
    #[description_localized("zh-TW", "每步的秒數（預設：本伺服器的設定）")]
    seconds: Option<u32>,
    #[description = "true: leave the queue"]
    #[name_localized("zh-CN", "取消")]
    #[name_localized("zh-TW", "取消")]
    #[description_localized("zh-CN", "是：离开队列")]
    #[description_localized("zh-TW", "是：離開佇列")]
    cancel: Option<bool>,
) -> Result<(), CommandError> {
    let command = Command::Play {
        seconds,
        cancel: cancel.unwrap_or(false),
    };
    run(ctx, Ok(command), Layout::Plain).await
}
