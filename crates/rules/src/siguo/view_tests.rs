//! What each viewer sees (docs/rules.md §19), a row per rule: the three view modes, engineer
//! reconnaissance shown to the engineer's team and following the piece, nothing shown by a
//! bomb, a mine or an engineer met, and a field marshal's death showing its flag to everyone.

use super::test_board::{action, position, post};
use super::*;
use SiguoSeat::*;

/// A piece of each seat in the centre, on the board of [`position`].
const CENTRE: [(&str, &str); 4] = [("XS", "S5"), ("XE", "E9"), ("XN", "N1"), ("XW", "W2")];

/// The posts among `XS XE XN XW` whose identity the view shows.
fn shown_in_centre(view: &SiguoView) -> Vec<&'static str> {
    ["XS", "XE", "XN", "XW"]
        .into_iter()
        .filter(|name| matches!(view.cell(post(name)), SiguoViewCell::Shown(_)))
        .collect()
}

#[test]
fn a_row_per_view_mode_and_viewer() {
    use SiguoViewMode::*;
    let board = position(&CENTRE, South);
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
        let shown = shown_in_centre(&view);
        assert_eq!(shown, expected, "{mode} seen by {viewer:?}");
        let east_hidden = view.cell(post("XE")) == SiguoViewCell::Unshown(East);
        assert_eq!(east_hidden, !expected.contains(&"XE"));
    }
    let dark = SiguoView::new(&board, &none, Dark, SiguoViewer::Seat(South));
    // South's own flag and lieutenant are shown; every other piece is its seat's back.
    let arm = |b1: &str, e1: &str| {
        format!(".,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,{b1},.,.,{e1}")
    };
    let arms = [
        arm("SF", "S2"),
        arm("E?", "E?"),
        arm("N?", "N?"),
        arm("W?", "W?"),
    ];
    let expected = format!("{}|.,N?,./W?,.,E?/.,S5,. S 0", arms.join("|"));
    assert_eq!(dark.to_string(), expected);
}

/// Plays `text` on `position`, recording what it shows.
fn play(position: &mut SiguoPosition, reveals: &mut SiguoReveals, text: &str) {
    let (judgement, _) = position.apply(action(text)).expect("a legal action");
    reveals.record(&judgement, position);
}

fn sees(position: &SiguoPosition, reveals: &SiguoReveals, viewer: SiguoViewer, name: &str) -> bool {
    let view = SiguoView::new(position, reveals, SiguoViewMode::Dark, viewer);
    matches!(view.cell(post(name)), SiguoViewCell::Shown(_))
}

#[test]
fn reconnaissance_shows_the_piece_to_the_engineers_team_wherever_it_goes() {
    let pieces = [("XC", "S1"), ("XE", "E9"), ("XN", "NX")];
    let mut board = position(&pieces, South);
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
    assert!(sees(&board, &reveals, SiguoViewer::Spectator, "EB1"));
    assert!(!sees(&board, &reveals, SiguoViewer::Spectator, "WB1"));
}

/// A row per attack by an engineer that shows nothing: the pieces and the engineer's move.
#[test]
fn a_bomb_a_mine_or_an_engineer_met_shows_nothing() {
    let rows: [(&[(&str, &str)], &str); 3] = [
        (&[("XC", "S1"), ("XE", "EX")], "move XC XE"),
        (&[("XC", "S1"), ("XE", "E1")], "move XC XE"),
        (&[("EC3", "S1"), ("EC2", "EM")], "move EC3 EC2"),
    ];
    for (pieces, text) in rows {
        let mut board = position(pieces, South);
        let mut reveals = SiguoReveals::default();
        play(&mut board, &mut reveals, text);
        assert_eq!(reveals, SiguoReveals::default(), "{pieces:?}");
    }
}
