//! Helpers shared by the store tests: live games dealt from a seed, random play through the
//! real engine, and recomputing every player's stats from the finished games.
#![allow(dead_code)] // each test crate uses a different part

pub mod backends;

use std::collections::BTreeMap;

use junqi::game::{Game, Outcome, Rules, Seat, WinReason};
use junqi::scoring::points_for;
use junqi::store::{FinishedGame, LiveGame, Place, PlayerStats, UserId};
use rand::rngs::SmallRng;
use rand::{Rng, RngExt};

pub fn live_game(id: u64, place: Place, players: [UserId; 2], seed: u64) -> LiveGame {
    let game = Game::new(seed, Rules::default());
    LiveGame {
        id,
        place,
        players,
        names: players.map(|user| format!("player{user}")),
        record: game.record().clone(),
        turn_secs: 30,
        started_at_ms: 1_000,
        turn_deadline_ms: 31_000,
        warned: false,
        base_score: 1,
        rated: true,
        ai: None,
    }
}

/// Plays one random step: mostly a legal action, sometimes a timeout, rarely a resignation or an
/// abandonment, so that every kind of ending turns up.
pub fn random_step(game: &mut Game, rng: &mut SmallRng) {
    let seat = game.to_act();
    let roll = rng.random_range(0..1000u32);
    if roll < 2 && game.abandon(seat).is_ok() {
        return;
    }
    if roll < 6 && game.resign(seat).is_ok() {
        return;
    }
    if roll < 30 && game.timeout().is_ok() {
        return;
    }
    let actions = game.legal_actions();
    if actions.is_empty() {
        let _ = game.timeout();
        return;
    }
    let action = actions[rng.random_range(0..actions.len())];
    if let Err(error) = game.act(seat, action) {
        panic!("a legal action was refused: {error}");
    }
}

/// The finished-game record of `live` played to `game`'s end.
pub fn finished(live: &LiveGame, game: &Game, ended_at_ms: u64) -> FinishedGame {
    let mut live = live.clone();
    live.record = game.record().clone();
    let view = game.view();
    let outcome = view.outcome.expect("the game is over");
    FinishedGame {
        points: points_for(&view, live.base_score),
        game: live,
        ended_at_ms,
        outcome,
    }
}

/// Every player's stats as they must be after `games`, recomputed from scratch (names and
/// guilds aside).
pub fn recompute(games: &[FinishedGame]) -> BTreeMap<UserId, PlayerStats> {
    let mut out: BTreeMap<UserId, PlayerStats> = BTreeMap::new();
    for done in games {
        for seat in Seat::BOTH {
            let user = done.game.players[seat.index()];
            let stats = out.entry(user).or_insert_with(|| PlayerStats {
                user,
                ..PlayerStats::default()
            });
            if !done.game.rated {
                match done.outcome {
                    Outcome::Draw(_) => stats.unrated_draws += 1,
                    Outcome::Win { winner, .. } if winner == seat => stats.unrated_wins += 1,
                    Outcome::Win { .. } => stats.unrated_losses += 1,
                }
                continue;
            }
            stats.games += 1;
            stats.points += done.points[seat.index()];
            match done.outcome {
                Outcome::Draw(_) => stats.draws += 1,
                Outcome::Win { winner, .. } if winner == seat => stats.wins += 1,
                Outcome::Win { reason, .. } => {
                    stats.losses += 1;
                    if reason == WinReason::Abandonment {
                        stats.abandons += 1;
                    }
                }
            }
        }
    }
    out
}

/// The numbers of `stats` that recomputing must reproduce.
pub fn totals(stats: &PlayerStats) -> (i64, [u32; 5], [u32; 3]) {
    (
        stats.points,
        [
            stats.wins,
            stats.losses,
            stats.draws,
            stats.abandons,
            stats.games,
        ],
        [
            stats.unrated_wins,
            stats.unrated_losses,
            stats.unrated_draws,
        ],
    )
}

/// Checks a finished game: its record replays to its outcome, and its points are the table's.
pub fn check_finished(done: &FinishedGame) {
    let game = Game::replay(&done.game.record).expect("a finished record replays");
    let view = game.view();
    assert_eq!(view.outcome, Some(done.outcome), "game {}", done.game.id);
    assert_eq!(
        points_for(&view, done.game.base_score),
        done.points,
        "game {}",
        done.game.id
    );
}

pub fn rng(seed: u64) -> SmallRng {
    use rand::SeedableRng;
    SmallRng::seed_from_u64(seed)
}

