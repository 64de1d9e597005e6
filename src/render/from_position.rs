//! Rendering positions written in notation (docs/rules.md §8), for the `render` command and bug
//! reports: a full position (`?R5`) or a public one (`?`) becomes the view players would see
//! of it (seat 1 plays Red), with the move guide of one piece if asked.

use crate::game::{Position, PublicCell, PublicPosition, PublicView, Square};

use super::{Guide, Panel, RenderError, RenderOptions, render_png};

/// The move guide of the revealed piece on `from`, whoever's turn it is, or why there is none.
/// Computed from the view alone (face-down pieces only block and cannot be attacked).
pub fn guide_from_view(view: &PublicView, from: Square) -> Result<Guide, RenderError> {
    let refuse = |reason: String| RenderError::Guide {
        square: from,
        reason,
    };
    match view.cell(from) {
        PublicCell::Empty => return Err(refuse("the square is empty".into())),
        PublicCell::FaceDown | PublicCell::Back(_) => {
            return Err(refuse("the piece is face down".into()));
        }
        PublicCell::Revealed(piece) if !piece.kind.is_movable() => {
            let name = piece.kind.name_english().to_lowercase();
            return Err(refuse(format!("a {name} never moves")));
        }
        PublicCell::Revealed(_) => {}
    }
    let destinations = view.destinations(from);
    Ok(Guide {
        from,
        empty: destinations.empty,
        attacks: destinations.attacks,
    })
}

/// Renders a position in docs/rules.md §8 notation, full or public, with the move guide of the
/// piece on `guide` if given: what `junqi-bot render POSITION [--guide B3]` writes.
pub fn render_position_text(
    text: &str,
    guide: Option<Square>,
    panel: &Panel,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    let view = match text.parse::<Position>() {
        Ok(position) => PublicView::of_position(&position),
        Err(_) => PublicView::of_public_position(&text.parse::<PublicPosition>()?),
    };
    let guide = guide.map(|from| guide_from_view(&view, from)).transpose()?;
    render_png(&view, panel, guide.as_ref(), options)
}
