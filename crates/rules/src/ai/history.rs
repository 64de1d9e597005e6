//! The master's move ordering: attacks first (the most valuable victim first, the cheapest
//! attacker among equals, as for the other levels), then the quiet moves by how often the same
//! move (from, to) made the search cut off earlier in this decision (the history heuristic),
//! so that alpha-beta prunes more and the same work reaches deeper. It reads only the board
//! the search plays on, whose face-down identities it never looks at.

use super::eval::piece_value;
use crate::game::{Action, Board};

/// Cut-off counts by (from, to), for one decision.
pub struct History {
    scores: Vec<u32>,
}

/// Scores are halved when one grows past this, so recent cut-offs count for more.
const CEILING: u32 = 1 << 24;

impl History {
    pub fn new() -> History {
        History {
            scores: vec![0; 60 * 60],
        }
    }

    fn slot(action: Action) -> Option<usize> {
        match action {
            Action::Move { from, to } => Some(from.index() * 60 + to.index()),
            Action::Flip(_) => None,
        }
    }

    /// `action` made the search cut off `depth` plies from the leaves; attacks are ordered by
    /// what they take, so only quiet moves are recorded.
    pub fn cut(&mut self, board: &Board, action: Action, depth: u8) {
        let Action::Move { to, .. } = action else {
            return;
        };
        if board.piece(to).is_some() {
            return;
        }
        let Some(slot) = History::slot(action) else {
            return;
        };
        let bonus = u32::from(depth) * u32::from(depth);
        self.scores[slot] = self.scores[slot].saturating_add(bonus);
        if self.scores[slot] > CEILING {
            self.scores.iter_mut().for_each(|score| *score /= 2);
        }
    }

    /// Sorts `moves` (moves only, no flips) best first.
    pub fn order(&self, board: &Board, moves: &mut [Action]) {
        moves.sort_by_cached_key(|action| {
            let Action::Move { from, to } = *action else {
                return i64::MAX;
            };
            match (board.piece(to), board.piece(from)) {
                (Some(victim), Some(attacker)) => {
                    i64::from(
                        -(piece_value(victim.kind, 3) * 16 - piece_value(attacker.kind, 3) / 16),
                    ) - (1 << 40)
                }
                _ => -i64::from(History::slot(*action).map_or(0, |slot| self.scores[slot])),
            }
        });
    }
}
