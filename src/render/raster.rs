//! Anti-aliased drawing on RGB canvases and RGBA sprites: shapes are given as signed distance
//! functions (negative inside), so every edge gets exact one-pixel coverage without
//! supersampling, and sprites are blitted with a fast path for opaque pixels.

use image::RgbImage;

/// An sRGB colour.
pub type Rgb = [u8; 3];

/// Something pixels can be blended onto.
pub trait Surface {
    fn width(&self) -> u32;
    fn height(&self) -> u32;
    /// Blends `colour` over the pixel at (x, y) with opacity `alpha` in 0..=1.
    fn blend(&mut self, x: u32, y: u32, colour: Rgb, alpha: f32);
}

impl Surface for RgbImage {
    fn width(&self) -> u32 {
        self.width()
    }

    fn height(&self) -> u32 {
        self.height()
    }

    fn blend(&mut self, x: u32, y: u32, colour: Rgb, alpha: f32) {
        let index = (y as usize * self.width() as usize + x as usize) * 3;
        let pixel = &mut (**self)[index..index + 3];
        blend_rgb(pixel, colour, alpha);
    }
}

#[inline]
pub fn blend_rgb(pixel: &mut [u8], colour: Rgb, alpha: f32) {
    if alpha >= 1.0 {
        pixel.copy_from_slice(&colour);
        return;
    }
    for (channel, target) in pixel.iter_mut().zip(colour) {
        let mixed = *channel as f32 + (target as f32 - *channel as f32) * alpha;
        *channel = (mixed + 0.5) as u8;
    }
}

/// A small RGBA image (straight alpha) drawn once and blitted many times.
#[derive(Clone, Debug)]
pub struct Sprite {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<[u8; 4]>,
}

impl Sprite {
    pub fn new(width: u32, height: u32) -> Sprite {
        Sprite {
            width,
            height,
            pixels: vec![[0; 4]; (width * height) as usize],
        }
    }

    /// Freezes the sprite for fast blitting.
    pub fn stamp(&self) -> Stamp {
        let rgb = self
            .pixels
            .iter()
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        // The board's palette is fixed, so an opaque pixel's index is known now: a stamp
        // copies indices as well as colours, and only its blended edges are looked up.
        let palette = super::palette::palette();
        let indices = self
            .pixels
            .iter()
            .map(|p| palette.index([p[0], p[1], p[2]]))
            .collect();
        let spans = self
            .pixels
            .chunks_exact(self.width as usize)
            .map(|row| {
                let start = row.iter().position(|p| p[3] == 255).unwrap_or(row.len());
                let end = row
                    .iter()
                    .rposition(|p| p[3] == 255)
                    .map_or(start, |i| i + 1);
                let opaque = row[start..end].iter().all(|p| p[3] == 255);
                if opaque {
                    (start as u32, end as u32)
                } else {
                    (0, 0)
                }
            })
            .collect();
        let edges = self
            .pixels
            .chunks_exact(self.width as usize)
            .zip(&spans)
            .map(|(row, &(start, end))| {
                row.iter()
                    .enumerate()
                    .filter(|&(x, pixel)| pixel[3] > 0 && !(start..end).contains(&(x as u32)))
                    .map(|(x, &[r, g, b, a])| (x as u32, [r, g, b], a as f32 / 255.0))
                    .collect()
            })
            .collect();
        Stamp {
            sprite: self.clone(),
            rgb,
            indices,
            spans,
            edges,
        }
    }
}

/// A sprite ready to stamp: each row's fully opaque middle is copied with one `memcpy`; only
/// the translucent edges are blended pixel by pixel.
#[derive(Debug)]
pub struct Stamp {
    sprite: Sprite,
    rgb: Vec<u8>,
    /// The board palette's index of every pixel (meaningful where it is opaque).
    indices: Vec<u8>,
    /// Per row, the range of columns that are all opaque (empty when there is none).
    spans: Vec<(u32, u32)>,
    /// Per row, the other pixels that are not fully transparent: column, colour and opacity.
    edges: Vec<Vec<(u32, Rgb, f32)>>,
}

