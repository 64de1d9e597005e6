//! Game numbers on both backends: sequential from 1, never skipping one, neither after a start
//! that failed, nor after reopening, nor (on PostgreSQL) when several processes start games at
//! once.

use std::collections::BTreeSet;

use crate::store_support;

use junqi::game::{Game, Seat};
use junqi::store::{Place, StoreError};
use store_support::backends::Backend;
use store_support::{finished, live_game};

fn place(channel: u64) -> Place {
    Place { guild: 9, channel }
}

async fn game_numbers_are_sequential_and_a_failed_start_leaves_no_gap(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    // The id a caller puts in is ignored: the store numbers the game.
    let first = store
        .start_live_game(&live_game(777, place(1), [1, 2], 3))
        .await
        .expect("started");
    assert_eq!(first.id, 1);
    assert_eq!(store.live_game(1).await.expect("read"), Some(first.clone()));

    let busy = store
        .start_live_game(&live_game(0, place(1), [3, 4], 4))
        .await;
    assert!(
        matches!(busy, Err(StoreError::PlaceBusy { .. })),
        "{busy:?}"
    );
    let second = store
        .start_live_game(&live_game(0, place(2), [3, 4], 4))
        .await
        .expect("started");
    assert_eq!(second.id, 2, "the refused start took no number");

    let mut ended = Game::replay(&second.record).expect("replays");
    ended.abandon(Seat::First).expect("abandons");
    store
        .finish_game(&finished(&second, &ended, 5))
        .await
        .expect("finished");
    let third = store
        .start_live_game(&live_game(0, place(2), [3, 4], 5))
        .await
        .expect("started");
    assert_eq!(third.id, 3, "numbers follow finished games too");
    drop(store);

    let store = location.open().await;
    let fourth = store
        .start_live_game(&live_game(0, place(4), [5, 6], 6))
        .await
        .expect("started");
    assert_eq!(fourth.id, 4, "numbers carry on after reopening");

    // Several processes (pools) starting games at once on PostgreSQL: no number twice, none
    // skipped.
    if location.url().is_some() {
        let stores = [location.open().await, location.open().await];
        let mut numbers = BTreeSet::new();
        let workers: Vec<_> = (0..4u64)
            .map(|worker| {
                let store = stores[(worker % 2) as usize].clone();
                tokio::spawn(async move {
                    let mut numbers = Vec::new();
                    for n in 0..10u64 {
                        let at = place(100 + worker * 10 + n);
                        let started = store
                            .start_live_game(&live_game(0, at, [7, 8], n))
                            .await
                            .expect("started");
                        numbers.push(started.id);
                    }
                    numbers
                })
            })
            .collect();
        for worker in workers {
            numbers.extend(worker.await.expect("worker"));
        }
        assert_eq!(numbers, (5..=44).collect::<BTreeSet<u64>>());
    }
}

crate::on_both_backends!(game_numbers_are_sequential_and_a_failed_start_leaves_no_gap);
