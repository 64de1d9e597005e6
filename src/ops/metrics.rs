//! Prometheus metrics (prometheus-client) and the optional HTTP endpoint serving them
//! (`metrics_addr` in config, off by default): `GET /metrics` in the OpenMetrics text format,
//! `GET /healthz` answering `ok`. Instrumented code calls one function of this module per site;
//! the metrics are process-wide, so those calls need no handle.

use std::sync::OnceLock;
use std::time::Duration;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

struct Metrics {
    registry: Registry,
    live_games: Gauge,
    actions: Counter,
    action_seconds: Histogram,
    render_seconds: Histogram,
    store_commit_seconds: Histogram,
    discord_rest_errors: Counter,
    discord_rest_retries: Counter,
    backups: Counter,
    backup_failures: Counter,
    store_failures: Counter,
    discord_messages_lost: Counter,
    discord_rate_limits: Counter,
    discord_global_rate_limits: Counter,
}

/// Buckets from 0.5 ms to about 8 s.
fn seconds_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.0005, 2.0, 15))
}

fn metrics() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(|| {
        let mut registry = Registry::with_prefix("junqi");
        let mut counter = |name: &str, help: &str| {
            let counter = Counter::default();
            registry.register(name, help, counter.clone());
            counter
        };
        let actions = counter("actions", "Game commands handled by the game actors");
        let discord_rest_errors = counter(
            "discord_rest_errors",
            "Failed Discord REST calls (each attempt)",
        );
        let discord_rest_retries = counter(
            "discord_rest_retries",
            "Discord REST calls retried after a transient failure",
        );
        let backups = counter("backups", "Backups written");
        let backup_failures = counter("backup_failures", "Backups that failed");
        let discord_messages_lost = counter(
            "discord_messages_lost",
            "Messages and answers that could not be delivered to Discord after every retry",
        );
        let discord_rate_limits = counter(
            "discord_rate_limits",
            "Discord REST calls held back by a route's rate limit (waited out, then sent)",
        );
        let discord_global_rate_limits = counter(
            "discord_global_rate_limits",
            "Discord REST calls held back by the global rate limit (waited out, then sent)",
        );
        let store_failures = counter(
            "store_failures",
            "Store writes and reads that failed (each refused command or retried clock event)",
        );
        let mut histogram = |name: &str, help: &str| {
            let histogram = seconds_histogram();
            registry.register(name, help, histogram.clone());
            histogram
        };
        let action_seconds = histogram(
            "action_seconds",
            "Time from a game command reaching its actor to its reply (durable)",
        );
        let render_seconds = histogram("render_seconds", "Time to draw one board image");
        let store_commit_seconds =
            histogram("store_commit_seconds", "Time to flush one commit to disk");
        let live_games = Gauge::default();
        registry.register(
            "live_games",
            "Live games (each with its actor and clock)",
            live_games.clone(),
        );
        Metrics {
            registry,
            live_games,
            actions,
            action_seconds,
            render_seconds,
            store_commit_seconds,
            discord_rest_errors,
            discord_rest_retries,
            backups,
            backup_failures,
            store_failures,
            discord_messages_lost,
            discord_rate_limits,
            discord_global_rate_limits,
        }
    })
}

pub fn action(elapsed: Duration) {
    let m = metrics();
    m.actions.inc();
    m.action_seconds.observe(elapsed.as_secs_f64());
}

/// Runs `draw` and records how long it took.
pub fn timed_render<T>(draw: impl FnOnce() -> T) -> T {
    let started = std::time::Instant::now();
    let out = draw();
    metrics()
        .render_seconds
        .observe(started.elapsed().as_secs_f64());
    out
}

pub fn store_commit(elapsed: Duration) {
    metrics()
        .store_commit_seconds
        .observe(elapsed.as_secs_f64());
}

/// Counts a failed REST call; returns `failure` so the call site stays one expression.
pub fn discord_rest_error<T>(failure: T) -> T {
    metrics().discord_rest_errors.inc();
    failure
}

pub fn discord_message_lost() {
    metrics().discord_messages_lost.inc();
}

pub fn store_failure() {
    metrics().store_failures.inc();
}

/// serenity's rate limiter waited before a call (a route's bucket, or the global limit).
pub fn discord_rate_limited(global: bool) {
    let m = metrics();
    if global {
        m.discord_global_rate_limits.inc()
    } else {
        m.discord_rate_limits.inc()
    };
}

pub fn discord_rest_retry() {
    metrics().discord_rest_retries.inc();
}

pub fn backup_done(_elapsed: Duration, ok: bool) {
    let m = metrics();
    if ok {
        m.backups.inc()
    } else {
        m.backup_failures.inc()
    };
}

/// The metrics in the OpenMetrics text format, with `live_games` as given.
pub fn render_text(live_games: i64) -> String {
    let m = metrics();
    m.live_games.set(live_games);
    let mut text = String::new();
    if let Err(error) = encode(&mut text, &m.registry) {
        tracing::error!("cannot encode the metrics: {error}");
    }
    text
}

/// Reads a request's head (up to its blank line, at most 8 KiB, within 5 s).
async fn read_head(socket: &mut tokio::net::TcpStream) -> Option<String> {
    let mut head = Vec::new();
    let mut chunk = [0u8; 1024];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 8192 {
        match tokio::time::timeout_at(deadline, socket.read(&mut chunk)).await {
            Ok(Ok(n)) if n > 0 => head.extend_from_slice(&chunk[..n]),
            _ => break,
        }
    }
    (!head.is_empty()).then(|| String::from_utf8_lossy(&head).into_owned())
}

/// Serves `/metrics` and `/healthz` on `listener` until the task is aborted; `live_games` is
/// asked at each scrape.
pub async fn serve(listener: TcpListener, live_games: impl Fn() -> i64 + Send + Sync + 'static) {
    let live_games = std::sync::Arc::new(live_games);
    loop {
        let Ok((mut socket, _)) = listener.accept().await else {
            continue;
        };
        let live_games = live_games.clone();
        tokio::spawn(async move {
            let Some(head) = read_head(&mut socket).await else {
                return;
            };
            let path = head.split_whitespace().nth(1).unwrap_or("");
            let (status, kind, body) = match path {
                "/metrics" => (
                    "200 OK",
                    "application/openmetrics-text; version=1.0.0; charset=utf-8",
                    render_text(live_games()),
                ),
                "/healthz" => ("200 OK", "text/plain", "ok\n".to_string()),
                _ => ("404 Not Found", "text/plain", "not found\n".to_string()),
            };
            let response = format!(
                "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = socket.write_all(response.as_bytes()).await;
            let _ = socket.shutdown().await;
        });
    }
}
