//! Record layouts of older schemas, read only by the migrations, and the shared step that
//! brings them up to date, so that sled and PostgreSQL migrate a player identically.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::codec;
use super::records::{FinishedGame, PlayerStats, UserId};
use super::stats::{self, SeatResult};

/// A player's totals up to schema 2 (and the bare records of schema 0): every finished game,
/// rated or not, counted in `wins`, `losses`, `draws`, `abandons` and `games`.
#[derive(Clone, Serialize, Deserialize, Debug, Default, PartialEq, Eq)]
pub struct PlayerStatsV2 {
    pub user: UserId,
    pub name: String,
    pub points: i64,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub abandons: u32,
    pub games: u32,
    pub guilds: Vec<u64>,
}

/// One player's results in unrated games: (wins, losses, draws, of the losses abandons).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct UnratedTally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub abandons: u32,
}

/// Each player's unrated results, counted over `finished`.
pub fn unrated_tallies(finished: &[FinishedGame]) -> HashMap<UserId, UnratedTally> {
    let mut out: HashMap<UserId, UnratedTally> = HashMap::new();
    for done in finished.iter().filter(|done| !done.game.rated) {
        for update in stats::updates(done) {
            let tally = out.entry(update.user).or_default();
            match update.result {
                SeatResult::Win => tally.wins += 1,
                SeatResult::Loss => tally.losses += 1,
                SeatResult::Abandon => {
                    tally.losses += 1;
                    tally.abandons += 1;
                }
                SeatResult::Draw => tally.draws += 1,
            }
        }
    }
    out
}

/// A schema-2 player with their unrated results moved out of the rated totals.
pub fn upgrade_player(old: PlayerStatsV2, unrated: UnratedTally) -> PlayerStats {
    let unrated_games = unrated.wins + unrated.losses + unrated.draws;
    PlayerStats {
        user: old.user,
        name: old.name,
        points: old.points,
        wins: old.wins.saturating_sub(unrated.wins),
        losses: old.losses.saturating_sub(unrated.losses),
        draws: old.draws.saturating_sub(unrated.draws),
        abandons: old.abandons.saturating_sub(unrated.abandons),
        games: old.games.saturating_sub(unrated_games),
        guilds: old.guilds,
        unrated_wins: unrated.wins,
        unrated_losses: unrated.losses,
        unrated_draws: unrated.draws,
        ladders: Vec::new(),
    }
}

/// A stored player record as the current layout: a schema-2 record is upgraded with
/// `unrated`, a record already in the current layout (a step interrupted after writing it) is
/// kept. The two layouts cannot be mistaken for each other: each leaves bytes over or runs
/// short when read as the other.
pub fn player_record(
    raw: &[u8],
    unrated: &HashMap<UserId, UnratedTally>,
) -> Result<PlayerStats, String> {
    match codec::decode::<PlayerStatsV2>(raw) {
        Ok(old) => {
            let tally = unrated.get(&old.user).copied().unwrap_or_default();
            Ok(upgrade_player(old, tally))
        }
        Err(old_reason) => codec::decode::<PlayerStats>(raw).map_err(|_| old_reason),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_old_record_loses_its_unrated_games_and_a_new_one_is_kept() {
        let old = PlayerStatsV2 {
            user: 7,
            name: "seven".into(),
            points: 40,
            wins: 5,
            losses: 4,
            draws: 1,
            abandons: 2,
            games: 10,
            guilds: vec![3],
        };
        let tally = UnratedTally {
            wins: 1,
            losses: 2,
            draws: 1,
            abandons: 1,
        };
        let unrated = HashMap::from([(7, tally)]);
        let raw = codec::encode("player", &old).expect("encodes");
        let new = player_record(&raw, &unrated).expect("decodes");
        assert_eq!(
            (new.wins, new.losses, new.draws, new.abandons, new.games),
            (4, 2, 0, 1, 6)
        );
        assert_eq!(
            (new.unrated_wins, new.unrated_losses, new.unrated_draws),
            (1, 2, 1)
        );
        assert_eq!((new.points, new.guilds.clone()), (40, vec![3]));
        let again = codec::encode("player", &new).expect("encodes");
        assert_eq!(player_record(&again, &unrated), Ok(new));
        assert!(player_record(b"\x01garbage", &unrated).is_err());
    }
}
