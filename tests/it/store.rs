//! The store's API against both backends (a real sled directory, a real PostgreSQL database): live and finished games, challenges, stats
//! and leaderboards checked against recomputation, and durability across reopening.

use crate::store_support;

use junqi::game::{Game, Outcome, Seat, WinReason};
use junqi::store::{Challenge, Place, PlayerStats, StoreError};
use store_support::backends::Backend;
use store_support::{
    check_finished, finished, live_game, naive_places, next_seed, random_step, recompute, rng,
    totals,
};

const HERE: Place = Place {
    guild: 7,
    channel: 70,
};
const THERE: Place = Place {
    guild: 8,
    channel: 80,
};

async fn a_live_game_is_stored_found_by_channel_and_listed(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    let id = store.next_id().await.expect("id");
    assert!(store.next_id().await.expect("id") > id);
    let mut live = live_game(id, HERE, [1, 2], 5);
    store.put_live_game(&live).await.expect("stored");
    let mut game = Game::replay(&live.record).expect("replays");
    let mut rng = rng(1);
    for _ in 0..20 {
        random_step(&mut game, &mut rng);
    }
    live.record = game.record().clone();
    live.turn_deadline_ms = 99_000;
    live.warned = true;
    store.put_live_game(&live).await.expect("updated");
    assert_eq!(store.live_game(id).await.expect("read"), Some(live.clone()));
    assert_eq!(
        store.live_game_at(HERE).await.expect("read"),
        Some(live.clone())
    );
    assert_eq!(store.live_game_at(THERE).await.expect("read"), None);
    assert_eq!(store.live_games().await.expect("list"), vec![live.clone()]);

    let other = live_game(store.next_id().await.expect("id"), HERE, [3, 4], 6);
    match store.put_live_game(&other).await {
        Err(StoreError::PlaceBusy { existing, .. }) => assert_eq!(existing, id),
        other => panic!("a second game in one channel was not refused: {other:?}"),
    }
    assert_eq!(
        store.remove_live_game(id).await.expect("removed"),
        Some(live)
    );
    assert_eq!(store.live_game_at(HERE).await.expect("read"), None);
    store
        .put_live_game(&other)
        .await
        .expect("the channel is free again");
}

async fn finishing_moves_the_game_and_updates_both_players_once(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    let live = live_game(store.next_id().await.expect("id"), HERE, [10, 20], 9);
    store.put_live_game(&live).await.expect("stored");
    let mut game = Game::replay(&live.record).expect("replays");
    game.abandon(Seat::Second).expect("abandons");
    let done = finished(&live, &game, 50_000);
    assert_eq!(done.points, [0, -10]);

    let [first, second] = store.finish_game(&done).await.expect("finished");
    assert_eq!(
        (first.user, first.wins, first.points, first.games),
        (10, 1, 0, 1)
    );
    assert_eq!(
        (second.losses, second.abandons, second.points, second.games),
        (1, 1, -10, 1)
    );
    assert_eq!(second.guilds, vec![HERE.guild]);
    assert_eq!(store.player(20).await.expect("read"), second);
    assert_eq!(store.live_game(live.id).await.expect("read"), None);
    assert_eq!(store.live_game_at(HERE).await.expect("read"), None);
    assert_eq!(
        store.finished_game(live.id).await.expect("read"),
        Some(done.clone())
    );

    assert!(
        matches!(store.finish_game(&done).await, Err(StoreError::NotLive(id)) if id == live.id)
    );
    assert!(matches!(
        store.put_live_game(&live).await,
        Err(StoreError::AlreadyFinished(id)) if id == live.id
    ));
    assert_eq!(
        store.player(20).await.expect("read").points,
        -10,
        "counted once"
    );
    for (a, b) in [(10, 20), (20, 10)] {
        let last = store.last_game_between(a, b).await.expect("read");
        assert_eq!(last.map(|g| g.game.id), Some(live.id));
    }
    assert!(
        store
            .last_game_between(10, 30)
            .await
            .expect("read")
            .is_none()
    );
}

