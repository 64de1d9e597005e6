//! `/rank` and `/leaderboard` over a stored board with ties, on both backends: every player's
//! place in `/rank` is the number of their row on the leaderboard (equal points share a place),
//! rows stay ordered by points then wins, and `/rank` lists unrated games on a line of their own.

use crate::store_support;

use std::collections::BTreeMap;

use junqi::GameKind;
use junqi::config::Config;
use junqi::service::{Caller, Command, Member, Service};
use junqi::store::{Place, PlayerStats};
use store_support::backends::Backend;

const GUILD: u64 = 9;

fn caller() -> Caller {
    Caller {
        user: 1,
        name: "p1".into(),
        place: Place {
            guild: GUILD,
            channel: 1,
        },
    }
}

/// Ten players on four points values, ties broken by wins then games; player 4 also played
/// unrated games.
fn board() -> Vec<PlayerStats> {
    let rows: [(u64, i64, u32, u32); 10] = [
        (1, 40, 3, 5),
        (2, 25, 4, 6),
        (3, 25, 2, 6),
        (4, 25, 2, 7),
        (5, 10, 1, 2),
        (6, 0, 0, 1),
        (7, 0, 0, 2),
        (8, 0, 0, 3),
        (9, -5, 1, 4),
        (10, -5, 0, 4),
    ];
    rows.into_iter()
        .map(|(user, points, wins, games)| PlayerStats {
            user,
            name: format!("p{user}"),
            points,
            wins,
            losses: games - wins,
            games,
            guilds: vec![GUILD],
            unrated_wins: if user == 4 { 2 } else { 0 },
            unrated_losses: if user == 4 { 1 } else { 0 },
            ..PlayerStats::default()
        })
        .collect()
}

async fn rank_and_leaderboard_agree_on_shared_places(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    store.import_players(&board()).await.expect("imported");
    async {
        let (service, _outbound) = Service::start(Config::default(), store)
            .await
            .expect("starts");
        let reply = service
            .handle(
                caller(),
                Command::Leaderboard {
                    global: false,
                    game: GameKind::Flip,
                },
            )
            .await;
        let text = reply.text();
        let mut rows: Vec<(String, usize)> = Vec::new();
        for line in text.lines().skip(1) {
            let (place, rest) = line.split_once(". ").expect("a numbered row");
            let name = rest.split(" — ").next().expect("a name");
            rows.push((name.to_string(), place.parse().expect("a place")));
        }
        let order: Vec<&str> = rows.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(
            order,
            ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"],
            "{text}"
        );
        let places: Vec<usize> = rows.iter().map(|(_, place)| *place).collect();
        assert_eq!(places, [1, 2, 2, 2, 5, 6, 6, 6, 9, 9], "{text}");

        let board: BTreeMap<String, usize> = rows.into_iter().collect();
        for user in 1..=10u64 {
            let member = Member {
                user,
                name: format!("p{user}"),
            };
            let rank = Command::Rank {
                member: Some(member),
                game: GameKind::Flip,
            };
            let rank = service.handle(caller(), rank).await;
            let wanted = format!("position {} on this server", board[&format!("p{user}")]);
            assert!(rank.text().contains(&wanted), "p{user}: {}", rank.text());
            let unrated = rank.text().contains("unrated games");
            assert_eq!(unrated, user == 4, "p{user}: {}", rank.text());
        }
        let rank = service
            .handle(
                caller(),
                Command::Rank {
                    member: Some(Member {
                        user: 4,
                        name: "p4".into(),
                    }),
                    game: GameKind::Flip,
                },
            )
            .await;
        let text = rank.text();
        assert!(
            text.contains("wins 2, losses 5, draws 0 (0 abandoned), 7 games"),
            "{text}"
        );
        assert!(
            text.contains("unrated games (against the bot): wins 2, losses 1, draws 0"),
            "{text}"
        );
        service.shutdown().await;
    }
    .await;
}

crate::on_both_backends!(rank_and_leaderboard_agree_on_shared_places);
