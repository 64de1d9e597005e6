//! `/analyse` in the console (the real binary): a finished game is answered "analysing…",
//! then the chart (an image file) with its swings; a second request is served from the store
//! at once; an unknown, a live and a malformed game number are refused privately; the result
//! message carries the analyse button.

use crate::console_support::{self, action_line, name_of, new_game, pick};

#[test]
fn a_finished_game_is_analysed_once_and_then_served_from_the_store() {
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
    script.extend(actions);
    script.extend(
        [
            "alice /analyse game:1",
            "alice /abandon",
            "alice /analyse game:1",
            "bob /analyse 1",
            "bob /analyse game:9",
            "bob /analyse game:x",
        ]
        .map(String::from),
    );
    let data = tempfile::tempdir().expect("temp dir");
    let output = console_support::run_script(data.path(), &(script.join("\n") + "\n"));
    let blocks: Vec<&str> = output.split_terminator("\n\n").collect();
    let find = |needle: &str| -> Vec<&str> {
        blocks
            .iter()
            .copied()
            .filter(|block| block.contains(needle))
            .collect()
    };
    let live = find("still being played: it can be analysed once it ends");
    assert_eq!(live.len(), 1, "{output}");
    assert!(live[0].contains("(only alice sees this)"));
    let ended = find("buttons: /rematch | /analyse 1");
    assert_eq!(ended.len(), 1, "the result message's buttons: {output}");
    let analysing = find("Analysing game #1…");
    assert_eq!(analysing.len(), 1, "one analysis ran: {output}");
    let charts = find("Analysis of game #1: alice vs bob, 4 actions");
    assert_eq!(charts.len(), 2, "{output}");
    for chart in &charts {
        assert!(chart.contains("image: "), "{chart}");
        let path = chart
            .lines()
            .find_map(|line| line.strip_prefix("image: "))
            .expect("an image");
        let png = std::fs::read(path).expect("the chart was written");
        assert_eq!(&png[1..4], b"PNG");
    }
    assert_eq!(
        charts[0]
            .lines()
            .filter(|l| !l.starts_with("image:"))
            .collect::<Vec<_>>(),
        charts[1]
            .lines()
            .filter(|l| !l.starts_with("image:"))
            .collect::<Vec<_>>(),
        "the stored series gives the same answer"
    );
    assert_eq!(find("There is no game #9.").len(), 1, "{output}");
    assert_eq!(find("\"x\" is not a game number").len(), 1, "{output}");
}