async fn unrated_games_count_results_but_not_points(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    let mut live = live_game(store.next_id().await.expect("id"), HERE, [1, 2], 3);
    live.rated = false;
    store.put_live_game(&live).await.expect("stored");
    let mut game = Game::replay(&live.record).expect("replays");
    game.abandon(Seat::First).expect("abandons");
    let done = finished(&live, &game, 10);
    assert_eq!(
        done.points,
        [-10, 0],
        "the points of the game are still recorded"
    );
    let [first, second] = store.finish_game(&done).await.expect("finished");
    assert_eq!(
        (first.points, first.unrated_losses, first.unrated_games()),
        (0, 1, 1)
    );
    assert_eq!(
        (second.points, second.unrated_wins, second.unrated_games()),
        (0, 1, 1)
    );
    for stats in [&first, &second] {
        assert_eq!(
            (
                stats.wins,
                stats.losses,
                stats.draws,
                stats.abandons,
                stats.games
            ),
            (0, 0, 0, 0, 0),
            "the rated totals leave unrated games out"
        );
    }
    // Unrated games alone put nobody on a leaderboard.
    assert!(
        store
            .leaderboard(junqi::GameKind::Flip, None, 10)
            .await
            .expect("board")
            .is_empty()
    );
    assert_eq!(
        store
            .position_of(1, junqi::GameKind::Flip, Some(HERE.guild))
            .await
            .expect("pos"),
        None
    );

    // A rated game then counts in the rated totals only, beside the unrated ones kept.
    let rated = live_game(store.next_id().await.expect("id"), HERE, [2, 1], 4);
    store.put_live_game(&rated).await.expect("stored");
    let mut game = Game::replay(&rated.record).expect("replays");
    game.abandon(Seat::Second).expect("abandons");
    let [two, one] = store
        .finish_game(&finished(&rated, &game, 20))
        .await
        .expect("finished");
    assert_eq!(
        (two.wins, two.games, two.unrated_wins, two.unrated_games()),
        (1, 1, 1, 1)
    );
    assert_eq!(
        (one.losses, one.abandons, one.games, one.unrated_losses),
        (1, 1, 1, 1)
    );
    assert_eq!(store.player(1).await.expect("read"), one);
    let board = store
        .leaderboard(junqi::GameKind::Flip, None, 10)
        .await
        .expect("board");
    assert_eq!(board, vec![two, one]);
}

async fn a_player_on_both_seats_gets_both_results(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    let live = live_game(store.next_id().await.expect("id"), HERE, [5, 5], 4);
    store.put_live_game(&live).await.expect("stored");
    let mut game = Game::replay(&live.record).expect("replays");
    game.abandon(Seat::First).expect("abandons");
    let [first, second] = store
        .finish_game(&finished(&live, &game, 10))
        .await
        .expect("finished");
    assert_eq!(first, second);
    assert_eq!(
        (first.games, first.wins, first.losses, first.points),
        (2, 1, 1, -10)
    );
    assert_eq!(
        store
            .position_of(5, junqi::GameKind::Flip, None)
            .await
            .expect("position"),
        Some(1)
    );
    assert_eq!(
        store
            .leaderboard(junqi::GameKind::Flip, None, 10)
            .await
            .expect("board")
            .len(),
        1
    );
}

