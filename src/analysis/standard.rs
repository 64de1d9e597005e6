//! The win chance of one point of a 暗棋 or 明棋 game, from what everyone had been shown at
//! that point alone (`ai::standard::spectator_frames`: in 暗棋 both armies' unshown pieces are
//! unknown, never the layouts): the value search of `ai::standard::analysis_value` under a
//! fixed node budget, seeded by the action count only, mapped to a probability by a logistic
//! whose scale was fitted on AI-vs-AI games (`examples/calibrate.rs --game dark|open`).

use super::Series;
use super::estimate::{EVEN, for_first, of_outcome};
use crate::ai::standard::{SpectatorFrame, analysis_value};
use crate::game::{Outcome, Rules, Seat};

/// Search nodes per estimate (the first depth on every board is always searched whatever it
/// costs): a 300-move game takes 0.6 s of one core in a release build, 0.17 of 翻翻棋's time
/// in the same run (`examples/analyse_300`). 20,000 nodes fitted no better (暗棋 log loss
/// 0.5577 against 0.5569, 明棋 0.4541 against 0.4557, on the same 400 games).
pub const NODES: u64 = 6_000;

/// Evaluation units (a lieutenant is 150; a board won is worth 3000 at most) for odds of e:1
/// in 暗棋, fitted by `examples/calibrate.rs 400 0 --fit --game dark` (AI-vs-AI games of seeds
/// 0..400 at 2000 nodes a move: log loss 0.5569 over 5090 positions). On seeds 1,000,000 to
/// 1,000,300 every tenth of the estimates is within 3 points of the share actually won.
pub const SCALE_DARK: f64 = 1000.0;
/// The same for 明棋 (`--game open`: log loss 0.4557 over 7812 positions). On the other seeds
/// it is somewhat too sure in the middle: positions estimated 30–40 % won 43.5 %, those at
/// 60–70 % won 56.3 %.
pub const SCALE_OPEN: f64 = 900.0;

/// Seeds the determinisation; mixed with the action count only.
const SEED: u64 = 0x6a75_6e71_6920_7374;

/// The side to act's value of `frame` (search units), `None` once the game is over there.
pub fn score(frame: &SpectatorFrame, rules: Rules, nodes: u64) -> Option<i32> {
    if frame.view.outcome.is_some() {
        return None;
    }
    let plies = frame.belief.view().plies;
    let seed = SEED ^ u64::from(plies).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    analysis_value(&frame.belief, rules, seed, nodes).map(|report| report.score)
}

/// A value for the side to act as its expected share of the point, in 暗棋 (`open` false) or
/// 明棋.
pub fn probability(score: i32, open: bool) -> f64 {
    let scale = if open { SCALE_OPEN } else { SCALE_DARK };
    1.0 / (1.0 + (-f64::from(score) / scale).exp())
}

/// Seat First's chance (thousandths) at `frame`; `previous` is kept when there was nothing to
/// value.
pub fn estimate(frame: &SpectatorFrame, rules: Rules, previous: u16, nodes: u64) -> u16 {
    if let Some(outcome) = &frame.view.outcome {
        return of_outcome(outcome);
    }
    let Some(score) = score(frame, rules, nodes) else {
        return previous;
    };
    let open = frame.belief.options().open;
    for_first(frame.view.to_act, probability(score, open))
}

/// The series of `frames` ending in `outcome`, with `nodes` of search each.
pub fn series_of_frames(
    frames: &[SpectatorFrame],
    rules: Rules,
    outcome: &Outcome<Seat>,
    nodes: u64,
) -> Series {
    let mut previous = EVEN;
    let chances = frames
        .iter()
        .map(|frame| {
            previous = estimate(frame, rules, previous, nodes);
            previous
        })
        .collect();
    Series {
        chances,
        end: of_outcome(outcome),
    }
}
