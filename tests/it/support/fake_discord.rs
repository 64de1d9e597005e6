//! A fake Discord on 127.0.0.1 for end-to-end tests of the bot: the REST API serenity and
//! poise call (recording every call for assertions, with files and flags) and the gateway
//! websocket (HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME) through which a
//! test injects slash commands, autocomplete requests and button presses.
//!
//! Sharding: each connection IDENTIFYs with a shard `[id, total]`; READY and GUILD_CREATE
//! cover the guilds on that shard (`(guild_id >> 22) % total`, the fake's own guild and any a
//! test adds), and every event goes out on the connection of its guild's shard, as Discord
//! routes them (see `support::shards`).
//!
//! It knows public threads (made from a message, archived by PATCH, a second one on the same
//! message refused with 160004), each member's client locale and the server's locale, and
//! records in which channel every message was created.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use axum::routing::get;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::payloads::{self, TestUser};

/// How long `wait_*` helpers wait before failing the test.
pub const WAIT: Duration = Duration::from_secs(10);

/// Short, so that a bot notices a dead connection quickly.
const HEARTBEAT_MS: u64 = 2_000;

/// A file uploaded in a multipart request.
#[derive(Clone, Debug)]
pub struct Upload {
    pub field: String,
    pub filename: String,
    pub bytes: Vec<u8>,
}

/// One REST request the bot made, as the fake saw it.
#[derive(Clone, Debug)]
pub struct RestCall {
    pub method: String,
    /// The path below `/api/v10`, e.g. `/channels/2000/messages`.
    pub path: String,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    pub uploads: Vec<Upload>,
    /// The status the fake answered with.
    pub status: u16,
    /// When the fake received it.
    pub at: std::time::Instant,
}

impl RestCall {
    /// The message part of the body: `data` of an interaction callback, else the body.
    pub fn message_body(&self) -> Option<&Value> {
        let body = self.json.as_ref()?;
        Some(
            body.get("data")
                .filter(|data| data.is_object())
                .unwrap_or(body),
        )
    }

    pub fn content(&self) -> &str {
        self.message_body()
            .and_then(|body| body.get("content"))
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    pub fn flags(&self) -> u64 {
        self.message_body()
            .and_then(|body| body.get("flags"))
            .and_then(Value::as_u64)
            .unwrap_or(0)
    }

    /// Ephemeral messages carry flag 64.
    pub fn is_ephemeral(&self) -> bool {
        self.flags() & 64 != 0
    }

    /// The interaction callback type (4 message, 5 deferred, 6 deferred update, 7 update,
    /// 8 autocomplete), if this is a callback.
    pub fn callback_type(&self) -> Option<u64> {
        self.path.ends_with("/callback").then_some(())?;
        self.json.as_ref()?.get("type")?.as_u64()
    }

    /// The `custom_id` of every button in the message body.
    pub fn custom_ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        let rows = self.message_body().and_then(|body| body.get("components"));
        for row in rows.and_then(Value::as_array).into_iter().flatten() {
            for component in row["components"].as_array().into_iter().flatten() {
                if let Some(id) = component["custom_id"].as_str() {
                    ids.push(id.to_string());
                }
            }
        }
        ids
    }

    pub fn png_uploads(&self) -> Vec<&Upload> {
        self.uploads
            .iter()
            .filter(|upload| upload.bytes.starts_with(b"\x89PNG\r\n\x1a\n"))
            .collect()
    }

    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The users `allowed_mentions` lets this message notify, and whether it lets Discord
    /// parse mentions from the text (`parse` not empty); `None` without `allowed_mentions`.
    pub fn allowed_users(&self) -> Option<(Vec<u64>, bool)> {
        let allowed = self.message_body()?.get("allowed_mentions")?;
        let users = allowed["users"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|user| match user {
                Value::String(id) => id.parse().ok(),
                other => other.as_u64(),
            })
            .collect();
        let parses = allowed["parse"]
            .as_array()
            .is_some_and(|parse| !parse.is_empty());
        Some((users, parses))
    }
}

