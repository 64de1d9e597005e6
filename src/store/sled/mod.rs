//! The sled backend: the bot's persistent state in one embedded directory: players and their stats, live games (with each turn's
//! deadline), finished games, the live game of each channel, open challenges and the leaderboard
//! indexes. Every acknowledged write is flushed to disk before it returns; a game's end and the
//! players' points commit in one transaction. Records carry a format byte and the directory a
//! schema version: a newer directory is refused, an older one migrated, and a record that cannot
//! be decoded is moved to a quarantine tree (logged, listed by [`SledStore::quarantined`]) while
//! everything else keeps working.
//!
//! Trees (schema 3): `meta` (schema version), `v1/players` (user → [`PlayerStats`]),
//! `v1/live_games` and `v1/finished_games` (id → game), `v1/live_by_place` (guild, channel → id),
//! `v1/challenges` (id → [`Challenge`]), `v1/pair_last` (two users → id of their last finished
//! game), `v1/rank` (scope, −points, −wins, games, user → ()), `v1/rank_counts` ((scope, −points) and
//! (scope, −bucket of 256 points) → number of players), `v1/history` ((user, −end time, −game id) → ():
//! each player's finished and cancelled games, newest first), `v1/cancelled_games` (id → a game
//! cancelled by a moderator, `cancelled.rs`), `v1/analyses` (id → a finished game's
//! win-chance series, `analyses.rs`), `v1/saved_layouts` (user → a member's saved layouts,
//! `layouts.rs`) and `quarantine` ("tree/hex key" → reason and raw bytes).

mod analyses;
mod backup;
mod cancelled;
mod check;
mod games;
mod history;
mod layouts;
pub mod ledger;
mod migrate;
mod players;
mod queue;
mod rematch;
mod settings;
mod tournaments;
mod unledgered;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use sled::{Db, Tree};
use tracing::warn;

pub use backup::BackupSummary;
pub use check::CheckReport;

use crate::store::codec;
use crate::store::error::StoreError;

/// The schema this build writes. Bump it with a migration step in `migrate`.
pub const SCHEMA_VERSION: u32 = 4;

const SCHEMA_KEY: &[u8] = b"schema_version";

/// A handle on the store; cheap to clone and share between tasks.
#[derive(Clone)]
pub struct SledStore {
    db: Db,
    dir: PathBuf,
    trees: Trees,
    /// What has been acknowledged, kept beside the directory (none on a copy being checked).
    ledger: Option<Arc<ledger::Ledger>>,
    /// Held shared by commits that change several primary trees, exclusively by a backup.
    backup_gate: Arc<std::sync::RwLock<()>>,
    /// Serialises game starts (sled has one process), so numbers are handed out one by one.
    starts: Arc<std::sync::Mutex<()>>,
}

#[derive(Clone)]
struct Trees {
    meta: Tree,
    players: Tree,
    live_games: Tree,
    live_by_place: Tree,
    finished_games: Tree,
    pair_last: Tree,
    challenges: Tree,
    rank: Tree,
    rank_counts: Tree,
    history: Tree,
    quarantine: Tree,
}

impl Trees {
    fn open(db: &Db) -> Result<Trees, sled::Error> {
        Ok(Trees {
            meta: db.open_tree("meta")?,
            players: db.open_tree("v1/players")?,
            live_games: db.open_tree("v1/live_games")?,
            live_by_place: db.open_tree("v1/live_by_place")?,
            finished_games: db.open_tree("v1/finished_games")?,
            pair_last: db.open_tree("v1/pair_last")?,
            challenges: db.open_tree("v1/challenges")?,
            rank: db.open_tree("v1/rank")?,
            rank_counts: db.open_tree("v1/rank_counts")?,
            history: db.open_tree("v1/history")?,
            quarantine: db.open_tree("quarantine")?,
        })
    }
}

