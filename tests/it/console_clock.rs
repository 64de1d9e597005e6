//! Turn clocks through the real console: timeouts on a 1-second clock until the 3rd loses, the
//! "seconds left" warning, and a game surviving SIGKILL: restarted on the same data directory
//! it is intact and its clock re-armed, a deadline that passed while the bot was down counting
//! one timeout, not many.

use crate::console_support;

use std::time::Duration;

use console_support::Session;

const WAIT: Duration = Duration::from_secs(20);

#[test]
fn the_third_timeout_loses() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut console = Session::start(data.path(), None);
    console.ask("alice /challenge @bob seconds:1");
    let start = console.ask("bob /accept");
    assert!(start.contains("1 s per turn"), "{start}");
    // Seed 7 deals alice (the challenger) the first turn.
    let expected = [
        "alice ran out of time (timeout 1 of 3)",
        "bob ran out of time (timeout 1 of 3)",
        "alice ran out of time (timeout 2 of 3)",
        "bob ran out of time (timeout 2 of 3)",
        "alice ran out of time (timeout 3 of 3)",
    ];
    for line in expected {
        let block = console.block(WAIT).expect("a timeout message");
        assert!(block.contains(line), "expected {line:?}, got:\n{block}");
    }
    let last = console.block(Duration::ZERO).unwrap_or_default();
    assert_eq!(last, "", "nothing after the timeout messages yet");
    let rank = console.ask("bob /rank");
    assert!(rank.contains("wins 1"), "{rank}");
    let over = console.ask("alice /board");
    assert!(over.contains("no game in this channel"), "{over}");
    console.finish();
}

#[test]
fn a_killed_bot_resumes_its_games_with_clocks_rearmed() {
    let data = tempfile::tempdir().expect("temp dir");
    let config = data.path().join("junqi.toml");
    std::fs::write(&config, "warning_secs = 2\n").expect("write config");
    let mut console = Session::start(data.path(), Some(&config));
    console.ask("alice /challenge @bob seconds:4");
    console.ask("bob /accept");
    console.ask("alice /flip A1");
    console.ask("bob /flip B1");
    let before = console.ask("carol /export");
    let warning = console.wait_for("s left to act", WAIT);
    assert!(warning.starts_with("alice: "), "{warning}");
    console.kill();

    // Back at once: the same position, and alice's clock still running.
    let mut console = Session::start(data.path(), Some(&config));
    assert_eq!(console.ask("carol /export"), before);
    let timeout = console.wait_for("ran out of time", WAIT);
    assert!(
        timeout.contains("alice ran out of time (timeout 1 of 3)"),
        "{timeout}"
    );
    console.kill();

    // Down for longer than two turns: bob's missed deadline counts once, then alice's clock
    // starts afresh.
    std::thread::sleep(Duration::from_secs(9));
    let mut console = Session::start(data.path(), Some(&config));
    let first = console.wait_for("ran out of time", WAIT);
    assert!(
        first.contains("bob ran out of time (timeout 1 of 3)"),
        "{first}"
    );
    let export = console.ask("carol /export");
    assert!(export.ends_with("to act: alice"), "{export}");
    let next = console.wait_for("ran out of time", WAIT);
    assert!(
        next.contains("alice ran out of time (timeout 2 of 3)"),
        "{next}"
    );
    console.finish();
}
