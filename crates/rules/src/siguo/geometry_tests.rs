//! The four-country board's geometry against docs/rules.md §15: the counts, a row per kind of
//! connection, the 18 lines, slides and engineer paths, and properties every connection and
//! line keeps.

use proptest::prelude::*;

use super::geometry::*;
use super::*;
use crate::game::geometry::Connection::{self, Railway, Road};

fn post(text: &str) -> SiguoPost {
    text.parse()
        .unwrap_or_else(|e| panic!("test post {text}: {e}"))
}

fn names(set: PostSet) -> Vec<String> {
    let mut names: Vec<String> = set.into_iter().map(|p| p.to_string()).collect();
    names.sort();
    names
}

#[test]
fn counts_match_the_rules() {
    let all = connections();
    let railways = all.iter().filter(|c| c.2 == Railway).count();
    let roads = all.iter().filter(|c| c.2 == Road).count();
    let counts = [
        ("posts", SiguoPost::all().count(), 129),
        ("camps", CAMPS.len(), 20),
        ("headquarters", HEADQUARTERS.len(), 8),
        ("railway posts", RAILWAY.len(), 73),
        ("connections", all.len(), 288),
        ("railway connections", railways, 92),
        ("road connections", roads, 196),
        ("straight lines", lines().len(), 18),
    ];
    for (what, got, expected) in counts {
        assert_eq!(got, expected, "{what}");
    }
    assert!(!CAMPS.intersects(HEADQUARTERS) && !CAMPS.intersects(RAILWAY));
}

/// A row per kind of connection: two posts and how they are connected, if at all.
#[test]
fn connections_by_kind() {
    let rows: &[(&str, &str, &str, Option<Connection>)] = &[
        ("arc", "SE6", "EA6", Some(Railway)),
        ("arc", "EE6", "NA6", Some(Railway)),
        ("arc", "NE6", "WA6", Some(Railway)),
        ("arc", "WE6", "SA6", Some(Railway)),
        ("no arc backwards", "SA6", "EE6", None),
        ("A6 to the centre", "SA6", "XSW", Some(Railway)),
        ("C6 to the centre", "SC6", "XS", Some(Railway)),
        ("E6 to the centre", "SE6", "XSE", Some(Railway)),
        ("East's A6 to the centre", "EA6", "XSE", Some(Railway)),
        ("North's C6 to the centre", "NC6", "XN", Some(Railway)),
        ("West's E6 to the centre", "WE6", "XSW", Some(Railway)),
        ("B6 not to the centre", "SB6", "XS", None),
        ("B6 not to the corner", "SB6", "XSW", None),
        ("D6 not to the centre", "ED6", "XE", None),
        ("centre side", "XSW", "XS", Some(Railway)),
        ("centre middle", "XS", "XC", Some(Railway)),
        ("no centre diagonal", "XSW", "XC", None),
        ("no centre jump", "XSW", "XSE", None),
        ("railway row", "SA2", "SB2", Some(Railway)),
        ("railway column", "NE3", "NE4", Some(Railway)),
        ("road", "SB1", "SB2", Some(Road)),
        ("road into the front row", "SB5", "SB6", Some(Road)),
        ("camp diagonal", "SB3", "SA2", Some(Road)),
        ("camp diagonal", "SC4", "SD5", Some(Road)),
        ("camp diagonal", "WD5", "WE6", Some(Road)),
        ("camp diagonal", "ED3", "EE2", Some(Road)),
        ("no diagonal off camps", "SC3", "SD4", None),
        ("no diagonal off camps", "SA2", "SB1", None),
        ("across arms", "SA6", "WE5", None),
        ("across arms", "SA1", "WE1", None),
        ("across arms", "SE6", "EB6", None),
        ("across arms", "SC6", "NC6", None),
        ("front corner to next arm", "SA6", "WE6", Some(Railway)),
    ];
    for &(rule, a, b, expected) in rows {
        assert_eq!(connection(post(a), post(b)), expected, "{rule}: {a}–{b}");
        assert_eq!(connection(post(b), post(a)), expected, "{rule}: {b}–{a}");
    }
}

/// The lines named in docs/rules.md §15, each found among the 18 (in one direction or the
/// other).
#[test]
fn the_lines_of_the_rules() {
    let rows = [
        "SA2 SA3 SA4 SA5 SA6 XSW XW XNW NE6 NE5 NE4 NE3 NE2",
        "SE2 SE3 SE4 SE5 SE6 XSE XE XNE NA6 NA5 NA4 NA3 NA2",
        "EA2 EA3 EA4 EA5 EA6 XSE XS XSW WE6 WE5 WE4 WE3 WE2",
        "SC6 XS XC XN NC6",
        "EC6 XE XC XW WC6",
        "SE2 SE3 SE4 SE5 SE6 EA6 EA5 EA4 EA3 EA2",
        "WE2 WE3 WE4 WE5 WE6 SA6 SA5 SA4 SA3 SA2",
        "SA6 SB6 SC6 SD6 SE6",
        "NA2 NB2 NC2 ND2 NE2",
    ];
    let written: Vec<Vec<String>> = lines()
        .iter()
        .map(|line| line.iter().map(|p| p.to_string()).collect())
        .collect();
    for row in rows {
        let mut line: Vec<String> = row.split(' ').map(String::from).collect();
        let found = written.contains(&line) || {
            line.reverse();
            written.contains(&line)
        };
        assert!(found, "{row} is not one of the lines");
    }
    let lengths: Vec<usize> = {
        let mut lengths: Vec<usize> = lines().iter().map(Vec::len).collect();
        lengths.sort();
        lengths
    };
    let mut expected = vec![5; 10];
    expected.extend([10; 4]);
    expected.extend([13; 4]);
    assert_eq!(
        lengths, expected,
        "8 rows and 2 middle lines, 4 arc lines, 4 long lines"
    );
}

