//! Live games, finished games and open challenges. A game's end moves it from live to finished
//! and updates both players in one transaction.

use sled::Transactional;
use sled::transaction::{ConflictableTransactionError, abort};

use super::players;
use super::{SledStore, from_transaction};
use crate::store::codec::{self, id_key, pair_key, place_key};
use crate::store::error::StoreError;
use crate::store::records::{Challenge, FinishedGame, LiveGame, Place, PlayerStats, UserId};
use crate::store::stats;

const LIVE_GAME: &str = "live game";
const FINISHED_GAME: &str = "finished game";
const CHALLENGE: &str = "challenge";

impl SledStore {
    /// Stores a live game (new, or after an action); durable on return. Refused when the
    /// channel already has another live game or this game has finished.
    pub fn put_live_game(&self, game: &LiveGame) -> Result<(), StoreError> {
        self.write_live_game(game)?;
        self.flush()?;
        self.acknowledge(|ledger| ledger.live_game(game));
        Ok(())
    }

    /// [`SledStore::put_live_game`] without the flush and the acknowledgement, which the
    /// caller owes.
    fn write_live_game(&self, game: &LiveGame) -> Result<(), StoreError> {
        if self.was_cancelled(game.id) {
            return Err(StoreError::AlreadyFinished(game.id));
        }
        let value = codec::encode(LIVE_GAME, game)?;
        let key = id_key(game.id);
        let place = place_key(game.place);
        let trees = &self.trees;
        let result = (
            &trees.live_games,
            &trees.live_by_place,
            &trees.finished_games,
        )
            .transaction(|(live, by_place, finished)| {
                if finished.get(key)?.is_some() {
                    return abort(StoreError::AlreadyFinished(game.id));
                }
                // An index entry whose game is gone (quarantined) no longer holds the channel.
                if let Some(existing) = by_place.get(place)?.as_deref().and_then(codec::id_from_key)
                    && existing != game.id
                    && live.get(id_key(existing))?.is_some()
                {
                    return abort(StoreError::PlaceBusy {
                        guild: game.place.guild,
                        channel: game.place.channel,
                        existing,
                    });
                }
                live.insert(&key, value.as_slice())?;
                by_place.insert(&place, &key)?;
                Ok(())
            });
        from_transaction(result)
    }

    /// Stores many live games at once (restoring, or filling a store for a benchmark): one
    /// batch per tree and one flush. Not for live play: it skips the one-game-per-channel check.
    pub fn import_live_games(&self, games: &[LiveGame]) -> Result<(), StoreError> {
        let mut live = sled::Batch::default();
        let mut by_place = sled::Batch::default();
        for game in games {
            live.insert(&id_key(game.id)[..], codec::encode(LIVE_GAME, game)?);
            by_place.insert(&place_key(game.place)[..], &id_key(game.id)[..]);
        }
        self.trees.live_games.apply_batch(live)?;
        self.trees.live_by_place.apply_batch(by_place)?;
        self.flush()?;
        for game in games {
            self.acknowledge(|ledger| ledger.live_game(game));
        }
        Ok(())
    }

    /// Stores a live game that moved from `from` to its `place` (a thread made for it): the
    /// old place is free again. Durable on return.
    pub fn move_live_game(&self, game: &LiveGame, from: Place) -> Result<(), StoreError> {
        let key = id_key(game.id);
        let old = place_key(from);
        let result = self.trees.live_by_place.transaction(|by_place| {
            if by_place.get(old)?.as_deref() == Some(&key[..]) {
                by_place.remove(&old)?;
            }
            Ok::<(), sled::transaction::ConflictableTransactionError<StoreError>>(())
        });
        from_transaction(result)?;
        self.put_live_game(game)
    }

    /// Records the players' names (and that they were seen in the game's guild), then numbers
    /// the new live game one more than the highest stored game and stores it; starts in this
    /// process take their turn for the number, so no two get one. Durable on return: one flush
    /// for the names and the game, after the turn, so that starts made together share it (a
    /// game is never durable without the ones numbered before it: sled's log is written in
    /// order).
    pub fn start_live_game(&self, game: &LiveGame) -> Result<LiveGame, StoreError> {
        self.start_leaving_queue(game, &[])
    }

    /// [`SledStore::start_live_game`] for a quick-match pair: their queue entries are removed
    /// once the game is written, durable with it in the same flush; a start that fails leaves
    /// them waiting.
    pub fn start_queued_game(
        &self,
        game: &LiveGame,
        players: [UserId; 2],
    ) -> Result<LiveGame, StoreError> {
        self.start_leaving_queue(game, &players)
    }

