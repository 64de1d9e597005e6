//! Discord REST errors on the messages the bot posts on its own (the AI's moves, in the game's
//! thread): a 502 that arrives after Discord made the message is retried with the same
//! enforced nonce, so nothing is posted twice; a message that fails for good is counted in the
//! metrics and the game goes on.

use std::time::Duration;

use serde_json::json;

use crate::support;
use support::bot::{self, play_one, slash};
use support::fake_discord::FakeDiscord;
use support::payloads::{ALICE, BOT_USER_ID, CHANNEL_ID, TestUser};

const THE_BOT: TestUser = TestUser {
    id: BOT_USER_ID,
    name: "junqi-bot",
};

fn metric(name: &str) -> u64 {
    junqi::ops::metrics::render_text(0)
        .lines()
        .find_map(|line| line.strip_prefix(&format!("junqi_{name}_total ")))
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or(0)
}

/// The member plays; returns once the bot's answer reached the thread (a success).
async fn round(fake: &FakeDiscord, in_thread: &str) {
    let mark = fake.mark();
    let (who, action, reply) = play_one(fake, false).await;
    assert_eq!(who, ALICE, "the member is to act");
    assert!(!reply.is_ephemeral(), "{action}: {:?}", reply.json);
    fake.wait_for(mark, "the bot's answer in the thread", |call| {
        call.method == "POST" && call.path == in_thread && call.is_success()
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_answers_to_own_posts_never_double_a_message_and_lost_ones_are_counted() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let mut config = bot::config_for(&fake, data.path());
    config.ai_budget_ms = 5;
    let running = bot::start(&fake, config).await;
    let mark = fake.mark();
    let options = json!([
        { "type": 6, "name": "member", "value": BOT_USER_ID.to_string() },
        { "type": 4, "name": "level", "value": 0 },
    ]);
    slash(&fake, ALICE, "challenge", options, &[THE_BOT]).await;
    fake.wait_for(mark, "the game's first message in its thread", |call| {
        call.method == "POST"
            && call.path.ends_with("/messages")
            && call.path != format!("/channels/{CHANNEL_ID}/messages")
            && call.is_success()
    })
    .await;
    let thread = bot::follow_thread(&fake).expect("the game's thread");
    let in_thread = format!("/channels/{thread}/messages");

    // A 502 after Discord made the message, on four messages, then a share of 502s (after
    // making) and 429s spread over the calls.
    let retries = metric("discord_rest_retries");
    for _ in 0..4 {
        fake.fail_after_create("POST", &in_thread, 502, 1);
        round(&fake, &in_thread).await;
    }
    fake.fail_share("POST", &in_thread, 502, 30, true);
    fake.fail_share("POST", &in_thread, 429, 20, false);
    for _ in 0..4 {
        round(&fake, &in_thread).await;
    }
    let (duplicates, replays) = fake.duplicates();
    let retried = metric("discord_rest_retries") - retries;
    println!(
        "fault discord 502-after-create: retries {retried}, nonce replays {replays}, posted twice {duplicates}"
    );
    assert_eq!(duplicates, 0, "no message posted twice");
    assert!(
        replays >= 4,
        "each retry after a made message found it: {replays}"
    );
    assert!(retried >= 4, "{retried}");

    // Failing for good: every attempt (with and without the image) refused.
    fake.clear_failures();
    let (lost, made) = (
        metric("discord_messages_lost"),
        fake.messages_in(thread).len(),
    );
    fake.fail_next("POST", &in_thread, 500, 20);
    let mark = fake.mark();
    let (who, _, _) = play_one(&fake, false).await;
    assert_eq!(who, ALICE);
    for _ in 0..200 {
        if metric("discord_messages_lost") > lost {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(metric("discord_messages_lost"), lost + 1, "counted once");
    let attempts = fake
        .calls_since(mark)
        .iter()
        .filter(|call| call.method == "POST" && call.path == in_thread)
        .count();
    println!("fault discord lost for good: {attempts} attempts, counted once");
    // Only the member's own answered move was added to the thread.
    assert_eq!(
        fake.messages_in(thread).len(),
        made + 1,
        "the bot's message was never made"
    );
    // The game goes on: the member plays again and the bot answers.
    fake.clear_failures();
    round(&fake, &in_thread).await;
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_flooding_image_commands_is_asked_to_slow_down_in_their_language() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let mut config = bot::config_for(&fake, data.path());
    config.image_burst = 3;
    config.images_per_minute = 1;
    let running = bot::start(&fake, config).await;
    bot::start_game(&fake, None).await;
    let mut answers = Vec::new();
    for _ in 0..5 {
        let (_, call) = slash(&fake, ALICE, "board", json!([]), &[]).await;
        answers.push(call);
    }
    for (n, call) in answers.iter().enumerate() {
        let slowed = call.content().contains("slow down");
        assert_eq!(slowed, n >= 3, "board {n}: {:?}", call.content());
        assert_eq!(
            call.is_ephemeral(),
            n >= 3,
            "board {n}: private only when refused"
        );
    }
    // Another member has an allowance of their own.
    let (_, call) = slash(&fake, support::payloads::BOB, "board", json!([]), &[]).await;
    assert!(
        !call.content().contains("slow down"),
        "{:?}",
        call.content()
    );
    // In the member's own language.
    fake.set_locale(ALICE, "zh-CN");
    let (_, call) = slash(&fake, ALICE, "board", json!([]), &[]).await;
    assert!(call.content().contains("请慢一点"), "{:?}", call.content());
    running.stop().await;
}
