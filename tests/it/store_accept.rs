//! Accepting a challenge on both backends: the challenge is taken and the game stored in one
//! step, so a start that fails leaves the challenge open, a challenge taken once cannot start
//! a second game, and the maker is given the players' last finished game (the base score).

use crate::store_support;

use junqi::game::{Game, Seat};
use junqi::store::{ANYONE, Challenge, LiveGame, Place, StoreError, UserId};
use store_support::backends::Backend;
use store_support::{finished, live_game};

const HERE: Place = Place {
    guild: 9,
    channel: 1,
};

fn challenge(challenged: UserId, challenged_name: &str) -> Challenge {
    Challenge {
        id: 0,
        place: HERE,
        challenger: 1,
        challenger_name: "ann".into(),
        challenged,
        challenged_name: challenged_name.into(),
        turn_secs: 30,
        created_at_ms: 0,
        expires_at_ms: 60_000,
        ai_level: None,
        game: junqi::GameKind::Flip,
    }
}

/// What the service makes of a taken challenge: `accepter` takes the second seat under
/// `name`, and the base score is the last game's plus one (a stand-in for the real rule).
fn maker(
    accepter: UserId,
    name: &'static str,
) -> impl Fn(Challenge, Option<&junqi::store::FinishedGame>) -> LiveGame + Send + Sync + 'static {
    move |taken, last| LiveGame {
        names: [taken.challenger_name.clone(), name.to_string()],
        base_score: last.map_or(1, |game| game.game.base_score + 1),
        ..live_game(0, taken.place, [taken.challenger, accepter], 3)
    }
}

async fn accepting_takes_the_challenge_and_starts_the_game_in_one_step(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    let open = store
        .open_challenge(&challenge(2, "bob"))
        .await
        .expect("opened");

    // Another game already holds the channel: the start fails and the challenge stays open.
    let blocker = store
        .start_live_game(&live_game(0, HERE, [5, 6], 1))
        .await
        .expect("started");
    let busy = store
        .accept_challenge(open.id, [1, 2], maker(2, "bob"))
        .await;
    assert!(
        matches!(busy, Err(StoreError::PlaceBusy { .. })),
        "{busy:?}"
    );
    assert_eq!(
        store.challenge_at(HERE).await.expect("read"),
        vec![open.clone()]
    );

    let mut ended = Game::replay(&blocker.record).expect("replays");
    ended.abandon(Seat::First).expect("abandons");
    store
        .finish_game(&finished(&blocker, &ended, 5))
        .await
        .expect("finished");
    let started = store
        .accept_challenge(open.id, [1, 2], maker(2, "bob"))
        .await
        .expect("accepted")
        .expect("the challenge was open");
    assert_eq!(
        started.id,
        blocker.id + 1,
        "numbered after every stored game"
    );
    assert_eq!(started.players, [1, 2]);
    assert_eq!(
        store.live_game(started.id).await.expect("read"),
        Some(started.clone())
    );
    assert!(store.challenge_at(HERE).await.expect("read").is_empty());

    // Taken once: a second acceptance starts nothing.
    let again = store
        .accept_challenge(open.id, [1, 2], maker(2, "bob"))
        .await;
    assert!(matches!(again, Ok(None)), "{again:?}");
    assert_eq!(store.live_games().await.expect("read").len(), 1);
}

async fn the_maker_gets_the_last_game_and_new_names_are_recorded(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    let first = store
        .open_challenge(&challenge(2, "bob"))
        .await
        .expect("opened");
    let game = store
        .accept_challenge(first.id, [1, 2], maker(2, "bob"))
        .await
        .expect("accepted")
        .expect("open");
    assert_eq!(game.base_score, 1, "no game between them yet");
    let mut ended = Game::replay(&game.record).expect("replays");
    ended.abandon(Seat::Second).expect("abandons");
    store
        .finish_game(&finished(&game, &ended, 5))
        .await
        .expect("finished");

    // An open challenge, taken by carol under a name the store has not seen.
    let open = store
        .open_challenge(&challenge(ANYONE, ""))
        .await
        .expect("opened");
    let game = store
        .accept_challenge(open.id, [1, 3], maker(3, "carol"))
        .await
        .expect("accepted")
        .expect("open");
    assert_eq!(game.base_score, 1, "ann and carol have not played");
    assert_eq!(store.player(3).await.expect("read").name, "carol");
    let mut ended = Game::replay(&game.record).expect("replays");
    ended.abandon(Seat::Second).expect("abandons");
    store
        .finish_game(&finished(&game, &ended, 6))
        .await
        .expect("finished");

    // Bob again, renamed since his challenge was opened.
    let again = store
        .open_challenge(&challenge(2, "bob"))
        .await
        .expect("opened");
    let game = store
        .accept_challenge(again.id, [1, 2], maker(2, "robert"))
        .await
        .expect("accepted")
        .expect("open");
    assert_eq!(game.base_score, 2, "made from ann and bob's last game");
    assert_eq!(store.player(2).await.expect("read").name, "robert");
}

crate::on_both_backends!(
    accepting_takes_the_challenge_and_starts_the_game_in_one_step,
    the_maker_gets_the_last_game_and_new_names_are_recorded,
);
