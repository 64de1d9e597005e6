//! Quick match (`/play`) through the service: members on 0, 40 and 500 points (the closest
//! pair at once, the far one when the window has grown), the game in a room of the
//! longer-waiting member's channel pinging both, the Leave button, the lapse with a notice,
//! leaving every queue on starting another game, the queue surviving a restart with its
//! waiting times, and the bad input that changes nothing. Durations are test-sized: a
//! quick-match "second" lasts a few milliseconds here (`queue_second_ms`).

use std::time::Duration;

use junqi::GameKind;
use junqi::config::Config;
use junqi::service::{ButtonId, Caller, Command, Member, Opponent, Outbound, Reply, Service};
use junqi::store::{Place, PlayerStats, Store};
use tokio::sync::mpsc::UnboundedReceiver;

const GUILD: u64 = 9;

fn caller(user: u64, channel: u64) -> Caller {
    Caller {
        user,
        name: format!("p{user}"),
        place: Place {
            guild: GUILD,
            channel,
        },
    }
}

fn config(second_ms: u32, expiry_secs: u32) -> Config {
    Config {
        test_seed: Some(7),
        queue_second_ms: second_ms,
        match_window_grow_secs: 30,
        queue_expiry_secs: expiry_secs,
        ..Config::default()
    }
}

fn play(seconds: Option<u32>) -> Command {
    play_game(seconds, GameKind::Flip)
}

fn play_game(seconds: Option<u32>, game: GameKind) -> Command {
    Command::Play {
        seconds,
        cancel: false,
        game,
    }
}

async fn next_message(outbound: &mut UnboundedReceiver<Outbound>) -> Outbound {
    tokio::time::timeout(Duration::from_secs(20), outbound.recv())
        .await
        .expect("a message in time")
        .expect("service running")
}

/// The next game start on the outbound channel.
async fn next_start(outbound: &mut UnboundedReceiver<Outbound>) -> Outbound {
    loop {
        let message = next_message(outbound).await;
        if message.reply.text().contains("begins") {
            return message;
        }
    }
}

async fn seed_points(store: &Store, players: &[(u64, i64)]) {
    let stats: Vec<PlayerStats> = players
        .iter()
        .map(|&(user, points)| PlayerStats {
            user,
            name: format!("p{user}"),
            points,
            ..PlayerStats::default()
        })
        .collect();
    store.import_players(&stats).await.expect("seeded");
}

async fn waiting_users(store: &Store) -> Vec<u64> {
    store
        .queue_entries()
        .await
        .expect("readable")
        .iter()
        .map(|e| e.user)
        .collect()
}

