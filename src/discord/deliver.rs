//! Getting replies to Discord: answering interactions (deferring when the service is slow),
//! posting the service's own messages to channels, and retrying what Discord failed (a 5xx,
//! a 429, a dropped connection). The game state is never touched here: it was committed by
//! the service before the reply existed, so a failed delivery loses at most a message, and a
//! failed image upload is retried and then sent as text.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    CommandInteraction, ComponentInteraction, CreateInteractionResponse, Http, HttpError,
};
use tokio::sync::mpsc::UnboundedReceiver;

use super::messages::Outgoing;
use crate::service::{Outbound, Reply};

/// Discord wants an answer within 3 s; a service call slower than this is deferred first.
const DEFER_AFTER: Duration = Duration::from_millis(1500);
/// Attempts per message (with the image), then one more without the image.
const ATTEMPTS: u32 = 3;
const BACKOFF: Duration = Duration::from_millis(250);
/// Discord's "Interaction has already been acknowledged": an earlier attempt got through.
const ALREADY_ACKNOWLEDGED: isize = 40060;

/// The interaction being answered.
#[derive(Clone, Copy)]
pub enum Origin<'a> {
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
}

impl Origin<'_> {
    async fn respond(
        &self,
        http: &Http,
        response: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Origin::Command(interaction) => interaction.create_response(http, response).await,
            Origin::Component(interaction) => interaction.create_response(http, response).await,
        }
    }

    async fn followup(&self, http: &Http, outgoing: &Outgoing) -> serenity::Result<()> {
        let builder = outgoing.followup();
        match self {
            Origin::Command(interaction) => interaction.create_followup(http, builder).await,
            Origin::Component(interaction) => interaction.create_followup(http, builder).await,
        }
        .map(|_| ())
    }

    pub fn channel(&self) -> serenity::ChannelId {
        match self {
            Origin::Command(interaction) => interaction.channel_id,
            Origin::Component(interaction) => interaction.channel_id,
        }
    }

    pub fn guild(&self) -> Option<serenity::GuildId> {
        match self {
            Origin::Command(interaction) => interaction.guild_id,
            Origin::Component(interaction) => interaction.guild_id,
        }
    }

    /// The message this interaction's response created (or, for a button, the one it is on).
    pub async fn response_message(&self, http: &Http) -> serenity::Result<serenity::MessageId> {
        match self {
            Origin::Command(interaction) => interaction.get_response(http).await,
            Origin::Component(interaction) => interaction.get_response(http).await,
        }
        .map(|message| message.id)
    }

    /// Answers with `response` (one attempt per transient failure, like every answer).
    pub async fn respond_with(
        &self,
        http: &Http,
        what: &str,
        outgoing: &Outgoing,
        build: impl Fn(&Outgoing) -> CreateInteractionResponse,
    ) -> bool {
        with_retries(what, outgoing, |outgoing| {
            let response = build(&outgoing);
            async move { self.respond(http, response).await }
        })
        .await
    }

    async fn delete_original(&self, http: &Http) -> serenity::Result<()> {
        match self {
            Origin::Command(interaction) => interaction.delete_response(http).await,
            Origin::Component(interaction) => interaction.delete_response(http).await,
        }
    }
}

/// What to do after a failed Discord call.
#[derive(PartialEq, Eq, Debug)]
enum Failure {
    /// Discord already has it (an earlier attempt's answer was lost).
    AlreadyDone,
    /// A 5xx, a 429 or a connection error: try again.
    Transient,
    /// A 4xx: trying again would fail again.
    Permanent,
}

fn classify(error: &serenity::Error) -> Failure {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            if response.error.code == ALREADY_ACKNOWLEDGED {
                Failure::AlreadyDone
            } else if status == 429 || status >= 500 {
                Failure::Transient
            } else {
                Failure::Permanent
            }
        }
        serenity::Error::Http(HttpError::Request(_)) | serenity::Error::Io(_) => Failure::Transient,
        _ => Failure::Permanent,
    }
}

