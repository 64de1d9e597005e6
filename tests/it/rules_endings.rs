//! End conditions of docs/rules.md §6 on positions (flag, no moves, quiet and length draws) and the
//! notation errors of §8.

use crate::common;

use common::{Pieces, board_text, mv, position};
use junqi::game::{
    CellProblem, Colour, DrawReason, NotationError, Outcome, Position, PublicPosition, WinReason,
};

fn outcome_after(
    pieces: &[(&str, &str)],
    turn: &str,
    quiet: u16,
    plies: u16,
    from: &str,
    to: &str,
) -> Option<Outcome<Colour>> {
    let mut position = position(pieces, turn);
    position.quiet = quiet;
    position.plies = plies;
    let (_, outcome) = position.apply(mv(from, to)).expect("legal test move");
    outcome
}

/// (name, pieces, quiet, plies, from, to, expected outcome)
type EndCase = (
    &'static str,
    Pieces,
    u16,
    u16,
    &'static str,
    &'static str,
    Option<Outcome<Colour>>,
);

#[test]
fn end_conditions_table() {
    use Colour::*;
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    let cases: &[EndCase] = &[
        (
            "flag taken once its mines are gone",
            &[("C2", "R9"), ("C1", "BF"), ("E12", "B5"), ("A12", "R5")],
            0,
            0,
            "C2",
            "C1",
            win(Red, WinReason::Flag),
        ),
        (
            "a bomb takes the flag and dies with it: still a flag win",
            &[("C2", "RX"), ("C1", "BF"), ("E12", "B5"), ("A12", "R5")],
            0,
            0,
            "C2",
            "C1",
            win(Red, WinReason::Flag),
        ),
        (
            "the opponent left with only unmovable pieces has no moves",
            &[("A12", "B9"), ("A1", "RM"), ("B1", "RF"), ("E1", "RM")],
            0,
            0,
            "A12",
            "B12",
            win(Black, WinReason::NoMoves),
        ),
        (
            "a face-down piece anywhere means there is an action",
            &[("A12", "B9"), ("A1", "RM"), ("B1", "RF"), ("E4", "?B2")],
            0,
            0,
            "A12",
            "B12",
            None,
        ),
        (
            "the flag check comes before the no-moves check",
            &[("C2", "R9"), ("C1", "BF")],
            0,
            0,
            "C2",
            "C1",
            win(Red, WinReason::Flag),
        ),
        (
            "the 80th action without an attack draws",
            &[("A12", "B9"), ("A1", "R9")],
            79,
            120,
            "A12",
            "B12",
            Some(Outcome::Draw(DrawReason::NoCapture)),
        ),
        (
            "an attack resets the quiet count",
            &[("A12", "B9"), ("A11", "R2"), ("A1", "R9")],
            79,
            120,
            "A12",
            "A11",
            None,
        ),
        (
            "the 300th action draws",
            &[("A12", "B9"), ("A1", "R9")],
            10,
            299,
            "A12",
            "B12",
            Some(Outcome::Draw(DrawReason::PlyLimit)),
        ),
        (
            "the quiet draw is checked before the length draw",
            &[("A12", "B9"), ("A1", "R9")],
            79,
            299,
            "A12",
            "B12",
            Some(Outcome::Draw(DrawReason::NoCapture)),
        ),
        (
            "no moves is checked before the draws",
            &[("A12", "B9"), ("A1", "RM"), ("B1", "RF")],
            79,
            299,
            "A12",
            "B12",
            win(Black, WinReason::NoMoves),
        ),
    ];
    for (name, pieces, quiet, plies, from, to, expected) in cases {
        let turn = if pieces[0].1.starts_with('B') {
            "B"
        } else {
            "R"
        };
        assert_eq!(
            outcome_after(pieces, turn, *quiet, *plies, from, to),
            *expected,
            "{name}"
        );
    }
}

