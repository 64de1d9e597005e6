//! The newest turn message of each game: when a game posts a new turn message (the one with
//! the game's buttons), the previous one is edited to lose its buttons, and at the game's end
//! so is the last one. Kept in memory; after a restart the previous turn message is not known,
//! so the first new turn message of a game (past its first turn) looks for it among the
//! channel's latest messages (every message still carrying a button of that game loses its
//! buttons), which Discord keeps across the restart. A press that still reaches an old message
//! is refused by the service all the same (the button names the turn it was made for).

use std::collections::HashMap;
use std::sync::Mutex;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, EditMessage, GetMessages, Http, Message, MessageId};

use crate::service::{ButtonId, Reply, Turn};

/// Game → its newest turn message (channel or thread, message).
#[derive(Default)]
pub struct TurnMessages {
    last: Mutex<HashMap<u64, (ChannelId, MessageId)>>,
}

/// How many of a channel's latest messages are searched for a game's turn message after a
/// restart (a game's thread holds a few per turn; one page of Discord's API).
const RECENT: u8 = 50;

/// The game and turn whose turn message `reply` is, when it is one (public, with a game's
/// buttons).
pub fn turn_of(reply: &Reply) -> Option<Turn> {
    if reply.private {
        return None;
    }
    reply.buttons.iter().find_map(|button| button.id.turn())
}

/// The game whose turn message `reply` is, when it is one.
pub fn turn_game(reply: &Reply) -> Option<u64> {
    turn_of(reply).map(|turn| turn.game)
}

/// Whether `message` still carries a button of game `game`'s turn messages.
fn has_buttons_of(message: &Message, game: u64) -> bool {
    message
        .components
        .iter()
        .flat_map(|row| &row.components)
        .any(|component| match component {
            serenity::ActionRowComponent::Button(serenity::Button {
                data: serenity::ButtonKind::NonLink { custom_id, .. },
                ..
            }) => custom_id
                .parse::<ButtonId>()
                .ok()
                .and_then(|id| id.turn())
                .is_some_and(|turn| turn.game == game),
            _ => false,
        })
}

impl TurnMessages {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, (ChannelId, MessageId)>> {
        self.last
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// `message` in `channel` was just posted as the turn message of `turn`: the previous one
    /// loses its buttons (found among the channel's latest messages when this process has not
    /// seen it: it was posted before a restart).
    pub async fn posted(&self, http: &Http, turn: Turn, channel: ChannelId, message: MessageId) {
        let previous = self.lock().insert(turn.game, (channel, message));
        match previous {
            Some((channel, old)) if old != message => strip(http, channel, old).await,
            Some(_) => {}
            // The first turn has no turn message before it.
            None if turn.turn.is_some_and(|number| number > 0) => {
                strip_unknown(http, turn.game, channel, message).await;
            }
            None => {}
        }
    }

    /// After `reply` was delivered as message `message` (when known) in `channel`: remembers
    /// it when it is a turn message.
    pub async fn delivered(
        &self,
        http: &Http,
        reply: &Reply,
        channel: ChannelId,
        message: Option<MessageId>,
    ) {
        if let (Some(turn), Some(message)) = (turn_of(reply), message) {
            self.posted(http, turn, channel, message).await;
        }
    }

    /// Game `game` ended: its last turn message loses its buttons.
    pub async fn ended(&self, http: &Http, game: u64) {
        let last = self.lock().remove(&game);
        if let Some((channel, message)) = last {
            strip(http, channel, message).await;
        }
    }
}

/// Removes every button of a message (a lost edit leaves buttons the service refuses).
async fn strip(http: &Http, channel: ChannelId, message: MessageId) {
    let edit = EditMessage::new().components(Vec::new());
    if let Err(error) = channel.edit_message(http, message, edit).await {
        tracing::warn!("could not remove the buttons of an old turn message: {error}");
    }
}

/// Removes the buttons of every earlier message in `channel` (among its latest) that still
/// carries a button of game `game`: its turn messages from before a restart.
async fn strip_unknown(http: &Http, game: u64, channel: ChannelId, newest: MessageId) {
    let recent = GetMessages::new().before(newest).limit(RECENT);
    let messages = match channel.messages(http, recent).await {
        Ok(messages) => messages,
        Err(error) => {
            tracing::warn!("could not read the messages before a turn message: {error}");
            return;
        }
    };
    for message in messages {
        if message.id != newest && has_buttons_of(&message, game) {
            strip(http, channel, message.id).await;
        }
    }
}
