//! The 四国军棋 board image (PNG): the cross of four arms and the centre with its arcs, the
//! pieces as one viewer sees them (backs in their seat's colour for those not shown), the last
//! action, and each seat's name, player and clock in the corner beside its arm. It is drawn
//! from a [`SiguoView`] only, so it cannot show an identity the viewer was not shown. A
//! player's own image turns the board so that their arm is at the bottom; the public one keeps
//! South there.
//!
//! Speed: the empty board is drawn once per bottom seat and the tiles once per script; a render
//! copies the board, stamps the tiles, writes a few words and codes the PNG in a palette of
//! its own.

mod background;
pub(super) mod look;
mod tiles;

use image::RgbImage;
use junqi_rules::siguo::{SiguoPost, SiguoSeat, SiguoView, SiguoViewer};

use super::canvas::{Canvas, Touched};
use super::codec::{IndexedImage, encode_png};
use super::encode::LANGUAGE_KEYWORD;
use super::layout::{INK, INK_SOFT, LAST_ATTACK, LAST_MOVE, TURN_GLOW};
use super::palette::siguo_palette;
use super::text::{Align, Face, Fonts, fonts};
use super::{RenderError, RenderOptions};
use crate::words::board::Word;
use look::{FOOT, STEP, TILE_H, TILE_W, at, centre, colours, side};

/// One seat beside the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatLabel {
    /// The player's display name (characters the fonts lack are left out).
    pub name: String,
    /// Seconds left on the clock, shown for the seat to act.
    pub seconds_left: Option<u32>,
    /// The player is out of the game.
    pub out: bool,
}

/// The last action, as everyone saw it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SiguoLastAction {
    pub from: SiguoPost,
    pub to: SiguoPost,
    pub attack: bool,
}

/// Everything a 四国 image shows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SiguoSheet {
    /// What the viewer sees (the public view for a public image).
    pub view: SiguoView,
    /// The seat whose arm is drawn at the bottom: the viewer's, or South for everyone.
    pub bottom: SiguoSeat,
    /// By seat index: South, East, North, West.
    pub seats: [SeatLabel; 4],
    pub last: Option<SiguoLastAction>,
}

impl SiguoSheet {
    /// The seat drawn at the bottom for `viewer`: a player's own arm, South for everyone else.
    pub fn bottom_for(viewer: SiguoViewer) -> SiguoSeat {
        match viewer {
            SiguoViewer::Seat(seat) => seat,
            SiguoViewer::Spectator => SiguoSeat::South,
        }
    }
}

/// Draws `sheet` as a PNG in `options`' language.
pub fn render_siguo_png(
    sheet: &SiguoSheet,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    let fonts = fonts()?;
    let script = options.script();
    let mut image: RgbImage = background::background(sheet.bottom).clone();
    let mut canvas = Canvas::rgb(&mut image);
    let tiles = tiles::tiles(fonts, script);
    for post in SiguoPost::all() {
        if let Some(stamp) = tiles.stamp_for(sheet.view.cell(post)) {
            tiles.blit(stamp, &mut canvas, centre(post, sheet.bottom));
        }
    }
    if let Some(last) = sheet.last {
        draw_last(&mut canvas, last, sheet.bottom);
    }
    draw_coordinates(&mut canvas, fonts);
    for seat in SiguoSeat::ALL {
        draw_seat(&mut canvas, fonts, sheet, seat, options);
    }
    let touched = canvas.into_touched();
    encode(&image, &touched, sheet.bottom, options)
}

fn draw_last(canvas: &mut Canvas, last: SiguoLastAction, bottom: SiguoSeat) {
    let colour = if last.attack { LAST_ATTACK } else { LAST_MOVE };
    let size = (TILE_W + 6.0, TILE_H + 6.0);
    super::raster::round_rect_outline(
        canvas,
        centre(last.from, bottom),
        size,
        9.0,
        2.5,
        colour,
        0.8,
    );
    super::raster::round_rect_outline(canvas, centre(last.to, bottom), size, 9.0, 3.5, colour, 1.0);
}

