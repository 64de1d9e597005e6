//! The PostgreSQL backend: the same records as sled, in one database that several bot
//! processes share. Records are the shared codec's bytes (format byte + postcard) in a `record`
//! column, with the columns that indexes and locks need beside them; leaderboards are an index
//! in leaderboard order, with per-points counts beside it for places (`players`).
//!
//! Promises, as on sled: every write commits (synchronous commit) before it returns;
//! `finish_game` is one transaction that deletes the live game (the row lock makes a second
//! finisher see it gone) and locks both players' rows with `SELECT … FOR UPDATE` in ascending
//! user order, then changes the board counts in key order, so two processes finishing games for
//! one player serialise instead of losing an update, and can never deadlock each other. The schema is migrated on connect (`schema`);
//! an undecodable row is moved to the `quarantine` table and reported.

mod analyses;
mod boards;
mod cancelled;
mod challenges;
mod games;
mod layouts;
mod players;
mod queue;
mod rematch;
mod schema;
mod settings;
mod start;
mod tournaments;
mod upgrade;

use deadpool_postgres::{GenericClient, Manager, ManagerConfig, Pool, RecyclingMethod};
use serde::de::DeserializeOwned;
use tokio_postgres::types::ToSql;
use tokio_postgres::{NoTls, Row, Statement};
use tracing::warn;

use crate::store::codec;
use crate::store::error::StoreError;

pub use schema::SCHEMA_VERSION;

/// Connections per process: each game action holds one for a single round trip.
const POOL_SIZE: usize = 16;

/// A handle on a PostgreSQL database; cheap to clone and share between tasks.
#[derive(Clone)]
pub struct PgStore {
    pool: Pool,
}

/// The tables that hold records, for reading and quarantining them alike.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Table {
    Players,
    LiveGames,
    FinishedGames,
    Challenges,
    Tournaments,
    Queue,
    GuildSettings,
    CancelledGames,
    Analyses,
    SavedLayouts,
}

impl Table {
    fn name(self) -> &'static str {
        match self {
            Table::Players => "players",
            Table::LiveGames => "live_games",
            Table::FinishedGames => "finished_games",
            Table::Challenges => "challenges",
            Table::Tournaments => "tournaments",
            Table::Queue => "queue",
            Table::GuildSettings => "guild_settings",
            Table::CancelledGames => "cancelled_games",
            Table::Analyses => "analyses",
            Table::SavedLayouts => "saved_layouts",
        }
    }

    fn key_column(self) -> &'static str {
        match self {
            Table::Players | Table::Queue | Table::SavedLayouts => "user_id",
            _ => "id",
        }
    }

    fn what(self) -> &'static str {
        match self {
            Table::Players => "player",
            Table::LiveGames => "live game",
            Table::FinishedGames => "finished game",
            Table::Challenges => "challenge",
            Table::Tournaments => "tournament",
            Table::Queue => "queue entry",
            Table::GuildSettings => "guild settings",
            Table::CancelledGames => "cancelled game",
            Table::Analyses => "analysis",
            Table::SavedLayouts => "saved layouts",
        }
    }
}

/// Ids and Discord snowflakes are u64; PostgreSQL has only signed bigint. The cast is a
/// bijection, and real snowflakes stay below 2^63, so order is kept too.
pub(super) fn sql_id(id: u64) -> i64 {
    id as i64
}

pub(super) fn from_sql_id(id: i64) -> u64 {
    id as u64
}