/// A message the fake holds, so that buttons can be pressed on it later.
#[derive(Clone, Debug)]
pub struct StoredMessage {
    pub id: u64,
    /// The channel (or thread) it was posted in.
    pub channel: u64,
    pub content: String,
    pub components: Value,
    pub embeds: Value,
    pub attachments: Vec<String>,
    pub flags: u64,
}

impl StoredMessage {
    pub(super) fn to_json(&self) -> Value {
        payloads::message(
            self.id,
            self.channel,
            &self.content,
            &self.components,
            &self.embeds,
            &self.attachments,
            self.flags,
        )
    }
}

/// An interaction the test injected: its id and token, to find the bot's answers.
#[derive(Clone, Debug)]
pub struct Injected {
    pub id: u64,
    pub token: String,
}

impl Injected {
    /// Whether a REST call answers this interaction (callback, followup or edit).
    pub fn is_answered_by(&self, call: &RestCall) -> bool {
        call.path.contains(&format!("/{}/", self.token)) || call.path.ends_with(&self.token)
    }
}

/// A thread the bot made.
#[derive(Clone, Debug)]
pub struct Thread {
    pub id: u64,
    pub parent: u64,
    pub message: u64,
    pub name: String,
    pub archived: bool,
}

pub(super) struct Failure {
    pub(super) method: String,
    pub(super) path_contains: String,
    pub(super) status: u16,
    pub(super) remaining: usize,
    /// Do the call first, then answer the failure (a 502 after the message was made).
    pub(super) after: bool,
    /// Fail this percentage of the matching calls (evenly spread); 100 fails each.
    pub(super) percent: usize,
    pub(super) seen: usize,
    /// For a 429: the `Retry-After` seconds and whether the limit is the global one.
    pub(super) rate_limit: Option<(f64, bool)>,
}

enum ToGateway {
    Dispatch(&'static str, Value),
    Close,
}

#[derive(Default)]
pub(super) struct Shared {
    pub(super) base_url: String,
    pub(super) calls: Vec<RestCall>,
    pub(super) messages: HashMap<u64, StoredMessage>,
    /// Interaction token → the message its response created or updates.
    pub(super) token_messages: HashMap<String, u64>,
    pub(super) commands: HashMap<String, Value>,
    pub(super) failures: Vec<Failure>,
    /// `(channel, nonce)` → the message an enforced nonce made (Discord's dedupe).
    pub(super) nonces: HashMap<(u64, String), u64>,
    /// `(path, content)` of the messages made by a call answered with a failure.
    pub(super) failed_creations: Vec<(String, String)>,
    /// Messages made again after such a failure (posted twice), and retries the nonce caught.
    pub(super) duplicates: usize,
    pub(super) nonce_replays: usize,
    /// Requests whose path contains the text are answered this much later (a slow upload).
    pub(super) delays: Vec<(String, std::time::Duration)>,
    /// Routes whose answers say their bucket is spent, and for how many seconds.
    pub(super) spent_buckets: Vec<(String, f64)>,
    /// Interaction token → the channel the interaction came from.
    pub(super) token_channels: HashMap<String, u64>,
    /// Every thread made: thread id → (parent channel, the message it grew from, archived).
    pub(super) threads: HashMap<u64, Thread>,
    /// Client locales by user (`en-US` when not set) and the server's locale.
    pub(super) locales: HashMap<u64, String>,
    /// Members' permissions in the channel (the test guild's default when not set).
    pub(super) permissions: HashMap<u64, u64>,
    pub(super) guild_locale: Option<String>,
    /// The channel injected interactions come from (the guild's text channel by default).
    pub(super) channel: Option<u64>,
    /// The text channel of each added guild.
    pub(super) guild_channels: HashMap<u64, u64>,
    /// The connection of each shard that has identified (shard 0 of 1 for a plain bot).
    gateways: HashMap<u32, mpsc::UnboundedSender<ToGateway>>,
    /// Each session's shard, for RESUME.
    session_shards: HashMap<String, [u32; 2]>,
    /// How many shards the bots identified with (1 until one says otherwise).
    pub(super) total_shards: u32,
    /// Guilds besides the fake's own ([`FakeDiscord::add_guild`]).
    pub(super) extra_guilds: Vec<u64>,
    /// The guild injected interactions come from (the fake's own by default).
    pub(super) guild: Option<u64>,
    readies: u64,
    identifies: u64,
    resumes: u64,
}

#[derive(Clone)]
pub(super) struct App {
    shared: Arc<Mutex<Shared>>,
    next_id: Arc<AtomicU64>,
}

impl App {
    pub(super) fn lock(&self) -> MutexGuard<'_, Shared> {
        // A panicking test thread must not hide the fake's state from the others.
        self.shared
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(super) fn new_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }
}

