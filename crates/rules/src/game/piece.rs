//! Colours, kinds of piece and the 25-piece army of each colour (docs/rules.md §2).

use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the two colours. Red's code is `R`, Black's `B`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Black,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::Red, Colour::Black];

    pub const fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Black,
            Colour::Black => Colour::Red,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn code(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Black => 'B',
        }
    }

    pub fn from_code(code: char) -> Option<Colour> {
        match code {
            'R' | 'r' => Some(Colour::Red),
            'B' | 'b' => Some(Colour::Black),
            _ => None,
        }
    }

    /// "Red" or "Black".
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Black => "Black",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The twelve kinds of piece, ordered by their index in [`Kind::ALL`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Kind {
    Marshal,
    General,
    MajorGeneral,
    Brigadier,
    Colonel,
    Major,
    Captain,
    Lieutenant,
    Engineer,
    Bomb,
    Landmine,
    Flag,
}

impl Kind {
    pub const ALL: [Kind; 12] = [
        Kind::Marshal,
        Kind::General,
        Kind::MajorGeneral,
        Kind::Brigadier,
        Kind::Colonel,
        Kind::Major,
        Kind::Captain,
        Kind::Lieutenant,
        Kind::Engineer,
        Kind::Bomb,
        Kind::Landmine,
        Kind::Flag,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many pieces of this kind each colour has.
    pub const fn count(self) -> u8 {
        match self {
            Kind::Marshal | Kind::General | Kind::Flag => 1,
            Kind::Captain | Kind::Lieutenant | Kind::Engineer | Kind::Landmine => 3,
            _ => 2,
        }
    }

    /// The military rank 1–9 of a ranked piece; `None` for bomb, mine and flag.
    pub const fn rank(self) -> Option<u8> {
        match self {
            Kind::Bomb | Kind::Landmine | Kind::Flag => None,
            _ => Some(9 - self as u8),
        }
    }

    /// The one-character code of docs/rules.md §2: `9`…`1`, `X`, `M`, `F`.
    pub const fn code(self) -> char {
        match self {
            Kind::Bomb => 'X',
            Kind::Landmine => 'M',
            Kind::Flag => 'F',
            _ => (b'0' + 9 - self as u8) as char,
        }
    }

    pub fn from_code(code: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|kind| kind.code() == code.to_ascii_uppercase())
    }

    /// Mines and the flag never move.
    pub const fn is_movable(self) -> bool {
        !matches!(self, Kind::Landmine | Kind::Flag)
    }

    pub const fn name_simplified(self) -> &'static str {
        match self {
            Kind::Marshal => "司令",
            Kind::General => "军长",
            Kind::MajorGeneral => "师长",
            Kind::Brigadier => "旅长",
            Kind::Colonel => "团长",
            Kind::Major => "营长",
            Kind::Captain => "连长",
            Kind::Lieutenant => "排长",
            Kind::Engineer => "工兵",
            Kind::Bomb => "炸弹",
            Kind::Landmine => "地雷",
            Kind::Flag => "军旗",
        }
    }

    pub const fn name_traditional(self) -> &'static str {
        match self {
            Kind::Marshal => "司令",
            Kind::General => "軍長",
            Kind::MajorGeneral => "師長",
            Kind::Brigadier => "旅長",
            Kind::Colonel => "團長",
            Kind::Major => "營長",
            Kind::Captain => "連長",
            Kind::Lieutenant => "排長",
            Kind::Engineer => "工兵",
            Kind::Bomb => "炸彈",
            Kind::Landmine => "地雷",
            Kind::Flag => "軍旗",
        }
    }

    pub const fn name_english(self) -> &'static str {
        match self {
            Kind::Marshal => "Field marshal",
            Kind::General => "General",
            Kind::MajorGeneral => "Major general",
            Kind::Brigadier => "Brigadier",
            Kind::Colonel => "Colonel",
            Kind::Major => "Major",
            Kind::Captain => "Captain",
            Kind::Lieutenant => "Lieutenant",
            Kind::Engineer => "Engineer",
            Kind::Bomb => "Bomb",
            Kind::Landmine => "Landmine",
            Kind::Flag => "Flag",
        }
    }
}

/// Pieces per colour.
pub const ARMY_SIZE: u8 = 25;

/// A piece: a colour and a kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct Piece {
    pub colour: Colour,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(colour: Colour, kind: Kind) -> Piece {
        Piece { colour, kind }
    }

    /// A compact number 0..24: colour * 12 + kind.
    pub const fn index(self) -> usize {
        self.colour.index() * 12 + self.kind.index()
    }

    pub const fn from_index(index: usize) -> Piece {
        let colour = if index < 12 {
            Colour::Red
        } else {
            Colour::Black
        };
        Piece {
            colour,
            kind: Kind::ALL[index % 12],
        }
    }

    /// The full set of 50 pieces, Red's then Black's, in kind order.
    pub fn full_set() -> Vec<Piece> {
        Colour::BOTH
            .into_iter()
            .flat_map(|colour| {
                Kind::ALL
                    .into_iter()
                    .flat_map(move |kind| (0..kind.count()).map(move |_| Piece::new(colour, kind)))
            })
            .collect()
    }
}

impl fmt::Display for Piece {
    /// The notation code, such as `R9` or `BX`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour.code(), self.kind.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn army_matches_rules_table() {
        let total: u8 = Kind::ALL.iter().map(|k| k.count()).sum();
        assert_eq!(total, ARMY_SIZE);
        assert_eq!(Piece::full_set().len(), 50);
        let codes: String = Kind::ALL.iter().map(|k| k.code()).collect();
        assert_eq!(codes, "987654321XMF");
        for kind in Kind::ALL {
            assert_eq!(Kind::from_code(kind.code()), Some(kind));
        }
        for index in 0..24 {
            assert_eq!(Piece::from_index(index).index(), index);
        }
    }
}
