//! `/cancel` on Discord: registered for Manage Messages only (`default_member_permissions`
//! 8192, no DM context; its JSON is in tests/transcripts/settings_registration.json beside
//! /settings and the context menus). A member without the right whose interaction still
//! arrives (a server overrode the command's permissions) is refused by the bot itself, and so
//! is a player of the game even with the right; a moderator's cancel from the channel pings
//! both players, and only them, in the game's thread, leaves the result in the channel and
//! shows in the players' `/history` as cancelled.

use crate::support;

use serde_json::json;
use support::bot::{self, play_one, slash, start_game, text_option};
use support::fake_discord::FakeDiscord;
use support::payloads::{ALICE, BOB, CAROL, CHANNEL_ID};

/// The test guild's members' permissions (see `payloads::member`).
const MEMBER: u64 = 2_248_473_465_835_073;
const MANAGE_MESSAGES: u64 = 1 << 13;

fn cancel_options(game: u64, reason: Option<&str>) -> serde_json::Value {
    let mut options = vec![json!({ "type": 4, "name": "game", "value": game })];
    options.extend(reason.map(|reason| text_option("reason", reason)));
    serde_json::Value::from(options)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderator_cancels_a_game_pinging_both_players_and_nobody_else_can() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start_seeded(&fake, data.path()).await;

    let cancel = &fake.commands()["cancel"];
    assert_eq!(cancel["default_member_permissions"], "8192");
    assert_eq!(cancel["contexts"], json!([0]));
    assert_eq!(cancel["name_localizations"]["zh-CN"], "取消对局");

    start_game(&fake, None).await;
    let thread = fake.threads().last().expect("the game's thread").id;
    for _ in 0..2 {
        let (_, action, call) = play_one(&fake, false).await;
        assert!(!call.is_ephemeral(), "{action}: {:?}", call.json);
    }

    // carol lacks Manage Messages, yet her interaction arrives: refused, the game goes on.
    let (_, refused) = slash(&fake, CAROL, "cancel", cancel_options(1, None), &[]).await;
    assert!(refused.is_ephemeral(), "{:?}", refused.json);
    assert!(
        refused.content().contains("Manage Messages"),
        "{}",
        refused.content()
    );
    // bob has it, but plays in the game: told of /abandon.
    fake.set_permissions(BOB, MEMBER | MANAGE_MESSAGES);
    let (_, own) = slash(&fake, BOB, "cancel", cancel_options(1, Some("losing")), &[]).await;
    assert!(own.is_ephemeral(), "{:?}", own.json);
    assert!(own.content().contains("/abandon"), "{}", own.content());
    let (_, action, call) = play_one(&fake, false).await;
    assert!(
        !call.is_ephemeral(),
        "still live: {action}: {:?}",
        call.json
    );

    // carol, given the right, cancels it from the channel.
    fake.set_permissions(CAROL, MEMBER | MANAGE_MESSAGES);
    fake.use_channel(CHANNEL_ID);
    let mark = fake.mark();
    let (_, done) = slash(&fake, CAROL, "cancel", cancel_options(1, Some("spam")), &[]).await;
    assert!(done.is_ephemeral(), "{:?}", done.json);
    assert!(
        done.content().contains(&format!("<#{thread}>")),
        "{}",
        done.content()
    );
    let notice = fake
        .wait_for(mark, "the cancel notice in the thread", |call| {
            call.method == "POST"
                && call.path == format!("/channels/{thread}/messages")
                && call.content().contains("cancelled by carol")
        })
        .await;
    let text = notice.content();
    assert!(
        text.contains("Game #1 (alice vs bob) was cancelled by carol: spam"),
        "{text}"
    );
    assert!(text.contains(&format!("<@{}>", ALICE.id)), "{text}");
    assert!(text.contains(&format!("<@{}>", BOB.id)), "{text}");
    let (mut users, parses) = notice.allowed_users().expect("allowed_mentions");
    users.sort_unstable();
    assert_eq!(
        (users, parses),
        (vec![ALICE.id, BOB.id], false),
        "only the players"
    );
    fake.wait_for(mark, "the result in the channel", |call| {
        call.method == "POST"
            && call.path == format!("/channels/{CHANNEL_ID}/messages")
            && call.content().contains("cancelled by carol")
    })
    .await;

    // The thread's commands find no game any more; the history shows it cancelled.
    fake.use_channel(thread);
    let (_, gone) = slash(&fake, ALICE, "board", json!([]), &[]).await;
    assert!(gone.is_ephemeral(), "{:?}", gone.json);
    let (_, again) = slash(&fake, CAROL, "cancel", cancel_options(1, None), &[]).await;
    assert!(
        again.content().contains("already over"),
        "{}",
        again.content()
    );
    let (_, history) = slash(&fake, BOB, "history", json!([]), &[]).await;
    assert!(
        history
            .content()
            .contains("vs alice · cancelled by carol: spam · 3 actions"),
        "{}",
        history.content()
    );
    running.stop().await;
}
