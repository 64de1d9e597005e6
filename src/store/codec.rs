//! How records and keys are laid out on disk. A record is one format byte followed by its
//! postcard encoding; keys are big-endian so that sled's byte order is the wanted order.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::StoreError;
use super::records::{Place, PlayerStats, UserId};

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

/// The same key whichever order the two players are given in.
pub fn pair_key(a: UserId, b: UserId) -> [u8; 16] {
    let (low, high) = if a <= b { (a, b) } else { (b, a) };
    let mut key = [0; 16];
    key[..8].copy_from_slice(&low.to_be_bytes());
    key[8..].copy_from_slice(&high.to_be_bytes());
    key
}

/// A leaderboard: the global one or one guild's. Guild 0 (the console) is a guild like any other.
pub type Scope = [u8; 9];

pub fn scope(guild: Option<u64>) -> Scope {
    let mut key = [0; 9];
    if let Some(guild) = guild {
        key[0] = 1;
        key[1..].copy_from_slice(&guild.to_be_bytes());
    }
    key
}

/// Points mapped so that byte order is descending points.
fn inverted_points(points: i64) -> [u8; 8] {
    let ascending = (points as u64) ^ (1 << 63);
    (!ascending).to_be_bytes()
}

/// The key of the count of players with `points` in `scope`: ordered by descending points.
pub fn count_key(scope: &Scope, points: i64) -> [u8; 17] {
    let mut key = [0; 17];
    key[..9].copy_from_slice(scope);
    key[9..].copy_from_slice(&inverted_points(points));
    key
}

pub const RANK_KEY_LEN: usize = 33;

/// (scope, descending points, descending wins, ascending games, user): the leaderboard order.
pub fn rank_key(scope: &Scope, stats: &PlayerStats) -> [u8; RANK_KEY_LEN] {
    let mut key = [0; RANK_KEY_LEN];
    key[..17].copy_from_slice(&count_key(scope, stats.points));
    key[17..21].copy_from_slice(&(!stats.wins).to_be_bytes());
    key[21..25].copy_from_slice(&stats.games.to_be_bytes());
    key[25..].copy_from_slice(&stats.user.to_be_bytes());
    key
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
        let global = scope(None);
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
