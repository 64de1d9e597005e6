//! The win chance of one position, from its public view alone: the AI's search value (the
//! analysis's own fixed search settings, `ai::choose_for_analysis`, under a fixed node budget,
//! so the same view always gets the same value on any machine and retuning the levels cannot
//! move it) mapped to a probability by a logistic whose scale was fitted on
//! AI-vs-AI games (`examples/calibrate.rs`). The seed of the search's determinisation is the
//! action count, which is public, never anything of the deal; the search itself reads only
//! revealed pieces and public counts (see `crate::ai`).

use crate::ai::{SearchBudget, choose_for_analysis};
use crate::game::{Action, Outcome, PublicView, Seat};

/// Search nodes per estimate (more in the busy positions `RETRY_FACTOR` is for): a 300-action
/// game takes 4.3 s of one core in a release build (`examples/analyse_300`; target 30 s).
pub const NODES: u64 = 6_000;

/// Evaluation units (a lieutenant is 150) for odds of e:1, fitted by `examples/calibrate.rs
/// --fit` on 160 games of seeds 0..160 (log loss 0.6312, against 0.6365 at 3000, the scale
/// fitted before busy positions were searched again): node-limited AI games draw often (65 of
/// 160), so a lead in material is worth less than a lieutenant-per-150 scale suggests.
pub const SCALE: f64 = 2000.0;

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
pub(crate) fn for_first(to_act: Seat, probability: f64) -> u16 {
    let first = match to_act {
        Seat::First => probability,
        Seat::Second => 1.0 - probability,
    };
    (first * f64::from(WHOLE))
        .round()
        .clamp(0.0, f64::from(WHOLE)) as u16
}

/// How many times the budget a search gets again when `nodes` ended it before one full
/// iteration. In the middle of the flips, with many revealed pieces facing each other, the
/// first iteration follows every capture line behind each of ~40 actions (flips weighed over
/// every piece they may turn up) and can need ten times the usual budget: with no retry, 23
/// estimates in a row of an 80-action game (actions 27 to 49) kept the one before them, and
/// the chart showed nothing of the general-takes-major-general capture that stood open on
/// every one of Red's turns meanwhile.
const RETRY_FACTOR: u64 = 10;

/// The search's value of `view` for the side to act, when the search valued it (`None`
/// before colours are decided, at the end, when there was nothing to choose from, and when
/// even the retry's budget could not finish one iteration).
pub fn score(view: &PublicView, nodes: u64) -> Option<i32> {
    if view.outcome.is_some() || view.turn_colour().is_none() {
        return None;
    }
    let never = |_: Action| false;
    let seed = seed_of(view);
    for budget in [nodes, nodes.saturating_mul(RETRY_FACTOR)] {
        let report = choose_for_analysis(view, seed, SearchBudget::Nodes(budget), &never)?;
        if report.depth > 0 {
            return Some(report.score);
        }
        if report.nodes == 0 {
            // Chosen without searching: a flag to take (a won game) or a single legal action.
            return taking_flag(view, report.action).then_some(FORCED);
        }
    }
    None
}

/// The determinisation's seed for `view`: from the action count only, which is public.
fn seed_of(view: &PublicView) -> u64 {
    SEED ^ u64::from(view.plies).wrapping_mul(0x9E37_79B9_7F4A_7C15)
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

    #[test]
    fn a_position_too_busy_for_the_budget_is_searched_again_with_more() {
        // Action 27 of hard against normal on deal 3: 28 pieces face down, 42 actions, and
        // revealed pieces facing each other all over the board.
        let text = "?,B5,?,B1,./B1,?,.,?,?/?,R3,?,.,RX/?,B6,.,?,?/?,.,.,RX,?/?,B7,?,?,B4/\
                    ?,?,?,?,?/?,.,?,.,B9/B7,?,.,?,R1/R8,.,B3,.,B5/?,R6,?,R7,?/R2,?,B6,R2,R4 B 11 27";
        let shown: crate::game::PublicPosition = text.parse().expect("a public position");
        let view = PublicView::of_public_position(&shown);
        let never = |_: Action| false;
        let first = choose_for_analysis(&view, seed_of(&view), SearchBudget::Nodes(NODES), &never)
            .expect("a report");
        assert_eq!(
            first.depth, 0,
            "the usual budget no longer runs out here: pick another"
        );
        assert!(first.nodes > 0);
        assert!(score(&view, NODES).is_some());
    }
}
