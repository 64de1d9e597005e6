//! The opening boards of each language, second images for the codec to code boards against
//! and bases to draw on.
//!
//! Each is the background with a face-down tile on every square a deal fills and the panel of
//! a game's first board but for the names and the clock; there is one for each seat that can
//! act first. Every game's first board differs from one of them only in the names and the
//! clock, and most early boards in the panel's changed parts and a few squares, where they
//! differ from the bare background in some fifty tiles; coded over it, only those few places
//! are parsed.
//!
//! It is also a base to draw on ([`super::scratch`]): a board whose face-down tiles still lie
//! where the deal put them, and whose panel parts show what the opening's show
//! (`panel/parts.rs`), keeps those rather than putting back the background under them and
//! drawing them again.
//!
//! Which of the two a render is coded against is chosen per render by how many bytes differ
//! from each; the stream is exact either way (the codec's `Like`).

use std::sync::OnceLock;

use crate::config::Language;
use crate::game::{Game, PublicCell, PublicView, Rules, Seat, Square, SquareSet};

use super::canvas::{Canvas, Touched};
use super::layout;
use super::palette::Palette;
use super::text::Fonts;
use super::tiles::{TileSet, Tiles};
use super::{Guide, encode, language_index, marks, panel};

/// The opening board of one language, and its PNG rows.
pub struct Opening {
    pub pixels: image::RgbImage,
    /// The PNG rows (filter byte, then palette indices).
    pub rows: Vec<u8>,
    /// The squares a face-down tile stands on.
    pub squares: SquareSet,
    /// What it shows: a game's first board, but for the names and the clock.
    pub view: PublicView,
    /// Where it, or the other opening board of its language, was drawn over the background.
    pub touched: Touched,
}

/// Per language, one opening board for each seat that can act first (the deal decides who
/// does), so that every game's first board matches one in its panel too.
static OPENINGS: [OnceLock<[Opening; 2]>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// The opening board in `language` on which `first` is to act, drawn over `background` (its
/// pixels and their indices) with `tiles` the first time it is asked for.
pub fn opening(
    (language, fonts): (Language, &Fonts),
    (background, background_indices): (&image::RgbImage, &[u8]),
    palette: &'static Palette,
    (tiles, first): (&Tiles, Seat),
) -> &'static Opening {
    let openings = OPENINGS[language_index(language)].get_or_init(|| {
        let [mut one, mut two] = Seat::BOTH.map(|first| {
            draw_opening(
                (language, fonts),
                (background, background_indices),
                palette,
                (tiles, first),
            )
        });
        // Either is put back where either drew when a render changes base.
        one.touched.add(&two.touched);
        two.touched = one.touched.clone();
        [one, two]
    });
    &openings[first.index()]
}

fn draw_opening(
    (language, fonts): (Language, &Fonts),
    (background, background_indices): (&image::RgbImage, &[u8]),
    palette: &'static Palette,
    (tiles, first): (&Tiles, Seat),
) -> Opening {
    // Any deal fills the same squares; only which pieces lie face down differs.
    let mut view = Game::new(0, Rules::default()).view();
    view.to_act = first;
    let squares: SquareSet = Square::all()
        .filter(|&square| view.cell(square) == PublicCell::FaceDown)
        .collect();
    let (pixels, rows, touched) = draw_over((background, background_indices), palette, |canvas| {
        for square in squares {
            let board = &tiles.board;
            board.blit(board.back(), canvas, layout::centre(square));
        }
        panel::draw_opening(canvas, fonts, tiles, &view, language);
    });
    Opening {
        pixels,
        rows,
        squares,
        view,
        touched,
    }
}

/// What `paint` draws over the background (its pixels and their indices): the pixels, their
/// PNG rows, and where it drew.
fn draw_over(
    (background, indices): (&image::RgbImage, &[u8]),
    palette: &'static Palette,
    paint: impl FnOnce(&mut Canvas),
) -> (image::RgbImage, Vec<u8>, Touched) {
    let row = background.width() as usize;
    let mut pixels = background.clone();
    let mut rows = encode::png_rows(indices, row);
    let mut canvas = Canvas::indexed(
        &mut pixels,
        palette,
        &mut rows,
        (row + 1, 1),
        Touched::default(),
    );
    paint(&mut canvas);
    let touched = canvas.into_touched();
    (pixels, rows, touched)
}

