//! The analysis commands for 四国 (docs/rules.md §22) through the real binary: `moves` and
//! `apply` with `--variant siguo`, bare post names for the actor's arm, seats going out, the
//! outcome lines, batches and exit codes; `apply --record` with a hosted game's record file.

use junqi_rules::siguo::{SiguoPiece, SiguoPosition, SiguoSeat};

use crate::cli_analysis::run;
use crate::cli_standard::{RefusedCase, assert_each_refused, out};

/// A position with `pieces` (`("SB1", "SF")`), `turn` to act.
fn position(pieces: &[(&str, &str)], turn: SiguoSeat) -> SiguoPosition {
    let mut position = SiguoPosition::empty(turn);
    for (post, code) in pieces {
        let piece: SiguoPiece = code.parse().expect("a piece");
        position.set(post.parse().expect("a post"), Some(piece));
    }
    position
}

/// South's marshal on SE2 below an East colonel on SE4, a South lieutenant on SA1; every seat
/// has its flag, North and West a lieutenant each, East nothing else.
const SMALL: [(&str, &str); 9] = [
    ("SB1", "SF"),
    ("SA1", "S2"),
    ("SE2", "S9"),
    ("SE4", "E5"),
    ("EB1", "EF"),
    ("NB1", "NF"),
    ("NE1", "N2"),
    ("WB1", "WF"),
    ("WE1", "W2"),
];

const SMALL_MOVES: &str = "move SA1 SA2\nmove SE2 SA2\nmove SE2 SB2\nmove SE2 SC2\nmove SE2 SD2\nmove SE2 SD3\nmove SE2 SE1\nmove SE2 SE3\nmove SE2 SE4\n";

#[test]
fn moves_lists_the_actions_of_the_seat_to_act_sorted() {
    let small = position(&SMALL, SiguoSeat::South).to_string();
    let (code, stdout, stderr) = out(&run(&["moves", "--variant", "siguo", &small], ""));
    assert_eq!(code, Some(0), "{stderr}");
    // The marshal slides along row 2 and up column E to the colonel, and steps into the camp
    // SD3; the lieutenant steps; the flag never moves.
    assert_eq!(stdout, SMALL_MOVES);
}

#[test]
fn apply_plays_an_attack_and_the_seat_left_without_a_move_goes_out() {
    let small = position(&SMALL, SiguoSeat::South).to_string();
    // Bare names are South's own posts: the marshal takes the colonel. East is left with its
    // flag alone, so it is out when its turn comes, and North acts.
    let (code, stdout, stderr) = out(&run(
        &["apply", "--variant", "siguo", &small, "move E2 E4"],
        "",
    ));
    assert_eq!(code, Some(0), "{stderr}");
    let mut after = SMALL.to_vec();
    after.retain(|(post, _)| !matches!(*post, "SE2" | "SE4" | "EB1"));
    after.push(("SE4", "S9"));
    let expected = position(&after, SiguoSeat::North).to_string();
    assert_eq!(stdout, format!("{expected}\nongoing\n"));
    assert!(expected.ends_with(" N 0"), "{expected}");
}

