//! `max_live_games_per_member` (default 1) through the service: a member with a live game is
//! refused `/play` and `/challenge` privately, naming the game and where it is played; an
//! `/accept` is refused when either player is at the limit (the challenge stays open); a
//! server that allows two lets them wait in the queue; and a tournament pairs only members
//! under the limit, pairing the others once their outside game ends.

use std::time::Duration;

use junqi::GameKind;
use junqi::config::Config;
use junqi::service::{
    Caller, Command, Member, Opponent, Reply, Rights, Service, Surface, TournamentCommand,
};
use junqi::store::{Place, Store};

use crate::tournament_service::{begins, next};

const GUILD: u64 = 9;

fn caller(user: u64, channel: u64) -> Caller {
    Caller {
        user,
        name: format!("p{user}"),
        place: Place {
            guild: GUILD,
            channel,
        },
    }
}

fn challenge(opponent: Option<u64>) -> Command {
    Command::Challenge {
        opponent: opponent.map_or(Opponent::Anyone, |user| {
            Opponent::Member(Member {
                user,
                name: format!("p{user}"),
            })
        }),
        seconds: None,
        game: GameKind::Flip,
    }
}

fn play() -> Command {
    Command::Play {
        seconds: None,
        cancel: false,
        game: junqi::GameKind::Flip,
    }
}

const ACCEPT: Command = Command::Accept { challenge: None };

/// The refusal of a member at the limit: private, naming game `game` in `channel`.
fn names_the_game(reply: &Reply, game: u64, channel: u64) {
    assert!(reply.private, "{reply:?}");
    let text = reply.text();
    assert!(
        text.contains(&format!("already playing game #{game} in <#{channel}>")),
        "{text}"
    );
}

