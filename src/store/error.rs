//! Everything that can go wrong in the store, worded for the person running the bot.

use std::path::PathBuf;

use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("cannot create the data directory {dir}: {source}")]
    CreateDir {
        dir: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot open the data directory {dir}: {source}")]
    Open { dir: PathBuf, source: sled::Error },
    #[error("the data directory {dir} is in use by another process (another junqi-bot running?)")]
    Locked { dir: PathBuf },
    #[error(
        "the data directory {dir} was written by a newer junqi-bot (store schema {found}; this \
         build understands schema {supported} and older): upgrade the bot or use another data \
         directory"
    )]
    NewerSchema {
        dir: PathBuf,
        found: u32,
        supported: u32,
    },
    #[error("the store's schema version is unreadable ({0:?}); refusing to guess")]
    UnreadableSchema(Vec<u8>),
    #[error(
        "the store in {dir} holds less than it acknowledged: {}. It was NOT opened or changed. \
         {restore}",
        missing.join("; ")
    )]
    Damaged {
        dir: PathBuf,
        missing: Vec<String>,
        restore: String,
    },
    #[error(
        "the store's ledger {path} is missing, but the store in {dir} holds {holds}: what it \
         acknowledged is unknown, so a loss cannot be ruled out. It was NOT opened or changed. \
         {restore} If you are sure the store is complete, write {{}} into {path} to accept it \
         as it is"
    )]
    LedgerMissing {
        path: PathBuf,
        dir: PathBuf,
        holds: String,
        restore: String,
    },
    #[error(
        "the store's ledger {path} is unreadable ({reason}): refusing to open a store whose \
         acknowledged contents are unknown; restore a backup, or replace the ledger with {{}} \
         to accept the store as it is"
    )]
    LedgerUnreadable { path: PathBuf, reason: String },
    #[error("cannot write the store's ledger {path}: {source}")]
    LedgerWrite {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("backup {file}: {reason}")]
    Backup { file: PathBuf, reason: String },
    #[error("storage error: {0}")]
    Sled(#[from] sled::Error),
    #[error("cannot encode a {what} record: {source}")]
    Encode {
        what: &'static str,
        source: postcard::Error,
    },
    #[error("a stored {what} record is corrupt: {reason}")]
    Corrupt { what: &'static str, reason: String },
    #[error("channel {channel} of guild {guild} already has live game {existing}")]
    PlaceBusy {
        guild: u64,
        channel: u64,
        existing: u64,
    },
    #[error("game {0} is not live (finished already or never stored)")]
    NotLive(u64),
    #[error("game {0} has already finished")]
    AlreadyFinished(u64),
    #[error("the database_url is not a valid PostgreSQL URL: {0}")]
    BadDatabaseUrl(String),
    #[error("cannot reach the PostgreSQL database: {0}")]
    Unreachable(String),
    #[error(
        "cannot reach the PostgreSQL database at {server} ({tries} tries in {secs:.1} s, \
         db_connect_timeout_secs): {reason}"
    )]
    UnreachableAtStart {
        server: String,
        tries: u32,
        secs: f64,
        reason: String,
    },
    /// The connection went during a statement: what it wrote may or may not be committed.
    #[error("the connection to the PostgreSQL database was lost: {0}")]
    ConnectionLost(String),
    #[error("database error: {0}")]
    Database(String),
    #[error(
        "the database was written by a newer junqi-bot (store schema {found}; this build \
         understands schema {supported} and older): upgrade the bot or use another database"
    )]
    NewerDatabaseSchema { found: u32, supported: u32 },
    #[error("{what} works on the sled store only: {instead}")]
    SledOnly {
        what: &'static str,
        instead: &'static str,
    },
    #[error(
        "the store did not close within {0} s (a full disk?): everything acknowledged was already \
         saved; the next start checks the store against its ledger"
    )]
    CloseTimedOut(u64),
    #[error("a store call on the blocking pool did not finish: {0}")]
    BlockingCallFailed(String),
    #[error(
        "after copying, the database's {kind} differ from the data directory's ({expected} \
         records there, {found} matching here): nothing was removed; run the migration again"
    )]
    MigrationMismatch {
        kind: &'static str,
        expected: usize,
        found: usize,
    },
}

impl StoreError {
    /// Whether a write that failed this way may have been committed all the same: the
    /// connection was lost, possibly after the write reached the server.
    pub fn outcome_unknown(&self) -> bool {
        matches!(self, StoreError::ConnectionLost(_))
    }
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(error: tokio_postgres::Error) -> StoreError {
        let lost =
            std::error::Error::source(&error).is_some_and(|source| source.is::<std::io::Error>());
        // The server's own words (with its detail) say more than the client's summary.
        match error.as_db_error() {
            Some(db) => StoreError::Database(db.to_string()),
            None if error.is_closed() || lost => StoreError::ConnectionLost(error.to_string()),
            None => StoreError::Database(error.to_string()),
        }
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(error: deadpool_postgres::PoolError) -> StoreError {
        StoreError::Unreachable(error.to_string())
    }
}
