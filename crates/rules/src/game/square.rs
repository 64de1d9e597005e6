//! Squares of the 5×12 board: `A1` (bottom left) to `E12` (top right).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Number of columns (`A`–`E`).
pub const COLUMNS: u8 = 5;
/// Number of rows (`1`–`12`).
pub const ROWS: u8 = 12;
/// Number of squares on the board.
pub const SQUARES: usize = (COLUMNS as usize) * (ROWS as usize);

/// A point of the board, stored as `(row - 1) * 5 + column` so that it indexes arrays directly.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Square(u8);

/// Why a square could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SquareError {
    #[error("\"{0}\" is not a square: write a column A–E then a row 1–12, like B3")]
    Malformed(String),
    #[error("square index {0} is off the board")]
    OutOfRange(u8),
}

impl Square {
    /// The square at `column` (0 = A) and `row` (0 = row 1), if it is on the board.
    pub const fn new(column: u8, row: u8) -> Option<Square> {
        if column < COLUMNS && row < ROWS {
            Some(Square(row * COLUMNS + column))
        } else {
            None
        }
    }

    /// The square with this index (0..60).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    pub(crate) const fn from_index_unchecked(index: usize) -> Square {
        Square(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for column A … 4 for column E.
    pub const fn column(self) -> u8 {
        self.0 % COLUMNS
    }

    /// 0 for row 1 … 11 for row 12.
    pub const fn row(self) -> u8 {
        self.0 / COLUMNS
    }

    /// The square `dc` columns and `dr` rows away, if it is on the board.
    pub const fn offset(self, dc: i8, dr: i8) -> Option<Square> {
        let c = self.column() as i8 + dc;
        let r = self.row() as i8 + dr;
        if c < 0 || r < 0 {
            None
        } else {
            Square::new(c as u8, r as u8)
        }
    }

    /// All 60 squares, A1, B1, … E12.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    /// True in the south half (rows 1–6).
    pub const fn is_south(self) -> bool {
        self.row() < 6
    }
}

impl TryFrom<u8> for Square {
    type Error = SquareError;
    fn try_from(value: u8) -> Result<Self, Self::Error> {
        Square::from_index(value as usize).ok_or(SquareError::OutOfRange(value))
    }
}

impl From<Square> for u8 {
    fn from(square: Square) -> u8 {
        square.0
    }
}

impl FromStr for Square {
    type Err = SquareError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let malformed = || SquareError::Malformed(text.chars().take(16).collect());
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        let column = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some(c @ 'A'..='E') => c as u8 - b'A',
            _ => return Err(malformed()),
        };
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        let row: u8 = digits.parse().map_err(|_| malformed())?;
        if row == 0 || digits.starts_with('0') {
            return Err(malformed());
        }
        Square::new(column, row - 1).ok_or_else(malformed)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.column()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_every_square() {
        for square in Square::all() {
            let text = square.to_string();
            assert_eq!(text.parse::<Square>(), Ok(square));
            assert_eq!(text.to_lowercase().parse::<Square>(), Ok(square));
        }
        assert_eq!("A1".parse::<Square>().map(Square::index), Ok(0));
        assert_eq!("E12".parse::<Square>().map(Square::index), Ok(59));
    }

    #[test]
    fn refuses_what_is_not_a_square() {
        for bad in [
            "", "A", "F1", "A0", "A13", "A01", "1A", "AA1", "A1x", "é1", "A+1", "Z99",
        ] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?} parsed");
        }
    }
}
