//! The standings image of a finished tournament (PNG): place, name, score, games and the streak
//! mark of each player, on the board's paper and wood, in the board's palette and fonts, every
//! word in the server's language. Drawn from public standings only.

use image::RgbImage;

use super::RenderError;
use super::encode::write_png;
use super::layout::{CARD_BG, GOLD, INK, INK_SOFT, LAST_ATTACK, LAST_MOVE, PANEL_BG, PAPER, WOOD};
use super::palette::palette;
use super::raster;
use super::text::{Align, Face, fonts};
use crate::config::Language;
use crate::words::tournament::ImageLabels;

/// The most rows drawn; the text standings name everyone.
pub const MAX_ROWS: usize = 20;

const WIDTH: u32 = 620;
const MARGIN: f32 = 18.0;
const TITLE_H: f32 = 64.0;
const HEADER_H: f32 = 34.0;
const ROW_H: f32 = 38.0;
const BOTTOM: f32 = 18.0;

// Column positions: the place (centred), the name (left), score and games (right), the mark.
const PLACE_X: f32 = 60.0;
const NAME_X: f32 = 96.0;
const SCORE_X: f32 = 430.0;
const GAMES_X: f32 = 510.0;
const STREAK_X: f32 = 565.0;

/// One row of the standings image.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StandingRow {
    pub place: usize,
    pub name: String,
    pub score: u32,
    pub games: u32,
    /// On a streak (the next game would have scored double).
    pub streak: bool,
}

fn face(language: Language) -> Face {
    match language {
        Language::ZhHant => Face::Traditional,
        Language::English | Language::ZhHans => Face::Simplified,
    }
}

/// The standings image: at most [`MAX_ROWS`] rows, best first.
pub fn render_standings(
    rows: &[StandingRow],
    labels: &ImageLabels,
    language: Language,
) -> Result<Vec<u8>, RenderError> {
    let fonts = fonts()?;
    let face = face(language);
    let shown = &rows[..rows.len().min(MAX_ROWS)];
    let body = ROW_H * shown.len().max(1) as f32;
    let height = (MARGIN * 2.0 + TITLE_H + HEADER_H + body + BOTTOM).ceil() as u32;
    let mut canvas = RgbImage::from_pixel(WIDTH, height, image::Rgb(WOOD));
    let card = (
        WIDTH as f32 / 2.0,
        height as f32 / 2.0,
        WIDTH as f32 - MARGIN * 2.0,
        height as f32 - MARGIN * 2.0,
    );
    raster::round_rect(
        &mut canvas,
        (card.0, card.1),
        (card.2, card.3),
        12.0,
        PAPER,
        1.0,
    );
    raster::round_rect_outline(
        &mut canvas,
        (card.0, card.1),
        (card.2, card.3),
        12.0,
        1.5,
        INK_SOFT,
        0.8,
    );
    let title = fonts.fit(
        face,
        24.0,
        &labels.title,
        (WIDTH as f32 - MARGIN * 4.0) as i32,
    );
    fonts.draw_centred(
        &mut canvas,
        face,
        24.0,
        (WIDTH as f32 / 2.0, MARGIN + TITLE_H / 2.0 + 4.0),
        INK,
        &title,
    );
    let header_base = (MARGIN + TITLE_H + HEADER_H * 0.7) as i32;
    let headings = [
        (PLACE_X, Align::Centre, &labels.place),
        (NAME_X, Align::Left, &labels.name),
        (SCORE_X, Align::Right, &labels.score),
        (GAMES_X, Align::Right, &labels.games),
        (STREAK_X, Align::Centre, &labels.streak),
    ];
    for (x, align, text) in headings {
        fonts.draw(
            &mut canvas,
            face,
            15.0,
            (x as i32, header_base),
            align,
            INK_SOFT,
            text,
        );
    }
    let rule = MARGIN + TITLE_H + HEADER_H;
    raster::line(
        &mut canvas,
        (MARGIN + 14.0, rule),
        (WIDTH as f32 - MARGIN - 14.0, rule),
        1.0,
        INK_SOFT,
        0.7,
    );
    for (index, row) in shown.iter().enumerate() {
        let top = rule + ROW_H * index as f32;
        let middle = top + ROW_H / 2.0;
        let band = if index % 2 == 0 { CARD_BG } else { PANEL_BG };
        raster::round_rect(
            &mut canvas,
            (WIDTH as f32 / 2.0, middle),
            (WIDTH as f32 - MARGIN * 2.0 - 16.0, ROW_H - 4.0),
            6.0,
            band,
            1.0,
        );
        let baseline = (middle + 7.0) as i32;
        if row.place <= 3 {
            raster::disc(&mut canvas, (PLACE_X, middle), 14.0, GOLD, 1.0);
        }
        let place = row.place.to_string();
        fonts.draw_centred(&mut canvas, face, 18.0, (PLACE_X, middle), INK, &place);
        let name = fonts.drawable_name(&row.name, "?");
        let name = fonts.fit(face, 19.0, &name, (SCORE_X - NAME_X - 70.0) as i32);
        fonts.draw(
            &mut canvas,
            face,
            19.0,
            (NAME_X as i32, baseline),
            Align::Left,
            INK,
            &name,
        );
        let score = row.score.to_string();
        fonts.draw(
            &mut canvas,
            face,
            19.0,
            (SCORE_X as i32, baseline),
            Align::Right,
            INK,
            &score,
        );
        let games = row.games.to_string();
        let soft = INK_SOFT;
        fonts.draw(
            &mut canvas,
            face,
            17.0,
            (GAMES_X as i32, baseline),
            Align::Right,
            soft,
            &games,
        );
        if row.streak {
            flame(&mut canvas, (STREAK_X, middle));
        }
    }
    let mut indices = Vec::new();
    palette().indices(&canvas, &mut indices);
    write_png(WIDTH, height, &indices, language)
}

/// The streak mark: a small flame (no embedded font has an emoji).
fn flame(canvas: &mut RgbImage, (x, y): (f32, f32)) {
    let outer = [
        (x, y - 13.0),
        (x + 5.0, y - 5.0),
        (x + 9.0, y + 2.0),
        (x + 7.0, y + 9.0),
        (x, y + 12.0),
        (x - 7.0, y + 9.0),
        (x - 9.0, y + 2.0),
        (x - 4.0, y - 3.0),
    ];
    raster::polygon(canvas, &outer, LAST_ATTACK, 1.0);
    let inner = [
        (x, y - 3.0),
        (x + 4.0, y + 4.0),
        (x + 3.0, y + 9.0),
        (x, y + 10.0),
        (x - 3.0, y + 9.0),
        (x - 4.0, y + 4.0),
    ];
    raster::polygon(canvas, &inner, LAST_MOVE, 1.0);
}
