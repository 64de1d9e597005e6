//! Rematch windows on sled: for each place (a channel or a game's thread) and player, the id of
//! the last game they played there, in the tree `v1/rematch` ((guild, channel, user) → game id).
//! Written when a game moves to a thread (for its channel) and when it finishes, so `/rematch`
//! finds the game after a restart.

use super::SledStore;
use crate::store::codec::{self, id_key, place_key};
use crate::store::error::StoreError;
use crate::store::records::{FinishedGame, Place, RematchWindow, UserId};

/// Opened by name on each call (sled keeps open trees in a map), so the tree needs no schema
/// step: a store without it simply has no windows yet. Backups carry it (it is not derived
/// from other trees), check-store reads it and migrate-store copies it.
pub(super) const TREE: &str = "v1/rematch";

/// A window from its key and value, or why it cannot be read.
pub(super) fn decode_window(key: &[u8], value: &[u8]) -> Result<RematchWindow, String> {
    let (Ok(key), Some(game)) = (<[u8; 24]>::try_from(key), codec::id_from_key(value)) else {
        return Err(format!(
            "a {}-byte key with a {}-byte value (24 and 8 expected)",
            key.len(),
            value.len()
        ));
    };
    let part = |range: std::ops::Range<usize>| codec::id_from_key(&key[range]).unwrap_or(0);
    Ok(RematchWindow {
        place: Place {
            guild: part(0..8),
            channel: part(8..16),
        },
        user: part(16..24),
        game,
    })
}

fn window_key(place: Place, user: UserId) -> [u8; 24] {
    let mut key = [0; 24];
    key[..16].copy_from_slice(&place_key(place));
    key[16..].copy_from_slice(&user.to_be_bytes());
    key
}

impl SledStore {
    /// Records game `game` as the last game of `players` at each of `places`; durable on return.
    pub fn set_rematch_window(
        &self,
        places: &[Place],
        players: [UserId; 2],
        game: u64,
    ) -> Result<(), StoreError> {
        let tree = self.db.open_tree(TREE)?;
        let mut batch = sled::Batch::default();
        for place in places {
            for user in players {
                batch.insert(&window_key(*place, user), &id_key(game));
            }
        }
        tree.apply_batch(batch)?;
        self.flush()
    }

    /// The last game `user` played at `place`, if it has finished.
    pub fn rematch_window(
        &self,
        place: Place,
        user: UserId,
    ) -> Result<Option<FinishedGame>, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        match tree.get(window_key(place, user))? {
            Some(id) => match codec::id_from_key(&id) {
                Some(id) => self.finished_game(id),
                None => Ok(None),
            },
            None => Ok(None),
        }
    }

    /// Every window, in key order; a malformed entry is an error (check-store names it).
    pub fn rematch_windows(&self) -> Result<Vec<RematchWindow>, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        let mut out = Vec::new();
        for item in tree.iter() {
            let (key, value) = item?;
            let window = decode_window(&key, &value).map_err(|reason| StoreError::Corrupt {
                what: "rematch window",
                reason,
            })?;
            out.push(window);
        }
        Ok(out)
    }
}
