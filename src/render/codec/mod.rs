//! The PNG writer behind every image the renderer makes, walled off from the drawing: an 8-bit
//! indexed PNG whose rows are compressed by a deflate tuned for drawn boards ([`deflate`]: a
//! third smaller than Paeth filtering plus fdeflate, at about its speed), or, for an image
//! that equals one kept for the life of the process but where it was drawn, coded by reusing
//! that one's compressed bits ([`reference`]). Its one door is [`encode_png`]; beside it, the
//! replay's GIF frames are coded by [`Lzw`] (which shares the bit writer), byte for byte what
//! the gif crate's weezl writes but three times faster on frames of mostly transparent runs
//! (`examples/replay_300`: 0.33 s of CPU per replay against 1.05 s).

mod bits;
mod deflate;
mod huffman;
mod lzw;
mod parse;
mod reference;

use std::cell::RefCell;
use std::sync::{Arc, Mutex, PoisonError};

use thiserror::Error;

use deflate::Deflater;
pub use lzw::Lzw;
use reference::Reference;

/// An image to write as an indexed PNG.
pub struct IndexedImage<'a> {
    pub width: u32,
    pub height: u32,
    /// The palette: three bytes (red, green, blue) per colour, in index order.
    pub palette: &'a [u8],
    /// The pixels as PNG lays out its rows: each row a zero byte (filter "none": the
    /// compressor finds the repeats itself), then the palette index of each pixel.
    pub rows: &'a [u8],
    /// Distances in pixels at which the image tends to repeat itself sideways (tiles a column
    /// apart); the compressor tries them besides one row up and one byte back.
    pub repeats: &'a [usize],
    /// A `tEXt` chunk: its keyword and its text.
    pub text: (&'a str, &'a str),
    /// An image this one equals outside some byte ranges of `rows` (ascending, not
    /// overlapping): then only around those is the image compressed again.
    pub like: Option<Like<'a>>,
}

/// The image an [`IndexedImage`] mostly equals, and where it may differ.
pub struct Like<'a> {
    /// Its rows, laid out as [`IndexedImage::rows`] and kept for the life of the process:
    /// they are compressed once, the first time they are named, and known by their address
    /// from then on (with the `repeats` of that first image).
    pub rows: &'static [u8],
    /// The byte ranges of the image's rows that may differ from `rows`.
    pub differs: &'a [(usize, usize)],
}

#[derive(Debug, Error)]
pub enum CodecError {
    #[error("{rows} bytes of rows for {width} × {height} pixels")]
    Size {
        rows: usize,
        width: u32,
        height: u32,
    },
}

