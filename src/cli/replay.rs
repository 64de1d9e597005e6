//! `junqi-bot replay --data DIR GAME -o game.gif [--record game.txt]`: a finished game's replay
//! and record files from a data directory, for operators (a replay too big for Discord) and
//! tests. The directory is only read: a missing store is refused, not created.

use std::path::{Path, PathBuf};

use crate::config::Language;
use crate::service::{DEFAULT_SPEED, SPEEDS, replay_media};
use crate::store::Store;

/// The store inside `data`: the console's `DATA/store`, or `DATA` itself (the Discord bot's
/// `data_dir`).
pub(super) fn store_in(data: &Path) -> Option<PathBuf> {
    [data.join("store"), data.to_path_buf()]
        .into_iter()
        .find(|dir| dir.join("conf").is_file())
}

/// Writes the replay of finished game `game` to `output` and, when asked, its record text to
/// `record`; returns what was written. Errors are messages for the user: bad arguments or no
/// such game are exit code 2, a store or file failure 1.
pub async fn replay_to_files(
    data: &Path,
    game: u64,
    output: &Path,
    record: Option<&Path>,
    speed: Option<u32>,
) -> Result<String, (u8, String)> {
    let speed = speed.unwrap_or(DEFAULT_SPEED);
    if !SPEEDS.contains(&speed) {
        return Err((
            2,
            format!(
                "--speed {speed}: write {}–{} actions per second",
                SPEEDS.start(),
                SPEEDS.end()
            ),
        ));
    }
    let dir = store_in(data)
        .ok_or_else(|| (2, format!("{} holds no junqi-bot store", data.display())))?;
    let store = Store::open(&dir).await.map_err(|e| (1, e.to_string()))?;
    let finished = match store
        .finished_game(game)
        .await
        .map_err(|e| (1, e.to_string()))?
    {
        Some(finished) => finished,
        None if store
            .live_game(game)
            .await
            .map_err(|e| (1, e.to_string()))?
            .is_some() =>
        {
            return Err((
                2,
                format!("game {game} has not ended: only finished games replay"),
            ));
        }
        None => return Err((2, format!("there is no game {game} in {}", dir.display()))),
    };
    let media = replay_media(&finished, speed, Language::English, None)
        .map_err(|e| (1, format!("cannot replay game {game}: {e}")))?;
    // No size cap here: the file is for whoever runs the command, not for an upload.
    let animation = media.image.map_err(|bytes| {
        (
            1,
            format!("cannot replay game {game}: {bytes} bytes over the cap"),
        )
    })?;
    let write = |path: &Path, bytes: &[u8]| {
        std::fs::write(path, bytes)
            .map_err(|e| (1, format!("cannot write {}: {e}", path.display())))
    };
    write(output, &animation.file.bytes)?;
    let mut report = format!(
        "image: {} ({} bytes, {} frames, {:.1} s)\n",
        output.display(),
        animation.file.bytes.len(),
        animation.frames,
        animation.duration_cs as f64 / 100.0
    );
    if let Some(path) = record {
        write(path, &media.record.bytes)?;
        report.push_str(&format!("record: {}\n", path.display()));
    }
    Ok(report)
}