impl Stamp {
    pub fn width(&self) -> u32 {
        self.sprite.width
    }

    pub fn height(&self) -> u32 {
        self.sprite.height
    }

    /// The opaque columns of `row`, start inclusive, end exclusive.
    pub fn span(&self, row: u32) -> (u32, u32) {
        self.spans[row as usize]
    }

    /// The RGB bytes of the opaque columns of `row`.
    pub fn span_rgb(&self, row: u32) -> &[u8] {
        let (start, end) = self.span(row);
        let first = (row * self.sprite.width + start) as usize * 3;
        &self.rgb[first..first + (end - start) as usize * 3]
    }

    /// The palette indices of the opaque columns of `row`.
    pub fn span_indices(&self, row: u32) -> &[u8] {
        let (start, end) = self.span(row);
        let first = (row * self.sprite.width + start) as usize;
        &self.indices[first..first + (end - start) as usize]
    }

    /// The pixels of `row` outside its opaque span that are not fully transparent.
    pub fn edges(&self, row: u32) -> &[(u32, Rgb, f32)] {
        &self.edges[row as usize]
    }

    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        self.sprite.pixels[(y * self.sprite.width + x) as usize]
    }
}

impl Surface for Sprite {
    fn width(&self) -> u32 {
        self.width
    }

    fn height(&self) -> u32 {
        self.height
    }

    fn blend(&mut self, x: u32, y: u32, colour: Rgb, alpha: f32) {
        let pixel = &mut self.pixels[(y * self.width + x) as usize];
        let below = pixel[3] as f32 / 255.0;
        let out = alpha + below * (1.0 - alpha);
        if out <= 0.0 {
            return;
        }
        for channel in 0..3 {
            let mixed = (colour[channel] as f32 * alpha
                + pixel[channel] as f32 * below * (1.0 - alpha))
                / out;
            pixel[channel] = (mixed + 0.5).min(255.0) as u8;
        }
        pixel[3] = (out * 255.0 + 0.5) as u8;
    }
}

/// Fills the shape whose signed distance (in pixels, negative inside) at a point is `distance`,
/// looking only at pixels within the box `(x0, y0)–(x1, y1)`.
pub fn fill<S: Surface + ?Sized>(
    surface: &mut S,
    bounds: (f32, f32, f32, f32),
    colour: Rgb,
    opacity: f32,
    distance: impl Fn(f32, f32) -> f32,
) {
    fill_around(surface, bounds, colour, opacity, |_| None, distance);
}

/// [`fill`] for a shape with a hole: `hole(y)` gives, for the row of pixel centres at `y`, the
/// columns `(first, last)` (inclusive) that the shape leaves uncovered by at least half a pixel
/// of distance, which are then skipped without evaluating `distance` (the result is the same).
fn fill_around<S: Surface + ?Sized>(
    surface: &mut S,
    bounds: (f32, f32, f32, f32),
    colour: Rgb,
    opacity: f32,
    hole: impl Fn(f32) -> Option<(i64, i64)>,
    distance: impl Fn(f32, f32) -> f32,
) {
    let (x0, y0, x1, y1) = bounds;
    let left = (x0.floor() - 1.0).max(0.0) as u32;
    let top = (y0.floor() - 1.0).max(0.0) as u32;
    let right = ((x1.ceil() + 1.0).max(0.0) as u32).min(surface.width());
    let bottom = ((y1.ceil() + 1.0).max(0.0) as u32).min(surface.height());
    for y in top..bottom {
        let (skip_from, skip_to) = hole(y as f32 + 0.5).unwrap_or((i64::MAX, i64::MIN));
        let mut x = left;
        while x < right {
            if i64::from(x) >= skip_from && i64::from(x) <= skip_to {
                x = (skip_to + 1).clamp(i64::from(x) + 1, i64::from(right)) as u32;
                continue;
            }
            let d = distance(x as f32 + 0.5, y as f32 + 0.5);
            let coverage = (0.5 - d).clamp(0.0, 1.0);
            if coverage > 0.0 {
                surface.blend(x, y, colour, coverage * opacity);
            }
            x += 1;
        }
    }
}

