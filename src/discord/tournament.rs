//! `/tournament` on Discord: one command whose optional `action` chooses create, join, leave
//! or cancel (a bare `/tournament` shows the standings, which Discord's subcommands could not
//! offer), the rooms of tournament games (a thread per game, grown from a notice in the
//! tournament's channel), and the announcement's message id, told to the service so the live
//! standings can edit it.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{ChannelType, CreateMessage, CreateThread, Http};

use super::commands::{GameChoice, run};
use super::deliver::Origin;
use super::messages::Layout;
use super::threads::Threads;
use super::{CommandError, Context};
use crate::service::{
    Announcement, Command, OpenedRoom, Reply, Rights, RoomRequest, Rooms, Service,
    TournamentCommand,
};
use crate::store::Place;

/// What `/tournament` does.
#[derive(poise::ChoiceParameter, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    #[name = "create"]
    Create,
    #[name = "join"]
    Join,
    #[name = "leave"]
    Leave,
    #[name = "cancel"]
    Cancel,
}

use super::rights_of;

/// `/tournament`: `action` as a [`TournamentCommand`], none showing the standings.
#[poise::command(slash_command, guild_only)]
pub async fn tournament(
    ctx: Context<'_>,
    action: Option<Action>,
    minutes: Option<u32>,
    seconds: Option<u32>,
    starts_in: Option<u32>,
    rated: Option<bool>,
    game: Option<GameChoice>,
) -> Result<(), CommandError> {
    let rights = match ctx {
        poise::Context::Application(app) => rights_of(app.interaction.member.as_deref()),
        poise::Context::Prefix(_) => Rights::default(),
    };
    let command = match action {
        None => TournamentCommand::Show,
        Some(Action::Create) => TournamentCommand::Create {
            // Left out, 0 is refused with the bounds: a clear answer rather than a guess.
            minutes: minutes.unwrap_or(0),
            seconds: seconds.unwrap_or(ctx.data().config.turn_secs),
            starts_in,
            rated,
            game: game.map_or(crate::GameKind::Flip, GameChoice::kind),
            rights,
        },
        Some(Action::Join) => TournamentCommand::Join { tournament: None },
        Some(Action::Leave) => TournamentCommand::Leave { tournament: None },
        Some(Action::Cancel) => TournamentCommand::Cancel { rights },
    };
    run(ctx, Ok(Command::Tournament(command)), Layout::Plain).await
}

/// After an answer was delivered: a tournament's announcement tells the service its message.
pub async fn answered(http: &Http, service: &Service, origin: Origin<'_>, reply: &Reply) {
    let Some(Announcement::Posted { tournament }) = reply.announcement else {
        return;
    };
    match origin.response_message(http).await {
        Ok(message) => {
            if let Err(error) = service.announcement_posted(tournament, message.get()).await {
                tracing::error!("remembering tournament {tournament}'s announcement: {error}");
            }
        }
        Err(error) => tracing::warn!("cannot find tournament {tournament}'s announcement: {error}"),
    }
}

/// Opens a thread per tournament game, grown from a notice in the tournament's channel.
pub struct ThreadRooms {
    /// Set once the gateway client exists (the service starts, and may resume a tournament,
    /// before it).
    pub http: Arc<tokio::sync::SetOnce<Arc<Http>>>,
    pub threads: Arc<Threads>,
}

impl Rooms for ThreadRooms {
    fn open(&self, request: RoomRequest) -> OpenedRoom {
        let (http, threads) = (self.http.clone(), self.threads.clone());
        Box::pin(async move {
            let http = http.wait().await.clone();
            let channel = serenity::ChannelId::new(request.channel.channel);
            let name = match request.quick_match {
                Some(id) => format!("{} vs {} · ⚡{id}", request.names[0], request.names[1]),
                None => format!(
                    "{} vs {} · #{}-{}",
                    request.names[0], request.names[1], request.tournament, request.number
                ),
            };
            let name: String = name.chars().take(100).collect();
            let notice = channel
                .send_message(&http, CreateMessage::new().content(name.clone()))
                .await
                .map_err(|error| tracing::warn!("tournament game notice: {error}"))
                .ok()?;
            let builder = CreateThread::new(name.clone()).kind(ChannelType::PublicThread);
            let thread = channel
                .create_thread_from_message(&http, notice.id, builder)
                .await
                .map_err(|error| tracing::warn!("tournament game thread: {error}"))
                .ok()?;
            threads.adopt_room(thread.id, channel, notice.id, name);
            Some(Place {
                guild: request.channel.guild,
                channel: thread.id.get(),
            })
        })
    }
}
