//! The four seats of 四国军棋 and their two teams (docs/rules.md §16): South, East, North and
//! West act in that order, and opposite seats are allies.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A seat round the four-country board, in turn order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum SiguoSeat {
    South,
    East,
    North,
    West,
}

/// One of the two teams: South with North, East with West.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Team {
    NorthSouth,
    EastWest,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("\"{0}\" is not a seat: write S, E, N or W")]
pub struct SiguoSeatError(pub String);

impl SiguoSeat {
    /// Every seat in turn order.
    pub const ALL: [SiguoSeat; 4] = [
        SiguoSeat::South,
        SiguoSeat::East,
        SiguoSeat::North,
        SiguoSeat::West,
    ];

    /// 0 (South) to 3 (West), the turn order.
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(index: usize) -> SiguoSeat {
        SiguoSeat::ALL[index % 4]
    }

    /// The seat that acts after this one (when it is still in).
    pub const fn next(self) -> SiguoSeat {
        SiguoSeat::from_index(self.index() + 1)
    }

    /// The seat opposite, this seat's ally.
    pub const fn ally(self) -> SiguoSeat {
        SiguoSeat::from_index(self.index() + 2)
    }

    pub const fn team(self) -> Team {
        match self {
            SiguoSeat::South | SiguoSeat::North => Team::NorthSouth,
            SiguoSeat::East | SiguoSeat::West => Team::EastWest,
        }
    }

    /// `S`, `E`, `N` or `W`.
    pub const fn code(self) -> char {
        match self {
            SiguoSeat::South => 'S',
            SiguoSeat::East => 'E',
            SiguoSeat::North => 'N',
            SiguoSeat::West => 'W',
        }
    }

    /// The seat of a letter, in either case.
    pub fn from_code(code: char) -> Option<SiguoSeat> {
        SiguoSeat::ALL
            .into_iter()
            .find(|seat| seat.code() == code.to_ascii_uppercase())
    }

    /// "South", "East", "North" or "West".
    pub const fn name(self) -> &'static str {
        match self {
            SiguoSeat::South => "South",
            SiguoSeat::East => "East",
            SiguoSeat::North => "North",
            SiguoSeat::West => "West",
        }
    }
}

impl Team {
    pub const BOTH: [Team; 2] = [Team::NorthSouth, Team::EastWest];

    /// The team's two seats, in turn order.
    pub const fn seats(self) -> [SiguoSeat; 2] {
        match self {
            Team::NorthSouth => [SiguoSeat::South, SiguoSeat::North],
            Team::EastWest => [SiguoSeat::East, SiguoSeat::West],
        }
    }

    pub const fn other(self) -> Team {
        match self {
            Team::NorthSouth => Team::EastWest,
            Team::EastWest => Team::NorthSouth,
        }
    }

    /// `SN` or `EW`, as the outcome line writes a team.
    pub const fn code(self) -> &'static str {
        match self {
            Team::NorthSouth => "SN",
            Team::EastWest => "EW",
        }
    }
}

/// The seat's letter.
impl fmt::Display for SiguoSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.code())
    }
}

/// Reads a letter (`S`, `e`) or a name (`South`, `north`).
impl FromStr for SiguoSeat {
    type Err = SiguoSeatError;
    fn from_str(text: &str) -> Result<SiguoSeat, SiguoSeatError> {
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        let by_letter = match (chars.next(), chars.next()) {
            (Some(letter), None) => SiguoSeat::from_code(letter),
            _ => None,
        };
        by_letter
            .or_else(|| {
                SiguoSeat::ALL
                    .into_iter()
                    .find(|seat| seat.name().eq_ignore_ascii_case(trimmed))
            })
            .ok_or_else(|| SiguoSeatError(text.chars().take(16).collect()))
    }
}

/// `SN` or `EW`.
impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SiguoSeat::*;

    /// A row per seat: its letter, the seat after it, its ally and its team.
    #[test]
    fn seats_know_their_turn_order_ally_and_team() {
        let rows = [
            (South, 'S', East, North, Team::NorthSouth),
            (East, 'E', North, West, Team::EastWest),
            (North, 'N', West, South, Team::NorthSouth),
            (West, 'W', South, East, Team::EastWest),
        ];
        for (seat, code, next, ally, team) in rows {
            assert_eq!(seat.code(), code);
            assert_eq!(seat.next(), next, "{seat} next");
            assert_eq!(seat.ally(), ally, "{seat} ally");
            assert_eq!(seat.team(), team, "{seat} team");
            assert!(team.seats().contains(&seat));
            assert_ne!(seat.team(), seat.next().team(), "turns alternate teams");
            assert_eq!(seat.to_string().parse::<SiguoSeat>(), Ok(seat));
            assert_eq!(code.to_ascii_lowercase().to_string().parse(), Ok(seat));
            assert_eq!(seat.name().to_uppercase().parse(), Ok(seat));
            assert_eq!(SiguoSeat::from_index(seat.index()), seat);
        }
        assert_eq!(Team::NorthSouth.to_string(), "SN");
        assert_eq!(Team::EastWest.other(), Team::NorthSouth);
    }

    #[test]
    fn other_letters_are_not_seats() {
        for bad in ["", "X", "R", "SE", "Southeast", "s1"] {
            let error = bad.parse::<SiguoSeat>().unwrap_err();
            assert_eq!(error, SiguoSeatError(bad.into()), "{bad:?}");
        }
    }
}