impl SledStore {
    /// Opens the store in `dir`, creating it on first start. Refuses a directory written by a
    /// newer schema, migrates an older one, and quarantines undecodable live games and challenges
    /// (the records needed at start-up).
    ///
    /// A store holding less than its ledger (`DIR.ledger`) acknowledged is refused with
    /// [`StoreError::Damaged`], and a directory not exactly as the last clean close left it is
    /// checked on a copy first, so that a damaged one is never modified (see [`ledger`]).
    pub fn open(dir: &Path) -> Result<SledStore, StoreError> {
        wait_until_free(dir)?;
        let ledger_path = ledger::ledger_path(dir);
        let acknowledged = ledger::read(&ledger_path)?;
        match &acknowledged {
            // A new store gets its ledger before sled writes a byte, so a crash while sled
            // creates its files leaves a ledger that acknowledges nothing, not sled's files
            // without a ledger.
            None if unledgered::is_new(dir) => {
                std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
                    dir: dir.to_path_buf(),
                    source,
                })?;
                ledger::adopt(&ledger_path).map_err(|source| StoreError::LedgerWrite {
                    path: ledger_path.clone(),
                    source,
                })?;
            }
            None => unledgered::refuse_unledgered(dir, &ledger_path)?,
            Some(acknowledged) => {
                let untouched = !acknowledged.clean_files.is_empty()
                    && ledger::fingerprint(dir).ok().as_ref() == Some(&acknowledged.clean_files);
                if !untouched {
                    check_copy(dir, acknowledged)?;
                }
            }
        }
        let mut store = SledStore::open_unchecked(dir)?;
        let holds = store.holdings()?;
        if let Some(acknowledged) = &acknowledged {
            store.refuse_shortfall(acknowledged, &holds)?;
        }
        let ledger = ledger::Ledger::new(ledger_path, holds);
        // From here until a clean close, the next open checks a copy first.
        ledger
            .write(BTreeMap::new())
            .map_err(|source| StoreError::LedgerWrite {
                path: ledger.path().to_path_buf(),
                source,
            })?;
        ledger::Ledger::spawn_writer(&ledger);
        store.ledger = Some(ledger);
        Ok(store)
    }

    /// Opens without the ledger: for checking a copy, and inside [`SledStore::open`].
    fn open_unchecked(dir: &Path) -> Result<SledStore, StoreError> {
        std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
            dir: dir.to_path_buf(),
            source,
        })?;
        let db = open_db(dir)?;
        let trees = Trees::open(&db)?;
        let store = SledStore {
            db,
            dir: dir.to_path_buf(),
            trees,
            ledger: None,
            backup_gate: Arc::default(),
            starts: Arc::default(),
        };
        store.settle_schema()?;
        store.live_games()?;
        store.challenges()?;
        Ok(store)
    }

    /// What the store holds, in the ledger's terms.
    fn holdings(&self) -> Result<ledger::Acknowledged, StoreError> {
        Ok(ledger::Acknowledged {
            finished_games: self.trees.finished_games.len() as u64,
            players: self.trees.players.len() as u64,
            live: self
                .live_games()?
                .iter()
                .map(|game| (game.id, game.record.events.len() as u64))
                .collect(),
            clean_files: BTreeMap::new(),
        })
    }

    fn refuse_shortfall(
        &self,
        acknowledged: &ledger::Acknowledged,
        holds: &ledger::Acknowledged,
    ) -> Result<(), StoreError> {
        let t = &self.trees;
        // A live game that finished since, or whose corrupt record was moved to the quarantine
        // (logged, listed, and failing check-store), is accounted for.
        let missing = ledger::shortfall(acknowledged, holds, |id| {
            let key = codec::id_key(id);
            let hex: String = key.iter().map(|byte| format!("{byte:02x}")).collect();
            t.finished_games.contains_key(key).unwrap_or(false)
                || self.was_cancelled(id)
                || t.quarantine
                    .contains_key(format!("v1/live_games/{hex}"))
                    .unwrap_or(false)
        });
        if missing.is_empty() {
            return Ok(());
        }
        Err(damaged(&self.dir, missing))
    }

    /// Writes the ledger now (the writer thread otherwise does within a second).
    pub fn checkpoint(&self) -> Result<(), StoreError> {
        self.close_with(BTreeMap::new())
    }

    /// Flushes and records the files' checksums in the ledger, so the next open may skip the
    /// check on a copy. Call when nothing writes any more (after the service has stopped).
    pub fn close_cleanly(&self) -> Result<(), StoreError> {
        self.flush()?;
        let files = ledger::fingerprint(&self.dir).unwrap_or_default();
        self.close_with(files)
    }

    /// Tells the ledger about a commit that just became durable.
    fn acknowledge(&self, change: impl FnOnce(&ledger::Ledger)) {
        if let Some(ledger) = &self.ledger {
            change(ledger);
        }
    }

    fn close_with(&self, files: BTreeMap<String, (u64, u64)>) -> Result<(), StoreError> {
        self.flush()?;
        let Some(ledger) = &self.ledger else {
            return Ok(());
        };
        ledger.set_players(self.trees.players.len() as u64);
        ledger
            .write(files)
            .map_err(|source| StoreError::LedgerWrite {
                path: ledger.path().to_path_buf(),
                source,
            })
    }

    /// A fresh id for a game or a challenge, never handed out before (even across crashes).
    pub fn next_id(&self) -> Result<u64, StoreError> {
        Ok(self.db.generate_id()?.saturating_add(1))
    }

    /// Every record that was found corrupt: ("tree/hex key", reason).
    pub fn quarantined(&self) -> Result<Vec<(String, String)>, StoreError> {
        let mut out = Vec::new();
        for item in self.trees.quarantine.iter() {
            let (key, value) = item?;
            let reason = codec::decode::<(String, Vec<u8>)>(&value)
                .map(|(reason, _raw)| reason)
                .unwrap_or_else(|error| format!("(quarantine entry unreadable: {error})"));
            out.push((String::from_utf8_lossy(&key).into_owned(), reason));
        }
        Ok(out)
    }

    /// Reads every record of every tree, quarantining what cannot be decoded; returns how many
    /// records were quarantined. Slow on a big store: for an explicit check, not for start-up.
    pub fn check_all(&self) -> Result<usize, StoreError> {
        let before = self.trees.quarantine.len();
        self.players()?;
        self.finished_games()?;
        self.cancelled_games()?;
        self.analyses()?;
        self.live_games()?;
        self.challenges()?;
        self.tournaments()?;
        self.queue_entries()?;
        self.all_guild_settings()?;
        self.all_saved_layouts()?;
        Ok(self.trees.quarantine.len().saturating_sub(before))
    }

    fn flush(&self) -> Result<(), StoreError> {
        let started = Instant::now();
        self.db.flush()?;
        crate::ops::metrics::store_commit(started.elapsed());
        Ok(())
    }

    /// Reads and decodes one record; a corrupt one is quarantined and reads as absent.
    fn read<T: DeserializeOwned>(
        &self,
        tree: &Tree,
        what: &'static str,
        key: &[u8],
    ) -> Result<Option<T>, StoreError> {
        match tree.get(key)? {
            None => Ok(None),
            Some(raw) => self.decode_or_quarantine(tree, what, key, &raw),
        }
    }

    /// Decodes every record of `tree`, quarantining the corrupt ones.
    fn read_all<T: DeserializeOwned>(
        &self,
        tree: &Tree,
        what: &'static str,
    ) -> Result<Vec<T>, StoreError> {
        let mut out = Vec::new();
        for item in tree.iter() {
            let (key, raw) = item?;
            if let Some(value) = self.decode_or_quarantine(tree, what, &key, &raw)? {
                out.push(value);
            }
        }
        Ok(out)
    }

    fn decode_or_quarantine<T: DeserializeOwned>(
        &self,
        tree: &Tree,
        what: &'static str,
        key: &[u8],
        raw: &[u8],
    ) -> Result<Option<T>, StoreError> {
        match codec::decode(raw) {
            Ok(value) => Ok(Some(value)),
            Err(reason) => {
                self.quarantine(tree, what, key, raw, &reason)?;
                Ok(None)
            }
        }
    }

    /// Moves a corrupt record out of `tree` into the quarantine, logging it.
    fn quarantine(
        &self,
        tree: &Tree,
        what: &'static str,
        key: &[u8],
        raw: &[u8],
        reason: &str,
    ) -> Result<(), StoreError> {
        let tree_name = String::from_utf8_lossy(&tree.name()).into_owned();
        let hex: String = key.iter().map(|byte| format!("{byte:02x}")).collect();
        let name = format!("{tree_name}/{hex}");
        warn!(tree = %tree_name, key = %hex, %reason, "corrupt {what} record moved to quarantine");
        let entry = codec::encode("quarantine", &(format!("{what}: {reason}"), raw.to_vec()))?;
        self.acknowledge(|ledger| ledger.quarantined(what, codec::id_from_key(key)));
        self.trees.quarantine.insert(name.as_bytes(), entry)?;
        // Only remove what was read: a record rewritten meanwhile is left alone.
        let _ = tree.compare_and_swap(key, Some(raw), None::<&[u8]>)?;
        if what == players::PLAYER
            && let Some(user) = codec::id_from_key(key)
        {
            self.forget_rank_entries(user)?;
        }
        self.flush()
    }
}

