//! Quick match (`/play`): each server's queues of members waiting for a game, one per game
//! kind and turn clock; a member waits in one of them at a time, and a `/play` for another
//! game or clock moves them there.
//! Owns the waiting entries of this process's guilds (in memory, and in the store so that a
//! restart or a crash keeps every entry with its waiting time), pairing them (`pairing.rs`, a
//! pure function) within each server's window (its `match_window_points` and
//! `match_window_grow_secs` settings), starting their games, the lapse of an entry after the
//! server's `queue_expiry_secs`, and
//! taking out of every queue a member who starts any other game (from the game news).
//!
//! Every change to the queue holds one lock. An entry is written before anyone can be paired
//! with it and durable before its member's answer (the flush waits outside the lock); a pair
//! leaves the store in one step, durable with its game's start. A game starts in a
//! room of its own (on Discord a thread) in the channel where the longer-waiting of the two
//! typed `/play`, pinging both, and both are told where it is (`start.rs`). A member who
//! already plays as many live games as the server allows (`max_live_games_per_member`) is
//! refused privately, naming the live game.

mod pairing;
mod start;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::mpsc::UnboundedReceiver;
use tokio::task::AbortHandle;

use super::clock::now_ms;
use super::news::GameNews;
use super::{
    Button, ButtonId, Caller, Inner, Reply, ServiceError, Tongues, lock, store_failure,
    until_stored, words,
};
use crate::GameKind;
use crate::store::{QueueEntry, UserId};
use pairing::{Waiting, Window, pairs};

/// The queues of this process's guilds.
#[derive(Default)]
pub(super) struct Queues {
    /// guild → who waits there, in the order they came.
    waiting: tokio::sync::Mutex<HashMap<u64, Vec<QueueEntry>>>,
    /// The ticker (window growth, lapses) and the news follower.
    tasks: Mutex<Vec<AbortHandle>>,
    /// Group commit of staged entries: tickets handed out, tickets a finished flush covered.
    sync_requested: AtomicU64,
    sync_done: AtomicU64,
    sync_lock: tokio::sync::Mutex<()>,
}

/// Makes the entries staged so far durable: one flush covers every member who staged an entry
/// before it began, so many arrivals at once wait for a few flushes rather than one each.
async fn sync(inner: &Arc<Inner>) -> Result<(), ServiceError> {
    let queues = &inner.queues;
    let mine = queues.sync_requested.fetch_add(1, Ordering::SeqCst) + 1;
    let _flushing = queues.sync_lock.lock().await;
    if queues.sync_done.load(Ordering::SeqCst) >= mine {
        return Ok(());
    }
    let covered = queues.sync_requested.load(Ordering::SeqCst);
    inner.store.sync().await?;
    queues.sync_done.fetch_max(covered, Ordering::SeqCst);
    Ok(())
}

impl Queues {
    /// Stops the ticker and the news follower (the entries stay in the store).
    pub(super) fn shutdown(&self) {
        for task in lock(&self.tasks).drain(..) {
            task.abort();
        }
    }
}

/// How long a quick-match "second" lasts, in milliseconds (a second, or less in tests).
fn second_ms(inner: &Inner) -> u64 {
    u64::from(inner.config.queue_second_ms)
}

/// Guild `guild`'s window: its `match_window_points` and `match_window_grow_secs` settings
/// (the config file's by default).
fn window(inner: &Inner, guild: u64) -> Window {
    let settings = inner.settings(guild);
    Window {
        points: settings.match_window_points,
        grow_ms: u64::from(settings.match_window_grow_secs) * second_ms(inner),
    }
}

/// How long an entry waits in guild `guild`'s queue before it lapses.
fn expiry_ms(inner: &Inner, guild: u64) -> u64 {
    u64::from(inner.settings(guild).queue_expiry_secs) * second_ms(inner)
}

/// Guild `guild`'s expiry in whole minutes, as members are told it.
fn expiry_minutes(inner: &Inner, guild: u64) -> u32 {
    inner.settings(guild).queue_expiry_secs.div_ceil(60)
}

/// Takes out of guild `guild`'s `list` the pairs to start now (the longer-waiting member first).
fn take_pairs(
    inner: &Inner,
    guild: u64,
    list: &mut Vec<QueueEntry>,
    now: u64,
) -> Vec<[QueueEntry; 2]> {
    let seen: Vec<Waiting> = list
        .iter()
        .map(|entry| Waiting {
            user: entry.user,
            points: entry.points,
            game: entry.game,
            turn_secs: entry.turn_secs,
            joined_at_ms: entry.joined_at_ms,
        })
        .collect();
    let chosen = pairs(&seen, now, window(inner, guild));
    let mut gone = vec![false; list.len()];
    let found: Vec<[QueueEntry; 2]> = chosen
        .into_iter()
        .map(|(a, b)| {
            gone[a] = true;
            gone[b] = true;
            [list[a].clone(), list[b].clone()]
        })
        .collect();
    let mut index = 0;
    list.retain(|_| {
        index += 1;
        !gone[index - 1]
    });
    found
}

