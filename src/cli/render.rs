//! `junqi-bot render POSITION -o board.png [--guide B3]`: the board image of a position given in
//! notation, for debugging and bug reports.

use std::path::Path;

use crate::config::Language;
use crate::game::Square;
use crate::render::{Panel, RenderOptions, render_position_text};

/// Renders `position` to the PNG file `output`. Errors are messages for the user; a malformed
/// position or square is exit code 2, a file that cannot be written 1.
pub fn render_to_file(
    position: &str,
    output: &Path,
    guide: Option<&str>,
    traditional: bool,
) -> Result<(), (u8, String)> {
    let guide = guide
        .map(|text| text.parse::<Square>())
        .transpose()
        .map_err(|e| (2, format!("--guide: {e}")))?;
    let options = RenderOptions {
        language: if traditional {
            Language::ZhHant
        } else {
            Language::English
        },
    };
    let panel = Panel::new(["Red".to_string(), "Black".to_string()]);
    let png = render_position_text(position, guide, &panel, &options)
        .map_err(|e| (2, format!("cannot render: {e}")))?;
    std::fs::write(output, png).map_err(|e| (1, format!("cannot write {}: {e}", output.display())))
}
