//! The analysis commands of docs/rules.md §8 through the real binary: output format, batch mode and
//! exit codes.

use crate::common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::board_text;

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_junqi-bot"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start junqi-bot");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn moves_lists_sorted_actions() {
    let position = format!("{} R 0 0", board_text(&[("A1", "R9"), ("E12", "?B3")]));
    let out = run(&["moves", &position], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "flip E12\nmove A1 A2\nmove A1 B1\n");
}

#[test]
fn apply_prints_position_and_outcome() {
    let before = format!(
        "{} R 3 10",
        board_text(&[("C2", "R9"), ("C1", "BF"), ("E12", "B5")])
    );
    let after = format!("{} B 0 11", board_text(&[("C1", "R9"), ("E12", "B5")]));
    let out = run(&["apply", &before, "move C2 C1"], "");
    assert_eq!(text(&out.stdout), format!("{after}\nR wins: flag\n"));
    assert_eq!(out.status.code(), Some(0));

    let quiet = format!("{} R", board_text(&[("C2", "R9"), ("E12", "B5")]));
    let out = run(&["apply", &quiet, "c2c3"], "");
    let expected = format!(
        "{} B 1 1\nongoing\n",
        board_text(&[("C3", "R9"), ("E12", "B5")])
    );
    assert_eq!(text(&out.stdout), expected);
}

#[test]
fn illegal_actions_exit_1_and_malformed_input_exits_2() {
    let position = format!("{} R", board_text(&[("C2", "R5"), ("C3", "B9")]));
    let out = run(&["apply", &position, "move C2 C3"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("a lower rank cannot attack a higher one"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());

    let bad = format!("{} R", board_text(&[("C4", "?R5")]));
    let out = run(&["moves", &bad], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("rank 4, cell C4: a face-down piece cannot stand in a camp"),
        "{}",
        text(&out.stderr)
    );

    let out = run(&["apply", &position, "move C2"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["apply", &position], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn batch_mode_answers_each_line_followed_by_an_empty_line() {
    let a = format!("{} R", board_text(&[("A1", "R9")]));
    let b = format!("{} B", board_text(&[("A12", "B2")]));
    let out = run(&["moves", "-"], &format!("{a}\n{b}\n"));
    assert_eq!(
        text(&out.stdout),
        "move A1 A2\nmove A1 B1\n\nmove A12 A11\nmove A12 B12\n\n"
    );
    assert_eq!(out.status.code(), Some(0));

    let cases = format!("{a}\tmove A1 A2\n{a}\tmove A1 A3\n");
    let out = run(&["apply", "-"], &cases);
    let first = format!(
        "{} B 1 1\nR wins: no moves\n\n",
        board_text(&[("A2", "R9")])
    );
    let second = "error: illegal action move A1 A3: the piece on A1 cannot reach A3\n\n";
    assert_eq!(text(&out.stdout), format!("{first}{second}"));
    assert_eq!(out.status.code(), Some(1));
}
