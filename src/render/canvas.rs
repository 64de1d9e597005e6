//! The canvas a render draws on: RGB pixels with a fast path for stamping pre-drawn sprites,
//! optionally the palette index of every pixel kept up to date as it is drawn (so that no
//! pass over the image maps it to the palette afterwards), and a record of which chunks of
//! each row were drawn on, so that only those need to be put back to the background.

use image::RgbImage;

use super::palette::Palette;
use super::raster::{Rgb, Stamp, Surface, blend_rgb};

/// The columns of one row drawn on, start inclusive, end exclusive (empty when start >= end).
pub type Span = (u32, u32);

/// Per row, one bit per chunk of columns drawn on. A chunk is 16 pixels for images up to
/// 1024 wide (the board is 860), wider for wider ones, so that one `u64` covers a row: fine
/// enough that a row crossing the board and the panel puts back only what was drawn, cheap
/// enough to set on every pixel blended.
#[derive(Clone, Default, Debug)]
pub struct Touched {
    rows: Vec<u64>,
    shift: u32,
    width: u32,
}

impl Touched {
    /// Nothing touched on an image of `width` × `height`, reusing this record's memory.
    pub fn reset(&mut self, width: u32, height: u32) {
        let mut shift = 4;
        while (width as u64).div_ceil(1 << shift) > 64 {
            shift += 1;
        }
        self.shift = shift;
        self.width = width;
        self.rows.clear();
        self.rows.resize(height as usize, 0);
    }

    #[inline]
    fn touch(&mut self, y: u32, start: u32, end: u32) {
        if start >= end {
            return;
        }
        let first = (start >> self.shift).min(63);
        let last = ((end - 1) >> self.shift).min(63);
        let upto = if last >= 63 {
            u64::MAX
        } else {
            (1u64 << (last + 1)) - 1
        };
        self.rows[y as usize] |= upto & !((1u64 << first) - 1);
    }

    /// Adds what `other` touched (an image of the same size) to this record.
    pub fn add(&mut self, other: &Touched) {
        if other.shift != self.shift || other.rows.len() != self.rows.len() {
            self.rows.fill(u64::MAX);
            return;
        }
        for (row, theirs) in self.rows.iter_mut().zip(&other.rows) {
            *row |= theirs;
        }
    }

    /// How many rows the record covers.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Calls `f(y, start, end)` for each run of touched columns of each row.
    pub fn for_each_run(&self, mut f: impl FnMut(usize, usize, usize)) {
        for (y, &mask) in self.rows.iter().enumerate() {
            self.runs_of(y, mask, &mut f);
        }
    }

    /// Marks the chunks lying wholly inside the rectangle `[x0, x1) × [y0, y1)` (clipped to
    /// the image): those a later copy of the whole rectangle will overwrite.
    pub fn cover(&mut self, (x0, y0, x1, y1): (i32, i32, i32, i32)) {
        let clip = |v: i32, limit: u32| v.clamp(0, limit as i32) as u32;
        let (x0, x1) = (clip(x0, self.width), clip(x1, self.width));
        let (y0, y1) = (
            clip(y0, self.height() as u32),
            clip(y1, self.height() as u32),
        );
        let chunk = 1u32 << self.shift;
        let first = x0.div_ceil(chunk);
        // The last chunk of the image may be narrower than the others.
        let end = if x1 == self.width {
            x1.div_ceil(chunk)
        } else {
            x1 / chunk
        };
        if first >= end.min(64) {
            return;
        }
        let upto = if end >= 64 {
            u64::MAX
        } else {
            (1u64 << end) - 1
        };
        let bits = upto & !((1u64 << first) - 1);
        for row in &mut self.rows[y0 as usize..y1 as usize] {
            *row |= bits;
        }
    }

