//! Player stats and the leaderboards on PostgreSQL. A player's row carries their negated points
//! and wins and their games on 翻翻棋's ladder beside the record, `player_guilds` mirrors them
//! per guild seen, and `ladder_boards` holds the same columns for the other ladders' boards, so
//! a board is an index scan in (−points, −wins, games, user) order. `rank_counts` and
//! `rank_buckets` hold how many players of each board stand on each points value and each
//! bucket of 256 values, changed in the transaction that writes the players (in key order, so
//! concurrent writers cannot deadlock): a place, shared by equal points, sums the buckets above
//! and the values above in its own bucket, however many players share them.

use std::collections::BTreeMap;

use deadpool_postgres::GenericClient;

use tokio_postgres::types::ToSql;

use super::{PgStore, Step, Table, decode_rows, pipelined, read_one, sql_id};
use crate::GameKind;
use crate::store::codec;
use crate::store::error::StoreError;
use crate::store::records::{PlayerStats, UserId};
use crate::store::stats;

use super::boards::{
    BUCKET_POINTS, LadderRow, apply_counts, count_changes, global_scope, insert_ladder_rows,
    ladder_rows, rank_columns, recount_ranks, write_ladder_boards,
};

/// Players imported per statement.
pub(super) const IMPORT_CHUNK: usize = 5_000;

/// Locks the rows of `users` (created empty when missing) in ascending user order, the one
/// order every writer uses, and returns their stats. One round trip: the statements are
/// pipelined, and the server still runs each user's insert and lock before the next user's.
pub(super) async fn lock_players(
    tx: &impl GenericClient,
    users: &[UserId],
) -> Result<BTreeMap<UserId, Option<PlayerStats>>, StoreError> {
    let mut sorted = users.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let insert = tx
        .prepare_cached(
            "INSERT INTO players (user_id, neg_points, neg_wins, games, record) \
             VALUES ($1, 0, 0, 0, $2) ON CONFLICT (user_id) DO NOTHING",
        )
        .await?;
    let select = tx
        .prepare_cached("SELECT record FROM players WHERE user_id = $1 FOR UPDATE")
        .await?;
    let keys: Vec<i64> = sorted.iter().copied().map(sql_id).collect();
    let empties = sorted
        .iter()
        .map(|&user| codec::encode("player", &PlayerStats::new(user)))
        .collect::<Result<Vec<_>, _>>()?;
    let params: Vec<[&(dyn ToSql + Sync); 2]> = keys
        .iter()
        .zip(&empties)
        .map(|(key, empty)| [key as &(dyn ToSql + Sync), empty])
        .collect();
    let steps: Vec<Step<'_>> = params
        .iter()
        .flat_map(|both| [(&insert, &both[..]), (&select, &both[..1])])
        .collect();
    let answers = pipelined(tx, &steps).await?;
    let mut out = BTreeMap::new();
    for (user, rows) in sorted.into_iter().zip(answers.iter().skip(1).step_by(2)) {
        let row = rows.first().ok_or(StoreError::Corrupt {
            what: "player",
            reason: "its row vanished while being locked".into(),
        })?;
        let raw: Vec<u8> = row.get(0);
        let stats = codec::decode::<PlayerStats>(&raw).map_err(|reason| StoreError::Corrupt {
            what: "player",
            reason,
        })?;
        out.insert(user, Some(stats));
    }
    Ok(out)
}

/// Writes a player's stats and their guild boards' rows.
pub(super) async fn write_player(
    tx: &impl GenericClient,
    stats: &PlayerStats,
) -> Result<(), StoreError> {
    write_players(tx, std::slice::from_ref(stats)).await
}

/// Writes players' stats and their guild boards' rows, all in one round trip.
pub(super) async fn write_players(
    tx: &impl GenericClient,
    players: &[PlayerStats],
) -> Result<(), StoreError> {
    let upsert = tx
        .prepare_cached(
            "INSERT INTO players (user_id, neg_points, neg_wins, games, record) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO UPDATE SET \
             neg_points = EXCLUDED.neg_points, neg_wins = EXCLUDED.neg_wins, \
             games = EXCLUDED.games, record = EXCLUDED.record",
        )
        .await?;
    let upsert_guilds = tx
        .prepare_cached(
            "INSERT INTO player_guilds (guild, user_id, neg_points, neg_wins, games) \
             SELECT guild, $2, $3, $4, $5 FROM unnest($1::bigint[]) AS guild \
             ON CONFLICT (guild, user_id) DO UPDATE SET neg_points = EXCLUDED.neg_points, \
             neg_wins = EXCLUDED.neg_wins, games = EXCLUDED.games",
        )
        .await?;
    let mut columns = Vec::with_capacity(players.len());
    for stats in players {
        let value = codec::encode("player", stats)?;
        let guilds: Vec<i64> = stats.guilds.iter().copied().map(sql_id).collect();
        columns.push((rank_columns(stats), value, guilds));
    }
    let params: Vec<[[&(dyn ToSql + Sync); 5]; 2]> = columns
        .iter()
        .map(|((user, neg_points, neg_wins, games), value, guilds)| {
            [
                [
                    user as &(dyn ToSql + Sync),
                    neg_points,
                    neg_wins,
                    games,
                    value,
                ],
                [guilds, user, neg_points, neg_wins, games],
            ]
        })
        .collect();
    let steps: Vec<Step<'_>> = params
        .iter()
        .flat_map(|[player, guilds]| [(&upsert, &player[..]), (&upsert_guilds, &guilds[..])])
        .collect();
    pipelined(tx, &steps).await?;
    write_ladder_boards(tx, players).await
}

