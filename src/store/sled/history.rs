//! Each player's finished and cancelled games, newest first: the `v1/history` index, keyed
//! (user, end time descending, game id descending) → (), written in the same transaction as the
//! game's end (or its cancel). `/history` reads one page of it without decoding any other game.

use sled::Tree;
use sled::transaction::{ConflictableTransactionError, TransactionalTree};

use super::SledStore;
use crate::store::HistoryPage;
use crate::store::error::StoreError;
use crate::store::records::{FinishedGame, LiveGame, UserId};

/// (user, !end time, !game id): sled's byte order is then newest first within a user.
pub const HISTORY_KEY_LEN: usize = 24;

pub fn history_key(user: UserId, ended_at_ms: u64, game: u64) -> [u8; HISTORY_KEY_LEN] {
    let mut key = [0; HISTORY_KEY_LEN];
    key[..8].copy_from_slice(&user.to_be_bytes());
    key[8..16].copy_from_slice(&(!ended_at_ms).to_be_bytes());
    key[16..].copy_from_slice(&(!game).to_be_bytes());
    key
}

fn game_of_history_key(key: &[u8]) -> Option<u64> {
    let tail: [u8; 8] = key.get(16..HISTORY_KEY_LEN)?.try_into().ok()?;
    (key.len() == HISTORY_KEY_LEN).then(|| !u64::from_be_bytes(tail))
}

/// The distinct players of a game (a player who played themself is listed once).
pub(super) fn players_of(game: &LiveGame) -> Vec<UserId> {
    let [first, second] = game.players;
    if first == second {
        vec![first]
    } else {
        vec![first, second]
    }
}

/// Indexes a finished game under both its players, inside `finish_game`'s transaction.
pub(super) fn index(
    history: &TransactionalTree,
    finished: &FinishedGame,
) -> Result<(), ConflictableTransactionError<StoreError>> {
    for user in players_of(&finished.game) {
        history.insert(
            &history_key(user, finished.ended_at_ms, finished.game.id),
            &[],
        )?;
    }
    Ok(())
}

impl SledStore {
    /// The finished and cancelled games of `user`, newest first: `limit` of them after
    /// skipping `skip`. A game whose record turned out corrupt (and was quarantined) is left out.
    pub fn history_of(
        &self,
        user: UserId,
        skip: usize,
        limit: usize,
    ) -> Result<HistoryPage, StoreError> {
        let prefix = user.to_be_bytes();
        let mut total = 0;
        let mut ids = Vec::with_capacity(limit);
        for item in self.trees.history.scan_prefix(prefix) {
            let (key, _) = item?;
            let Some(id) = game_of_history_key(&key) else {
                continue;
            };
            if total >= skip && ids.len() < limit {
                ids.push(id);
            }
            total += 1;
        }
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(game) = self.finished_game(id)? {
                games.push(game.into());
            } else if let Some(cancelled) = self.cancelled_game(id)? {
                games.push(cancelled.into());
            }
        }
        Ok(HistoryPage { games, total })
    }

    /// Rebuilds the history index from the finished and cancelled games (migrations and
    /// repairs).
    pub(super) fn rebuild_history(&self) -> Result<(), StoreError> {
        let history: &Tree = &self.trees.history;
        history.clear()?;
        let finished = self
            .finished_games()?
            .into_iter()
            .map(|done| (done.game, done.ended_at_ms));
        let cancelled = self
            .cancelled_games()?
            .into_iter()
            .map(|done| (done.game, done.ended_at_ms));
        for (game, ended_at_ms) in finished.chain(cancelled) {
            for user in players_of(&game) {
                history.insert(history_key(user, ended_at_ms, game.id), &[])?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_keys_sort_newest_first_within_a_user() {
        let ordered = [
            history_key(1, 900, 3),
            history_key(1, 900, 2),
            history_key(1, 100, 7),
            history_key(1, 0, 0),
            history_key(2, u64::MAX, 1),
        ];
        let mut sorted = ordered;
        sorted.sort();
        assert_eq!(sorted, ordered);
        assert_eq!(game_of_history_key(&ordered[2]), Some(7));
        assert_eq!(game_of_history_key(&ordered[2][..23]), None);
    }
}
