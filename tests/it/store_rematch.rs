//! Rematch windows in the store, on both backends: `/rematch` asks for "the caller's last game
//! in this place (a thread, or the channel it came from)", which must survive a reopen (a
//! restart) and be the same for every process on one database.

use crate::store_support::backends::Backend;
use crate::store_support::live_game;

use junqi::game::{DrawReason, Outcome};
use junqi::store::{FinishedGame, Place, Store, UserId};

const CHANNEL: Place = Place {
    guild: 7 << 22,
    channel: 100,
};
const THREAD: Place = Place {
    guild: 7 << 22,
    channel: 101,
};

async fn finish(store: &Store, id: u64, place: Place, players: [u64; 2], ended_at_ms: u64) {
    let live = live_game(id, place, players, id);
    store
        .put_live_game(&live)
        .await
        .expect("stores the live game");
    let finished = FinishedGame {
        game: live,
        ended_at_ms,
        outcome: Outcome::Draw(DrawReason::Agreement),
        points: [0, 0],
    };
    store.finish_game(&finished).await.expect("finishes");
}

async fn windows_name_each_players_last_game_in_a_place(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    assert_eq!(store.rematch_window(CHANNEL, 1).await.expect("reads"), None);

    // Game 1 moves to a thread: the channel remembers it at once, but it is not finished yet.
    finish(&store, 1, THREAD, [1, 2], 10_000).await;
    store
        .set_rematch_window(&[CHANNEL], [1, 2], 1)
        .await
        .expect("remembers");
    store
        .set_rematch_window(&[THREAD], [1, 2], 1)
        .await
        .expect("remembers");
    // Game 2 (players 1 and 3) in the channel itself, later.
    let live = live_game(2, CHANNEL, [3, 1], 2);
    store.put_live_game(&live).await.expect("stores");
    store
        .set_rematch_window(&[CHANNEL], [3, 1], 2)
        .await
        .expect("a live game may be remembered");
    assert_eq!(
        store.rematch_window(CHANNEL, 3).await.expect("reads"),
        None,
        "a game still being played offers no rematch"
    );
    store
        .finish_game(&FinishedGame {
            game: live,
            ended_at_ms: 20_000,
            outcome: Outcome::Draw(DrawReason::Agreement),
            points: [0, 0],
        })
        .await
        .expect("finishes");

    async fn id_at(store: &Store, place: Place, user: UserId) -> Option<u64> {
        store
            .rematch_window(place, user)
            .await
            .expect("reads")
            .map(|game| game.game.id)
    }
    // Each player's own last game there: player 2 still has game 1 in the channel.
    assert_eq!(id_at(&store, CHANNEL, 1).await, Some(2));
    assert_eq!(id_at(&store, CHANNEL, 3).await, Some(2));
    assert_eq!(id_at(&store, CHANNEL, 2).await, Some(1));
    assert_eq!(id_at(&store, THREAD, 1).await, Some(1));
    assert_eq!(id_at(&store, THREAD, 3).await, None);
    assert_eq!(
        id_at(
            &store,
            Place {
                guild: 8 << 22,
                ..CHANNEL
            },
            1
        )
        .await,
        None
    );

    // After a restart (a reopen), or from a second process on the same database.
    drop(store);
    let reopened = location.open().await;
    assert_eq!(id_at(&reopened, CHANNEL, 2).await, Some(1));
    assert_eq!(id_at(&reopened, THREAD, 2).await, Some(1));
    if location.url().is_some() {
        let other = location.open().await;
        assert_eq!(id_at(&other, CHANNEL, 1).await, Some(2));
    }
}

crate::on_both_backends!(windows_name_each_players_last_game_in_a_place);
