//! Hidden information in 暗棋, end to end: two games through the real `junqi-bot console`
//! binary whose layouts differ only in two of bob's pieces that alice is never shown (his
//! back row's colonel and major change places). Everything alice and a spectator are shown
//! must be byte-identical between the two: every reply that is not bob's alone, every image
//! those replies carry, and the bot's own `RUST_LOG=trace` log lines (timestamps and measured
//! durations aside).

use std::path::Path;

use crate::console_dark::mask_deadline;
use crate::console_support::{console, run_command};

const CLASSIC: &str = "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4";
/// The same with the back row's A1 (colonel) and E1 (major) exchanged.
const TWIN: &str = "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/4,F,M,M,5";

fn script(bob_layout: &str) -> String {
    [
        "alice /challenge @bob game:dark seconds:600",
        "bob /accept",
        "alice /deploy preset name:classic",
        "alice /deploy ready",
        &format!("bob /deploy layout text:{bob_layout}"),
        "bob /deploy ready",
        "alice /board",
        "carol /board",
        // bob plays Red with the tests' seed: the moves of tests/transcripts/console_dark.txt,
        // none of which touches bob's back row.
        "bob /move A6 A7",
        "alice /move B7 A7",
        "bob /move C6 C7",
        "alice /move C11 B10",
        "bob /move B6 C7",
        "alice /move A9 B8",
        "bob /move D2 D3",
        "carol /export",
        "alice /moves B8",
        "alice /board",
    ]
    .iter()
    .map(|line| format!("{line}\n"))
    .collect()
}

/// What alice and everyone else were shown: each reply not for bob alone, with each image
/// replaced by its bytes; and the bot's own log lines without their timestamps.
struct Shown {
    replies: Vec<String>,
    images: Vec<Vec<u8>>,
    log: Vec<String>,
}

fn run(data: &Path, bob_layout: &str) -> Shown {
    let mut command = console(data, None);
    command.env("RUST_LOG", "trace");
    let output = run_command(command, &script(bob_layout));
    let stdout = String::from_utf8(output.stdout).expect("utf-8 output");
    let mut replies = Vec::new();
    let mut images = Vec::new();
    for block in stdout.split_terminator("\n\n") {
        if block.starts_with("(only bob sees this)") {
            continue;
        }
        let mut lines = Vec::new();
        for line in block.lines() {
            match line.strip_prefix("image: ") {
                Some(path) => {
                    images.push(std::fs::read(path).expect("the image exists"));
                    lines.push("image".to_string());
                }
                None => lines.push(mask_deadline(line)),
            }
        }
        replies.push(lines.join("\n"));
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let log = stderr
        .lines()
        .filter(|line| !line.contains(" sled::"))
        .map(|line| mask_durations(line.split_once(' ').map_or(line, |(_, rest)| rest)))
        .collect();
    Shown {
        replies,
        images,
        log,
    }
}

/// `line` with the durations the operator's lines measure (`micros=`, `…_ms=`) masked: they
/// vary from run to run with the machine's load, not with what the layouts hold.
fn mask_durations(line: &str) -> String {
    line.split(' ')
        .map(|field| match field.split_once('=') {
            Some((key, value))
                if (key == "micros" || key.ends_with("_ms"))
                    && value.chars().all(|c| c.is_ascii_digit() || c == '.') =>
            {
                format!("{key}=…")
            }
            _ => field.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn layouts_that_differ_only_in_unshown_pieces_look_the_same_to_everyone_else() {
    let (one, two) = (
        tempfile::tempdir().expect("temp dir"),
        tempfile::tempdir().expect("temp dir"),
    );
    let first = run(one.path(), CLASSIC);
    let second = run(two.path(), TWIN);
    assert!(
        first.replies.len() >= 16,
        "the script played: {:?}",
        first.replies
    );
    assert!(
        first
            .replies
            .iter()
            .any(|reply| reply.contains("bob C6 → C7: both removed")),
        "the planned attacks happened: {:?}",
        first.replies
    );
    assert_eq!(first.replies, second.replies, "the replies differ");
    assert_eq!(first.images.len(), second.images.len());
    for (index, (a, b)) in first.images.iter().zip(&second.images).enumerate() {
        assert!(a == b, "image {index} differs between the two games");
    }
    assert_eq!(first.log, second.log, "the trace logs differ");
}
