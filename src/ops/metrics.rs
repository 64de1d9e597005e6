//! Prometheus metrics (prometheus-client) and the optional HTTP endpoint serving them
//! (`metrics_addr` in config, off by default): `GET /metrics` in the OpenMetrics text format,
//! `GET /healthz` answering `ok`, served by hyper, one request per connection. Instrumented
//! code calls one function of this module per site; the metrics are process-wide, so those
//! calls need no handle.

use std::convert::Infallible;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use hyper::header::{CONTENT_TYPE, HeaderValue};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;

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

/// How long a connection may take to send its request's head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(5);
/// The pause after a failed accept, doubled at each failure in a row up to the longest.
const FIRST_ACCEPT_PAUSE: Duration = Duration::from_millis(10);
const LONGEST_ACCEPT_PAUSE: Duration = Duration::from_secs(1);

/// Where the endpoint's connections come from: its TCP listener, or in the tests a stand-in
/// whose accepts fail.
trait Connections {
    fn next(&mut self) -> impl Future<Output = std::io::Result<TcpStream>> + Send;
}

impl Connections for TcpListener {
    async fn next(&mut self) -> std::io::Result<TcpStream> {
        self.accept().await.map(|(stream, _)| stream)
    }
}

/// Serves `/metrics` and `/healthz` on `listener` until the task is aborted, which closes the
/// connections still open too; `live_games` is asked at each scrape.
pub async fn serve(listener: TcpListener, live_games: impl Fn() -> i64 + Send + Sync + 'static) {
    serve_connections(listener, Arc::new(live_games)).await;
}

async fn serve_connections<F>(mut connections: impl Connections, live_games: Arc<F>)
where
    F: Fn() -> i64 + Send + Sync + 'static,
{
    // Owned by this future, so that aborting the endpoint aborts its connections with it.
    let mut answering = JoinSet::new();
    let mut pause = FIRST_ACCEPT_PAUSE;
    loop {
        while answering.try_join_next().is_some() {}
        match connections.next().await {
            Ok(stream) => {
                pause = FIRST_ACCEPT_PAUSE;
                answering.spawn(answer(stream, live_games.clone()));
            }
            Err(error) => {
                // Mostly out of file descriptors: an accept retried at once fails again, and
                // would spin a core until one is freed.
                tracing::warn!("metrics endpoint: accept failed ({error}), retrying in {pause:?}");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(LONGEST_ACCEPT_PAUSE);
            }
        }
    }
}

/// Answers the one request of a connection, then closes it.
async fn answer<F>(stream: TcpStream, live_games: Arc<F>)
where
    F: Fn() -> i64 + Send + Sync + 'static,
{
    let respond = service_fn(move |request: Request<hyper::body::Incoming>| {
        let live_games = live_games.clone();
        async move { Ok::<_, Infallible>(response(request.uri().path(), &*live_games)) }
    });
    let served = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .keep_alive(false)
        .serve_connection(TokioIo::new(stream), respond)
        .await;
    if let Err(error) = served {
        tracing::debug!("metrics endpoint: a connection failed: {error}");
    }
}

fn response(path: &str, live_games: &dyn Fn() -> i64) -> Response<String> {
    let (status, kind, body) = match path {
        "/metrics" => (
            StatusCode::OK,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
            render_text(live_games()),
        ),
        "/healthz" => (StatusCode::OK, "text/plain", "ok\n".to_string()),
        _ => (
            StatusCode::NOT_FOUND,
            "text/plain",
            "not found\n".to_string(),
        ),
    };
    let mut response = Response::new(body);
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    response
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    /// Connections whose first `failures` accepts fail as when out of file descriptors, then
    /// come from `listener` (if any); counts the accepts asked for.
    struct Failing {
        listener: Option<TcpListener>,
        failures: usize,
        calls: Arc<AtomicUsize>,
    }

    impl Connections for Failing {
        async fn next(&mut self) -> std::io::Result<TcpStream> {
            let call = self.calls.fetch_add(1, Ordering::Relaxed);
            match &self.listener {
                Some(listener) if call >= self.failures => {
                    listener.accept().await.map(|(stream, _)| stream)
                }
                _ => {
                    // Yields, so that a server retrying at once spins instead of hanging its
                    // runtime, and the test can count.
                    tokio::task::yield_now().await;
                    Err(std::io::Error::from_raw_os_error(24))
                }
            }
        }
    }

    async fn get(address: std::net::SocketAddr, path: &str) -> String {
        let mut stream = TcpStream::connect(address).await.expect("connects");
        let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n");
        stream
            .write_all(request.as_bytes())
            .await
            .expect("sends the request");
        let mut response = String::new();
        stream
            .read_to_string(&mut response)
            .await
            .expect("reads to the end");
        response
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn failing_accepts_are_retried_after_a_growing_pause_not_at_once() {
        let calls = Arc::new(AtomicUsize::new(0));
        let failing = Failing {
            listener: None,
            failures: usize::MAX,
            calls: calls.clone(),
        };
        let server = tokio::spawn(serve_connections(failing, Arc::new(|| 0)));
        tokio::time::sleep(Duration::from_millis(300)).await;
        server.abort();
        let calls = calls.load(Ordering::Relaxed);
        // Pauses of 10, 20, 40, 80, 160 ms: six accepts in 300 ms, where a loop retrying at
        // once makes hundreds of thousands.
        assert!((1..=10).contains(&calls), "{calls} accepts in 300 ms");
    }

    #[tokio::test]
    async fn the_endpoint_answers_once_accepts_succeed_again() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("binds");
        let address = listener.local_addr().expect("address");
        let failing = Failing {
            listener: Some(listener),
            failures: 3,
            calls: Arc::new(AtomicUsize::new(0)),
        };
        let server = tokio::spawn(serve_connections(failing, Arc::new(|| 0)));
        let health = get(address, "/healthz").await;
        assert!(
            health.starts_with("HTTP/1.1 200") && health.ends_with("ok\n"),
            "{health}"
        );
        let missing = get(address, "/nothing").await;
        assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
        server.abort();
    }

    #[tokio::test]
    async fn stopping_the_endpoint_closes_the_connections_it_holds_open() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("binds");
        let address = listener.local_addr().expect("address");
        let server = tokio::spawn(serve(listener, || 0));
        // A client that never sends its request: its connection waits for the head.
        let mut idle = TcpStream::connect(address).await.expect("connects");
        // Connections are accepted in order: once a later one is answered, the idle one is held.
        let health = get(address, "/healthz").await;
        assert!(health.starts_with("HTTP/1.1 200"), "{health}");
        server.abort();
        let mut byte = [0u8; 1];
        let read = tokio::time::timeout(Duration::from_secs(2), idle.read(&mut byte)).await;
        assert!(
            matches!(read, Ok(Ok(0))),
            "the idle connection outlived the endpoint: {read:?}"
        );
    }
}
