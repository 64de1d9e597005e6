//! Store benchmarks: a durable action commit (`put_live_game` of a mid-game record, flushed)
//! with its p50/p99 over 2,000 timed commits, and leaderboard queries over 100,000 players.
//! Run with `cargo bench --bench store` (sled, in a temporary directory); with
//! `JUNQI_BENCH_DATABASE_URL=postgres://…/EMPTY_DATABASE` set, the same benchmarks run on
//! PostgreSQL (the database must be fresh: the bench fills it and leaves it).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion};
use junqi::game::{Game, Outcome, Rules, Seat, WinReason};
use junqi::store::{FinishedGame, LiveGame, Place, PlayerStats, Store};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use tokio::runtime::Runtime;

const PLAYERS: u64 = 100_000;
const GUILDS: u64 = 20;
const TIMED_COMMITS: usize = 2_000;

/// A game 120 actions in, as it is stored after an action.
fn mid_game(id: u64) -> LiveGame {
    let mut game = Game::new(7, Rules::default());
    let mut rng = SmallRng::seed_from_u64(7);
    while game.plies() < 120 && game.outcome().is_none() {
        let actions = game.legal_actions();
        let action = actions[rng.random_range(0..actions.len())];
        let seat = game.to_act();
        game.act(seat, action).expect("legal");
    }
    LiveGame {
        id,
        place: Place {
            guild: 1,
            channel: 1,
        },
        players: [11, 22],
        names: ["first player".into(), "second player".into()],
        record: game.record().clone(),
        turn_secs: 30,
        started_at_ms: 1_700_000_000_000,
        turn_deadline_ms: 1_700_000_030_000,
        warned: false,
        base_score: 1,
        rated: true,
        ai: None,
    }
}

/// 100,000 players with points spread like a real board: a crowd near zero (5% exactly at 0),
/// a long tail up to 司令.
fn population() -> Vec<PlayerStats> {
    let mut rng = SmallRng::seed_from_u64(1);
    (1..=PLAYERS)
        .map(|user| {
            let games = rng.random_range(1..400u32);
            let wins = rng.random_range(0..=games);
            let points = if rng.random_range(0..20u32) == 0 {
                0
            } else {
                let spread: i64 = (0..4).map(|_| rng.random_range(0..800i64)).sum();
                spread - 600 + if user % 100 == 0 { 20_000 } else { 0 }
            };
            PlayerStats {
                user,
                name: format!("player {user}"),
                points,
                wins,
                losses: games - wins,
                games,
                guilds: vec![user % GUILDS],
                ..PlayerStats::default()
            }
        })
        .collect()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

/// p50/p99 of durable commits, timed one by one (criterion reports only the mean and median).
fn commit_percentiles(runtime: &Runtime, store: &Store, game: &mut LiveGame) {
    let mut times = Vec::with_capacity(TIMED_COMMITS);
    for i in 0..TIMED_COMMITS {
        game.turn_deadline_ms += 1;
        game.warned = i % 2 == 0;
        let started = Instant::now();
        runtime.block_on(store.put_live_game(game)).expect("stored");
        times.push(started.elapsed());
    }
    times.sort();
    println!(
        "durable put_live_game ({} events, {TIMED_COMMITS} commits): p50 {:?}, p99 {:?}, max {:?}",
        game.record.events.len(),
        percentile(&times, 0.50),
        percentile(&times, 0.99),
        times[times.len() - 1],
    );
}

fn main() {
    let benching = std::env::args().any(|arg| arg == "--bench");
    let mut criterion = Criterion::default().configure_from_args();

    // The store's API is async: the bench waits on a runtime of its own for each call.
    let runtime = Runtime::new().expect("a runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let store = match std::env::var("JUNQI_BENCH_DATABASE_URL") {
        Ok(url) if !url.is_empty() => {
            println!("backend: PostgreSQL");
            runtime.block_on(Store::connect(&url)).expect("connects")
        }
        _ => {
            println!("backend: sled");
            runtime.block_on(Store::open(dir.path())).expect("opens")
        }
    };
    let mut game = mid_game(runtime.block_on(store.next_id()).expect("id"));
    if benching {
        commit_percentiles(&runtime, &store, &mut game);
    }
    criterion.bench_function("put_live_game durable (mid-game)", |b| {
        b.iter(|| {
            game.turn_deadline_ms += 1;
            runtime
                .block_on(store.put_live_game(black_box(&game)))
                .expect("stored");
        })
    });
    // A game's end: live → finished and both players' stats and ranks, in one transaction.
    let finished = FinishedGame {
        game: game.clone(),
        ended_at_ms: 1_700_000_100_000,
        outcome: Outcome::Win {
            winner: Seat::First,
            reason: WinReason::Resignation,
        },
        points: [2, -2],
    };
    criterion.bench_function("finish_game durable (stats + ranks)", |b| {
        b.iter_batched(
            || {
                let mut done = finished.clone();
                done.game.id = runtime.block_on(store.next_id()).expect("id");
                done.game.place.channel = done.game.id;
                runtime
                    .block_on(store.put_live_game(&done.game))
                    .expect("stored");
                done
            },
            |done| {
                runtime
                    .block_on(store.finish_game(black_box(&done)))
                    .expect("finished")
            },
            BatchSize::PerIteration,
        )
    });

    let players = population();
    let started = Instant::now();
    runtime
        .block_on(store.import_players(&players))
        .expect("imported");
    println!("imported {PLAYERS} players in {:?}", started.elapsed());
    let mut by_rank = players.clone();
    by_rank.sort_by_key(|p| (-p.points, -i64::from(p.wins), p.games, p.user));
    let last = by_rank[by_rank.len() - 1].user;
    let middle = by_rank[by_rank.len() / 2].user;
    // Once the worst case for a position (the players tied with it were walked): the last of
    // the largest group of equal points (about 5,000 players on 0 points).
    let zero_group_last = by_rank
        .iter()
        .rev()
        .find(|p| p.points == 0)
        .map_or(middle, |p| p.user);
    let crowd = players.iter().filter(|p| p.points == 0).count();
    println!("the 0-point crowd: {crowd} players");
    // Places are shared by equal points: 1 + the players with more points.
    let check = runtime
        .block_on(store.position_of(zero_group_last, junqi::GameKind::Flip, None))
        .expect("position");
    let expected = 1 + players.iter().filter(|p| p.points > 0).count();
    assert_eq!(check, Some(expected), "the counts agree with a sort");

    criterion.bench_function("leaderboard global top 10 (100k players)", |b| {
        b.iter(|| {
            runtime
                .block_on(store.leaderboard(junqi::GameKind::Flip, None, black_box(10)))
                .expect("board")
        })
    });
    criterion.bench_function("leaderboard guild top 10 (100k players)", |b| {
        b.iter(|| {
            runtime
                .block_on(store.leaderboard(junqi::GameKind::Flip, Some(black_box(3)), 10))
                .expect("board")
        })
    });
    for (name, user) in [
        ("position_of median player", middle),
        ("position_of last player", last),
        ("position_of last of the 0-point crowd", zero_group_last),
    ] {
        criterion.bench_function(&format!("{name} (100k players)"), |b| {
            b.iter(|| {
                runtime
                    .block_on(store.position_of(black_box(user), junqi::GameKind::Flip, None))
                    .expect("position")
            })
        });
    }
    criterion.final_summary();
}
