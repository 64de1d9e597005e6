//! How records and keys are laid out on disk. A record is one format byte followed by its
//! postcard encoding; keys are big-endian so that sled's byte order is the wanted order.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::StoreError;
use super::records::{Place, PlayerStats, UserId};
use crate::GameKind;

/// The format byte in front of every record written by schema 1.
pub const RECORD_FORMAT: u8 = 1;

pub fn encode<T: Serialize>(what: &'static str, value: &T) -> Result<Vec<u8>, StoreError> {
    let body =
        postcard::to_allocvec(value).map_err(|source| StoreError::Encode { what, source })?;
    let mut out = Vec::with_capacity(body.len() + 1);
    out.push(RECORD_FORMAT);
    out.extend_from_slice(&body);
    Ok(out)
}

/// Decodes a record, or says why it cannot be (the reason goes to the quarantine).
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    match bytes.split_first() {
        None => Err("empty record".into()),
        Some((&RECORD_FORMAT, body)) => decode_bare(body),
        Some((format, _)) => Err(format!("unknown record format {format}")),
    }
}

/// Decodes a postcard body with nothing left over.
pub fn decode_bare<T: DeserializeOwned>(body: &[u8]) -> Result<T, String> {
    let (value, rest) =
        postcard::take_from_bytes(body).map_err(|error| format!("undecodable record: {error}"))?;
    if rest.is_empty() {
        Ok(value)
    } else {
        Err(format!("{} unexpected bytes after the record", rest.len()))
    }
}

pub fn id_key(id: u64) -> [u8; 8] {
    id.to_be_bytes()
}

pub fn id_from_key(key: &[u8]) -> Option<u64> {
    key.try_into().ok().map(u64::from_be_bytes)
}

pub fn place_key(place: Place) -> [u8; 16] {
    let mut key = [0; 16];
    key[..8].copy_from_slice(&place.guild.to_be_bytes());
    key[8..].copy_from_slice(&place.channel.to_be_bytes());
    key
}

/// The two players of a pair, lower id first, whichever order they are given in.
pub fn pair_key_users(a: UserId, b: UserId) -> (UserId, UserId) {
    if a <= b { (a, b) } else { (b, a) }
}

/// The same key whichever order the two players are given in.
pub fn pair_key(a: UserId, b: UserId) -> [u8; 16] {
    let (low, high) = pair_key_users(a, b);
    let mut key = [0; 16];
    key[..8].copy_from_slice(&low.to_be_bytes());
    key[8..].copy_from_slice(&high.to_be_bytes());
    key
}

/// A leaderboard: a game kind's ladder, global or one guild's. Guild 0 (the console) is a guild
/// like any other.
pub type Scope = [u8; 9];

/// The first byte of a board's keys: twice the ladder's number, plus one for a guild's board.
/// 翻翻棋's boards keep the bytes they had before other games had ladders (0 and 1).
pub fn scope(game: GameKind, guild: Option<u64>) -> Scope {
    let mut key = [0; 9];
    key[0] = ladder_number(game) * 2;
    if let Some(guild) = guild {
        key[0] += 1;
        key[1..].copy_from_slice(&guild.to_be_bytes());
    }
    key
}

/// A ladder's number in keys and rows: fixed forever, whatever order the kinds are listed in.
pub fn ladder_number(game: GameKind) -> u8 {
    match game {
        GameKind::Flip => 0,
        GameKind::Dark => 1,
        GameKind::Open => 2,
    }
}

/// Points mapped so that byte order is descending points.
fn inverted_points(points: i64) -> [u8; 8] {
    let ascending = (points as u64) ^ (1 << 63);
    (!ascending).to_be_bytes()
}

fn points_from_inverted(bytes: [u8; 8]) -> i64 {
    ((!u64::from_be_bytes(bytes)) ^ (1 << 63)) as i64
}

/// Players are counted per points value and per bucket of this many consecutive values, so a
/// position sums a few buckets and at most this many values instead of every value above.
pub const BUCKET_POINTS: i64 = 256;
const COARSE: u8 = 0;
const FINE: u8 = 1;

pub type CountKey = [u8; 18];

fn tagged(scope: &Scope, tag: u8, inverted: [u8; 8]) -> CountKey {
    let mut key = [0; 18];
    key[..9].copy_from_slice(scope);
    key[9] = tag;
    key[10..].copy_from_slice(&inverted);
    key
}

/// The count of players with exactly `points` in `scope`.
pub fn count_key(scope: &Scope, points: i64) -> CountKey {
    tagged(scope, FINE, inverted_points(points))
}

/// The count of players in `points`' bucket in `scope`.
pub fn bucket_key(scope: &Scope, points: i64) -> CountKey {
    tagged(
        scope,
        COARSE,
        inverted_points(points.div_euclid(BUCKET_POINTS)),
    )
}

