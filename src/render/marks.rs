//! Marks drawn over the board for one render: the last action (amber for a flip or a move, red
//! for an attack, with an arrow and a cross where both pieces fell), the move guide (走棋引導:
//! green squares it can reach, green frames on pieces it can attack) and the game-over banner.

use crate::game::Effect;
use crate::game::{Action, LastAction, Outcome, PublicCell, PublicView, Seat};

use super::canvas::Canvas;
use super::layout::*;
use super::raster::{self, Rgb};
use super::text::{Align, Face, Fonts};
use crate::config::Language;
use crate::words::ending;

use super::panel::{colour_name, seat_name};
use super::{Guide, Panel, script_of, tiles};

fn last_colour(last: &LastAction) -> Rgb {
    if last.effect.is_attack() {
        LAST_ATTACK
    } else {
        LAST_MOVE
    }
}

/// Marks that belong under the tiles: reachable squares and the path of the last move.
pub fn draw_under(canvas: &mut Canvas, view: &PublicView, guide: Option<&Guide>) {
    if let Some(last) = &view.last
        && let Action::Move { from, to } = last.action
    {
        raster::line(
            canvas,
            centre(from),
            centre(to),
            6.0,
            last_colour(last),
            0.8,
        );
    }
    if let Some(guide) = guide {
        raster::round_rect(
            canvas,
            centre(guide.from),
            (TILE_W + 14.0, TILE_H + 14.0),
            12.0,
            GUIDE,
            0.35,
        );
        for square in guide.empty {
            let at = centre(square);
            raster::round_rect(canvas, at, (TILE_W, TILE_H), 6.0, GUIDE, 0.3);
            raster::round_rect_outline(
                canvas,
                at,
                (TILE_W - 2.0, TILE_H - 2.0),
                6.0,
                2.5,
                GUIDE,
                0.9,
            );
            raster::disc(canvas, at, 7.0, GUIDE, 0.9);
        }
    }
}

/// The boxes (`x0, y0, x1, y1`, in pixels, with a margin for anti-aliasing) that
/// [`draw_under`] may draw on: a tile standing there must be drawn over them, not kept.
pub fn under_bounds(view: &PublicView, guide: Option<&Guide>) -> Vec<(f32, f32, f32, f32)> {
    const MARGIN: f32 = 4.0;
    let around = |(x, y): (f32, f32), (half_w, half_h): (f32, f32)| {
        (
            x - half_w - MARGIN,
            y - half_h - MARGIN,
            x + half_w + MARGIN,
            y + half_h + MARGIN,
        )
    };
    let mut bounds = Vec::new();
    if let Some(last) = &view.last
        && let Action::Move { from, to } = last.action
    {
        let (a, b) = (centre(from), centre(to));
        let middle = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let half = ((a.0 - b.0).abs() / 2.0 + 3.0, (a.1 - b.1).abs() / 2.0 + 3.0);
        bounds.push(around(middle, half));
    }
    if let Some(guide) = guide {
        bounds.push(around(
            centre(guide.from),
            ((TILE_W + 14.0) / 2.0, (TILE_H + 14.0) / 2.0),
        ));
        for square in guide.empty {
            bounds.push(around(centre(square), (TILE_W / 2.0, TILE_H / 2.0)));
        }
    }
    bounds
}

/// Marks that belong over the tiles: frames, the arrow head and crosses.
pub fn draw_over(canvas: &mut Canvas, view: &PublicView, guide: Option<&Guide>) {
    if let Some(last) = &view.last {
        draw_last(canvas, view, last);
    }
    if let Some(guide) = guide {
        raster::round_rect_outline(
            canvas,
            centre(guide.from),
            (TILE_W + 10.0, TILE_H + 10.0),
            12.0,
            5.0,
            GUIDE,
            1.0,
        );
        for square in guide.attacks {
            draw_target(canvas, centre(square));
        }
    }
}

fn draw_last(canvas: &mut Canvas, view: &PublicView, last: &LastAction) {
    let colour = last_colour(last);
    let frame = (TILE_W + 8.0, TILE_H + 8.0);
    match last.action {
        Action::Flip(square) => {
            raster::round_rect_outline(canvas, centre(square), frame, 11.0, 4.5, colour, 1.0);
        }
        Action::Move { from, to } => {
            let start = centre(from);
            let end = centre(to);
            raster::disc(canvas, start, 7.0, colour, 1.0);
            raster::round_rect_outline(
                canvas,
                start,
                (TILE_W - 4.0, TILE_H - 4.0),
                6.0,
                2.5,
                colour,
                0.9,
            );
            raster::round_rect_outline(canvas, end, frame, 11.0, 4.5, colour, 1.0);
            draw_arrow_head(canvas, start, end, colour);
            let both_fell = matches!(last.effect, Effect::Attacked { .. })
                && view.cell(to) == PublicCell::Empty;
            if both_fell {
                raster::cross(canvas, end, (14.0, 14.0), 5.0, colour, 1.0);
            }
        }
    }
}

