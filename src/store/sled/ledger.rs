//! The acknowledged ledger: a small JSON file beside the store directory (`DATA/store.ledger`),
//! outside sled's files, saying what the store has acknowledged: how many finished games and
//! players it held, and how many events each live game had. It is rewritten atomically
//! (temporary file, fsync, rename, fsync of the directory) at most every
//! [`LEDGER_INTERVAL`] while commits happen, and at once by [`SledStore::checkpoint`].
//!
//! On open, a store holding less than its ledger says is refused ([`StoreError::Damaged`]).
//! Because sled may rewrite a damaged file while opening it, a directory is opened in place
//! only when its files match the checksums the ledger took at the last clean close; otherwise
//! (a crash, or damage) a copy is opened and checked first, and the original is opened only
//! if the copy passes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::store::error::StoreError;
use crate::store::fnv;
use crate::store::records::LiveGame;

/// How often a changed ledger is written while the store is in use.
pub const LEDGER_INTERVAL: Duration = Duration::from_secs(1);

/// What the store has acknowledged. Every field defaults, so that an operator may accept a
/// store as it is by writing `{}` as its ledger.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Acknowledged {
    pub finished_games: u64,
    pub players: u64,
    /// Live game id → number of events in its record.
    pub live: BTreeMap<u64, u64>,
    /// sled's files (path inside the store directory → size and FNV-1a hash) at the last
    /// clean close; empty while the store is open or after a crash.
    #[serde(default)]
    pub clean_files: BTreeMap<String, (u64, u64)>,
}

/// The ledger of an open store, shared by its handles and the thread that writes it.
pub(super) struct Ledger {
    path: PathBuf,
    state: Mutex<Acknowledged>,
    dirty: AtomicBool,
}

fn lock(state: &Mutex<Acknowledged>) -> std::sync::MutexGuard<'_, Acknowledged> {
    state
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The ledger file of a store directory: `DIR.ledger`, beside it.
pub fn ledger_path(store_dir: &Path) -> PathBuf {
    let mut name = store_dir.as_os_str().to_owned();
    name.push(".ledger");
    PathBuf::from(name)
}

/// Reads a ledger file; `None` when there is none (a new store, or one from before ledgers).
pub fn read(path: &Path) -> Result<Option<Acknowledged>, StoreError> {
    match std::fs::read(path) {
        Ok(bytes) => {
            serde_json::from_slice(&bytes)
                .map(Some)
                .map_err(|error| StoreError::LedgerUnreadable {
                    path: path.to_path_buf(),
                    reason: error.to_string(),
                })
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(StoreError::LedgerUnreadable {
            path: path.to_path_buf(),
            reason: error.to_string(),
        }),
    }
}

/// Writes `value` to `path` atomically and durably. The temporary file's name is unique to
/// this write, so two writers of one path (a store dropped a moment ago whose ledger thread has
/// not stopped yet, and its reopening) never rename each other's file away.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(format!(
        ".{}-{}.tmp",
        std::process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    ));
    let temporary = PathBuf::from(temporary);
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temporary, path)
    })();
    if let Err(error) = written {
        // A failed write (a full disk) leaves no temporary file behind.
        let _ = std::fs::remove_file(&temporary);
        return Err(error);
    }
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::File::open(parent)?.sync_all()?;
    }
    Ok(())
}

/// Starts the ledger of a store that is accepted as it is (restored from a backup, moved from
/// the old layout): nothing acknowledged yet, so the next open counts what the store holds.
/// A ledger already there is kept.
pub fn adopt(path: &Path) -> std::io::Result<()> {
    if path.exists() {
        return Ok(());
    }
    write_atomic(path, b"{}")
}

impl Ledger {
    pub(super) fn new(path: PathBuf, state: Acknowledged) -> Arc<Ledger> {
        Arc::new(Ledger {
            path,
            state: Mutex::new(state),
            dirty: AtomicBool::new(true),
        })
    }

    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    pub(super) fn live_game(&self, game: &LiveGame) {
        let events = game.record.events.len() as u64;
        lock(&self.state).live.insert(game.id, events);
        self.dirty.store(true, Ordering::Release);
    }

    pub(super) fn removed_live_game(&self, id: u64) {
        lock(&self.state).live.remove(&id);
        self.dirty.store(true, Ordering::Release);
    }

    pub(super) fn finished_game(&self, id: u64) {
        let mut state = lock(&self.state);
        state.live.remove(&id);
        state.finished_games += 1;
        self.dirty.store(true, Ordering::Release);
    }

