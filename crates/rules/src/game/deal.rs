//! The deal of docs/rules.md §3: the 50 pieces shuffled face down onto the 50 squares that are not
//! camps, and the seat that acts first, all from one seed kept with the game.
//!
//! The shuffle is written out here (Fisher–Yates over ChaCha8 with rejection sampling) rather
//! than taken from `rand::seq`, whose algorithm may change between versions: a seed must replay
//! the same deal for as long as a game record exists.

use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};

use super::board::{Board, Cell};
use super::geometry::CAMPS;
use super::piece::Piece;
use super::seat::Seat;
use super::square::Square;

/// A fresh game: the board dealt face down and the seat that acts first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub board: Board,
    pub first: Seat,
}

/// A uniform number below `bound` (> 0), without modulo bias.
pub(crate) fn below(rng: &mut impl Rng, bound: u32) -> u32 {
    let zone = u32::MAX - (u32::MAX % bound);
    loop {
        let value = rng.next_u32();
        if value < zone {
            return value % bound;
        }
    }
}

/// Deals the board for `seed`. The same seed always gives the same deal.
pub fn deal(seed: u64) -> Deal {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pieces = Piece::full_set();
    for i in (1..pieces.len()).rev() {
        let j = below(&mut rng, i as u32 + 1) as usize;
        pieces.swap(i, j);
    }
    let mut board = Board::empty();
    let squares = Square::all().filter(|square| !CAMPS.contains(*square));
    for (square, piece) in squares.zip(pieces) {
        board.set(square, Cell::FaceDown(piece));
    }
    let first = if below(&mut rng, 2) == 0 {
        Seat::First
    } else {
        Seat::Second
    };
    Deal { board, first }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::piece::{Colour, Kind};

    #[test]
    fn deal_is_complete_and_reproducible() {
        let a = deal(42);
        assert_eq!(a, deal(42));
        assert_ne!(a.board, deal(43).board);
        assert_eq!(a.board.face_down().len(), 50);
        assert!(!a.board.face_down().intersects(CAMPS));
        for colour in Colour::BOTH {
            for kind in Kind::ALL {
                assert_eq!(
                    a.board.count_on_board(Piece::new(colour, kind)),
                    kind.count()
                );
            }
        }
    }

    #[test]
    fn both_seats_start_sometimes() {
        let firsts = (0..200)
            .filter(|seed| deal(*seed).first == Seat::First)
            .count();
        assert!((60..140).contains(&firsts), "{firsts} of 200");
    }
}
