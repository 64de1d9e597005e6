//! Damage to a stopped bot's store, as an operator might cause it (truncation, flipped bytes,
//! deleted or zeroed files): the store never opens with less than its ledger acknowledged, and
//! a refused directory is left exactly as it was. Also: backups round-trip, check-store.

use crate::store_support;

use std::collections::BTreeMap;
use std::path::Path;

use junqi::game::{Game, Seat};
use junqi::store::ledger::{fingerprint, ledger_path};
use junqi::store::{Place, Store, StoreError};
use store_support::{finished, live_game, random_step, rng};

const HERE: Place = Place {
    guild: 3,
    channel: 30,
};

/// A store with `finished_games` finished games and three live games of 6+ actions; returns
/// the live games' (id, events).
async fn populate(dir: &Path, finished_games: u64) -> Vec<(u64, usize)> {
    let store = Store::open(dir).await.expect("opens");
    for n in 0..finished_games {
        let done = live_game(
            store.next_id().await.unwrap(),
            HERE,
            [n % 7 + 1, n % 5 + 10],
            n,
        );
        store.put_live_game(&done).await.unwrap();
        let mut game = Game::replay(&done.record).unwrap();
        game.abandon(Seat::Second).unwrap();
        store
            .finish_game(&finished(&done, &game, 100 + n))
            .await
            .unwrap();
    }
    let mut live = Vec::new();
    let mut random = rng(5);
    for (n, channel) in (0..3).zip(100u64..) {
        let mut record = live_game(
            store.next_id().await.unwrap(),
            Place { guild: 3, channel },
            [20 + n, 30 + n],
            n,
        );
        let mut game = Game::replay(&record.record).unwrap();
        while game.plies() < 6 {
            let mut attempt = game.clone();
            random_step(&mut attempt, &mut random);
            if attempt.outcome().is_none() {
                game = attempt;
            }
        }
        record.record = game.record().clone();
        store.put_live_game(&record).await.unwrap();
        live.push((record.id, record.record.events.len()));
    }
    store.close_cleanly().await.unwrap();
    live
}

/// What an open store holds: finished games and each live game's events.
async fn holdings(store: &Store) -> (usize, BTreeMap<u64, usize>) {
    let live = store
        .live_games()
        .await
        .unwrap()
        .into_iter()
        .map(|game| (game.id, game.record.events.len()))
        .collect();
    (store.finished_games().await.unwrap().len(), live)
}

