//! The standings image of a finished tournament against its goldens (tests/golden/standings*.png,
//! refresh with UPDATE_GOLDEN=1 and look at them before committing): place, name, score, games
//! and the streak mark, in the board's style and each language.

use junqi::config::Language;
use junqi::render::{StandingRow, render_standings};
use junqi::words::tournament::image_labels;

use crate::render::check_golden;

fn rows() -> Vec<StandingRow> {
    let row = |place, name: &str, score, games, streak| StandingRow {
        place,
        name: name.to_string(),
        score,
        games,
        streak,
    };
    vec![
        row(1, "alice", 8, 4, false),
        row(2, "carol", 5, 3, true),
        row(3, "bob", 2, 4, false),
        row(4, "dave", 1, 3, false),
        row(5, "王小明", 0, 1, false),
    ]
}

#[test]
fn golden_standings_in_every_language() {
    for (language, name) in [
        (Language::English, "standings"),
        (Language::ZhHans, "standings_zh_hans"),
        (Language::ZhHant, "standings_zh_hant"),
    ] {
        let png = render_standings(&rows(), &image_labels(language, 1), language)
            .expect("the standings render");
        assert_eq!(junqi::render::language_of_image(&png), Some(language));
        check_golden(name, &png);
    }
}

#[test]
fn a_long_tournament_draws_its_top_rows_only() {
    let many: Vec<StandingRow> = (1..=40)
        .map(|place| StandingRow {
            place,
            name: format!("player{place}"),
            score: 100 - place as u32,
            games: 3,
            streak: place % 3 == 0,
        })
        .collect();
    let png = render_standings(
        &many,
        &image_labels(Language::English, 2),
        Language::English,
    )
    .expect("renders");
    let image = image::load_from_memory(&png).expect("decodes");
    let few = render_standings(
        &many[..junqi::render::MAX_STANDINGS_ROWS],
        &image_labels(Language::English, 2),
        Language::English,
    )
    .expect("renders");
    let few = image::load_from_memory(&few).expect("decodes");
    assert_eq!((image.width(), image.height()), (few.width(), few.height()));
}