/// The running fake; dropping it stops the server.
pub struct FakeDiscord {
    app: App,
    addr: SocketAddr,
    server: tokio::task::JoinHandle<()>,
    /// The same fake behind TLS as `discord.com` ([`FakeDiscord::start_tls`]).
    tls: Option<(SocketAddr, tokio::task::JoinHandle<()>)>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
        if let Some((_, tls)) = &self.tls {
            tls.abort();
        }
    }
}

fn router(app: &App) -> Router {
    Router::new()
        .route("/gateway", get(gateway))
        .fallback(super::fake_rest::rest)
        .with_state(app.clone())
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the fake Discord on 127.0.0.1");
        let addr = listener.local_addr().expect("local address");
        let app = App {
            shared: Arc::new(Mutex::new(Shared {
                base_url: format!("http://{addr}"),
                ..Shared::default()
            })),
            next_id: Arc::new(AtomicU64::new(10_000)),
        };
        let router = router(&app);
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, router).await;
        });
        FakeDiscord {
            app,
            addr,
            server,
            tls: None,
        }
    }

    /// The fake also serving REST over TLS as `discord.com`, for a bot configured with
    /// [`FakeDiscord::tls_address`] (serenity's rate limiter on); the gateway stays plain.
    pub async fn start_tls() -> FakeDiscord {
        let mut fake = FakeDiscord::start().await;
        let listener = super::fake_tls::TlsListener::bind().await;
        let addr = axum::serve::Listener::local_addr(&listener).expect("local address");
        let router = router(&fake.app);
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, router).await;
        });
        fake.tls = Some((addr, server));
        fake
    }

    /// Where the TLS side listens (`[discord] api_address`).
    pub fn tls_address(&self) -> Option<SocketAddr> {
        self.tls.as_ref().map(|(addr, _)| *addr)
    }

    /// The base URL to configure the bot with (in place of `https://discord.com`).
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn calls(&self) -> Vec<RestCall> {
        self.app.lock().calls.clone()
    }

    /// A mark to look at calls made after this point.
    pub fn mark(&self) -> usize {
        self.app.lock().calls.len()
    }

    pub fn calls_since(&self, mark: usize) -> Vec<RestCall> {
        self.app.lock().calls[mark..].to_vec()
    }

    pub fn message(&self, id: u64) -> Option<StoredMessage> {
        self.app.lock().messages.get(&id).cloned()
    }

    /// Every message in `channel` (a channel or a thread), oldest first.
    pub fn messages_in(&self, channel: u64) -> Vec<StoredMessage> {
        let mut messages: Vec<StoredMessage> = self
            .app
            .lock()
            .messages
            .values()
            .filter(|message| message.channel == channel)
            .cloned()
            .collect();
        messages.sort_by_key(|message| message.id);
        messages
    }

    /// Every thread the bot made.
    pub fn threads(&self) -> Vec<Thread> {
        let mut threads: Vec<Thread> = self.app.lock().threads.values().cloned().collect();
        threads.sort_by_key(|thread| thread.id);
        threads
    }

    /// `who`'s Discord client language from now on (`en-US` by default).
    pub fn set_locale(&self, who: TestUser, locale: &str) {
        self.app.lock().locales.insert(who.id, locale.to_string());
    }

    /// `who`'s permissions (Discord's bit set) in interactions from now on: what Discord
    /// sends, whatever the command's `default_member_permissions` (a server can override those).
    pub fn set_permissions(&self, who: TestUser, bits: u64) {
        self.app.lock().permissions.insert(who.id, bits);
    }

    /// The server's language from now on (`en-US` by default).
    pub fn set_guild_locale(&self, locale: &str) {
        self.app.lock().guild_locale = Some(locale.to_string());
    }

    /// The channel (or thread) interactions come from from now on.
    pub fn use_channel(&self, channel: u64) {
        self.app.lock().channel = Some(channel);
    }

    /// The message an interaction's response created (or that a button press updates).
    pub fn message_of(&self, injected: &Injected) -> Option<StoredMessage> {
        let shared = self.app.lock();
        let id = shared.token_messages.get(&injected.token)?;
        shared.messages.get(id).cloned()
    }

    /// The registered commands by name (the last registration wins).
    pub fn commands(&self) -> HashMap<String, Value> {
        self.app.lock().commands.clone()
    }

    /// (READY sent, IDENTIFY received, RESUME received) so far.
    pub fn gateway_counts(&self) -> (u64, u64, u64) {
        let shared = self.app.lock();
        (shared.readies, shared.identifies, shared.resumes)
    }

    /// Makes the next `times` requests whose method and path match fail with `status`
    /// (429 comes with Discord's rate-limit body and headers).
    pub fn fail_next(&self, method: &str, path_contains: &str, status: u16, times: usize) {
        self.app.lock().failures.push(Failure {
            method: method.to_string(),
            path_contains: path_contains.to_string(),
            status,
            remaining: times,
            after: false,
            percent: 100,
            seen: 0,
            rate_limit: None,
        });
    }

    /// Makes the next `times` matching calls happen, then answers them with `status`: the
    /// message exists although the bot is told it failed.
    pub fn fail_after_create(&self, method: &str, path_contains: &str, status: u16, times: usize) {
        self.app.lock().failures.push(Failure {
            method: method.to_string(),
            path_contains: path_contains.to_string(),
            status,
            remaining: times,
            after: true,
            percent: 100,
            seen: 0,
            rate_limit: None,
        });
    }

    /// Fails `percent` of the matching calls (evenly spread, deterministic) with `status`,
    /// after making them when `after`.
    pub fn fail_share(
        &self,
        method: &str,
        path_contains: &str,
        status: u16,
        percent: usize,
        after: bool,
    ) {
        self.app.lock().failures.push(Failure {
            method: method.to_string(),
            path_contains: path_contains.to_string(),
            status,
            remaining: usize::MAX,
            after,
            percent,
            seen: 0,
            rate_limit: None,
        });
    }

    /// Answers the next `times` matching calls with a 429 asking for `retry_after` seconds
    /// (Discord's headers and body), for the whole bot when `global`.
    pub fn rate_limit_next(
        &self,
        method: &str,
        path_contains: &str,
        retry_after: f64,
        global: bool,
        times: usize,
    ) {
        self.app.lock().failures.push(Failure {
            method: method.to_string(),
            path_contains: path_contains.to_string(),
            status: 429,
            remaining: times,
            after: false,
            percent: 100,
            seen: 0,
            rate_limit: Some((retry_after, global)),
        });
    }

    /// Successful answers to calls whose path contains `path_contains` say the route's bucket
    /// is spent for `reset_after` seconds (`X-RateLimit-Remaining: 0`), as Discord's do.
    pub fn exhaust_bucket(&self, path_contains: &str, reset_after: f64) {
        self.app
            .lock()
            .spent_buckets
            .push((path_contains.to_string(), reset_after));
    }

    /// Ends every injected failure.
    pub fn clear_failures(&self) {
        self.app.lock().failures.clear();
    }

    /// Channel messages made twice because a failed answer was retried without a nonce, and
    /// retries an enforced nonce answered with the message already made.
    pub fn duplicates(&self) -> (usize, usize) {
        let shared = self.app.lock();
        (shared.duplicates, shared.nonce_replays)
    }

    /// Answers every request whose path contains `path_contains` `millis` ms late, as a slow
    /// upload to Discord would be.
    pub fn delay(&self, path_contains: &str, millis: u64) {
        self.app.lock().delays.push((
            path_contains.to_string(),
            std::time::Duration::from_millis(millis),
        ));
    }

    /// Closes every gateway connection (as Discord does on a restart of its side).
    pub fn close_gateway(&self) {
        for (_, gateway) in self.app.lock().gateways.drain() {
            let _ = gateway.send(ToGateway::Close);
        }
    }

    /// Adds a guild (with the same members and a text channel `channel`), announced to the
    /// shard it belongs to when that shard identifies.
    pub fn add_guild(&self, guild: u64, channel: u64) {
        let mut shared = self.app.lock();
        shared.extra_guilds.push(guild);
        shared.guild_channels.insert(guild, channel);
    }

    /// Injected interactions come from `guild` and its text channel from now on.
    pub fn use_guild(&self, guild: u64) {
        let mut shared = self.app.lock();
        shared.channel = shared.guild_channels.get(&guild).copied();
        shared.guild = Some(guild);
    }

    /// Which shards are connected now.
    pub fn connected_shards(&self) -> Vec<u32> {
        let mut shards: Vec<u32> = self.app.lock().gateways.keys().copied().collect();
        shards.sort_unstable();
        shards
    }

    /// Waits until `count` READY events have been sent in all.
    pub async fn wait_ready(&self, count: u64) {
        self.wait_until(&format!("READY #{count}"), || {
            self.app.lock().readies >= count
        })
        .await;
    }

    /// Waits until the bot has made a thread and posted in it; returns the newest thread.
    pub async fn wait_until_thread(&self) -> u64 {
        let mut found = None;
        self.wait_until("a game thread with a message", || {
            let shared = self.app.lock();
            found = shared
                .threads
                .keys()
                .max()
                .copied()
                .filter(|thread| shared.messages.values().any(|m| m.channel == *thread));
            found.is_some()
        })
        .await;
        found.expect("found above")
    }

    /// Waits for the first call from `mark` on that satisfies `matches`.
    pub async fn wait_for(
        &self,
        mark: usize,
        what: &str,
        matches: impl Fn(&RestCall) -> bool,
    ) -> RestCall {
        let mut found = None;
        self.wait_until(what, || {
            found = self
                .calls_since(mark)
                .into_iter()
                .find(|call| matches(call));
            found.is_some()
        })
        .await;
        found.expect("found above")
    }

    async fn wait_until(&self, what: &str, mut done: impl FnMut() -> bool) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while !done() {
            if tokio::time::Instant::now() > deadline {
                let calls: Vec<String> = self
                    .calls()
                    .iter()
                    .map(|call| {
                        format!(
                            "{} {} {} {:?}",
                            call.status, call.method, call.path, call.json
                        )
                    })
                    .collect();
                panic!(
                    "timed out waiting for {what}; calls so far:\n{}",
                    calls.join("\n")
                );
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Sends a dispatch event to the connected bot, after checking that serenity can parse it.
    pub fn dispatch(&self, event: &'static str, data: Value) {
        let frame = json!({ "op": 0, "s": 1, "t": event, "d": data });
        if let Err(error) = serde_json::from_value::<serenity::all::GatewayEvent>(frame) {
            panic!("serenity cannot parse the fake's {event}: {error}");
        }
        let shared = self.app.lock();
        let guild = data["guild_id"]
            .as_str()
            .and_then(|id| id.parse().ok())
            .unwrap_or(0);
        let shard = super::shards::shard_of(guild, shared.total_shards);
        let gateway = shared
            .gateways
            .get(&shard)
            .unwrap_or_else(|| panic!("no bot is connected on shard {shard} (guild {guild})"));
        gateway
            .send(ToGateway::Dispatch(event, data))
            .expect("the gateway session ended");
    }

    fn command_id(&self, name: &str) -> u64 {
        let shared = self.app.lock();
        shared
            .commands
            .get(name)
            .and_then(|command| command["id"].as_str())
            .and_then(|id| id.parse().ok())
            .unwrap_or(1)
    }

    /// The interaction payload of `who` in the current channel, with their locales.
    fn interaction(
        &self,
        kind: u8,
        id: u64,
        token: &str,
        who: TestUser,
        data: Value,
        channel: Option<u64>,
    ) -> Value {
        let mut shared = self.app.lock();
        let channel = channel.or(shared.channel).unwrap_or(payloads::CHANNEL_ID);
        shared.token_channels.insert(token.to_string(), channel);
        let mut payload = payloads::interaction(kind, id, token, who, data);
        if let Some(guild) = shared.guild {
            super::shards::set_guild(&mut payload, guild);
        }
        payload["channel_id"] = json!(channel.to_string());
        let channel_type = if shared.threads.contains_key(&channel) {
            11
        } else {
            0
        };
        payload["channel"] =
            json!({ "id": channel.to_string(), "type": channel_type, "name": "junqi" });
        if let Some(thread) = shared.threads.get(&channel) {
            payload["channel"]["parent_id"] = json!(thread.parent.to_string());
        }
        if let Some(locale) = shared.locales.get(&who.id) {
            payload["locale"] = json!(locale);
        }
        if let Some(bits) = shared.permissions.get(&who.id) {
            payload["member"]["permissions"] = json!(bits.to_string());
        }
        if let Some(locale) = &shared.guild_locale {
            payload["guild_locale"] = json!(locale);
        }
        payload
    }

    fn inject(&self, kind: u8, who: TestUser, data: Value) -> Injected {
        let id = self.app.new_id();
        let injected = Injected {
            id,
            token: format!("token-{id}"),
        };
        let payload = self.interaction(kind, id, &injected.token, who, data, None);
        self.dispatch("INTERACTION_CREATE", payload);
        injected
    }

    /// `who` runs `/name` with `options` (Discord's option objects); `users` are the users
    /// that user options refer to.
    pub fn slash(&self, who: TestUser, name: &str, options: Value, users: &[TestUser]) -> Injected {
        let data = payloads::command_data(self.command_id(name), name, options, users);
        self.inject(2, who, data)
    }

    /// `who` runs the user context-menu command `name` ("Apps" on a member) on `target`.
    pub fn user_menu(&self, who: TestUser, name: &str, target: TestUser) -> Injected {
        let mut data = payloads::command_data(self.command_id(name), name, json!([]), &[target]);
        data["type"] = json!(2);
        data["target_id"] = json!(target.id.to_string());
        if let Some(object) = data.as_object_mut() {
            object.remove("options");
        }
        self.inject(2, who, data)
    }

    /// `who` types into option `focused` of `/name`; `options` are the other options filled.
    pub fn autocomplete(
        &self,
        who: TestUser,
        name: &str,
        mut options: Vec<Value>,
        focused: &str,
        typed: &str,
    ) -> Injected {
        options.retain(|option| option["name"] != focused);
        options.push(json!({ "type": 3, "name": focused, "value": typed, "focused": true }));
        let data = payloads::command_data(self.command_id(name), name, Value::from(options), &[]);
        self.inject(4, who, data)
    }

    /// `who` presses the button `custom_id` on stored message `message_id`.
    pub fn press(&self, who: TestUser, message_id: u64, custom_id: &str) -> Injected {
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.component(who, message_id, data)
    }

    /// `who` chooses `value` in the string select menu `custom_id` on message `message_id`.
    pub fn choose(&self, who: TestUser, message_id: u64, custom_id: &str, value: &str) -> Injected {
        let data = json!({ "custom_id": custom_id, "component_type": 3, "values": [value] });
        self.component(who, message_id, data)
    }

    fn component(&self, who: TestUser, message_id: u64, data: Value) -> Injected {
        let message = self
            .message(message_id)
            .unwrap_or_else(|| panic!("the fake holds no message {message_id}"));
        let id = self.app.new_id();
        let injected = Injected {
            id,
            token: format!("token-{id}"),
        };
        self.app
            .lock()
            .token_messages
            .insert(injected.token.clone(), message_id);
        let mut payload =
            self.interaction(3, id, &injected.token, who, data, Some(message.channel));
        payload["message"] = message.to_json();
        self.dispatch("INTERACTION_CREATE", payload);
        injected
    }
}

async fn gateway(State(app): State<App>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| session(app, socket))
}

