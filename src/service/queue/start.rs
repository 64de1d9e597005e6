//! Starting the game of a pair the queue matched: a room, then the game in it, which takes the
//! pair out of the store's queue in the same step. A pair whose game could not be stored goes
//! back to the queue with its waiting time (still in the store's, also for a restart during an
//! outage), so an outage delays the match instead of dropping both members. A room opened for a
//! game that could not start is closed. Each member learns where the
//! game is played: the one whose `/play` made the pair in its private answer, the other by a
//! public line in their channel naming the room (unless it is the caller's own channel).

use std::sync::Arc;

use super::super::lobby;
use super::super::{Inner, Reply, RoomRequest, ServiceError, live, words};
use crate::store::{Place, QueueEntry, UserId};

/// Starts each pair's game in the background; a pair that fails waits again.
pub(super) fn start_all(inner: &Arc<Inner>, found: Vec<[QueueEntry; 2]>) {
    for pair in found {
        let inner = inner.clone();
        tokio::spawn(async move {
            let users = [pair[0].user, pair[1].user];
            if let Err(error) = start_pair(&inner, pair.clone(), None).await {
                tracing::error!("starting the quick-match game of {users:?}: {error}");
                wait_again(&inner, pair).await;
            }
        });
    }
}

/// Puts `entries`, whose game did not start, back in their queue as they were (their waiting
/// time kept), in memory and, as far as the store answers, in the store: the next tick pairs
/// them again.
pub(super) async fn wait_again(inner: &Arc<Inner>, entries: impl IntoIterator<Item = QueueEntry>) {
    let mut back = Vec::new();
    {
        let mut all = inner.queues.waiting.lock().await;
        for entry in entries {
            let list = all.entry(entry.place.guild).or_default();
            if list.iter().any(|e| e.user == entry.user) {
                continue;
            }
            let at = list
                .iter()
                .position(|e| e.joined_at_ms > entry.joined_at_ms)
                .unwrap_or(list.len());
            list.insert(at, entry.clone());
            back.push(entry);
        }
    }
    for entry in back {
        if let Err(error) = inner.store.stage_queue_entry(&entry).await {
            // Still waiting in memory, and in the store as before the pairing: the game's
            // start, which failed, was to take it out.
            tracing::error!("putting a quick-match entry back in the store: {error}");
        }
    }
}

/// Starts the game of a pair taken out of the queue in memory: a room in the longer-waiting
/// member's channel, then an ordinary game there of their game with their clock (rated as far
/// as the game's kind may be), which takes the pair out of the store's queue; returns the
/// room. The store is asked before the room is opened, so an outage mostly fails before any
/// room is made; one that begins after it closes the room. Once the game has begun, each channel the pair typed `/play` in, but `caller`'s
/// (the member answered privately, if any), gets a line naming the room.
pub(super) async fn start_pair(
    inner: &Arc<Inner>,
    pair: [QueueEntry; 2],
    caller: Option<UserId>,
) -> Result<Place, ServiceError> {
    let players = [pair[0].user, pair[1].user];
    let base_score = lobby::base_score_after_last_game(inner, players[0], players[1]).await?;
    let number = inner.store.next_id().await?;
    let names = [pair[0].name.clone(), pair[1].name.clone()];
    let request = RoomRequest {
        channel: pair[0].place,
        tournament: 0,
        number: 0,
        names: names.clone(),
        quick_match: Some(number),
    };
    let room = (inner.open_room(request).await)
        .ok_or_else(|| ServiceError::Task("no room could be opened for a quick match".into()))?;
    let new = lobby::NewGame {
        place: room,
        players,
        names: names.clone(),
        kind: pair[0].game,
        turn_secs: pair[0].turn_secs,
        base_score,
        rated: true,
        ai: None,
    };
    let live = lobby::live_game(inner, new);
    // The pair leaves the store's queue with the game's start, in one step.
    let live = match lobby::store_new_game_in_room(inner, live, Some(players)).await {
        Ok(live) => live,
        Err(error) => {
            inner.close_unused_room(room);
            return Err(error);
        }
    };
    let (started, announced) = tokio::sync::oneshot::channel();
    live::spawn(inner, live, Some(started))?;
    let mut told: Vec<Place> = Vec::new();
    for entry in &pair {
        if Some(entry.user) != caller && !told.contains(&entry.place) {
            told.push(entry.place);
        }
    }
    if let Some(caller) = pair.iter().find(|e| Some(e.user) == caller) {
        told.retain(|place| *place != caller.place);
    }
    let task_inner = inner.clone();
    tokio::spawn(async move {
        if let Ok(mut reply) = announced.await {
            let lang = task_inner.public_language(room);
            let line = words::quick_match_found(lang, &names[0], &names[1]);
            reply.lines.insert(0, line);
            task_inner.send(room, reply.mentioning(players));
            for place in told {
                let lang = task_inner.public_language(place);
                let line = words::quick_match_room(lang, &names[0], &names[1], room.channel);
                task_inner.send(place, Reply::public(vec![line]));
            }
        }
    });
    Ok(room)
}
