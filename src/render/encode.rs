//! PNG output: an 8-bit indexed image with the palette fitted to sample renders (see
//! [`super::quantize`]), Paeth filtering (vertically and horizontally repeated indices become
//! zeros) and the fast deflate of the `png` crate.

use std::sync::{LazyLock, OnceLock};

use image::RgbImage;

use super::quantize::Palette;
use super::{RenderError, RenderOptions, Script, render_image, samples};

static PALETTE: LazyLock<Result<Palette, String>> = LazyLock::new(|| {
    let mut images = Vec::new();
    for (view, panel, guide, script) in samples::sample_scenes() {
        let options = RenderOptions { script };
        let image = render_image(&view, &panel, guide.as_ref(), &options)
            .map_err(|error| error.to_string())?;
        images.push(image);
    }
    let images: Vec<&RgbImage> = images.iter().collect();
    Ok(Palette::fit(&images))
});

/// The palette, fitted on first use.
pub fn palette() -> Result<&'static Palette, RenderError> {
    PALETTE
        .as_ref()
        .map_err(|message| RenderError::Palette(message.clone()))
}

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

/// Encodes `image` with `palette`, using `indices` as scratch space. With `background` (the
/// image it was drawn over and its indices), unchanged pixels are not looked up again.
pub fn encode_indexed(
    image: &RgbImage,
    palette: &Palette,
    background: Option<(&RgbImage, &[u8])>,
    indices: &mut Vec<u8>,
) -> Result<Vec<u8>, RenderError> {
    match background {
        Some((pixels, known)) => palette.indices_over(image, pixels, known, indices),
        None => palette.indices(image, indices),
    }
    let mut out = Vec::with_capacity(128 * 1024);
    let mut encoder = png::Encoder::new(&mut out, image.width(), image.height());
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
