//! The win chance of one position, from its public view alone: the AI's search value (the
//! analysis's own fixed search settings, `ai::choose_for_analysis`, under a fixed node budget,
//! so the same view always gets the same value on any machine and retuning the levels cannot
//! move it) mapped to a probability by a logistic whose scale was fitted on
//! AI-vs-AI games (`examples/calibrate.rs`). The seed of the search's determinisation is the
//! action count, which is public, never anything of the deal; the search itself reads only
//! revealed pieces and public counts (see `crate::ai`).

use crate::ai::{SearchBudget, choose_for_analysis};
use crate::game::{Action, Outcome, PublicView, Seat};

/// Search nodes per estimate: ~25 ms of one core in a release build, so a 300-action game
/// takes well under the 30 s target.
pub const NODES: u64 = 6_000;

/// Evaluation units (a lieutenant is 150) for odds of e:1, fitted by `examples/calibrate.rs
/// --fit` on 160 games of seeds 0..160 (log loss 0.656, against 0.852 at a scale of 700):
/// node-limited AI games draw often (86 of 160), so a lead in material is worth less than a
/// lieutenant-per-150 scale suggests.
pub const SCALE: f64 = 3000.0;

/// Scores at least this large are a forced result within the search's horizon.
const FORCED: i32 = 900_000;

/// Seeds the determinisation; mixed with the action count only.
const SEED: u64 = 0x6a75_6e71_6920_6161;

/// Chances are kept in thousandths of a point won (a win 1, a draw half) for seat First.
pub const WHOLE: u16 = 1000;
pub const EVEN: u16 = 500;

/// What seat First can expect from a finished game: all of it, none of it or half.
pub fn of_outcome(outcome: &Outcome<Seat>) -> u16 {
    match outcome.winner() {
        Some(Seat::First) => WHOLE,
        Some(Seat::Second) => 0,
        None => EVEN,
    }
}

/// A search score for the side to act as its expected share of the point.
pub fn probability(score: i32) -> f64 {
    if score >= FORCED {
        return 1.0;
    }
    if score <= -FORCED {
        return 0.0;
    }
    1.0 / (1.0 + (-f64::from(score) / SCALE).exp())
}

/// Thousandths for seat First from the side to act's probability.
fn for_first(to_act: Seat, probability: f64) -> u16 {
    let first = match to_act {
        Seat::First => probability,
        Seat::Second => 1.0 - probability,
    };
    (first * f64::from(WHOLE))
        .round()
        .clamp(0.0, f64::from(WHOLE)) as u16
}

/// The search's value of `view` for the side to act, when the search valued it (`None`
/// before colours are decided, at the end, and when there was nothing to choose from).
pub fn score(view: &PublicView, nodes: u64) -> Option<i32> {
    if view.outcome.is_some() || view.turn_colour().is_none() {
        return None;
    }
    let seed = SEED ^ u64::from(view.plies).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let never = |_: Action| false;
    let report = choose_for_analysis(view, seed, SearchBudget::Nodes(nodes), &never)?;
    if report.depth > 0 {
        return Some(report.score);
    }
    // Chosen without searching: a flag to take (a won game) or a single legal action.
    taking_flag(view, report.action).then_some(FORCED)
}

/// Whether `action` attacks a revealed flag (only legal once its mines are gone).
fn taking_flag(view: &PublicView, action: Action) -> bool {
    let Action::Move { to, .. } = action else {
        return false;
    };
    matches!(
        view.cell(to),
        crate::game::PublicCell::Revealed(piece) if piece.kind == crate::game::Kind::Flag
    )
}

/// Seat First's chance (thousandths) in `view`; `previous` is the estimate before it, kept
/// when the search had nothing to value (colours undecided: even).
pub fn estimate(view: &PublicView, previous: u16, nodes: u64) -> u16 {
    if let Some(outcome) = &view.outcome {
        return of_outcome(outcome);
    }
    if view.turn_colour().is_none() {
        return EVEN;
    }
    match score(view, nodes) {
        Some(score) => for_first(view.to_act, probability(score)),
        None => previous,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_logistic_is_even_at_zero_and_certain_when_forced() {
        assert_eq!(probability(0), 0.5);
        assert!(probability(150) > 0.5 && probability(150) < 0.6);
        assert_eq!(probability(FORCED), 1.0);
        assert_eq!(probability(-FORCED - 5), 0.0);
        assert_eq!(for_first(Seat::Second, 0.75), 250);
        assert_eq!(for_first(Seat::First, 0.75), 750);
    }
}