/// p1 challenges p2 in `channel` and p2 accepts: the game's number.
async fn play_a_game(service: &Service, store: &Store, channel: u64) -> u64 {
    let issued = service.handle(caller(1, channel), challenge(Some(2))).await;
    assert!(!issued.private, "{issued:?}");
    let accepted = service.handle(caller(2, channel), ACCEPT).await;
    assert!(accepted.text().contains("begins"), "{accepted:?}");
    let live = store.live_games().await.expect("readable");
    live.iter()
        .find(|game| game.place.channel == channel)
        .map(|game| game.id)
        .expect("the game is live")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_game_is_refused_naming_the_first_unless_the_server_allows_more() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("open store");
    let config = Config {
        test_seed: Some(7),
        ..Config::default()
    };
    let (service, _outbound) = Service::start(config, store.clone()).await.expect("start");
    let game = play_a_game(&service, &store, 7).await;

    // /play: refused for both players, nobody waits.
    for user in [1, 2] {
        names_the_game(&service.handle(caller(user, 1), play()).await, game, 7);
    }
    assert!(store.queue_entries().await.expect("readable").is_empty());
    // /challenge elsewhere: a member, anyone, the AI.
    for command in [
        challenge(Some(3)),
        challenge(None),
        Command::Challenge {
            opponent: Opponent::Ai { level: None },
            seconds: None,
            game: GameKind::Flip,
        },
    ] {
        names_the_game(&service.handle(caller(1, 3), command).await, game, 7);
    }
    // /accept: p2 may not take p3's open challenge, nor p1 p4's challenge to him.
    assert!(!service.handle(caller(3, 4), challenge(None)).await.private);
    names_the_game(&service.handle(caller(2, 4), ACCEPT).await, game, 7);
    assert!(
        !service
            .handle(caller(4, 5), challenge(Some(1)))
            .await
            .private
    );
    names_the_game(&service.handle(caller(1, 5), ACCEPT).await, game, 7);
    // The challenge stays open: a free member takes p3's.
    let taken = service.handle(caller(5, 4), ACCEPT).await;
    assert!(taken.text().contains("p3 vs p5"), "{taken:?}");
    // A challenger who started another game since: p6 challenges p7, then takes p8's open
    // challenge; p7's accept is refused, naming p6's game.
    assert!(
        !service
            .handle(caller(6, 6), challenge(Some(7)))
            .await
            .private
    );
    assert!(!service.handle(caller(8, 9), challenge(None)).await.private);
    let p6_game = service.handle(caller(6, 9), ACCEPT).await;
    assert!(p6_game.text().contains("p8 vs p6"), "{p6_game:?}");
    let refused = service.handle(caller(7, 6), ACCEPT).await;
    assert!(refused.private, "{refused:?}");
    assert!(
        refused.text().contains("p6 is already playing game #")
            && refused.text().contains("in <#9>"),
        "{refused:?}"
    );

    // The server allows two: p1 waits in the queue, p2 too, and they are paired.
    let rights = Rights::all();
    let changes = vec![("max_live_games_per_member".into(), "2".into())];
    let changed = service
        .handle(caller(9, 1), Command::Settings { rights, changes })
        .await;
    assert!(
        changed
            .text()
            .contains("max_live_games_per_member: 1 game → 2 games"),
        "{changed:?}"
    );
    let waiting = service.handle(caller(1, 1), play()).await;
    assert!(waiting.text().contains("1 member waiting"), "{waiting:?}");
    let paired = service.handle(caller(2, 2), play()).await;
    assert!(paired.text().contains("you play p1"), "{paired:?}");
    // Two games each now: a third is refused, naming the newest.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let newest = loop {
        let live = store.live_games().await.expect("readable");
        let theirs: Vec<u64> = live
            .iter()
            .filter(|g| g.players.contains(&1))
            .map(|g| g.id)
            .collect();
        if theirs.len() == 2 {
            break live
                .into_iter()
                .filter(|g| g.players.contains(&1))
                .max_by_key(|g| g.id)
                .expect("two games");
        }
        assert!(tokio::time::Instant::now() < deadline, "no second game");
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    let third = service.handle(caller(1, 8), challenge(None)).await;
    names_the_game(&third, newest.id, newest.place.channel);
    assert!(third.text().contains("allows 2 live games"), "{third:?}");
    service.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_pairs_only_members_under_the_limit() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("open store");
    let config = Config {
        test_seed: Some(7),
        tournament_minute_ms: 1200,
        ..Config::default()
    };
    let (service, mut outbound) = Service::start_on(config, store.clone(), Surface::Console, None)
        .await
        .expect("start");
    // p3 and p4 play outside the tournament.
    let challenged = service.handle(caller(3, 60), challenge(Some(4))).await;
    assert!(!challenged.private, "{challenged:?}");
    let outside = service.handle(caller(4, 60), ACCEPT).await;
    assert!(outside.text().contains("begins"), "{outside:?}");

    let create = Command::Tournament(TournamentCommand::Create {
        minutes: 60,
        seconds: 30,
        starts_in: Some(0),
        rated: Some(true),
        rights: Rights::all(),
        game: junqi::GameKind::Flip,
    });
    assert!(!service.handle(caller(1, 50), create).await.private);
    for user in [3, 4, 1, 2] {
        let join = Command::Tournament(TournamentCommand::Join { tournament: None });
        let joined = service.handle(caller(user, 50), join).await;
        assert!(joined.text().contains("joins"), "{joined:?}");
    }
    // p3 and p4 joined first and are closest, yet busy: p1 and p2 play.
    let first = next(&mut outbound, begins).await;
    assert!(
        first.reply.text().contains("p1 vs p2"),
        "{}",
        first.reply.text()
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    let live = store.live_games().await.expect("readable");
    assert_eq!(live.len(), 2, "the outside game and p1 vs p2: {live:?}");

    // The outside game ends: p3 and p4 are paired in the tournament.
    let abandoned = service.handle(caller(3, 60), Command::Abandon).await;
    assert!(abandoned.text().contains("p3 abandons"), "{abandoned:?}");
    let second = next(&mut outbound, begins).await;
    assert!(
        second.reply.text().contains("p3 vs p4"),
        "{}",
        second.reply.text()
    );
    service.shutdown().await;
}
