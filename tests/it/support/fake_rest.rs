//! The REST half of the fake Discord: every request is recorded (JSON body, or multipart
//! `payload_json` and files), may be failed on purpose, and is answered like Discord would.

use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::fake_discord::{App, RestCall, StoredMessage, Thread, Upload};
use super::multipart;
use super::payloads::{self, APPLICATION_ID, CHANNEL_ID};

fn error_response(status: u16, message: &str) -> Response {
    // Discord's codes: 50013 "Missing Permissions" with a 403.
    let code = if status == 403 { 50013 } else { 0 };
    coded_error(status, message, code)
}

fn coded_error(status: u16, message: &str, code: u32) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (
        status,
        axum::Json(json!({ "message": message, "code": code })),
    )
        .into_response();
    if status == StatusCode::TOO_MANY_REQUESTS {
        *response.body_mut() = axum::body::Body::from(
            json!({ "message": "You are being rate limited.", "retry_after": 0.05, "global": false, "code": 0 })
                .to_string(),
        );
        let headers = response.headers_mut();
        headers.insert("retry-after", "1".parse().expect("static header"));
        headers.insert("x-ratelimit-scope", "user".parse().expect("static header"));
    }
    response
}

/// Discord's 429: `Retry-After` in the header (seconds, as serenity reads it) and the body,
/// `X-RateLimit-Global` when the whole bot is limited.
fn rate_limited(retry_after: f64, global: bool) -> Response {
    let body = json!({
        "message": "You are being rate limited.",
        "retry_after": retry_after,
        "global": global,
        "code": 0,
    });
    let mut response = (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
    let headers = response.headers_mut();
    let header = |text: String| text.parse().expect("a header value");
    headers.insert("retry-after", header(format!("{retry_after}")));
    if global {
        headers.insert("x-ratelimit-global", header("true".into()));
        headers.insert("x-ratelimit-scope", header("global".into()));
    } else {
        headers.insert("x-ratelimit-scope", header("user".into()));
    }
    response
}

/// Marks the route's bucket spent on answers to a route `exhaust_bucket` named.
fn spend_bucket(app: &App, path: &str, headers: &mut HeaderMap) {
    let spent = app
        .lock()
        .spent_buckets
        .iter()
        .find(|(route, _)| path.contains(route.as_str()))
        .map(|(_, reset_after)| *reset_after);
    if let Some(reset_after) = spent {
        let header = |text: String| text.parse().expect("a header value");
        headers.insert("x-ratelimit-limit", header("1".into()));
        headers.insert("x-ratelimit-remaining", header("0".into()));
        headers.insert("x-ratelimit-reset-after", header(format!("{reset_after}")));
        headers.insert("x-ratelimit-bucket", header("spent-by-the-test".into()));
    }
}

/// Every REST request: recorded, then answered like Discord would.
pub(super) async fn rest(State(app): State<App>, request: Request) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let headers: HeaderMap = request.headers().clone();
    let body: Bytes = match axum::body::to_bytes(request.into_body(), 64 * 1024 * 1024).await {
        Ok(body) => body,
        Err(_) => return error_response(400, "unreadable body"),
    };
    let mut call = RestCall {
        method: method.to_string(),
        path: path.strip_prefix("/api/v10").unwrap_or(&path).to_string(),
        json: None,
        uploads: Vec::new(),
        status: 0,
        at: std::time::Instant::now(),
    };
    let content_type = headers
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .unwrap_or("");
    if let Some(boundary) = multipart::boundary(content_type) {
        match multipart::parse(&body, &boundary) {
            Ok(parts) => {
                for part in parts {
                    match part.filename {
                        Some(filename) => call.uploads.push(Upload {
                            field: part.name,
                            filename,
                            bytes: part.bytes,
                        }),
                        None if part.name == "payload_json" => {
                            call.json = serde_json::from_slice(&part.bytes).ok();
                        }
                        None => {}
                    }
                }
            }
            Err(error) => return error_response(400, &format!("bad multipart: {error}")),
        }
    } else if !body.is_empty() {
        call.json = serde_json::from_slice(&body).ok();
    }

    let delay = app
        .lock()
        .delays
        .iter()
        .find(|(path, _)| call.path.contains(path.as_str()))
        .map(|(_, delay)| *delay);
    if let Some(delay) = delay {
        tokio::time::sleep(delay).await;
    }
    let failure = {
        let mut shared = app.lock();
        let mut hit = None;
        let matching = shared.failures.iter_mut().filter(|failure| {
            failure.remaining > 0
                && failure.method.eq_ignore_ascii_case(method.as_str())
                && call.path.contains(&failure.path_contains)
        });
        for failure in matching {
            failure.seen += 1;
            let share = |n: usize| n * failure.percent / 100;
            if hit.is_none() && share(failure.seen) != share(failure.seen - 1) {
                failure.remaining -= 1;
                hit = Some((failure.status, failure.after, failure.rate_limit));
            }
        }
        hit
    };
    let (status, mut response) = match failure {
        Some((_, _, Some((retry_after, global)))) => (429, rate_limited(retry_after, global)),
        Some((status, after, None)) => {
            if after && answer(&app, &method, &call).0 < 300 && method == Method::POST {
                let content = call
                    .message_body()
                    .and_then(|body| body["content"].as_str())
                    .unwrap_or_default()
                    .to_string();
                app.lock()
                    .failed_creations
                    .push((call.path.clone(), content));
            }
            (status, error_response(status, "injected failure"))
        }
        None => answer(&app, &method, &call),
    };
    if status < 300 {
        spend_bucket(&app, &call.path, response.headers_mut());
    }
    call.status = status;
    app.lock().calls.push(call);
    response
}

