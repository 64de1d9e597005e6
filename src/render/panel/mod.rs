//! The player panel (個人狀態欄) on the right of the image: a card per seat (name, colour or
//! `?` with the last flip, whose turn, clock, timeouts, points at the end), the action counters,
//! the piece tally (one dot per piece: lit = revealed, grey = face down, hollow = removed) and
//! the last action with its pieces.

mod parts;

use image::RgbImage;

use crate::game::{Colour, Kind, PublicView, Seat};

use parts::Part;
pub use parts::Plan;

use super::canvas::Canvas;
use super::layout::*;
use super::marks;
use super::raster::{self, Surface};
use super::text::{Align, Face, Fonts};
use super::tiles::{self, Tiles};
use crate::config::Language;

use super::words::Word;
use super::{Panel, script_of};

const LEFT: f32 = PANEL_LEFT + 8.0;
const WIDTH_INNER: f32 = WIDTH as f32 - PANEL_LEFT - 16.0;
const CARD_TOP: f32 = LABEL_MARGIN;
const CARD_H: f32 = 104.0;
const CARD_GAP: f32 = 10.0;
const COUNTERS_BASELINE: f32 = CARD_TOP + 2.0 * CARD_H + CARD_GAP + 34.0;
const TALLY_TOP: f32 = COUNTERS_BASELINE + 14.0;
const TALLY_HEADER: f32 = 32.0;
const TALLY_ROW: f32 = 30.0;
const TALLY_BOTTOM: f32 = TALLY_TOP + TALLY_HEADER + 12.0 * TALLY_ROW + 8.0;
const LEGEND_Y: f32 = TALLY_BOTTOM + 16.0;
const LAST_TOP: f32 = LEGEND_Y + 18.0;
const LAST_BOTTOM: f32 = HEIGHT as f32 - LABEL_MARGIN;
const DOT_RADIUS: f32 = 6.0;
const DOT_STEP: f32 = 16.0;

fn card_top(seat: Seat) -> f32 {
    CARD_TOP + seat.index() as f32 * (CARD_H + CARD_GAP)
}

fn card_centre(seat: Seat) -> (f32, f32) {
    (LEFT + WIDTH_INNER / 2.0, card_top(seat) + CARD_H / 2.0)
}

fn tally_column_left(colour: Colour) -> f32 {
    LEFT + colour.index() as f32 * WIDTH_INNER / 2.0
}

fn tally_row_y(kind: Kind) -> f32 {
    TALLY_TOP + TALLY_HEADER + (kind.index() as f32 + 0.5) * TALLY_ROW
}

fn boxed(canvas: &mut RgbImage, top: f32, bottom: f32) {
    let centre = (LEFT + WIDTH_INNER / 2.0, (top + bottom) / 2.0);
    let size = (WIDTH_INNER, bottom - top);
    raster::round_rect(
        canvas,
        (centre.0 + 1.5, centre.1 + 2.0),
        size,
        10.0,
        TILE_SHADOW,
        0.18,
    );
    raster::round_rect(canvas, centre, size, 10.0, CARD_BG, 1.0);
    raster::round_rect_outline(canvas, centre, size, 10.0, 1.2, INK_SOFT, 0.8);
}

