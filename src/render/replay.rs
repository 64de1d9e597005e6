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

use super::canvas::Canvas;
use super::palette::{self, Palette};
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
    let mut pixels = background.clone();
    let per_action_cs = (100 / options.speed.max(1)).max(2);
    let kept = kept(views.len(), step);
    for (position, &index) in kept.iter().enumerate() {
        pixels.copy_from_slice(background.as_raw());
        draw(
            &mut Canvas::rgb(&mut pixels),
            fonts,
            &views[index],
            panel,
            None,
            &render,
        );
        // A frame lasts as long as the actions up to the next kept frame.
        let next = kept.get(position + 1).copied().unwrap_or(index + 1);
        let mut delay = per_action_cs as u64 * (next - index) as u64;
        if position == 0 {
            delay += u64::from(OPENING_PAUSE_CS);
        }
        writer.frame(&pixels, background, background_indices, delay)?;
    }
    pixels.copy_from_slice(background.as_raw());
    draw_reveal(&mut Canvas::rgb(&mut pixels), fonts, reveal, panel, &render);
    writer.frame(
        &pixels,
        background,
        background_indices,
        u64::from(CLOSING_PAUSE_CS),
    )?;
    Ok(ReplayGif {
        frames: writer.frames,
        duration_cs: writer.duration_cs,
        bytes: writer.finish()?,
        step,
    })
}

/// The GIF being written and the indices of the frame shown last.
struct FrameWriter<'p> {
    encoder: gif::Encoder<Vec<u8>>,
    palette: &'p Palette,
    width: u32,
    height: u32,
    /// The indices on screen after the frames so far (empty before the first).
    shown: Vec<u8>,
    current: Vec<u8>,
    rect: Vec<u8>,
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
            width,
            height,
            shown: Vec::new(),
            current: Vec::new(),
            rect: Vec::new(),
            frames: 0,
            duration_cs: 0,
        })
    }

    /// Adds the frame `pixels` (drawn over `background`) shown for `delay_cs`.
    fn frame(
        &mut self,
        pixels: &RgbImage,
        background: &RgbImage,
        background_indices: &[u8],
        delay_cs: u64,
    ) -> Result<(), RenderError> {
        self.palette
            .indices_over(pixels, background, background_indices, &mut self.current);
        let width = self.width as usize;
        let (left, top, right, bottom) = if self.shown.len() == self.current.len() {
            changed_rect(&self.shown, &self.current, width)
        } else {
            (0, 0, width, self.height as usize)
        };
        let transparent = (!self.shown.is_empty())
            .then(|| self.palette.spare_index())
            .flatten();
        self.rect.clear();
        for y in top..bottom {
            let row = y * width;
            let now = &self.current[row + left..row + right];
            match (transparent, self.shown.get(row + left..row + right)) {
                (Some(spare), Some(before)) => self.rect.extend(
                    now.iter()
                        .zip(before)
                        .map(|(now, before)| if now == before { spare } else { *now }),
                ),
                _ => self.rect.extend_from_slice(now),
            }
        }
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
            buffer: Cow::Borrowed(&self.rect),
            ..gif::Frame::default()
        };
        self.encoder.write_frame(&frame)?;
        std::mem::swap(&mut self.shown, &mut self.current);
        self.frames += 1;
        self.duration_cs += u64::from(delay);
        Ok(())
    }

    fn finish(self) -> Result<Vec<u8>, RenderError> {
        Ok(self.encoder.into_inner()?)
    }
}

/// The smallest rectangle (left, top, right, bottom; right and bottom exclusive) holding every
/// index that differs; one pixel when nothing does (a frame must still be written to keep
/// its time).
fn changed_rect(before: &[u8], now: &[u8], width: usize) -> (usize, usize, usize, usize) {
    let rows = before.chunks_exact(width).zip(now.chunks_exact(width));
    let (mut left, mut top, mut right, mut bottom) = (width, usize::MAX, 0, 0);
    for (y, (before, now)) in rows.enumerate() {
        if before == now {
            continue;
        }
        let first = before.iter().zip(now).position(|(a, b)| a != b);
        let last = before.iter().zip(now).rposition(|(a, b)| a != b);
        if let (Some(first), Some(last)) = (first, last) {
            top = top.min(y);
            bottom = y + 1;
            left = left.min(first);
            right = right.max(last + 1);
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
        assert_eq!(changed_rect(&before, &now, 6), (2, 1, 5, 3));
        assert_eq!(changed_rect(&before, &before, 6), (0, 0, 1, 1));
    }

    #[test]
    fn kept_frames_start_and_end_with_the_first_and_last_positions() {
        assert_eq!(kept(5, 1), vec![0, 1, 2, 3, 4]);
        assert_eq!(kept(5, 3), vec![0, 3, 4]);
        assert_eq!(kept(5, 4), vec![0, 4]);
        assert_eq!(kept(1, 2), vec![0]);
    }
}
