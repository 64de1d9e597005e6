//! The service through its Rust API, as the Discord front end uses it: simultaneous actions on
//! one game (exactly one applies per turn), the AI answering on the outbound channel, the clock
//! draw, challenge expiry and one game per channel while a player plays in several channels.

use std::time::Duration;

use junqi::config::Config;
use junqi::game::{Action, Game, Rules, Seat, Square};
use junqi::service::{Caller, Command, Member, Opponent, Outbound, Reply, Service};
use junqi::store::{Place, Store};
use tokio::sync::mpsc::UnboundedReceiver;

const SEED: u64 = 7;

fn place(channel: u64) -> Place {
    Place { guild: 9, channel }
}

fn caller(user: u64, channel: u64) -> Caller {
    Caller {
        user,
        name: format!("p{user}"),
        place: place(channel),
    }
}

fn member(user: u64) -> Member {
    Member {
        user,
        name: format!("p{user}"),
    }
}

async fn start(config: Config) -> (Service, UnboundedReceiver<Outbound>, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).expect("open store");
    let config = Config {
        test_seed: Some(SEED),
        ..config
    };
    let (service, outbound) = Service::start(config, store).await.expect("start");
    (service, outbound, dir)
}

/// Starts a game between users 1 (first seat) and 2 in `channel`.
async fn begin(service: &Service, channel: u64, seconds: Option<u32>) -> Reply {
    let challenge = Command::Challenge {
        opponent: Opponent::Member(member(2)),
        seconds,
    };
    let reply = service.handle(caller(1, channel), challenge).await;
    assert!(!reply.private, "{reply:?}");
    let reply = service
        .handle(caller(2, channel), Command::Accept { challenge: None })
        .await;
    assert!(reply.text().contains("begins"), "{reply:?}");
    reply
}

