//! Per-server settings on sled: the tree `v1/guild_settings` (guild → [`GuildSettings`]).
//! Opened by name on each call, like the tournaments, so it needs no schema step: an older
//! store simply has no settings yet. Backups carry it, check-store reads it and migrate-store
//! copies it.

use super::SledStore;
use crate::store::codec::{self, id_key};
use crate::store::error::StoreError;
use crate::store::settings::GuildSettings;

pub(super) const TREE: &str = "v1/guild_settings";
pub(super) const SETTINGS: &str = "guild settings";

impl SledStore {
    /// Stores (or replaces) a guild's settings; durable on return.
    pub fn put_guild_settings(&self, settings: &GuildSettings) -> Result<(), StoreError> {
        let tree = self.db.open_tree(TREE)?;
        tree.insert(id_key(settings.guild), codec::encode(SETTINGS, settings)?)?;
        self.flush()
    }

    /// Every guild's settings by guild; a corrupt record is quarantined and skipped.
    pub fn all_guild_settings(&self) -> Result<Vec<GuildSettings>, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        self.read_all(&tree, SETTINGS)
    }
}
