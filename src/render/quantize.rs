//! The 256-colour palette the PNG is written with. A board image has few colours (flat fills
//! and their anti-aliased edges), and an indexed PNG carries a third of the bytes of an RGB one:
//! smaller files and a faster encode. The palette is fitted once per process by median cut and
//! a few k-means rounds over sample renders; a pixel maps to the entry nearest to the centre of
//! its 6-bit-per-channel bucket, looked up in a table filled as buckets are first met, so the
//! mapping is deterministic whatever was rendered before.

use std::sync::atomic::{AtomicU16, Ordering};

use image::RgbImage;

use super::raster::Rgb;

/// Bits kept per channel for the lookup table.
const BITS: u32 = 6;
const SHIFT: u32 = 8 - BITS;
const BUCKETS: usize = 1 << (3 * BITS);
const UNKNOWN: u16 = u16::MAX;

pub struct Palette {
    colours: Vec<Rgb>,
    lookup: Box<[AtomicU16]>,
}

fn bucket(colour: [u8; 3]) -> usize {
    ((colour[0] as usize >> SHIFT) << (2 * BITS))
        | ((colour[1] as usize >> SHIFT) << BITS)
        | (colour[2] as usize >> SHIFT)
}

fn bucket_centre(index: usize) -> [f32; 3] {
    let mask = (1 << BITS) - 1;
    let half = (1 << SHIFT) as f32 / 2.0 - 0.5;
    [2 * BITS, BITS, 0].map(|shift| (((index >> shift) & mask) << SHIFT) as f32 + half)
}

fn distance(a: [f32; 3], b: [f32; 3]) -> f32 {
    // Green weighs most and blue least in how different two colours look.
    let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    3.0 * d[0] * d[0] + 4.0 * d[1] * d[1] + 2.0 * d[2] * d[2]
}

/// A group of occupied buckets: their colour sum, weight and each bucket's mean colour.
#[derive(Clone, Copy)]
struct Sample {
    colour: [f32; 3],
    weight: f32,
}

impl Palette {
    /// Fits a palette of at most 256 colours to the pixels of `images`.
    pub fn fit(images: &[&RgbImage]) -> Palette {
        let mut sums = vec![[0f64; 4]; BUCKETS];
        for image in images {
            for pixel in image.pixels() {
                let entry = &mut sums[bucket(pixel.0)];
                entry[0] += pixel.0[0] as f64;
                entry[1] += pixel.0[1] as f64;
                entry[2] += pixel.0[2] as f64;
                entry[3] += 1.0;
            }
        }
        let samples: Vec<Sample> = sums
            .iter()
            .filter(|entry| entry[3] > 0.0)
            .map(|entry| Sample {
                colour: [0, 1, 2].map(|c| (entry[c] / entry[3]) as f32),
                // Square root: rare edge colours still get entries next to huge flat fills.
                weight: (entry[3] as f32).sqrt(),
            })
            .collect();
        let mut colours = median_cut(samples.clone(), 256);
        for _ in 0..4 {
            refine(&samples, &mut colours);
        }
        let colours = colours
            .iter()
            .map(|c| c.map(|channel| channel.round().clamp(0.0, 255.0) as u8))
            .collect();
        Palette {
            colours,
            lookup: (0..BUCKETS).map(|_| AtomicU16::new(UNKNOWN)).collect(),
        }
    }

    /// The PLTE chunk: three bytes per entry.
    pub fn rgb_bytes(&self) -> Vec<u8> {
        self.colours.iter().flatten().copied().collect()
    }

    fn nearest(&self, index: usize) -> u16 {
        let centre = bucket_centre(index);
        let mut best = (f32::MAX, 0u16);
        for (i, colour) in self.colours.iter().enumerate() {
            let d = distance(centre, colour.map(f32::from));
            if d < best.0 {
                best = (d, i as u16);
            }
        }
        best.1
    }

    /// The palette index of every pixel, row by row, into `out`.
    pub fn indices(&self, image: &RgbImage, out: &mut Vec<u8>) {
        let pixels = image.as_raw();
        out.resize(pixels.len() / 3, 0);
        self.map(pixels, out);
    }

    /// Like [`Palette::indices`] for an image drawn over `background` whose indices are
    /// `background_indices`: runs of pixels left as they were are copied, not looked up again.
    pub fn indices_over(
        &self,
        image: &RgbImage,
        background: &RgbImage,
        background_indices: &[u8],
        out: &mut Vec<u8>,
    ) {
        let pixels = image.as_raw();
        let before = background.as_raw();
        if pixels.len() != before.len() || background_indices.len() * 3 != before.len() {
            return self.indices(image, out);
        }
        out.resize(pixels.len() / 3, 0);
        const RUN: usize = 16;
        let blocks = pixels
            .chunks(RUN * 3)
            .zip(before.chunks(RUN * 3))
            .zip(background_indices.chunks(RUN))
            .zip(out.chunks_mut(RUN));
        for (((now, was), was_indices), slots) in blocks {
            if now == was {
                slots.copy_from_slice(was_indices);
            } else {
                self.map(now, slots);
            }
        }
    }

