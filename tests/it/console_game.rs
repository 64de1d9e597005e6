//! Whole games through the real `junqi-bot console` binary on a scripted standard input: a
//! challenge accepted, flips until colours are decided, moves, an attack, refusals that change
//! nothing, resignation refused before 50 actions and accepted after, rematches with a growing
//! base score, draw offers (the 4th refused) and an agreed draw, an abandonment, `/rank`.
//! The whole run is compared with the golden transcript tests/transcripts/console_game.txt
//! (regenerate with UPDATE_GOLDEN=1).

use crate::console_support;

use console_support::{action_line, is_attack, new_game, pick, run_script};
use junqi::game::{Action, Game, Seat};

/// One scripted input line and what its reply must contain.
struct Step {
    line: String,
    expect: Vec<String>,
}

#[derive(Default)]
struct Script {
    steps: Vec<Step>,
}

impl Script {
    fn say(&mut self, line: impl Into<String>, expect: &[&str]) {
        self.steps.push(Step {
            line: line.into(),
            expect: expect.iter().map(|s| s.to_string()).collect(),
        });
    }

    fn text(&self) -> String {
        self.steps.iter().map(|s| format!("{}\n", s.line)).collect()
    }
}

/// Plays `game` forward in the script until `plies` actions, checking each reply; records
/// that colours got decided and that an attack happened.
fn play_until(script: &mut Script, game: &mut Game, names: [&str; 2], plies: u16) -> bool {
    let mut attacked = false;
    while game.plies() < plies || game.colour_of(Seat::First).is_none() {
        let seat = game.to_act();
        let action = pick(game, !attacked);
        let attack = is_attack(game, action);
        attacked |= attack;
        let played = game.act(seat, action).expect("planned action is legal");
        let mut expect = vec![match action {
            Action::Flip(square) => format!("{} flips {square}", names[seat.index()]),
            Action::Move { from, .. } if attack => format!("on {from} attacks"),
            Action::Move { from, to } => format!("{from} → {to}"),
        }];
        if played.colours_decided {
            expect.push("colours decided".into());
        }
        let expect: Vec<&str> = expect.iter().map(String::as_str).collect();
        script.say(action_line(names[seat.index()], action), &expect);
    }
    attacked
}

fn export_lines(game: &Game, names: [&str; 2]) -> [String; 2] {
    let view = game.view();
    let code = |seat: Seat| view.colour_of(seat).map_or('?', |c| c.code());
    [
        view.notation(),
        format!(
            "players: {}({}) {}({}), to act: {}",
            names[0],
            code(Seat::First),
            names[1],
            code(Seat::Second),
            names[game.to_act().index()]
        ),
    ]
}

fn build_script() -> Script {
    let mut s = Script::default();
    let ab = ["alice", "bob"];
    s.say("alice /help", &["/challenge [@member]"]);
    s.say(
        "bob /accept",
        &["(only bob sees this)", "no open challenge"],
    );
    s.say(
        "alice /challenge @bob",
        &["alice challenges bob", "buttons: /accept"],
    );
    s.say(
        "carol /accept 1",
        &["(only carol sees this)", "only bob can accept"],
    );
    s.say(
        "alice /challenge @carol",
        &["already have an open challenge"],
    );
    s.say(
        "bob /accept",
        &["game 1 begins: alice vs bob", "base score 1"],
    );
    let mut game = new_game();
    let first = game.to_act();
    let [before, players] = export_lines(&game, ab);
    s.say("carol /export", &[&before, &players]);
    // The wrong player, an illegal flip, a move before colours, an early resignation: all
    // refused privately, nothing changed.
    let waiting = ab[first.other().index()];
    let acting = ab[first.index()];
    s.say(format!("{waiting} /flip A1"), &["not your turn"]);
    s.say("carol /flip A1", &["you are not playing in this game"]);
    s.say(format!("{acting} /flip C4"), &["no face-down piece on C4"]);
    s.say(format!("{acting} /move A1 A2"), &["only action is to flip"]);
    s.say(format!("{acting} /resign"), &["only after 50 actions"]);
    s.say(format!("{acting} /draw"), &["only after 50 actions"]);
    s.say("dave /export", &[&before]);
    let mut attacked = play_until(&mut s, &mut game, ab, 12);
    let acting = ab[game.to_act().index()];
    let mover = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Move { .. }))
        .expect("a move exists")
        .from_square();
    s.say(
        format!("{acting} /moves {mover}"),
        &[&format!("(only {acting} sees this)"), "moves of your"],
    );
    s.say("carol /board", &["game 1: alice", "to act: "]);
    attacked |= play_until(&mut s, &mut game, ab, 50);
    assert!(attacked, "the planned game has an attack");
    let [position, players] = export_lines(&game, ab);
    s.say("alice /export", &[&position, &players]);
    let resigner = ab[game.to_act().index()];
    let winner = ab[game.to_act().other().index()];
    s.say(
        format!("{resigner} /resign"),
        &[
            &format!("{resigner} resigns"),
            &format!("game over: {winner} wins"),
            "base score 1",
            "buttons: /rematch",
        ],
    );
    s.say("alice /flip A1", &["no game in this channel"]);
    s.say("alice /rank", &["points", "next title", "wins"]);
    s.say(
        format!("{winner} /rank"),
        &["points", "wins 1, losses 0, draws 0"],
    );

    // A rematch: same seats (alice challenges again), the same test deal, base score 2.
    s.say(
        "alice /rematch",
        &["alice asks for a rematch: challenges bob"],
    );
    s.say("bob /accept", &["base score 2"]);
    let mut game = new_game();
    play_until(&mut s, &mut game, ab, 50);
    for _ in 0..3 {
        s.say(
            "alice /draw",
            &[
                "alice offers a draw",
                "buttons: /draw accept | /draw decline",
            ],
        );
        s.say("alice /draw accept", &["cannot answer your own draw offer"]);
        s.say("bob /draw decline", &["bob declines the draw"]);
    }
    s.say("alice /draw", &["all 3 of your draw offers"]);
    s.say("bob /draw", &["bob offers a draw"]);
    s.say(
        "alice /draw accept",
        &[
            "alice accepts the draw",
            "game over: draw (agreed)",
            "base score 2",
        ],
    );

    // Another rematch, asked by bob (so bob sits first): alice abandons at once, base score 3.
    s.say("bob /rematch", &["bob asks for a rematch"]);
    s.say(
        "alice /accept",
        &["game 3 begins: bob vs alice", "base score 3"],
    );
    s.say(
        "alice /abandon",
        &[
            "alice abandons the game",
            "game over: bob wins (the opponent abandoned the game)",
            "alice -30 points",
            "bob +0 points",
        ],
    );
    s.say(
        "alice /rank",
        &[
            "alice: 小兵 Private",
            "wins 0, losses 2, draws 1 (1 abandoned), 3 games",
        ],
    );
    s.say("bob /rank", &["wins 2, losses 0, draws 1"]);
    s.say("bob /leaderboard", &["1. bob"]);
    s.say(
        "alice#side /challenge @bob seconds:0",
        &["between 1 and 3600 seconds"],
    );
    s.say("alice /challenge @alice", &["cannot challenge yourself"]);
    s.say("alice /teleport", &["error: unknown command /teleport"]);
    s
}

