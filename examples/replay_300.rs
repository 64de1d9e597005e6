//! The GIF replay of a 300-action game, timed: `cargo run --release --example replay_300`.
//! Prints wall time per replay and the CPU time of the thread drawing it, which (unlike wall
//! time) stays meaningful on a machine shared with other builds. Each round times the
//! hand-written LZW and the gif crate's (weezl) in turn, so that both meet the same load.

#[path = "../benches/support/replay_game.rs"]
mod replay_game;

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use junqi::render::{HAND_WRITTEN_LZW, render_replay_gif};
use replay_game::{game_of_300_actions, replay_setup};

const NAMES: [&str; 2] = ["hand-written", "weezl"];

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
    const ROUNDS: u32 = 5;
    let mut totals = [Duration::ZERO; 2];
    let mut cpu_totals = [Duration::ZERO; 2];
    let mut bytes = [Vec::new(), Vec::new()];
    for round in 0..ROUNDS {
        for (which, hand_written) in [true, false].into_iter().enumerate() {
            HAND_WRITTEN_LZW.store(hand_written, Ordering::Relaxed);
            let (started, cpu_before) = (Instant::now(), cpu_time());
            let gif = render_replay_gif(&views, &reveal, &panel, &options).expect("renders");
            let elapsed = started.elapsed();
            let cpu = cpu_time()
                .zip(cpu_before)
                .map(|(after, before)| after - before);
            totals[which] += elapsed;
            cpu_totals[which] += cpu.unwrap_or_default();
            println!(
                "round {round}: {:<12} {:.3} s wall, {:.3} s CPU",
                NAMES[which],
                elapsed.as_secs_f64(),
                cpu.unwrap_or_default().as_secs_f64()
            );
            bytes[which] = gif.bytes;
        }
    }
    for (which, name) in NAMES.into_iter().enumerate() {
        println!(
            "replay of {} actions, {name}: {} bytes, {:.3} s wall, {:.3} s CPU per replay \
             ({ROUNDS} runs)",
            views.len() - 1,
            bytes[which].len(),
            (totals[which] / ROUNDS).as_secs_f64(),
            (cpu_totals[which] / ROUNDS).as_secs_f64()
        );
    }
    println!("same bytes: {}", bytes[0] == bytes[1]);
}
