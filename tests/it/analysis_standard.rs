//! `/analyse` of the standard games: in 暗棋 the estimate reads only what everyone had been
//! shown, so two games whose layouts differ only in pieces never shown give the same series,
//! the same swing lines and the same chart byte for byte; the series follows the game to its
//! result; and a game that ended while its players deployed has nothing to analyse.

use junqi::ai::standard::{belief_of, choose_standard};
use junqi::ai::{Level, SearchBudget};
use junqi::analysis::{self, AnalysisError, standard};
use junqi::config::Language;
use junqi::game::{Action, GameRecord, Outcome, Rules, Seat, StandardOptions};
use junqi::service::{AnalysedGame, analysis_media_of_views};
use junqi::standard::{Layout, Post, Preset, StandardRound};
use junqi::store::StoredAnalysis;
use junqi::{Kind, Square};

/// Search nodes per estimate here: the tests run unoptimised, the service uses more.
const NODES: u64 = 1_500;

fn dark() -> StandardOptions {
    StandardOptions::default()
}

/// A game from `layouts` (seat First plays Red) in its play phase.
fn round_of(layouts: [Layout; 2], options: StandardOptions) -> StandardRound {
    let mut round = StandardRound::new(Seat::First, options, Rules::default());
    for (seat, layout) in Seat::BOTH.into_iter().zip(layouts) {
        round.set_draft(seat, layout).expect("a draft");
        round.confirm(seat).expect("ready");
    }
    round
}

fn act(round: &mut StandardRound, action: Action) {
    let checked = round.check(round.to_act(), action).expect("legal");
    round.play(checked).expect("played");
}

/// Plays up to `moves` moves, each seat's AI choosing from what its seat was shown.
fn play(round: &mut StandardRound, moves: usize) -> Vec<Action> {
    let mut played = Vec::new();
    let never = |_: Action| false;
    while round.outcome().is_none() && played.len() < moves {
        let seat = round.to_act();
        let belief = belief_of(round, seat).expect("playing");
        let seed = u64::from(round.plies());
        let budget = SearchBudget::Nodes(400);
        let rules = Rules::default();
        let report =
            choose_standard(&belief, rules, Level::Normal, seed, budget, &never).expect("a move");
        act(round, report.action);
        played.push(report.action);
    }
    played
}

/// `layout` (of `colour`) with the pieces that stood on `untouched` squares shuffled among
/// themselves by every valid swap of neighbours in a pass (the flag stays: it is shown when a
/// marshal falls). A peeking estimate would see the strong pieces move.
fn twin(layout: Layout, colour: junqi::Colour, untouched: &[Square]) -> Layout {
    let posts: Vec<Post> = untouched
        .iter()
        .filter_map(|square| Post::of_square(colour, *square))
        .filter(|post| layout.piece(*post).is_some_and(|kind| kind != Kind::Flag))
        .collect();
    let mut shuffled = layout;
    for pair in posts.windows(2) {
        if let Ok(swapped) = shuffled.swap(pair[0], pair[1]) {
            shuffled = swapped;
        }
    }
    shuffled
}

fn chart(record: &GameRecord) -> (Vec<u16>, Vec<String>, Vec<u8>) {
    let (frames, outcome) = analysis::standard_history(record).expect("a finished game");
    let series = standard::series_of_frames(&frames, record.rules, &outcome, NODES);
    let stored = StoredAnalysis {
        game: 1,
        estimator: analysis::ESTIMATOR_VERSION,
        chances: series.chances.clone(),
        end: series.end,
    };
    let names = ["alice".to_string(), "bob".to_string()];
    let game = AnalysedGame {
        id: 1,
        names: &names,
        outcome,
    };
    let (views, _) = analysis::public_history(record).expect("replays");
    let media = analysis_media_of_views(&game, &views, &stored, Language::English).expect("drawn");
    (series.chances, media.lines, media.png)
}

#[test]
fn dark_games_differing_only_in_unshown_pieces_give_byte_identical_charts() {
    let red = Preset::named("classic").expect("a preset").layout();
    let black = junqi::standard::PRESETS[1].layout();
    let mut a = round_of([red, black], dark());
    let actions = play(&mut a, 40);
    assert_eq!(actions.len(), 40, "the game goes on for 40 moves");
    let touched: Vec<Square> = actions
        .iter()
        .flat_map(|action| {
            let (from, to) = action.squares();
            [from, to]
        })
        .collect();
    let untouched: Vec<Square> = Square::all()
        .filter(|square| !touched.contains(square))
        .collect();
    let red_twin = twin(red, junqi::Colour::Red, &untouched);
    let black_twin = twin(black, junqi::Colour::Black, &untouched);
    let moved = |a: Layout, b: Layout| a.pieces().zip(b.pieces()).filter(|(x, y)| x != y).count();
    assert!(moved(red, red_twin) >= 4, "{red} and {red_twin}");
    assert!(moved(black, black_twin) >= 4, "{black} and {black_twin}");
    let mut b = round_of([red_twin, black_twin], dark());
    for action in &actions {
        act(&mut b, *action);
    }
    for round in [&mut a, &mut b] {
        let seat = round.to_act();
        round.abandon(seat).expect("abandons");
    }
    let (chances_a, lines_a, png_a) = chart(a.record());
    let (chances_b, lines_b, png_b) = chart(b.record());
    assert_eq!(chances_a.len(), 41, "the start and every move");
    assert!(
        chances_a.windows(2).any(|pair| pair[0] != pair[1]),
        "the estimate moves: {chances_a:?}"
    );
    assert_eq!(chances_a, chances_b);
    assert_eq!(lines_a, lines_b);
    assert!(png_a == png_b, "the two charts differ");
    assert!(lines_a[0].starts_with("Analysis of game #1"), "{lines_a:?}");
    // The swings word moves as the referee does: no rank of a piece never shown.
    for line in &lines_a[2..] {
        for kind in ["Lieutenant", "Captain", "Major", "Colonel", "Engineer"] {
            assert!(!line.contains(kind), "{line}");
        }
    }
}

#[test]
fn a_whole_game_ends_at_its_result() {
    for options in [
        dark(),
        StandardOptions {
            open: true,
            ..dark()
        },
    ] {
        let classic = Preset::named("classic").expect("a preset").layout();
        let mut round = round_of([classic, classic], options);
        play(&mut round, 400);
        let outcome = round.outcome().expect("the AIs finish the game");
        let record = round.record().clone();
        let (frames, _) = analysis::standard_history(&record).expect("replays");
        let series = standard::series_of_frames(&frames, record.rules, &outcome, 300);
        assert_eq!(series.chances.len(), round.plies() as usize + 1);
        let last = *series.chances.last().expect("points");
        let expected = match outcome {
            Outcome::Win {
                winner: Seat::First,
                ..
            } => 1000,
            Outcome::Win { .. } => 0,
            Outcome::Draw(_) => 500,
        };
        assert_eq!((last, series.end), (expected, expected), "{outcome:?}");
    }
}

#[test]
fn a_game_ended_while_deploying_has_nothing_to_analyse() {
    let mut round = StandardRound::new(Seat::First, dark(), Rules::default());
    round.abandon(Seat::Second).expect("abandons");
    assert!(!analysis::was_played(round.record()));
    assert!(matches!(
        analysis::analyse(round.record()),
        Err(AnalysisError::NeverPlayed)
    ));
}