    /// Calls `f(y, start, end)` for each run of columns touched in this record or in `other`
    /// (a record of an image of the same size; a row `other` lacks counts as untouched there;
    /// `None` for none) and not in `covered` (a record of the same size, or `None`).
    pub fn for_each_run_outside(
        &self,
        (other, covered): (Option<&Touched>, Option<&Touched>),
        mut f: impl FnMut(usize, usize, usize),
    ) {
        let row_of = |record: Option<&Touched>, y: usize, missing: u64| match record {
            None => 0,
            Some(record) if record.shift == self.shift => record.rows.get(y).copied().unwrap_or(0),
            Some(_) => missing,
        };
        for (y, &mask) in self.rows.iter().enumerate() {
            let theirs = row_of(other, y, u64::MAX);
            let skipped = row_of(covered, y, 0);
            self.runs_of(y, (mask | theirs) & !skipped, &mut f);
        }
    }

    fn runs_of(&self, y: usize, mut mask: u64, f: &mut impl FnMut(usize, usize, usize)) {
        while mask != 0 {
            let first = mask.trailing_zeros();
            let run = (mask >> first).trailing_ones();
            let start = (first << self.shift).min(self.width) as usize;
            let end = ((first + run) << self.shift).min(self.width) as usize;
            if start < end {
                f(y, start, end);
            }
            mask = if first + run >= 64 {
                0
            } else {
                mask & !((1u64 << (first + run)) - 1)
            };
        }
    }

    /// The touched columns of row `y` as one span, first touched to last.
    pub fn span(&self, y: usize) -> Span {
        let mask = self.rows.get(y).copied().unwrap_or(0);
        if mask == 0 {
            return (u32::MAX, 0);
        }
        let start = (mask.trailing_zeros() << self.shift).min(self.width);
        let end = ((64 - mask.leading_zeros()) << self.shift).min(self.width);
        (start, end)
    }
}

/// Where the palette indices of the pixels live: row `y` starts at `y * stride + offset` (a
/// PNG's rows lead with a filter byte).
struct Indexed<'a> {
    palette: &'static Palette,
    indices: &'a mut [u8],
    stride: usize,
    offset: usize,
}

/// Copies columns `start..end` of row `y` between two images of the same `width`: the RGB
/// pixels, and the palette indices, laid out on each side by its own `(stride, offset)` (row
/// `y` from `y * stride + offset`). What lies outside either buffer is left alone.
pub fn copy_span(
    (pixels, indices, (stride, offset)): (&mut [u8], &mut [u8], (usize, usize)),
    (source, source_indices, (from_stride, from_offset)): (&[u8], &[u8], (usize, usize)),
    width: usize,
    (y, start, end): (usize, usize, usize),
) {
    let bytes = (y * width + start) * 3..(y * width + end) * 3;
    if let (Some(to), Some(from)) = (pixels.get_mut(bytes.clone()), source.get(bytes)) {
        to.copy_from_slice(from);
    }
    let (to, from) = (y * stride + offset, y * from_stride + from_offset);
    if let (Some(to), Some(from)) = (
        indices.get_mut(to + start..to + end),
        source_indices.get(from + start..from + end),
    ) {
        to.copy_from_slice(from);
    }
}

pub struct Canvas<'a> {
    rgb: &'a mut RgbImage,
    indexed: Option<Indexed<'a>>,
    touched: Touched,
}