/// An arrow head on the path from `start`, just outside the frame around `end`.
fn draw_arrow_head(canvas: &mut Canvas, start: (f32, f32), end: (f32, f32), colour: Rgb) {
    let (dx, dy) = (end.0 - start.0, end.1 - start.1);
    let length = (dx * dx + dy * dy).sqrt();
    if length == 0.0 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let half_w = TILE_W / 2.0 + 6.0;
    let half_h = TILE_H / 2.0 + 6.0;
    let to_edge = (half_w / ux.abs().max(1e-6)).min(half_h / uy.abs().max(1e-6));
    let tip = (end.0 - ux * to_edge, end.1 - uy * to_edge);
    let base = (tip.0 - ux * 15.0, tip.1 - uy * 15.0);
    let (px, py) = (-uy * 9.0, ux * 9.0);
    let points = [tip, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)];
    raster::polygon(canvas, &points, colour, 1.0);
}

/// A green frame with corner brackets: this piece can be attacked.
fn draw_target(canvas: &mut Canvas, at: (f32, f32)) {
    raster::round_rect_outline(
        canvas,
        at,
        (TILE_W + 8.0, TILE_H + 8.0),
        11.0,
        3.5,
        GUIDE,
        1.0,
    );
    let (hw, hh) = (TILE_W / 2.0 + 9.0, TILE_H / 2.0 + 9.0);
    let arm = 14.0;
    for (sx, sy) in [(-1.0f32, -1.0f32), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let corner = (at.0 + sx * hw, at.1 + sy * hh);
        raster::line(
            canvas,
            corner,
            (corner.0 - sx * arm, corner.1),
            4.0,
            GUIDE,
            1.0,
        );
        raster::line(
            canvas,
            corner,
            (corner.0, corner.1 - sy * arm),
            4.0,
            GUIDE,
            1.0,
        );
    }
}

/// The ghost style of a piece shown only by the reveal: a green wash (the colour of the backs)
/// and a dashed frame.
pub fn draw_ghost(canvas: &mut Canvas, (x, y): (f32, f32)) {
    raster::round_rect(
        canvas,
        (x, y),
        (TILE_W, TILE_H),
        TILE_RADIUS,
        BACK_FACE,
        0.22,
    );
    let (half_w, half_h) = (TILE_W / 2.0 + 3.0, TILE_H / 2.0 + 3.0);
    let (dash, gap) = (8.0, 5.0);
    let mut edge = |from: (f32, f32), to: (f32, f32)| {
        let length = ((to.0 - from.0).powi(2) + (to.1 - from.1).powi(2)).sqrt();
        let (ux, uy) = ((to.0 - from.0) / length, (to.1 - from.1) / length);
        let mut t = 0.0;
        while t < length {
            let end = (t + dash).min(length);
            let a = (from.0 + ux * t, from.1 + uy * t);
            let b = (from.0 + ux * end, from.1 + uy * end);
            raster::line(canvas, a, b, 2.5, BACK_FACE, 1.0);
            t += dash + gap;
        }
    };
    let corners = [
        (x - half_w, y - half_h),
        (x + half_w, y - half_h),
        (x + half_w, y + half_h),
        (x - half_w, y + half_h),
    ];
    for i in 0..4 {
        edge(corners[i], corners[(i + 1) % 4]);
    }
}

