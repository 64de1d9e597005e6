//! What the lobby keeps in memory about challenges: the expiry timer of each open challenge
//! (aborted when the challenge is answered, and all at shutdown) and the open challenges taken
//! lately, to tell a late taker that someone was quicker.

use std::collections::HashMap;
use std::sync::Mutex;

use tokio::task::AbortHandle;

use super::super::lock;
use crate::store::Place;

#[derive(Default)]
pub(in crate::service) struct Challenges {
    /// Challenge id → its expiry timer.
    timers: Mutex<HashMap<u64, AbortHandle>>,
    /// Open challenges taken lately: id → (channel, when).
    taken: Mutex<HashMap<u64, (Place, u64)>>,
}

impl Challenges {
    /// Keeps challenge `id`'s expiry timer.
    pub(super) fn arm(&self, id: u64, timer: AbortHandle) {
        lock(&self.timers).insert(id, timer);
    }

    /// Challenge `id` was answered: its expiry timer stops.
    pub(super) fn disarm(&self, id: u64) {
        if let Some(timer) = lock(&self.timers).remove(&id) {
            timer.abort();
        }
    }

    /// Challenge `id`'s expiry timer has rung: it is no longer kept.
    pub(super) fn rang(&self, id: u64) {
        lock(&self.timers).remove(&id);
    }

    /// Stops every expiry timer (the challenges stay in the store and are re-armed at the next
    /// start).
    pub(in crate::service) fn shutdown(&self) {
        for (_, timer) in lock(&self.timers).drain() {
            timer.abort();
        }
    }

    /// Notes that open challenge `id` at `place` was taken at `now` (ms), forgetting those
    /// taken `keep_ms` or longer ago.
    pub(super) fn taken(&self, id: u64, place: Place, now: u64, keep_ms: u64) {
        let mut taken = lock(&self.taken);
        taken.retain(|_, (_, at)| now.saturating_sub(*at) < keep_ms);
        taken.insert(id, (place, now));
    }

    /// Whether an open challenge at `place` (number `id`, if given) was taken less than
    /// `keep_ms` before `now`.
    pub(super) fn was_taken(&self, id: Option<u64>, place: Place, now: u64, keep_ms: u64) -> bool {
        lock(&self.taken).iter().any(|(taken, (at_place, at))| {
            *at_place == place
                && id.is_none_or(|id| id == *taken)
                && now.saturating_sub(*at) < keep_ms
        })
    }
}
