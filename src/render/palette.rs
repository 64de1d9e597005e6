//! The fixed 256-colour palette the PNG (and the replay GIF) is written with, chosen once as
//! lichess's lila-gif does: every colour the board is drawn with (layout.rs), the shades of the
//! wood grain, and short anti-aliasing ramps between the inks and the surfaces they are drawn
//! on. A board image is flat fills and their soft edges, so these cover it; an indexed image
//! carries a third of the bytes of an RGB one. Because the palette does not depend on what was
//! drawn, a frame of the replay and the PNG of the same view have the same indices.
//!
//! A pixel maps to the entry nearest to the centre of its 6-bit-per-channel bucket, looked up
//! in a table filled as buckets are first met.

use std::sync::LazyLock;
use std::sync::atomic::{AtomicU16, Ordering};

use image::RgbImage;

use super::layout::*;
use super::raster::Rgb;

/// Bits kept per channel for the lookup table.
const BITS: u32 = 6;
const SHIFT: u32 = 8 - BITS;
const BUCKETS: usize = 1 << (3 * BITS);
const UNKNOWN: u16 = u16::MAX;

/// Colours drawn as solid fills somewhere (besides layout.rs's named ones).
const EXTRA_SOLIDS: [Rgb; 4] = [
    [255, 255, 255],
    [226, 210, 170], // the mountain band
    [244, 242, 232], // snow on the peaks
    [0, 0, 0],
];

/// Inks and the surfaces they are drawn on: each pair gets a ramp between them.
const INKS: [Rgb; 13] = [
    INK,
    INK_SOFT,
    RED_INK,
    BLACK_INK,
    RAIL,
    ROAD,
    TILE_SHADOW,
    GUIDE,
    LAST_MOVE,
    LAST_ATTACK,
    GOLD,
    TURN_GLOW,
    WIN_GREEN,
];
const SURFACES: [Rgb; 6] = [PAPER, CARD_BG, PANEL_BG, STATION_FILL, RED_FACE, BLACK_FACE];
/// Other pairs that meet along edges.
const EDGES: [(Rgb, Rgb); 9] = [
    (BACK_FACE, BACK_DETAIL),
    (BACK_FACE, BACK_EDGE),
    (BACK_EDGE, PAPER),
    (RAIL_TIE, RAIL),
    (MOUNTAIN, MOUNTAIN_DARK),
    (UNKNOWN_GREY, [255, 255, 255]),
    (DOT_GREY, CARD_BG),
    (WOOD, INK),
    (CAMP_FILL, INK),
];
/// The standard games' coloured backs: face, edge and detail.
const COLOURED_BACKS: [(Rgb, Rgb, Rgb); 2] = [
    (RED_BACK_FACE, RED_BACK_EDGE, RED_BACK_DETAIL),
    (BLACK_BACK_FACE, BLACK_BACK_EDGE, BLACK_BACK_DETAIL),
];
/// Steps of each ramp (excluding both ends).
const RAMP: [f32; 2] = [1.0 / 3.0, 2.0 / 3.0];

pub struct Palette {
    colours: Vec<Rgb>,
    lookup: Box<[AtomicU16]>,
}

static PALETTE: LazyLock<Palette> = LazyLock::new(Palette::board);
static SIGUO_PALETTE: LazyLock<Palette> = LazyLock::new(Palette::siguo);

/// The palette every board image is written with.
pub fn palette() -> &'static Palette {
    &PALETTE
}

/// The palette a 四国 board image is written with.
pub fn siguo_palette() -> &'static Palette {
    &SIGUO_PALETTE
}

fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    [0, 1, 2].map(|c| (a[c] as f32 + (b[c] as f32 - a[c] as f32) * t).round() as u8)
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

