//! The user context-menu commands ("Apps" on a member): "Challenge to 翻翻棋" challenges them
//! with the server's default clock, "翻翻棋 rank" shows their rank privately (their Chinese
//! names are the table's, `words::Menu`). poise 0.7.1 does not register a context menu's name
//! localisations (its code leaves a TODO there), so [`registrations`] builds every command's
//! registration itself and adds them.

use poise::serenity_prelude as serenity;

use super::commands::{member, run};
use super::messages::Layout;
use super::{Bot, CommandError, Context, words};
use crate::service::{Command, Opponent, Reply};
use crate::words::Menu;

/// The poise command that answers `menu`.
pub fn command(menu: Menu) -> poise::Command<Bot, CommandError> {
    match menu {
        Menu::ChallengeMember => challenge_member(),
        Menu::RankMember => rank_member(),
    }
}

/// Challenge this member to a game here, on the server's default clock
#[poise::command(context_menu_command = "Challenge to 翻翻棋", guild_only)]
async fn challenge_member(ctx: Context<'_>, user: serenity::User) -> Result<(), CommandError> {
    let bot_id = ctx.serenity_context().cache.current_user().id;
    let command = if user.id == bot_id {
        Ok(Command::Challenge {
            opponent: Opponent::Ai { level: None },
            seconds: None,
            game: crate::GameKind::Flip,
        })
    } else if user.bot {
        Err(Reply::refusal(words::other_bot(
            super::commands::language_of(ctx),
        )))
    } else {
        Ok(Command::Challenge {
            opponent: Opponent::Member(member(&user)),
            seconds: None,
            game: crate::GameKind::Flip,
        })
    };
    run(ctx, command, Layout::Plain).await
}

/// Show this member's rank, to you alone
#[poise::command(context_menu_command = "翻翻棋 rank", guild_only)]
async fn rank_member(ctx: Context<'_>, user: serenity::User) -> Result<(), CommandError> {
    run(
        ctx,
        Ok(Command::Rank {
            member: Some(member(&user)),
            game: crate::GameKind::Flip,
        }),
        Layout::PrivateEmbed,
    )
    .await
}

/// The registration of every command: poise's own for slash commands, and for context menus
/// poise's with the name localisations added.
pub fn registrations(
    commands: &[poise::Command<Bot, CommandError>],
) -> Vec<serenity::CreateCommand> {
    let mut all = Vec::new();
    for command in commands {
        if let Some(slash) = command.create_as_slash_command() {
            all.push(slash);
        }
        if let Some(mut menu) = command.create_as_context_menu_command() {
            for (locale, name) in command.name_localizations.iter() {
                menu = menu.name_localized(locale.as_ref(), name.as_ref());
            }
            all.push(menu);
        }
    }
    all
}
