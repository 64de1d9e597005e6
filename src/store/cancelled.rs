//! Cancelled games (`/cancel` by a moderator): a live game ended with no result at all, kept
//! apart from the finished games so that nothing that counts results (the players' totals, the
//! leaderboards, the last game between two players, tournament scores, the audits that
//! recount points) can ever count one. Each player's history shows it beside their finished
//! games, as cancelled, with who cancelled it and why. Stored under its own tree (sled) or
//! table (PostgreSQL, migration 008), carried by backups, check-store and migrate-store.

use serde::{Deserialize, Serialize};

use super::records::{FinishedGame, LiveGame, UserId};
use crate::game::{Outcome, Seat};

/// The record layout this build writes.
pub const CANCELLED_GAME_VERSION: u16 = 1;

/// The longest reason kept, in characters (Discord's option allows more; a history line must
/// stay short).
pub const REASON_CHARS: usize = 200;

/// A live game a moderator ended without a result.
#[derive(Clone, Serialize, Deserialize, PartialEq, Debug)]
pub struct CancelledGame {
    pub version: u16,
    /// The game as it stood (its record holds every action played).
    pub game: LiveGame,
    pub ended_at_ms: u64,
    /// Who cancelled it, and their name at the time.
    pub by: UserId,
    pub by_name: String,
    /// Why, as they wrote it (may be empty).
    pub reason: String,
}

/// How a game in a history ended.
#[derive(Clone, PartialEq, Debug)]
pub enum HistoryEnd {
    /// Played to a result, with the points each seat got.
    Finished {
        outcome: Outcome<Seat>,
        points: [i64; 2],
    },
    /// Cancelled by a moderator: no result, no points.
    Cancelled {
        by: UserId,
        by_name: String,
        reason: String,
    },
}

/// One game of a player's history: finished or cancelled.
#[derive(Clone, PartialEq, Debug)]
pub struct HistoryEntry {
    pub game: LiveGame,
    pub ended_at_ms: u64,
    pub end: HistoryEnd,
}

impl From<FinishedGame> for HistoryEntry {
    fn from(finished: FinishedGame) -> HistoryEntry {
        HistoryEntry {
            game: finished.game,
            ended_at_ms: finished.ended_at_ms,
            end: HistoryEnd::Finished {
                outcome: finished.outcome,
                points: finished.points,
            },
        }
    }
}

impl From<CancelledGame> for HistoryEntry {
    fn from(cancelled: CancelledGame) -> HistoryEntry {
        HistoryEntry {
            game: cancelled.game,
            ended_at_ms: cancelled.ended_at_ms,
            end: HistoryEnd::Cancelled {
                by: cancelled.by,
                by_name: cancelled.by_name,
                reason: cancelled.reason,
            },
        }
    }
}

/// A reason as it is kept: trimmed, at most [`REASON_CHARS`] characters, on one line.
pub fn kept_reason(reason: &str) -> String {
    let one_line: String = reason.split_whitespace().collect::<Vec<_>>().join(" ");
    one_line.chars().take(REASON_CHARS).collect()
}
