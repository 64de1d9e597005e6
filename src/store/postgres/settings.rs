//! Per-server settings on PostgreSQL: the table `guild_settings` (migration 007), one row per
//! guild with its whole record, shared by every process (the guild's shard writes it).

use super::{PgStore, Table};
use crate::store::error::StoreError;
use crate::store::settings::GuildSettings;

impl PgStore {
    /// Stores (or replaces) a guild's settings; committed on return.
    pub async fn put_guild_settings(&self, settings: &GuildSettings) -> Result<(), StoreError> {
        self.put_record(Table::GuildSettings, settings.guild, settings)
            .await
    }

    /// Every guild's settings by guild; a corrupt row is quarantined and skipped.
    pub async fn all_guild_settings(&self) -> Result<Vec<GuildSettings>, StoreError> {
        self.read_table(
            Table::GuildSettings,
            "SELECT id, record FROM guild_settings ORDER BY id",
        )
        .await
    }
}
