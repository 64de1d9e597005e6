//! Turn messages on Discord: each new one takes the buttons off the one before, so only a
//! game's newest turn message has buttons; a press that still reaches an old one is refused
//! privately as old and does nothing. Also: a square option the bot cannot read is refused in
//! the member's language.

use crate::support;

use serde_json::json;
use support::bot::{self, play_one, press, slash, start_game, text_option};
use support::fake_discord::FakeDiscord;
use support::payloads::{ALICE, BOB};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_30_actions_only_the_last_turn_message_has_buttons() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start_seeded(&fake, data.path()).await;

    let first = start_game(&fake, None).await;
    let first_abandon = first
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("abandon:"))
        .expect("the first turn message has an Abandon button");
    assert_eq!(first_abandon.split(':').count(), 3, "{first_abandon}");
    let thread = fake.threads().last().expect("the game's thread").id;
    for _ in 0..30 {
        // Flips while there are some: moves back and forth would repeat.
        let (_, action, call) = play_one(&fake, false).await;
        assert!(!call.is_ephemeral(), "{action}: {:?}", call.json);
    }
    let buttoned = bot::settle_buttons(&fake, thread).await;
    let messages = fake.messages_in(thread);
    assert!(messages.len() >= 31, "{} messages", messages.len());
    let last = messages.last().expect("messages").id;
    assert_eq!(buttoned, vec![last], "only the newest has buttons");

    // A press on the first turn message (its buttons are gone, but a client may still send it)
    // is refused privately and changes nothing.
    let first_message = messages.first().expect("the first turn message").id;
    let answer = press(&fake, ALICE, first_message, &first_abandon).await;
    assert!(answer.is_ephemeral(), "{:?}", answer.json);
    assert!(
        answer.content().contains("this message is old"),
        "{}",
        answer.content()
    );
    assert_eq!(bot::buttoned(&fake, thread), vec![last]);
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreadable_square_is_refused_in_the_members_language() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::channel_config_for(&fake, data.path())).await;
    start_game(&fake, None).await;
    fake.set_locale(BOB, "zh-CN");
    for who in [ALICE, BOB] {
        let (_, call) = slash(
            &fake,
            who,
            "flip",
            json!([text_option("square", "Z9")]),
            &[],
        )
        .await;
        assert!(call.is_ephemeral(), "{:?}", call.json);
        let expected = if who == BOB {
            "“Z9”不是一个格子"
        } else {
            "\"Z9\" is not a square"
        };
        assert!(call.content().contains(expected), "{}", call.content());
    }
    running.stop().await;
}
