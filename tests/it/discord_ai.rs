//! A member against the bot over the fake Discord, with slow interaction answers (a phone on a
//! bad line makes Discord slow to take an upload): each reply to the member's action still
//! reaches the thread before the bot's answer to it, although the answer is decided within
//! milliseconds and travels as a plain channel message.

use crate::support;

use serde_json::{Value, json};
use support::bot::{self, play_one, slash};
use support::fake_discord::FakeDiscord;
use support::payloads::{ALICE, BOT_USER_ID, TestUser};

const THE_BOT: TestUser = TestUser {
    id: BOT_USER_ID,
    name: "junqi-bot",
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_reply_reaches_the_thread_before_the_bots_answer_to_it() {
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
    let (_, challenge) = slash(&fake, ALICE, "challenge", options, &[THE_BOT]).await;
    assert!(!challenge.is_ephemeral(), "{:?}", challenge.json);
    bot::wait_for_thread_start(&fake, mark).await;
    let thread = bot::follow_thread(&fake).expect("the game's thread");
    let in_thread = format!("/channels/{thread}/messages");

    // From now on every interaction answer takes Discord 300 ms.
    fake.delay("/callback", 300);
    for round in 0..5 {
        let mark = fake.mark();
        let (who, action, reply) = play_one(&fake, false).await;
        assert_eq!(who, ALICE, "round {round}: the member is to act");
        assert!(!reply.is_ephemeral(), "{action}: {:?}", reply.json);
        let answer = fake
            .wait_for(mark, "the bot's answer in the thread", |call| {
                call.method == "POST" && call.path == in_thread && call.is_success()
            })
            .await;
        let calls = fake.calls_since(mark);
        let position = |wanted: &Value| {
            calls
                .iter()
                .position(|call| call.json.as_ref() == Some(wanted))
                .expect("a call seen")
        };
        let (reply_at, answer_at) = (
            position(reply.json.as_ref().expect("a body")),
            position(answer.json.as_ref().expect("a body")),
        );
        assert!(
            reply_at < answer_at,
            "round {round}: the bot's answer ({:?}) overtook the reply to {action} ({:?})",
            answer.content(),
            reply.content()
        );
    }
    running.stop().await;
}
