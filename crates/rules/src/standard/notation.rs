//! The position notation of the standard games (docs/rules.md §14): flip's `BOARD TURN
//! [QUIET PLIES]` of §8 with no face-down cells. The variant's options are not written in it.

use std::fmt;
use std::str::FromStr;

use super::position::StandardPosition;
use crate::game::notation::{
    CellRules, CellText, WrittenCell, parse_cells, parse_turn, split_fields, write_board,
    write_counters,
};
use crate::game::{Board, Cell, NotationError, Rules, SQUARES, Square, StandardOptions};

/// Reads the cells of a standard BOARD field under `rules` (a position or a view).
pub(super) fn read_cells(
    board_text: &str,
    rules: CellRules,
) -> Result<[WrittenCell; SQUARES], NotationError> {
    parse_cells(board_text, rules)
}

/// Reads a standard position, every identity written (`R?` and face-down cells refused),
/// with every option off.
impl FromStr for StandardPosition {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<StandardPosition, NotationError> {
        let (board_text, turn_text, quiet, plies) = split_fields(text)?;
        let cells = read_cells(board_text, CellRules::Standard)?;
        let turn = parse_turn(turn_text, false)?.ok_or(NotationError::Turn {
            text: turn_text.into(),
            public: false,
        })?;
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
