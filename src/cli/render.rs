//! `junqi-bot render POSITION -o board.png [--guide B3]`: the board image of a position given in
//! notation, for debugging and bug reports. With `--variant standard` the position is a
//! standard game's (docs/rules.md §14) drawn as `--view red|black|public` sees it: the
//! viewer's own pieces face up, the others as backs of their colour. With `--variant siguo` the
//! position is a 四国 one (§22) drawn as `--view S|E|N|W|public` sees it under the dark view, a
//! seat's own image turned so that its arm is at the bottom.

use std::path::Path;

use crate::config::Language;
use crate::game::{Seat, Square, SquareSet, Variant};
use crate::render::{
    Panel, RenderOptions, SeatLabel, SiguoSheet, render_png, render_position_text, render_siguo_png,
};
use crate::standard::{StandardPosition, Viewer, public_view};
use junqi_rules::siguo::{
    SiguoPosition, SiguoReveals, SiguoSeat, SiguoView, SiguoViewMode, SiguoViewer,
};

/// Whose view of a standard position `render` draws.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum ViewArg {
    Red,
    Black,
    Public,
    #[value(name = "S", alias = "s")]
    South,
    #[value(name = "E", alias = "e")]
    East,
    #[value(name = "N", alias = "n")]
    North,
    #[value(name = "W", alias = "w")]
    West,
}

impl ViewArg {
    fn viewer(self) -> Result<Viewer, (u8, String)> {
        match self {
            ViewArg::Red => Ok(Viewer::Player(crate::game::Colour::Red)),
            ViewArg::Black => Ok(Viewer::Player(crate::game::Colour::Black)),
            ViewArg::Public => Ok(Viewer::Spectator),
            _ => Err((
                2,
                "--view S, E, N and W are 四国's seats: use red, black or public".into(),
            )),
        }
    }

    fn siguo_viewer(self) -> Result<SiguoViewer, (u8, String)> {
        match self {
            ViewArg::South => Ok(SiguoViewer::Seat(SiguoSeat::South)),
            ViewArg::East => Ok(SiguoViewer::Seat(SiguoSeat::East)),
            ViewArg::North => Ok(SiguoViewer::Seat(SiguoSeat::North)),
            ViewArg::West => Ok(SiguoViewer::Seat(SiguoSeat::West)),
            ViewArg::Public => Ok(SiguoViewer::Spectator),
            _ => Err((2, "a 四国 view is one of S, E, N, W or public".into())),
        }
    }
}

/// A 四国 position as `view` sees it under the dark view (nothing shown yet but one's own).
fn siguo_png(
    position: &str,
    view: ViewArg,
    options: &RenderOptions,
) -> Result<Vec<u8>, (u8, String)> {
    let viewer = view.siguo_viewer()?;
    let read = position
        .parse::<SiguoPosition>()
        .map_err(|e| (2, format!("malformed position: {e}")))?;
    let reveals = SiguoReveals::default();
    let seen = SiguoView::new(&read, &reveals, SiguoViewMode::Dark, viewer);
    let seats = SiguoSeat::ALL.map(|seat| SeatLabel {
        name: seat.name().to_string(),
        seconds_left: None,
        out: read.is_out(seat),
    });
    let sheet = SiguoSheet {
        view: seen,
        bottom: SiguoSheet::bottom_for(viewer),
        seats,
        last: None,
    };
    render_siguo_png(&sheet, options).map_err(|e| (2, format!("cannot render: {e}")))
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
        Variant::Siguo if guide.is_some() => {
            return Err((2, "--guide draws 翻翻棋 positions only".into()));
        }
        Variant::Siguo => siguo_png(position, view, &options)?,
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
            let view = public_view(&read, shown, view.viewer()?, Seat::First, read.rules);
            render_png(&view, &panel, None, &options)
                .map_err(|e| (2, format!("cannot render: {e}")))?
        }
    };
    std::fs::write(output, png).map_err(|e| (1, format!("cannot write {}: {e}", output.display())))
}
