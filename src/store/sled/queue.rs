//! The quick-match queue on sled: the tree `v1/queue` (user → [`QueueEntry`]). Opened by name
//! on each call, like the tournaments, so it needs no schema step: an older store simply has
//! nobody waiting. Backups carry it, check-store reads it and migrate-store copies it.

use super::SledStore;
use crate::store::codec::{self, id_key};
use crate::store::error::StoreError;
use crate::store::queue::QueueEntry;
use crate::store::records::UserId;

pub(super) const TREE: &str = "v1/queue";
pub(super) const ENTRY: &str = "queue entry";

impl SledStore {
    /// Stores (or replaces) a member's queue entry; durable on return.
    pub fn put_queue_entry(&self, entry: &QueueEntry) -> Result<(), StoreError> {
        self.stage_queue_entry(entry)?;
        self.flush()
    }

    /// Writes a member's queue entry, durable at the next flush.
    pub fn stage_queue_entry(&self, entry: &QueueEntry) -> Result<(), StoreError> {
        let tree = self.db.open_tree(TREE)?;
        tree.insert(id_key(entry.user), codec::encode(ENTRY, entry)?)?;
        Ok(())
    }

    /// Removes these members' entries in one step; durable on return.
    pub fn remove_queue_entries(&self, users: &[UserId]) -> Result<(), StoreError> {
        self.stage_queue_removal(users)?;
        self.flush()
    }

    /// Removes these members' entries in one step, durable at the next flush.
    pub(super) fn stage_queue_removal(&self, users: &[UserId]) -> Result<(), StoreError> {
        let tree = self.db.open_tree(TREE)?;
        let mut batch = sled::Batch::default();
        for user in users {
            batch.remove(&id_key(*user));
        }
        tree.apply_batch(batch)?;
        Ok(())
    }

    /// Makes every staged write durable.
    pub fn sync(&self) -> Result<(), StoreError> {
        self.flush()
    }

    /// Everyone waiting, by user; a corrupt record is quarantined and skipped.
    pub fn queue_entries(&self) -> Result<Vec<QueueEntry>, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        self.read_all(&tree, ENTRY)
    }
}
