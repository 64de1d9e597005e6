//! What each viewer of a standard game sees (docs/rules.md §12). A [`StandardView`] holds, for
//! every enemy piece the viewer has not been shown, its colour alone: the type has no place for
//! a hidden identity, so none can leak from it into a message, an image or a log.

use std::fmt;
use std::str::FromStr;

use super::position::StandardPosition;
use crate::game::notation::{
    CellRules, CellText, WrittenCell, parse_position_line, write_board, write_counters,
};
use crate::game::{
    Board, Colour, Kind, NotationError, Piece, PublicCell, PublicView, Rules, SQUARES, Seat,
    Square, SquareSet,
};

/// Who looks at the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Viewer {
    /// A player sees their own pieces and what is shown to everyone.
    Player(Colour),
    /// A spectator sees only what is shown to everyone.
    Spectator,
}

/// A post as a viewer sees it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ViewCell {
    Empty,
    /// A piece whose identity the viewer knows.
    Shown(Piece),
    /// A piece of this colour whose identity the viewer has not been shown (`R?`, `B?`).
    Unshown(Colour),
}

/// The board as one viewer sees it, with the colour to act and the counters (all public).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StandardView {
    pub cells: [ViewCell; SQUARES],
    pub turn: Colour,
    pub quiet: u16,
    pub plies: u16,
}

impl StandardView {
    /// What `viewer` sees of `position` when the pieces on `shown` are shown to everyone
    /// (docs/rules.md §12), or every piece in 明棋. This is the only place where an identity
    /// is chosen to be shown or not.
    pub fn new(position: &StandardPosition, shown: SquareSet, viewer: Viewer) -> StandardView {
        let open = position.options.open;
        let cells = std::array::from_fn(|index| {
            let square = Square::from_index_unchecked(index);
            match position.board.piece(square) {
                None => ViewCell::Empty,
                Some(piece)
                    if open || shown.contains(square) || viewer == Viewer::Player(piece.colour) =>
                {
                    ViewCell::Shown(piece)
                }
                Some(piece) => ViewCell::Unshown(piece.colour),
            }
        });
        StandardView {
            cells,
            turn: position.turn,
            quiet: position.quiet,
            plies: position.plies,
        }
    }

    pub fn cell(&self, square: Square) -> ViewCell {
        self.cells[square.index()]
    }
}

/// What `viewer` sees of `position` as the board images and the bot's messages take it, Red
/// sitting in seat `red`: an enemy piece not shown is a back of its colour, and of the removed
/// pieces those the viewer can name are counted by kind, the others by colour. The counters
/// that belong to a hosted game (timeouts, draw offers, the last action, the outcome) start
/// empty: a hosted game fills them in.
pub fn public_view(
    position: &StandardPosition,
    shown: SquareSet,
    viewer: Viewer,
    red: Seat,
    rules: Rules,
) -> PublicView {
    let view = StandardView::new(position, shown, viewer);
    let cells = view.cells.map(|cell| match cell {
        ViewCell::Empty => PublicCell::Empty,
        ViewCell::Shown(piece) => PublicCell::Revealed(piece),
        ViewCell::Unshown(colour) => PublicCell::Back(colour),
    });
    let mut colours = [Colour::Black; 2];
    colours[red.index()] = Colour::Red;
    let to_act = if position.turn == Colour::Red {
        red
    } else {
        red.other()
    };
    let (removed, removed_unknown) =
        removed_counts(&position.board, position.options.open, Some(viewer));
    PublicView {
        cells,
        to_act,
        colours: Some(colours),
        last_flips: [None; 2],
        plies: position.plies,
        quiet: position.quiet,
        timeouts: [0; 2],
        draw_offers_made: [0; 2],
        pending_draw_offer: None,
        removed,
        removed_unknown,
        last: None,
        outcome: None,
        rules,
        // Its keys name pieces: the rule is applied by the referee, not read off a view.
        repetition: [Vec::new(), Vec::new()],
    }
}

/// The removed pieces whose kinds `viewer` knows (its own, or all in 明棋; all for the
/// referee, `None`) by colour and kind, and how many of each colour it cannot name.
pub fn removed_counts(
    board: &Board,
    open: bool,
    viewer: Option<Viewer>,
) -> ([[u8; 12]; 2], [u8; 2]) {
    let mut known = [[0; 12]; 2];
    let mut unknown = [0; 2];
    for colour in Colour::BOTH {
        let visible = open || viewer.is_none_or(|viewer| viewer == Viewer::Player(colour));
        for kind in Kind::ALL {
            let gone = kind
                .count()
                .saturating_sub(board.count_on_board(Piece::new(colour, kind)));
            if visible {
                known[colour.index()][kind.index()] = gone;
            } else {
                unknown[colour.index()] += gone;
            }
        }
    }
    (known, unknown)
}

/// Reads a view: a standard position whose cells may be `R?` or `B?`.
impl FromStr for StandardView {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<StandardView, NotationError> {
        let (written, turn, quiet, plies) = parse_position_line(text, CellRules::StandardView)?;
        let cells = written.map(|cell| match cell {
            WrittenCell::Revealed(piece) => ViewCell::Shown(piece),
            WrittenCell::Unshown(colour) => ViewCell::Unshown(colour),
            // The standard cell rules refuse face-down cells.
            WrittenCell::Empty | WrittenCell::Unknown | WrittenCell::FaceDown(_) => ViewCell::Empty,
        });
        Ok(StandardView {
            cells,
            turn,
            quiet,
            plies,
        })
    }
}

/// Writes the view in the notation of docs/rules.md §14, `R?`/`B?` for unshown pieces.
impl fmt::Display for StandardView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, |square| match self.cell(square) {
            ViewCell::Empty => CellText::Empty,
            ViewCell::Shown(piece) => CellText::Revealed(piece),
            ViewCell::Unshown(colour) => CellText::Unshown(colour),
        })?;
        write_counters(f, Some(self.turn), self.quiet, self.plies)
    }
}
