//! Two real `junqi-bot run` processes, shards 0 and 1 of 2, on one PostgreSQL database behind
//! the fake Discord (which routes each guild's events to its shard's connection): each plays
//! the games of its own guilds, a global `/leaderboard` in either shows every game, killing one
//! leaves the other's games running (and untouched by the survivor), and the restarted one
//! resumes its games and their clocks.

use crate::store_support::backends::TestDatabase;
use crate::support;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use junqi::game::{Outcome, WinReason};
use junqi::store::{Place, Store};
use serde_json::json;
use support::bot::{self, play_one, slash};
use support::fake_discord::FakeDiscord;
use support::payloads::{ALICE, BOB, CHANNEL_ID, GUILD_ID, TestUser};
use support::shards::shard_of;
use tokio::process::{Child, Command};

const BINARY: &str = env!("CARGO_BIN_EXE_junqi-bot");

/// A guild on shard 1 of 2 (the fake's own guild, 1000, is on shard 0), with two channels.
const SHARD_ONE_GUILD: u64 = (1 << 22) + 1_000;
const SHARD_ONE_CHANNEL: u64 = 2_100;
const SHARD_ONE_SECOND_CHANNEL: u64 = 2_101;

fn write_config(fake: &FakeDiscord, dir: &Path, url: &str, shard: u32) -> PathBuf {
    let path = dir.join(format!("shard{shard}.toml"));
    // The same members play in both guilds at once, which the servers must allow.
    let text = format!(
        "data_dir = {data:?}\ndatabase_url = {url:?}\nmax_live_games_per_member = 20\n\n\
         [discord]\napi_base_url = {base:?}\n\
         dev_guild = {GUILD_ID}\ngame_threads = false\n\n[rules]\ntimeouts_to_lose = 1\n",
        data = dir.join(format!("data{shard}")).display().to_string(),
        base = fake.base_url(),
    );
    std::fs::write(&path, text).expect("write the config");
    path
}