fn file_len(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

fn flip(path: &Path, at: u64) {
    let mut bytes = std::fs::read(path).unwrap();
    let at = (at as usize).min(bytes.len().saturating_sub(1));
    bytes[at] ^= 0x5a;
    std::fs::write(path, bytes).unwrap();
}

type Damage = (&'static str, fn(&Path));

fn damages() -> Vec<Damage> {
    vec![
        ("truncate db to 0 bytes", |d| truncate(&d.join("db"), |_| 0)),
        ("truncate db to 1316 bytes", |d| {
            truncate(&d.join("db"), |_| 1316)
        }),
        ("truncate db to half", |d| {
            truncate(&d.join("db"), |n| n / 2)
        }),
        ("truncate db by 100 bytes", |d| {
            truncate(&d.join("db"), |n| n.saturating_sub(100))
        }),
        ("flip a byte of db at 10%", |d| {
            flip(&d.join("db"), file_len(&d.join("db")) / 10)
        }),
        ("flip a byte of db at 50%", |d| {
            flip(&d.join("db"), file_len(&d.join("db")) / 2)
        }),
        ("flip a byte of db at 90%", |d| {
            flip(&d.join("db"), file_len(&d.join("db")) * 9 / 10)
        }),
        ("flip the last byte of db", |d| {
            flip(&d.join("db"), u64::MAX)
        }),
        ("delete db", |d| std::fs::remove_file(d.join("db")).unwrap()),
        ("delete conf", |d| {
            std::fs::remove_file(d.join("conf")).unwrap()
        }),
        ("zero conf", |d| {
            let len = file_len(&d.join("conf")) as usize;
            std::fs::write(d.join("conf"), vec![0u8; len]).unwrap();
        }),
        ("delete the blobs and snapshots", |d| {
            for entry in std::fs::read_dir(d).unwrap() {
                let path = entry.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                if name.starts_with("snap.") {
                    std::fs::remove_file(&path).unwrap();
                } else if name == "blobs" {
                    std::fs::remove_dir_all(&path).unwrap();
                }
            }
        }),
        ("delete the whole store directory", |d| {
            std::fs::remove_dir_all(d).unwrap()
        }),
        ("delete the ledger", |d| {
            std::fs::remove_file(ledger_path(d)).unwrap()
        }),
        ("delete the ledger and db", |d| {
            std::fs::remove_file(ledger_path(d)).unwrap();
            std::fs::remove_file(d.join("db")).unwrap();
        }),
        ("replace the store with an empty one", |d| {
            std::fs::remove_dir_all(d).unwrap();
            let fresh = sled::Config::new().path(d).open().unwrap();
            fresh.flush().unwrap();
        }),
    ]
}

fn truncate(path: &Path, to: fn(u64) -> u64) {
    let file = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    let len = file.metadata().unwrap().len();
    file.set_len(to(len)).unwrap();
}

#[tokio::test]
async fn no_damage_opens_with_less_than_was_acknowledged_and_a_refused_store_is_untouched() {
    let mut table = vec![
        "| damage | what the bot did |".to_string(),
        "|---|---|".to_string(),
    ];
    let mut silent_losses = Vec::new();
    for (name, damage) in damages() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("store");
        let live = populate(&dir, 20).await;
        let acknowledged: BTreeMap<u64, usize> = live.into_iter().collect();
        // sled's threads release the directory a moment after the last handle is dropped.
        if let Ok(store) = Store::open(&dir).await {
            let _ = store.close_cleanly().await;
        }
        damage(&dir);
        let before = fingerprint(&dir).ok();
        let outcome = match Store::open(&dir).await {
            Err(error) => {
                assert_eq!(
                    fingerprint(&dir).ok(),
                    before,
                    "{name}: a refused store was modified"
                );
                let kind = match &error {
                    StoreError::Damaged { .. } => "refused (less than acknowledged)",
                    StoreError::LedgerMissing { .. } => "refused (ledger missing)",
                    _ => "refused",
                };
                let message = error.to_string();
                format!("{kind}: {}", message.chars().take(160).collect::<String>())
            }
            Ok(store) => {
                let (finished_games, live) = holdings(&store).await;
                let complete = finished_games >= 20
                    && acknowledged
                        .iter()
                        .all(|(id, events)| live.get(id).is_some_and(|held| held >= events));
                if !complete {
                    silent_losses.push(name);
                }
                if complete {
                    "opened with every acknowledged record (damage in unused bytes)".to_string()
                } else {
                    format!("OPENED WITH LESS: {finished_games} finished, live {live:?}")
                }
            }
        };
        table.push(format!("| {name} | {} |", outcome.replace('|', "/")));
    }
    println!("{}", table.join("\n"));
    assert!(
        silent_losses.is_empty(),
        "opened with less data: {silent_losses:?}"
    );
}

#[tokio::test]
async fn an_unreadable_or_missing_ledger_is_refused_until_the_operator_accepts_the_store() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("store");
    populate(&dir, 2).await;
    let store = Store::open(&dir).await.unwrap();
    let backup = root
        .path()
        .join("backups/backup-000000000000007.junqi-backup");
    store.write_backup(&backup).await.unwrap();
    store.close_cleanly().await.unwrap();
    drop(store);
    let ledger = ledger_path(&dir);
    std::fs::write(&ledger, b"{ not json").unwrap();
    let error = Store::open(&dir).await.err().expect("refused");
    assert!(error.to_string().contains("ledger"), "{error}");

    std::fs::remove_file(&ledger).unwrap();
    let before = fingerprint(&dir).unwrap();
    let error = Store::open(&dir)
        .await
        .err()
        .expect("a store without its ledger is refused");
    assert!(matches!(error, StoreError::LedgerMissing { .. }), "{error}");
    let message = error.to_string();
    for needed in [
        ledger.display().to_string(),
        "missing".to_string(),
        "2 finished games".to_string(),
        "3 live games".to_string(),
        "backup-000000000000007".to_string(),
        "NOT opened".to_string(),
    ] {
        assert!(message.contains(&needed), "{needed:?} not in {message}");
    }
    assert_eq!(
        fingerprint(&dir).unwrap(),
        before,
        "the refused store was modified"
    );
    assert!(!ledger.exists(), "no ledger was made up");

    // The operator's way to accept the store as it is, as the message says.
    std::fs::write(&ledger, b"{}").unwrap();
    let store = Store::open(&dir)
        .await
        .expect("accepted with an empty ledger");
    assert_eq!(holdings(&store).await.0, 2);
    store.checkpoint().await.unwrap();
    let written = std::fs::read_to_string(&ledger).unwrap();
    assert!(written.contains("\"finished_games\":2"), "{written}");
}

