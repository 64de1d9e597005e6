//! The last-action box at the foot of the panel: who did what, with the pieces involved as
//! small tiles, the removed ones faded and struck through.

use crate::game::{Action, Colour, Effect, LastAction, Piece, PublicCell, PublicView};
use crate::standard::{Removed, Verdict};

use super::canvas::Canvas;
use super::layout::*;
use super::raster;
use super::text::{Align, Face, Fonts};
use super::tiles::{self, Tiles};
use crate::config::Language;

use super::panel::seat_name;
use super::words::Word;
use super::{Panel, script_of};

/// Draws the box whose left edge, top, width and bottom are the last argument.
pub fn draw(
    canvas: &mut Canvas,
    fonts: &Fonts,
    tiles: &Tiles,
    view: &PublicView,
    panel: &Panel,
    language: Language,
    (box_left, top, width, bottom): (f32, f32, f32, f32),
) {
    let script = script_of(language);
    let face = tiles::face_of(script);
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
            face,
            16.0,
            (left, line),
            Align::Left,
            INK_SOFT,
            Word::NoActionYet.text(language),
        );
        return;
    };
    let who = fonts.fit(face, 16.0, &seat_name(fonts, panel, seat, language), 110);
    let what = match action {
        Action::Flip(square) => Word::Flip.fill(language, &[&who, &square]),
        Action::Move { from, to } => Word::Move.fill(language, &[&who, &from, &to]),
    };
    fonts.draw(canvas, face, 16.0, (left, line), Align::Left, INK, &what);
    let result_baseline = bottom as i32 - 10;
    match effect {
        Effect::Flipped(piece) | Effect::Moved(piece) => {
            let sprite = tiles.mini.revealed(piece);
            tiles.mini.blit(sprite, canvas, (middle, tiles_y));
            let label = if matches!(effect, Effect::Flipped(_)) {
                Word::Revealed
            } else {
                Word::Moved
            };
            fonts.draw(
                canvas,
                face,
                14.0,
                (middle as i32, result_baseline),
                Align::Centre,
                INK_SOFT,
                label.text(language),
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
            let piece_name = |kind: crate::game::Kind| match language {
                Language::English => kind.name_english(),
                _ => tiles::name(kind, script),
            };
            let result = if attacker_survives {
                let (attacker, target) = (piece_name(attacker.kind), piece_name(target.kind));
                Word::Takes.fill(language, &[&attacker, &target])
            } else {
                Word::BothRemoved.text(language).to_string()
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
        Effect::Judged {
            colour,
            verdict,
            attacker,
            target,
            ..
        } => judged(
            canvas,
            fonts,
            tiles,
            language,
            (middle, tiles_y, result_baseline),
            (colour, verdict, attacker, target),
        ),
    }
}

/// A standard game's last action: the pieces as everyone was shown them (a back of its colour
/// when unshown, so the box never tells more than the board), and the referee's verdict.
fn judged(
    canvas: &mut Canvas,
    fonts: &Fonts,
    tiles: &Tiles,
    language: Language,
    (middle, tiles_y, result_baseline): (f32, f32, i32),
    (colour, verdict, attacker, target): (Colour, Verdict, Option<Piece>, Option<Piece>),
) {
    let face = tiles::face_of(script_of(language));
    let sprite = |piece: Option<Piece>, colour: Colour| {
        let cell = piece.map_or(PublicCell::Back(colour), PublicCell::Revealed);
        tiles.mini.stamp_for(cell)
    };
    let label = match verdict {
        Verdict::Moved => {
            if let Some(stamp) = sprite(attacker, colour) {
                tiles.mini.blit(stamp, canvas, (middle, tiles_y));
            }
            Word::Moved
        }
        Verdict::Attacked(removed) => {
            let spread = 58.0;
            let at_attacker = (middle - spread, tiles_y);
            let at_target = (middle + spread, tiles_y);
            for (piece, side, at) in [
                (attacker, colour, at_attacker),
                (target, colour.other(), at_target),
            ] {
                if let Some(stamp) = sprite(piece, side) {
                    tiles.mini.blit(stamp, canvas, at);
                }
            }
            fonts.draw_centred(
                canvas,
                Face::Simplified,
                22.0,
                (middle, tiles_y),
                LAST_ATTACK,
                "×",
            );
            if removed != Removed::Attacker {
                cross_out(canvas, at_target);
            }
            if removed != Removed::Target {
                cross_out(canvas, at_attacker);
            }
            match removed {
                Removed::Target => Word::TargetRemoved,
                Removed::Attacker => Word::AttackerRemoved,
                Removed::Both => Word::BothRemoved,
            }
        }
    };
    fonts.draw(
        canvas,
        face,
        15.0,
        (middle as i32, result_baseline),
        Align::Centre,
        INK,
        label.text(language),
    );
}

/// Fades a panel tile and strikes it through: that piece left the board.
fn cross_out(canvas: &mut Canvas, (x, y): (f32, f32)) {
    let size = (TILE_W * tiles::MINI_SCALE, TILE_H * tiles::MINI_SCALE);
    raster::round_rect(canvas, (x, y), size, 6.0, CARD_BG, 0.45);
    let reach = (size.0 / 2.0 - 6.0, size.1 / 2.0 - 4.0);
    raster::cross(canvas, (x, y), reach, 3.0, LAST_ATTACK, 0.9);
}
