//! Benchmark of quick match: 1,000 members send `/play` at once through the service (sled in
//! a temporary directory), all with the same clock and points, so each pairs as soon as a
//! second member arrives. Prints how long until every member is paired (the last `/play`
//! answered: the second of a pair is answered once their game is stored and its actor runs),
//! until the last game's first message (the start announcement with its board image, drawn on
//! the painter threads), and the p50/p99/max from a member's `/play` to their game's first
//! message, plus the `/play` answer's own latency and the machine's load average.
//! Target: all paired within 1 s.
//!
//! `cargo run --release --example quick_match -- [members]` (default 1000).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use junqi::config::Config;
use junqi::service::{Caller, Command, Service};
use junqi::store::{Place, Store};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let members: u64 = std::env::args()
        .nth(1)
        .and_then(|text| text.parse().ok())
        .unwrap_or(1000);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let store = Store::open(dir.path()).await.expect("a new store");
    let config = Config {
        data_dir: dir.path().to_path_buf(),
        ..Config::default()
    };
    let (service, mut outbound) = Service::start(config, store).await.expect("start");

    // Members 1..=N in guild 1, spread over 20 channels.
    let sent: Arc<std::sync::Mutex<HashMap<u64, Instant>>> = Arc::default();
    let start = Instant::now();
    let mut calls = Vec::new();
    for user in 1..=members {
        let (service, sent) = (service.clone(), sent.clone());
        calls.push(tokio::spawn(async move {
            let caller = Caller {
                user,
                name: format!("m{user}"),
                place: Place {
                    guild: 1,
                    channel: 1 + user % 20,
                },
            };
            let play = Command::Play {
                seconds: None,
                cancel: false,
                game: junqi::GameKind::Flip,
            };
            let at = Instant::now();
            sent.lock().expect("not poisoned").insert(user, at);
            let reply = service.handle(caller, play).await;
            (
                at.elapsed(),
                Instant::now(),
                reply.private && !reply.lines.is_empty(),
            )
        }));
    }

    // Every game's first message: the start, pinging both players.
    let games = members / 2;
    let mut first_message: HashMap<u64, Instant> = HashMap::new();
    let mut started = 0;
    while started < games {
        let message = tokio::time::timeout(Duration::from_secs(60), outbound.recv())
            .await
            .expect("every game starts within a minute")
            .expect("the service runs");
        if message.reply.text().contains("begins") {
            let now = Instant::now();
            for user in &message.reply.mentions {
                first_message.entry(*user).or_insert(now);
            }
            started += 1;
        }
    }
    let all_started = start.elapsed();

    let mut answers = Vec::new();
    let mut last_answer = start;
    for call in calls {
        let (latency, at, answered) = call.await.expect("the call ran");
        assert!(answered, "every /play is answered privately");
        answers.push(latency);
        last_answer = last_answer.max(at);
    }
    let all_paired = last_answer.duration_since(start);
    let sent = sent.lock().expect("not poisoned").clone();
    let mut to_game: Vec<Duration> = first_message
        .iter()
        .filter_map(|(user, at)| sent.get(user).map(|sent| at.duration_since(*sent)))
        .collect();
    to_game.sort();
    answers.sort();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "{members} members sent /play at once: {games} games; all paired (every /play answered, \
         every game stored and running) after {:.1} ms; the last game's first message after \
         {:.1} ms (load average {})",
        ms(all_paired),
        ms(all_started),
        load.split_whitespace().next().unwrap_or("?")
    );
    println!(
        "/play → the game's first message: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} members)",
        ms(percentile(&to_game, 0.50)),
        ms(percentile(&to_game, 0.99)),
        ms(to_game.last().copied().unwrap_or_default()),
        to_game.len()
    );
    println!(
        "/play → its private answer: p50 {:.1} ms, p99 {:.1} ms",
        ms(percentile(&answers, 0.50)),
        ms(percentile(&answers, 0.99)),
    );
    println!(
        "target: all paired within 1 s: {}",
        if all_paired <= Duration::from_secs(1) {
            "met"
        } else {
            "missed"
        }
    );
    service.shutdown().await;
}