/// The parts that never change: boxes, tally headings and piece names, the legend.
pub fn draw_static(canvas: &mut RgbImage, fonts: &Fonts, language: Language) {
    let script = script_of(language);
    for seat in Seat::BOTH {
        boxed(canvas, card_top(seat), card_top(seat) + CARD_H);
    }
    boxed(canvas, TALLY_TOP, TALLY_BOTTOM);
    let face = tiles::face_of(script);
    for colour in Colour::BOTH {
        let left = tally_column_left(colour);
        let heading = match colour {
            Colour::Red => Word::RedHeading,
            Colour::Black => Word::BlackHeading,
        }
        .text(language);
        let middle = left + WIDTH_INNER / 4.0;
        let baseline = (TALLY_TOP + 23.0) as i32;
        fonts.draw(
            canvas,
            face,
            17.0,
            (middle as i32, baseline),
            Align::Centre,
            ink(colour),
            heading,
        );
        for kind in Kind::ALL {
            let at = (left + 32.0, tally_row_y(kind));
            let (label, px) = match language {
                // English names are long: small, fitted to the label column.
                Language::English => (fonts.fit(face, 12.0, kind.name_english(), 58), 12.0),
                _ => (tiles::name(kind, script).to_string(), 20.0),
            };
            fonts.draw_centred(canvas, face, px, at, ink(colour), &label);
        }
    }
    let rule_y = TALLY_TOP + TALLY_HEADER - 2.0;
    raster::line(
        canvas,
        (LEFT + 10.0, rule_y),
        (LEFT + WIDTH_INNER - 10.0, rule_y),
        1.0,
        INK_SOFT,
        0.6,
    );
    let middle = LEFT + WIDTH_INNER / 2.0;
    raster::line(
        canvas,
        (middle, TALLY_TOP + 8.0),
        (middle, TALLY_BOTTOM - 8.0),
        1.0,
        INK_SOFT,
        0.4,
    );
    draw_legend(canvas, fonts, language);
    boxed(canvas, LAST_TOP, LAST_BOTTOM);
    let title = (LEFT as i32 + 12, LAST_TOP as i32 + 20);
    fonts.draw(
        canvas,
        face,
        14.0,
        title,
        Align::Left,
        INK_SOFT,
        Word::LastActionTitle.text(language),
    );
}

