//! The GIF replay of a 300-action game, timed: `cargo run --release --example replay_300`.
//! Prints wall time per replay and the process's CPU time, which (unlike criterion's wall
//! time) stays meaningful on a machine shared with other builds.

#[path = "../benches/support/replay_game.rs"]
mod replay_game;

use std::time::Instant;

use junqi::render::render_replay_gif;
use replay_game::{game_of_300_actions, replay_setup};

fn main() {
    // The same game as `benches/render.rs`.
    let (views, reveal) = game_of_300_actions();
    let (panel, options) = replay_setup();
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
