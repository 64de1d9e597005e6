//! Operating the real binary: SIGTERM stops the console cleanly (exit 0, game resumes on the
//! next start); the metrics endpoint is scraped; a backup taken by `junqi-bot backup` while
//! the console runs mid-game restores into a new directory where the game goes on.

use crate::console_support::Session;

use std::io::{Read, Write};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn sigterm(session: &mut Session) -> std::process::ExitStatus {
    let pid = session.child.id().to_string();
    let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(sent.success());
    let started = Instant::now();
    loop {
        if let Some(status) = session.child.try_wait().unwrap() {
            assert!(started.elapsed() < Duration::from_secs(5), "slow stop");
            return status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "no exit 5 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn bot(args: &[&str], data: &Path) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_junqi-bot"))
        .args(args)
        .arg("--data")
        .arg(data)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

/// Starts a game between alice and bob and plays alice's first flip; returns `/export`.
fn start_game(console: &mut Session) -> String {
    console.ask("alice /challenge @bob");
    console.ask("bob /accept");
    console.ask("alice /flip A1");
    console.ask("carol /export")
}

fn http_get(port: u16, path: &str) -> String {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn sigterm_stops_the_console_with_exit_0_and_the_game_resumes() {
    let data = tempfile::tempdir().unwrap();
    let mut console = Session::start(data.path(), None);
    let before = start_game(&mut console);
    let status = sigterm(&mut console);
    assert!(status.success(), "exit status {status}");

    let mut console = Session::start(data.path(), None);
    assert_eq!(console.ask("carol /export"), before);
    let reply = console.ask("bob /flip B1");
    assert!(reply.contains("bob flips B1"), "{reply}");
    console.finish();
    // A clean stop leaves a clean store.
    let (sound, report) = bot(&["check-store"], data.path());
    assert!(sound, "{report}");
    assert!(report.contains("sound"), "{report}");
}

#[test]
fn the_metrics_endpoint_serves_prometheus_text_and_health() {
    let data = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let config = data.path().join("config.toml");
    std::fs::write(&config, format!("metrics_addr = \"127.0.0.1:{port}\"\n")).unwrap();
    let mut console = Session::start(data.path(), Some(&config));
    start_game(&mut console);
    let metrics = http_get(port, "/metrics");
    assert!(metrics.starts_with("HTTP/1.1 200"), "{metrics}");
    for needle in [
        "junqi_live_games 1",
        "junqi_actions_total ",
        "junqi_action_seconds_bucket",
        "junqi_render_seconds_count",
        "junqi_store_commit_seconds_count",
        "junqi_discord_rest_errors_total 0",
        "junqi_discord_rest_retries_total 0",
    ] {
        assert!(metrics.contains(needle), "no {needle:?} in\n{metrics}");
    }
    if std::env::var_os("PRINT_METRICS").is_some() {
        println!("{metrics}");
    }
    let health = http_get(port, "/healthz");
    assert!(
        health.starts_with("HTTP/1.1 200") && health.ends_with("ok\n"),
        "{health}"
    );
    assert!(http_get(port, "/nothing").starts_with("HTTP/1.1 404"));
    console.finish();
}

#[test]
fn a_backup_taken_mid_game_while_running_restores_and_the_game_goes_on() {
    let data = tempfile::tempdir().unwrap();
    let mut console = Session::start(data.path(), None);
    let before = start_game(&mut console);
    let file = data.path().join("mid-game.junqi-backup");
    let (ok, said) = bot(&["backup", "--to", file.to_str().unwrap()], data.path());
    assert!(ok, "{said}");
    assert!(said.contains("live games 1,"), "{said}");
    // The game goes on in the running bot after the backup…
    console.ask("bob /flip B1");
    console.finish();

    // …and the restored copy is at the moment of the backup.
    let restored = tempfile::tempdir().unwrap();
    let target = restored.path().join("data");
    let (ok, said) = bot(&["restore", file.to_str().unwrap()], &target);
    assert!(ok, "{said}");
    let (ok, said) = bot(&["restore", file.to_str().unwrap()], &target);
    assert!(!ok && said.contains("not empty"), "{said}");
    let mut console = Session::start(&target, None);
    assert_eq!(console.ask("carol /export"), before);
    let reply = console.ask("bob /flip B1");
    assert!(reply.contains("bob flips B1"), "{reply}");
    console.finish();
}

#[test]
fn an_old_layout_is_moved_into_store_on_first_start() {
    let data = tempfile::tempdir().unwrap();
    let mut console = Session::start(data.path(), None);
    let before = start_game(&mut console);
    console.finish();
    // Put the store back where `run` used to keep it: directly in DATA.
    let store = data.path().join("store");
    for entry in std::fs::read_dir(&store).unwrap() {
        let entry = entry.unwrap();
        std::fs::rename(entry.path(), data.path().join(entry.file_name())).unwrap();
    }
    std::fs::remove_dir(&store).unwrap();
    std::fs::rename(
        data.path().join("store.ledger"),
        data.path().join("old.ledger"),
    )
    .unwrap();
    let mut console = Session::start(data.path(), None);
    assert_eq!(console.ask("carol /export"), before);
    console.finish();
    assert!(store.join("db").is_file());
    assert!(!data.path().join("db").exists());
}