fn draw_legend(canvas: &mut RgbImage, fonts: &Fonts, language: Language) {
    let y = LEGEND_Y;
    let mut x = LEFT + 14.0;
    for (state, label) in [
        (DotState::Lit, Word::LegendShown),
        (DotState::Hidden, Word::LegendFaceDown),
        (DotState::Removed, Word::LegendRemoved),
    ] {
        draw_dot(canvas, (x, y), state, BLACK_INK);
        let width = fonts.draw(
            canvas,
            tiles::face_of(script_of(language)),
            14.0,
            (x as i32 + 10, y as i32 + 5),
            Align::Left,
            INK_SOFT,
            label.text(language),
        );
        x += width as f32 + 30.0;
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum DotState {
    Lit,
    Hidden,
    Removed,
}

fn draw_dot<S: Surface>(canvas: &mut S, at: (f32, f32), state: DotState, ink: [u8; 3]) {
    match state {
        DotState::Lit => raster::disc(canvas, at, DOT_RADIUS, ink, 1.0),
        DotState::Hidden => raster::disc(canvas, at, DOT_RADIUS, DOT_GREY, 1.0),
        DotState::Removed => raster::ring(canvas, at, DOT_RADIUS - 0.8, 1.6, INK_SOFT, 0.9),
    }
}

/// Everything in the panel that depends on the view: the parts `plan` draws (parts.rs) and,
/// always, the names and clocks.
pub fn draw(
    canvas: &mut Canvas,
    fonts: &Fonts,
    tiles: &Tiles,
    view: &PublicView,
    panel: &Panel,
    (language, plan): (Language, Plan),
) {
    for part in plan.redrawn() {
        draw_part(canvas, fonts, tiles, view, panel, language, part);
    }
    for seat in Seat::BOTH {
        draw_name_and_status(canvas, fonts, view, panel, seat, language);
    }
}

/// The parts of the panel the opening board shows: all but the names and clocks.
pub fn draw_opening(
    canvas: &mut Canvas,
    fonts: &Fonts,
    tiles: &Tiles,
    view: &PublicView,
    language: Language,
) {
    let panel = Panel::new([String::new(), String::new()]);
    for part in Part::all() {
        draw_part(canvas, fonts, tiles, view, &panel, language, part);
    }
}

fn draw_part(
    canvas: &mut Canvas,
    fonts: &Fonts,
    tiles: &Tiles,
    view: &PublicView,
    panel: &Panel,
    language: Language,
    part: Part,
) {
    match part {
        Part::Card(seat) => draw_card(canvas, fonts, view, seat, language),
        Part::Counters => draw_counters(canvas, fonts, view, language),
        Part::Dot(piece, i) => draw_dot(
            canvas,
            parts::dot_centre(piece, i),
            parts::dot_state(view, piece, i),
            ink(piece.colour),
        ),
        Part::LastAction => super::last_action::draw(
            canvas,
            fonts,
            tiles,
            view,
            panel,
            language,
            (LEFT, LAST_TOP, WIDTH_INNER, LAST_BOTTOM),
        ),
    }
}

fn draw_counters(canvas: &mut Canvas, fonts: &Fonts, view: &PublicView, language: Language) {
    let face = tiles::face_of(script_of(language));
    let counters = Word::Actions.fill(language, &[&view.plies, &view.rules.ply_limit]);
    let quiet = Word::NoCapture.fill(language, &[&view.quiet, &view.rules.quiet_limit]);
    let baseline = COUNTERS_BASELINE as i32;
    fonts.draw(
        canvas,
        face,
        16.0,
        (LEFT as i32 + 4, baseline),
        Align::Left,
        INK,
        &counters,
    );
    let right = (LEFT + WIDTH_INNER) as i32 - 4;
    fonts.draw(
        canvas,
        face,
        16.0,
        (right, baseline),
        Align::Right,
        INK_SOFT,
        &quiet,
    );
}

/// The key to the reveal's ghost tiles, on the title line of the last-action box.
pub fn draw_reveal_note(canvas: &mut Canvas, fonts: &Fonts, language: Language) {
    let at = ((LEFT + WIDTH_INNER) as i32 - 12, LAST_TOP as i32 + 20);
    let face = tiles::face_of(script_of(language));
    let note = Word::NeverFlipped.text(language);
    fonts.draw(canvas, face, 14.0, at, Align::Right, BACK_FACE, note);
}

/// The name of `seat` as drawn: what the fonts can draw of it, or "Player N".
pub fn seat_name(fonts: &Fonts, panel: &Panel, seat: Seat, language: Language) -> String {
    let placeholder = Word::Player.fill(language, &[&(seat.index() + 1)]);
    fonts.drawable_name(&panel.names[seat.index()], &placeholder)
}

/// A colour's name in `language`.
pub fn colour_name(colour: Colour, language: Language) -> &'static str {
    match colour {
        Colour::Red => Word::Red,
        Colour::Black => Word::Black,
    }
    .text(language)
}

/// A seat's card but for its name and clock.
fn draw_card(
    canvas: &mut Canvas,
    fonts: &Fonts,
    view: &PublicView,
    seat: Seat,
    language: Language,
) {
    let text_face = tiles::face_of(script_of(language));
    let top = card_top(seat);
    let left = LEFT as i32;
    let right = (LEFT + WIDTH_INNER) as i32 - 12;
    let to_act = parts::seat_to_act(view, seat);
    if to_act {
        let size = (WIDTH_INNER, CARD_H);
        raster::round_rect_outline(canvas, card_centre(seat), size, 10.0, 3.5, TURN_GLOW, 1.0);
        let tip = LEFT + 9.0;
        let y = top + 26.0;
        raster::polygon(
            canvas,
            &[(tip - 8.0, y - 9.0), (tip + 4.0, y), (tip - 8.0, y + 9.0)],
            TURN_GLOW,
            1.0,
        );
    }
    let disc_at = (LEFT + 26.0, top + 26.0);
    let colour_text = match (view.colour_of(seat), view.last_flips[seat.index()]) {
        (Some(colour), _) => {
            raster::disc(canvas, disc_at, 11.0, ink(colour), 1.0);
            raster::ring(canvas, disc_at, 8.0, 1.2, face(colour), 0.8);
            (colour_name(colour, language).to_string(), ink(colour))
        }
        (None, Some(flipped)) => {
            raster::disc(canvas, disc_at, 11.0, ink(flipped), 0.45);
            question_mark(canvas, fonts, disc_at);
            let flipped = colour_name(flipped, language);
            (Word::LastFlip.fill(language, &[&flipped]), INK_SOFT)
        }
        (None, None) => {
            raster::disc(canvas, disc_at, 11.0, UNKNOWN_GREY, 1.0);
            question_mark(canvas, fonts, disc_at);
            (Word::ColourUndecided.text(language).to_string(), INK_SOFT)
        }
    };
    let line2 = top as i32 + 64;
    fonts.draw(
        canvas,
        text_face,
        16.0,
        (left + 14, line2),
        Align::Left,
        colour_text.1,
        &colour_text.0,
    );
    if to_act {
        fonts.draw(
            canvas,
            text_face,
            15.0,
            (right, line2),
            Align::Right,
            TURN_GLOW,
            Word::ToMove.text(language),
        );
    }
    let line3 = top as i32 + 92;
    let width = fonts.draw(
        canvas,
        text_face,
        15.0,
        (left + 14, line3),
        Align::Left,
        INK_SOFT,
        Word::Timeouts.text(language),
    );
    let used = view.timeouts[seat.index()];
    for i in 0..view.rules.timeouts_to_lose {
        let at = (
            left as f32 + 30.0 + width as f32 + i as f32 * 18.0,
            line3 as f32 - 5.0,
        );
        if i < used {
            raster::round_rect(canvas, at, (12.0, 12.0), 2.5, RED_INK, 1.0);
        } else {
            raster::round_rect_outline(canvas, at, (11.0, 11.0), 2.5, 1.4, INK_SOFT, 0.8);
        }
    }
    if parts::offers_draw(view, seat) {
        fonts.draw(
            canvas,
            text_face,
            15.0,
            (right, line3),
            Align::Right,
            GOLD,
            Word::OffersDraw.text(language),
        );
    }
}

/// The `?` on a card's disc while its seat's colour is undecided.
fn question_mark(canvas: &mut Canvas, fonts: &Fonts, at: (f32, f32)) {
    let white = [255, 255, 255];
    fonts.draw_centred(canvas, Face::Simplified, 15.0, at, white, "?");
}

/// A card's name and, at the right of its first line, the clock or the points: never part
/// of the opening board.
fn draw_name_and_status(
    canvas: &mut Canvas,
    fonts: &Fonts,
    view: &PublicView,
    panel: &Panel,
    seat: Seat,
    language: Language,
) {
    let top = card_top(seat);
    let left = LEFT as i32;
    let right = (LEFT + WIDTH_INNER) as i32 - 12;
    let status = right_status(view, panel, seat, parts::seat_to_act(view, seat));
    let status_width = status.as_ref().map_or(0, |(text, _)| {
        fonts.line(Face::Simplified, 22.0, text).width + 8
    });
    let name_left = left + 44;
    let name = fonts.fit(
        Face::Simplified,
        21.0,
        &seat_name(fonts, panel, seat, language),
        right - name_left - status_width,
    );
    fonts.draw(
        canvas,
        Face::Simplified,
        21.0,
        (name_left, top as i32 + 34),
        Align::Left,
        INK,
        &name,
    );
    if let Some((text, colour)) = status {
        fonts.draw(
            canvas,
            Face::Simplified,
            22.0,
            (right, top as i32 + 34),
            Align::Right,
            colour,
            &text,
        );
    }
}

/// The big figure at the right of a card's first line: points at the end, else the clock.
fn right_status(
    view: &PublicView,
    panel: &Panel,
    seat: Seat,
    to_act: bool,
) -> Option<(String, [u8; 3])> {
    if view.outcome.is_some() {
        let points = panel.points?[seat.index()];
        let colour = match points {
            p if p > 0 => WIN_GREEN,
            p if p < 0 => RED_INK,
            _ => INK_SOFT,
        };
        return Some((marks::signed(points), colour));
    }
    let seconds = panel.seconds_left.filter(|_| to_act)?;
    let colour = if seconds <= 10 { RED_INK } else { INK };
    Some((format!("{seconds}s"), colour))
}
