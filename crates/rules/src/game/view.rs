//! The public view: everything both players may see and nothing more. Front ends, the renderer,
//! the AI and every message are built from this; face-down identities never appear in it.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::board::{Board, Cell, Destinations, Effect};
use super::notation::PublicPosition;
use super::outcome::Outcome;
use super::piece::{Colour, Kind, Piece};
use super::position::Position;
use super::rules::Rules;
use super::seat::Seat;
use super::square::{SQUARES, Square};

/// A square as the players see it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum PublicCell {
    Empty,
    FaceDown,
    Revealed(Piece),
    /// A standard game's piece of this colour whose identity the viewer has not been shown
    /// (暗棋): its back, which shows its colour and nothing else.
    Back(Colour),
}

/// The last action of the game, with what it did (all of it public once played).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct LastAction {
    pub seat: Seat,
    pub action: Action,
    pub effect: Effect,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PublicView {
    pub cells: [PublicCell; SQUARES],
    pub to_act: Seat,
    /// The colour of each seat, once decided.
    pub colours: Option<[Colour; 2]>,
    /// The colour of each seat's last flip (shown while colours are being decided).
    pub last_flips: [Option<Colour>; 2],
    /// Actions so far (passes from timeouts not counted).
    pub plies: u16,
    /// Actions since the last attack.
    pub quiet: u16,
    pub timeouts: [u8; 2],
    pub draw_offers_made: [u8; 2],
    pub pending_draw_offer: Option<Seat>,
    /// Pieces removed from the board, by colour index and kind index.
    pub removed: [[u8; 12]; 2],
    /// Pieces removed whose kind this viewer was never shown (暗棋), by colour index.
    pub removed_unknown: [u8; 2],
    pub last: Option<LastAction>,
    pub outcome: Option<Outcome<Seat>>,
    pub rules: Rules,
    /// Each seat's repetition list (docs/rules.md §6.6), oldest first: the keys of its actions
    /// since its last attack, at most the last 7. Every action in it was played in view of both.
    pub repetition: [Vec<RepetitionKey>; 2],
}

/// What the repetition rule (docs/rules.md §6.6) records of an action: the piece, from, to
/// (a flip is recorded with the piece it showed, from and to its square).
pub type RepetitionKey = (Piece, Square, Square);

impl PublicView {
    pub fn cell(&self, square: Square) -> PublicCell {
        self.cells[square.index()]
    }

    pub fn colour_of(&self, seat: Seat) -> Option<Colour> {
        self.colours.map(|colours| colours[seat.index()])
    }

    pub fn seat_of(&self, colour: Colour) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|seat| self.colour_of(*seat) == Some(colour))
    }

    /// The colour to act, once colours are decided.
    pub fn turn_colour(&self) -> Option<Colour> {
        self.colour_of(self.to_act)
    }

    /// Revealed pieces of this colour and kind on the board.
    pub fn revealed_count(&self, piece: Piece) -> u8 {
        self.cells
            .iter()
            .filter(|cell| **cell == PublicCell::Revealed(piece))
            .count() as u8
    }

    pub fn removed_count(&self, piece: Piece) -> u8 {
        self.removed[piece.colour.index()][piece.kind.index()]
    }

    /// Pieces of this colour and kind still face down somewhere: what is neither revealed nor
    /// removed. Everyone can work this out, so it reveals nothing.
    pub fn face_down_count(&self, piece: Piece) -> u8 {
        piece
            .kind
            .count()
            .saturating_sub(self.revealed_count(piece) + self.removed_count(piece))
    }

    /// All pieces of `colour` that have left the board.
    pub fn removed_total(&self, colour: Colour) -> u8 {
        self.removed[colour.index()].iter().sum::<u8>() + self.removed_unknown[colour.index()]
    }

    /// Face-down pieces left on the board.
    pub fn face_down_total(&self) -> usize {
        self.cells
            .iter()
            .filter(|cell| **cell == PublicCell::FaceDown)
            .count()
    }

    /// True when `colour` has nothing left on the board but its flag.
    pub fn only_flag_left(&self, colour: Colour) -> bool {
        self.removed_total(colour) == 24 && self.removed_count(Piece::new(colour, Kind::Flag)) == 0
    }

    /// The position in docs/rules.md §8 notation with `?` for face-down pieces and `-` for the turn
    /// before colours are decided.
    pub fn notation(&self) -> String {
        self.public_position().to_string()
    }

    /// What [`PublicView::notation`] writes, as a value.
    pub fn public_position(&self) -> PublicPosition {
        PublicPosition {
            cells: self.cells,
            turn: self.turn_colour(),
            quiet: self.quiet,
            plies: self.plies,
        }
    }
}

