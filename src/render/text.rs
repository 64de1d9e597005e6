//! Text: the embedded fonts (Noto Sans CJK Bold, see assets/README.md), a process-wide cache
//! of rasterised glyphs so a render never rasterises the same glyph twice, and drawing of
//! laid-out lines. The common font covers Latin (with accents), Cyrillic, kana, the common
//! Hangul syllables and the common Chinese characters of both scripts, so any display name is
//! drawn legibly; a character no font has (an emoji, a rare ideograph) is left out rather than
//! drawn as a box or `?`.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use super::RenderError;
use super::raster::{Rgb, Surface};

static COMMON_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansCJKsc-Bold-common.otf");
static TRADITIONAL_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansTC-Bold-subset.otf");

/// Which embedded face to draw with first. `Simplified` is the common font, which also stands
/// in for any character the Traditional face (a small subset with the Taiwanese glyph shapes
/// of the board's own words) lacks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Face {
    Simplified,
    Traditional,
}

/// What shortened text ends with.
const ELLIPSIS: char = '…';

/// The loaded fonts; obtained once per render through [`fonts`].
pub struct Fonts {
    faces: [FontRef<'static>; 2],
}

static FONTS: LazyLock<Result<Fonts, String>> = LazyLock::new(|| {
    let load = |bytes: &'static [u8], name: &str| {
        FontRef::try_from_slice(bytes).map_err(|error| format!("{name}: {error}"))
    };
    Ok(Fonts {
        faces: [
            load(COMMON_FONT, "NotoSansCJKsc-Bold-common.otf")?,
            load(TRADITIONAL_FONT, "NotoSansTC-Bold-subset.otf")?,
        ],
    })
});

/// The embedded fonts, or why they could not be read.
pub fn fonts() -> Result<&'static Fonts, RenderError> {
    FONTS
        .as_ref()
        .map_err(|message| RenderError::Font(message.clone()))
}

/// A rasterised glyph: coverage bytes and where they sit relative to the pen on the baseline.
#[derive(Debug)]
pub struct GlyphBitmap {
    left: i32,
    top: i32,
    width: u32,
    height: u32,
    coverage: Vec<u8>,
}

type GlyphKey = (Face, u16, u32);

static GLYPHS: LazyLock<Mutex<HashMap<GlyphKey, Arc<GlyphBitmap>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// A line of text laid out at a size, ready to draw.
pub struct Line {
    glyphs: Vec<(Arc<GlyphBitmap>, i32)>,
    /// Advance width in pixels.
    pub width: i32,
    /// Highest and lowest inked pixel rows relative to the baseline (negative is above).
    pub ink_top: i32,
    pub ink_bottom: i32,
}

/// Where the x given to a draw call sits on the line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Align {
    Left,
    Centre,
    Right,
}

