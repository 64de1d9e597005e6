//! A thread per game: accepting a challenge starts the game in a public thread made from the
//! challenge message (or, against the bot, from the message announcing the game), so the
//! channel keeps only the challenge and one result message with the final board and a link
//! to the thread, which is archived at the end. Without the permission (403, code 50013) or
//! with `game_threads = false`, the game plays in the channel and its first message says why.
//!
//! Owns the map thread → channel of the games it placed; after a restart the channel of a
//! thread is asked from Discord.

use std::collections::HashMap;
use std::sync::Mutex;

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, ChannelType, CreateAllowedMentions, CreateInteractionResponse, CreateThread,
    EditMessage, EditThread, Http, HttpError, MessageId,
};

use super::deliver::{self, Origin};
use super::messages::{Layout, Outgoing};
use super::{Bot, words};
use crate::config::Language;
use crate::service::{ButtonId, GameEvent, Reply};
use crate::store::Place;

/// Discord's "Missing Permissions".
const MISSING_PERMISSIONS: isize = 50013;
/// Discord's longest thread name.
const MAX_THREAD_NAME: usize = 100;

/// The threads this bot made for games: thread → the channel it belongs to, and for a room
/// grown from a notice (a tournament's or a quick match's), that notice and its text.
#[derive(Default)]
pub struct Threads {
    parents: Mutex<HashMap<ChannelId, ChannelId>>,
    notices: Mutex<HashMap<ChannelId, (MessageId, String)>>,
}

/// Why a game plays in the channel rather than in a thread.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoThread {
    /// `game_threads = false` in the config.
    Off,
    /// The bot may not create public threads or send messages in them here.
    NoPermission,
    /// Discord refused for another reason.
    Failed,
}

impl Threads {
    /// A room's thread, grown from `notice` (reading `text`) in `parent`: when the room closes
    /// unused, the notice says so instead of pointing at a game that never began.
    pub fn adopt_room(
        &self,
        thread: ChannelId,
        parent: ChannelId,
        notice: MessageId,
        text: String,
    ) {
        self.remember(thread, parent);
        lock(&self.notices).insert(thread, (notice, text));
    }

