//! The data directory's layout, the same for `run` and `console`: the store in `DATA/store`,
//! board images in `DATA/images`, backups in `DATA/backups`. Before this layout `run` kept
//! sled's files directly in `DATA`; such a directory is moved into `DATA/store` on first
//! open, through a staging folder so that a crash half-way is finished at the next start.

use std::path::{Path, PathBuf};

use thiserror::Error;

/// Why the data directory cannot be used.
#[derive(Debug, Error)]
pub enum LayoutError {
    #[error("data directory {dir}: {reason}")]
    Unusable { dir: PathBuf, reason: String },
    #[error("cannot move the old store files of {dir} into {dir}/store: {source}")]
    Migrate {
        dir: PathBuf,
        source: std::io::Error,
    },
}

/// Where everything lives under one data directory.
#[derive(Clone, Debug)]
pub struct DataLayout {
    root: PathBuf,
}

/// The files sled keeps in its directory (0.34): what marks the old layout.
const SLED_FILES: [&str; 2] = ["conf", "db"];
const STAGING: &str = "store.migrating";

impl DataLayout {
    pub fn new(root: impl Into<PathBuf>) -> DataLayout {
        DataLayout { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn store(&self) -> PathBuf {
        self.root.join("store")
    }

    pub fn images(&self) -> PathBuf {
        self.root.join("images")
    }

    pub fn backups(&self) -> PathBuf {
        self.root.join("backups")
    }

    /// The console's record of the channel names it has seen (names cannot be recovered from
    /// the ids the store keeps).
    pub fn console_channels(&self) -> PathBuf {
        self.root.join("console-channels.txt")
    }

    /// Creates the directory if needed and moves an old-layout store into `store/`.
    pub fn prepare(&self) -> Result<(), LayoutError> {
        let unusable = |reason: String| LayoutError::Unusable {
            dir: self.root.clone(),
            reason,
        };
        std::fs::create_dir_all(&self.root).map_err(|error| unusable(error.to_string()))?;
        if !self.root.is_dir() {
            return Err(unusable("is not a directory".into()));
        }
        self.migrate_old_layout()
    }

    fn migrate_old_layout(&self) -> Result<(), LayoutError> {
        let staging = self.root.join(STAGING);
        let old = SLED_FILES.iter().all(|name| self.root.join(name).is_file());
        if !old && !staging.is_dir() {
            return Ok(());
        }
        let store = self.store();
        if store.exists() {
            return Err(LayoutError::Unusable {
                dir: self.root.clone(),
                reason: format!(
                    "holds both an old store (sled files directly inside) and {}: keep one",
                    store.display()
                ),
            });
        }
        let fail = |source| LayoutError::Migrate {
            dir: self.root.clone(),
            source,
        };
        std::fs::create_dir_all(&staging).map_err(fail)?;
        for entry in std::fs::read_dir(&self.root).map_err(fail)? {
            let entry = entry.map_err(fail)?;
            let name = entry.file_name();
            let name_text = name.to_string_lossy();
            let sled_file = SLED_FILES.contains(&name_text.as_ref())
                || name_text == "blobs"
                || name_text.starts_with("snap.");
            if sled_file {
                std::fs::rename(entry.path(), staging.join(&name)).map_err(fail)?;
            }
        }
        // The old layout kept no ledger: the moved store is accepted as it is. Written before
        // the move, so that a crash in between still finds it.
        crate::store::ledger::adopt(&crate::store::ledger::ledger_path(&store)).map_err(fail)?;
        std::fs::rename(&staging, &store).map_err(fail)?;
        sync_dir(&self.root).map_err(fail)?;
        tracing::info!(
            "moved the old store files of {} into {}",
            self.root.display(),
            store.display()
        );
        Ok(())
    }
}

/// Makes renames inside `dir` durable.
pub fn sync_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_old_layout_moves_into_store_and_a_half_done_move_finishes() {
        let root = tempfile::tempdir().unwrap();
        for name in ["conf", "db", "snap.0000001"] {
            std::fs::write(root.path().join(name), name).unwrap();
        }
        std::fs::create_dir(root.path().join("blobs")).unwrap();
        std::fs::create_dir(root.path().join("images")).unwrap();
        let layout = DataLayout::new(root.path());
        layout.prepare().unwrap();
        for name in ["conf", "db", "snap.0000001", "blobs"] {
            assert!(layout.store().join(name).exists(), "{name} not moved");
            assert!(!root.path().join(name).exists(), "{name} left behind");
        }
        assert!(root.path().join("images").is_dir());
        // A second open changes nothing.
        layout.prepare().unwrap();
        assert!(layout.store().join("db").is_file());

        // A crash after moving `conf` into the staging folder: the next open finishes.
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir(root.path().join(STAGING)).unwrap();
        std::fs::write(root.path().join(STAGING).join("conf"), "conf").unwrap();
        std::fs::write(root.path().join("db"), "db").unwrap();
        let layout = DataLayout::new(root.path());
        layout.prepare().unwrap();
        assert!(layout.store().join("conf").is_file());
        assert!(layout.store().join("db").is_file());
    }

    #[test]
    fn a_file_or_two_stores_are_refused_by_name() {
        let root = tempfile::tempdir().unwrap();
        let file = root.path().join("plain");
        std::fs::write(&file, "x").unwrap();
        let message = DataLayout::new(&file).prepare().unwrap_err().to_string();
        assert!(message.contains("plain"), "{message}");

        std::fs::write(root.path().join("conf"), "c").unwrap();
        std::fs::write(root.path().join("db"), "d").unwrap();
        std::fs::create_dir(root.path().join("store")).unwrap();
        let message = DataLayout::new(root.path())
            .prepare()
            .unwrap_err()
            .to_string();
        assert!(message.contains("both"), "{message}");
    }
}
