//! `/history`, `/replay`, `/analyse` and `/games`, localised like the other commands. Paging buttons under
//! a history (`history:<user>:<page>`) are routed by `buttons.rs` like every other button.

use poise::serenity_prelude as serenity;

use super::commands::{member, run};
use super::messages::Layout;
use super::{CommandError, Context};
use crate::service::Command;

/// `/history`: its first page (buttons turn the others).
#[poise::command(slash_command, guild_only)]
pub(super) async fn history(
    ctx: Context<'_>,
    member: Option<serenity::User>,
) -> Result<(), CommandError> {
    let member = member.as_ref().map(self::member);
    run(ctx, Ok(Command::History { member, page: 0 }), Layout::Plain).await
}

/// `/replay`.
#[poise::command(slash_command, guild_only)]
pub(super) async fn replay(
    ctx: Context<'_>,
    game: u64,
    #[min = 1]
    #[max = 10]
    speed: Option<u32>,
) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Replay { game, speed }), Layout::Plain).await
}

/// `/analyse`.
#[poise::command(slash_command, guild_only)]
pub(super) async fn analyse(ctx: Context<'_>, game: u64) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Analyse { game }), Layout::Plain).await
}

/// `/games`.
#[poise::command(slash_command, guild_only)]
pub(super) async fn games(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Games), Layout::Plain).await
}
