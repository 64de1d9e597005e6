//! Piece tiles as sprites, drawn once per script at two sizes (board and panel) and blitted at
//! every render: cream tiles with the 2-character name in red or black ink, and identical
//! green backs for face-down pieces; a standard game's pieces the viewer was not shown get a
//! back in their side's colour.

use std::sync::OnceLock;

use crate::game::{Colour, Kind, Piece, PublicCell};

use super::Script;
use super::canvas::Canvas;
use super::layout::*;
use super::raster::{self, Rgb, Sprite, Stamp};
use super::text::{Face, Fonts};

/// All tiles of one size.
pub struct TileSet {
    revealed: Vec<Stamp>,
    back: Stamp,
    /// The backs of Red's and Black's pieces in the standard games.
    coloured_backs: [Stamp; 2],
    /// Where the tile's centre lies inside each sprite.
    anchor: (i32, i32),
}

/// Board-size and panel-size tiles of one script.
pub struct Tiles {
    pub board: TileSet,
    pub mini: TileSet,
}

/// Panel tiles are this fraction of board tiles.
pub const MINI_SCALE: f32 = 0.72;

static TILES: [OnceLock<Tiles>; 2] = [OnceLock::new(), OnceLock::new()];

pub fn tiles(fonts: &Fonts, script: Script) -> &'static Tiles {
    TILES[script as usize].get_or_init(|| Tiles {
        board: TileSet::draw(fonts, script, 1.0),
        mini: TileSet::draw(fonts, script, MINI_SCALE),
    })
}

pub fn name(kind: Kind, script: Script) -> &'static str {
    match script {
        Script::Simplified => kind.name_simplified(),
        Script::Traditional => kind.name_traditional(),
    }
}

pub fn face_of(script: Script) -> Face {
    match script {
        Script::Simplified => Face::Simplified,
        Script::Traditional => Face::Traditional,
    }
}

impl TileSet {
    fn draw(fonts: &Fonts, script: Script, scale: f32) -> TileSet {
        let size = (TILE_W * scale, TILE_H * scale);
        let width = (size.0 + 6.0).ceil() as u32;
        let height = (size.1 + 6.0).ceil() as u32;
        let centre = (1.0 + size.0 / 2.0, 1.0 + size.1 / 2.0);
        let blank = || {
            let mut sprite = Sprite::new(width, height);
            let shadow = (centre.0 + 2.0 * scale, centre.1 + 3.0 * scale);
            raster::round_rect(
                &mut sprite,
                shadow,
                size,
                TILE_RADIUS * scale,
                TILE_SHADOW,
                0.4,
            );
            sprite
        };
        let revealed = (0..24)
            .map(|index| {
                let piece = Piece::from_index(index);
                let mut sprite = blank();
                draw_revealed(&mut sprite, fonts, script, piece, centre, scale);
                sprite.stamp()
            })
            .collect();
        let back = |colours: BackColours| {
            let mut back = blank();
            draw_back(&mut back, centre, scale, colours);
            back.stamp()
        };
        TileSet {
            revealed,
            back: back(FACE_DOWN),
            coloured_backs: [Colour::Red, Colour::Black].map(|colour| back(coloured_back(colour))),
            anchor: (centre.0 as i32, centre.1 as i32),
        }
    }

    pub fn revealed(&self, piece: Piece) -> &Stamp {
        &self.revealed[piece.index()]
    }

    pub fn back(&self) -> &Stamp {
        &self.back
    }

    /// The sprite a board square showing `cell` is drawn with (none for an empty one).
    pub fn stamp_for(&self, cell: PublicCell) -> Option<&Stamp> {
        match cell {
            PublicCell::Empty => None,
            PublicCell::FaceDown => Some(self.back()),
            PublicCell::Back(colour) => Some(&self.coloured_backs[colour.index()]),
            PublicCell::Revealed(piece) => Some(self.revealed(piece)),
        }
    }

    /// The pixels a sprite of this set covers with its tile centred on `at`: `[x0, x1) × [y0,
    /// y1)`.
    pub fn bounds(&self, at: (f32, f32)) -> (i32, i32, i32, i32) {
        let x = at.0.round() as i32 - self.anchor.0;
        let y = at.1.round() as i32 - self.anchor.1;
        (
            x,
            y,
            x + self.back.width() as i32,
            y + self.back.height() as i32,
        )
    }

