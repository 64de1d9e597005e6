//! The board image posted after every turn (PNG): a faithful junqi board (railways, roads,
//! camps, headquarters, the mountain), the pieces as the players see them, the last action,
//! the optional move guide, the player panel and the game-over banner. It is drawn from a
//! [`PublicView`] only, so it cannot leak a face-down identity.
//!
//! Speed: the board background, the opening board and every piece tile are drawn once per
//! process (per language or script) and copied; glyphs are rasterised once and cached. A
//! render puts back only what the last one on its thread drew, stamps the tiles that differ
//! from its base (`scratch`: the background, or the opening board for early boards), draws a
//! few anti-aliased marks and the panel, and codes the PNG by reusing the nearer base's
//! compressed bits wherever the image is unchanged (`reference`).

mod board;
mod canvas;
mod chart;
mod codec;
mod encode;
mod from_position;
mod last_action;
mod layout;
mod marks;
mod opening;
mod palette;
mod panel;
mod raster;
mod replay;
mod scratch;
mod siguo;
mod standings;
mod text;
mod tiles;

use image::RgbImage;
use thiserror::Error;

use crate::config::Language;
use crate::game::{NotationError, PublicView, RevealedView, Square, SquareSet};

use crate::words::board as words;
use canvas::Canvas;

pub use chart::{Chart, render_chart};
pub use codec::CodecError;
pub use encode::{LANGUAGE_KEYWORD, language_of_image};
pub use from_position::{guide_from_view, render_position_text};
pub use layout::{HEIGHT, WIDTH};
pub use replay::{ReplayGif, ReplayOptions, render_replay_gif};
pub use siguo::{SeatLabel, SiguoLastAction, SiguoSheet, render_siguo_png};
pub use standings::{MAX_ROWS as MAX_STANDINGS_ROWS, StandingRow, render_standings};
pub use words::{LANGUAGES, Word};

/// Which characters the piece names are written in: 繁體 for a Traditional Chinese image,
/// 简体 for the others.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
enum Script {
    /// 简体: 军长, 炸弹, …
    #[default]
    Simplified,
    /// 繁體: 軍長, 炸彈, …
    Traditional,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RenderOptions {
    /// Every text on the image is in this language.
    pub language: Language,
}

impl RenderOptions {
    fn script(&self) -> Script {
        script_of(self.language)
    }
}

fn script_of(language: Language) -> Script {
    match language {
        Language::ZhHant => Script::Traditional,
        Language::ZhHans | Language::English => Script::Simplified,
    }
}

/// The index of `language` in per-language caches.
fn language_index(language: Language) -> usize {
    match language {
        Language::English => 0,
        Language::ZhHans => 1,
        Language::ZhHant => 2,
    }
}

/// What the panel shows beyond the view, by seat index.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Panel {
    /// Display names. Characters missing from the embedded fonts (most CJK beyond the piece
    /// names, emoji) are drawn as `?`; long names are shortened with `..`.
    pub names: [String; 2],
    /// Seconds left on the clock of the seat to act.
    pub seconds_left: Option<u32>,
    /// Points won (positive) and lost (negative) by each seat, once the game is over.
    pub points: Option<[i64; 2]>,
}

impl Panel {
    pub fn new(names: [String; 2]) -> Panel {
        Panel {
            names,
            seconds_left: None,
            points: None,
        }
    }
}

impl Default for Panel {
    fn default() -> Self {
        Panel::new(["Player 1".to_string(), "Player 2".to_string()])
    }
}

/// The move guide of one selected piece: square sets as `Game::destinations` returns them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Guide {
    pub from: Square,
    /// Empty squares the piece can reach.
    pub empty: SquareSet,
    /// Squares holding pieces it can attack.
    pub attacks: SquareSet,
}

