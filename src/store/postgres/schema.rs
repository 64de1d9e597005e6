//! The database's schema version and the embedded migrations that bring it up to date. Every
//! step runs in one transaction under an advisory lock, so two processes starting together
//! migrate once, and a crash mid-step leaves the previous version intact.

use deadpool_postgres::Pool;
use tracing::info;

use crate::store::error::StoreError;

/// The migrations, in order: step N brings schema N−1 to N.
/// Steps that need Rust (records are postcard bytes) run right after their SQL file
/// (`upgrade`).
const MIGRATIONS: [&str; 11] = [
    include_str!("schema/001_initial.sql"),
    include_str!("schema/002_rematch_windows.sql"),
    include_str!("schema/003_unrated_counts.sql"),
    include_str!("schema/004_rank_counts.sql"),
    include_str!("schema/005_tournaments.sql"),
    include_str!("schema/006_queue.sql"),
    include_str!("schema/007_guild_settings.sql"),
    include_str!("schema/008_cancelled_games.sql"),
    include_str!("schema/009_analyses.sql"),
    include_str!("schema/010_saved_layouts.sql"),
    include_str!("schema/011_ladder_boards.sql"),
];

/// The schema this build writes.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// Any fixed number: serialises migrations between processes.
const MIGRATION_LOCK: i64 = 0x6a75_6e71_6900;

/// Refuses a newer database, migrates an older one, creates a new one.
pub(super) async fn settle(pool: Pool) -> Result<(), StoreError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS junqi_schema (version integer NOT NULL)")
        .await?;
    let found = match tx
        .query_opt("SELECT max(version) FROM junqi_schema", &[])
        .await?
        .and_then(|row| row.get::<_, Option<i32>>(0))
    {
        None => 0,
        Some(version) => u32::try_from(version).map_err(|_| StoreError::Corrupt {
            what: "schema version",
            reason: format!("negative version {version}"),
        })?,
    };
    if found > SCHEMA_VERSION {
        return Err(StoreError::NewerDatabaseSchema {
            found,
            supported: SCHEMA_VERSION,
        });
    }
    for (index, step) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        info!(to = index + 1, "migrating the PostgreSQL schema");
        tx.batch_execute(step).await?;
        if index + 1 == 3 {
            super::upgrade::unrated_counts(&tx).await?;
        }
    }
    if found < SCHEMA_VERSION {
        tx.execute("DELETE FROM junqi_schema", &[]).await?;
        tx.execute(
            "INSERT INTO junqi_schema (version) VALUES ($1)",
            &[&(SCHEMA_VERSION as i32)],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

pub(super) async fn version(pool: Pool) -> Result<Option<u32>, StoreError> {
    let client = pool.get().await?;
    let row = client
        .query_opt("SELECT max(version) FROM junqi_schema", &[])
        .await?;
    Ok(row
        .and_then(|row| row.get::<_, Option<i32>>(0))
        .and_then(|version| u32::try_from(version).ok()))
}
