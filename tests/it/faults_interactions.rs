//! Interactions under faults and from the wrong member: every command is answered (or
//! deferred) within Discord's 3 s while the bot's other REST calls stall, and buttons of a
//! game pressed by someone who does not play it are answered privately and change nothing.

use std::time::{Duration, Instant};

use crate::support;
use support::bot::{self, play_one, press, start_game};
use support::fake_discord::{FakeDiscord, RestCall};
use support::payloads::CAROL;

/// Discord drops an interaction that is not answered or deferred by then.
const DEADLINE: Duration = Duration::from_secs(3);

/// The first call that answered (or deferred) the interaction whose answer is `answer`,
/// received since `mark`.
fn first_answer(fake: &FakeDiscord, mark: usize, answer: &RestCall) -> RestCall {
    let token = answer
        .path
        .split('/')
        .find(|part| part.len() > 20)
        .unwrap_or_default()
        .to_string();
    fake.calls_since(mark)
        .into_iter()
        .find(|call| call.path.contains(&token) && call.is_success())
        .unwrap_or_else(|| answer.clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_answered_within_three_seconds_while_channel_calls_stall() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::config_for(&fake, data.path())).await;
    start_game(&fake, None).await;
    // Every channel call (posts, edits of the older turn message, threads) now takes 3.5 s.
    fake.delay("/channels/", 3_500);
    for _ in 0..2 {
        let mark = fake.mark();
        let sent = Instant::now();
        let (_, action, answer) = play_one(&fake, false).await;
        let first = first_answer(&fake, mark, &answer);
        let waited = first.at.duration_since(sent);
        println!("stalled REST: {action} answered after {waited:?}");
        assert!(waited < DEADLINE, "{action}: first answer after {waited:?}");
        assert!(!answer.is_ephemeral(), "{action}: {:?}", answer.json);
    }
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_who_does_not_play_presses_a_games_buttons_and_nothing_changes() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::config_for(&fake, data.path())).await;
    let first = start_game(&fake, None).await;
    let (_, action, turn) = play_one(&fake, false).await;
    assert!(!turn.is_ephemeral(), "{action}");
    let message = fake
        .messages_in(bot::follow_thread(&fake).expect("the game's thread"))
        .last()
        .expect("the newest turn message")
        .id;
    let buttons = fake.message(message).map_or_else(Vec::new, |stored| {
        let ids = stored.components.to_string();
        ids.split("\"custom_id\":\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .map(str::to_string)
            .collect()
    });
    assert!(
        !buttons.is_empty(),
        "the turn message has buttons: {first:?}"
    );
    let before = bot::to_act(&fake).await;
    for custom_id in &buttons {
        let answer = press(&fake, CAROL, message, custom_id).await;
        assert!(answer.is_ephemeral(), "{custom_id}: {:?}", answer.json);
        assert!(!answer.content().is_empty(), "{custom_id}: a reason");
    }
    assert_eq!(bot::to_act(&fake).await, before, "the game is unchanged");
    let (_, action, after) = play_one(&fake, false).await;
    assert!(!after.is_ephemeral(), "the game goes on: {action}");
    running.stop().await;
}
