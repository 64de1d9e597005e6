//! Turning a public view into a board the rules engine can work on: the pieces that are still
//! face down (known by kind and count, not by square) are dealt uniformly over the face-down
//! squares. Legal actions, attack results on revealed pieces and the per-kind counts of what is
//! on the board are the same for every such deal, so the search may use them freely.

use rand::Rng;
use rand::rngs::ChaCha8Rng;

use crate::game::{Board, Cell, Colour, Kind, Piece, PublicCell, PublicView, Square};

/// The pieces still face down, one entry per piece, in a fixed order.
pub fn pool(view: &PublicView) -> Vec<Piece> {
    let mut pool = Vec::with_capacity(50);
    for colour in Colour::BOTH {
        for kind in Kind::ALL {
            let piece = Piece::new(colour, kind);
            pool.extend((0..view.face_down_count(piece)).map(|_| piece));
        }
    }
    pool
}

/// A uniform number below `bound` (> 0).
pub fn below(rng: &mut ChaCha8Rng, bound: usize) -> usize {
    (rng.next_u64() % bound as u64) as usize
}

/// A board matching `view` with the face-down pool dealt at random. A view whose counts do
/// not add up (hand-built, inconsistent) still gets a board with the same occupancy: missing
/// identities are filled with lieutenants, which changes nothing a legal move depends on
/// except the material estimate.
pub fn determinise(view: &PublicView, rng: &mut ChaCha8Rng) -> Board {
    let mut pieces = pool(view);
    for i in (1..pieces.len()).rev() {
        let j = below(rng, i + 1);
        pieces.swap(i, j);
    }
    let mut dealt = pieces.into_iter();
    let mut board = Board::empty();
    for square in Square::all() {
        let cell = match view.cell(square) {
            PublicCell::Empty => Cell::Empty,
            PublicCell::Revealed(piece) => Cell::Revealed(piece),
            PublicCell::FaceDown => Cell::FaceDown(
                dealt
                    .next()
                    .unwrap_or(Piece::new(Colour::Red, Kind::Lieutenant)),
            ),
            // A flip view never holds a standard game's back; should one come, it blocks as
            // an unknown piece of its colour.
            PublicCell::Back(colour) => Cell::FaceDown(Piece::new(colour, Kind::Lieutenant)),
        };
        board.set(square, cell);
    }
    board
}

/// Makes the face-down piece on `square` a `piece`, swapping identities with another face-down
/// square that holds one so that the per-kind counts on the board stay what the view says.
/// Returns false when no face-down square holds such a piece.
pub fn place_face_down(board: &mut Board, square: Square, piece: Piece) -> bool {
    let Cell::FaceDown(current) = board.cell(square) else {
        return false;
    };
    if current == piece {
        return true;
    }
    let Some(other) = board
        .face_down()
        .into_iter()
        .find(|other| board.cell(*other) == Cell::FaceDown(piece))
    else {
        return false;
    };
    board.set(other, Cell::FaceDown(current));
    board.set(square, Cell::FaceDown(piece));
    true
}