async fn send_json(socket: &mut WebSocket, frame: &Value) -> bool {
    socket
        .send(WsMessage::Text(frame.to_string().into()))
        .await
        .is_ok()
}

/// One gateway connection: the protocol of Discord's gateway v10, JSON text frames.
async fn session(app: App, mut socket: WebSocket) {
    let (to_gateway, mut from_test) = mpsc::unbounded_channel();
    let session_number = app.new_id();
    let mut seq = 0u64;
    if !send_json(
        &mut socket,
        &json!({ "op": 10, "d": { "heartbeat_interval": HEARTBEAT_MS } }),
    )
    .await
    {
        return;
    }
    loop {
        tokio::select! {
            inbound = socket.recv() => {
                let Some(Ok(WsMessage::Text(text))) = inbound else {
                    match inbound {
                        Some(Ok(_)) => continue,
                        _ => return,
                    }
                };
                let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) else { continue };
                let reply = match frame["op"].as_u64() {
                    Some(1) => vec![json!({ "op": 11 })],
                    Some(2) => {
                        let shard = super::shards::identified_shard(&frame);
                        let (resume_url, guilds, locale) = {
                            let mut shared = app.lock();
                            shared.identifies += 1;
                            shared.total_shards = shard[1];
                            shared.gateways.insert(shard[0], to_gateway.clone());
                            shared
                                .session_shards
                                .insert(format!("session-{session_number}"), shard);
                            let guilds = super::shards::guilds_on(&shared, shard);
                            let locale = shared.guild_locale.clone();
                            (format!("{}/gateway", shared.base_url.replace("http", "ws")), guilds, locale)
                        };
                        let mut ready = payloads::ready(session_number, &resume_url);
                        super::shards::shape_ready(&mut ready, shard, &guilds);
                        seq += 1;
                        let mut frames = vec![json!({ "op": 0, "s": seq, "t": "READY", "d": ready })];
                        for (guild, channel) in guilds {
                            seq += 1;
                            // The server's language is its preferred locale, as in interactions.
                            let mut created = super::shards::guild_create(guild, channel);
                            if let Some(locale) = &locale {
                                created["preferred_locale"] = json!(locale);
                            }
                            frames.push(json!({ "op": 0, "s": seq, "t": "GUILD_CREATE", "d": created }));
                        }
                        frames
                    }
                    Some(6) => {
                        {
                            let mut shared = app.lock();
                            shared.resumes += 1;
                            let session = frame["d"]["session_id"].as_str().unwrap_or("");
                            let shard = shared.session_shards.get(session).copied().unwrap_or([0, 1]);
                            shared.gateways.insert(shard[0], to_gateway.clone());
                        }
                        seq = seq.max(frame["d"]["seq"].as_u64().unwrap_or(0)) + 1;
                        vec![json!({ "op": 0, "s": seq, "t": "RESUMED", "d": {} })]
                    }
                    _ => Vec::new(),
                };
                for frame in &reply {
                    if !send_json(&mut socket, frame).await {
                        return;
                    }
                    if frame["t"] == "READY" {
                        app.lock().readies += 1;
                    }
                }
            }
            command = from_test.recv() => match command {
                Some(ToGateway::Dispatch(event, data)) => {
                    seq += 1;
                    let frame = json!({ "op": 0, "s": seq, "t": event, "d": data });
                    if !send_json(&mut socket, &frame).await {
                        return;
                    }
                }
                Some(ToGateway::Close) | None => {
                    // 4000 "unknown error": a close code after which a client reconnects.
                    let frame = axum::extract::ws::CloseFrame { code: 4000, reason: "fake restart".into() };
                    let _ = socket.send(WsMessage::Close(Some(frame))).await;
                    return;
                }
            },
        }
    }
}