    fn start_leaving_queue(
        &self,
        game: &LiveGame,
        leaving: &[UserId],
    ) -> Result<LiveGame, StoreError> {
        for (user, name) in game.players.iter().zip(&game.names) {
            self.name_player(*user, name, game.place.guild)?;
        }
        let mut game = game.clone();
        {
            let _one_at_a_time = self
                .starts
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            game.id = self.highest_game_id()?.saturating_add(1);
            self.write_live_game(&game)?;
        }
        if !leaving.is_empty() {
            self.stage_queue_removal(leaving)?;
        }
        self.flush()?;
        self.acknowledge(|ledger| ledger.live_game(&game));
        Ok(game)
    }

    /// The highest id of any stored game, live or finished (0 when there is none): game
    /// numbers follow it, so they never jump, even after a crash.
    pub fn highest_game_id(&self) -> Result<u64, StoreError> {
        let last = |tree: &sled::Tree| -> Result<u64, StoreError> {
            Ok(tree
                .last()?
                .and_then(|(key, _)| codec::id_from_key(&key))
                .unwrap_or(0))
        };
        Ok(last(&self.trees.live_games)?
            .max(last(&self.trees.finished_games)?)
            .max(self.highest_cancelled_id()?))
    }

    pub fn live_game(&self, id: u64) -> Result<Option<LiveGame>, StoreError> {
        self.read(&self.trees.live_games, LIVE_GAME, &id_key(id))
    }

    /// The live game of a channel (there is at most one).
    pub fn live_game_at(&self, place: Place) -> Result<Option<LiveGame>, StoreError> {
        match self.trees.live_by_place.get(place_key(place))? {
            Some(id) => match codec::id_from_key(&id) {
                Some(id) => self.live_game(id),
                None => Ok(None),
            },
            None => Ok(None),
        }
    }

    /// Every live game, for re-arming timers at start-up.
    pub fn live_games(&self) -> Result<Vec<LiveGame>, StoreError> {
        self.read_all(&self.trees.live_games, LIVE_GAME)
    }

    /// Removes a live game without finishing it (no points, no stats), e.g. a game cancelled
    /// before it began. Durable on return.
    pub fn remove_live_game(&self, id: u64) -> Result<Option<LiveGame>, StoreError> {
        let key = id_key(id);
        let Some(game) = self.live_game(id)? else {
            return Ok(None);
        };
        let place = place_key(game.place);
        let trees = &self.trees;
        let result = (&trees.live_games, &trees.live_by_place).transaction(|(live, by_place)| {
            live.remove(&key)?;
            if by_place.get(place)?.as_deref() == Some(&key[..]) {
                by_place.remove(&place)?;
            }
            Ok(())
        });
        // The ledger forgets the game first: a crash between the two must leave it claiming
        // less than the store holds, never more.
        self.acknowledge(|ledger| ledger.removed_live_game(id));
        from_transaction(result)?;
        self.flush()?;
        Ok(Some(game))
    }

    /// Atomically: removes the live game, stores the finished one and updates both players'
    /// stats (points only when the game is rated). The game must be live: finishing it twice is
    /// refused with [`StoreError::NotLive`], so points are never counted twice. Durable on return.
    pub fn finish_game(&self, finished: &FinishedGame) -> Result<[PlayerStats; 2], StoreError> {
        let game = &finished.game;
        let value = codec::encode(FINISHED_GAME, finished)?;
        // Corrupt player records are quarantined before the transaction, which cannot.
        for user in game.players {
            self.player(user)?;
        }
        let key = id_key(game.id);
        let place = place_key(game.place);
        let pair = pair_key(game.players[0], game.players[1]);
        let updates = stats::updates(finished);
        let _not_during_a_backup = self
            .backup_gate
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let t = &self.trees;
        let trees = [
            &t.live_games,
            &t.live_by_place,
            &t.finished_games,
            &t.pair_last,
            &t.players,
            &t.rank,
            &t.rank_counts,
            &t.history,
        ];
        let result = trees.transaction(|views| {
            let [live, by_place, done, pairs, players, rank, counts, history] = views.as_slice()
            else {
                return abort(StoreError::Corrupt {
                    what: "transaction",
                    reason: "wrong number of trees".into(),
                });
            };
            if live.remove(&key)?.is_none() {
                return abort(StoreError::NotLive(game.id));
            }
            if by_place.get(place)?.as_deref() == Some(&key[..]) {
                by_place.remove(&place)?;
            }
            done.insert(&key, value.as_slice())?;
            pairs.insert(&pair, &key)?;
            super::history::index(history, finished)?;
            let mut after: [PlayerStats; 2] = Default::default();
            for (slot, update) in after.iter_mut().zip(&updates) {
                *slot = players::apply(players, rank, counts, update)?;
            }
            if game.players[0] == game.players[1] {
                after[0] = after[1].clone();
            }
            Ok::<_, ConflictableTransactionError<StoreError>>(after)
        });
        let after = from_transaction(result)?;
        self.flush()?;
        self.acknowledge(|ledger| ledger.finished_game(game.id));
        Ok(after)
    }

