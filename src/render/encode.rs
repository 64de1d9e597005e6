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

/// The GIF comment that names a replay's language, as the PNG text chunk does: `Language: en`.
pub fn gif_language_comment(language: Language) -> Vec<u8> {
    format!("{LANGUAGE_KEYWORD}: {}", language.tag()).into_bytes()
}

/// The language a board image (PNG) or a replay (GIF) of this renderer says its words are
/// drawn in; `None` for any other file.
pub fn language_of_image(bytes: &[u8]) -> Option<Language> {
    if bytes.starts_with(b"GIF8") {
        return gif_comments(bytes).into_iter().find_map(|comment| {
            let text = std::str::from_utf8(&comment).ok()?;
            let tag = text.strip_prefix(LANGUAGE_KEYWORD)?.strip_prefix(": ")?;
            Language::from_tag(tag)
        });
    }
    let reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .ok()?;
    reader
        .info()
        .uncompressed_latin1_text
        .iter()
        .find(|chunk| chunk.keyword == LANGUAGE_KEYWORD)
        .and_then(|chunk| Language::from_tag(&chunk.text))
}

/// The comment extensions before a GIF's first image (where the renderer writes its own).
fn gif_comments(bytes: &[u8]) -> Vec<Vec<u8>> {
    const HEADER: usize = 6 + 7;
    let mut comments = Vec::new();
    let Some(&flags) = bytes.get(10) else {
        return comments;
    };
    let mut at = HEADER;
    if flags & 0x80 != 0 {
        at += 3 << ((flags & 0x07) + 1);
    }
    // Extension blocks: 0x21, a label, then sub-blocks (length, bytes) up to an empty one.
    while bytes.get(at) == Some(&0x21) {
        let Some(&label) = bytes.get(at + 1) else {
            break;
        };
        at += 2;
        let mut data = Vec::new();
        loop {
            let Some(&length) = bytes.get(at) else {
                return comments;
            };
            at += 1;
            if length == 0 {
                break;
            }
            let Some(block) = bytes.get(at..at + usize::from(length)) else {
                return comments;
            };
            data.extend_from_slice(block);
            at += usize::from(length);
        }
        if label == 0xFE {
            comments.push(data);
        }
    }
    comments
}
