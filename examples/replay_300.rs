//! The GIF replay of a 300-action game, timed: `cargo run --release --example replay_300`.
//! Prints wall time per replay and the CPU time of the thread drawing it, which (unlike wall
//! time) stays meaningful on a machine shared with other builds.

#[path = "../benches/support/replay_game.rs"]
mod replay_game;

use std::time::{Duration, Instant};

use junqi::render::render_replay_gif;
use replay_game::{game_of_300_actions, replay_setup};

/// The CPU time this thread has run (Linux: /proc), to compare on a busy machine.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

fn main() {
    // The same game as `benches/render.rs`.
    let (views, reveal) = game_of_300_actions();
    let (panel, options) = replay_setup();
    const RUNS: u32 = 5;
    let (started, cpu_before) = (Instant::now(), cpu_time());
    let mut bytes = 0;
    for _ in 0..RUNS {
        let gif = render_replay_gif(&views, &reveal, &panel, &options).expect("renders");
        bytes = gif.bytes.len();
    }
    let per_run = started.elapsed() / RUNS;
    let cpu_per_run = cpu_time()
        .zip(cpu_before)
        .map(|(after, before)| (after - before) / RUNS);
    println!(
        "replay of {} actions: {bytes} bytes, {:.3} s wall, {} CPU per replay ({RUNS} runs)",
        views.len() - 1,
        per_run.as_secs_f64(),
        cpu_per_run.map_or("unknown".to_string(), |cpu| format!(
            "{:.3} s",
            cpu.as_secs_f64()
        )),
    );
}
