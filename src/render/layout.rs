//! Where everything sits in the image and the palette: one place to change the look. The board
//! fills the left part (row 12 at the top, as a player of the south half sees a real board), the
//! player panel the right part.

use crate::game::{Colour, Square};

use super::raster::Rgb;

/// Image size.
pub const WIDTH: u32 = 860;
pub const HEIGHT: u32 = 886;

/// A piece tile (and the station it stands on).
pub const TILE_W: f32 = 84.0;
pub const TILE_H: f32 = 44.0;
pub const TILE_RADIUS: f32 = 8.0;

/// Distance between neighbouring columns and rows, and the extra height of the mountain band
/// between rows 6 and 7.
pub const COLUMN_STEP: f32 = 100.0;
pub const ROW_STEP: f32 = 62.0;
pub const MOUNTAIN_GAP: f32 = 48.0;

/// Width of the coordinate margins around the board.
pub const LABEL_MARGIN: f32 = 34.0;
/// Space between the outermost tiles and the board's printed frame.
pub const FRAME_PADDING: f32 = 22.0;

/// Centre of column A and of row 12.
const FIRST_X: f32 = LABEL_MARGIN + FRAME_PADDING + TILE_W / 2.0;
const TOP_Y: f32 = LABEL_MARGIN + FRAME_PADDING + TILE_H / 2.0;

/// The board part of the image ends here; the panel starts.
pub const BOARD_WIDTH: f32 =
    FIRST_X + 4.0 * COLUMN_STEP + TILE_W / 2.0 + FRAME_PADDING + LABEL_MARGIN;
pub const PANEL_LEFT: f32 = BOARD_WIDTH;

/// The printed board frame (left, top, right, bottom).
pub const FRAME: (f32, f32, f32, f32) = (
    LABEL_MARGIN,
    LABEL_MARGIN,
    BOARD_WIDTH - LABEL_MARGIN,
    HEIGHT as f32 - LABEL_MARGIN,
);

pub fn column_x(column: u8) -> f32 {
    FIRST_X + column as f32 * COLUMN_STEP
}

/// Centre y of a row (0 = row 1 at the bottom).
pub fn row_y(row: u8) -> f32 {
    let from_top = 11.0 - row as f32;
    let gap = if row < 6 { MOUNTAIN_GAP } else { 0.0 };
    TOP_Y + from_top * ROW_STEP + gap
}

pub fn centre(square: Square) -> (f32, f32) {
    (column_x(square.column()), row_y(square.row()))
}

/// Middle of the mountain band between rows 6 and 7.
pub fn mountain_y() -> f32 {
    (row_y(5) + row_y(6)) / 2.0
}

// The palette: warm wood and paper, railway black, pieces in cream with red or black ink.
pub const WOOD: Rgb = [222, 184, 135];
pub const PAPER: Rgb = [238, 221, 188];
pub const PANEL_BG: Rgb = [244, 234, 214];
pub const CARD_BG: Rgb = [251, 245, 232];
pub const INK: Rgb = [60, 40, 24];
pub const INK_SOFT: Rgb = [120, 92, 64];
pub const ROAD: Rgb = [112, 80, 50];
pub const RAIL: Rgb = [34, 28, 24];
pub const RAIL_TIE: Rgb = [245, 236, 215];
pub const STATION_FILL: Rgb = [229, 209, 171];
pub const CAMP_FILL: Rgb = [236, 214, 170];
pub const HQ_FILL: Rgb = [232, 196, 160];
pub const MOUNTAIN: Rgb = [120, 138, 88];
pub const MOUNTAIN_DARK: Rgb = [86, 100, 62];
pub const TILE_SHADOW: Rgb = [70, 48, 28];
pub const BACK_FACE: Rgb = [46, 90, 76];
pub const BACK_EDGE: Rgb = [28, 60, 50];
pub const BACK_DETAIL: Rgb = [132, 178, 150];
/// The backs of a standard game's pieces (暗棋): the viewer was not shown who they are, but
/// everyone sees whose they are. Red and near-black differ in lightness as well as hue, so
/// they stay apart for colour-blind members too.
pub const RED_BACK_FACE: Rgb = [150, 38, 40];
pub const RED_BACK_EDGE: Rgb = [96, 20, 24];
pub const RED_BACK_DETAIL: Rgb = [238, 186, 176];
pub const BLACK_BACK_FACE: Rgb = [44, 44, 50];
pub const BLACK_BACK_EDGE: Rgb = [16, 16, 20];
pub const BLACK_BACK_DETAIL: Rgb = [178, 178, 186];
pub const RED_INK: Rgb = [196, 30, 36];
pub const BLACK_INK: Rgb = [24, 24, 28];
pub const RED_FACE: Rgb = [255, 243, 236];
pub const BLACK_FACE: Rgb = [240, 240, 236];
pub const UNKNOWN_GREY: Rgb = [150, 140, 128];
pub const DOT_GREY: Rgb = [176, 166, 150];
pub const LAST_MOVE: Rgb = [240, 160, 20];
pub const LAST_ATTACK: Rgb = [226, 64, 36];
pub const GUIDE: Rgb = [34, 170, 70];
pub const TURN_GLOW: Rgb = [34, 150, 70];
pub const GOLD: Rgb = [200, 150, 40];
pub const WIN_GREEN: Rgb = [30, 130, 60];

/// Every colour above: the fixed palette holds each of them.
pub const SOLIDS: [Rgb; 30] = [
    WOOD,
    PAPER,
    PANEL_BG,
    CARD_BG,
    INK,
    INK_SOFT,
    ROAD,
    RAIL,
    RAIL_TIE,
    STATION_FILL,
    CAMP_FILL,
    HQ_FILL,
    MOUNTAIN,
    MOUNTAIN_DARK,
    TILE_SHADOW,
    BACK_FACE,
    BACK_EDGE,
    BACK_DETAIL,
    RED_INK,
    BLACK_INK,
    RED_FACE,
    BLACK_FACE,
    UNKNOWN_GREY,
    DOT_GREY,
    LAST_MOVE,
    LAST_ATTACK,
    GUIDE,
    TURN_GLOW,
    GOLD,
    WIN_GREEN,
];

/// The ink of a colour's pieces.
pub fn ink(colour: Colour) -> Rgb {
    match colour {
        Colour::Red => RED_INK,
        Colour::Black => BLACK_INK,
    }
}

pub fn face(colour: Colour) -> Rgb {
    match colour {
        Colour::Red => RED_FACE,
        Colour::Black => BLACK_FACE,
    }
}
