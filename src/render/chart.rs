//! The win-chance chart of a finished game's analysis (PNG): each player's estimated chance
//! after every action (x: the action number, y: 0–100 %), in the colour of their pieces, the
//! biggest swings marked with numbered gold discs, on the board's wood and paper, in the
//! board's palette and fonts, every word in the given language. Drawn from the stored series
//! only (see `crate::analysis`), so equal series give equal bytes.

use image::RgbImage;

use super::RenderError;
use super::encode::write_png;
use super::layout::{BLACK_INK, CARD_BG, GOLD, INK, INK_SOFT, PAPER, RED_INK, WOOD};
use super::palette::palette;
use super::raster;
use super::text::{Align, Face, fonts};
use crate::config::Language;
use crate::game::Colour;

const WIDTH: u32 = 900;
const HEIGHT: u32 = 500;
const MARGIN: f32 = 18.0;
/// The plot area inside the card.
const LEFT: f32 = 86.0;
const RIGHT: f32 = WIDTH as f32 - 40.0;
const TOP: f32 = 96.0;
const BOTTOM: f32 = HEIGHT as f32 - 74.0;

/// Everything the chart shows; the words come from `crate::words::analysis`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chart {
    pub title: String,
    /// The x axis' caption ("action").
    pub axis: String,
    /// Each seat's name and the colour it played (None: never decided, drawn red and black).
    pub names: [String; 2],
    pub colours: Option<[Colour; 2]>,
    /// Seat First's chance in thousandths at the start and after each action.
    pub chances: Vec<u16>,
    /// The result on the same scale, drawn after the last action when it differs.
    pub end: u16,
    /// The marked actions (by number), biggest swing first.
    pub swings: Vec<usize>,
}

fn face(language: Language) -> Face {
    match language {
        Language::ZhHant => Face::Traditional,
        Language::English | Language::ZhHans => Face::Simplified,
    }
}

fn ink(colour: Colour) -> [u8; 3] {
    match colour {
        Colour::Red => RED_INK,
        Colour::Black => BLACK_INK,
    }
}

/// The chart as an indexed PNG.
pub fn render_chart(chart: &Chart, language: Language) -> Result<Vec<u8>, RenderError> {
    let fonts = fonts()?;
    let face = face(language);
    let mut canvas = RgbImage::from_pixel(WIDTH, HEIGHT, image::Rgb(WOOD));
    let centre = (WIDTH as f32 / 2.0, HEIGHT as f32 / 2.0);
    let card = (WIDTH as f32 - MARGIN * 2.0, HEIGHT as f32 - MARGIN * 2.0);
    raster::round_rect(&mut canvas, centre, card, 12.0, PAPER, 1.0);
    raster::round_rect_outline(&mut canvas, centre, card, 12.0, 1.5, INK_SOFT, 0.8);
    let title = fonts.fit(
        face,
        22.0,
        &chart.title,
        (WIDTH as f32 - MARGIN * 6.0) as i32,
    );
    fonts.draw_centred(
        &mut canvas,
        face,
        22.0,
        (centre.0, MARGIN + 26.0),
        INK,
        &title,
    );
    let colours = chart.colours.unwrap_or([Colour::Red, Colour::Black]);
    legend(&mut canvas, chart, colours, face);
    // The plot: a card, gridlines every 25 %, the 50 % line stronger.
    let plot_centre = ((LEFT + RIGHT) / 2.0, (TOP + BOTTOM) / 2.0);
    let plot_size = (RIGHT - LEFT + 12.0, BOTTOM - TOP + 12.0);
    raster::round_rect(&mut canvas, plot_centre, plot_size, 6.0, CARD_BG, 1.0);
    for quarter in 0..=4 {
        let y = BOTTOM - (BOTTOM - TOP) * quarter as f32 / 4.0;
        let (width, opacity) = if quarter == 2 {
            (1.4, 0.7)
        } else {
            (1.0, 0.35)
        };
        raster::line(&mut canvas, (LEFT, y), (RIGHT, y), width, INK_SOFT, opacity);
        let label = format!("{} %", quarter * 25);
        fonts.draw(
            &mut canvas,
            face,
            14.0,
            (LEFT as i32 - 10, y as i32 + 5),
            Align::Right,
            INK_SOFT,
            &label,
        );
    }
    let actions = chart.chances.len().saturating_sub(1).max(1);
    let x_of = |action: usize| LEFT + (RIGHT - LEFT) * action as f32 / actions as f32;
    let y_of = |chance: u16| BOTTOM - (BOTTOM - TOP) * f32::from(chance.min(1000)) / 1000.0;
    let step = tick_step(actions);
    let mut tick = 0;
    while tick <= actions {
        let x = x_of(tick);
        raster::line(
            &mut canvas,
            (x, BOTTOM),
            (x, BOTTOM + 5.0),
            1.0,
            INK_SOFT,
            0.8,
        );
        let label = tick.to_string();
        fonts.draw(
            &mut canvas,
            face,
            13.0,
            (x as i32, BOTTOM as i32 + 22),
            Align::Centre,
            INK_SOFT,
            &label,
        );
        tick += step;
    }
    fonts.draw(
        &mut canvas,
        face,
        15.0,
        (centre.0 as i32, HEIGHT as i32 - MARGIN as i32 - 12),
        Align::Centre,
        INK_SOFT,
        &chart.axis,
    );
    // Seat Second's line first, so that First's is on top where they cross at 50 %.
    for seat in [1, 0] {
        let chance = |value: u16| {
            if seat == 0 {
                value
            } else {
                1000 - value.min(1000)
            }
        };
        let colour = ink(colours[seat]);
        for (index, pair) in chart.chances.windows(2).enumerate() {
            let a = (x_of(index), y_of(chance(pair[0])));
            let b = (x_of(index + 1), y_of(chance(pair[1])));
            raster::line(&mut canvas, a, b, 2.4, colour, 0.9);
        }
        if let Some(&last) = chart.chances.last()
            && last != chart.end
        {
            // The game ended after its last action (a resignation, a timeout, a draw agreed).
            let x = x_of(chart.chances.len() - 1);
            dashed(
                &mut canvas,
                (x, y_of(chance(last))),
                (x, y_of(chance(chart.end))),
                colour,
            );
            raster::disc(&mut canvas, (x, y_of(chance(chart.end))), 3.5, colour, 1.0);
        }
    }
    for (rank, &action) in chart.swings.iter().enumerate() {
        let Some(&value) = chart.chances.get(action) else {
            continue;
        };
        let point = (x_of(action), y_of(value));
        raster::ring(&mut canvas, point, 6.0, 2.0, GOLD, 1.0);
        // The number sits above the point, or below it near the top.
        let label_y = if point.1 - TOP < 30.0 {
            point.1 + 22.0
        } else {
            point.1 - 22.0
        };
        raster::disc(&mut canvas, (point.0, label_y), 11.0, GOLD, 1.0);
        let number = (rank + 1).to_string();
        fonts.draw_centred(
            &mut canvas,
            face,
            15.0,
            (point.0, label_y),
            CARD_BG,
            &number,
        );
    }
    let mut indices = Vec::new();
    palette().indices(&canvas, &mut indices);
    write_png(WIDTH, HEIGHT, &indices, language)
}

