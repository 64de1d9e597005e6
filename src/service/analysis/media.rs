//! What `/analyse` shows for a finished game whose series is known: the caption, the three
//! biggest swings as text, and the chart (drawn by `crate::render::render_chart`). A pure
//! function of the stored game and series, shared by the service and `junqi-bot analyse`.

use thiserror::Error;

use crate::analysis::{self, AnalysisError, ESTIMATOR_VERSION, Series};
use crate::config::Language;
use crate::game::{Outcome, PublicView, Seat};
use crate::render::{Chart, RenderError, render_chart};
use crate::store::{FinishedGame, StoredAnalysis};
use crate::words::analysis as say;
use crate::words::history as history_words;

#[derive(Debug, Error)]
pub enum AnalysisMediaError {
    #[error(transparent)]
    Analysis(#[from] AnalysisError),
    #[error("the chart could not be drawn: {0}")]
    Drawing(#[from] RenderError),
    #[error("the stored series has {found} points, the game {wanted}")]
    Mismatch { found: usize, wanted: usize },
}

/// The answer's text and the chart.
pub struct AnalysisMedia {
    pub lines: Vec<String>,
    pub png: Vec<u8>,
}

/// Computes the series of `finished` (seconds of search: run it on the analysis pool).
pub fn compute(finished: &FinishedGame) -> Result<StoredAnalysis, AnalysisError> {
    let series = analysis::analyse(&finished.game.record)?;
    Ok(StoredAnalysis {
        game: finished.game.id,
        estimator: ESTIMATOR_VERSION,
        chances: series.chances,
        end: series.end,
    })
}

/// The caption, the swings and the chart of `finished` from its stored series.
pub fn media(
    finished: &FinishedGame,
    stored: &StoredAnalysis,
    lang: Language,
) -> Result<AnalysisMedia, AnalysisMediaError> {
    let (views, _) = analysis::public_history(&finished.game.record)?;
    let game = AnalysedGame {
        id: finished.game.id,
        names: &finished.game.names,
        outcome: finished.outcome,
    };
    media_of_views(&game, &views, stored, lang)
}

/// What the answer names of a game besides its public history.
pub struct AnalysedGame<'a> {
    pub id: u64,
    pub names: &'a [String; 2],
    pub outcome: Outcome<Seat>,
}

/// [`media`] from the public history itself (the start and every action's view).
pub fn media_of_views(
    game: &AnalysedGame<'_>,
    views: &[PublicView],
    stored: &StoredAnalysis,
    lang: Language,
) -> Result<AnalysisMedia, AnalysisMediaError> {
    if views.len() != stored.chances.len() {
        return Err(AnalysisMediaError::Mismatch {
            found: stored.chances.len(),
            wanted: views.len(),
        });
    }
    let series = Series {
        chances: stored.chances.clone(),
        end: stored.end,
    };
    let swings = analysis::swings(&series, views);
    let (names, id) = (game.names, game.id);
    let actions = views.len() - 1;
    let result = match game.outcome {
        Outcome::Win { winner, reason } => {
            let winner = &names[winner.index()];
            format!(
                "{winner} {}",
                history_words::result(lang, Some(true), Some(reason), None)
            )
        }
        Outcome::Draw(reason) => history_words::result(lang, None, None, Some(reason)),
    };
    let mut lines = vec![say::caption(lang, id, names, actions, &result)];
    lines.push(say::swings_title(lang, swings.len()));
    for (rank, swing) in swings.iter().enumerate() {
        lines.push(say::swing_line(lang, rank + 1, swing, names));
    }
    let colours = views.last().and_then(|view| view.colours);
    let chart = Chart {
        title: say::chart_title(lang, id, names),
        axis: say::chart_axis(lang),
        names: names.clone(),
        colours,
        chances: series.chances,
        end: series.end,
        swings: swings.iter().map(|swing| swing.action).collect(),
    };
    let png = render_chart(&chart, lang)?;
    Ok(AnalysisMedia { lines, png })
}
