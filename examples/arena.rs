//! Plays N games between two players and prints player A's wins, losses and draws and the
//! average time per move of each side:
//!
//! `cargo run --release --example arena -- --games 200 --ms 200 --a ai:normal --b greedy`
//!
//! Game `i` is dealt from seed `seed + i / 2`, with A in the first seat for even `i` and in
//! the second for odd `i`, so both players play each deal from both sides. `--nodes N` gives
//! the AI a fixed amount of work instead of a time budget (reproducible); `--threads` plays
//! games in parallel (each AI then has less of the machine).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::Result;
use clap::Parser;
use junqi::ai::SearchBudget;
use junqi::ai::match_play::{GameSummary, play_game};
use junqi::ai::players::Player;
use junqi::game::{Outcome, Seat};

/// Plays games between two players and prints A's wins, losses and draws and each side's
/// average time per move.
#[derive(Parser)]
#[command(
    name = "arena",
    after_help = "Players: ai:easy, ai:normal, ai:hard, greedy, random (as `--a` and `--b` take them).\n\
                  Example: cargo run --release --example arena -- --games 200 --ms 200 --a ai:normal --b greedy"
)]
struct Options {
    /// Games to play; game i is dealt from seed + i / 2, A taking each seat in turn.
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Time budget of the AI per move, in milliseconds.
    #[arg(long, default_value_t = 200, conflicts_with = "nodes")]
    ms: u64,
    /// A fixed amount of AI work per move instead of a time budget (reproducible).
    #[arg(long)]
    nodes: Option<u64>,
    /// Player A.
    #[arg(long, default_value = "ai:normal")]
    a: Player,
    /// Player B.
    #[arg(long, default_value = "greedy")]
    b: Player,
    /// Seed of the first deal.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played in parallel (each AI then has less of the machine).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    threads: u64,
    /// Print each game's result and final position.
    #[arg(long)]
    verbose: bool,
}

impl Options {
    fn budget(&self) -> SearchBudget {
        match self.nodes {
            Some(nodes) => SearchBudget::Nodes(nodes),
            None => SearchBudget::Time(Duration::from_millis(self.ms)),
        }
    }
}

fn main() -> Result<()> {
    let options = Options::parse();
    let budget = options.budget();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Seat, GameSummary)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= options.games {
                        break;
                    }
                    let a_seat = if index.is_multiple_of(2) {
                        Seat::First
                    } else {
                        Seat::Second
                    };
                    let players = match a_seat {
                        Seat::First => [options.a, options.b],
                        Seat::Second => [options.b, options.a],
                    };
                    let seed = options.seed + (index / 2) as u64;
                    let summary = play_game(players, seed, budget);
                    if options.verbose {
                        eprintln!(
                            "game {index}: seed {seed}, A in {a_seat:?}: {:?} after {} plies\n  {}",
                            summary.outcome, summary.plies, summary.final_position
                        );
                    }
                    if let Ok(mut results) = results.lock() {
                        results.push((index, a_seat, summary));
                    }
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    report(&options, &results);
    Ok(())
}

fn report(options: &Options, results: &[(usize, Seat, GameSummary)]) {
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let mut reasons = std::collections::BTreeMap::<String, usize>::new();
    let mut thinking = [Duration::ZERO; 2];
    let mut decisions = [0u32; 2];
    let mut longest = [Duration::ZERO; 2];
    let mut plies = 0u64;
    for (_, a_seat, summary) in results {
        let (label, reason) = match summary.outcome {
            Outcome::Win { winner, reason } if winner == *a_seat => {
                wins += 1;
                ("A wins", reason.word())
            }
            Outcome::Win { reason, .. } => {
                losses += 1;
                ("B wins", reason.word())
            }
            Outcome::Draw(reason) => {
                draws += 1;
                ("draw", reason.word())
            }
        };
        *reasons.entry(format!("{label}: {reason}")).or_default() += 1;
        for (side, seat) in [(0, *a_seat), (1, a_seat.other())] {
            thinking[side] += summary.thinking[seat.index()];
            decisions[side] += summary.decisions[seat.index()];
            longest[side] = longest[side].max(summary.longest[seat.index()]);
        }
        plies += u64::from(summary.plies);
    }
    let games = results.len().max(1);
    println!(
        "A = {}, B = {}, {} games, budget {:?}, {} thread(s)",
        options.a,
        options.b,
        results.len(),
        options.budget(),
        options.threads
    );
    println!(
        "A: {wins} wins, {losses} losses, {draws} draws ({:.1}% wins)",
        100.0 * wins as f64 / games as f64
    );
    for (reason, count) in reasons {
        println!("  {reason}: {count}");
    }
    println!(
        "average game length: {:.1} plies",
        plies as f64 / games as f64
    );
    for (side, name) in [(0, "A"), (1, "B")] {
        let per_move = thinking[side].as_secs_f64() * 1000.0 / f64::from(decisions[side].max(1));
        println!(
            "{name}: {:.2} ms per move over {} moves, longest {:.1} ms",
            per_move,
            decisions[side],
            longest[side].as_secs_f64() * 1000.0
        );
    }
}
