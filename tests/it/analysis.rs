//! Post-game analysis (`/analyse`): the estimate is made from the public view only, so twin
//! deals (the same public history, different face-down pieces) give byte-identical charts;
//! the series ends at the result; the service answers "analysing…", then the chart, then
//! serves the stored series; bad requests are refused privately.

use junqi::ai::{Level, SearchBudget, choose_action_with};
use junqi::analysis::{self, estimate};
use junqi::config::Language;
use junqi::game::{Action, Cell, Deal, Game, Outcome, PublicView, Rules, Seat, deal};
use junqi::service::{AnalysedGame, analysis_media_of_views};
use junqi::store::StoredAnalysis;

/// Search nodes per estimate here: the tests run unoptimised, the service uses more.
const NODES: u64 = 600;

/// Plays `actions` actions on `game` with the AI choosing from the public view only.
fn play(game: &mut Game, actions: usize) -> Vec<Action> {
    let mut played = Vec::new();
    let never = |_: Action| false;
    while game.outcome().is_none() && played.len() < actions {
        let seat = game.to_act();
        let view = game.view();
        let seed = u64::from(game.plies());
        let report = choose_action_with(
            &view,
            seat,
            Level::Normal,
            seed,
            SearchBudget::Nodes(300),
            &never,
        )
        .expect("an action");
        game.act(seat, report.action).expect("legal");
        played.push(report.action);
    }
    played
}

/// The deal of `seed` with the pieces of `face_down` (squares never flipped) rotated among
/// themselves: a different deal with the same public history.
fn twin(original: &Deal, face_down: &[junqi::Square]) -> Deal {
    let mut board = original.board.clone();
    for (index, square) in face_down.iter().enumerate() {
        let from = face_down[(index + 1) % face_down.len()];
        board.set(*square, original.board.cell(from));
    }
    Deal {
        board,
        first: original.first,
    }
}

fn chart(views: &[PublicView], outcome: Outcome<Seat>) -> (Vec<String>, Vec<u8>) {
    let series = analysis::series_of_views(views, &outcome, NODES);
    let stored = StoredAnalysis {
        game: 1,
        estimator: analysis::ESTIMATOR_VERSION,
        chances: series.chances,
        end: series.end,
    };
    let names = ["alice".to_string(), "bob".to_string()];
    let game = AnalysedGame {
        id: 1,
        names: &names,
        outcome,
    };
    let media = analysis_media_of_views(&game, views, &stored, Language::English).expect("drawn");
    (media.lines, media.png)
}

#[test]
fn twin_deals_give_byte_identical_charts() {
    let original = deal(11);
    let mut a = Game::from_deal(original.clone(), Rules::default());
    let mut views_a = vec![a.view()];
    let actions = {
        let mut actions = Vec::new();
        for _ in 0..40 {
            actions.extend(play(&mut a, 1));
            views_a.push(a.view());
        }
        actions
    };
    let seat = a.to_act();
    a.abandon(seat).expect("abandons");
    let outcome_a = a.outcome().expect("over");
    // The twin: every piece never flipped moved to another never-flipped square.
    let face_down: Vec<junqi::Square> = junqi::Square::all()
        .filter(|square| matches!(original.board.cell(*square), Cell::FaceDown(_)))
        .filter(|square| {
            views_a
                .last()
                .is_some_and(|v| v.cell(*square) == junqi::game::PublicCell::FaceDown)
        })
        .collect();
    let other = twin(&original, &face_down);
    assert_ne!(
        other.board, original.board,
        "the twin deal differs face down"
    );
    let mut b = Game::from_deal(other, Rules::default());
    let mut views_b = vec![b.view()];
    for action in &actions {
        b.act(b.to_act(), *action)
            .expect("the same actions are legal");
        views_b.push(b.view());
    }
    b.abandon(b.to_act()).expect("abandons");
    assert_eq!(views_a, views_b, "the same public history");
    let (lines_a, png_a) = chart(&views_a, outcome_a);
    let (lines_b, png_b) = chart(&views_b, b.outcome().expect("over"));
    assert_eq!(lines_a, lines_b);
    assert!(png_a == png_b, "the two charts differ");
    assert!(lines_a[0].starts_with("Analysis of game #1"), "{lines_a:?}");
}

#[test]
fn the_series_ends_at_the_result() {
    let mut game = Game::new(5, Rules::default());
    let mut views = vec![game.view()];
    for _ in 0..12 {
        play(&mut game, 1);
        views.push(game.view());
    }
    let loser = game.to_act();
    game.abandon(loser).expect("abandons");
    let outcome = game.outcome().expect("over");
    let series = analysis::series_of_views(&views, &outcome, NODES);
    assert_eq!(series.chances.len(), 13);
    assert_eq!(
        series.chances[0],
        estimate::EVEN,
        "nothing is known at the start"
    );
    let expected = if loser == Seat::First {
        0
    } else {
        estimate::WHOLE
    };
    assert_eq!(series.end, expected);
    assert!(
        series
            .chances
            .iter()
            .all(|chance| *chance <= estimate::WHOLE)
    );
}

#[test]
fn a_won_game_ends_at_one_hundred_percent() {
    // A whole game between the AIs: the last action ends it, so the last point is the result.
    let mut game = Game::new(21, Rules::default());
    play(&mut game, 400);
    let record = game.record().clone();
    let (views, outcome) = analysis::public_history(&record).expect("replays");
    let series = analysis::series_of_views(&views, &outcome, 200);
    let last = *series.chances.last().expect("points");
    match outcome.winner() {
        Some(Seat::First) => assert_eq!(last, 1000),
        Some(Seat::Second) => assert_eq!(last, 0),
        None => assert_eq!(last, 500),
    }
    assert_eq!(last, series.end);
}