/// The result banner over the mountain band (no piece stands there) and a gold frame around
/// the board: who won, why, and the points each seat won or lost.
pub fn draw_game_over(
    canvas: &mut Canvas,
    fonts: &Fonts,
    view: &PublicView,
    panel: &Panel,
    language: Language,
) {
    let face = tiles::face_of(script_of(language));
    let Some(outcome) = view.outcome else {
        return;
    };
    let (left, top, right, bottom) = FRAME;
    let board_centre = ((left + right) / 2.0, (top + bottom) / 2.0);
    let frame = (right - left + 10.0, bottom - top + 10.0);
    raster::round_rect_outline(canvas, board_centre, frame, 9.0, 6.0, GOLD, 1.0);

    let centre = (board_centre.0, mountain_y());
    let size = (right - left - 24.0, 62.0);
    let shadow = (centre.0 + 3.0, centre.1 + 4.0);
    raster::round_rect(canvas, shadow, size, 12.0, TILE_SHADOW, 0.35);
    raster::round_rect(canvas, centre, size, 12.0, CARD_BG, 1.0);
    raster::round_rect_outline(canvas, centre, size, 12.0, 3.5, GOLD, 1.0);
    let inner = (size.0 - 10.0, size.1 - 10.0);
    raster::round_rect_outline(canvas, centre, inner, 8.0, 1.2, GOLD, 0.8);

    let name = |seat: Seat, width: i32| {
        fonts.fit(face, 15.0, &seat_name(fonts, panel, seat, language), width)
    };
    let (title, title_colour, reason) = match outcome {
        Outcome::Win { winner, reason } => {
            let loser = winner.other();
            let title = match view.colour_of(winner) {
                Some(colour) => {
                    let colour = colour_name(colour, language);
                    let colour = match language {
                        Language::English => colour.to_uppercase(),
                        _ => colour.to_string(),
                    };
                    ending::banner_wins(language, &colour)
                }
                None => ending::banner_wins(language, &name(winner, 140)),
            };
            let colour = view.colour_of(winner).map_or(INK, ink);
            let (winner, loser) = (name(winner, 120), name(loser, 120));
            let reason = ending::banner_win_reason(language, reason, &winner, &loser, &view.rules);
            (title, colour, reason)
        }
        Outcome::Draw(reason) => (
            ending::banner_draw(language),
            INK,
            ending::banner_draw_reason(language, reason, &view.rules),
        ),
    };
    let banner_left = centre.0 - size.0 / 2.0;
    let banner_right = centre.0 + size.0 / 2.0;
    let text_x = match panel.points {
        Some(_) => banner_left + (size.0 - 150.0) / 2.0,
        None => centre.0,
    } as i32;
    let y = centre.1 as i32;
    let title = fonts.fit(face, 28.0, &title, 320);
    fonts.draw(
        canvas,
        face,
        28.0,
        (text_x, y + 3),
        Align::Centre,
        title_colour,
        &title,
    );
    let reason = fonts.fit(face, 15.0, &reason, 320);
    fonts.draw(
        canvas,
        face,
        15.0,
        (text_x, y + 23),
        Align::Centre,
        INK,
        &reason,
    );
    if let Some(points) = panel.points {
        let divider = banner_right - 156.0;
        raster::line(
            canvas,
            (divider, centre.1 - 20.0),
            (divider, centre.1 + 20.0),
            1.0,
            GOLD,
            0.8,
        );
        for (seat, baseline) in [(Seat::First, y - 4), (Seat::Second, y + 18)] {
            let value = points[seat.index()];
            let colour = match value {
                v if v > 0 => WIN_GREEN,
                v if v < 0 => RED_INK,
                _ => INK_SOFT,
            };
            let figure = signed(value);
            let right_edge = banner_right as i32 - 16;
            let width = fonts.draw(
                canvas,
                Face::Simplified,
                17.0,
                (right_edge, baseline),
                Align::Right,
                colour,
                &figure,
            );
            let who = name(seat, 130 - width);
            let at = (right_edge - width - 8, baseline);
            fonts.draw(canvas, face, 15.0, at, Align::Right, INK, &who);
        }
    }
}

/// Points as shown: `+3`, `-3`, and `0` without a sign.
pub fn signed(points: i64) -> String {
    if points == 0 {
        "0".to_string()
    } else {
        format!("{points:+}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Rules, Square};
    use crate::render::{HEIGHT, WIDTH, guide_from_view};
    use image::RgbImage;

    #[test]
    fn what_is_drawn_under_the_tiles_lies_inside_the_under_bounds() {
        let mut game = Game::new(5, Rules::default());
        let mut checked = 0;
        for ply in 0..60 {
            let view = game.view();
            let guide = Square::all().find_map(|square| guide_from_view(&view, square).ok());
            let moved = matches!(view.last.map(|last| last.action), Some(Action::Move { .. }));
            if moved || guide.is_some() {
                let blank = RgbImage::from_pixel(WIDTH, HEIGHT, image::Rgb([1, 2, 3]));
                let mut pixels = blank.clone();
                draw_under(&mut Canvas::rgb(&mut pixels), &view, guide.as_ref());
                let bounds = under_bounds(&view, guide.as_ref());
                for (x, y, pixel) in pixels.enumerate_pixels() {
                    if pixel != blank.get_pixel(x, y) {
                        let (x, y) = (x as f32, y as f32);
                        assert!(
                            bounds
                                .iter()
                                .any(|&(x0, y0, x1, y1)| x0 <= x && x <= x1 && y0 <= y && y <= y1),
                            "ply {ply}: ({x}, {y}) drawn outside {bounds:?}"
                        );
                    }
                }
                checked += 1;
            }
            let legal = game.legal_actions();
            let Some(&action) = legal
                .iter()
                .find(|action| matches!(action, Action::Move { .. }))
                .or(legal.get(ply % legal.len().max(1)))
            else {
                break;
            };
            game.act(game.to_act(), action).expect("legal");
        }
        assert!(
            checked > 10,
            "only {checked} boards had marks under the tiles"
        );
    }
}
