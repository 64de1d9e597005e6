//! What [`super::render_png`] keeps between renders on one thread, and how a board is drawn
//! over the last one's leftovers: only what the last render drew is put back, from its base
//! (the background, or the opening board when most of the deal's face-down tiles still lie
//! where they were dealt: those are then kept, not stamped again), and the PNG is coded
//! against the nearer of the two.

use std::cell::RefCell;

use image::RgbImage;

use crate::config::Language;
use crate::game::{PublicView, Seat, Square, SquareSet};

use super::canvas::{Canvas, Touched, copy_span};
use super::codec::Like;
use super::opening::{Opening, opening};
use super::tiles::TileSet;
use super::{
    Guide, Panel, RenderError, RenderOptions, board, draw, encode, layout, palette, panel, text,
    tiles,
};

/// What a render draws on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Base {
    Background,
    /// The opening board on which this seat is to act.
    Opening(Seat),
}

/// What a render keeps of its base: over the opening board, its face-down tiles still where
/// they were dealt and the panel's parts that show what they show there (the rest of its tiles
/// and parts are cleared to the background before anything is drawn); over the background,
/// nothing.
pub(super) struct Kept {
    pub squares: SquareSet,
    pub panel: panel::Plan,
}

impl Kept {
    pub const NOTHING: Kept = Kept {
        squares: SquareSet::EMPTY,
        panel: panel::Plan::ALL,
    };
}

/// The pixels, their PNG rows (filter byte, then indices), the columns of each row drawn on
/// since the base, the language and base they were drawn over, and the lists of byte ranges
/// where they may differ from either base.
#[derive(Default)]
struct Scratch {
    pixels: RgbImage,
    rows: Vec<u8>,
    touched: Touched,
    base: Option<(Language, Base)>,
    drawn: Vec<(usize, usize)>,
    differs: Vec<(usize, usize)>,
    /// What this render clears to the background: not put back from the base first.
    cleared: Vec<(i32, i32, i32, i32)>,
    covered: Touched,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// The two bases of one language.
struct Bases<'a> {
    background: &'a RgbImage,
    /// The background's palette indices, rows of its width, no filter bytes.
    background_indices: &'a [u8],
    opening: &'a Opening,
}

impl Bases<'_> {
    /// The pixels and PNG-row indices of `base` (row `y` from `y * stride + offset`).
    fn of(&self, base: Base) -> (&RgbImage, &[u8], (usize, usize)) {
        let width = self.background.width() as usize;
        match base {
            Base::Background => (self.background, self.background_indices, (width, 0)),
            Base::Opening(_) => (&self.opening.pixels, &self.opening.rows, (width + 1, 1)),
        }
    }
}

