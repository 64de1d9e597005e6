//! `/settings` in the console, where every member counts as a server admin: alice shows the
//! defaults, sets the clock and the language, a wrong change is refused whole, and a game
//! started afterwards uses both (golden transcript tests/transcripts/settings_console.txt,
//! regenerate with UPDATE_GOLDEN=1).

use crate::console_game::normalise;
use crate::console_support;

#[test]
fn an_admin_sets_the_clock_and_language_and_the_next_game_uses_both() {
    let script = [
        "alice /settings",
        "alice /settings turn_secs:45 language:zh-Hant",
        "alice /settings turn_secs:90 max_turn_secs:60",
        "alice /settings colour:red",
        "alice /challenge @bob",
        "bob /accept",
        "alice /settings",
        "alice /settings log",
    ]
    .join("\n")
        + "\n";
    let data = tempfile::tempdir().expect("temp dir");
    let output = console_support::run_script(data.path(), &script);
    let mut transcript = String::new();
    for (line, block) in script.lines().zip(output.split_terminator("\n\n")) {
        let block = normalise(block);
        // The log's dates are the day of the change.
        let block: Vec<String> = block
            .lines()
            .map(|line| {
                let dated = line.len() > 10
                    && line.is_char_boundary(10)
                    && line[..10].chars().enumerate().all(|(i, c)| {
                        if i == 4 || i == 7 {
                            c == '-'
                        } else {
                            c.is_ascii_digit()
                        }
                    });
                if dated {
                    format!("DATE{}", &line[10..])
                } else {
                    line.to_string()
                }
            })
            .collect();
        transcript.push_str(&format!("> {line}\n{}\n\n", block.join("\n")));
    }
    // The game started after the change runs on 45 s turns and speaks 繁體.
    let game = transcript
        .split("> bob /accept\n")
        .nth(1)
        .expect("the game's start");
    assert!(game.contains("每步 45 秒"), "{game}");
    console_support::check_transcript("settings_console.txt", &transcript);
}
