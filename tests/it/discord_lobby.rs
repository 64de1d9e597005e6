//! `/accept`, `/decline` and `/withdraw` on Discord answer challenges as the console's do and
//! as the challenge's buttons do: the service finds the challenge meant (the caller's own, or
//! the one numbered), refuses privately when there is none, and a slash `/accept` starts the
//! game in its thread. Their registration JSON, and that of `/play` and `/tournament` with
//! their localised `game` option, is kept as a golden file,
//! tests/transcripts/lobby_registration.json (regenerate with UPDATE_GOLDEN=1). Beside them,
//! a quick match across two channels links its thread for both members.

use crate::support;

use serde_json::{Value, json};
use support::bot::{self, follow_thread, slash};
use support::fake_discord::FakeDiscord;
use support::payloads::{ALICE, BOB, CAROL, CHANNEL_ID};

use crate::discord_settings::{check_golden_json, registration};

/// alice challenges bob in the channel; the public challenge.
async fn challenge_bob(fake: &FakeDiscord) {
    let options = json!([{ "type": 6, "name": "member", "value": BOB.id.to_string() }]);
    let (_, call) = slash(fake, ALICE, "challenge", options, &[BOB]).await;
    assert!(!call.is_ephemeral(), "{:?}", call.json);
    assert!(
        call.content().contains("challenges bob"),
        "{}",
        call.content()
    );
}

/// A command's `game` option as registered.
fn game_option(command: &Value) -> Value {
    command["options"]
        .as_array()
        .and_then(|options| options.iter().find(|option| option["name"] == "game"))
        .cloned()
        .unwrap_or_else(|| panic!("no game option: {command}"))
}

fn number(value: u64) -> Value {
    json!([{ "type": 4, "name": "number", "value": value }])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accept_decline_and_withdraw_answer_the_challenge_meant() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::config_for(&fake, data.path())).await;

    // Registered for servers, each with an optional number.
    let commands = fake.commands();
    let mut golden = serde_json::Map::new();
    for name in ["accept", "decline", "withdraw"] {
        assert_eq!(commands[name]["options"][0]["name"], "number", "{name}");
        assert_eq!(commands[name]["contexts"], json!([0]), "{name}");
        golden.insert(name.to_string(), registration(&commands[name]));
    }
    assert_eq!(commands["accept"]["name_localizations"]["zh-CN"], "接受");
    assert_eq!(commands["decline"]["name_localizations"]["zh-TW"], "拒絕");
    // /play and /tournament offer the game, named and chosen in each language.
    for name in ["play", "tournament"] {
        let game = game_option(&commands[name]);
        assert_eq!(game["name_localizations"]["zh-CN"], "棋种", "{name}");
        assert_eq!(game["name_localizations"]["zh-TW"], "棋種", "{name}");
        let choices: Vec<(&str, &str)> = game["choices"]
            .as_array()
            .map(|choices| {
                choices
                    .iter()
                    .map(|choice| {
                        let name = choice["name"].as_str().unwrap_or_default();
                        let zh = choice["name_localizations"]["zh-CN"].as_str();
                        (name, zh.unwrap_or_default())
                    })
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(
            choices,
            vec![("flip", "翻翻棋"), ("dark", "暗棋"), ("open", "明棋")],
            "{name}"
        );
        golden.insert(name.to_string(), registration(&commands[name]));
    }
    check_golden_json("lobby_registration.json", &Value::Object(golden));

    challenge_bob(&fake).await;
    // bob has no challenge of his own to take back, and alice cannot decline her own.
    let (_, refused) = slash(&fake, BOB, "withdraw", json!([]), &[]).await;
    assert!(refused.is_ephemeral(), "{:?}", refused.json);
    assert!(
        refused.content().contains("you have no open challenge"),
        "{}",
        refused.content()
    );
    let (_, refused) = slash(&fake, ALICE, "decline", json!([]), &[]).await;
    assert!(refused.is_ephemeral(), "{:?}", refused.json);
    let (_, declined) = slash(&fake, BOB, "decline", json!([]), &[]).await;
    assert!(!declined.is_ephemeral(), "{:?}", declined.json);
    assert!(
        declined
            .content()
            .contains("bob declines alice's challenge"),
        "{}",
        declined.content()
    );

    challenge_bob(&fake).await;
    let (_, withdrawn) = slash(&fake, ALICE, "withdraw", json!([]), &[]).await;
    assert!(
        withdrawn
            .content()
            .contains("alice withdraws the challenge to bob"),
        "{}",
        withdrawn.content()
    );

    challenge_bob(&fake).await;
    let (_, gone) = slash(&fake, BOB, "accept", number(999), &[]).await;
    assert!(gone.is_ephemeral(), "{:?}", gone.json);
    assert!(
        gone.content().contains("no longer open"),
        "{}",
        gone.content()
    );
    // Without a number: the challenge addressed to bob, and the game starts in its thread.
    let mark = fake.mark();
    let (_, accepted) = slash(&fake, BOB, "accept", json!([]), &[]).await;
    assert!(!accepted.is_ephemeral(), "{:?}", accepted.json);
    bot::wait_for_thread_start(&fake, mark).await;
    assert!(follow_thread(&fake).is_some(), "the game has a thread");
    running.stop().await;
}

/// Two open challenges in the channel, alice's then carol's: bob's `/accept` without a number
/// takes the oldest (alice's) and its game starts in a thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slash_accept_takes_the_oldest_open_challenge_and_starts_its_game() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::config_for(&fake, data.path())).await;

    for who in [ALICE, CAROL] {
        let (_, open) = slash(&fake, who, "challenge", json!([]), &[]).await;
        assert!(!open.is_ephemeral(), "{:?}", open.json);
        assert!(
            open.content().contains("anyone may take it"),
            "{}",
            open.content()
        );
    }
    let mark = fake.mark();
    let (_, accepted) = slash(&fake, BOB, "accept", json!([]), &[]).await;
    assert!(!accepted.is_ephemeral(), "{:?}", accepted.json);
    let start = bot::wait_for_thread_start(&fake, mark).await;
    assert!(
        start.content().contains("alice vs bob"),
        "the oldest open challenge: {}",
        start.content()
    );
    running.stop().await;
}

/// A quick match across two channels on Discord: alice waits in the main channel, bob's
/// `/play` in another pairs them; the game's thread grows from alice's channel, bob's private
/// answer links it, and alice's channel gets a line linking it too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quick_match_across_two_channels_links_the_thread_for_both() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::config_for(&fake, data.path())).await;

    let (_, waiting) = slash(&fake, ALICE, "play", json!([]), &[]).await;
    assert!(waiting.is_ephemeral(), "{:?}", waiting.json);
    fake.use_channel(OTHER_CHANNEL);
    let mark = fake.mark();
    let (_, paired) = slash(&fake, BOB, "play", json!([]), &[]).await;
    assert!(paired.is_ephemeral(), "{:?}", paired.json);
    let thread = fake.threads().last().map(|thread| thread.id);
    let thread = thread.expect("the game has a thread");
    assert!(
        paired
            .content()
            .contains(&format!("you play alice in <#{thread}>")),
        "{}",
        paired.content()
    );
    let pointer = fake
        .wait_for(mark, "the line in alice's channel", |call| {
            call.method == "POST"
                && call.path == format!("/channels/{CHANNEL_ID}/messages")
                && call.content().contains("play in <#")
        })
        .await;
    assert_eq!(
        pointer.content(),
        format!("Quick match: alice and bob play in <#{thread}>.")
    );
    running.stop().await;
}

/// A second channel of the test guild.
const OTHER_CHANNEL: u64 = 2_001;
