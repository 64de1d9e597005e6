//! The reveal at the end of a game: the public view plus what stood under every piece that was
//! never flipped. [`Game::reveal`] is the only way to build one and refuses while the game is
//! on, so nothing of the hidden deal can reach a player before the end.

use super::board::Cell;
use super::piece::Piece;
use super::round::Game;
use super::square::Square;
use super::view::PublicView;

/// The final view with the identities of the pieces still face down.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RevealedView {
    pub view: PublicView,
    hidden: Vec<(Square, Piece)>,
}

impl RevealedView {
    /// A reveal of `view` with the identities it did not show: only the games' own `reveal`.
    pub(crate) fn new(view: PublicView, hidden: Vec<(Square, Piece)>) -> RevealedView {
        RevealedView { view, hidden }
    }

    /// The pieces that were never flipped, with their squares, in square order.
    pub fn hidden(&self) -> &[(Square, Piece)] {
        &self.hidden
    }
}

impl Game {
    /// The reveal, once the game is over; `None` while it is being played.
    pub fn reveal(&self) -> Option<RevealedView> {
        self.outcome()?;
        let board = self.board();
        let hidden = Square::all()
            .filter_map(|square| match board.cell(square) {
                Cell::FaceDown(piece) => Some((square, piece)),
                _ => None,
            })
            .collect();
        Some(RevealedView {
            view: self.view(),
            hidden,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{PublicCell, Rules, Seat};

    use super::*;

    fn finished(seed: u64) -> Game {
        let mut game = Game::new(seed, Rules::default());
        while game.outcome().is_none() && game.plies() < 12 {
            let action = game.legal_actions()[0];
            game.act(game.to_act(), action).expect("legal");
        }
        assert!(
            game.reveal().is_none(),
            "nothing is revealed while the game is on"
        );
        game.abandon(Seat::First).expect("abandon ends the game");
        game
    }

    #[test]
    fn the_reveal_shows_exactly_the_face_down_pieces_of_the_deal() {
        for seed in 0..20 {
            let game = finished(seed);
            let reveal = game.reveal().expect("the game is over");
            let replayed = Game::replay(game.record()).expect("replays");
            let face_down: Vec<Square> = Square::all()
                .filter(|square| reveal.view.cell(*square) == PublicCell::FaceDown)
                .collect();
            let revealed: Vec<Square> = reveal.hidden().iter().map(|(square, _)| *square).collect();
            assert_eq!(revealed, face_down);
            for (square, piece) in reveal.hidden() {
                assert_eq!(replayed.board().cell(*square), Cell::FaceDown(*piece));
            }
        }
    }

    #[test]
    fn a_game_in_progress_reveals_nothing() {
        let game = Game::new(3, Rules::default());
        assert!(game.reveal().is_none());
    }
}
