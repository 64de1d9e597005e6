//! One member flooding `/board` versus everyone else: the action latency of 100 other games,
//! quiet and then while one member sends 50 `/board` a second to their own game, in one run.
//! The image limit is off here (`images_per_minute = 0`), so what protects the other games is
//! the per-game picture cache; on Discord the limit also refuses the flood past its burst.
//!
//! `cargo run --release --example flood`

use std::time::{Duration, Instant};

use junqi::config::Config;
use junqi::game::{Action, Game, Rules, Seat};
use junqi::service::{Caller, Command, Member, Opponent, Service};
use junqi::store::{Place, Store};

const GAMES: u64 = 100;
const ACTIONS: usize = 12;
const PAUSE: Duration = Duration::from_millis(20);
const SEED: u64 = 7;

fn caller(user: u64, channel: u64) -> Caller {
    Caller {
        user,
        name: format!("p{user}"),
        place: Place { guild: 9, channel },
    }
}

/// A legal action that keeps the game going and does not repeat (a flip first).
fn pick(game: &Game) -> Option<Action> {
    let seat = game.to_act();
    let mut safe = game.legal_actions().into_iter().filter(|action| {
        let mut next = game.clone();
        !game.would_repeat(seat, *action)
            && next.act(seat, *action).is_ok()
            && next.outcome().is_none()
    });
    let all: Vec<Action> = safe.by_ref().collect();
    all.iter()
        .copied()
        .find(|a| matches!(a, Action::Flip(_)))
        .or_else(|| all.first().copied())
}

async fn begin(service: &Service, channel: u64) {
    let (a, b) = (channel * 2, channel * 2 + 1);
    let challenge = Command::Challenge {
        opponent: Opponent::Member(Member {
            user: b,
            name: format!("p{b}"),
        }),
        seconds: Some(3600),
        game: junqi::GameKind::Flip,
    };
    service.handle(caller(a, channel), challenge).await;
    service
        .handle(caller(b, channel), Command::Accept { challenge: None })
        .await;
}

/// Plays `ACTIONS` actions in game `channel` from `game`, returning each one's latency.
async fn play(service: Service, channel: u64, mut game: Game) -> (Game, Vec<Duration>) {
    let mut times = Vec::new();
    for _ in 0..ACTIONS {
        let Some(action) = pick(&game) else { break };
        let seat = game.to_act();
        let user = if seat == Seat::First {
            channel * 2
        } else {
            channel * 2 + 1
        };
        let command = match action {
            Action::Flip(square) => Command::Flip(square),
            Action::Move { from, to } => Command::Move { from, to },
        };
        let started = Instant::now();
        let reply = service.handle(caller(user, channel), command).await;
        times.push(started.elapsed());
        if reply.private {
            eprintln!("game {channel}: refused: {}", reply.text());
            break;
        }
        game.act(seat, action).expect("legal");
        tokio::time::sleep(PAUSE).await;
    }
    (game, times)
}

async fn round(service: &Service, games: Vec<Game>) -> (Vec<Game>, Vec<Duration>) {
    let tasks: Vec<_> = games
        .into_iter()
        .enumerate()
        .map(|(i, game)| tokio::spawn(play(service.clone(), i as u64 + 1, game)))
        .collect();
    let (mut out, mut times) = (Vec::new(), Vec::new());
    for task in tasks {
        let (game, taken) = task.await.expect("task");
        out.push(game);
        times.extend(taken);
    }
    (out, times)
}

fn percentile(times: &mut [Duration], p: f64) -> Duration {
    times.sort();
    let index = ((times.len() as f64 - 1.0) * p).round() as usize;
    times.get(index).copied().unwrap_or_default()
}

#[tokio::main]
async fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("store");
    let config = Config {
        test_seed: Some(SEED),
        images_per_minute: 0,
        ..Config::default()
    };
    let (service, _outbound) = Service::start(config, store).await.expect("start");
    // Game 0's channel belongs to the flooding member; games 1..=100 are the others.
    for channel in 0..=GAMES {
        begin(&service, channel).await;
    }
    let games: Vec<Game> = (0..GAMES)
        .map(|_| Game::new(SEED, Rules::default()))
        .collect();
    let (games, mut quiet) = round(&service, games).await;

    let flooder = {
        let service = service.clone();
        tokio::spawn(async move {
            let mut sent = 0u64;
            let mut tick = tokio::time::interval(Duration::from_millis(20));
            loop {
                tick.tick().await;
                let service = service.clone();
                tokio::spawn(async move { service.handle(caller(0, 0), Command::Board).await });
                sent += 1;
                if sent >= 50 * 60 {
                    break;
                }
            }
        })
    };
    let (_, mut flooded) = round(&service, games).await;
    flooder.abort();

    println!("| other games' actions | n | p50 | p99 |");
    println!("|---|---|---|---|");
    for (name, times) in [
        ("quiet", &mut quiet),
        ("one member 50 /board/s", &mut flooded),
    ] {
        let n = times.len();
        let p50 = percentile(times, 0.5);
        let p99 = percentile(times, 0.99);
        println!(
            "| {name} | {n} | {:.2} ms | {:.2} ms |",
            p50.as_secs_f64() * 1e3,
            p99.as_secs_f64() * 1e3
        );
    }
    service.shutdown().await;
}
