//! `/cancel` in the console, where every member counts as a moderator: a player of the game is
//! still refused (they are told of `/abandon`), carol cancels the game with a reason, and the
//! game shows in both players' `/history` as cancelled, by whom and why, counted in nobody's
//! record (golden transcript tests/transcripts/cancel_console.txt, regenerate with
//! UPDATE_GOLDEN=1).

use crate::console_game::normalise;
use crate::console_support::{self, action_line, name_of, new_game, pick};

/// `2026-12-02` (a history row's date, the day the test runs) as `DATE`.
fn undated(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut index = 0;
    while index < chars.len() {
        let window: String = chars[index..chars.len().min(index + 10)].iter().collect();
        let is_date = window.len() == 10
            && window.chars().enumerate().all(|(i, c)| {
                if i == 4 || i == 7 {
                    c == '-'
                } else {
                    c.is_ascii_digit()
                }
            });
        if is_date {
            out.push_str("DATE");
            index += 10;
        } else {
            out.push(chars[index]);
            index += 1;
        }
    }
    out
}

#[test]
fn a_cancelled_game_shows_in_history_as_cancelled_and_counts_for_nobody() {
    let mut game = new_game();
    let mut actions = Vec::new();
    for _ in 0..4 {
        let seat = game.to_act();
        let action = pick(&game, false);
        game.act(seat, action).expect("legal");
        actions.push(action_line(name_of(seat), action));
    }
    let mut script = vec![
        "alice /challenge @bob".to_string(),
        "bob /accept".to_string(),
    ];
    script.extend(actions.iter().cloned());
    script.extend(
        [
            "bob /cancel game:1 reason:losing",
            "carol /cancel game:9",
            "carol /cancel game:1 reason:spam in the channel",
            "alice /board",
            "carol /cancel game:1",
            "alice /history",
            "bob /history",
            "bob /rank",
            "alice /replay 1",
        ]
        .map(String::from),
    );
    let text = script.join("\n") + "\n";
    let data = tempfile::tempdir().expect("temp dir");
    let output = console_support::run_script(data.path(), &text);
    let mut transcript = String::new();
    for (line, block) in script.iter().zip(output.split_terminator("\n\n")) {
        let block = normalise(block);
        let shown: Vec<String> = if actions.contains(line) {
            // The moves themselves are the console game's (console_game.rs checks them).
            block.lines().take(1).map(String::from).collect()
        } else {
            block.lines().map(undated).collect()
        };
        transcript.push_str(&format!("> {line}\n{}\n\n", shown.join("\n")));
    }
    let part = |after: &str| {
        transcript
            .split(&format!("> {after}\n"))
            .nth(1)
            .and_then(|rest| rest.split("\n\n").next())
            .unwrap_or_default()
            .to_string()
    };
    assert!(part("bob /cancel game:1 reason:losing").contains("/abandon"));
    let notice = part("carol /cancel game:1 reason:spam in the channel");
    assert!(
        notice.contains("cancelled by carol: spam in the channel"),
        "{notice}"
    );
    assert!(
        part("alice /board").contains("no game"),
        "the channel is free"
    );
    assert!(part("carol /cancel game:1").contains("already over"));
    for who in ["alice", "bob"] {
        let history = part(&format!("{who} /history"));
        assert!(
            history.contains("cancelled by carol: spam in the channel · 4 actions"),
            "{history}"
        );
    }
    let rank = part("bob /rank");
    assert!(
        !rank.contains("1 loss") && !rank.contains("1 win"),
        "{rank}"
    );
    assert!(part("alice /replay 1").contains("was cancelled"));
    console_support::check_transcript("cancel_console.txt", &transcript);
}
