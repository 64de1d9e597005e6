//! The analysis of a 300-action game, timed: `cargo build --release --example analyse_300`,
//! then run `target/release/examples/analyse_300`. The target (issue 22) is at most 30 s on
//! one core; the analysis is single-threaded, so wall time on an idle core is that figure,
//! and the process's CPU time is printed beside it for a machine shared with other work.

use std::time::Instant;

use junqi::analysis::{self, estimate};
use junqi::game::{Game, GameRecord, Rules};

/// The first deal whose game of random legal actions (xorshift from a fixed seed, as the
/// replay benchmark plays) lasts the whole 300 actions.
fn game_of_300_actions() -> GameRecord {
    for seed in 0..1000u64 {
        let mut game = Game::new(seed, Rules::default());
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while game.outcome().is_none() {
            let actions = game.legal_actions();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let action = actions[(state % actions.len() as u64) as usize];
            game.act(game.to_act(), action).expect("a legal action");
        }
        if game.plies() == 300 {
            return game.record().clone();
        }
    }
    panic!("no random game of 300 actions in the first 1000 deals");
}

/// CPU time of this process so far, in seconds (Linux; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks = |index: usize| {
        fields
            .get(index)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let record = game_of_300_actions();
    let cpu = cpu_seconds();
    let started = Instant::now();
    let series = analysis::analyse(&record).expect("a finished game");
    let wall = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu;
    let actions = series.chances.len() - 1;
    println!(
        "analysis of {actions} actions ({} search nodes each): {wall:.2} s wall, {cpu:.2} s CPU, {:.1} ms per action",
        estimate::NODES,
        wall * 1000.0 / actions as f64
    );
    let (views, _) = analysis::public_history(&record).expect("replays");
    for swing in analysis::swings(&series, &views) {
        println!(
            "swing at action {}: {:?} {:?}: {} → {} (thousandths for the mover)",
            swing.action, swing.seat, swing.played, swing.before, swing.after
        );
    }
}
