//! The sled backend: the bot's persistent state in one embedded directory: players and their stats, live games (with each turn's
//! deadline), finished games, the live game of each channel, open challenges and the leaderboard
//! indexes. Every acknowledged write is flushed to disk before it returns; a game's end and the
//! players' points commit in one transaction. Records carry a format byte and the directory a
//! schema version: a newer directory is refused, an older one migrated, and a record that cannot
//! be decoded is moved to a quarantine tree (logged, listed by [`SledStore::quarantined`]) while
//! everything else keeps working.
//!
//! Trees (schema 2): `meta` (schema version), `v1/players` (user → [`PlayerStats`]),
//! `v1/live_games` and `v1/finished_games` (id → game), `v1/live_by_place` (guild, channel → id),
//! `v1/challenges` (id → [`Challenge`]), `v1/pair_last` (two users → id of their last finished
//! game), `v1/rank` (scope, −points, −wins, games, user → ()), `v1/rank_counts` ((scope, −points) and
//! (scope, −bucket of 256 points) → number of players), `v1/history` ((user, −end time, −game id) → ():
//! each player's finished games, newest first) and `quarantine` ("tree/hex key" → reason and raw bytes).

mod games;
mod history;
mod migrate;
mod players;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use sled::{Db, Tree};
use tracing::warn;

use crate::store::codec;
use crate::store::error::StoreError;

/// The schema this build writes. Bump it with a migration step in `migrate`.
pub const SCHEMA_VERSION: u32 = 2;

const SCHEMA_KEY: &[u8] = b"schema_version";

/// A handle on a sled directory; cheap to clone and share between tasks.
#[derive(Clone)]
pub struct SledStore {
    db: Db,
    dir: PathBuf,
    trees: Trees,
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
    pub fn open(dir: &Path) -> Result<SledStore, StoreError> {
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
        };
        store.settle_schema()?;
        store.live_games()?;
        store.challenges()?;
        Ok(store)
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
        self.live_games()?;
        self.challenges()?;
        Ok(self.trees.quarantine.len().saturating_sub(before))
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
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

/// How long to wait for sled's lock: a handle dropped in this process releases it only when
/// sled's background threads have stopped, a few milliseconds later.
const LOCK_WAIT: Duration = Duration::from_secs(3);

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
