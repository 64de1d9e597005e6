//! The analysis of a 300-action game, timed: `cargo build --release --example analyse_300`,
//! then run `target/release/examples/analyse_300`. The target (issue 22) is at most 30 s on
//! one core; the analysis is single-threaded, so wall time on an idle core is that figure,
//! and the process's CPU time is printed beside it for a machine shared with other work.
//! A 300-move 暗棋 game and a 明棋 one are analysed in the same run, each timed as a ratio to
//! 翻翻棋's.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use junqi::analysis::{self, estimate};
use junqi::game::{Game, GameRecord, Rules, Seat, StandardOptions};
use junqi::standard::{Layout, StandardRound};

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

/// The first pair of random layouts whose game of random legal moves (the same xorshift)
/// lasts 300 moves, in 暗棋 (`open` false) or 明棋.
fn standard_game_of_300_moves(open: bool) -> GameRecord {
    let options = StandardOptions {
        open,
        ..StandardOptions::default()
    };
    for seed in 0..1000u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut round = StandardRound::new(Seat::First, options, Rules::default());
        for seat in Seat::BOTH {
            let deployed = round.set_draft(seat, Layout::random(&mut rng));
            deployed
                .and_then(|()| round.confirm(seat).map(|_| ()))
                .expect("a random layout is played");
        }
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while round.outcome().is_none() {
            let actions = round.legal_actions();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let action = actions[(state % actions.len() as u64) as usize];
            let checked = round.check(round.to_act(), action);
            checked
                .and_then(|checked| round.play(checked))
                .expect("a legal move");
        }
        if round.plies() == 300 {
            return round.record().clone();
        }
    }
    panic!("no random standard game of 300 moves in the first 1000 layouts");
}

/// Analyses `record`, printing its time; returns the wall time.
fn timed(name: &str, record: &GameRecord, nodes: u64) -> f64 {
    let cpu = cpu_seconds();
    let started = Instant::now();
    let series = analysis::analyse(record).expect("a finished game");
    let wall = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu;
    let actions = series.chances.len() - 1;
    println!(
        "{name}: analysis of {actions} actions ({nodes} search nodes each): {wall:.2} s wall, {cpu:.2} s CPU, {:.1} ms per action",
        wall * 1000.0 / actions as f64
    );
    let (views, _) = analysis::public_history(record).expect("replays");
    for swing in analysis::swings(&series, &views) {
        println!(
            "  swing at action {}: {:?} {:?}: {} → {} (thousandths for the mover)",
            swing.action, swing.seat, swing.played, swing.before, swing.after
        );
    }
    wall
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
    let flip = timed("翻翻棋", &game_of_300_actions(), estimate::NODES);
    let nodes = analysis::standard::NODES;
    let dark = timed("暗棋", &standard_game_of_300_moves(false), nodes);
    let open = timed("明棋", &standard_game_of_300_moves(true), nodes);
    println!(
        "time as a ratio to 翻翻棋's: 暗棋 {:.2}, 明棋 {:.2}",
        dark / flip,
        open / flip
    );
}
