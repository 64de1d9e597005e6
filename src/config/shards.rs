//! Which of Discord's gateway shards this process runs, and so which guilds' live games and
//! challenges it owns: `shards = "0-3"` of `total_shards = 8` in `[discord]`, or
//! `run --shards 0-3 --total-shards 8`. Discord sends a guild's events on shard
//! `(guild_id >> 22) % total_shards`; direct messages (guild 0) come on shard 0.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// An inclusive range of shard numbers, written `"3"` or `"0-3"`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
}

impl FromStr for ShardRange {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let number = |part: &str| {
            part.trim()
                .parse::<u32>()
                .map_err(|_| format!("`{text}` is not a shard range like \"0-3\" or \"2\""))
        };
        let (first, last) = match text.split_once('-') {
            Some((first, last)) => (number(first)?, number(last)?),
            None => {
                let only = number(text)?;
                (only, only)
            }
        };
        if last < first {
            return Err(format!("`{text}`: the last shard comes before the first"));
        }
        Ok(ShardRange { first, last })
    }
}

impl TryFrom<String> for ShardRange {
    type Error = String;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl From<ShardRange> for String {
    fn from(range: ShardRange) -> String {
        range.to_string()
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "{}", self.first)
        } else {
            write!(f, "{}-{}", self.first, self.last)
        }
    }
}

/// The shards this process runs, out of how many the bot has in all (checked: the range lies
/// within the total, the total is at least 1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shards {
    pub range: ShardRange,
    pub total: u32,
}

impl Shards {
    /// Every shard of one: the single process that owns everything.
    pub const ALL_OF_ONE: Shards = Shards {
        range: ShardRange { first: 0, last: 0 },
        total: 1,
    };

    /// Checks a range against a total; the reason names what is wrong.
    pub fn new(range: ShardRange, total: u32) -> Result<Shards, String> {
        if total == 0 {
            return Err("total_shards must be at least 1".into());
        }
        if range.last >= total {
            return Err(format!(
                "shards {range} do not lie within total_shards = {total} (shards are numbered 0 to {})",
                total - 1
            ));
        }
        Ok(Shards { range, total })
    }

    /// The shard Discord sends a guild's events on; direct messages (guild 0) are shard 0.
    pub fn shard_of(self, guild: u64) -> u32 {
        // The remainder is below `total`, a u32, so it always fits.
        u32::try_from((guild >> 22) % u64::from(self.total)).unwrap_or(0)
    }

    /// Whether this process owns a guild's live games and challenges.
    pub fn owns_guild(self, guild: u64) -> bool {
        let shard = self.shard_of(guild);
        (self.range.first..=self.range.last).contains(&shard)
    }

    /// Whether this process runs every shard (then it owns everything, as one process must on
    /// sled).
    pub fn is_all(self) -> bool {
        self.range.first == 0 && self.range.last + 1 == self.total
    }
}

impl fmt::Display for Shards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "shards {} of {}", self.range, self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_and_print() {
        let range: ShardRange = "0-3".parse().unwrap();
        assert_eq!(range, ShardRange { first: 0, last: 3 });
        assert_eq!(range.to_string(), "0-3");
        assert_eq!("2".parse::<ShardRange>().unwrap().to_string(), "2");
        for bad in ["", "a-b", "3-1", "-1", "1-", "0..3"] {
            assert!(bad.parse::<ShardRange>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_range_must_lie_within_the_total() {
        let range = ShardRange { first: 0, last: 3 };
        assert!(Shards::new(range, 8).is_ok());
        assert!(Shards::new(range, 4).unwrap().is_all());
        assert!(
            Shards::new(range, 3)
                .unwrap_err()
                .contains("total_shards = 3")
        );
        assert!(Shards::new(range, 0).is_err());
    }

    #[test]
    fn guilds_belong_to_discords_shard() {
        let shards = Shards::new(ShardRange { first: 1, last: 1 }, 2).unwrap();
        // Discord's rule: (guild_id >> 22) % total.
        assert_eq!(shards.shard_of(1 << 22), 1);
        assert_eq!(shards.shard_of(2 << 22), 0);
        assert_eq!(shards.shard_of((5 << 22) + 12_345), 1);
        assert!(shards.owns_guild(3 << 22));
        assert!(!shards.owns_guild(4 << 22));
        // Direct messages come on shard 0.
        assert!(!shards.owns_guild(0));
        assert!(Shards::ALL_OF_ONE.owns_guild(0));
        assert!(Shards::ALL_OF_ONE.owns_guild(12_345 << 22));
    }
}
