//! The static background, drawn once per language and copied at every render: wood margin with
//! coordinates, the printed board with roads, railways (black track with white ties, as on
//! maps and real junqi boards), stations, camps, headquarters and the mountain band where only
//! columns A, C and E cross; and the fixed parts of the player panel.

use std::sync::OnceLock;

use image::RgbImage;

use crate::game::Square;
use crate::game::geometry::{Connection, connections, is_camp, is_headquarters};

use crate::config::Language;

use super::layout::*;
use super::panel;
use super::raster::{self, Rgb};
use super::text::{Face, Fonts};
use super::tiles;
use super::words::Word;
use super::{language_index, script_of};

static BACKGROUNDS: [OnceLock<RgbImage>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// The background in `language`, drawn on first use.
pub fn background(fonts: &Fonts, language: Language) -> &'static RgbImage {
    BACKGROUNDS[language_index(language)].get_or_init(|| draw_background(fonts, language))
}

/// Straight-grained wood: the shade depends on x only, so rows repeat and PNG's Up filter
/// compresses the texture to almost nothing.
fn grain(x: u32) -> f32 {
    let x = x as f32;
    4.0 * (x * 0.045 + 1.7 * (x * 0.011).sin()).sin()
        + 2.5 * (x * 0.21 + 0.8).sin()
        + 1.5 * (x * 0.53 + 2.0 * (x * 0.031).sin()).sin()
}

fn shade(colour: Rgb, amount: f32) -> Rgb {
    colour.map(|channel| (channel as f32 + amount).clamp(0.0, 255.0) as u8)
}

fn draw_background(fonts: &Fonts, language: Language) -> RgbImage {
    let mut canvas = RgbImage::new(WIDTH, HEIGHT);
    let board_width = BOARD_WIDTH as u32;
    let row: Vec<u8> = (0..WIDTH)
        .flat_map(|x| {
            if x < board_width {
                shade(WOOD, grain(x))
            } else {
                PANEL_BG
            }
        })
        .collect();
    for line in canvas.chunks_exact_mut(row.len()) {
        line.copy_from_slice(&row);
    }
    draw_frame(&mut canvas);
    draw_mountain_band(&mut canvas);
    draw_connections(&mut canvas);
    draw_stations(&mut canvas, fonts, language);
    draw_coordinates(&mut canvas, fonts);
    panel::draw_static(&mut canvas, fonts, language);
    canvas
}

fn draw_frame(canvas: &mut RgbImage) {
    let (left, top, right, bottom) = FRAME;
    let centre = ((left + right) / 2.0, (top + bottom) / 2.0);
    let size = (right - left, bottom - top);
    raster::round_rect(
        canvas,
        (centre.0 + 2.0, centre.1 + 3.0),
        size,
        6.0,
        TILE_SHADOW,
        0.35,
    );
    raster::round_rect(canvas, centre, size, 6.0, PAPER, 1.0);
    raster::round_rect_outline(canvas, centre, size, 6.0, 3.0, INK, 1.0);
    let inner = (size.0 - 12.0, size.1 - 12.0);
    raster::round_rect_outline(canvas, centre, inner, 3.0, 1.2, INK_SOFT, 1.0);
}

fn draw_mountain_band(canvas: &mut RgbImage) {
    let (left, _, right, _) = FRAME;
    let top = row_y(6) + TILE_H / 2.0 + 8.0;
    let bottom = row_y(5) - TILE_H / 2.0 - 8.0;
    let centre = ((left + right) / 2.0, (top + bottom) / 2.0);
    let size = (right - left - 12.0, bottom - top);
    raster::round_rect(canvas, centre, size, 2.0, [226, 210, 170], 1.0);
    for y in [top, bottom] {
        raster::line(
            canvas,
            (left + 6.0, y),
            (right - 6.0, y),
            1.5,
            INK_SOFT,
            0.8,
        );
    }
    // Mountains stand where columns B and D would cross: nothing passes there.
    for column in [1u8, 3] {
        draw_mountain(
            canvas,
            (column_x(column), mountain_y()),
            bottom - top - 10.0,
        );
    }
}

