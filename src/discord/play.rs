//! `/play` on Discord: quick match, a thin translation into [`Command::Play`]. The private
//! answer carries the Leave queue button; the game starts in a thread of the channel where the
//! longer-waiting member typed `/play` (the service's room opener, `tournament.rs`).

use super::commands::{GameChoice, run};
use super::messages::Layout;
use super::{CommandError, Context};
use crate::service::Command;

/// `/play`: join the queue of a game and clock, or leave it with `cancel`.
#[poise::command(slash_command, guild_only)]
pub async fn play(
    ctx: Context<'_>,
    seconds: Option<u32>,
    game: Option<GameChoice>,
    cancel: Option<bool>,
) -> Result<(), CommandError> {
    let command = Command::Play {
        seconds,
        game: game.map_or(crate::GameKind::Flip, GameChoice::kind),
        cancel: cancel.unwrap_or(false),
    };
    run(ctx, Ok(command), Layout::Plain).await
}
