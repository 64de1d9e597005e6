//! The 四国 piece tiles, drawn once per script and stamped at every render: a cream tile with
//! the piece's name in its seat's ink for a piece the viewer was shown, and a back in the
//! seat's colour carrying the seat's letter for one they were not.

use std::sync::OnceLock;

use junqi_rules::siguo::{SiguoSeat, SiguoViewCell};

use super::look::{PIECE_FACE, TILE_H, TILE_RADIUS, TILE_W, colours};
use crate::game::Kind;
use crate::render::Script;
use crate::render::canvas::Canvas;
use crate::render::layout::TILE_SHADOW;
use crate::render::raster::{self, Sprite, Stamp};
use crate::render::text::{Face, Fonts};
use crate::render::tiles::{face_of, name, stamp_centred};

/// Every tile of one script: per seat, its 12 shown kinds and its back.
pub struct SiguoTiles {
    shown: Vec<Stamp>,
    backs: Vec<Stamp>,
    anchor: (i32, i32),
}

static TILES: [OnceLock<SiguoTiles>; 2] = [OnceLock::new(), OnceLock::new()];

pub fn tiles(fonts: &Fonts, script: Script) -> &'static SiguoTiles {
    TILES[script as usize].get_or_init(|| SiguoTiles::draw(fonts, script))
}

impl SiguoTiles {
    fn draw(fonts: &Fonts, script: Script) -> SiguoTiles {
        let width = (TILE_W + 5.0).ceil() as u32;
        let height = (TILE_H + 5.0).ceil() as u32;
        let centre = (1.0 + TILE_W / 2.0, 1.0 + TILE_H / 2.0);
        let blank = || {
            let mut sprite = Sprite::new(width, height);
            let shadow = (centre.0 + 2.0, centre.1 + 2.5);
            let size = (TILE_W, TILE_H);
            raster::round_rect(&mut sprite, shadow, size, TILE_RADIUS, TILE_SHADOW, 0.4);
            sprite
        };
        let mut shown = Vec::with_capacity(48);
        let mut backs = Vec::with_capacity(4);
        for seat in SiguoSeat::ALL {
            for kind in Kind::ALL {
                let mut sprite = blank();
                draw_shown(&mut sprite, fonts, script, seat, kind, centre);
                shown.push(sprite.stamp());
            }
            let mut sprite = blank();
            draw_back(&mut sprite, fonts, seat, centre);
            backs.push(sprite.stamp());
        }
        SiguoTiles {
            shown,
            backs,
            anchor: (centre.0 as i32, centre.1 as i32),
        }
    }

    /// The tile a post showing `cell` is drawn with (none for an empty post).
    pub fn stamp_for(&self, cell: SiguoViewCell) -> Option<&Stamp> {
        match cell {
            SiguoViewCell::Empty => None,
            SiguoViewCell::Unshown(seat) => Some(&self.backs[seat.index()]),
            SiguoViewCell::Shown(piece) => {
                Some(&self.shown[piece.seat.index() * 12 + piece.kind.index()])
            }
        }
    }

    /// Stamps `stamp` with its tile centred on `at`.
    pub fn blit(&self, stamp: &Stamp, canvas: &mut Canvas, at: (f32, f32)) {
        stamp_centred(canvas, stamp, self.anchor, at);
    }
}

fn draw_shown(
    sprite: &mut Sprite,
    fonts: &Fonts,
    script: Script,
    seat: SiguoSeat,
    kind: Kind,
    centre: (f32, f32),
) {
    let size = (TILE_W, TILE_H);
    let ink = colours(seat).ink;
    raster::round_rect(sprite, centre, size, TILE_RADIUS, PIECE_FACE, 1.0);
    raster::round_rect_outline(sprite, centre, size, TILE_RADIUS, 2.2, ink, 1.0);
    let inner = (size.0 - 7.0, size.1 - 7.0);
    raster::round_rect_outline(sprite, centre, inner, TILE_RADIUS * 0.6, 1.0, ink, 0.5);
    fonts.draw_centred(
        sprite,
        face_of(script),
        24.0,
        centre,
        ink,
        name(kind, script),
    );
}

fn draw_back(sprite: &mut Sprite, fonts: &Fonts, seat: SiguoSeat, centre: (f32, f32)) {
    let seat_colours = colours(seat);
    let size = (TILE_W, TILE_H);
    raster::round_rect(sprite, centre, size, TILE_RADIUS, seat_colours.face, 1.0);
    raster::round_rect_outline(
        sprite,
        centre,
        size,
        TILE_RADIUS,
        2.0,
        seat_colours.edge,
        1.0,
    );
    let inner = (size.0 - 8.0, size.1 - 8.0);
    let detail = seat_colours.detail;
    raster::round_rect_outline(sprite, centre, inner, TILE_RADIUS * 0.6, 1.1, detail, 0.9);
    let letter = seat.code().to_string();
    fonts.draw_centred(sprite, Face::Simplified, 22.0, centre, detail, &letter);
}
