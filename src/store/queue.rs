//! The record of a member waiting in a server's quick-match queue (`/play`): who, for which
//! game and turn clock, with how many points, since when and in which channel they typed it. One
//! record per member (a member waits in one queue at a time), so a restart or a crash keeps
//! every entry with its waiting time.

use serde::{Deserialize, Serialize};

use super::records::{Place, UserId};
use crate::GameKind;

/// One member waiting for a quick match.
#[derive(Clone, Serialize, Deserialize, PartialEq, Eq, Debug)]
pub struct QueueEntry {
    pub user: UserId,
    pub name: String,
    /// Where they typed `/play`: the queue is the guild's, the game starts in this channel
    /// when they are the longer-waiting of the pair.
    pub place: Place,
    pub turn_secs: u32,
    /// Their points when they joined (pairing brings close points together).
    pub points: i64,
    pub joined_at_ms: u64,
    /// The game they wait for: only members waiting for the same game and clock are paired.
    /// Written last: an entry stored before games had kinds reads as 翻翻棋 (`kind_field`).
    #[serde(deserialize_with = "super::kind_field::trailing")]
    pub game: GameKind,
}
