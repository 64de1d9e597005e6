//! The per-player history index: newest first, paged, both players of each game, and rebuilt
//! when an older (schema 1) directory is opened.

use crate::store_support::live_game;

use std::path::Path;
use std::time::{Duration, Instant};

use junqi::game::{Outcome, Seat, WinReason};
use junqi::store::{FinishedGame, Place, SCHEMA_VERSION, Store};

const ALICE: u64 = 11;

/// Game `id` between ALICE and one of three opponents, ended at a time that is not in id order.
async fn finish(store: &Store, id: u64) -> FinishedGame {
    let opponent = 100 + id % 3;
    let place = Place {
        guild: 1,
        channel: id,
    };
    let live = live_game(id, place, [ALICE, opponent], id);
    store.put_live_game(&live).await.expect("stored");
    let finished = FinishedGame {
        game: live,
        // Ids 1..=25 end in a shuffled order: 7 is coprime with 25.
        ended_at_ms: 1_000_000 + (id * 7 % 25) * 1_000,
        outcome: Outcome::Win {
            winner: Seat::First,
            reason: WinReason::Resignation,
        },
        points: [3, -3],
    };
    store.finish_game(&finished).await.expect("finished");
    finished
}

fn ids(page: &junqi::store::HistoryPage) -> Vec<u64> {
    page.games.iter().map(|game| game.game.id).collect()
}

async fn populated(dir: &Path) -> Vec<FinishedGame> {
    let store = Store::open(dir).await.expect("opened");
    let mut games = Vec::new();
    for id in 1..=25 {
        games.push(finish(&store, id).await);
    }
    games
}

fn newest_first(games: &[FinishedGame], user: u64) -> Vec<u64> {
    let mut mine: Vec<&FinishedGame> = games
        .iter()
        .filter(|game| game.game.players.contains(&user))
        .collect();
    mine.sort_by_key(|game| std::cmp::Reverse((game.ended_at_ms, game.game.id)));
    mine.iter().map(|game| game.game.id).collect()
}

#[tokio::test]
async fn pages_of_ten_go_back_through_25_games_newest_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let games = populated(dir.path()).await;
    let store = Store::open(dir.path()).await.expect("reopened");
    let expected = newest_first(&games, ALICE);
    assert_ne!(expected, (1..=25).rev().collect::<Vec<_>>(), "not id order");
    let mut seen = Vec::new();
    for (page, size) in [(0, 10), (1, 10), (2, 5), (3, 0)] {
        let found = store.history_of(ALICE, page * 10, 10).await.expect("read");
        assert_eq!(found.total, 25);
        assert_eq!(found.games.len(), size, "page {page}");
        seen.extend(ids(&found));
    }
    assert_eq!(seen, expected);
    let ends: Vec<u64> = store
        .history_of(ALICE, 0, 25)
        .await
        .expect("read")
        .games
        .iter()
        .map(|game| game.ended_at_ms)
        .collect();
    assert!(ends.windows(2).all(|pair| pair[0] >= pair[1]), "{ends:?}");
}

#[tokio::test]
async fn each_opponent_sees_only_their_own_games() {
    let dir = tempfile::tempdir().expect("temp dir");
    let games = populated(dir.path()).await;
    let store = Store::open(dir.path()).await.expect("reopened");
    for opponent in 100..103 {
        let page = store.history_of(opponent, 0, 100).await.expect("read");
        assert_eq!(ids(&page), newest_first(&games, opponent), "{opponent}");
        assert!(page.games.iter().all(|g| g.game.players[1] == opponent));
    }
    let nobody = store.history_of(999, 0, 10).await.expect("read");
    assert_eq!((nobody.total, nobody.games.len()), (0, 0));
}

fn raw(dir: &Path) -> sled::Db {
    let started = Instant::now();
    loop {
        match sled::Config::new().path(dir).open() {
            Ok(db) => return db,
            Err(_) if started.elapsed() < Duration::from_secs(3) => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(error) => panic!("cannot open {}: {error}", dir.display()),
        }
    }
}

#[tokio::test]
async fn a_schema_1_directory_gets_its_history_built_when_opened() {
    let dir = tempfile::tempdir().expect("temp dir");
    let games = populated(dir.path()).await;
    {
        // What a schema-1 build left: the same records, no history tree.
        let db = raw(dir.path());
        db.drop_tree("v1/history").expect("dropped");
        let meta = db.open_tree("meta").expect("tree");
        meta.insert("schema_version", &1u32.to_be_bytes())
            .expect("written");
        db.flush().expect("flushed");
    }
    let store = Store::open(dir.path()).await.expect("migrated");
    assert_eq!(
        store.schema_version().await.expect("read"),
        Some(SCHEMA_VERSION)
    );
    let page = store.history_of(ALICE, 0, 100).await.expect("read");
    assert_eq!(ids(&page), newest_first(&games, ALICE));
}