impl PgStore {
    /// Connects to `url` (`postgres://user@host:port/database`), migrates the schema (refusing
    /// a newer one) and quarantines undecodable live games and challenges.
    pub async fn connect(url: &str) -> Result<PgStore, StoreError> {
        let config: tokio_postgres::Config =
            url.parse().map_err(|error: tokio_postgres::Error| {
                StoreError::BadDatabaseUrl(error.to_string())
            })?;
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(std::time::Duration::from_secs(30)))
            .create_timeout(Some(std::time::Duration::from_secs(10)))
            .build()
            .map_err(|error| StoreError::Unreachable(error.to_string()))?;
        let store = PgStore { pool };
        store.run(schema::settle).await?;
        store.live_games().await?;
        store.challenges().await?;
        Ok(store)
    }

    /// Runs one piece of work with a handle on the pool, on the caller's runtime.
    async fn run<T, F, Fut>(&self, work: F) -> Result<T, StoreError>
    where
        F: FnOnce(Pool) -> Fut,
        Fut: Future<Output = Result<T, StoreError>>,
    {
        work(self.pool.clone()).await
    }

    /// Stores (or replaces) the record `id` of a table keyed by `id`; committed on return.
    async fn put_record<T: serde::Serialize>(
        &self,
        table: Table,
        id: u64,
        record: &T,
    ) -> Result<(), StoreError> {
        let value = codec::encode(table.what(), record)?;
        let id = sql_id(id);
        let sql = format!(
            "INSERT INTO {} (id, record) VALUES ($1, $2) \
             ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record",
            table.name()
        );
        self.run(|pool| async move {
            let client = pool.get().await?;
            client.execute(&sql, &[&id, &value]).await?;
            Ok(())
        })
        .await
    }

    pub async fn schema_version(&self) -> Result<Option<u32>, StoreError> {
        self.run(schema::version).await
    }

    /// A fresh id from the database's sequence: unique across every process.
    pub async fn next_id(&self) -> Result<u64, StoreError> {
        self.run(|pool| async move {
            let client = pool.get().await?;
            let statement = client.prepare_cached("SELECT nextval('junqi_ids')").await?;
            let row = client.query_one(&statement, &[]).await?;
            Ok(from_sql_id(row.get::<_, i64>(0)))
        })
        .await
    }

    /// Every record that was found corrupt: ("table/key", reason).
    pub async fn quarantined(&self) -> Result<Vec<(String, String)>, StoreError> {
        self.run(|pool| async move {
            let client = pool.get().await?;
            let rows = client
                .query(
                    "SELECT place, reason FROM quarantine ORDER BY at, place",
                    &[],
                )
                .await?;
            Ok(rows.iter().map(|row| (row.get(0), row.get(1))).collect())
        })
        .await
    }

    /// Reads every record of every table, quarantining what cannot be decoded; returns how many
    /// records were quarantined.
    pub async fn check_all(&self) -> Result<usize, StoreError> {
        let count = || {
            self.run(|pool| async move {
                let client = pool.get().await?;
                let row = client
                    .query_one("SELECT count(*) FROM quarantine", &[])
                    .await?;
                Ok(row.get::<_, i64>(0))
            })
        };
        let before = count().await?;
        self.players().await?;
        self.finished_games().await?;
        self.cancelled_games().await?;
        self.live_games().await?;
        self.challenges().await?;
        self.tournaments().await?;
        self.queue_entries().await?;
        self.all_guild_settings().await?;
        self.analyses().await?;
        self.all_saved_layouts().await?;
        Ok(usize::try_from(count().await? - before).unwrap_or(0))
    }
}

/// One statement of a [`pipelined`] batch and its parameters.
pub(super) type Step<'a> = (&'a Statement, &'a [&'a (dyn ToSql + Sync)]);

/// Runs `steps` on one connection without waiting for each answer before sending the next
/// (pipelining): the server still runs them one after another in the order given, so a batch
/// costs one round trip instead of one per statement. Returns each statement's rows.
pub(super) async fn pipelined(
    client: &impl GenericClient,
    steps: &[Step<'_>],
) -> Result<Vec<Vec<Row>>, StoreError> {
    // `try_join_all` polls its futures in order, and each sends its request on its first poll.
    let answers = futures_util::future::try_join_all(
        steps
            .iter()
            .map(|(statement, params)| client.query(*statement, params)),
    )
    .await?;
    Ok(answers)
}

/// Decodes `(key, record)` rows, quarantining the undecodable ones.
pub(super) async fn decode_rows<T: DeserializeOwned>(
    client: &impl GenericClient,
    table: Table,
    rows: Vec<Row>,
) -> Result<Vec<T>, StoreError> {
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let key: i64 = row.get(0);
        let raw: Vec<u8> = row.get(1);
        match codec::decode(&raw) {
            Ok(value) => out.push(value),
            Err(reason) => quarantine(client, table, key, &raw, &reason).await?,
        }
    }
    Ok(out)
}