impl Fonts {
    fn font(&self, face: Face) -> &FontRef<'static> {
        &self.faces[face as usize]
    }

    /// True when `face` has a glyph for `c`.
    #[cfg(test)]
    pub fn has_glyph(&self, face: Face, c: char) -> bool {
        self.font(face).glyph_id(c) != GlyphId(0)
    }

    /// The face that draws `c` when `face` is asked for, and its glyph; `None` when no
    /// embedded font has it.
    fn glyph(&self, face: Face, c: char) -> Option<(Face, GlyphId)> {
        [face, Face::Simplified].into_iter().find_map(|face| {
            let id = self.font(face).glyph_id(c);
            (id != GlyphId(0)).then_some((face, id))
        })
    }

    /// True when some embedded font draws `c`.
    pub fn can_draw(&self, c: char) -> bool {
        self.glyph(Face::Simplified, c).is_some()
    }

    /// Lays out `text` at `px` pixels (the font's full height), one line. Characters no font
    /// has are left out.
    pub fn line(&self, face: Face, px: f32, text: &str) -> Line {
        let mut cache = GLYPHS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut glyphs = Vec::with_capacity(text.len());
        let mut pen = 0.0f32;
        let mut previous: Option<(Face, GlyphId)> = None;
        let (mut ink_top, mut ink_bottom) = (0, 0);
        for c in text.chars() {
            let Some((face, id)) = self.glyph(face, c) else {
                continue;
            };
            let font = self.font(face);
            let scaled = font.as_scaled(PxScale::from(px));
            if let Some((previous_face, previous)) = previous
                && previous_face == face
            {
                pen += scaled.kern(previous, id);
            }
            let key = (face, id.0, (px * 16.0).round() as u32);
            let bitmap = cache
                .entry(key)
                .or_insert_with(|| Arc::new(rasterise(font, id, px)))
                .clone();
            if bitmap.height > 0 {
                ink_top = ink_top.min(bitmap.top);
                ink_bottom = ink_bottom.max(bitmap.top + bitmap.height as i32);
            }
            glyphs.push((bitmap, pen.round() as i32));
            pen += scaled.h_advance(id);
            previous = Some((face, id));
        }
        Line {
            glyphs,
            width: pen.round() as i32,
            ink_top,
            ink_bottom,
        }
    }

    /// `text` cut at the end (with `…`) so that its measured width fits `max_width` pixels.
    pub fn fit(&self, face: Face, px: f32, text: &str, max_width: i32) -> String {
        if self.line(face, px, text).width <= max_width {
            return text.to_string();
        }
        let mut kept: Vec<char> = text.chars().collect();
        while !kept.is_empty() {
            kept.pop();
            let candidate: String = kept.iter().collect::<String>().trim_end().to_string();
            let candidate = format!("{candidate}{ELLIPSIS}");
            if self.line(face, px, &candidate).width <= max_width {
                return candidate;
            }
        }
        String::new()
    }

    /// A display name as the image shows it: characters no font has (emoji, joiners, rare
    /// ideographs) and control characters dropped, runs of spaces collapsed; `placeholder`
    /// when nothing is left.
    pub fn drawable_name(&self, name: &str, placeholder: &str) -> String {
        let kept: String = name
            .chars()
            .map(|c| if c.is_whitespace() { ' ' } else { c })
            .filter(|c| *c == ' ' || (!c.is_control() && self.can_draw(*c)))
            .collect();
        let words: Vec<&str> = kept.split(' ').filter(|word| !word.is_empty()).collect();
        if words.is_empty() {
            placeholder.to_string()
        } else {
            words.join(" ")
        }
    }

    /// Draws `text` with its baseline at `baseline`, aligned on `x`. Returns the line width.
    #[allow(clippy::too_many_arguments)]
    pub fn draw<S: Surface + ?Sized>(
        &self,
        surface: &mut S,
        face: Face,
        px: f32,
        (x, baseline): (i32, i32),
        align: Align,
        colour: Rgb,
        text: &str,
    ) -> i32 {
        let line = self.line(face, px, text);
        let left = match align {
            Align::Left => x,
            Align::Centre => x - line.width / 2,
            Align::Right => x - line.width,
        };
        line.draw(surface, (left, baseline), colour, 1.0);
        line.width
    }

    /// Draws `text` with its ink centred on `centre`, both ways.
    pub fn draw_centred<S: Surface + ?Sized>(
        &self,
        surface: &mut S,
        face: Face,
        px: f32,
        centre: (f32, f32),
        colour: Rgb,
        text: &str,
    ) {
        let line = self.line(face, px, text);
        let left = (centre.0 - line.width as f32 / 2.0).round() as i32;
        let baseline = (centre.1 - (line.ink_top + line.ink_bottom) as f32 / 2.0).round() as i32;
        line.draw(surface, (left, baseline), colour, 1.0);
    }
}

