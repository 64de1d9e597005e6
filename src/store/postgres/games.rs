//! Live games, finished games and open challenges on PostgreSQL. A game's end deletes the live
//! row, inserts the finished one and updates both players in one transaction.

use std::collections::BTreeMap;

use deadpool_postgres::GenericClient;

use super::boards::{apply_counts, count_changes};
use super::players::{lock_players, write_player, write_players};
use super::{PgStore, Table, decode_rows, read_one, sql_id};
use crate::store::codec::{self, pair_key_users};
use crate::store::error::StoreError;
use crate::store::records::{FinishedGame, LiveGame, Place, PlayerStats, UserId};
use crate::store::stats;

/// Records each player's name (and that they were seen in `guild`) inside `tx`, their rows
/// locked in ascending user order; of two names for one user the last counts.
pub(super) async fn name_players(
    tx: &deadpool_postgres::Transaction<'_>,
    named: &[(UserId, &str)],
    guild: u64,
) -> Result<(), StoreError> {
    let users: Vec<UserId> = named.iter().map(|(user, _)| *user).collect();
    let current = lock_players(tx, &users).await?;
    let mut deltas = BTreeMap::new();
    let mut changed = Vec::new();
    for (user, old) in &current {
        let Some(name) = named
            .iter()
            .rev()
            .find_map(|(named, name)| (named == user).then_some(*name))
        else {
            continue;
        };
        let new = stats::named(old.as_ref(), *user, name, guild);
        if old.as_ref() != Some(&new) {
            count_changes(old.as_ref(), &new, &mut deltas);
            changed.push(new);
        }
    }
    if !changed.is_empty() {
        write_players(tx, &changed).await?;
    }
    apply_counts(tx, &deltas).await
}

/// Inserts (or overwrites) a live game's row inside `tx`. Refused when the game has finished or
/// its channel has another live game.
async fn insert_live_game(
    tx: &deadpool_postgres::Transaction<'_>,
    game_id: u64,
    place: Place,
    value: &[u8],
) -> Result<(), StoreError> {
    let (id, guild, channel) = (sql_id(game_id), sql_id(place.guild), sql_id(place.channel));
    if !tx
        .query(
            "SELECT 1 FROM finished_games WHERE id = $1 \
             UNION ALL SELECT 1 FROM cancelled_games WHERE id = $1",
            &[&id],
        )
        .await?
        .is_empty()
    {
        return Err(StoreError::AlreadyFinished(game_id));
    }
    let busy = tx
        .query_opt(
            "SELECT id FROM live_games WHERE guild = $1 AND channel = $2 AND id <> $3 \
             FOR UPDATE",
            &[&guild, &channel, &id],
        )
        .await?;
    if let Some(row) = busy {
        return Err(StoreError::PlaceBusy {
            guild: place.guild,
            channel: place.channel,
            existing: super::from_sql_id(row.get(0)),
        });
    }
    tx.execute(
        "INSERT INTO live_games (id, guild, channel, record) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (id) DO UPDATE SET guild = EXCLUDED.guild, \
         channel = EXCLUDED.channel, record = EXCLUDED.record",
        &[&id, &guild, &channel, &value],
    )
    .await?;
    Ok(())
}

impl PgStore {
    /// Stores a live game (new, or after an action); committed on return. Refused when the
    /// channel already has another live game or this game has finished.
    pub async fn put_live_game(&self, game: &LiveGame) -> Result<(), StoreError> {
        let value = codec::encode("live game", game)?;
        let (id, guild, channel) = (
            sql_id(game.id),
            sql_id(game.place.guild),
            sql_id(game.place.channel),
        );
        let game_id = game.id;
        let place = game.place;
        self.run(|pool| async move {
            let mut client = pool.get().await?;
            // The common case, an action in a game already stored: one statement.
            let update = client
                .prepare_cached(
                    "UPDATE live_games SET record = $2 WHERE id = $1 AND guild = $3 AND channel = $4",
                )
                .await?;
            if client
                .execute(&update, &[&id, &value, &guild, &channel])
                .await?
                == 1
            {
                return Ok(());
            }
            let tx = client.transaction().await?;
            insert_live_game(&tx, game_id, place, &value).await?;
            tx.commit().await?;
            Ok(())
        }).await
    }

