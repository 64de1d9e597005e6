//! The canvas a render draws on: RGB pixels with a fast path for stamping pre-drawn sprites,
//! and a record of which columns of each row were drawn on, so that only those need to be put
//! back to the background and mapped to the palette afterwards.

use image::RgbImage;

use super::raster::{Rgb, Stamp, Surface, blend_rgb};

/// The columns of one row drawn on, start inclusive, end exclusive (empty when start >= end).
pub type Span = (u32, u32);

const UNTOUCHED: Span = (u32::MAX, 0);

pub struct Canvas<'a> {
    rgb: &'a mut RgbImage,
    touched: Vec<Span>,
}

impl<'a> Canvas<'a> {
    pub fn rgb(rgb: &'a mut RgbImage) -> Canvas<'a> {
        Canvas::reusing(rgb, Vec::new())
    }

    /// A canvas that records what it draws in `touched` (cleared first; its memory reused).
    pub fn reusing(rgb: &'a mut RgbImage, mut touched: Vec<Span>) -> Canvas<'a> {
        touched.clear();
        touched.resize(rgb.height() as usize, UNTOUCHED);
        Canvas { rgb, touched }
    }

    /// Per row, the columns drawn on since the canvas was made.
    pub fn into_touched(self) -> Vec<Span> {
        self.touched
    }

    #[inline]
    fn touch(&mut self, y: u32, start: u32, end: u32) {
        let span = &mut self.touched[y as usize];
        span.0 = span.0.min(start);
        span.1 = span.1.max(end);
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
            self.touch(cy as u32, x as u32, x as u32 + stamp.width());
            let row = cy as usize * width + x as usize;
            let buffer: &mut [u8] = self.rgb;
            let (start, end) = stamp.span(sy as u32);
            if end > start {
                buffer[(row + start as usize) * 3..(row + end as usize) * 3]
                    .copy_from_slice(stamp.span_rgb(sy as u32));
            }
            for &(sx, colour, alpha) in stamp.edges(sy as u32) {
                let pixel = (row + sx as usize) * 3;
                blend_rgb(&mut buffer[pixel..pixel + 3], colour, alpha);
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
        self.touch(y, x, x + 1);
        let pixel = y as usize * self.rgb.width() as usize + x as usize;
        let buffer: &mut [u8] = self.rgb;
        blend_rgb(&mut buffer[pixel * 3..pixel * 3 + 3], colour, alpha);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::raster;

    #[test]
    fn what_is_drawn_lies_inside_the_touched_spans() {
        let background = RgbImage::from_pixel(50, 40, image::Rgb([10, 20, 30]));
        let mut image = background.clone();
        let mut canvas = Canvas::rgb(&mut image);
        raster::disc(&mut canvas, (12.5, 9.0), 6.0, [200, 0, 0], 0.7);
        raster::line(&mut canvas, (30.0, 5.0), (44.0, 33.0), 3.0, [0, 90, 0], 1.0);
        let touched = canvas.into_touched();
        for (y, row) in image.rows().enumerate() {
            for (x, pixel) in row.enumerate() {
                if pixel != background.get_pixel(x as u32, y as u32) {
                    let (start, end) = touched[y];
                    assert!((start..end).contains(&(x as u32)), "({x}, {y}) outside");
                }
            }
        }
    }
}