/// Sends with retries: `ATTEMPTS` tries of the full message on transient failures, then one
/// without the image. `send` builds and sends one attempt.
async fn with_retries<F, Fut>(what: &str, outgoing: &Outgoing, mut send: F) -> bool
where
    F: FnMut(Outgoing) -> Fut,
    Fut: Future<Output = serenity::Result<()>>,
{
    for attempt in 1..=ATTEMPTS {
        match send(outgoing.clone()).await {
            Ok(()) => return true,
            Err(error) => match crate::ops::metrics::discord_rest_error(classify(&error)) {
                Failure::AlreadyDone => return true,
                Failure::Transient if attempt < ATTEMPTS => {
                    crate::ops::metrics::discord_rest_retry();
                    tracing::warn!("{what}: attempt {attempt} failed ({error}); retrying");
                    tokio::time::sleep(BACKOFF * attempt).await;
                }
                failure => {
                    tracing::warn!("{what}: attempt {attempt} failed ({error}, {failure:?})");
                    break;
                }
            },
        }
    }
    if !outgoing.has_image() {
        tracing::error!("{what}: not delivered");
        crate::ops::metrics::discord_message_lost();
        return false;
    }
    match send(outgoing.without_image()).await {
        Ok(()) => {
            tracing::warn!("{what}: delivered without its image");
            true
        }
        Err(error) => {
            tracing::error!("{what}: not delivered, even without its image: {error}");
            crate::ops::metrics::discord_message_lost();
            false
        }
    }
}

/// Runs `work` (the service call) and answers the interaction with its reply. When the work
/// takes longer than [`DEFER_AFTER`] the interaction is deferred first (publicly: everyone
/// sees "thinking…"); a private reply then replaces that placeholder with an ephemeral
/// followup, since the first answer to a public defer cannot be made private.
/// Returns whether a public reply was delivered.
pub async fn answer(
    http: &Http,
    origin: Origin<'_>,
    work: impl Future<Output = Reply>,
    shape: impl Fn(Reply) -> Outgoing,
) -> bool {
    let (reply, deferred) = settle(http, origin, work).await;
    respond(http, origin, shape(reply), deferred).await
}

/// Runs `work`, deferring the interaction when it takes longer than [`DEFER_AFTER`]; returns
/// its reply and whether the interaction was deferred.
pub async fn settle(
    http: &Http,
    origin: Origin<'_>,
    work: impl Future<Output = Reply>,
) -> (Reply, bool) {
    tokio::pin!(work);
    let (reply, deferred) = tokio::select! {
        reply = &mut work => (reply, false),
        () = tokio::time::sleep(DEFER_AFTER) => {
            let defer = CreateInteractionResponse::Defer(Default::default());
            let deferred = match origin.respond(http, defer).await {
                Ok(()) => true,
                Err(error) => {
                    tracing::warn!("deferring an interaction failed: {error}");
                    false
                }
            };
            (work.await, deferred)
        }
    };
    (reply, deferred)
}

/// Defers the interaction now (Discord shows that the bot is working on it); whether it was.
pub async fn defer(http: &Http, origin: Origin<'_>) -> bool {
    let defer = CreateInteractionResponse::Defer(Default::default());
    match origin.respond(http, defer).await {
        Ok(()) => true,
        Err(error) => {
            tracing::warn!("deferring an interaction failed: {error}");
            false
        }
    }
}

/// Answers the interaction with `outgoing` (a followup when it was deferred); when a public
/// answer cannot be delivered, it is posted to the channel instead. Returns whether a public
/// reply was delivered.
pub async fn respond(http: &Http, origin: Origin<'_>, outgoing: Outgoing, deferred: bool) -> bool {
    let public = !outgoing.private();
    let delivered = if deferred {
        if !public && let Err(error) = origin.delete_original(http).await {
            tracing::warn!("removing the deferred placeholder failed: {error}");
        }
        with_retries("interaction followup", &outgoing, |outgoing| async move {
            origin.followup(http, &outgoing).await
        })
        .await
    } else {
        with_retries("interaction response", &outgoing, |outgoing| async move {
            let response = CreateInteractionResponse::Message(outgoing.interaction_message());
            origin.respond(http, response).await
        })
        .await
    };
    if public && !delivered {
        // The action already happened: make sure the channel hears of it.
        tracing::warn!("posting the undelivered answer to the channel instead");
        return post(http, origin.channel(), &outgoing).await;
    }
    delivered && public
}

/// Posts a reply to a channel (the service's own messages: warnings, timeouts, game ends).
/// Every attempt carries the same nonce, enforced: when an attempt's answer was lost (a 502
/// after Discord made the message), the retry gets the message made instead of a second one.
pub async fn post(http: &Http, channel: serenity::ChannelId, outgoing: &Outgoing) -> bool {
    post_message(http, channel, outgoing).await.is_some()
}