    /// Stores a live game that moved to its new `place`: the place is a column of the game's
    /// row, so the old one is free as soon as this commits.
    pub async fn move_live_game(&self, game: &LiveGame, _from: Place) -> Result<(), StoreError> {
        self.put_live_game(game).await
    }

    pub async fn live_game(&self, id: u64) -> Result<Option<LiveGame>, StoreError> {
        self.run(|pool| async move {
            let client = pool.get().await?;
            read_one(&client, Table::LiveGames, sql_id(id)).await
        })
        .await
    }

    /// The live game of a channel (there is at most one).
    pub async fn live_game_at(&self, place: Place) -> Result<Option<LiveGame>, StoreError> {
        let (guild, channel) = (sql_id(place.guild), sql_id(place.channel));
        self.run(|pool| async move {
            let client = pool.get().await?;
            let statement = client
                .prepare_cached(
                    "SELECT id, record FROM live_games WHERE guild = $1 AND channel = $2",
                )
                .await?;
            let rows = client.query(&statement, &[&guild, &channel]).await?;
            Ok(decode_rows(&client, Table::LiveGames, rows).await?.pop())
        })
        .await
    }

    /// Every live game, for re-arming timers at start-up.
    pub async fn live_games(&self) -> Result<Vec<LiveGame>, StoreError> {
        self.read_table(
            Table::LiveGames,
            "SELECT id, record FROM live_games ORDER BY id",
        )
        .await
    }

    /// Removes a live game without finishing it; committed on return.
    pub async fn remove_live_game(&self, id: u64) -> Result<Option<LiveGame>, StoreError> {
        let Some(game) = self.live_game(id).await? else {
            return Ok(None);
        };
        self.run(|pool| async move {
            let client = pool.get().await?;
            client
                .execute("DELETE FROM live_games WHERE id = $1", &[&sql_id(id)])
                .await?;
            Ok(())
        })
        .await?;
        Ok(Some(game))
    }

