//! Delivery against the fake Discord of the integration tests (included by path): a slow
//! service call is deferred, and its answer then arrives as a followup — a private one after
//! the public placeholder is deleted.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serde_json::json;

use super::super::messages::{Layout, Outgoing};
use super::{Origin, answer};
use crate::service::Reply;

#[path = "../../tests/it/support/fake_discord.rs"]
#[allow(dead_code)]
mod fake_discord;
#[path = "../../tests/it/support/fake_rest.rs"]
mod fake_rest;
#[path = "../../tests/it/support/fake_tls.rs"]
#[allow(dead_code)]
mod fake_tls;
#[path = "../../tests/it/support/multipart.rs"]
mod multipart;
#[path = "../../tests/it/support/payloads.rs"]
#[allow(dead_code)]
mod payloads;
#[path = "../../tests/it/support/shards.rs"]
#[allow(dead_code)]
mod shards;

use fake_discord::FakeDiscord;

fn interaction(id: u64) -> serenity::CommandInteraction {
    let data = payloads::command_data(1, "board", json!([]), &[]);
    let payload = payloads::interaction(2, id, &format!("token-{id}"), payloads::ALICE, data);
    serde_json::from_value(payload).expect("a command interaction")
}

async fn slow(reply: Reply) -> Reply {
    tokio::time::sleep(super::DEFER_AFTER + Duration::from_millis(300)).await;
    reply
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_answers_are_deferred_then_followed_up() {
    let fake = FakeDiscord::start().await;
    let http = serenity::HttpBuilder::new("fake-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .application_id(serenity::ApplicationId::new(payloads::APPLICATION_ID))
        .build();
    let public = interaction(1);
    let private = interaction(2);
    let plain = |reply| Outgoing::new(reply, Layout::Plain);
    let (public_delivered, private_delivered) = tokio::join!(
        answer(
            &http,
            Origin::Command(&public),
            slow(Reply::public(vec!["alice flips B3".into()])),
            plain
        ),
        answer(
            &http,
            Origin::Command(&private),
            slow(Reply::refusal("not your turn")),
            plain
        ),
    );
    assert!(public_delivered);
    assert!(!private_delivered, "true only for public replies");

    let calls = fake.calls();
    let of = |token: &str| -> Vec<String> {
        calls
            .iter()
            .filter(|call| call.path.contains(token))
            .map(|call| format!("{} {} {}", call.method, call.path, call.flags()))
            .collect()
    };
    assert_eq!(
        of("token-1"),
        vec![
            "POST /interactions/1/token-1/callback 0",
            "POST /webhooks/3000/token-1 0",
        ]
    );
    assert_eq!(
        of("token-2"),
        vec![
            "POST /interactions/2/token-2/callback 0",
            "DELETE /webhooks/3000/token-2/messages/@original 0",
            "POST /webhooks/3000/token-2 64",
        ]
    );
    let deferrals = calls
        .iter()
        .filter(|call| call.callback_type() == Some(5))
        .count();
    assert_eq!(deferrals, 2);
}

/// A tournament room that closes before its game began (the store failed as it opened): the
/// closing line goes to its thread, the thread is archived, and the notice in the channel that
/// grew the thread is struck through with that line, so nobody looks for a game there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_room_strikes_its_notice_through_and_archives_its_thread() {
    use crate::service::{GameEvent, Outbound, RoomRequest, Rooms};
    use crate::store::Place;
    use std::sync::Arc;

    let fake = FakeDiscord::start().await;
    let http = Arc::new(
        serenity::HttpBuilder::new("fake-token")
            .proxy(fake.base_url())
            .ratelimiter_disabled(true)
            .application_id(serenity::ApplicationId::new(payloads::APPLICATION_ID))
            .build(),
    );
    let threads = Arc::new(super::super::threads::Threads::default());
    let rooms = super::super::tournament::ThreadRooms {
        http: Arc::new(tokio::sync::SetOnce::new_with(Some(http.clone()))),
        threads: threads.clone(),
    };
    let channel = Place {
        guild: payloads::GUILD_ID,
        channel: payloads::CHANNEL_ID,
    };
    let room = rooms
        .open(RoomRequest {
            channel,
            tournament: 4,
            number: 2,
            names: ["ann".into(), "bo".into()],
            quick_match: None,
        })
        .await
        .expect("a room opens");
    let thread = fake.threads().pop().expect("a thread");
    assert_eq!((thread.id, thread.parent), (room.channel, channel.channel));

    let closing = "No game starts here: the store failed. The pairing is tried again.";
    let message = Outbound {
        place: room,
        reply: Reply::public(vec![closing.into()]).with_event(GameEvent::RoomClosed),
    };
    let turns = super::super::turns::TurnMessages::default();
    super::post_one(&http, &threads, &turns, message).await;

    let notice = fake.message(thread.message).expect("the notice");
    assert_eq!(notice.content, format!("~~ann vs bo · #4-2~~\n{closing}"));
    let in_thread: Vec<String> = fake
        .messages_in(room.channel)
        .into_iter()
        .map(|message| message.content)
        .collect();
    assert_eq!(in_thread, vec![closing.to_string()]);
    assert!(fake.threads().iter().all(|thread| thread.archived));
}
