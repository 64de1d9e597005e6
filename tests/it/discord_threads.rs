//! Discord-native play over the fake Discord: each game in its own thread (the channel keeps
//! the challenge and the result), pings that notify exactly the players meant, each member's
//! own language, and the fallback to the channel when the bot may not create threads.

use std::collections::HashSet;

use crate::support;

use junqi::words::slash_names;
use serde_json::{Value, json};
use support::bot::{self, other, play_one, press, slash, start_game, text_option};
use support::fake_discord::{FakeDiscord, RestCall};
use support::payloads::{ALICE, BOB, CHANNEL_ID, TestUser};

/// Every name a member can type after `/` on this server: commands and options, in every
/// language they are registered in.
fn registered_names(fake: &FakeDiscord) -> HashSet<String> {
    fn collect(node: &Value, names: &mut HashSet<String>) {
        if let Some(name) = node["name"].as_str() {
            names.insert(name.to_string());
        }
        if let Some(localised) = node["name_localizations"].as_object() {
            names.extend(
                localised
                    .values()
                    .filter_map(Value::as_str)
                    .map(String::from),
            );
        }
        for option in node["options"].as_array().into_iter().flatten() {
            collect(option, names);
        }
    }
    let mut names = HashSet::new();
    for command in fake.commands().values() {
        collect(command, &mut names);
    }
    names
}

/// Every message the bot sent names only commands and options that exist on Discord.
fn assert_only_registered_commands(fake: &FakeDiscord) {
    let names = registered_names(fake);
    for call in fake.calls() {
        for name in slash_names(call.content()) {
            assert!(
                names.contains(&name),
                "/{name} is not a registered command or option: {:?}",
                call.content()
            );
        }
    }
}

/// The users a message notifies, checking that nothing is parsed from its text.
fn pinged(call: &RestCall) -> Vec<u64> {
    let (users, parses) = call
        .allowed_users()
        .unwrap_or_else(|| panic!("no allowed_mentions: {:?}", call.json));
    assert!(
        !parses,
        "mentions are never parsed from the text: {:?}",
        call.json
    );
    users
}

/// The language a board image says its words are drawn in (its PNG text chunk).
fn image_language(png: &[u8]) -> Option<&'static str> {
    junqi::render::language_of_image(png).map(|language| language.tag())
}

