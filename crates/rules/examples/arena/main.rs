//! Plays N games between two players and prints player A's wins, losses and draws and the
//! average time per move of each side:
//!
//! `cargo run --release -p junqi-rules --example arena -- --games 200 --ms 200 --a ai:normal --b greedy`
//!
//! Game `i` is dealt from seed `seed + i / 2`, with A in the first seat for even `i` and in
//! the second for odd `i`, so both players play each deal from both sides (the two games'
//! decisions are seeded apart, so a level against itself plays two different games).
//! `--nodes N` gives the AI a fixed amount of work instead of a time budget (reproducible);
//! `--threads` plays games in parallel (each AI then has less of the machine). `--table` adds
//! a Markdown row (W-D-L, points share, draws by rule, ms per move) for the tables of docs and
//! issues; `--draws` tells what each drawn game's last position held (draw_report.rs).
//! `--quiet-limit` and `--ply-limit` change the two draw rules of docs/rules.md §6 (80 and 300
//! by default), to see whether drawn games are won given more time. `--trace I` plays only
//! game I (the same deal, seats and decision seeds as in a full run) and prints every position
//! as the player to act saw it with the action chosen, from action `--trace-from` on.
//! `--variant standard` (暗棋) or `--variant open` (明棋) plays the two-player standard games
//! instead, between `random` and the AI levels (standard.rs); `--variant siguo` plays 四国军棋,
//! two seats of A against two of B, under `--view dark|allies|open` (siguo.rs).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::Result;
use clap::Parser;
use junqi_rules::ai::SearchBudget;
use junqi_rules::ai::match_play::{GameSummary, play_game_under, play_game_watched};
use junqi_rules::ai::players::Player;
use junqi_rules::game::{Action, Outcome, PublicView, Rules, Seat};

mod draw_report;
mod siguo;
mod standard;

/// Plays games between two players and prints A's wins, losses and draws and each side's
/// average time per move.
#[derive(Parser)]
#[command(
    name = "arena",
    after_help = "Players: ai:easy, ai:normal, ai:hard, ai:master, greedy, random (as `--a` and `--b` take them).\n\
                  Example: cargo run --release -p junqi-rules --example arena -- --games 200 --ms 200 --a ai:normal --b greedy"
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
    /// The game: flip (翻翻棋), standard (暗棋, the bot as referee), open (明棋) or siguo (四国军棋,
    /// team A's player in both its seats against team B's).
    #[arg(long, default_value = "flip", value_parser = ["flip", "standard", "open", "siguo"])]
    variant: String,
    /// With `--variant siguo`, the table's view mode: dark (四暗), allies (双明) or open (全明).
    #[arg(long, default_value = "dark", value_parser = ["dark", "allies", "open"])]
    view: String,
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
    /// Also print the result as one Markdown table row: A, B, games, A's wins-draws-losses,
    /// A's share of the points (a win 1, a draw ½), draws by rule, each side's ms per move
    /// and the budget (with `--table-header`, the header first).
    #[arg(long)]
    table: bool,
    #[arg(long, requires = "table")]
    table_header: bool,
    /// Also print, for each drawn game, what its last position held: each side's material, its
    /// engineers and bombs against the other's mines, and the pieces sheltering in camps.
    #[arg(long)]
    draws: bool,
    /// Consecutive actions without an attack that draw a game (docs/rules.md §6.3).
    #[arg(long, default_value_t = Rules::default().quiet_limit,
          value_parser = clap::value_parser!(u16).range(1..))]
    quiet_limit: u16,
    /// Actions in all that draw a game (docs/rules.md §6.4).
    #[arg(long, default_value_t = Rules::default().ply_limit,
          value_parser = clap::value_parser!(u16).range(1..))]
    ply_limit: u16,
    /// Play only game I (as numbered in a full run, whose result it repeats) and print each
    /// position before an action, in the notation of docs/rules.md §8, with the action chosen.
    #[arg(long, value_name = "I")]
    trace: Option<usize>,
    /// With `--trace`, the first action to print (earlier ones are played silently).
    #[arg(long, default_value_t = 0, requires = "trace", value_name = "ACTION")]
    trace_from: u16,
}

