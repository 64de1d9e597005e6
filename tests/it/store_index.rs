//! The leaderboard index against a model: after any sequence of game ends and name updates,
//! from one thread or several at once, every board and every position equals a plain sort of
//! the stats recomputed from the games.

use crate::store_support;
use crate::store_support::backends::Backend;

use std::collections::BTreeMap;

use junqi::game::{DrawReason, Outcome, Seat, WinReason};
use junqi::store::{FinishedGame, Place, PlayerStats, Store, UserId};
use proptest::prelude::*;
use store_support::{live_game, naive_places, recompute, totals};

#[derive(Clone, Debug)]
enum Op {
    Finish {
        players: [UserId; 2],
        guild: u64,
        winner: Option<Seat>,
        abandoned: bool,
        points: [i64; 2],
        rated: bool,
    },
    Name {
        user: UserId,
        guild: u64,
    },
}

fn op() -> impl Strategy<Value = Op> {
    let finish = (
        (1..8u64, 1..8u64),
        0..3u64,
        prop_oneof![
            Just(None),
            Just(Some(Seat::First)),
            Just(Some(Seat::Second))
        ],
        any::<bool>(),
        (
            prop_oneof![-40..40i64, -700..700i64],
            prop_oneof![-40..40i64, -700..700i64],
        ),
        any::<bool>(),
    )
        .prop_map(
            |((a, b), guild, winner, abandoned, (p, q), rated)| Op::Finish {
                players: [a, b],
                guild,
                winner,
                abandoned,
                points: [p, q],
                rated,
            },
        );
    let name = (1..10u64, 0..4u64).prop_map(|(user, guild)| Op::Name { user, guild });
    prop_oneof![4 => finish, 1 => name]
}

/// Stores and finishes one game as the op describes (points need not follow the table here:
/// the index must hold for any numbers).
async fn finish(store: &Store, op: &Op, channel: u64) -> Option<FinishedGame> {
    let Op::Finish {
        players,
        guild,
        winner,
        abandoned,
        points,
        rated,
    } = op
    else {
        return None;
    };
    let place = Place {
        guild: *guild,
        channel,
    };
    let mut live = live_game(store.next_id().await.expect("id"), place, *players, channel);
    live.rated = *rated;
    store.put_live_game(&live).await.expect("stored");
    let outcome = match winner {
        None => Outcome::Draw(DrawReason::Agreement),
        Some(winner) => Outcome::Win {
            winner: *winner,
            reason: if *abandoned {
                WinReason::Abandonment
            } else {
                WinReason::Flag
            },
        },
    };
    let done = FinishedGame {
        game: live,
        ended_at_ms: channel,
        outcome,
        points: *points,
    };
    store.finish_game(&done).await.expect("finished");
    Some(done)
}

/// Checks stats against `games` and every board and position against a sort.
async fn check(store: &Store, games: &[FinishedGame]) {
    let expected = recompute(games);
    let players: Vec<PlayerStats> = store.players().await.expect("players");
    let finished: Vec<&PlayerStats> = players
        .iter()
        .filter(|p| p.games + p.unrated_games() > 0)
        .collect();
    assert_eq!(finished.len(), expected.len());
    for stats in &finished {
        assert_eq!(
            totals(stats),
            totals(&expected[&stats.user]),
            "user {}",
            stats.user
        );
    }
    let guilds: Vec<Option<u64>> = [None].into_iter().chain((0..4).map(Some)).collect();
    for guild in guilds {
        // Only players with a rated game stand on a board.
        let mut naive: Vec<PlayerStats> = finished
            .iter()
            .filter(|p| p.games > 0 && guild.is_none_or(|g| p.guilds.contains(&g)))
            .map(|p| (*p).clone())
            .collect();
        naive.sort_by_key(|p| (-p.points, -i64::from(p.wins), p.games, p.user));
        assert_eq!(
            store
                .leaderboard(junqi::GameKind::Flip, guild, 100)
                .await
                .expect("board"),
            naive,
            "{guild:?}"
        );
        let mut positions = BTreeMap::new();
        for (place, player) in naive_places(&naive).into_iter().zip(&naive) {
            positions.insert(player.user, place);
        }
        for user in 1..10 {
            let position = store
                .position_of(user, junqi::GameKind::Flip, guild)
                .await
                .expect("position");
            assert_eq!(
                position,
                positions.get(&user).copied(),
                "user {user} in {guild:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn boards_and_positions_match_a_sort_after_any_history(ops in prop::collection::vec(op(), 1..30)) {
        let runtime = tokio::runtime::Runtime::new().expect("a runtime");
        runtime.block_on(async {
            let dir = tempfile::tempdir().expect("temp dir");
            let store = Store::open(dir.path()).await.expect("opens");
            let mut games = Vec::new();
            for (channel, op) in ops.iter().enumerate() {
                match op {
                    Op::Name { user, guild } => {
                        store.set_player_name(*user, "someone", *guild).await.expect("named");
                    }
                    Op::Finish { .. } => games.extend(finish(&store, op, channel as u64).await),
                }
            }
            check(&store, &games).await;
        });
    }
}

/// Four threads finish 100 games among overlapping players. On PostgreSQL the threads use two
/// separate stores (two pools, as two processes would), so the row locks are what keeps every
/// update.
async fn games_ending_at_once_on_several_threads_lose_no_update(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    let second = match backend {
        Backend::Postgres => location.open().await,
        Backend::Sled => store.clone(),
    };
    let threads: Vec<_> = (0..4u64)
        .map(|thread| {
            let store = if thread % 2 == 0 {
                store.clone()
            } else {
                second.clone()
            };
            tokio::spawn(async move {
                let mut games = Vec::new();
                for i in 0..25u64 {
                    let n = thread * 100 + i;
                    let op = Op::Finish {
                        // Every thread's games share players 1 and 2.
                        players: [1 + n % 2, 2 + n % 5],
                        guild: n % 3,
                        winner: [None, Some(Seat::First), Some(Seat::Second)][(n % 3) as usize],
                        abandoned: n % 7 == 0,
                        points: [(n % 11) as i64 - 5, 3 - (n % 13) as i64],
                        rated: n % 4 != 0,
                    };
                    games.extend(finish(&store, &op, n).await);
                }
                games
            })
        })
        .collect();
    let mut games: Vec<FinishedGame> = Vec::new();
    for handle in threads {
        games.extend(handle.await.expect("task"));
    }
    assert_eq!(games.len(), 100);
    check(&store, &games).await;
}

crate::on_both_backends!(games_ending_at_once_on_several_threads_lose_no_update);