/// Three peaks, the big one in the middle, with snowy tips.
fn draw_mountain(canvas: &mut RgbImage, (cx, cy): (f32, f32), height: f32) {
    let base = cy + height / 2.0;
    let peaks = [
        (cx - 22.0, height * 0.62, 22.0),
        (cx + 22.0, height * 0.7, 22.0),
        (cx, height, 28.0),
    ];
    for (x, h, half_width) in peaks {
        let outline = [
            (x - half_width - 1.5, base + 0.8),
            (x, base - h - 1.5),
            (x + half_width + 1.5, base + 0.8),
        ];
        raster::polygon(canvas, &outline, MOUNTAIN_DARK, 1.0);
        let body = [
            (x - half_width, base),
            (x, base - h),
            (x + half_width, base),
        ];
        raster::polygon(canvas, &body, MOUNTAIN, 1.0);
        let snow = [
            (x - half_width * 0.3, base - h * 0.7),
            (x, base - h),
            (x + half_width * 0.3, base - h * 0.7),
        ];
        raster::polygon(canvas, &snow, [244, 242, 232], 1.0);
    }
}

fn draw_connections(canvas: &mut RgbImage) {
    let all = connections();
    for (a, b, kind) in &all {
        if *kind == Connection::Road {
            raster::line(canvas, centre(*a), centre(*b), 2.2, ROAD, 1.0);
        }
    }
    for (a, b, kind) in &all {
        if *kind == Connection::Railway {
            draw_railway(canvas, centre(*a), centre(*b));
        }
    }
}

/// A railway: a thick black track with white ties every 16 pixels.
fn draw_railway(canvas: &mut RgbImage, a: (f32, f32), b: (f32, f32)) {
    raster::line(canvas, a, b, 9.0, RAIL, 1.0);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / length, dy / length);
    let mut t = 4.0;
    while t + 8.0 < length {
        let start = (a.0 + ux * t, a.1 + uy * t);
        let end = (a.0 + ux * (t + 8.0), a.1 + uy * (t + 8.0));
        raster::line(canvas, start, end, 3.4, RAIL_TIE, 1.0);
        t += 16.0;
    }
}

fn draw_stations(canvas: &mut RgbImage, fonts: &Fonts, language: Language) {
    let camp = Word::Camp.text(language);
    let headquarters = Word::Headquarters.text(language);
    let face = tiles::face_of(script_of(language));
    for square in Square::all() {
        let at = centre(square);
        if is_camp(square) {
            raster::disc(canvas, at, 29.0, CAMP_FILL, 1.0);
            raster::ring(canvas, at, 29.0, 2.6, INK, 1.0);
            raster::ring(canvas, at, 24.5, 1.0, INK_SOFT, 0.8);
            fonts.draw_centred(canvas, face, 15.0, at, INK_SOFT, camp);
        } else if is_headquarters(square) {
            let size = (TILE_W + 8.0, TILE_H + 10.0);
            raster::round_rect(canvas, at, size, size.1 / 2.0, HQ_FILL, 1.0);
            raster::round_rect_outline(canvas, at, size, size.1 / 2.0, 2.6, INK, 1.0);
            let inner = (size.0 - 8.0, size.1 - 8.0);
            raster::round_rect_outline(canvas, at, inner, inner.1 / 2.0, 1.0, INK_SOFT, 0.8);
            fonts.draw_centred(canvas, face, 15.0, at, INK_SOFT, headquarters);
        } else {
            // A recessed slot, darker than the paper, so that it never reads as a blank tile.
            raster::round_rect(canvas, at, (TILE_W, TILE_H), 5.0, STATION_FILL, 1.0);
            raster::round_rect_outline(canvas, at, (TILE_W, TILE_H), 5.0, 2.0, ROAD, 0.9);
            let inner = (TILE_W - 8.0, TILE_H - 8.0);
            raster::round_rect_outline(canvas, at, inner, 3.0, 1.0, PAPER, 0.7);
        }
    }
}

fn draw_coordinates(canvas: &mut RgbImage, fonts: &Fonts) {
    let (left, top, right, bottom) = FRAME;
    for column in 0..5u8 {
        let letter = ((b'A' + column) as char).to_string();
        let x = column_x(column);
        for y in [top / 2.0, (bottom + HEIGHT as f32) / 2.0] {
            fonts.draw_centred(canvas, Face::Simplified, 22.0, (x, y), INK, &letter);
        }
    }
    for row in 0..12u8 {
        let number = (row + 1).to_string();
        let y = row_y(row);
        for x in [left / 2.0, (right + BOARD_WIDTH) / 2.0] {
            fonts.draw_centred(canvas, Face::Simplified, 20.0, (x, y), INK, &number);
        }
    }
}