impl Options {
    fn budget(&self) -> SearchBudget {
        match self.nodes {
            Some(nodes) => SearchBudget::Nodes(nodes),
            None => SearchBudget::Time(Duration::from_millis(self.ms)),
        }
    }

    /// Game `index`'s players (A in the first seat for even `index`), A's seat, the deal's seed
    /// and the salt that seeds the twin game's decisions apart, so that a player against itself
    /// does not play the same game twice.
    fn game(&self, index: usize) -> ([Player; 2], Seat, u64, u64) {
        let (players, a_seat) = if index.is_multiple_of(2) {
            ([self.a, self.b], Seat::First)
        } else {
            ([self.b, self.a], Seat::Second)
        };
        let seed = self.seed + (index / 2) as u64;
        (players, a_seat, seed, (index % 2) as u64)
    }

    fn rules(&self) -> Rules {
        Rules {
            quiet_limit: self.quiet_limit,
            ply_limit: self.ply_limit,
            ..Rules::default()
        }
    }
}

fn main() -> Result<()> {
    let options = Options::parse();
    match options.variant.as_str() {
        "standard" => return standard::run(&options, false),
        "open" => return standard::run(&options, true),
        "siguo" => return siguo::run(&options),
        _ => {}
    }
    if let Some(index) = options.trace {
        trace(&options, index);
        return Ok(());
    }
    let budget = options.budget();
    let rules = options.rules();
    let results = play_all(&options, |index| {
        let (players, a_seat, seed, salt) = options.game(index);
        let summary = play_game_under(players, seed, salt, budget, rules);
        if options.verbose {
            eprintln!(
                "game {index}: seed {seed}, A in {a_seat:?}: {:?} after {} plies\n  {}",
                summary.outcome, summary.plies, summary.final_position
            );
        }
        (index, a_seat, summary)
    });
    report(&options, &results);
    if options.draws {
        draw_report::print(&results);
    }
    Ok(())
}

/// Plays games `0..options.games` on `options.threads` threads, each with `play`; the results
/// in the order the games finished.
fn play_all<T: Send>(options: &Options, play: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= options.games {
                        break;
                    }
                    let result = play(index);
                    if let Ok(mut results) = results.lock() {
                        results.push(result);
                    }
                }
            });
        }
    });
    results.into_inner().unwrap_or_default()
}

/// `--trace`: plays game `index` alone, printing each action from `--trace-from` on.
fn trace(options: &Options, index: usize) {
    let (players, a_seat, seed, salt) = options.game(index);
    let mut print = |view: &PublicView, action: Option<Action>| {
        if view.plies >= options.trace_from {
            let action = action.map_or_else(|| "none".to_string(), |action| action.to_string());
            println!("{} | {action}", view.notation());
        }
    };
    let summary = play_game_watched(
        players,
        seed,
        salt,
        options.budget(),
        options.rules(),
        &mut print,
    );
    println!(
        "game {index}: seed {seed}, A ({}) in {a_seat:?}, B ({}): {:?} after {} actions",
        options.a, options.b, summary.outcome, summary.plies
    );
}

/// A's wins, draws and losses over a run, and how many games ended each way.
#[derive(Default)]
struct Tally {
    wins: usize,
    draws: usize,
    losses: usize,
    reasons: std::collections::BTreeMap<String, usize>,
}

impl Tally {
    /// Counts a game that A played as `a` (a seat in flip, a colour in the standard games).
    fn add<Side: PartialEq>(&mut self, outcome: Outcome<Side>, a: Side) {
        let (label, reason) = match outcome {
            Outcome::Win { winner, reason } if winner == a => {
                self.wins += 1;
                ("A wins", reason.word())
            }
            Outcome::Win { reason, .. } => {
                self.losses += 1;
                ("B wins", reason.word())
            }
            Outcome::Draw(reason) => {
                self.draws += 1;
                ("draw", reason.word())
            }
        };
        *self
            .reasons
            .entry(format!("{label}: {reason}"))
            .or_default() += 1;
    }

