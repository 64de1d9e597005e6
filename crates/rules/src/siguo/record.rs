//! The record of a hosted 四国 game (docs/rules.md §17–22): the table's options, the seat that
//! acts first, and every event from the deal to the end. [`SiguoRound::replay`] rebuilds the
//! round from it through the same checks as a live game, so it is all a store keeps.
//!
//! [`SiguoRound::replay`]: super::SiguoRound::replay

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::action::SiguoAction;
use super::deal::SiguoDeal;
use super::position::SiguoRules;
use super::post::SiguoPost;
use super::seat::SiguoSeat;
use super::view::SiguoViewMode;
use crate::standard::Layout;

/// The version written into every record; a record with a higher version is refused.
pub const SIGUO_RECORD_VERSION: u16 = 1;

/// A table's choices for one game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct SiguoOptions {
    pub deal: SiguoDeal,
    pub view: SiguoViewMode,
    pub rules: SiguoRules,
    /// Deals the random deal's shares and the layouts of players who left before they were
    /// ready.
    pub seed: u64,
}

/// The seed decides the shares, secret until picked: Debug output leaves it out.
impl fmt::Debug for SiguoOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SiguoOptions")
            .field("deal", &self.deal)
            .field("view", &self.view)
            .field("rules", &self.rules)
            .field("seed", &"<hidden>")
            .finish()
    }
}

/// One thing that happened in a 四国 game, in the order it happened.
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SiguoEvent {
    /// Random deal: `seat` took the share whose engineer has `share`'s colour.
    Pick {
        seat: SiguoSeat,
        share: SiguoSeat,
    },
    /// Random deal: `seat`, dealt nothing better than a brigadier, asked for a new deal.
    Redeal(SiguoSeat),
    /// `seat` confirmed this layout (出征); when every seat has, play starts.
    Ready {
        seat: SiguoSeat,
        #[serde(with = "any_army_layout")]
        layout: Layout,
    },
    /// `seat`, whose last field marshal died without a flag, raised this headquarters as its
    /// flag (升军旗).
    RaiseFlag {
        seat: SiguoSeat,
        headquarters: SiguoPost,
    },
    /// The seat to act played an action.
    Act(SiguoAction),
    /// The seat to act ran out of time.
    Timeout,
    /// `seat` left (逃跑).
    Leave(SiguoSeat),
    ProposeDraw(SiguoSeat),
    AnswerDraw {
        seat: SiguoSeat,
        accept: bool,
    },
}

/// Layouts are secret until the end: Debug output names the seat, never a piece.
impl fmt::Debug for SiguoEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SiguoEvent::Pick { seat, share } => write!(f, "Pick({seat} takes {share})"),
            SiguoEvent::Redeal(seat) => write!(f, "Redeal({seat})"),
            SiguoEvent::Ready { seat, .. } => write!(f, "Ready({seat})"),
            SiguoEvent::RaiseFlag { seat, headquarters } => {
                write!(f, "RaiseFlag({seat} {headquarters})")
            }
            SiguoEvent::Act(action) => write!(f, "Act({action})"),
            SiguoEvent::Timeout => f.write_str("Timeout"),
            SiguoEvent::Leave(seat) => write!(f, "Leave({seat})"),
            SiguoEvent::ProposeDraw(seat) => write!(f, "ProposeDraw({seat})"),
            SiguoEvent::AnswerDraw { seat, accept } => write!(f, "AnswerDraw({seat} {accept})"),
        }
    }
}

/// Everything a 四国 game follows from.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SiguoRecord {
    pub version: u16,
    pub options: SiguoOptions,
    pub first: SiguoSeat,
    pub events: Vec<SiguoEvent>,
}

impl SiguoRecord {
    pub fn new(options: SiguoOptions, first: SiguoSeat) -> SiguoRecord {
        SiguoRecord {
            version: SIGUO_RECORD_VERSION,
            options,
            first,
            events: Vec::new(),
        }
    }
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SiguoReplayError {
    #[error(
        "四国 record version {found} is newer than this program understands ({SIGUO_RECORD_VERSION})"
    )]
    FutureVersion { found: u16 },
    #[error("event {index} of the record cannot be replayed: {reason}")]
    BadEvent { index: usize, reason: String },
}

/// A layout stored as its notation and read back with the rules checked against its own
/// pieces (a random deal's share may hold three flags); the replay checks them against the
/// player's share.
mod any_army_layout {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::standard::Layout;

    pub fn serialize<S: Serializer>(layout: &Layout, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(layout)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Layout, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Layout::parse_any_army(&text).map_err(serde::de::Error::custom)
    }
}
