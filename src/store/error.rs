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
        "the store's ledger {path} is unreadable ({reason}): refusing to open a store whose \
         acknowledged contents are unknown; restore a backup, or move the ledger aside to \
         accept the store as it is"
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
}
