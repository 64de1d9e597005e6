//! Rematch windows on sled: for each place (a channel or a game's thread) and player, the id of
//! the last game they played there, in the tree `v1/rematch` ((guild, channel, user) → game id).
//! Written when a game moves to a thread (for its channel) and when it finishes, so `/rematch`
//! finds the game after a restart.

use super::SledStore;
use crate::store::codec::{self, id_key, place_key};
use crate::store::error::StoreError;
use crate::store::records::{FinishedGame, Place, UserId};

/// Opened by name on each call (sled keeps open trees in a map), so the tree needs no schema
/// step: a store without it simply has no windows yet.
const TREE: &str = "v1/rematch";

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
}