/// The points a member is paired by when they join the queue for `game`: their points on that
/// game's ladder; this is the one place that reads them.
async fn pairing_points(
    inner: &Inner,
    user: UserId,
    game: GameKind,
) -> Result<i64, crate::store::StoreError> {
    Ok(inner.store.player(user).await?.on(game).points)
}

/// Takes `user` out of every queue in memory; their entry, if they had one.
fn take_out(all: &mut HashMap<u64, Vec<QueueEntry>>, user: UserId) -> Option<QueueEntry> {
    let mut taken = None;
    for list in all.values_mut() {
        if let Some(at) = list.iter().position(|e| e.user == user) {
            taken = Some(list.remove(at));
        }
    }
    taken
}

/// `/play [seconds:N] [game:G] [cancel:true]`.
pub(super) async fn play(
    inner: &Arc<Inner>,
    caller: &Caller,
    tongues: Tongues,
    (seconds, game): (Option<u32>, GameKind),
    cancel: bool,
) -> Reply {
    let lang = tongues.private;
    if cancel {
        return leave(inner, caller.user, tongues).await;
    }
    let guild = caller.place.guild;
    let settings = inner.settings(guild);
    let turn_secs = match super::lobby::turn_secs_within(&settings, seconds, lang) {
        Ok(turn_secs) => turn_secs,
        Err(refusal) => return Reply::refusal(refusal),
    };
    let user = caller.user;
    if let Err(refusal) = super::playing::may_start(inner, guild, user, lang).await {
        return refusal;
    }
    let points = match pairing_points(inner, user, game).await {
        Ok(points) => points,
        Err(error) => return store_failure(&error.into(), lang),
    };
    let mut all = inner.queues.waiting.lock().await;
    let waiting = all.values().flatten().find(|e| e.user == user);
    if let Some(waiting) = waiting
        && (waiting.game, waiting.turn_secs) == (game, turn_secs)
    {
        return Reply::refusal(words::already_queued(lang, inner.surface, game, turn_secs));
    }
    // Another game or clock: the new entry replaces theirs (in the store too, by member).
    let moved = take_out(&mut all, user);
    let moved_line = moved
        .as_ref()
        .map(|old| words::queue_moved(lang, (old.game, old.turn_secs), (game, turn_secs)));
    let now = now_ms();
    let entry = QueueEntry {
        user,
        name: caller.name.clone(),
        place: caller.place,
        turn_secs,
        points,
        joined_at_ms: now,
        game,
    };
    let list = all.entry(guild).or_default();
    list.push(entry.clone());
    let mut found = take_pairs(inner, guild, list, now);
    let mine = found
        .iter()
        .position(|pair| pair.iter().any(|e| e.user == user));
    let Some(mine) = mine else {
        // Written before anyone can be paired with it (so a pair's removal comes after it),
        // durable before the answer: the flush waits outside the lock, one for many arrivals.
        // (On sled, staging writes memory only, in place: the lock is held for microseconds.)
        let staged = inner.store.stage_queue_entry(&entry).await;
        if let Err(error) = staged {
            list.retain(|e| e.user != user);
            drop(all);
            start::start_all(inner, found);
            // The store still holds the entry they had: they wait there as before.
            start::wait_again(inner, moved).await;
            return store_failure(&error.into(), lang);
        }
        let waiting = list
            .iter()
            .filter(|e| (e.game, e.turn_secs) == (game, turn_secs))
            .count();
        drop(all);
        start::start_all(inner, found);
        if let Err(error) = sync(inner).await {
            let mut all = inner.queues.waiting.lock().await;
            take_out(&mut all, user);
            return store_failure(&error, lang);
        }
        let minutes = expiry_minutes(inner, guild);
        let joined = words::queue_joined(lang, (game, turn_secs), waiting, minutes);
        return Reply::private(moved_line.into_iter().chain(joined).collect()).with_buttons(vec![
            Button::new(words::button_leave_queue(lang), ButtonId::LeaveQueue),
        ]);
    };
    drop(all);
    let pair = found.swap_remove(mine);
    start::start_all(inner, found);
    let opponent = pair
        .iter()
        .find(|e| e.user != user)
        .map(|e| e.name.clone())
        .unwrap_or_default();
    let others: Vec<QueueEntry> = pair.iter().filter(|e| e.user != user).cloned().collect();
    match start::start_pair(inner, pair, Some(user)).await {
        Ok(room) => {
            let paired = words::queue_paired(lang, &opponent, room.channel);
            Reply::private(moved_line.into_iter().chain([paired]).collect())
        }
        Err(error) => {
            tracing::error!("starting a quick-match game: {error}");
            // The member who was waiting waits on; the caller is told they are in no queue,
            // so an entry they had before is gone from the store too, as far as it answers.
            start::wait_again(inner, others).await;
            if moved.is_some()
                && let Err(error) = inner.store.remove_queue_entries(&[user]).await
            {
                tracing::error!("removing a moved quick-match entry: {error}");
            }
            Reply::refusal(words::no_quick_match_game(lang, inner.surface))
        }
    }
}

