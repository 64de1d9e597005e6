//! The animated replay of a finished game (GIF), lila-gif style: every frame is drawn once
//! with the board renderer, mapped to the fixed board palette (the GIF's one global colour
//! table, so no per-frame quantisation), and only the rectangle that changed since the frame
//! before is encoded, its unchanged pixels written as the palette's spare (transparent) index
//! so that LZW packs them into almost nothing.
//!
//! Frames: the starting position, the board after each action, then the reveal; a pause on
//! the first and last. When a size cap is given and the animation passes it, intermediate
//! frames are left out (each kept frame then lasts as long as the actions it stands for)
//! until it fits; if even the first, last and reveal frames alone do not fit, it is refused.

use std::borrow::Cow;

use image::RgbImage;

use crate::config::Language;
use crate::game::{PublicView, RevealedView};

use super::canvas::{Canvas, Span, Touched, copy_span};
use super::codec::Lzw;
use super::palette::{self, Palette};
use super::scratch::Kept;
use super::{Panel, RenderError, RenderOptions, board, draw, draw_reveal, encode, text};

/// How long the first frame stays before the game starts to move, in centiseconds.
const OPENING_PAUSE_CS: u16 = 150;
/// How long the reveal stays before the animation loops, in centiseconds.
const CLOSING_PAUSE_CS: u16 = 400;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ReplayOptions {
    /// Every text on the frames is in this language.
    pub language: Language,
    /// Actions per second (at least 1).
    pub speed: u32,
    /// The most bytes the GIF may take; frames are left out to stay under it.
    pub size_cap: Option<usize>,
}

/// An encoded replay and what it holds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReplayGif {
    pub bytes: Vec<u8>,
    /// Frames in the file (the actions + 2 unless frames were left out for the size cap).
    pub frames: usize,
    /// Every `step`-th position is a frame (1: all of them).
    pub step: usize,
    /// How long one loop of the animation lasts, in centiseconds.
    pub duration_cs: u64,
}

/// Encodes the replay of `views` (the position before any action, then after each action)
/// followed by `reveal`, the panel showing `panel` on every frame.
pub fn render_replay_gif(
    views: &[PublicView],
    reveal: &RevealedView,
    panel: &Panel,
    options: &ReplayOptions,
) -> Result<ReplayGif, RenderError> {
    let actions = views.len().saturating_sub(1);
    let mut step = 1;
    loop {
        let gif = encode_replay(views, reveal, panel, options, step)?;
        let Some(cap) = options.size_cap else {
            return Ok(gif);
        };
        if gif.bytes.len() <= cap {
            return Ok(gif);
        }
        if step >= actions.max(1) {
            return Err(RenderError::TooLarge {
                bytes: gif.bytes.len(),
                cap,
            });
        }
        // Size grows about linearly with the frames kept: aim a tenth under the cap.
        let ratio = gif.bytes.len() as f64 / cap as f64 * 1.1;
        let next = (step as f64 * ratio).ceil() as usize;
        step = next.clamp(step + 1, actions.max(1));
    }
}

/// The indices of which views are frames at `step`: 0, step, 2·step, …, and always the last.
fn kept(views: usize, step: usize) -> Vec<usize> {
    let last = views.saturating_sub(1);
    let mut kept: Vec<usize> = (0..views).step_by(step.max(1)).collect();
    if kept.last() != Some(&last) {
        kept.push(last);
    }
    kept
}

fn encode_replay(
    views: &[PublicView],
    reveal: &RevealedView,
    panel: &Panel,
    options: &ReplayOptions,
    step: usize,
) -> Result<ReplayGif, RenderError> {
    let fonts = text::fonts()?;
    let palette = palette::palette();
    let render = RenderOptions {
        language: options.language,
    };
    let background = board::background(fonts, options.language);
    let background_indices = encode::background_indices(palette, background, options.language);
    let (width, height) = background.dimensions();
    let mut writer = FrameWriter::new(palette, width, height, options.language)?;
    let mut frames = Frames::new(background, background_indices);
    let per_action_cs = (100 / options.speed.max(1)).max(2);
    let kept = kept(views.len(), step);
    for (position, &index) in kept.iter().enumerate() {
        frames.draw(palette, |canvas| {
            draw(
                canvas,
                fonts,
                &views[index],
                panel,
                None,
                &render,
                &Kept::NOTHING,
            )
        });
        // A frame lasts as long as the actions up to the next kept frame.
        let next = kept.get(position + 1).copied().unwrap_or(index + 1);
        let mut delay = per_action_cs as u64 * (next - index) as u64;
        if position == 0 {
            delay += u64::from(OPENING_PAUSE_CS);
        }
        writer.frame(&frames.indices, &frames.changed, delay)?;
    }
    frames.draw(palette, |canvas| {
        draw_reveal(canvas, fonts, reveal, panel, &render)
    });
    writer.frame(
        &frames.indices,
        &frames.changed,
        u64::from(CLOSING_PAUSE_CS),
    )?;
    Ok(ReplayGif {
        frames: writer.frames,
        duration_cs: writer.duration_cs,
        bytes: writer.finish()?,
        step,
    })
}

