//! Backups of the sled store: one file holding every record of the primary trees (players,
//! live, finished and cancelled games, challenges, rematch windows, tournaments, the
//! quick-match queue, the servers' settings, the analyses, the saved layouts,
//! schema), taken while the
//! bot runs. A backup made before rematch windows or tournaments were carried restores without
//! them. A game's end
//! changes three trees in one transaction; [`SledStore::write_backup`] holds the store's backup
//! gate exclusively while it reads, and `finish_game` holds it shared, so a backup never sees
//! half of one. Indexes are not copied: a restore rebuilds them from the records.
//!
//! File: `JUNQI-BACKUP 1\n`, then the postcard-encoded trees, then an 8-byte FNV-1a checksum
//! of everything before it, so a truncated or altered backup is refused rather than restored.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{SledStore, ledger};
use crate::store::error::StoreError;
use crate::store::fnv;

const MAGIC: &[u8] = b"JUNQI-BACKUP 1\n";

/// The trees a backup holds; every other tree is derived from them.
const PRIMARY_TREES: [&str; 12] = [
    "meta",
    "v1/players",
    "v1/live_games",
    "v1/finished_games",
    "v1/challenges",
    super::rematch::TREE,
    super::tournaments::TREE,
    super::queue::TREE,
    super::settings::TREE,
    super::cancelled::TREE,
    super::analyses::TREE,
    super::layouts::TREE,
];

/// One tree's records: (key, value) pairs.
type Records = Vec<(Vec<u8>, Vec<u8>)>;

#[derive(Serialize, Deserialize)]
struct Contents {
    /// The id counter, so a restored store never hands out an id twice.
    next_id: u64,
    trees: Vec<(String, Records)>,
}

/// What a backup or a restore moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupSummary {
    pub file: PathBuf,
    pub bytes: u64,
    pub records: u64,
    pub live_games: u64,
    pub finished_games: u64,
}

fn backup_error(file: &Path, reason: impl Into<String>) -> StoreError {
    StoreError::Backup {
        file: file.to_path_buf(),
        reason: reason.into(),
    }
}

fn summary(file: &Path, bytes: u64, contents: &Contents) -> BackupSummary {
    let count = |name: &str| {
        contents
            .trees
            .iter()
            .find(|(tree, _)| tree == name)
            .map_or(0, |(_, records)| records.len() as u64)
    };
    BackupSummary {
        file: file.to_path_buf(),
        bytes,
        records: contents.trees.iter().map(|(_, r)| r.len() as u64).sum(),
        live_games: count("v1/live_games"),
        finished_games: count("v1/finished_games"),
    }
}

impl SledStore {
    /// Writes a consistent backup of the store to `file` (atomically: a temporary file renamed
    /// into place once complete and synced).
    pub fn write_backup(&self, file: &Path) -> Result<BackupSummary, StoreError> {
        let contents = {
            let _quiet = self
                .backup_gate
                .write()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            let mut trees = Vec::new();
            for name in PRIMARY_TREES {
                let tree = self.db.open_tree(name)?;
                let records = tree
                    .iter()
                    .map(|item| item.map(|(k, v)| (k.to_vec(), v.to_vec())))
                    .collect::<Result<Vec<_>, _>>()?;
                trees.push((name.to_string(), records));
            }
            Contents {
                next_id: self.db.generate_id()?,
                trees,
            }
        };
        let mut bytes = MAGIC.to_vec();
        postcard::to_io(&contents, &mut bytes)
            .map_err(|error| backup_error(file, error.to_string()))?;
        let sum = fnv::of_words(&bytes);
        bytes.extend_from_slice(&sum.to_be_bytes());
        if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| backup_error(file, e.to_string()))?;
        }
        ledger::write_atomic(file, &bytes).map_err(|e| backup_error(file, e.to_string()))?;
        Ok(summary(file, bytes.len() as u64, &contents))
    }

    /// Restores `file` into `store_dir`, which must be empty or absent; rebuilds the indexes
    /// and writes the ledger. The restored store is closed again on return.
    pub fn restore_backup(file: &Path, store_dir: &Path) -> Result<BackupSummary, StoreError> {
        let not_empty = std::fs::read_dir(store_dir).is_ok_and(|mut dir| dir.next().is_some());
        if not_empty || ledger::ledger_path(store_dir).exists() {
            return Err(backup_error(
                file,
                format!(
                    "the target {} is not empty: restore into a new directory",
                    store_dir.display()
                ),
            ));
        }
        let bytes = std::fs::read(file).map_err(|e| backup_error(file, e.to_string()))?;
        let body_len = bytes
            .len()
            .checked_sub(8)
            .filter(|len| bytes.starts_with(MAGIC) && *len >= MAGIC.len())
            .ok_or_else(|| backup_error(file, "not a junqi-bot backup"))?;
        let (body, sum) = bytes.split_at(body_len);
        let mut stored = [0u8; 8];
        stored.copy_from_slice(sum);
        if fnv::of_words(body) != u64::from_be_bytes(stored) {
            return Err(backup_error(
                file,
                "checksum mismatch: the file is damaged or cut short",
            ));
        }
        let contents: Contents = postcard::from_bytes(&body[MAGIC.len()..])
            .map_err(|error| backup_error(file, format!("undecodable: {error}")))?;
        let restored = SledStore::open_unchecked(store_dir)?;
        for (name, records) in &contents.trees {
            if !PRIMARY_TREES.contains(&name.as_str()) {
                return Err(backup_error(file, format!("unknown tree {name}")));
            }
            let tree = restored.db.open_tree(name)?;
            let mut batch = sled::Batch::default();
            for (key, value) in records {
                batch.insert(key.as_slice(), value.as_slice());
            }
            tree.apply_batch(batch)?;
        }
        while restored.db.generate_id()? < contents.next_id {}
        restored.rebuild_indexes()?;
        restored.flush()?;
        drop(restored);
        ledger::adopt(&ledger::ledger_path(store_dir))
            .map_err(|e| backup_error(file, format!("cannot write the ledger: {e}")))?;
        // Opening writes the ledger of what was restored; closing cleanly lets the bot's first
        // open skip the copy check.
        let store = SledStore::open(store_dir)?;
        store.close_cleanly()?;
        Ok(summary(file, bytes.len() as u64, &contents))
    }
}