    pub fn finished_game(&self, id: u64) -> Result<Option<FinishedGame>, StoreError> {
        self.read(&self.trees.finished_games, FINISHED_GAME, &id_key(id))
    }

    /// Every finished game, oldest id first (for audits and recomputing points).
    pub fn finished_games(&self) -> Result<Vec<FinishedGame>, StoreError> {
        self.read_all(&self.trees.finished_games, FINISHED_GAME)
    }

    /// The last finished game between two players, in either seat order (for the rematch base
    /// score).
    pub fn last_game_between(
        &self,
        a: UserId,
        b: UserId,
    ) -> Result<Option<FinishedGame>, StoreError> {
        match self.trees.pair_last.get(pair_key(a, b))? {
            Some(id) => match codec::id_from_key(&id) {
                Some(id) => self.finished_game(id),
                None => Ok(None),
            },
            None => Ok(None),
        }
    }

    /// Numbers a new challenge, records its players' names (and that they were seen in its
    /// guild) and stores it, with one flush. Durable on return.
    pub fn open_challenge(&self, challenge: &Challenge) -> Result<Challenge, StoreError> {
        let mut challenge = challenge.clone();
        challenge.id = self.next_id()?;
        for (user, name) in challenge.players_named() {
            self.name_player(user, name, challenge.place.guild)?;
        }
        let value = codec::encode(CHALLENGE, &challenge)?;
        self.trees.challenges.insert(id_key(challenge.id), value)?;
        self.flush()?;
        Ok(challenge)
    }

    /// Stores (or replaces) a challenge; durable on return.
    pub fn put_challenge(&self, challenge: &Challenge) -> Result<(), StoreError> {
        let value = codec::encode(CHALLENGE, challenge)?;
        self.trees.challenges.insert(id_key(challenge.id), value)?;
        self.flush()
    }

    /// Removes and returns a challenge (`None` if it was already taken); durable on return.
    pub fn take_challenge(&self, id: u64) -> Result<Option<Challenge>, StoreError> {
        let taken = self.remove_challenge(id)?;
        self.flush()?;
        Ok(taken.map(|(challenge, _)| challenge))
    }

    /// Takes challenge `id` and starts the game `make` makes of it (given the last finished game
    /// between `players`), with one flush; should the start fail, the challenge is put back.
    /// `None` when it was already taken. Durable on return.
    pub fn accept_challenge<F>(
        &self,
        id: u64,
        players: [UserId; 2],
        make: F,
    ) -> Result<Option<LiveGame>, StoreError>
    where
        F: Fn(Challenge, Option<&FinishedGame>) -> LiveGame,
    {
        let Some((challenge, raw)) = self.remove_challenge(id)? else {
            self.flush()?; // a quarantined challenge
            return Ok(None);
        };
        let started = self
            .last_game_between(players[0], players[1])
            .and_then(|last| self.start_live_game(&make(challenge, last.as_ref())));
        if started.is_err() {
            self.trees.challenges.insert(id_key(id), raw)?;
            self.flush()?;
        }
        started.map(Some)
    }

    /// Removes challenge `id` without flushing: it and its bytes, or `None` when it is not
    /// there or was undecodable (then it is in the quarantine).
    fn remove_challenge(&self, id: u64) -> Result<Option<(Challenge, sled::IVec)>, StoreError> {
        let key = id_key(id);
        let Some(raw) = self.trees.challenges.remove(key)? else {
            return Ok(None);
        };
        match codec::decode(&raw) {
            Ok(challenge) => Ok(Some((challenge, raw))),
            Err(reason) => {
                // Put the bytes back only to move them to the quarantine.
                self.trees.challenges.insert(key, raw.clone())?;
                self.quarantine(&self.trees.challenges, CHALLENGE, &key, &raw, &reason)?;
                Ok(None)
            }
        }
    }

    /// The open challenges of a channel.
    pub fn challenge_at(&self, place: Place) -> Result<Vec<Challenge>, StoreError> {
        let mut all = self.challenges()?;
        all.retain(|challenge| challenge.place == place);
        Ok(all)
    }

    /// Every open challenge, for expiring them after a restart.
    pub fn challenges(&self) -> Result<Vec<Challenge>, StoreError> {
        self.read_all(&self.trees.challenges, CHALLENGE)
    }
}
