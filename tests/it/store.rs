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

fn a_live_game_is_stored_found_by_channel_and_listed(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open();
    let id = store.next_id().expect("id");
    assert!(store.next_id().expect("id") > id);
    let mut live = live_game(id, HERE, [1, 2], 5);
    store.put_live_game(&live).expect("stored");
    let mut game = Game::replay(&live.record).expect("replays");
    let mut rng = rng(1);
    for _ in 0..20 {
        random_step(&mut game, &mut rng);
    }
    live.record = game.record().clone();
    live.turn_deadline_ms = 99_000;
    live.warned = true;
    store.put_live_game(&live).expect("updated");
    assert_eq!(store.live_game(id).expect("read"), Some(live.clone()));
    assert_eq!(store.live_game_at(HERE).expect("read"), Some(live.clone()));
    assert_eq!(store.live_game_at(THERE).expect("read"), None);
    assert_eq!(store.live_games().expect("list"), vec![live.clone()]);

    let other = live_game(store.next_id().expect("id"), HERE, [3, 4], 6);
    match store.put_live_game(&other) {
        Err(StoreError::PlaceBusy { existing, .. }) => assert_eq!(existing, id),
        other => panic!("a second game in one channel was not refused: {other:?}"),
    }
    assert_eq!(store.remove_live_game(id).expect("removed"), Some(live));
    assert_eq!(store.live_game_at(HERE).expect("read"), None);
    store
        .put_live_game(&other)
        .expect("the channel is free again");
}

fn finishing_moves_the_game_and_updates_both_players_once(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open();
    let live = live_game(store.next_id().expect("id"), HERE, [10, 20], 9);
    store.put_live_game(&live).expect("stored");
    let mut game = Game::replay(&live.record).expect("replays");
    game.abandon(Seat::Second).expect("abandons");
    let done = finished(&live, &game, 50_000);
    assert_eq!(done.points, [0, -10]);

    let [first, second] = store.finish_game(&done).expect("finished");
    assert_eq!(
        (first.user, first.wins, first.points, first.games),
        (10, 1, 0, 1)
    );
    assert_eq!(
        (second.losses, second.abandons, second.points, second.games),
        (1, 1, -10, 1)
    );
    assert_eq!(second.guilds, vec![HERE.guild]);
    assert_eq!(store.player(20).expect("read"), second);
    assert_eq!(store.live_game(live.id).expect("read"), None);
    assert_eq!(store.live_game_at(HERE).expect("read"), None);
    assert_eq!(
        store.finished_game(live.id).expect("read"),
        Some(done.clone())
    );

    assert!(matches!(store.finish_game(&done), Err(StoreError::NotLive(id)) if id == live.id));
    assert!(matches!(
        store.put_live_game(&live),
        Err(StoreError::AlreadyFinished(id)) if id == live.id
    ));
    assert_eq!(store.player(20).expect("read").points, -10, "counted once");
    for (a, b) in [(10, 20), (20, 10)] {
        let last = store.last_game_between(a, b).expect("read");
        assert_eq!(last.map(|g| g.game.id), Some(live.id));
    }
    assert!(store.last_game_between(10, 30).expect("read").is_none());
}

fn unrated_games_count_results_but_not_points(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open();
    let mut live = live_game(store.next_id().expect("id"), HERE, [1, 2], 3);
    live.rated = false;
    store.put_live_game(&live).expect("stored");
    let mut game = Game::replay(&live.record).expect("replays");
    game.abandon(Seat::First).expect("abandons");
    let done = finished(&live, &game, 10);
    assert_eq!(
        done.points,
        [-10, 0],
        "the points of the game are still recorded"
    );
    let [first, second] = store.finish_game(&done).expect("finished");
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
    assert!(store.leaderboard(None, 10).expect("board").is_empty());
    assert_eq!(store.position_of(1, Some(HERE.guild)).expect("pos"), None);

    // A rated game then counts in the rated totals only, beside the unrated ones kept.
    let rated = live_game(store.next_id().expect("id"), HERE, [2, 1], 4);
    store.put_live_game(&rated).expect("stored");
    let mut game = Game::replay(&rated.record).expect("replays");
    game.abandon(Seat::Second).expect("abandons");
    let [two, one] = store
        .finish_game(&finished(&rated, &game, 20))
        .expect("finished");
    assert_eq!(
        (two.wins, two.games, two.unrated_wins, two.unrated_games()),
        (1, 1, 1, 1)
    );
    assert_eq!(
        (one.losses, one.abandons, one.games, one.unrated_losses),
        (1, 1, 1, 1)
    );
    assert_eq!(store.player(1).expect("read"), one);
    let board = store.leaderboard(None, 10).expect("board");
    assert_eq!(board, vec![two, one]);
}

fn a_player_on_both_seats_gets_both_results(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open();
    let live = live_game(store.next_id().expect("id"), HERE, [5, 5], 4);
    store.put_live_game(&live).expect("stored");
    let mut game = Game::replay(&live.record).expect("replays");
    game.abandon(Seat::First).expect("abandons");
    let [first, second] = store
        .finish_game(&finished(&live, &game, 10))
        .expect("finished");
    assert_eq!(first, second);
    assert_eq!(
        (first.games, first.wins, first.losses, first.points),
        (2, 1, 1, -10)
    );
    assert_eq!(store.position_of(5, None).expect("position"), Some(1));
    assert_eq!(store.leaderboard(None, 10).expect("board").len(), 1);
}

