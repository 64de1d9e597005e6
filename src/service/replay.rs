//! The files of a replay, drawn from a finished game's stored record: the animation and the
//! record text. Everything here runs on a blocking thread (drawing is CPU work).

use thiserror::Error;

use super::picture::{Caption, board_png};
use super::types::{Attachment, FileKind};
use crate::config::Language;
use crate::game::{Event, Game, ReplayError};
use crate::store::FinishedGame;

/// Actions per second when the caller names no speed.
pub const DEFAULT_SPEED: u32 = 2;

#[derive(Debug, Error)]
pub enum ReplayMediaError {
    #[error(transparent)]
    Record(#[from] ReplayError),
    #[error("the board could not be drawn")]
    Drawing,
}

/// What `/replay` attaches.
pub struct ReplayMedia {
    pub image: Attachment,
    pub record: Attachment,
}

/// Draws the replay of a finished game at `speed` actions per second.
pub fn media(
    finished: &FinishedGame,
    _speed: u32,
    language: Language,
) -> Result<ReplayMedia, ReplayMediaError> {
    let game = Game::replay(&finished.game.record)?;
    let caption = Caption {
        names: finished.game.names.clone(),
        seconds_left: None,
        points: Some(finished.points),
    };
    let png = board_png(&game.view(), &caption, None, language).ok_or(ReplayMediaError::Drawing)?;
    let id = finished.game.id;
    Ok(ReplayMedia {
        image: Attachment {
            name: format!("game-{id}.png"),
            kind: FileKind::Image,
            bytes: png,
        },
        record: Attachment {
            name: format!("game-{id}.txt"),
            kind: FileKind::Record,
            bytes: events_text(finished).into_bytes(),
        },
    })
}

/// One event a line, as the console would type it.
fn events_text(finished: &FinishedGame) -> String {
    let mut out = String::new();
    for event in &finished.game.record.events {
        let line = match event {
            Event::Act(action) => action.to_string(),
            other => format!("{other:?}"),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}
