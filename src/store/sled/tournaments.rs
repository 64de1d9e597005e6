//! Tournaments on sled: the tree `v1/tournaments` (id → [`Tournament`]). Opened by name on each
//! call, like the rematch windows, so it needs no schema step: an older store simply has no
//! tournaments yet. Backups carry it, check-store reads it and migrate-store copies it.

use super::SledStore;
use crate::store::codec::{self, id_key};
use crate::store::error::StoreError;
use crate::store::tournaments::Tournament;

pub(super) const TREE: &str = "v1/tournaments";
pub(super) const TOURNAMENT: &str = "tournament";

impl SledStore {
    /// Stores (or replaces) a tournament; durable on return.
    pub fn put_tournament(&self, tournament: &Tournament) -> Result<(), StoreError> {
        let tree = self.db.open_tree(TREE)?;
        tree.insert(
            id_key(tournament.id),
            codec::encode(TOURNAMENT, tournament)?,
        )?;
        self.flush()
    }

    /// Every tournament by id; a corrupt record is quarantined and skipped.
    pub fn tournaments(&self) -> Result<Vec<Tournament>, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        self.read_all(&tree, TOURNAMENT)
    }
}
