//! The computer opponent of the standard games, 暗棋 and 明棋 (docs/rules.md §9–14): its
//! deployment ([`ai_layout`]), what it knows of the enemy's hidden pieces ([`Belief`], built
//! only from its own views and the referee's public verdicts), the search it chooses a move
//! with, the baseline player and game loop the arena measures it with, and the spectator's
//! knowledge and value search the post-game analysis estimates from ([`spectator_frames`]).
//!
//! What sets this game apart from flip lives here, with what each level does in it
//! ([`settings`]); the levels, budgets and piece values are the flip AI's ([`Level`],
//! [`SearchBudget`], `eval::piece_value`). In 暗棋 the AI deals the enemy's army over the
//! enemy's pieces as its belief allows, several times, searches the dealt boards with full
//! information one depth at a time and sums each move's scores; in 明棋 the view is the board
//! and it searches that one board.

mod belief;
mod deploy;
pub mod match_play;
mod search;
mod spectator;

#[cfg(test)]
mod pair_tests;
#[cfg(test)]
mod spectator_tests;
#[cfg(test)]
mod tests;

use std::time::Instant;

use super::level::{Level, SearchBudget};
use crate::game::{Action, Rules};

pub(crate) use belief::deal_armies;
pub use belief::{Belief, Kinds};
pub use deploy::ai_layout;
pub(crate) use search::noisy_best;
pub use search::{StandardReport, ValueReport};
pub use spectator::{SpectatorFrame, analysis_value, spectator_frames};

/// How one level plays the standard games.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StandardSettings {
    /// The deepest full-width search on each board, in plies.
    pub max_depth: u8,
    /// Boards dealt from the belief (1 in 明棋, whose view is the board).
    pub boards: u32,
    /// Random noise added to each root move's score (a lieutenant is worth 150).
    pub noise: i32,
    /// Plies of attacks the quiescence search follows past the full-width plies.
    pub quiescence: u8,
    /// Plain moves that cut the search off tried early (killer moves): deeper on the same
    /// nodes.
    pub killers: bool,
}

/// The standard games' settings of each level in 暗棋 (`open` false) and 明棋: each level
/// plays with less noise than the one below it and searches deeper (normal's attack
/// quiescence, hard's and master's extra plies with killer ordering, master's extra boards in
/// 暗棋). Measured with the arena at a fixed 20,000 nodes a move (README): deeper levels than
/// these, or more boards, do not finish their iterations on that budget and play no better.
/// 明棋 searches its one board, so normal affords there the ply 暗棋 spends on sampling.
pub(crate) const fn settings(level: Level, open: bool) -> StandardSettings {
    let (max_depth, boards, noise, quiescence, killers) = match (level, open) {
        (Level::Easy, false) => (1, 2, 150, 0, false),
        (Level::Easy, true) => (1, 1, 150, 0, false),
        (Level::Normal, false) => (1, 2, 40, 2, false),
        (Level::Normal, true) => (2, 1, 100, 1, false),
        (Level::Hard, false) => (2, 2, 30, 2, true),
        (Level::Hard, true) => (2, 1, 3, 3, true),
        (Level::Master, false) => (3, 3, 0, 4, true),
        (Level::Master, true) => (3, 1, 0, 4, true),
    };
    StandardSettings {
        max_depth,
        boards,
        noise,
        quiescence,
        killers,
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
    let limit = budget.limit(Instant::now());
    let settings = settings(level, belief.options().open);
    search::choose(belief, rules, &settings, seed, limit, would_repeat)
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
