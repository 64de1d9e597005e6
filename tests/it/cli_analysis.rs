//! The analysis commands of docs/rules.md §8 through the real binary: output format, batch mode and
//! exit codes.

use crate::common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::board_text;

pub(crate) fn run(args: &[&str], stdin: &str) -> Output {
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

/// Positions met in a few random games, including face-down pieces, attacks and endings.
fn positions_from_play(count: usize) -> Vec<junqi::Position> {
    use junqi::game::{Colour, deal};
    let mut positions = Vec::new();
    let mut seed = 7;
    while positions.len() < count {
        let mut position = junqi::Position::new(deal(seed).board, Colour::Red);
        seed += 1;
        for ply in 0u64.. {
            if positions.len() == count {
                break;
            }
            let actions = position.legal_actions();
            if ply % 7 == 0 {
                positions.push(position.clone());
            }
            let Some(action) = actions.get((ply * 31 % 97) as usize % actions.len().max(1)) else {
                break;
            };
            if position.play_unchecked(*action).1.is_some() {
                positions.push(position.clone());
                break;
            }
        }
    }
    positions
}

#[test]
fn batch_answers_are_byte_identical_to_single_cases() {
    let positions = positions_from_play(24);
    let mut moves_input = String::new();
    let mut apply_input = String::new();
    let mut expected_moves = Vec::new();
    let mut expected_apply = Vec::new();
    for (index, position) in positions.iter().enumerate() {
        moves_input.push_str(&format!("{position}\n"));
        let single = run(&["moves", &position.to_string()], "");
        expected_moves.extend_from_slice(&single.stdout);
        expected_moves.push(b'\n');
        // Every legal action would take too long to run one by one; take a few, and a bad one.
        let legal = position.legal_actions();
        let mut picks: Vec<String> = legal
            .iter()
            .step_by(legal.len() / 2 + 1)
            .map(ToString::to_string)
            .collect();
        if index % 5 == 0 {
            picks.push("move A1 A1".into());
        }
        for action in picks {
            apply_input.push_str(&format!("{position}\t{action}\n"));
            let single = run(&["apply", &position.to_string(), &action], "");
            if single.status.success() {
                expected_apply.extend_from_slice(&single.stdout);
            } else {
                expected_apply.extend_from_slice(b"error: ");
                expected_apply.extend_from_slice(&single.stderr);
            }
            expected_apply.push(b'\n');
        }
    }
    let batch = run(&["moves", "-"], &moves_input);
    assert_eq!(text(&batch.stdout), text(&expected_moves));
    assert_eq!(batch.status.code(), Some(0));
    let batch = run(&["apply", "-"], &apply_input);
    assert_eq!(text(&batch.stdout), text(&expected_apply));
}

#[test]
fn batch_tolerates_blank_lines_and_crlf() {
    let a = format!("{} R", board_text(&[("A1", "R9")]));
    let out = run(&["moves", "-"], &format!("\n{a}\r\n  \n{a}"));
    let answer = "move A1 A2\nmove A1 B1\n\n";
    assert_eq!(text(&out.stdout), answer.repeat(2));
    assert_eq!(out.status.code(), Some(0));
}