/// The frame being drawn over the background: its pixels and palette indices, and the columns
/// of each row the frame before drew on (all that must be put back to the background).
struct Frames<'b> {
    background: &'b RgbImage,
    background_indices: &'b [u8],
    pixels: RgbImage,
    indices: Vec<u8>,
    touched: Touched,
    /// Per row, where this frame may differ from the one before.
    changed: Vec<Span>,
}

impl<'b> Frames<'b> {
    fn new(background: &'b RgbImage, background_indices: &'b [u8]) -> Frames<'b> {
        Frames {
            background,
            background_indices,
            pixels: background.clone(),
            indices: background_indices.to_vec(),
            touched: Touched::default(),
            changed: Vec::new(),
        }
    }

    /// Draws the next frame with `paint`, and notes in `changed` where it may differ from the
    /// frame before (what either of them drew). The canvas keeps the indices up to date.
    fn draw(&mut self, palette: &'static Palette, paint: impl FnOnce(&mut Canvas)) {
        let width = self.pixels.width() as usize;
        let pixels: &mut [u8] = &mut self.pixels;
        let (background, background_indices) = (self.background.as_raw(), self.background_indices);
        let indices = &mut self.indices;
        self.touched.for_each_run(|y, start, end| {
            copy_span(
                (&mut *pixels, &mut *indices, (width, 0)),
                (background, background_indices, (width, 0)),
                width,
                (y, start, end),
            );
        });
        let height = self.pixels.height() as usize;
        self.changed.clear();
        self.changed
            .extend((0..height).map(|y| self.touched.span(y)));
        let mut canvas = Canvas::indexed(
            &mut self.pixels,
            palette,
            &mut self.indices,
            (width, 0),
            std::mem::take(&mut self.touched),
        );
        paint(&mut canvas);
        self.touched = canvas.into_touched();
        for (y, changed) in self.changed.iter_mut().enumerate() {
            let (start, end) = self.touched.span(y);
            if start < end {
                *changed = (changed.0.min(start), changed.1.max(end));
            }
        }
    }
}

/// The GIF being written and the indices of the frame shown last.
struct FrameWriter<'p> {
    encoder: gif::Encoder<Vec<u8>>,
    palette: &'p Palette,
    lzw: Lzw,
    width: u32,
    height: u32,
    /// The indices on screen after the frames so far (empty before the first).
    shown: Vec<u8>,
    rect: Vec<u8>,
    codes: Vec<u8>,
    frames: usize,
    duration_cs: u64,
}

