//! The one place where a game ends (after lichess's `Finisher`). Every way a live game ends
//! reaches it, once per game, in the game's actor:
//!
//! 1. by the rules, on an action of a player or the AI: the flag taken, no legal action left,
//!    the repetition rule (a loss), the quiet rule and the length rule (draws);
//! 2. by the clock: the timeout that loses, the clock draw at the game's time limit;
//! 3. by a player: resigning, abandoning, accepting a draw offer;
//!
//!    (1 to 3 set the game's outcome in a change that the commit stores through
//!    [`GameActor::finish`]: `commit.rs`)
//! 4. by a moderator's `/cancel`, with no result ([`GameActor::finish_cancelled`]: `cancel.rs`);
//! 5. read back after a lost commit: an end the store took although its answer was lost,
//!    found at once or before the next command or clock event ([`GameActor::finish_stored`]:
//!    `settle.rs`).
//!
//! In one sequence it stores the end (a result atomically with both players' points, which
//! moves the ladder: `Store::finish_game`; a cancel as cancelled: `Store::cancel_game`),
//! remembers a result for `/rematch` (in the game's place and in the channel its thread came
//! from), frees the channel, tells the watchers (the tournament counts the game, `news.rs`;
//! the news of a result carries when it has been presented) and marks the actor finished, so
//! it ends. What it hands back ([`Ended`], which only this module
//! makes) is what the presenter words as the end of the game, the reply carrying
//! [`GameEvent::Ended`](super::GameEvent) on which a front end closes the game's place
//! (Discord archives its thread); a cancel's notice carries it too.

use super::mailbox::GameActor;
use super::settle::outcome_unknown;
use super::{GameNews, Presented, ServiceError, clock, lock};
use crate::game::{Outcome, Seat};
use crate::scoring;
use crate::store::{CancelledGame, FinishedGame, PlayerStats};

/// A game that has just ended with a result, stored as finished: what each player scored.
/// Only the finisher makes one, so only a game that went through it is told as ended.
#[derive(Clone, Debug)]
pub(in crate::service) struct Ended {
    pub points: [i64; 2],
    /// Each player's totals on the ladder of the game's kind, after it.
    pub stats: [PlayerStats; 2],
    _by_the_finisher: (),
}

impl GameActor {
    /// Ends the game with the `outcome` the last change set: stores it as finished with its
    /// points, then the rest of the sequence. On a store failure nothing else is done (the
    /// commit takes the change back, or settles a write whose outcome is unknown).
    pub(super) async fn finish(&mut self, outcome: Outcome<Seat>) -> Result<Ended, ServiceError> {
        let points = if self.table.rated {
            scoring::points_of(&self.game, self.table.base_score)
        } else {
            [0, 0]
        };
        let finished = FinishedGame {
            game: self.table.stored(self.game.record().clone()),
            ended_at_ms: clock::now_ms(),
            outcome,
            points,
        };
        let stats = self.inner.store.finish_game(&finished).await?;
        Ok(self.finish_stored(finished, stats).await)
    }

    /// The rest of the sequence for an end the store already holds (stored just now, or read
    /// back after a lost commit): `/rematch` remembers it (a lost window only costs a
    /// `/rematch`, so it is logged rather than reported as a failed action), the channel is
    /// freed and the watchers hear.
    pub(super) async fn finish_stored(
        &mut self,
        finished: FinishedGame,
        stats: [PlayerStats; 2],
    ) -> Ended {
        let mut places = vec![self.table.place];
        places.extend(lock(&self.inner.live.homes).get(&self.table.place).copied());
        let (players, id) = (finished.game.players, finished.game.id);
        let remembered = self
            .inner
            .store
            .set_rematch_window(&places, players, id)
            .await;
        if let Err(error) = remembered {
            tracing::error!("remembering game {id} for /rematch: {error}");
        }
        let points = finished.points;
        let ladder = finished.game.record.kind();
        let presented = Presented::after(&self.baton);
        self.close(GameNews::Ended(Box::new(finished), presented));
        Ended {
            points,
            stats: stats.map(|all| all.on(ladder)),
            _by_the_finisher: (),
        }
    }

    /// Ends the game as `cancelled` by a moderator: stored as cancelled (no result, no points,
    /// no tournament score), the channel freed, the watchers told (a tournament pairs its
    /// players again). A write whose answer a lost connection hid is read back first.
    pub(super) async fn finish_cancelled(
        &mut self,
        cancelled: CancelledGame,
    ) -> Result<(), ServiceError> {
        let id = self.table.id;
        if let Err(error) = self.inner.store.cancel_game(&cancelled).await {
            let error = ServiceError::from(error);
            // A lost connection may have lost the answer rather than the write.
            let stored = outcome_unknown(&error)
                && self
                    .inner
                    .store
                    .cancelled_game(id)
                    .await
                    .is_ok_and(|found| found.is_some());
            if !stored {
                return Err(error);
            }
        }
        self.close(GameNews::Cancelled {
            game: id,
            place: self.table.place,
            players: self.table.players,
        });
        Ok(())
    }

    /// The end of every sequence: the channel is left free before the watchers hear (a
    /// challenge or pairing that follows the news finds it free), and the actor ends.
    fn close(&mut self, news: GameNews) {
        self.finished = true;
        let place = self.table.place;
        {
            let mut games = lock(&self.inner.games);
            if games.get(&place).is_some_and(|h| h.id == self.table.id) {
                games.remove(&place);
            }
        }
        self.inner.tell_watchers(news);
    }
}

#[cfg(test)]
mod tests;
