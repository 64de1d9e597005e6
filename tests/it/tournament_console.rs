//! A four-member arena tournament played in the real `junqi-bot console`, line by line: the
//! announcement, joins that pair players at once, games in rooms of their own (`#t1-N`) ended
//! by abandoning (a draw cannot be offered before 50 actions), the standings after each game, a streak doubling a
//! win, the end (no new pairings, the last games played out and counted), the final standings
//! with their image, and the bad input that changes nothing. Compared with the golden
//! transcript tests/transcripts/tournament_console.txt (regenerate with UPDATE_GOLDEN=1).
//! A tournament "minute" lasts 2 s here (`tournament_minute_ms`), so the 10 minutes take 20 s.

use std::time::Duration;

use crate::console_support::Session;

/// One line typed and the blocks it must bring, in order: its reply first, then what the bot
/// sends on its own because of it.
struct Step {
    line: &'static str,
    blocks: &'static [&'static str],
}

const fn step(line: &'static str, blocks: &'static [&'static str]) -> Step {
    Step { line, blocks }
}

const STEPS: &[Step] = &[
    step("alice /tournament", &["no tournament in this channel"]),
    step(
        "alice /tournament create minutes:0 seconds:20",
        &["from 1 to 1440 minutes"],
    ),
    step(
        "alice /tournament create minutes:1441 seconds:20",
        &["from 1 to 1440 minutes"],
    ),
    step(
        "alice /tournament create minutes:10 seconds:0",
        &["between 1 and 3600 seconds"],
    ),
    step(
        "alice /tournament create minutes:10 seconds:20 starts_in:0",
        &["opens arena tournament 1"],
    ),
    step(
        "bob /tournament create minutes:5 seconds:20",
        &["already has tournament 1"],
    ),
    step("bob /tournament leave", &["you are not in tournament 1"]),
    step("alice /tournament join", &["alice joins tournament 1"]),
    step("alice /tournament join", &["already in tournament 1"]),
    step(
        "bob /tournament join",
        &["bob joins", "game 1 begins: alice vs bob"],
    ),
    step("carol /tournament join", &["carol joins"]),
    step(
        "dave /tournament join",
        &["dave joins", "game 2 begins: carol vs dave"],
    ),
    step("alice /tournament", &["live standings"]),
    step(
        "bob#t1-1 /abandon",
        &["abandons", "game 3 begins: alice vs bob"],
    ),
    step("alice /tournament", &["1. alice: 2 (1 game)"]),
    step(
        "dave#t1-2 /abandon",
        &["abandons", "game 4 begins: carol vs dave"],
    ),
    step("alice /tournament", &["2. carol: 2 (1 game)"]),
    step(
        "bob#t1-3 /abandon",
        &["abandons", "game 5 begins: alice vs bob"],
    ),
    step("alice /tournament", &["1. alice: 4 (2 games) 🔥"]),
    step(
        "carol#t1-4 /abandon",
        &["abandons", "game 6 begins: carol vs dave"],
    ),
    step("alice /tournament", &["2. carol: 2 (2 games)"]),
    // On a streak: alice's third win in a row scores 4, not 2.
    step(
        "bob#t1-5 /abandon",
        &["abandons", "game 7 begins: alice vs bob"],
    ),
    step("alice /tournament", &["1. alice: 8 (3 games) 🔥"]),
];

/// After time is up: the two games in progress are played out and count.
const ENDGAME: &[Step] = &[
    step("dave#t1-6 /abandon", &["abandons"]),
    step(
        "alice /tournament",
        &["time is up; the last games are being played"],
    ),
    step("carol /tournament join", &["is over"]),
    step(
        "alice#t1-7 /abandon",
        &[
            "abandons",
            "Tournament 1 is over: 🥇 alice (8), 🥈 carol (4), 🥉 dave (2)",
        ],
    ),
    step("alice /tournament", &["final standings"]),
];

fn normalise(block: &str) -> String {
    block
        .lines()
        .map(|line| {
            if let Some(path) = line.strip_prefix("image: ") {
                let png = std::fs::read(path).expect("the image named in a reply exists");
                assert!(png.starts_with(b"\x89PNG"), "{path} is a PNG");
                return "image: PNG".to_string();
            }
            // Clock readings and wall-clock times depend on when the test runs.
            let mut line = line.to_string();
            if let Some(at) = line.find("at ").filter(|_| line.contains(" UTC")) {
                let end = line[at..]
                    .find(" UTC")
                    .map_or(line.len(), |end| at + end + 4);
                line.replace_range(at..end, "at HH:MM:SS UTC");
            }
            if let Some(body) = line.strip_suffix(" s")
                && let Some(comma) = body.rfind(", ")
                && body[comma + 2..].chars().all(|c| c.is_ascii_digit())
            {
                return format!("{}, N s", &body[..comma]);
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Sends each line and waits for the blocks it must bring; returns the transcript part.
fn play(session: &mut Session, steps: &[Step]) -> String {
    let mut transcript = String::new();
    for step in steps {
        session.send(step.line);
        transcript.push_str(&format!("> {}\n", step.line));
        for needle in step.blocks {
            let block = session.wait_for(needle, Duration::from_secs(30));
            transcript.push_str(&normalise(&block));
            transcript.push_str("\n\n");
        }
    }
    transcript
}

/// Plays `before` in a console whose tournament "minute" lasts `minute_ms`, within `within`
/// (before the tournament's time is up), waits for time to be up, then plays `after`: the
/// transcript, and the notice that time is up.
fn until_time_is_up_and_after(
    minute_ms: u32,
    (before, within): (&[Step], Duration),
    after: &[Step],
) -> (String, String) {
    let data = tempfile::tempdir().expect("temp dir");
    let config = data.path().join("config.toml");
    std::fs::write(&config, format!("tournament_minute_ms = {minute_ms}\n")).expect("config");
    let mut session = Session::start(&data.path().join("data"), Some(&config));
    let started = std::time::Instant::now();
    let mut transcript = play(&mut session, before);
    assert!(
        started.elapsed() < within,
        "the games must be played before time is up (took {:?})",
        started.elapsed()
    );
    let up = normalise(&session.wait_for("time is up", Duration::from_secs(30)));
    transcript.push_str(&format!("{up}\n\n"));
    transcript.push_str(&play(&mut session, after));
    session.finish();
    (transcript, up)
}

#[test]
fn four_members_play_an_arena_tournament_in_the_console() {
    let before = (STEPS, Duration::from_secs(20));
    let (transcript, _) = until_time_is_up_and_after(2000, before, ENDGAME);
    crate::console_support::check_transcript("tournament_console.txt", &transcript);
}

/// A tournament of 暗棋 up to the moment its time is up: created (rated, on the 暗棋 ladder),
/// and its pairing opens a 暗棋 game in a deployment.
const DARK: &[Step] = &[
    step(
        "alice /tournament create minutes:2 seconds:30 starts_in:0 game:dark",
        &["opens arena tournament 1 of 暗棋"],
    ),
    step("alice /tournament join", &["alice joins tournament 1"]),
    step(
        "bob /tournament join",
        &["bob joins", "game 1 begins: alice vs bob"],
    ),
    step("alice /tournament", &["Game: dark junqi"]),
];

/// After time is up: the game still deploying is a live game like any other, played out and
/// counted.
const DARK_END: &[Step] = &[
    step(
        "alice#t1-1 /deploy preset name:classic",
        &["The preset classic"],
    ),
    step("alice#t1-1 /deploy ready", &["alice is ready"]),
    step(
        "bob#t1-1 /deploy preset name:turtle",
        &["The preset turtle"],
    ),
    step("bob#t1-1 /deploy ready", &["Both armies are deployed"]),
    step(
        "bob#t1-1 /abandon",
        &["abandons", "Tournament 1 is over: 🥇 alice (2), 🥈 bob (0)"],
    ),
    step("alice /tournament", &["final standings"]),
];

/// A tournament of 暗棋 in the console (tests/transcripts/tournament_dark_console.txt,
/// regenerate with UPDATE_GOLDEN=1): its time (2 "minutes" of 5 s) runs out while its only
/// game is still being deployed; the game is played out and counted, and the final standings
/// name the game.
#[test]
fn a_tournament_of_dark_junqi_plays_its_games_through_their_deployment() {
    let before = (DARK, Duration::from_secs(10));
    let (transcript, up) = until_time_is_up_and_after(5000, before, DARK_END);
    assert!(
        up.contains("the 1 game in progress will still count"),
        "{up}"
    );
    assert!(
        transcript.contains("Game: dark junqi"),
        "the standings name the game"
    );
    crate::console_support::check_transcript("tournament_dark_console.txt", &transcript);
}
