//! The service on PostgreSQL through a fault-injecting proxy (`support/pg_proxy.rs`): with the
//! database unreachable, actions are refused at once with the existing words and counted in
//! the metrics; a turn clock that lapses meanwhile is retried and applied once when the database
//! is back; the next action after it returns is applied (no restart); and a connection lost
//! right after the server committed (an action's autocommitted write, or `/abandon`'s COMMIT)
//! is answered as what it was, stored, and never applied twice.

use std::time::{Duration, Instant};

use junqi::config::{Config, Language};
use junqi::game::{Event, Game, Rules, Seat};
use junqi::service::{Caller, Command, Member, Opponent, Outbound, Reply, Service};
use junqi::store::{Place, Store};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::console_support::pick;
use crate::store_support::backends::TestDatabase;
use crate::support::pg_proxy::PgProxy;

const SEED: u64 = 7;
const CHANNEL: u64 = 1;

pub(crate) fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: format!("p{user}"),
        place: Place {
            guild: 9,
            channel: CHANNEL,
        },
    }
}

fn user_of(seat: Seat) -> u64 {
    if seat == Seat::First { 1 } else { 2 }
}

/// A test database, a proxy in front of it and the service on the proxy.
pub(crate) struct Rig<'a> {
    pub(crate) database: &'a TestDatabase,
    pub(crate) proxy: &'a PgProxy,
    pub(crate) service: Service,
    pub(crate) outbound: UnboundedReceiver<Outbound>,
}

/// Runs `body` on a service whose store reaches a fresh test database through a proxy (the
/// database and the proxy have runtimes of their own, made and dropped outside the test's).
fn with_rig<F>(body: F)
where
    F: for<'a> FnOnce(Rig<'a>) -> std::pin::Pin<Box<dyn Future<Output = ()> + 'a>>,
{
    with_rig_on(
        Config {
            test_seed: Some(SEED),
            ..Config::default()
        },
        body,
    );
}

/// [`with_rig`] with the service on `config`.
pub(crate) fn with_rig_on<F>(config: Config, body: F)
where
    F: for<'a> FnOnce(Rig<'a>) -> std::pin::Pin<Box<dyn Future<Output = ()> + 'a>>,
{
    with_database(async move |database, proxy| {
        let store = Store::connect(&proxy.url())
            .await
            .expect("connects through the proxy");
        let (service, outbound) = Service::start(config, store).await.expect("start");
        body(Rig {
            database,
            proxy,
            service,
            outbound,
        })
        .await;
    });
}

/// Runs `body` on a runtime of its own with a fresh test database and a proxy in front of it
/// (both have runtimes of their own, made and dropped outside the test's); nothing without a
/// test database.
pub(crate) fn with_database(body: impl AsyncFnOnce(&TestDatabase, &PgProxy)) {
    let Some(database) = TestDatabase::create() else {
        return;
    };
    let proxy = PgProxy::start(&database.url);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(body(&database, &proxy));
}

impl Rig<'_> {
    pub(crate) async fn begin(&self, seconds: Option<u32>) {
        let challenge = Command::Challenge {
            opponent: Opponent::Member(Member {
                user: 2,
                name: "p2".into(),
            }),
            seconds,
            game: junqi::GameKind::Flip,
        };
        self.service.handle(caller(1), challenge).await;
        let reply = self
            .service
            .handle(caller(2), Command::Accept { challenge: None })
            .await;
        assert!(reply.text().contains("begins"), "{reply:?}");
    }

    /// Plays the planned next action of `game` (not applied to `game`).
    async fn play(&self, game: &Game) -> (Reply, junqi::game::Action) {
        let action = pick(game, false);
        let command = match action {
            junqi::game::Action::Flip(square) => Command::Flip(square),
            junqi::game::Action::Move { from, to } => Command::Move { from, to },
        };
        let user = user_of(game.to_act());
        (self.service.handle(caller(user), command).await, action)
    }

    /// The live game's events as the database holds them (read around the proxy).
    async fn stored_events(&self) -> Option<Vec<Event>> {
        let store = Store::connect(&self.database.url)
            .await
            .expect("direct connection");
        let live = store.live_games().await.expect("live games");
        live.first().map(|game| game.record.events.clone())
    }
}