fn joined(reply: &Reply, waiting: &str) {
    assert!(reply.private, "{reply:?}");
    assert!(reply.text().contains(waiting), "{reply:?}");
    assert_eq!(
        reply.buttons.iter().map(|b| b.id).collect::<Vec<_>>(),
        vec![ButtonId::LeaveQueue]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn members_on_0_40_and_500_points_pair_closest_first_then_as_the_window_grows() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("open store");
    seed_points(&store, &[(1, 0), (2, 40), (3, 500), (4, 0)]).await;
    // A "second" of 20 ms: the window (100) grows by 100 every 600 ms, reaching 500 after
    // 2.4 s; nobody lapses within 600 "seconds" (12 s).
    let (service, mut outbound) = Service::start(config(20, 600), store.clone())
        .await
        .expect("start");
    joined(
        &service.handle(caller(1, 100), play(Some(30))).await,
        "1 member waiting",
    );
    joined(
        &service.handle(caller(3, 300), play(Some(30))).await,
        "2 members waiting",
    );
    // Another clock is another queue.
    joined(
        &service.handle(caller(5, 500), play(Some(60))).await,
        "1 member waiting",
    );
    let reply = service.handle(caller(2, 200), play(Some(30))).await;
    assert!(reply.private, "{reply:?}");
    assert!(reply.text().contains("you play p1"), "{reply:?}");
    let start = next_start(&mut outbound).await;
    let text = start.reply.text();
    assert!(
        text.contains("Quick match: p1 and p2 are paired."),
        "{text}"
    );
    assert!(text.contains("p1 vs p2, 30 s per turn"), "{text}");
    assert!(start.reply.mentions.contains(&1) && start.reply.mentions.contains(&2));
    assert_eq!(start.place.guild, GUILD);
    let live = store.live_games().await.expect("readable");
    assert_eq!(live.len(), 1);
    assert!(live[0].rated);
    assert_eq!(
        live[0].players,
        [1, 2],
        "the longer-waiting member sits first"
    );
    assert_eq!(waiting_users(&store).await, vec![3, 5]);
    // 500 and a new 0 are 500 apart: they pair once 500 has waited long enough.
    let reply = service.handle(caller(4, 400), play(Some(30))).await;
    joined(&reply, "2 members waiting");
    let start = next_start(&mut outbound).await;
    assert!(
        start.reply.text().contains("p3 vs p4"),
        "{}",
        start.reply.text()
    );
    assert_eq!(waiting_users(&store).await, vec![5]);
    // The Leave button.
    let left = service
        .handle(
            caller(5, 500),
            Command::from_button(ButtonId::LeaveQueue).expect("a command"),
        )
        .await;
    assert!(
        left.private && left.text().contains("left the quick-match queue"),
        "{left:?}"
    );
    assert!(waiting_users(&store).await.is_empty());
    service.shutdown().await;
}

/// Who waits in the store, for which game and clock.
async fn waiting_for(store: &Store) -> Vec<(u64, GameKind, u32)> {
    let entries = store.queue_entries().await.expect("readable");
    entries
        .iter()
        .map(|e| (e.user, e.game, e.turn_secs))
        .collect()
}

/// Members on equal points pair only with someone waiting for the same game and clock; a
/// `/play` for another game or clock moves the member's entry there and says so, and a pair
/// of 暗棋 players starts a 暗棋 game, rated on the 暗棋 ladder.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_same_game_and_clock_pair_and_another_play_moves_the_entry() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("open store");
    let (service, mut outbound) = Service::start(config(1000, 600), store.clone())
        .await
        .expect("start");
    let dark = service
        .handle(caller(1, 100), play_game(Some(30), GameKind::Dark))
        .await;
    joined(&dark, "1 member waiting");
    assert!(
        dark.text().contains("queue for dark (暗棋), 30 s per turn"),
        "{dark:?}"
    );
    // 翻翻棋 with the same clock, and 暗棋 with another: three queues of one each.
    joined(
        &service.handle(caller(2, 200), play(Some(30))).await,
        "1 member waiting",
    );
    joined(
        &service
            .handle(caller(3, 300), play_game(Some(60), GameKind::Dark))
            .await,
        "1 member waiting",
    );
    let twice = service
        .handle(caller(1, 200), play_game(Some(30), GameKind::Dark))
        .await;
    assert!(
        twice.private
            && twice
                .text()
                .contains("already waiting for a quick match of dark (暗棋), 30 s per turn"),
        "{twice:?}"
    );
    assert_eq!(
        waiting_for(&store).await,
        vec![
            (1, GameKind::Dark, 30),
            (2, GameKind::Flip, 30),
            (3, GameKind::Dark, 60)
        ]
    );
    // p2 moves to 暗棋 at 30 s: paired with p1 at once.
    let moved = service
        .handle(caller(2, 200), play_game(Some(30), GameKind::Dark))
        .await;
    assert!(moved.private, "{moved:?}");
    assert!(
        moved.text().contains(
            "You left the queue for flip (翻翻棋), 30 s per turn, for the one for dark (暗棋), 30 s per turn."
        ),
        "{moved:?}"
    );
    assert!(moved.text().contains("you play p1"), "{moved:?}");
    let start = next_start(&mut outbound).await;
    let text = start.reply.text();
    assert!(text.contains("p1 vs p2, 30 s per turn"), "{text}");
    assert!(text.contains("Game: dark junqi"), "{text}");
    let live = store.live_games().await.expect("readable");
    assert_eq!(live.len(), 1);
    assert_eq!(live[0].record.kind(), GameKind::Dark);
    assert_eq!(live[0].players, [1, 2]);
    assert!(live[0].rated, "暗棋 counts on its own ladder");
    assert_eq!(waiting_for(&store).await, vec![(3, GameKind::Dark, 60)]);
    // p3 moves to 翻翻棋 at 60 s, alone there.
    let moved = service.handle(caller(3, 300), play(Some(60))).await;
    joined(&moved, "1 member waiting");
    assert!(
        moved.text().contains("You left the queue for dark (暗棋), 60 s per turn, for the one for flip (翻翻棋), 60 s per turn."),
        "{moved:?}"
    );
    assert_eq!(waiting_for(&store).await, vec![(3, GameKind::Flip, 60)]);
    service.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("open store");
    let (service, _outbound) = Service::start(config(1000, 600), store.clone())
        .await
        .expect("start");
    for seconds in [0, 3601] {
        let reply = service.handle(caller(1, 1), play(Some(seconds))).await;
        assert!(reply.private, "{reply:?}");
        assert!(
            reply.text().contains("between 1 and 3600 seconds"),
            "{reply:?}"
        );
    }
    let cancel = Command::Play {
        seconds: None,
        cancel: true,
        game: GameKind::Flip,
    };
    let reply = service.handle(caller(1, 1), cancel.clone()).await;
    assert!(
        reply.private && reply.text().contains("not waiting"),
        "{reply:?}"
    );
    assert!(waiting_users(&store).await.is_empty());
    joined(
        &service.handle(caller(1, 1), play(None)).await,
        "1 member waiting",
    );
    // Twice for the same game and clock, even elsewhere (the server's clock is 30 s).
    for command in [play(None), play(Some(30))] {
        let reply = service.handle(caller(1, 2), command).await;
        assert!(
            reply.private && reply.text().contains("already waiting"),
            "{reply:?}"
        );
    }
    let entries = store.queue_entries().await.expect("readable");
    assert_eq!(entries[0].place, caller(1, 1).place, "unchanged");
    assert_eq!(waiting_users(&store).await, vec![1]);
    let reply = service.handle(caller(1, 1), cancel).await;
    assert!(reply.text().contains("left"), "{reply:?}");
    assert!(waiting_users(&store).await.is_empty());
    service.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_entry_lapses_with_a_notice_and_another_game_leaves_the_queue() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("open store");
    // A "second" of 2 ms: an entry lapses after 100 of them.
    let (service, mut outbound) = Service::start(config(2, 100), store.clone())
        .await
        .expect("start");
    joined(
        &service.handle(caller(1, 1), play(None)).await,
        "1 member waiting",
    );
    let notice = next_message(&mut outbound).await;
    assert_eq!(notice.place, caller(1, 1).place);
    assert!(
        notice.reply.text().contains("p1: no quick match was found"),
        "{notice:?}"
    );
    assert_eq!(notice.reply.mentions, vec![1]);
    assert!(waiting_users(&store).await.is_empty());
    service.shutdown().await;

    // Starting any other game leaves the queue.
    let (service, _outbound) = Service::start(config(1000, 600), store.clone())
        .await
        .expect("start");
    joined(
        &service.handle(caller(1, 1), play(None)).await,
        "1 member waiting",
    );
    let challenge = Command::Challenge {
        opponent: Opponent::Member(Member {
            user: 2,
            name: "p2".into(),
        }),
        seconds: None,
        game: GameKind::Flip,
    };
    assert!(!service.handle(caller(1, 2), challenge).await.private);
    let reply = service
        .handle(caller(2, 2), Command::Accept { challenge: None })
        .await;
    assert!(reply.text().contains("begins"), "{reply:?}");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !waiting_users(&store).await.is_empty() {
        assert!(tokio::time::Instant::now() < deadline, "still queued");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let reply = service
        .handle(
            caller(1, 1),
            Command::Play {
                seconds: None,
                cancel: true,
                game: GameKind::Flip,
            },
        )
        .await;
    assert!(reply.text().contains("not waiting"), "{reply:?}");
    service.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_queue_survives_a_restart_with_its_waiting_times() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("open store");
    let (service, _outbound) = Service::start(config(1000, 600), store.clone())
        .await
        .expect("start");
    joined(
        &service.handle(caller(1, 10), play(Some(45))).await,
        "1 member waiting",
    );
    joined(
        &service.handle(caller(3, 30), play(Some(60))).await,
        "1 member waiting",
    );
    let before = store.queue_entries().await.expect("readable");
    service.shutdown().await;
    drop(service);

    // A new service on the same store starts from what the store holds (the console test
    // `queue_console` kills a real process instead).
    assert_eq!(
        store.queue_entries().await.expect("readable"),
        before,
        "kept whole"
    );
    let (service, mut outbound) = Service::start(config(1000, 600), store.clone())
        .await
        .expect("start");
    // Each restored entry pairs, its member waiting longer and so sitting first.
    let reply = service.handle(caller(4, 40), play(Some(60))).await;
    assert!(reply.text().contains("you play p3"), "{reply:?}");
    let start = next_start(&mut outbound).await;
    assert!(
        start.reply.text().contains("p3 vs p4, 60 s per turn"),
        "{}",
        start.reply.text()
    );
    let reply = service.handle(caller(2, 20), play(Some(45))).await;
    assert!(reply.text().contains("you play p1"), "{reply:?}");
    let start = next_start(&mut outbound).await;
    assert!(
        start.reply.text().contains("p1 vs p2, 45 s per turn"),
        "{}",
        start.reply.text()
    );
    service.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_server_pairs_and_lapses_by_its_own_window_and_expiry() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("open store");
    seed_points(&store, &[(1, 0), (2, 40), (5, 0), (6, 40)]).await;
    // A "second" of 5 ms; the config's window (100) pairs 0 with 40 at once.
    let (service, mut outbound) = Service::start(config(5, 600), store.clone())
        .await
        .expect("start");
    // Guild 9's own: no window at all, no growth within the test, a lapse after 20 "seconds".
    let changes = [
        ("match_window_points", "0"),
        ("match_window_grow_secs", "86400"),
        ("queue_expiry_secs", "20"),
    ]
    .map(|(key, value)| (key.to_string(), value.to_string()))
    .to_vec();
    let rights = junqi::service::Rights::all();
    let changed = service
        .handle(
            caller(9, 100),
            Command::Settings {
                rights: rights.clone(),
                changes,
            },
        )
        .await;
    assert!(
        changed
            .text()
            .contains("match_window_points: 100 points → 0 points"),
        "{changed:?}"
    );
    let shown = service
        .handle(
            caller(9, 100),
            Command::Settings {
                rights,
                changes: Vec::new(),
            },
        )
        .await;
    for line in [
        "match_window_points: 0 points (server)",
        "match_window_grow_secs: 86400 s (server)",
        "queue_expiry_secs: 20 s (server)",
    ] {
        assert!(shown.text().contains(line), "{line}: {shown:?}");
    }

    joined(
        &service.handle(caller(1, 100), play(Some(30))).await,
        "1 member",
    );
    joined(
        &service.handle(caller(2, 100), play(Some(30))).await,
        "2 members",
    );
    // Guild 10 keeps the config's window: 0 and 40 pair at once.
    let other = |user| Caller {
        place: Place {
            guild: 10,
            channel: 500,
        },
        ..caller(user, 500)
    };
    joined(&service.handle(other(5), play(Some(30))).await, "1 member");
    let paired = service.handle(other(6), play(Some(30))).await;
    assert!(paired.text().contains("you play p5"), "{paired:?}");

    // Guild 9's two lapse after its 20 "seconds" (100 ms), never paired.
    let mut lapsed = Vec::new();
    while lapsed.len() < 2 {
        let message = next_message(&mut outbound).await;
        if message.place.guild == GUILD {
            assert!(
                !message.reply.text().contains("begins"),
                "{:?}",
                message.reply
            );
            if message.reply.text().contains("no quick match was found") {
                lapsed.extend(message.reply.mentions.clone());
            }
        }
    }
    lapsed.sort_unstable();
    assert_eq!(lapsed, vec![1, 2]);
    assert!(waiting_users(&store).await.is_empty());
    service.shutdown().await;
}