fn mention(who: TestUser) -> String {
    format!("<@{}>", who.id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_lives_in_its_thread_and_the_channel_keeps_the_challenge_and_the_result() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, challenger_first(&fake, data.path())).await;
    // Every message that shows the board carries exactly one PNG of it.
    let images = 1;

    // The challenge pings bob, and only bob; it names buttons, not commands.
    let options = json!([{ "type": 6, "name": "member", "value": BOB.id.to_string() }]);
    let (challenge, call) = slash(&fake, ALICE, "challenge", options, &[BOB]).await;
    assert_eq!(pinged(&call), vec![BOB.id]);
    assert!(
        call.content().starts_with(&mention(BOB)),
        "{}",
        call.content()
    );
    assert!(
        call.content().contains("press Accept"),
        "{}",
        call.content()
    );
    let challenge_message = fake.message_of(&challenge).expect("stored").id;
    let accept = call
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("accept:"))
        .expect("an Accept button");

    // bob accepts: a public thread grows from the challenge message, which now links to it
    // and has no buttons; the game's first message is in the thread and pings alice.
    let mark = fake.mark();
    let answer = press(&fake, BOB, challenge_message, &accept).await;
    assert_eq!(answer.callback_type(), Some(7), "{:?}", answer.json);
    let thread_id = fake.wait_until_thread().await;
    let thread = fake.threads().pop().expect("a thread");
    assert_eq!(thread.message, challenge_message);
    assert_eq!(thread.parent, CHANNEL_ID);
    assert_eq!(
        thread.name, "alice vs bob · game 1",
        "game numbers start at 1"
    );
    let notice = fake.message(challenge_message).expect("stored");
    assert!(
        notice.content.contains(&format!("<#{thread_id}>")),
        "{}",
        notice.content
    );
    assert_eq!(notice.components, json!([]));
    let first = fake
        .wait_for(mark, "the first turn message", |call| {
            call.path == format!("/channels/{thread_id}/messages") && call.is_success()
        })
        .await;
    bot::follow_thread(&fake);
    assert_eq!(pinged(&first), vec![ALICE.id], "the challenger acts first");
    assert!(first.content().starts_with(&mention(ALICE)));
    assert!(
        first.content().contains("<t:"),
        "a live deadline: {}",
        first.content()
    );
    assert!(first.content().contains("action 1"), "{}", first.content());
    assert_eq!(first.png_uploads().len(), images);
    assert_eq!(
        first.custom_ids(),
        vec!["abandon:1:0"],
        "no Resign before 50 actions"
    );

    // Every turn message pings exactly the player to act next.
    let mut last_turn = first;
    for _ in 0..6 {
        let (who, action, call) = play_one(&fake, true).await;
        assert!(!call.is_ephemeral(), "{action}: {:?}", call.json);
        assert_eq!(
            pinged(&call),
            vec![other(who).id],
            "{action}: {}",
            call.content()
        );
        assert!(call.content().starts_with(&mention(other(who))));
        assert_eq!(call.png_uploads().len(), images);
        last_turn = call;
    }
    // The button names the turn it was made for.
    let abandon = last_turn
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("abandon:1:"))
        .expect("an Abandon button on the last turn message");

    // /resign before the threshold is refused at once, without a confirmation step.
    let (_, early) = slash(&fake, BOB, "resign", json!([]), &[]).await;
    assert!(early.is_ephemeral());
    assert!(early.custom_ids().is_empty());

    // bob abandons with the turn message's button and confirms: the end pings both players
    // in the thread, the channel gets the result with a link, and the thread is archived.
    let last_message = fake.messages_in(thread_id).pop().expect("turn messages").id;
    let mark = fake.mark();
    let injected = fake.press(BOB, last_message, &abandon);
    let prompt = bot::answer(&fake, mark, &injected).await;
    assert!(prompt.is_ephemeral());
    assert_eq!(
        prompt.custom_ids(),
        vec!["confirm:abandon", "confirm:cancel"]
    );
    let prompt_message = fake.message_of(&injected).expect("the prompt").id;
    let mark = fake.mark();
    let end = press(&fake, BOB, prompt_message, "confirm:abandon").await;
    assert!(!end.is_ephemeral(), "{:?}", end.json);
    let mut both = pinged(&end);
    both.sort_unstable();
    assert_eq!(both, vec![ALICE.id, BOB.id]);
    assert!(end.content().contains("abandons"), "{}", end.content());
    let result = fake
        .wait_for(mark, "the result in the channel", |call| {
            call.path == format!("/channels/{CHANNEL_ID}/messages") && call.is_success()
        })
        .await;
    assert!(result.content().contains(&format!("<#{thread_id}>")));
    assert!(
        result.content().contains("game over"),
        "{}",
        result.content()
    );
    assert_eq!(result.png_uploads().len(), images, "the final board");
    assert_eq!(
        pinged(&result),
        Vec::<u64>::new(),
        "the thread already pinged them"
    );
    assert_eq!(result.custom_ids(), vec!["rematch", "analyse:1"]);
    fake.wait_for(mark, "the thread archived", |call| {
        call.method == "PATCH" && call.path == format!("/channels/{thread_id}")
    })
    .await;
    assert!(fake.threads().iter().all(|thread| thread.archived));

    // The channel holds the challenge (now the notice) and the result: nothing else.
    let parent: Vec<_> = fake
        .messages_in(CHANNEL_ID)
        .into_iter()
        .filter(|message| message.flags & 64 == 0)
        .collect();
    println!("parent-channel messages for a whole game: {}", parent.len());
    assert_eq!(parent.len(), 2, "{parent:#?}");

    // A rematch from the channel's result message starts game 2 after bob accepts.
    let call = press(&fake, ALICE, parent[1].id, "rematch").await;
    assert!(!call.is_ephemeral(), "{:?}", call.json);
    assert!(call.content().contains("rematch"), "{}", call.content());
    assert_eq!(pinged(&call), vec![BOB.id]);

    assert_only_registered_commands(&fake);
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_zh_cn_member_and_an_en_us_member_each_read_their_own_language() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, challenger_first(&fake, data.path())).await;
    fake.set_locale(ALICE, "zh-CN");
    fake.set_locale(BOB, "en-US");
    fake.set_guild_locale("zh-TW");

    // Public messages are in the server's language (繁體).
    let first = start_game(&fake, None).await;
    let notice = fake.messages_in(CHANNEL_ID)[0].content.clone();
    println!("challenge, once accepted (channel): {notice}");
    assert!(notice.contains("對 bob，在 <#"), "{notice}");
    println!("first turn (thread): {}", first.content());
    assert!(first.content().contains("輪到"), "{}", first.content());
    assert!(first.content().contains("第 1 步"), "{}", first.content());

    // Private replies are in each member's own language.
    let (_, bobs) = slash(
        &fake,
        BOB,
        "flip",
        json!([text_option("square", "A1")]),
        &[],
    )
    .await;
    println!("bob (en-US), private: {}", bobs.content());
    assert!(bobs.is_ephemeral());
    assert!(
        bobs.content().contains("not your turn"),
        "{}",
        bobs.content()
    );
    let (who, action, played) = play_one(&fake, false).await;
    assert_eq!(who, ALICE);
    println!("alice {action} (thread): {}", played.content());
    assert!(played.content().contains("翻開"), "{}", played.content());
    let (_, alices) = slash(
        &fake,
        ALICE,
        "flip",
        json!([text_option("square", "A1")]),
        &[],
    )
    .await;
    println!("alice (zh-CN), private: {}", alices.content());
    assert!(alices.is_ephemeral());
    assert!(
        alices.content().contains("还没轮到你"),
        "{}",
        alices.content()
    );

    // /help lists every command with its options, in the member's language, whole (in an
    // embed, privately).
    let help_of = |call: &RestCall| {
        assert!(call.is_ephemeral(), "{:?}", call.json);
        let embed = &call.message_body().expect("a body")["embeds"][0];
        embed["description"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    let (_, help) = slash(&fake, ALICE, "help", json!([]), &[]).await;
    let help = help_of(&help);
    for expected in [
        "/挑战 [对手] [秒数] [难度]",
        "/走棋 起点 终点",
        "/接受 [编号]",
    ] {
        assert!(help.contains(expected), "{help}");
    }
    let (_, help) = slash(&fake, BOB, "help", json!([]), &[]).await;
    let help = help_of(&help);
    for expected in [
        "/challenge [member] [seconds] [level]",
        "/accept [number]",
        "/decline [number]",
        "/withdraw [number]",
        "/play [seconds] [game] [cancel]",
        "/tournament [action]",
        "/settings [log] [key:value …]",
        "/cancel game [reason]",
    ] {
        assert!(help.contains(expected), "{help}");
    }

    // A public board asked for by the en-US member is still drawn in the server's language.
    let (_, board) = slash(&fake, BOB, "board", json!([]), &[]).await;
    assert!(!board.png_uploads().is_empty(), "{:?}", board.json);

    // A private move guide is drawn in its caller's own language: play on until each member
    // has a piece that can move on their turn, and ask for its guide.
    let mut guided: Vec<TestUser> = Vec::new();
    for _ in 0..80 {
        if guided.len() == 2 {
            break;
        }
        let (who, _, origins) = bot::to_act(&fake).await;
        if let (false, Some(square)) = (guided.contains(&who), origins.first()) {
            let (_, guide) = slash(
                &fake,
                who,
                "moves",
                json!([text_option("square", square)]),
                &[],
            )
            .await;
            assert!(guide.is_ephemeral(), "{:?}", guide.json);
            let uploads = guide.png_uploads();
            assert_eq!(uploads.len(), 1, "{:?}", guide.json);
            let expected = if who == ALICE { "zh-Hans" } else { "en" };
            assert_eq!(
                image_language(&uploads[0].bytes),
                Some(expected),
                "the private move guide of {who:?}"
            );
            guided.push(who);
        }
        play_one(&fake, false).await;
    }
    assert_eq!(guided.len(), 2, "both members asked for a move guide");

    // Nothing public is in English on this 繁體 server, images included.
    for call in fake.calls() {
        if !call.is_ephemeral() {
            for upload in call.png_uploads() {
                assert_eq!(
                    image_language(&upload.bytes),
                    Some("zh-Hant"),
                    "a public image of a 繁體 server: {}",
                    upload.filename
                );
            }
        }
        let text = call.content();
        if text.is_empty() || call.is_ephemeral() {
            continue;
        }
        assert!(
            !text.contains("to act") && !text.contains("challenges"),
            "English in a public message of a 繁體 server: {text}"
        );
    }

    assert_only_registered_commands(&fake);
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_thread_permission_the_game_plays_in_the_channel_and_says_why() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, challenger_first(&fake, data.path())).await;
    // Every message that shows the board carries exactly one PNG of it.
    let images = 1;

    fake.fail_next("POST", "/threads", 403, 1);
    let started = start_game(&fake, None).await;
    assert_eq!(started.callback_type(), Some(4), "{:?}", started.json);
    assert!(!started.is_ephemeral());
    assert!(
        started.content().contains("Create Public Threads"),
        "{}",
        started.content()
    );
    assert_eq!(started.png_uploads().len(), images);
    assert_eq!(pinged(&started), vec![ALICE.id]);
    assert!(fake.threads().is_empty());

    // The game goes on in the channel.
    let (who, action, call) = play_one(&fake, false).await;
    assert!(!call.is_ephemeral(), "{action}: {:?}", call.json);
    assert_eq!(pinged(&call), vec![other(who).id]);
    assert!(fake.messages_in(CHANNEL_ID).len() >= 3);

    running.stop().await;
}

#[test]
fn slash_names_are_found_where_members_would_read_them() {
    let table: [(&str, &[&str]); 5] = [
        ("press Accept or /decline", &["decline"]),
        ("用 /挑战 开始", &["挑战"]),
        ("（/board 显示）", &["board"]),
        ("timeouts a 0 / b 0, https://x.invalid/y", &[]),
        ("/draw", &["draw"]),
    ];
    for (text, expected) in table {
        assert_eq!(slash_names(text), expected, "{text}");
    }
}

/// The bot's configuration with a deal in which the challenger (alice) acts first, as these
/// tests script the turns (the first player is otherwise drawn at random).
fn challenger_first(fake: &FakeDiscord, data: &std::path::Path) -> junqi::config::Config {
    let mut config = bot::config_for(fake, data);
    config.test_seed = Some(3);
    config
}
