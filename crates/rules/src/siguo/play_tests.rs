//! The rules of a 四国 turn (docs/rules.md §19–20), a row per rule: each kind of attack, the
//! headquarters and mine rules, refusals, seats going out and the turn skipping them, the team
//! win and the quiet draw.

use super::test_board::{action, piece, position, post};
use super::*;
use crate::game::Kind;

/// What an apply changed: the rule, the pieces added to `BASE` (the test board) before, the
/// action, the posts whose contents differ after (`.` when emptied), the seat to act after and
/// the outcome line.
struct Row<'a> {
    rule: &'a str,
    before: &'a [(&'a str, &'a str)],
    quiet: u16,
    action: &'a str,
    after: &'a [(&'a str, &'a str)],
    next: SiguoSeat,
    outcome: &'a str,
}

use SiguoSeat::*;

const EAST_GONE: [(&str, &str); 2] = [("EB1", "."), ("EE1", ".")];

#[test]
fn a_row_per_rule_of_a_turn() {
    let rows = [
        Row {
            rule: "a higher rank takes and moves in",
            before: &[("SC6", "S9"), ("XS", "E8")],
            quiet: 5,
            action: "move SC6 XS",
            after: &[("SC6", "."), ("XS", "S9")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "equal ranks are both removed",
            before: &[("SC6", "S5"), ("XS", "E5")],
            quiet: 5,
            action: "move SC6 XS",
            after: &[("SC6", "."), ("XS", ".")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "a lower rank is removed",
            before: &[("SC6", "S4"), ("XS", "E5")],
            quiet: 5,
            action: "move SC6 XS",
            after: &[("SC6", "."), ("XS", "E5")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "a bomb removes both",
            before: &[("SC6", "SX"), ("XS", "E9")],
            quiet: 5,
            action: "move SC6 XS",
            after: &[("SC6", "."), ("XS", ".")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "attacking a bomb removes both",
            before: &[("SC6", "S9"), ("XS", "EX")],
            quiet: 5,
            action: "move SC6 XS",
            after: &[("SC6", "."), ("XS", ".")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "an engineer takes a mine",
            before: &[("EC3", "S1"), ("EC2", "EM")],
            quiet: 5,
            action: "move EC3 EC2",
            after: &[("EC3", "."), ("EC2", "S1")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "another piece and a mine are both removed",
            before: &[("EC3", "S9"), ("EC2", "EM")],
            quiet: 5,
            action: "move EC3 EC2",
            after: &[("EC3", "."), ("EC2", ".")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "a bomb and a mine are both removed",
            before: &[("EC3", "SX"), ("EC2", "EM")],
            quiet: 5,
            action: "move EC3 EC2",
            after: &[("EC3", "."), ("EC2", ".")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "taking a flag puts its owner out and skips its seat",
            before: &[("EB2", "S2"), ("EC2", "E9")],
            quiet: 5,
            action: "move EB2 EB1",
            after: &[("EB2", "."), ("EB1", "S2"), ("EE1", "."), ("EC2", ".")],
            next: North,
            outcome: "ongoing",
        },
        Row {
            rule: "a headquarters without the flag: an engineer takes a marshal",
            before: &[("EB1", "E9"), ("ED1", "EF"), ("EB2", "S1")],
            quiet: 5,
            action: "move EB2 EB1",
            after: &[("EB2", "."), ("EB1", "S1")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "a bomb that takes a headquarters moves in",
            before: &[("EB1", "E9"), ("ED1", "EF"), ("EB2", "SX")],
            quiet: 5,
            action: "move EB2 EB1",
            after: &[("EB2", "."), ("EB1", "SX")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "a bomb takes a flag in its headquarters and moves in",
            before: &[("EB2", "SX")],
            quiet: 5,
            action: "move EB2 EB1",
            after: &[("EB2", "."), ("EB1", "SX"), ("EE1", ".")],
            next: North,
            outcome: "ongoing",
        },
        Row {
            rule: "a mine in a headquarters is simply taken",
            before: &[("ED1", "EM"), ("ED2", "S5")],
            quiet: 5,
            action: "move ED2 ED1",
            after: &[("ED2", "."), ("ED1", "S5")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "a bomb in a headquarters is simply taken",
            before: &[("ED1", "EX"), ("ED2", "S2")],
            quiet: 5,
            action: "move ED2 ED1",
            after: &[("ED2", "."), ("ED1", "S2")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "an arc slide",
            before: &[("SE2", "S6")],
            quiet: 5,
            action: "move SE2 EA2",
            after: &[("SE2", "."), ("EA2", "S6")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "an engineer turns through the centre",
            before: &[("SA2", "S1")],
            quiet: 5,
            action: "move SA2 EC6",
            after: &[("SA2", "."), ("EC6", "S1")],
            next: East,
            outcome: "ongoing",
        },
        Row {
            rule: "a seat with no move on its turn is out and skipped",
            before: &[("EE1", "."), ("SC6", "S2")],
            quiet: 5,
            action: "move SC6 SC5",
            after: &[("SC6", "."), ("SC5", "S2"), ("EB1", ".")],
            next: North,
            outcome: "ongoing",
        },
        Row {
            rule: "the turn skips a seat already out",
            before: &EAST_GONE,
            quiet: 5,
            action: "move SE1 SE2",
            after: &[("SE1", "."), ("SE2", "S2")],
            next: North,
            outcome: "ongoing",
        },
        Row {
            rule: "a team whose second player loses the flag loses",
            before: &[("WB1", "."), ("WE1", "."), ("EB2", "S2")],
            quiet: 5,
            action: "move EB2 EB1",
            after: &[("EB2", "."), ("EB1", "S2"), ("EE1", ".")],
            next: North,
            outcome: "SN wins",
        },
        Row {
            rule: "a team whose second player cannot move loses",
            before: &[("WB1", "."), ("WE1", "."), ("EE1", ".")],
            quiet: 5,
            action: "move SE1 SE2",
            after: &[("SE1", "."), ("SE2", "S2"), ("EB1", ".")],
            next: North,
            outcome: "SN wins",
        },
        Row {
            rule: "40 actions without an attack draw",
            before: &[],
            quiet: 39,
            action: "move SE1 SE2",
            after: &[("SE1", "."), ("SE2", "S2")],
            next: East,
            outcome: "draw: no capture",
        },
        Row {
            rule: "an attack resets the quiet run",
            before: &[("SC6", "S9"), ("XS", "E8")],
            quiet: 39,
            action: "move SC6 XS",
            after: &[("SC6", "."), ("XS", "S9")],
            next: East,
            outcome: "ongoing",
        },
    ];
    for row in rows {
        let mut before = position(row.before, South);
        before.quiet = row.quiet;
        let mut expected = before.clone();
        for (name, code) in row.after {
            expected.set(post(name), (*code != ".").then(|| piece(code)));
        }
        let (judgement, outcome) = before
            .apply(action(row.action))
            .unwrap_or_else(|e| panic!("{}: refused: {e}", row.rule));
        let outcome = outcome.map_or("ongoing".to_string(), |o| o.to_string());
        assert_eq!(outcome, row.outcome, "{}", row.rule);
        assert_eq!(
            before.to_string().split(' ').next(),
            expected.to_string().split(' ').next(),
            "{}",
            row.rule
        );
        assert_eq!(before.turn, row.next, "{}", row.rule);
        let quiet = if judgement.verdict.is_attack() {
            0
        } else {
            row.quiet + 1
        };
        assert_eq!(before.quiet, quiet, "{}", row.rule);
    }
}

#[test]
fn seats_going_out_are_told_with_their_reason() {
    let mut flag = position(&[("EB2", "S2")], South);
    let (judgement, _) = flag.apply(action("move EB2 EB1")).expect("legal");
    assert_eq!(judgement.out, vec![(East, OutReason::FlagTaken)]);
    assert!(flag.is_out(East) && flag.posts_of(East).is_empty());

    let mut stuck = position(&[("EE1", "."), ("WE1", ".")], South);
    let (judgement, outcome) = stuck.apply(action("move SE1 SE2")).expect("legal");
    assert_eq!(judgement.out, vec![(East, OutReason::NoMoves)]);
    assert_eq!(outcome, None);
    assert_eq!(stuck.turn, North, "West still has its flag: North acts");
    let (judgement, outcome) = stuck.apply(action("move NE1 NE2")).expect("legal");
    assert_eq!(judgement.out, vec![(West, OutReason::NoMoves)]);
    assert_eq!(outcome, Some(SiguoOutcome::Win(Team::NorthSouth)));

    // North is out and South has only its flag: when South's turn comes, East and West win.
    let mut last = position(&[("NB1", "."), ("NE1", "."), ("SE1", ".")], East);
    let (judgement, outcome) = last.apply(action("move EE1 EE2")).expect("legal");
    assert_eq!((judgement.out, outcome, last.turn), (vec![], None, West));
    let (judgement, outcome) = last.apply(action("move WE1 WE2")).expect("legal");
    assert_eq!(judgement.out, vec![(South, OutReason::NoMoves)]);
    assert_eq!(outcome.map(|o| o.to_string()).as_deref(), Some("EW wins"));
}

/// The rule, the pieces added to `BASE` (the test board), the action South tries, and the error.
type RefusalCase<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str, SiguoActionError);

/// A row per refusal.
#[test]
fn refusals() {
    use SiguoActionError::*;
    let rows: &[RefusalCase] = &[
        ("an empty post", &[], "move SC3 SC4", NoPiece(post("SC3"))),
        (
            "an ally's piece",
            &[],
            "move NE1 NE2",
            AllysPiece(post("NE1")),
        ),
        (
            "an enemy's piece",
            &[],
            "move EE1 EE2",
            NotYourPiece(post("EE1")),
        ),
        (
            "a flag never moves",
            &[],
            "move SB1 SA1",
            Immobile(Kind::Flag),
        ),
        (
            "a mine never moves",
            &[("SA1", "SM")],
            "move SA1 SA2",
            Immobile(Kind::Landmine),
        ),
        (
            "a piece in a headquarters never moves",
            &[("SD1", "S9")],
            "move SD1 SD2",
            HeadquartersLocked,
        ),
        (
            "a piece in an enemy headquarters never moves",
            &[("ED1", "S9")],
            "move ED1 ED2",
            HeadquartersLocked,
        ),
        (
            "no attack on an ally",
            &[("XS", "S9"), ("XC", "N2")],
            "move XS XC",
            AllyPiece,
        ),
        (
            "no attack on one's own piece",
            &[("XS", "S9"), ("XC", "S2")],
            "move XS XC",
            OwnPiece,
        ),
        (
            "no attack into a camp",
            &[("SB2", "S9"), ("SB3", "E5")],
            "move SB2 SB3",
            InCamp,
        ),
        (
            "a slide stops at a piece",
            &[("SA2", "S9"), ("SA4", "E5")],
            "move SA2 SA5",
            Unreachable {
                from: post("SA2"),
                to: post("SA5"),
            },
        ),
        (
            "no slide through an ally",
            &[("SA2", "S9"), ("SA4", "N5")],
            "move SA2 SA5",
            Unreachable {
                from: post("SA2"),
                to: post("SA5"),
            },
        ),
        (
            "only an engineer turns",
            &[("SA6", "S9")],
            "move SA6 XS",
            Unreachable {
                from: post("SA6"),
                to: post("XS"),
            },
        ),
        (
            "no turn from a row onto the arc",
            &[("SB6", "S9")],
            "move SB6 EA6",
            Unreachable {
                from: post("SB6"),
                to: post("EA6"),
            },
        ),
        (
            "no centre post from B6",
            &[("SB6", "S9")],
            "move SB6 XS",
            Unreachable {
                from: post("SB6"),
                to: post("XS"),
            },
        ),
        (
            "a team both out: the game is over",
            &[("EB1", "."), ("EE1", "."), ("WB1", "."), ("WE1", ".")],
            "move SE1 SE2",
            GameOver,
        ),
    ];
    for (rule, pieces, text, expected) in rows {
        let position = position(pieces, South);
        assert_eq!(position.check(action(text)), Err(*expected), "{rule}");
        assert!(!position.legal_actions().contains(&action(text)), "{rule}");
    }
}