impl Palette {
    /// The board's palette: solids first, then ramps; duplicates dropped, at most 256.
    fn board() -> Palette {
        let mut colours: Vec<Rgb> = Vec::with_capacity(300);
        let mut add = |colour: Rgb| colours.push(colour);
        SOLIDS.iter().chain(&EXTRA_SOLIDS).for_each(|c| add(*c));
        for amount in -8..=8 {
            add(WOOD.map(|channel| (channel as i32 + amount).clamp(0, 255) as u8));
        }
        let pairs = INKS
            .iter()
            .flat_map(|ink| SURFACES.iter().map(move |surface| (*ink, *surface)))
            .chain(EDGES);
        for (a, b) in pairs {
            for t in RAMP {
                add(mix(a, b, t));
            }
        }
        // Last, so that the entries every 翻翻棋 image uses keep their indices.
        for (face, edge, detail) in COLOURED_BACKS {
            [face, edge, detail].into_iter().for_each(&mut add);
            for t in RAMP {
                add(mix(face, detail, t));
                add(mix(face, edge, t));
                add(mix(edge, PAPER, t));
            }
        }
        Palette::new(colours)
    }

    /// The 四国 board's palette: the board's solids and inks, then each seat's colours with
    /// ramps to the surfaces they meet (the 翻翻棋 palette has no room left for four seats).
    fn siguo() -> Palette {
        use super::siguo::look::{PIECE_FACE, SEAT_COLOURS};
        let mut colours: Vec<Rgb> = Vec::with_capacity(300);
        let mut add = |colour: Rgb| colours.push(colour);
        SOLIDS.iter().chain(&EXTRA_SOLIDS).for_each(|c| add(*c));
        add(PIECE_FACE);
        for seat in &SEAT_COLOURS {
            [seat.face, seat.edge, seat.detail, seat.ink, seat.tint]
                .into_iter()
                .for_each(&mut add);
        }
        let mut pairs: Vec<(Rgb, Rgb)> = Vec::new();
        for seat in &SEAT_COLOURS {
            pairs.extend([
                (seat.face, seat.detail),
                (seat.face, seat.edge),
                (seat.edge, seat.tint),
                (seat.edge, PAPER),
                (seat.ink, PIECE_FACE),
                (seat.tint, RAIL),
                (seat.tint, ROAD),
                (seat.tint, INK),
            ]);
        }
        for ink in [
            INK,
            INK_SOFT,
            RAIL,
            ROAD,
            TILE_SHADOW,
            LAST_MOVE,
            LAST_ATTACK,
            GOLD,
            TURN_GLOW,
        ] {
            for surface in [
                PAPER,
                PANEL_BG,
                STATION_FILL,
                CAMP_FILL,
                HQ_FILL,
                PIECE_FACE,
            ] {
                pairs.push((ink, surface));
            }
        }
        pairs.extend([(RAIL_TIE, RAIL), (WOOD, INK), (UNKNOWN_GREY, PAPER)]);
        for (a, b) in pairs {
            for t in RAMP {
                add(mix(a, b, t));
            }
        }
        Palette::new(colours)
    }

    /// A palette of `candidates` in order, each colour once, the first 256 kept.
    fn new(candidates: Vec<Rgb>) -> Palette {
        let mut colours: Vec<Rgb> = Vec::with_capacity(256);
        for colour in candidates {
            if colours.len() < 256 && !colours.contains(&colour) {
                colours.push(colour);
            }
        }
        Palette {
            colours,
            lookup: (0..BUCKETS).map(|_| AtomicU16::new(UNKNOWN)).collect(),
        }
    }

    /// An index no colour uses, when the palette has fewer than 256 entries: a GIF frame
    /// marks its unchanged pixels with it (transparent).
    pub fn spare_index(&self) -> Option<u8> {
        u8::try_from(self.colours.len()).ok()
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.colours.len()
    }

    /// The PLTE chunk (or GIF colour table): three bytes per entry.
    pub fn rgb_bytes(&self) -> Vec<u8> {
        self.colours.iter().flatten().copied().collect()
    }