/// The two names under the title, each after a stroke of its line's colour.
fn legend(canvas: &mut RgbImage, chart: &Chart, colours: [Colour; 2], face: Face) {
    let Ok(fonts) = fonts() else { return };
    let half = WIDTH as f32 / 2.0;
    for (seat, (colour, name)) in colours.into_iter().zip(&chart.names).enumerate() {
        let x = if seat == 0 { half - 200.0 } else { half + 40.0 };
        let y = MARGIN + 56.0;
        raster::line(canvas, (x, y), (x + 28.0, y), 3.0, ink(colour), 1.0);
        let name = fonts.drawable_name(name, "?");
        let name = fonts.fit(face, 17.0, &name, 150);
        fonts.draw(
            canvas,
            face,
            17.0,
            (x as i32 + 36, y as i32 + 6),
            Align::Left,
            INK,
            &name,
        );
    }
}

/// A vertical dashed stroke from `a` to `b`.
fn dashed(canvas: &mut RgbImage, a: (f32, f32), b: (f32, f32), colour: [u8; 3]) {
    let length = (b.1 - a.1).abs();
    let direction = (b.1 - a.1).signum();
    let mut at = 0.0;
    while at < length {
        let end = (at + 5.0).min(length);
        let from = (a.0, a.1 + direction * at);
        let to = (a.0, a.1 + direction * end);
        raster::line(canvas, from, to, 2.0, colour, 0.9);
        at += 9.0;
    }
}

/// A round step between x ticks: about ten ticks on the axis.
fn tick_step(actions: usize) -> usize {
    let rough = actions.div_ceil(10).max(1);
    [1, 2, 5, 10, 20, 25, 50, 100, 200, 500]
        .into_iter()
        .find(|step| *step >= rough)
        .unwrap_or(rough)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_about_ten() {
        assert_eq!(tick_step(7), 1);
        assert_eq!(tick_step(57), 10);
        assert_eq!(tick_step(300), 50);
    }

    #[test]
    fn a_chart_is_a_png_and_the_same_bytes_each_time() {
        let chart = Chart {
            title: "Game #1".into(),
            axis: "action".into(),
            names: ["alice".into(), "bob".into()],
            colours: Some([Colour::Black, Colour::Red]),
            chances: vec![500, 520, 610, 300, 280],
            end: 0,
            swings: vec![3, 2, 1],
        };
        let png = render_chart(&chart, Language::English).expect("drawn");
        assert_eq!(&png[1..4], b"PNG");
        assert_eq!(png, render_chart(&chart, Language::English).expect("drawn"));
    }
}
