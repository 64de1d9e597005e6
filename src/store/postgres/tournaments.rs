//! Tournaments on PostgreSQL: the table `tournaments` (schema 5), one row per tournament with
//! its whole record, shared by every process (the guild's shard runs it).

use super::{PgStore, Table, sql_id};
use crate::store::codec;
use crate::store::error::StoreError;
use crate::store::tournaments::Tournament;

impl PgStore {
    /// Stores (or replaces) a tournament; committed on return.
    pub async fn put_tournament(&self, tournament: &Tournament) -> Result<(), StoreError> {
        let value = codec::encode("tournament", tournament)?;
        let (id, guild, channel, open) = (
            sql_id(tournament.id),
            sql_id(tournament.place.guild),
            sql_id(tournament.place.channel),
            tournament.phase.is_open(),
        );
        self.run(|pool| async move {
            let client = pool.get().await?;
            client
                .execute(
                    "INSERT INTO tournaments (id, guild, channel, open, record) \
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO UPDATE SET \
                     guild = EXCLUDED.guild, channel = EXCLUDED.channel, open = EXCLUDED.open, \
                     record = EXCLUDED.record",
                    &[&id, &guild, &channel, &open, &value],
                )
                .await?;
            Ok(())
        })
        .await
    }

    /// Every tournament by id; a corrupt row is quarantined and skipped.
    pub async fn tournaments(&self) -> Result<Vec<Tournament>, StoreError> {
        self.read_table(
            Table::Tournaments,
            "SELECT id, record FROM tournaments ORDER BY id",
        )
        .await
    }
}
