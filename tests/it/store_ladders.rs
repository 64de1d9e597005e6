//! Each game kind keeps its own ladder, on both backends: a rated 暗棋 or 明棋 game moves only
//! that ladder's points, record and boards (global and the guild's), 翻翻棋's stay as they were;
//! a place counts the players of that ladder alone; the boards survive a rebuild from the
//! player records; and `/rank` and `/leaderboard` show the ladder asked for, `/rank` naming the
//! member's other ladders.

use crate::store_support;

use junqi::config::Config;
use junqi::game::{Rules, Seat, StandardOptions};
use junqi::scoring::points_of;
use junqi::service::{Caller, Command, Member, Service};
use junqi::standard::{PRESETS, StandardRound};
use junqi::store::{FinishedGame, LiveGame, Place, Store, UserId};
use junqi::{AnyGame, GameKind};
use store_support::backends::Backend;

const GUILD: u64 = 5;
const PLACE: Place = Place {
    guild: GUILD,
    channel: 1,
};

/// A rated game of `kind` between `players`, lost by the second seat (翻翻棋: by abandoning; the
/// others: by its third timeout, as Red moving first), stored as live and then finished; returns
/// the points each seat got.
async fn play(store: &Store, id: u64, kind: GameKind, players: [UserId; 2]) -> [i64; 2] {
    let game: AnyGame = match kind {
        GameKind::Flip => {
            let mut game = junqi::game::Game::new(id, Rules::default());
            game.abandon(Seat::Second).expect("abandons");
            game.into()
        }
        _ => {
            let options = StandardOptions {
                open: kind == GameKind::Open,
                ..StandardOptions::default()
            };
            let mut round = StandardRound::new(Seat::Second, options, Rules::default());
            for seat in Seat::BOTH {
                round
                    .set_draft(seat, PRESETS[0].layout())
                    .expect("a preset");
                round.confirm(seat).expect("confirms");
            }
            while round.outcome().is_none() {
                round.timeout().expect("times out");
            }
            round.into()
        }
    };
    let mut live = store_support::live_game(id, PLACE, players, id);
    live.record = game.record().clone();
    store.put_live_game(&live).await.expect("stored live");
    let points = points_of(&game, 1);
    let finished = FinishedGame {
        game: LiveGame { ..live },
        ended_at_ms: 10_000 + id,
        outcome: game.view().outcome.expect("over"),
        points,
    };
    store.finish_game(&finished).await.expect("finished");
    points
}

/// (user, points) of a ladder's board, best first.
async fn board(store: &Store, game: GameKind, guild: Option<u64>) -> Vec<(UserId, i64)> {
    let top = store.leaderboard(game, guild, 10).await.expect("a board");
    top.iter().map(|stats| (stats.user, stats.points)).collect()
}

async fn boards_of_every_ladder(store: &Store) -> Vec<Vec<(UserId, i64)>> {
    let mut out = Vec::new();
    for game in GameKind::ALL {
        out.push(board(store, game, None).await);
        out.push(board(store, game, Some(GUILD)).await);
    }
    out
}

async fn each_game_kind_moves_its_own_ladder(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    assert_eq!(play(&store, 1, GameKind::Flip, [1, 2]).await, [0, -10]);
    assert_eq!(play(&store, 2, GameKind::Dark, [3, 1]).await, [1, -1]);
    assert_eq!(play(&store, 3, GameKind::Dark, [4, 3]).await, [1, -1]);
    play(&store, 4, GameKind::Open, [2, 4]).await;

    assert_eq!(
        board(&store, GameKind::Flip, None).await,
        [(1, 0), (2, -10)]
    );
    assert_eq!(
        board(&store, GameKind::Dark, Some(GUILD)).await,
        [(4, 1), (3, 0), (1, -1)]
    );
    assert_eq!(board(&store, GameKind::Open, None).await, [(2, 1), (4, -1)]);
    assert!(
        board(&store, GameKind::Dark, Some(GUILD + 1))
            .await
            .is_empty()
    );

    let one = store.player(1).await.expect("player 1");
    let flip = one.on(GameKind::Flip);
    assert_eq!((flip.points, flip.wins, flip.games), (0, 1, 1));
    let dark = one.on(GameKind::Dark);
    assert_eq!((dark.points, dark.losses, dark.games), (-1, 1, 1));
    assert_eq!(one.on(GameKind::Open).games, 0);

    let place = |user, game| {
        let store = store.clone();
        async move {
            store
                .position_of(user, game, Some(GUILD))
                .await
                .expect("a place")
        }
    };
    assert_eq!(place(1, GameKind::Dark).await, Some(3));
    assert_eq!(place(1, GameKind::Flip).await, Some(1));
    assert_eq!(place(3, GameKind::Flip).await, None, "never played 翻翻棋");
    assert_eq!(place(4, GameKind::Dark).await, Some(1));

    let before = boards_of_every_ladder(&store).await;
    let players = store.players().await.expect("players");
    store.import_players(&players).await.expect("rebuilt");
    assert_eq!(boards_of_every_ladder(&store).await, before);
    if backend == Backend::Sled {
        let report = store.check().await.expect("checked");
        assert!(report.is_sound(), "{:?}", report.problems);
    }
    drop(store);
    let store = location.open().await;
    assert_eq!(
        boards_of_every_ladder(&store).await,
        before,
        "after a reopen"
    );
    rank_shows_the_ladder_asked_for(store).await;
}

async fn rank_shows_the_ladder_asked_for(store: Store) {
    let (service, _outbound) = Service::start(Config::default(), store)
        .await
        .expect("starts");
    let caller = Caller {
        user: 1,
        name: "alice".into(),
        place: PLACE,
    };
    let rank = |game| Command::Rank {
        member: Some(Member {
            user: 3,
            name: "carol".into(),
        }),
        game,
    };
    let dark = service
        .handle(caller.clone(), rank(GameKind::Dark))
        .await
        .text();
    assert!(
        dark.contains("carol: 小兵 Private · dark (暗棋) ladder"),
        "{dark}"
    );
    assert!(
        dark.contains("wins 1, losses 1, draws 0 (0 abandoned), 2 games"),
        "{dark}"
    );
    assert!(dark.contains("position 2 on this server"), "{dark}");
    let flip = service
        .handle(caller.clone(), rank(GameKind::Flip))
        .await
        .text();
    assert!(flip.contains("0 games"), "{flip}");
    assert!(
        flip.contains("dark (暗棋): 0 points, 小兵 Private (/rank game:dark)"),
        "{flip}"
    );
    let leaderboard = Command::Leaderboard {
        global: false,
        game: GameKind::Open,
    };
    let board = service.handle(caller, leaderboard).await.text();
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(
        lines[0], "open (明棋) ladder · leaderboard (this server):",
        "{board}"
    );
    assert!(lines[1].starts_with("1. player2 — 1 point"), "{board}");
    assert!(lines[2].starts_with("2. player4 — -1 point"), "{board}");
    service.shutdown().await;
}

crate::on_both_backends!(each_game_kind_moves_its_own_ladder);
