//! The deployment rules of docs/rules.md §10, a row per rule, and the layout notation of §14.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::*;
use crate::game::{Board, Colour, Kind, Piece};

const EXAMPLE: &str = "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4";

fn post(text: &str) -> Post {
    text.parse().expect("test post")
}

fn example() -> Layout {
    EXAMPLE.parse().expect("the example of §14 is valid")
}

#[test]
fn the_example_layout_validates_and_prints_back() {
    let layout = example();
    assert_eq!(layout.to_string(), EXAMPLE);
    assert_eq!(layout.piece(post("B1")), Some(Kind::Flag));
    assert_eq!(layout.piece(post("B4")), Some(Kind::Bomb));
    assert_eq!(layout.piece(post("C6")), Some(Kind::MajorGeneral));
    assert_eq!(layout.piece(post("C4")), None);
    assert_eq!(layout.pieces().count(), 25);
}

/// A row per rule: the layout broken, the rule and the post the error names.
#[test]
fn each_deployment_rule_is_refused_with_its_post() {
    let cases: &[(&str, DeploymentRule, &str)] = &[
        // the flag out of the headquarters (swapped with the mine on C1)
        (
            "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,M,F,M,4",
            DeploymentRule::FlagInHeadquarters,
            "C1",
        ),
        // a mine on row 3 (swapped with the lieutenant on A3)
        (
            "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/M,.,9,.,1/3,2,1,6,3/5,F,M,M,4",
            DeploymentRule::MinesOnLastTwoRows,
            "A3",
        ),
        // a bomb on the front row (swapped with the engineer on B6)
        (
            "6,X,7,2,2/4,.,3,.,5/7,1,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4",
            DeploymentRule::NoBombOnFrontRow,
            "B6",
        ),
        // a piece in the camp C4 (and its post B4 left empty first)
        (
            "6,1,7,2,2/4,.,3,.,5/7,.,X,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4",
            DeploymentRule::WholeArmy,
            "B4",
        ),
        (
            "6,1,7,2,2/4,.,3,.,5/7,X,X,.,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4",
            DeploymentRule::CampsEmpty,
            "C4",
        ),
        // a third bomb in place of the colonel on E5: posts are read from A1 to E6, so the
        // bomb on E5 is the one too many
        (
            "6,1,7,2,2/4,.,3,.,X/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4",
            DeploymentRule::WholeArmy,
            "E5",
        ),
        // an empty post
        (
            "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,.",
            DeploymentRule::WholeArmy,
            "E1",
        ),
    ];
    for &(text, rule, at) in cases {
        match text.parse::<Layout>() {
            Err(LayoutError::Deployment(error)) => {
                assert_eq!(
                    (error.rule(), error.post()),
                    (rule, post(at)),
                    "{text}: {error}"
                );
                assert!(error.to_string().contains(at), "{error}");
            }
            other => panic!("{text}: expected {rule:?} on {at}, got {other:?}"),
        }
    }
}

#[test]
fn malformed_layouts_name_what_is_wrong() {
    let cases: &[(&str, &str)] = &[
        ("", "6 ranks"),
        ("6,1,7,2,2/4,.,3,.,5", "6 ranks"),
        (
            "6,1,7,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4",
            "rank 1 (row 6) has 4 cells",
        ),
        (
            "6,1,7,2,R2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4",
            "E6: unknown code \"R2\"",
        ),
    ];
    for &(text, expected) in cases {
        let error = text.parse::<Layout>().expect_err(text);
        assert!(error.to_string().contains(expected), "{text}: {error}");
    }
}

