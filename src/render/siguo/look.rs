//! Where a 四国 image puts things and in which colours: the 17×17 grid of posts in pixels, the
//! four seats' colours (chosen from the Okabe–Ito set so that they stay apart for colour-blind
//! members, with the seat's letter on every back as a second cue), and the screen side each
//! seat's arm takes when a given seat sits at the bottom.

use junqi_rules::siguo::{SiguoPost, SiguoSeat};

use crate::render::raster::Rgb;

/// Distance between neighbouring grid places.
pub const STEP: f32 = 64.0;
/// A piece tile.
pub const TILE_W: f32 = 58.0;
pub const TILE_H: f32 = 38.0;
pub const TILE_RADIUS: f32 = 7.0;
/// Around the grid.
pub const MARGIN: f32 = 30.0;
/// Extra room under the grid for the bottom arm's column letters.
pub const FOOT: f32 = 26.0;

const FIRST: f32 = MARGIN + TILE_W / 2.0;
/// Image size.
pub const WIDTH: u32 = (2.0 * FIRST + 16.0 * STEP) as u32;
pub const HEIGHT: u32 = WIDTH + FOOT as u32;

/// The pixel centre of a grid place.
pub fn at((column, row): (u8, u8)) -> (f32, f32) {
    (FIRST + column as f32 * STEP, FIRST + row as f32 * STEP)
}

/// The pixel centre of `post` with `bottom`'s arm at the bottom of the image.
pub fn centre(post: SiguoPost, bottom: SiguoSeat) -> (f32, f32) {
    at(post.rotated_grid(bottom))
}

/// The side of the image a seat's arm is on: 0 bottom, 1 right, 2 top, 3 left.
pub fn side(seat: SiguoSeat, bottom: SiguoSeat) -> usize {
    (seat.index() + 4 - bottom.index()) % 4
}

/// A seat's colours: the back of a piece not shown (face, edge, detail), the ink of a shown
/// piece, and the faint tint of its arm.
#[derive(Clone, Copy, Debug)]
pub struct SeatColours {
    pub face: Rgb,
    pub edge: Rgb,
    pub detail: Rgb,
    pub ink: Rgb,
    pub tint: Rgb,
}

pub const SEAT_COLOURS: [SeatColours; 4] = [
    // South: vermillion.
    SeatColours {
        face: [196, 78, 18],
        edge: [128, 46, 10],
        detail: [250, 214, 186],
        ink: [184, 58, 8],
        tint: [241, 208, 182],
    },
    // East: blue.
    SeatColours {
        face: [18, 98, 168],
        edge: [10, 60, 108],
        detail: [194, 222, 246],
        ink: [10, 86, 156],
        tint: [204, 221, 234],
    },
    // North: reddish purple.
    SeatColours {
        face: [148, 58, 128],
        edge: [94, 30, 80],
        detail: [238, 204, 228],
        ink: [136, 38, 116],
        tint: [231, 207, 223],
    },
    // West: bluish green.
    SeatColours {
        face: [0, 128, 98],
        edge: [0, 78, 58],
        detail: [192, 236, 222],
        ink: [0, 112, 82],
        tint: [197, 229, 213],
    },
];

pub fn colours(seat: SiguoSeat) -> &'static SeatColours {
    &SEAT_COLOURS[seat.index()]
}

/// The cream face of a shown piece.
pub const PIECE_FACE: Rgb = [255, 249, 238];