/// Writes `image` as a PNG: the signature, its header, palette and text, the compressed rows.
pub fn encode_png(image: &IndexedImage) -> Result<Vec<u8>, CodecError> {
    let row_bytes = image.width as usize + 1;
    if image.width == 0 || image.rows.len() != row_bytes * image.height as usize {
        return Err(CodecError::Size {
            rows: image.rows.len(),
            width: image.width,
            height: image.height,
        });
    }
    let mut out = Vec::with_capacity(128 * 1024);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = [0u8; 13];
    header[..4].copy_from_slice(&image.width.to_be_bytes());
    header[4..8].copy_from_slice(&image.height.to_be_bytes());
    // 8 bits per pixel, indexed colour, deflate, adaptive filtering, not interlaced.
    header[8..].copy_from_slice(&[8, 3, 0, 0, 0]);
    write_chunk(&mut out, b"IHDR", &header);
    write_chunk(&mut out, b"PLTE", image.palette);
    let (keyword, text) = image.text;
    write_chunk(
        &mut out,
        b"tEXt",
        &[keyword.as_bytes(), &[0], text.as_bytes()].concat(),
    );
    let reference = image
        .like
        .as_ref()
        .map(|like| (known(like.rows, row_bytes, image.repeats), like.differs));
    WORK.with_borrow_mut(|work| {
        let Work {
            deflater,
            stream,
            poison,
        } = work;
        stream.clear();
        match reference {
            Some((reference, differs)) => reference.zlib(image.rows, differs, poison, stream),
            None => deflater.zlib(image.rows, row_bytes, image.repeats, stream),
        }
        write_chunk(&mut out, b"IDAT", stream);
    });
    write_chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// A compressor's buffers, kept per thread between images.
#[derive(Default)]
struct Work {
    deflater: Deflater,
    stream: Vec<u8>,
    /// The ranges a reference's bits cannot be reused over.
    poison: Vec<(usize, usize)>,
}

thread_local! {
    static WORK: RefCell<Work> = RefCell::default();
}

/// Kept rows compressed as references, by their address and length (a handful: the board's
/// background and opening boards of each language).
type Known = Vec<((usize, usize), Arc<Reference>)>;
static KNOWN: Mutex<Known> = Mutex::new(Vec::new());

/// The reference of `rows` (rows of `row_bytes`), compressed the first time it is asked for.
fn known(rows: &'static [u8], row_bytes: usize, repeats: &[usize]) -> Arc<Reference> {
    let key = (rows.as_ptr() as usize, rows.len());
    let find = |known: &Known| {
        known
            .iter()
            .find(|(at, _)| *at == key)
            .map(|(_, reference)| reference.clone())
    };
    if let Some(reference) = find(&KNOWN.lock().unwrap_or_else(PoisonError::into_inner)) {
        return reference;
    }
    // Compressed outside the lock: other threads go on with the references they need. Should
    // two threads compress the same rows at once, the first one kept serves both from then on.
    let made = Arc::new(Reference::new(rows, row_bytes, repeats));
    let mut known = KNOWN.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(reference) = find(&known) {
        return reference;
    }
    known.push((key, made.clone()));
    made
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

#[cfg(test)]
mod tests {
    use super::*;

    const WIDTH: u32 = 40;
    const HEIGHT: u32 = 30;
    /// Four colours: black, red, green, blue.
    const PALETTE: [u8; 12] = [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255];

    /// PNG rows of stripes and a block, with `mark` drawn at the top left.
    fn rows(mark: u8) -> Vec<u8> {
        let mut rows = Vec::new();
        for y in 0..HEIGHT as usize {
            rows.push(0);
            rows.extend((0..WIDTH as usize).map(|x| match (x, y) {
                (0..4, 0..3) => mark,
                (10..20, 10..20) => 3,
                _ => (x / 8 % 3) as u8,
            }));
        }
        rows
    }

    fn image<'a>(rows: &'a [u8], like: Option<Like<'a>>) -> IndexedImage<'a> {
        IndexedImage {
            width: WIDTH,
            height: HEIGHT,
            palette: &PALETTE,
            rows,
            repeats: &[8, 16],
            text: ("Language", "en"),
            like,
        }
    }

    /// The palette indices, row after row, and the text chunks of a PNG, as the png crate reads it.
    fn decoded(png: &[u8]) -> (Vec<u8>, Vec<(String, String)>) {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .expect("a PNG header");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
        let frame = reader.next_frame(&mut pixels).expect("the pixels");
        pixels.truncate(frame.buffer_size());
        let texts = reader
            .info()
            .uncompressed_latin1_text
            .iter()
            .map(|chunk| (chunk.keyword.clone(), chunk.text.clone()))
            .collect();
        (pixels, texts)
    }

    fn without_filter_bytes(rows: &[u8]) -> Vec<u8> {
        rows.chunks(WIDTH as usize + 1)
            .flat_map(|row| row[1..].iter().copied())
            .collect()
    }

    #[test]
    fn an_image_decodes_to_its_indices_and_text_alone_or_like_a_known_one() {
        let known: &'static [u8] = Box::leak(rows(1).into_boxed_slice());
        let drawn = rows(2);
        let differs = [(0, 3 * (WIDTH as usize + 1))];
        for like in [
            None,
            Some(Like {
                rows: known,
                differs: &differs,
            }),
        ] {
            let png = encode_png(&image(&drawn, like)).expect("encodes");
            let (pixels, texts) = decoded(&png);
            assert!(pixels == without_filter_bytes(&drawn), "other pixels");
            assert_eq!(texts, [("Language".to_string(), "en".to_string())]);
        }
    }

    #[test]
    fn known_rows_are_compressed_once() {
        let known: &'static [u8] = Box::leak(rows(1).into_boxed_slice());
        let first = super::known(known, WIDTH as usize + 1, &[8, 16]);
        let again = super::known(known, WIDTH as usize + 1, &[8, 16]);
        assert!(Arc::ptr_eq(&first, &again));
    }

    #[test]
    fn rows_that_do_not_fit_the_size_are_refused() {
        let mut short = rows(1);
        short.pop();
        assert!(matches!(
            encode_png(&image(&short, None)),
            Err(CodecError::Size { rows, .. }) if rows == short.len()
        ));
    }
}
