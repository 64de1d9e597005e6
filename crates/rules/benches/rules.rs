//! Rules engine benchmarks (issue 2 targets: ≥ 1,000,000 random-playout plies per second on one
//! core; legal-action generation under 1 µs median on a typical mid-game position), and move
//! generation for standard positions (暗棋/明棋) next to 翻翻棋's: the legal moves of a mid-game
//! position of each game, and one ply played on a copy, the step the AI's search repeats.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use junqi_rules::game::{Action, Colour, Game, Position, Rules, StandardOptions, deal};
use junqi_rules::standard::{Layout, StandardPosition};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A mid-game position: a seeded game played at random for `plies` actions, preferring moves
/// once colours are decided so the board opens up as in real play.
fn mid_game(seed: u64, plies: usize) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(seed, Rules::default());
    for _ in 0..plies {
        let legal = game.legal_actions();
        let moves: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Move { .. }))
            .collect();
        let pool = if !moves.is_empty() && rng.next_u32() % 3 != 0 {
            moves
        } else {
            legal
        };
        let action = pool[(rng.next_u32() as usize) % pool.len()];
        let seat = game.to_act();
        if game.would_repeat(seat, action)
            || game
                .act(seat, action)
                .map(|p| p.outcome.is_some())
                .unwrap_or(true)
        {
            break;
        }
    }
    game.position().expect("colours decided by mid-game")
}

/// Plays random legal actions from the deal until the game ends; returns the plies played.
fn playout(seed: u64, rng: &mut SmallRng, buffer: &mut Vec<Action>) -> u64 {
    let mut position = Position::new(deal(seed).board, Colour::Red);
    let mut plies = 0;
    loop {
        buffer.clear();
        position.legal_actions_into(buffer);
        if buffer.is_empty() {
            return plies;
        }
        let action = buffer[(rng.next_u64() % buffer.len() as u64) as usize];
        plies += 1;
        if position.play_unchecked(action).1.is_some() {
            return plies;
        }
    }
}

fn movegen(c: &mut Criterion) {
    let positions: Vec<Position> = (0..16).map(|seed| mid_game(seed, 90)).collect();
    let mut buffer = Vec::with_capacity(128);
    let mut group = c.benchmark_group("legal_actions");
    group.throughput(Throughput::Elements(1));
    group.bench_function("mid_game", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % positions.len();
            buffer.clear();
            black_box(&positions[i]).legal_actions_into(&mut buffer);
            black_box(buffer.len())
        })
    });
    group.finish();

    c.bench_function("apply/mid_game", |b| {
        let position = &positions[3];
        let actions = position.legal_actions();
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % actions.len();
            let mut copy = position.clone();
            black_box(copy.apply(actions[i]).is_ok())
        })
    });
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("random_game", |b| {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut buffer = Vec::with_capacity(128);
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            black_box(playout(seed, &mut rng, &mut buffer))
        })
    });
    group.finish();

    // The target is stated in plies per second: measure it directly too.
    let mut rng = SmallRng::seed_from_u64(2);
    let mut buffer = Vec::with_capacity(128);
    let start = Instant::now();
    let (mut plies, mut games) = (0u64, 0u64);
    while start.elapsed() < Duration::from_secs(3) {
        plies += playout(games, &mut rng, &mut buffer);
        games += 1;
    }
    let rate = plies as f64 / start.elapsed().as_secs_f64();
    println!("random playouts: {games} games, {plies} plies, {rate:.0} plies/s on one core");
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
    let flip = mid_game(7, 60);
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

criterion_group!(benches, movegen, playouts, move_generation);
criterion_main!(benches);