/// Distance from (px, py) to the segment a–b.
pub fn segment_distance(px: f32, py: f32, a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length_squared = dx * dx + dy * dy;
    let t = if length_squared == 0.0 {
        0.0
    } else {
        (((px - a.0) * dx + (py - a.1) * dy) / length_squared).clamp(0.0, 1.0)
    };
    let (cx, cy) = (a.0 + t * dx, a.1 + t * dy);
    ((px - cx).powi(2) + (py - cy).powi(2)).sqrt()
}

/// Signed distance to a rectangle centred on (cx, cy) with half sizes (hw, hh) and corner
/// radius `radius`.
pub fn round_rect_distance(
    px: f32,
    py: f32,
    (cx, cy): (f32, f32),
    (hw, hh): (f32, f32),
    radius: f32,
) -> f32 {
    let qx = (px - cx).abs() - (hw - radius);
    let qy = (py - cy).abs() - (hh - radius);
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
    outside + qx.max(qy).min(0.0) - radius
}

/// A thick line with round caps.
pub fn line<S: Surface + ?Sized>(
    surface: &mut S,
    a: (f32, f32),
    b: (f32, f32),
    width: f32,
    colour: Rgb,
    opacity: f32,
) {
    let half = width / 2.0;
    let bounds = (
        a.0.min(b.0) - half,
        a.1.min(b.1) - half,
        a.0.max(b.0) + half,
        a.1.max(b.1) + half,
    );
    fill(surface, bounds, colour, opacity, |x, y| {
        segment_distance(x, y, a, b) - half
    });
}

/// An X centred on `(x, y)`, reaching `reach` to either side and up and down: two
/// [`line`]s corner to corner.
pub fn cross<S: Surface + ?Sized>(
    surface: &mut S,
    (x, y): (f32, f32),
    (dx, dy): (f32, f32),
    width: f32,
    colour: Rgb,
    opacity: f32,
) {
    line(
        surface,
        (x - dx, y - dy),
        (x + dx, y + dy),
        width,
        colour,
        opacity,
    );
    line(
        surface,
        (x - dx, y + dy),
        (x + dx, y - dy),
        width,
        colour,
        opacity,
    );
}

pub fn disc<S: Surface + ?Sized>(
    surface: &mut S,
    centre: (f32, f32),
    radius: f32,
    colour: Rgb,
    opacity: f32,
) {
    let bounds = (
        centre.0 - radius,
        centre.1 - radius,
        centre.0 + radius,
        centre.1 + radius,
    );
    fill(surface, bounds, colour, opacity, |x, y| {
        ((x - centre.0).powi(2) + (y - centre.1).powi(2)).sqrt() - radius
    });
}

pub fn ring<S: Surface + ?Sized>(
    surface: &mut S,
    centre: (f32, f32),
    radius: f32,
    width: f32,
    colour: Rgb,
    opacity: f32,
) {
    let outer = radius + width / 2.0;
    let bounds = (
        centre.0 - outer,
        centre.1 - outer,
        centre.0 + outer,
        centre.1 + outer,
    );
    fill(surface, bounds, colour, opacity, |x, y| {
        (((x - centre.0).powi(2) + (y - centre.1).powi(2)).sqrt() - radius).abs() - width / 2.0
    });
}

/// A filled rounded rectangle centred on `centre` with full size `size`.
pub fn round_rect<S: Surface + ?Sized>(
    surface: &mut S,
    centre: (f32, f32),
    size: (f32, f32),
    radius: f32,
    colour: Rgb,
    opacity: f32,
) {
    let half = (size.0 / 2.0, size.1 / 2.0);
    let bounds = (
        centre.0 - half.0,
        centre.1 - half.1,
        centre.0 + half.0,
        centre.1 + half.1,
    );
    fill(surface, bounds, colour, opacity, |x, y| {
        round_rect_distance(x, y, centre, half, radius)
    });
}

