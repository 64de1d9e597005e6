//! PNG output: an 8-bit indexed image in the fixed palette (see [`super::palette`]), Paeth
//! filtering (vertically and horizontally repeated indices become zeros) and the fast deflate
//! of the `png` crate.

use std::sync::OnceLock;

use image::RgbImage;

use super::palette::Palette;
use crate::config::Language;

use super::{RenderError, language_index};

static BACKGROUND_INDICES: [OnceLock<Vec<u8>>; 3] =
    [OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// The palette indices of the background in `language`.
pub fn background_indices(
    palette: &Palette,
    background: &RgbImage,
    language: Language,
) -> &'static [u8] {
    BACKGROUND_INDICES[language_index(language)].get_or_init(|| {
        let mut indices = Vec::new();
        palette.indices(background, &mut indices);
        indices
    })
}

/// The PNG text keyword that names the language the image's words are drawn in, so that a
/// front end's tests can tell which language an attached image speaks.
pub const LANGUAGE_KEYWORD: &str = "Language";

/// Writes an indexed PNG of `width` × `height` pixels whose words are in `language`.
pub fn write_png(
    width: u32,
    height: u32,
    palette: &Palette,
    indices: &[u8],
    language: Language,
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(128 * 1024);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.rgb_bytes());
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Paeth);
    encoder.add_text_chunk(LANGUAGE_KEYWORD.into(), language.tag().into())?;
    let mut writer = encoder.write_header()?;
    writer.write_image_data(indices)?;
    writer.finish()?;
    Ok(out)
}
