//! The standard games as a spectator sees them, for the post-game analysis: the public frames
//! of a finished game, each with what everyone had been shown up to it ([`Belief::spectator`]:
//! in 暗棋 both armies' unshown pieces are unknown, in 明棋 nothing is), and the value of a
//! frame for the side to act under the analysis's own fixed search settings.
//!
//! Honesty: the frames are built from the spectator's views (whose type has no place for an
//! identity it was not shown) and the referee's public verdicts only; the layouts in the record
//! only replay the game. So two games whose layouts differ only in pieces never shown to
//! everyone give the same frames, and a node budget and a seed from the action count make the
//! same frames give the same values on any machine.

use std::time::Instant;

use super::belief::Belief;
use super::search::{self, ValueReport};
use super::{SearchBudget, StandardSettings};
use crate::game::{Event, GameRecord, PublicView, ReplayError};
use crate::standard::{StandardRound, Viewer};

/// One point of a finished standard game: the public view (for the chart's swings) and what a
/// spectator knew then (for its value).
#[derive(Clone, Debug)]
pub struct SpectatorFrame {
    pub view: PublicView,
    pub belief: Belief,
}

/// The analysis's search settings: its own, so that its values and their fitted scale stay
/// put when the levels are retuned. Four boards dealt from the public knowledge, searched up
/// to three plies with a four-ply attack quiescence and killer ordering, no noise.
const ANALYSIS: StandardSettings = StandardSettings {
    max_depth: 3,
    boards: 4,
    noise: 0,
    quiescence: 4,
    killers: true,
};

/// 明棋's: the view is the board, so one board.
const ANALYSIS_OPEN: StandardSettings = StandardSettings {
    boards: 1,
    ..ANALYSIS
};

/// The frames of a finished (or ended) standard game: when play began and after each move,
/// with the game at its end. Empty when the game ended while the players deployed.
pub fn spectator_frames(
    record: &GameRecord,
) -> Result<(StandardRound, Vec<SpectatorFrame>), ReplayError> {
    let mut frames: Vec<SpectatorFrame> = Vec::with_capacity(record.events.len());
    let mut belief: Option<Belief> = None;
    let round = StandardRound::replay_observed(record, |round, event| {
        let Some(game) = round.game() else {
            return;
        };
        let seen = game.view(Viewer::Spectator);
        let known = match (belief.as_mut(), event) {
            (None, _) => belief.insert(Belief::spectator(&seen, round.options())),
            (Some(known), Event::Act(_)) => {
                if let Some(last) = game.last() {
                    known.observe(last.action, last.verdict, &seen);
                }
                known
            }
            (Some(known), Event::Timeout) => {
                known.pass(&seen);
                return;
            }
            _ => return,
        };
        frames.push(SpectatorFrame {
            view: round.view(),
            belief: known.clone(),
        });
    })?;
    Ok((round, frames))
}

/// The value of `belief`'s position for the side to act, by the analysis's fixed settings
/// under `nodes` (after the first depth, which is always completed), the determinisation
/// seeded by `seed` (the caller's: from public numbers only).
pub fn analysis_value(
    belief: &Belief,
    rules: crate::game::Rules,
    seed: u64,
    nodes: u64,
) -> Option<ValueReport> {
    let settings = if belief.options().open {
        ANALYSIS_OPEN
    } else {
        ANALYSIS
    };
    let limit = SearchBudget::Nodes(nodes).limit(Instant::now());
    search::value(belief, rules, &settings, seed, limit)
}
