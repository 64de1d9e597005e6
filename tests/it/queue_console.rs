//! Quick match in the real `junqi-bot console`: `alice /play seconds:30` waits, the bad input
//! is refused, a SIGKILL keeps her entry with its waiting time, and after the restart
//! `bob /play seconds:30` pairs them at once: the game starts in a room of its own (`#qN`)
//! with alice (the longer-waiting) first; `/play cancel:true` leaves the queue.

use std::time::Duration;

use crate::console_support::Session;

const WAIT: Duration = Duration::from_secs(30);

/// Adds a line typed (or what happened) and the block it brought to `transcript`, with the
/// clocks and the deployment's deadline masked.
fn record_in(transcript: &mut String, line: &str, block: &str) {
    let block = crate::console_dark::mask_deadline(&crate::console_game::normalise(block));
    transcript.push_str(&format!("> {line}\n{block}\n\n"));
}

#[test]
fn a_queue_entry_survives_a_sigkill_and_pairs_after_the_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let mut console = Session::start(&data, None);
    let joined = console.ask("alice /play seconds:30");
    assert!(joined.contains("(only alice sees this)"), "{joined}");
    assert!(joined.contains("1 member waiting"), "{joined}");
    assert!(
        joined.contains("/play cancel:true"),
        "the Leave button: {joined}"
    );
    let refused = console.ask("carol /play seconds:0");
    assert!(refused.contains("between 1 and 3600 seconds"), "{refused}");
    let twice = console.ask("alice /play");
    assert!(twice.contains("already waiting"), "{twice}");
    let open = console.ask("carol /challenge seconds:60");
    assert!(open.contains("anyone may take it"), "{open}");
    let own = console.ask("carol /accept");
    assert!(own.contains("your own open challenge"), "{own}");
    console.kill();

    let mut console = Session::start(&data, None);
    let paired = console.ask("bob /play seconds:30");
    assert!(paired.contains("you play alice"), "{paired}");
    let start = console.wait_for("Quick match: alice and bob are paired.", WAIT);
    assert!(start.contains("alice vs bob, 30 s per turn"), "{start}");
    assert!(start.contains("#q"), "in a room of its own: {start}");
    // The open challenge survived too; dave takes it.
    let taken = console.ask("dave /accept");
    assert!(taken.contains("carol vs dave"), "{taken}");
    let left = console.ask("erin /play cancel:true");
    assert!(left.contains("not waiting"), "{left}");
    console.finish();
}

/// The transcript of a quick match across two channels (tests/transcripts/queue_console.txt,
/// regenerate with UPDATE_GOLDEN=1): q1a waits in `#lobby`, q1b's `/play` in `#other` pairs
/// them; q1b is told privately which room the game is in, the game begins there pinging both,
/// and `#lobby`, where q1a waits, gets a line naming the room.
#[test]
fn a_quick_match_across_two_channels_tells_both_where_it_is_played() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut console = Session::start(&dir.path().join("data"), None);
    let mut transcript = String::new();
    let mut record = |line: &str, block: &str| record_in(&mut transcript, line, block);
    let joined = console.ask("q1a#lobby /play");
    assert!(joined.contains("1 member waiting"), "{joined}");
    record("q1a#lobby /play", &joined);
    let paired = console.ask("q1b#other /play");
    record("q1b#other /play", &paired);
    assert!(paired.contains("(only q1b sees this)"), "{paired}");
    let room = paired
        .split_whitespace()
        .find(|word| word.starts_with("#q"))
        .map(|word| word.trim_end_matches(','))
        .unwrap_or_else(|| panic!("the private notice names the room: {paired}"))
        .to_string();
    assert!(
        paired.contains(&format!("you play q1a in {room}, the game begins now")),
        "{paired}"
    );
    let start = console.wait_for("Quick match: q1a and q1b are paired.", WAIT);
    assert!(
        start.starts_with(&format!("{room}:")),
        "in the room: {start}"
    );
    record("(the game's room)", &start);
    let lobby = console.wait_for("play in #q", WAIT);
    assert!(lobby.starts_with("#lobby:"), "in q1a's channel: {lobby}");
    assert!(
        lobby.contains(&format!("Quick match: q1a and q1b play in {room}.")),
        "{lobby}"
    );
    record("(q1a's channel)", &lobby);
    crate::console_support::check_transcript("queue_console.txt", &transcript);
    console.finish();
}

/// The transcript of quick matches by game (tests/transcripts/queue_kinds_console.txt,
/// regenerate with UPDATE_GOLDEN=1): alice waits for 暗棋 at 30 s; bob's `/play` for 翻翻棋 at
/// 30 s and then for 暗棋 at 60 s wait in queues of their own (each move said), and his
/// `/play game:dark seconds:30` pairs them: the game opens in its room in a deployment.
#[test]
fn a_quick_match_pairs_only_the_same_game_and_clock() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut console = Session::start(&dir.path().join("data"), None);
    let mut transcript = String::new();
    let mut record = |line: &str, block: &str| record_in(&mut transcript, line, block);
    let steps = [
        (
            "alice /play game:dark seconds:30",
            "queue for dark (暗棋), 30 s",
        ),
        ("bob /play seconds:30", "queue for flip (翻翻棋), 30 s"),
        (
            "bob /play game:dark seconds:60",
            "for the one for dark (暗棋), 60 s",
        ),
        ("bob /play game:dark seconds:60", "already waiting"),
        ("bob /play game:siguo", "unknown game"),
    ];
    for (line, expected) in steps {
        let answer = console.ask(line);
        assert!(answer.contains(expected), "{line}: {answer}");
        assert!(!answer.contains("you play"), "{line}: {answer}");
        record(line, &answer);
    }
    let paired = console.ask("bob /play game:dark seconds:30");
    assert!(
        paired.contains("for the one for dark (暗棋), 30 s per turn"),
        "{paired}"
    );
    assert!(paired.contains("you play alice in #q1"), "{paired}");
    record("bob /play game:dark seconds:30", &paired);
    let start = console.wait_for("Quick match: alice and bob are paired.", WAIT);
    assert!(start.starts_with("#q1:"), "in the room: {start}");
    assert!(start.contains("Game: dark junqi"), "{start}");
    assert!(
        start.contains("alice: deploying… · bob: deploying…"),
        "{start}"
    );
    record("(the game's room)", &start);
    crate::console_support::check_transcript("queue_kinds_console.txt", &transcript);
    console.finish();
}
