//! Post-game analysis: each player's estimated chance after every action of a finished game,
//! and its three biggest swings. It owns the series (what is computed once and stored) and how
//! it is computed; the chart is drawn by `crate::render::render_chart`, worded by
//! `crate::words::analysis`, and scheduled and stored by the service (`service/analysis/`).
//!
//! Honesty: the estimate after an action is made from the public view at that point (and the
//! estimate before it), never from the deal, so two deals that lead to the same public
//! history give the same series, and so the same chart byte for byte. In 暗棋 the same holds
//! of the layouts: the estimate reads what everyone had been shown (`standard`), so two games
//! whose layouts differ only in pieces never shown give the same chart.

pub mod estimate;
pub mod standard;

use thiserror::Error;

use crate::GameKind;
use crate::ai::standard::{SpectatorFrame, spectator_frames};
use crate::game::{Action, Effect, Game, GameRecord, Outcome, PublicView, ReplayError, Seat};

/// The version of the estimate: a stored series made by another version is computed again.
pub const ESTIMATOR_VERSION: u16 = 1;

/// How many swings a chart marks.
pub const SWINGS: usize = 3;

#[derive(Debug, Error)]
pub enum AnalysisError {
    #[error(transparent)]
    Record(#[from] ReplayError),
    #[error("the game has not ended")]
    NotOver,
    #[error("the game ended before any move was played")]
    NeverPlayed,
}

/// Seat First's expected share of the point (thousandths: a win 1000, a draw 500) at the start
/// and after each action; `end` is the game's result on the same scale (the last point too
/// when the last action ended the game; a resignation, a timeout or an agreed draw comes after
/// it).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Series {
    pub chances: Vec<u16>,
    pub end: u16,
}

/// One action's change of the chances.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Swing {
    /// The action's number (1 is the first action).
    pub action: usize,
    /// Who played it, what it was and what it did.
    pub seat: Seat,
    pub played: Action,
    pub effect: Effect,
    /// The mover's chance before and after (thousandths).
    pub before: u16,
    pub after: u16,
}

/// The public view at the start and after each action of `record`, and the game's end (in a
/// standard game, what a spectator saw when play began and after each move).
pub fn public_history(
    record: &GameRecord,
) -> Result<(Vec<PublicView>, Outcome<Seat>), AnalysisError> {
    if record.kind() != GameKind::Flip {
        let (frames, outcome) = standard_history(record)?;
        return Ok((
            frames.into_iter().map(|frame| frame.view).collect(),
            outcome,
        ));
    }
    let (game, views) = Game::replay_views(record)?;
    let outcome = game.outcome().ok_or(AnalysisError::NotOver)?;
    Ok((views, outcome))
}

/// A finished standard game's frames (what a spectator knew when play began and after each
/// move) and its end.
pub fn standard_history(
    record: &GameRecord,
) -> Result<(Vec<SpectatorFrame>, Outcome<Seat>), AnalysisError> {
    let (round, frames) = spectator_frames(record)?;
    let outcome = round.outcome().ok_or(AnalysisError::NotOver)?;
    if frames.is_empty() {
        return Err(AnalysisError::NeverPlayed);
    }
    Ok((frames, outcome))
}

/// Whether `record`'s game has a point to analyse: false for a standard game that ended while
/// its players deployed.
pub fn was_played(record: &GameRecord) -> bool {
    record.kind() == GameKind::Flip
        || record
            .events
            .iter()
            .any(|event| matches!(event, crate::game::Event::Act(_)))
        || crate::standard::StandardRound::replay(record).is_ok_and(|round| round.game().is_some())
}

/// The series of public views `views` ending in `outcome`, with `nodes` of search each.
pub fn series_of_views(views: &[PublicView], outcome: &Outcome<Seat>, nodes: u64) -> Series {
    let mut chances = Vec::with_capacity(views.len());
    let mut previous = estimate::EVEN;
    for view in views {
        previous = estimate::estimate(view, previous, nodes);
        chances.push(previous);
    }
    Series {
        chances,
        end: estimate::of_outcome(outcome),
    }
}

/// The series of a finished game (the work of an analysis: one search per action).
pub fn analyse(record: &GameRecord) -> Result<Series, AnalysisError> {
    if record.kind() != GameKind::Flip {
        let (frames, outcome) = standard_history(record)?;
        let nodes = standard::NODES;
        return Ok(standard::series_of_frames(
            &frames,
            record.rules,
            &outcome,
            nodes,
        ));
    }
    let (views, outcome) = public_history(record)?;
    Ok(series_of_views(&views, &outcome, estimate::NODES))
}

/// The `SWINGS` actions that changed the chances most, biggest first (the earlier among
/// equals); `views` are the public history the series was made from.
pub fn swings(series: &Series, views: &[PublicView]) -> Vec<Swing> {
    let mut all: Vec<Swing> = Vec::new();
    let steps = series.chances.windows(2).zip(views.iter().skip(1));
    for (index, (pair, view)) in steps.enumerate() {
        let action = index + 1;
        let (before, after) = (pair[0], pair[1]);
        let Some(last) = view.last else {
            continue;
        };
        let mover = |chance: u16| match last.seat {
            Seat::First => chance,
            Seat::Second => estimate::WHOLE - chance.min(estimate::WHOLE),
        };
        all.push(Swing {
            action,
            seat: last.seat,
            played: last.action,
            effect: last.effect,
            before: mover(before),
            after: mover(after),
        });
    }
    all.sort_by_key(|swing| {
        (
            std::cmp::Reverse(swing.before.abs_diff(swing.after)),
            swing.action,
        )
    });
    all.retain(|swing| swing.before != swing.after);
    all.truncate(SWINGS);
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    #[test]
    fn swings_are_the_biggest_changes_for_the_mover() {
        let game = Game::new(7, Rules::default());
        let mut game = game;
        let mut views = vec![game.view()];
        for _ in 0..4 {
            let action = game.legal_actions()[0];
            let seat = game.to_act();
            game.act(seat, action).expect("legal");
            views.push(game.view());
        }
        let series = Series {
            chances: vec![500, 500, 600, 300, 310],
            end: 0,
        };
        let swings = swings(&series, &views);
        assert_eq!(swings.len(), 3);
        assert_eq!(swings[0].action, 3);
        assert_eq!(swings[1].action, 2);
        assert_eq!(swings[2].action, 4);
    }
}