fn random_games_give_stats_and_leaderboards_that_match_recomputation(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open();
    let mut rng = rng(42);
    let places = [HERE, THERE];
    for round in 0..40u64 {
        let a = 1 + round % 7;
        let b = 1 + (round * 3 + 1) % 9;
        let place = places[(round % 2) as usize];
        let mut live = live_game(
            store.next_id().expect("id"),
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
        store.put_live_game(&live).expect("stored");
        store
            .finish_game(&finished(&live, &game, round))
            .expect("finished");
    }
    let games = store.finished_games().expect("list");
    assert_eq!(games.len(), 40);
    games.iter().for_each(check_finished);
    let expected = recompute(&games);
    let players = store.players().expect("players");
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
        let board = store.leaderboard(guild, 1000).expect("board");
        assert_eq!(board, naive, "{guild:?}");
        assert_eq!(
            store.leaderboard(guild, 3).expect("board"),
            naive[..naive.len().min(3)]
        );
        for (place, player) in naive_places(&naive).into_iter().zip(&naive) {
            assert_eq!(
                store.position_of(player.user, guild).expect("pos"),
                Some(place)
            );
        }
        assert_eq!(store.position_of(12345, guild).expect("pos"), None);
    }
}

fn places_across_buckets_of_points_match_a_count(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open();
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
    store.import_players(&players).expect("imported");
    for guild in [None, Some(HERE.guild)] {
        let board = store.leaderboard(guild, 100).expect("board");
        assert_eq!(board.len(), players.len());
        for (place, player) in naive_places(&board).into_iter().zip(&board) {
            assert_eq!(
                store.position_of(player.user, guild).expect("pos"),
                Some(place),
                "{} points",
                player.points
            );
        }
    }
}

fn names_and_guilds_are_recorded_but_only_players_with_games_are_ranked(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open();
    store.set_player_name(1, "alice", 7).expect("named");
    store.set_player_name(1, "Alice", 8).expect("renamed");
    let alice = store.player(1).expect("read");
    assert_eq!(
        (alice.name.as_str(), alice.guilds.clone()),
        ("Alice", vec![7, 8])
    );
    assert!(store.leaderboard(None, 10).expect("board").is_empty());
    assert_eq!(store.position_of(1, None).expect("pos"), None);
    assert_eq!(
        store.player(2).expect("read").user,
        2,
        "unknown players read as zeroes"
    );

    let live = live_game(store.next_id().expect("id"), HERE, [1, 2], 1);
    store.put_live_game(&live).expect("stored");
    let mut game = Game::replay(&live.record).expect("replays");
    game.abandon(Seat::Second).expect("abandons");
    store
        .finish_game(&finished(&live, &game, 1))
        .expect("finished");
    // Seen in guild 8 before playing in 7: ranked in both.
    assert_eq!(store.position_of(1, Some(8)).expect("pos"), Some(1));
    assert_eq!(store.position_of(2, Some(8)).expect("pos"), None);
    store.set_player_name(2, "bob", 8).expect("named");
    assert_eq!(store.position_of(2, Some(8)).expect("pos"), Some(2));
    assert_eq!(
        store.player(1).expect("read").name,
        "player1",
        "the game's name wins"
    );
}

fn challenges_are_stored_listed_and_taken_once(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open();
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
    };
    let first = challenge(store.next_id().expect("id"), HERE);
    let second = challenge(store.next_id().expect("id"), THERE);
    store.put_challenge(&first).expect("stored");
    store.put_challenge(&second).expect("stored");
    assert_eq!(store.challenge_at(HERE).expect("read"), vec![first.clone()]);
    drop(store);

    let store = location.open();
    assert_eq!(store.challenges().expect("read").len(), 2);
    assert_eq!(
        store.take_challenge(first.id).expect("taken"),
        Some(first.clone())
    );
    assert_eq!(store.take_challenge(first.id).expect("taken"), None);
    assert_eq!(store.challenges().expect("read"), vec![second]);
}

fn everything_survives_reopening(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open();
    let live = live_game(store.next_id().expect("id"), HERE, [1, 2], 77);
    store.put_live_game(&live).expect("stored");
    let other = live_game(store.next_id().expect("id"), THERE, [3, 4], 78);
    store.put_live_game(&other).expect("stored");
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
    store.finish_game(&done).expect("finished");
    let last_id = store.next_id().expect("id");
    drop(store);

    let store = location.open();
    assert_eq!(store.live_games().expect("read"), vec![live]);
    assert_eq!(store.finished_game(other.id).expect("read"), Some(done));
    assert!(store.next_id().expect("id") > last_id, "ids never repeat");
    assert_eq!(store.leaderboard(None, 5).expect("board").len(), 2);
    assert!(store.quarantined().expect("read").is_empty());
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