/// The pieces on the board, the mover, whether it is an engineer, and where it may go.
type ReachCase<'a> = (&'a str, &'a [&'a str], &'a str, bool, &'a str);

/// A row per movement rule: slides stop at the first piece, which they may reach; a slide
/// follows one line only (round an arc, never round a right angle); an engineer turns
/// anywhere on the railway.
#[test]
fn slides_and_engineer_paths() {
    let rows: &[ReachCase] = &[
        ("a road post steps only", &[], "SB1", false, "SA1 SB2 SC1"),
        (
            "a camp steps eight ways",
            &[],
            "SC4",
            false,
            "SB3 SB4 SB5 SC3 SC5 SD3 SD4 SD5",
        ),
        (
            "a slide along row 2 stops at a piece",
            &["SD2"],
            "SA2",
            false,
            "SA1 SA3 SA4 SA5 SA6 SB2 SB3 SC2 SD2 WE2 WE3 WE4 WE5 WE6 XNW XSW XW NE2 NE3 NE4 NE5 NE6",
        ),
        (
            "the front row, the centre line and the arc line from A6",
            &["SA4", "XW", "WE4", "SC6"],
            "SA6",
            false,
            "SA5 SA4 SB5 SB6 SC6 XSW XW WE6 WE5 WE4",
        ),
        (
            "round the arc but no turn into the next front row",
            &["EA3"],
            "SE5",
            false,
            "SD5 SE2 SE3 SE4 SE6 EA6 EA5 EA4 EA3 XSE XE XNE NA6 NA5 NA4 NA3 NA2",
        ),
        (
            "through the middle of the centre",
            &["NC6"],
            "SC6",
            false,
            "SA6 SB6 SD6 SE6 SB5 SD5 SC5 XS XC XN NC6",
        ),
        (
            "no turn in the centre without an engineer",
            &["XW", "XE", "XNW", "XNE", "XSE", "XSW", "NC6"],
            "XS",
            false,
            "SC6 XC XN NC6 XSE XSW",
        ),
        (
            "an engineer turns through the centre",
            &["XW", "XN", "XE", "XSE", "WE6", "SC6", "SB2"],
            "SA2",
            true,
            "SA1 SA3 SA4 SA5 SA6 SB2 SB3 SB6 SC6 XSW XS XC XE XN XW XSE WE6",
        ),
        (
            "a piece off the railway only steps",
            &["SD1"],
            "SC1",
            true,
            "SB1 SD1 SC2",
        ),
    ];
    for &(rule, occupied, from, engineer, expected) in rows {
        let occupied: PostSet = occupied.iter().map(|p| post(p)).collect();
        let got = names(reach(occupied, post(from), engineer));
        let mut expected: Vec<String> = expected.split(' ').map(String::from).collect();
        expected.sort();
        assert_eq!(got, expected, "{rule}");
    }
}

#[test]
fn camps_headquarters_and_railways_of_every_arm() {
    for seat in SiguoSeat::ALL {
        for (name, set) in [
            ("B3", CAMPS),
            ("D3", CAMPS),
            ("C4", CAMPS),
            ("B5", CAMPS),
            ("D5", CAMPS),
            ("B1", HEADQUARTERS),
            ("D1", HEADQUARTERS),
            ("A2", RAILWAY),
            ("E4", RAILWAY),
            ("C6", RAILWAY),
        ] {
            let each = SiguoPost::parse_for(name, seat).expect("a post");
            assert!(set.contains(each), "{each}");
        }
        for name in ["C3", "B4", "A1", "C1"] {
            let each = SiguoPost::parse_for(name, seat).expect("a post");
            assert!(!RAILWAY.contains(each) && !CAMPS.contains(each), "{each}");
        }
    }
}

#[test]
fn connections_are_symmetric_and_lines_are_railway_paths() {
    for a in SiguoPost::all() {
        for b in neighbours(a) {
            assert!(neighbours(b).contains(a), "{a}-{b}");
            assert_ne!(a, b);
        }
        for b in rail_neighbours(a) {
            assert!(rail_neighbours(b).contains(a), "{a}={b}");
            assert!(neighbours(a).contains(b));
        }
    }
    let mut on_lines = std::collections::HashSet::new();
    for line in lines() {
        for pair in line.windows(2) {
            assert_eq!(connection(pair[0], pair[1]), Some(Railway), "{line:?}");
            on_lines.insert((pair[0].min(pair[1]), pair[0].max(pair[1])));
        }
    }
    let railways = connections().into_iter().filter(|c| c.2 == Railway).count();
    assert_eq!(on_lines.len(), railways, "every railway lies on a line");
}

fn any_post() -> impl Strategy<Value = SiguoPost> {
    (0..POSTS).prop_map(|index| SiguoPost::from_index(index).expect("in range"))
}

proptest! {
    /// Moves are symmetric: `to` is in the reach of `from` exactly when `from` is in the reach
    /// of `to`, with the same other posts occupied; and a reach only ever holds connected or
    /// railway-reachable posts.
    #[test]
    fn reach_is_symmetric(
        occupied in proptest::collection::vec(any_post(), 0..60),
        from in any_post(),
        to in any_post(),
        engineer in any::<bool>(),
    ) {
        let mut occupied: PostSet = occupied.into_iter().collect();
        occupied.remove(from);
        occupied.remove(to);
        let there = reach(occupied, from, engineer).contains(to);
        let back = reach(occupied, to, engineer).contains(from);
        prop_assert_eq!(there, back, "{} and {}", from, to);
        prop_assert!(!reach(occupied, from, engineer).contains(from));
    }
}
