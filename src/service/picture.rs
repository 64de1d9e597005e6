//! The one place the service asks for a board image (from `crate::render`), drawn on the
//! blocking pool.

use crate::config::Language;
use crate::game::{PublicView, Square};
use crate::render::{Guide, Panel, RenderOptions, Script, render_png};

/// What the picture shows besides the board: the players' names by seat, the seconds left on
/// the clock of the player to act, and each seat's points.
#[derive(Clone, Debug, Default)]
pub struct Caption {
    pub names: [String; 2],
    pub seconds_left: Option<u32>,
    pub points: Option<[i64; 2]>,
}

/// A move guide drawn over the board: the piece's square, the empty squares it can reach and
/// the squares it can attack (square sets).
#[derive(Clone, Copy, Debug)]
pub struct MoveGuide {
    pub from: Square,
    pub empty: u64,
    pub attacks: u64,
}

/// The board as a PNG (drawn by `crate::render`), or `None` when no image can be made (the
/// reply then goes out with its text alone).
pub fn board_png(
    view: &PublicView,
    caption: &Caption,
    guide: Option<MoveGuide>,
    language: Language,
) -> Option<Vec<u8>> {
    let panel = Panel {
        names: caption.names.clone(),
        seconds_left: caption.seconds_left,
        points: caption.points,
    };
    let guide = guide.map(|guide| Guide {
        from: guide.from,
        empty: guide.empty,
        attacks: guide.attacks,
    });
    let script = match language {
        Language::ZhHant => Script::Traditional,
        Language::ZhHans | Language::English => Script::Simplified,
    };
    match render_png(view, &panel, guide.as_ref(), &RenderOptions { script }) {
        Ok(png) => Some(png),
        Err(error) => {
            tracing::error!("drawing the board: {error}");
            None
        }
    }
}

/// [`board_png`] on the blocking pool: drawing takes milliseconds of CPU that must not stall
/// the async workers driving every other game.
pub(super) async fn render(
    view: PublicView,
    caption: Caption,
    guide: Option<MoveGuide>,
    language: Language,
) -> Option<Vec<u8>> {
    tokio::task::spawn_blocking(move || board_png(&view, &caption, guide, language))
        .await
        .ok()
        .flatten()
}
