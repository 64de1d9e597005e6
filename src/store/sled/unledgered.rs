//! What a store directory without a ledger may be. Every store this build opens gets its
//! ledger at once, so a directory holding current-schema records and no ledger has lost it
//! (deleted, or never copied along): what it acknowledged is unknown and a loss cannot be
//! ruled out, so it is refused. Accepted without a ledger: no store yet, an empty one (a crash
//! before the first ledger write), and an older schema, written before ledgers existed and
//! migrated on this open. The directory is inspected on a copy, as sled may rewrite a damaged
//! file while opening it.

use std::path::{Path, PathBuf};

use super::{SCHEMA_KEY, SCHEMA_VERSION, damaged_restore, ledger, migrate::V0_TREES};
use crate::store::error::StoreError;

/// The trees whose records the ledger accounts for (schema 1 and later).
const RECORD_TREES: [&str; 4] = [
    "v1/players",
    "v1/live_games",
    "v1/finished_games",
    "v1/challenges",
];

/// No store yet: the directory is missing or empty.
pub(super) fn is_new(dir: &Path) -> bool {
    std::fs::read_dir(dir).map_or(true, |mut entries| entries.next().is_none())
}

/// Refuses `dir` when it holds acknowledged data but its ledger (`ledger`) is missing.
pub(super) fn refuse_unledgered(dir: &Path, ledger: &Path) -> Result<(), StoreError> {
    if is_new(dir) {
        return Ok(());
    }
    let refuse = |holds: String| StoreError::LedgerMissing {
        path: ledger.to_path_buf(),
        dir: dir.to_path_buf(),
        holds,
        restore: damaged_restore(dir),
    };
    if !dir.join("db").is_file() {
        return Err(refuse("sled's files without its db file".into()));
    }
    on_a_copy(dir, |copy| {
        let db = sled::Config::new()
            .path(copy)
            .open()
            .map_err(|error| refuse(format!("files sled cannot open ({error})")))?;
        let version = match db.open_tree("meta")?.get(SCHEMA_KEY)? {
            None => None,
            Some(raw) => match <[u8; 4]>::try_from(raw.as_ref()) {
                Ok(bytes) => Some(u32::from_be_bytes(bytes)),
                Err(_) => return Err(StoreError::UnreadableSchema(raw.to_vec())),
            },
        };
        match version {
            Some(found) if found > SCHEMA_VERSION => Err(StoreError::NewerSchema {
                dir: dir.to_path_buf(),
                found,
                supported: SCHEMA_VERSION,
            }),
            // Written before ledgers: migrated, and ledgered from now on.
            Some(found) if found < SCHEMA_VERSION => Ok(()),
            None if holds_any(&db, &V0_TREES)? => Ok(()),
            _ => {
                let counts = RECORD_TREES
                    .iter()
                    .map(|name| Ok(db.open_tree(name)?.len()))
                    .collect::<Result<Vec<usize>, StoreError>>()?;
                if counts.iter().all(|count| *count == 0) {
                    return Ok(());
                }
                Err(refuse(format!(
                    "{} players, {} live games, {} finished games and {} challenges",
                    counts[0], counts[1], counts[2], counts[3]
                )))
            }
        }
    })
}

/// Whether any of the named trees exists and holds a record.
fn holds_any(db: &sled::Db, names: &[&str]) -> Result<bool, StoreError> {
    let existing = db.tree_names();
    for name in names {
        if existing.iter().any(|tree| tree.as_ref() == name.as_bytes())
            && !db.open_tree(name)?.is_empty()
        {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Where a suspect directory is copied to be opened: `DIR.checking`, beside it.
fn checking_copy(dir: &Path) -> PathBuf {
    let mut name = dir.as_os_str().to_owned();
    name.push(".checking");
    PathBuf::from(name)
}

/// Runs `check` on a copy of a suspect `dir` (`DIR.checking`, removed again whatever it
/// found), so the original is never opened before it is trusted.
pub(super) fn on_a_copy<T>(
    dir: &Path,
    check: impl FnOnce(&Path) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    let copy = checking_copy(dir);
    let _ = std::fs::remove_dir_all(&copy);
    let result = ledger::copy_dir(dir, &copy)
        .map_err(|source| StoreError::CreateDir {
            dir: copy.clone(),
            source,
        })
        .and_then(|()| check(&copy));
    let _ = std::fs::remove_dir_all(&copy);
    result
}
