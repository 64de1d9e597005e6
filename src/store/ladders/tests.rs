use serde::Serialize;

use super::*;
use crate::store::codec;

/// A player record as builds before other ladders stored it.
#[derive(Serialize)]
struct OldPlayer {
    user: u64,
    name: String,
    points: i64,
    wins: u32,
    losses: u32,
    draws: u32,
    abandons: u32,
    games: u32,
    guilds: Vec<u64>,
    unrated_wins: u32,
    unrated_losses: u32,
    unrated_draws: u32,
}

fn flip_only() -> PlayerStats {
    PlayerStats {
        user: 7,
        name: "alice".into(),
        points: 12,
        wins: 3,
        losses: 1,
        games: 4,
        guilds: vec![1, 2],
        unrated_wins: 1,
        ..PlayerStats::default()
    }
}

fn dark_totals(points: i64) -> PlayerStats {
    PlayerStats {
        points,
        wins: 2,
        games: 2,
        ..flip_only().on(GameKind::Dark)
    }
}

#[test]
fn a_record_stored_before_other_ladders_reads_with_none() {
    let old = OldPlayer {
        user: 7,
        name: "alice".into(),
        points: 12,
        wins: 3,
        losses: 1,
        draws: 0,
        abandons: 0,
        games: 4,
        guilds: vec![1, 2],
        unrated_wins: 1,
        unrated_losses: 0,
        unrated_draws: 0,
    };
    let bytes = codec::encode("player", &old).expect("encodes");
    assert_eq!(codec::decode::<PlayerStats>(&bytes), Ok(flip_only()));
}

#[test]
fn every_ladder_reads_back_and_garbage_after_it_is_refused() {
    let stats = flip_only()
        .with_ladder(GameKind::Open, &dark_totals(5))
        .with_ladder(GameKind::Dark, &dark_totals(9));
    let mut bytes = codec::encode("player", &stats).expect("encodes");
    assert_eq!(codec::decode::<PlayerStats>(&bytes), Ok(stats.clone()));
    bytes.push(0x05);
    assert!(codec::decode::<PlayerStats>(&bytes).is_err());
}

#[test]
fn a_ladder_changes_alone_and_the_others_keep_their_totals() {
    let stats = flip_only().with_ladder(GameKind::Dark, &dark_totals(9));
    let dark = stats.on(GameKind::Dark);
    assert_eq!((dark.points, dark.wins, dark.games), (9, 2, 2));
    assert_eq!(
        (dark.name.as_str(), dark.guilds.as_slice()),
        ("alice", &[1, 2][..])
    );
    assert!(dark.ladders.is_empty());
    assert_eq!(stats.on(GameKind::Flip).ladders, Vec::new());
    let flip = stats.on(GameKind::Flip);
    assert_eq!((flip.points, flip.wins, flip.games), (12, 3, 4));
    let open = stats.on(GameKind::Open);
    assert_eq!((open.points, open.games, open.user), (0, 0, 7));

    let again = stats.clone().with_ladder(GameKind::Dark, &dark_totals(-4));
    assert_eq!(again.on(GameKind::Dark).points, -4);
    assert_eq!(again.ladders.len(), 1, "replaced, not added");
    assert_eq!(again.on(GameKind::Flip), stats.on(GameKind::Flip));
    let flip_again = again.with_ladder(GameKind::Flip, &PlayerStats { points: 30, ..flip });
    assert_eq!(flip_again.points, 30);
    assert_eq!(flip_again.on(GameKind::Dark).points, -4);
}

#[test]
fn a_player_stands_on_the_ladders_they_played_rated_games_on() {
    let unrated_dark = PlayerStats {
        unrated_wins: 1,
        ..flip_only().on(GameKind::Dark)
    };
    let stats = flip_only()
        .with_ladder(GameKind::Dark, &unrated_dark)
        .with_ladder(GameKind::Open, &dark_totals(3));
    let ladders: Vec<GameKind> = stats.ranked_ladders().collect();
    assert_eq!(ladders, [GameKind::Flip, GameKind::Open]);
}
