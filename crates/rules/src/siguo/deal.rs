//! The deal of 四国 (docs/rules.md §17): every player's 25 pieces (the standard deal), or the
//! random deal's four shares of 24 pieces and one engineer, known by that engineer's colour and
//! picked in reverse turn order, all from one seed kept with the game.
//!
//! The shuffle is the flip game's (Fisher–Yates over ChaCha8 with rejection sampling, written
//! out so that a seed replays the same deal for as long as a record exists).

use std::fmt;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::seat::SiguoSeat;
use crate::game::Kind;
use crate::game::deal::below;
use crate::standard::Army;

/// Which deal a table plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum SiguoDeal {
    /// Each player has the 25 pieces of §2.
    #[default]
    Standard,
    /// Four shuffled shares, picked by their engineer's colour.
    Random,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown deal \"{0}\": expected standard or random")]
pub struct SiguoDealError(pub String);

impl SiguoDeal {
    pub const fn name(self) -> &'static str {
        match self {
            SiguoDeal::Standard => "standard",
            SiguoDeal::Random => "random",
        }
    }
}

impl fmt::Display for SiguoDeal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for SiguoDeal {
    type Err = SiguoDealError;
    fn from_str(text: &str) -> Result<SiguoDeal, SiguoDealError> {
        [SiguoDeal::Standard, SiguoDeal::Random]
            .into_iter()
            .find(|deal| deal.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| SiguoDealError(text.chars().take(16).collect()))
    }
}

/// The four shares of a random deal. Share `c` is the one whose engineer has seat `c`'s colour
/// (by [`SiguoSeat::index`]). What a share holds is secret until its player picks it, so Debug
/// output shows none of it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shares(pub [Army; 4]);

impl fmt::Debug for Shares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Shares(<hidden>)")
    }
}

impl Shares {
    /// The share marked by the engineer of `colour`'s colour.
    pub fn share(&self, colour: SiguoSeat) -> Army {
        self.0[colour.index()]
    }
}

/// The shares of the `number`-th deal of `seed` (0 for the first, 1 after one redeal…). A
/// deal in which some share could not be deployed by the rules (every mine and every bomb with
/// a flag, §18) is shuffled again: each share always has a valid layout.
pub fn deal_shares(seed: u64, number: u32) -> Shares {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut shares = shuffle(&mut rng);
    for _ in 0..number {
        shares = shuffle(&mut rng);
    }
    shares
}

/// One valid shuffle: the 96 pieces besides one engineer of each colour into four shares of
/// 24, each share then given one engineer.
fn shuffle(rng: &mut ChaCha8Rng) -> Shares {
    loop {
        let mut pieces: Vec<Kind> = Vec::with_capacity(96);
        for _ in 0..4 {
            pieces.extend(Army::STANDARD.kinds());
            let engineer = pieces.iter().rposition(|kind| *kind == Kind::Engineer);
            if let Some(at) = engineer {
                pieces.remove(at);
            }
        }
        for i in (1..pieces.len()).rev() {
            let j = below(rng, i as u32 + 1) as usize;
            pieces.swap(i, j);
        }
        let shares: [Army; 4] = std::array::from_fn(|share| {
            let dealt = pieces[share * 24..(share + 1) * 24].iter().copied();
            Army::of(dealt.chain([Kind::Engineer]))
        });
        if shares.iter().all(Army::can_deploy) {
            return Shares(shares);
        }
    }
}

/// The order in which the players pick shares: reverse turn order from the seat that acts
/// last, so the first to act takes the share that is left.
pub fn pick_order(first: SiguoSeat) -> [SiguoSeat; 4] {
    std::array::from_fn(|step| SiguoSeat::from_index(first.index() + 3 - step))
}

/// Whether an army's strongest piece is a brigadier (`6`) or weaker: its player may ask for a
/// new deal (§17).
pub fn is_weak(army: &Army) -> bool {
    army.strongest()
        .is_none_or(|kind| kind.rank().is_some_and(|rank| rank <= 6))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_deal_is_the_hundred_pieces_with_an_engineer_in_each_share() {
        for seed in 0..50 {
            let shares = deal_shares(seed, 0);
            assert_eq!(shares, deal_shares(seed, 0), "reproducible");
            assert_ne!(shares, deal_shares(seed, 1), "a redeal deals anew");
            let mut total = [0u32; 12];
            for army in shares.0 {
                assert_eq!(army.len(), 25);
                assert!(army.count(Kind::Engineer) >= 1);
                assert!(army.can_deploy());
                for kind in Kind::ALL {
                    total[kind.index()] += u32::from(army.count(kind));
                }
            }
            for kind in Kind::ALL {
                assert_eq!(total[kind.index()], 4 * u32::from(kind.count()), "{kind:?}");
            }
        }
        let differ = (0..20).filter(|seed| deal_shares(*seed, 0).0[0] != Army::STANDARD);
        assert_eq!(differ.count(), 20, "shares are shuffled");
    }

    /// A row per first seat: the picking order is the reverse of the turn order.
    #[test]
    fn shares_are_picked_in_reverse_turn_order() {
        use SiguoSeat::*;
        let rows = [
            (South, [West, North, East, South]),
            (East, [South, West, North, East]),
            (North, [East, South, West, North]),
            (West, [North, East, South, West]),
        ];
        for (first, order) in rows {
            assert_eq!(pick_order(first), order, "{first}");
        }
    }

    /// A row per strongest piece: a brigadier or weaker may ask for a redeal.
    #[test]
    fn weak_armies_are_those_without_anything_above_a_brigadier() {
        let army = |kinds: &[Kind]| Army::of(kinds.iter().copied());
        let rows = [
            (army(&[Kind::Marshal, Kind::Engineer]), false),
            (army(&[Kind::General]), false),
            (army(&[Kind::MajorGeneral, Kind::Bomb]), false),
            (army(&[Kind::Brigadier, Kind::Bomb]), true),
            (army(&[Kind::Engineer, Kind::Landmine]), true),
            (army(&[Kind::Flag, Kind::Bomb]), true),
        ];
        for (army, weak) in rows {
            assert_eq!(is_weak(&army), weak, "{:?}", army.strongest());
        }
        assert!(!format!("{:?}", deal_shares(1, 0)).contains("Marshal"));
    }
}
