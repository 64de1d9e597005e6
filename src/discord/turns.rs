//! The newest turn message of each game: when a game posts a new turn message (the one with
//! the game's buttons), the previous one is edited to lose its buttons, and at the game's end
//! so is the last one. A press that still reaches an old message is refused by the service
//! (the button names the turn it was made for). Kept in memory: after a restart the first new
//! turn message cannot clean up the one before, whose buttons the service still refuses.

use std::collections::HashMap;
use std::sync::Mutex;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, EditMessage, Http, MessageId};

use crate::service::Reply;

/// Game → its newest turn message (channel or thread, message).
#[derive(Default)]
pub struct TurnMessages {
    last: Mutex<HashMap<u64, (ChannelId, MessageId)>>,
}

/// The game whose turn message `reply` is, when it is one (public, with a game's buttons).
pub fn turn_game(reply: &Reply) -> Option<u64> {
    if reply.private {
        return None;
    }
    reply
        .buttons
        .iter()
        .find_map(|button| button.id.turn())
        .map(|turn| turn.game)
}

impl TurnMessages {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, (ChannelId, MessageId)>> {
        self.last
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// `message` in `channel` was just posted as game `game`'s turn message: the previous one
    /// loses its buttons.
    pub async fn posted(&self, http: &Http, game: u64, channel: ChannelId, message: MessageId) {
        let previous = self.lock().insert(game, (channel, message));
        if let Some((channel, old)) = previous.filter(|(_, old)| *old != message) {
            strip(http, channel, old).await;
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
        if let (Some(game), Some(message)) = (turn_game(reply), message) {
            self.posted(http, game, channel, message).await;
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
