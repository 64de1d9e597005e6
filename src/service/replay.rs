//! The files of a replay, drawn from a finished game's stored record: the animated GIF (see
//! `crate::render::render_replay_gif`) and the record text `junqi-bot apply --record` checks.
//! Everything here runs on a blocking thread (drawing is CPU work).

use thiserror::Error;

use super::types::{Attachment, FileKind};
use crate::AnyGame;
use crate::config::Language;
use crate::game::{RecordFileError, ReplayError};
use crate::render::{Panel, RenderError, ReplayOptions, render_replay_gif};
use crate::store::FinishedGame;

/// Actions per second when the caller names no speed.
pub const DEFAULT_SPEED: u32 = 2;

#[derive(Debug, Error)]
pub enum ReplayMediaError {
    #[error(transparent)]
    Record(#[from] ReplayError),
    #[error(transparent)]
    RecordFile(#[from] RecordFileError),
    #[error("the stored game has not ended")]
    NotOver,
    #[error("the replay could not be drawn: {0}")]
    Drawing(RenderError),
}

/// The animation of a replay and what it holds.
pub struct Animation {
    pub file: Attachment,
    /// Frames in the GIF: the actions + 2, fewer when frames were left out for the cap.
    pub frames: usize,
    /// Every `step`-th position is a frame (1: every one).
    pub step: usize,
    /// One loop of the animation, in centiseconds.
    pub duration_cs: u64,
}

/// What `/replay` attaches.
pub struct ReplayMedia {
    /// The animation, or its size in bytes when even its first, last and reveal frames alone
    /// pass the size cap.
    pub image: Result<Animation, usize>,
    pub record: Attachment,
}

/// Draws the replay of a finished game at `speed` actions per second, its animation and
/// record together at most `size_cap` bytes when given.
pub fn media(
    finished: &FinishedGame,
    speed: u32,
    language: Language,
    size_cap: Option<usize>,
) -> Result<ReplayMedia, ReplayMediaError> {
    let record = &finished.game.record;
    let id = finished.game.id;
    let names = &finished.game.names;
    let title = format!("junqi-bot game {id}: {} vs {}", names[0], names[1]);
    let text = AnyGame::write_record_file(record, names, &title)?;
    let record_file = Attachment {
        name: format!("game-{id}.txt"),
        kind: FileKind::Record,
        bytes: text.into_bytes(),
    };
    let (game, views) = AnyGame::replay_views(record)?;
    let reveal = game.reveal().ok_or(ReplayMediaError::NotOver)?;
    let panel = Panel {
        points: Some(finished.points),
        ..Panel::new(names.clone())
    };
    let options = ReplayOptions {
        language,
        speed,
        size_cap: size_cap.map(|cap| cap.saturating_sub(record_file.bytes.len())),
    };
    let image = match render_replay_gif(&views, &reveal, &panel, &options) {
        Ok(gif) => Ok(Animation {
            file: Attachment {
                name: format!("game-{id}.gif"),
                kind: FileKind::Image,
                bytes: gif.bytes,
            },
            frames: gif.frames,
            step: gif.step,
            duration_cs: gif.duration_cs,
        }),
        Err(RenderError::TooLarge { bytes, .. }) => Err(bytes),
        Err(error) => return Err(ReplayMediaError::Drawing(error)),
    };
    Ok(ReplayMedia {
        image,
        record: record_file,
    })
}
