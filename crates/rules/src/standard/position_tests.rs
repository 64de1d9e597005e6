//! The rules of a standard game's turn (docs/rules.md §9–13), a row per rule: moves, the
//! headquarters lock, camp protection, the referee's judgements and the end of the game.

use super::*;
use crate::game::{Action, Colour, DrawReason, Outcome, Square, StandardRule, WinReason};

/// A standard position with `pieces` (`("B3", "R9")`) on an otherwise empty board.
pub(super) fn position(pieces: &[(&str, &str)], turn: &str) -> StandardPosition {
    let mut rows = Vec::new();
    for row in (1..=12).rev() {
        let cells: Vec<&str> = "ABCDE"
            .chars()
            .map(|column| {
                let name = format!("{column}{row}");
                pieces
                    .iter()
                    .find(|(square, _)| *square == name)
                    .map_or(".", |(_, code)| code)
            })
            .collect();
        rows.push(cells.join(","));
    }
    let text = format!("{} {turn} 0 0", rows.join("/"));
    text.parse()
        .unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

fn mv(from: &str, to: &str) -> Action {
    Action::Move {
        from: from.parse().expect("test square"),
        to: to.parse().expect("test square"),
    }
}

fn destinations(position: &StandardPosition, from: &str) -> Vec<String> {
    let from: Square = from.parse().expect("test square");
    let mut out: Vec<String> = position
        .destinations(from)
        .all()
        .into_iter()
        .map(|square| square.to_string())
        .collect();
    out.sort();
    out
}

/// Two lone flags far apart keep a position from ending for want of a piece.
const FLAGS: [(&str, &str); 2] = [("B1", "RF"), ("D12", "BF")];

fn with_flags<'a>(pieces: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut all = FLAGS.to_vec();
    all.extend_from_slice(pieces);
    all
}

/// A rule, the pieces on the board, the mover's square and where it may go.
type MovementCase<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str, &'a [&'a str]);

/// A row per movement rule: the pieces, the mover and where it may go.
#[test]
fn movement_rules() {
    let cases: &[MovementCase] = &[
        (
            "a step along a road",
            &[("B4", "R5")],
            "B4",
            &["A4", "B3", "B5", "C4"],
        ),
        (
            "slides along column A, across the middle, and along row 6",
            &[("A6", "R5")],
            "A6",
            &[
                "A10", "A11", "A2", "A3", "A4", "A5", "A7", "A8", "A9", "B5", "B6", "C6", "D6",
                "E6",
            ],
        ),
        (
            "an engineer turns on the railway, round its own piece on A6",
            &[("C6", "R1"), ("A6", "R2")],
            "C6",
            &[
                "A10", "A11", "A2", "A3", "A4", "A5", "A7", "A8", "A9", "B11", "B2", "B5", "B6",
                "B7", "C11", "C2", "C5", "C7", "D11", "D2", "D5", "D6", "D7", "E10", "E11", "E2",
                "E3", "E4", "E5", "E6", "E7", "E8", "E9",
            ],
        ),
        (
            "a piece in a headquarters never moves",
            &[("D1", "R9")],
            "D1",
            &[],
        ),
        ("a mine never moves", &[("A2", "RM")], "A2", &[]),
        ("the flag never moves", &[], "B1", &[]),
        (
            "no attack on one's own piece",
            &[("C3", "R5"), ("C2", "R4")],
            "C3",
            &["B3", "C4", "D3"],
        ),
        (
            "no attack on a piece in a camp",
            &[("C3", "R5"), ("C4", "B4")],
            "C3",
            &["B3", "C2", "D3"],
        ),
        (
            "an attack on an enemy outside a camp, even a stronger one",
            &[("C3", "R2"), ("C2", "B9"), ("C4", "BX")],
            "C3",
            &["B3", "C2", "D3"],
        ),
    ];
    for (rule, pieces, from, expected) in cases {
        let position = position(&with_flags(pieces), "R");
        let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        expected.sort();
        expected.dedup();
        assert_eq!(destinations(&position, from), expected, "{rule}");
    }
}

#[test]
fn flips_and_locked_pieces_are_refused_with_a_reason() {
    let locked_and_camped = position(
        &with_flags(&[("D1", "R9"), ("C3", "R5"), ("C4", "B4")]),
        "R",
    );
    let flip = Action::Flip("C3".parse().expect("square"));
    assert_eq!(locked_and_camped.check(flip), Err(StandardError::NoFlips));
    let locked = locked_and_camped
        .check(mv("D1", "D2"))
        .expect_err("headquarters lock");
    assert_eq!(
        locked.to_string(),
        "pieces in a headquarters cannot move under these rules"
    );
    let camp = locked_and_camped.check(mv("C3", "C4")).expect_err("camp");
    assert_eq!(camp.to_string(), "a piece in a camp cannot be attacked");
    // A piece may move into a headquarters, its own or the enemy's.
    let entering = position(&with_flags(&[("C1", "R5"), ("C12", "R4")]), "R");
    assert!(entering.check(mv("C1", "D1")).is_ok());
    assert!(entering.check(mv("C12", "B12")).is_ok());
}