#[tokio::test]
async fn without_a_ledger_a_new_store_and_an_older_schema_still_open() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("store");
    let store = Store::open(&dir).await.expect("a brand new store opens");
    drop(store);
    // An empty store that lost its ledger (a crash before the first write) has nothing to lose.
    std::fs::remove_file(ledger_path(&dir)).unwrap();
    drop(Store::open(&dir).await.expect("an empty store opens"));

    // A new store writes its ledger before sled's first file: a crash while sled creates its
    // files (here only `conf` was written) leaves a store that acknowledged nothing, and opens.
    let created = root.path().join("created");
    let ledger = ledger_path(&created);
    drop(
        Store::open(&created)
            .await
            .expect("a brand new store opens"),
    );
    let ledger_at_creation = std::fs::read(&ledger).unwrap();
    let conf = std::fs::read(created.join("conf")).unwrap();
    std::fs::remove_dir_all(&created).unwrap();
    std::fs::create_dir(&created).unwrap();
    std::fs::write(created.join("conf"), conf).unwrap();
    std::fs::write(&ledger, b"{}").unwrap();
    let store = Store::open(&created)
        .await
        .expect("a store killed while sled created it opens");
    assert_eq!(holdings(&store).await.0, 0);
    drop(store);
    assert!(!ledger_at_creation.is_empty());

    let older = root.path().join("older");
    populate(&older, 2).await;
    std::fs::remove_file(ledger_path(&older)).unwrap();
    {
        // What a schema-1 build (before ledgers) left: the same records, no history tree.
        let db = open_raw(&older);
        db.drop_tree("v1/history").unwrap();
        db.open_tree("meta")
            .unwrap()
            .insert("schema_version", &1u32.to_be_bytes())
            .unwrap();
        db.flush().unwrap();
    }
    let store = Store::open(&older)
        .await
        .expect("an older schema is migrated on first open");
    assert_eq!(holdings(&store).await.0, 2);
    store.checkpoint().await.unwrap();
    assert!(ledger_path(&older).is_file(), "ledgered from now on");
}

/// Opens a directory with sled itself, waiting out the lock of a store dropped a moment ago.
fn open_raw(dir: &Path) -> sled::Db {
    let started = std::time::Instant::now();
    loop {
        match sled::Config::new().path(dir).open() {
            Ok(db) => return db,
            Err(_) if started.elapsed() < std::time::Duration::from_secs(3) => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(error) => panic!("cannot open {}: {error}", dir.display()),
        }
    }
}

