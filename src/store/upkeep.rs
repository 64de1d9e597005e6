//! The store's upkeep, beside play: the ledger's checkpoint and a clean close, checking the
//! whole store, backups and restores, bulk imports, and re-reading or rebuilding everything.
//! Much of it is sled's alone (PostgreSQL keeps no ledger and backs up with its own tools).

use std::path::Path;

use super::{
    Backend, BackupSummary, CheckReport, LiveGame, PlayerStats, SledStore, Store, StoreError,
    on_blocking_pool,
};

impl Store {
    /// Writes the acknowledged ledger now (it is otherwise written within a second of a commit).
    /// PostgreSQL commits are durable on return and keep no ledger: nothing to write there.
    pub async fn checkpoint(&self) -> Result<(), StoreError> {
        self.on_sled(|store| store.checkpoint(), Ok(())).await
    }
    /// Flushes and records the files' checksums, so the next open may skip checking a copy
    /// first. Call once nothing writes any more (after the service has stopped).
    /// (PostgreSQL has no files of ours to fingerprint: nothing to do there.)
    pub async fn close_cleanly(&self) -> Result<(), StoreError> {
        self.on_sled(|store| store.close_cleanly(), Ok(())).await
    }
    /// Verifies the whole store without changing it (`junqi-bot check-store`).
    /// On PostgreSQL it is refused: the database checks its own pages, and undecodable rows
    /// are quarantined as they are read.
    pub async fn check(&self) -> Result<CheckReport, StoreError> {
        let refused = StoreError::SledOnly {
            what: "check-store",
            instead: "PostgreSQL checks its own data; quarantined rows show in the log",
        };
        self.on_sled(|store| store.check(), Err(refused)).await
    }
    /// Writes a consistent backup of the store to `file`, even while the bot plays.
    /// On PostgreSQL it is refused: back up the database with `pg_dump`.
    pub async fn write_backup(&self, file: &Path) -> Result<BackupSummary, StoreError> {
        let file = file.to_path_buf();
        let refused = StoreError::SledOnly {
            what: "backup",
            instead: "back up the PostgreSQL database with pg_dump",
        };
        self.on_sled(move |store| store.write_backup(&file), Err(refused))
            .await
    }
    /// Restores a backup into `store_dir`, which must not hold a store yet.
    pub async fn restore_backup(
        file: &Path,
        store_dir: &Path,
    ) -> Result<BackupSummary, StoreError> {
        let (file, store_dir) = (file.to_path_buf(), store_dir.to_path_buf());
        on_blocking_pool(move || SledStore::restore_backup(&file, &store_dir)).await
    }
    /// Stores many live games at once (restores, benchmarks); not for live play.
    pub async fn import_live_games(&self, games: &[LiveGame]) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sled(store) => {
                let (store, games) = (store.clone(), games.to_vec());
                on_blocking_pool(move || store.import_live_games(&games)).await
            }
            Backend::Postgres(store) => {
                for game in games {
                    store.put_live_game(game).await?;
                }
                Ok(())
            }
        }
    }
    /// The schema version the store records, if any.
    pub async fn schema_version(&self) -> Result<Option<u32>, StoreError> {
        dispatch!(self, store => store.schema_version())
    }
    /// Every record that was found corrupt: (where it was, reason).
    pub async fn quarantined(&self) -> Result<Vec<(String, String)>, StoreError> {
        dispatch!(self, store => store.quarantined())
    }
    /// Reads every record, quarantining what cannot be decoded; returns how many records were
    /// quarantined. Slow on a big store: for an explicit check, not for start-up.
    pub async fn check_all(&self) -> Result<usize, StoreError> {
        dispatch!(self, store => store.check_all())
    }
    /// Rebuilds every index (channel → live game, pair → last game, leaderboards, history) from the
    /// records: a repair tool.
    pub async fn rebuild_indexes(&self) -> Result<(), StoreError> {
        dispatch!(self, store => store.rebuild_indexes())
    }
    /// Imports player stats in bulk (a restore, or seeding a test store), replacing the stats
    /// of those users, and rebuilds the leaderboards. Durable on return; not for live play.
    pub async fn import_players(&self, players: &[PlayerStats]) -> Result<(), StoreError> {
        dispatch!(self, store => store.import_players(players), owning players)
    }
}
