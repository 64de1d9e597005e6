//! The commit of a game actor's decisions: each change to the game is made durable before it
//! is answered (the game as live, or as finished with its points, atomically), and a change the
//! store refused is taken back, so the game in memory is always the game in the store.

use super::clock;
use super::happened::Ended;
use super::mailbox::GameActor;
use super::{Reply, ServiceError, lock, store_failure, words};
use crate::game::Game;
use crate::scoring;
use crate::store::FinishedGame;

impl GameActor {
    /// Applies a change to the game, restarts the turn clock when asked, and makes it durable
    /// (or finishes the game in the store). On a store failure the game is put back as it was.
    pub async fn commit<T>(
        &mut self,
        change: impl FnOnce(&mut Game) -> Result<T, crate::game::GameError>,
        restart_clock: bool,
    ) -> Result<(T, Option<Ended>), Reply> {
        let lang = self.private;
        let events_before = self.game.record().events.len();
        let value = change(&mut self.game)
            .map_err(|error| Reply::refusal(words::game_error(lang, &error)))?;
        let clock_before = self.table.clock;
        if restart_clock {
            let turn = &mut self.table.clock;
            turn.turn_deadline_ms = clock::turn_deadline(clock::now_ms(), turn.turn_secs);
            turn.warned = false;
        }
        match self.save().await {
            Ok(ended) => Ok((value, ended)),
            Err(error) => {
                self.table.clock = clock_before;
                self.take_back(events_before);
                Err(store_failure(&error, lang))
            }
        }
    }

    /// Puts the game back as it was with its first `events` events: the record is the game,
    /// so it is replayed rather than kept twice for the rare store failure.
    fn take_back(&mut self, events: usize) {
        let mut record = self.game.record().clone();
        record.events.truncate(events);
        match Game::replay(&record) {
            Ok(game) => self.game = game,
            // A prefix of a record that was played through the same checks replays.
            Err(error) => tracing::error!(
                "game {}: could not take back an unsaved change: {error}",
                self.table.id
            ),
        }
    }

    /// Stores the game: as live, or as finished with its points once it has ended.
    pub(in crate::service) async fn save(&mut self) -> Result<Option<Ended>, ServiceError> {
        let live = self.table.stored(self.game.record().clone());
        let Some(outcome) = self.game.outcome() else {
            self.inner
                .blocking(move |store| store.put_live_game(&live))
                .await?;
            return Ok(None);
        };
        let points = if self.table.rated {
            scoring::points_for(&self.game.view(), self.table.base_score)
        } else {
            [0, 0]
        };
        let finished = FinishedGame {
            game: live,
            ended_at_ms: clock::now_ms(),
            outcome,
            points,
        };
        // `/rematch` finds the game in its place and in the channel its thread came from.
        let mut places = vec![self.table.place];
        places.extend(lock(&self.inner.homes).get(&self.table.place).copied());
        let stats = self
            .inner
            .blocking(move |store| {
                let stats = store.finish_game(&finished)?;
                let game = &finished.game;
                // The game is finished and its points counted: a lost window only costs a
                // `/rematch`, so it is logged rather than reported as a failed action.
                if let Err(error) = store.set_rematch_window(&places, game.players, game.id) {
                    tracing::error!("remembering game {} for /rematch: {error}", game.id);
                }
                Ok((stats, finished))
            })
            .await?;
        let (stats, finished) = stats;
        self.inner
            .tell_watchers(super::GameNews::Ended(Box::new(finished)));
        Ok(Some(Ended { points, stats }))
    }
}
