//! Load test of the game service: many live games in one process, each taking actions through
//! `Service::handle` with durable commits, and the memory of idle live games with armed clocks.
//!
//! `cargo run --release --example load -- [games] [actions per game] [callers] [rate]`
//! (defaults 10000 20 256 1000). Actions arrive at `rate` per second (0: as fast as `callers`
//! concurrent callers can send them, i.e. saturation); at most `callers` are in flight. Prints
//! the time per game start (challenge and accept, with `callers` starting at once), the latency
//! percentiles per action (from the call to the reply, the durable commit included) and the
//! resident memory (VmRSS) with every game live and idle, also per idle game (each start's task
//! is reaped as soon as it ends, so the harness's own tasks do not count). The per-game figure
//! is over a baseline taken after a few warm-up games have drawn their boards (the renderer's
//! fonts and buffers are the process's, not the games'); the figure over the cold start is
//! printed beside it. With 0 actions per
//! game it stops after the starts and the idle memory (for memory runs at large counts).
//!
//! Every reply carries its board image, so rendering is part of each action's latency.
//!
//! `JUNQI_LOAD_ACTIVE=N` lets only the first N games take actions while the others stay live
//! and idle: latency with many live games without waiting for an action in each.
//!
//! With `DATABASE_URL=postgres://…` the store is that PostgreSQL database instead of a fresh
//! sled directory, so several load processes can share it; give each its own
//! `JUNQI_LOAD_GUILD=N` (1, 2, …) so their channels and players do not collide.
//!
//! Sharded, as a scaled-out bot runs: `JUNQI_LOAD_PROCESSES=2` (with `DATABASE_URL`) starts
//! that many copies of this example, each as shard i of N (`[discord] shards`) on the one
//! database, its games in a guild on its own shard, all at once; each prints its own latency
//! and resident memory, prefixed with its shard.
//!
//! For scale: 10,000 games on 30-second clocks where players take ~10 s per action make about
//! 1,000 actions per second.

use std::sync::Arc;
use std::time::{Duration, Instant};

use junqi::config::{Config, ShardRange};
use junqi::game::{Action, Game, Rules, Seat};
use junqi::service::{Caller, Command, Member, Opponent, Service};
use junqi::store::{Place, Store};
use tokio::sync::Semaphore;

const SEED: u64 = 11;

fn resident_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<f64>()
                .ok()
        })
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// The machine's load average over the last minute, to say how busy the run's machine was.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|text| text.parse().ok())
}

/// This process's shard and the total, when it is one of several (`JUNQI_LOAD_SHARD` of
/// `JUNQI_LOAD_TOTAL`, set by the parent of a sharded run).
fn load_shard() -> Option<(u32, u32)> {
    let shard = u32::try_from(env_number("JUNQI_LOAD_SHARD")?).ok()?;
    let total = u32::try_from(env_number("JUNQI_LOAD_TOTAL")?).ok()?;
    Some((shard, total))
}

/// This process's guild: one on its own shard when sharded (Discord's `(guild >> 22) % total`),
/// else `JUNQI_LOAD_GUILD` (default 1), so processes sharing a database never collide.
fn load_guild() -> u64 {
    match load_shard() {
        Some((shard, _)) => (u64::from(shard) << 22) | 1,
        None => env_number("JUNQI_LOAD_GUILD").unwrap_or(1),
    }
}

fn caller(game: usize, seat: Seat) -> Caller {
    let guild = load_guild();
    let user = guild * 10_000_000 + 2 * game as u64 + 1 + seat.index() as u64;
    Caller {
        user,
        name: format!("p{user}"),
        place: Place {
            guild,
            channel: game as u64 + 1,
        },
    }
}

/// The same planned actions are played in every game: all games share the test deal.
fn plan(actions: usize) -> Vec<(Seat, Action)> {
    let mut game = Game::new(SEED, Rules::default());
    let mut planned = Vec::new();
    while planned.len() < actions {
        let seat = game.to_act();
        let action = game
            .legal_actions()
            .into_iter()
            .filter(|a| !game.would_repeat(seat, *a))
            .find(|a| {
                let mut next = game.clone();
                next.act(seat, *a).is_ok() && next.outcome().is_none()
            })
            .expect("a safe action");
        game.act(seat, action).expect("legal");
        planned.push((seat, action));
    }
    planned
}

