//! Every button press, routed by its `custom_id` through this one handler (called from poise's
//! `event_handler`), not through collectors: a button on a message sent before a restart still
//! works, and one that no longer means anything answers privately that it has expired.

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage, EditMessage,
    FullEvent, Interaction, MessageFlags,
};

use super::commands::ask_service;
use super::deliver::{self, Origin};
use super::messages::{Layout, Outgoing};
use super::{Bot, CommandError, caller_of, private_language, tongues_of, words};
use crate::service::{ButtonId, Command, MenuId, Reply};

/// Where a button press goes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Route {
    /// A command for the service (accept, decline, withdraw, draw answers, rematch, board,
    /// confirmed resign or abandon).
    Service(Command),
    /// The "cancel" of a confirmation.
    Cancel,
    /// Nothing this bot knows (an old or foreign button).
    Expired,
}

/// The route of a custom id, with the values chosen when it is a select menu.
pub fn route(custom_id: &str, chosen: &[String]) -> Route {
    if let Ok(id) = custom_id.parse::<MenuId>() {
        return match chosen {
            [value] => Route::Service(Command::from_menu(id, value)),
            _ => Route::Expired,
        };
    }
    let Ok(id) = custom_id.parse::<ButtonId>() else {
        return Route::Expired;
    };
    match Command::from_button(id) {
        Some(command) => Route::Service(command),
        None => Route::Cancel,
    }
}

/// The values chosen in a select menu (none for a button).
fn chosen_values(press: &ComponentInteraction) -> &[String] {
    match &press.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values,
        _ => &[],
    }
}

/// Buttons that are spent once answered publicly (their message loses its buttons).
fn one_shot(command: &Command) -> bool {
    matches!(
        command,
        Command::Accept { .. }
            | Command::Decline { .. }
            | Command::Withdraw { .. }
            | Command::AnswerDraw { .. }
    )
}

/// poise's event handler: button presses, and each guild's language as the gateway tells it.
pub async fn on_event(
    ctx: &serenity::Context,
    event: &FullEvent,
    bot: &Bot,
) -> Result<(), CommandError> {
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(press),
        } => press_button(ctx, press, bot).await,
        // The gateway tells each guild's language at start: a game resumed after a restart
        // speaks it from its first message, before anyone there has typed a command.
        FullEvent::GuildCreate { guild, .. } => {
            let locale = guild.preferred_locale.as_str();
            let language = bot.config.language.for_locale(Some(locale));
            bot.service
                .remember_guild_language(guild.id.get(), language);
        }
        _ => {}
    }
    Ok(())
}

async fn press_button(ctx: &serenity::Context, press: &ComponentInteraction, bot: &Bot) {
    let language = private_language(&bot.service, press.guild_id, &press.locale);
    let tongues = tongues_of(
        &bot.service,
        press.guild_id,
        &press.locale,
        press.guild_locale.as_deref(),
    );
    let caller = caller_of(
        &press.user,
        press.member.as_ref(),
        press.guild_id,
        press.channel_id,
    );
    let plain = |reply| Outgoing::new(reply, Layout::Plain);
    match route(&press.data.custom_id, chosen_values(press)) {
        Route::Service(command) => {
            let spent = one_shot(&command);
            let public = ask_service(
                &ctx.http,
                bot,
                Origin::Component(press),
                caller,
                tongues,
                Ok(command),
                Layout::Plain,
            )
            .await;
            let ephemeral = press
                .message
                .flags
                .is_some_and(|flags| flags.contains(MessageFlags::EPHEMERAL));
            if spent && public && !ephemeral {
                let edit = EditMessage::new().components(Vec::new());
                if let Err(error) = press
                    .channel_id
                    .edit_message(&ctx.http, press.message.id, edit)
                    .await
                {
                    tracing::warn!("could not remove the answered buttons: {error}");
                }
            }
        }
        Route::Cancel => {
            let update = CreateInteractionResponseMessage::new()
                .content(words::cancelled(language))
                .components(Vec::new());
            if let Err(error) = press
                .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                .await
            {
                tracing::warn!("could not answer a cancel: {error}");
            }
        }
        Route::Expired => {
            let refusal = async { Reply::refusal(words::expired(language)) };
            deliver::answer(&ctx.http, Origin::Component(press), refusal, plain).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_route_to_commands() {
        let table = [
            (
                "accept:4",
                Route::Service(Command::Accept { challenge: Some(4) }),
            ),
            (
                "withdraw:4",
                Route::Service(Command::Withdraw { challenge: Some(4) }),
            ),
            (
                "draw:decline:9",
                Route::Service(Command::AnswerDraw {
                    accept: false,
                    game: Some(9),
                }),
            ),
            ("confirm:resign", Route::Service(Command::Resign)),
            ("confirm:abandon", Route::Service(Command::Abandon)),
            ("confirm:cancel", Route::Cancel),
            ("accept:", Route::Expired),
            ("someone-elses-button", Route::Expired),
        ];
        for (id, expected) in table {
            assert_eq!(route(id, &[]), expected, "{id}");
        }
    }

    #[test]
    fn a_menu_choice_routes_to_its_deployment_step() {
        let deploy = |step| {
            Route::Service(Command::ForGame {
                game: 3,
                turn: None,
                command: Box::new(Command::Deploy(step)),
            })
        };
        let one = |value: &str| vec![value.to_string()];
        let table = [
            (
                "deploy:presets:3",
                one("turtle"),
                deploy(crate::service::DeployStep::Preset("turtle".into())),
            ),
            (
                "deploy:saved:3",
                one("wall"),
                deploy(crate::service::DeployStep::Load("wall".into())),
            ),
            ("deploy:saved:3", Vec::new(), Route::Expired),
            (
                "deploy:saved:3",
                vec!["a".into(), "b".into()],
                Route::Expired,
            ),
        ];
        for (id, values, expected) in table {
            assert_eq!(route(id, &values), expected, "{id} {values:?}");
        }
    }
}
