//! The service through its Rust API, as the Discord front end uses it: simultaneous actions on
//! one game (exactly one applies per turn), the AI answering on the outbound channel, the clock
//! draw, challenge expiry and one game per channel while a player plays in several channels.

use std::time::Duration;

use junqi::config::Config;
use junqi::game::{Action, Game, Rules, Seat, Square};
use junqi::service::{Caller, Command, Member, Opponent, Outbound, Reply, Service, Surface};
use junqi::store::{Place, Store};
use tokio::sync::mpsc::UnboundedReceiver;

const SEED: u64 = 7;

fn place(channel: u64) -> Place {
    Place { guild: 9, channel }
}

pub(crate) fn caller(user: u64, channel: u64) -> Caller {
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
    let store = Store::open(dir.path()).await.expect("open store");
    // Players here play in several channels at once, which the server must allow.
    let config = Config {
        test_seed: Some(SEED),
        max_live_games_per_member: 20,
        ..config
    };
    let (service, outbound) = Service::start(config, store).await.expect("start");
    (service, outbound, dir)
}

/// Starts a game between users 1 (first seat) and 2 in `channel`.
pub(crate) async fn begin(service: &Service, channel: u64, seconds: Option<u32>) -> Reply {
    let challenge = Command::Challenge {
        opponent: Opponent::Member(member(2)),
        seconds,
        game: junqi::GameKind::Flip,
    };
    let reply = service.handle(caller(1, channel), challenge).await;
    assert!(!reply.private, "{reply:?}");
    let reply = service
        .handle(caller(2, channel), Command::Accept { challenge: None })
        .await;
    assert!(reply.text().contains("begins"), "{reply:?}");
    reply
}

pub(crate) async fn next_message(outbound: &mut UnboundedReceiver<Outbound>) -> Outbound {
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
    // A level arrives typed: an unknown one is refused where it is read.
    let bogus =
        junqi::console::parse::parse_command("challenge @ai level:grandmaster").unwrap_err();
    assert!(
        bogus.to_string().contains("no AI level \"grandmaster\""),
        "{bogus}"
    );
    let challenge = Command::Challenge {
        opponent: Opponent::Ai { level: None },
        seconds: None,
        game: junqi::GameKind::Flip,
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
                game: junqi::GameKind::Flip,
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
                game: junqi::GameKind::Flip,
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
        game: junqi::GameKind::Flip,
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

/// The action number a Discord turn prompt announces ("action 12 · …"), if any.
fn action_number(text: &str) -> Option<u32> {
    text.split("action ").skip(1).find_map(|rest| {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    })
}

/// One message of a game as a front end sees it: `ai` when it came on the outbound channel.
struct Seen {
    ai: bool,
    reply: Reply,
}

// One thread on purpose: the presenter wakes the caller's task and then the outbound reader,
// and a single thread runs woken tasks in that order, so `log` holds the delivery order.
#[tokio::test(flavor = "current_thread")]
async fn a_players_replies_and_the_ais_answers_arrive_in_the_order_decided() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("open store");
    let config = Config {
        test_seed: Some(SEED),
        // An AI that answers at once, while the player's reply may still be drawn.
        ai_budget_ms: 1,
        ..Config::default()
    };
    let (service, mut outbound) = Service::start_on(config, store, Surface::Discord, None)
        .await
        .expect("start");
    let (log_tx, mut log) = tokio::sync::mpsc::unbounded_channel::<Seen>();
    let forward = log_tx.clone();
    tokio::spawn(async move {
        while let Some(message) = outbound.recv().await {
            assert_eq!(message.place, place(8));
            let _ = forward.send(Seen {
                ai: true,
                reply: message.reply,
            });
        }
    });
    let me = caller(1, 8);
    let send = |command: Command| {
        let (service, me, log_tx) = (service.clone(), me.clone(), log_tx.clone());
        tokio::spawn(async move {
            let reply = service.handle(me, command).await;
            let _ = log_tx.send(Seen { ai: false, reply });
        });
    };
    send(Command::Challenge {
        opponent: Opponent::Ai {
            level: Some(junqi::ai::Level::Easy),
        },
        seconds: None,
        game: junqi::GameKind::Flip,
    });
    let mut seen = Vec::new();
    let mut moves = 0;
    while moves < 30 {
        let entry = tokio::time::timeout(Duration::from_secs(20), log.recv())
            .await
            .expect("a message in time")
            .expect("the log is open");
        assert!(!entry.reply.private, "{:?}", entry.reply);
        let over = entry.reply.text().contains("game over");
        // The player acts as soon as the turn is theirs (the game's start, or the AI's
        // answer), and the AI answers at once.
        let players_turn = entry.ai || seen.is_empty();
        seen.push(entry);
        if over {
            break;
        }
        if !players_turn {
            continue;
        }
        if let Some(action) = service.legal_actions(&me).await.first() {
            moves += 1;
            send(match *action {
                Action::Flip(square) => Command::Flip(square),
                Action::Move { from, to } => Command::Move { from, to },
            });
        }
    }
    assert!(seen.len() > 20, "{} messages", seen.len());
    assert!(
        seen[0].reply.text().contains("vs AI"),
        "{:?}",
        seen[0].reply
    );
    let mut last = 0;
    for (index, entry) in seen.iter().enumerate() {
        // The start, then each reply to the player followed by the AI's answer.
        let ais = index > 0 && index % 2 == 0;
        assert_eq!(entry.ai, ais, "message {index}: {:?}", entry.reply);
        if let Some(number) = action_number(&entry.reply.text()) {
            assert!(number > last, "action {number} after {last}");
            last = number;
        }
        assert!(entry.reply.png.is_some(), "message {index} has its board");
    }
    assert!(last > 20, "the game reached action {last}");
    service.shutdown().await;
}
