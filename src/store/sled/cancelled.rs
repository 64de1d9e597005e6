//! Cancelled games on sled: the tree `v1/cancelled_games` (id → [`CancelledGame`]), indexed in
//! `v1/history` beside the finished games. Opened by name on each call, like the settings, so it
//! needs no schema step: an older store simply has no cancelled games. A cancel removes the live
//! game, stores it as cancelled and indexes it in one transaction; no player record is touched.
//! Backups carry the tree, check-store reads it and migrate-store copies it.

use std::collections::BTreeSet;

use sled::Transactional;
use sled::transaction::{ConflictableTransactionError, abort};

use super::check::CheckReport;
use super::history::{history_key, players_of};
use super::{SledStore, from_transaction};
use crate::store::cancelled::CancelledGame;
use crate::store::codec::{self, id_key, place_key};
use crate::store::error::StoreError;

pub(super) const TREE: &str = "v1/cancelled_games";
pub(super) const CANCELLED_GAME: &str = "cancelled game";

impl SledStore {
    /// Atomically: removes the live game, stores it as cancelled and indexes it in both
    /// players' histories. Refused with [`StoreError::NotLive`] when the game is not live.
    /// Durable on return.
    pub fn cancel_game(&self, cancelled: &CancelledGame) -> Result<(), StoreError> {
        let game = &cancelled.game;
        let value = codec::encode(CANCELLED_GAME, cancelled)?;
        let key = id_key(game.id);
        let place = place_key(game.place);
        let done = self.db.open_tree(TREE)?;
        let _not_during_a_backup = self
            .backup_gate
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let t = &self.trees;
        // The ledger forgets the live game first: a crash between the two must leave it
        // claiming less than the store holds, never more.
        self.acknowledge(|ledger| ledger.removed_live_game(game.id));
        let result = (&t.live_games, &t.live_by_place, &done, &t.history).transaction(
            |(live, by_place, done, history)| {
                if live.remove(&key)?.is_none() {
                    return abort(StoreError::NotLive(game.id));
                }
                if by_place.get(place)?.as_deref() == Some(&key[..]) {
                    by_place.remove(&place)?;
                }
                done.insert(&key, value.as_slice())?;
                for user in players_of(game) {
                    history.insert(&history_key(user, cancelled.ended_at_ms, game.id), &[])?;
                }
                Ok::<(), ConflictableTransactionError<StoreError>>(())
            },
        );
        from_transaction(result)?;
        self.flush()
    }

    pub fn cancelled_game(&self, id: u64) -> Result<Option<CancelledGame>, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        self.read(&tree, CANCELLED_GAME, &id_key(id))
    }

    /// Every cancelled game, oldest id first; a corrupt record is quarantined and skipped.
    pub fn cancelled_games(&self) -> Result<Vec<CancelledGame>, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        self.read_all(&tree, CANCELLED_GAME)
    }

    /// The highest id of a cancelled game (0 when there is none): game numbers follow it too.
    pub(super) fn highest_cancelled_id(&self) -> Result<u64, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        Ok(tree
            .last()?
            .and_then(|(key, _)| codec::id_from_key(&key))
            .unwrap_or(0))
    }

    /// Whether game `id` was cancelled (the ledger's account of a live game that is gone).
    pub(super) fn was_cancelled(&self, id: u64) -> bool {
        self.db
            .open_tree(TREE)
            .and_then(|tree| tree.contains_key(id_key(id)))
            .unwrap_or(false)
    }

    /// check-store: every cancelled game decodes under its own id, is neither live nor
    /// finished, and stands in both its players' histories.
    pub(super) fn check_cancelled(&self, report: &mut CheckReport) -> Result<(), StoreError> {
        let tree = self.db.open_tree(TREE)?;
        let history: BTreeSet<Vec<u8>> = self
            .trees
            .history
            .iter()
            .map(|item| item.map(|(key, _)| key.to_vec()))
            .collect::<Result<_, _>>()?;
        let mut count = 0;
        for item in tree.iter() {
            let (key, raw) = item?;
            count += 1;
            let cancelled = match codec::decode::<CancelledGame>(&raw) {
                Ok(cancelled) => cancelled,
                Err(reason) => {
                    report
                        .problems
                        .push(format!("{TREE}: a record does not decode: {reason}"));
                    continue;
                }
            };
            let id = cancelled.game.id;
            if key.as_ref() != id_key(id) {
                report
                    .problems
                    .push(format!("{TREE}: game {id} is stored under another key"));
            }
            if self.trees.live_games.contains_key(id_key(id))?
                || self.trees.finished_games.contains_key(id_key(id))?
            {
                report
                    .problems
                    .push(format!("game {id} is cancelled and also live or finished"));
            }
            for user in players_of(&cancelled.game) {
                if !history.contains(&history_key(user, cancelled.ended_at_ms, id)[..]) {
                    report.problems.push(format!(
                        "cancelled game {id} is missing from the history of player {user}"
                    ));
                }
            }
        }
        report.records.insert(TREE.to_string(), count);
        Ok(())
    }
}
