//! How well the analysis' estimates are calibrated: plays AI-vs-AI games (node-limited, so a
//! run is reproducible on any machine), estimates positions along each game exactly as
//! `/analyse` does (`junqi::analysis::estimate`, from the public view only), buckets them by
//! the estimated chance (0–10 %, …) and prints the share of the point each player actually won
//! in every bucket (a win 1, a draw ½). Each position counts once for each player.
//!
//! `cargo build --release --example calibrate`, then
//! `target/release/examples/calibrate [GAMES] [FIRST_SEED] [--fit] [--game flip|dark|open]`;
//! `--fit` also prints the logistic scale that fits the search scores best (the fitted value
//! is `analysis::estimate::SCALE`, for 暗棋 and 明棋 `analysis::standard::SCALE_DARK` and
//! `SCALE_OPEN`; fit on other seeds than the ones the table is reported on). `--game dark` and
//! `--game open` play the standard AI against itself from its own layouts and estimate each
//! position from what everyone had been shown, as `/analyse` does.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use junqi::ai::players::Player;
use junqi::ai::standard::match_play::{StandardPlayer, play_from_layouts};
use junqi::ai::{Level, SearchBudget};
use junqi::analysis::{self, estimate, standard};
use junqi::game::{Game, GameRecord, Outcome, PublicView, Rules, Seat, StandardOptions};
use junqi::standard::StandardRound;

/// Work per move of the players (nodes), and every how many actions a position is estimated.
const PLAY_NODES: u64 = 1_500;
const EVERY: u16 = 6;

/// The pairings played in turn, seats alternating: unequal ones give lopsided games.
const PAIRINGS: [(Level, Level); 4] = [
    (Level::Hard, Level::Normal),
    (Level::Normal, Level::Hard),
    (Level::Hard, Level::Easy),
    (Level::Normal, Level::Normal),
];

/// The views of one game of `players` dealt from `seed` and its end (the arena's game loop:
/// the same seeds per decision).
fn one_game(players: [Player; 2], seed: u64) -> (Vec<PublicView>, Outcome<Seat>) {
    let mut game = Game::new(seed, Rules::default());
    let mut views = vec![game.view()];
    while game.outcome().is_none() {
        let seat = game.to_act();
        let view = game.view();
        let decision_seed = seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(u64::from(game.plies()) * 2 + seat.index() as u64);
        let repeats = |action| game.would_repeat(seat, action);
        let choice = players[seat.index()].choose(
            &view,
            seat,
            decision_seed,
            SearchBudget::Nodes(PLAY_NODES),
            &repeats,
        );
        let played = choice.is_some_and(|action| game.act(seat, action).is_ok());
        if !played {
            let _ = game.abandon(seat);
        }
        views.push(game.view());
    }
    let outcome = game
        .outcome()
        .unwrap_or(Outcome::Draw(junqi::game::DrawReason::Agreement));
    (views, outcome)
}

/// One estimated position: seat First's estimated chance (thousandths), and the search score
/// for the side to act with that side's seat (when the search valued it).
type Estimated = (u16, Option<(i32, Seat)>);

/// The estimated positions of one flip game, every `EVERY` actions.
fn flip_positions(views: &[PublicView], fit: bool) -> Vec<Estimated> {
    views
        .iter()
        .filter(|view| view.plies % EVERY == 0 && view.plies > 0)
        .filter(|view| view.outcome.is_none() && view.turn_colour().is_some())
        .map(|view| {
            let chance = estimate::estimate(view, estimate::EVEN, estimate::NODES);
            let score = fit
                .then(|| estimate::score(view, estimate::NODES))
                .flatten();
            (chance, score.map(|score| (score, view.to_act)))
        })
        .collect()
}

