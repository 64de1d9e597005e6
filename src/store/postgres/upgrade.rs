//! The Rust parts of schema migrations, for what SQL cannot do over postcard records. Each
//! runs inside the migration's transaction, right after its SQL file.

use deadpool_postgres::GenericClient;

use super::players::import_chunk;
use super::{Table, quarantine};
use crate::store::codec;
use crate::store::legacy;
use crate::store::records::FinishedGame;

use crate::store::error::StoreError;

/// Schema 3: moves each player's unrated results out of their rated totals, counted from the
/// finished games, and rewrites their leaderboard columns. An undecodable player is
/// quarantined, an undecodable finished game skipped (it is quarantined when next read).
pub(super) async fn unrated_counts(tx: &impl GenericClient) -> Result<(), StoreError> {
    let games = tx.query("SELECT record FROM finished_games", &[]).await?;
    let finished: Vec<FinishedGame> = games
        .iter()
        .filter_map(|row| codec::decode(row.get::<_, &[u8]>(0)).ok())
        .collect();
    let unrated = legacy::unrated_tallies(&finished);
    let rows = tx
        .query("SELECT user_id, record FROM players ORDER BY user_id", &[])
        .await?;
    let mut players = Vec::with_capacity(rows.len());
    for row in rows {
        let key: i64 = row.get(0);
        let raw: Vec<u8> = row.get(1);
        match legacy::player_record(&raw, &unrated) {
            Ok(stats) => players.push(stats),
            Err(reason) => quarantine(tx, Table::Players, key, &raw, &reason).await?,
        }
    }
    for chunk in players.chunks(super::players::IMPORT_CHUNK) {
        import_chunk(tx, chunk).await?;
    }
    Ok(())
}
