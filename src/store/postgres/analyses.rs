//! Stored analyses on PostgreSQL: the table `analyses` (migration 009), one row per analysed
//! finished game with its whole record; a row that fails its checksum is quarantined.

use super::{PgStore, Table, read_one, sql_id};
use crate::store::analyses::StoredAnalysis;
use crate::store::error::StoreError;

impl PgStore {
    /// Stores (or replaces) a game's analysis; committed on return.
    pub async fn put_analysis(&self, analysis: &StoredAnalysis) -> Result<(), StoreError> {
        self.put_record(Table::Analyses, analysis.game, analysis)
            .await
    }

    /// Game `id`'s analysis; a damaged row is quarantined and `None` returned.
    pub async fn analysis(&self, id: u64) -> Result<Option<StoredAnalysis>, StoreError> {
        let found: Option<StoredAnalysis> = self
            .run(|pool| async move {
                let client = pool.get().await?;
                read_one(&client, Table::Analyses, sql_id(id)).await
            })
            .await?;
        Ok(found.filter(|analysis| analysis.game == id))
    }

    /// Every analysis by game; a damaged row is quarantined and skipped.
    pub async fn analyses(&self) -> Result<Vec<StoredAnalysis>, StoreError> {
        self.read_table(
            Table::Analyses,
            "SELECT id, record FROM analyses ORDER BY id",
        )
        .await
    }
}
