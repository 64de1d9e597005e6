//! The real `junqi-bot run` binary against the fake Discord: a missing token is explained,
//! and a bot killed mid-game (SIGKILL, no goodbye) comes back with its games: a button sent
//! before the restart still works, and so do moves, and the first turn message after the restart
//! takes the buttons off the last one before it; Ctrl-C stops it cleanly. A resumed game
//! speaks its server's language from its first message, before anyone has typed.

use crate::support;

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use serde_json::json;
use support::bot::{self, play_one, press, slash, start_game};
use support::fake_discord::FakeDiscord;
use support::payloads::{ALICE, BOB, GUILD_ID};
use tokio::process::{Child, Command};

const BINARY: &str = env!("CARGO_BIN_EXE_junqi-bot");

fn write_config(fake: &FakeDiscord, dir: &Path) -> std::path::PathBuf {
    let path = dir.join("bot.toml");
    let text = format!(
        "data_dir = {data:?}\n\n[discord]\napi_base_url = {base:?}\ndev_guild = {GUILD_ID}\n",
        data = dir.join("data").display().to_string(),
        base = fake.base_url(),
    );
    std::fs::write(&path, text).expect("write the config");
    path
}

/// Starts `junqi-bot run` and waits until it has registered its commands.
async fn spawn_bot(fake: &FakeDiscord, config: &Path) -> Child {
    let mark = fake.mark();
    let child = Command::new(BINARY)
        .args(["run", "--config"])
        .arg(config)
        .env("DISCORD_TOKEN", "fake-token")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("start junqi-bot run");
    fake.wait_for(mark, "command registration", |call| {
        call.method == "PUT" && call.path.ends_with("/commands") && call.is_success()
    })
    .await;
    child
}

async fn crash(mut child: Child) {
    child.kill().await.expect("SIGKILL the bot");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_token_run_says_how_to_set_one() {
    let output = Command::new(BINARY)
        .arg("run")
        .env_remove("DISCORD_TOKEN")
        .output()
        .await
        .expect("run junqi-bot");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("DISCORD_TOKEN"), "{stderr}");
    assert!(stderr.contains("junqi-bot console"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_keeps_its_buttons_and_games() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let config = write_config(&fake, dir.path());
    let child = spawn_bot(&fake, &config).await;

    // A challenge is posted; then the bot dies.
    let options = json!([{ "type": 6, "name": "member", "value": BOB.id.to_string() }]);
    let (challenge, call) = slash(&fake, ALICE, "challenge", options, &[BOB]).await;
    let accept = call
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("accept:"))
        .expect("an Accept button");
    let challenge_message = fake.message_of(&challenge).expect("stored").id;
    crash(child).await;

    // The new process accepts through the old message's button.
    let child = spawn_bot(&fake, &config).await;
    assert_eq!(fake.gateway_counts().1, 2, "a second IDENTIFY");
    let started = press(&fake, BOB, challenge_message, &accept).await;
    assert!(!started.is_ephemeral(), "{:?}", started.json);
    let thread = fake.wait_until_thread().await;
    assert_eq!(
        bot::follow_thread(&fake),
        Some(thread),
        "the game has its thread"
    );

    // Two flips, then the bot dies mid-game.
    let mut flipped = Vec::new();
    for _ in 0..2 {
        let (_, action, call) = play_one(&fake, false).await;
        assert!(!call.is_ephemeral(), "{action}: {:?}", call.json);
        flipped.push(action.trim_start_matches("flip ").to_string());
    }
    let (to_act, _, _) = bot::to_act(&fake).await;
    crash(child).await;

    // After the restart the same player is to act, the flips are still flipped, and play
    // goes on.
    let mut child = spawn_bot(&fake, &config).await;
    let (again, flips, _) = bot::to_act(&fake).await;
    assert_eq!(again, to_act);
    for square in &flipped {
        assert!(!flips.contains(square), "{square} stayed flipped");
    }
    let (who, action, call) = play_one(&fake, true).await;
    assert_eq!(who, to_act);
    assert!(!call.is_ephemeral(), "{action}: {:?}", call.json);

    // The turn message posted before the crash lost its buttons when the first one after the
    // restart came (the new process found it among the thread's messages): only the newest
    // turn message has buttons.
    let buttoned = bot::settle_buttons(&fake, thread).await;
    let newest = fake.messages_in(thread).last().expect("messages").id;
    assert_eq!(
        buttoned,
        vec![newest],
        "only the newest turn message has buttons"
    );

    // Ctrl-C: a clean stop.
    let pid = child.id().expect("a running bot").to_string();
    let status = std::process::Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .expect("send SIGINT");
    assert!(status.success());
    let exit = tokio::time::timeout(Duration::from_secs(10), child.wait())
        .await
        .expect("the bot stops within 10 s")
        .expect("its exit status");
    assert!(exit.success(), "{exit}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resumed_game_speaks_its_servers_language_before_anyone_types() {
    support::init_logging();
    let fake = FakeDiscord::start().await;
    fake.set_guild_locale("zh-TW");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let config = write_config(&fake, dir.path());
    let child = spawn_bot(&fake, &config).await;
    start_game(&fake, Some(3)).await;
    let thread = bot::follow_thread(&fake).expect("the game's thread");
    crash(child).await;

    // Nobody types after the restart: the turn clock runs out, and the bot says so in the
    // server's language, which it learnt from the gateway.
    let mark = fake.mark();
    let child = spawn_bot(&fake, &config).await;
    let timeout = fake
        .wait_for(mark, "the timeout after the restart", |call| {
            call.method == "POST"
                && call.path == format!("/channels/{thread}/messages")
                && ["（第 1 次", "timeout 1 of"]
                    .iter()
                    .any(|first| call.content().contains(first))
        })
        .await;
    assert!(
        timeout.content().contains("超時（第 1 次"),
        "in 繁體: {:?}",
        timeout.content()
    );
    crash(child).await;
}