impl<'a> Canvas<'a> {
    pub fn rgb(rgb: &'a mut RgbImage) -> Canvas<'a> {
        Canvas::reusing(rgb, Touched::default())
    }

    /// A canvas that records what it draws in `touched` (cleared first; its memory reused).
    pub fn reusing(rgb: &'a mut RgbImage, mut touched: Touched) -> Canvas<'a> {
        touched.reset(rgb.width(), rgb.height());
        Canvas {
            rgb,
            indexed: None,
            touched,
        }
    }

    /// Like [`Canvas::reusing`], and keeps `indices` (the palette index of each pixel, row `y`
    /// from `y * stride + offset`) equal to the palette's mapping of the pixels drawn.
    pub fn indexed(
        rgb: &'a mut RgbImage,
        palette: &'static Palette,
        indices: &'a mut [u8],
        (stride, offset): (usize, usize),
        touched: Touched,
    ) -> Canvas<'a> {
        let mut canvas = Canvas::reusing(rgb, touched);
        let needed = stride * canvas.rgb.height() as usize;
        // A buffer too short for the image is never written to (the caller's bug, not a panic).
        if stride >= offset + canvas.rgb.width() as usize && indices.len() >= needed {
            canvas.indexed = Some(Indexed {
                palette,
                indices,
                stride,
                offset,
            });
        }
        canvas
    }

    /// Per row, the chunks drawn on since the canvas was made.
    pub fn into_touched(self) -> Touched {
        self.touched
    }

    /// Puts back the pixels of the rectangle `[x0, x1) × [y0, y1)` (clipped to the image) from
    /// `source`, an image of the same size, and their palette indices from `source_indices`
    /// (row `y` from `y * stride + offset`), but for the opaque columns of `stamp` if given:
    /// it is stamped next with its top left corner at `(x0, y0)` and overwrites them anyway.
    pub fn restore_around(
        &mut self,
        (source, source_indices): (&RgbImage, &[u8]),
        (stride, offset): (usize, usize),
        (x0, y0, x1, y1): (i32, i32, i32, i32),
        stamp: Option<&Stamp>,
    ) {
        if source.dimensions() != self.rgb.dimensions() {
            return;
        }
        let (width, height) = (self.rgb.width() as i32, self.rgb.height() as i32);
        // A stamp reaching past the image is put back whole.
        let inside = x0 >= 0 && y0 >= 0 && x1 <= width && y1 <= height;
        let stamp = stamp.filter(|_| inside);
        let (left, top) = (x0, y0);
        let (x0, x1) = (x0.clamp(0, width) as usize, x1.clamp(0, width) as usize);
        let (y0, y1) = (y0.clamp(0, height) as usize, y1.clamp(0, height) as usize);
        if x0 >= x1 {
            return;
        }
        let to_indices: (&mut [u8], (usize, usize)) = match &mut self.indexed {
            Some(indexed) => (indexed.indices, (indexed.stride, indexed.offset)),
            None => (&mut [], (0, 0)),
        };
        let pixels: &mut [u8] = self.rgb;
        for y in y0..y1 {
            self.touched.touch(y as u32, x0 as u32, x1 as u32);
            let row = (y as i32 - top) as u32;
            let opaque = stamp
                .filter(|stamp| row < stamp.height())
                .map(|stamp| stamp.span(row))
                .filter(|(start, end)| start < end)
                .map(|(start, end)| (left as usize + start as usize, left as usize + end as usize));
            let spans = match opaque {
                Some((start, end)) => [(x0, start.min(x1)), (end.max(x0), x1)],
                None => [(x0, x1), (x1, x1)],
            };
            for (start, end) in spans.into_iter().filter(|(start, end)| start < end) {
                copy_span(
                    (&mut *pixels, &mut *to_indices.0, to_indices.1),
                    (source.as_raw(), source_indices, (stride, offset)),
                    width as usize,
                    (y, start, end),
                );
            }
        }
    }

    /// Copies `stamp` with its top left corner at (x, y), clipping at the edges.
    pub fn stamp(&mut self, stamp: &Stamp, x: i32, y: i32) {
        let canvas_width = self.rgb.width() as i32;
        let canvas_height = self.rgb.height() as i32;
        if x < 0 || x + stamp.width() as i32 > canvas_width {
            return self.stamp_clipped(stamp, x, y);
        }
        let width = canvas_width as usize;
        for sy in 0..stamp.height() as i32 {
            let cy = y + sy;
            if cy < 0 || cy >= canvas_height {
                continue;
            }
            self.touched
                .touch(cy as u32, x as u32, x as u32 + stamp.width());
            let row = cy as usize * width + x as usize;
            let buffer: &mut [u8] = self.rgb;
            let (start, end) = stamp.span(sy as u32);
            if end > start {
                buffer[(row + start as usize) * 3..(row + end as usize) * 3]
                    .copy_from_slice(stamp.span_rgb(sy as u32));
                if let Some(indexed) = &mut self.indexed {
                    let at = cy as usize * indexed.stride + indexed.offset + x as usize;
                    indexed.indices[at + start as usize..at + end as usize]
                        .copy_from_slice(stamp.span_indices(sy as u32));
                }
            }
            for &(sx, colour, alpha) in stamp.edges(sy as u32) {
                let pixel = (row + sx as usize) * 3;
                blend_rgb(&mut buffer[pixel..pixel + 3], colour, alpha);
                if let Some(indexed) = &mut self.indexed {
                    let at =
                        cy as usize * indexed.stride + indexed.offset + (x + sx as i32) as usize;
                    indexed.indices[at] = indexed.palette.index([
                        buffer[pixel],
                        buffer[pixel + 1],
                        buffer[pixel + 2],
                    ]);
                }
            }
        }
    }

    /// [`Canvas::stamp`] for a stamp that reaches past the left or right edge: pixel by pixel.
    fn stamp_clipped(&mut self, stamp: &Stamp, x: i32, y: i32) {
        let canvas_width = self.rgb.width() as i32;
        let canvas_height = self.rgb.height() as i32;
        for sy in 0..stamp.height() as i32 {
            let cy = y + sy;
            if cy < 0 || cy >= canvas_height {
                continue;
            }
            for sx in 0..stamp.width() as i32 {
                let cx = x + sx;
                if cx < 0 || cx >= canvas_width {
                    continue;
                }
                let [r, g, b, a] = stamp.pixel(sx as u32, sy as u32);
                if a > 0 {
                    self.blend(cx as u32, cy as u32, [r, g, b], a as f32 / 255.0);
                }
            }
        }
    }
}

impl Surface for Canvas<'_> {
    fn width(&self) -> u32 {
        self.rgb.width()
    }

