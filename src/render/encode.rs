//! PNG output: an 8-bit indexed image in the fixed palette (see [`super::palette`]), its rows
//! compressed by [`super::deflate`], and the chunks around them.

use std::cell::RefCell;
use std::sync::OnceLock;

use image::RgbImage;

use super::deflate::Deflater;
use super::layout::COLUMN_STEP;
use super::palette::Palette;
use super::reference::Reference;
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

static BACKGROUND_REFERENCES: [OnceLock<Reference>; 3] =
    [OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// The sideways distances the board's rows are parsed with: tiles stand one column step apart,
/// so a tile repeats the one to its left (face-down tiles always do).
const SIDEWAYS: [usize; 2] = [COLUMN_STEP as usize, 2 * COLUMN_STEP as usize];

/// The background in `language` (its `indices`, rows of `width`) parsed and coded once, for
/// [`write_png_over`].
pub fn background_reference(
    indices: &[u8],
    width: usize,
    language: Language,
) -> &'static Reference {
    BACKGROUND_REFERENCES[language_index(language)]
        .get_or_init(|| reference_of_rows(&png_rows(indices, width), width + 1))
}

/// Palette indices in rows of `width` laid out as PNG rows: each a filter byte (0), then its
/// indices.
pub fn png_rows(indices: &[u8], width: usize) -> Vec<u8> {
    let mut rows = Vec::with_capacity(indices.len() + indices.len() / width.max(1));
    for pixels in indices.chunks(width.max(1)) {
        rows.push(0);
        rows.extend_from_slice(pixels);
    }
    rows
}

/// PNG rows of `stride` bytes parsed and coded as a reference, with the board's distances.
pub fn reference_of_rows(rows: &[u8], stride: usize) -> Reference {
    Reference::new(rows, stride, &SIDEWAYS)
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
    let row = width as usize;
    ROWS.with_borrow_mut(|rows| {
        rows.clear();
        for pixels in indices.chunks(row.max(1)) {
            rows.push(0);
            rows.extend_from_slice(pixels);
        }
        if indices.len() != row * height as usize {
            rows.clear();
        }
        write_png_rows(width, height, palette, rows, language)
    })
}

/// Like [`write_png`] for indices already laid out as PNG rows: each row a filter byte (0,
/// none: the compressor finds the repeats itself) and then its indices.
pub fn write_png_rows(
    width: u32,
    height: u32,
    palette: &Palette,
    rows: &[u8],
    language: Language,
) -> Result<Vec<u8>, RenderError> {
    let row_bytes = width as usize + 1;
    let mut out = png_head(width, height, palette, rows, language)?;
    DEFLATE.with_borrow_mut(|(deflater, stream)| {
        stream.clear();
        deflater.zlib(rows, row_bytes, &SIDEWAYS, stream);
        write_chunk(&mut out, b"IDAT", stream);
    });
    write_chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// Like [`write_png_rows`] for rows that equal the reference's outside the `drawn` byte ranges
/// (ascending): only around those are they parsed. `poison` is scratch memory.
pub fn write_png_over(
    (width, height): (u32, u32),
    palette: &Palette,
    rows: &[u8],
    (reference, drawn): (&Reference, &[(usize, usize)]),
    poison: &mut Vec<(usize, usize)>,
    language: Language,
) -> Result<Vec<u8>, RenderError> {
    let mut out = png_head(width, height, palette, rows, language)?;
    DEFLATE.with_borrow_mut(|(_, stream)| {
        stream.clear();
        reference.zlib(rows, drawn, poison, stream);
        write_chunk(&mut out, b"IDAT", stream);
    });
    write_chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// The signature and the chunks before the pixels, once the rows are checked to fit the size.
fn png_head(
    width: u32,
    height: u32,
    palette: &Palette,
    rows: &[u8],
    language: Language,
) -> Result<Vec<u8>, RenderError> {
    let row_bytes = width as usize + 1;
    if width == 0 || rows.len() != row_bytes * height as usize {
        return Err(RenderError::Encode(png::EncodingError::IoError(
            std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("{} bytes of rows for {width} × {height} pixels", rows.len()),
            ),
        )));
    }
    let mut out = Vec::with_capacity(128 * 1024);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = [0u8; 13];
    header[..4].copy_from_slice(&width.to_be_bytes());
    header[4..8].copy_from_slice(&height.to_be_bytes());
    // 8 bits per pixel, indexed colour, deflate, adaptive filtering, not interlaced.
    header[8..].copy_from_slice(&[8, 3, 0, 0, 0]);
    write_chunk(&mut out, b"IHDR", &header);
    write_chunk(&mut out, b"PLTE", &palette.rgb_bytes());
    let text = [LANGUAGE_KEYWORD.as_bytes(), &[0], language.tag().as_bytes()].concat();
    write_chunk(&mut out, b"tEXt", &text);
    Ok(out)
}

thread_local! {
    /// The rows of the last image [`write_png`] laid out on this thread.
    static ROWS: RefCell<Vec<u8>> = RefCell::default();
    /// The compressor and compressed stream of the last image encoded on this thread.
    static DEFLATE: RefCell<(Deflater, Vec<u8>)> = RefCell::default();
}

/// One PNG chunk: length, type, data and the CRC of type and data.
fn write_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
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