async fn random_games_give_stats_and_leaderboards_that_match_recomputation(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    let mut rng = rng(42);
    let places = [HERE, THERE];
    for round in 0..40u64 {
        let a = 1 + round % 7;
        let b = 1 + (round * 3 + 1) % 9;
        let place = places[(round % 2) as usize];
        let mut live = live_game(
            store.next_id().await.expect("id"),
            place,
            [a, b],
            next_seed(&mut rng),
        );
        live.rated = round % 5 != 4;
        let mut game = Game::replay(&live.record).expect("replays");
        while game.outcome().is_none() {
            random_step(&mut game, &mut rng);
        }
        live.record = game.record().clone();
        store.put_live_game(&live).await.expect("stored");
        store
            .finish_game(&finished(&live, &game, round))
            .await
            .expect("finished");
    }
    let games = store.finished_games().await.expect("list");
    assert_eq!(games.len(), 40);
    games.iter().for_each(check_finished);
    let expected = recompute(&games);
    let players = store.players().await.expect("players");
    assert_eq!(players.len(), expected.len());
    for stats in &players {
        assert_eq!(
            totals(stats),
            totals(&expected[&stats.user]),
            "user {}",
            stats.user
        );
    }

    for guild in [None, Some(HERE.guild), Some(THERE.guild), Some(99)] {
        let mut naive: Vec<_> = players
            .iter()
            .filter(|p| p.games > 0 && guild.is_none_or(|g| p.guilds.contains(&g)))
            .cloned()
            .collect();
        naive.sort_by_key(|p| (-p.points, -i64::from(p.wins), p.games, p.user));
        let board = store
            .leaderboard(junqi::GameKind::Flip, guild, 1000)
            .await
            .expect("board");
        assert_eq!(board, naive, "{guild:?}");
        assert_eq!(
            store
                .leaderboard(junqi::GameKind::Flip, guild, 3)
                .await
                .expect("board"),
            naive[..naive.len().min(3)]
        );
        for (place, player) in naive_places(&naive).into_iter().zip(&naive) {
            assert_eq!(
                store
                    .position_of(player.user, junqi::GameKind::Flip, guild)
                    .await
                    .expect("pos"),
                Some(place)
            );
        }
        assert_eq!(
            store
                .position_of(12345, junqi::GameKind::Flip, guild)
                .await
                .expect("pos"),
            None
        );
    }
}

async fn places_across_buckets_of_points_match_a_count(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    // Values on both sides of the 256-point bucket edges, negative ones too, and ties.
    let points = [
        90_000, 20_000, 300, 256, 256, 255, 1, 0, 0, 0, -1, -255, -256, -257, -257, -1_000,
    ];
    let players: Vec<PlayerStats> = points
        .iter()
        .enumerate()
        .map(|(index, points)| PlayerStats {
            user: index as u64 + 1,
            name: format!("p{index}"),
            points: *points,
            wins: (index % 3) as u32,
            games: 3,
            guilds: vec![HERE.guild],
            ..PlayerStats::default()
        })
        .collect();
    store.import_players(&players).await.expect("imported");
    for guild in [None, Some(HERE.guild)] {
        let board = store
            .leaderboard(junqi::GameKind::Flip, guild, 100)
            .await
            .expect("board");
        assert_eq!(board.len(), players.len());
        for (place, player) in naive_places(&board).into_iter().zip(&board) {
            assert_eq!(
                store
                    .position_of(player.user, junqi::GameKind::Flip, guild)
                    .await
                    .expect("pos"),
                Some(place),
                "{} points",
                player.points
            );
        }
    }
}

async fn names_and_guilds_are_recorded_but_only_players_with_games_are_ranked(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    store.set_player_name(1, "alice", 7).await.expect("named");
    store.set_player_name(1, "Alice", 8).await.expect("renamed");
    let alice = store.player(1).await.expect("read");
    assert_eq!(
        (alice.name.as_str(), alice.guilds.clone()),
        ("Alice", vec![7, 8])
    );
    assert!(
        store
            .leaderboard(junqi::GameKind::Flip, None, 10)
            .await
            .expect("board")
            .is_empty()
    );
    assert_eq!(
        store
            .position_of(1, junqi::GameKind::Flip, None)
            .await
            .expect("pos"),
        None
    );
    assert_eq!(
        store.player(2).await.expect("read").user,
        2,
        "unknown players read as zeroes"
    );

    let live = live_game(store.next_id().await.expect("id"), HERE, [1, 2], 1);
    store.put_live_game(&live).await.expect("stored");
    let mut game = Game::replay(&live.record).expect("replays");
    game.abandon(Seat::Second).expect("abandons");
    store
        .finish_game(&finished(&live, &game, 1))
        .await
        .expect("finished");
    // Seen in guild 8 before playing in 7: ranked in both.
    assert_eq!(
        store
            .position_of(1, junqi::GameKind::Flip, Some(8))
            .await
            .expect("pos"),
        Some(1)
    );
    assert_eq!(
        store
            .position_of(2, junqi::GameKind::Flip, Some(8))
            .await
            .expect("pos"),
        None
    );
    store.set_player_name(2, "bob", 8).await.expect("named");
    assert_eq!(
        store
            .position_of(2, junqi::GameKind::Flip, Some(8))
            .await
            .expect("pos"),
        Some(2)
    );
    assert_eq!(
        store.player(1).await.expect("read").name,
        "player1",
        "the game's name wins"
    );
}

