//! The computer opponent: chooses an action from the public view only, exactly as a person
//! would see the board (face-down identities are unknown to it), plus the baseline players
//! (random, greedy) and the game loop the arena and the tests pit them against each other with.
//!
//! How it thinks: in flip chess nobody knows what a face-down piece is, so the hidden part of
//! the game is chance, not private information: every face-down square holds a piece drawn
//! uniformly from the same pool (`PublicView::face_down_count`). The AI deals that pool over
//! the face-down squares (a determinisation, so the rules engine has a board to work on) and
//! searches it with alpha-beta; a flip at the root is a chance node whose outcomes are
//! enumerated exactly (each distinct piece of the pool, weighted by its count) rather than
//! sampled, and deeper flips are approximated by a pass. Nothing the search reads depends on
//! which sampled piece sits where: the evaluation uses revealed pieces and the per-kind counts
//! of what is still on the board, both public. Every level but easy plays with a drive to cash
//! in a lead before the quiet and length draws; hard and master also run enemy pieces down
//! once nothing is face down, with chases solved exactly past the search's horizon (hunt.rs);
//! the top level, master, searches the same way with better ordering and narrower root flips.

mod determinise;
mod eval;
mod history;
mod hunt;
mod killers;
mod level;
pub mod match_play;
pub mod players;
mod repetition;
mod search;
pub mod siguo;
pub mod standard;

use std::time::Instant;

use crate::game::{Action, PublicView, Seat};

pub use eval::piece_value;
pub use level::{AiConfig, Level, LevelBudgets, LevelParseError, SearchBudget};
pub use search::SearchReport;

/// The action the AI plays for `seat` (which must be `view.to_act`). `would_repeat(action)`
/// tells whether an action would lose by repetition (docs/rules.md §6.6); one is chosen only when
/// nothing else is legal. `None` only when there is no legal action (or the game is over, or
/// it is not `seat`'s turn). Spends at most `config.budget` (plus a millisecond or two).
pub fn choose_action(
    view: &PublicView,
    seat: Seat,
    config: &AiConfig,
    would_repeat: &dyn Fn(Action) -> bool,
) -> Option<Action> {
    let budget = SearchBudget::Time(config.budget);
    choose_action_with(view, seat, config.level, config.seed, budget, would_repeat)
        .map(|report| report.action)
}

/// [`choose_action`] with an explicit budget: `SearchBudget::Nodes(n)` makes the choice a pure
/// function of (view, seat, level, seed, n), whatever the machine's speed (used by the tests).
pub fn choose_action_with(
    view: &PublicView,
    seat: Seat,
    level: Level,
    seed: u64,
    budget: SearchBudget,
    would_repeat: &dyn Fn(Action) -> bool,
) -> Option<SearchReport> {
    let started = Instant::now();
    if view.outcome.is_some() || seat != view.to_act {
        return None;
    }
    search::choose(
        view,
        &level.settings(),
        seed,
        budget.limit(started),
        would_repeat,
    )
}

/// The search the post-game analysis values positions with: fixed settings of its own (depth
/// 4, the plain evaluation, no refinements), so that its estimates and their fitted scale
/// (analysis/estimate.rs) stay put when the levels are retuned. Like [`choose_action_with`]
/// it reads the public view only, and a node budget makes it a pure function of its inputs.
pub fn choose_for_analysis(
    view: &PublicView,
    seed: u64,
    budget: SearchBudget,
    would_repeat: &dyn Fn(Action) -> bool,
) -> Option<SearchReport> {
    let started = Instant::now();
    if view.outcome.is_some() {
        return None;
    }
    let settings = level::SearchSettings::ANALYSIS;
    search::choose(view, &settings, seed, budget.limit(started), would_repeat)
}