#[test]
fn counters_advance() {
    let mut position = position(&[("A12", "B9"), ("A11", "R2"), ("A1", "R9")], "B");
    position.quiet = 5;
    position.plies = 7;
    position.apply(mv("A12", "B12")).expect("legal");
    assert_eq!(
        (position.quiet, position.plies, position.turn),
        (6, 8, Colour::Red)
    );
    position.apply(mv("A1", "A2")).expect("legal");
    position.apply(mv("B12", "A12")).expect("legal");
    position.apply(mv("A11", "A10")).expect("legal"); // Red's lieutenant steps away
    position.apply(mv("A12", "A11")).expect("legal");
    position.apply(mv("A2", "A3")).expect("legal");
    position
        .apply(mv("A11", "A10"))
        .expect("legal: the marshal attacks the lieutenant");
    assert_eq!((position.quiet, position.plies), (0, 14));
}

fn cell_error(text: &str) -> (u8, String, CellProblem) {
    match text.parse::<Position>() {
        Err(NotationError::Cell {
            rank,
            square,
            problem,
        }) => (rank, square.to_string(), problem),
        other => panic!("expected a cell error for {text}, got {other:?}"),
    }
}

#[test]
fn malformed_positions_name_rank_cell_and_problem() {
    let with = |pieces: &[(&str, &str)]| format!("{} R", board_text(pieces));
    let (rank, square, problem) = cell_error(&with(&[("B12", "R0")]));
    assert_eq!((rank, square.as_str()), (12, "B12"));
    assert!(matches!(problem, CellProblem::UnknownCode(ref code) if code == "R0"));
    let engineers = [("A1", "R1"), ("B1", "?R1"), ("C1", "R1"), ("D2", "R1")];
    let (rank, square, problem) = cell_error(&with(&engineers));
    assert_eq!((rank, square.as_str()), (1, "C1")); // ranks are read from 12 down to 1
    assert!(matches!(problem, CellProblem::TooMany { count: 4, .. }));
    let message = (with(&engineers))
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "rank 1, cell C1: a 4th Engineer of Red (each colour has 3)"
    );
    let (_, square, problem) = cell_error(&with(&[("C4", "?R5")]));
    assert_eq!(
        (square.as_str(), problem),
        ("C4", CellProblem::FaceDownInCamp)
    );
    let (_, _, problem) = cell_error(&with(&[("B3", "RM")]));
    assert_eq!(problem, CellProblem::ImmobileInCamp("landmine"));
    let (_, _, problem) = cell_error(&with(&[("A5", "?")]));
    assert_eq!(problem, CellProblem::UnknownFaceDown);

    let board = board_text(&[]);
    let shapes = [
        ("", NotationError::Empty),
        (&board[..], NotationError::FieldCount(1)),
        (&format!("{board} R 1 2 3"), NotationError::FieldCount(5)),
        (
            &format!("{board} X"),
            NotationError::Turn {
                text: "X".into(),
                public: false,
            },
        ),
        (
            &format!("{board} -"),
            NotationError::Turn {
                text: "-".into(),
                public: false,
            },
        ),
        (
            &format!("{board} R x 1"),
            NotationError::Counter {
                field: "QUIET",
                text: "x".into(),
            },
        ),
        (
            &format!("{board} R 5 2"),
            NotationError::QuietAbovePlies { quiet: 5, plies: 2 },
        ),
        (".,.,.,.,./.,.,.,.,. R", NotationError::RankCount(2)),
    ];
    for (text, expected) in shapes {
        assert_eq!(text.parse::<Position>(), Err(expected), "{text}");
    }
    let short_rank = board.replacen(".,.,.,.,.", ".,.,.,.", 1);
    assert_eq!(
        (format!("{short_rank} R")).parse::<Position>(),
        Err(NotationError::CellCount { rank: 12, count: 4 })
    );
}

#[test]
fn public_positions_allow_unknowns_and_drop_identities() {
    let text = format!(
        "{} - 3 9",
        board_text(&[("A1", "?"), ("B1", "?R5"), ("C1", "B4")])
    );
    let public = text.parse::<PublicPosition>().expect("public position");
    assert_eq!(public.turn, None);
    assert_eq!((public.quiet, public.plies), (3, 9));
    let again = public.to_string();
    assert_eq!(
        again,
        format!(
            "{} - 3 9",
            board_text(&[("A1", "?"), ("B1", "?"), ("C1", "B4")])
        )
    );
}
