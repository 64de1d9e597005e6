//! The commit of a game actor's decisions: each change to the game is made durable before it
//! is answered (the game as live, or ended through the finisher: `finish/`), and a change the
//! store refused is taken back, so the game in memory is always the game in the store (a write
//! whose outcome a lost connection hid is read back first: `settle.rs`).

use super::ServiceError;
use super::clock;
use super::decide::store_refusal;
use super::finish::Ended;
use super::happened::Refusal;
use super::mailbox::GameActor;
use super::settle::{Settled, outcome_unknown};
use crate::AnyGame;

impl GameActor {
    /// Applies a change to the game, restarts the turn clock when asked, and makes it durable
    /// (or finishes the game in the store). On a store failure the game is put back as it was.
    pub async fn commit<T>(
        &mut self,
        change: impl FnOnce(&mut AnyGame) -> Result<T, crate::game::GameError>,
        restart_clock: bool,
    ) -> Result<(T, Option<Ended>), Refusal> {
        let events_before = self.game.record().events.len();
        let value = change(&mut self.game).map_err(Refusal::Game)?;
        let clock_before = self.table.clock;
        if restart_clock {
            let turn = &mut self.table.clock;
            turn.turn_deadline_ms = clock::turn_deadline(clock::now_ms(), turn.turn_secs);
            turn.warned = false;
        }
        let error = match self.save().await {
            Ok(ended) => return Ok((value, ended)),
            Err(error) => error,
        };
        // A lost connection may have lost the answer rather than the write (settle.rs).
        let settled = if outcome_unknown(&error) {
            self.settle().await
        } else {
            Settled::NotStored
        };
        match settled {
            Settled::Stored(ended) => Ok((value, ended.map(|ended| *ended))),
            Settled::NotStored => {
                self.table.clock = clock_before;
                self.take_back(events_before);
                Err(store_refusal(&error))
            }
            Settled::Unknown => {
                self.table.clock = clock_before;
                self.take_back(events_before);
                self.unsure = true;
                tracing::error!(
                    "game {}: store failure, outcome unknown: {error}",
                    self.table.id
                );
                crate::ops::metrics::store_failure();
                Err(Refusal::StoreUnsure)
            }
        }
    }

    /// Puts the game back as it was with its first `events` events: the record is the game,
    /// so it is replayed rather than kept twice for the rare store failure.
    fn take_back(&mut self, events: usize) {
        let mut record = self.game.record().clone();
        record.events.truncate(events);
        match AnyGame::replay(&record) {
            Ok(game) => self.game = game,
            // A prefix of a record that was played through the same checks replays.
            Err(error) => tracing::error!(
                "game {}: could not take back an unsaved change: {error}",
                self.table.id
            ),
        }
    }

    /// Stores the game: as live, or, once it has ended, through the finisher (`finish/`).
    pub(in crate::service) async fn save(&mut self) -> Result<Option<Ended>, ServiceError> {
        if let Some(outcome) = self.game.outcome() {
            return self.finish(outcome).await.map(Some);
        }
        let live = self.table.stored(self.game.record().clone());
        self.inner.store.put_live_game(&live).await?;
        Ok(None)
    }
}