    fn map(&self, pixels: &[u8], out: &mut [u8]) {
        let mut last = (usize::MAX, 0u8);
        for (pixel, slot) in pixels.chunks_exact(3).zip(out.iter_mut()) {
            let key = bucket([pixel[0], pixel[1], pixel[2]]);
            if key != last.0 {
                let mut found = self.lookup[key].load(Ordering::Relaxed);
                if found == UNKNOWN {
                    found = self.nearest(key);
                    self.lookup[key].store(found, Ordering::Relaxed);
                }
                last = (key, found as u8);
            }
            *slot = last.1;
        }
    }
}

/// Splits the samples into at most `count` boxes, each time halving the box with the largest
/// weighted spread along its longest axis; returns the weighted mean of each box.
fn median_cut(samples: Vec<Sample>, count: usize) -> Vec<[f32; 3]> {
    let mut boxes = vec![samples];
    while boxes.len() < count {
        let mut best: Option<(f32, usize, usize)> = None;
        for (i, group) in boxes.iter().enumerate() {
            if group.len() < 2 {
                continue;
            }
            let (axis, range) = longest_axis(group);
            let weight: f32 = group.iter().map(|s| s.weight).sum();
            let score = range * weight.sqrt();
            if score > 0.0 && best.is_none_or(|(b, _, _)| score > b) {
                best = Some((score, i, axis));
            }
        }
        let Some((_, i, axis)) = best else {
            break;
        };
        let mut group = boxes.swap_remove(i);
        group.sort_by(|a, b| a.colour[axis].total_cmp(&b.colour[axis]));
        let total: f32 = group.iter().map(|s| s.weight).sum();
        let mut running = 0.0;
        let mut cut = 1;
        for (j, sample) in group.iter().enumerate() {
            running += sample.weight;
            if running >= total / 2.0 {
                cut = (j + 1).clamp(1, group.len() - 1);
                break;
            }
        }
        let upper = group.split_off(cut);
        boxes.push(group);
        boxes.push(upper);
    }
    boxes.iter().map(|group| mean(group)).collect()
}

fn longest_axis(group: &[Sample]) -> (usize, f32) {
    let mut best = (0, -1.0);
    for axis in 0..3 {
        let (low, high) = group.iter().fold((f32::MAX, f32::MIN), |(lo, hi), s| {
            (lo.min(s.colour[axis]), hi.max(s.colour[axis]))
        });
        if high - low > best.1 {
            best = (axis, high - low);
        }
    }
    best
}

fn mean(group: &[Sample]) -> [f32; 3] {
    let weight: f32 = group.iter().map(|s| s.weight).sum();
    [0, 1, 2].map(|c| group.iter().map(|s| s.colour[c] * s.weight).sum::<f32>() / weight)
}

/// One k-means round: every sample joins its nearest colour, colours move to their means.
fn refine(samples: &[Sample], colours: &mut [[f32; 3]]) {
    let mut sums = vec![[0f32; 4]; colours.len()];
    for sample in samples {
        let nearest = colours
            .iter()
            .enumerate()
            .map(|(i, c)| (distance(sample.colour, *c), i))
            .fold(
                (f32::MAX, 0),
                |best, next| if next.0 < best.0 { next } else { best },
            )
            .1;
        let entry = &mut sums[nearest];
        for (total, channel) in entry.iter_mut().zip(sample.colour) {
            *total += channel * sample.weight;
        }
        entry[3] += sample.weight;
    }
    for (colour, sum) in colours.iter_mut().zip(sums) {
        if sum[3] > 0.0 {
            *colour = [sum[0] / sum[3], sum[1] / sum[3], sum[2] / sum[3]];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_colours_are_kept_exactly() {
        let mut image = RgbImage::new(8, 8);
        for (i, pixel) in image.pixels_mut().enumerate() {
            pixel.0 = [[200, 16, 40], [20, 20, 24], [240, 230, 200]][i % 3];
        }
        let palette = Palette::fit(&[&image]);
        let mut indices = Vec::new();
        palette.indices(&image, &mut indices);
        for (pixel, index) in image.pixels().zip(&indices) {
            let colour = palette.colours[*index as usize];
            let error: i32 = (0..3)
                .map(|c| (colour[c] as i32 - pixel.0[c] as i32).abs())
                .sum();
            assert!(error <= 3, "{:?} became {colour:?}", pixel.0);
        }
    }
}