/// A standard game between `players` (Red, then Black) deploying from `seed`, as the record
/// a hosted game would have (Red in seat First), and its end.
fn standard_game(players: [StandardPlayer; 2], seed: u64, open: bool) -> GameRecord {
    let options = StandardOptions {
        open,
        ..StandardOptions::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let layouts = [players[0].layout(&mut rng), players[1].layout(&mut rng)];
    let mut moves = Vec::new();
    let budget = SearchBudget::Nodes(STANDARD_PLAY_NODES);
    let rules = Rules::default();
    let summary = play_from_layouts(
        players,
        layouts,
        seed,
        budget,
        options,
        rules,
        &mut |_, action, _| moves.push(action),
    );
    let mut round = StandardRound::new(Seat::First, options, rules);
    for (seat, layout) in Seat::BOTH.into_iter().zip(layouts) {
        let deployed = round.set_draft(seat, layout);
        deployed
            .and_then(|()| round.confirm(seat).map(|_| ()))
            .expect("the AI's layout is played");
    }
    for action in moves {
        let checked = round.check(round.to_act(), action);
        checked
            .and_then(|checked| round.play(checked))
            .expect("the game's own move");
    }
    if round.outcome().is_none() {
        // The arena's loop ended it (a player found no move): that player abandons.
        let loser = match summary.outcome.winner() {
            Some(junqi::game::Colour::Red) => Seat::Second,
            _ => Seat::First,
        };
        round.abandon(loser).expect("abandons");
    }
    round.record().clone()
}

/// The estimated positions of one standard game, every `EVERY` moves.
fn standard_positions(record: &GameRecord, fit: bool) -> Vec<Estimated> {
    let (frames, _) = analysis::standard_history(record).expect("a finished game");
    frames
        .iter()
        .filter(|frame| frame.view.plies % EVERY == 0 && frame.view.plies > 0)
        .filter(|frame| frame.view.outcome.is_none())
        .map(|frame| {
            let chance = standard::estimate(frame, record.rules, estimate::EVEN, standard::NODES);
            let score = fit
                .then(|| standard::score(frame, record.rules, standard::NODES))
                .flatten();
            (chance, score.map(|score| (score, frame.view.to_act)))
        })
        .collect()
}

/// Moves' work of the standard AIs (nodes).
const STANDARD_PLAY_NODES: u64 = 2_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fit = args.iter().any(|arg| arg == "--fit");
    let kind = args
        .iter()
        .position(|arg| arg == "--game")
        .and_then(|index| args.get(index + 1))
        .map_or("flip", String::as_str);
    let current_scale = match kind {
        "flip" => estimate::SCALE,
        "dark" => standard::SCALE_DARK,
        "open" => standard::SCALE_OPEN,
        other => panic!("--game is flip, dark or open, not {other}"),
    };
    let open = kind == "open";
    let numbers: Vec<u64> = args.iter().filter_map(|arg| arg.parse().ok()).collect();
    let games = numbers.first().copied().unwrap_or(500);
    let first_seed = numbers.get(1).copied().unwrap_or(1_000_000);
    let started = Instant::now();
    // Per bucket: positions, points won (seat First's view and seat Second's view together).
    let mut buckets = [(0u64, 0f64, 0f64); 10];
    let mut scored: Vec<(i32, f64)> = Vec::new();
    let mut results = [0u32; 3];
    let mut plies = 0u64;
    for index in 0..games {
        let seed = first_seed + index;
        let (a, b) = PAIRINGS[(index % PAIRINGS.len() as u64) as usize];
        let (positions, outcome, actions) = if kind == "flip" {
            let (views, outcome) = one_game([Player::Ai(a), Player::Ai(b)], seed);
            (flip_positions(&views, fit), outcome, views.len() - 1)
        } else {
            let players = [StandardPlayer::Ai(a), StandardPlayer::Ai(b)];
            let record = standard_game(players, seed, open);
            let (views, outcome) = analysis::public_history(&record).expect("a finished game");
            (standard_positions(&record, fit), outcome, views.len() - 1)
        };
        let first_won = f64::from(estimate::of_outcome(&outcome)) / 1000.0;
        results[match outcome.winner() {
            Some(Seat::First) => 0,
            Some(Seat::Second) => 1,
            None => 2,
        }] += 1;
        plies += actions as u64;
        for (chance, score) in positions {
            let chance = f64::from(chance) / 1000.0;
            for (mine, won) in [(chance, first_won), (1.0 - chance, 1.0 - first_won)] {
                let bucket = ((mine * 10.0) as usize).min(9);
                buckets[bucket].0 += 1;
                buckets[bucket].1 += won;
                buckets[bucket].2 += mine;
            }
            if let Some((score, to_act)) = score {
                let won = if to_act == Seat::First {
                    first_won
                } else {
                    1.0 - first_won
                };
                scored.push((score, won));
            }
        }
        if (index + 1) % 50 == 0 {
            eprintln!(
                "{} games, {:.0} s",
                index + 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
    let (play_nodes, nodes) = match kind {
        "flip" => (PLAY_NODES, estimate::NODES),
        _ => (STANDARD_PLAY_NODES, standard::NODES),
    };
    println!(
        "{kind}: {games} games (seeds {first_seed}..{}), {plies} actions; first seat won {}, second {}, draws {}; {play_nodes} nodes a move, a position every {EVERY} actions estimated with {nodes} nodes, scale {current_scale}",
        first_seed + games,
        results[0],
        results[1],
        results[2],
    );
    println!("| estimated | positions | mean estimate | share won | gap |");
    println!("|---|---|---|---|---|");
    for (index, (count, won, estimated)) in buckets.iter().enumerate() {
        if *count == 0 {
            println!("| {}–{} % | 0 | | | |", index * 10, index * 10 + 10);
            continue;
        }
        let share = won / *count as f64 * 100.0;
        let mean = estimated / *count as f64 * 100.0;
        println!(
            "| {}–{} % | {count} | {mean:.1} % | {share:.1} % | {:+.1} |",
            index * 10,
            index * 10 + 10,
            share - mean
        );
    }
    if fit {
        let loss = |scale: f64| -> f64 {
            scored
                .iter()
                .map(|(score, won)| {
                    let p = if score.abs() >= 900_000 {
                        if *score > 0 { 0.999 } else { 0.001 }
                    } else {
                        (1.0 / (1.0 + (-f64::from(*score) / scale).exp())).clamp(0.001, 0.999)
                    };
                    -(won * p.ln() + (1.0 - won) * (1.0 - p).ln())
                })
                .sum::<f64>()
                / scored.len().max(1) as f64
        };
        let best = (1..=60)
            .map(|step| f64::from(step) * 100.0)
            .min_by(|a, b| loss(*a).total_cmp(&loss(*b)))
            .unwrap_or(current_scale);
        println!(
            "fit over {} scored positions: scale {best} (log loss {:.4}; at the current scale {:.4})",
            scored.len(),
            loss(best),
            loss(current_scale)
        );
    }
    eprintln!("{:.0} s in all", started.elapsed().as_secs_f64());
}
