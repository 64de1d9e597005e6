//! How a stored [`Challenge`] is read: its fields in order, then the game it is for. A challenge
//! stored before games had kinds ends after `ai_level` and reads as 翻翻棋, so an upgrade keeps
//! every open challenge; anything else missing or malformed is refused as before.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};

use super::records::Challenge;
use crate::GameKind;

const FIELDS: [&str; 11] = [
    "id",
    "place",
    "challenger",
    "challenger_name",
    "challenged",
    "challenged_name",
    "turn_secs",
    "created_at_ms",
    "expires_at_ms",
    "ai_level",
    "game",
];

struct ChallengeVisitor;

/// The field at `index`, which every stored challenge has.
fn field<'de, T: serde::Deserialize<'de>, A: SeqAccess<'de>>(
    seq: &mut A,
    index: usize,
) -> Result<T, A::Error> {
    seq.next_element()?
        .ok_or_else(|| de::Error::invalid_length(index, &"a challenge's 10 fields"))
}

impl<'de> Visitor<'de> for ChallengeVisitor {
    type Value = Challenge;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a challenge")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Challenge, A::Error> {
        let id = field(&mut seq, 0)?;
        let place = field(&mut seq, 1)?;
        let challenger = field(&mut seq, 2)?;
        let challenger_name = field(&mut seq, 3)?;
        let challenged = field(&mut seq, 4)?;
        let challenged_name = field(&mut seq, 5)?;
        let turn_secs = field(&mut seq, 6)?;
        let created_at_ms = field(&mut seq, 7)?;
        let expires_at_ms = field(&mut seq, 8)?;
        let ai_level = field(&mut seq, 9)?;
        // The record of an older build ends here: reading on finds its end. The store's format
        // (postcard) writes the game as its variant's index, read as a number so that an index
        // no build knows is refused instead of taken for the end.
        let game = match seq.next_element::<u32>() {
            Ok(Some(index)) => GameKind::ALL
                .get(index as usize)
                .copied()
                .ok_or_else(|| de::Error::custom(format!("unknown game kind {index}")))?,
            Ok(None) | Err(_) => GameKind::Flip,
        };
        Ok(Challenge {
            id,
            place,
            challenger,
            challenger_name,
            challenged,
            challenged_name,
            turn_secs,
            created_at_ms,
            expires_at_ms,
            ai_level,
            game,
        })
    }
}

impl<'de> serde::Deserialize<'de> for Challenge {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Challenge, D::Error> {
        deserializer.deserialize_struct("Challenge", &FIELDS, ChallengeVisitor)
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use super::*;
    use crate::ai::Level;
    use crate::store::codec;
    use crate::store::records::Place;

    /// A challenge as builds before game kinds stored it.
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

    fn challenge(game: GameKind) -> Challenge {
        Challenge {
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
            game,
        }
    }

    #[test]
    fn every_kind_reads_back() {
        for game in GameKind::ALL {
            let bytes = codec::encode("challenge", &challenge(game)).expect("encodes");
            assert_eq!(codec::decode::<Challenge>(&bytes), Ok(challenge(game)));
        }
    }

    #[test]
    fn a_challenge_stored_before_kinds_reads_as_flip() {
        let old = OldChallenge {
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
        };
        let bytes = codec::encode("challenge", &old).expect("encodes");
        assert_eq!(
            codec::decode::<Challenge>(&bytes),
            Ok(challenge(GameKind::Flip))
        );
    }

    #[test]
    fn a_record_cut_before_its_last_old_field_is_refused() {
        let bytes = codec::encode("challenge", &challenge(GameKind::Dark)).expect("encodes");
        // Drop the game and the ai level (Some(Hard): two bytes), and one more.
        let cut = &bytes[..bytes.len() - 4];
        assert!(codec::decode::<Challenge>(cut).is_err());
        let unknown_kind = [&bytes[..bytes.len() - 1], &[9]].concat();
        assert!(codec::decode::<Challenge>(&unknown_kind).is_err());
    }
}