fn ok(value: Value) -> (u16, Response) {
    (200, axum::Json(value).into_response())
}

fn no_content() -> (u16, Response) {
    (204, StatusCode::NO_CONTENT.into_response())
}

/// Stores a new message in `channel` (`id` None) or updates message `id` (which keeps its
/// channel).
fn store_message(
    app: &App,
    id: Option<u64>,
    channel: u64,
    body: &Value,
    call: &RestCall,
) -> StoredMessage {
    let mut shared = app.lock();
    let id = id.unwrap_or_else(|| app.new_id());
    let previous = shared.messages.get(&id).cloned();
    let channel = previous.as_ref().map_or(channel, |message| message.channel);
    let keep = |key: &str, old: Option<&Value>| {
        body.get(key)
            .cloned()
            .or(old.cloned())
            .unwrap_or_else(|| json!([]))
    };
    let mut attachments: Vec<String> = call.uploads.iter().map(|u| u.filename.clone()).collect();
    if attachments.is_empty() && body.get("attachments").is_none() {
        attachments = previous
            .as_ref()
            .map(|m| m.attachments.clone())
            .unwrap_or_default();
    }
    let message = StoredMessage {
        id,
        channel,
        content: body
            .get("content")
            .and_then(Value::as_str)
            .map(str::to_string)
            .or_else(|| previous.as_ref().map(|m| m.content.clone()))
            .unwrap_or_default(),
        components: keep("components", previous.as_ref().map(|m| &m.components)),
        embeds: keep("embeds", previous.as_ref().map(|m| &m.embeds)),
        attachments,
        flags: body.get("flags").and_then(Value::as_u64).unwrap_or(0),
    };
    shared.messages.insert(id, message.clone());
    message
}

/// The channel of the interaction with this token.
fn token_channel(app: &App, token: &str) -> u64 {
    app.lock()
        .token_channels
        .get(token)
        .copied()
        .unwrap_or(CHANNEL_ID)
}

fn thread_json(thread: &Thread) -> Value {
    payloads::thread(thread.id, thread.parent, &thread.name, thread.archived)
}

/// `POST /channels/{channel}/messages/{message}/threads`: a public thread from a message.
fn create_thread(app: &App, channel: &str, message: &str, body: &Value) -> (u16, Response) {
    let (Ok(channel), Ok(message)) = (channel.parse::<u64>(), message.parse::<u64>()) else {
        return (404, error_response(404, "Unknown Channel"));
    };
    let mut shared = app.lock();
    match shared.messages.get(&message) {
        Some(stored) if stored.channel == channel => {}
        _ => return (404, error_response(404, "Unknown Message")),
    }
    if shared
        .threads
        .values()
        .any(|thread| thread.message == message)
    {
        return (
            400,
            coded_error(
                400,
                "A thread has already been created for this message",
                160004,
            ),
        );
    }
    if body["type"].as_u64().is_some_and(|kind| kind != 11) {
        return (
            400,
            error_response(400, "expected a public thread (type 11)"),
        );
    }
    let thread = Thread {
        id: app.new_id(),
        parent: channel,
        message,
        name: body["name"].as_str().unwrap_or("").to_string(),
        archived: false,
    };
    shared.threads.insert(thread.id, thread.clone());
    ok(thread_json(&thread))
}

