//! `junqi-bot migrate-store`: a populated sled directory copied into a fresh PostgreSQL
//! database holds the same players, finished and cancelled games, live games (clocks
//! included), challenges and saved layouts; running it again changes nothing; it refuses while a bot holds the directory.

use crate::store_support;

use std::process::Command;

use junqi::game::Game;
use junqi::store::{Challenge, Place, Store, StoreError, migrate_sled_to_postgres};
use store_support::backends::{Backend, Location};
use store_support::{finished, live_game, random_step, rng};

/// Plays games to their end in `store`, leaves two live ones and two open challenges.
async fn populate(store: &Store) {
    let mut rng = rng(11);
    for round in 0..12u64 {
        let place = Place {
            guild: 1 + round % 3,
            channel: 10 + round,
        };
        let players = [1 + round % 4, 5 + round % 3];
        let live = live_game(store.next_id().await.expect("id"), place, players, round);
        store.put_live_game(&live).await.expect("stored");
        let mut game = Game::replay(&live.record).expect("replays");
        while game.outcome().is_none() {
            random_step(&mut game, &mut rng);
        }
        store
            .finish_game(&finished(&live, &game, 1_000 + round))
            .await
            .expect("finished");
    }
    for channel in [90, 91] {
        let place = Place { guild: 2, channel };
        let mut live = live_game(store.next_id().await.expect("id"), place, [3, 4], channel);
        live.turn_deadline_ms = 123_456 + channel;
        live.warned = true;
        store.put_live_game(&live).await.expect("stored");
        let challenge = Challenge {
            id: store.next_id().await.expect("id"),
            place: Place { guild: 3, channel },
            challenger: 1,
            challenger_name: "a".into(),
            challenged: 2,
            challenged_name: "b".into(),
            turn_secs: 30,
            created_at_ms: 5,
            expires_at_ms: 60_005,
            ai_level: None,
            game: junqi::GameKind::Flip,
        };
        store.put_challenge(&challenge).await.expect("stored");
    }
    store
        .set_player_name(9, "seen, never played", 3)
        .await
        .expect("named");
    let running = Place {
        guild: 2,
        channel: 95,
    };
    let mut tournament = crate::store_tournaments::tournament(
        store.next_id().await.expect("id"),
        running,
        junqi::store::Phase::Running,
    );
    // Of 明棋, and the waiting member below waits for 暗棋: the copy keeps each one's game.
    tournament.game = junqi::GameKind::Open;
    store.put_tournament(&tournament).await.expect("stored");
    // One member waiting in a quick-match queue.
    store
        .put_queue_entry(&junqi::store::QueueEntry {
            user: 3,
            name: "p3".into(),
            place: running,
            turn_secs: 30,
            points: 40,
            joined_at_ms: 1_000,
            game: junqi::GameKind::Dark,
        })
        .await
        .expect("stored");
    // One server's own settings, with a change in its log.
    let mut settings = junqi::store::GuildSettings::new(2);
    settings.values.insert("turn_secs".into(), "45".into());
    settings.remember(junqi::store::SettingsChange {
        at_ms: 7,
        user: 1,
        name: "a".into(),
        key: "turn_secs".into(),
        before: "30".into(),
        after: "45".into(),
    });
    store.put_guild_settings(&settings).await.expect("stored");
    // Two members' saved layouts.
    let presets = junqi::standard::PRESETS;
    for (user, name) in [(1, "wall"), (1, "Fortress 要塞"), (4, "mine")] {
        store
            .save_layout(user, name, presets[user as usize].layout())
            .await
            .expect("saved");
    }
    // One game a moderator cancelled.
    let live = live_game(
        store.next_id().await.expect("id"),
        Place {
            guild: 2,
            channel: 92,
        },
        [3, 6],
        92,
    );
    store.put_live_game(&live).await.expect("stored");
    store
        .cancel_game(&junqi::store::CancelledGame {
            version: junqi::store::CANCELLED_GAME_VERSION,
            game: live,
            ended_at_ms: 2_000,
            by: 1,
            by_name: "a".into(),
            reason: "spam".into(),
        })
        .await
        .expect("cancelled");
    // Two remembered rematch windows: a finished game at its channel and its thread.
    let last = store
        .finished_games()
        .await
        .expect("read")
        .pop()
        .expect("a game");
    let thread = Place {
        guild: last.game.place.guild,
        channel: 777,
    };
    store
        .set_rematch_window(&[last.game.place, thread], last.game.players, last.game.id)
        .await
        .expect("remembered");
}

