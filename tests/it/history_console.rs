//! `/history`, `/replay` and `/games` through the real `junqi-bot console`: a game played and
//! abandoned, then its history and replay; a live game is listed by `/games` and its replay is
//! refused with no file; the `replay` subcommand writes the same files as the console.

use crate::console_support;

use std::path::Path;
use std::process::Command;

use console_support::{Session, action_line, new_game, pick};
use junqi::game::Game;

/// The value after `label: ` on a line of `block`.
fn field<'a>(block: &'a str, label: &str) -> Option<&'a str> {
    block
        .lines()
        .find_map(|line| line.strip_prefix(label)?.strip_prefix(": "))
}

/// The game number of the first history row (`#N …`).
fn first_game_number(block: &str) -> u64 {
    block
        .lines()
        .find_map(|line| line.strip_prefix('#')?.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no game row in {block}"))
}

/// Plays `actions` actions of the console's first game.
fn play(session: &mut Session, game: &mut Game, actions: usize) {
    for _ in 0..actions {
        let seat = game.to_act();
        let action = pick(game, true);
        game.act(seat, action).expect("legal");
        let name = console_support::name_of(seat);
        let reply = session.ask(&action_line(name, action));
        assert!(!reply.contains("only "), "{reply}");
    }
}

#[test]
fn a_finished_game_shows_in_history_and_replays_to_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut session = Session::start(dir.path(), None);
    session.ask("alice /challenge @bob");
    session.ask("bob /accept");
    let mut game = new_game();
    play(&mut session, &mut game, 6);

    // While the game is live: listed by /games, absent from /history, no replay.
    let live = session.ask("carol /games");
    assert!(live.contains("alice vs bob"), "{live}");
    assert!(live.contains("action 6"), "{live}");
    assert!(live.contains("#main"), "{live}");
    let none = session.ask("alice /history");
    assert!(none.contains("no finished games"), "{none}");

    let ended = session.ask("alice /abandon");
    assert!(ended.contains("abandons"), "{ended}");
    let history = session.ask("alice /history");
    assert!(history.contains("finished games 1–1 of 1"), "{history}");
    assert!(history.contains("vs bob"), "{history}");
    assert!(history.contains("lost (abandonment)"), "{history}");
    assert!(history.contains("6 actions"), "{history}");
    assert!(!history.contains("<t:"), "dates are plain: {history}");
    let number = first_game_number(&history);
    let theirs = session.ask("carol /history @bob");
    assert!(theirs.contains("vs alice"), "{theirs}");
    assert!(theirs.contains("won (abandonment)"), "{theirs}");

    let replay = session.ask(&format!("carol /replay {number}"));
    assert!(
        replay.contains(&format!("Replay of game #{number}")),
        "{replay}"
    );
    let image = field(&replay, "image").expect("an image").to_string();
    let record = field(&replay, "record").expect("a record").to_string();
    let empty = session.ask("carol /games");
    assert!(empty.contains("No games are being played"), "{empty}");
    session.finish();

    let image_bytes = std::fs::read(&image).expect("image written");
    let record_text = std::fs::read_to_string(&record).expect("record written");
    assert!(image.ends_with(".gif") && image.contains(&format!("game-{number}")));
    assert!(record.ends_with(".txt") && record.contains(&format!("game-{number}")));
    // 6 actions: the opening, 6 boards and the reveal.
    assert_eq!(gif_frames(&image_bytes), 6 + 2);
    // The record checks with `junqi-bot apply --record` and leads to the stored game's end.
    game.abandon(junqi::game::Seat::First).expect("abandon");
    let checked = Command::new(env!("CARGO_BIN_EXE_junqi-bot"))
        .args(["apply", "--record", &record])
        .output()
        .expect("run junqi-bot apply");
    assert!(checked.status.success(), "{checked:?}");
    let first_line = String::from_utf8_lossy(&checked.stdout)
        .lines()
        .next()
        .map(str::to_string);
    match game.position() {
        Some(position) => assert_eq!(first_line, Some(position.to_string())),
        None => assert!(first_line.is_some_and(|line| line.ends_with(" 6"))),
    }

    // The operator's command makes the same files from the same store.
    let out = dir.path().join("again.gif");
    let record_again = dir.path().join("again.txt");
    let status = replay_command(dir.path(), number, &out, &record_again);
    assert!(status.success());
    assert_eq!(std::fs::read(&out).expect("written"), image_bytes);
    assert_eq!(
        std::fs::read_to_string(&record_again).expect("written"),
        record_text
    );
}

/// The number of frames of a GIF.
fn gif_frames(bytes: &[u8]) -> usize {
    let mut decoder = gif::DecodeOptions::new()
        .read_info(std::io::Cursor::new(bytes))
        .expect("a GIF");
    let mut frames = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        frames += 1;
    }
    frames
}

fn replay_command(data: &Path, game: u64, out: &Path, record: &Path) -> std::process::ExitStatus {
    Command::new(env!("CARGO_BIN_EXE_junqi-bot"))
        .arg("replay")
        .arg("--data")
        .arg(data)
        .arg(game.to_string())
        .arg("-o")
        .arg(out)
        .arg("--record")
        .arg(record)
        .status()
        .expect("run junqi-bot replay")
}

#[test]
fn a_live_game_is_not_replayed_and_bad_numbers_change_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut session = Session::start(dir.path(), None);
    session.ask("alice /challenge @bob");
    session.ask("bob /accept");
    let listed = session.ask("alice /games");
    let number = first_game_number(&listed);
    let refused = session.ask(&format!("carol /replay {number}"));
    assert!(refused.contains("still being played"), "{refused}");
    assert!(field(&refused, "image").is_none() && field(&refused, "record").is_none());
    let unknown = session.ask("carol /replay 999999");
    assert!(unknown.contains("There is no game #999999"), "{unknown}");
    let bad = session.ask("carol /replay 1 99");
    assert!(bad.starts_with("error: /replay"), "{bad}");
    session.finish();

    // The operator's command refuses the live game too, and writes nothing.
    let out = dir.path().join("live.gif");
    let record = dir.path().join("live.txt");
    let status = replay_command(dir.path(), number, &out, &record);
    assert_eq!(status.code(), Some(2));
    assert!(!out.exists() && !record.exists());
}