/// Reads one record by key; a corrupt one is quarantined and reads as absent.
pub(super) async fn read_one<T: DeserializeOwned>(
    client: &impl GenericClient,
    table: Table,
    key: i64,
) -> Result<Option<T>, StoreError> {
    let sql = format!(
        "SELECT {key_column}, record FROM {name} WHERE {key_column} = $1",
        key_column = table.key_column(),
        name = table.name()
    );
    let statement = client.prepare_cached(&sql).await?;
    let rows = client.query(&statement, &[&key]).await?;
    Ok(decode_rows(client, table, rows).await?.pop())
}

/// Moves a corrupt record out of its table into the quarantine, logging it. Only the bytes
/// that were read are removed: a record rewritten meanwhile is left alone.
pub(super) async fn quarantine(
    client: &impl GenericClient,
    table: Table,
    key: i64,
    raw: &[u8],
    reason: &str,
) -> Result<(), StoreError> {
    let place = format!("{}/{}", table.name(), from_sql_id(key));
    warn!(table = table.name(), key = from_sql_id(key), %reason, "corrupt {} record moved to quarantine", table.what());
    client
        .execute(
            "INSERT INTO quarantine (place, reason, raw) VALUES ($1, $2, $3) \
             ON CONFLICT (place) DO UPDATE SET reason = EXCLUDED.reason, raw = EXCLUDED.raw, \
             at = now()",
            &[&place, &format!("{}: {reason}", table.what()), &raw],
        )
        .await?;
    let delete = format!(
        "DELETE FROM {} WHERE {} = $1 AND record = $2",
        table.name(),
        table.key_column()
    );
    if table != Table::Players {
        client.execute(&delete, &[&key, &raw]).await?;
        return Ok(());
    }
    // The player's board counts go with their rows, read from the rows' own columns (the
    // record that names them is what cannot be read).
    let mut deltas = std::collections::BTreeMap::new();
    let gone = client
        .query(
            "DELETE FROM players WHERE user_id = $1 AND record = $2 RETURNING neg_points, games",
            &[&key, &raw],
        )
        .await?;
    for row in gone.iter().filter(|row| row.get::<_, i64>(1) > 0) {
        for key in boards::board_keys(0, 0, row.get(0)) {
            *deltas.entry(key).or_default() -= 1;
        }
    }
    let gone = client
        .query(
            "DELETE FROM player_guilds WHERE user_id = $1 RETURNING guild, neg_points, games",
            &[&key],
        )
        .await?;
    for row in gone.iter().filter(|row| row.get::<_, i64>(2) > 0) {
        for key in boards::board_keys(1, row.get(0), row.get(1)) {
            *deltas.entry(key).or_default() -= 1;
        }
    }
    // The schema-3 migration quarantines before schema 11 made the other ladders' boards.
    let boards_exist: bool = client
        .query_one("SELECT to_regclass('ladder_boards') IS NOT NULL", &[])
        .await?
        .get(0);
    let gone = match boards_exist {
        false => Vec::new(),
        true => {
            client
                .query(
                    "DELETE FROM ladder_boards WHERE user_id = $1 \
                     RETURNING (2 * ladder + scope)::smallint, guild, neg_points, games",
                    &[&key],
                )
                .await?
        }
    };
    for row in gone.iter().filter(|row| row.get::<_, i64>(3) > 0) {
        for key in boards::board_keys(row.get(0), row.get(1), row.get(2)) {
            *deltas.entry(key).or_default() -= 1;
        }
    }
    boards::apply_counts(client, &deltas).await
}
