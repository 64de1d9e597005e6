//! Two outage edges of a game's start on PostgreSQL, through the fault proxy
//! (`support/pg_proxy.rs`): a quick-match pair whose game's start an outage cuts off keeps its
//! place in the stored queue, so a restart during the outage loses nobody; and a tournament
//! game's room opened just before the store fails is closed, its pair playing in a new room
//! once the store is back.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use junqi::config::Config;
use junqi::service::{GameEvent, OpenedRoom, Rights, RoomRequest, Rooms, Service, Surface, now_ms};
use junqi::store::{Place, QueueEntry, Store};

use crate::faults_db::with_database;
use crate::store_support::backends::TestDatabase;
use crate::support::pg_proxy::{OutageSwitch, PgProxy};
use crate::tournament_service::{CHANNEL, begins, caller, create, join, next};

const WAIT: Duration = Duration::from_secs(20);

fn config() -> Config {
    Config {
        test_seed: Some(7),
        queue_second_ms: 100,
        tournament_minute_ms: 60_000,
        ..Config::default()
    }
}

fn waiting(user: u64, joined_at_ms: u64) -> QueueEntry {
    QueueEntry {
        user,
        name: format!("p{user}"),
        place: CHANNEL,
        turn_secs: 30,
        points: 0,
        joined_at_ms,
        game: junqi::GameKind::Flip,
    }
}

#[test]
fn a_quick_match_pair_cut_off_by_an_outage_keeps_its_place_through_a_restart() {
    with_database(async |database, proxy| pair_kept(database, proxy).await);
}

async fn pair_kept(database: &TestDatabase, proxy: &PgProxy) {
    let direct = Store::connect(&database.url)
        .await
        .expect("direct connection");
    let now = now_ms();
    let pair = [waiting(1, now - 2000), waiting(2, now - 1000)];
    for entry in &pair {
        direct.put_queue_entry(entry).await.expect("stored");
    }
    // The pair is matched at the first tick; the database goes the moment its game is
    // stored, before anything commits it.
    proxy.outage_after("INSERT INTO live_games");
    let store = Store::connect(&proxy.url()).await.expect("via the proxy");
    let (service, _outbound) = Service::start(config(), store).await.expect("start");
    let deadline = Instant::now() + WAIT;
    while proxy.drops() == 0 {
        assert!(
            Instant::now() < deadline,
            "the pair's game was never started"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Put back in memory, tried again and again at each tick; then the process restarts
    // while the database is still away.
    tokio::time::sleep(Duration::from_millis(500)).await;
    service.shutdown().await;
    proxy.restore();
    let mut kept = direct.queue_entries().await.expect("readable");
    kept.sort_by_key(|entry| entry.user);
    assert_eq!(kept, pair, "both wait on, with their waiting time");
    assert!(direct.live_games().await.expect("readable").is_empty());

    let store = Store::connect(&proxy.url()).await.expect("via the proxy");
    let (service, mut outbound) = Service::start(config(), store).await.expect("restart");
    let begun = next(&mut outbound, begins).await;
    assert!(begun.reply.text().contains("p1 vs p2"), "{:?}", begun.reply);
    service.shutdown().await;
    let live = direct.live_games().await.expect("readable");
    assert_eq!(live.len(), 1, "one game for the pair");
    assert_eq!(live[0].players, [1, 2]);
    assert!(direct.queue_entries().await.expect("readable").is_empty());
}

/// Opens a room of its own for each request (as the service does without a front end), and
/// takes the database away right after the first.
struct RoomsThenOutage {
    switch: OutageSwitch,
    first: AtomicBool,
    count: AtomicU64,
}

impl Rooms for RoomsThenOutage {
    fn open(&self, request: RoomRequest) -> OpenedRoom {
        let number = self.count.fetch_add(1, Ordering::SeqCst) + 1;
        let room = Place {
            guild: request.channel.guild,
            channel: 1000 + number,
        };
        if self.first.swap(false, Ordering::SeqCst) {
            self.switch.outage();
        }
        Box::pin(std::future::ready(Some(room)))
    }
}

#[test]
fn a_tournament_room_opened_as_the_store_fails_is_closed_and_the_game_starts_in_a_new_one() {
    with_database(async |database, proxy| room_closed(database, proxy).await);
}

async fn room_closed(database: &TestDatabase, proxy: &PgProxy) {
    let rooms = Arc::new(RoomsThenOutage {
        switch: proxy.switch(),
        first: AtomicBool::new(true),
        count: AtomicU64::new(0),
    });
    let store = Store::connect(&proxy.url()).await.expect("via the proxy");
    let (service, mut outbound) = Service::start_on(
        config(),
        store,
        Surface::Console,
        Some(rooms as Arc<dyn Rooms>),
    )
    .await
    .expect("start");
    service.handle(caller(1), create(Rights::all(), true)).await;
    for user in [1, 2] {
        let reply = service.handle(caller(user), join()).await;
        assert!(reply.text().contains("joins"), "{reply:?}");
    }
    // The pairing opened room 1001, and the store failed before the room was recorded.
    let closed = next(&mut outbound, |m| m.reply.event.is_some()).await;
    assert_eq!(closed.reply.event, Some(GameEvent::RoomClosed));
    assert_eq!(closed.place.channel, 1001);
    assert!(
        closed.reply.text().contains("This room is closed"),
        "{:?}",
        closed.reply
    );
    proxy.restore();
    // Paired again once the store answers, in a room of its own.
    let begun = next(&mut outbound, begins).await;
    assert_eq!(begun.place.channel, 1002, "{:?}", begun.reply);
    assert!(begun.reply.text().contains("p1 vs p2"), "{:?}", begun.reply);
    service.shutdown().await;
    let direct = Store::connect(&database.url)
        .await
        .expect("direct connection");
    let tournaments = direct.tournaments().await.expect("readable");
    let rooms: Vec<u64> = tournaments[0]
        .games
        .iter()
        .map(|g| g.room.channel)
        .collect();
    assert_eq!(rooms, [1002], "the closed room is in no record");
}
