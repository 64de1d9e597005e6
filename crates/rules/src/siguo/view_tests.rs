//! What each viewer sees (docs/rules.md §19), a row per rule: the three view modes, engineer
//! reconnaissance shown to the engineer's team and following the piece, nothing shown by a
//! bomb, a mine or an engineer met, and a field marshal's death showing its flag to everyone.

use super::*;
use crate::game::Kind;

fn post(text: &str) -> SiguoPost {
    text.parse().expect("test post")
}

fn position(pieces: &[(&str, &str)], turn: SiguoSeat) -> SiguoPosition {
    let mut position = SiguoPosition::empty(turn);
    for (name, code) in pieces {
        let mut chars = code.chars();
        let seat = chars.next().and_then(SiguoSeat::from_code).expect("a seat");
        let kind = chars.next().and_then(Kind::from_code).expect("a kind");
        position.set(post(name), Some(SiguoPiece::new(seat, kind)));
    }
    position
}

/// Every seat's flag, and a piece of each in the centre.
const BOARD: [(&str, &str); 8] = [
    ("SB1", "SF"),
    ("EB1", "EF"),
    ("NB1", "NF"),
    ("WB1", "WF"),
    ("XS", "S5"),
    ("XE", "E9"),
    ("XN", "N1"),
    ("XW", "W2"),
];

/// The posts among `XS XE XN XW` whose identity the view shows.
fn shown_in_centre(view: &SiguoView) -> Vec<&'static str> {
    ["XS", "XE", "XN", "XW"]
        .into_iter()
        .filter(|name| matches!(view.cell(post(name)), SiguoViewCell::Shown(_)))
        .collect()
}

#[test]
fn a_row_per_view_mode_and_viewer() {
    use SiguoSeat::*;
    use SiguoViewMode::*;
    let board = position(&BOARD, South);
    let none = SiguoReveals::default();
    let rows: &[(SiguoViewMode, SiguoViewer, &[&str])] = &[
        (Dark, SiguoViewer::Seat(South), &["XS"]),
        (Dark, SiguoViewer::Seat(East), &["XE"]),
        (Allies, SiguoViewer::Seat(South), &["XS", "XN"]),
        (Allies, SiguoViewer::Seat(West), &["XE", "XW"]),
        (Open, SiguoViewer::Seat(North), &["XS", "XE", "XN", "XW"]),
        (Dark, SiguoViewer::Spectator, &[]),
        (Allies, SiguoViewer::Spectator, &[]),
        (Open, SiguoViewer::Spectator, &["XS", "XE", "XN", "XW"]),
    ];
    for &(mode, viewer, expected) in rows {
        let view = SiguoView::new(&board, &none, mode, viewer);
        assert_eq!(
            shown_in_centre(&view),
            expected,
            "{mode} seen by {viewer:?}"
        );
        assert_eq!(
            view.cell(post("XE")) == SiguoViewCell::Unshown(East),
            !expected.contains(&"XE")
        );
    }
    let dark = SiguoView::new(&board, &none, Dark, SiguoViewer::Seat(South));
    let text = dark.to_string();
    assert!(
        text.starts_with(".,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,SF,.,.,.|"),
        "{text}"
    );
    assert!(text.ends_with("|.,N?,./W?,.,E?/.,S5,. S 0"), "{text}");
}

/// Plays `action` on `position`, recording what it shows.
fn play(position: &mut SiguoPosition, reveals: &mut SiguoReveals, action: &str) {
    let action: SiguoAction = action.parse().expect("test action");
    let (judgement, _) = position.apply(action).expect("a legal action");
    reveals.record(&judgement, position);
}

fn sees(position: &SiguoPosition, reveals: &SiguoReveals, viewer: SiguoViewer, name: &str) -> bool {
    let view = SiguoView::new(position, reveals, SiguoViewMode::Dark, viewer);
    matches!(view.cell(post(name)), SiguoViewCell::Shown(_))
}

