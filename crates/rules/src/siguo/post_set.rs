//! Sets of posts of the 129-post board: three 64-bit words, bit `n` for the post of index `n`
//! (see [`SiguoPost::index`]). What the move generator and the geometry compute with, as
//! [`crate::SquareSet`] is for the 60-post board.

use std::fmt;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not, Sub, SubAssign};

use super::post::{POSTS, SiguoPost};

/// A set of posts. `Copy`, and every operation is three machine words wide.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PostSet([u64; 3]);

/// The bits of the third word that stand for posts (128 is the last post).
const LAST_WORD_BITS: u64 = (1u64 << (POSTS - 128)) - 1;

impl PostSet {
    pub const EMPTY: PostSet = PostSet([0; 3]);
    /// All 129 posts.
    pub const ALL: PostSet = PostSet([u64::MAX, u64::MAX, LAST_WORD_BITS]);

    pub const fn from_post(post: SiguoPost) -> PostSet {
        PostSet::EMPTY.with_post(post)
    }

    /// This set and `post`, usable in constants.
    pub const fn with_post(self, post: SiguoPost) -> PostSet {
        let mut words = self.0;
        words[post.index() / 64] |= 1u64 << (post.index() % 64);
        PostSet(words)
    }

    pub const fn contains(self, post: SiguoPost) -> bool {
        self.0[post.index() / 64] & (1u64 << (post.index() % 64)) != 0
    }

    pub const fn len(self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()) as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    pub const fn intersects(self, other: PostSet) -> bool {
        (self.0[0] & other.0[0]) | (self.0[1] & other.0[1]) | (self.0[2] & other.0[2]) != 0
    }

    pub fn insert(&mut self, post: SiguoPost) {
        *self = self.with_post(post);
    }

    pub fn remove(&mut self, post: SiguoPost) {
        self.0[post.index() / 64] &= !(1u64 << (post.index() % 64));
    }

    /// The post with the lowest index, if any.
    pub fn first(self) -> Option<SiguoPost> {
        self.into_iter().next()
    }
}

impl From<SiguoPost> for PostSet {
    fn from(post: SiguoPost) -> PostSet {
        PostSet::from_post(post)
    }
}

fn zip(a: PostSet, b: PostSet, op: impl Fn(u64, u64) -> u64) -> PostSet {
    PostSet([op(a.0[0], b.0[0]), op(a.0[1], b.0[1]), op(a.0[2], b.0[2])])
}

impl BitOr for PostSet {
    type Output = PostSet;
    fn bitor(self, other: PostSet) -> PostSet {
        zip(self, other, |a, b| a | b)
    }
}

impl BitAnd for PostSet {
    type Output = PostSet;
    fn bitand(self, other: PostSet) -> PostSet {
        zip(self, other, |a, b| a & b)
    }
}

/// The posts of `self` that are not in `other`.
impl Sub for PostSet {
    type Output = PostSet;
    fn sub(self, other: PostSet) -> PostSet {
        zip(self, other, |a, b| a & !b)
    }
}

/// The complement within the 129 posts.
impl Not for PostSet {
    type Output = PostSet;
    fn not(self) -> PostSet {
        PostSet::ALL - self
    }
}

impl BitOrAssign for PostSet {
    fn bitor_assign(&mut self, other: PostSet) {
        *self = *self | other;
    }
}

impl SubAssign for PostSet {
    fn sub_assign(&mut self, other: PostSet) {
        *self = *self - other;
    }
}

/// The posts of a set, lowest index first.
#[derive(Clone)]
pub struct PostSetIter {
    words: [u64; 3],
    word: usize,
}

impl Iterator for PostSetIter {
    type Item = SiguoPost;

    fn next(&mut self) -> Option<SiguoPost> {
        while self.word < 3 {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] &= bits - 1;
                let index = self.word * 64 + bits.trailing_zeros() as usize;
                return Some(SiguoPost::from_index_unchecked(index));
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = PostSet(self.words).len();
        (len, Some(len))
    }
}

impl ExactSizeIterator for PostSetIter {}

impl IntoIterator for PostSet {
    type Item = SiguoPost;
    type IntoIter = PostSetIter;
    fn into_iter(self) -> PostSetIter {
        PostSetIter {
            words: self.0,
            word: 0,
        }
    }
}

impl FromIterator<SiguoPost> for PostSet {
    fn from_iter<I: IntoIterator<Item = SiguoPost>>(posts: I) -> PostSet {
        let mut set = PostSet::EMPTY;
        for post in posts {
            set.insert(post);
        }
        set
    }
}

impl fmt::Debug for PostSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn post(text: &str) -> SiguoPost {
        text.parse().expect("test post")
    }

    #[test]
    fn set_operations_match_the_posts() {
        let a: PostSet = [post("SA1"), post("WE6"), post("XC")].into_iter().collect();
        let b: PostSet = [post("WE6"), post("XSE")].into_iter().collect();
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b).into_iter().collect::<Vec<_>>(), vec![post("WE6")]);
        assert_eq!(
            (a - b).into_iter().collect::<Vec<_>>(),
            vec![post("SA1"), post("XC")]
        );
        assert_eq!((!a).len(), POSTS - 3);
        assert_eq!(PostSet::ALL.len(), POSTS);
        assert_eq!(PostSet::ALL.into_iter().count(), POSTS);
        assert!(a.contains(post("XC")) && !a.contains(post("XS")));
        assert!(a.intersects(b) && !a.intersects(PostSet::from(post("XS"))));
        let mut c = a;
        c.remove(post("SA1"));
        assert_eq!(c.first(), Some(post("WE6")));
        assert_eq!(format!("{c:?}"), "{WE6, XC}");
        assert!(PostSet::EMPTY.is_empty());
    }
}