#[test]
fn apply_writes_each_outcome() {
    // West is out; South's lieutenant takes East's flag: both East and West are out.
    let flag = position(
        &[
            ("SB1", "SF"),
            ("EB2", "S2"),
            ("EB1", "EF"),
            ("EE1", "E2"),
            ("NB1", "NF"),
            ("NE1", "N2"),
        ],
        SiguoSeat::South,
    );
    let (code, stdout, _) = out(&run(
        &[
            "apply",
            "--variant",
            "siguo",
            &flag.to_string(),
            "move EB2 EB1",
        ],
        "",
    ));
    let won = position(
        &[("SB1", "SF"), ("EB1", "S2"), ("NB1", "NF"), ("NE1", "N2")],
        SiguoSeat::North,
    );
    assert_eq!((code, stdout), (Some(0), format!("{won}\nSN wins\n")));

    // North's flag alone: North is out on its turn, then South's on South's: East and West win.
    let stuck = position(
        &[
            ("SB1", "SF"),
            ("EB1", "EF"),
            ("EE1", "E2"),
            ("NB1", "NF"),
            ("WB1", "WF"),
            ("WE1", "W2"),
        ],
        SiguoSeat::East,
    );
    let (_, stdout, _) = out(&run(
        &[
            "apply",
            "--variant",
            "siguo",
            &stuck.to_string(),
            "move EE1 EE2",
        ],
        "",
    ));
    let mut after_east = position(
        &[
            ("SB1", "SF"),
            ("EB1", "EF"),
            ("EE2", "E2"),
            ("WB1", "WF"),
            ("WE1", "W2"),
        ],
        SiguoSeat::West,
    );
    after_east.quiet = 1;
    let after_east_text = after_east.to_string();
    assert_eq!(stdout, format!("{after_east_text}\nongoing\n"));
    let (_, stdout, _) = out(&run(
        &[
            "apply",
            "--variant",
            "siguo",
            &after_east_text,
            "move WE1 WE2",
        ],
        "",
    ));
    assert!(stdout.ends_with(" E 2\nEW wins\n"), "{stdout}");

    // The 40th action without an attack draws.
    let mut quiet = position(&SMALL, SiguoSeat::South);
    quiet.quiet = 39;
    let (_, stdout, _) = out(&run(
        &[
            "apply",
            "--variant",
            "siguo",
            &quiet.to_string(),
            "move SA1 SA2",
        ],
        "",
    ));
    assert!(stdout.ends_with(" E 40\ndraw: no capture\n"), "{stdout}");
}

#[test]
fn bad_input_exits_2_and_illegal_actions_exit_1() {
    let small = position(&SMALL, SiguoSeat::South).to_string();
    let ally = position(
        &[
            ("SB1", "SF"),
            ("XS", "S9"),
            ("XC", "N2"),
            ("EB1", "EF"),
            ("EE1", "E2"),
            ("NB1", "NF"),
        ],
        SiguoSeat::South,
    )
    .to_string();
    let cases: &[RefusedCase] = &[
        (
            &["apply", "--variant", "siguo", &small, "move SF3 SC3"],
            2,
            "malformed action: \"SF3\" is not a post: an arm's columns are A to E",
        ),
        (
            &["apply", "--variant", "siguo", &small, "move SE2 XQ"],
            2,
            "\"XQ\" is not a post",
        ),
        (
            &["apply", "--variant", "siguo", &small, "move SB7 SC3"],
            2,
            "\"SB7\" is not a post: an arm's rows are 1 to 6",
        ),
        (
            &["apply", "--variant", "siguo", &small, "move NE1 NE2"],
            1,
            "illegal action move NE1 NE2: the piece on NE1 is your ally's: you move only your own pieces",
        ),
        (
            &["apply", "--variant", "siguo", &ally, "move XS XC"],
            1,
            "illegal action move XS XC: you cannot attack your ally's piece",
        ),
        (
            &["apply", "--variant", "siguo", &small, "move SB1 SA1"],
            1,
            "a flag never moves",
        ),
        (
            &["moves", "--variant", "siguo", &small.replace("S9", "R9")],
            2,
            "malformed position: SE2: unknown code \"R9\"",
        ),
        (
            &[
                "moves",
                "--variant",
                "siguo",
                "--rule",
                "mine_survives",
                &small,
            ],
            2,
            "the rule mine_survives is not offered in siguo",
        ),
    ];
    assert_each_refused(cases);
}

#[test]
fn batches_answer_each_case() {
    let small = position(&SMALL, SiguoSeat::South).to_string();
    let (code, stdout, _) = out(&run(
        &["moves", "--variant", "siguo", "-"],
        &format!("{small}\n{small}\n"),
    ));
    assert_eq!(
        (code, stdout),
        (Some(0), format!("{SMALL_MOVES}\n").repeat(2))
    );

    let cases = format!("{small}\tmove SA1 SA2\n{small}\tmove SB1 SA1\n");
    let (code, stdout, _) = out(&run(&["apply", "--variant", "siguo", "-"], &cases));
    let mut moved = SMALL.to_vec();
    moved.retain(|(post, _)| *post != "SA1");
    moved.push(("SA2", "S2"));
    let mut first = position(&moved, SiguoSeat::East);
    first.quiet = 1;
    let expected =
        format!("{first}\nongoing\n\nerror: illegal action move SB1 SA1: a flag never moves\n\n");
    assert_eq!((code, stdout), (Some(1), expected));
}

