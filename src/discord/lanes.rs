//! One lane per channel, so that a channel's messages reach Discord in the order the service
//! decided them. The service hands over a player's reply before the AI's answer to it, but the
//! reply travels as an interaction response and the answer as a channel message, on separate
//! REST calls: without a lane the answer, a plain message, often lands first. A channel's
//! interaction answers and its own messages therefore pass one gate, a fair lock taken in the
//! order they were asked for; and each channel's own messages are posted by a task of their
//! own, so a channel waiting at its gate holds up no other channel.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio::sync::{Mutex as Gate, OwnedMutexGuard};

use crate::service::{GameEvent, Outbound};

/// The gates of the channels, by channel id.
#[derive(Default)]
pub struct Gates {
    gates: Mutex<HashMap<u64, Arc<Gate<()>>>>,
}

impl Gates {
    /// Waits for channel `channel`'s turn; the channel is held until the guard is dropped.
    pub async fn enter(&self, channel: u64) -> OwnedMutexGuard<()> {
        let gate = {
            let mut gates = self
                .gates
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            gates.entry(channel).or_default().clone()
        };
        gate.lock_owned().await
    }

    /// Forgets the gate of a channel nobody waits at (a game's thread after its end).
    fn forget(&self, channel: u64) {
        let mut gates = self
            .gates
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if gates
            .get(&channel)
            .is_some_and(|gate| Arc::strong_count(gate) == 1 && gate.try_lock().is_ok())
        {
            gates.remove(&channel);
        }
    }
}

/// Hands each message of `outbound` to its channel's lane; `post` delivers one message (inside
/// the channel's gate). A lane ends after the end of a game, the last message of its thread
/// (or after the closing line of a thread whose game could not start).
pub async fn run<F, Fut>(gates: Arc<Gates>, mut outbound: UnboundedReceiver<Outbound>, post: F)
where
    F: Fn(Outbound) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    let mut lanes: HashMap<u64, UnboundedSender<Outbound>> = HashMap::new();
    while let Some(message) = outbound.recv().await {
        let channel = message.place.channel;
        let last = matches!(
            message.reply.event,
            Some(GameEvent::Ended { .. } | GameEvent::RoomClosed)
        );
        let lane = lanes.entry(channel).or_insert_with(|| {
            let (tx, rx) = unbounded_channel();
            tokio::spawn(lane(gates.clone(), channel, rx, post.clone()));
            tx
        });
        if lane.send(message).is_err() {
            tracing::error!("the lane of channel {channel} ended early");
        }
        if last {
            // The lane drains what it holds, then ends; a later message opens a new one.
            lanes.remove(&channel);
        }
    }
}

async fn lane<F, Fut>(
    gates: Arc<Gates>,
    channel: u64,
    mut messages: UnboundedReceiver<Outbound>,
    post: F,
) where
    F: Fn(Outbound) -> Fut,
    Fut: Future<Output = ()>,
{
    while let Some(message) = messages.recv().await {
        let _turn = gates.enter(channel).await;
        post(message).await;
    }
    gates.forget(channel);
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::service::Reply;
    use crate::store::Place;

    fn message(channel: u64, text: &str) -> Outbound {
        Outbound {
            place: Place { guild: 1, channel },
            reply: Reply::public(vec![text.to_string()]),
        }
    }

    /// A reply being delivered in a channel holds back that channel's own messages, and only
    /// that channel's.
    #[tokio::test]
    async fn a_channel_waits_for_its_reply_and_no_other_channel_does() {
        let gates = Arc::new(Gates::default());
        let log = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = unbounded_channel();
        let posted = log.clone();
        let post = move |message: Outbound| {
            let posted = posted.clone();
            async move {
                let text = message.reply.text();
                posted.lock().expect("log").push(text);
            }
        };
        tokio::spawn(run(gates.clone(), rx, post));

        let reply_turn = gates.enter(5).await;
        tx.send(message(5, "ai answers")).expect("sent");
        tx.send(message(6, "elsewhere")).expect("sent");
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(*log.lock().expect("log"), vec!["elsewhere".to_string()]);

        log.lock().expect("log").push("reply".to_string());
        drop(reply_turn);
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(
            *log.lock().expect("log"),
            vec!["elsewhere", "reply", "ai answers"]
        );
    }
}