async fn challenges_are_stored_listed_and_taken_once(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    let challenge = |id, place| Challenge {
        id,
        place,
        challenger: 1,
        challenger_name: "a".into(),
        challenged: 2,
        challenged_name: "b".into(),
        turn_secs: 30,
        created_at_ms: 0,
        expires_at_ms: 60_000,
        ai_level: Some(junqi::ai::Level::Easy),
        game: junqi::GameKind::Flip,
    };
    let first = challenge(store.next_id().await.expect("id"), HERE);
    let second = challenge(store.next_id().await.expect("id"), THERE);
    store.put_challenge(&first).await.expect("stored");
    store.put_challenge(&second).await.expect("stored");
    assert_eq!(
        store.challenge_at(HERE).await.expect("read"),
        vec![first.clone()]
    );
    drop(store);

    let store = location.open().await;
    assert_eq!(store.challenges().await.expect("read").len(), 2);
    assert_eq!(
        store.take_challenge(first.id).await.expect("taken"),
        Some(first.clone())
    );
    assert_eq!(store.take_challenge(first.id).await.expect("taken"), None);
    assert_eq!(store.challenges().await.expect("read"), vec![second]);
}

async fn everything_survives_reopening(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    let live = live_game(store.next_id().await.expect("id"), HERE, [1, 2], 77);
    store.put_live_game(&live).await.expect("stored");
    let other = live_game(store.next_id().await.expect("id"), THERE, [3, 4], 78);
    store.put_live_game(&other).await.expect("stored");
    let mut game = Game::replay(&other.record).expect("replays");
    game.timeout().expect("t");
    game.timeout().expect("t");
    game.timeout().expect("t");
    game.timeout().expect("t");
    game.timeout().expect("t");
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Win {
            reason: WinReason::Timeouts,
            ..
        })
    ));
    let done = finished(&other, &game, 5);
    store.finish_game(&done).await.expect("finished");
    let last_id = store.next_id().await.expect("id");
    drop(store);

    let store = location.open().await;
    assert_eq!(store.live_games().await.expect("read"), vec![live]);
    assert_eq!(
        store.finished_game(other.id).await.expect("read"),
        Some(done)
    );
    assert!(
        store.next_id().await.expect("id") > last_id,
        "ids never repeat"
    );
    assert_eq!(
        store
            .leaderboard(junqi::GameKind::Flip, None, 5)
            .await
            .expect("board")
            .len(),
        2
    );
    assert!(store.quarantined().await.expect("read").is_empty());
}

crate::on_both_backends!(
    a_live_game_is_stored_found_by_channel_and_listed,
    finishing_moves_the_game_and_updates_both_players_once,
    unrated_games_count_results_but_not_points,
    places_across_buckets_of_points_match_a_count,
    a_player_on_both_seats_gets_both_results,
    random_games_give_stats_and_leaderboards_that_match_recomputation,
    names_and_guilds_are_recorded_but_only_players_with_games_are_ranked,
    challenges_are_stored_listed_and_taken_once,
    everything_survives_reopening,
);