/// `/play cancel:true` and the Leave button: out of every queue.
async fn leave(inner: &Arc<Inner>, user: UserId, tongues: Tongues) -> Reply {
    let lang = tongues.private;
    let mut all = inner.queues.waiting.lock().await;
    if !all.values().flatten().any(|e| e.user == user) {
        return Reply::refusal(words::not_in_queue(lang));
    }
    if let Err(error) = inner.store.remove_queue_entries(&[user]).await {
        return store_failure(&error.into(), lang);
    }
    for list in all.values_mut() {
        list.retain(|e| e.user != user);
    }
    Reply::private(vec![words::queue_left(lang)])
}

/// Loads this process's waiting members (each keeps the time they joined), then runs the
/// ticker and follows `news` (opened before any game resumed).
pub(super) async fn resume(
    inner: &Arc<Inner>,
    news: UnboundedReceiver<GameNews>,
) -> Result<(), ServiceError> {
    let stored = inner.store.queue_entries().await?;
    {
        let mut all = inner.queues.waiting.lock().await;
        let mut stored: Vec<QueueEntry> =
            stored.into_iter().filter(|e| inner.owns(e.place)).collect();
        stored.sort_by_key(|e| (e.joined_at_ms, e.user));
        for entry in stored {
            all.entry(entry.place.guild).or_default().push(entry);
        }
    }
    let ticker = tokio::spawn(tick(inner.clone()));
    let follower = tokio::spawn(follow_news(inner.clone(), news));
    let mut tasks = lock(&inner.queues.tasks);
    tasks.push(ticker.abort_handle());
    tasks.push(follower.abort_handle());
    Ok(())
}

/// Every quick-match second: entries that waited too long lapse (with a notice), and windows
/// that grew may pair members who could not be paired before.
async fn tick(inner: Arc<Inner>) {
    let period = Duration::from_millis(second_ms(&inner).max(1));
    loop {
        tokio::time::sleep(period).await;
        let now = now_ms();
        let (lapsed, found) = {
            let mut all = inner.queues.waiting.lock().await;
            let mut lapsed = Vec::new();
            let mut found = Vec::new();
            for (guild, list) in all.iter_mut() {
                let expiry = expiry_ms(&inner, *guild);
                list.retain(|e| {
                    let keep = now.saturating_sub(e.joined_at_ms) < expiry;
                    if !keep {
                        lapsed.push(e.clone());
                    }
                    keep
                });
                found.extend(take_pairs(&inner, *guild, list, now));
            }
            all.retain(|_, list| !list.is_empty());
            (lapsed, found)
        };
        start::start_all(&inner, found);
        if !lapsed.is_empty() {
            lapse(&inner, lapsed).await;
        }
    }
}

/// Takes lapsed entries out of the store and tells each member in their channel.
async fn lapse(inner: &Arc<Inner>, lapsed: Vec<QueueEntry>) {
    let users: Vec<UserId> = lapsed.iter().map(|e| e.user).collect();
    // Told only once out of the store: an entry left there would come back after a restart.
    until_stored("removing lapsed queue entries", || async {
        inner
            .store
            .remove_queue_entries(&users)
            .await
            .map_err(ServiceError::from)
    })
    .await;
    for entry in lapsed {
        let minutes = expiry_minutes(inner, entry.place.guild);
        let lang = inner.public_language(entry.place);
        let line = words::queue_lapsed(lang, inner.surface, (&entry.name, entry.game), minutes);
        inner.send(
            entry.place,
            Reply::public(vec![line]).mentioning([entry.user]),
        );
    }
}

/// A member who starts any other game leaves every queue.
async fn follow_news(inner: Arc<Inner>, mut news: UnboundedReceiver<GameNews>) {
    while let Some(item) = news.recv().await {
        let GameNews::Started { players, .. } = item else {
            continue;
        };
        let mut all = inner.queues.waiting.lock().await;
        if !all.values().flatten().any(|e| players.contains(&e.user)) {
            continue;
        }
        for list in all.values_mut() {
            list.retain(|e| !players.contains(&e.user));
        }
        until_stored(
            "taking players who started a game out of the queue",
            || async {
                inner
                    .store
                    .remove_queue_entries(&players)
                    .await
                    .map_err(ServiceError::from)
            },
        )
        .await;
    }
}
