//! Stored analyses on both backends: a series reads back as written, is replaced by a newer
//! one, survives a reopen, and a damaged record is detected, quarantined and never served. On
//! sled: carried by a backup and its restore, read by check-store.

use crate::store_support::backends::{Backend, Location, execute};
use crate::store_support::live_game;

use junqi::game::{Outcome, Seat, WinReason};
use junqi::store::{FinishedGame, Place, Store, StoredAnalysis};

async fn finished_game(store: &Store, id: u64) {
    let live = live_game(
        id,
        Place {
            guild: 1,
            channel: id,
        },
        [11, 12],
        id,
    );
    store.put_live_game(&live).await.expect("stored");
    let finished = FinishedGame {
        game: live,
        ended_at_ms: 5_000,
        outcome: Outcome::Win {
            winner: Seat::First,
            reason: WinReason::Resignation,
        },
        points: [4, -4],
    };
    store.finish_game(&finished).await.expect("finished");
}

fn series(game: u64, last: u16) -> StoredAnalysis {
    StoredAnalysis {
        game,
        estimator: junqi::analysis::ESTIMATOR_VERSION,
        chances: vec![500, 540, 470, last],
        end: 1000,
    }
}

async fn analyses_read_back_and_damage_is_not_served(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    finished_game(&store, 1).await;
    assert_eq!(store.analysis(1).await.expect("read"), None);
    store.put_analysis(&series(1, 900)).await.expect("stored");
    assert_eq!(store.analysis(1).await.expect("read"), Some(series(1, 900)));
    store
        .put_analysis(&series(1, 1000))
        .await
        .expect("replaced");
    store.put_analysis(&series(2, 100)).await.expect("stored");
    drop(store);
    let store = location.open().await;
    assert_eq!(
        store.analysis(1).await.expect("read"),
        Some(series(1, 1000))
    );
    assert_eq!(store.analyses().await.expect("read").len(), 2);
    // Damage one byte of game 2's record: it is refused, quarantined, not served.
    match &location {
        Location::Dir(dir) => {
            drop(store);
            let db = sled::open(dir.path()).expect("raw sled");
            let tree = db.open_tree("v1/analyses").expect("tree");
            let key = 2u64.to_be_bytes();
            let mut raw = tree.get(key).expect("read").expect("there").to_vec();
            let last = raw.len() - 6;
            raw[last] ^= 0x01;
            tree.insert(key, raw).expect("damaged");
            db.flush().expect("flushed");
            drop(tree);
            drop(db);
        }
        Location::Database(database) => {
            drop(store);
            execute(
                &database.url,
                &["UPDATE analyses SET record = overlay(record placing '\\x07'::bytea from 8 for 1) WHERE id = 2"],
            )
            .expect("damaged");
        }
    }
    let store = location.open().await;
    assert_eq!(
        store.analysis(2).await.expect("read"),
        None,
        "damage is not served"
    );
    assert!(
        store
            .quarantined()
            .await
            .expect("read")
            .iter()
            .any(|(place, _)| place.contains("analyses")),
        "the damaged record was quarantined"
    );
    assert_eq!(
        store.analysis(1).await.expect("read"),
        Some(series(1, 1000))
    );
}

crate::on_both_backends!(analyses_read_back_and_damage_is_not_served);

#[tokio::test]
async fn a_backup_carries_analyses_and_check_store_reads_them() {
    let Some(Location::Dir(dir)) = Backend::Sled.location() else {
        panic!("a sled location is a directory");
    };
    let store = Store::open(dir.path()).await.expect("opens");
    finished_game(&store, 3).await;
    store.put_analysis(&series(3, 1000)).await.expect("stored");
    let (_restored_dir, restored) =
        crate::store_support::check_and_restore(store, dir.path(), "v1/analyses", 1).await;
    assert_eq!(
        restored.analysis(3).await.expect("read"),
        Some(series(3, 1000))
    );
}
