//! The leaderboards' side tables on PostgreSQL, written in the transaction that writes the
//! players: `ladder_boards`, the rows of every board of the ladders other than 翻翻棋's (whose
//! boards are `players` and `player_guilds`), and `rank_counts` and `rank_buckets`, how many
//! players of each board stand on each points value and each bucket of 256 values, so that a
//! place sums the buckets above and the values above in its own bucket, however many players
//! share them.

use std::collections::BTreeMap;

use deadpool_postgres::GenericClient;

use super::sql_id;
use crate::GameKind;
use crate::store::codec;
use crate::store::error::StoreError;
use crate::store::records::PlayerStats;

/// One row of `ladder_boards`: (ladder, scope, guild, user, −points, −wins, games).
pub(super) type LadderRow = (i16, i16, i64, i64, i64, i64, i64);

/// The `ladder_boards` rows of a player: on each ladder other than 翻翻棋's that their record
/// holds, the global board and those of the guilds they were seen in.
pub(super) fn ladder_rows(stats: &PlayerStats) -> Vec<LadderRow> {
    let mut rows = Vec::new();
    for totals in &stats.ladders {
        let ladder = i16::from(codec::ladder_number(totals.game));
        let (user, neg_points, neg_wins, games) = rank_columns(&stats.on(totals.game));
        let guilds = stats.guilds.iter().map(|guild| (1, sql_id(*guild)));
        for (scope, guild) in std::iter::once((0, 0)).chain(guilds) {
            rows.push((ladder, scope, guild, user, neg_points, neg_wins, games));
        }
    }
    rows
}

/// Upserts the `ladder_boards` rows of `players` in one statement (a player's boards only
/// grow: guilds are never forgotten, and a ladder's row stays once played).
pub(super) async fn write_ladder_boards(
    tx: &impl GenericClient,
    players: &[PlayerStats],
) -> Result<(), StoreError> {
    let rows: Vec<LadderRow> = players.iter().flat_map(ladder_rows).collect();
    if rows.is_empty() {
        return Ok(());
    }
    insert_ladder_rows(
        tx,
        &rows,
        "ON CONFLICT (ladder, scope, guild, user_id) DO UPDATE SET \
         neg_points = EXCLUDED.neg_points, neg_wins = EXCLUDED.neg_wins, games = EXCLUDED.games",
    )
    .await
}

/// Inserts `rows` into `ladder_boards` in one statement, with `on_conflict` as its last clause.
pub(super) async fn insert_ladder_rows(
    tx: &impl GenericClient,
    rows: &[LadderRow],
    on_conflict: &str,
) -> Result<(), StoreError> {
    let mut shorts: [Vec<i16>; 2] = Default::default();
    let mut longs: [Vec<i64>; 5] = Default::default();
    for &(ladder, scope, guild, user, neg_points, neg_wins, games) in rows {
        shorts[0].push(ladder);
        shorts[1].push(scope);
        for (column, value) in longs
            .iter_mut()
            .zip([guild, user, neg_points, neg_wins, games])
        {
            column.push(value);
        }
    }
    let [ladders, scopes] = &shorts;
    let [guilds, users, neg_points, neg_wins, games] = &longs;
    tx.execute(
        &format!(
            "INSERT INTO ladder_boards \
             (ladder, scope, guild, user_id, neg_points, neg_wins, games) \
             SELECT * FROM unnest($1::smallint[], $2::smallint[], $3::bigint[], $4::bigint[], \
             $5::bigint[], $6::bigint[], $7::bigint[]) {on_conflict}"
        ),
        &[ladders, scopes, guilds, users, neg_points, neg_wins, games],
    )
    .await?;
    Ok(())
}

/// Players are also counted per bucket of this many consecutive points values (as on sled),
/// so a place sums the buckets above and at most this many values of its own bucket.
pub(super) const BUCKET_POINTS: i64 = 256;

/// A leaderboard count's key: the table (0 `rank_counts`, per −points; 1 `rank_buckets`, per
/// bucket of −points), the board (scope 2 × ladder for the ladder's global board with guild 0,
/// 2 × ladder + 1 for a guild's), then −points or its bucket. Ascending order is the order every
/// writer changes them in.
pub(super) type CountKey = (u8, i16, i64, i64);

