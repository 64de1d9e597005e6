//! A TCP proxy between the bot and PostgreSQL that injects the faults an operator sees: cut
//! every connection, refuse new ones, stall all traffic for a while, and drop a connection
//! right after it forwards a chosen statement (a `COMMIT`, or an autocommitted write), once the
//! server has finished it but before the bot hears the answer: the outcome the bot cannot know
//! (and, if asked, the whole database gone from that moment).
//!
//! The proxy runs on a runtime of its own (usable from sync and async tests alike) and reads
//! just enough of the PostgreSQL protocol for that: the client's messages (simple queries,
//! Parse, Bind, Sync) and the server's ReadyForQuery, which ends each query cycle.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

#[derive(Default)]
struct Shared {
    refusing: AtomicBool,
    stall_until: Mutex<Option<Instant>>,
    /// The SQL text whose next run drops its connection (one-shot).
    drop_after: Mutex<Option<String>>,
    drops: AtomicUsize,
    accepted: AtomicUsize,
    refused: AtomicUsize,
    /// The next drop takes the database away: every connection cut, new ones refused.
    outage_at_drop: AtomicBool,
    /// Cuts every open connection (set once the proxy starts).
    cut: std::sync::OnceLock<watch::Sender<u64>>,
}

impl Shared {
    fn outage(&self) {
        self.refusing.store(true, Ordering::SeqCst);
        if let Some(cut) = self.cut.get() {
            cut.send_modify(|generation| *generation += 1);
        }
    }
}

/// Takes the database away from wherever it is held (a room opener the service calls): what
/// [`PgProxy::outage`] does, without the proxy itself.
#[derive(Clone)]
pub struct OutageSwitch {
    shared: Arc<Shared>,
}

impl OutageSwitch {
    pub fn outage(&self) {
        self.shared.outage();
    }
}

/// The proxy; stops when dropped.
pub struct PgProxy {
    addr: SocketAddr,
    upstream_url: String,
    shared: Arc<Shared>,
    cut: watch::Sender<u64>,
    _runtime: tokio::runtime::Runtime,
}

/// `host:port` of a `postgres://user@host:port/db` URL, and the URL split around it.
fn authority(url: &str) -> (String, String, String) {
    let (scheme, rest) = url.split_once("://").expect("a postgres:// URL");
    let end = rest.find('/').unwrap_or(rest.len());
    let (auth, path) = rest.split_at(end);
    let (user, host) = match auth.rsplit_once('@') {
        Some((user, host)) => (format!("{user}@"), host),
        None => (String::new(), auth),
    };
    (
        format!("{scheme}://{user}"),
        host.to_string(),
        path.to_string(),
    )
}

impl PgProxy {
    /// A proxy in front of the server of `url` (a test database's URL).
    pub fn start(url: &str) -> PgProxy {
        let (_, host, _) = authority(url);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("proxy runtime");
        let listener = runtime
            .block_on(TcpListener::bind("127.0.0.1:0"))
            .expect("bind proxy");
        let addr = listener.local_addr().expect("proxy address");
        let shared = Arc::new(Shared::default());
        let (cut, _) = watch::channel(0u64);
        let _ = shared.cut.set(cut.clone());
        let (accept_shared, accept_cut) = (shared.clone(), cut.clone());
        runtime.spawn(async move {
            loop {
                let Ok((client, _)) = listener.accept().await else {
                    continue;
                };
                if accept_shared.refusing.load(Ordering::SeqCst) {
                    accept_shared.refused.fetch_add(1, Ordering::SeqCst);
                    drop(client);
                    continue;
                }
                accept_shared.accepted.fetch_add(1, Ordering::SeqCst);
                let (shared, cut, host) =
                    (accept_shared.clone(), accept_cut.subscribe(), host.clone());
                tokio::spawn(serve(client, host, shared, cut));
            }
        });
        PgProxy {
            addr,
            upstream_url: url.to_string(),
            shared,
            cut,
            _runtime: runtime,
        }
    }