    fn remember(&self, thread: ChannelId, parent: ChannelId) {
        self.lock().insert(thread, parent);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<ChannelId, ChannelId>> {
        lock(&self.parents)
    }

    /// The channel `channel` belongs to when it is a thread (asked from Discord when this
    /// process did not make it); `None` for a channel.
    pub async fn parent_of(&self, http: &Http, channel: ChannelId) -> Option<ChannelId> {
        if let Some(parent) = self.lock().get(&channel) {
            return Some(*parent);
        }
        let found = match http.get_channel(channel).await {
            Ok(serenity::Channel::Guild(guild_channel))
                if guild_channel.thread_metadata.is_some() =>
            {
                guild_channel.parent_id
            }
            Ok(_) => None,
            Err(error) => {
                tracing::warn!("cannot tell whether channel {channel} is a thread: {error}");
                None
            }
        };
        if let Some(parent) = found {
            self.remember(channel, parent);
        }
        found
    }

    /// After a game in `thread` ended: the result (final board, points, a link to the
    /// thread) goes to `parent`, and the thread is archived.
    pub async fn conclude(&self, http: &Http, thread: ChannelId, parent: ChannelId, end: &Reply) {
        let mut result = end.clone();
        result.mentions.clear();
        result.event = None;
        result.lines.push(format!("<#{thread}>"));
        deliver::post(http, parent, &Outgoing::new(result, Layout::Plain)).await;
        let archive = EditThread::new().archived(true);
        if let Err(error) = thread.edit_thread(http, archive).await {
            tracing::warn!("could not archive thread {thread}: {error}");
        }
        self.lock().remove(&thread);
    }

    /// A thread opened for a game that could not start (its one line, why, is posted): it is
    /// archived, not locked, so a game the store took after all posts there after a restart.
    /// A room's notice is struck through and followed by the closing line (`closing`).
    pub async fn close_unused(&self, http: &Http, thread: ChannelId, closing: &Reply) {
        let archive = EditThread::new().archived(true);
        if let Err(error) = thread.edit_thread(http, archive).await {
            tracing::warn!("could not archive unused thread {thread}: {error}");
        }
        let parent = self.lock().remove(&thread);
        let notice = lock(&self.notices).remove(&thread);
        if let (Some(parent), Some((notice, text))) = (parent, notice) {
            let content = format!("~~{text}~~\n{}", closing.text());
            let edit = EditMessage::new()
                .content(content)
                .allowed_mentions(CreateAllowedMentions::new());
            if let Err(error) = parent.edit_message(http, notice, edit).await {
                tracing::warn!("could not mark the notice of unused room {thread}: {error}");
            }
        }
    }
}

/// The end of a game as shown in its thread: without the Rematch button (the thread is about
/// to be archived; the result in the channel carries it).
pub fn in_thread_end(reply: &Reply, in_thread: bool) -> Reply {
    let mut reply = reply.clone();
    if in_thread {
        reply
            .buttons
            .retain(|button| button.id != ButtonId::Rematch);
    }
    reply
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn classify(error: &serenity::Error) -> NoThread {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 403
                || response.error.code == MISSING_PERMISSIONS =>
        {
            NoThread::NoPermission
        }
        _ => NoThread::Failed,
    }
}

fn thread_name(game: u64, names: &[String; 2], lang: Language) -> String {
    let name = words::thread_name(lang, game, &names[0], &names[1]);
    if name.chars().count() <= MAX_THREAD_NAME {
        return name;
    }
    let mut cut: String = name.chars().take(MAX_THREAD_NAME - 1).collect();
    cut.push('…');
    cut
}

async fn make_thread(
    http: &Http,
    channel: ChannelId,
    message: MessageId,
    name: String,
) -> Result<ChannelId, NoThread> {
    let builder = CreateThread::new(name).kind(ChannelType::PublicThread);
    match channel
        .create_thread_from_message(http, message, builder)
        .await
    {
        Ok(thread) => Ok(thread.id),
        Err(error) => {
            tracing::warn!("could not create a thread for a game: {error}");
            Err(classify(&error))
        }
    }
}

/// Answers an interaction whose reply started a game: in a new thread when possible, else in
/// the channel with the reason. `lang`: the channel's language.
pub async fn answer_start(
    http: &Http,
    bot: &Bot,
    origin: Origin<'_>,
    reply: Reply,
    deferred: bool,
    lang: Language,
) -> bool {
    let Some(GameEvent::Started { game, names }) = reply.event.clone() else {
        return deliver::respond(http, origin, Outgoing::new(reply, Layout::Plain), deferred).await;
    };
    let guild = origin.guild().map_or(0, serenity::GuildId::get);
    // Threads turned off in this guild, or an interaction already deferred: the game is
    // played in the channel, with the reason.
    let no_thread = if !bot.service.settings(guild).game_threads {
        Some(NoThread::Off)
    } else if deferred {
        Some(NoThread::Failed)
    } else {
        None
    };
    if let Some(why) = no_thread {
        return in_channel(http, bot, origin, reply, deferred, why, lang, false).await;
    }
    let channel = origin.channel();
    let name = thread_name(game, &names, lang);
    let notice = |thread: Option<ChannelId>| {
        Outgoing::new(
            Reply::public(vec![words::game_in_thread(
                lang, game, &names[0], &names[1], thread,
            )]),
            Layout::Plain,
        )
    };
    // A challenge accepted with its button: the thread grows from the challenge message,
    // which becomes the notice. Otherwise the notice is a new message and the thread grows
    // from it.
    let thread = match origin {
        Origin::Component(press)
            if matches!(press.data.custom_id.parse(), Ok(ButtonId::Accept(_))) =>
        {
            let thread = match make_thread(http, channel, press.message.id, name).await {
                Ok(thread) => thread,
                Err(why) => {
                    return in_channel(http, bot, origin, reply, false, why, lang, false).await;
                }
            };
            let update = |outgoing: &Outgoing| {
                CreateInteractionResponse::UpdateMessage(
                    outgoing.interaction_message().components(Vec::new()),
                )
            };
            origin
                .respond_with(http, "game notice", &notice(Some(thread)), update)
                .await;
            thread
        }
        _ => match thread_from_new_notice(http, origin, channel, &notice(None), name).await {
            Ok(thread) => thread,
            Err(why) => return in_channel(http, bot, origin, reply, false, why, lang, true).await,
        },
    };
    let place = Place {
        guild: origin.guild().map_or(0, serenity::GuildId::get),
        channel: thread.get(),
    };
    if let Err(error) = bot.service.move_game(game, place).await {
        tracing::error!("could not move game {game} to its thread: {error}");
        return in_channel(
            http,
            bot,
            origin,
            reply,
            false,
            NoThread::Failed,
            lang,
            true,
        )
        .await;
    }
    bot.threads.remember(thread, channel);
    let posted =
        deliver::post_message(http, thread, &Outgoing::new(reply.clone(), Layout::Plain)).await;
    bot.turns.delivered(http, &reply, thread, posted).await;
    posted.is_some()
}

/// Answers the interaction with the game notice, then grows the game's thread from it.
async fn thread_from_new_notice(
    http: &Http,
    origin: Origin<'_>,
    channel: ChannelId,
    notice: &Outgoing,
    name: String,
) -> Result<ChannelId, NoThread> {
    let message =
        |outgoing: &Outgoing| CreateInteractionResponse::Message(outgoing.interaction_message());
    if !origin
        .respond_with(http, "game notice", notice, message)
        .await
    {
        return Err(NoThread::Failed);
    }
    let starter = origin.response_message(http).await.map_err(|error| {
        tracing::warn!("cannot find the game notice: {error}");
        NoThread::Failed
    })?;
    make_thread(http, channel, starter, name).await
}

/// The game plays in the channel: its first message, with why there is no thread.
/// `answered`: the interaction was already answered (the message is then posted).
#[allow(clippy::too_many_arguments)]
async fn in_channel(
    http: &Http,
    bot: &Bot,
    origin: Origin<'_>,
    mut reply: Reply,
    deferred: bool,
    why: NoThread,
    lang: Language,
    answered: bool,
) -> bool {
    reply.lines.push(words::no_thread(lang, why));
    let outgoing = Outgoing::new(reply.clone(), Layout::Plain);
    let channel = origin.channel();
    if answered {
        let posted = deliver::post_message(http, channel, &outgoing).await;
        bot.turns.delivered(http, &reply, channel, posted).await;
        posted.is_some()
    } else {
        let delivered = deliver::respond(http, origin, outgoing, deferred).await;
        if delivered {
            let message = origin.response_message(http).await.ok();
            bot.turns.delivered(http, &reply, channel, message).await;
        }
        delivered
    }
}

/// Answers an interaction whose reply ended a game: in its thread without the Rematch
/// button, then the result in the channel and the thread archived.
pub async fn answer_end(
    http: &Http,
    bot: &Bot,
    origin: Origin<'_>,
    reply: Reply,
    deferred: bool,
) -> bool {
    let channel = origin.channel();
    let parent = bot.threads.parent_of(http, channel).await;
    let shown = in_thread_end(&reply, parent.is_some());
    let delivered =
        deliver::respond(http, origin, Outgoing::new(shown, Layout::Plain), deferred).await;
    if let Some(GameEvent::Ended { game }) = reply.event {
        bot.turns.ended(http, game).await;
    }
    if let Some(parent) = parent {
        bot.threads.conclude(http, channel, parent, &reply).await;
    }
    delivered
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_thread_names_are_cut() {
        let names = ["a".repeat(80), "b".repeat(80)];
        let name = thread_name(12, &names, Language::English);
        assert_eq!(name.chars().count(), MAX_THREAD_NAME);
        assert!(name.ends_with('…'));
        let short = thread_name(12, &["alice".into(), "bob".into()], Language::English);
        assert_eq!(short, "alice vs bob · game 12");
    }
}