/// A random u64 (for seeds).
pub fn next_seed(rng: &mut SmallRng) -> u64 {
    rng.next_u64()
}

/// A player's record as schema 2 wrote it (and, without the format byte, schema 0): one
/// total counting rated and unrated games together.
#[derive(serde::Serialize)]
struct PlayerStatsV2<'a> {
    user: UserId,
    name: &'a str,
    points: i64,
    wins: u32,
    losses: u32,
    draws: u32,
    abandons: u32,
    games: u32,
    guilds: &'a [u64],
}

/// The bare postcard bytes schema 0 would hold for `stats`: unrated results folded into the
/// totals, `unrated_abandons` (which the new record does not keep) into the abandons.
pub fn schema_0_player(stats: &PlayerStats, unrated_abandons: u32) -> Vec<u8> {
    let old = PlayerStatsV2 {
        user: stats.user,
        name: &stats.name,
        points: stats.points,
        wins: stats.wins + stats.unrated_wins,
        losses: stats.losses + stats.unrated_losses,
        draws: stats.draws + stats.unrated_draws,
        abandons: stats.abandons + unrated_abandons,
        games: stats.games + stats.unrated_games(),
        guilds: &stats.guilds,
    };
    postcard::to_allocvec(&old).expect("encodes")
}

/// The record schema 2 would hold for `stats`: the format byte, then [`schema_0_player`].
pub fn schema_2_player(stats: &PlayerStats, unrated_abandons: u32) -> Vec<u8> {
    let mut out = vec![1];
    out.extend(schema_0_player(stats, unrated_abandons));
    out
}

/// How many unrated games `user` lost by abandoning.
pub fn unrated_abandons(games: &[FinishedGame], user: UserId) -> u32 {
    let lost = |done: &&FinishedGame| match done.outcome {
        Outcome::Win {
            winner,
            reason: WinReason::Abandonment,
        } => done.game.players[winner.other().index()] == user,
        _ => false,
    };
    games
        .iter()
        .filter(|done| !done.game.rated)
        .filter(lost)
        .count() as u32
}

/// Each row's place on a board sorted best first, counted the slow way: 1 + the players with
/// strictly more points (equal points share a place).
pub fn naive_places(board: &[PlayerStats]) -> Vec<usize> {
    board
        .iter()
        .map(|me| 1 + board.iter().filter(|p| p.points > me.points).count())
        .collect()
}

/// Checks the sled `store` in `dir` (sound, with `count` records in `tree`), backs it up there,
/// closes it and restores the backup into a new directory: returns the restored store (and the
/// directory, which must outlive it).
pub async fn check_and_restore(
    store: junqi::store::Store,
    dir: &std::path::Path,
    tree: &str,
    count: u64,
) -> (tempfile::TempDir, junqi::store::Store) {
    let report = store.check().await.expect("checks");
    assert!(report.is_sound(), "{:?}", report.problems);
    assert_eq!(report.records.get(tree).copied(), Some(count), "{tree}");
    let backup = dir.join("test.junqi-backup");
    store.write_backup(&backup).await.expect("backs up");
    drop(store);
    let restored_dir = tempfile::tempdir().expect("temp dir");
    let target = restored_dir.path().join("store");
    junqi::store::Store::restore_backup(&backup, &target)
        .await
        .expect("restores");
    let restored = junqi::store::Store::open(&target).await.expect("opens");
    (restored_dir, restored)
}

/// Writes `record` as an older build stored it (the format byte, then its postcard body),
/// straight past the store: in sled's tree `tree` under the big-endian `id`, or on PostgreSQL
/// by the statement `insert`, whose `{record}` stands for the record's bytes. The store must
/// be closed here (sled) and its schema made (open it once before).
pub fn write_old_record<T: serde::Serialize>(
    location: &backends::Location,
    (tree, id): (&str, u64),
    insert: &str,
    record: &T,
) {
    let mut bytes = vec![1];
    bytes.extend(postcard::to_allocvec(record).expect("encodes"));
    match location {
        backends::Location::Dir(dir) => {
            let db = sled::open(dir.path()).expect("raw sled");
            let tree = db.open_tree(tree).expect("tree");
            tree.insert(id.to_be_bytes(), bytes).expect("written");
            db.flush().expect("flushed");
        }
        backends::Location::Database(database) => {
            let hex: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
            let statement = insert.replace("{record}", &format!("'\\x{hex}'::bytea"));
            backends::execute(&database.url, &[&statement]).expect("inserted");
        }
    }
}
