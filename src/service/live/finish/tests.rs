//! Every way a game ends reaches the finisher exactly once: for each, a game is played to that
//! end through the service, and the finisher's marks are counted: one piece of news for the
//! watchers, one reply telling the front ends that the game ended, the result stored once
//! (each player's count of games moved by one; none for a cancel), the rematch remembered and
//! the channel free. The ends read back after a lost commit need a database that drops
//! connections: `tests/it/faults_db.rs`.

use std::time::Duration;

use tokio::sync::mpsc::UnboundedReceiver;

use crate::config::Config;
use crate::game::{Action, DrawReason, Game, Outcome, PublicCell, Rules, Seat, WinReason};
use crate::service::news::GameNews;
use crate::service::{
    Caller, Command, GameEvent, Member, Opponent, Outbound, Reply, Rights, Service,
};
use crate::store::{Place, Store};

const PLACE: Place = Place {
    guild: 5,
    channel: 6,
};

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: format!("p{user}"),
        place: PLACE,
    }
}

/// The player in `seat`: the challenger (1) sits first.
fn user_of(seat: Seat) -> u64 {
    match seat {
        Seat::First => 1,
        Seat::Second => 2,
    }
}

/// A service on a new store, with a watcher opened before any game and every reply kept.
struct Rig {
    service: Service,
    store: Store,
    outbound: UnboundedReceiver<Outbound>,
    news: UnboundedReceiver<GameNews>,
    replies: Vec<Reply>,
    game: u64,
    _dir: tempfile::TempDir,
}

impl Rig {
    /// Starts a service on `rules` and deal `seed`, and a game between users 1 and 2 with a
    /// turn clock of `seconds`.
    async fn begin(seed: u64, rules: Rules, seconds: Option<u32>) -> Rig {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = Store::open(&dir.path().join("store"))
            .await
            .expect("a new store");
        let config = Config {
            test_seed: Some(seed),
            rules,
            ..Config::default()
        };
        let (service, outbound) = Service::start(config, store.clone())
            .await
            .expect("the service starts");
        let news = service.inner.watch_games();
        let challenge = Command::Challenge {
            opponent: Opponent::Member(Member {
                user: 2,
                name: "p2".into(),
            }),
            seconds,
            game: crate::GameKind::Flip,
        };
        service.handle(caller(1), challenge).await;
        let accepted = service
            .handle(caller(2), Command::Accept { challenge: None })
            .await;
        let Some(GameEvent::Started { game, .. }) = accepted.event else {
            panic!("the game starts: {accepted:?}");
        };
        Rig {
            service,
            store,
            outbound,
            news,
            replies: Vec::new(),
            game,
            _dir: dir,
        }
    }

    async fn send(&mut self, user: u64, command: Command) -> &Reply {
        let reply = self.service.handle(caller(user), command).await;
        self.replies.push(reply);
        self.replies.last().expect("just kept")
    }

    /// Plays `actions` from the deal of `seed` under `rules`; an action the service warns
    /// would lose by repetition is sent again, which plays it.
    async fn play(&mut self, seed: u64, rules: Rules, actions: &[Action]) {
        let mut game = Game::new(seed, rules);
        for &action in actions {
            let seat = game.to_act();
            let command = match action {
                Action::Flip(square) => Command::Flip(square),
                Action::Move { from, to } => Command::Move { from, to },
            };
            if game.would_repeat(seat, action) {
                let warned = self.send(user_of(seat), command.clone()).await;
                assert!(warned.private, "a warning first: {warned:?}");
            }
            let played = self.send(user_of(seat), command).await;
            assert!(!played.private, "{action} is played: {played:?}");
            game.act(seat, action).expect("planned legal");
        }
    }

    /// Waits for the bot's own message that the game ended (a clock end).
    async fn wait_for_end(&mut self) {
        let wait = tokio::time::timeout(Duration::from_secs(10), async {
            while let Some(message) = self.outbound.recv().await {
                let ends = matches!(message.reply.event, Some(GameEvent::Ended { .. }));
                self.replies.push(message.reply);
                if ends {
                    return;
                }
            }
        });
        wait.await.expect("the clock ends the game");
    }

