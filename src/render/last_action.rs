//! The last-action box at the foot of the panel: who did what, with the pieces involved as
//! small tiles, the removed ones faded and struck through.

use crate::game::Effect;
use crate::game::{Action, LastAction, PublicView};

use super::canvas::Canvas;
use super::layout::*;
use super::raster;
use super::text::{Align, Face, Fonts};
use super::tiles::{self, Tiles};
use super::{Panel, Script};

/// Draws the box whose left edge, top, width and bottom are the last argument.
pub fn draw(
    canvas: &mut Canvas,
    fonts: &Fonts,
    tiles: &Tiles,
    view: &PublicView,
    panel: &Panel,
    script: Script,
    (box_left, top, width, bottom): (f32, f32, f32, f32),
) {
    let left = box_left as i32 + 12;
    let line = top as i32 + 44;
    let tiles_y = top + 76.0;
    let middle = box_left + width / 2.0;
    let Some(LastAction {
        seat,
        action,
        effect,
    }) = view.last
    else {
        fonts.draw(
            canvas,
            Face::Simplified,
            16.0,
            (left, line),
            Align::Left,
            INK_SOFT,
            "none yet",
        );
        return;
    };
    let who = fonts.fit(Face::Simplified, 16.0, &panel.names[seat.index()], 110);
    let what = match action {
        Action::Flip(square) => format!("{who}: flip {square}"),
        Action::Move { from, to } => format!("{who}: {from} → {to}"),
    };
    fonts.draw(
        canvas,
        Face::Simplified,
        16.0,
        (left, line),
        Align::Left,
        INK,
        &what,
    );
    let result_baseline = bottom as i32 - 10;
    match effect {
        Effect::Flipped(piece) | Effect::Moved(piece) => {
            let sprite = tiles.mini.revealed(piece);
            tiles.mini.blit(sprite, canvas, (middle, tiles_y));
            let label = if matches!(effect, Effect::Flipped(_)) {
                "revealed"
            } else {
                "moved"
            };
            fonts.draw(
                canvas,
                Face::Simplified,
                14.0,
                (middle as i32, result_baseline),
                Align::Centre,
                INK_SOFT,
                label,
            );
        }
        Effect::Attacked {
            attacker,
            target,
            attacker_survives,
        } => {
            let spread = 58.0;
            let at_attacker = (middle - spread, tiles_y);
            let at_target = (middle + spread, tiles_y);
            tiles
                .mini
                .blit(tiles.mini.revealed(attacker), canvas, at_attacker);
            tiles
                .mini
                .blit(tiles.mini.revealed(target), canvas, at_target);
            fonts.draw_centred(
                canvas,
                Face::Simplified,
                22.0,
                (middle, tiles_y),
                LAST_ATTACK,
                "×",
            );
            cross_out(canvas, at_target);
            if !attacker_survives {
                cross_out(canvas, at_attacker);
            }
            let attacker_name = tiles::name(attacker.kind, script);
            let target_name = tiles::name(target.kind, script);
            let face = tiles::face_of(script);
            let result = if attacker_survives {
                format!("{attacker_name} takes {target_name}")
            } else {
                "both removed".to_string()
            };
            fonts.draw(
                canvas,
                face,
                15.0,
                (middle as i32, result_baseline),
                Align::Centre,
                INK,
                &result,
            );
        }
    }
}

/// Fades a panel tile and strikes it through: that piece left the board.
fn cross_out(canvas: &mut Canvas, (x, y): (f32, f32)) {
    let size = (TILE_W * tiles::MINI_SCALE, TILE_H * tiles::MINI_SCALE);
    raster::round_rect(canvas, (x, y), size, 6.0, CARD_BG, 0.45);
    let (dx, dy) = (size.0 / 2.0 - 6.0, size.1 / 2.0 - 4.0);
    raster::line(
        canvas,
        (x - dx, y - dy),
        (x + dx, y + dy),
        3.0,
        LAST_ATTACK,
        0.9,
    );
    raster::line(
        canvas,
        (x - dx, y + dy),
        (x + dx, y - dy),
        3.0,
        LAST_ATTACK,
        0.9,
    );
}