/// [`post`], returning the message posted.
pub async fn post_message(
    http: &Http,
    channel: serenity::ChannelId,
    outgoing: &Outgoing,
) -> Option<serenity::MessageId> {
    let nonce = message_nonce();
    let sent = std::sync::Mutex::new(None);
    let delivered = with_retries("channel message", outgoing, |outgoing| {
        let sent = &sent;
        let nonce = nonce.clone();
        async move {
            let message = outgoing
                .channel_message()
                .nonce(serenity::Nonce::String(nonce))
                .enforce_nonce(true);
            let message = channel.send_message(http, message).await?;
            if let Ok(mut sent) = sent.lock() {
                *sent = Some(message.id);
            }
            Ok(())
        }
    })
    .await;
    let sent = sent.lock().ok().and_then(|sent| *sent);
    sent.filter(|_| delivered)
}

/// A nonce for one channel message (Discord keeps it a few minutes; at most 25 characters).
fn message_nonce() -> String {
    format!("{:x}", rand::random::<u64>())
}

/// Posts `reply` to channel `channel` as a public message (retrying, and without its image
/// when the upload keeps failing); false when it could not be delivered at all.
pub async fn post_reply(http: &Http, channel: u64, reply: Reply) -> bool {
    if channel == 0 {
        tracing::warn!("a message for no channel: {}", reply.text());
        return false;
    }
    let outgoing = Outgoing::new(reply, super::messages::Layout::Plain);
    post(http, serenity::ChannelId::new(channel), &outgoing).await
}

/// Forwards every message the service sends on its own to its channel, in order within each
/// channel and after the interaction answers decided before them (see `lanes`); the end of a
/// game played in a thread also goes to the thread's channel, and the thread is archived, as
/// is a thread whose game could not start.
pub async fn post_outbound(
    http: Arc<Http>,
    threads: Arc<super::threads::Threads>,
    turns: Arc<super::turns::TurnMessages>,
    gates: Arc<super::lanes::Gates>,
    outbound: UnboundedReceiver<Outbound>,
) {
    let post = move |message: Outbound| {
        let (http, threads, turns) = (http.clone(), threads.clone(), turns.clone());
        async move { post_one(&http, &threads, &turns, message).await }
    };
    super::lanes::run(gates, outbound, post).await;
}

async fn post_one(
    http: &Http,
    threads: &super::threads::Threads,
    turns: &super::turns::TurnMessages,
    message: Outbound,
) {
    let channel = message.place.channel;
    if channel == 0 {
        tracing::warn!("a message for no channel: {}", message.reply.text());
        return;
    }
    let channel = serenity::ChannelId::new(channel);
    if let Some(crate::service::Announcement::Standings {
        tournament,
        message: edited,
    }) = message.reply.announcement
    {
        edit_announcement(http, channel, tournament, edited, &message.reply).await;
        return;
    }
    let parent = match message.reply.event {
        Some(crate::service::GameEvent::Ended { .. }) => threads.parent_of(http, channel).await,
        _ => None,
    };
    let in_thread = super::threads::in_thread_end(&message.reply, parent.is_some());
    let posted = post_message(
        http,
        channel,
        &Outgoing::new(in_thread, super::messages::Layout::Plain),
    )
    .await;
    turns.delivered(http, &message.reply, channel, posted).await;
    if let Some(crate::service::GameEvent::Ended { game }) = message.reply.event {
        turns.ended(http, game).await;
    }
    // `message` is dropped only after this: a game's end holds the service's final standings
    // (its receipt) until its result has reached the thread's channel too.
    if let Some(parent) = parent {
        threads
            .conclude(http, channel, parent, &message.reply)
            .await;
    }
    if message.reply.event == Some(crate::service::GameEvent::RoomClosed) {
        threads.close_unused(http, channel, &message.reply).await;
    }
}

/// Edits tournament `tournament`'s announcement (message `edited`, when known) to read as
/// `reply`: the live standings. A lost edit costs nothing the next one does not bring back.
async fn edit_announcement(
    http: &Http,
    channel: serenity::ChannelId,
    tournament: u64,
    edited: Option<u64>,
    reply: &Reply,
) {
    let Some(message) = edited.filter(|id| *id != 0) else {
        tracing::warn!("tournament {tournament}: its announcement is not known, no edit");
        return;
    };
    let outgoing = Outgoing::new(reply.clone(), super::messages::Layout::Plain);
    let edit = outgoing.edit_message();
    if let Err(error) = channel
        .edit_message(http, serenity::MessageId::new(message), edit)
        .await
    {
        tracing::warn!("tournament {tournament}: editing its announcement: {error}");
    }
}

#[cfg(test)]
#[path = "deliver_tests.rs"]
mod tests;