/// A row per row of the attack table of docs/rules.md §11, without and with `mine_survives`:
/// what was removed, and what stands on the target square after.
#[test]
fn the_referee_judges_every_attack() {
    use Removed::*;
    let cases: &[(&str, &str, Removed, Removed)] = &[
        ("R5", "BX", Both, Both),
        ("RX", "B9", Both, Both),
        ("RX", "BM", Both, Both),
        ("R1", "BM", Target, Target),
        ("R9", "BM", Both, Attacker),
        ("R2", "BM", Both, Attacker),
        ("R9", "B8", Target, Target),
        ("R3", "B3", Both, Both),
        ("R4", "B5", Attacker, Attacker),
        ("R1", "B2", Attacker, Attacker),
    ];
    for &(attacker, target, removed, survives) in cases {
        for (mine_survives, expected) in [(false, removed), (true, survives)] {
            // Black's lieutenant on E10 keeps Black from running out of moves.
            let pieces = [("A10", attacker), ("A11", target), ("E10", "B2")];
            let mut position = position(&with_flags(&pieces), "R");
            if mine_survives {
                position.options = position.options.with(StandardRule::MineSurvives);
            }
            let (judgement, outcome) = position.apply(mv("A10", "A11")).expect("legal attack");
            assert_eq!(
                judgement.verdict,
                Verdict::Attacked(expected),
                "{attacker} x {target}, mine_survives {mine_survives}"
            );
            let on_target = position
                .board
                .piece("A11".parse().expect("square"))
                .map(|p| p.to_string());
            let stands = match expected {
                Target => Some(attacker.to_string()),
                Attacker => Some(target.to_string()),
                Both => None,
            };
            assert_eq!(on_target, stands, "{attacker} x {target}");
            assert_eq!(outcome, None);
            assert_eq!(
                (position.quiet, position.plies, position.turn),
                (0, 1, Colour::Black)
            );
        }
    }
}

#[test]
fn the_flag_may_be_taken_while_its_mines_stand() {
    let mut position = position_with(&[
        ("B1", "RF"),
        ("C12", "R2"),
        ("B12", "BF"),
        ("A12", "BM"),
        ("B11", "BM"),
        ("C11", "BM"),
        ("E7", "B5"),
    ]);
    let (judgement, outcome) = position
        .apply(mv("C12", "B12"))
        .expect("the flag may be attacked");
    assert!(judgement.took_flag());
    assert_eq!(judgement.verdict, Verdict::Attacked(Removed::Target));
    assert_eq!(
        outcome,
        Some(Outcome::Win {
            winner: Colour::Red,
            reason: WinReason::Flag
        })
    );
    // A bomb that takes the flag is removed with it; the flag is taken all the same.
    let mut bombed = position_with(&[("B1", "RF"), ("C12", "RX"), ("B12", "BF"), ("A12", "BM")]);
    let (judgement, outcome) = bombed.apply(mv("C12", "B12")).expect("legal");
    assert_eq!(judgement.verdict, Verdict::Attacked(Removed::Both));
    assert_eq!(
        outcome,
        Some(Outcome::Win {
            winner: Colour::Red,
            reason: WinReason::Flag
        })
    );
}

/// A Red-to-act position that may hold pieces on the enemy half.
fn position_with(pieces: &[(&str, &str)]) -> StandardPosition {
    position(pieces, "R")
}

#[test]
fn a_player_without_a_legal_move_loses_and_counters_draw() {
    // Black's last mover is removed: Black has only its flag and mines, and loses.
    let mut position = position_with(&[
        ("B1", "RF"),
        ("A6", "R9"),
        ("A7", "B5"),
        ("D12", "BF"),
        ("E12", "BM"),
    ]);
    let (_, outcome) = position.apply(mv("A6", "A7")).expect("legal");
    assert_eq!(
        outcome,
        Some(Outcome::Win {
            winner: Colour::Red,
            reason: WinReason::NoMoves
        })
    );

    let mut quiet = position_with(&[("B1", "RF"), ("A6", "R9"), ("E7", "B5"), ("D12", "BF")]);
    quiet.quiet = 79;
    quiet.plies = 100;
    let (_, outcome) = quiet.apply(mv("A6", "A5")).expect("legal");
    assert_eq!(outcome, Some(Outcome::Draw(DrawReason::NoCapture)));

    let mut long = position_with(&[("B1", "RF"), ("A6", "R9"), ("E7", "B5"), ("D12", "BF")]);
    long.plies = 299;
    let (_, outcome) = long.apply(mv("A6", "A5")).expect("legal");
    assert_eq!(outcome, Some(Outcome::Draw(DrawReason::PlyLimit)));
}

#[test]
fn positions_print_and_parse_back() {
    let position = position_with(&[("B1", "RF"), ("A6", "R9"), ("E7", "B5"), ("D12", "BF")]);
    let text = position.to_string();
    assert_eq!(text.parse::<StandardPosition>(), Ok(position));
}

/// A row per cell a standard position refuses: face-down cells, a view's `R?`, and a mine or
/// flag where deployment never puts it.
#[test]
fn positions_refuse_what_a_standard_game_cannot_hold() {
    let empty = [".,.,.,.,."; 11].join("/");
    let cases: &[(&str, &str)] = &[
        ("?R5", "there are no face-down pieces in the standard games"),
        ("?", "there are no face-down pieces in the standard games"),
        (
            "R?",
            "\"R?\" (a piece whose identity the viewer has not been shown) is allowed only in a view",
        ),
        (
            "RM",
            "a landmine never moves, and deployment puts it on its owner's last two rows",
        ),
        (
            "BF",
            "a flag never moves, and deployment puts it in one of its owner's headquarters",
        ),
    ];
    for (cell, expected) in cases {
        let text = format!("{cell},.,.,.,./{empty} R");
        let error = text.parse::<StandardPosition>().expect_err(cell);
        assert!(error.to_string().contains(expected), "{cell}: {error}");
    }
    let black_mine = format!("BM,.,.,.,./{empty} R");
    assert!(black_mine.parse::<StandardPosition>().is_ok());
}
