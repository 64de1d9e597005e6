//! The schema version of a data directory and the steps that bring an older one up to date.
//!
//! Schema 0 is the unversioned layout: trees `players`, `live_games`, `finished_games` and
//! `challenges` holding bare postcard records (no format byte), no `meta` tree and no indexes.
//! Schema 1 moves every record into the `v1/` trees behind the format byte and builds the
//! indexes. Schema 2 adds the per-player history index, built from the finished games. Schema 3
//! counts unrated games apart in the player records (`legacy`), recounted once from the finished
//! games, and rebuilds the leaderboards, which rank rated results only. Schema 4 (current) gives
//! the player records the other game kinds' ladders as a last field: a schema-3 record reads as
//! one with none, so the step only stamps the version, which keeps an older build (that would
//! take a record with ladders for a damaged one) from opening the directory. A step
//! sets the version last and can run again after a crash: steps 0→1 and 1→2 write only into
//! new trees, step 2→3 rewrites the players in one atomic batch and reads either layout.

use serde::Serialize;
use serde::de::DeserializeOwned;
use sled::Tree;
use tracing::info;

use super::{SCHEMA_KEY, SCHEMA_VERSION, SledStore};
use crate::store::codec::{self, id_key, pair_key, place_key};
use crate::store::error::StoreError;
use crate::store::legacy::{self, PlayerStatsV2};
use crate::store::records::{Challenge, FinishedGame, LiveGame};

/// Schema 0's trees.
pub const V0_TREES: [&str; 4] = ["players", "live_games", "finished_games", "challenges"];

impl SledStore {
    /// The schema version recorded in the directory, if any.
    pub fn schema_version(&self) -> Result<Option<u32>, StoreError> {
        match self.trees.meta.get(SCHEMA_KEY)? {
            None => Ok(None),
            Some(raw) => match <[u8; 4]>::try_from(raw.as_ref()) {
                Ok(bytes) => Ok(Some(u32::from_be_bytes(bytes))),
                Err(_) => Err(StoreError::UnreadableSchema(raw.to_vec())),
            },
        }
    }

    fn set_schema_version(&self, version: u32) -> Result<(), StoreError> {
        self.trees.meta.insert(SCHEMA_KEY, &version.to_be_bytes())?;
        self.flush()
    }

    /// Refuses a newer directory, migrates an older one, stamps a new one.
    pub(super) fn settle_schema(&self) -> Result<(), StoreError> {
        let found = match self.schema_version()? {
            Some(version) => version,
            None if self.has_v0_data()? => 0,
            None => return self.set_schema_version(SCHEMA_VERSION),
        };
        if found > SCHEMA_VERSION {
            return Err(StoreError::NewerSchema {
                dir: self.dir.clone(),
                found,
                supported: SCHEMA_VERSION,
            });
        }
        for from in found..SCHEMA_VERSION {
            info!(from, to = from + 1, dir = %self.dir.display(), "migrating the store");
            match from {
                0 => self.migrate_v0_to_v1()?,
                1 => {
                    self.rebuild_history()?;
                    self.flush()?;
                }
                2 => self.migrate_v2_to_v3()?,
                3 => {}
                _ => {
                    return Err(StoreError::Corrupt {
                        what: "schema",
                        reason: format!("no migration step from schema {from}"),
                    });
                }
            }
            self.set_schema_version(from + 1)?;
        }
        Ok(())
    }

    fn has_v0_data(&self) -> Result<bool, StoreError> {
        let names = self.db.tree_names();
        for name in V0_TREES {
            if names
                .iter()
                .any(|existing| existing.as_ref() == name.as_bytes())
                && !self.db.open_tree(name)?.is_empty()
            {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn migrate_v0_to_v1(&self) -> Result<(), StoreError> {
        let t = &self.trees;
        for tree in [&t.players, &t.live_games, &t.finished_games, &t.challenges] {
            tree.clear()?;
        }
        self.copy_v0::<PlayerStatsV2>("players", "player", &t.players)?;
        self.copy_v0::<LiveGame>("live_games", "live game", &t.live_games)?;
        self.copy_v0::<FinishedGame>("finished_games", "finished game", &t.finished_games)?;
        self.copy_v0::<Challenge>("challenges", "challenge", &t.challenges)?;
        // The players are still in schema 2's layout: step 2→3 builds the leaderboards.
        self.rebuild_game_indexes()?;
        self.flush()?;
        // Dropping the old trees before the caller sets the version is safe: a restart in
        // between finds no schema-0 data and stamps the complete v1 trees as current.
        for name in V0_TREES {
            self.db.drop_tree(name)?;
        }
        Ok(())
    }

    /// Moves each player's unrated results out of their rated totals (counted from the
    /// finished games), then rebuilds the leaderboards from the new totals. An undecodable
    /// player record is quarantined.
    fn migrate_v2_to_v3(&self) -> Result<(), StoreError> {
        let unrated = legacy::unrated_tallies(&self.finished_games()?);
        let mut batch = sled::Batch::default();
        for item in self.trees.players.iter() {
            let (key, raw) = item?;
            match legacy::player_record(&raw, &unrated) {
                Ok(stats) => batch.insert(key, codec::encode(super::players::PLAYER, &stats)?),
                Err(reason) => {
                    self.quarantine(&self.trees.players, "player", &key, &raw, &reason)?
                }
            }
        }
        self.trees.players.apply_batch(batch)?;
        self.rebuild_rank()?;
        self.flush()
    }

    /// Re-encodes one schema-0 tree into its schema-1 tree; undecodable records are quarantined.
    fn copy_v0<T: Serialize + DeserializeOwned>(
        &self,
        old_name: &str,
        what: &'static str,
        new: &Tree,
    ) -> Result<(), StoreError> {
        let old = self.db.open_tree(old_name)?;
        for item in old.iter() {
            let (key, raw) = item?;
            match codec::decode_bare::<T>(&raw) {
                Ok(record) => {
                    new.insert(&key, codec::encode(what, &record)?)?;
                }
                Err(reason) => self.quarantine(&old, what, &key, &raw, &reason)?,
            }
        }
        Ok(())
    }

    /// Rebuilds every index (channel → live game, pair → last game, leaderboards, history) from the
    /// records. Used by migrations; also a repair tool.
    pub fn rebuild_indexes(&self) -> Result<(), StoreError> {
        self.rebuild_game_indexes()?;
        self.rebuild_rank()?;
        self.flush()
    }

    /// Rebuilds the indexes made from the games: channel → live game, pair → last game and
    /// the history.
    fn rebuild_game_indexes(&self) -> Result<(), StoreError> {
        let t = &self.trees;
        t.live_by_place.clear()?;
        for game in self.live_games()? {
            t.live_by_place
                .insert(place_key(game.place), &id_key(game.id))?;
        }
        t.pair_last.clear()?;
        let mut finished = self.finished_games()?;
        finished.sort_by_key(|done| (done.ended_at_ms, done.game.id));
        for done in finished {
            let players = done.game.players;
            t.pair_last
                .insert(pair_key(players[0], players[1]), &id_key(done.game.id))?;
        }
        self.rebuild_history()
    }
}
