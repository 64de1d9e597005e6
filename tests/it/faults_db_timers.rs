//! What happens on its own while PostgreSQL is unreachable (through `support/pg_proxy.rs`): a
//! quick-match entry that lapses, and a tournament whose start and end fall in an outage, are
//! retried every second, counted as store failures, told nothing while unsaved, and applied
//! exactly once within 2 s of the database's return.

use std::time::{Duration, Instant};

use junqi::config::Config;
use junqi::service::{Command, Outbound, Rights, TournamentCommand};
use junqi::store::{Phase, Store};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::faults_db::{Rig, caller, store_failures, with_rig_on};

/// How soon after the database returns a lapsed event must be applied.
const RECOVERY: Duration = Duration::from_secs(2);

/// Everything the service said on its own so far.
fn drain(outbound: &mut UnboundedReceiver<Outbound>) -> Vec<String> {
    std::iter::from_fn(|| outbound.try_recv().ok())
        .map(|message| message.reply.text())
        .collect()
}

/// Waits for a message containing `wanted`; returns it and every message seen on the way.
async fn told(outbound: &mut UnboundedReceiver<Outbound>, wanted: &str) -> (String, Vec<String>) {
    let mut seen = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let message = tokio::time::timeout(left, outbound.recv())
            .await
            .unwrap_or_else(|_| panic!("\"{wanted}\" in time; seen {seen:?}"))
            .expect("the service runs");
        let text = message.reply.text();
        if text.contains(wanted) {
            return (text, seen);
        }
        seen.push(text);
    }
}

/// The database around the proxy.
async fn direct(rig: &Rig<'_>) -> Store {
    Store::connect(&rig.database.url)
        .await
        .expect("direct connection")
}

#[test]
fn a_queue_entry_that_lapses_in_an_outage_leaves_the_queue_once_when_the_database_returns() {
    let config = Config {
        test_seed: Some(7),
        // A quick-match "second" of 100 ms: the entry lapses after 1 s.
        queue_second_ms: 100,
        queue_expiry_secs: 10,
        ..Config::default()
    };
    with_rig_on(config, |rig| Box::pin(queue_lapse_in_outage(rig)));
}

async fn queue_lapse_in_outage(mut rig: Rig<'_>) {
    let play = Command::Play {
        seconds: None,
        cancel: false,
        game: junqi::GameKind::Flip,
    };
    let joined = rig.service.handle(caller(1), play).await;
    assert!(
        joined.private && joined.text().contains("queue"),
        "{joined:?}"
    );
    let failures = store_failures();
    rig.proxy.outage();
    tokio::time::sleep(Duration::from_millis(3000)).await;
    assert_eq!(
        drain(&mut rig.outbound),
        Vec::<String>::new(),
        "nothing told while unsaved"
    );
    assert!(
        store_failures() > failures,
        "the failed removals are counted"
    );

    rig.proxy.restore();
    let back = Instant::now();
    let (lapsed, _) = told(&mut rig.outbound, "no quick match was found").await;
    let recovered = back.elapsed();
    println!("fault queue lapse: applied {recovered:?} after restore: {lapsed}");
    assert!(recovered < RECOVERY, "told {recovered:?} after restore");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(drain(&mut rig.outbound), Vec::<String>::new(), "told once");
    let left = direct(&rig)
        .await
        .queue_entries()
        .await
        .expect("entries")
        .len();
    assert_eq!(left, 0, "the entry is gone from the database");
    rig.service.shutdown().await;
}

#[test]
fn a_tournament_that_starts_and_ends_in_outages_does_each_once_when_the_database_returns() {
    let config = Config {
        test_seed: Some(7),
        // A tournament "minute" of 1 s: it starts 1 s after it is made and ends 6 s later.
        tournament_minute_ms: 1000,
        ..Config::default()
    };
    with_rig_on(config, |rig| Box::pin(tournament_in_outages(rig)));
}

async fn tournament_in_outages(mut rig: Rig<'_>) {
    let made = Instant::now();
    let create = Command::Tournament(TournamentCommand::Create {
        minutes: 6,
        seconds: 30,
        starts_in: Some(1),
        rated: Some(false),
        rights: Rights::all(),
        game: junqi::GameKind::Flip,
    });
    let created = rig.service.handle(caller(1), create).await;
    assert!(!created.private, "{created:?}");
    for user in [1, 2] {
        let join = Command::Tournament(TournamentCommand::Join { tournament: None });
        let joined = rig.service.handle(caller(user), join).await;
        assert!(joined.text().contains("joins"), "{joined:?}");
    }

    // The start (at 1 s) falls in an outage that lasts until 2.5 s.
    let failures = store_failures();
    rig.proxy.outage();
    tokio::time::sleep_until((made + Duration::from_millis(2500)).into()).await;
    let quiet = drain(&mut rig.outbound);
    assert!(
        !quiet.iter().any(|line| line.contains("has begun")),
        "{quiet:?}"
    );
    assert!(store_failures() > failures, "the failed start is counted");
    rig.proxy.restore();
    let back = Instant::now();
    let (begun, _) = told(&mut rig.outbound, "has begun").await;
    let started = back.elapsed();
    let (game, seen) = told(&mut rig.outbound, "begins").await;
    println!("fault tournament start: applied {started:?} after restore: {begun} / {game}");
    assert!(started < RECOVERY, "begun {started:?} after restore");
    assert!(game.contains("p1 vs p2"), "{game}");
    assert!(
        !seen.iter().any(|line| line.contains("has begun")),
        "begun once: {seen:?}"
    );

    // The end (at 7 s) falls in a second outage, from 5 s until 8.5 s.
    tokio::time::sleep_until((made + Duration::from_millis(5000)).into()).await;
    rig.proxy.outage();
    tokio::time::sleep_until((made + Duration::from_millis(8500)).into()).await;
    let quiet = drain(&mut rig.outbound);
    assert!(
        !quiet.iter().any(|line| line.contains("time is up")),
        "{quiet:?}"
    );
    rig.proxy.restore();
    let back = Instant::now();
    let (time_up, seen) = told(&mut rig.outbound, "time is up").await;
    let ended = back.elapsed();
    println!("fault tournament end: applied {ended:?} after restore: {time_up}");
    assert!(ended < RECOVERY, "time up {ended:?} after restore");
    assert!(
        !seen.iter().any(|line| line.contains("has begun")),
        "{seen:?}"
    );
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let after = drain(&mut rig.outbound);
    assert!(
        !after
            .iter()
            .any(|line| line.contains("time is up") || line.contains("has begun")),
        "each told once: {after:?}"
    );
    let stored = direct(&rig).await.tournaments().await.expect("tournaments");
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert_eq!(
        stored[0].phase,
        Phase::Ending,
        "the game in progress still counts"
    );
    assert_eq!(stored[0].games.len(), 1, "one game was started: {stored:?}");
    let live = direct(&rig).await.live_games().await.expect("live").len();
    assert_eq!(live, 1, "one game, started once");
    rig.service.shutdown().await;
}
