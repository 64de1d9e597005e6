//! The records the store keeps: live and finished games, open challenges and player stats.
//! They are postcard-encoded behind a record-format byte (see `codec`); changing a field means a
//! new schema version and a migration step.

use serde::{Deserialize, Serialize};

use super::ladders::LadderTotals;
use crate::GameKind;

use crate::ai::Level;
use crate::game::{GameRecord, Outcome, Seat};

/// A Discord user id; the console maps names to stable ids.
pub type UserId = u64;

/// Where a game is played. The console uses guild 0 and a stable hash of the channel name.
#[derive(Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Place {
    pub guild: u64,
    pub channel: u64,
}

impl Place {
    /// The first place in their order (for ranges of places).
    pub const MIN: Place = Place {
        guild: 0,
        channel: 0,
    };
}

/// A game in progress: everything needed to resume it after a restart.
#[derive(Clone, Serialize, Deserialize, PartialEq, Debug)]
pub struct LiveGame {
    pub id: u64,
    pub place: Place,
    /// By seat index (`Seat::First` = the challenger).
    pub players: [UserId; 2],
    pub names: [String; 2],
    /// Replay with `Game::replay`.
    pub record: GameRecord,
    pub turn_secs: u32,
    pub started_at_ms: u64,
    /// When the seat to act times out.
    pub turn_deadline_ms: u64,
    /// The "10 s left" warning for this turn was sent.
    pub warned: bool,
    pub base_score: u32,
    /// Unrated games never change points; they are counted apart from the rated ones (the
    /// players' `unrated_*` totals) and stay off the leaderboards.
    pub rated: bool,
    /// The seat played by the bot and its level.
    pub ai: Option<(Seat, Level)>,
}

/// A game that has ended, with the points each seat got (already applied to the players when
/// the game is rated).
#[derive(Clone, Serialize, Deserialize, PartialEq, Debug)]
pub struct FinishedGame {
    pub game: LiveGame,
    pub ended_at_ms: u64,
    pub outcome: Outcome<Seat>,
    /// Per seat `[first, second]`, from `scoring::points_for`.
    pub points: [i64; 2],
}

/// A remembered rematch window: the last game `user` played at `place` (a channel, or a thread
/// made for a game), which `/rematch` there repeats once it has finished.
#[derive(Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Debug)]
pub struct RematchWindow {
    pub place: Place,
    pub user: UserId,
    pub game: u64,
}

/// The `challenged` of an open challenge (`/challenge` with no member): anyone but the
/// challenger may take it. No Discord user id and no console name hashes to it.
pub const ANYONE: UserId = u64::MAX;

/// An open challenge waiting for an answer.
#[derive(Clone, Serialize, Deserialize, PartialEq, Debug)]
pub struct Challenge {
    pub id: u64,
    pub place: Place,
    pub challenger: UserId,
    pub challenger_name: String,
    pub challenged: UserId,
    pub challenged_name: String,
    pub turn_secs: u32,
    pub created_at_ms: u64,
    pub expires_at_ms: u64,
    pub ai_level: Option<Level>,
    /// The game it is for. Written last: a challenge stored before games had kinds has no
    /// such field and reads as 翻翻棋 (`kind_field`).
    #[serde(deserialize_with = "super::kind_field::trailing")]
    pub game: GameKind,
}

impl Challenge {
    /// Whether anyone but the challenger may take it (`challenged` is [`ANYONE`]).
    pub fn is_for_anyone(&self) -> bool {
        self.challenged == ANYONE
    }

    /// The players it names with their names: the challenger, and whom it challenges unless
    /// anyone.
    pub fn players_named(&self) -> Vec<(UserId, &str)> {
        [
            (self.challenger, self.challenger_name.as_str()),
            (self.challenged, self.challenged_name.as_str()),
        ]
        .into_iter()
        .filter(|(user, _)| *user != ANYONE)
        .collect()
    }
}

/// A player's totals. `wins`, `losses`, `draws`, `abandons` and `games` count rated games only
/// (what the leaderboards show and sort by); `abandons` is the subset of `losses` lost by
/// abandoning; the `unrated_*` fields count the unrated games (an abandon is an unrated loss);
/// `guilds` are the guilds where the player was seen (for guild boards).
///
/// Schema 3 added the `unrated_*` fields; before it, the rated fields counted every game. These
/// fields are 翻翻棋's ladder; `ladders` (schema 4) holds the other games' (`ladders.rs`, which
/// also reads the record).
#[derive(Clone, Serialize, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    pub user: UserId,
    pub name: String,
    pub points: i64,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub abandons: u32,
    pub games: u32,
    pub guilds: Vec<u64>,
    pub unrated_wins: u32,
    pub unrated_losses: u32,
    pub unrated_draws: u32,
    pub ladders: Vec<LadderTotals>,
}

impl PlayerStats {
    /// The stats of someone never seen: zeroes, with `user` set.
    pub fn new(user: UserId) -> PlayerStats {
        PlayerStats {
            user,
            ..PlayerStats::default()
        }
    }

    /// Whether the player stands on the leaderboard of `guild` (the global one for `None`):
    /// they have played a rated game, and were seen in that guild.
    pub fn is_on_board(&self, guild: Option<u64>) -> bool {
        self.games > 0 && guild.is_none_or(|guild| self.guilds.contains(&guild))
    }

    /// How many unrated games the player finished.
    pub fn unrated_games(&self) -> u32 {
        self.unrated_wins
            .saturating_add(self.unrated_losses)
            .saturating_add(self.unrated_draws)
    }
}

/// The places of a leaderboard's rows, best first: shared by equal points and counted as
/// [`Store::position_of`](super::Store::position_of) counts them (1 + the players with more
/// points), so "1, 2, 2, 4". The rows stay ordered by points, then wins, then fewer games.
pub fn shared_places(board: &[PlayerStats]) -> Vec<usize> {
    let mut places: Vec<usize> = Vec::with_capacity(board.len());
    for (index, stats) in board.iter().enumerate() {
        let place = match (index.checked_sub(1), places.last()) {
            (Some(previous), Some(place)) if board[previous].points == stats.points => *place,
            _ => index + 1,
        };
        places.push(place);
    }
    places
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_points_share_a_place_and_the_next_skips() {
        let board: Vec<PlayerStats> = [50, 40, 40, 40, 10, -3, -3]
            .into_iter()
            .map(|points| PlayerStats {
                points,
                ..PlayerStats::default()
            })
            .collect();
        assert_eq!(shared_places(&board), vec![1, 2, 2, 2, 5, 6, 6]);
        assert!(shared_places(&[]).is_empty());
    }
}
