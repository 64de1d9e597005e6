//! No log line reveals the deal: the console on PostgreSQL with `RUST_LOG=trace` plays a few
//! actions, and its whole stderr is searched for the deal seed, the driver's statement
//! parameters (record bytes) and the face-down identities of the deal. The same logs hold the
//! operator's lines (a `command` span per line, its INFO "answered" line with game, seat,
//! outcome and timings, the store's calls at DEBUG), and a leak planted among them is caught.

use std::io::Write;
use std::process::Stdio;

use junqi::game::{Game, Rules};

use crate::console_support::{action_line, console, name_of, pick};
use crate::store_support::backends::TestDatabase;

/// A seed long enough that finding it in the logs cannot be a coincidence.
const SEED: u64 = 0x5eed_0dea_1c0f_fee5;

#[test]
fn trace_logs_on_postgres_hold_no_seed_parameters_or_identities() {
    let Some(database) = TestDatabase::create() else {
        return;
    };
    let data = tempfile::tempdir().expect("temp dir");
    let config = data.path().join("config.toml");
    std::fs::write(&config, format!("database_url = {:?}\n", database.url)).expect("config");
    let rules = Rules::default();
    let mut game = Game::new(SEED, rules);
    let mut script = String::from("alice /challenge @bob\nbob /accept\n");
    for _ in 0..6 {
        let action = pick(&game, false);
        script.push_str(&action_line(name_of(game.to_act()), action));
        script.push('\n');
        game.act(game.to_act(), action).expect("legal");
    }
    script.push_str("alice /board\nbob /abandon\n");
    // The identities still face down when the logs are read (colours are decided by now).
    let deal = game.position().expect("colours decided").to_string();

    let mut child = console(data.path(), Some(&config))
        .env("JUNQI_TEST_SEED", SEED.to_string())
        .env("RUST_LOG", "trace")
        .env_remove("DATABASE_URL")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the console");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("script");
    let output = child.wait_with_output().expect("console output");
    let logs = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "console failed: {logs}");
    assert!(stdout.contains("abandon"), "the game was played: {stdout}");
    // RUST_LOG really replaced the console's default (warn): its INFO lines are there. (The
    // driver is what writes DEBUG lines on this path, with every statement's parameters.)
    assert!(logs.contains("INFO"), "{logs}");

    let board = deal.split_whitespace().next().expect("board field");
    let found = leaks(&logs, board);
    assert!(found.is_empty(), "the logs reveal {}", found.join("\n"));
    operator_lines_are_there(&logs);
    // The check catches a leak: a store line that printed the position it wrote.
    let planted = format!("{logs}\nDEBUG command{{command=Move}}: junqi::store: call=x {board}\n");
    let caught = leaks(&planted, board);
    assert_eq!(caught.len(), 1, "{caught:?}");
    assert!(caught[0].starts_with("the deal's identities"), "{caught:?}");
    for line in logs.lines() {
        assert!(
            !(line.contains("tokio_postgres")
                && (line.contains("DEBUG") || line.contains("TRACE"))),
            "the driver logged below INFO: {line}"
        );
    }
}

/// What `logs` reveal: each secret found, with the first lines that hold it.
fn leaks(logs: &str, board: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (what, needle) in [
        ("the seed", SEED.to_string()),
        ("the seed in hex", format!("{SEED:x}")),
        ("statement parameters", "parameters".to_string()),
        ("the deal's identities", board.to_string()),
    ] {
        if logs.contains(&needle) {
            let lines: Vec<&str> = logs
                .lines()
                .filter(|line| line.contains(&needle))
                .take(3)
                .collect();
            found.push(format!("{what} ({needle}):\n{}", lines.join("\n")));
        }
    }
    found
}

/// The operator's lines: one span per command line with its name and place, one INFO line per
/// answered command with the game, seat, outcome and times, and the store's calls at DEBUG.
fn operator_lines_are_there(logs: &str) {
    let answered: Vec<&str> = logs
        .lines()
        .filter(|line| line.contains("answered") && line.contains("command{command="))
        .collect();
    let played = answered
        .iter()
        .find(|line| line.contains("command=Move") || line.contains("command=Flip"))
        .unwrap_or_else(|| panic!("no answered line for an action:\n{}", answered.join("\n")));
    for field in [
        "guild=0",
        "channel=",
        "game=1",
        "outcome=played",
        "store_ms=",
        "draw_ms=",
    ] {
        assert!(played.contains(field), "{field} missing: {played}");
    }
    assert!(
        played.contains("seat=first") || played.contains("seat=second"),
        "{played}"
    );
    assert!(
        answered
            .iter()
            .any(|line| line.contains("command=Challenge")),
        "{}",
        answered.join("\n")
    );
    assert!(
        logs.lines().any(|line| line.contains("DEBUG")
            && line.contains("call=")
            && line.contains("micros=")),
        "no store call at DEBUG"
    );
}