    /// Checks the finisher's marks, each exactly once, and returns what the store holds of
    /// the game: its outcome, or `None` for a cancel.
    async fn ended_once(mut self) -> Option<Outcome<Seat>> {
        let game = self.game;
        assert_eq!(self.service.live_game_count(), 0, "the channel is free");
        // Whatever the actor and presenter still do is done once they have stopped.
        self.service.shutdown().await;
        while let Ok(message) = self.outbound.try_recv() {
            self.replies.push(message.reply);
        }
        let told = self
            .replies
            .iter()
            .filter(|reply| reply.event == Some(GameEvent::Ended { game }))
            .count();
        assert_eq!(told, 1, "the front ends are told once: {:?}", self.replies);
        let mut ends = Vec::new();
        while let Ok(news) = self.news.try_recv() {
            match news {
                GameNews::Ended(finished, _) if finished.game.id == game => ends.push(true),
                GameNews::Cancelled { game: id, .. } if id == game => ends.push(false),
                _ => {}
            }
        }
        assert_eq!(ends.len(), 1, "the watchers hear once");
        let cancelled = !ends[0];
        let store = &self.store;
        assert!(store.live_game(game).await.expect("readable").is_none());
        let mut games = [0; 2];
        for (user, count) in [1, 2].into_iter().zip(&mut games) {
            *count = store.player(user).await.expect("readable").games;
        }
        if cancelled {
            assert!(
                store
                    .cancelled_game(game)
                    .await
                    .expect("readable")
                    .is_some()
            );
            assert_eq!(games, [0, 0], "a cancel counts for nobody");
            return None;
        }
        assert_eq!(games, [1, 1], "the ladder moved once for each player");
        let window = store.rematch_window(PLACE, 1).await.expect("readable");
        assert_eq!(window.map(|done| done.game.id), Some(game), "remembered");
        let finished = store.finished_game(game).await.expect("readable");
        Some(finished.expect("stored as finished").outcome)
    }
}

fn is_attack(game: &Game, action: Action) -> bool {
    matches!(action, Action::Move { to, .. } if game.view().cell(to) != PublicCell::Empty)
}

/// The actions of a game from the deal of `seed` in which each side plays, in the order of
/// its legal actions, a winning action, else an attack, else a flip, else anything that does
/// not repeat (else anything): for the deals chosen below, a game that ends by the rules.
fn plan(seed: u64, rules: Rules) -> Vec<Action> {
    let mut game = Game::new(seed, rules);
    let mut actions = Vec::new();
    while game.outcome().is_none() {
        let seat = game.to_act();
        let legal = game.legal_actions();
        let fresh: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|action| !game.would_repeat(seat, *action))
            .collect();
        let wins = |action: &Action| {
            let mut next = game.clone();
            next.act(seat, *action).is_ok()
                && next.outcome().is_some_and(|end| end.winner() == Some(seat))
        };
        let action = fresh
            .iter()
            .copied()
            .find(wins)
            .or_else(|| fresh.iter().copied().find(|a| is_attack(&game, *a)))
            .or_else(|| fresh.iter().copied().find(|a| matches!(a, Action::Flip(_))))
            .or_else(|| fresh.first().copied())
            .or_else(|| legal.first().copied())
            .expect("a game that has not ended has an action");
        game.act(seat, action).expect("legal");
        actions.push(action);
    }
    actions
}

/// Plays the planned game of `seed` under `rules` to its end and returns the stored outcome.
async fn played_out(seed: u64, rules: Rules) -> Option<Outcome<Seat>> {
    let mut rig = Rig::begin(seed, rules, None).await;
    rig.play(seed, rules, &plan(seed, rules)).await;
    rig.ended_once().await
}

fn win_reason(outcome: Option<Outcome<Seat>>) -> Option<WinReason> {
    match outcome {
        Some(Outcome::Win { reason, .. }) => Some(reason),
        _ => None,
    }
}

#[tokio::test]
async fn taking_the_flag_ends_the_game_once() {
    let outcome = played_out(130, Rules::default()).await;
    assert_eq!(win_reason(outcome), Some(WinReason::Flag));
}

#[tokio::test]
async fn a_player_with_no_action_left_loses_once() {
    let outcome = played_out(23, Rules::default()).await;
    assert_eq!(win_reason(outcome), Some(WinReason::NoMoves));
}

#[tokio::test]
async fn a_repetition_loses_once() {
    let outcome = played_out(309, Rules::default()).await;
    assert_eq!(win_reason(outcome), Some(WinReason::Repetition));
}

