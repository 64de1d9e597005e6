//! Post names and grid places (docs/rules.md §15): every name reads back, input ignores case
//! and separators, bare names need a speaker, bad names are refused with their text, and the
//! grid puts each arm on its side of the board.

use super::*;
use SiguoSeat::*;

fn post(text: &str) -> SiguoPost {
    text.parse()
        .unwrap_or_else(|e| panic!("test post {text}: {e}"))
}

#[test]
fn every_post_reads_back_its_name() {
    assert_eq!(SiguoPost::all().count(), POSTS);
    for each in SiguoPost::all() {
        let name = each.to_string();
        assert_eq!(name.parse::<SiguoPost>(), Ok(each), "{name}");
        assert_eq!(name.to_lowercase().parse::<SiguoPost>(), Ok(each), "{name}");
        assert_eq!(SiguoPost::from_index(each.index()), Some(each));
        if let Some((seat, on_arm)) = each.on_arm() {
            assert_eq!(SiguoPost::arm(seat, on_arm), each);
            let bare = on_arm.to_string();
            assert_eq!(SiguoPost::parse_for(&bare, seat), Ok(each), "{bare}");
        }
    }
    assert_eq!(SiguoPost::from_index(POSTS), None);
}

/// A row per spelling: the text, the speaker, and the post it names.
#[test]
fn input_ignores_case_and_separators() {
    let rows = [
        ("SB3", South, "SB3"),
        ("s-b3", West, "SB3"),
        (" s b 3 ", North, "SB3"),
        ("e_a6", South, "EA6"),
        ("B3", South, "SB3"),
        ("b3", East, "EB3"),
        ("E3", North, "NE3"),
        ("X", South, "XC"),
        ("x", East, "XC"),
        ("xc", East, "XC"),
        ("x-se", West, "XSE"),
        ("XNW", South, "XNW"),
    ];
    for (text, speaker, name) in rows {
        let read = SiguoPost::parse_for(text, speaker).map(|p| p.to_string());
        assert_eq!(read.as_deref(), Ok(name), "{text:?} said by {speaker}");
    }
}

/// A row per bad name: the text and the error it gets, which quotes it.
#[test]
fn bad_names_are_refused_with_their_text() {
    use SiguoPostError::*;
    let rows = [
        ("SF3", Column("SF3".into())),
        ("SB7", Row("SB7".into())),
        ("SB0", Row("SB0".into())),
        ("XQ", Centre("XQ".into())),
        ("XSS", Centre("XSS".into())),
        ("B3", NoArm("B3".into())),
        ("QB3", Malformed("QB3".into())),
        ("SB", Malformed("SB".into())),
        ("", Malformed("".into())),
        ("SB33", Malformed("SB33".into())),
        ("SB３", Malformed("SB３".into())),
    ];
    for (text, expected) in rows {
        let error = text.parse::<SiguoPost>().unwrap_err();
        assert_eq!(error, expected, "{text:?}");
        if !text.is_empty() {
            assert!(error.to_string().contains(text), "{error}");
        }
    }
    assert_eq!(
        SiguoPost::parse_for("F3", South),
        Err(SiguoPostError::Column("F3".into()))
    );
}

/// A row per post: where it stands on the grid with South at the bottom.
#[test]
fn the_grid_puts_each_arm_on_its_side() {
    let rows = [
        ("SA1", (6, 16)),
        ("SE1", (10, 16)),
        ("SA6", (6, 11)),
        ("SC6", (8, 11)),
        ("EA1", (16, 10)),
        ("EA6", (11, 10)),
        ("EE6", (11, 6)),
        ("NA6", (10, 5)),
        ("NA1", (10, 0)),
        ("NE6", (6, 5)),
        ("WA6", (5, 6)),
        ("WE6", (5, 10)),
        ("WA1", (0, 6)),
        ("XS", (8, 10)),
        ("XE", (10, 8)),
        ("XN", (8, 6)),
        ("XW", (6, 8)),
        ("XSE", (10, 10)),
        ("XNE", (10, 6)),
        ("XNW", (6, 6)),
        ("XSW", (6, 10)),
        ("XC", (8, 8)),
    ];
    for (name, grid) in rows {
        assert_eq!(post(name).grid(), grid, "{name}");
    }
    let mut seen = std::collections::HashSet::new();
    for each in SiguoPost::all() {
        let (column, row) = each.grid();
        assert!(column < GRID && row < GRID, "{each}");
        assert!(seen.insert((column, row)), "{each} shares its place");
        assert_eq!(geometry::post_at_grid((column, row)), Some(each));
    }
}

/// Column A is on the owner's left as they face the centre, so the corner `XSE` is straight
/// ahead of South's column E and East's column A, and each corner likewise of two arms.
#[test]
fn corners_stand_ahead_of_two_arms_outer_columns() {
    let rows = [
        ("XSE", "SE6", "EA6"),
        ("XNE", "EE6", "NA6"),
        ("XNW", "NE6", "WA6"),
        ("XSW", "WE6", "SA6"),
    ];
    for (corner, first, second) in rows {
        let (cc, cr) = post(corner).grid();
        for arm in [first, second] {
            let (ac, ar) = post(arm).grid();
            assert_eq!(
                ac.abs_diff(cc) + ar.abs_diff(cr),
                1,
                "{arm} next to {corner}"
            );
        }
    }
}

/// Each viewer sees their own arm at the bottom, with their column A on the left.
#[test]
fn rotated_grids_put_the_viewer_at_the_bottom() {
    for viewer in SiguoSeat::ALL {
        for each in SiguoPost::all() {
            let turned = each.rotated_grid(viewer);
            if let Some((seat, on_arm)) = each.on_arm()
                && seat == viewer
            {
                let south = SiguoPost::arm(South, on_arm).grid();
                assert_eq!(turned, south, "{each} seen by {viewer}");
            }
        }
        let ally_front = SiguoPost::parse_for("C6", viewer.ally()).expect("a post");
        assert_eq!(ally_front.rotated_grid(viewer), post("NC6").grid());
        assert_eq!(post("XC").rotated_grid(viewer), (8, 8));
    }
    assert_eq!(post("EA1").rotated_grid(East), (6, 16));
    assert_eq!(post("SA1").rotated_grid(East), (0, 6));
    assert_eq!(post("XSE").rotated_grid(North), (6, 6));
}
