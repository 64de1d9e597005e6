//! Tournaments in the store, on both backends: the whole record (schedule, players, scores,
//! streaks, games in progress, the game it plays) read back after a reopen and from a second
//! process, a tournament stored before games had kinds read as 翻翻棋; on sled,
//! carried by a backup and its restore, read by check-store (which names a second open
//! tournament in one channel), and a corrupt record quarantined while the others still read.

use crate::store_support::backends::{Backend, Location};

use junqi::GameKind;
use junqi::store::{ArenaGame, Entrant, Phase, Place, Store, Tournament};

const CHANNEL: Place = Place {
    guild: 5 << 22,
    channel: 300,
};

pub fn tournament(id: u64, place: Place, phase: Phase) -> Tournament {
    let mut alice = Entrant::new(1, "alice");
    alice.score = 8;
    alice.wins = 3;
    alice.wins_in_row = 3;
    alice.last_opponent = Some(2);
    let mut bob = Entrant::new(2, "bob");
    bob.losses = 3;
    bob.left = true;
    Tournament {
        id,
        place,
        creator: 1,
        creator_name: "alice".into(),
        minutes: 10,
        turn_secs: 20,
        rated: true,
        created_at_ms: 1_000,
        starts_at_ms: 2_000,
        ends_at_ms: 602_000,
        phase,
        entrants: vec![alice, bob, Entrant::new(3, "王小明")],
        games: vec![ArenaGame {
            room: Place {
                guild: place.guild,
                channel: 9_000 + id,
            },
            players: [1, 3],
            game: Some(41),
        }],
        rooms: 4,
        announcement: Some(123_456_789),
        game: junqi::GameKind::Flip,
    }
}

async fn tournaments_read_back_whole(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    assert_eq!(store.tournaments().await.expect("reads"), Vec::new());
    let mut running = tournament(7, CHANNEL, Phase::Running);
    running.game = GameKind::Dark;
    store.put_tournament(&running).await.expect("stores");
    let over = tournament(
        3,
        Place {
            channel: 301,
            ..CHANNEL
        },
        Phase::Finished,
    );
    store.put_tournament(&over).await.expect("stores");
    running.entrants[2].score = 1;
    running.games.clear();
    store.put_tournament(&running).await.expect("replaces");
    assert_eq!(
        store.tournaments().await.expect("reads"),
        vec![over.clone(), running.clone()],
        "by id, the latest version of each"
    );
    drop(store);
    let reopened = location.open().await;
    assert_eq!(
        reopened.tournaments().await.expect("reads"),
        vec![over.clone(), running.clone()]
    );
    if location.url().is_some() {
        let other = location.open().await;
        assert_eq!(other.tournaments().await.expect("reads").len(), 2);
    }
}

/// A tournament as builds before game kinds stored it: no game at its end.
#[derive(serde::Serialize)]
struct TournamentBeforeKinds {
    id: u64,
    place: Place,
    creator: u64,
    creator_name: String,
    minutes: u32,
    turn_secs: u32,
    rated: bool,
    created_at_ms: u64,
    starts_at_ms: u64,
    ends_at_ms: u64,
    phase: Phase,
    entrants: Vec<Entrant>,
    games: Vec<ArenaGame>,
    rooms: u32,
    announcement: Option<u64>,
}

fn before_kinds(t: Tournament) -> TournamentBeforeKinds {
    TournamentBeforeKinds {
        id: t.id,
        place: t.place,
        creator: t.creator,
        creator_name: t.creator_name,
        minutes: t.minutes,
        turn_secs: t.turn_secs,
        rated: t.rated,
        created_at_ms: t.created_at_ms,
        starts_at_ms: t.starts_at_ms,
        ends_at_ms: t.ends_at_ms,
        phase: t.phase,
        entrants: t.entrants,
        games: t.games,
        rooms: t.rooms,
        announcement: t.announcement,
    }
}

async fn a_tournament_stored_before_game_kinds_reads_as_flip(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    drop(location.open().await);
    let flip = tournament(5, CHANNEL, Phase::Running);
    assert_eq!(flip.game, GameKind::Flip);
    let insert = format!(
        "INSERT INTO tournaments (id, guild, channel, open, record) \
         VALUES (5, {}, {}, true, {{record}})",
        CHANNEL.guild, CHANNEL.channel
    );
    let old = before_kinds(flip.clone());
    crate::store_support::write_old_record(&location, ("v1/tournaments", 5), &insert, &old);
    let store = location.open().await;
    assert_eq!(
        store.tournaments().await.expect("reads"),
        vec![flip.clone()]
    );
    let dark = Tournament {
        game: GameKind::Dark,
        ..flip
    };
    store.put_tournament(&dark).await.expect("stores");
    assert_eq!(store.tournaments().await.expect("reads"), vec![dark]);
}

crate::on_both_backends!(
    tournaments_read_back_whole,
    a_tournament_stored_before_game_kinds_reads_as_flip
);

#[tokio::test]
async fn a_backup_carries_tournaments_and_check_store_reads_them() {
    let Some(Location::Dir(dir)) = Backend::Sled.location() else {
        panic!("a sled location is a directory");
    };
    let store = Store::open(dir.path()).await.expect("opens");
    let mut first = tournament(1, CHANNEL, Phase::Running);
    first.game = GameKind::Dark;
    store.put_tournament(&first).await.expect("stores");
    let report = store.check().await.expect("checks");
    assert!(report.is_sound(), "{:?}", report.problems);
    assert_eq!(report.records.get("v1/tournaments").copied(), Some(1));
    let backup = dir.path().join("tournament.junqi-backup");
    store.write_backup(&backup).await.expect("backs up");
    // A second open tournament in the same channel is damage check-store names.
    store
        .put_tournament(&tournament(2, CHANNEL, Phase::Scheduled))
        .await
        .expect("stores");
    let report = store.check().await.expect("checks");
    assert!(
        report
            .problems
            .iter()
            .any(|p| p.contains("second open tournament")),
        "{:?}",
        report.problems
    );
    drop(store);

    let restored_dir = tempfile::tempdir().expect("temp dir");
    let target = restored_dir.path().join("store");
    Store::restore_backup(&backup, &target)
        .await
        .expect("restores");
    let restored = Store::open(&target).await.expect("opens");
    assert_eq!(restored.tournaments().await.expect("reads"), vec![first]);
}

#[tokio::test]
async fn a_corrupt_tournament_is_quarantined_and_the_others_still_read() {
    let Some(Location::Dir(dir)) = Backend::Sled.location() else {
        panic!("a sled location is a directory");
    };
    let store = Store::open(dir.path()).await.expect("opens");
    let good = tournament(1, CHANNEL, Phase::Running);
    store.put_tournament(&good).await.expect("stores");
    store
        .put_tournament(&tournament(
            2,
            Place {
                channel: 302,
                ..CHANNEL
            },
            Phase::Running,
        ))
        .await
        .expect("stores");
    drop(store);
    {
        let db = sled::open(dir.path()).expect("raw sled");
        let tree = db.open_tree("v1/tournaments").expect("tree");
        tree.insert(2u64.to_be_bytes(), &b"\x01\xff\xff"[..])
            .expect("corrupts");
        db.flush().expect("flush");
    }
    let store = Store::open(dir.path())
        .await
        .expect("a corrupt tournament does not stop the store");
    assert_eq!(store.tournaments().await.expect("reads"), vec![good]);
    let quarantined = store.quarantined().await.expect("lists");
    assert!(
        quarantined
            .iter()
            .any(|(place, _)| place.starts_with("v1/tournaments/")),
        "{quarantined:?}"
    );
}
