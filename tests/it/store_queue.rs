//! The quick-match queue in the store, on both backends: entries read back after a reopen and
//! from a second process, replaced and removed two at a time, an entry stored before games had
//! kinds read as 翻翻棋, a pair leaving it exactly when its game starts; on sled, carried by a
//! backup and its restore and read by check-store.

use crate::store_support::backends::{Backend, Location};

use junqi::GameKind;
use junqi::store::{Place, QueueEntry, Store};

const CHANNEL: Place = Place {
    guild: 5 << 22,
    channel: 300,
};

fn entry(user: u64, points: i64, joined_at_ms: u64) -> QueueEntry {
    QueueEntry {
        user,
        name: format!("p{user}"),
        place: CHANNEL,
        turn_secs: 30,
        points,
        joined_at_ms,
        game: junqi::GameKind::Flip,
    }
}

async fn queue_reads_back(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    assert_eq!(store.queue_entries().await.expect("reads"), Vec::new());
    for (user, points) in [(3, 0), (1, 40), (2, 500)] {
        store
            .put_queue_entry(&entry(user, points, 1_000 + user))
            .await
            .expect("stores");
    }
    store
        .put_queue_entry(&entry(3, 7, 2_000))
        .await
        .expect("replaces");
    store.remove_queue_entries(&[1, 9]).await.expect("removes");
    let expected = vec![entry(2, 500, 1_002), entry(3, 7, 2_000)];
    assert_eq!(store.queue_entries().await.expect("reads"), expected);
    drop(store);
    let reopened = location.open().await;
    assert_eq!(reopened.queue_entries().await.expect("reads"), expected);
    if location.url().is_some() {
        let other = location.open().await;
        assert_eq!(other.queue_entries().await.expect("reads"), expected);
    }
}

/// A queue entry as builds before game kinds stored it: no game at its end.
#[derive(serde::Serialize)]
struct EntryBeforeKinds {
    user: u64,
    name: String,
    place: Place,
    turn_secs: u32,
    points: i64,
    joined_at_ms: u64,
}

async fn an_entry_stored_before_game_kinds_reads_as_flip(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    drop(location.open().await);
    let old = EntryBeforeKinds {
        user: 4,
        name: "p4".into(),
        place: CHANNEL,
        turn_secs: 30,
        points: 40,
        joined_at_ms: 123,
    };
    let insert = format!(
        "INSERT INTO queue (user_id, guild, record) VALUES (4, {}, {{record}})",
        CHANNEL.guild
    );
    crate::store_support::write_old_record(&location, ("v1/queue", 4), &insert, &old);
    let store = location.open().await;
    let flip = entry(4, 40, 123);
    assert_eq!(flip.game, GameKind::Flip);
    assert_eq!(store.queue_entries().await.expect("reads"), vec![flip]);
    // Rewritten for another game, it reads back with it.
    let dark = QueueEntry {
        game: GameKind::Dark,
        ..entry(4, 40, 123)
    };
    store.put_queue_entry(&dark).await.expect("stores");
    assert_eq!(store.queue_entries().await.expect("reads"), vec![dark]);
}

/// A quick-match pair leaves the queue in the same step as its game's start: a start that is
/// refused (its room already has a game) leaves both waiting; one that is stored takes both
/// out, and nobody else.
async fn a_pair_leaves_the_queue_with_its_games_start(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    let waiting = [entry(1, 0, 1_001), entry(2, 0, 1_002), entry(3, 0, 1_003)];
    for entry in &waiting {
        store.put_queue_entry(entry).await.expect("stores");
    }
    let busy = Place {
        channel: 301,
        ..CHANNEL
    };
    let other = crate::store_support::live_game(0, busy, [8, 9], 1);
    store
        .start_live_game(&other)
        .await
        .expect("a game in the room");
    let refused = crate::store_support::live_game(0, busy, [1, 2], 1);
    assert!(store.start_queued_game(&refused, [1, 2]).await.is_err());
    assert_eq!(store.queue_entries().await.expect("reads"), waiting);
    let free = crate::store_support::live_game(0, CHANNEL, [1, 2], 1);
    let started = store
        .start_queued_game(&free, [1, 2])
        .await
        .expect("starts");
    assert_eq!(
        store.queue_entries().await.expect("reads"),
        [entry(3, 0, 1_003)]
    );
    drop(store);
    let reopened = location.open().await;
    assert_eq!(
        reopened.queue_entries().await.expect("reads"),
        [entry(3, 0, 1_003)]
    );
    let live = reopened.live_game(started.id).await.expect("reads");
    assert_eq!(live.map(|game| game.players), Some([1, 2]));
}

crate::on_both_backends!(
    queue_reads_back,
    an_entry_stored_before_game_kinds_reads_as_flip,
    a_pair_leaves_the_queue_with_its_games_start
);

#[tokio::test]
async fn a_backup_carries_the_queue_and_check_store_reads_it() {
    let Some(Location::Dir(dir)) = Backend::Sled.location() else {
        panic!("a sled location is a directory");
    };
    let store = Store::open(dir.path()).await.expect("opens");
    // A 暗棋 entry: the backup carries its game.
    let waiting = QueueEntry {
        game: GameKind::Open,
        ..entry(4, 40, 123)
    };
    store.put_queue_entry(&waiting).await.expect("stores");
    let (_restored_dir, restored) =
        crate::store_support::check_and_restore(store, dir.path(), "v1/queue", 1).await;
    assert_eq!(
        restored.queue_entries().await.expect("reads"),
        vec![waiting]
    );
}
