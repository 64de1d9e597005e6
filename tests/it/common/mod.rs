//! Helpers shared by the rules tests: positions written as a list of (square, code) pairs.
#![allow(dead_code)]

use std::collections::HashMap;

use junqi::game::{Action, COLUMNS, Position, ROWS, Square};

/// The notation of a board holding `pieces` (`("B3", "R9")`, `("C5", "?BM")`), the rest empty.
pub fn board_text(pieces: &[(&str, &str)]) -> String {
    let cells: HashMap<Square, &str> = pieces
        .iter()
        .map(|(square, code)| (square.parse().expect("test square"), *code))
        .collect();
    let rows: Vec<String> = (0..ROWS)
        .rev()
        .map(|row| {
            let row_cells: Vec<&str> = (0..COLUMNS)
                .map(|column| {
                    let square = Square::new(column, row).expect("on the board");
                    cells.get(&square).copied().unwrap_or(".")
                })
                .collect();
            row_cells.join(",")
        })
        .collect();
    rows.join("/")
}

/// A position with `pieces` on the board and `turn` ("R" or "B") to act.
pub fn position(pieces: &[(&str, &str)], turn: &str) -> Position {
    let text = format!("{} {turn} 0 0", board_text(pieces));
    text.parse::<Position>()
        .unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

pub fn sq(text: &str) -> Square {
    text.parse().expect("test square")
}

pub fn mv(from: &str, to: &str) -> Action {
    Action::Move {
        from: sq(from),
        to: sq(to),
    }
}

/// The destinations of the piece on `from` among the legal actions, sorted as strings.
pub fn destinations(position: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut out: Vec<String> = position
        .legal_actions()
        .into_iter()
        .filter_map(|action| match action {
            Action::Move { from: f, to } if f == from => Some(to.to_string()),
            _ => None,
        })
        .collect();
    out.sort();
    out
}

pub fn squares(list: &str) -> Vec<String> {
    let mut out: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    out.sort();
    out
}

/// Pieces of a test position: (square, code) pairs.
pub type Pieces = &'static [(&'static str, &'static str)];
