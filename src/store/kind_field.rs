//! How a stored record reads the game it is for, written as its last field: a challenge, a
//! quick-match entry or a tournament stored before games had kinds ends one field early and
//! reads as 翻翻棋, so an upgrade keeps every open challenge, waiting member and tournament;
//! anything else missing or malformed is refused as before.
//!
//! The store's format (postcard) is positional and writes the game as its variant's index. The
//! field is read as a number so that an index no build knows is refused instead of being taken
//! for the record's end; a record that has ended gives no number, and that is an old record.

use serde::{Deserialize, Deserializer, de};

use crate::GameKind;

/// Reads the game a record is for: `#[serde(deserialize_with = "…")]` on its last field.
pub fn trailing<'de, D: Deserializer<'de>>(deserializer: D) -> Result<GameKind, D::Error> {
    match u32::deserialize(deserializer) {
        Ok(index) => GameKind::ALL
            .get(index as usize)
            .copied()
            .ok_or_else(|| de::Error::custom(format!("unknown game kind {index}"))),
        // The record of an older build ends before its game.
        Err(_) => Ok(GameKind::Flip),
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use super::*;
    use crate::ai::Level;
    use crate::store::codec;
    use crate::store::records::{Challenge, Place};
    use crate::store::{QueueEntry, Tournament};

    /// A challenge as builds before game kinds stored it. (The queue entry's and the
    /// tournament's older forms are read on both backends in tests/it/store_queue.rs and
    /// store_tournaments.rs.)
    #[derive(Serialize)]
    struct OldChallenge {
        id: u64,
        place: Place,
        challenger: u64,
        challenger_name: String,
        challenged: u64,
        challenged_name: String,
        turn_secs: u32,
        created_at_ms: u64,
        expires_at_ms: u64,
        ai_level: Option<Level>,
    }

    fn old_challenge() -> OldChallenge {
        OldChallenge {
            id: 7,
            place: Place {
                guild: 1,
                channel: 2,
            },
            challenger: 3,
            challenger_name: "alice".into(),
            challenged: 4,
            challenged_name: "bob".into(),
            turn_secs: 60,
            created_at_ms: 5,
            expires_at_ms: 6,
            ai_level: Some(Level::Hard),
        }
    }

    fn challenge(game: GameKind) -> Challenge {
        let old = old_challenge();
        Challenge {
            id: old.id,
            place: old.place,
            challenger: old.challenger,
            challenger_name: old.challenger_name,
            challenged: old.challenged,
            challenged_name: old.challenged_name,
            turn_secs: old.turn_secs,
            created_at_ms: old.created_at_ms,
            expires_at_ms: old.expires_at_ms,
            ai_level: old.ai_level,
            game,
        }
    }

    fn entry(game: GameKind) -> QueueEntry {
        QueueEntry {
            user: 3,
            name: "alice".into(),
            place: old_challenge().place,
            turn_secs: 30,
            points: -40,
            joined_at_ms: 9,
            game,
        }
    }

    fn tournament(game: GameKind) -> Tournament {
        Tournament {
            id: 11,
            place: old_challenge().place,
            creator: 3,
            creator_name: "alice".into(),
            minutes: 10,
            turn_secs: 20,
            rated: true,
            created_at_ms: 1,
            starts_at_ms: 2,
            ends_at_ms: 3,
            phase: crate::store::Phase::Running,
            entrants: vec![crate::store::Entrant::new(3, "alice")],
            games: Vec::new(),
            rooms: 1,
            announcement: Some(77),
            game,
        }
    }

    /// Encodes `value`, then checks that it decodes to `expected`.
    fn reads_as<T, U>(value: &T, expected: &U)
    where
        T: Serialize,
        U: serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        let bytes = codec::encode("record", value).expect("encodes");
        assert_eq!(codec::decode::<U>(&bytes).as_ref(), Ok(expected));
    }

    #[test]
    fn every_kind_reads_back() {
        for game in GameKind::ALL {
            reads_as(&challenge(game), &challenge(game));
            reads_as(&entry(game), &entry(game));
            reads_as(&tournament(game), &tournament(game));
        }
    }

    #[test]
    fn a_challenge_stored_before_kinds_reads_as_flip() {
        reads_as(&old_challenge(), &challenge(GameKind::Flip));
    }

    #[test]
    fn a_record_cut_before_its_last_old_field_is_refused() {
        let bytes = codec::encode("challenge", &challenge(GameKind::Dark)).expect("encodes");
        // Drop the game and the ai level (Some(Hard): two bytes), and one more.
        let cut = &bytes[..bytes.len() - 4];
        assert!(codec::decode::<Challenge>(cut).is_err());
        let bytes = codec::encode("queue entry", &entry(GameKind::Dark)).expect("encodes");
        // Drop the game and the last byte of the time joined.
        assert!(codec::decode::<QueueEntry>(&bytes[..bytes.len() - 2]).is_err());
    }

    /// The record with its last byte, the game's index, replaced by an index no build knows.
    fn with_unknown_kind<T: Serialize>(value: &T) -> Vec<u8> {
        let bytes = codec::encode("record", value).expect("encodes");
        [&bytes[..bytes.len() - 1], &[9]].concat()
    }

    #[test]
    fn an_unknown_kind_is_refused() {
        let challenge = with_unknown_kind(&challenge(GameKind::Dark));
        assert!(codec::decode::<Challenge>(&challenge).is_err());
        let entry = with_unknown_kind(&entry(GameKind::Dark));
        assert!(codec::decode::<QueueEntry>(&entry).is_err());
        let tournament = with_unknown_kind(&tournament(GameKind::Dark));
        assert!(codec::decode::<Tournament>(&tournament).is_err());
    }
}
