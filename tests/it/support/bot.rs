//! Starting the real bot in-process against the fake Discord, and the moves of a scripted
//! game: who is to act and what they may play are asked through autocomplete, like a player.

use std::path::Path;

use junqi::config::Config;
use junqi::discord::{DiscordError, run_with};
use serde_json::{Value, json};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::fake_discord::{FakeDiscord, Injected, RestCall};
use super::payloads::{ALICE, BOB, CHANNEL_ID, GUILD_ID, TestUser};

/// The bot running in this test's runtime.
pub struct RunningBot {
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<Result<(), DiscordError>>,
}

impl RunningBot {
    /// Stops the bot (games are kept in the store) and waits until it has stopped.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        match (&mut self.task).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => panic!("the bot stopped with an error: {error}"),
            Err(error) => panic!("the bot task failed: {error}"),
        }
    }
}

/// The configuration of a bot talking to `fake`, with its commands in the fake's guild.
pub fn config_for(fake: &FakeDiscord, data: &Path) -> Config {
    let mut config = Config {
        data_dir: data.to_path_buf(),
        ..Config::default()
    };
    config.discord.api_base_url = Some(fake.base_url());
    config.discord.dev_guild = Some(GUILD_ID);
    config
}

/// Starts the bot and waits until it has registered its commands.
pub async fn start(fake: &FakeDiscord, config: Config) -> RunningBot {
    let mark = fake.mark();
    let (stop, stopped) = oneshot::channel::<()>();
    let data = config.data_dir.clone();
    let task = tokio::spawn(async move {
        let shutdown = async {
            let _ = stopped.await;
        };
        run_with(config, &data, "fake-token".to_string(), shutdown).await
    });
    fake.wait_for(mark, "command registration", |call| {
        call.method == "PUT" && call.path.ends_with("/commands") && call.is_success()
    })
    .await;
    RunningBot {
        stop: Some(stop),
        task,
    }
}

/// The bot's first successful answer to `injected` (callback, or followup after a defer).
pub async fn answer(fake: &FakeDiscord, mark: usize, injected: &Injected) -> RestCall {
    fake.wait_for(
        mark,
        &format!("an answer to interaction {}", injected.id),
        |call| {
            injected.is_answered_by(call) && call.is_success() && call.callback_type() != Some(5)
        },
    )
    .await
}

/// Runs `/name options` as `who` and returns the bot's answer.
pub async fn slash(
    fake: &FakeDiscord,
    who: TestUser,
    name: &str,
    options: Value,
    users: &[TestUser],
) -> (Injected, RestCall) {
    let mark = fake.mark();
    let injected = fake.slash(who, name, options, users);
    let call = answer(fake, mark, &injected).await;
    (injected, call)
}

/// Presses a button and returns the bot's answer.
pub async fn press(fake: &FakeDiscord, who: TestUser, message: u64, custom_id: &str) -> RestCall {
    let mark = fake.mark();
    let injected = fake.press(who, message, custom_id);
    answer(fake, mark, &injected).await
}

pub fn text_option(name: &str, value: &str) -> Value {
    json!({ "type": 3, "name": name, "value": value })
}

/// The squares autocomplete offers `who` for option `focused` of `/command`.
pub async fn suggestions(
    fake: &FakeDiscord,
    who: TestUser,
    command: &str,
    filled: Vec<Value>,
    focused: &str,
) -> Vec<String> {
    let mark = fake.mark();
    let injected = fake.autocomplete(who, command, filled, focused, "");
    let call = answer(fake, mark, &injected).await;
    assert_eq!(call.callback_type(), Some(8), "an autocomplete answer");
    call.json.as_ref().expect("a body")["data"]["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .map(|choice| {
            choice["value"]
                .as_str()
                .expect("a string choice")
                .to_string()
        })
        .collect()
}

/// Of alice and bob, the one autocomplete offers flips or moves to, with what it offers:
/// (player, flips, movable pieces).
pub async fn to_act(fake: &FakeDiscord) -> (TestUser, Vec<String>, Vec<String>) {
    for who in [ALICE, BOB] {
        let flips = suggestions(fake, who, "flip", vec![], "square").await;
        let origins = suggestions(fake, who, "move", vec![], "from").await;
        if !flips.is_empty() || !origins.is_empty() {
            return (who, flips, origins);
        }
    }
    panic!("autocomplete offers nothing to either player");
}

