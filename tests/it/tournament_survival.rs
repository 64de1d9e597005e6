//! Tournaments survive a crash of the real binary: SIGKILL in the middle of a tournament keeps
//! its players, scores, streaks and games in progress (a game in progress still counts after
//! the restart), and a tournament that should have started while the bot was down starts at
//! start-up. A tournament "minute" is test-sized (`tournament_minute_ms`).

use std::path::Path;
use std::time::Duration;

use crate::console_support::Session;

const WAIT: Duration = Duration::from_secs(30);

fn config(dir: &Path, minute_ms: u32) -> std::path::PathBuf {
    let config = dir.join("config.toml");
    std::fs::write(&config, format!("tournament_minute_ms = {minute_ms}\n")).expect("config");
    config
}

/// The standings lines of a `/tournament` answer (its rows, without the heading).
fn rows(block: &str) -> Vec<String> {
    block
        .lines()
        .filter(|line| line.starts_with(|c: char| c.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_tournament_keeps_its_scores_and_games_through_a_sigkill() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = config(dir.path(), 60_000);
    let data = dir.path().join("data");
    let mut console = Session::start(&data, Some(&config));
    console.send("alice /tournament create minutes:60 seconds:60 starts_in:0");
    console.wait_for("opens arena tournament 1", WAIT);
    for name in ["alice", "bob", "carol", "dave"] {
        console.send(&format!("{name} /tournament join"));
        console.wait_for(&format!("{name} joins"), WAIT);
    }
    console.wait_for("game 2 begins: carol vs dave", WAIT);
    console.send("bob#t1-1 /abandon");
    console.wait_for("game 3 begins: alice vs bob", WAIT);
    console.send("alice#t1-3 /flip A1");
    console.block(WAIT).expect("the flip is answered");
    console.send("dave#t1-2 /abandon");
    console.wait_for("game 4 begins: carol vs dave", WAIT);
    console.send("alice /tournament");
    let before = rows(&console.wait_for("live standings", WAIT));
    assert_eq!(
        before,
        vec![
            "1. alice: 2 (1 game)",
            "2. carol: 2 (1 game)",
            "3. bob: 0 (1 game)",
            "4. dave: 0 (1 game)"
        ]
    );
    console.kill();

    let mut console = Session::start(&data, Some(&config));
    console.send("alice /tournament");
    let after = rows(&console.wait_for("live standings", WAIT));
    assert_eq!(after, before, "the scores survive the crash");
    // The game in progress at the crash resumed with its move, and still counts: a second
    // win in a row for alice, a streak.
    console.send("alice#t1-3 /board");
    let board = console.block(WAIT).expect("the board of the resumed game");
    assert!(
        board.contains("alice flips A1") || board.contains("to act: bob"),
        "{board}"
    );
    console.send("bob#t1-3 /abandon");
    console.wait_for("game 5 begins: alice vs bob", WAIT);
    console.send("alice /tournament");
    let standings = console.wait_for("live standings", WAIT);
    assert!(
        standings.contains("1. alice: 4 (2 games) 🔥"),
        "{standings}"
    );
    console.send("carol#t1-4 /tournament join");
    console.block(WAIT).expect("answered");
    console.finish();
}

#[test]
fn a_tournament_due_while_the_bot_was_down_starts_at_start_up() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A minute of 300 ms: starting in 1 "minute" is 0.3 s, ending 3 "minutes" later.
    let config = config(dir.path(), 300);
    let data = dir.path().join("data");
    let mut console = Session::start(&data, Some(&config));
    console.send("alice /tournament create minutes:100 seconds:60 starts_in:1");
    console.wait_for("opens arena tournament 1", WAIT);
    console.send("alice /tournament join");
    console.wait_for("alice joins", WAIT);
    console.send("bob /tournament join");
    console.wait_for("bob joins", WAIT);
    console.kill();
    std::thread::sleep(Duration::from_millis(600));

    let mut console = Session::start(&data, Some(&config));
    console.wait_for("Tournament 1 has begun with 2 players", WAIT);
    let start = console.wait_for("game 1 begins: alice vs bob", WAIT);
    assert!(start.starts_with("#t1-1:"), "{start}");
    console.finish();
}
