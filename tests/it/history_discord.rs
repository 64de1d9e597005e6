//! `/history`, `/replay` and `/games` end to end over the fake Discord: commands registered
//! and localised; a game played and abandoned, then listed (with a Discord timestamp) and
//! replayed with its files attached; `/games` links the live game's channel; and paging with
//! the buttons through 25 finished games stored before the bot started.

use crate::store_support::live_game;
use crate::support;

use junqi::game::{Outcome, Seat, WinReason};
use junqi::store::{FinishedGame, Place, Store};
use serde_json::json;
use support::bot::{self, play_one, press, slash, start_game};
use support::fake_discord::FakeDiscord;
use support::payloads::{ALICE, BOB, CAROL, GUILD_ID};

/// The game number of the first history row (`#N …`) of a message.
fn first_game_number(content: &str) -> u64 {
    content
        .lines()
        .find_map(|line| line.strip_prefix('#')?.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no game row in {content}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_played_on_discord_shows_in_history_and_replays_with_its_files() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    let running = bot::start(&fake, bot::config_for(&fake, data.path())).await;

    let commands = fake.commands();
    for name in ["history", "replay", "games"] {
        assert!(commands.contains_key(name), "/{name} is registered");
    }
    assert_eq!(commands["history"]["name_localizations"]["zh-CN"], "战绩");
    assert_eq!(commands["replay"]["name_localizations"]["zh-TW"], "回放");
    assert_eq!(
        commands["replay"]["options"][1]["max_value"].as_f64(),
        Some(10.0)
    );

    start_game(&fake, None).await;
    for _ in 0..4 {
        play_one(&fake, false).await;
    }
    let (_, games) = slash(&fake, CAROL, "games", json!([]), &[]).await;
    assert!(games.is_ephemeral());
    assert!(
        games.content().contains("alice vs bob"),
        "{}",
        games.content()
    );
    assert!(games.content().contains("action 4"), "{}", games.content());
    let thread = fake.threads().pop().expect("the game's thread").id;
    assert!(
        games.content().contains(&format!("<#{thread}>")),
        "links to the game's thread: {}",
        games.content()
    );

    let (abandon, prompt) = slash(&fake, ALICE, "abandon", json!([]), &[]).await;
    let prompt_message = fake.message_of(&abandon).expect("stored").id;
    assert!(prompt.custom_ids().contains(&"confirm:abandon".to_string()));
    let ended = press(&fake, ALICE, prompt_message, "confirm:abandon").await;
    assert!(ended.content().contains("abandons"), "{}", ended.content());

    let (_, history) = slash(&fake, BOB, "history", json!([]), &[]).await;
    let content = history.content();
    assert!(history.is_ephemeral());
    assert!(content.contains("vs alice"), "{content}");
    assert!(content.contains("won (abandonment)"), "{content}");
    assert!(content.contains("4 actions"), "{content}");
    assert!(
        content.contains("<t:") && content.contains(":d>"),
        "{content}"
    );
    assert!(history.custom_ids().is_empty(), "one page: no buttons");
    let number = first_game_number(content);

    let options = json!([{ "type": 4, "name": "game", "value": number }]);
    let (_, replay) = slash(&fake, CAROL, "replay", options, &[]).await;
    assert!(!replay.is_ephemeral(), "{:?}", replay.json);
    assert!(
        replay
            .content()
            .contains(&format!("Replay of game #{number}"))
    );
    let names: Vec<&str> = replay
        .uploads
        .iter()
        .map(|upload| upload.filename.as_str())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names[0] == format!("game-{number}.gif"), "{names:?}");
    assert_eq!(names[1], format!("game-{number}.txt"));
    assert!(replay.uploads.iter().all(|upload| !upload.bytes.is_empty()));
    assert!(replay.uploads[0].bytes.starts_with(b"GIF89a"));

    let (_, none) = slash(&fake, CAROL, "games", json!([]), &[]).await;
    assert!(none.content().contains("No games"), "{}", none.content());
    let options = json!([{ "type": 4, "name": "game", "value": 987_654 }]);
    let (_, unknown) = slash(&fake, CAROL, "replay", options, &[]).await;
    assert!(unknown.is_ephemeral() && unknown.uploads.is_empty());
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_buttons_page_through_25_games() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary directory");
    {
        let store = Store::open(data.path()).await.expect("store");
        for id in 1..=25u64 {
            let place = Place {
                guild: GUILD_ID,
                channel: 5_000 + id,
            };
            let mut live = live_game(id, place, [ALICE.id, BOB.id], id);
            live.names = ["alice".into(), "bob".into()];
            store.put_live_game(&live).await.expect("stored");
            let finished = FinishedGame {
                game: live,
                ended_at_ms: 1_700_000_000_000 + id * 60_000,
                outcome: Outcome::Win {
                    winner: Seat::Second,
                    reason: WinReason::Resignation,
                },
                points: [-2, 2],
            };
            store.finish_game(&finished).await.expect("finished");
        }
    }
    let running = bot::start(&fake, bot::config_for(&fake, data.path())).await;
    let options = json!([{ "type": 6, "name": "member", "value": ALICE.id.to_string() }]);
    let (first, page1) = slash(&fake, CAROL, "history", options, &[ALICE]).await;
    assert!(
        page1.content().contains("games 1–10 of 25"),
        "{}",
        page1.content()
    );
    assert_eq!(first_game_number(page1.content()), 25);
    assert!(
        page1.content().contains("lost (resignation) · -2"),
        "{}",
        page1.content()
    );
    let older = format!("history:{}:1", ALICE.id);
    assert_eq!(page1.custom_ids(), vec![older.clone()]);

    let message = fake.message_of(&first).expect("stored").id;
    let page2 = press(&fake, CAROL, message, &older).await;
    assert!(
        page2
            .content()
            .contains("alice's finished games 11–20 of 25"),
        "{}",
        page2.content()
    );
    assert_eq!(first_game_number(page2.content()), 15);
    assert_eq!(
        page2.custom_ids(),
        vec![
            format!("history:{}:0", ALICE.id),
            format!("history:{}:2", ALICE.id)
        ]
    );
    let page3 = press(&fake, CAROL, message, &format!("history:{}:2", ALICE.id)).await;
    assert!(
        page3.content().contains("21–25 of 25"),
        "{}",
        page3.content()
    );
    assert_eq!(first_game_number(page3.content()), 5);
    assert_eq!(page3.custom_ids(), vec![format!("history:{}:1", ALICE.id)]);
    running.stop().await;
}