/// Games started (and left waiting) before the memory baseline, as many as the painters
/// could draw at once and more.
const WARM_UP_GAMES: usize = 8;

/// Challenge and accept: whether game `game`'s first board came back.
async fn start_game(service: &Service, game: usize) -> bool {
    let challenger = caller(game, Seat::First);
    let challenged = caller(game, Seat::Second);
    let challenge = Command::Challenge {
        opponent: Opponent::Member(Member {
            user: challenged.user,
            name: challenged.name.clone(),
        }),
        seconds: None,
        game: junqi::GameKind::Flip,
    };
    service.handle(challenger, challenge).await;
    let reply = service
        .handle(challenged, Command::Accept { challenge: None })
        .await;
    reply.text().contains("begins")
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index].as_secs_f64() * 1000.0
}

async fn run(games: usize, actions: usize, concurrency: usize, rate: u64) -> Result<(), String> {
    let dir = tempfile::Builder::new()
        .prefix("junqi-load-")
        .tempdir_in(".")
        .map_err(|e| e.to_string())?;
    let store = match std::env::var("DATABASE_URL") {
        Ok(url) if !url.is_empty() => Store::connect(&url).await,
        _ => Store::open(dir.path()).await,
    }
    .map_err(|e| e.to_string())?;
    let mut config = Config {
        test_seed: Some(SEED),
        turn_secs: 3600,
        max_turn_secs: 3600,
        ..Config::default()
    };
    if let Some((shard, total)) = load_shard() {
        // The service then owns (and resumes) only the games of this shard's guilds.
        config = config
            .with_shards(
                Some(ShardRange {
                    first: shard,
                    last: shard,
                }),
                Some(total),
            )
            .map_err(|e| e.to_string())?;
    }
    let (service, mut outbound) = Service::start(config, store)
        .await
        .map_err(|e| e.to_string())?;
    tokio::spawn(async move { while outbound.recv().await.is_some() {} });
    let cold = resident_mb();
    // A bot that has drawn a board holds its fonts, backgrounds and each painter thread's
    // buffers (about 15 MB, however many games wait): a few games started first, in channels
    // of their own, bring those in before the baseline, so the per-game figure is what each
    // waiting game adds.
    let warm_up = (games..games + WARM_UP_GAMES).map(|game| {
        let service = service.clone();
        async move { start_game(&service, game).await }
    });
    if !futures_util::future::join_all(warm_up)
        .await
        .into_iter()
        .all(|began| began)
    {
        return Err("a warm-up game did not start".into());
    }
    tokio::time::sleep(Duration::from_millis(600)).await;
    let at_start = resident_mb();
    println!(
        "start: {cold:.1} MB resident, {at_start:.1} MB after {WARM_UP_GAMES} warm-up games (load average {})",
        load_average()
    );

    let limit = Arc::new(Semaphore::new(concurrency));
    let started = Instant::now();
    // Each start's task is reaped as soon as it is done: a finished task held by its handle
    // keeps its memory, which would count against the idle games.
    let mut tasks = tokio::task::JoinSet::new();
    let mut begun = 0;
    for game in 0..games {
        let service = service.clone();
        let permit = limit
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| e.to_string())?;
        tasks.spawn(async move {
            let began = start_game(&service, game).await;
            drop(permit);
            began
        });
        while let Some(done) = tasks.try_join_next() {
            begun += usize::from(done.map_err(|e| e.to_string())?);
        }
    }
    while let Some(done) = tasks.join_next().await {
        begun += usize::from(done.map_err(|e| e.to_string())?);
    }
    if begun < games {
        return Err("a game did not start".into());
    }
    let start_secs = started.elapsed().as_secs_f64();
    println!(
        "{games} live games started in {start_secs:.1} s ({:.2} ms per start)",
        start_secs * 1000.0 / games.max(1) as f64
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    let idle = resident_mb();
    println!(
        "idle with armed clocks: {idle:.1} MB resident ({games} live games, {:.2} KB per game over the start, {:.2} KB over the cold start)",
        (idle - at_start) * 1024.0 / games.max(1) as f64,
        (idle - cold) * 1024.0 / games.max(1) as f64
    );
    if actions == 0 {
        service.shutdown().await;
        return Ok(());
    }

    let planned = plan(actions);
    let active = env_number("JUNQI_LOAD_ACTIVE").map_or(games, |n| (n as usize).min(games));
    let mut latencies = Vec::with_capacity(active * actions);
    let started = Instant::now();
    let mut sent: u64 = 0;
    for (seat, action) in planned {
        let command = match action {
            Action::Flip(square) => Command::Flip(square),
            Action::Move { from, to } => Command::Move { from, to },
        };
        let mut tasks = Vec::with_capacity(active);
        for game in 0..active {
            if rate > 0 {
                // Open loop: the next action arrives on schedule, whether or not the last
                // ones have been answered.
                let due = started + Duration::from_secs_f64(sent as f64 / rate as f64);
                tokio::time::sleep_until(due.into()).await;
            }
            sent += 1;
            let service = service.clone();
            let command = command.clone();
            let permit = limit
                .clone()
                .acquire_owned()
                .await
                .map_err(|e| e.to_string())?;
            tasks.push(tokio::spawn(async move {
                let begin = Instant::now();
                let reply = service.handle(caller(game, seat), command).await;
                let took = begin.elapsed();
                drop(permit);
                (took, reply.private)
            }));
        }
        for task in tasks {
            let (took, refused) = task.await.map_err(|e| e.to_string())?;
            if refused {
                return Err("a planned action was refused".into());
            }
            latencies.push(took);
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort();
    println!(
        "{} actions in {elapsed:.1} s ({:.0}/s; offered {}) with at most {concurrency} in flight",
        latencies.len(),
        latencies.len() as f64 / elapsed,
        if rate > 0 {
            format!("{rate}/s")
        } else {
            "saturation".to_string()
        }
    );
    println!(
        "latency per action: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.9),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0)
    );
    println!(
        "after the actions: {:.1} MB resident (load average {})",
        resident_mb(),
        load_average()
    );
    service.shutdown().await;
    Ok(())
}

/// Runs `processes` copies of this example at once, shard i of N each, and prints their
/// output as it comes, prefixed with the shard.
fn run_sharded(processes: u32) -> Result<(), String> {
    if std::env::var("DATABASE_URL").map_or(true, |url| url.is_empty()) {
        return Err("a sharded run needs DATABASE_URL=postgres://… (sled is one process)".into());
    }
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let children: Vec<_> = (0..processes)
        .map(|shard| {
            std::process::Command::new(&exe)
                .args(std::env::args().skip(1))
                .env_remove("JUNQI_LOAD_PROCESSES")
                .env("JUNQI_LOAD_SHARD", shard.to_string())
                .env("JUNQI_LOAD_TOTAL", processes.to_string())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .map(|child| (shard, child))
                .map_err(|e| e.to_string())
        })
        .collect::<Result<_, _>>()?;
    let mut failed = false;
    let printers: Vec<_> = children
        .into_iter()
        .map(|(shard, mut child)| {
            let out = child.stdout.take();
            std::thread::spawn(move || {
                use std::io::BufRead;
                if let Some(out) = out {
                    for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
                        println!("[shard {shard}/{processes}] {line}");
                    }
                }
                child.wait().map(|status| status.success()).unwrap_or(false)
            })
        })
        .collect();
    for printer in printers {
        failed |= !printer.join().unwrap_or(false);
    }
    if failed {
        return Err("a shard's process failed".into());
    }
    Ok(())
}

fn main() {
    if let Some(processes) = env_number("JUNQI_LOAD_PROCESSES") {
        let processes = u32::try_from(processes).unwrap_or(1).max(1);
        if let Err(error) = run_sharded(processes) {
            eprintln!("load test failed: {error}");
            std::process::exit(1);
        }
        return;
    }
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(10_000);
    let actions = args.get(1).copied().unwrap_or(20);
    let concurrency = args.get(2).copied().unwrap_or(256).max(1);
    let rate = args.get(3).copied().unwrap_or(1000) as u64;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    if let Err(error) = runtime.block_on(run(games, actions, concurrency, rate)) {
        eprintln!("load test failed: {error}");
        std::process::exit(1);
    }
}
