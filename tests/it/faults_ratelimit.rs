//! Discord's rate limits, with serenity's own rate limiter in force (the fake Discord behind
//! TLS as `discord.com`): a 429 is sent again no sooner than its `Retry-After`, a global 429
//! holds back every call meanwhile, and a spent route bucket delays the next call on that
//! route until it resets. Nothing is posted twice, and `/metrics` counts the waits.

use std::time::Duration;

use serde_json::json;

use crate::support;
use support::bot::{self, play_one, slash};
use support::fake_discord::{FakeDiscord, RestCall};
use support::payloads::{ALICE, BOT_USER_ID, CHANNEL_ID, TestUser};

const THE_BOT: TestUser = TestUser {
    id: BOT_USER_ID,
    name: "junqi-bot",
};

/// Timer slack: a wait may end a little before the fake's clock says it should.
const SLACK: Duration = Duration::from_millis(20);

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

/// The posts to `path` since `mark`, in the order the fake received them.
fn posts(fake: &FakeDiscord, mark: usize, path: &str) -> Vec<RestCall> {
    fake.calls_since(mark)
        .into_iter()
        .filter(|call| call.method == "POST" && call.path == path)
        .collect()
}

/// The gap between the one 429 on `path` since `mark` and the post after it.
fn retry_gap(fake: &FakeDiscord, mark: usize, path: &str) -> (RestCall, Duration) {
    let posts = posts(fake, mark, path);
    let limited = posts
        .iter()
        .position(|call| call.status == 429)
        .unwrap_or_else(|| panic!("no 429 on {path}: {posts:?}"));
    let retry = posts
        .get(limited + 1)
        .unwrap_or_else(|| panic!("the limited post was never sent again"));
    assert!(retry.is_success(), "the retry got through: {retry:?}");
    let gap = retry.at.duration_since(posts[limited].at);
    (posts[limited].clone(), gap)
}

async fn bot_against_tls_fake(fake: &FakeDiscord, data: &std::path::Path) -> bot::RunningBot {
    let mut config = bot::config_for(fake, data);
    config.discord.api_base_url = None;
    config.discord.api_address = fake.tls_address();
    config.discord.api_root_certificate = Some(support::fake_tls::root_certificate());
    config.ai_budget_ms = 5;
    bot::start(fake, config).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_are_waited_out_as_long_as_discord_asks_and_nothing_doubles() {
    support::init_logging();
    let fake = FakeDiscord::start_tls().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot_against_tls_fake(&fake, data.path()).await;
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
    let thread = format!("/channels/{thread}/messages");
    let (route_waits, global_waits) = (
        metric("discord_rate_limits"),
        metric("discord_global_rate_limits"),
    );

    // A route's 429 asking for 0.3 s: the post is sent again, no sooner.
    let mark = fake.mark();
    fake.rate_limit_next("POST", &thread, 0.3, false, 1);
    round(&fake, &thread).await;
    let (_, gap) = retry_gap(&fake, mark, &thread);
    println!("rate limit: a route's 429 for 300 ms was sent again after {gap:?}");
    assert!(
        gap + SLACK >= Duration::from_millis(300),
        "retried after {gap:?}"
    );

    // A global 429: the retry waits as long, and no other call reaches Discord meanwhile.
    let mark = fake.mark();
    fake.rate_limit_next("POST", &thread, 0.4, true, 1);
    round(&fake, &thread).await;
    let (limited, gap) = retry_gap(&fake, mark, &thread);
    println!("rate limit: a global 429 for 400 ms was sent again after {gap:?}");
    assert!(
        gap + SLACK >= Duration::from_millis(400),
        "retried after {gap:?}"
    );
    // Calls already on their way when the 429 came back may still arrive just after it.
    let quiet = limited.at + Duration::from_millis(50)..limited.at + Duration::from_millis(380);
    let during: Vec<RestCall> = fake
        .calls_since(mark)
        .into_iter()
        .filter(|call| quiet.contains(&call.at))
        .collect();
    assert!(
        during.is_empty(),
        "calls during the global limit: {during:?}"
    );

    // A spent bucket (X-RateLimit-Remaining: 0 for 0.3 s): the next post on that route waits
    // for its reset, with no 429 needed.
    let mark = fake.mark();
    fake.exhaust_bucket(&thread, 0.3);
    round(&fake, &thread).await;
    round(&fake, &thread).await;
    let sent = posts(&fake, mark, &thread);
    assert!(sent.len() >= 2, "two answers in the thread: {sent:?}");
    assert!(sent.iter().all(|call| call.status != 429), "{sent:?}");
    for pair in sent.windows(2) {
        let gap = pair[1].at.duration_since(pair[0].at);
        println!("rate limit: a post on a spent bucket (300 ms) came {gap:?} after the last");
        assert!(
            gap + SLACK >= Duration::from_millis(300),
            "posted {gap:?} after the last"
        );
    }

    assert_eq!(fake.duplicates().0, 0, "no message posted twice");
    assert!(
        metric("discord_rate_limits") > route_waits,
        "route waits are counted"
    );
    assert!(
        metric("discord_global_rate_limits") > global_waits,
        "global waits are counted"
    );
    running.stop().await;
}
