//! How drawn pixels become files: the palette indices and PNG rows of the board's background,
//! the PNG written through the codec ([`super::codec`]: what the drawing hands it, never how it
//! compresses), and the language each file says its words are in (a PNG text chunk, a GIF
//! comment).

use std::cell::RefCell;
use std::sync::OnceLock;

use image::RgbImage;

use super::codec::{IndexedImage, Like, encode_png};
use super::layout::COLUMN_STEP;
use super::palette::{Palette, palette};
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

static BACKGROUND_ROWS: [OnceLock<Vec<u8>>; 3] =
    [OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// The background in `language` (its `indices`, rows of `width`) as PNG rows: what a board
/// drawn over it is coded against.
pub fn background_rows(indices: &[u8], width: usize, language: Language) -> &'static [u8] {
    BACKGROUND_ROWS[language_index(language)].get_or_init(|| png_rows(indices, width))
}

/// Palette indices in rows of `width` laid out as PNG rows: each a filter byte (0), then its
/// indices.
pub fn png_rows(indices: &[u8], width: usize) -> Vec<u8> {
    let mut rows = Vec::with_capacity(indices.len() + indices.len() / width.max(1));
    png_rows_into(indices, width, &mut rows);
    rows
}

fn png_rows_into(indices: &[u8], width: usize, rows: &mut Vec<u8>) {
    rows.clear();
    for pixels in indices.chunks(width.max(1)) {
        rows.push(0);
        rows.extend_from_slice(pixels);
    }
}

/// The sideways distances the board's rows repeat at: tiles stand one column step apart, so a
/// tile repeats the one to its left (face-down tiles always do).
const REPEATS: [usize; 2] = [COLUMN_STEP as usize, 2 * COLUMN_STEP as usize];

/// The PNG text keyword that names the language the image's words are drawn in, so that a
/// front end's tests can tell which language an attached image speaks.
pub const LANGUAGE_KEYWORD: &str = "Language";

/// Writes an indexed PNG of `width` × `height` pixels (`indices` in the board's palette, rows
/// of `width`) whose words are in `language`.
pub fn write_png(
    width: u32,
    height: u32,
    indices: &[u8],
    language: Language,
) -> Result<Vec<u8>, RenderError> {
    ROWS.with_borrow_mut(|rows| {
        png_rows_into(indices, width as usize, rows);
        write_png_rows((width, height), rows, None, language)
    })
}

thread_local! {
    /// The rows of the last image [`write_png`] laid out on this thread.
    static ROWS: RefCell<Vec<u8>> = RefCell::default();
}

/// Like [`write_png`] for indices already laid out as PNG rows ([`png_rows`]); `like` names
/// kept rows they equal outside the byte ranges it lists.
pub fn write_png_rows(
    (width, height): (u32, u32),
    rows: &[u8],
    like: Option<Like>,
    language: Language,
) -> Result<Vec<u8>, RenderError> {
    Ok(encode_png(&IndexedImage {
        width,
        height,
        palette: &palette().rgb_bytes(),
        rows,
        repeats: &REPEATS,
        text: (LANGUAGE_KEYWORD, language.tag()),
        like,
    })?)
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