    /// The database URL through the proxy.
    pub fn url(&self) -> String {
        let (head, _, path) = authority(&self.upstream_url);
        format!("{head}{}{path}", self.addr)
    }

    /// Closes every open connection at once.
    pub fn cut_all(&self) {
        self.cut.send_modify(|generation| *generation += 1);
    }

    /// Refuses (accepts and closes at once) every new connection while `on`.
    pub fn refuse(&self, on: bool) {
        self.shared.refusing.store(on, Ordering::SeqCst);
    }

    /// The database as unreachable: every connection cut, new ones refused.
    pub fn outage(&self) {
        self.shared.outage();
    }

    /// A handle that makes [`PgProxy::outage`] happen from elsewhere.
    pub fn switch(&self) -> OutageSwitch {
        OutageSwitch {
            shared: self.shared.clone(),
        }
    }

    /// The database back.
    pub fn restore(&self) {
        self.refuse(false);
    }

    /// Holds all traffic, both ways, for `length` from now.
    pub fn stall_for(&self, length: Duration) {
        *self.shared.stall_until.lock().expect("stall") = Some(Instant::now() + length);
    }

    /// The next statement whose SQL contains `sql` (a simple query such as `COMMIT`, or a
    /// prepared statement's Bind) drops its connection once the server has finished that
    /// query cycle (committed, for a COMMIT or an autocommitted write), before the answer is
    /// forwarded.
    pub fn drop_after(&self, sql: &str) {
        *self.shared.drop_after.lock().expect("drop_after") = Some(sql.to_string());
    }

    /// [`PgProxy::drop_after`], and the database unreachable from that moment: the outage
    /// strikes between that statement and the next.
    pub fn outage_after(&self, sql: &str) {
        self.shared.outage_at_drop.store(true, Ordering::SeqCst);
        self.drop_after(sql);
    }

    /// [`PgProxy::drop_after`] the next `COMMIT`.
    pub fn drop_after_commit(&self) {
        self.drop_after("COMMIT");
    }

    /// How many connections were dropped by [`PgProxy::drop_after`].
    pub fn drops(&self) -> usize {
        self.shared.drops.load(Ordering::SeqCst)
    }

    /// Connections accepted and refused so far.
    pub fn connections(&self) -> (usize, usize) {
        (
            self.shared.accepted.load(Ordering::SeqCst),
            self.shared.refused.load(Ordering::SeqCst),
        )
    }
}

/// One connection's query cycles: how many ReadyForQuery the server owes (one for the
/// start-up, one per simple query or Sync forwarded), and the one that ends the dropping cycle.
#[derive(Default)]
struct Cycles {
    owed: AtomicU64,
    drop_at: AtomicU64,
}

async fn serve(
    client: TcpStream,
    host: String,
    shared: Arc<Shared>,
    mut cut: watch::Receiver<u64>,
) {
    let Ok(server) = TcpStream::connect(&host).await else {
        return;
    };
    let (client_read, client_write) = client.into_split();
    let (server_read, server_write) = server.into_split();
    let cycles = Arc::new(Cycles::default());
    cycles.owed.store(1, Ordering::SeqCst);
    tokio::select! {
        () = from_client(client_read, server_write, &shared, &cycles) => {}
        () = from_server(server_read, client_write, &shared, &cycles) => {}
        _ = cut.changed() => {}
    }
}

async fn wait_stall(shared: &Shared) {
    let until = *shared.stall_until.lock().expect("stall");
    if let Some(until) = until {
        tokio::time::sleep_until(until.into()).await;
    }
}

