//! Checks the fake Discord itself against plain serenity: its gateway payloads parse, its
//! REST answers satisfy serenity, and it records multipart uploads and flags.

use crate::support;

use std::sync::Arc;

use serde_json::json;
use serenity::all::{
    ButtonStyle, Context, CreateActionRow, CreateAttachment, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseMessage, CreateMessage, EventHandler,
    GatewayIntents, HttpBuilder, Interaction, Ready,
};
use serenity::async_trait;
use support::fake_discord::FakeDiscord;
use support::payloads::{ALICE, BOB, CHANNEL_ID};
use tokio::sync::mpsc;

struct Echo {
    seen: mpsc::UnboundedSender<String>,
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\nnot really a png";

#[async_trait]
impl EventHandler for Echo {
    async fn ready(&self, _: Context, ready: Ready) {
        let _ = self.seen.send(format!("ready {}", ready.user.name));
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(command) => {
                let _ = self.seen.send(format!(
                    "command {} by {}",
                    command.data.name, command.user.name
                ));
                let message = CreateInteractionResponseMessage::new()
                    .content("hello")
                    .add_file(CreateAttachment::bytes(PNG, "board.png"))
                    .components(vec![CreateActionRow::Buttons(vec![
                        CreateButton::new("press:1")
                            .label("Press")
                            .style(ButtonStyle::Primary),
                    ])]);
                let response = CreateInteractionResponse::Message(message);
                if let Err(error) = command.create_response(&ctx, response).await {
                    let _ = self.seen.send(format!("error {error}"));
                }
            }
            Interaction::Component(press) => {
                let _ = self.seen.send(format!(
                    "press {} by {}",
                    press.data.custom_id, press.user.name
                ));
                let message = CreateInteractionResponseMessage::new()
                    .content("private")
                    .ephemeral(true);
                let _ = press
                    .create_response(&ctx, CreateInteractionResponse::Message(message))
                    .await;
                let post = CreateMessage::new()
                    .content("public")
                    .add_file(CreateAttachment::bytes(PNG, "after.png"));
                if let Err(error) = press.channel_id.send_message(&ctx, post).await {
                    let _ = self.seen.send(format!("error {error}"));
                }
            }
            _ => {}
        }
    }
}

#[tokio::test]
async fn serenity_runs_against_the_fake() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let http = HttpBuilder::new("fake-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    let (seen, mut events) = mpsc::unbounded_channel();
    let mut client =
        serenity::all::ClientBuilder::new_with_http(http, GatewayIntents::non_privileged())
            .event_handler(Echo { seen })
            .await
            .expect("client");
    let shards = Arc::clone(&client.shard_manager);
    let running = tokio::spawn(async move { client.start().await });

    fake.wait_ready(1).await;
    assert_eq!(events.recv().await.as_deref(), Some("ready junqi-bot"));

    let mark = fake.mark();
    let command = fake.slash(ALICE, "hello", json!([]), &[]);
    assert_eq!(
        events.recv().await.as_deref(),
        Some("command hello by alice")
    );
    let callback = fake
        .wait_for(mark, "the callback", |call| command.is_answered_by(call))
        .await;
    assert_eq!(callback.callback_type(), Some(4));
    assert_eq!(callback.content(), "hello");
    assert_eq!(callback.png_uploads().len(), 1);
    assert_eq!(callback.uploads[0].filename, "board.png");
    assert_eq!(callback.custom_ids(), vec!["press:1".to_string()]);
    let message = fake.message_of(&command).expect("the response is stored");

    let mark = fake.mark();
    let press = fake.press(BOB, message.id, "press:1");
    assert_eq!(events.recv().await.as_deref(), Some("press press:1 by bob"));
    let private = fake
        .wait_for(mark, "the ephemeral answer", |call| {
            press.is_answered_by(call)
        })
        .await;
    assert!(private.is_ephemeral());
    let public = fake
        .wait_for(mark, "the channel message", |call| {
            call.path == format!("/channels/{CHANNEL_ID}/messages")
        })
        .await;
    assert!(public.is_success());
    assert_eq!(public.content(), "public");
    assert_eq!(public.png_uploads()[0].filename, "after.png");

    // A failed upload reaches the handler as an error.
    fake.fail_next("POST", "/messages", 500, 1);
    let press = fake.press(BOB, message.id, "press:1");
    assert_eq!(events.recv().await.as_deref(), Some("press press:1 by bob"));
    let _ = press;
    let error = events.recv().await.unwrap_or_default();
    assert!(error.starts_with("error"), "{error}");

    // A closed gateway is resumed (or re-identified) and events flow again.
    fake.close_gateway();
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (readies, _, resumes) = fake.gateway_counts();
        if readies + resumes >= 2 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bot did not reconnect"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    fake.slash(ALICE, "hello", json!([]), &[]);
    assert_eq!(
        events.recv().await.as_deref(),
        Some("command hello by alice")
    );

    shards.shutdown_all().await;
    let _ = running.await;
}

#[test]
fn the_fakes_handshake_events_parse_as_serenity_events() {
    use serenity::all::GatewayEvent;
    use support::payloads;
    for (event, data) in [
        ("READY", payloads::ready(1, "ws://127.0.0.1:1/gateway")),
        ("GUILD_CREATE", payloads::guild_create()),
    ] {
        let frame = json!({ "op": 0, "s": 1, "t": event, "d": data });
        if let Err(error) = serde_json::from_value::<GatewayEvent>(frame) {
            panic!("{event}: {error}");
        }
    }
}