#[tokio::test]
async fn a_populated_sled_directory_moves_to_postgres_verified_and_idempotent() {
    let Some(database) = Backend::Postgres.location() else {
        return;
    };
    let url = database.url().expect("a database").to_string();
    let Some(Location::Dir(dir)) = Backend::Sled.location() else {
        panic!("a sled location is a directory");
    };
    let source = Store::open(dir.path()).await.expect("opens");
    populate(&source).await;

    // A bot holding the directory keeps the migration out.
    match migrate_sled_to_postgres(dir.path(), &url).await {
        Err(StoreError::Locked { .. }) => {}
        other => panic!("migrated while the directory was held: {other:?}"),
    }
    let expected = (
        source.players().await.expect("read"),
        source.finished_games().await.expect("read"),
        source.live_games().await.expect("read"),
        source.challenges().await.expect("read"),
    );
    let windows = source.rematch_windows().await.expect("read");
    assert_eq!(windows.len(), 4, "two places, two players");
    let tournaments = source.tournaments().await.expect("read");
    let queue = source.queue_entries().await.expect("read");
    assert_eq!(queue.len(), 1);
    let settings = source.all_guild_settings().await.expect("read");
    let cancelled = source.cancelled_games().await.expect("read");
    assert_eq!(cancelled.len(), 1);
    let layouts = source.all_saved_layouts().await.expect("read");
    assert_eq!(layouts.len(), 2, "two members saved layouts");
    let board = source
        .leaderboard(junqi::GameKind::Flip, None, 100)
        .await
        .expect("board");
    let highest_id = expected
        .1
        .iter()
        .map(|done| done.game.id)
        .chain(expected.2.iter().map(|game| game.id))
        .chain(expected.3.iter().map(|challenge| challenge.id))
        .chain(tournaments.iter().map(|tournament| tournament.id))
        .max()
        .expect("records");
    drop(source);

    let report = migrate_sled_to_postgres(dir.path(), &url)
        .await
        .expect("migrates");
    let counts: Vec<usize> = report.kinds.iter().map(|kind| kind.count).collect();
    assert_eq!(
        counts,
        vec![expected.0.len(), 12, 2, 2, 4, 1, 1, 1, 1, 0, 2],
        "{report}"
    );
    assert_eq!(expected.0.len(), 8, "seven players and one only named");

    let target = database.open().await;
    assert_eq!(target.rematch_windows().await.expect("read"), windows);
    assert_eq!(target.tournaments().await.expect("read"), tournaments);
    assert_eq!(target.queue_entries().await.expect("read"), queue);
    assert_eq!(target.all_guild_settings().await.expect("read"), settings);
    assert_eq!(target.cancelled_games().await.expect("read"), cancelled);
    assert_eq!(target.all_saved_layouts().await.expect("read"), layouts);
    let window = windows[0];
    let rematch = target
        .rematch_window(window.place, window.user)
        .await
        .expect("read")
        .map(|done| done.game.id);
    assert_eq!(rematch, Some(window.game), "/rematch finds the game there");
    let found = (
        target.players().await.expect("read"),
        target.finished_games().await.expect("read"),
        target.live_games().await.expect("read"),
        target.challenges().await.expect("read"),
    );
    assert_eq!(found, expected);
    assert_eq!(
        target
            .leaderboard(junqi::GameKind::Flip, None, 100)
            .await
            .expect("board"),
        board
    );
    for (place, player) in store_support::naive_places(&board).into_iter().zip(&board) {
        assert_eq!(
            target
                .position_of(player.user, junqi::GameKind::Flip, None)
                .await
                .expect("position"),
            Some(place)
        );
    }
    assert!(
        target.next_id().await.expect("id") > highest_id,
        "ids never repeat"
    );
    drop(target);

    // Again, through the real binary: the same verified report, and nothing changed.
    let output = Command::new(env!("CARGO_BIN_EXE_junqi-bot"))
        .args(["migrate-store", "--from"])
        .arg(dir.path())
        .args(["--to", &url])
        .output()
        .expect("runs");
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{printed}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(printed, report.to_string());
    let target = database.open().await;
    assert_eq!(target.players().await.expect("read"), found.0);
    assert_eq!(target.finished_games().await.expect("read"), found.1);
    assert_eq!(target.live_games().await.expect("read"), found.2);
    assert_eq!(target.rematch_windows().await.expect("read"), windows);
    assert_eq!(target.tournaments().await.expect("read"), tournaments);
    assert_eq!(target.queue_entries().await.expect("read"), queue);
    assert_eq!(target.all_saved_layouts().await.expect("read"), layouts);
}
