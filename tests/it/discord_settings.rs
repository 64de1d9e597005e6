//! `/settings` on Discord: registered for Manage Server only (`default_member_permissions`
//! 32, no DM context), beside `/cancel` (Manage Messages, 8192) and the two user context menus
//! with their localised names (the JSON of all four is kept as a golden file, tests/transcripts/settings_registration.json,
//! regenerate with UPDATE_GOLDEN=1); a member without Manage
//! Server whose interaction still arrives (a server overrode the command's permissions) is
//! refused by the bot itself; an admin's change is answered before → after and the next
//! challenge uses the server's clock and language.

use crate::support;

use serde_json::{Value, json};
use support::bot::{self, slash};
use support::fake_discord::FakeDiscord;
use support::payloads::{ALICE, BOB};

/// The test guild's members' permissions (see `payloads::member`).
const MEMBER: u64 = 2_248_473_465_835_073;
const MANAGE_GUILD: u64 = 1 << 5;

/// A registered command without what the fake adds (ids, version).
pub(crate) fn registration(command: &Value) -> Value {
    let mut command = command.clone();
    if let Some(object) = command.as_object_mut() {
        for key in ["id", "application_id", "version", "guild_id"] {
            object.remove(key);
        }
    }
    command
}

pub(crate) fn check_golden_json(name: &str, value: &Value) {
    let text = serde_json::to_string_pretty(value).expect("JSON") + "\n";
    support_golden(name, &text);
}

fn support_golden(name: &str, text: &str) {
    let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/transcripts")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, text).expect("write the golden file");
    }
    let expected = std::fs::read_to_string(&golden).expect("golden file (UPDATE_GOLDEN=1)");
    assert_eq!(text, expected, "differs from {}", golden.display());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_manage_server_changes_the_settings_and_the_next_game_uses_them() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::channel_config_for(&fake, data.path())).await;

    // The registrations: /settings for Manage Server, the two user context menus localised,
    // all three in servers only (context 0).
    let commands = fake.commands();
    let settings = registration(&commands["settings"]);
    assert_eq!(settings["default_member_permissions"], "32");
    assert_eq!(settings["contexts"], json!([0]));
    let challenge_menu = registration(&commands["Challenge to 翻翻棋"]);
    let rank_menu = registration(&commands["翻翻棋 rank"]);
    for menu in [&challenge_menu, &rank_menu] {
        assert_eq!(menu["type"], 2, "a user context menu: {menu}");
        assert_eq!(menu["contexts"], json!([0]), "{menu}");
    }
    assert_eq!(
        challenge_menu["name_localizations"]["zh-TW"],
        "挑戰下翻翻棋"
    );
    assert_eq!(rank_menu["name_localizations"]["zh-CN"], "翻翻棋等级");
    // /cancel: Manage Messages (1 << 13), servers only.
    let cancel = registration(&commands["cancel"]);
    assert_eq!(cancel["default_member_permissions"], "8192");
    assert_eq!(cancel["contexts"], json!([0]));
    check_golden_json(
        "settings_registration.json",
        &json!({
            "settings": settings,
            "cancel": cancel,
            "challenge_menu": challenge_menu,
            "rank_menu": rank_menu,
        }),
    );

    // bob lacks Manage Server, yet his interaction arrives: refused, nothing changes.
    let options = json!([{ "type": 4, "name": "turn_secs", "value": 45 }]);
    let (_, refused) = slash(&fake, BOB, "settings", options.clone(), &[]).await;
    assert!(refused.is_ephemeral(), "{:?}", refused.json);
    assert!(
        refused.content().contains("Manage Server"),
        "{}",
        refused.content()
    );

    // alice has it: before → after, in her language (the server's was not fixed yet).
    fake.set_permissions(ALICE, MEMBER | MANAGE_GUILD);
    let options = json!([
        { "type": 4, "name": "turn_secs", "value": 45 },
        { "type": 4, "name": "language", "value": 3 },
    ]);
    let (_, changed) = slash(&fake, ALICE, "settings", options, &[]).await;
    assert!(changed.is_ephemeral(), "{:?}", changed.json);
    let text = changed.content();
    assert!(text.contains("turn_secs: 30 s → 45 s"), "{text}");
    assert!(
        text.contains("language: auto") && text.contains("→ zh-Hant"),
        "{text}"
    );

    // Shown with where each value comes from.
    let (_, shown) = slash(&fake, ALICE, "settings", json!([]), &[]).await;
    assert!(
        shown.content().contains("turn_secs：45 秒（伺服器）"),
        "{}",
        shown.content()
    );
    assert!(shown.content().contains("（預設）"), "{}", shown.content());

    // A challenge now: the server's clock, in 繁體 for everyone.
    let (_, challenge) = slash(
        &fake,
        ALICE,
        "challenge",
        json!([{ "type": 6, "name": "member", "value": BOB.id.to_string() }]),
        &[BOB],
    )
    .await;
    assert!(!challenge.is_ephemeral());
    assert!(
        challenge.content().contains("45"),
        "{}",
        challenge.content()
    );
    assert!(
        challenge.content().contains("挑戰"),
        "{}",
        challenge.content()
    );

    let (_, log) = slash(
        &fake,
        ALICE,
        "settings",
        json!([{ "type": 5, "name": "log", "value": true }]),
        &[],
    )
    .await;
    assert!(
        log.content().contains("alice：turn_secs"),
        "{}",
        log.content()
    );
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_context_menus_challenge_a_member_and_show_their_rank_privately() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::channel_config_for(&fake, data.path())).await;

    let mark = fake.mark();
    let rank = fake.user_menu(ALICE, "翻翻棋 rank", BOB);
    let answer = bot::answer(&fake, mark, &rank).await;
    assert!(answer.is_ephemeral(), "{:?}", answer.json);
    let embeds = &answer.message_body().expect("a body")["embeds"];
    assert!(
        embeds[0]["title"]
            .as_str()
            .is_some_and(|title| title.contains("bob")),
        "{embeds}"
    );

    let mark = fake.mark();
    let challenge = fake.user_menu(ALICE, "Challenge to 翻翻棋", BOB);
    let answer = bot::answer(&fake, mark, &challenge).await;
    assert!(!answer.is_ephemeral(), "{:?}", answer.json);
    assert!(
        answer.content().contains("30"),
        "the default clock: {}",
        answer.content()
    );
    assert!(
        answer
            .custom_ids()
            .iter()
            .any(|id| id.starts_with("accept:")),
        "{:?}",
        answer.custom_ids()
    );
    running.stop().await;
}
