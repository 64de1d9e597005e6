//! End to end over the fake Discord: the real bot (in-process, `junqi::discord::run_with`)
//! registers its commands, and two members challenge, accept, flip and move through slash
//! commands, buttons and autocomplete; refusals are ephemeral, every action posts one message
//! with the board PNG, and `/rank` answers with an embed.

use crate::support;

use junqi::service::Reply;
use serde_json::json;
use support::bot::{self, other, play_one, press, slash, start_game, text_option};
use support::fake_discord::FakeDiscord;
use support::payloads::{ALICE, BOB, CAROL};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn members_play_a_game_through_slash_commands_and_buttons() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::channel_config_for(&fake, data.path())).await;
    // Every message that shows the board carries exactly one PNG of it.
    let images = 1;

    // Commands are registered in the dev guild, localised.
    let commands = fake.commands();
    for name in [
        "challenge",
        "flip",
        "move",
        "moves",
        "board",
        "resign",
        "draw",
        "abandon",
        "rematch",
        "rank",
        "leaderboard",
        "rules",
        "help",
    ] {
        assert!(commands.contains_key(name), "/{name} is registered");
    }
    let register = fake
        .calls()
        .into_iter()
        .find(|call| call.method == "PUT")
        .expect("the registration");
    assert_eq!(register.path, "/applications/3000/guilds/1000/commands");
    assert_eq!(commands["move"]["name_localizations"]["zh-CN"], "走棋");
    assert_eq!(commands["move"]["name_localizations"]["zh-TW"], "走棋");
    assert_eq!(
        commands["challenge"]["description_localizations"]["zh-TW"],
        "在本頻道向一位成員（或機器人）發起對局"
    );
    let flip_square = &commands["flip"]["options"][0];
    assert_eq!(flip_square["autocomplete"], true);

    // alice challenges bob: a public message with Accept / Decline / Withdraw.
    let options = json!([{ "type": 6, "name": "member", "value": BOB.id.to_string() }]);
    let (challenge, call) = slash(&fake, ALICE, "challenge", options, &[BOB]).await;
    assert_eq!(call.callback_type(), Some(4));
    assert!(!call.is_ephemeral());
    let ids = call.custom_ids();
    let accept = ids
        .iter()
        .find(|id| id.starts_with("accept:"))
        .expect("Accept")
        .clone();
    assert!(ids.iter().any(|id| id.starts_with("decline:")), "{ids:?}");
    assert!(ids.iter().any(|id| id.starts_with("withdraw:")), "{ids:?}");
    let challenge_message = fake.message_of(&challenge).expect("stored").id;

    // carol may not accept a challenge meant for bob: a private refusal.
    let refusal = press(&fake, CAROL, challenge_message, &accept).await;
    assert!(refusal.is_ephemeral(), "{:?}", refusal.json);
    assert!(refusal.png_uploads().is_empty());

    // bob accepts: the game starts with a public message and the board image; the challenge's
    // buttons are removed.
    let mark = fake.mark();
    let started = press(&fake, BOB, challenge_message, &accept).await;
    assert!(!started.is_ephemeral(), "{:?}", started.json);
    assert_eq!(
        started.png_uploads().len(),
        images,
        "the board PNG is uploaded"
    );
    assert_eq!(started.png_uploads()[0].filename, "board.png");
    fake.wait_for(mark, "the challenge's buttons removed", |call| {
        call.method == "PATCH"
            && call.path == format!("/channels/2000/messages/{challenge_message}")
    })
    .await;
    assert_eq!(
        fake.message(challenge_message).expect("stored").components,
        json!([])
    );

    // The player not to act is refused privately, and nothing changes.
    let (first, flips, _) = bot::to_act(&fake).await;
    assert!(!flips.is_empty());
    let (_, refused) = slash(
        &fake,
        other(first),
        "flip",
        json!([text_option("square", &flips[0])]),
        &[],
    )
    .await;
    assert!(
        refused.is_ephemeral(),
        "flag 64 on a refusal: {:?}",
        refused.json
    );
    assert!(refused.png_uploads().is_empty());
    let (still_first, _, _) = bot::to_act(&fake).await;
    assert_eq!(still_first, first, "a refusal changes nothing");

    // A bad square is refused privately too.
    let (_, bad) = slash(
        &fake,
        first,
        "flip",
        json!([text_option("square", "Z99")]),
        &[],
    )
    .await;
    assert!(bad.is_ephemeral());

    // Play flips, then a move once one is possible: every action is one public message with
    // a one-line summary and the board image.
    let mut moved = false;
    for _ in 0..40 {
        let (who, action, call) = play_one(&fake, true).await;
        assert!(!call.is_ephemeral(), "{who:?} {action}: {:?}", call.json);
        assert_eq!(call.png_uploads().len(), images, "{action} posts the board");
        assert!(!call.content().is_empty());
        if action.starts_with("move") {
            moved = true;
            // The mover's opponent cannot move the same piece back: not their piece/turn.
            let (_, wrong) = slash(
                &fake,
                who,
                "move",
                json!([text_option("from", "A1"), text_option("to", "A2")]),
                &[],
            )
            .await;
            assert!(
                wrong.is_ephemeral(),
                "moving out of turn is refused privately"
            );
            break;
        }
    }
    assert!(moved, "a move became possible within 40 actions");

    // The move guide is private and comes with an image.
    let (who, _, origins) = bot::to_act(&fake).await;
    if let Some(square) = origins.first() {
        let (_, guide) = slash(
            &fake,
            who,
            "moves",
            json!([text_option("square", square)]),
            &[],
        )
        .await;
        assert!(guide.is_ephemeral(), "{:?}", guide.json);
        assert_eq!(guide.png_uploads().len(), images);
    }

    // /board shows the position to anyone.
    let (_, board) = slash(&fake, CAROL, "board", json!([]), &[]).await;
    assert_eq!(board.png_uploads().len(), images);

    // /rank answers with an embed.
    let options = json!([{ "type": 6, "name": "member", "value": BOB.id.to_string() }]);
    let (_, rank) = slash(&fake, ALICE, "rank", options, &[BOB]).await;
    let embed = &rank.message_body().expect("a body")["embeds"][0];
    assert!(
        embed["title"].as_str().unwrap_or("").contains("bob"),
        "{embed}"
    );
    assert!(
        embed["description"]
            .as_str()
            .unwrap_or("")
            .contains("points"),
        "{embed}"
    );

    // /resign before 50 actions is refused at once, privately, with no confirmation step.
    let (_, early) = slash(&fake, ALICE, "resign", json!([]), &[]).await;
    assert!(early.is_ephemeral(), "{:?}", early.json);
    assert!(early.custom_ids().is_empty(), "{:?}", early.json);
    assert!(early.content().contains("50"), "{}", early.content());

    // /abandon asks to confirm first; Cancel changes nothing.
    let (abandon, prompt) = slash(&fake, ALICE, "abandon", json!([]), &[]).await;
    assert!(prompt.is_ephemeral());
    assert_eq!(
        prompt.custom_ids(),
        vec!["confirm:abandon", "confirm:cancel"]
    );
    let prompt_message = fake.message_of(&abandon).expect("stored").id;
    let cancelled = press(&fake, ALICE, prompt_message, "confirm:cancel").await;
    assert_eq!(
        cancelled.callback_type(),
        Some(7),
        "cancel updates the prompt"
    );

    // A button nobody knows has expired.
    let expired = press(&fake, BOB, challenge_message, "accept:999999").await;
    assert!(expired.is_ephemeral());
    let unknown = press(&fake, BOB, challenge_message, "no-such-button").await;
    assert!(unknown.is_ephemeral());

    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_response_is_retried_and_the_game_stays_consistent() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::channel_config_for(&fake, data.path())).await;
    // Every message that shows the board carries exactly one PNG of it.
    let images = 1;
    start_game(&fake, None).await;

    // Discord fails the next response (with its upload) once: the bot sends it again.
    let (who, flips, _) = bot::to_act(&fake).await;
    fake.fail_next("POST", "/callback", 500, 1);
    let mark = fake.mark();
    let injected = fake.slash(who, "flip", json!([text_option("square", &flips[0])]), &[]);
    let delivered = bot::answer(&fake, mark, &injected).await;
    assert_eq!(delivered.png_uploads().len(), images);
    // (The bot then reads its answer back, a GET, to know its newest turn message.)
    let attempts: Vec<_> = fake
        .calls_since(mark)
        .into_iter()
        .filter(|call| injected.is_answered_by(call) && call.method != "GET")
        .collect();
    assert_eq!(attempts.len(), 2, "one failed attempt, one retry");
    assert_eq!(attempts[0].status, 500);
    assert_eq!(attempts[0].png_uploads().len(), images);
    assert_eq!(
        attempts[0].content(),
        attempts[1].content(),
        "the same message again"
    );

    // The flip happened exactly once: the turn passed to the other player.
    let (next, next_flips, _) = bot::to_act(&fake).await;
    assert_eq!(next, other(who));
    assert!(
        !next_flips.contains(&flips[0]),
        "the flipped square is no longer face down"
    );

    // A failure that persists: after its attempts the bot posts the answer to the channel
    // instead; the action stands and the game goes on.
    fake.fail_next("POST", "/callback", 500, 3 + images);
    let mark = fake.mark();
    let injected = fake.slash(
        next,
        "flip",
        json!([text_option("square", &next_flips[0])]),
        &[],
    );
    fake.wait_for(mark, "the last attempt", |call| {
        injected.is_answered_by(call)
            && call.status == 500
            && fake
                .calls_since(mark)
                .iter()
                .filter(|c| injected.is_answered_by(c))
                .count()
                >= 3 + images
    })
    .await;
    let posted = fake
        .wait_for(mark, "the answer posted to the channel", |call| {
            call.path == "/channels/2000/messages" && call.is_success()
        })
        .await;
    assert!(!posted.content().is_empty());
    assert!(!posted.is_ephemeral());
    let (after, _, _) = bot::to_act(&fake).await;
    assert_eq!(after, who, "the second flip counted once as well");
    let (_, board) = slash(&fake, next, "board", json!([]), &[]).await;
    assert!(!board.is_ephemeral());

    // Discord closes the gateway: the bot reconnects (resume or identify) and play goes on.
    let (readies, _, resumes) = fake.gateway_counts();
    fake.close_gateway();
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (r, _, s) = fake.gateway_counts();
        if r + s > readies + resumes {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bot did not reconnect"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let (player, action, call) = play_one(&fake, true).await;
    assert_eq!(player, after);
    assert!(
        !call.is_ephemeral(),
        "{action} after the reconnection: {:?}",
        call.json
    );

    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_upload_that_keeps_failing_goes_out_as_text() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let config = bot::config_for(&fake, std::path::Path::new("unused"));
    let http = junqi::discord::http::client(&config, "fake-token").expect("the HTTP client");
    let png = b"\x89PNG\r\n\x1a\nboard".to_vec();
    let reply = || Reply::public(vec!["alice flips B3".into()]).with_png(Some(png.clone()));

    // Fails once: retried with the image.
    fake.fail_next("POST", "/channels/2000/messages", 502, 1);
    let mark = fake.mark();
    assert!(junqi::discord::post_reply(&http, 2000, reply()).await);
    let calls = fake.calls_since(mark);
    assert_eq!(
        calls.iter().map(|c| c.status).collect::<Vec<_>>(),
        vec![502, 200]
    );
    assert_eq!(calls[1].png_uploads()[0].filename, "board.png");
    assert_eq!(calls[1].content(), "alice flips B3");

    // Keeps failing: sent as text, saying that /board shows the image.
    fake.fail_next("POST", "/channels/2000/messages", 500, 3);
    let mark = fake.mark();
    assert!(junqi::discord::post_reply(&http, 2000, reply()).await);
    let calls = fake.calls_since(mark);
    assert_eq!(
        calls.iter().map(|c| c.status).collect::<Vec<_>>(),
        vec![500, 500, 500, 200]
    );
    assert!(calls[3].uploads.is_empty());
    assert!(calls[3].content().starts_with("alice flips B3\n"));
    assert!(calls[3].content().contains("/board"));

    // A refusal from Discord (403: no permission to post) is not retried.
    fake.fail_next("POST", "/channels/2000/messages", 403, 1);
    let mark = fake.mark();
    assert!(!junqi::discord::post_reply(&http, 2000, Reply::public(vec!["hi".into()])).await);
    assert_eq!(fake.calls_since(mark).len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_own_messages_reach_the_channel_through_a_rate_limit() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::channel_config_for(&fake, data.path())).await;
    // A 1-second clock: the first player times out and the bot says so on its own.
    start_game(&fake, Some(1)).await;
    fake.fail_next("POST", "/channels/2000/messages", 429, 1);
    let mark = fake.mark();
    let posted = fake
        .wait_for(mark, "the timeout message", |call| {
            call.method == "POST" && call.path == "/channels/2000/messages" && call.is_success()
        })
        .await;
    assert!(!posted.content().is_empty());
    let limited: Vec<_> = fake
        .calls_since(mark)
        .into_iter()
        .filter(|call| call.status == 429)
        .collect();
    assert_eq!(limited.len(), 1, "the 429 was answered once and retried");
    running.stop().await;
}
