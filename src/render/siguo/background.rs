//! The 四国 board without pieces or words, drawn once per seat at the bottom and copied at
//! every render: each arm tinted in its seat's colour, roads, railways and the four arcs, and
//! the stations, camps and headquarters.

use std::sync::OnceLock;

use image::{Rgb as Pixel, RgbImage};
use junqi_rules::game::geometry::Connection;
use junqi_rules::siguo::geometry::{self, CAMPS, HEADQUARTERS};
use junqi_rules::siguo::{SiguoPost, SiguoSeat};

use super::look::{HEIGHT, STEP, TILE_H, TILE_W, WIDTH, at, centre, colours};
use crate::render::encode::png_rows;
use crate::render::layout::{
    CAMP_FILL, HQ_FILL, INK, PANEL_BG, RAIL, RAIL_TIE, ROAD, STATION_FILL, WOOD,
};
use crate::render::palette::siguo_palette;
use crate::render::raster;

static BACKGROUNDS: [OnceLock<RgbImage>; 4] = [
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
];

/// The empty board with `bottom`'s arm at the bottom.
pub fn background(bottom: SiguoSeat) -> &'static RgbImage {
    BACKGROUNDS[bottom.index()].get_or_init(|| draw(bottom))
}

static BACKGROUND_ROWS: [OnceLock<Vec<u8>>; 4] = [
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
];

/// [`background`] in the 四国 palette, laid out as PNG rows (a filter byte, then the row).
pub fn background_rows(bottom: SiguoSeat) -> &'static [u8] {
    BACKGROUND_ROWS[bottom.index()].get_or_init(|| {
        let image = background(bottom);
        let mut indices = Vec::new();
        siguo_palette().indices(image, &mut indices);
        png_rows(&indices, image.width() as usize)
    })
}

fn draw(bottom: SiguoSeat) -> RgbImage {
    let mut image = RgbImage::from_pixel(WIDTH, HEIGHT, Pixel(PANEL_BG));
    draw_grounds(&mut image, bottom);
    for (a, b, connection) in geometry::connections() {
        draw_connection(&mut image, bottom, (a, b), connection);
    }
    for post in SiguoPost::all() {
        draw_station(&mut image, post, bottom);
    }
    image
}

/// The centre square in wood, each arm in its seat's tint.
fn draw_grounds(image: &mut RgbImage, bottom: SiguoSeat) {
    let pad = STEP * 0.5;
    let (x0, y0) = at((6, 6));
    let (x1, y1) = at((10, 10));
    let size = (x1 - x0 + 2.0 * pad, y1 - y0 + 2.0 * pad);
    let middle = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    raster::round_rect(image, middle, size, 10.0, WOOD, 1.0);
    for seat in SiguoSeat::ALL {
        let (mut low, mut high) = ((f32::MAX, f32::MAX), (f32::MIN, f32::MIN));
        for post in SiguoPost::all().filter(|post| post.on_arm().is_some_and(|(s, _)| s == seat)) {
            let (x, y) = centre(post, bottom);
            low = (low.0.min(x), low.1.min(y));
            high = (high.0.max(x), high.1.max(y));
        }
        let size = (high.0 - low.0 + 2.0 * pad, high.1 - low.1 + 2.0 * pad);
        let middle = ((low.0 + high.0) / 2.0, (low.1 + high.1) / 2.0);
        raster::round_rect(image, middle, size, 10.0, colours(seat).tint, 1.0);
    }
}

fn draw_connection(
    image: &mut RgbImage,
    bottom: SiguoSeat,
    (a, b): (SiguoPost, SiguoPost),
    connection: Connection,
) {
    let points = match arc_centre(a, b, bottom) {
        Some(pivot) => arc_points(centre(a, bottom), centre(b, bottom), pivot),
        None => vec![centre(a, bottom), centre(b, bottom)],
    };
    for pair in points.windows(2) {
        match connection {
            Connection::Road => raster::line(image, pair[0], pair[1], 2.0, ROAD, 0.9),
            Connection::Railway => raster::line(image, pair[0], pair[1], 6.0, RAIL, 1.0),
        }
    }
    if connection == Connection::Railway {
        for pair in points.windows(2) {
            raster::line(image, pair[0], pair[1], 1.6, RAIL_TIE, 1.0);
        }
    }
}

/// For an arc (an arm's E6 to the next arm's A6), the pixel point it curves round: the corner
/// of the two posts' grid places that holds no post.
fn arc_centre(a: SiguoPost, b: SiguoPost, bottom: SiguoSeat) -> Option<(f32, f32)> {
    let (Some((seat_a, _)), Some((seat_b, _))) = (a.on_arm(), b.on_arm()) else {
        return None;
    };
    if seat_a == seat_b {
        return None;
    }
    let (ga, gb) = (a.rotated_grid(bottom), b.rotated_grid(bottom));
    let holds_post =
        |place: (u8, u8)| SiguoPost::all().any(|post| post.rotated_grid(bottom) == place);
    [(ga.0, gb.1), (gb.0, ga.1)]
        .into_iter()
        .find(|corner| !holds_post(*corner))
        .map(at)
}

/// Points along the quarter circle from `from` to `to` round `pivot`.
fn arc_points(from: (f32, f32), to: (f32, f32), pivot: (f32, f32)) -> Vec<(f32, f32)> {
    let angle = |p: (f32, f32)| (p.1 - pivot.1).atan2(p.0 - pivot.0);
    let (start, mut end) = (angle(from), angle(to));
    let quarter = std::f32::consts::FRAC_PI_2;
    while end - start > quarter * 1.01 {
        end -= 4.0 * quarter;
    }
    while start - end > quarter * 1.01 {
        end += 4.0 * quarter;
    }
    let radius = ((from.0 - pivot.0).powi(2) + (from.1 - pivot.1).powi(2)).sqrt();
    (0..=12)
        .map(|i| {
            let t = start + (end - start) * i as f32 / 12.0;
            (pivot.0 + radius * t.cos(), pivot.1 + radius * t.sin())
        })
        .collect()
}

fn draw_station(image: &mut RgbImage, post: SiguoPost, bottom: SiguoSeat) {
    let at = centre(post, bottom);
    let size = (TILE_W - 4.0, TILE_H - 4.0);
    if CAMPS.contains(post) {
        raster::disc(image, at, TILE_H * 0.62, CAMP_FILL, 1.0);
        raster::ring(image, at, TILE_H * 0.62, 2.0, INK, 0.8);
    } else if HEADQUARTERS.contains(post) {
        raster::round_rect(image, at, (TILE_W, TILE_H + 6.0), 16.0, HQ_FILL, 1.0);
        raster::round_rect_outline(image, at, (TILE_W, TILE_H + 6.0), 16.0, 2.2, INK, 0.9);
    } else {
        raster::round_rect(image, at, size, 6.0, STATION_FILL, 1.0);
        raster::round_rect_outline(image, at, size, 6.0, 1.6, ROAD, 0.9);
    }
}
