//! Open challenges (`/challenge` with no member) through the service: anyone but the
//! challenger may take one; of two members accepting at the same instant exactly one plays and
//! the other is told it was taken; `/accept` prefers a challenge addressed to the caller, else
//! the oldest open one; one's own is refused; it can be withdrawn, not declined; it is rated.

use junqi::config::Config;
use junqi::service::{ButtonId, Caller, Command, Opponent, Reply, Service};
use junqi::store::{Place, Store};

const PLACE: Place = Place {
    guild: 9,
    channel: 1,
};

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: format!("p{user}"),
        place: PLACE,
    }
}

async fn start() -> (Service, Store, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("open store");
    let config = Config {
        test_seed: Some(7),
        ..Config::default()
    };
    let (service, _outbound) = Service::start(config, store.clone()).await.expect("start");
    (service, store, dir)
}

async fn open_challenge(service: &Service, user: u64) -> u64 {
    let command = Command::Challenge {
        opponent: Opponent::Anyone,
        seconds: Some(60),
        game: junqi::GameKind::Flip,
    };
    let reply = service.handle(caller(user), command).await;
    assert!(!reply.private, "{reply:?}");
    assert!(reply.text().contains("anyone may take it"), "{reply:?}");
    assert!(reply.mentions.is_empty(), "an open challenge pings nobody");
    let Some(ButtonId::Accept(id)) = reply.buttons.first().map(|button| button.id) else {
        panic!("an Accept button first: {reply:?}");
    };
    id
}

fn accept(id: Option<u64>) -> Command {
    Command::Accept { challenge: id }
}

fn begins(reply: &Reply) -> bool {
    !reply.private && reply.text().contains("begins")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_members_accepting_at_once_start_exactly_one_game() {
    let (service, store, _dir) = start().await;
    let id = open_challenge(&service, 1).await;
    let (a, b) = tokio::join!(
        service.handle(
            caller(2),
            Command::from_button(ButtonId::Accept(id)).expect("a command")
        ),
        service.handle(
            caller(3),
            Command::from_button(ButtonId::Accept(id)).expect("a command")
        ),
    );
    let (won, lost) = match (begins(&a), begins(&b)) {
        (true, false) => (a, b),
        (false, true) => (b, a),
        other => panic!("exactly one taker: {other:?}\n{a:?}\n{b:?}"),
    };
    assert!(lost.private, "{lost:?}");
    assert!(lost.text().contains("already taken"), "{lost:?}");
    assert!(won.text().contains("p1 vs p"), "{won:?}");
    let live = store.live_games().await.expect("readable");
    assert_eq!(live.len(), 1, "one game in the store");
    assert_eq!(live[0].players[0], 1);
    assert!(live[0].rated, "rated like any game between members");
    assert!(store.challenges().await.expect("readable").is_empty());
    // A typed /accept arriving after the game started is told the same.
    let late = service.handle(caller(4), accept(None)).await;
    assert!(late.text().contains("already taken"), "{late:?}");
    service.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accept_prefers_the_callers_challenge_then_the_oldest_open_one() {
    let (service, store, _dir) = start().await;
    // Own open challenge: refused clearly, typed or by number.
    let first = open_challenge(&service, 1).await;
    let own = service.handle(caller(1), accept(None)).await;
    assert!(
        own.private && own.text().contains("your own open challenge"),
        "{own:?}"
    );
    let own = service.handle(caller(1), accept(Some(first))).await;
    assert!(own.text().contains("your own open challenge"), "{own:?}");
    // Not declinable; withdrawable.
    let declined = service
        .handle(
            caller(2),
            Command::Decline {
                challenge: Some(first),
            },
        )
        .await;
    assert!(
        declined.private && declined.text().contains("nothing to decline"),
        "{declined:?}"
    );
    let second = open_challenge(&service, 2).await;
    assert!(second > first);
    // A challenge addressed to member 3 beats the open ones.
    let to_three = Command::Challenge {
        opponent: Opponent::Member(junqi::service::Member {
            user: 3,
            name: "p3".into(),
        }),
        seconds: None,
        game: junqi::GameKind::Flip,
    };
    assert!(!service.handle(caller(4), to_three).await.private);
    let reply = service.handle(caller(3), accept(None)).await;
    assert!(reply.text().contains("p4 vs p3"), "{reply:?}");
    service.handle(caller(3), Command::Abandon).await;
    // Then the oldest open one: member 1's, not member 2's.
    let reply = service.handle(caller(5), accept(None)).await;
    assert!(reply.text().contains("p1 vs p5"), "{reply:?}");
    service.handle(caller(5), Command::Abandon).await;
    // `/accept N` takes number N.
    let reply = service.handle(caller(6), accept(Some(second))).await;
    assert!(reply.text().contains("p2 vs p6"), "{reply:?}");
    service.handle(caller(6), Command::Abandon).await;
    let id = open_challenge(&service, 7).await;
    let withdrawn = service
        .handle(caller(7), Command::Withdraw { challenge: None })
        .await;
    assert!(
        withdrawn.text().contains("withdraws their open challenge"),
        "{withdrawn:?}"
    );
    let gone = service.handle(caller(8), accept(Some(id))).await;
    assert!(
        gone.private && gone.text().contains("no longer open"),
        "{gone:?}"
    );
    assert!(store.challenges().await.expect("readable").is_empty());
    service.shutdown().await;
}
