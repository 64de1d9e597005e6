//! The arena's standard games (`--variant standard` for 暗棋, `--variant open` for 明棋):
//! game `i` deploys from seed `seed + i / 2`, A playing Red for even `i` and Black for odd `i`.
//! The baseline `random` deploys at random and moves at random; `greedy` has no standard form.

use std::time::Duration;

use anyhow::{Result, bail};
use junqi_rules::ai::players::Player;
use junqi_rules::ai::standard::match_play::{StandardPlayer, StandardSummary, play_standard_game};
use junqi_rules::game::{Colour, StandardOptions};

use super::{Options, Tally, per_move, play_all, print_row};

fn standard_player(player: Player) -> Result<StandardPlayer> {
    match player {
        Player::Random => Ok(StandardPlayer::Random),
        Player::Ai(level) => Ok(StandardPlayer::Ai(level)),
        Player::Greedy => bail!("greedy plays only the flip game: choose random or ai:LEVEL"),
    }
}

/// Plays `options.games` standard games and prints A's results.
pub fn run(options: &Options, open: bool) -> Result<()> {
    let players = [standard_player(options.a)?, standard_player(options.b)?];
    let game_options = StandardOptions {
        open,
        ..StandardOptions::default()
    };
    let budget = options.budget();
    let rules = options.rules();
    let results = play_all(options, |index| {
        let (seated, a_colour) = if index.is_multiple_of(2) {
            (players, Colour::Red)
        } else {
            ([players[1], players[0]], Colour::Black)
        };
        let seed = options.seed + (index / 2) as u64;
        let salt = (index % 2) as u64;
        let summary = play_standard_game(seated, seed, salt, budget, game_options, rules);
        if options.verbose {
            eprintln!(
                "game {index}: seed {seed}, A plays {a_colour:?}: {:?} after {} plies",
                summary.outcome, summary.plies
            );
        }
        (a_colour, summary)
    });
    report(options, open, &results);
    Ok(())
}

fn report(options: &Options, open: bool, results: &[(Colour, StandardSummary)]) {
    let mut tally = Tally::default();
    let mut thinking = [Duration::ZERO; 2];
    let mut decisions = [0u32; 2];
    let mut plies = 0u64;
    for (a_colour, summary) in results {
        tally.add(summary.outcome, *a_colour);
        for (side, colour) in [(0, *a_colour), (1, a_colour.other())] {
            thinking[side] += summary.thinking[colour.index()];
            decisions[side] += summary.decisions[colour.index()];
        }
        plies += u64::from(summary.plies);
    }
    let games = results.len().max(1) as f64;
    let ms = |side: usize| per_move(thinking[side], decisions[side]);
    if options.table {
        print_row(options, &tally, [ms(0), ms(1)]);
    }
    let variant = if open {
        "明棋 (open)"
    } else {
        "暗棋 (standard)"
    };
    println!(
        "{variant}: A = {}, B = {}, {} games, budget {:?}, {} thread(s)",
        options.a,
        options.b,
        results.len(),
        options.budget(),
        options.threads
    );
    tally.print_points();
    println!("average game length: {:.1} plies", plies as f64 / games);
    println!("A: {:.2} ms per move, B: {:.2} ms per move", ms(0), ms(1));
}
