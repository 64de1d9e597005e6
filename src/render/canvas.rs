//! The canvas a render draws on: RGB pixels with a fast path for stamping pre-drawn sprites.

use image::RgbImage;

use super::raster::{Rgb, Stamp, Surface, blend_rgb};

pub struct Canvas<'a> {
    rgb: &'a mut RgbImage,
}

impl<'a> Canvas<'a> {
    pub fn rgb(rgb: &'a mut RgbImage) -> Canvas<'a> {
        Canvas { rgb }
    }

    /// Copies `stamp` with its top left corner at (x, y), clipping at the edges.
    pub fn stamp(&mut self, stamp: &Stamp, x: i32, y: i32) {
        let canvas_width = self.rgb.width() as i32;
        let canvas_height = self.rgb.height() as i32;
        let inside = x >= 0 && x + stamp.width() as i32 <= canvas_width;
        for sy in 0..stamp.height() as i32 {
            let cy = y + sy;
            if cy < 0 || cy >= canvas_height {
                continue;
            }
            let (start, end) = if inside {
                stamp.span(sy as u32)
            } else {
                (0, 0)
            };
            if end > start {
                let pixel = cy as usize * canvas_width as usize + (x as usize + start as usize);
                let length = (end - start) as usize;
                let buffer: &mut [u8] = self.rgb;
                buffer[pixel * 3..(pixel + length) * 3].copy_from_slice(stamp.span_rgb(sy as u32));
            }
            for sx in 0..stamp.width() as i32 {
                let cx = x + sx;
                if (start as i32..end as i32).contains(&sx) || cx < 0 || cx >= canvas_width {
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
        let pixel = y as usize * self.rgb.width() as usize + x as usize;
        let buffer: &mut [u8] = self.rgb;
        blend_rgb(&mut buffer[pixel * 3..pixel * 3 + 3], colour, alpha);
    }
}
