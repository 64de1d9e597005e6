//! The 129 posts of the four-country board (docs/rules.md §15): 30 on each seat's arm, named in
//! its owner's frame (`SB3`: South's column B, row 3), and the nine centre posts `XS XE XN XW
//! XSE XNE XNW XSW XC`. Each post also has a place on a 17×17 grid, for drawing the board
//! from any seat.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::seat::SiguoSeat;
use crate::standard::{HALF_POSTS, Post};

/// Posts on the board: four arms of 30 and the centre's 9.
pub const POSTS: usize = 4 * HALF_POSTS + CENTRE_POSTS;
/// Posts of the centre square.
pub const CENTRE_POSTS: usize = 9;
/// The side of the square grid every post has a place on.
pub const GRID: u8 = 17;

const CENTRE_NAMES: [&str; CENTRE_POSTS] =
    ["XS", "XE", "XN", "XW", "XSE", "XNE", "XNW", "XSW", "XC"];

/// Where South's frame puts each centre post on the grid (South at the bottom, row 16).
const CENTRE_GRID: [(u8, u8); CENTRE_POSTS] = [
    (8, 10),
    (10, 8),
    (8, 6),
    (6, 8),
    (10, 10),
    (10, 6),
    (6, 6),
    (6, 10),
    (8, 8),
];

/// A post of the board, stored as its index: `seat * 30 + post` on an arm (the owner-frame
/// [`Post`] index, `A1` = 0 … `E6` = 29), then `120 + n` for the centre posts in the order
/// `XS XE XN XW XSE XNE XNW XSW XC`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct SiguoPost(u8);

/// Why a text names no post. Every variant quotes the text (at most 16 characters).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SiguoPostError {
    #[error(
        "\"{0}\" is not a post: write an arm S, E, N or W, a column A–E and a row 1–6 (SB3), or a centre post X, XS, XE, XN, XW, XSE, XNE, XNW or XSW"
    )]
    Malformed(String),
    #[error("\"{0}\" is not a post: an arm's columns are A to E")]
    Column(String),
    #[error("\"{0}\" is not a post: an arm's rows are 1 to 6")]
    Row(String),
    #[error(
        "\"{0}\" is not a post: the centre posts are X (or XC), XS, XE, XN, XW, XSE, XNE, XNW and XSW"
    )]
    Centre(String),
    #[error("\"{0}\" names no arm: write its seat's letter first, like SB3")]
    NoArm(String),
    #[error("post index {0} is off the board")]
    OutOfRange(u8),
}

impl SiguoPost {
    pub const XS: SiguoPost = SiguoPost::centre(0);
    pub const XE: SiguoPost = SiguoPost::centre(1);
    pub const XN: SiguoPost = SiguoPost::centre(2);
    pub const XW: SiguoPost = SiguoPost::centre(3);
    pub const XSE: SiguoPost = SiguoPost::centre(4);
    pub const XNE: SiguoPost = SiguoPost::centre(5);
    pub const XNW: SiguoPost = SiguoPost::centre(6);
    pub const XSW: SiguoPost = SiguoPost::centre(7);
    pub const XC: SiguoPost = SiguoPost::centre(8);

    const fn centre(n: usize) -> SiguoPost {
        SiguoPost((4 * HALF_POSTS + n) as u8)
    }

    /// The post of `seat`'s arm named `post` in its owner's frame.
    pub const fn arm(seat: SiguoSeat, post: Post) -> SiguoPost {
        SiguoPost((seat.index() * HALF_POSTS + post.index()) as u8)
    }

    /// The seat whose arm holds this post and the post's name in that seat's frame; `None`
    /// in the centre.
    pub const fn on_arm(self) -> Option<(SiguoSeat, Post)> {
        let index = self.0 as usize;
        if index >= 4 * HALF_POSTS {
            return None;
        }
        let post = Post::from_index_unchecked(index % HALF_POSTS);
        Some((SiguoSeat::from_index(index / HALF_POSTS), post))
    }