/// Complete messages at the front of `buffer` (type byte and body), removed from it; the
/// start-up message has no type byte (`started` false until it is read).
fn messages(buffer: &mut Vec<u8>, started: &mut bool) -> Vec<(u8, Vec<u8>)> {
    let mut out = Vec::new();
    loop {
        let head = usize::from(*started);
        let Some(length) = buffer.get(head..head + 4) else {
            break;
        };
        let length = u32::from_be_bytes(length.try_into().expect("4 bytes")) as usize;
        if buffer.len() < head + length {
            break;
        }
        let kind = if *started { buffer[0] } else { 0 };
        let body = buffer[head + 4..head + length].to_vec();
        buffer.drain(..head + length);
        *started = true;
        out.push((kind, body));
    }
    out
}

fn c_string(bytes: &[u8]) -> (String, &[u8]) {
    let end = bytes.iter().position(|b| *b == 0).unwrap_or(bytes.len());
    let rest = bytes.get(end + 1..).unwrap_or(&[]);
    (String::from_utf8_lossy(&bytes[..end]).into_owned(), rest)
}

/// Whether `sql` is the one armed to drop, disarming it.
fn take_trigger(shared: &Shared, sql: &str) -> bool {
    let mut armed = shared.drop_after.lock().expect("drop_after");
    if armed
        .as_deref()
        .is_some_and(|pattern| sql.contains(pattern))
    {
        *armed = None;
        return true;
    }
    false
}

async fn from_client(
    mut read: OwnedReadHalf,
    mut write: OwnedWriteHalf,
    shared: &Shared,
    cycles: &Cycles,
) {
    let (mut buffer, mut started) = (Vec::new(), false);
    let mut statements: HashMap<String, String> = HashMap::new();
    let mut bound_trigger = false;
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        let Ok(n) = read.read(&mut chunk).await else {
            return;
        };
        if n == 0 {
            return;
        }
        buffer.extend_from_slice(&chunk[..n]);
        for (kind, body) in messages(&mut buffer, &mut started) {
            match kind {
                b'Q' => {
                    let owed = cycles.owed.fetch_add(1, Ordering::SeqCst) + 1;
                    if take_trigger(shared, &c_string(&body).0) {
                        cycles.drop_at.store(owed, Ordering::SeqCst);
                    }
                }
                b'P' => {
                    let (name, rest) = c_string(&body);
                    statements.insert(name, c_string(rest).0);
                }
                b'B' => {
                    let (_portal, rest) = c_string(&body);
                    let statement = c_string(rest).0;
                    let sql = statements.get(&statement).map_or("", String::as_str);
                    bound_trigger |= take_trigger(shared, sql);
                }
                b'S' => {
                    let owed = cycles.owed.fetch_add(1, Ordering::SeqCst) + 1;
                    if std::mem::take(&mut bound_trigger) {
                        cycles.drop_at.store(owed, Ordering::SeqCst);
                    }
                }
                _ => {}
            }
        }
        wait_stall(shared).await;
        if write.write_all(&chunk[..n]).await.is_err() {
            return;
        }
    }
}

async fn from_server(
    mut read: OwnedReadHalf,
    mut write: OwnedWriteHalf,
    shared: &Shared,
    cycles: &Cycles,
) {
    // The server's messages all have a type byte.
    let (mut buffer, mut started) = (Vec::new(), true);
    let mut ready = 0u64;
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        let Ok(n) = read.read(&mut chunk).await else {
            return;
        };
        if n == 0 {
            return;
        }
        buffer.extend_from_slice(&chunk[..n]);
        for (kind, _) in messages(&mut buffer, &mut started) {
            if kind == b'Z' {
                ready += 1;
            }
        }
        let drop_at = cycles.drop_at.load(Ordering::SeqCst);
        if drop_at != 0 {
            // The dropping cycle is under way: nothing more reaches the bot, and once the
            // server has finished that cycle the connection goes.
            if ready >= drop_at {
                if shared.outage_at_drop.swap(false, Ordering::SeqCst) {
                    shared.outage();
                }
                shared.drops.fetch_add(1, Ordering::SeqCst);
                return;
            }
            continue;
        }
        wait_stall(shared).await;
        if write.write_all(&chunk[..n]).await.is_err() {
            return;
        }
    }
}
