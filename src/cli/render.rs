//! `junqi-bot render POSITION -o board.png [--guide B3]`: the board image of a position given in
//! notation, for debugging and bug reports. With `--variant standard` the position is a
//! standard game's (docs/rules.md §14) drawn as `--view red|black|public` sees it: the
//! viewer's own pieces face up, the others as backs of their colour.

use std::path::Path;

use crate::config::Language;
use crate::game::{Seat, Square, SquareSet, Variant};
use crate::render::{Panel, RenderOptions, render_png, render_position_text};
use crate::standard::{StandardPosition, Viewer, public_view};

/// Whose view of a standard position `render` draws.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum ViewArg {
    Red,
    Black,
    Public,
}

impl ViewArg {
    fn viewer(self) -> Viewer {
        match self {
            ViewArg::Red => Viewer::Player(crate::game::Colour::Red),
            ViewArg::Black => Viewer::Player(crate::game::Colour::Black),
            ViewArg::Public => Viewer::Spectator,
        }
    }
}

/// Renders `position` to the PNG file `output`. Errors are messages for the user; a malformed
/// position or square is exit code 2, a file that cannot be written 1.
pub fn render_to_file(
    position: &str,
    output: &Path,
    (guide, traditional): (Option<&str>, bool),
    (variant, view): (Variant, ViewArg),
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
    let png = match variant {
        Variant::Siguo => return Err((2, "render does not draw 四国 positions yet".into())),
        Variant::Flip => render_position_text(position, guide, &panel, &options)
            .map_err(|e| (2, format!("cannot render: {e}")))?,
        Variant::Standard(rules) => {
            if guide.is_some() {
                return Err((2, "--guide draws 翻翻棋 positions only".into()));
            }
            let mut read = position
                .parse::<StandardPosition>()
                .map_err(|e| (2, format!("malformed position: {e}")))?;
            read.options = rules;
            let shown = SquareSet::EMPTY;
            let view = public_view(&read, shown, view.viewer(), Seat::First, read.rules);
            render_png(&view, &panel, None, &options)
                .map_err(|e| (2, format!("cannot render: {e}")))?
        }
    };
    std::fs::write(output, png).map_err(|e| (1, format!("cannot write {}: {e}", output.display())))
}
