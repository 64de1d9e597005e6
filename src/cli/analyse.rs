//! `junqi-bot analyse --data DIR GAME -o chart.png`: a finished game's win-chance chart and its
//! three biggest swings from a data directory, for operators and tests. The series is taken
//! from the store when it was computed before, else computed here (seconds) and stored, so the
//! bot serves it afterwards at no cost.

use std::path::Path;
use std::time::Instant;

use crate::analysis::{AnalysisError, ESTIMATOR_VERSION};
use crate::config::Language;
use crate::service::{analysis_media, compute_analysis};
use crate::store::Store;

/// Writes the chart of finished game `game` to `output`; returns the text to print (the
/// swings, then where the image went). Errors are messages for the user: no such game, a live
/// one or a standard game that ended before its first move are exit code 2, a store or file
/// failure 1.
pub async fn analyse_to_file(
    data: &Path,
    game: u64,
    output: &Path,
) -> Result<String, (u8, String)> {
    let dir = super::replay::store_in(data)
        .ok_or_else(|| (2, format!("{} holds no junqi-bot store", data.display())))?;
    let store = Store::open(&dir).await.map_err(|e| (1, e.to_string()))?;
    let failed = |e: crate::store::StoreError| (1, e.to_string());
    let finished = match store.finished_game(game).await.map_err(failed)? {
        Some(finished) => finished,
        None if store.live_game(game).await.map_err(failed)?.is_some() => {
            return Err((
                2,
                format!("game {game} has not ended: only finished games are analysed"),
            ));
        }
        None if store.cancelled_game(game).await.map_err(failed)?.is_some() => {
            return Err((
                2,
                format!("game {game} was cancelled: with no result there is nothing to analyse"),
            ));
        }
        None => return Err((2, format!("there is no game {game} in {}", dir.display()))),
    };
    let stored = store
        .analysis(game)
        .await
        .map_err(failed)?
        .filter(|stored| stored.estimator == ESTIMATOR_VERSION);
    let mut report = String::new();
    let stored = match stored {
        Some(stored) => {
            report.push_str("series: from the store\n");
            stored
        }
        None => {
            let started = Instant::now();
            let computed = compute_analysis(&finished).map_err(|e| {
                let code = match e {
                    AnalysisError::NeverPlayed => 2,
                    _ => 1,
                };
                (code, format!("cannot analyse game {game}: {e}"))
            })?;
            report.push_str(&format!(
                "series: computed in {:.1} s\n",
                started.elapsed().as_secs_f64()
            ));
            store.put_analysis(&computed).await.map_err(failed)?;
            computed
        }
    };
    let media = analysis_media(&finished, &stored, Language::English)
        .map_err(|e| (1, format!("cannot draw the analysis of game {game}: {e}")))?;
    std::fs::write(output, &media.png)
        .map_err(|e| (1, format!("cannot write {}: {e}", output.display())))?;
    for line in &media.lines {
        report.push_str(line);
        report.push('\n');
    }
    report.push_str(&format!(
        "image: {} ({} bytes)\n",
        output.display(),
        media.png.len()
    ));
    Ok(report)
}