pub(crate) fn store_failures() -> u64 {
    let text = junqi::ops::metrics::render_text(0);
    text.lines()
        .find_map(|line| line.strip_prefix("junqi_store_failures_total "))
        .and_then(|value| value.trim().parse().ok())
        .expect("the store_failures counter in /metrics")
}

fn refused_as_unsaved(reply: &Reply) -> bool {
    reply.private && reply.text() == junqi::words::store_failure(Language::English)
}

#[test]
fn an_outage_refuses_actions_at_once_and_service_returns_without_restart() {
    with_rig(|rig| Box::pin(outage(rig)));
}

async fn outage(rig: Rig<'_>) {
    rig.begin(None).await;
    let mut game = Game::new(SEED, Rules::default());
    let (reply, action) = rig.play(&game).await;
    assert!(!reply.private, "{reply:?}");
    game.act(game.to_act(), action).expect("legal");

    let failures = store_failures();
    rig.proxy.outage();
    // The pool sees its connections closed (a write on a connection that breaks under it has
    // an unknown outcome: the tests below).
    tokio::time::sleep(Duration::from_millis(100)).await;
    for _ in 0..3 {
        let (reply, _) = rig.play(&game).await;
        assert!(refused_as_unsaved(&reply), "{reply:?}");
    }
    assert!(store_failures() >= failures + 3, "each refusal is counted");
    // A database restart of 30 s is this test with JUNQI_TEST_OUTAGE_MS=30000 (not in CI).
    let outage = std::env::var("JUNQI_TEST_OUTAGE_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(Duration::ZERO, Duration::from_millis);
    if !outage.is_zero() {
        tokio::time::sleep(outage).await;
        let (reply, _) = rig.play(&game).await;
        assert!(
            refused_as_unsaved(&reply),
            "still refused at once: {reply:?}"
        );
    }
    // Reading commands answer from memory meanwhile.
    let export = rig.service.handle(caller(3), Command::Export).await;
    assert_eq!(export.lines[0], game.view().notation());

    rig.proxy.restore();
    let back = Instant::now();
    let (reply, action) = rig.play(&game).await;
    println!(
        "fault outage: first action after restore applied in {:?}",
        back.elapsed()
    );
    assert!(
        !reply.private,
        "the first action after the database returns applies: {reply:?}"
    );
    game.act(game.to_act(), action).expect("legal");
    let stored = rig.stored_events().await.expect("the game is live");
    assert_eq!(
        &stored,
        &game.record().events,
        "nothing lost, nothing doubled"
    );
    rig.service.shutdown().await;
}

#[test]
fn a_clock_that_lapses_in_an_outage_is_applied_once_when_the_database_returns() {
    with_rig(|rig| Box::pin(clock_in_outage(rig)));
}

async fn clock_in_outage(mut rig: Rig<'_>) {
    rig.begin(Some(1)).await;
    let failures = store_failures();
    rig.proxy.outage();
    // The turn lapses after 1 s; its retries fail while the database is away.
    tokio::time::sleep(Duration::from_millis(2300)).await;
    assert!(
        rig.outbound.try_recv().is_err(),
        "no timeout was told while unsaved"
    );
    assert!(
        store_failures() > failures,
        "the failed clock saves are counted"
    );

    rig.proxy.restore();
    let back = Instant::now();
    let told = tokio::time::timeout(Duration::from_secs(10), rig.outbound.recv())
        .await
        .expect("the timeout in time")
        .expect("service running");
    println!(
        "fault clock: timeout applied {:?} after restore",
        back.elapsed()
    );
    assert!(
        told.reply.text().contains("ran out of time"),
        "{:?}",
        told.reply
    );
    let stored = rig.stored_events().await.expect("the game is live");
    assert_eq!(stored.first(), Some(&Event::Timeout), "{stored:?}");
    let timeouts = stored.iter().filter(|e| **e == Event::Timeout).count();
    // A second timeout can only follow a whole turn (1 s) after the first was applied.
    assert!(
        timeouts <= 1 || back.elapsed() >= Duration::from_secs(1),
        "{stored:?}"
    );
    rig.service.shutdown().await;
}

#[test]
fn a_challenge_that_expires_in_an_outage_lapses_once_soon_after_the_database_returns() {
    let config = Config {
        test_seed: Some(SEED),
        challenge_expiry_secs: 1,
        ..Config::default()
    };
    with_rig_on(config, |rig| Box::pin(challenge_in_outage(rig)));
}

async fn challenge_in_outage(mut rig: Rig<'_>) {
    let challenge = Command::Challenge {
        opponent: Opponent::Member(Member {
            user: 2,
            name: "p2".into(),
        }),
        seconds: None,
        game: junqi::GameKind::Flip,
    };
    let reply = rig.service.handle(caller(1), challenge).await;
    assert!(!reply.private, "the challenge is posted: {reply:?}");
    let failures = store_failures();
    rig.proxy.outage();
    // The challenge expires after 1 s; taking it out of the store fails until the database
    // returns, 4.5 s in (a backoff doubling from 1 s would next try at 8 s).
    tokio::time::sleep(Duration::from_millis(4500)).await;
    assert!(
        rig.outbound.try_recv().is_err(),
        "no expiry told while unsaved"
    );
    assert!(
        store_failures() > failures,
        "the failed expiries are counted"
    );

    rig.proxy.restore();
    let back = Instant::now();
    let told = tokio::time::timeout(Duration::from_secs(10), rig.outbound.recv())
        .await
        .expect("the expiry in time")
        .expect("service running");
    let recovered = back.elapsed();
    println!("fault challenge expiry: applied {recovered:?} after restore");
    assert!(
        told.reply.text().contains("has expired"),
        "{:?}",
        told.reply
    );
    assert!(
        recovered < Duration::from_secs(2),
        "told {recovered:?} after restore"
    );
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert!(rig.outbound.try_recv().is_err(), "the expiry is told once");
    let store = Store::connect(&rig.database.url)
        .await
        .expect("direct connection");
    let left = store.challenges().await.expect("challenges").len();
    assert_eq!(left, 0, "the challenge is gone from the database");
    rig.service.shutdown().await;
}

#[test]
fn an_action_committed_as_the_connection_drops_is_acknowledged_once() {
    with_rig(|rig| Box::pin(action_commit_lost(rig)));
}

async fn action_commit_lost(rig: Rig<'_>) {
    rig.begin(None).await;
    let mut game = Game::new(SEED, Rules::default());
    for _ in 0..2 {
        let (reply, action) = rig.play(&game).await;
        assert!(!reply.private, "{reply:?}");
        game.act(game.to_act(), action).expect("legal");
    }
    // An action is one autocommitted UPDATE: the server commits it, the answer is lost.
    rig.proxy.drop_after("UPDATE live_games");
    let (reply, action) = rig.play(&game).await;
    assert_eq!(
        rig.proxy.drops(),
        1,
        "the connection was dropped after the write"
    );
    assert!(!reply.private, "a stored action is acknowledged: {reply:?}");
    game.act(game.to_act(), action).expect("legal");
    let stored = rig.stored_events().await.expect("live");
    assert_eq!(&stored, &game.record().events, "stored once");
    // The game goes on from the stored position.
    let (reply, action) = rig.play(&game).await;
    assert!(!reply.private, "{reply:?}");
    game.act(game.to_act(), action).expect("legal");
    let stored = rig.stored_events().await.expect("live");
    assert_eq!(&stored, &game.record().events, "nothing doubled");
    rig.service.shutdown().await;
}

#[test]
fn an_abandon_committed_as_the_connection_drops_ends_the_game_in_memory_too() {
    with_rig(|rig| Box::pin(abandon_commit_lost(rig)));
}

async fn abandon_commit_lost(rig: Rig<'_>) {
    rig.begin(None).await;
    let game = Game::new(SEED, Rules::default());
    let (reply, _) = rig.play(&game).await;
    assert!(!reply.private, "{reply:?}");
    rig.proxy.drop_after_commit();
    let reply = rig.service.handle(caller(1), Command::Abandon).await;
    assert_eq!(
        rig.proxy.drops(),
        1,
        "the connection was dropped after the COMMIT"
    );
    assert!(!reply.private, "the stored abandon is announced: {reply:?}");
    assert!(reply.text().contains("abandon"), "{reply:?}");
    assert!(
        rig.stored_events().await.is_none(),
        "no live game in the store"
    );
    // The actor retires right after its answer.
    for _ in 0..200 {
        if rig.service.live_game_count() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(rig.service.live_game_count(), 0, "nor in memory");
    let loser = Store::connect(&rig.database.url)
        .await
        .expect("direct")
        .player(1)
        .await
        .expect("player");
    assert_eq!(loser.games, 1, "the game counted once: {loser:?}");
    // The channel is free for a new game.
    rig.begin(None).await;
    rig.service.shutdown().await;
}

#[test]
fn a_stall_delays_an_action_and_loses_nothing() {
    with_rig(|rig| Box::pin(stalled(rig)));
}

async fn stalled(rig: Rig<'_>) {
    rig.begin(None).await;
    let mut game = Game::new(SEED, Rules::default());
    rig.proxy.stall_for(Duration::from_millis(300));
    let started = Instant::now();
    let (reply, action) = rig.play(&game).await;
    println!(
        "fault stall 300 ms: action answered after {:?}",
        started.elapsed()
    );
    assert!(!reply.private, "{reply:?}");
    game.act(game.to_act(), action).expect("legal");
    let stored = rig.stored_events().await.expect("live");
    assert_eq!(&stored, &game.record().events);
    rig.service.shutdown().await;
}

#[test]
fn an_outcome_that_cannot_be_read_back_is_settled_before_the_next_move() {
    with_rig(|rig| Box::pin(unknown_outcome(rig)));
}

async fn unknown_outcome(rig: Rig<'_>) {
    rig.begin(None).await;
    let mut game = Game::new(SEED, Rules::default());
    let (reply, action) = rig.play(&game).await;
    assert!(!reply.private, "{reply:?}");
    game.act(game.to_act(), action).expect("legal");
    // The write commits, its answer is lost, and no new connection can read it back.
    rig.proxy.refuse(true);
    rig.proxy.drop_after("UPDATE live_games");
    let seat = game.to_act();
    let (reply, action) = rig.play(&game).await;
    assert_eq!(rig.proxy.drops(), 1);
    assert_eq!(
        reply.text(),
        junqi::words::store_unsure(Language::English),
        "neither \"saved\" nor \"nothing changed\": {reply:?}"
    );
    rig.proxy.restore();
    // The player tries again: the stored action is found first, so it is not applied twice.
    let (again, _) = rig.play(&game).await;
    assert!(again.private, "the repeat is refused: {again:?}");
    game.act(seat, action).expect("legal");
    let stored = rig.stored_events().await.expect("live");
    assert_eq!(&stored, &game.record().events, "stored once");
    let (reply, action) = rig.play(&game).await;
    assert!(!reply.private, "the opponent plays on: {reply:?}");
    game.act(game.to_act(), action).expect("legal");
    let stored = rig.stored_events().await.expect("live");
    assert_eq!(
        &stored,
        &game.record().events,
        "nothing lost, nothing doubled"
    );
    rig.service.shutdown().await;
}
