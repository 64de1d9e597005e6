//! A player's standing on each game kind's ladder (docs/rules.md §13: 暗棋 and 明棋 keep points,
//! titles and leaderboards apart from 翻翻棋's). A stored [`PlayerStats`] holds 翻翻棋's totals in
//! its own fields, as every record did before other games had ladders, and the other ladders'
//! totals in `ladders`, its last field; [`PlayerStats::on`] gives the totals of one ladder in the
//! shape every leaderboard, rank and points function reads. Also how a player record is read:
//! a record stored before `ladders` existed ends before it and reads with no other ladder.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::records::PlayerStats;
use crate::GameKind;

/// One ladder's totals of a player, for a game kind other than 翻翻棋 (see [`PlayerStats`] for
/// what each count holds).
#[derive(Clone, Serialize, Deserialize, Debug, Default, PartialEq, Eq)]
pub struct LadderTotals {
    pub game: GameKind,
    pub points: i64,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub abandons: u32,
    pub games: u32,
    pub unrated_wins: u32,
    pub unrated_losses: u32,
    pub unrated_draws: u32,
}

impl PlayerStats {
    /// The player on `game`'s ladder: that ladder's totals, with the player's name and guilds,
    /// and no other ladder. Zeroes for a ladder they never played on.
    pub fn on(&self, game: GameKind) -> PlayerStats {
        let totals = match game {
            GameKind::Flip => self.own_totals(game),
            _ => self
                .ladders
                .iter()
                .find(|totals| totals.game == game)
                .cloned()
                .unwrap_or_default(),
        };
        let mut out = PlayerStats {
            user: self.user,
            name: self.name.clone(),
            guilds: self.guilds.clone(),
            ..PlayerStats::default()
        };
        out.set_own_totals(&totals);
        out
    }

    /// These stats with `game`'s ladder replaced by the totals of `on_ladder` (a value
    /// [`PlayerStats::on`] gave, then changed); name and guilds are taken from it too.
    pub fn with_ladder(mut self, game: GameKind, on_ladder: &PlayerStats) -> PlayerStats {
        self.user = on_ladder.user;
        self.name = on_ladder.name.clone();
        self.guilds = on_ladder.guilds.clone();
        let totals = on_ladder.own_totals(game);
        if game == GameKind::Flip {
            self.set_own_totals(&totals);
            return self;
        }
        match self.ladders.iter_mut().find(|kept| kept.game == game) {
            Some(kept) => *kept = totals,
            None => {
                self.ladders.push(totals);
                self.ladders.sort_by_key(|kept| kept.game);
            }
        }
        self
    }

    /// The totals in this record's own fields, labelled as `game`'s.
    fn own_totals(&self, game: GameKind) -> LadderTotals {
        LadderTotals {
            game,
            points: self.points,
            wins: self.wins,
            losses: self.losses,
            draws: self.draws,
            abandons: self.abandons,
            games: self.games,
            unrated_wins: self.unrated_wins,
            unrated_losses: self.unrated_losses,
            unrated_draws: self.unrated_draws,
        }
    }

    /// Puts `totals` in this record's own fields.
    fn set_own_totals(&mut self, totals: &LadderTotals) {
        self.points = totals.points;
        self.wins = totals.wins;
        self.losses = totals.losses;
        self.draws = totals.draws;
        self.abandons = totals.abandons;
        self.games = totals.games;
        self.unrated_wins = totals.unrated_wins;
        self.unrated_losses = totals.unrated_losses;
        self.unrated_draws = totals.unrated_draws;
    }

    /// The ladders on which the player stands (a rated game played), in [`GameKind::ALL`]'s order.
    pub fn ranked_ladders(&self) -> impl Iterator<Item = GameKind> + '_ {
        GameKind::ALL
            .into_iter()
            .filter(|game| self.on(*game).games > 0)
    }
}

const FIELDS: [&str; 13] = [
    "user",
    "name",
    "points",
    "wins",
    "losses",
    "draws",
    "abandons",
    "games",
    "guilds",
    "unrated_wins",
    "unrated_losses",
    "unrated_draws",
    "ladders",
];

struct PlayerVisitor;

/// The field at `index`, which every stored player record has.
fn field<'de, T: Deserialize<'de>, A: SeqAccess<'de>>(
    seq: &mut A,
    index: usize,
) -> Result<T, A::Error> {
    seq.next_element()?
        .ok_or_else(|| de::Error::invalid_length(index, &"a player's 12 fields"))
}

impl<'de> Visitor<'de> for PlayerVisitor {
    type Value = PlayerStats;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a player's stats")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PlayerStats, A::Error> {
        let mut stats = PlayerStats {
            user: field(&mut seq, 0)?,
            name: field(&mut seq, 1)?,
            points: field(&mut seq, 2)?,
            wins: field(&mut seq, 3)?,
            losses: field(&mut seq, 4)?,
            draws: field(&mut seq, 5)?,
            abandons: field(&mut seq, 6)?,
            games: field(&mut seq, 7)?,
            guilds: field(&mut seq, 8)?,
            unrated_wins: field(&mut seq, 9)?,
            unrated_losses: field(&mut seq, 10)?,
            unrated_draws: field(&mut seq, 11)?,
            ladders: Vec::new(),
        };
        // A record of an older build ends here; the store's format (postcard) then reports the
        // end of its input, which reads as "no other ladder". A malformed list leaves bytes over,
        // which `codec::decode_bare` refuses; a record cut short exactly at an element's end
        // would read as fewer ladders, but both backends checksum what they keep.
        if let Ok(Some(ladders)) = seq.next_element::<Vec<LadderTotals>>() {
            stats.ladders = ladders;
        }
        Ok(stats)
    }
}

impl<'de> Deserialize<'de> for PlayerStats {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PlayerStats, D::Error> {
        deserializer.deserialize_struct("PlayerStats", &FIELDS, PlayerVisitor)
    }
}

#[cfg(test)]
mod tests;
