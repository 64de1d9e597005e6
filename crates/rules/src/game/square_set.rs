//! Sets of squares as one 60-bit word: what the move generator, the move guide and the board
//! geometry compute with. Bit `n` stands for the square with index `n` (see [`Square::index`]).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};

use super::square::{SQUARES, Square};

/// A set of squares. `Copy`, and every operation is one or two machine instructions.
///
/// ```
/// use junqi_rules::{Square, SquareSet};
///
/// let b3: Square = "B3".parse().unwrap();
/// let c3: Square = "C3".parse().unwrap();
/// let pair = SquareSet::from(b3) | SquareSet::from(c3);
/// assert!(pair.contains(b3));
/// assert_eq!(pair.len(), 2);
/// assert_eq!((pair - SquareSet::from(b3)).into_iter().collect::<Vec<_>>(), vec![c3]);
/// assert_eq!((!pair).len(), 58);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(u64);

const BOARD_BITS: u64 = (1u64 << SQUARES) - 1;

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 60 squares.
    pub const ALL: SquareSet = SquareSet(BOARD_BITS);

    /// The set whose bit `n` is set for each square of index `n`; bits beyond the board are
    /// dropped.
    pub const fn from_bits(bits: u64) -> SquareSet {
        SquareSet(bits & BOARD_BITS)
    }

    /// The set as a word, bit `n` for the square of index `n`.
    pub const fn bits(self) -> u64 {
        self.0
    }

    pub const fn from_square(square: Square) -> SquareSet {
        SquareSet(1u64 << square.index())
    }

    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1u64 << square.index()) != 0
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when the two sets share a square.
    pub const fn intersects(self, other: SquareSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The union, usable in constants.
    pub const fn with(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }

    pub fn insert(&mut self, square: Square) {
        self.0 |= 1u64 << square.index();
    }

    pub fn remove(&mut self, square: Square) {
        self.0 &= !(1u64 << square.index());
    }

    /// The square with the lowest index, if any.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                self.0.trailing_zeros() as usize
            ))
        }
    }
}

impl From<Square> for SquareSet {
    fn from(square: Square) -> SquareSet {
        SquareSet::from_square(square)
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }
}

/// The squares of `self` that are not in `other`.
impl Sub for SquareSet {
    type Output = SquareSet;
    fn sub(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }
}

/// The complement within the 60 squares of the board.
impl Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(!self.0 & BOARD_BITS)
    }
}

impl BitOrAssign for SquareSet {
    fn bitor_assign(&mut self, other: SquareSet) {
        self.0 |= other.0;
    }
}

impl BitAndAssign for SquareSet {
    fn bitand_assign(&mut self, other: SquareSet) {
        self.0 &= other.0;
    }
}

impl SubAssign for SquareSet {
    fn sub_assign(&mut self, other: SquareSet) {
        self.0 &= !other.0;
    }
}

/// The squares of a set, lowest index first (A1, B1, … E12).
#[derive(Clone)]
pub struct SquareSetIter(u64);

impl Iterator for SquareSetIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for SquareSetIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;
    fn into_iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for square in squares {
            set.insert(square);
        }
        set
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_match_the_squares() {
        let sq = |text: &str| -> Square { text.parse().expect("test square") };
        let a: SquareSet = [sq("A1"), sq("B3"), sq("E12")].into_iter().collect();
        let b: SquareSet = [sq("B3"), sq("C4")].into_iter().collect();
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b).into_iter().collect::<Vec<_>>(), vec![sq("B3")]);
        assert_eq!(
            (a - b).into_iter().collect::<Vec<_>>(),
            vec![sq("A1"), sq("E12")]
        );
        assert_eq!((!a).len(), 57);
        assert!(!(!a).contains(sq("A1")));
        assert_eq!(!SquareSet::ALL, SquareSet::EMPTY);
        assert_eq!(a.first(), Some(sq("A1")));
        let mut c = a;
        c.remove(sq("A1"));
        c.insert(sq("D10"));
        assert_eq!(format!("{c:?}"), "{B3, D10, E12}");
        assert!(SquareSet::EMPTY.is_empty());
        assert_eq!(SquareSet::from_bits(u64::MAX), SquareSet::ALL);
    }
}