impl<'p> FrameWriter<'p> {
    fn new(
        palette: &'p Palette,
        width: u32,
        height: u32,
        language: Language,
    ) -> Result<FrameWriter<'p>, RenderError> {
        // The board is 860 × 886 pixels (layout.rs): well inside a GIF's 16-bit sizes.
        let mut encoder = gif::Encoder::new(
            Vec::with_capacity(1 << 20),
            width as u16,
            height as u16,
            &palette.rgb_bytes(),
        )?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        // Like the PNG's text chunk: the replay says which language its words are in.
        let comment = encode::gif_language_comment(language);
        encoder.write_raw_extension(gif::AnyExtension(0xFE), &[&comment])?;
        Ok(FrameWriter {
            encoder,
            palette,
            lzw: Lzw::default(),
            width,
            height,
            shown: Vec::new(),
            rect: Vec::new(),
            codes: Vec::new(),
            frames: 0,
            duration_cs: 0,
        })
    }

    /// Adds the frame of palette indices `current` shown for `delay_cs`; it differs from the
    /// frame before at most inside `changed` (per row).
    fn frame(
        &mut self,
        current: &[u8],
        changed: &[Span],
        delay_cs: u64,
    ) -> Result<(), RenderError> {
        let width = self.width as usize;
        let first = self.shown.len() != current.len();
        let (left, top, right, bottom) = if first {
            (0, 0, width, self.height as usize)
        } else {
            changed_rect(&self.shown, current, width, changed)
        };
        let transparent = (!first).then(|| self.palette.spare_index()).flatten();
        self.rect.clear();
        for y in top..bottom {
            let row = y * width;
            let Some(spare) = transparent else {
                self.rect
                    .extend_from_slice(&current[row + left..row + right]);
                continue;
            };
            // Outside the changed columns the row is as shown: all transparent.
            let (start, end) = changed.get(y).copied().unwrap_or((u32::MAX, 0));
            let start = (start as usize).clamp(left, right);
            let end = (end as usize).clamp(start, right);
            self.rect.resize(self.rect.len() + (start - left), spare);
            let now = &current[row + start..row + end];
            let before = &self.shown[row + start..row + end];
            self.rect.extend(
                now.iter()
                    .zip(before)
                    .map(|(now, before)| if now == before { spare } else { *now }),
            );
            self.rect.resize(self.rect.len() + (right - end), spare);
        }
        self.codes.clear();
        self.lzw
            .encode(&self.rect, transparent.unwrap_or(0), &mut self.codes);
        // A GIF delay is at most 655.35 s; a longer frame is clamped.
        let delay = u16::try_from(delay_cs).unwrap_or(u16::MAX);
        let frame = gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent,
            left: left as u16,
            top: top as u16,
            width: (right - left) as u16,
            height: (bottom - top) as u16,
            buffer: Cow::Borrowed(&self.codes),
            ..gif::Frame::default()
        };
        self.encoder.write_lzw_pre_encoded_frame(&frame)?;
        if first {
            self.shown = current.to_vec();
        } else {
            for (y, &(start, end)) in changed.iter().enumerate() {
                if start < end {
                    let range = y * width + start as usize..y * width + end as usize;
                    self.shown[range.clone()].copy_from_slice(&current[range]);
                }
            }
        }
        self.frames += 1;
        self.duration_cs += u64::from(delay);
        Ok(())
    }

    fn finish(self) -> Result<Vec<u8>, RenderError> {
        Ok(self.encoder.into_inner()?)
    }
}

/// The smallest rectangle (left, top, right, bottom; right and bottom exclusive) holding every
/// index that differs, looking only inside `changed` (per row); one pixel when nothing does (a
/// frame must still be written to keep its time).
fn changed_rect(
    before: &[u8],
    now: &[u8],
    width: usize,
    changed: &[Span],
) -> (usize, usize, usize, usize) {
    let (mut left, mut top, mut right, mut bottom) = (width, usize::MAX, 0, 0);
    for (y, &(start, end)) in changed.iter().enumerate() {
        let (start, end) = (start as usize, (end as usize).min(width));
        if start >= end {
            continue;
        }
        let range = y * width + start..y * width + end;
        let (before, now) = (&before[range.clone()], &now[range]);
        if before == now {
            continue;
        }
        let first = before.iter().zip(now).position(|(a, b)| a != b);
        let last = before.iter().zip(now).rposition(|(a, b)| a != b);
        if let (Some(first), Some(last)) = (first, last) {
            top = top.min(y);
            bottom = y + 1;
            left = left.min(start + first);
            right = right.max(start + last + 1);
        }
    }
    if top == usize::MAX {
        (0, 0, 1, 1)
    } else {
        (left, top, right, bottom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_changed_rectangle_bounds_every_difference() {
        let before = vec![0u8; 6 * 4];
        let mut now = before.clone();
        now[6 + 2] = 1;
        now[2 * 6 + 4] = 1;
        let everywhere = vec![(0, 6); 4];
        assert_eq!(changed_rect(&before, &now, 6, &everywhere), (2, 1, 5, 3));
        assert_eq!(changed_rect(&before, &before, 6, &everywhere), (0, 0, 1, 1));
        // Only where something was drawn is looked at.
        let row_two = [(u32::MAX, 0), (u32::MAX, 0), (3, 6), (u32::MAX, 0)];
        assert_eq!(changed_rect(&before, &now, 6, &row_two), (4, 2, 5, 3));
    }

    #[test]
    fn kept_frames_start_and_end_with_the_first_and_last_positions() {
        assert_eq!(kept(5, 1), vec![0, 1, 2, 3, 4]);
        assert_eq!(kept(5, 3), vec![0, 3, 4]);
        assert_eq!(kept(5, 4), vec![0, 4]);
        assert_eq!(kept(1, 2), vec![0]);
    }
}
