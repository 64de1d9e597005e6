//! PNG output: an 8-bit indexed image in the fixed palette (see [`super::palette`]), Paeth
//! filtering (vertically and horizontally repeated indices become zeros) and the fast deflate
//! of the `png` crate.

use std::sync::OnceLock;

use image::RgbImage;

use super::palette::Palette;
use super::{RenderError, Script};

static BACKGROUND_INDICES: [OnceLock<Vec<u8>>; 2] = [OnceLock::new(), OnceLock::new()];

/// The palette indices of the background of `script`.
pub fn background_indices(
    palette: &Palette,
    background: &RgbImage,
    script: Script,
) -> &'static [u8] {
    BACKGROUND_INDICES[script as usize].get_or_init(|| {
        let mut indices = Vec::new();
        palette.indices(background, &mut indices);
        indices
    })
}

/// Writes an indexed PNG of `width` × `height` pixels.
pub fn write_png(
    width: u32,
    height: u32,
    palette: &Palette,
    indices: &[u8],
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(128 * 1024);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.rgb_bytes());
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Paeth);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(indices)?;
    writer.finish()?;
    Ok(out)
}