impl PgStore {
    /// A player's stats; zeroes (with `user` set) for someone never seen.
    pub async fn player(&self, user: UserId) -> Result<PlayerStats, StoreError> {
        let stats = self
            .run(|pool| async move {
                let client = pool.get().await?;
                read_one::<PlayerStats>(&client, Table::Players, sql_id(user)).await
            })
            .await?;
        Ok(stats.unwrap_or_else(|| PlayerStats::new(user)))
    }

    /// Every player with a record, by user id.
    pub async fn players(&self) -> Result<Vec<PlayerStats>, StoreError> {
        self.read_table(
            Table::Players,
            "SELECT user_id, record FROM players ORDER BY user_id",
        )
        .await
    }

    /// Records a player's display name and that they were seen in `guild`; committed on return.
    /// Runs `attempt`, a transaction that reads the records of `users`; should one of them be
    /// corrupt, puts it in the quarantine (as `player` does, and `set_player_name` before it
    /// writes) and tries once more, so a damaged record never blocks a new game or challenge.
    pub(super) async fn with_players_readable<T, Attempt>(
        &self,
        users: impl IntoIterator<Item = UserId>,
        attempt: impl Fn() -> Attempt,
    ) -> Result<T, StoreError>
    where
        Attempt: Future<Output = Result<T, StoreError>>,
    {
        match attempt().await {
            Err(StoreError::Corrupt { what: "player", .. }) => {
                for user in users {
                    self.player(user).await?;
                }
                attempt().await
            }
            other => other,
        }
    }

