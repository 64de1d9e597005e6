//! Damaged and foreign data directories: corrupt records are quarantined and reported while the
//! rest keeps working; a newer schema is refused with a clear message; schema 0 is migrated.

use crate::store_support;

use std::path::Path;
use std::time::{Duration, Instant};

use junqi::game::{Game, Seat};
use junqi::store::{Challenge, Place, PlayerStats, SCHEMA_VERSION, Store, StoreError};
use store_support::{finished, live_game};

const HERE: Place = Place {
    guild: 7,
    channel: 70,
};

/// Opens the directory with sled itself, as a tool or a bug would, waiting out the lock of a
/// store dropped a moment ago.
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

/// A store with two players who finished one game, one live game and one challenge.
async fn populated(dir: &Path) -> (u64, u64) {
    let store = Store::open(dir).await.expect("opens");
    let done = live_game(store.next_id().await.expect("id"), HERE, [1, 2], 11);
    store.put_live_game(&done).await.expect("stored");
    let mut game = Game::replay(&done.record).expect("replays");
    game.abandon(Seat::Second).expect("abandons");
    store
        .finish_game(&finished(&done, &game, 100))
        .await
        .expect("finished");
    let live = live_game(store.next_id().await.expect("id"), HERE, [3, 4], 12);
    store.put_live_game(&live).await.expect("stored");
    (done.id, live.id)
}

#[tokio::test]
async fn garbage_under_a_key_is_quarantined_and_reported_and_the_rest_works() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (done_id, live_id) = populated(dir.path()).await;
    {
        let db = raw(dir.path());
        let garbage: &[u8] = b"\x01\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff not a record";
        db.open_tree("v1/players")
            .expect("tree")
            .insert(2u64.to_be_bytes(), garbage)
            .expect("written");
        let live = db.open_tree("v1/live_games").expect("tree");
        live.insert(live_id.to_be_bytes(), &b"\x07unknown format"[..])
            .expect("written");
        db.open_tree("v1/challenges")
            .expect("tree")
            .insert(5u64.to_be_bytes(), &b""[..])
            .expect("written");
        db.flush().expect("flushed");
    }

    let store = Store::open(dir.path())
        .await
        .expect("a damaged store still opens");
    // Live games and challenges are checked at start-up; players when read.
    assert_eq!(store.quarantined().await.expect("listed").len(), 2);
    assert!(
        store.live_games().await.expect("listed").is_empty(),
        "the corrupt live game is skipped"
    );
    assert_eq!(store.live_game_at(HERE).await.expect("read"), None);
    assert!(store.challenges().await.expect("listed").is_empty());

    assert_eq!(
        store.player(2).await.expect("read"),
        PlayerStats {
            user: 2,
            ..Default::default()
        }
    );
    let quarantined = store.quarantined().await.expect("listed");
    assert_eq!(quarantined.len(), 3, "{quarantined:?}");
    let names: Vec<&str> = quarantined.iter().map(|(name, _)| name.as_str()).collect();
    assert!(names.contains(&"v1/players/0000000000000002"), "{names:?}");
    assert!(
        names.contains(&format!("v1/live_games/{live_id:016x}").as_str()),
        "{names:?}"
    );
    assert!(
        names.contains(&"v1/challenges/0000000000000005"),
        "{names:?}"
    );
    assert!(
        quarantined
            .iter()
            .any(|(_, reason)| reason.contains("unknown record format 7"))
    );
    assert!(
        quarantined
            .iter()
            .any(|(_, reason)| reason.contains("empty record"))
    );

    // The corrupt player left the leaderboard; everything else keeps working.
    let board = store
        .leaderboard(junqi::GameKind::Flip, None, 10)
        .await
        .expect("board");
    assert_eq!(board.iter().map(|p| p.user).collect::<Vec<_>>(), vec![1]);
    assert_eq!(
        store
            .position_of(1, junqi::GameKind::Flip, None)
            .await
            .expect("pos"),
        Some(1)
    );
    assert!(store.finished_game(done_id).await.expect("read").is_some());
    // The channel of the quarantined game is free for a new one.
    let live = live_game(store.next_id().await.expect("id"), HERE, [3, 4], 14);
    store.put_live_game(&live).await.expect("stored");
    assert_eq!(
        store.live_game_at(HERE).await.expect("read"),
        Some(live.clone())
    );
    let mut game = Game::replay(&live.record).expect("replays");
    game.abandon(Seat::First).expect("abandons");
    store
        .finish_game(&finished(&live, &game, 200))
        .await
        .expect("finished");
    assert_eq!(store.player(4).await.expect("read").wins, 1);
    let again = live_game(store.next_id().await.expect("id"), HERE, [1, 2], 13);
    store
        .put_live_game(&again)
        .await
        .expect("the corrupt player plays again");
    let mut game = Game::replay(&again.record).expect("replays");
    game.abandon(Seat::First).expect("abandons");
    store
        .finish_game(&finished(&again, &game, 300))
        .await
        .expect("finished");
    assert_eq!(
        store.player(2).await.expect("read").games,
        1,
        "stats restart from zero"
    );
    assert_eq!(
        store
            .position_of(2, junqi::GameKind::Flip, None)
            .await
            .expect("pos"),
        Some(1)
    );
    assert_eq!(
        store.check_all().await.expect("checked"),
        0,
        "nothing else is corrupt"
    );
}

