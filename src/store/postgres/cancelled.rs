//! Cancelled games on PostgreSQL (the table `cancelled_games`, migration 008), and each
//! player's history, which reads the finished and the cancelled games together. A cancel
//! deletes the live row and inserts the cancelled one in one transaction; no player row is
//! touched, so no total or leaderboard can count it.

use deadpool_postgres::GenericClient;
use tokio_postgres::Row;

use super::{PgStore, Table, quarantine, read_one, sql_id};
use crate::store::HistoryPage;
use crate::store::cancelled::{CancelledGame, HistoryEntry};
use crate::store::codec::{self, pair_key_users};
use crate::store::error::StoreError;
use crate::store::records::{FinishedGame, UserId};

/// The history's rows: (id, record, 0 for a finished game or 1 for a cancelled one).
const HISTORY_ROWS: &str = "SELECT id, record, kind FROM ( \
     SELECT id, record, ended_at_ms, 0 AS kind FROM finished_games \
     WHERE low_user = $1 OR high_user = $1 \
     UNION ALL \
     SELECT id, record, ended_at_ms, 1 AS kind FROM cancelled_games \
     WHERE low_user = $1 OR high_user = $1) AS played \
     ORDER BY ended_at_ms DESC, id DESC OFFSET $2 LIMIT $3";

const HISTORY_COUNT: &str = "SELECT (SELECT count(*) FROM finished_games \
     WHERE low_user = $1 OR high_user = $1) + (SELECT count(*) FROM cancelled_games \
     WHERE low_user = $1 OR high_user = $1)";

/// Decodes one history row, quarantining it (from its own table) when it cannot be read.
async fn history_entry(
    client: &impl GenericClient,
    row: &Row,
) -> Result<Option<HistoryEntry>, StoreError> {
    let key: i64 = row.get(0);
    let raw: Vec<u8> = row.get(1);
    let kind: i32 = row.get(2);
    let (table, decoded) = if kind == 0 {
        let decoded = codec::decode::<FinishedGame>(&raw).map(HistoryEntry::from);
        (Table::FinishedGames, decoded)
    } else {
        let decoded = codec::decode::<CancelledGame>(&raw).map(HistoryEntry::from);
        (Table::CancelledGames, decoded)
    };
    match decoded {
        Ok(entry) => Ok(Some(entry)),
        Err(reason) => {
            quarantine(client, table, key, &raw, &reason).await?;
            Ok(None)
        }
    }
}

impl PgStore {
    /// Atomically: deletes the live game and stores it as cancelled. Refused with
    /// [`StoreError::NotLive`] when it is not live. Committed on return.
    pub async fn cancel_game(&self, cancelled: &CancelledGame) -> Result<(), StoreError> {
        let value = codec::encode("cancelled game", cancelled)?;
        let game = &cancelled.game;
        let (game_id, id) = (game.id, sql_id(game.id));
        let (low, high) = pair_key_users(game.players[0], game.players[1]);
        let ended_at = sql_id(cancelled.ended_at_ms);
        self.run(|pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            if tx
                .execute("DELETE FROM live_games WHERE id = $1", &[&id])
                .await?
                == 0
            {
                return Err(StoreError::NotLive(game_id));
            }
            tx.execute(
                "INSERT INTO cancelled_games (id, low_user, high_user, ended_at_ms, record) \
                 VALUES ($1, $2, $3, $4, $5)",
                &[&id, &sql_id(low), &sql_id(high), &ended_at, &value],
            )
            .await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    pub async fn cancelled_game(&self, id: u64) -> Result<Option<CancelledGame>, StoreError> {
        self.run(|pool| async move {
            let client = pool.get().await?;
            read_one(&client, Table::CancelledGames, sql_id(id)).await
        })
        .await
    }

    /// Every cancelled game, oldest id first.
    pub async fn cancelled_games(&self) -> Result<Vec<CancelledGame>, StoreError> {
        self.read_table(
            Table::CancelledGames,
            "SELECT id, record FROM cancelled_games ORDER BY id",
        )
        .await
    }

    /// Stores cancelled games as they are (a migration); a game already here is left alone,
    /// and none of them stays live. Committed on return.
    pub async fn import_cancelled_games(&self, games: &[CancelledGame]) -> Result<(), StoreError> {
        let rows = games
            .iter()
            .map(|done| {
                Ok((
                    &done.game,
                    done.ended_at_ms,
                    codec::encode("cancelled game", done)?,
                ))
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        self.import_ended("cancelled_games", &rows).await
    }

    /// The finished and cancelled games of `user`, newest first: `limit` of them after
    /// skipping `skip`. A game whose record turned out corrupt (and was quarantined) is left out.
    pub async fn history_of(
        &self,
        user: UserId,
        skip: usize,
        limit: usize,
    ) -> Result<HistoryPage, StoreError> {
        let skip = i64::try_from(skip).unwrap_or(i64::MAX);
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.run(|pool| async move {
            let client = pool.get().await?;
            let user = sql_id(user);
            let total = client
                .query_one(HISTORY_COUNT, &[&user])
                .await?
                .get::<_, i64>(0);
            let rows = client.query(HISTORY_ROWS, &[&user, &skip, &limit]).await?;
            let mut games = Vec::with_capacity(rows.len());
            for row in &rows {
                games.extend(history_entry(&client, row).await?);
            }
            Ok(HistoryPage {
                games,
                total: usize::try_from(total).unwrap_or(0),
            })
        })
        .await
    }
}
