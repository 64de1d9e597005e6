//! An end that a lost connection hid and that could not be read back at once (the database
//! refused new connections for longer than the actor waits): the player is told the outcome
//! is not known yet, and the end, found stored before the next command, goes through the
//! finisher once: announced where the game is played (the front ends close its place),
//! counted once on the ladder, and the channel left free.

use junqi::config::{Config, Language};
use junqi::service::{Command, GameEvent, Outbound};
use junqi::store::Store;
use tokio::sync::mpsc::UnboundedReceiver;

use crate::faults_db::{Rig, caller, with_rig_on};

/// The ends the bot announced on its own so far.
fn ends_told(outbound: &mut UnboundedReceiver<Outbound>) -> Vec<Outbound> {
    std::iter::from_fn(|| outbound.try_recv().ok())
        .filter(|message| matches!(message.reply.event, Some(GameEvent::Ended { .. })))
        .collect()
}

#[test]
fn an_end_that_could_not_be_read_back_is_announced_once_before_the_next_command() {
    let config = Config {
        test_seed: Some(7),
        ..Config::default()
    };
    with_rig_on(config, |rig| Box::pin(end_found_later(rig)));
}

async fn end_found_later(mut rig: Rig<'_>) {
    rig.begin(None).await;
    // The abandon commits, its answer is lost, and no new connection can read it back.
    rig.proxy.refuse(true);
    rig.proxy.drop_after_commit();
    let reply = rig.service.handle(caller(1), Command::Abandon).await;
    assert_eq!(rig.proxy.drops(), 1, "dropped after the COMMIT");
    assert_eq!(
        reply.text(),
        junqi::words::store_unsure(Language::English),
        "{reply:?}"
    );
    assert!(ends_told(&mut rig.outbound).is_empty(), "nothing told yet");
    rig.proxy.restore();
    let board = rig.service.handle(caller(2), Command::Board).await;
    assert!(board.event.is_none(), "the board alone answers: {board:?}");
    let told = ends_told(&mut rig.outbound);
    assert_eq!(told.len(), 1, "the end is announced once");
    assert_eq!(told[0].place, caller(1).place, "where the game is played");
    let text = told[0].reply.text();
    assert!(text.contains("abandoned"), "{text}");
    // Freed by the finisher before anything about the end was told.
    assert_eq!(rig.service.live_game_count(), 0, "the channel is free");
    let url = rig.database.url.clone();
    let store = Store::connect(&url).await.expect("direct connection");
    let mut games = [0; 2];
    for (user, count) in [1, 2].into_iter().zip(&mut games) {
        *count = store.player(user).await.expect("player").games;
    }
    assert_eq!(games, [1, 1], "counted once on the ladder");
    rig.begin(None).await;
    rig.service.shutdown().await;
    assert!(ends_told(&mut rig.outbound).is_empty(), "and never again");
}
