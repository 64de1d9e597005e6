//! Console behaviour around the rules and the process: the repetition warning (a move that
//! would lose by repetition is refused privately once and played when sent again), a bad
//! config named in the error, and Ctrl-C ending the console cleanly.

use crate::console_support;

use std::time::Duration;

use console_support::{Session, action_line, name_of, new_game, run_script};
use junqi::game::Action;

#[test]
fn a_repeating_move_is_warned_about_then_played() {
    let mut game = new_game();
    let mut script = vec![
        "alice /challenge @bob".to_string(),
        "bob /accept".to_string(),
    ];
    let flip = |game: &junqi::game::Game| {
        game.legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Flip(_)))
            .expect("a face-down piece is left")
    };
    let quiet_move = |game: &junqi::game::Game| {
        game.legal_actions()
            .into_iter()
            .find_map(|action| match action {
                Action::Move { from, to }
                    if game.view().cell(to) == junqi::game::PublicCell::Empty =>
                {
                    Some((from, to))
                }
                _ => None,
            })
    };
    // Flip until the player to act has a piece with a quiet move; that player shuttles it
    // between two squares while the other only flips.
    let (shuttler, (a, b)) = loop {
        let seat = game.to_act();
        if let Some(pair) = quiet_move(&game) {
            break (seat, pair);
        }
        let action = flip(&game);
        game.act(seat, action).expect("legal flip");
        script.push(action_line(name_of(seat), action));
    };
    let mut at_a = true;
    let warned_at = loop {
        let seat = game.to_act();
        if seat != shuttler {
            let action = flip(&game);
            game.act(seat, action).expect("legal flip");
            script.push(action_line(name_of(seat), action));
            continue;
        }
        let action = if at_a {
            Action::Move { from: a, to: b }
        } else {
            Action::Move { from: b, to: a }
        };
        at_a = !at_a;
        if game.would_repeat(seat, action) {
            let line = action_line(name_of(seat), action);
            script.push("carol /export".into());
            script.push(line.clone());
            script.push("carol /export".into());
            script.push(line);
            break script.len() - 4;
        }
        game.act(seat, action).expect("legal shuttle");
        script.push(action_line(name_of(seat), action));
    };
    let data = tempfile::tempdir().expect("temp dir");
    let output = run_script(data.path(), &(script.join("\n") + "\n"));
    let blocks: Vec<&str> = output.split_terminator("\n\n").collect();
    assert_eq!(blocks.len(), script.len(), "{output}");
    let name = name_of(shuttler);
    let other = name_of(shuttler.other());
    let warning = blocks[warned_at + 1];
    assert!(
        warning.starts_with(&format!("(only {name} sees this)")),
        "{warning}"
    );
    assert!(warning.contains("lose the game by repetition"), "{warning}");
    assert_eq!(
        blocks[warned_at],
        blocks[warned_at + 2],
        "the warning changed nothing"
    );
    let played = blocks[warned_at + 3];
    assert!(
        played.contains(&format!(
            "game over: {other} wins (the opponent repeated a move too often)"
        )),
        "{played}"
    );
}

#[test]
fn a_bad_config_is_named_in_the_error() {
    let data = tempfile::tempdir().expect("temp dir");
    let table = [
        ("turn_secs = 30\nwarnings_secs = 5\n", "warnings_secs"),
        ("turn_secs = -3\n", "turn_secs"),
        ("[rules]\ntimeouts_to_lose = 0\n", "timeouts_to_lose"),
        ("language = \"klingon\"\n", "language"),
    ];
    for (text, key) in table {
        let config = data.path().join("bad.toml");
        std::fs::write(&config, text).expect("write config");
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_junqi-bot"))
            .arg("console")
            .arg("--config")
            .arg(&config)
            .arg("--data")
            .arg(data.path())
            .output()
            .expect("run console");
        assert!(!output.status.success(), "{text:?} accepted");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(key), "{text:?}: {stderr}");
    }
}

#[test]
fn ctrl_c_ends_the_console_cleanly() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut console = Session::start(data.path(), None);
    let reply = console.ask("alice /challenge @bob");
    assert!(reply.contains("challenges bob"), "{reply}");
    let pid = console.child.id().to_string();
    let status = std::process::Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .expect("send SIGINT");
    assert!(status.success());
    assert_eq!(console.block(Duration::from_secs(10)), None);
    let exit = console.child.wait().expect("wait");
    assert!(exit.success(), "{exit}");
    // The open challenge survived: the next run still knows it.
    let output = run_script(data.path(), "bob /accept\n");
    assert!(output.contains("begins: alice vs bob"), "{output}");
}
