//! The deployment helpers of docs/rules.md §10: a random valid layout, swaps named by board
//! squares, and placing a layout on Red's or Black's half.

use rand::Rng;

use super::layout::{DeploymentError, Layout, SwapError, is_camp, is_headquarters};
use super::post::{HALF_POSTS, HALF_ROWS, Post};
use crate::game::deal::below;
use crate::game::{Board, Cell, Colour, Kind, Piece, Square};

/// Picks a uniformly random post of `posts` and removes it from the list.
fn take(rng: &mut impl Rng, posts: &mut Vec<Post>) -> Post {
    let index = below(rng, posts.len() as u32) as usize;
    posts.swap_remove(index)
}

impl Layout {
    /// A random layout obeying every rule, each valid layout equally likely: the flag takes
    /// a headquarters, the mines three of the other posts of the last two rows, the bombs two
    /// of the free posts behind the front row, and the other 19 pieces the 19 posts left. Each
    /// choice leaves the same number of ways to finish, so the result is uniform.
    pub fn random(rng: &mut impl Rng) -> Layout {
        let mut free: Vec<Post> = Post::all().filter(|post| !is_camp(*post)).collect();
        let mut cells = [None; HALF_POSTS];
        let mut place =
            |rng: &mut _, free: &mut Vec<Post>, kind: Kind, allowed: fn(Post) -> bool| {
                let mut candidates: Vec<Post> =
                    free.iter().copied().filter(|p| allowed(*p)).collect();
                let post = take(rng, &mut candidates);
                free.retain(|p| *p != post);
                cells[post.index()] = Some(kind);
            };
        place(rng, &mut free, Kind::Flag, is_headquarters);
        for _ in 0..Kind::Landmine.count() {
            place(rng, &mut free, Kind::Landmine, |post| post.row() < 2);
        }
        for _ in 0..Kind::Bomb.count() {
            place(rng, &mut free, Kind::Bomb, |post| {
                post.row() < HALF_ROWS - 1
            });
        }
        for kind in Kind::ALL {
            if matches!(kind, Kind::Flag | Kind::Landmine | Kind::Bomb) {
                continue;
            }
            for _ in 0..kind.count() {
                place(rng, &mut free, kind, |_| true);
            }
        }
        Layout::new(cells).expect("every piece was placed where the rules allow it")
    }

    /// Puts this layout's pieces, of `owner`'s colour, on `owner`'s half of `board`.
    pub fn place(&self, owner: Colour, board: &mut Board) {
        for (post, kind) in self.pieces() {
            board.set(post.square(owner), Cell::Revealed(Piece::new(owner, kind)));
        }
    }

    /// [`Layout::swap`] with the posts named by the board squares `a` and `b` of `owner`'s
    /// half, as a player deploying on the board names them.
    pub fn swap_squares(&self, owner: Colour, a: Square, b: Square) -> Result<Layout, SwapError> {
        let post = |square| Post::of_square(owner, square).ok_or(SwapError::OtherHalf(square));
        self.swap(post(a)?, post(b)?)
    }

    /// The layout of `owner`'s half of `board` (as [`Layout::place`] put it there), or the
    /// first rule the pieces there break.
    pub fn read(owner: Colour, board: &Board) -> Result<Layout, DeploymentError> {
        let mut cells = [None; HALF_POSTS];
        for post in Post::all() {
            cells[post.index()] = board
                .piece(post.square(owner))
                .filter(|piece| piece.colour == owner)
                .map(|piece| piece.kind);
        }
        Layout::new(cells)
    }
}