/// The bottom arm's columns under it and rows beside it, as its owner types them.
fn draw_coordinates(canvas: &mut Canvas, fonts: &Fonts) {
    for (column, letter) in ["A", "B", "C", "D", "E"].into_iter().enumerate() {
        let (x, y) = at((6 + column as u8, 16));
        let baseline = (y + TILE_H / 2.0 + FOOT) as i32;
        fonts.draw(
            canvas,
            Face::Simplified,
            18.0,
            (x as i32, baseline),
            Align::Centre,
            INK_SOFT,
            letter,
        );
    }
    for row in 0..6u8 {
        let (x, y) = at((6, 16 - row));
        let left = (x - TILE_W / 2.0 - 12.0) as i32;
        let label = (row + 1).to_string();
        fonts.draw(
            canvas,
            Face::Simplified,
            18.0,
            (left, y as i32 + 6),
            Align::Right,
            INK_SOFT,
            &label,
        );
    }
}

/// A seat's name, player and clock in the corner beside its arm (counter-clockwise from it).
fn draw_seat(
    canvas: &mut Canvas,
    fonts: &Fonts,
    sheet: &SiguoSheet,
    seat: SiguoSeat,
    options: &RenderOptions,
) {
    let language = options.language;
    let face = super::tiles::face_of(options.script());
    let label = &sheet.seats[seat.index()];
    // Each seat's words stand in a corner of the cross, beside its own arm: the bottom arm's
    // on its right, the right arm's above it, the top arm's on its left, the left arm's below.
    let (corner, align) = match side(seat, sheet.bottom) {
        0 => ((11, 12), Align::Left),
        1 => ((11, 3), Align::Left),
        2 => ((5, 1), Align::Right),
        _ => ((5, 12), Align::Right),
    };
    let (x, y) = at(corner);
    let x = match align {
        Align::Left => x - STEP * 0.3,
        _ => x - STEP * 0.2,
    } as i32;
    let seat_word = match seat {
        SiguoSeat::South => Word::SeatSouth,
        SiguoSeat::East => Word::SeatEast,
        SiguoSeat::North => Word::SeatNorth,
        SiguoSeat::West => Word::SeatWest,
    };
    let ink = colours(seat).ink;
    let mut baseline = y as i32;
    let title = format!("{} {}", seat.code(), seat_word.text(language));
    fonts.draw(canvas, face, 26.0, (x, baseline), align, ink, &title);
    baseline += 34;
    let placeholder = Word::Player.fill(language, &[&(seat.index() + 1)]);
    let name = fonts.fit(
        face,
        22.0,
        &fonts.drawable_name(&label.name, &placeholder),
        300,
    );
    fonts.draw(canvas, face, 22.0, (x, baseline), align, INK, &name);
    baseline += 32;
    if label.out {
        let out = Word::SeatOut.text(language);
        fonts.draw(canvas, face, 20.0, (x, baseline), align, LAST_ATTACK, out);
    } else if sheet.view.turn == seat {
        let mut line = Word::ToMove.text(language).to_string();
        if let Some(seconds) = label.seconds_left {
            line = format!("{line}  {}:{:02}", seconds / 60, seconds % 60);
        }
        fonts.draw(canvas, face, 20.0, (x, baseline), align, TURN_GLOW, &line);
    }
}

/// Codes the image: the empty board's PNG rows (indexed once per bottom seat), with only the
/// runs this render drew on indexed again.
fn encode(
    image: &RgbImage,
    touched: &Touched,
    bottom: SiguoSeat,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    let palette = siguo_palette();
    let width = image.width() as usize;
    let mut rows = background::background_rows(bottom).to_vec();
    let pixels = image.as_raw();
    touched.for_each_run(|y, start, end| {
        let end = end.min(width);
        if start >= end {
            return;
        }
        let from = (y * width + start) * 3;
        let to = (y * width + end) * 3;
        let at = y * (width + 1) + 1;
        palette.index_span(&pixels[from..to], &mut rows[at + start..at + end]);
    });
    let step = STEP as usize;
    Ok(encode_png(&IndexedImage {
        width: image.width(),
        height: image.height(),
        palette: &palette.rgb_bytes(),
        rows: &rows,
        repeats: &[step, 2 * step],
        text: (LANGUAGE_KEYWORD, options.language.tag()),
        like: None,
    })?)
}
