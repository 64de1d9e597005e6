//! The AI's speed: one decision at each level with a fixed amount of work (search nodes) on a
//! mid-game position, so that nodes per second can be read off and compared between versions.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use junqi::ai::match_play::play_game;
use junqi::ai::players::Player;
use junqi::ai::{Level, SearchBudget, choose_action_with};
use junqi::game::{Game, Rules};

/// A game 60 plies into random play, from a fixed seed.
fn mid_game() -> Game {
    let mut game = Game::new(5, Rules::default());
    while game.plies() < 60 && game.outcome().is_none() {
        let seat = game.to_act();
        let view = game.view();
        let repeats = |action| game.would_repeat(seat, action);
        let Some(action) = Player::Random.choose(
            &view,
            seat,
            u64::from(game.plies()),
            SearchBudget::Nodes(1),
            &repeats,
        ) else {
            break;
        };
        if game.act(seat, action).is_err() {
            break;
        }
    }
    game
}

fn decisions(c: &mut Criterion) {
    let game = mid_game();
    let view = game.view();
    for level in Level::ALL {
        c.bench_function(&format!("decide {level} 20k nodes"), |b| {
            b.iter(|| {
                choose_action_with(
                    black_box(&view),
                    view.to_act,
                    level,
                    1,
                    SearchBudget::Nodes(20_000),
                    &|_| false,
                )
            })
        });
    }
    c.bench_function("game normal vs greedy 2k nodes", |b| {
        b.iter(|| {
            play_game(
                [Player::Ai(Level::Normal), Player::Greedy],
                black_box(9),
                SearchBudget::Nodes(2_000),
            )
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = decisions
}
criterion_main!(benches);