#[tokio::test]
async fn a_newer_schema_is_refused_with_a_clear_message_and_left_untouched() {
    let dir = tempfile::tempdir().expect("temp dir");
    populated(dir.path()).await;
    {
        let db = raw(dir.path());
        let meta = db.open_tree("meta").expect("tree");
        meta.insert("schema_version", &(SCHEMA_VERSION + 1).to_be_bytes())
            .expect("written");
        db.flush().expect("flushed");
    }
    let error = match Store::open(dir.path()).await {
        Err(error) => error,
        Ok(_) => panic!("a newer store was opened"),
    };
    assert!(matches!(
        error,
        StoreError::NewerSchema { found, supported, .. }
            if found == SCHEMA_VERSION + 1 && supported == SCHEMA_VERSION
    ));
    let message = error.to_string();
    let found = format!("schema {}", SCHEMA_VERSION + 1);
    let supported = format!("schema {SCHEMA_VERSION}");
    for needed in ["newer junqi-bot", &found, &supported, "upgrade the bot"] {
        assert!(message.contains(needed), "{message}");
    }
    assert!(
        message.contains(&dir.path().display().to_string()),
        "{message}"
    );
    let db = raw(dir.path());
    let meta = db.open_tree("meta").expect("tree");
    let version = meta.get("schema_version").expect("read").expect("kept");
    assert_eq!(version.as_ref(), &(SCHEMA_VERSION + 1).to_be_bytes());
    assert_eq!(
        db.open_tree("v1/players").expect("tree").len(),
        2,
        "nothing was changed"
    );
}

#[tokio::test]
async fn an_unreadable_schema_version_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let db = raw(dir.path());
        let meta = db.open_tree("meta").expect("tree");
        meta.insert("schema_version", &b"x"[..]).expect("written");
        db.flush().expect("flushed");
    }
    assert!(matches!(
        Store::open(dir.path()).await,
        Err(StoreError::UnreadableSchema(_))
    ));
}

#[tokio::test]
async fn a_schema_0_directory_is_migrated() {
    let dir = tempfile::tempdir().expect("temp dir");
    let live = live_game(40, HERE, [1, 2], 21);
    let done_live = live_game(
        41,
        Place {
            guild: 8,
            channel: 1,
        },
        [1, 3],
        22,
    );
    let mut game = Game::replay(&done_live.record).expect("replays");
    game.abandon(Seat::Second).expect("abandons");
    let done = finished(&done_live, &game, 500);
    let players = [
        PlayerStats {
            user: 1,
            name: "one".into(),
            points: 0,
            wins: 1,
            games: 1,
            guilds: vec![8],
            ..Default::default()
        },
        PlayerStats {
            user: 3,
            name: "three".into(),
            points: -10,
            losses: 1,
            abandons: 1,
            games: 1,
            guilds: vec![8],
            ..Default::default()
        },
    ];
    let challenge = Challenge {
        id: 42,
        place: HERE,
        challenger: 5,
        challenger_name: "five".into(),
        challenged: 6,
        challenged_name: "six".into(),
        turn_secs: 20,
        created_at_ms: 1,
        expires_at_ms: 2,
        ai_level: None,
        game: junqi::GameKind::Flip,
    };
    {
        // Schema 0: bare postcard records, no meta tree, no indexes.
        let db = raw(dir.path());
        let put = |tree: &str, id: u64, value: Vec<u8>| {
            db.open_tree(tree)
                .expect("tree")
                .insert(id.to_be_bytes(), value)
                .expect("written");
        };
        for stats in &players {
            put(
                "players",
                stats.user,
                store_support::schema_0_player(stats, 0),
            );
        }
        put("players", 9, b"\xff\xff\xff".to_vec());
        put(
            "live_games",
            live.id,
            postcard::to_allocvec(&live).expect("enc"),
        );
        put(
            "finished_games",
            done.game.id,
            postcard::to_allocvec(&done).expect("enc"),
        );
        put(
            "challenges",
            challenge.id,
            postcard::to_allocvec(&challenge).expect("enc"),
        );
        db.flush().expect("flushed");
    }

    let store = Store::open(dir.path()).await.expect("migrates");
    assert_eq!(
        store.schema_version().await.expect("read"),
        Some(SCHEMA_VERSION)
    );
    assert_eq!(
        store.live_game_at(HERE).await.expect("read"),
        Some(live.clone())
    );
    assert_eq!(
        store.finished_game(41).await.expect("read"),
        Some(done.clone())
    );
    assert_eq!(
        store.last_game_between(3, 1).await.expect("read"),
        Some(done)
    );
    assert_eq!(store.challenges().await.expect("read"), vec![challenge]);
    assert_eq!(store.player(3).await.expect("read"), players[1]);
    let board: Vec<u64> = store
        .leaderboard(junqi::GameKind::Flip, Some(8), 10)
        .await
        .expect("board")
        .iter()
        .map(|p| p.user)
        .collect();
    assert_eq!(board, vec![1, 3]);
    assert_eq!(
        store
            .position_of(3, junqi::GameKind::Flip, None)
            .await
            .expect("pos"),
        Some(2)
    );
    let quarantined = store.quarantined().await.expect("listed");
    assert_eq!(quarantined.len(), 1, "{quarantined:?}");
    assert!(quarantined[0].0.starts_with("players/"), "{quarantined:?}");
    drop(store);

    let db = raw(dir.path());
    let names: Vec<String> = db
        .tree_names()
        .iter()
        .map(|name| String::from_utf8_lossy(name).into_owned())
        .collect();
    assert!(
        !names.iter().any(|name| name == "live_games"),
        "old trees dropped: {names:?}"
    );
    drop(db);
    let store = Store::open(dir.path())
        .await
        .expect("reopens without migrating again");
    assert_eq!(store.live_games().await.expect("read"), vec![live]);
}