    /// A record moved to the quarantine no longer counts as held.
    pub(super) fn quarantined(&self, what: &str, id: Option<u64>) {
        let mut state = lock(&self.state);
        match (what, id) {
            ("live game", Some(id)) => {
                state.live.remove(&id);
            }
            ("finished game", _) => state.finished_games = state.finished_games.saturating_sub(1),
            ("player", _) => state.players = state.players.saturating_sub(1),
            _ => {}
        }
        self.dirty.store(true, Ordering::Release);
    }

    /// Players are counted only at checkpoints (counting them on every commit costs a scan).
    pub(super) fn set_players(&self, players: u64) {
        lock(&self.state).players = players;
    }

    /// Writes the ledger now (with `clean_files` when closing cleanly).
    pub(super) fn write(&self, clean_files: BTreeMap<String, (u64, u64)>) -> std::io::Result<()> {
        self.dirty.store(false, Ordering::Release);
        // A copy taken under the lock and encoded outside it: every commit acknowledges under
        // this lock, and encoding the ledger of many live games takes far longer than copying.
        let snapshot = {
            let state = lock(&self.state);
            Acknowledged {
                clean_files,
                ..state.clone()
            }
        };
        let bytes = serde_json::to_vec(&snapshot).map_err(std::io::Error::other)?;
        write_atomic(&self.path, &bytes)
    }

    /// Writes the ledger every [`LEDGER_INTERVAL`] while it changes, until the store is dropped.
    pub(super) fn spawn_writer(ledger: &Arc<Ledger>) {
        let weak: Weak<Ledger> = Arc::downgrade(ledger);
        let spawned = std::thread::Builder::new()
            .name("store-ledger".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(LEDGER_INTERVAL);
                    let Some(ledger) = weak.upgrade() else { return };
                    if ledger.dirty.load(Ordering::Acquire)
                        && let Err(error) = ledger.write(BTreeMap::new())
                    {
                        tracing::error!("cannot write {}: {error}", ledger.path.display());
                        ledger.dirty.store(true, Ordering::Release);
                    }
                }
            });
        if let Err(error) = spawned {
            tracing::error!("cannot start the ledger writer: {error}");
        }
    }
}

/// Size and FNV-1a hash ([`fnv::of_words`]) of every file under `dir` (relative paths), to tell whether the
/// directory is exactly as the last clean close left it.
pub fn fingerprint(dir: &Path) -> std::io::Result<BTreeMap<String, (u64, u64)>> {
    let mut out = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        for entry in std::fs::read_dir(&current)? {
            let entry = entry?;
            let path = entry.path();
            if entry.file_type()?.is_dir() {
                pending.push(path);
                continue;
            }
            let bytes = std::fs::read(&path)?;
            let hash = fnv::of_words(&bytes);
            let name = path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .to_string_lossy()
                .into_owned();
            out.insert(name, (bytes.len() as u64, hash));
        }
    }
    Ok(out)
}

/// Copies every file of `from` into `to` (created), for opening a copy of a suspect store.
pub fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// Everything the store (`holds`) has less of than the ledger says, worded for the operator;
/// `finished` tells whether a game that left the live games has finished since.
pub fn shortfall(
    ledger: &Acknowledged,
    holds: &Acknowledged,
    finished: impl Fn(u64) -> bool,
) -> Vec<String> {
    let mut missing = Vec::new();
    if holds.finished_games < ledger.finished_games {
        missing.push(format!(
            "{} finished games of the {} acknowledged",
            ledger.finished_games - holds.finished_games,
            ledger.finished_games
        ));
    }
    if holds.players < ledger.players {
        missing.push(format!(
            "{} players of the {} acknowledged",
            ledger.players - holds.players,
            ledger.players
        ));
    }
    for (id, events) in &ledger.live {
        match holds.live.get(id) {
            Some(held) if held < events => missing.push(format!(
                "live game {id} has {held} events, {events} were acknowledged"
            )),
            Some(_) => {}
            None if finished(*id) => {}
            None => missing.push(format!("live game {id} ({events} events) is gone")),
        }
    }
    missing
}

/// The newest backup file in `backups` (by name: backup names sort by time), if any.
pub fn newest_backup(backups: &Path) -> Option<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(backups)
        .ok()?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "junqi-backup"))
        .collect();
    files.sort();
    files.pop()
}