/// Starts `junqi-bot run --shards N --total-shards 2` and waits until its shard is connected
/// and its commands are registered.
async fn spawn_bot(fake: &FakeDiscord, config: &Path, shard: u32) -> Child {
    let mark = fake.mark();
    let identified = fake.gateway_counts().1;
    let child = Command::new(BINARY)
        .args(["run", "--config"])
        .arg(config)
        .args(["--shards", &shard.to_string(), "--total-shards", "2"])
        .env("DISCORD_TOKEN", "fake-token")
        .env("RUST_LOG", "warn")
        .env_remove("DATABASE_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("start junqi-bot run");
    fake.wait_for(mark, "command registration", |call| {
        call.method == "PUT" && call.path.ends_with("/commands") && call.is_success()
    })
    .await;
    wait_until(&format!("shard {shard} to identify"), || {
        fake.gateway_counts().1 > identified && fake.connected_shards().contains(&shard)
    })
    .await;
    child
}

async fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A store call from async code (the store is synchronous).
async fn live_id(store: &Store, place: Place) -> u64 {
    store
        .live_game_at(place)
        .await
        .expect("reads")
        .expect("a live game there")
        .id
}

/// Alice challenges bob in `guild` (in `channel`, else its text channel) and bob accepts.
async fn start_game_in(fake: &FakeDiscord, guild: u64, channel: Option<u64>, seconds: u32) {
    fake.use_guild(guild);
    if let Some(channel) = channel {
        fake.use_channel(channel);
    }
    let first = bot::start_game(fake, Some(seconds)).await;
    assert!(!first.is_ephemeral(), "the game starts: {:?}", first.json);
}

async fn record_of(store: &Store, who: TestUser) -> String {
    let stats = store.player(who.id).await.expect("reads");
    format!("(W{} L{} D{})", stats.wins, stats.losses, stats.draws)
}

#[test]
fn two_processes_split_the_guilds_by_shard_on_one_database() {
    support::init_logging();
    // Made and dropped outside the test's runtime: it runs a runtime of its own.
    let Some(database) = TestDatabase::create() else {
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(play_on_two_shards(&database.url));
}

async fn play_on_two_shards(url: &str) {
    assert_eq!(shard_of(GUILD_ID, 2), 0);
    assert_eq!(shard_of(SHARD_ONE_GUILD, 2), 1);
    let fake = FakeDiscord::start().await;
    fake.add_guild(SHARD_ONE_GUILD, SHARD_ONE_CHANNEL);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let configs = [0, 1].map(|shard| write_config(&fake, dir.path(), url, shard));
    let mut zero = spawn_bot(&fake, &configs[0], 0).await;
    let one = spawn_bot(&fake, &configs[1], 1).await;
    let url = url.to_string();
    let store = Store::connect(&url).await.expect("the test connects too");

    // A quick game in each guild: a 1-second clock, and one timeout loses.
    for guild in [GUILD_ID, SHARD_ONE_GUILD] {
        start_game_in(&fake, guild, None, 1).await;
    }
    let start = Instant::now();
    while store.finished_games().await.expect("reads").len() < 2 {
        assert!(start.elapsed() < Duration::from_secs(30), "both games end");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The global leaderboard, asked in either guild (so of either process), shows both games.
    let expected = [record_of(&store, ALICE).await, record_of(&store, BOB).await];
    for guild in [GUILD_ID, SHARD_ONE_GUILD] {
        fake.use_guild(guild);
        let scope = json!([{ "type": 4, "name": "scope", "value": 1 }]);
        let (_, call) = slash(&fake, ALICE, "leaderboard", scope, &[]).await;
        let text = call.content().to_string();
        for (who, record) in [ALICE, BOB].iter().zip(&expected) {
            assert!(text.contains(who.name), "{guild}: {text}");
            assert!(
                text.contains(record.as_str()),
                "{guild}: {record} in {text}"
            );
        }
        assert!(
            expected
                .iter()
                .any(|record| record.contains("W2") || record.contains("L2"))
                || expected.iter().all(|record| record.contains("W1")),
            "two games counted: {expected:?}"
        );
    }

    // Live games: a long clock on shard 0; on shard 1 a long one and a 4-second one.
    start_game_in(&fake, GUILD_ID, Some(CHANNEL_ID), 600).await;
    start_game_in(&fake, SHARD_ONE_GUILD, Some(SHARD_ONE_SECOND_CHANNEL), 600).await;
    let (_, action, call) = play_one(&fake, false).await;
    assert!(!call.is_ephemeral(), "{action}: {:?}", call.json);
    let (waiting, _, _) = bot::to_act(&fake).await;
    start_game_in(&fake, SHARD_ONE_GUILD, Some(SHARD_ONE_CHANNEL), 4).await;
    let short = Place {
        guild: SHARD_ONE_GUILD,
        channel: SHARD_ONE_CHANNEL,
    };
    let short_id = live_id(&store, short).await;

    // Shard 1's process dies; shard 0's restarts meanwhile (so it reads every live game of
    // the database again, and must leave shard 1's alone), and its game plays on.
    let mut one = one;
    one.kill().await.expect("SIGKILL shard 1's bot");
    let died = Instant::now();
    zero.kill().await.expect("SIGKILL shard 0's bot");
    let _zero = spawn_bot(&fake, &configs[0], 0).await;
    fake.use_guild(GUILD_ID);
    fake.use_channel(CHANNEL_ID);
    for _ in 0..2 {
        let (_, action, call) = play_one(&fake, false).await;
        assert!(!call.is_ephemeral(), "{action}: {:?}", call.json);
    }
    // Shard 0's process does not run shard 1's games: the short clock runs out unheeded.
    tokio::time::sleep(Duration::from_secs(6).saturating_sub(died.elapsed())).await;
    let (live, finished) = (
        store.live_game(short_id).await.expect("reads").is_some(),
        store
            .finished_game(short_id)
            .await
            .expect("reads")
            .is_some(),
    );
    assert!(live && !finished, "only shard 1's process may end its game");

    // Restarted, shard 1 resumes its clocks (the short game ends on its lapsed deadline) and
    // its games (the same player is to act, and plays).
    let _one = spawn_bot(&fake, &configs[1], 1).await;
    let start = Instant::now();
    let ended = loop {
        if let Some(game) = store.finished_game(short_id).await.expect("reads") {
            break game;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the lapsed clock ends the game"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(
        matches!(
            ended.outcome,
            Outcome::Win {
                reason: WinReason::Timeouts,
                ..
            }
        ),
        "{:?}",
        ended.outcome
    );
    fake.use_guild(SHARD_ONE_GUILD);
    fake.use_channel(SHARD_ONE_SECOND_CHANNEL);
    let (again, _, _) = bot::to_act(&fake).await;
    assert_eq!(again, waiting);
    let (who, action, call) = play_one(&fake, true).await;
    assert_eq!(who, waiting);
    assert!(!call.is_ephemeral(), "{action}: {:?}", call.json);
}