/// The two refused swaps of docs/rules.md §14, and swaps refused for a camp or the other half.
#[test]
fn swaps_that_break_a_rule_are_refused() {
    let layout = example();
    let breaks = |a: &str, b: &str| match layout.swap(post(a), post(b)) {
        Err(SwapError::Breaks(error)) => (error.rule(), error.post()),
        other => panic!("swap {a} {b}: {other:?}"),
    };
    assert_eq!(
        breaks("B4", "B6"),
        (DeploymentRule::NoBombOnFrontRow, post("B6"))
    );
    assert_eq!(
        breaks("B2", "C5"),
        (DeploymentRule::MinesOnLastTwoRows, post("C5"))
    );
    assert_eq!(
        breaks("B1", "A1"),
        (DeploymentRule::FlagInHeadquarters, post("A1"))
    );
    assert_eq!(
        layout.swap(post("B4"), post("C4")),
        Err(SwapError::Camp(post("C4")))
    );
    let swapped = layout
        .swap(post("B4"), post("A5"))
        .expect("a bomb may stand on row 5");
    assert_eq!(swapped.piece(post("A5")), Some(Kind::Bomb));
    assert_eq!(swapped.piece(post("B4")), Some(Kind::Major));
    assert_eq!(
        layout
            .swap(post("B1"), post("D1"))
            .map(|l| l.piece(post("D1"))),
        Ok(Some(Kind::Flag))
    );

    // On the board Black's B4 (a bomb) is the square D9 and its D1 (a mine) is B12; a square
    // of Red's half is not Black's to swap.
    let black = layout
        .swap_squares(Colour::Black, "D9".parse().unwrap(), "B12".parse().unwrap())
        .expect_err("the mine would stand on row 4");
    assert_eq!(
        black,
        SwapError::Breaks(DeploymentError::MineOutsideLastRows(post("B4")))
    );
    let other = "B6".parse().unwrap();
    assert_eq!(
        layout.swap_squares(Colour::Black, "D9".parse().unwrap(), other),
        Err(SwapError::OtherHalf(other))
    );
}

#[test]
fn a_layout_is_placed_in_its_owner_frame_and_read_back() {
    let layout = example();
    let mut board = Board::empty();
    layout.place(Colour::Red, &mut board);
    layout.place(Colour::Black, &mut board);
    let at = |square: &str| board.piece(square.parse().unwrap());
    assert_eq!(at("B1"), Some(Piece::new(Colour::Red, Kind::Flag)));
    assert_eq!(at("D12"), Some(Piece::new(Colour::Black, Kind::Flag)));
    assert_eq!(at("A6"), Some(Piece::new(Colour::Red, Kind::Brigadier)));
    assert_eq!(at("E7"), Some(Piece::new(Colour::Black, Kind::Brigadier)));
    assert_eq!(board.occupied().len(), 50);
    for owner in Colour::BOTH {
        assert_eq!(Layout::read(owner, &board), Ok(layout));
    }
}

#[test]
fn every_preset_is_a_valid_layout() {
    assert!(PRESETS.len() >= 6);
    for preset in &PRESETS {
        let layout: Layout = preset
            .notation
            .parse()
            .unwrap_or_else(|e| panic!("preset {}: {e}", preset.name));
        assert_eq!(layout.to_string(), preset.notation, "{}", preset.name);
        assert_eq!(Preset::named(&preset.name.to_uppercase()), Some(preset));
    }
    let mut names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), PRESETS.len(), "preset names are distinct");
    assert_eq!(
        Preset::named("classic").map(Preset::layout),
        Some(example())
    );
}

#[test]
fn random_layouts_are_valid_and_vary() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut flags_on_b1 = 0;
    let mut seen = std::collections::HashSet::new();
    for _ in 0..400 {
        let layout = Layout::random(&mut rng);
        assert_eq!(layout.to_string().parse::<Layout>(), Ok(layout));
        flags_on_b1 += usize::from(layout.piece(post("B1")) == Some(Kind::Flag));
        seen.insert(layout);
    }
    assert_eq!(seen.len(), 400);
    assert!(
        (140..260).contains(&flags_on_b1),
        "{flags_on_b1} of 400 flags on B1"
    );
}
