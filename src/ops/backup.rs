//! Backups while the bot runs. sled lets one process hold a store, so a second process cannot
//! read it; instead the running bot makes every backup itself: on a schedule
//! (`backup_every_secs`, keeping the newest `backups_kept` in DATA/backups) and on request.
//! `junqi-bot backup` asks by writing DATA/backups/request (the target file's path) and waits
//! for the bot's answer in DATA/backups/request.done; when no bot holds the store it opens the
//! store and writes the backup itself. A file in the data directory needs no open port and
//! only the bot's own user can write there, which is the access a backup should need.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use thiserror::Error;

use super::DataLayout;
use crate::store::{BackupSummary, Store, StoreError};

/// The extension of backup files (what `restore` and the damage message look for).
pub const EXTENSION: &str = "junqi-backup";
const REQUEST: &str = "request";
const ANSWER: &str = "request.done";
/// How often the bot looks for a request.
const POLL: Duration = Duration::from_millis(500);

#[derive(Debug, Error)]
pub enum BackupError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot ask the running bot for a backup through {path}: {source}")]
    Request {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the running bot did not answer the backup request within {0:?} (is it stuck?)")]
    NoAnswer(Duration),
    #[error("the running bot could not make the backup: {0}")]
    Failed(String),
}

/// A new backup's file name: the time in milliseconds, so names sort by age.
pub fn new_backup_path(dir: &Path) -> PathBuf {
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_millis());
    dir.join(format!("backup-{ms:015}.{EXTENSION}"))
}

/// Deletes all but the newest `kept` backups in `dir`.
pub fn prune(dir: &Path, kept: usize) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == EXTENSION))
        .collect();
    files.sort();
    let excess = files.len().saturating_sub(kept);
    for old in files.into_iter().take(excess) {
        if let Err(error) = std::fs::remove_file(&old) {
            tracing::warn!("cannot delete the old backup {}: {error}", old.display());
        }
    }
}

fn describe(summary: &BackupSummary) -> String {
    format!(
        "backup written to {} ({} bytes; records {}: live games {}, finished games {})",
        summary.file.display(),
        summary.bytes,
        summary.records,
        summary.live_games,
        summary.finished_games
    )
}

/// The bot's side: scheduled backups and answers to requests, until the task is aborted.
/// `every` of zero turns the schedule off (requests are still answered).
pub async fn serve(store: Store, layout: DataLayout, every: Duration, kept: usize) {
    let dir = layout.backups();
    let mut last = Instant::now();
    loop {
        tokio::time::sleep(POLL).await;
        let request = dir.join(REQUEST);
        if let Ok(target) = std::fs::read_to_string(&request) {
            let _ = std::fs::remove_file(&request);
            let target = match target.trim() {
                "" => new_backup_path(&dir),
                path => PathBuf::from(path),
            };
            let answer = match backup_now(&store, target).await {
                Ok(summary) => format!("ok {}", describe(&summary)),
                Err(error) => format!("error {error}"),
            };
            if let Err(error) = std::fs::write(dir.join(ANSWER), answer) {
                tracing::error!("cannot answer the backup request: {error}");
            }
        }
        if !every.is_zero() && last.elapsed() >= every {
            last = Instant::now();
            match backup_now(&store, new_backup_path(&dir)).await {
                Ok(summary) => {
                    tracing::info!("{}", describe(&summary));
                    prune(&dir, kept);
                }
                Err(error) => tracing::error!("scheduled backup failed: {error}"),
            }
        }
    }
}

async fn backup_now(store: &Store, target: PathBuf) -> Result<BackupSummary, String> {
    let started = Instant::now();
    let result = store
        .write_backup(&target)
        .await
        .map_err(|error| error.to_string());
    crate::ops::metrics::backup_done(started.elapsed(), result.is_ok());
    result
}

/// `junqi-bot backup`: from the running bot if one holds the store, else directly.
pub async fn backup(layout: &DataLayout, to: Option<PathBuf>) -> Result<String, BackupError> {
    let dir = layout.backups();
    let target = to.unwrap_or_else(|| new_backup_path(&dir));
    match Store::open(&layout.store()).await {
        Ok(store) => {
            let summary = store.write_backup(&target).await?;
            store.close_cleanly().await?;
            Ok(describe(&summary))
        }
        Err(StoreError::Locked { .. }) => ask_running_bot(&dir, &target).await,
        Err(error) => Err(error.into()),
    }
}

async fn ask_running_bot(dir: &Path, target: &Path) -> Result<String, BackupError> {
    let request = dir.join(REQUEST);
    let answer = dir.join(ANSWER);
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| BackupError::Request { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let _ = std::fs::remove_file(&answer);
    let target = std::path::absolute(target).map_err(io(target))?;
    std::fs::write(&request, target.to_string_lossy().as_bytes()).map_err(io(&request))?;
    let limit = Duration::from_secs(60);
    let started = Instant::now();
    while started.elapsed() < limit {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if let Ok(text) = std::fs::read_to_string(&answer) {
            let _ = std::fs::remove_file(&answer);
            return match text.strip_prefix("ok ") {
                Some(done) => Ok(done.to_string()),
                None => Err(BackupError::Failed(
                    text.strip_prefix("error ").unwrap_or(&text).to_string(),
                )),
            };
        }
    }
    let _ = std::fs::remove_file(&request);
    Err(BackupError::NoAnswer(limit))
}