/// Both counts a player with `points` is part of.
pub fn count_keys(scope: &Scope, points: i64) -> [CountKey; 2] {
    [count_key(scope, points), bucket_key(scope, points)]
}

/// Where the buckets of `scope` begin.
pub fn first_bucket(scope: &Scope) -> [u8; 10] {
    let mut key = [0; 10];
    key[..9].copy_from_slice(scope);
    key[9] = COARSE;
    key
}

/// The highest points value in `points`' bucket.
pub fn bucket_top(points: i64) -> i64 {
    points
        .div_euclid(BUCKET_POINTS)
        .saturating_mul(BUCKET_POINTS)
        .saturating_add(BUCKET_POINTS - 1)
}

/// The prefix of the rank keys of the players with `points` in `scope`.
pub fn group_prefix(scope: &Scope, points: i64) -> [u8; 17] {
    let mut key = [0; 17];
    key[..9].copy_from_slice(scope);
    key[9..].copy_from_slice(&inverted_points(points));
    key
}

pub const RANK_KEY_LEN: usize = 33;

/// (scope, descending points, descending wins, ascending games, user): the leaderboard order.
pub fn rank_key(scope: &Scope, stats: &PlayerStats) -> [u8; RANK_KEY_LEN] {
    let mut key = [0; RANK_KEY_LEN];
    key[..17].copy_from_slice(&group_prefix(scope, stats.points));
    key[17..21].copy_from_slice(&(!stats.wins).to_be_bytes());
    key[21..25].copy_from_slice(&stats.games.to_be_bytes());
    key[25..].copy_from_slice(&stats.user.to_be_bytes());
    key
}

/// The scope and points a rank key was made from.
pub fn scope_and_points_of_rank_key(key: &[u8]) -> Option<(Scope, i64)> {
    if key.len() != RANK_KEY_LEN {
        return None;
    }
    let scope: Scope = key[..9].try_into().ok()?;
    let inverted: [u8; 8] = key[9..17].try_into().ok()?;
    Some((scope, points_from_inverted(inverted)))
}

pub fn user_of_rank_key(key: &[u8]) -> Option<UserId> {
    (key.len() == RANK_KEY_LEN).then(|| id_from_key(&key[25..]))?
}

pub fn count_value(bytes: &[u8]) -> u64 {
    id_from_key(bytes).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(user: UserId, points: i64, wins: u32, games: u32) -> PlayerStats {
        PlayerStats {
            user,
            points,
            wins,
            games,
            ..PlayerStats::default()
        }
    }

    #[test]
    fn rank_keys_sort_by_points_then_wins_then_fewer_games() {
        let global = scope(GameKind::Flip, None);
        let ordered = [
            stats(9, 25_000, 1, 1),
            stats(3, 31, 5, 9),
            stats(1, 31, 4, 5),
            stats(2, 31, 4, 6),
            stats(4, 31, 4, 6),
            stats(5, 0, 0, 1),
            stats(6, -1, 9, 9),
            stats(7, i64::MIN, 0, 0),
        ];
        let keys: Vec<_> = ordered.iter().map(|s| rank_key(&global, s)).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted);
        assert_eq!(user_of_rank_key(&keys[1]), Some(3));
        for stats in &ordered {
            let key = rank_key(&global, stats);
            assert_eq!(
                scope_and_points_of_rank_key(&key),
                Some((global, stats.points))
            );
        }
    }

    #[test]
    fn buckets_order_like_points_and_hold_their_top() {
        let guild = scope(GameKind::Flip, Some(4));
        let points = [i64::MAX, 1000, 256, 255, 1, 0, -1, -256, -257, i64::MIN];
        for pair in points.windows(2) {
            assert!(
                count_key(&guild, pair[0]) < count_key(&guild, pair[1]),
                "{pair:?}"
            );
            assert!(
                bucket_key(&guild, pair[0]) <= bucket_key(&guild, pair[1]),
                "{pair:?}"
            );
            assert!(first_bucket(&guild)[..] <= bucket_key(&guild, pair[0])[..]);
        }
        for p in points {
            let top = bucket_top(p);
            assert!(
                top >= p && bucket_key(&guild, top) == bucket_key(&guild, p),
                "{p}"
            );
        }
        assert_eq!(bucket_top(0), 255);
        assert_eq!(bucket_top(-1), -1);
        assert_eq!(bucket_top(i64::MAX), i64::MAX);
    }

    #[test]
    fn records_round_trip_and_garbage_is_refused() {
        let original = stats(5, -7, 1, 2);
        let bytes = encode("player", &original).expect("encodes");
        assert_eq!(decode::<PlayerStats>(&bytes), Ok(original));
        assert!(decode::<PlayerStats>(b"").is_err());
        assert!(decode::<PlayerStats>(b"\xffgarbage").is_err());
        let mut long = bytes.clone();
        long.push(0);
        assert!(decode::<PlayerStats>(&long).is_err());
    }
}