impl Line {
    /// Draws the line with the pen starting at `x` on `baseline`.
    pub fn draw<S: Surface + ?Sized>(
        &self,
        surface: &mut S,
        (x, baseline): (i32, i32),
        colour: Rgb,
        opacity: f32,
    ) {
        let (width, height) = (surface.width() as i32, surface.height() as i32);
        for (bitmap, offset) in &self.glyphs {
            let left = x + offset + bitmap.left;
            let top = baseline + bitmap.top;
            for row in 0..bitmap.height as i32 {
                let y = top + row;
                if y < 0 || y >= height {
                    continue;
                }
                for column in 0..bitmap.width as i32 {
                    let px = left + column;
                    if px < 0 || px >= width {
                        continue;
                    }
                    let coverage = bitmap.coverage[(row * bitmap.width as i32 + column) as usize];
                    if coverage > 0 {
                        surface.blend(
                            px as u32,
                            y as u32,
                            colour,
                            coverage as f32 / 255.0 * opacity,
                        );
                    }
                }
            }
        }
    }
}

fn rasterise(font: &FontRef<'static>, id: GlyphId, px: f32) -> GlyphBitmap {
    let glyph = id.with_scale_and_position(PxScale::from(px), point(0.0, 0.0));
    let Some(outlined) = font.outline_glyph(glyph) else {
        return GlyphBitmap {
            left: 0,
            top: 0,
            width: 0,
            height: 0,
            coverage: Vec::new(),
        };
    };
    let bounds = outlined.px_bounds();
    let width = bounds.width() as u32;
    let height = bounds.height() as u32;
    let mut coverage = vec![0u8; (width * height) as usize];
    outlined.draw(|x, y, amount| {
        if x < width && y < height {
            coverage[(y * width + x) as usize] = (amount.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
        }
    });
    GlyphBitmap {
        left: bounds.min.x as i32,
        top: bounds.min.y as i32,
        width,
        height,
        coverage,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Kind;

    #[test]
    fn both_faces_hold_every_piece_name_and_ascii() {
        let fonts = fonts().expect("embedded fonts load");
        for face in [Face::Simplified, Face::Traditional] {
            for kind in Kind::ALL {
                for c in kind
                    .name_simplified()
                    .chars()
                    .chain(kind.name_traditional().chars())
                {
                    assert!(fonts.has_glyph(face, c), "{face:?} lacks {c}");
                }
            }
        }
        for c in ' '..='~' {
            assert!(fonts.has_glyph(Face::Simplified, c), "lacks {c:?}");
        }
    }

    #[test]
    fn names_in_every_common_script_are_drawable() {
        let fonts = fonts().expect("embedded fonts load");
        for name in [
            "王小明",
            "陳大文",
            "김민준",
            "Ёжик",
            "José Müller",
            "さくら",
            "カタカナ",
            "Renée",
            "鄧麗君",
        ] {
            for c in name.chars().filter(|c| *c != ' ') {
                assert!(fonts.can_draw(c), "{name}: cannot draw {c}");
            }
            assert_eq!(fonts.drawable_name(name, "-"), name);
        }
    }

    #[test]
    fn characters_no_font_has_are_dropped_not_replaced() {
        let fonts = fonts().expect("embedded fonts load");
        assert_eq!(
            fonts.drawable_name("bob 😀 the 🐉 best", "P"),
            "bob the best"
        );
        assert_eq!(fonts.drawable_name("😀👍🏽", "Player 1"), "Player 1");
        assert_eq!(fonts.drawable_name("  \t", "Player 2"), "Player 2");
        let with = fonts.line(Face::Simplified, 20.0, "ab😀c");
        let without = fonts.line(Face::Simplified, 20.0, "abc");
        assert_eq!(with.width, without.width);
    }

    #[test]
    fn fit_shortens_long_text_to_the_width() {
        let fonts = fonts().expect("embedded fonts load");
        let long = "a very long player name that cannot fit";
        let fitted = fonts.fit(Face::Simplified, 20.0, long, 120);
        assert!(fitted.ends_with('…'), "{fitted}");
        assert!(fonts.line(Face::Simplified, 20.0, &fitted).width <= 120);
        assert_eq!(fonts.fit(Face::Simplified, 20.0, "bob", 120), "bob");
    }
}
