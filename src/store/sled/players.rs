//! Player stats and the leaderboards. Each player with at least one rated game of a kind has one
//! key in `rank` per board of that kind's ladder (global and each guild they were seen in), ordered by (−points, −wins, games, user),
//! so a top N is a prefix scan; `rank_counts` holds how many players of a scope have each points
//! value and each bucket of 256 values, so a place (shared by equal points: 1 + the players with
//! more points) sums the buckets above and the values above in its own bucket.

use std::collections::BTreeMap;

use sled::Transactional;
use sled::transaction::{ConflictableTransactionError, TransactionalTree, abort};

use super::{SledStore, from_transaction};
use crate::GameKind;
use crate::store::codec::{
    self, RANK_KEY_LEN, Scope, bucket_key, bucket_top, count_key, count_keys, count_value,
    first_bucket, id_key, rank_key, scope,
};
use crate::store::error::StoreError;
use crate::store::records::{PlayerStats, UserId};
use crate::store::stats::{self, Update};

pub(super) const PLAYER: &str = "player";

/// Leaderboard keys and counts, as [`SledStore::expected_rank`] computes them.
pub(super) type RankEntries = (Vec<Vec<u8>>, BTreeMap<Vec<u8>, u64>);

type TxResult<T> = Result<T, ConflictableTransactionError<StoreError>>;

/// A player's place in one board: its scope, its rank key and the points it counts under.
struct BoardEntry {
    scope: Scope,
    key: [u8; RANK_KEY_LEN],
    points: i64,
}

/// The boards a player stands in: on each ladder they played a rated game of, the global board
/// and those of the guilds they were seen in.
fn entries(stats: &PlayerStats) -> Vec<BoardEntry> {
    let mut out = Vec::new();
    for game in stats.ranked_ladders() {
        let on_ladder = stats.on(game);
        let guilds = stats.guilds.iter().map(|guild| Some(*guild));
        for guild in std::iter::once(None).chain(guilds) {
            let scope = scope(game, guild);
            out.push(BoardEntry {
                scope,
                key: rank_key(&scope, &on_ladder),
                points: on_ladder.points,
            });
        }
    }
    out
}

fn read_player(players: &TransactionalTree, user: UserId) -> TxResult<Option<PlayerStats>> {
    match players.get(id_key(user))? {
        None => Ok(None),
        Some(raw) => match codec::decode(&raw) {
            Ok(stats) => Ok(Some(stats)),
            Err(reason) => abort(StoreError::Corrupt {
                what: PLAYER,
                reason,
            }),
        },
    }
}

fn add_count(counts: &TransactionalTree, key: &[u8], delta: i64) -> TxResult<()> {
    let now = counts.get(key)?.map_or(0, |value| count_value(&value));
    let next = now.saturating_add_signed(delta);
    if next == 0 {
        counts.remove(key)?;
    } else {
        counts.insert(key, &next.to_be_bytes())?;
    }
    Ok(())
}

/// Writes `new` in place of `old`, moving its leaderboard keys.
fn write_player(
    players: &TransactionalTree,
    rank: &TransactionalTree,
    counts: &TransactionalTree,
    old: Option<&PlayerStats>,
    new: &PlayerStats,
) -> TxResult<()> {
    if let Some(old) = old {
        for entry in entries(old) {
            rank.remove(&entry.key[..])?;
            for key in count_keys(&entry.scope, entry.points) {
                add_count(counts, &key, -1)?;
            }
        }
    }
    for entry in entries(new) {
        rank.insert(&entry.key[..], &[])?;
        for key in count_keys(&entry.scope, entry.points) {
            add_count(counts, &key, 1)?;
        }
    }
    let value = codec::encode(PLAYER, new).map_err(ConflictableTransactionError::Abort)?;
    players.insert(&id_key(new.user), value)?;
    Ok(())
}

/// Applies one seat's result inside the game-end transaction; returns the new stats.
pub(super) fn apply(
    players: &TransactionalTree,
    rank: &TransactionalTree,
    counts: &TransactionalTree,
    update: &Update,
) -> TxResult<PlayerStats> {
    let old = read_player(players, update.user)?;
    let new = stats::applied(old.as_ref(), update);
    write_player(players, rank, counts, old.as_ref(), &new)?;
    Ok(new)
}

impl SledStore {
    /// A player's stats; zeroes (with `user` set) for someone never seen.
    pub fn player(&self, user: UserId) -> Result<PlayerStats, StoreError> {
        let stats = self.read(&self.trees.players, PLAYER, &id_key(user))?;
        Ok(stats.unwrap_or_else(|| PlayerStats::new(user)))
    }

    /// Every player with a record, by user id.
    pub fn players(&self) -> Result<Vec<PlayerStats>, StoreError> {
        self.read_all(&self.trees.players, PLAYER)
    }

    /// Records a player's display name and that they were seen in `guild`; durable on return.
    pub fn set_player_name(&self, user: UserId, name: &str, guild: u64) -> Result<(), StoreError> {
        self.name_player(user, name, guild)?;
        self.flush()
    }

