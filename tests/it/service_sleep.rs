//! Idle games sleep: their actor and presenter stop after `actor_idle_ms` without a command,
//! and the game wakes for its next command, its clock (from the one shared timer) or the AI's
//! turn that a timeout brings, with nothing lost across sleeping and waking, also after a
//! restart.

use std::time::{Duration, Instant};

use junqi::config::Config;
use junqi::game::{Game, Rules, Seat};
use junqi::service::{Command, Opponent, Outbound, Service};
use junqi::store::Store;
use tokio::sync::mpsc::UnboundedReceiver;

use super::service_api::{begin, caller, next_message};

const SEED: u64 = 7;
/// Test-sized: a game sleeps 20 ms after its last command.
const IDLE_MS: u64 = 20;

fn config() -> Config {
    Config {
        test_seed: Some(SEED),
        actor_idle_ms: IDLE_MS,
        // Two players play in several channels at once.
        max_live_games_per_member: 20,
        ..Config::default()
    }
}

async fn start(config: Config, store: &Store) -> (Service, UnboundedReceiver<Outbound>) {
    Service::start(config, store.clone()).await.expect("start")
}

async fn open(dir: &tempfile::TempDir) -> Store {
    Store::open(dir.path()).await.expect("open store")
}

/// Waits until no game has a running actor.
async fn all_asleep(service: &Service) {
    let started = Instant::now();
    while service.awake_game_count() > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{} games still awake",
            service.awake_game_count()
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Plays `count` safe actions of the test deal in `game`, each by its seat's player, each
/// after the game has gone to sleep.
async fn play_while_asleep(service: &Service, channel: u64, game: &mut Game, count: usize) {
    for _ in 0..count {
        all_asleep(service).await;
        let seat = game.to_act();
        let action = game
            .legal_actions()
            .into_iter()
            .find(|action| {
                let mut next = game.clone();
                !game.would_repeat(seat, *action)
                    && next.act(seat, *action).is_ok()
                    && next.outcome().is_none()
            })
            .expect("a safe action");
        let command = match action {
            junqi::game::Action::Flip(square) => Command::Flip(square),
            junqi::game::Action::Move { from, to } => Command::Move { from, to },
        };
        let user = if seat == Seat::First { 1 } else { 2 };
        let reply = service.handle(caller(user, channel), command).await;
        assert!(!reply.private, "{action}: {reply:?}");
        assert!(reply.png.is_some(), "the reply of a woken game is drawn");
        game.act(seat, action).expect("legal");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_game_sleeps_and_wakes_for_each_command_losing_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = open(&dir).await;
    let (service, _outbound) = start(config(), &store).await;
    begin(&service, 1, None).await;
    begin(&service, 2, None).await;
    // A new game starts asleep: no task waits for its first command.
    all_asleep(&service).await;
    assert_eq!(service.live_game_count(), 2);
    let mut game = Game::new(SEED, Rules::default());
    play_while_asleep(&service, 1, &mut game, 12).await;
    let export = service.handle(caller(3, 1), Command::Export).await;
    assert_eq!(export.lines[0], game.view().notation());
    // A command that only reads wakes the game too, and the other game never woke.
    all_asleep(&service).await;
    let board = service.handle(caller(3, 2), Command::Board).await;
    assert!(board.png.is_some(), "{board:?}");
    assert_eq!(service.live_game_count(), 2);
    service.shutdown().await;
    drop(service);

    // After a restart the games resume asleep, from the store, and play on.
    let (service, _outbound) = start(config(), &store).await;
    assert_eq!(service.live_game_count(), 2);
    all_asleep(&service).await;
    play_while_asleep(&service, 1, &mut game, 4).await;
    let export = service.handle(caller(3, 1), Command::Export).await;
    assert_eq!(export.lines[0], game.view().notation());
    service.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sleeping_games_clock_wakes_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (service, mut outbound) = start(config(), &open(&dir).await).await;
    begin(&service, 1, Some(1)).await;
    all_asleep(&service).await;
    // Nobody acts: each timeout comes from the shared timer, the game asleep in between.
    for expected in [
        "p1 ran out of time (timeout 1 of 3)",
        "p2 ran out of time (timeout 1 of 3)",
    ] {
        let message = next_message(&mut outbound).await;
        assert!(message.reply.text().contains(expected), "{message:?}");
        all_asleep(&service).await;
    }
    // The turn is back with the first seat, which plays: the clock restarted on its turn.
    let mut game = Game::new(SEED, Rules::default());
    game.timeout().expect("timeout");
    game.timeout().expect("timeout");
    play_while_asleep(&service, 1, &mut game, 1).await;
    let export = service.handle(caller(3, 1), Command::Export).await;
    assert_eq!(export.lines[0], game.view().notation());
    service.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ai_moves_when_a_timeout_hands_it_the_turn_in_a_sleeping_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (service, mut outbound) = start(config(), &open(&dir).await).await;
    let challenge = Command::Challenge {
        opponent: Opponent::Ai { level: None },
        seconds: Some(1),
        game: junqi::GameKind::Flip,
    };
    let reply = service.handle(caller(1, 5), challenge).await;
    assert!(reply.text().contains("vs AI"), "{reply:?}");
    // Seed 7: the challenger acts first, and does not: the game sleeps until the clock wakes
    // it, the timeout hands the turn to the AI, and the AI moves without anyone's command.
    all_asleep(&service).await;
    let timeout = next_message(&mut outbound).await;
    assert!(
        timeout.reply.text().contains("p1 ran out of time"),
        "{timeout:?}"
    );
    let answer = next_message(&mut outbound).await;
    assert!(answer.reply.text().contains("AI flips"), "{answer:?}");
    all_asleep(&service).await;
    service.shutdown().await;
}
