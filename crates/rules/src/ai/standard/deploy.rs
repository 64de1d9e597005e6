//! The AI's deployment (布阵): a layout with sense, varied by a seeded rng. The flag goes in a
//! headquarters with mines on its neighbours, the bombs in the middle rows where they meet an
//! attack on the flag's side, the strongest pieces forward where the fighting is, and the rest
//! scattered; every rule of docs/rules.md §10 is kept by construction.

use rand::Rng;

use super::super::level::Level;
use crate::game::Kind;
use crate::game::deal::below;
use crate::standard::{HALF_POSTS, HALF_ROWS, Layout, Post, is_camp, is_headquarters};

/// A layout for the AI playing at `level`. Every level guards its flag with mines; easy
/// scatters its other pieces at random, the others place bombs and strong pieces with intent.
pub fn ai_layout(level: Level, rng: &mut impl Rng) -> Layout {
    let mut deployment = Deployment {
        cells: [None; HALF_POSTS],
    };
    let flag_column = if below(rng, 2) == 0 { 1 } else { 3 };
    let flag = post(flag_column, 0);
    deployment.cells[flag.index()] = Some(Kind::Flag);
    // The flag's neighbours: beside it on the back row and in front of it.
    let mut guards = vec![
        post(flag_column - 1, 0),
        post(flag_column + 1, 0),
        post(flag_column, 1),
    ];
    let guarded = if below(rng, 4) == 0 { 2 } else { 3 };
    for _ in 0..guarded {
        let chosen = guards.swap_remove(below(rng, guards.len() as u32) as usize);
        deployment.cells[chosen.index()] = Some(Kind::Landmine);
    }
    for _ in guarded..usize::from(Kind::Landmine.count()) {
        deployment.place(rng, Kind::Landmine, |post| post.row() < 2);
    }
    let sensible = level != Level::Easy;
    for _ in 0..Kind::Bomb.count() {
        if sensible {
            deployment.place(rng, Kind::Bomb, |post| (1..=3).contains(&post.row()));
        } else {
            deployment.place(rng, Kind::Bomb, |post| post.row() < HALF_ROWS - 1);
        }
    }
    if sensible {
        for kind in [Kind::Marshal, Kind::General] {
            deployment.place(rng, kind, |post| post.row() >= 3);
        }
        // One engineer stays back to dig out mines late in the game.
        deployment.place(rng, Kind::Engineer, |post| post.row() <= 2);
    }
    for kind in Kind::ALL {
        while deployment.count(kind) < kind.count() {
            deployment.place(rng, kind, |_| true);
        }
    }
    Layout::new(deployment.cells).unwrap_or_else(|_| Layout::random(rng))
}

fn post(column: u8, row: u8) -> Post {
    Post::new(column, row).unwrap_or(Post::from_index_unchecked(0))
}

struct Deployment {
    cells: [Option<Kind>; HALF_POSTS],
}

impl Deployment {
    fn count(&self, kind: Kind) -> u8 {
        self.cells
            .iter()
            .filter(|cell| **cell == Some(kind))
            .count() as u8
    }

    /// Puts `kind` on a random free post that `wanted` accepts and the rules allow, or on any
    /// free post the rules allow when `wanted` leaves none.
    fn place(&mut self, rng: &mut impl Rng, kind: Kind, wanted: impl Fn(Post) -> bool) {
        let allowed = |post: Post| {
            self.cells[post.index()].is_none()
                && !is_camp(post)
                && crate::standard::check_placement(post, kind).is_ok()
                && (kind != Kind::Flag || is_headquarters(post))
        };
        let mut free: Vec<Post> = Post::all().filter(|p| allowed(*p) && wanted(*p)).collect();
        if free.is_empty() {
            free = Post::all().filter(|p| allowed(*p)).collect();
        }
        if free.is_empty() {
            return;
        }
        let chosen = free[below(rng, free.len() as u32) as usize];
        self.cells[chosen.index()] = Some(kind);
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;

    use super::*;
    use crate::game::geometry::NEIGHBOURS;
    use crate::game::{Colour, Piece};

    fn guarding_mines(layout: &Layout) -> usize {
        let mut board = crate::game::Board::empty();
        layout.place(Colour::Red, &mut board);
        let flag = board
            .occupied()
            .into_iter()
            .find(|square| board.piece(*square) == Some(Piece::new(Colour::Red, Kind::Flag)));
        flag.map_or(0, |flag| {
            NEIGHBOURS[flag.index()]
                .into_iter()
                .filter(|square| board.piece(*square).map(|p| p.kind) == Some(Kind::Landmine))
                .count()
        })
    }

    #[test]
    fn ai_layouts_are_valid_guard_the_flag_and_vary() {
        for level in Level::ALL {
            let layouts: Vec<Layout> = (0..200)
                .map(|seed| ai_layout(level, &mut ChaCha8Rng::seed_from_u64(seed)))
                .collect();
            for layout in &layouts {
                // A layout reaching here was built by Layout::new; re-reading its text checks
                // every rule again from scratch.
                let text = layout.to_string();
                assert_eq!(
                    text.parse::<Layout>().as_ref(),
                    Ok(layout),
                    "{level}: {text}"
                );
            }
            let guarded = layouts.iter().filter(|l| guarding_mines(l) >= 2).count();
            assert!(
                guarded >= 180,
                "{level}: only {guarded} of 200 guard the flag"
            );
            let mut distinct = layouts.clone();
            distinct.sort_by_key(|layout| layout.to_string());
            distinct.dedup();
            assert!(
                distinct.len() >= 190,
                "{level}: {} distinct",
                distinct.len()
            );
        }
    }

    #[test]
    fn strong_pieces_stand_forward_above_easy() {
        for seed in 0..50 {
            let layout = ai_layout(Level::Hard, &mut ChaCha8Rng::seed_from_u64(seed));
            for (post, kind) in layout.pieces() {
                match kind {
                    Kind::Marshal | Kind::General => assert!(post.row() >= 3, "{kind:?} on {post}"),
                    Kind::Bomb => assert!((1..=3).contains(&post.row()), "bomb on {post}"),
                    _ => {}
                }
            }
        }
    }
}
