//! Writes positions from random play, one per line in docs/rules.md §8 notation: input for
//! measuring batch analysis (`junqi-bot moves -`).
//!
//! `cargo run --release --example positions -- 200000 > positions.txt`
//!
//! Games start from the deals of seeds 1, 2, … with Red to act and play uniformly random legal
//! actions; every position met before the game ends is written. The output depends only on
//! the count, so two builds can be measured on the same file.

use std::io::{self, BufWriter, Write};

use anyhow::{Context, Result};
use junqi::game::{Colour, Position, deal};
use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};

fn main() -> Result<()> {
    let count: usize = match std::env::args().nth(1) {
        Some(text) => text
            .parse()
            .with_context(|| format!("the count must be a whole number, not {text:?}"))?,
        None => 200_000,
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut actions = Vec::new();
    let mut written = 0;
    let mut seed = 1;
    while written < count {
        let mut position = Position::new(deal(seed).board, Colour::Red);
        seed += 1;
        while written < count {
            writeln!(out, "{position}")?;
            written += 1;
            actions.clear();
            position.legal_actions_into(&mut actions);
            if actions.is_empty() {
                break;
            }
            let action = actions[(rng.next_u64() % actions.len() as u64) as usize];
            if position.play_unchecked(action).1.is_some() {
                break;
            }
        }
    }
    out.flush()?;
    Ok(())
}
