//! The analysis commands for the standard games (docs/rules.md §14) through the real binary:
//! `moves` and `apply` with `--variant standard` and `--rule`, batches, standard records, and
//! `layout check`.

use std::process::Output;

use junqi::game::{Colour, Rules, StandardOptions};
use junqi_rules::standard::{Layout, RecordedTurn, StandardGame, Verdict};

use crate::cli_analysis::run;
use crate::common::board_text;

const CLASSIC: &str = "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4";

/// The exit code, standard output and standard error of a run.
pub(crate) fn out(output: &Output) -> (Option<i32>, String, String) {
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Red's marshal on C3 and a locked piece on D1; Black's mine on A11 and a lieutenant on A10.
fn small_position() -> String {
    let pieces = [
        ("B1", "RF"),
        ("D1", "R2"),
        ("A2", "RM"),
        ("A9", "R9"),
        ("A10", "B2"),
        ("A11", "BM"),
        ("D12", "BF"),
    ];
    format!("{} R 4 20", board_text(&pieces))
}

/// The moves of [`small_position`], sorted as strings.
const SMALL_MOVES: &str = "move A9 A10\nmove A9 A3\nmove A9 A4\nmove A9 A5\nmove A9 A6\nmove A9 A7\nmove A9 A8\nmove A9 B10\nmove A9 B8\nmove A9 B9\n";

#[test]
fn moves_lists_the_standard_moves_sorted() {
    let (code, stdout, _) = out(&run(
        &["moves", "--variant", "standard", &small_position()],
        "",
    ));
    assert_eq!(code, Some(0));
    // The headquarters lock holds D1; mines and the flag never move; A9 attacks A10, slides
    // down column A to its own mine and steps into the camps B8 and B10.
    assert_eq!(stdout, SMALL_MOVES);
}

#[test]
fn apply_judges_attacks_under_the_rules_chosen() {
    let position = small_position();
    let (code, stdout, _) = out(&run(
        &["apply", "--variant", "standard", &position, "A9A10"],
        "",
    ));
    assert_eq!(code, Some(0));
    let pieces = [
        ("B1", "RF"),
        ("D1", "R2"),
        ("A2", "RM"),
        ("A10", "R9"),
        ("A11", "BM"),
        ("D12", "BF"),
    ];
    // Black has nothing left that moves.
    assert_eq!(
        stdout,
        format!("{} B 0 21\nR wins: no moves\n", board_text(&pieces))
    );

    // A marshal on a mine: both removed, or the marshal alone with mine_survives.
    let on_mine = format!(
        "{} R",
        board_text(&[
            ("B1", "RF"),
            ("A10", "R9"),
            ("A11", "BM"),
            ("C7", "B3"),
            ("D12", "BF")
        ])
    );
    let both = board_text(&[("B1", "RF"), ("C7", "B3"), ("D12", "BF")]);
    let (_, stdout, _) = out(&run(
        &["apply", "--variant", "standard", &on_mine, "move A10 A11"],
        "",
    ));
    assert_eq!(stdout, format!("{both} B 0 1\nongoing\n"));
    let survives = board_text(&[("B1", "RF"), ("A11", "BM"), ("C7", "B3"), ("D12", "BF")]);
    let args = [
        "apply",
        "--variant",
        "standard",
        "--rule",
        "mine_survives",
        "--rule",
        "engineer_scouts",
        &on_mine,
        "move A10 A11",
    ];
    let (code, stdout, _) = out(&run(&args, ""));
    assert_eq!(
        (code, stdout),
        (Some(0), format!("{survives} B 0 1\nongoing\n"))
    );

    // The flag may be taken while its mines stand.
    let flag = format!(
        "{} R",
        board_text(&[
            ("B1", "RF"),
            ("C12", "R2"),
            ("D12", "BF"),
            ("E12", "BM"),
            ("C7", "B3")
        ])
    );
    let (_, stdout, _) = out(&run(
        &["apply", "--variant", "standard", &flag, "move C12 D12"],
        "",
    ));
    assert!(stdout.ends_with("\nR wins: flag\n"), "{stdout}");
}

#[test]
fn illegal_moves_exit_1_and_malformed_input_exits_2() {
    let position = small_position();
    let cases: &[RefusedCase] = &[
        (
            &["apply", "--variant", "standard", &position, "move D1 D2"],
            1,
            "illegal action move D1 D2: pieces in a headquarters cannot move",
        ),
        (
            &["apply", "--variant", "standard", &position, "flip A9"],
            1,
            "there are no flips in the standard games",
        ),
        (
            &["apply", "--variant", "standard", &position, "move A2 A3"],
            1,
            "a landmine never moves",
        ),
        (
            &[
                "moves",
                "--variant",
                "standard",
                &position.replace("B2", "B?"),
            ],
            2,
            "cell A10: \"B?\" (a piece whose identity the viewer has not been shown) is allowed only in a view; moves and apply refuse it",
        ),
        (
            &[
                "moves",
                "--variant",
                "standard",
                &position.replace("B2", "?B2"),
            ],
            2,
            "there are no face-down pieces in the standard games",
        ),
        (
            &["moves", "--rule", "mine_survives", &position],
            2,
            "the rule mine_survives belongs to the standard games, not to flip",
        ),
        (
            &["moves", "--variant", "chess", &position],
            2,
            "unknown variant",
        ),
        (
            &[
                "moves",
                "--variant",
                "standard",
                "--rule",
                "mines",
                &position,
            ],
            2,
            "unknown rule",
        ),
    ];
    assert_each_refused(cases);
}

/// A command line, the exit code it must end with, and words its standard error must hold.
pub(crate) type RefusedCase<'a> = (&'a [&'a str], i32, &'a str);

/// Runs each case: it exits with its code, says why on standard error and prints nothing else.
pub(crate) fn assert_each_refused(cases: &[RefusedCase]) {
    for (args, code, message) in cases {
        let (got, stdout, stderr) = out(&run(args, ""));
        assert_eq!(got, Some(*code), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
    }
}

#[test]
fn batches_answer_each_standard_case() {
    let position = small_position();
    let (code, stdout, _) = out(&run(
        &["moves", "--variant", "standard", "-"],
        &format!("{position}\n{position}\n"),
    ));
    let answer = format!("{SMALL_MOVES}\n");
    assert_eq!((code, stdout), (Some(0), answer.repeat(2)));

    let cases = format!("{position}\tmove A9 A8\n{position}\tmove D1 C1\n");
    let (code, stdout, _) = out(&run(&["apply", "--variant", "standard", "-"], &cases));
    let moved = [
        ("B1", "RF"),
        ("D1", "R2"),
        ("A2", "RM"),
        ("A8", "R9"),
        ("A10", "B2"),
        ("A11", "BM"),
        ("D12", "BF"),
    ];
    let first = format!("{} B 5 21\nongoing\n\n", board_text(&moved));
    let second = "error: illegal action move D1 C1: pieces in a headquarters cannot move under these rules\n\n";
    assert_eq!(stdout, format!("{first}{second}"));
    assert_eq!(code, Some(1));
}

#[test]
fn layout_check_names_the_rule_and_the_post() {
    let (code, stdout, _) = out(&run(&["layout", "check", CLASSIC], ""));
    assert_eq!((code, stdout), (Some(0), format!("valid: {CLASSIC}\n")));
    let cases = [
        // The two refused swaps of docs/rules.md §14.
        (
            "6,X,7,2,2/4,.,3,.,5/7,1,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4",
            "a bomb may not stand on the front row (row 6): B6",
        ),
        (
            "6,1,7,2,2/4,.,M,.,5/7,X,.,X,8/2,.,9,.,1/3,3,1,6,3/5,F,M,M,4",
            "a mine may stand only on the last two rows (rows 1 and 2), not on C5",
        ),
        (
            "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,M,F,M,4",
            "the flag must stand in a headquarters (B1 or D1), not on C1",
        ),
        (
            "6,1,7,2,2/4,5,3,.,./7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4",
            "camps start empty: B5 is a camp and holds a colonel",
        ),
        (
            "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M",
            "rank 6 (row 1) has 4 cells; it needs 5 separated by ','",
        ),
    ];
    for (layout, message) in cases {
        let (code, stdout, stderr) = out(&run(&["layout", "check", layout], ""));
        assert_eq!(code, Some(2), "{layout}: {stderr}");
        assert_eq!(stderr, format!("invalid layout: {message}\n"), "{layout}");
        assert!(stdout.is_empty());
    }
}

#[test]
fn a_standard_record_replays_to_its_end_and_a_false_verdict_exits_1() {
    let layout: Layout = CLASSIC.parse().expect("the classic layout");
    let mut game = StandardGame::new(layout, layout, StandardOptions::default(), Rules::default());
    for (from, to) in [("C6", "C7"), ("E7", "E6"), ("A6", "A7"), ("B7", "A7")] {
        let action = format!("move {from} {to}").parse().expect("an action");
        game.act(game.to_act(), action).expect("a legal test move");
    }
    assert_eq!(game.to_act(), Colour::Red);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("game.txt");
    std::fs::write(&path, game.record().to_string()).expect("write the record");
    let path_text = path.to_string_lossy().into_owned();
    let (code, stdout, stderr) = out(&run(
        &["apply", "--variant", "standard", "--record", &path_text],
        "",
    ));
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout, format!("{}\nongoing\n", game.position()));

    let mut forged = game.record().clone();
    if let RecordedTurn::Move(_, verdict) = &mut forged.moves[0] {
        *verdict = Verdict::Moved;
    }
    std::fs::write(&path, forged.to_string()).expect("write the forged record");
    let (code, _, stderr) = out(&run(
        &["apply", "--variant", "standard", "--record", &path_text],
        "",
    ));
    assert_eq!(code, Some(1));
    assert!(stderr.contains("event 0 of the record cannot be replayed: move C6 C7: the record says moved, the referee finds both removed"), "{stderr}");
}

/// `render --variant standard --view`: each player's image shows their own pieces and backs for
/// the others; the public image shows backs only. Two positions that differ only in Red's
/// pieces give the same image to Black and to the public, byte for byte.
#[test]
fn render_draws_each_view_and_hides_what_the_viewer_was_not_shown() {
    let classic: Layout = CLASSIC.parse().expect("classic");
    // The same army with Red's back-row colonel (A1) and major (E1) exchanged.
    let twin: Layout = "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/4,F,M,M,5"
        .parse()
        .expect("twin");
    let options = StandardOptions::default();
    let start = |red: Layout| {
        StandardGame::new(red, classic, options, Rules::default())
            .position()
            .to_string()
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let draw = |position: &str, view: &str| {
        // Each image is read back at once, so one file per view is enough.
        let file = dir.path().join(format!("{view}.png"));
        let file_text = file.to_str().expect("utf-8 path");
        let output = run(
            &[
                "render",
                "--variant",
                "standard",
                "--view",
                view,
                position,
                "-o",
                file_text,
            ],
            "",
        );
        assert_eq!(output.status.code(), Some(0), "{:?}", out(&output));
        std::fs::read(&file).expect("the image")
    };
    let (one, two) = (start(classic), start(twin));
    assert_ne!(one, two, "the twin position differs");
    let [red, black, public] = ["red", "black", "public"].map(|view| draw(&one, view));
    assert_ne!(red, public, "Red sees its own pieces");
    assert_ne!(black, public, "Black sees its own pieces");
    assert_ne!(red, black);
    assert!(
        draw(&two, "black") == black,
        "Black's image shows nothing of Red's pieces"
    );
    assert!(
        draw(&two, "public") == public,
        "the public image shows no piece"
    );
    assert!(draw(&two, "red") != red, "Red sees its own swap");
    let bad = run(
        &["render", "--variant", "standard", "--view", "green", &one],
        "",
    );
    assert_eq!(bad.status.code(), Some(2), "an unknown view is refused");
}
