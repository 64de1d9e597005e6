//! A write whose outcome is unknown: the connection to the database was lost after the write
//! could have reached it (during an autocommitted UPDATE or a COMMIT), so the server may have
//! stored it or not. Before the actor answers, it reads the game back and compares it with the
//! game it tried to store: stored, the change stands (as if the write had answered); not
//! stored, it is taken back. If even the read fails for a while, the change is taken back in
//! memory, the caller is told the outcome is not known yet, and the actor settles it from the
//! store before its next command or clock event, so a stored action is never applied twice
//! and a finished game never stays live in memory. An end found stored goes through the
//! finisher (`finish/`) like any other; found only before the next command, it is then
//! announced where the game is played.

use std::time::{Duration, Instant};

use super::ServiceError;
use super::finish::Ended;
use super::happened::Event;
use super::mailbox::GameActor;
use super::presenter::Sink;
use super::table::Table;
use crate::AnyGame;
use crate::store::{FinishedGame, LiveGame, PlayerStats, Store, StoreError, UserId};

/// How long the actor keeps trying to read the game back before it answers "not known yet"
/// (the caller waits meanwhile; a Discord interaction is deferred).
const SETTLE_FOR: Duration = Duration::from_secs(1);

/// What the read-back found.
pub(super) enum Settled {
    Stored(Option<Box<Ended>>),
    NotStored,
    Unknown,
}

/// The game as the store holds it.
enum Found {
    Live(Box<LiveGame>),
    /// The finished game and both players' stats after it.
    Finished(Box<(FinishedGame, [PlayerStats; 2])>),
    Neither,
}

async fn look(store: &Store, id: u64, players: [UserId; 2]) -> Result<Found, StoreError> {
    if let Some(live) = store.live_game(id).await? {
        return Ok(Found::Live(Box::new(live)));
    }
    match store.finished_game(id).await? {
        Some(finished) => {
            let stats = [
                store.player(players[0]).await?,
                store.player(players[1]).await?,
            ];
            Ok(Found::Finished(Box::new((finished, stats))))
        }
        None => Ok(Found::Neither),
    }
}

/// Whether a failed write may have been committed all the same.
pub(super) fn outcome_unknown(error: &ServiceError) -> bool {
    matches!(error, ServiceError::Store(store) if store.outcome_unknown())
}

impl GameActor {
    /// Reads the game back, retrying for `patience`.
    async fn read_back(&self, patience: Duration) -> Option<Found> {
        let (id, players) = (self.table.id, self.table.players);
        let started = Instant::now();
        let mut pause = Duration::from_millis(50);
        loop {
            match look(&self.inner.store, id, players).await {
                Ok(found) => return Some(found),
                Err(error) if started.elapsed() >= patience => {
                    tracing::warn!("game {id}: cannot read the game back: {error}");
                    return None;
                }
                Err(_) => {
                    crate::ops::metrics::store_failure();
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(Duration::from_millis(400));
                }
            }
        }
    }

    /// After a write with an unknown outcome (the game in memory is the one it tried to
    /// store): whether the store holds it.
    pub(super) async fn settle(&mut self) -> Settled {
        let id = self.table.id;
        let ours = self.game.record().clone();
        match self.read_back(SETTLE_FOR).await {
            None => Settled::Unknown,
            Some(Found::Live(live)) if live.record == ours && self.game.outcome().is_none() => {
                tracing::warn!("game {id}: the connection was lost, but the change was stored");
                Settled::Stored(None)
            }
            Some(Found::Finished(found)) if found.0.game.record == ours => {
                tracing::warn!("game {id}: the connection was lost, but its end was stored");
                let (finished, stats) = *found;
                let ended = self.finish_stored(finished, stats).await;
                Settled::Stored(Some(Box::new(ended)))
            }
            Some(_) => Settled::NotStored,
        }
    }

    /// Before the next command or clock event after an unknown outcome: takes the game as the
    /// store holds it when that is further on (the write was stored after all). `false` while
    /// the store cannot tell.
    pub(super) async fn resync(&mut self) -> bool {
        if !self.unsure {
            return true;
        }
        // One try: while the store cannot answer, the command is refused at once.
        let Some(found) = self.read_back(Duration::ZERO).await else {
            return false;
        };
        let ours = self.game.record().events.len();
        match found {
            Found::Live(live) if live.record.events.len() > ours => match Table::replay(*live) {
                Ok((table, game)) => {
                    tracing::warn!("game {}: a change thought lost was stored", table.id);
                    self.table = table;
                    self.game = game;
                }
                Err(error) => tracing::error!("game {}: {error}", self.table.id),
            },
            Found::Finished(found) => match AnyGame::replay(&found.0.game.record) {
                Ok(game) => {
                    tracing::warn!("game {}: its end was stored after all", self.table.id);
                    self.game = game;
                    let (finished, stats) = *found;
                    let ended = self.finish_stored(finished, stats).await;
                    // Told where the game is played, as any end: its place is then closed.
                    let happened = self.happened(Event::EndFoundStored { ended });
                    self.show(happened.into(), Sink::Place(self.table.place))
                        .await;
                }
                Err(error) => tracing::error!("game {}: {error}", self.table.id),
            },
            _ => {}
        }
        self.unsure = false;
        true
    }
}
