//! Cancelled games in the store, on both backends: a cancel takes the game out of live play
//! in one step (a second one, or one of a game that is not live, is refused), counts in
//! nobody's totals nor on any leaderboard nor as the last game between the two, shows in both
//! players' histories beside their finished games (newest first, with who cancelled it and
//! why), survives a reopen, and game numbers go on above it. On sled: carried by a backup and
//! its restore, read by check-store.

use crate::store_support::backends::{Backend, Location};
use crate::store_support::live_game;

use junqi::game::{Outcome, Seat, WinReason};
use junqi::store::{
    CANCELLED_GAME_VERSION, CancelledGame, FinishedGame, HistoryEnd, Place, Store, StoreError,
};

const ALICE: u64 = 11;
const BOB: u64 = 12;
const CAROL: u64 = 13;

fn place(channel: u64) -> Place {
    Place { guild: 1, channel }
}

async fn cancelled(store: &Store, id: u64, ended_at_ms: u64) -> CancelledGame {
    let live = live_game(id, place(id), [ALICE, BOB], id);
    store.put_live_game(&live).await.expect("stored");
    CancelledGame {
        version: CANCELLED_GAME_VERSION,
        game: live,
        ended_at_ms,
        by: CAROL,
        by_name: "carol".into(),
        reason: "spam".into(),
    }
}

async fn a_cancelled_game_counts_for_nobody(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    // Game 1 finishes (alice wins), game 2 is cancelled later.
    let first = live_game(1, place(1), [ALICE, BOB], 1);
    store.put_live_game(&first).await.expect("stored");
    let finished = FinishedGame {
        game: first,
        ended_at_ms: 5_000,
        outcome: Outcome::Win {
            winner: Seat::First,
            reason: WinReason::Resignation,
        },
        points: [4, -4],
    };
    store.finish_game(&finished).await.expect("finished");
    let before = [
        store.player(ALICE).await.expect("read"),
        store.player(BOB).await.expect("read"),
    ];
    let board = store
        .leaderboard(junqi::GameKind::Flip, None, 10)
        .await
        .expect("board");

    let cancel = cancelled(&store, 2, 9_000).await;
    store.cancel_game(&cancel).await.expect("cancelled");
    assert!(matches!(
        store.cancel_game(&cancel).await,
        Err(StoreError::NotLive(2))
    ));
    assert_eq!(store.live_game(2).await.expect("read"), None);
    assert_eq!(
        store.live_game_at(place(2)).await.expect("read"),
        None,
        "free"
    );
    assert!(matches!(
        store.put_live_game(&cancel.game).await,
        Err(StoreError::AlreadyFinished(2))
    ));
    assert_eq!(
        [
            store.player(ALICE).await.expect("read"),
            store.player(BOB).await.expect("read")
        ],
        before,
        "no totals change"
    );
    assert_eq!(
        store
            .leaderboard(junqi::GameKind::Flip, None, 10)
            .await
            .expect("board"),
        board
    );
    assert_eq!(
        store
            .last_game_between(ALICE, BOB)
            .await
            .expect("read")
            .map(|done| done.game.id),
        Some(1),
        "a cancelled game is no last game"
    );
    assert_eq!(store.finished_game(2).await.expect("read"), None);
    assert_eq!(
        store.cancelled_game(2).await.expect("read"),
        Some(cancel.clone())
    );

    for user in [ALICE, BOB] {
        let page = store.history_of(user, 0, 10).await.expect("history");
        assert_eq!(page.total, 2);
        let ids: Vec<u64> = page.games.iter().map(|entry| entry.game.id).collect();
        assert_eq!(ids, vec![2, 1], "newest first");
        assert_eq!(
            page.games[0].end,
            HistoryEnd::Cancelled {
                by: CAROL,
                by_name: "carol".into(),
                reason: "spam".into(),
            }
        );
        assert!(matches!(page.games[1].end, HistoryEnd::Finished { .. }));
    }
    let carol = store.history_of(CAROL, 0, 10).await.expect("history");
    assert_eq!(carol.total, 0, "the moderator did not play");

    // The next game is numbered above the cancelled one, after a reopen too.
    drop(store);
    let store = location.open().await;
    assert_eq!(store.cancelled_games().await.expect("read"), vec![cancel]);
    let next = live_game(0, place(3), [ALICE, CAROL], 3);
    assert_eq!(store.start_live_game(&next).await.expect("started").id, 3);
    assert_eq!(store.history_of(BOB, 0, 1).await.expect("history").total, 2);
}

crate::on_both_backends!(a_cancelled_game_counts_for_nobody);

#[tokio::test]
async fn a_backup_carries_cancelled_games_and_check_store_reads_them() {
    let Some(Location::Dir(dir)) = Backend::Sled.location() else {
        panic!("a sled location is a directory");
    };
    let store = Store::open(dir.path()).await.expect("opens");
    let cancel = cancelled(&store, 4, 7_000).await;
    store.cancel_game(&cancel).await.expect("cancelled");
    let (_restored_dir, restored) =
        crate::store_support::check_and_restore(store, dir.path(), "v1/cancelled_games", 1).await;
    assert_eq!(
        restored.cancelled_games().await.expect("read"),
        vec![cancel]
    );
    let page = restored.history_of(ALICE, 0, 10).await.expect("history");
    assert_eq!(page.total, 1, "the restore rebuilt the history with it");
    assert!(restored.check().await.expect("checks").is_sound());
}
