//! The computer player of 四国军棋 (docs/rules.md §15–22): its deployment on any arm
//! ([`siguo_layout`]), what one seat knows of the pieces it was not shown ([`SiguoBelief`], built
//! only from that seat's views under the table's view mode and the referee's public account of
//! each action), the search it chooses its seat's action with, playing for its team, and the
//! game loop the arena and the tests pit players against each other with ([`match_play`]).
//!
//! The levels, budgets and piece values are the other games' ([`Level`], [`SearchBudget`],
//! `piece_value`). The AI deals every piece it was not shown (its ally's too under the `dark`
//! view) from its belief, several times, and searches the dealt boards with the two teams as
//! the two sides: the evaluation sums both allies' material and the safety of both their flags
//! against both enemies', so a seat defends its ally's flag as its own. The rules forbid
//! attacking an ally, and the search plays only legal actions.

mod belief;
mod eval;
pub mod match_play;
mod search;

#[cfg(test)]
mod belief_tests;
#[cfg(test)]
mod tests;

use std::time::Instant;

use rand::Rng;

use super::level::{Level, SearchBudget};
use super::standard::ai_layout;
use crate::standard::Layout;

pub use belief::{SiguoBelief, SiguoObservation};
pub use search::SiguoReport;

/// How one level plays 四国.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SiguoSettings {
    /// The deepest full-width search on each board, in plies (one seat's action each).
    pub max_depth: u8,
    /// Boards dealt from the belief.
    pub boards: u32,
    /// Random noise added to each root action's score (a lieutenant is worth 150).
    pub noise: i32,
    /// Plies of attacks the quiescence search follows past the full-width plies.
    pub quiescence: u8,
    /// Plain moves that cut the search off tried early.
    pub killers: bool,
}

/// Each level plays with less noise than the one below and searches further: easy one ply
/// with heavy noise; normal one ply and the exchanges after it on two dealt boards; hard the
/// next enemy's reply too; master the same two plies on eight dealt boards, with a longer
/// quiescence and no noise. Measured with the arena at 20,000 nodes a move (README): master
/// searching its ally's answer too (three plies) on two boards, or four plies on one, scored
/// 53 % against hard; the same two plies on eight boards 77–80 %, since what the enemy's hidden
/// pieces are weighs more in 四国 than a ply (twelve boards no longer finish the second ply).
pub(crate) const fn settings(level: Level) -> SiguoSettings {
    let (max_depth, boards, noise, quiescence, killers) = match level {
        Level::Easy => (1, 1, 150, 0, false),
        Level::Normal => (1, 2, 40, 2, false),
        Level::Hard => (2, 2, 10, 2, true),
        Level::Master => (2, 8, 0, 3, true),
    };
    SiguoSettings {
        max_depth,
        boards,
        noise,
        quiescence,
        killers,
    }
}

/// A layout for the AI at `level` on any arm (a layout is in its owner's frame): the standard
/// AI's deployment with sense, varied by `rng`.
pub fn siguo_layout(level: Level, rng: &mut impl Rng) -> Layout {
    ai_layout(level, rng)
}

/// The action the AI plays at `level` for the seat whose knowledge is `belief`: `None` when it
/// is not that seat's turn or it has no legal action. A node budget makes the choice a pure
/// function of (belief, level, seed, nodes).
pub fn choose_siguo(
    belief: &SiguoBelief,
    level: Level,
    seed: u64,
    budget: SearchBudget,
) -> Option<SiguoReport> {
    let limit = budget.limit(Instant::now());
    search::choose(belief, &settings(level), seed, limit)
}