    /// Blits `sprite` (one of this set's) with the tile centred on `at`.
    pub fn blit(&self, sprite: &Stamp, canvas: &mut Canvas, at: (f32, f32)) {
        stamp_centred(canvas, sprite, self.anchor, at);
    }
}

/// Stamps `stamp`, whose tile centre lies at `anchor` inside it, with that centre on `at`.
pub fn stamp_centred(canvas: &mut Canvas, stamp: &Stamp, anchor: (i32, i32), at: (f32, f32)) {
    canvas.stamp(
        stamp,
        at.0.round() as i32 - anchor.0,
        at.1.round() as i32 - anchor.1,
    );
}

fn draw_revealed(
    sprite: &mut Sprite,
    fonts: &Fonts,
    script: Script,
    piece: Piece,
    centre: (f32, f32),
    scale: f32,
) {
    let size = (TILE_W * scale, TILE_H * scale);
    let radius = TILE_RADIUS * scale;
    let ink = ink(piece.colour);
    raster::round_rect(sprite, centre, size, radius, face(piece.colour), 1.0);
    // A soft lower half gives the tile some thickness.
    let lower = (centre.0, centre.1 + size.1 * 0.3);
    raster::round_rect(
        sprite,
        lower,
        (size.0 - 2.0, size.1 * 0.4),
        radius * 0.6,
        TILE_SHADOW,
        0.06,
    );
    raster::round_rect_outline(sprite, centre, size, radius, 1.8 * scale, ink, 0.9);
    let inset = 4.5 * scale;
    let inner = (size.0 - 2.0 * inset, size.1 - 2.0 * inset);
    raster::round_rect_outline(sprite, centre, inner, radius * 0.6, 1.1 * scale, ink, 0.45);
    let text = name(piece.kind, script);
    fonts.draw_centred(sprite, face_of(script), 29.0 * scale, centre, ink, text);
}

/// A back's face, edge and detail.
type BackColours = (Rgb, Rgb, Rgb);

/// 翻翻棋's face-down pieces: nobody knows whose they are.
const FACE_DOWN: BackColours = (BACK_FACE, BACK_EDGE, BACK_DETAIL);

fn coloured_back(colour: Colour) -> BackColours {
    match colour {
        Colour::Red => (RED_BACK_FACE, RED_BACK_EDGE, RED_BACK_DETAIL),
        Colour::Black => (BLACK_BACK_FACE, BLACK_BACK_EDGE, BLACK_BACK_DETAIL),
    }
}

fn draw_back(sprite: &mut Sprite, centre: (f32, f32), scale: f32, colours: BackColours) {
    let (face, edge, detail) = colours;
    let size = (TILE_W * scale, TILE_H * scale);
    let radius = TILE_RADIUS * scale;
    raster::round_rect(sprite, centre, size, radius, face, 1.0);
    raster::round_rect_outline(sprite, centre, size, radius, 2.0 * scale, edge, 1.0);
    let inset = 5.0 * scale;
    let inner = (size.0 - 2.0 * inset, size.1 - 2.0 * inset);
    raster::round_rect_outline(
        sprite,
        centre,
        inner,
        radius * 0.6,
        1.2 * scale,
        detail,
        0.9,
    );
    raster::polygon(sprite, &star(centre, 10.0 * scale), detail, 1.0);
    for side in [-1.0f32, 1.0] {
        let near = (centre.0 + side * 15.0 * scale, centre.1);
        let far = (centre.0 + side * 29.0 * scale, centre.1);
        raster::line(sprite, near, far, 1.6 * scale, detail, 0.9);
    }
}

/// A five-pointed star with outer radius `radius`, point up.
pub fn star((cx, cy): (f32, f32), radius: f32) -> Vec<(f32, f32)> {
    (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { radius } else { radius * 0.42 };
            let angle = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
            (cx + r * angle.cos(), cy + r * angle.sin())
        })
        .collect()
}