#[tokio::test]
async fn the_quiet_rule_draws_once() {
    let rules = Rules {
        quiet_limit: 4,
        ..Rules::default()
    };
    let outcome = played_out(1, rules).await;
    assert_eq!(outcome, Some(Outcome::Draw(DrawReason::NoCapture)));
}

#[tokio::test]
async fn the_length_rule_draws_once() {
    let rules = Rules {
        ply_limit: 3,
        ..Rules::default()
    };
    let outcome = played_out(1, rules).await;
    assert_eq!(outcome, Some(Outcome::Draw(DrawReason::PlyLimit)));
}

/// Rules under which a player may resign or offer a draw at once.
fn early() -> Rules {
    Rules {
        actions_before_resign: 0,
        ..Rules::default()
    }
}

#[tokio::test]
async fn a_resignation_ends_the_game_once() {
    let mut rig = Rig::begin(1, early(), None).await;
    rig.send(1, Command::Resign).await;
    let outcome = rig.ended_once().await;
    assert_eq!(win_reason(outcome), Some(WinReason::Resignation));
}

#[tokio::test]
async fn abandoning_ends_the_game_once() {
    let mut rig = Rig::begin(1, Rules::default(), None).await;
    rig.send(2, Command::Abandon).await;
    let outcome = rig.ended_once().await;
    assert_eq!(win_reason(outcome), Some(WinReason::Abandonment));
}

#[tokio::test]
async fn an_accepted_draw_ends_the_game_once() {
    let mut rig = Rig::begin(1, early(), None).await;
    rig.send(1, Command::OfferDraw).await;
    let answer = Command::AnswerDraw {
        accept: true,
        game: None,
    };
    rig.send(2, answer).await;
    let outcome = rig.ended_once().await;
    assert_eq!(outcome, Some(Outcome::Draw(DrawReason::Agreement)));
}

#[tokio::test]
async fn the_timeout_that_loses_ends_the_game_once() {
    let rules = Rules {
        timeouts_to_lose: 1,
        ..Rules::default()
    };
    let mut rig = Rig::begin(1, rules, Some(1)).await;
    rig.wait_for_end().await;
    let outcome = rig.ended_once().await;
    assert_eq!(win_reason(outcome), Some(WinReason::Timeouts));
}

#[tokio::test]
async fn the_clock_draw_ends_the_game_once() {
    let rules = Rules {
        clock_limit_secs: 1,
        ..Rules::default()
    };
    let mut rig = Rig::begin(1, rules, None).await;
    rig.wait_for_end().await;
    let outcome = rig.ended_once().await;
    assert_eq!(outcome, Some(Outcome::Draw(DrawReason::ClockLimit)));
}

#[tokio::test]
async fn a_moderators_cancel_ends_the_game_once() {
    let mut rig = Rig::begin(1, Rules::default(), None).await;
    let cancel = Command::Cancel {
        game: rig.game,
        reason: "test".into(),
        rights: Rights::all(),
    };
    rig.send(3, cancel).await;
    assert_eq!(rig.ended_once().await, None, "stored as cancelled");
}

/// The news of an end comes at once and tells when the result has been delivered (here the
/// bot's own message of a clock's end, drawn after the news): not when it is handed to the
/// front end, but when the front end is done with it. A tournament's final standings, which
/// wait for it, come after the last game's result where members read it.
#[tokio::test]
async fn the_news_of_an_end_tells_when_its_result_has_gone_out() {
    let rules = Rules {
        timeouts_to_lose: 1,
        ..Rules::default()
    };
    let mut rig = Rig::begin(1, rules, Some(1)).await;
    let heard = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            if let Some(GameNews::Ended(_, presented)) = rig.news.recv().await {
                return presented;
            }
        }
    });
    let presented = heard.await.expect("the clock ends the game");
    let result = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let message = rig.outbound.recv().await.expect("the service runs");
            if matches!(message.reply.event, Some(GameEvent::Ended { .. })) {
                return message;
            }
        }
    })
    .await
    .expect("the result goes out");
    // Handed to the front end is not yet delivered: the front end holds the result.
    let early = tokio::time::timeout(Duration::from_millis(300), presented.wait()).await;
    assert!(early.is_err(), "presented before the result was delivered");
    drop(result);
    tokio::time::timeout(Duration::from_secs(10), presented.wait())
        .await
        .expect("presented once the front end has delivered the result");
    rig.service.shutdown().await;
}