/// The outline of a rounded rectangle: a band of `width` centred on its edge.
pub fn round_rect_outline<S: Surface + ?Sized>(
    surface: &mut S,
    centre: (f32, f32),
    size: (f32, f32),
    radius: f32,
    width: f32,
    colour: Rgb,
    opacity: f32,
) {
    let half = (size.0 / 2.0, size.1 / 2.0);
    let grow = width / 2.0;
    let bounds = (
        centre.0 - half.0 - grow,
        centre.1 - half.1 - grow,
        centre.0 + half.0 + grow,
        centre.1 + half.1 + grow,
    );
    // Inside the straight part of the rectangle the distance to the edge is the distance to
    // the nearer side: where that exceeds the band's half width by a pixel, nothing is drawn.
    // A card's outline skips most of its box this way.
    let margin = grow + 1.0;
    let hole = |y: f32| {
        let dy = (y - centre.1).abs();
        let reach = (half.0 - radius).min(half.0 - margin);
        if dy > half.1 - radius || half.1 - dy < margin || reach <= 0.0 {
            return None;
        }
        // Pixel centres x + 0.5 with |x + 0.5 - centre.0| <= reach.
        let first = (centre.0 - reach - 0.5).ceil() as i64;
        let last = (centre.0 + reach - 0.5).floor() as i64;
        (first <= last).then_some((first, last))
    };
    fill_around(surface, bounds, colour, opacity, hole, |x, y| {
        round_rect_distance(x, y, centre, half, radius).abs() - grow
    });
}

/// Fills a convex or concave polygon (even-odd) by testing pixel centres, with a one-pixel
/// soft edge from the distance to the nearest side.
pub fn polygon<S: Surface + ?Sized>(
    surface: &mut S,
    points: &[(f32, f32)],
    colour: Rgb,
    opacity: f32,
) {
    if points.len() < 3 {
        return;
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for &(x, y) in points {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    fill(surface, (x0, y0, x1, y1), colour, opacity, |x, y| {
        let mut inside = false;
        let mut nearest = f32::MAX;
        for (i, &a) in points.iter().enumerate() {
            let b = points[(i + 1) % points.len()];
            nearest = nearest.min(segment_distance(x, y, a, b));
            if (a.1 > y) != (b.1 > y) && x < a.0 + (y - a.1) * (b.0 - a.0) / (b.1 - a.1) {
                inside = !inside;
            }
        }
        if inside { -nearest } else { nearest }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disc_covers_its_centre_and_not_its_corners() {
        let mut canvas = RgbImage::from_pixel(20, 20, image::Rgb([0, 0, 0]));
        disc(&mut canvas, (10.0, 10.0), 6.0, [255, 255, 255], 1.0);
        assert_eq!(canvas.get_pixel(10, 10).0, [255, 255, 255]);
        assert_eq!(canvas.get_pixel(1, 1).0, [0, 0, 0]);
        let edge = canvas.get_pixel(14, 14).0[0];
        assert!(edge > 0 && edge < 255, "edge pixel {edge} is anti-aliased");
    }

    #[test]
    fn sprite_blit_copies_opaque_and_blends_translucent_pixels() {
        let mut sprite = Sprite::new(2, 1);
        sprite.pixels[0] = [200, 100, 0, 255];
        sprite.pixels[1] = [255, 255, 255, 128];
        let mut canvas = RgbImage::from_pixel(4, 4, image::Rgb([0, 0, 0]));
        let stamp = sprite.stamp();
        let mut target = super::super::canvas::Canvas::rgb(&mut canvas);
        target.stamp(&stamp, 3, 3);
        target.stamp(&stamp, 0, 0);
        assert_eq!(canvas.get_pixel(0, 0).0, [200, 100, 0]);
        assert_eq!(canvas.get_pixel(1, 0).0, [128, 128, 128]);
        assert_eq!(canvas.get_pixel(3, 3).0, [200, 100, 0]);
    }
}
