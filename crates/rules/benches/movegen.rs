//! Move generation for standard positions (暗棋/明棋) next to 翻翻棋's (issue 49): the legal
//! moves of a mid-game position of each game, and one ply played on a copy, the step the AI's
//! search repeats at every node.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use junqi_rules::game::{Action, Game, Position, Rules, StandardOptions};
use junqi_rules::standard::{Layout, StandardPosition};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A flip position after `plies` random actions (moves preferred once colours are decided,
/// so that the board opens up as in real play).
fn flip_mid_game(seed: u64, plies: usize) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(seed, Rules::default());
    for _ in 0..plies {
        let legal = game.legal_actions();
        let moves: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|action| matches!(action, Action::Move { .. }))
            .collect();
        let pool = if !moves.is_empty() && rng.next_u32() % 3 != 0 {
            moves
        } else {
            legal
        };
        let action = pool[(rng.next_u32() as usize) % pool.len()];
        let seat = game.to_act();
        let ended = game
            .act(seat, action)
            .map(|played| played.outcome.is_some())
            .unwrap_or(true);
        if game.would_repeat(seat, action) || ended {
            break;
        }
    }
    game.position().expect("colours decided by mid-game")
}

/// A standard position after `plies` random moves from two random layouts.
fn standard_mid_game(seed: u64, plies: usize) -> StandardPosition {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (red, black) = (Layout::random(&mut rng), Layout::random(&mut rng));
    let mut position = StandardPosition::new(&red, &black, StandardOptions::default());
    for _ in 0..plies {
        let legal = position.legal_actions();
        if legal.is_empty() {
            break;
        }
        let mut next = position.clone();
        let action = legal[(rng.next_u32() as usize) % legal.len()];
        if next.play_unchecked(action).1.is_some() {
            break;
        }
        position = next;
    }
    position
}

fn move_generation(c: &mut Criterion) {
    let flip = flip_mid_game(7, 60);
    let standard = standard_mid_game(7, 60);
    let mut buffer = Vec::with_capacity(64);
    c.bench_function("flip: legal actions, mid-game", |b| {
        b.iter(|| {
            buffer.clear();
            black_box(&flip).legal_actions_into(&mut buffer);
            buffer.len()
        })
    });
    c.bench_function("standard: legal actions, mid-game", |b| {
        b.iter(|| black_box(&standard).legal_actions().len())
    });
    let flip_move = {
        buffer.clear();
        flip.legal_actions_into(&mut buffer);
        buffer[0]
    };
    c.bench_function("flip: play one action on a copy", |b| {
        b.iter(|| {
            let mut next = black_box(&flip).clone();
            next.play_unchecked(flip_move).1.is_some()
        })
    });
    let standard_move = standard.legal_actions()[0];
    c.bench_function("standard: play one move on a copy", |b| {
        b.iter(|| {
            let mut next = black_box(&standard).clone();
            next.play_unchecked(standard_move).1.is_some()
        })
    });
}

criterion_group!(benches, move_generation);
criterion_main!(benches);