    pub const fn is_centre(self) -> bool {
        self.0 as usize >= 4 * HALF_POSTS
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The post with this index (0..129).
    pub const fn from_index(index: usize) -> Option<SiguoPost> {
        if index < POSTS {
            Some(SiguoPost(index as u8))
        } else {
            None
        }
    }

    pub(crate) const fn from_index_unchecked(index: usize) -> SiguoPost {
        SiguoPost(index as u8)
    }

    /// All 129 posts: South's arm `A1`…`E6`, then East's, North's, West's, then the centre.
    pub fn all() -> impl Iterator<Item = SiguoPost> {
        (0..POSTS as u8).map(SiguoPost)
    }

    /// The post's (column, row) on the 17×17 grid with South at the bottom (grid rows grow
    /// downwards): South's back row is grid row 16 and its column A grid column 6, East's arm
    /// is on the right, North's at the top, West's on the left, and the centre posts stand on
    /// grid columns and rows 6, 8 and 10.
    pub const fn grid(self) -> (u8, u8) {
        match self.on_arm() {
            Some((seat, post)) => {
                let south_frame = (6 + post.column(), 16 - post.row());
                rotate(south_frame, seat.index())
            }
            None => CENTRE_GRID[self.0 as usize - 4 * HALF_POSTS],
        }
    }

    /// The post's place on the grid turned so that `viewer`'s arm is at the bottom, as that
    /// player's own image shows the board.
    pub const fn rotated_grid(self, viewer: SiguoSeat) -> (u8, u8) {
        rotate(self.grid(), 4 - viewer.index())
    }

    /// Reads a post name as `speaker` types it: a bare `B3` is a post of the speaker's own arm.
    pub fn parse_for(text: &str, speaker: SiguoSeat) -> Result<SiguoPost, SiguoPostError> {
        parse(text, Some(speaker))
    }
}

/// Turns a grid point a quarter turn counter-clockwise round the centre (8, 8) `quarters`
/// times: South's arm to East's, East's to North's, and so on round the board.
pub(super) const fn rotate((column, row): (u8, u8), quarters: usize) -> (u8, u8) {
    let (mut dx, mut dy) = (column as i8 - 8, row as i8 - 8);
    let mut turn = 0;
    while turn < quarters % 4 {
        (dx, dy) = (dy, -dx);
        turn += 1;
    }
    ((dx + 8) as u8, (dy + 8) as u8)
}

/// Reads a post name ignoring case and separators: `SB3`, `s-b3`, `XSE`, `X` (`XC`), and,
/// when a speaker is given, a bare `B3` on their arm.
fn parse(text: &str, speaker: Option<SiguoSeat>) -> Result<SiguoPost, SiguoPostError> {
    let quoted = || text.trim().chars().take(16).collect::<String>();
    if !text.is_ascii() {
        return Err(SiguoPostError::Malformed(quoted()));
    }
    let name: Vec<u8> = text
        .bytes()
        .filter(u8::is_ascii_alphanumeric)
        .map(|byte| byte.to_ascii_uppercase())
        .collect();
    match name.as_slice() {
        [b'X'] => Ok(SiguoPost::XC),
        [b'X', compass @ ..] => CENTRE_NAMES
            .iter()
            .position(|centre| &centre.as_bytes()[1..] == compass)
            .map(SiguoPost::centre)
            .ok_or_else(|| SiguoPostError::Centre(quoted())),
        [column, row] if row.is_ascii_digit() => match speaker {
            Some(seat) => arm_post(seat, *column, *row, quoted),
            None => Err(SiguoPostError::NoArm(quoted())),
        },
        [seat, column, row] => match SiguoSeat::from_code(char::from(*seat)) {
            Some(seat) => arm_post(seat, *column, *row, quoted),
            None => Err(SiguoPostError::Malformed(quoted())),
        },
        _ => Err(SiguoPostError::Malformed(quoted())),
    }
}

fn arm_post(
    seat: SiguoSeat,
    column: u8,
    row: u8,
    quoted: impl Fn() -> String,
) -> Result<SiguoPost, SiguoPostError> {
    if !(b'A'..=b'E').contains(&column) {
        return Err(if column.is_ascii_alphabetic() {
            SiguoPostError::Column(quoted())
        } else {
            SiguoPostError::Malformed(quoted())
        });
    }
    if !(b'1'..=b'6').contains(&row) {
        return Err(if row.is_ascii_digit() {
            SiguoPostError::Row(quoted())
        } else {
            SiguoPostError::Malformed(quoted())
        });
    }
    let post = Post::new(column - b'A', row - b'1').ok_or_else(|| SiguoPostError::Row(quoted()))?;
    Ok(SiguoPost::arm(seat, post))
}

impl TryFrom<u8> for SiguoPost {
    type Error = SiguoPostError;
    fn try_from(index: u8) -> Result<SiguoPost, SiguoPostError> {
        SiguoPost::from_index(index as usize).ok_or(SiguoPostError::OutOfRange(index))
    }
}

impl From<SiguoPost> for u8 {
    fn from(post: SiguoPost) -> u8 {
        post.0
    }
}

/// Reads a full post name (`SB3`, `s-b3`, `XC`, `X`); a bare `B3` is refused, since it names
/// no arm.
impl FromStr for SiguoPost {
    type Err = SiguoPostError;
    fn from_str(text: &str) -> Result<SiguoPost, SiguoPostError> {
        parse(text, None)
    }
}

/// `SB3`, `XSE`, `XC`.
impl fmt::Display for SiguoPost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.on_arm() {
            Some((seat, post)) => write!(f, "{seat}{post}"),
            None => f.write_str(CENTRE_NAMES[self.0 as usize - 4 * HALF_POSTS]),
        }
    }
}

impl fmt::Debug for SiguoPost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