impl Opening {
    /// The squares of `view` whose opening tile can stay as it is: face down where the deal
    /// put a tile, with nothing drawn under it (`tiles`' sprites, `guide`'s marks).
    pub fn kept(&self, view: &PublicView, guide: Option<&Guide>, tiles: &TileSet) -> SquareSet {
        let under = marks::under_bounds(view, guide);
        self.squares
            .into_iter()
            .filter(|&square| view.cell(square) == PublicCell::FaceDown)
            .filter(|&square| {
                let (x0, y0, x1, y1) = tiles.bounds(layout::centre(square));
                let (x0, y0, x1, y1) = (x0 as f32, y0 as f32, x1 as f32, y1 as f32);
                under
                    .iter()
                    .all(|&(a0, b0, a1, b1)| a1 < x0 || x1 < a0 || b1 < y0 || y1 < b0)
            })
            .collect()
    }

    /// The byte ranges of `rows` that differ from the opening board, ascending, in 16-byte
    /// steps, with their total length. `rows` were drawn where `touched` says over the opening
    /// board (`over_opening`) or over the background.
    pub fn differences(
        &self,
        rows: &[u8],
        (touched, over_opening): (&Touched, bool),
        out: &mut Vec<(usize, usize)>,
    ) -> usize {
        out.clear();
        if rows.len() != self.rows.len() {
            out.push((0, rows.len()));
            return rows.len();
        }
        let row_bytes = self.pixels.width() as usize + 1;
        let mut total = 0;
        // Outside both records, the render and the opening are both the background.
        let mut compare = |y: usize, start: usize, end: usize| {
            let base = y * row_bytes + 1;
            let mut at = base + start;
            while at < base + end {
                let step = (at + STEP).min(base + end);
                if !same(&rows[at..step], &self.rows[at..step]) {
                    match out.last_mut() {
                        Some(last) if last.1 == at => last.1 = step,
                        _ => out.push((at, step)),
                    }
                    total += step - at;
                }
                at = step;
            }
        };
        if over_opening {
            touched.for_each_run(&mut compare);
        } else {
            touched.for_each_run_outside((Some(&self.touched), None), &mut compare);
        }
        total
    }
}

/// How many bytes are compared at a time: differing steps are coded again whole.
const STEP: usize = 16;

/// Whether two steps hold the same bytes: a whole step as one 16-byte word, because a call to
/// `memcmp` per step cost more than the comparing (4 % of a mid-game render).
#[inline]
fn same(a: &[u8], b: &[u8]) -> bool {
    match (<[u8; STEP]>::try_from(a), <[u8; STEP]>::try_from(b)) {
        (Ok(a), Ok(b)) => u128::from_ne_bytes(a) == u128::from_ne_bytes(b),
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::super::scratch::Kept;
    use super::super::{Panel, RenderOptions, board, draw, encode, palette, text, tiles};
    use super::*;

    /// Draws `view` as `render_png` does: over the background, recording what was drawn.
    fn drawn_rows(view: &crate::game::PublicView, language: Language) -> (Vec<u8>, Touched) {
        let fonts = text::fonts().expect("fonts");
        let palette = palette::palette();
        let background = board::background(fonts, language);
        let indices = encode::background_indices(palette, background, language);
        let panel = Panel::new(["alice".into(), "bob".into()]);
        let options = RenderOptions { language };
        let (_, rows, touched) = draw_over((background, indices), palette, |canvas| {
            draw(canvas, fonts, view, &panel, None, &options, &Kept::NOTHING);
        });
        (rows, touched)
    }

    fn opening_of(language: Language) -> &'static Opening {
        let fonts = text::fonts().expect("fonts");
        let palette = palette::palette();
        let background = board::background(fonts, language);
        let indices = encode::background_indices(palette, background, language);
        let script = RenderOptions { language }.script();
        opening(
            (language, fonts),
            (background, indices),
            palette,
            (tiles::tiles(fonts, script), Seat::First),
        )
    }

    #[test]
    fn an_early_board_differs_from_the_opening_only_where_listed_and_far_less_than_from_the_background()
     {
        let mut game = Game::new(9, Rules::default());
        let mut views = vec![game.view()];
        for square in ["A1", "E12"] {
            let square: Square = square.parse().expect("square");
            game.act(game.to_act(), crate::game::Action::Flip(square))
                .expect("flip");
            views.push(game.view());
        }
        for language in [Language::English, Language::ZhHans, Language::ZhHant] {
            let opening = opening_of(language);
            for view in &views {
                let (rows, touched) = drawn_rows(view, language);
                let mut differs = Vec::new();
                let total = opening.differences(&rows, (&touched, false), &mut differs);
                let mut expected = opening.rows.clone();
                for &(start, end) in &differs {
                    expected[start..end].copy_from_slice(&rows[start..end]);
                }
                assert!(expected == rows, "a difference left unlisted");
                let mut over_background = 0;
                touched.for_each_run(|_, start, end| over_background += end - start);
                assert!(total * 4 < over_background, "{total} vs {over_background}");
            }
        }
    }
}