#[tokio::test]
async fn a_damaged_store_names_the_newest_backup() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("store");
    populate(&dir, 3).await;
    let store = Store::open(&dir).await.unwrap();
    let backups = root.path().join("backups");
    store
        .write_backup(&backups.join("backup-000000000000001.junqi-backup"))
        .await
        .unwrap();
    store
        .write_backup(&backups.join("backup-000000000000002.junqi-backup"))
        .await
        .unwrap();
    store.close_cleanly().await.unwrap();
    drop(store);
    truncate(&dir.join("db"), |_| 0);
    let message = Store::open(&dir).await.err().expect("refused").to_string();
    assert!(message.contains("backup-000000000000002"), "{message}");
    assert!(message.contains("NOT opened"), "{message}");
}

#[tokio::test]
async fn a_backup_restores_everything_and_refuses_a_non_empty_target() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("store");
    let live = populate(&dir, 30).await;
    let store = Store::open(&dir).await.unwrap();
    let file = root.path().join("one.junqi-backup");
    let last = store.finished_games().await.unwrap().pop().unwrap();
    let thread = Place {
        guild: last.game.place.guild,
        channel: 4242,
    };
    store
        .set_rematch_window(&[thread], last.game.players, last.game.id)
        .await
        .unwrap();
    let summary = store.write_backup(&file).await.unwrap();
    assert_eq!((summary.live_games, summary.finished_games), (3, 30));
    let original = holdings(&store).await;
    let original_players = store.players().await.unwrap();
    let original_windows = store.rematch_windows().await.unwrap();
    assert!(!original_windows.is_empty());
    drop(store);

    let target = root.path().join("restored");
    Store::restore_backup(&file, &target).await.unwrap();
    let restored = Store::open(&target).await.unwrap();
    assert_eq!(holdings(&restored).await, original);
    assert_eq!(restored.players().await.unwrap(), original_players);
    assert_eq!(restored.rematch_windows().await.unwrap(), original_windows);
    let rematch = restored
        .rematch_window(thread, last.game.players[1])
        .await
        .unwrap();
    assert_eq!(rematch, Some(last), "/rematch still finds the game");
    let report = restored.check().await.unwrap();
    assert!(report.is_sound(), "{:?}", report.problems);
    assert_eq!(
        report.records.get("v1/rematch").copied(),
        Some(original_windows.len() as u64)
    );
    let next = restored.next_id().await.unwrap();
    assert!(
        live.iter().all(|(id, _)| *id < next),
        "ids are never handed out twice"
    );
    drop(restored);

    let error = Store::restore_backup(&file, &target)
        .await
        .expect_err("refused");
    assert!(error.to_string().contains("not empty"), "{error}");
    let mut cut = std::fs::read(&file).unwrap();
    cut.truncate(cut.len() - 10);
    std::fs::write(&file, cut).unwrap();
    let error = Store::restore_backup(&file, &root.path().join("other"))
        .await
        .expect_err("refused");
    assert!(error.to_string().contains("checksum"), "{error}");
}

#[tokio::test]
async fn check_store_finds_a_wrong_index_and_wrong_stats() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("store");
    populate(&dir, 5).await;
    let store = Store::open(&dir).await.unwrap();
    let report = store.check().await.unwrap();
    assert!(report.is_sound(), "{:?}", report.problems);
    let mut stats = store.player(1).await.unwrap();
    stats.wins += 1;
    store.import_players(&[stats]).await.unwrap();
    let report = store.check().await.unwrap();
    assert!(
        report.problems.iter().any(|p| p.contains("player 1")),
        "{:?}",
        report.problems
    );
    drop(store);

    // A rematch window cut short is named, and migrate-store's reader refuses it.
    {
        let db = open_raw(&dir);
        let tree = db.open_tree("v1/rematch").unwrap();
        tree.insert([0u8; 24], &[1u8, 2][..]).unwrap();
        db.flush().unwrap();
    }
    let store = Store::open(&dir).await.unwrap();
    let report = store.check().await.unwrap();
    assert!(
        report.problems.iter().any(|p| p.contains("v1/rematch")),
        "{:?}",
        report.problems
    );
    assert!(matches!(
        store.rematch_windows().await,
        Err(StoreError::Corrupt { .. })
    ));
}