fn answer(app: &App, method: &Method, call: &RestCall) -> (u16, Response) {
    let segments: Vec<&str> = call.path.trim_matches('/').split('/').collect();
    let empty = json!({});
    let body = call.json.as_ref().unwrap_or(&empty);
    match (method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => {
            let url = format!("{}/gateway", app.lock().base_url.replace("http", "ws"));
            ok(json!({ "url": url }))
        }
        ("GET", ["gateway", "bot"]) => {
            let url = format!("{}/gateway", app.lock().base_url.replace("http", "ws"));
            ok(json!({ "url": url, "shards": 1, "session_start_limit":
                { "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1 } }))
        }
        ("GET", ["users", "@me"]) => ok(payloads::bot_user()),
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            let guild = segments.get(3).copied();
            let mut registered = Vec::new();
            for command in body.as_array().into_iter().flatten() {
                let mut command = command.clone();
                command["id"] = json!(app.new_id().to_string());
                command["application_id"] = json!(APPLICATION_ID.to_string());
                command["version"] = json!("1");
                command["guild_id"] = guild.map_or(Value::Null, |g| json!(g));
                command["type"] = command.get("type").cloned().unwrap_or(json!(1));
                // Discord answers a context menu (no description sent) with an empty one.
                if command.get("description").is_none() {
                    command["description"] = json!("");
                }
                if let Some(name) = command["name"].as_str() {
                    app.lock()
                        .commands
                        .insert(name.to_string(), command.clone());
                }
                registered.push(command);
            }
            ok(Value::from(registered))
        }
        ("POST", ["interactions", _, token, "callback"]) => {
            let data = body.get("data").unwrap_or(&empty);
            match body["type"].as_u64() {
                Some(4) => {
                    let channel = token_channel(app, token);
                    let message = store_message(app, None, channel, data, call);
                    app.lock()
                        .token_messages
                        .insert(token.to_string(), message.id);
                }
                Some(7) => {
                    let target = app.lock().token_messages.get(*token).copied();
                    store_message(app, target, token_channel(app, token), data, call);
                }
                _ => {}
            }
            no_content()
        }
        ("GET", ["webhooks", _, token, "messages", "@original"]) => {
            let shared = app.lock();
            match shared
                .token_messages
                .get(*token)
                .and_then(|id| shared.messages.get(id))
            {
                Some(message) => ok(message.to_json()),
                None => (404, error_response(404, "Unknown Message")),
            }
        }
        ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
            let target = app.lock().token_messages.get(*token).copied();
            let message = store_message(app, target, token_channel(app, token), body, call);
            app.lock()
                .token_messages
                .insert(token.to_string(), message.id);
            ok(message.to_json())
        }
        ("DELETE", ["webhooks", _, _, "messages", _]) => no_content(),
        ("POST", ["webhooks", _, token]) => {
            let channel = token_channel(app, token);
            ok(store_message(app, None, channel, body, call).to_json())
        }
        ("PATCH", ["webhooks", _, _, "messages", id])
        | ("PATCH", ["channels", _, "messages", id]) => match id.parse::<u64>() {
            Ok(id) if app.lock().messages.contains_key(&id) => {
                ok(store_message(app, Some(id), CHANNEL_ID, body, call).to_json())
            }
            _ => (404, error_response(404, "Unknown Message")),
        },
        ("POST", ["channels", channel, "messages"]) => {
            let Ok(channel) = channel.parse::<u64>() else {
                return (404, error_response(404, "Unknown Channel"));
            };
            let known = channel == CHANNEL_ID || app.lock().threads.contains_key(&channel);
            if !known {
                return (404, error_response(404, "Unknown Channel"));
            }
            let nonce = body["nonce"]
                .as_str()
                .filter(|_| body["enforce_nonce"].as_bool() == Some(true))
                .map(|nonce| (channel, nonce.to_string()));
            if let Some(key) = &nonce {
                let mut shared = app.lock();
                let made = shared
                    .nonces
                    .get(key)
                    .and_then(|id| shared.messages.get(id))
                    .cloned();
                if let Some(made) = made {
                    shared.nonce_replays += 1;
                    return ok(made.to_json());
                }
            }
            let message = store_message(app, None, channel, body, call);
            let mut shared = app.lock();
            if let Some(key) = nonce {
                shared.nonces.insert(key, message.id);
            }
            if shared
                .failed_creations
                .contains(&(call.path.clone(), message.content.clone()))
            {
                shared.duplicates += 1;
            }
            ok(message.to_json())
        }
        // A channel's latest messages, newest first (the query's `before` and `limit` are not
        // read: the newest 50, which the bot filters itself).
        ("GET", ["channels", channel, "messages"]) => {
            let channel = channel.parse::<u64>().unwrap_or(0);
            let shared = app.lock();
            let mut messages: Vec<&StoredMessage> = shared
                .messages
                .values()
                .filter(|message| message.channel == channel)
                .collect();
            messages.sort_by_key(|message| std::cmp::Reverse(message.id));
            let listed: Vec<Value> = messages
                .into_iter()
                .take(50)
                .map(StoredMessage::to_json)
                .collect();
            ok(Value::from(listed))
        }
        ("POST", ["channels", channel, "messages", message, "threads"]) => {
            create_thread(app, channel, message, body)
        }
        ("GET", ["channels", channel]) => {
            if *channel == CHANNEL_ID.to_string() {
                return ok(payloads::text_channel());
            }
            let thread = channel
                .parse::<u64>()
                .ok()
                .and_then(|id| app.lock().threads.get(&id).cloned());
            match thread {
                Some(thread) => ok(thread_json(&thread)),
                None => (404, error_response(404, "Unknown Channel")),
            }
        }
        ("PATCH", ["channels", channel]) => {
            let id = channel.parse::<u64>().unwrap_or(0);
            let mut shared = app.lock();
            match shared.threads.get_mut(&id) {
                Some(thread) => {
                    if let Some(archived) = body["archived"].as_bool() {
                        thread.archived = archived;
                    }
                    ok(thread_json(thread))
                }
                None => (404, error_response(404, "Unknown Channel")),
            }
        }
        _ => (
            404,
            error_response(404, "the fake Discord does not know this route"),
        ),
    }
}
