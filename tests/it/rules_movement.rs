//! Movement rules of docs/rules.md §4: steps, straight railway slides, engineer paths, blocking,
//! the mountain, camps, headquarters, and which attacks the board allows.

use crate::common;

use common::{Pieces, destinations, mv, position, squares};
use junqi::game::{ActionError, AttackRefusal, Rules};

/// (pieces, mover square, expected destinations): one row per movement rule.
#[test]
fn destinations_table() {
    let cases: &[(&str, Pieces, &str, &str)] = &[
        (
            "road piece off the railway steps one square",
            &[("C3", "R5")],
            "C3",
            "B3 C2 C4 D3",
        ),
        (
            "corner with no camp: two roads",
            &[("A1", "R5")],
            "A1",
            "A2 B1",
        ),
        (
            "non-engineer on a rail corner slides straight, never turns",
            &[("A2", "R5")],
            "A2",
            "A1 B2 C2 D2 E2 A3 A4 A5 A6 A7 A8 A9 A10 A11 B3",
        ),
        (
            "engineer turns freely on the railway",
            &[("A2", "R1")],
            "A2",
            "A1 B2 C2 D2 E2 A3 A4 A5 A6 A7 A8 A9 A10 A11 B3 E3 E4 E5 E6 E7 E8 E9 E10 E11 \
             B6 C6 D6 B7 C7 D7 B11 C11 D11",
        ),
        (
            "B6 does not cross the mountain to B7",
            &[("B6", "R5")],
            "B6",
            "A6 C6 D6 E6 B5",
        ),
        (
            "D7 does not cross to D6",
            &[("D7", "R5")],
            "D7",
            "A7 B7 C7 E7 D8",
        ),
        (
            "C6 crosses to C7 and slides no further up column C",
            &[("C6", "R5")],
            "C6",
            "A6 B6 D6 E6 C7 C5 B5 D5",
        ),
        (
            "a slide stops at the first piece (a face-down piece blocks)",
            &[("A2", "R5"), ("A5", "?B3"), ("C2", "?RF")],
            "A2",
            "A1 B2 A3 A4 B3",
        ),
        (
            "an engineer cannot path through a face-down piece",
            &[("A6", "R1"), ("B6", "?B3"), ("A7", "?B4"), ("A5", "?B5")],
            "A6",
            "B5",
        ),
        (
            "an engineer goes around the mountain through C6-C7",
            &[("B6", "R1"), ("A6", "R5"), ("B5", "R2"), ("A5", "R2")],
            "B6",
            "C6 D6 E6 C7 B7 A7 D7 E7 E5 E4 E3 E2 D2 C2 B2 A2 A3 A4 E8 E9 E10 E11 D11 C11 B11 A11 A10 A9 A8",
        ),
        (
            "a camp connects diagonally",
            &[("C4", "R5")],
            "C4",
            "B3 C3 D3 B4 D4 B5 C5 D5",
        ),
        ("mines never move", &[("C3", "RM")], "C3", ""),
        ("the flag never moves", &[("B1", "RF")], "B1", ""),
        (
            "bombs move like rank pieces",
            &[("C3", "RX")],
            "C3",
            "B3 C2 C4 D3",
        ),
    ];
    for (name, pieces, from, expected) in cases {
        let position = position(pieces, "R");
        assert_eq!(destinations(&position, from), squares(expected), "{name}");
    }
}

#[test]
fn attacks_on_the_board() {
    // (attacker, target, extra pieces, legal?)
    let cases: &[(&str, &str, Pieces, Result<(), AttackRefusal>)] = &[
        ("R9", "B8", &[], Ok(())),
        ("R8", "B9", &[], Err(AttackRefusal::LowerRank)),
        ("R5", "R4", &[], Err(AttackRefusal::OwnPiece)),
        ("R5", "?B4", &[], Err(AttackRefusal::FaceDown)),
        ("R5", "BM", &[], Err(AttackRefusal::MineNeedsEngineer)),
        ("R1", "BM", &[], Ok(())),
        ("RX", "BM", &[], Ok(())),
        (
            "R9",
            "BF",
            &[("E12", "BM")],
            Err(AttackRefusal::FlagGuarded),
        ),
        (
            "R9",
            "BF",
            &[("E12", "?BM")],
            Err(AttackRefusal::FlagGuarded),
        ),
        ("R2", "BF", &[], Ok(())),
    ];
    for (attacker, target, extra, expected) in cases {
        let mut pieces = vec![("C2", *attacker), ("C3", *target)];
        pieces.extend_from_slice(extra);
        let position = position(&pieces, "R");
        let got = position.check(mv("C2", "C3"));
        let expected = expected.map_err(ActionError::Attack);
        assert_eq!(got, expected, "{attacker} → {target} with {extra:?}");
    }
}

#[test]
fn camps_are_safe() {
    let position = position(&[("C3", "R9"), ("C4", "B2")], "R");
    assert_eq!(
        position.check(mv("C3", "C4")),
        Err(ActionError::Attack(AttackRefusal::InCamp))
    );
    // A piece in a camp may itself attack out of it.
    let position = common::position(&[("C4", "R9"), ("C3", "B2")], "R");
    assert_eq!(position.check(mv("C4", "C3")), Ok(()));
}

#[test]
fn headquarters_lock_only_when_configured() {
    let mut position = position(&[("B1", "R5")], "R");
    assert_eq!(destinations(&position, "B1"), squares("A1 C1 B2"));
    position.rules = Rules {
        hq_locks: true,
        ..Rules::default()
    };
    assert_eq!(destinations(&position, "B1"), squares(""));
    assert_eq!(
        position.check(mv("B1", "B2")),
        Err(ActionError::HeadquartersLocked)
    );
    // Pieces may still enter and be attacked there.
    let mut position = common::position(&[("B2", "R5"), ("B1", "B4")], "R");
    position.rules.hq_locks = true;
    assert_eq!(position.check(mv("B2", "B1")), Ok(()));
}

#[test]
fn refusals_name_the_problem() {
    let position = position(
        &[("C3", "R5"), ("D4", "?B2"), ("E1", "B4"), ("A1", "RM")],
        "R",
    );
    let cases = [
        (mv("B2", "B3"), ActionError::NoPiece(common::sq("B2"))),
        (mv("D4", "D5"), ActionError::MoverFaceDown(common::sq("D4"))),
        (mv("E1", "E2"), ActionError::NotYourPiece(common::sq("E1"))),
        (
            mv("A1", "A2"),
            ActionError::Immobile(junqi::game::Kind::Landmine),
        ),
        (mv("C3", "C3"), ActionError::SameSquare),
        (
            mv("C3", "C6"),
            ActionError::Unreachable {
                from: common::sq("C3"),
                to: common::sq("C6"),
            },
        ),
        (
            junqi::game::Action::Flip(common::sq("C3")),
            ActionError::NothingToFlip(common::sq("C3")),
        ),
    ];
    for (action, error) in cases {
        assert_eq!(position.check(action), Err(error), "{action}");
    }
}