async fn next_message(outbound: &mut UnboundedReceiver<Outbound>) -> Outbound {
    tokio::time::timeout(Duration::from_secs(20), outbound.recv())
        .await
        .expect("a message in time")
        .expect("service running")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_actions_apply_one_per_turn() {
    let (service, _outbound, _dir) = start(Config::default()).await;
    begin(&service, 1, None).await;
    let mut game = Game::new(SEED, Rules::default());
    const ROUNDS: usize = 20;
    for _ in 0..ROUNDS {
        // The player to act sends every flip they can think of at the same moment, some of
        // them twice: exactly one may apply, the rest find the turn gone.
        let seat = game.to_act();
        let user = if seat == Seat::First { 1 } else { 2 };
        let flips: Vec<Square> = game
            .legal_actions()
            .into_iter()
            .filter_map(|action| match action {
                Action::Flip(square) => Some(square),
                Action::Move { .. } => None,
            })
            .take(8)
            .collect();
        let mut tasks = Vec::new();
        for square in flips.iter().chain(&flips) {
            let service = service.clone();
            let square = *square;
            tasks.push(tokio::spawn(async move {
                let reply = service.handle(caller(user, 1), Command::Flip(square)).await;
                (square, reply)
            }));
        }
        let mut applied = Vec::new();
        for task in tasks {
            let (square, reply) = task.await.expect("task");
            if reply.private {
                assert!(reply.text().contains("not your turn"), "{reply:?}");
            } else {
                applied.push(square);
            }
        }
        assert_eq!(applied.len(), 1, "exactly one action per turn: {applied:?}");
        game.act(seat, Action::Flip(applied[0]))
            .expect("the applied flip is legal");
        if game.outcome().is_some() {
            break;
        }
    }
    let export = service.handle(caller(3, 1), Command::Export).await;
    assert_eq!(export.lines[0], game.view().notation());
    service.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ai_answers_on_the_outbound_channel() {
    let (service, mut outbound, _dir) = start(Config::default()).await;
    let bogus = Command::Challenge {
        opponent: Opponent::Ai {
            level: Some("grandmaster".into()),
        },
        seconds: None,
    };
    let reply = service.handle(caller(1, 5), bogus).await;
    assert!(reply.private, "{reply:?}");
    assert!(
        reply.text().contains("no AI level \"grandmaster\""),
        "{reply:?}"
    );
    let challenge = Command::Challenge {
        opponent: Opponent::Ai { level: None },
        seconds: None,
    };
    let reply = service.handle(caller(1, 5), challenge).await;
    assert!(reply.text().contains("vs AI"), "{reply:?}");
    assert!(reply.text().contains("(unrated)"), "{reply:?}");
    // Seed 7: the challenger acts first.
    let reply = service
        .handle(caller(1, 5), Command::Flip("A1".parse().expect("square")))
        .await;
    assert!(!reply.private, "{reply:?}");
    let answer = next_message(&mut outbound).await;
    assert_eq!(answer.place, place(5));
    assert!(answer.reply.text().contains("AI flips"), "{answer:?}");
    assert!(answer.reply.text().contains("to act: p1"), "{answer:?}");
    // The AI declines draws, and the human may abandon at any time.
    let reply = service.handle(caller(1, 5), Command::Abandon).await;
    assert!(reply.text().contains("game over: AI wins"), "{reply:?}");
    assert!(reply.text().contains("unrated game"), "{reply:?}");
    service.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_draw_and_challenge_expiry() {
    let config = Config {
        challenge_expiry_secs: 1,
        rules: Rules {
            clock_limit_secs: 2,
            ..Rules::default()
        },
        ..Config::default()
    };
    let (service, mut outbound, _dir) = start(config).await;
    begin(&service, 1, Some(60)).await;
    // A second channel: the same players may play there too, while channel 1 stays busy.
    begin(&service, 2, Some(60)).await;
    let busy = service
        .handle(
            caller(3, 1),
            Command::Challenge {
                opponent: Opponent::Member(member(4)),
                seconds: None,
            },
        )
        .await;
    assert!(
        busy.private && busy.text().contains("already being played"),
        "{busy:?}"
    );
    let open = service
        .handle(
            caller(3, 3),
            Command::Challenge {
                opponent: Opponent::Member(member(4)),
                seconds: None,
            },
        )
        .await;
    assert!(!open.private, "{open:?}");
    let mut texts = Vec::new();
    for _ in 0..3 {
        texts.push(next_message(&mut outbound).await.reply.text());
    }
    let expired = texts.iter().filter(|t| t.contains("has expired")).count();
    let drawn = texts
        .iter()
        .filter(|t| t.contains("game over: draw (the game reached its time limit)"))
        .count();
    assert_eq!((expired, drawn), (1, 2), "{texts:?}");
    assert_eq!(service.live_game_count(), 0);
    let accept = service
        .handle(caller(4, 3), Command::Accept { challenge: None })
        .await;
    assert!(accept.private, "{accept:?}");
    service.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_right_side_declines_or_withdraws_a_challenge() {
    let (service, _outbound, _dir) = start(Config::default()).await;
    let challenge = || Command::Challenge {
        opponent: Opponent::Member(member(2)),
        seconds: None,
    };
    let reply = service.handle(caller(1, 3), challenge()).await;
    assert!(!reply.private, "{reply:?}");
    // The challenger cannot decline and the challenged cannot withdraw: private refusals.
    let reply = service
        .handle(caller(1, 3), Command::Decline { challenge: None })
        .await;
    assert!(reply.private, "{reply:?}");
    let reply = service
        .handle(caller(2, 3), Command::Withdraw { challenge: None })
        .await;
    assert!(reply.private, "{reply:?}");
    let reply = service
        .handle(caller(2, 3), Command::Decline { challenge: None })
        .await;
    assert!(!reply.private, "{reply:?}");
    assert!(
        reply.text().contains("p2 declines p1's challenge"),
        "{reply:?}"
    );
    let reply = service
        .handle(caller(2, 3), Command::Decline { challenge: None })
        .await;
    assert!(reply.private, "a declined challenge is gone: {reply:?}");

    let reply = service.handle(caller(1, 3), challenge()).await;
    assert!(!reply.private, "{reply:?}");
    let reply = service
        .handle(caller(1, 3), Command::Withdraw { challenge: None })
        .await;
    assert!(!reply.private, "{reply:?}");
    assert!(
        reply.text().contains("p1 withdraws the challenge to p2"),
        "{reply:?}"
    );
    let reply = service
        .handle(caller(2, 3), Command::Accept { challenge: None })
        .await;
    assert!(
        reply.private,
        "a withdrawn challenge cannot be accepted: {reply:?}"
    );
    service.shutdown().await;
}