    pub async fn set_player_name(
        &self,
        user: UserId,
        name: &str,
        guild: u64,
    ) -> Result<(), StoreError> {
        self.player(user).await?; // quarantines a corrupt record first
        let name = name.to_string();
        self.run(|pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let current = lock_players(&tx, &[user]).await?;
            let old = current.get(&user).cloned().flatten();
            let new = stats::named(old.as_ref(), user, &name, guild);
            if old.as_ref() != Some(&new) {
                write_player(&tx, &new).await?;
                let mut deltas = BTreeMap::new();
                count_changes(old.as_ref(), &new, &mut deltas);
                apply_counts(&tx, &deltas).await?;
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// The top `top` players of `game`'s ladder, of one guild or of everyone (`None`), each
    /// as [`PlayerStats::on`] that ladder.
    pub async fn leaderboard(
        &self,
        game: GameKind,
        guild: Option<u64>,
        top: usize,
    ) -> Result<Vec<PlayerStats>, StoreError> {
        let limit = i64::try_from(top).unwrap_or(i64::MAX);
        let top = self
            .run(|pool| async move {
                let client = pool.get().await?;
                let rows = match (game, guild) {
                    (GameKind::Flip, None) => {
                        client
                            .query(
                                "SELECT user_id, record FROM players WHERE games > 0 \
                                 ORDER BY neg_points, neg_wins, games, user_id LIMIT $1",
                                &[&limit],
                            )
                            .await?
                    }
                    (GameKind::Flip, Some(guild)) => {
                        client
                            .query(
                                "SELECT p.user_id, p.record FROM player_guilds g \
                                 JOIN players p ON p.user_id = g.user_id \
                                 WHERE g.guild = $1 AND g.games > 0 \
                                 ORDER BY g.neg_points, g.neg_wins, g.games, g.user_id LIMIT $2",
                                &[&sql_id(guild), &limit],
                            )
                            .await?
                    }
                    (game, guild) => {
                        let ladder = i16::from(codec::ladder_number(game));
                        let (scope, guild) = guild.map_or((0i16, 0), |guild| (1, sql_id(guild)));
                        client
                            .query(
                                "SELECT p.user_id, p.record FROM ladder_boards b \
                                 JOIN players p ON p.user_id = b.user_id \
                                 WHERE b.ladder = $1 AND b.scope = $2 AND b.guild = $3 \
                                 AND b.games > 0 \
                                 ORDER BY b.neg_points, b.neg_wins, b.games, b.user_id LIMIT $4",
                                &[&ladder, &scope, &guild, &limit],
                            )
                            .await?
                    }
                };
                decode_rows::<PlayerStats>(&client, Table::Players, rows).await
            })
            .await?;
        Ok(top.iter().map(|stats| stats.on(game)).collect())
    }

    /// How many players on `game`'s leaderboard have more points than `points`. Sums the
    /// buckets above theirs and the points values above theirs in their own bucket: at most the
    /// buckets plus 256 rows, however many players share their points.
    pub async fn players_above(
        &self,
        game: GameKind,
        points: i64,
        guild: Option<u64>,
    ) -> Result<u64, StoreError> {
        let global = global_scope(game);
        let (scope, guild) = match guild {
            None => (global, 0),
            Some(guild) => (global + 1, sql_id(guild)),
        };
        let neg_points = points.saturating_neg();
        let above = self
            .run(|pool| async move {
                let client = pool.get().await?;
                let statement = client
                    .prepare_cached(
                        "SELECT ((SELECT coalesce(sum(players), 0) FROM rank_buckets \
                     WHERE scope = $1 AND guild = $2 AND neg_bucket < $3) \
                     + (SELECT coalesce(sum(players), 0) FROM rank_counts \
                     WHERE scope = $1 AND guild = $2 AND neg_points >= $4 AND neg_points < $5))\
                     ::bigint",
                    )
                    .await?;
                let bucket = neg_points.div_euclid(BUCKET_POINTS);
                let bucket_start = bucket.saturating_mul(BUCKET_POINTS);
                let row = client
                    .query_one(
                        &statement,
                        &[&scope, &guild, &bucket, &bucket_start, &neg_points],
                    )
                    .await?;
                Ok(row.get::<_, i64>(0))
            })
            .await?;
        Ok(u64::try_from(above).unwrap_or(0))
    }

    /// Imports player stats in bulk, replacing the stats of those users; committed on return.
    pub async fn import_players(&self, players: &[PlayerStats]) -> Result<(), StoreError> {
        let players = players.to_vec();
        self.run(|pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            for chunk in players.chunks(IMPORT_CHUNK) {
                import_chunk(&tx, chunk).await?;
                import_ladder_rows(&tx, chunk).await?;
            }
            recount_ranks(&tx).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    /// Rebuilds the guild boards' rows and every board's counts from the player records (the
    /// global board is an index PostgreSQL keeps itself).
    pub async fn rebuild_indexes(&self) -> Result<(), StoreError> {
        let players = self.players().await?;
        self.run(|pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            tx.batch_execute("DELETE FROM player_guilds; DELETE FROM ladder_boards;")
                .await?;
            for chunk in players.chunks(IMPORT_CHUNK) {
                import_chunk(&tx, chunk).await?;
                import_ladder_rows(&tx, chunk).await?;
            }
            recount_ranks(&tx).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }
}

/// Upserts many players and their guild rows in two statements (the other ladders' rows:
/// [`import_ladder_rows`]).
pub(super) async fn import_chunk(
    tx: &impl GenericClient,
    chunk: &[PlayerStats],
) -> Result<(), StoreError> {
    let mut columns: [Vec<i64>; 4] = Default::default();
    let mut records = Vec::with_capacity(chunk.len());
    let mut guild_rows: [Vec<i64>; 5] = Default::default();
    for stats in chunk {
        let (user, neg_points, neg_wins, games) = rank_columns(stats);
        for (column, value) in columns.iter_mut().zip([user, neg_points, neg_wins, games]) {
            column.push(value);
        }
        records.push(codec::encode("player", stats)?);
        for guild in &stats.guilds {
            for (column, value) in
                guild_rows
                    .iter_mut()
                    .zip([sql_id(*guild), user, neg_points, neg_wins, games])
            {
                column.push(value);
            }
        }
    }
    let [users, neg_points, neg_wins, games] = &columns;
    tx.execute(
        "INSERT INTO players (user_id, neg_points, neg_wins, games, record) \
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bytea[]) \
         ON CONFLICT (user_id) DO UPDATE SET neg_points = EXCLUDED.neg_points, \
         neg_wins = EXCLUDED.neg_wins, games = EXCLUDED.games, record = EXCLUDED.record",
        &[users, neg_points, neg_wins, games, &records],
    )
    .await?;
    tx.execute(
        "DELETE FROM player_guilds WHERE user_id = ANY($1::bigint[])",
        &[users],
    )
    .await?;
    let [guilds, users, neg_points, neg_wins, games] = &guild_rows;
    tx.execute(
        "INSERT INTO player_guilds (guild, user_id, neg_points, neg_wins, games) \
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[]) \
         ON CONFLICT (guild, user_id) DO NOTHING",
        &[guilds, users, neg_points, neg_wins, games],
    )
    .await?;
    Ok(())
}

/// Replaces the `ladder_boards` rows of the players of `chunk` (imports and rebuilds; the
/// schema-3 migration, older than the table, imports with [`import_chunk`] alone).
pub(super) async fn import_ladder_rows(
    tx: &impl GenericClient,
    chunk: &[PlayerStats],
) -> Result<(), StoreError> {
    let users: Vec<i64> = chunk.iter().map(|stats| sql_id(stats.user)).collect();
    tx.execute(
        "DELETE FROM ladder_boards WHERE user_id = ANY($1::bigint[])",
        &[&users],
    )
    .await?;
    let rows: Vec<LadderRow> = chunk.iter().flat_map(ladder_rows).collect();
    if !rows.is_empty() {
        insert_ladder_rows(tx, &rows, "ON CONFLICT DO NOTHING").await?;
    }
    Ok(())
}
