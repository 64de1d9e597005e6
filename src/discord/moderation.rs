//! `/cancel` on Discord: registered for Manage Messages only (`default_member_permissions`),
//! guild-only. The service checks the right again itself (Manage Messages or the server's
//! organiser role), because a server can override who sees the command.

use super::commands::run;
use super::messages::Layout;
use super::{CommandError, Context, rights_of};
use crate::service::{Command, Rights};

/// `/cancel`: with the caller's rights, which the service checks.
#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_MESSAGES"
)]
pub async fn cancel(
    ctx: Context<'_>,
    #[min = 1] game: u64,
    #[max_length = 200] reason: Option<String>,
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
