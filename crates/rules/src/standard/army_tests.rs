//! The deployment rules checked against a player's own pieces (docs/rules.md §18): the
//! standard army, and random-deal shares with more mines, no flag or several flags.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::*;
use crate::game::Kind;

fn post(text: &str) -> Post {
    text.parse().expect("test post")
}

/// The example of §14 with its back rows (rank 4, 5 and 6 of the notation) replaced.
fn with_back(row3: &str, row2: &str, row1: &str) -> String {
    format!("6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/{row3}/{row2}/{row1}")
}

/// A row per rule, each layout checked against its own pieces: accepted, or the rule and post.
#[test]
fn each_rule_holds_for_any_army_with_its_post() {
    type Row = (&'static str, String, Option<(DeploymentRule, &'static str)>);
    let rows: Vec<Row> = vec![
        (
            "six mines may use row 3",
            with_back("M,.,9,.,1", "M,M,1,6,M", "5,F,M,M,4"),
            None,
        ),
        (
            "six mines, one on row 4",
            "6,1,7,2,2/4,.,3,.,5/M,X,.,X,8/7,.,9,.,1/M,M,1,6,M/5,F,M,M,4".into(),
            Some((DeploymentRule::MinesOnLastTwoRows, "A4")),
        ),
        (
            "five mines stay on rows 1-2",
            with_back("M,.,9,.,1", "3,M,1,6,M", "5,F,M,M,4"),
            Some((DeploymentRule::MinesOnLastTwoRows, "A3")),
        ),
        (
            "no flag: any two pieces hold the headquarters",
            with_back("2,.,9,.,1", "3,M,1,6,3", "5,2,M,M,4"),
            None,
        ),
        (
            "two flags: one in a headquarters, the other anywhere",
            with_back("2,.,9,.,1", "3,M,1,6,3", "F,F,M,M,4"),
            None,
        ),
        (
            "two flags: one in each headquarters",
            with_back("2,.,9,.,1", "3,M,1,6,3", "5,F,M,F,4"),
            None,
        ),
        (
            "two flags, neither in a headquarters",
            with_back("2,.,9,.,1", "3,M,1,6,3", "F,5,M,M,F"),
            Some((DeploymentRule::FlagInHeadquarters, "A1")),
        ),
        (
            "three flags on the front row, one in a headquarters",
            "F,1,7,F,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4".into(),
            None,
        ),
        (
            "a bomb on the front row of any army",
            "X,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4".into(),
            Some((DeploymentRule::NoBombOnFrontRow, "A6")),
        ),
        (
            "a piece in a camp",
            "6,1,7,2,2/4,.,3,.,5/7,.,.,X,8/2,X,9,.,1/3,M,1,6,3/5,F,M,M,4".into(),
            Some((DeploymentRule::CampsEmpty, "B3")),
        ),
    ];
    for (rule, text, expected) in rows {
        let read = Layout::parse_any_army(&text);
        match expected {
            None => {
                let layout = read.unwrap_or_else(|e| panic!("{rule}: {e}"));
                assert_eq!(layout.to_string(), text, "{rule}");
                assert_eq!(layout.army().layout(*layout.cells()), Ok(layout), "{rule}");
            }
            Some((broken, at)) => {
                let Err(LayoutError::Deployment(error)) = read else {
                    panic!("{rule}: {read:?}");
                };
                assert_eq!((error.rule(), error.post()), (broken, post(at)), "{rule}");
            }
        }
    }
}

#[test]
fn a_layout_must_deploy_exactly_the_players_pieces() {
    let six_mines = with_back("M,.,9,.,1", "M,M,1,6,M", "5,F,M,M,4");
    let share = Layout::parse_any_army(&six_mines).expect("valid").army();
    assert_eq!(share.count(Kind::Landmine), 6);
    assert_eq!(share.mine_rows(), 3);
    let refused = Army::STANDARD.parse(&six_mines).unwrap_err();
    assert_eq!(
        refused,
        LayoutError::Deployment(DeploymentError::TooMany {
            post: post("B2"),
            kind: Kind::Landmine,
            allowed: 3
        })
    );
    let classic = Preset::named("classic").expect("preset").layout();
    let swapped = share.parse(&classic.to_string()).unwrap_err();
    assert!(matches!(
        swapped,
        LayoutError::Deployment(DeploymentError::TooMany { .. })
    ));
    assert_eq!(classic.army(), Army::STANDARD);
    assert_eq!(Army::STANDARD.len(), 25);
    // Swaps follow the army's rules: a sixth mine may go to row 3, not to row 4.
    let layout = share.parse(&six_mines).expect("valid");
    assert!(share.swap(&layout, post("A3"), post("C3")).is_ok());
    assert_eq!(
        share.swap(&layout, post("A3"), post("A4")),
        Err(SwapError::Breaks(
            DeploymentError::MineOutsideLastThreeRows(post("A4"))
        ))
    );
    assert_eq!(
        share.swap(&layout, post("B3"), post("A4")),
        Err(SwapError::Camp(post("B3")))
    );
    assert_eq!(format!("{share:?}"), "Army(25 pieces)");
}

#[test]
fn random_layouts_obey_the_rules_of_every_deployable_army() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for seed in 0..60 {
        for army in crate::siguo::deal_shares(seed, 0).0 {
            let layout = army
                .random_layout(&mut rng)
                .expect("a deal's share deploys");
            assert_eq!(layout.army(), army);
            assert_eq!(army.layout(*layout.cells()), Ok(layout));
        }
    }
    let standard = Army::STANDARD.random_layout(&mut rng).expect("standard");
    assert_eq!(Layout::new(*standard.cells()), Ok(standard));
    // Every mine and every bomb with a flag: 21 pieces for the 20 posts behind the front row.
    let crowded = Army::of(
        [
            (Kind::Landmine, 12),
            (Kind::Bomb, 8),
            (Kind::Flag, 1),
            (Kind::Engineer, 4),
        ]
        .into_iter()
        .flat_map(|(kind, n)| std::iter::repeat_n(kind, n)),
    );
    assert_eq!(crowded.len(), 25);
    assert!(!crowded.can_deploy());
    assert_eq!(crowded.random_layout(&mut rng), None);
    assert_eq!(crowded.strongest(), Some(Kind::Engineer));
}
