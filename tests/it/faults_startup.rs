//! PostgreSQL down at start-up: the real binary retries for `db_connect_timeout_secs`, logging
//! each try, then exits non-zero naming the server's host and port, never the password.

use std::process::Command;

#[test]
fn a_database_down_at_start_is_retried_then_named_without_its_password() {
    // A port nobody listens on: bound, then released.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let data = tempfile::tempdir().expect("temp dir");
    let config = data.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "database_url = \"postgres://bot:hunter2secret@127.0.0.1:{port}/junqi\"\n\
             db_connect_timeout_secs = 1\n"
        ),
    )
    .expect("config");
    let started = std::time::Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_junqi-bot"))
        .arg("console")
        .arg("--config")
        .arg(&config)
        .arg("--data")
        .arg(data.path())
        .env("RUST_LOG", "warn")
        .env_remove("DATABASE_URL")
        .output()
        .expect("run the console");
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!(
        "fault db down at start: exit {:?} after {:?}",
        output.status.code(),
        started.elapsed()
    );
    assert!(!output.status.success(), "{stderr}");
    let server = format!("127.0.0.1:{port}");
    let tries = stderr
        .lines()
        .filter(|line| {
            line.contains("cannot reach the PostgreSQL database") && line.contains("(try ")
        })
        .count();
    assert!(tries >= 2, "each try is logged: {stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("error:") && last.contains(&server),
        "{stderr}"
    );
    assert!(!stderr.contains("hunter2secret"), "no password: {stderr}");
}
