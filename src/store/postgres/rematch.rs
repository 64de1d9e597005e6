//! Rematch windows on PostgreSQL: the table `rematch_windows` ((guild, channel, user) → the
//! last game they played there), shared by every process, so `/rematch` works wherever the
//! place's shard runs now.

use super::{PgStore, Table, decode_rows, from_sql_id, sql_id};
use crate::store::error::StoreError;
use crate::store::records::{FinishedGame, Place, RematchWindow, UserId};

impl PgStore {
    /// Records game `game` as the last game of `players` at each of `places`; committed on
    /// return.
    pub async fn set_rematch_window(
        &self,
        places: &[Place],
        players: [UserId; 2],
        game: u64,
    ) -> Result<(), StoreError> {
        let places = places.to_vec();
        self.run(|pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let upsert = tx
                .prepare_cached(
                    "INSERT INTO rematch_windows (guild, channel, user_id, game_id) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT (guild, channel, user_id) \
                     DO UPDATE SET game_id = EXCLUDED.game_id",
                )
                .await?;
            for place in &places {
                for user in players {
                    tx.execute(
                        &upsert,
                        &[
                            &sql_id(place.guild),
                            &sql_id(place.channel),
                            &sql_id(user),
                            &sql_id(game),
                        ],
                    )
                    .await?;
                }
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// The last game `user` played at `place`, if it has finished.
    pub async fn rematch_window(
        &self,
        place: Place,
        user: UserId,
    ) -> Result<Option<FinishedGame>, StoreError> {
        self.run(|pool| async move {
            let client = pool.get().await?;
            let rows = client
                .query(
                    "SELECT f.id, f.record FROM rematch_windows w \
                     JOIN finished_games f ON f.id = w.game_id \
                     WHERE w.guild = $1 AND w.channel = $2 AND w.user_id = $3",
                    &[&sql_id(place.guild), &sql_id(place.channel), &sql_id(user)],
                )
                .await?;
            Ok(decode_rows(&client, Table::FinishedGames, rows)
                .await?
                .pop())
        })
        .await
    }

    /// Every window, by (guild, channel, user).
    pub async fn rematch_windows(&self) -> Result<Vec<RematchWindow>, StoreError> {
        self.run(|pool| async move {
            let client = pool.get().await?;
            let rows = client
                .query(
                    "SELECT guild, channel, user_id, game_id FROM rematch_windows \
                     ORDER BY guild, channel, user_id",
                    &[],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|row| RematchWindow {
                    place: Place {
                        guild: from_sql_id(row.get(0)),
                        channel: from_sql_id(row.get(1)),
                    },
                    user: from_sql_id(row.get(2)),
                    game: from_sql_id(row.get(3)),
                })
                .collect())
        })
        .await
    }

    /// Stores many windows at once (migrate-store), replacing those of the same place and
    /// user; committed on return.
    pub async fn import_rematch_windows(
        &self,
        windows: &[RematchWindow],
    ) -> Result<(), StoreError> {
        let mut columns: [Vec<i64>; 4] = Default::default();
        for window in windows {
            let values = [
                window.place.guild,
                window.place.channel,
                window.user,
                window.game,
            ];
            for (column, value) in columns.iter_mut().zip(values) {
                column.push(sql_id(value));
            }
        }
        self.run(|pool| async move {
            let client = pool.get().await?;
            let [guilds, channels, users, games] = &columns;
            client
                .execute(
                    "INSERT INTO rematch_windows (guild, channel, user_id, game_id) \
                     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[]) \
                     ON CONFLICT (guild, channel, user_id) DO UPDATE SET game_id = EXCLUDED.game_id",
                    &[guilds, channels, users, games],
                )
                .await?;
            Ok(())
        }).await
    }
}
