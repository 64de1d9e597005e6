//! The canvas a render draws on: the RGB pixels and, when the PNG is to be written, the palette
//! indices kept alongside. Indices start as the background's; tile stamps write their opaque
//! parts' indices directly; every other pixel written marks its 16-pixel block stale, and only
//! stale blocks are looked up in the palette at the end. So a render looks up a fraction of
//! the image instead of all of it, and the result equals looking up every pixel.

use image::RgbImage;

use super::quantize::Palette;
use super::raster::{Rgb, Stamp, Surface, blend_rgb};

/// Pixels per stale flag.
const BLOCK: usize = 16;

pub struct Canvas<'a> {
    rgb: &'a mut RgbImage,
    indexed: Option<Indexed<'a>>,
}

struct Indexed<'a> {
    palette: &'a Palette,
    indices: &'a mut Vec<u8>,
    stale: &'a mut Vec<bool>,
}

impl<'a> Canvas<'a> {
    /// Drawing on RGB pixels only.
    pub fn rgb(rgb: &'a mut RgbImage) -> Canvas<'a> {
        Canvas { rgb, indexed: None }
    }

    /// Drawing on `rgb`, which holds a copy of a background whose palette indices are
    /// `background_indices`, keeping indices in `indices` (`stale` is scratch space).
    pub fn indexed(
        rgb: &'a mut RgbImage,
        palette: &'a Palette,
        background_indices: &[u8],
        indices: &'a mut Vec<u8>,
        stale: &'a mut Vec<bool>,
    ) -> Canvas<'a> {
        let pixels = rgb.width() as usize * rgb.height() as usize;
        if background_indices.len() == pixels {
            indices.clear();
            indices.extend_from_slice(background_indices);
            stale.clear();
            stale.resize(pixels.div_ceil(BLOCK), false);
        } else {
            // Not the background's size: look every pixel up.
            indices.clear();
            indices.resize(pixels, 0);
            stale.clear();
            stale.resize(pixels.div_ceil(BLOCK), true);
        }
        Canvas {
            rgb,
            indexed: Some(Indexed {
                palette,
                indices,
                stale,
            }),
        }
    }

    /// Copies `stamp` with its top left corner at (x, y), clipping at the edges.
    pub fn stamp(&mut self, stamp: &Stamp, x: i32, y: i32) {
        let canvas_width = self.rgb.width() as i32;
        let canvas_height = self.rgb.height() as i32;
        let inside = x >= 0 && x + stamp.width() as i32 <= canvas_width;
        let stamp_indices = self
            .indexed
            .as_ref()
            .map(|indexed| stamp.indices(indexed.palette));
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
                if let (Some(indexed), Some(source)) = (&mut self.indexed, stamp_indices) {
                    let first = (sy as u32 * stamp.width() + start) as usize;
                    indexed.indices[pixel..pixel + length]
                        .copy_from_slice(&source[first..first + length]);
                }
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

    /// The palette indices of the finished image, looking up what is stale. `None` when the
    /// canvas keeps no indices.
    pub fn finish_indices(self) -> Option<&'a [u8]> {
        let Canvas { rgb, indexed } = self;
        let Indexed {
            palette,
            indices,
            stale,
        } = indexed?;
        let pixels = rgb.as_raw();
        for (block, _) in stale.iter().enumerate().filter(|(_, stale)| **stale) {
            let first = block * BLOCK;
            let last = (first + BLOCK).min(indices.len());
            palette.map(&pixels[first * 3..last * 3], &mut indices[first..last]);
        }
        Some(indices)
    }

    pub fn image(&self) -> &RgbImage {
        self.rgb
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
        if let Some(indexed) = &mut self.indexed {
            indexed.stale[pixel / BLOCK] = true;
        }
    }
}