    /// [`SledStore::set_player_name`] without the flush: the caller flushes before it
    /// acknowledges (one flush for a whole game start).
    pub(super) fn name_player(
        &self,
        user: UserId,
        name: &str,
        guild: u64,
    ) -> Result<(), StoreError> {
        self.player(user)?; // quarantines a corrupt record first
        let t = &self.trees;
        let result =
            (&t.players, &t.rank, &t.rank_counts).transaction(|(players, rank, counts)| {
                let old = read_player(players, user)?;
                let new = stats::named(old.as_ref(), user, name, guild);
                if old.as_ref() != Some(&new) {
                    write_player(players, rank, counts, old.as_ref(), &new)?;
                }
                Ok(())
            });
        from_transaction(result)
    }

    /// The top `top` players of `game`'s ladder by points (ties: more wins, then fewer games),
    /// of one guild or of everyone (`None`), each as [`PlayerStats::on`] that ladder. Only
    /// players with at least one rated game of that kind are ranked.
    pub fn leaderboard(
        &self,
        game: GameKind,
        guild: Option<u64>,
        top: usize,
    ) -> Result<Vec<PlayerStats>, StoreError> {
        let scope = scope(game, guild);
        let mut out = Vec::with_capacity(top.min(1000));
        for item in self.trees.rank.scan_prefix(scope) {
            if out.len() >= top {
                break;
            }
            let (key, _) = item?;
            let Some(user) = codec::user_of_rank_key(&key) else {
                continue;
            };
            if let Some(stats) =
                self.read::<PlayerStats>(&self.trees.players, PLAYER, &id_key(user))?
            {
                out.push(stats.on(game));
            }
        }
        Ok(out)
    }

    /// How many players on `game`'s leaderboard have more points than `points`. Sums the
    /// buckets above and the values above in their own bucket: at most a few hundred counts,
    /// however many players share their points.
    pub fn players_above(
        &self,
        game: GameKind,
        points: i64,
        guild: Option<u64>,
    ) -> Result<u64, StoreError> {
        let scope = scope(game, guild);
        let mut above: u64 = 0;
        let counts = &self.trees.rank_counts;
        let buckets = counts.range(&first_bucket(&scope)[..]..&bucket_key(&scope, points)[..]);
        let values = counts
            .range(&count_key(&scope, bucket_top(points))[..]..&count_key(&scope, points)[..]);
        for item in buckets.chain(values) {
            let (_, count) = item?;
            above = above.saturating_add(count_value(&count));
        }
        Ok(above)
    }

    /// Drops every leaderboard key of `user` (after their record was quarantined, when the old
    /// stats that name the keys are unknown): a scan, but corruption is rare.
    pub(super) fn forget_rank_entries(&self, user: UserId) -> Result<(), StoreError> {
        let mut stale = Vec::new();
        for item in self.trees.rank.iter() {
            let (key, _) = item?;
            if codec::user_of_rank_key(&key) == Some(user) {
                stale.push(key);
            }
        }
        for key in stale {
            let t = &self.trees;
            let result = (&t.rank, &t.rank_counts).transaction(|(rank, counts)| {
                if rank.remove(&key)?.is_some()
                    && let Some((scope, points)) = codec::scope_and_points_of_rank_key(&key)
                {
                    for count in count_keys(&scope, points) {
                        add_count(counts, &count, -1)?;
                    }
                }
                Ok(())
            });
            from_transaction(result)?;
        }
        Ok(())
    }

    /// Rebuilds both leaderboard trees from the player records (migration and repair).
    pub(super) fn rebuild_rank(&self) -> Result<(), StoreError> {
        let (keys, counts) = self.expected_rank()?;
        self.trees.rank.clear()?;
        self.trees.rank_counts.clear()?;
        let mut key_batch = sled::Batch::default();
        for key in keys {
            key_batch.insert(key, &[]);
        }
        self.trees.rank.apply_batch(key_batch)?;
        let mut count_batch = sled::Batch::default();
        for (key, count) in counts {
            count_batch.insert(key, &count.to_be_bytes());
        }
        self.trees.rank_counts.apply_batch(count_batch)?;
        Ok(())
    }

    /// The leaderboard entries the player records call for: `rank` keys and `rank_counts`
    /// (key → count), for rebuilding them or checking them.
    pub(super) fn expected_rank(&self) -> Result<RankEntries, StoreError> {
        let mut keys = Vec::new();
        let mut counts: BTreeMap<Vec<u8>, u64> = BTreeMap::new();
        for stats in self.players()? {
            for entry in entries(&stats) {
                keys.push(entry.key.to_vec());
                for key in count_keys(&entry.scope, entry.points) {
                    *counts.entry(key[..].to_vec()).or_default() += 1;
                }
            }
        }
        keys.sort();
        Ok((keys, counts))
    }

    /// Imports player stats in bulk (a restore, or seeding a test store), replacing the stats
    /// of those users, and rebuilds the leaderboards. Durable on return; not for live play.
    pub fn import_players(&self, players: &[PlayerStats]) -> Result<(), StoreError> {
        let mut batch = sled::Batch::default();
        for stats in players {
            batch.insert(&id_key(stats.user)[..], codec::encode(PLAYER, stats)?);
        }
        self.trees.players.apply_batch(batch)?;
        self.rebuild_rank()?;
        self.flush()
    }
}
