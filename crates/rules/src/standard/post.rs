//! Posts of one half named in their owner's frame (docs/rules.md §14): column `A`–`E` from the
//! owner's left to their right, row `1` (the owner's back row) to `6` (their front row). Red's
//! frame is the board's own; Black sits at the other end, so its `A1` is the board's `E12`.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::game::{COLUMNS, Colour, SQUARES, Square};

/// Rows of one half.
pub const HALF_ROWS: u8 = 6;
/// Posts of one half, camps included.
pub const HALF_POSTS: usize = COLUMNS as usize * HALF_ROWS as usize;

/// A post of one half in its owner's frame: the square of the same name on Red's half, whose
/// frame is the board's own.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Post(Square);

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("\"{0}\" is not a post of a half: write a column A–E then a row 1–6, like B4")]
pub struct PostError(String);

impl Post {
    /// The post at `column` (0 = the owner's left) and `row` (0 = the owner's back row).
    pub const fn new(column: u8, row: u8) -> Option<Post> {
        match Square::new(column, row) {
            Some(square) if row < HALF_ROWS => Some(Post(square)),
            _ => None,
        }
    }

    pub(crate) const fn from_index_unchecked(index: usize) -> Post {
        Post(Square::from_index_unchecked(index))
    }

    /// 0 (`A1`) to 29 (`E6`).
    pub const fn index(self) -> usize {
        self.0.index()
    }

    /// 0 for the owner's leftmost column `A` … 4 for `E`.
    pub const fn column(self) -> u8 {
        self.0.column()
    }

    /// 0 for the owner's back row (row 1) … 5 for the front row (row 6).
    pub const fn row(self) -> u8 {
        self.0.row()
    }

    /// All 30 posts, `A1`, `B1`, … `E6`.
    pub fn all() -> impl Iterator<Item = Post> {
        (0..HALF_POSTS).map(Post::from_index_unchecked)
    }

    /// The board square of this post on `owner`'s half.
    pub const fn square(self, owner: Colour) -> Square {
        match owner {
            Colour::Red => self.0,
            Colour::Black => Square::from_index_unchecked(SQUARES - 1 - self.0.index()),
        }
    }

    /// The post of `owner`'s half on `square`, if the square is on that half.
    pub fn of_square(owner: Colour, square: Square) -> Option<Post> {
        Post::all().find(|post| post.square(owner) == square)
    }
}

impl fmt::Display for Post {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Post {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Post {
    type Err = PostError;
    fn from_str(text: &str) -> Result<Post, PostError> {
        let malformed = || PostError(text.chars().take(16).collect());
        let square: Square = text.parse().map_err(|_| malformed())?;
        Post::new(square.column(), square.row()).ok_or_else(malformed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posts_map_onto_each_half_in_its_owner_frame() {
        let b4: Post = "B4".parse().expect("a post");
        assert_eq!(b4.square(Colour::Red).to_string(), "B4");
        assert_eq!(b4.square(Colour::Black).to_string(), "D9");
        let a1: Post = "a1".parse().expect("a post");
        assert_eq!(a1.square(Colour::Black).to_string(), "E12");
        for post in Post::all() {
            assert_eq!(post.to_string().parse::<Post>(), Ok(post));
            for owner in Colour::BOTH {
                let square = post.square(owner);
                assert_eq!(square.is_south(), owner == Colour::Red);
                assert_eq!(Post::of_square(owner, square), Some(post));
            }
        }
        for bad in ["A7", "F1", "A0", ""] {
            assert!(bad.parse::<Post>().is_err(), "{bad}");
        }
    }
}
