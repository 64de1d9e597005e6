//! The GIF replay of a 300-action game, timed: `cargo run --release --example replay_300`.
//! Prints wall time per replay and the process's CPU time, which (unlike criterion's wall
//! time) stays meaningful on a machine shared with other builds.

use std::time::Instant;

use junqi::config::Language;
use junqi::game::{Game, Rules};
use junqi::render::{Panel, ReplayOptions, render_replay_gif};

fn main() {
    // The same game as `benches/render.rs`: the first deal whose random legal game (xorshift
    // from the seed) lasts the whole 300 actions.
    let (views, reveal) = (0..1000u64)
        .find_map(|seed| {
            let mut game = Game::new(seed, Rules::default());
            let mut views = vec![game.view()];
            let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            while game.outcome().is_none() {
                let actions = game.legal_actions();
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let action = actions[(state % actions.len() as u64) as usize];
                game.act(game.to_act(), action).ok()?;
                views.push(game.view());
            }
            (game.plies() == 300).then(|| game.reveal().map(|reveal| (views, reveal)))?
        })
        .expect("a random game of 300 actions in the first 1000 deals");
    let panel = Panel {
        points: Some([0, 0]),
        ..Panel::new(["alice".to_string(), "bob".to_string()])
    };
    let options = ReplayOptions {
        language: Language::English,
        speed: 2,
        size_cap: None,
    };
    const RUNS: u32 = 5;
    let started = Instant::now();
    let mut bytes = 0;
    for _ in 0..RUNS {
        let gif = render_replay_gif(&views, &reveal, &panel, &options).expect("renders");
        bytes = gif.bytes.len();
    }
    let per_run = started.elapsed() / RUNS;
    println!(
        "replay of {} actions: {bytes} bytes, {:.3} s wall per replay ({RUNS} runs)",
        views.len() - 1,
        per_run.as_secs_f64()
    );
}