    /// The entry for a bucket: one of the palette's own colours inside it if any (so that
    /// every palette colour maps to itself or to a neighbour within the bucket), else the
    /// entry nearest to its centre.
    fn nearest(&self, index: usize) -> u16 {
        let centre = bucket_centre(index);
        let mut best = (f32::MAX, 0u16);
        for (i, colour) in self.colours.iter().enumerate() {
            let inside = bucket(*colour) == index;
            let d = distance(centre, colour.map(f32::from)) - if inside { 1e9 } else { 0.0 };
            if d < best.0 {
                best = (d, i as u16);
            }
        }
        best.1
    }

    /// The palette index of one pixel.
    #[inline]
    pub fn index(&self, pixel: [u8; 3]) -> u8 {
        let found = self.lookup[bucket(pixel) & (BUCKETS - 1)].load(Ordering::Relaxed);
        if found == UNKNOWN {
            return self.index_first_met(pixel);
        }
        found as u8
    }

    /// [`Palette::index`] of a bucket met for the first time: searched, then remembered.
    #[cold]
    fn index_first_met(&self, pixel: [u8; 3]) -> u8 {
        let found = self.nearest(bucket(pixel));
        self.lookup[bucket(pixel) & (BUCKETS - 1)].store(found, Ordering::Relaxed);
        found as u8
    }

    /// The palette index of every pixel of `image`, row by row, into `out`.
    pub fn indices(&self, image: &RgbImage, out: &mut Vec<u8>) {
        out.clear();
        out.resize(image.as_raw().len() / 3, 0);
        self.index_span(image.as_raw(), out);
    }

    /// The palette index of each pixel of `pixels` (RGB bytes) into `out`, one per pixel.
    pub fn index_span(&self, pixels: &[u8], out: &mut [u8]) {
        let mut last = ([0u8; 3], self.index([0; 3]));
        for (pixel, slot) in pixels.chunks_exact(3).zip(out) {
            let pixel = [pixel[0], pixel[1], pixel[2]];
            if pixel != last.0 {
                last = (pixel, self.index(pixel));
            }
            *slot = last.1;
        }
    }

    #[cfg(test)]
    pub fn colour(&self, index: u8) -> Rgb {
        self.colours.get(index as usize).copied().unwrap_or([0; 3])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_colour_is_kept_exactly_and_the_palette_fits_a_byte() {
        let palette = palette();
        assert!(palette.len() <= 256, "{} colours", palette.len());
        for colour in SOLIDS.iter().chain(&EXTRA_SOLIDS) {
            let image = RgbImage::from_pixel(1, 1, image::Rgb(*colour));
            let mut indices = Vec::new();
            palette.indices(&image, &mut indices);
            let kept = palette.colour(indices[0]);
            let error = (0..3).map(|c| kept[c].abs_diff(colour[c])).max();
            assert!(error <= Some(3), "{colour:?} became {kept:?}");
        }
    }

    #[test]
    fn the_siguo_palette_keeps_every_seat_colour_and_fits_a_byte() {
        use super::super::siguo::look::SEAT_COLOURS;
        let palette = siguo_palette();
        assert!(palette.len() <= 256, "{} colours", palette.len());
        let seats = SEAT_COLOURS
            .iter()
            .flat_map(|seat| [seat.face, seat.edge, seat.detail, seat.ink, seat.tint]);
        for colour in SOLIDS.iter().copied().chain(seats) {
            let index = palette.index(colour);
            assert_eq!(palette.colour(index), colour);
        }
    }

    #[test]
    fn mapping_a_span_equals_a_full_mapping() {
        let image = RgbImage::from_fn(40, 30, |x, y| {
            image::Rgb(mix(WOOD, GUIDE, (x * y) as f32 / 1200.0))
        });
        let palette = palette();
        let mut full = Vec::new();
        palette.indices(&image, &mut full);
        let mut span = vec![0u8; 13];
        let row = 7 * 40 + 5;
        palette.index_span(&image.as_raw()[row * 3..(row + 13) * 3], &mut span);
        assert_eq!(span, full[row..row + 13]);
    }
}