#[derive(Debug, Error)]
pub enum RenderError {
    #[error("the embedded font could not be read: {0}")]
    Font(String),
    #[error("could not encode the PNG: {0}")]
    Encode(#[from] codec::CodecError),
    #[error(transparent)]
    Notation(#[from] NotationError),
    #[error("no move guide for {square}: {reason}")]
    Guide { square: Square, reason: String },
    #[error("could not encode the GIF: {0}")]
    Gif(#[from] gif::EncodingError),
    #[error("the replay takes {bytes} bytes even with most frames left out, over the cap of {cap}")]
    TooLarge { bytes: usize, cap: usize },
}

/// Draws the board image for `view` and encodes it as a PNG.
pub fn render_png(
    view: &PublicView,
    panel: &Panel,
    guide: Option<&Guide>,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    scratch::render_png(view, panel, guide, options)
}

/// Draws the board image for `view`: the pixels [`render_png`] encodes (before the palette).
pub fn render_image(
    view: &PublicView,
    panel: &Panel,
    guide: Option<&Guide>,
    options: &RenderOptions,
) -> Result<RgbImage, RenderError> {
    let fonts = text::fonts()?;
    let mut pixels = board::background(fonts, options.language).clone();
    draw(
        &mut Canvas::rgb(&mut pixels),
        fonts,
        view,
        panel,
        guide,
        options,
        &scratch::Kept::NOTHING,
    );
    Ok(pixels)
}

/// Encodes an image from [`render_image`] drawn in `language` with the palette [`render_png`]
/// uses.
pub fn encode_png(image: &RgbImage, language: Language) -> Result<Vec<u8>, RenderError> {
    let mut indices = Vec::new();
    palette::palette().indices(image, &mut indices);
    encode::write_png(image.width(), image.height(), &indices, language)
}

/// The final board of a finished game with every piece that was never flipped drawn face up
/// in the ghost style (a green wash and a dashed frame), as a PNG.
pub fn render_reveal_png(
    reveal: &RevealedView,
    panel: &Panel,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    encode_png(
        &render_reveal_image(reveal, panel, options)?,
        options.language,
    )
}

/// The pixels of [`render_reveal_png`].
pub fn render_reveal_image(
    reveal: &RevealedView,
    panel: &Panel,
    options: &RenderOptions,
) -> Result<RgbImage, RenderError> {
    let fonts = text::fonts()?;
    let mut pixels = board::background(fonts, options.language).clone();
    draw_reveal(&mut Canvas::rgb(&mut pixels), fonts, reveal, panel, options);
    Ok(pixels)
}

/// The reveal over a copy of the background: the final board, then the ghosts.
fn draw_reveal(
    canvas: &mut Canvas,
    fonts: &text::Fonts,
    reveal: &RevealedView,
    panel: &Panel,
    options: &RenderOptions,
) {
    draw(
        canvas,
        fonts,
        &reveal.view,
        panel,
        None,
        options,
        &scratch::Kept::NOTHING,
    );
    let tiles = tiles::tiles(fonts, options.script());
    for (square, piece) in reveal.hidden() {
        let at = layout::centre(*square);
        tiles.board.blit(tiles.board.revealed(*piece), canvas, at);
        marks::draw_ghost(canvas, at);
    }
    if !reveal.hidden().is_empty() {
        panel::draw_reveal_note(canvas, fonts, options.language);
    }
}

/// Everything that changes from render to render, drawn on `canvas`, which holds the
/// background, or the opening board with what `kept` names of it still standing and the rest
/// of its tiles and parts cleared (scratch.rs).
fn draw(
    canvas: &mut Canvas,
    fonts: &text::Fonts,
    view: &PublicView,
    panel: &Panel,
    guide: Option<&Guide>,
    options: &RenderOptions,
    kept: &scratch::Kept,
) {
    let tiles = tiles::tiles(fonts, options.script());
    marks::draw_under(canvas, view, guide);
    for square in Square::all() {
        if kept.squares.contains(square) {
            continue;
        }
        if let Some(stamp) = tiles.board.stamp_for(view.cell(square)) {
            tiles.board.blit(stamp, canvas, layout::centre(square));
        }
    }
    marks::draw_over(canvas, view, guide);
    panel::draw(
        canvas,
        fonts,
        tiles,
        view,
        panel,
        (options.language, kept.panel),
    );
    marks::draw_game_over(canvas, fonts, view, panel, options.language);
}