impl PublicView {
    /// The view of a full position as a player would be shown it: identities dropped, counters
    /// as written, no history (last action, timeouts, draw offers). A written position has no
    /// seats, so seat First plays Red and Second Black whoever is to act: the seats then stay
    /// put as actions are applied, as they do in a game. Pieces missing from the board count
    /// as removed.
    pub fn of_position(position: &Position) -> PublicView {
        let board = &position.board;
        let (quiet, plies) = (position.quiet, position.plies);
        analysis_view(
            public_cells(board),
            Some(position.turn),
            quiet,
            plies,
            removed_pieces(board),
            position.rules,
        )
    }

    /// A board consistent with this view: face-down squares hold stand-in pieces, with exactly
    /// as many face-down landmines per colour as are unaccounted for, since the flag's safety
    /// depends on that count. Movement only depends on what the view shows, so moves computed
    /// on this board are the real ones.
    pub fn stand_in_board(&self) -> Board {
        let mut board = Board::empty();
        let mut hidden_mines =
            Colour::BOTH.map(|colour| self.face_down_count(Piece::new(colour, Kind::Landmine)));
        for square in Square::all() {
            let cell = match self.cell(square) {
                PublicCell::Empty => Cell::Empty,
                PublicCell::Revealed(piece) => Cell::Revealed(piece),
                PublicCell::FaceDown => {
                    let colour = if hidden_mines[0] > 0 {
                        Colour::Red
                    } else {
                        Colour::Black
                    };
                    let kind = if hidden_mines[colour.index()] > 0 {
                        hidden_mines[colour.index()] -= 1;
                        Kind::Landmine
                    } else {
                        Kind::Lieutenant
                    };
                    Cell::FaceDown(Piece::new(colour, kind))
                }
                PublicCell::Back(colour) => Cell::FaceDown(Piece::new(colour, Kind::Lieutenant)),
            };
            board.set(square, cell);
        }
        board
    }

    /// The move guide from public information: where the piece on `from` can go, for the seat
    /// whose piece it is; empty sets when it cannot move.
    pub fn destinations(&self, from: Square) -> Destinations {
        match self.cell(from) {
            PublicCell::Revealed(piece) if self.outcome.is_none() => self
                .stand_in_board()
                .destinations(piece.colour, from, self.rules),
            _ => Destinations::default(),
        }
    }
}

impl PublicView {
    /// The view of a position as a player is shown it (`?` cells, `-` turn allowed). Such a
    /// line does not say which pieces were removed, so none are counted as removed.
    pub fn of_public_position(position: &PublicPosition) -> PublicView {
        let (quiet, plies) = (position.quiet, position.plies);
        analysis_view(
            position.cells,
            position.turn,
            quiet,
            plies,
            [[0; 12]; 2],
            Rules::default(),
        )
    }
}

/// What the players see of each square of `board`.
pub(super) fn public_cells(board: &Board) -> [PublicCell; SQUARES] {
    let mut cells = [PublicCell::Empty; SQUARES];
    for square in Square::all() {
        cells[square.index()] = match board.cell(square) {
            Cell::Empty => PublicCell::Empty,
            Cell::FaceDown(_) => PublicCell::FaceDown,
            Cell::Revealed(piece) => PublicCell::Revealed(piece),
        };
    }
    cells
}

/// Pieces of each colour and kind no longer on `board`.
pub(super) fn removed_pieces(board: &Board) -> [[u8; 12]; 2] {
    Colour::BOTH.map(|colour| {
        Kind::ALL.map(|kind| {
            kind.count()
                .saturating_sub(board.count_on_board(Piece::new(colour, kind)))
        })
    })
}

/// A view for analysis (no game around it): seat First plays Red, Second Black.
fn analysis_view(
    cells: [PublicCell; SQUARES],
    turn: Option<Colour>,
    quiet: u16,
    plies: u16,
    removed: [[u8; 12]; 2],
    rules: Rules,
) -> PublicView {
    PublicView {
        cells,
        to_act: if turn == Some(Colour::Black) {
            Seat::Second
        } else {
            Seat::First
        },
        colours: turn.map(|_| [Colour::Red, Colour::Black]),
        last_flips: [None; 2],
        plies,
        quiet,
        timeouts: [0; 2],
        draw_offers_made: [0; 2],
        pending_draw_offer: None,
        removed,
        removed_unknown: [0; 2],
        last: None,
        outcome: None,
        rules,
        repetition: [Vec::new(), Vec::new()],
    }
}