/// Both counts a player with `neg_points` on board (`scope`, `guild`) is part of.
pub(super) fn board_keys(scope: i16, guild: i64, neg_points: i64) -> [CountKey; 2] {
    [
        (0, scope, guild, neg_points),
        (1, scope, guild, neg_points.div_euclid(BUCKET_POINTS)),
    ]
}

/// The count scope of `game`'s global board (its guild boards' is one more).
pub(super) fn global_scope(game: GameKind) -> i16 {
    2 * i16::from(codec::ladder_number(game))
}

/// The board counts `stats` stands in: on each ladder, none before a rated game on it.
fn count_keys(stats: &PlayerStats) -> Vec<CountKey> {
    let mut out = Vec::new();
    for game in stats.ranked_ladders() {
        let neg_points = stats.on(game).points.saturating_neg();
        let global = global_scope(game);
        out.extend(board_keys(global, 0, neg_points));
        for guild in &stats.guilds {
            out.extend(board_keys(global + 1, sql_id(*guild), neg_points));
        }
    }
    out
}

/// Adds to `deltas` what replacing `old` by `new` does to the board counts.
pub(super) fn count_changes(
    old: Option<&PlayerStats>,
    new: &PlayerStats,
    deltas: &mut BTreeMap<CountKey, i64>,
) {
    for key in old.map(count_keys).unwrap_or_default() {
        *deltas.entry(key).or_default() -= 1;
    }
    for key in count_keys(new) {
        *deltas.entry(key).or_default() += 1;
    }
}

/// Applies count changes in ascending key order, the one order every writer uses; a count
/// that reaches zero is removed.
pub(super) async fn apply_counts(
    tx: &impl GenericClient,
    deltas: &BTreeMap<CountKey, i64>,
) -> Result<(), StoreError> {
    let mut statements = Vec::new();
    for (table, column) in [
        ("rank_counts", "neg_points"),
        ("rank_buckets", "neg_bucket"),
    ] {
        let upsert = tx
            .prepare_cached(&format!(
                "INSERT INTO {table} (scope, guild, {column}, players) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (scope, guild, {column}) DO UPDATE \
                 SET players = {table}.players + EXCLUDED.players RETURNING players"
            ))
            .await?;
        let remove = tx
            .prepare_cached(&format!(
                "DELETE FROM {table} WHERE scope = $1 AND guild = $2 AND {column} = $3 \
                 AND players = 0"
            ))
            .await?;
        statements.push((upsert, remove));
    }
    for ((table, scope, guild, value), delta) in deltas {
        let Some((upsert, remove)) = statements.get(usize::from(*table)) else {
            continue;
        };
        if *delta == 0 {
            continue;
        }
        let row = tx.query_one(upsert, &[scope, guild, value, delta]).await?;
        if row.get::<_, i64>(0) == 0 {
            tx.execute(remove, &[scope, guild, value]).await?;
        }
    }
    Ok(())
}

/// Recounts every board's counts from the players' rows (imports and repairs).
pub(super) async fn recount_ranks(tx: &impl GenericClient) -> Result<(), StoreError> {
    tx.batch_execute(
        "DELETE FROM rank_counts; \
         INSERT INTO rank_counts (scope, guild, neg_points, players) \
             SELECT 0, 0, neg_points, count(*) FROM players WHERE games > 0 \
             GROUP BY neg_points; \
         INSERT INTO rank_counts (scope, guild, neg_points, players) \
             SELECT 1, guild, neg_points, count(*) FROM player_guilds WHERE games > 0 \
             GROUP BY guild, neg_points; \
         INSERT INTO rank_counts (scope, guild, neg_points, players) \
             SELECT 2 * ladder + scope, guild, neg_points, count(*) FROM ladder_boards \
             WHERE games > 0 GROUP BY 1, 2, 3; \
         DELETE FROM rank_buckets; \
         INSERT INTO rank_buckets (scope, guild, neg_bucket, players) \
             SELECT scope, guild, floor(neg_points::numeric / 256)::bigint, sum(players) \
             FROM rank_counts GROUP BY 1, 2, 3;",
    )
    .await?;
    Ok(())
}

/// The columns a leaderboard sorts on: (user, −points, −wins, games).
pub(super) fn rank_columns(stats: &PlayerStats) -> (i64, i64, i64, i64) {
    (
        sql_id(stats.user),
        stats.points.saturating_neg(),
        -i64::from(stats.wins),
        i64::from(stats.games),
    )
}