    /// A's share of the points in per cent (a win 1, a draw ½).
    fn share(&self) -> f64 {
        let games = (self.wins + self.draws + self.losses).max(1) as f64;
        100.0 * (self.wins as f64 + self.draws as f64 / 2.0) / games
    }

    /// A's wins, losses, draws and share of the points, then how the games ended.
    fn print_points(&self) {
        println!(
            "A: {} wins, {} losses, {} draws ({:.1}% of the points)",
            self.wins,
            self.losses,
            self.draws,
            self.share()
        );
        self.print_reasons();
    }

    fn print_reasons(&self) {
        for (reason, count) in &self.reasons {
            println!("  {reason}: {count}");
        }
    }
}

fn report(options: &Options, results: &[(usize, Seat, GameSummary)]) {
    let mut tally = Tally::default();
    let mut thinking = [Duration::ZERO; 2];
    let mut decisions = [0u32; 2];
    let mut longest = [Duration::ZERO; 2];
    let mut plies = 0u64;
    for (_, a_seat, summary) in results {
        tally.add(summary.outcome, *a_seat);
        for (side, seat) in [(0, *a_seat), (1, a_seat.other())] {
            thinking[side] += summary.thinking[seat.index()];
            decisions[side] += summary.decisions[seat.index()];
            longest[side] = longest[side].max(summary.longest[seat.index()]);
        }
        plies += u64::from(summary.plies);
    }
    let games = results.len().max(1);
    if options.table {
        let ms = |side: usize| per_move(thinking[side], decisions[side]);
        print_row(options, &tally, [ms(0), ms(1)]);
    }
    println!(
        "A = {}, B = {}, {} games, budget {:?}, {} thread(s), drawn after {} quiet actions or {} in all",
        options.a,
        options.b,
        results.len(),
        options.budget(),
        options.threads,
        options.quiet_limit,
        options.ply_limit
    );
    println!(
        "A: {} wins, {} losses, {} draws ({:.1}% wins)",
        tally.wins,
        tally.losses,
        tally.draws,
        100.0 * tally.wins as f64 / games as f64
    );
    tally.print_reasons();
    println!(
        "average game length: {:.1} plies",
        plies as f64 / games as f64
    );
    for (side, name) in [(0, "A"), (1, "B")] {
        println!(
            "{name}: {:.2} ms per move over {} moves, longest {:.1} ms",
            per_move(thinking[side], decisions[side]),
            decisions[side],
            longest[side].as_secs_f64() * 1000.0
        );
    }
}

/// Milliseconds per move of a side that thought `thinking` over `decisions` moves.
fn per_move(thinking: Duration, decisions: u32) -> f64 {
    thinking.as_secs_f64() * 1000.0 / f64::from(decisions.max(1))
}

/// The `--table` row (docs in [`Options::table`]), with each side's ms per move.
fn print_row(options: &Options, tally: &Tally, ms: [f64; 2]) {
    let rules: Vec<String> = tally
        .reasons
        .iter()
        .filter_map(|(label, count)| Some(format!("{count} {}", label.strip_prefix("draw: ")?)))
        .collect();
    let (wins, draws, losses) = (tally.wins, tally.draws, tally.losses);
    let share = tally.share();
    let budget = match options.nodes {
        Some(nodes) => format!("{nodes} nodes"),
        None => format!("{} ms", options.ms),
    };
    if options.table_header {
        println!(
            "| A | B | games | A W-D-L | A points | draws (by rule) | ms/move A | ms/move B | budget |"
        );
        println!("|---|---|---|---|---|---|---|---|---|");
    }
    println!(
        "| {} | {} | {} | {wins}-{draws}-{losses} | {share:.1} % | {draws} ({}) | {:.2} | {:.2} | {budget} |",
        options.a,
        options.b,
        wins + draws + losses,
        if rules.is_empty() {
            "none".to_string()
        } else {
            rules.join(", ")
        },
        ms[0],
        ms[1],
    );
}
