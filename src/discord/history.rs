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
#[poise::command(slash_command, guild_only)]
async fn history(
    ctx: Context<'_>,
    #[description = "Whose games"] member: Option<serenity::User>,
) -> Result<(), CommandError> {
    let member = member.as_ref().map(self::member);
    run(ctx, Ok(Command::History { member, page: 0 }), Layout::Plain).await
}

/// An animated replay of a finished game, with its record as a text file
#[poise::command(slash_command, guild_only)]
async fn replay(
    ctx: Context<'_>,
    #[description = "The game number (from /history)"] game: u64,
    #[description = "Actions per second (1–10, default 2)"]
    #[min = 1]
    #[max = 10]
    speed: Option<u32>,
) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Replay { game, speed }), Layout::Plain).await
}

/// A finished game's chart of each player's chance of winning, with its three biggest swings
#[poise::command(slash_command, guild_only)]
async fn analyse(
    ctx: Context<'_>,
    #[description = "The game number (from /history)"] game: u64,
) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Analyse { game }), Layout::Plain).await
}

/// The games being played in this server, with a link to each
#[poise::command(slash_command, guild_only)]
async fn games(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Games), Layout::Plain).await
}