/// Draws the board image for `view` over this thread's last one and encodes it as a PNG.
pub(super) fn render_png(
    view: &PublicView,
    panel: &Panel,
    guide: Option<&Guide>,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    let fonts = text::fonts()?;
    let palette = palette::palette();
    let language = options.language;
    let background = board::background(fonts, language);
    let background_indices = encode::background_indices(palette, background, language);
    let tiles = tiles::tiles(fonts, options.script());
    let opening = opening(
        (language, fonts),
        (background, background_indices),
        palette,
        (tiles, view.to_act),
    );
    let bases = Bases {
        background,
        background_indices,
        opening,
    };
    let squares = opening.kept(view, guide, &tiles.board);
    let plan = panel::Plan::over_opening(view, &opening.view);
    // Keeping a tile or a part of the panel saves putting back and drawing it; clearing one
    // costs a copy (and drawing it). Weighed by their areas in pixels.
    let tile_area = {
        let (x0, y0, x1, y1) = tiles.board.bounds((0.0, 0.0));
        ((x1 - x0) * (y1 - y0)) as usize
    };
    let (parts_kept, parts_cleared) = plan.areas();
    let saved = squares.len() * tile_area + parts_kept;
    let cost = (opening.squares.len() - squares.len()) * tile_area + parts_cleared;
    let (base, kept) = if saved >= cost {
        let kept = Kept {
            squares,
            panel: plan,
        };
        (Base::Opening(view.to_act), kept)
    } else {
        (Base::Background, Kept::NOTHING)
    };
    SCRATCH.with_borrow_mut(|scratch| {
        scratch.cleared.clear();
        if base != Base::Background {
            scratch
                .cleared
                .extend(clears(opening, &kept, &tiles.board).map(|(bounds, _)| bounds));
        }
        scratch.prepare(&bases, language, base);
        let (width, height) = background.dimensions();
        let row_bytes = width as usize + 1;
        let mut canvas = Canvas::indexed(
            &mut scratch.pixels,
            palette,
            &mut scratch.rows,
            (row_bytes, 1),
            std::mem::take(&mut scratch.touched),
        );
        // A square cleared and drawn again keeps what is under its tile's opaque middle: the
        // tile overwrites it.
        let background_pair = (background, background_indices);
        if base != Base::Background {
            for (bounds, square) in clears(opening, &kept, &tiles.board) {
                let stamp = square.and_then(|square| tiles.board.stamp_for(view.cell(square)));
                canvas.restore_around(background_pair, (width as usize, 0), bounds, stamp);
            }
        }
        draw(&mut canvas, fonts, view, panel, guide, options, &kept);
        scratch.touched = canvas.into_touched();
        let Scratch {
            rows,
            touched,
            drawn,
            differs,
            ..
        } = scratch;
        // Coded against the base nearer to the render: only around what differs from it is
        // compressed again.
        let over_opening = opening.differences(rows, (touched, base != Base::Background), differs);
        let like: &'static [u8] = match base {
            Base::Opening(_) => {
                std::mem::swap(drawn, differs);
                &opening.rows
            }
            Base::Background => {
                drawn.clear();
                let mut over_background = 0;
                touched.for_each_run(|y, start, end| {
                    drawn.push((y * row_bytes + 1 + start, y * row_bytes + 1 + end));
                    over_background += end - start;
                });
                if over_opening < over_background {
                    std::mem::swap(drawn, differs);
                    &opening.rows
                } else {
                    encode::background_rows(background_indices, width as usize, language)
                }
            }
        };
        let like = Like {
            rows: like,
            differs: drawn,
        };
        encode::write_png_rows((width, height), rows, Some(like), language)
    })
}

/// What a render over the opening board clears to the background: the boxes of the opening's
/// tiles it does not keep (with their squares) and of the panel's parts it draws again.
fn clears<'a>(
    opening: &'a Opening,
    kept: &'a Kept,
    tiles: &'a TileSet,
) -> impl Iterator<Item = ((i32, i32, i32, i32), Option<Square>)> + 'a {
    let squares = (opening.squares - kept.squares)
        .into_iter()
        .map(|square| (tiles.bounds(layout::centre(square)), Some(square)));
    squares.chain(kept.panel.redrawn_bounds().map(|bounds| (bounds, None)))
}

impl Scratch {
    /// Makes the pixels and rows `base`'s: by putting back only what the last render drew
    /// (and, when the base changes, what the opening's tiles cover) outside what this render
    /// clears, or whole when nothing of the last render's buffers fits.
    fn prepare(&mut self, bases: &Bases, language: Language, base: Base) {
        let (source, indices, (stride, offset)) = bases.of(base);
        let (width, height) = source.dimensions();
        let (row, row_bytes) = (width as usize, width as usize + 1);
        let reusable = self.base.is_some_and(|(drawn_in, _)| drawn_in == language)
            && self.pixels.dimensions() == source.dimensions()
            && self.rows.len() == row_bytes * height as usize
            && self.touched.height() == height as usize;
        if !reusable {
            self.pixels = source.clone();
            self.rows = match base {
                Base::Background => encode::png_rows(indices, row),
                Base::Opening(_) => bases.opening.rows.clone(),
            };
            self.touched = Touched::default();
            self.base = Some((language, base));
            return;
        }
        // What this render clears is copied whole from the background next: not first from
        // the base.
        self.covered.reset(width, height);
        for &bounds in &self.cleared {
            self.covered.cover(bounds);
        }
        let (pixels, rows): (&mut [u8], &mut [u8]) = (&mut self.pixels, &mut self.rows);
        let put_back = |y: usize, start: usize, end: usize| {
            copy_span(
                (&mut *pixels, &mut *rows, (row_bytes, 1)),
                (source.as_raw(), indices, (stride, offset)),
                row,
                (y, start, end),
            );
        };
        // The two bases differ only where the opening's tiles stand.
        let also = (self.base != Some((language, base))).then_some(&bases.opening.touched);
        self.touched
            .for_each_run_outside((also, Some(&self.covered)), put_back);
        self.base = Some((language, base));
    }
}
