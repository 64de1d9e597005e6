//! The board the 四国 rule tests start from, and how they name posts, pieces and actions.

use super::*;

/// Every seat's flag on its B1 and a lieutenant on its E1 (free to step to E2): a board where
/// every seat is in and can move.
pub(super) const BASE: [(&str, &str); 8] = [
    ("SB1", "SF"),
    ("SE1", "S2"),
    ("EB1", "EF"),
    ("EE1", "E2"),
    ("NB1", "NF"),
    ("NE1", "N2"),
    ("WB1", "WF"),
    ("WE1", "W2"),
];

pub(super) fn post(text: &str) -> SiguoPost {
    text.parse()
        .unwrap_or_else(|e| panic!("test post {text}: {e}"))
}

pub(super) fn piece(code: &str) -> SiguoPiece {
    code.parse()
        .unwrap_or_else(|e| panic!("test piece {code}: {e}"))
}

/// [`BASE`] with `pieces` on top; a `.` code empties its post.
pub(super) fn position(pieces: &[(&str, &str)], turn: SiguoSeat) -> SiguoPosition {
    let mut position = SiguoPosition::empty(turn);
    for (name, code) in BASE.iter().chain(pieces) {
        let cell = (*code != ".").then(|| piece(code));
        position.set(post(name), cell);
    }
    position
}

pub(super) fn action(text: &str) -> SiguoAction {
    text.parse()
        .unwrap_or_else(|e| panic!("test action {text}: {e}"))
}