    /// Atomically: deletes the live game, stores the finished one and updates both players'
    /// stats, the players' rows locked in ascending user order. Finishing twice is refused
    /// with [`StoreError::NotLive`]. Committed on return.
    pub async fn finish_game(
        &self,
        finished: &FinishedGame,
    ) -> Result<[PlayerStats; 2], StoreError> {
        let value = codec::encode("finished game", finished)?;
        // Corrupt player records are quarantined before the transaction.
        for user in finished.game.players {
            self.player(user).await?;
        }
        let finished = finished.clone();
        self.run(|pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let game = &finished.game;
            let id = sql_id(game.id);
            let delete = tx
                .prepare_cached("DELETE FROM live_games WHERE id = $1")
                .await?;
            if tx.execute(&delete, &[&id]).await? == 0 {
                return Err(StoreError::NotLive(game.id));
            }
            let (low, high) = pair_key_users(game.players[0], game.players[1]);
            let insert = tx
                .prepare_cached(
                    "INSERT INTO finished_games (id, low_user, high_user, ended_at_ms, record) \
                     VALUES ($1, $2, $3, $4, $5)",
                )
                .await?;
            let ended_at = sql_id(finished.ended_at_ms);
            tx.execute(
                &insert,
                &[&id, &sql_id(low), &sql_id(high), &ended_at, &value],
            )
            .await?;
            let mut current = lock_players(&tx, &game.players).await?;
            let before = current.clone();
            let mut after: [PlayerStats; 2] = Default::default();
            for (slot, update) in after.iter_mut().zip(stats::updates(&finished)) {
                let entry = current.entry(update.user).or_default();
                *entry = Some(stats::applied(entry.as_ref(), &update));
                *slot = entry.clone().unwrap_or_default();
            }
            if game.players[0] == game.players[1] {
                after[0] = after[1].clone();
            }
            let mut deltas = BTreeMap::new();
            for (user, stats) in &current {
                if let Some(stats) = stats {
                    write_player(&tx, stats).await?;
                    count_changes(
                        before.get(user).cloned().flatten().as_ref(),
                        stats,
                        &mut deltas,
                    );
                }
            }
            apply_counts(&tx, &deltas).await?;
            tx.commit().await?;
            Ok(after)
        })
        .await
    }

    pub async fn finished_game(&self, id: u64) -> Result<Option<FinishedGame>, StoreError> {
        self.run(|pool| async move {
            let client = pool.get().await?;
            read_one(&client, Table::FinishedGames, sql_id(id)).await
        })
        .await
    }

    /// Every finished game, oldest id first.
    pub async fn finished_games(&self) -> Result<Vec<FinishedGame>, StoreError> {
        self.read_table(
            Table::FinishedGames,
            "SELECT id, record FROM finished_games ORDER BY id",
        )
        .await
    }

    /// The last finished game between two players, in either seat order.
    pub async fn last_game_between(
        &self,
        a: UserId,
        b: UserId,
    ) -> Result<Option<FinishedGame>, StoreError> {
        let (low, high) = pair_key_users(a, b);
        self.run(|pool| async move {
            let client = pool.get().await?;
            let last = client
                .prepare_cached(
                    "SELECT id, record FROM finished_games WHERE low_user = $1 AND high_user = $2 \
                     ORDER BY seq DESC LIMIT 1",
                )
                .await?;
            let rows = client.query(&last, &[&sql_id(low), &sql_id(high)]).await?;
            Ok(decode_rows(&client, Table::FinishedGames, rows)
                .await?
                .pop())
        })
        .await
    }

    /// Stores finished games as they are, their points already in the players' stats (a
    /// migration); a game already here is left alone, and none of them stays live. Committed on
    /// return.
    pub async fn import_finished_games(&self, games: &[FinishedGame]) -> Result<(), StoreError> {
        let mut sorted: Vec<&FinishedGame> = games.iter().collect();
        // Insertion order is commit order: "the last game between two players" must hold.
        sorted.sort_by_key(|done| (done.ended_at_ms, done.game.id));
        let rows = sorted
            .into_iter()
            .map(|done| {
                Ok((
                    &done.game,
                    done.ended_at_ms,
                    codec::encode("finished game", done)?,
                ))
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        self.import_ended("finished_games", &rows).await
    }

    /// Stores ended games (`table`: `finished_games` or `cancelled_games`) as they are, in the
    /// order given, from (game, end time, record) rows; a game already there is left alone, and
    /// none of them stays live. Committed on return.
    pub(super) async fn import_ended(
        &self,
        table: &'static str,
        rows: &[(&LiveGame, u64, Vec<u8>)],
    ) -> Result<(), StoreError> {
        let mut columns: [Vec<i64>; 4] = Default::default();
        let mut records = Vec::with_capacity(rows.len());
        for (game, ended_at_ms, record) in rows {
            let (low, high) = pair_key_users(game.players[0], game.players[1]);
            for (column, value) in columns.iter_mut().zip([
                sql_id(game.id),
                sql_id(low),
                sql_id(high),
                sql_id(*ended_at_ms),
            ]) {
                column.push(value);
            }
            records.push(record.clone());
        }
        let insert = format!(
            "INSERT INTO {table} (id, low_user, high_user, ended_at_ms, record) \
             SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], \
             $5::bytea[]) ON CONFLICT (id) DO NOTHING"
        );
        self.run(|pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let [ids, lows, highs, ended] = &columns;
            tx.execute(
                "DELETE FROM live_games WHERE id = ANY($1::bigint[])",
                &[ids],
            )
            .await?;
            tx.execute(insert.as_str(), &[ids, lows, highs, ended, &records])
                .await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// Makes sure the id sequence never hands out `highest` or below (after a migration).
    pub async fn reserve_ids_up_to(&self, highest: u64) -> Result<(), StoreError> {
        if highest == 0 {
            return Ok(());
        }
        self.run(|pool| async move {
            let client = pool.get().await?;
            // Game numbers need no reserving: a new game's is one more than the highest stored.
            client
                .execute(
                    "SELECT setval('junqi_ids', GREATEST($1, (SELECT last_value FROM junqi_ids)))",
                    &[&sql_id(highest)],
                )
                .await?;
            Ok(())
        })
        .await
    }

    /// Decodes every `(key, record)` row `sql` selects from `table`.
    pub(super) async fn read_table<T>(
        &self,
        table: Table,
        sql: &'static str,
    ) -> Result<Vec<T>, StoreError>
    where
        T: serde::de::DeserializeOwned + Send + 'static,
    {
        self.run(|pool| async move {
            let client = pool.get().await?;
            let rows = client.query(sql, &[]).await?;
            decode_rows(&client, table, rows).await
        })
        .await
    }
}
