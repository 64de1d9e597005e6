//! What went wrong in a command, answered privately in the member's language: a failed command
//! body (logged), and an option value the bot could not read (`/flip Z9` is refused by the
//! command itself; this is for what poise cannot parse at all).

use super::commands::language_of;
use super::{Bot, CommandError, words};

/// Logs what went wrong and, for a failed command, tells its user privately.
pub async fn on_error(error: poise::FrameworkError<'_, Bot, CommandError>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!("/{} failed: {error}", ctx.command().name);
            let language = language_of(ctx);
            let reply = poise::CreateReply::default()
                .content(words::internal_error(language))
                .ephemeral(true);
            if let Err(error) = ctx.send(reply).await {
                tracing::warn!("could not report the failure: {error}");
            }
        }
        poise::FrameworkError::ArgumentParse {
            error, input, ctx, ..
        } => {
            tracing::info!(
                "/{}: an option could not be read: {error}",
                ctx.command().name
            );
            let language = language_of(ctx);
            let text = match input {
                Some(input) => {
                    crate::words::bad_argument(language, &crate::console::parse::echo(&input))
                }
                None => crate::words::bad_arguments(language),
            };
            let reply = poise::CreateReply::default().content(text).ephemeral(true);
            if let Err(error) = ctx.send(reply).await {
                tracing::warn!("could not report the unreadable option: {error}");
            }
        }
        other => {
            if let Err(error) = poise::builtins::on_error(other).await {
                tracing::error!("while handling an error: {error}");
            }
        }
    }
}