/// A finished hosted game: South and North deploy the classic layout, East and West the
/// lock-left one; each seat makes a quiet move, East times out, then North and South leave.
fn finished_record() -> (junqi_rules::siguo::SiguoRound, String) {
    use junqi_rules::siguo::{
        SiguoDeal, SiguoOptions, SiguoRound, SiguoSeat::*, write_siguo_record_file,
    };
    use junqi_rules::standard::Preset;

    let options = SiguoOptions {
        deal: SiguoDeal::Standard,
        seed: 5,
        ..SiguoOptions::default()
    };
    let mut round = SiguoRound::new(options, South);
    for (seat, preset) in [
        (South, "classic"),
        (East, "lock-left"),
        (North, "classic"),
        (West, "lock-left"),
    ] {
        let layout = Preset::named(preset).expect("a preset").layout();
        round.set_draft(seat, layout).expect("a valid layout");
        round.confirm(seat).expect("ready");
    }
    for _ in 0..4 {
        let seat = round.to_act().expect("in play");
        let position = round.position().expect("in play");
        let action = round
            .legal_actions()
            .into_iter()
            .find(|action| position.piece(action.to).is_none())
            .expect("a quiet move");
        round.act(seat, action).expect("legal");
    }
    round.timeout().expect("East times out");
    round.propose_draw(North).expect("a proposal");
    round.answer_draw(West, false).expect("declined");
    round.leave(North).expect("North leaves");
    round.leave(South).expect("South leaves");
    let names = ["Ann", "Bo", "Cy", "Di"].map(String::from);
    let text = write_siguo_record_file(round.record(), &names, "a 四国 table").expect("over");
    (round, text)
}

#[test]
fn apply_checks_a_siguo_record_file_and_a_false_verdict_exits_1() {
    let (round, text) = finished_record();
    assert!(
        text.contains("\nvariant siguo\n") && text.contains("\nleave S\n"),
        "{text}"
    );
    let dir = std::env::temp_dir().join(format!("junqi-siguo-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("game.txt");
    std::fs::write(&path, &text).expect("write the record");
    let path_text = path.to_string_lossy().to_string();
    let referee = round.position().expect("played").to_string();
    let expected = format!("{referee}\nEW wins\n");
    for args in [
        &["apply", "--variant", "siguo", "--record", &path_text][..],
        &["apply", "--record", &path_text][..],
    ] {
        let (code, stdout, stderr) = out(&run(args, ""));
        assert_eq!(
            (code, stdout),
            (Some(0), expected.clone()),
            "{args:?}: {stderr}"
        );
    }

    let forged = text.replacen("# moved", "# both removed", 1);
    std::fs::write(&path, forged).expect("write the forged record");
    let (code, _, stderr) = out(&run(
        &["apply", "--variant", "siguo", "--record", &path_text],
        "",
    ));
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("the record says `both removed` but move")
            && stderr.contains("did `moved`"),
        "{stderr}"
    );

    let refused = text.replacen("leave S", "leave S\nmove SA2 SA3", 1);
    std::fs::write(&path, refused).expect("write");
    let (code, _, stderr) = out(&run(
        &["apply", "--variant", "siguo", "--record", &path_text],
        "",
    ));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("the game is over"), "{stderr}");

    std::fs::write(&path, "variant siguo\nfirst Z\n").expect("write");
    let (code, _, stderr) = out(&run(
        &["apply", "--variant", "siguo", "--record", &path_text],
        "",
    ));
    assert_eq!(code, Some(2));
    assert!(stderr.contains("malformed record: line 2"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
