//! What a player would be shown of a [`Position`] (docs/rules.md §8 notation, identities included):
//! lets the AI analyse a written position, and the tests build views by hand. Face-down
//! identities are dropped here, so the AI never sees them.

use crate::game::square::SQUARES;
use crate::game::{
    Board, Cell, Colour, Kind, Piece, Position, PublicCell, PublicView, Seat, Square,
};

/// The public view of `position` with the colour to act in seat First, counters as written
/// and no history (no last action, timeouts or draw offers).
pub fn public_view(position: &Position) -> PublicView {
    let board = &position.board;
    let mut cells = [PublicCell::Empty; SQUARES];
    for square in Square::all() {
        cells[square.index()] = match board.cell(square) {
            Cell::Empty => PublicCell::Empty,
            Cell::FaceDown(_) => PublicCell::FaceDown,
            Cell::Revealed(piece) => PublicCell::Revealed(piece),
        };
    }
    let turn = position.turn;
    PublicView {
        cells,
        to_act: Seat::First,
        colours: Some([turn, turn.other()]),
        last_flips: [Some(turn), Some(turn.other())],
        plies: position.plies,
        quiet: position.quiet,
        timeouts: [0; 2],
        draw_offers_made: [0; 2],
        pending_draw_offer: None,
        removed: removed(board),
        last: None,
        outcome: None,
        rules: position.rules,
    }
}

/// Pieces of each colour and kind no longer on the board.
fn removed(board: &Board) -> [[u8; 12]; 2] {
    Colour::BOTH.map(|colour| {
        Kind::ALL.map(|kind| {
            kind.count()
                .saturating_sub(board.count_on_board(Piece::new(colour, kind)))
        })
    })
}