    fn height(&self) -> u32 {
        self.rgb.height()
    }

    fn blend(&mut self, x: u32, y: u32, colour: Rgb, alpha: f32) {
        self.touched.touch(y, x, x + 1);
        let pixel = (y as usize * self.rgb.width() as usize + x as usize) * 3;
        let buffer: &mut [u8] = self.rgb;
        let rgb = &mut buffer[pixel..pixel + 3];
        blend_rgb(rgb, colour, alpha);
        if let Some(indexed) = &mut self.indexed {
            let at = y as usize * indexed.stride + indexed.offset + x as usize;
            indexed.indices[at] = indexed.palette.index([rgb[0], rgb[1], rgb[2]]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{palette, raster};

    #[test]
    fn what_is_drawn_lies_inside_the_touched_runs_and_the_indices_follow() {
        let background = RgbImage::from_pixel(50, 40, image::Rgb([10, 20, 30]));
        let mut image = background.clone();
        let palette = palette::palette();
        let mut indices = Vec::new();
        palette.indices(&background, &mut indices);
        let mut canvas = Canvas::indexed(
            &mut image,
            palette,
            &mut indices,
            (50, 0),
            Touched::default(),
        );
        raster::disc(&mut canvas, (12.5, 9.0), 6.0, [200, 0, 0], 0.7);
        raster::line(&mut canvas, (30.0, 5.0), (44.0, 33.0), 3.0, [0, 90, 0], 1.0);
        let touched = canvas.into_touched();
        let mut inside = vec![false; 50 * 40];
        touched.for_each_run(|y, start, end| inside[y * 50 + start..y * 50 + end].fill(true));
        for (y, row) in image.rows().enumerate() {
            for (x, pixel) in row.enumerate() {
                if pixel != background.get_pixel(x as u32, y as u32) {
                    assert!(inside[y * 50 + x], "({x}, {y}) outside");
                    let (start, end) = touched.span(y);
                    assert!((start..end).contains(&(x as u32)), "({x}, {y}) outside");
                }
            }
        }
        let mut mapped = Vec::new();
        palette.indices(&image, &mut mapped);
        assert_eq!(indices, mapped);
    }
}
