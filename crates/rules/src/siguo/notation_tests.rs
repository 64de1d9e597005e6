//! The 四国 position notation (docs/rules.md §22): arms in their owner's frame, the centre's
//! order, the turn and the quiet counter, and a row per malformed position.

use super::*;
use crate::game::Kind;

const EMPTY_ARM: &str = ".,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,.";
const EMPTY_CENTRE: &str = ".,.,./.,.,./.,.,.";

/// The board text with `south` … `centre` for the five parts.
fn board(parts: &[&str]) -> String {
    parts.join("|")
}

fn post(text: &str) -> SiguoPost {
    text.parse().expect("test post")
}

#[test]
fn arms_are_written_in_their_owner_frame_and_the_centre_north_first() {
    // South: a flag on B1 (last rank, second cell) and a marshal on A6 (first rank, first cell).
    let south = "S9,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,SF,.,.,.";
    // East: its flag on D1, a North engineer on East's E6.
    let east = ".,.,.,.,N1/.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,EF,.";
    let centre = "W5,.,./.,.,./.,.,E3";
    let text = format!(
        "{} E 7",
        board(&[south, east, EMPTY_ARM, EMPTY_ARM, centre])
    );
    let position: SiguoPosition = text.parse().expect("a position");
    let rows = [
        ("SA6", "S9"),
        ("SB1", "SF"),
        ("ED1", "EF"),
        ("EE6", "N1"),
        ("XNW", "W5"),
        ("XSE", "E3"),
    ];
    for (name, code) in rows {
        let shown = position.piece(post(name)).map(|p| p.to_string());
        assert_eq!(shown.as_deref(), Some(code), "{name}");
    }
    assert_eq!(position.pieces().count(), rows.len());
    assert_eq!((position.turn, position.quiet), (SiguoSeat::East, 7));
    assert_eq!(position.to_string(), text);
    // North's only piece stands on East's arm, West's in the centre: every seat is in.
    assert!(SiguoSeat::ALL.iter().all(|seat| !position.is_out(*seat)));
    let short = format!("{} S", board(&[south, east, EMPTY_ARM, EMPTY_ARM, centre]));
    assert_eq!(short.parse::<SiguoPosition>().map(|p| p.quiet), Ok(0));
}

/// A row per malformed position: the text and the error it gets.
#[test]
fn malformed_positions_name_what_is_wrong() {
    use SiguoCellProblem::*;
    use SiguoNotationError::*;
    let with_south = |south: &str| board(&[south, EMPTY_ARM, EMPTY_ARM, EMPTY_ARM, EMPTY_CENTRE]);
    let lone = ".,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,SF,.,.,.";
    let rows: Vec<(String, SiguoNotationError)> = vec![
        (String::new(), Empty),
        (format!("{} S 0 1", with_south(lone)), FieldCount(4)),
        (
            format!("{} S", board(&[lone, EMPTY_ARM, EMPTY_ARM, EMPTY_ARM])),
            PartCount(4),
        ),
        (
            format!("{} S", with_south(".,.,.,.,./.,SF,.,.,.")),
            RankCount {
                part: 'S',
                count: 2,
                expected: 6,
            },
        ),
        (
            format!(
                "{} S",
                board(&[lone, EMPTY_ARM, EMPTY_ARM, EMPTY_ARM, ".,./.,.,./.,.,."])
            ),
            CellCount {
                part: 'X',
                rank: 1,
                count: 2,
                expected: 3,
            },
        ),
        (
            format!(
                "{} S",
                with_south(&lone.replacen(".,.,.,.,.", "R9,.,.,.,.", 1))
            ),
            Cell {
                post: post("SA6"),
                problem: UnknownCode("R9".into()),
            },
        ),
        (
            format!(
                "{} S",
                with_south(&lone.replacen(".,.,.,.,.", "S?,.,.,.,.", 1))
            ),
            Cell {
                post: post("SA6"),
                problem: UnknownCode("S?".into()),
            },
        ),
        (
            format!(
                "{} S",
                with_south(".,.,.,.,./.,SM,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,SF,.,.,.")
            ),
            Cell {
                post: post("SB5"),
                problem: ImmobileInCamp("landmine"),
            },
        ),
        (
            format!(
                "{} S",
                with_south(".,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./SF,.,.,.,.")
            ),
            Cell {
                post: post("SA1"),
                problem: FlagOffHeadquarters,
            },
        ),
        (
            format!(
                "{} S",
                board(&[
                    lone,
                    ".,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,SF,.,.,.",
                    EMPTY_ARM,
                    EMPTY_ARM,
                    EMPTY_CENTRE
                ])
            ),
            Cell {
                post: post("EB1"),
                problem: FlagOffHeadquarters,
            },
        ),
        (
            format!(
                "{} S",
                with_south(".,.,.,.,./.,.,.,.,./.,.,.,.,./SM,.,.,.,./.,.,.,.,./.,SF,.,.,.")
            ),
            Cell {
                post: post("SA3"),
                problem: MineOffBackRows,
            },
        ),
        (
            format!(
                "{} S",
                with_south(".,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,SF,.,SF,.")
            ),
            Cell {
                post: post("SD1"),
                problem: TooMany {
                    kind: Kind::Flag,
                    seat: SiguoSeat::South,
                    allowed: 1,
                },
            },
        ),
        (format!("{} Q", with_south(lone)), Turn("Q".into())),
        (format!("{} E", with_south(lone)), TurnOut(SiguoSeat::East)),
        (format!("{} S x", with_south(lone)), Quiet("x".into())),
    ];
    for (text, expected) in rows {
        assert_eq!(text.parse::<SiguoPosition>(), Err(expected), "{text}");
    }
    let message = format!("{} E", with_south(lone))
        .parse::<SiguoPosition>()
        .unwrap_err();
    assert_eq!(
        message.to_string(),
        "turn E: that seat has no pieces on the board, so it is out and never acts"
    );
}

#[test]
fn debug_shows_whose_pieces_stand_where_and_nothing_more() {
    let mut position = SiguoPosition::empty(SiguoSeat::South);
    position.set(
        post("SB1"),
        Some(SiguoPiece::new(SiguoSeat::South, Kind::Flag)),
    );
    position.set(
        post("XC"),
        Some(SiguoPiece::new(SiguoSeat::West, Kind::Marshal)),
    );
    assert_eq!(
        format!("{position:?}"),
        "SiguoPosition(S? on SB1, W? on XC; S to act, quiet 0)"
    );
}