#[test]
fn reconnaissance_shows_the_piece_to_the_engineers_team_wherever_it_goes() {
    use SiguoSeat::*;
    let mut board = position(
        &[
            ("SB1", "SF"),
            ("EB1", "EF"),
            ("NB1", "NF"),
            ("WB1", "WF"),
            ("XC", "S1"),
            ("XE", "E9"),
            ("XN", "NX"),
            ("SE1", "S2"),
            ("NE1", "N2"),
            ("WE1", "W2"),
        ],
        South,
    );
    let mut reveals = SiguoReveals::default();
    play(&mut board, &mut reveals, "move XC XE");
    assert_eq!(board.piece(post("XC")), None, "the engineer is removed");
    let rows = [
        (SiguoViewer::Seat(South), true),
        (SiguoViewer::Seat(North), true),
        (SiguoViewer::Seat(West), false),
        (SiguoViewer::Spectator, false),
    ];
    for (viewer, expected) in rows {
        assert_eq!(sees(&board, &reveals, viewer, "XE"), expected, "{viewer:?}");
    }
    play(&mut board, &mut reveals, "move XE XNE");
    assert!(
        sees(&board, &reveals, SiguoViewer::Seat(North), "XNE"),
        "the mark follows"
    );
    assert!(!sees(&board, &reveals, SiguoViewer::Seat(North), "XE"));
    assert_eq!(reveals.team[0].len(), 1);
    // North's bomb removes the scouted marshal: its mark leaves with it, and the marshal's
    // death shows East's flag to everyone.
    play(&mut board, &mut reveals, "move XN XNE");
    assert_eq!(reveals.team, [PostSet::EMPTY; 2]);
    assert_eq!(reveals.everyone, PostSet::from(post("EB1")));
}

/// A row per attack by an engineer that shows nothing: the target and its post.
#[test]
fn a_bomb_a_mine_or_an_engineer_met_shows_nothing() {
    use SiguoSeat::*;
    let rows = [("EX", "XE"), ("E1", "XE")];
    for (target, at) in rows {
        let mut board = position(
            &[
                ("SB1", "SF"),
                ("EB1", "EF"),
                ("NB1", "NF"),
                ("WB1", "WF"),
                ("XC", "S1"),
                (at, target),
                ("SE1", "S2"),
                ("EE1", "E2"),
                ("NE1", "N2"),
                ("WE1", "W2"),
            ],
            South,
        );
        let mut reveals = SiguoReveals::default();
        play(&mut board, &mut reveals, &format!("move XC {at}"));
        assert_eq!(reveals, SiguoReveals::default(), "engineer on {target}");
    }
    let mut mined = position(
        &[
            ("SB1", "SF"),
            ("EB1", "EF"),
            ("EC2", "EM"),
            ("EC3", "S1"),
            ("SE1", "S2"),
            ("EE1", "E2"),
            ("NB1", "NF"),
            ("NE1", "N2"),
        ],
        South,
    );
    let mut reveals = SiguoReveals::default();
    play(&mut mined, &mut reveals, "move EC3 EC2");
    assert_eq!(reveals, SiguoReveals::default(), "engineer on a mine");
}

#[test]
fn a_field_marshals_death_shows_its_flag_to_everyone() {
    use SiguoSeat::*;
    let mut board = position(
        &[
            ("SB1", "SF"),
            ("EB1", "EF"),
            ("NB1", "NF"),
            ("WB1", "WF"),
            ("XC", "SX"),
            ("XE", "E9"),
            ("SE1", "S2"),
            ("EE1", "E2"),
            ("NE1", "N2"),
            ("WE1", "W2"),
        ],
        South,
    );
    let mut reveals = SiguoReveals::default();
    play(&mut board, &mut reveals, "move XC XE");
    for viewer in [
        SiguoViewer::Spectator,
        SiguoViewer::Seat(North),
        SiguoViewer::Seat(West),
    ] {
        assert!(sees(&board, &reveals, viewer, "EB1"), "{viewer:?}");
        assert!(!sees(&board, &reveals, viewer, "WB1") || viewer == SiguoViewer::Seat(West));
    }
}
