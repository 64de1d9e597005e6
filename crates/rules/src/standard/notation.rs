//! The position notation of the standard games (docs/rules.md §14): flip's `BOARD TURN
//! [QUIET PLIES]` of §8 with no face-down cells. The variant's options are not written in it.

use std::fmt;
use std::str::FromStr;

use super::position::StandardPosition;
use crate::game::notation::{
    CellRules, CellText, WrittenCell, parse_position_line, write_board, write_counters,
};
use crate::game::{Board, Cell, NotationError, Rules, Square, StandardOptions};

/// Reads a standard position, every identity written (`R?` and face-down cells refused),
/// with every option off.
impl FromStr for StandardPosition {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<StandardPosition, NotationError> {
        let (cells, turn, quiet, plies) = parse_position_line(text, CellRules::Standard)?;
        let mut board = Board::empty();
        for square in Square::all() {
            if let WrittenCell::Revealed(piece) = cells[square.index()] {
                board.set(square, Cell::Revealed(piece));
            }
        }
        Ok(StandardPosition {
            board,
            turn,
            quiet,
            plies,
            options: StandardOptions::default(),
            rules: Rules::default(),
        })
    }
}

/// Writes `BOARD TURN QUIET PLIES` with every identity: the referee's position.
impl fmt::Display for StandardPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, |square| match self.board.piece(square) {
            None => CellText::Empty,
            Some(piece) => CellText::Revealed(piece),
        })?;
        write_counters(f, Some(self.turn), self.quiet, self.plies)
    }
}
