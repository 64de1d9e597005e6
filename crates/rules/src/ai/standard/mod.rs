//! The computer opponent of the standard games, 暗棋 and 明棋 (docs/rules.md §9–14): its
//! deployment ([`ai_layout`]), what it knows of the enemy's hidden pieces ([`Belief`], built
//! only from its own views and the referee's public verdicts), the search it chooses a move
//! with, and the baseline player and game loop the arena measures it with.
//!
//! What sets this game apart from flip lives here; the levels, budgets and piece values are
//! the flip AI's ([`Level`], [`SearchBudget`], `eval::piece_value`). In 暗棋 the AI deals the
//! enemy's army over the enemy's pieces as its belief allows, several times, searches each
//! dealt board with full information and sums each move's scores; in 明棋 the view is the
//! board and it searches that one board.

mod belief;
mod deploy;
pub mod match_play;
mod search;

#[cfg(test)]
mod tests;

use std::time::Instant;

use super::level::{Level, SearchBudget};
use crate::game::{Action, Rules};

pub use belief::{Belief, Kinds};
pub use deploy::ai_layout;
pub use search::StandardReport;

/// How one level plays the standard games.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StandardSettings {
    /// The deepest full-width search on each board, in plies.
    pub max_depth: u8,
    /// Boards dealt from the belief in 暗棋 (明棋 searches its one board).
    pub boards: u32,
    /// Random noise added to each root move's score (a lieutenant is worth 150).
    pub noise: i32,
    /// Plies of attacks the quiescence search follows past the full-width plies.
    pub quiescence: u8,
    /// Plain moves that cut the search off tried early (killer moves): deeper on the same
    /// nodes.
    pub killers: bool,
}

/// The standard games' settings of each level: deeper, with more boards and less noise, from
/// easy to master.
pub(crate) const fn settings(level: Level) -> StandardSettings {
    match level {
        Level::Easy => StandardSettings {
            max_depth: 1,
            boards: 2,
            noise: 150,
            quiescence: 0,
            killers: false,
        },
        Level::Normal => StandardSettings {
            max_depth: 2,
            boards: 4,
            noise: 20,
            quiescence: 2,
            killers: false,
        },
        Level::Hard => StandardSettings {
            max_depth: 3,
            boards: 6,
            noise: 3,
            quiescence: 3,
            killers: false,
        },
        Level::Master => StandardSettings {
            max_depth: 4,
            boards: 3,
            noise: 3,
            quiescence: 4,
            killers: true,
        },
    }
}

/// The move the AI plays at `level` for the seat whose knowledge is `belief`, under the
/// server's `rules` (the quiet and length draws). `would_repeat(action)` tells whether a move
/// would lose by repetition; one is chosen only when nothing else is legal. `None` when it is
/// not the seat's turn or it has no legal move. A node budget makes the choice a pure function
/// of (belief, level, seed, nodes).
pub fn choose_standard(
    belief: &Belief,
    rules: Rules,
    level: Level,
    seed: u64,
    budget: SearchBudget,
    would_repeat: &dyn Fn(Action) -> bool,
) -> Option<StandardReport> {
    let started = Instant::now();
    let limit = budget.limit(started);
    search::choose(
        belief,
        rules,
        &settings(level),
        seed,
        limit,
        started,
        would_repeat,
    )
}

/// What `seat` of a hosted game knows now, built only from what it was shown: its own layout
/// at the start, then after every move its own view and the referee's public verdict (the
/// record's other layout only replays the game; the belief never reads it). `None` while the
/// players deploy.
pub fn belief_of(
    round: &crate::standard::StandardRound,
    seat: crate::game::Seat,
) -> Option<Belief> {
    use crate::standard::{RecordedTurn, StandardGame, Viewer};
    let record = round.game()?.record();
    let colour = round.colour_of(seat);
    let viewer = Viewer::Player(colour);
    let mut replay = StandardGame::new(record.red, record.black, record.options, record.rules);
    let mut belief = Belief::new(colour, &replay.view(viewer), record.options);
    for turn in &record.moves {
        match *turn {
            RecordedTurn::Move(action, verdict) => {
                replay.act(replay.to_act(), action).ok()?;
                belief.observe(action, verdict, &replay.view(viewer));
            }
            RecordedTurn::Timeout => replay.pass().ok()?,
        }
    }
    Some(belief)
}