pub fn other(who: TestUser) -> TestUser {
    if who == ALICE { BOB } else { ALICE }
}

/// The configuration of a bot that plays games in the channel itself, without threads.
pub fn channel_config_for(fake: &FakeDiscord, data: &Path) -> Config {
    let mut config = config_for(fake, data);
    config.discord.game_threads = false;
    config
}

/// When the bot has made a thread for the game, acts in it from now on; returns the thread.
pub fn follow_thread(fake: &FakeDiscord) -> Option<u64> {
    let thread = fake.threads().last()?.id;
    fake.use_channel(thread);
    Some(thread)
}

/// Challenges bob as alice and has bob accept: returns the game's first message (in its
/// thread, which later commands then come from, or in the channel).
pub async fn start_game(fake: &FakeDiscord, seconds: Option<u32>) -> RestCall {
    let mut options = vec![json!({ "type": 6, "name": "member", "value": BOB.id.to_string() })];
    if let Some(seconds) = seconds {
        options.push(json!({ "type": 4, "name": "seconds", "value": seconds }));
    }
    let (challenge, call) = slash(fake, ALICE, "challenge", Value::from(options), &[BOB]).await;
    assert!(
        !call.is_ephemeral(),
        "the challenge is public: {:?}",
        call.json
    );
    let accept = call
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("accept:"))
        .expect("an Accept button");
    let message = fake.message_of(&challenge).expect("the challenge message");
    let mark = fake.mark();
    let answer = press(fake, BOB, message.id, &accept).await;
    if answer.callback_type() != Some(7) {
        return answer;
    }
    let first = wait_for_thread_start(fake, mark).await;
    follow_thread(fake);
    first
}

/// Waits, from `mark`, for a game's first message in a thread of its own.
pub async fn wait_for_thread_start(fake: &FakeDiscord, mark: usize) -> RestCall {
    fake.wait_for(mark, "the game's first message in its thread", |call| {
        call.method == "POST"
            && call.path.starts_with("/channels/")
            && call.path.ends_with("/messages")
            && call.path != format!("/channels/{CHANNEL_ID}/messages")
            && call.is_success()
    })
    .await
}

/// Plays one action for whoever is to act (a move when one exists and `prefer_move`, else a
/// flip) and returns (player, command, the answer).
pub async fn play_one(fake: &FakeDiscord, prefer_move: bool) -> (TestUser, String, RestCall) {
    let (who, flips, origins) = to_act(fake).await;
    if prefer_move || flips.is_empty() {
        for from in &origins {
            let filled = vec![text_option("from", from)];
            let targets = suggestions(fake, who, "move", filled, "to").await;
            if let Some(to) = targets.first() {
                let options = json!([text_option("from", from), text_option("to", to)]);
                let (_, call) = slash(fake, who, "move", options, &[]).await;
                return (who, format!("move {from} {to}"), call);
            }
        }
    }
    let square = flips.first().expect("a flip when no move is offered");
    let (_, call) = slash(
        fake,
        who,
        "flip",
        json!([text_option("square", square)]),
        &[],
    )
    .await;
    (who, format!("flip {square}"), call)
}

/// The messages in `channel` that still have buttons, oldest first.
pub fn buttoned(fake: &FakeDiscord, channel: u64) -> Vec<u64> {
    fake.messages_in(channel)
        .into_iter()
        .filter(|message| {
            message
                .components
                .as_array()
                .is_some_and(|rows| !rows.is_empty())
        })
        .map(|message| message.id)
        .collect()
}

/// Waits (a while at most) until at most one message in `channel` has buttons: the edits that
/// take them off older turn messages may trail the answers by a moment. Returns them.
pub async fn settle_buttons(fake: &FakeDiscord, channel: u64) -> Vec<u64> {
    let deadline = tokio::time::Instant::now() + super::fake_discord::WAIT;
    while buttoned(fake, channel).len() > 1 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    buttoned(fake, channel)
}

/// Starts the bot on `data` with game threads and the fixed deal seed 7 (the console tests'),
/// so a test knows the deal.
pub async fn start_seeded(fake: &FakeDiscord, data: &Path) -> RunningBot {
    let mut config = config_for(fake, data);
    config.test_seed = Some(7);
    start(fake, config).await
}