/// The refusal of a store that lost acknowledged data, pointing at the newest backup.
fn damaged(dir: &Path, missing: Vec<String>) -> StoreError {
    StoreError::Damaged {
        dir: dir.to_path_buf(),
        missing,
        restore: damaged_restore(dir),
    }
}

/// What to do about a refused store: restore the newest backup in `DATA/backups`, if any.
fn damaged_restore(dir: &Path) -> String {
    let backups = dir.parent().unwrap_or(Path::new(".")).join("backups");
    match ledger::newest_backup(&backups) {
        Some(backup) => format!(
            "Restore the newest backup into a new directory: junqi-bot restore {} --data NEW_DIR",
            backup.display()
        ),
        None => format!("No backup found in {}.", backups.display()),
    }
}

/// Opens a copy of `dir` and compares it with the ledger; the original is untouched either way.
fn check_copy(dir: &Path, acknowledged: &ledger::Acknowledged) -> Result<(), StoreError> {
    if !dir.is_dir() {
        return Err(damaged(
            dir,
            vec![format!("the directory {} is gone", dir.display())],
        ));
    }
    unledgered::on_a_copy(dir, |copy| {
        let store = match SledStore::open_unchecked(copy) {
            Ok(store) => store,
            // A newer or unreadable schema is its own, clearer refusal.
            Err(
                error @ (StoreError::NewerSchema { .. }
                | StoreError::UnreadableSchema(_)
                | StoreError::Locked { .. }),
            ) => return Err(error),
            Err(error) => {
                return Err(damaged(dir, vec![format!("sled cannot open it ({error})")]));
            }
        };
        let holds = store.holdings()?;
        store
            .refuse_shortfall(acknowledged, &holds)
            .map_err(|error| match error {
                StoreError::Damaged { missing, .. } => damaged(dir, missing),
                other => other,
            })
    })
}

