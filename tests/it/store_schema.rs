//! Schema 2 → 3 on both backends: player records that counted unrated games in their totals
//! are rewritten with the unrated results apart, recounted from the finished games, and the
//! leaderboards follow the rated totals. On PostgreSQL, schema 4's board counts are then made
//! from the rows, so places stay as they were.

use crate::store_support;

use junqi::game::{Game, Seat};
use junqi::store::{Place, PlayerStats, Store};
use std::path::Path;
use std::time::{Duration, Instant};
use store_support::backends::{Backend, Location, execute};

use junqi::store::FinishedGame;
use store_support::{finished, live_game, random_step, rng, schema_2_player, unrated_abandons};

const HERE: Place = Place {
    guild: 7,
    channel: 70,
};

/// Plays rated and unrated games (one unrated one abandoned) between four players.
async fn populate(store: &Store) {
    let mut rng = rng(5);
    for round in 0..10u64 {
        let players = [1 + round % 4, 1 + (round + 1) % 4];
        let mut live = live_game(store.next_id().await.expect("id"), HERE, players, round);
        live.rated = round % 3 != 0;
        store.put_live_game(&live).await.expect("stored");
        let mut game = Game::replay(&live.record).expect("replays");
        if round == 3 {
            game.abandon(Seat::First).expect("abandons");
        }
        while game.outcome().is_none() {
            random_step(&mut game, &mut rng);
        }
        store
            .finish_game(&finished(&live, &game, 100 + round))
            .await
            .expect("finished");
    }
}

/// Opens the directory with sled itself, waiting out the lock of a store dropped a moment ago.
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

/// Rewrites every player as schema 2 stored them and stamps the store as schema 2.
fn downgrade(location: &Location, players: &[PlayerStats], games: &[FinishedGame]) {
    let old = |stats: &PlayerStats| schema_2_player(stats, unrated_abandons(games, stats.user));
    match location {
        Location::Dir(dir) => {
            let db = raw(dir.path());
            let tree = db.open_tree("v1/players").expect("tree");
            for stats in players {
                tree.insert(stats.user.to_be_bytes(), old(stats))
                    .expect("written");
            }
            let meta = db.open_tree("meta").expect("tree");
            meta.insert("schema_version", &2u32.to_be_bytes())
                .expect("written");
            db.flush().expect("flushed");
        }
        Location::Database(database) => {
            // Schema 4's board counts, schema 5's tournaments, schema 6's queue, the guild
            // settings, schema 8's cancelled games, schema 9's analyses, schema 10's saved
            // layouts and schema 11's other ladders' boards did not exist either: 004 creates and
            // fills the counts, 005 to 011 create the tables.
            let mut statements = vec![
                "UPDATE junqi_schema SET version = 2".to_string(),
                "DROP TABLE rank_counts, rank_buckets, tournaments, queue, guild_settings, \
                 cancelled_games, analyses, saved_layouts, ladder_boards"
                    .to_string(),
            ];
            for stats in players {
                let hex: String = old(stats)
                    .iter()
                    .map(|byte| format!("{byte:02x}"))
                    .collect();
                // The old columns sorted on every game's wins and count.
                statements.push(format!(
                    "UPDATE players SET record = '\\x{hex}'::bytea, neg_wins = {}, games = {} \
                     WHERE user_id = {}",
                    -i64::from(stats.wins + stats.unrated_wins),
                    stats.games + stats.unrated_games(),
                    stats.user
                ));
            }
            let statements: Vec<&str> = statements.iter().map(String::as_str).collect();
            execute(&database.url, &statements).expect("downgraded");
        }
    }
}

async fn a_schema_2_store_gets_its_unrated_games_counted_apart(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let (players, boards, games, places) = {
        let store = location.open().await;
        populate(&store).await;
        let players = store.players().await.expect("read");
        let games = store.finished_games().await.expect("read");
        let boards = [
            store
                .leaderboard(junqi::GameKind::Flip, None, 10)
                .await
                .expect("board"),
            store
                .leaderboard(junqi::GameKind::Flip, Some(HERE.guild), 10)
                .await
                .expect("board"),
        ];
        let mut places = Vec::new();
        for p in &players {
            places.push(
                store
                    .position_of(p.user, junqi::GameKind::Flip, Some(HERE.guild))
                    .await
                    .expect("place"),
            );
        }
        store.close_cleanly().await.expect("closed");
        (players, boards, games, places)
    };
    assert!(players.iter().any(|p| p.unrated_games() > 0 && p.games > 0));
    assert!(players.iter().any(|p| unrated_abandons(&games, p.user) > 0));
    downgrade(&location, &players, &games);

    let store = location.open().await;
    assert_eq!(
        store.schema_version().await.expect("read"),
        Some(match backend {
            Backend::Sled => junqi::store::SCHEMA_VERSION,
            Backend::Postgres => junqi::store::POSTGRES_SCHEMA_VERSION,
        })
    );
    assert_eq!(store.players().await.expect("read"), players);
    assert_eq!(
        store
            .leaderboard(junqi::GameKind::Flip, None, 10)
            .await
            .expect("board"),
        boards[0]
    );
    assert_eq!(
        store
            .leaderboard(junqi::GameKind::Flip, Some(HERE.guild), 10)
            .await
            .expect("board"),
        boards[1]
    );
    let mut after = Vec::new();
    for p in &players {
        after.push(
            store
                .position_of(p.user, junqi::GameKind::Flip, Some(HERE.guild))
                .await
                .expect("place"),
        );
    }
    assert_eq!(after, places);
    assert!(store.quarantined().await.expect("listed").is_empty());
    if backend == Backend::Sled {
        let report = store.check().await.expect("checked");
        assert!(report.is_sound(), "{:?}", report.problems);
    }
}

crate::on_both_backends!(a_schema_2_store_gets_its_unrated_games_counted_apart);