/// Replaces the seconds left on clocks (`, 30 s`, `，30 秒`), which depend on how fast the
/// machine is, and image paths (checking each names a PNG file).
pub(crate) fn normalise(text: &str) -> String {
    let line = |line: &str| {
        if let Some(path) = line.strip_prefix("image: ") {
            let png = std::fs::read(path).expect("the image named in a reply exists");
            assert!(png.starts_with(b"\x89PNG"), "{path} is a PNG");
            return "image: PNG".to_string();
        }
        for unit in [" s", " 秒"] {
            if let Some(body) = line.strip_suffix(unit) {
                let before = body.trim_end_matches(|c: char| c.is_ascii_digit());
                if before.len() < body.len() && (before.ends_with(", ") || before.ends_with('，'))
                {
                    return format!("{before}N{unit}");
                }
            }
        }
        line.to_string()
    };
    text.lines().map(line).collect::<Vec<_>>().join("\n")
}

#[test]
fn scripted_games_through_the_console() {
    let data = tempfile::tempdir().expect("temp dir");
    let script = build_script();
    let output = run_script(data.path(), &script.text());
    let blocks: Vec<&str> = output.split_terminator("\n\n").collect();
    assert_eq!(
        blocks.len(),
        script.steps.len(),
        "one reply per line:\n{output}"
    );
    let mut transcript = String::new();
    for (step, block) in script.steps.iter().zip(&blocks) {
        for expected in &step.expect {
            assert!(
                block.contains(expected.as_str()),
                "reply to {:?} lacks {expected:?}:\n{block}",
                step.line
            );
        }
        transcript.push_str(&format!("> {}\n{}\n\n", step.line, normalise(block)));
    }
    // Refusals are private and change nothing.
    for (step, block) in script.steps.iter().zip(&blocks) {
        if block.contains("refused") || block.contains("not your turn") {
            assert!(
                block.starts_with("(only "),
                "{:?} refusal is private",
                step.line
            );
        }
    }
    console_support::check_transcript("console_game.txt", &transcript);
}

/// The same kind of game in each configured language, against golden transcripts
/// tests/transcripts/console_LANG.txt.
#[test]
fn every_language_speaks_its_own_words() {
    let mut game = new_game();
    let mut script = vec![
        "alice /challenge @bob seconds:45".to_string(),
        "bob /accept".to_string(),
        "bob /flip A1".to_string(),
        "alice /flip C4".to_string(),
    ];
    let mut attacked = false;
    while !attacked || game.plies() < 14 {
        let seat = game.to_act();
        let action = pick(&game, true);
        attacked |= is_attack(&game, action);
        game.act(seat, action).expect("legal");
        script.push(action_line(["alice", "bob"][seat.index()], action));
    }
    let mover = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Move { .. }))
        .expect("a move")
        .from_square();
    let acting = ["alice", "bob"][game.to_act().index()];
    script.extend([
        format!("{acting} /moves {mover}"),
        "carol /board".into(),
        "alice /resign".into(),
        "bob /abandon".into(),
        "alice /rank".into(),
        "alice /leaderboard".into(),
        "alice /challenge @bob".into(),
        "alice /withdraw".into(),
    ]);
    let script = script.join("\n") + "\n";
    for language in ["en", "zh-Hans", "zh-Hant"] {
        let data = tempfile::tempdir().expect("temp dir");
        let config = data.path().join("junqi.toml");
        std::fs::write(&config, format!("language = \"{language}\"\n")).expect("config");
        let output = console_support::run_script_with(data.path(), Some(&config), &script);
        let mut transcript = String::new();
        for (line, block) in script.lines().zip(output.split_terminator("\n\n")) {
            transcript.push_str(&format!("> {line}\n{}\n\n", normalise(block)));
        }
        let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("tests/transcripts/console_{language}.txt"));
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&golden, &transcript).expect("write golden transcript");
        }
        let expected = std::fs::read_to_string(&golden).expect("golden (UPDATE_GOLDEN=1)");
        assert_eq!(
            transcript,
            expected,
            "{language}: differs from {}",
            golden.display()
        );
    }
}