/// How long to wait for sled's lock: a handle dropped in this process releases it only when
/// sled's background threads have stopped, a few milliseconds later.
const LOCK_WAIT: Duration = Duration::from_secs(3);

/// Waits (up to [`LOCK_WAIT`]) until no process holds sled's lock on the directory, so a
/// store in use is reported as such before any copy is made.
fn wait_until_free(dir: &Path) -> Result<(), StoreError> {
    let started = Instant::now();
    loop {
        let Ok(file) = std::fs::File::open(dir.join("db")) else {
            return Ok(());
        };
        match file.try_lock() {
            Ok(()) => return Ok(()),
            Err(std::fs::TryLockError::WouldBlock) if started.elapsed() < LOCK_WAIT => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(StoreError::Locked {
                    dir: dir.to_path_buf(),
                });
            }
            Err(std::fs::TryLockError::Error(_)) => return Ok(()),
        }
    }
}

fn open_db(dir: &Path) -> Result<Db, StoreError> {
    let started = Instant::now();
    loop {
        match sled::Config::new().path(dir).open() {
            Ok(db) => return Ok(db),
            // sled wraps the lock failure in an `Other` error that only its text tells apart.
            Err(sled::Error::Io(error))
                if error.kind() == std::io::ErrorKind::WouldBlock
                    || error.to_string().contains("could not acquire lock") =>
            {
                if started.elapsed() >= LOCK_WAIT {
                    return Err(StoreError::Locked {
                        dir: dir.to_path_buf(),
                    });
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(source) => {
                return Err(StoreError::Open {
                    dir: dir.to_path_buf(),
                    source,
                });
            }
        }
    }
}

/// Turns a transaction's result into ours.
fn from_transaction<T>(
    result: Result<T, sled::transaction::TransactionError<StoreError>>,
) -> Result<T, StoreError> {
    result.map_err(|error| match error {
        sled::transaction::TransactionError::Abort(error) => error,
        sled::transaction::TransactionError::Storage(error) => StoreError::Sled(error),
    })
}
