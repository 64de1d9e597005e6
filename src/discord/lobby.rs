//! `/accept`, `/decline` and `/withdraw` on Discord, as in the console: each hands the
//! challenge's number (if given) to the service, which finds the challenge meant (for
//! `/accept`: the newest addressed to the caller, else the oldest open one of someone else)
//! and answers as it does for the challenge's buttons.

use super::commands::run;
use super::messages::Layout;
use super::{CommandError, Context};
use crate::service::Command;

/// `/accept`.
#[poise::command(slash_command, guild_only)]
pub async fn accept(ctx: Context<'_>, #[min = 1] number: Option<u64>) -> Result<(), CommandError> {
    let command = Command::Accept { challenge: number };
    run(ctx, Ok(command), Layout::Plain).await
}

/// `/decline`.
#[poise::command(slash_command, guild_only)]
pub async fn decline(ctx: Context<'_>, #[min = 1] number: Option<u64>) -> Result<(), CommandError> {
    let command = Command::Decline { challenge: number };
    run(ctx, Ok(command), Layout::Plain).await
}

/// `/withdraw`.
#[poise::command(slash_command, guild_only)]
pub async fn withdraw(
    ctx: Context<'_>,
    #[min = 1] number: Option<u64>,
) -> Result<(), CommandError> {
    let command = Command::Withdraw { challenge: number };
    run(ctx, Ok(command), Layout::Plain).await
}
