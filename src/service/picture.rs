//! The one place the service asks for a board image. The renderer lives in `src/render`
//! (branch `render`); until it is merged every reply goes out without a PNG, and wiring it is
//! a change to [`board_png`] alone.

use crate::config::Language;
use crate::game::{PublicView, Square};

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

/// The board as a PNG, or `None` when no image can be made.
///
/// Becomes `junqi::render::render_png(view, &Panel { .. }, guide, &RenderOptions { script })
/// .ok()` once `src/render` lands.
pub fn board_png(
    view: &PublicView,
    caption: &Caption,
    guide: Option<MoveGuide>,
    language: Language,
) -> Option<Vec<u8>> {
    let _ = (view, caption, guide, language);
    None
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
