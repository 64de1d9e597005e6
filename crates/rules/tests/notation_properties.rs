//! Property tests of every notation parser of the rules (issues 48 and 49): arbitrary text
//! never panics a parser, and what the rules print reads back to itself. The flip game's
//! positions, public positions, actions, outcomes and record files, and the standard games'
//! layouts, positions, views, verdicts and records; and no view of a standard game holds an
//! identity its viewer was not shown.

use junqi_rules::game::{
    Action, Colour, Game, Outcome, Position, PublicPosition, Rules, Seat, Square, StandardOptions,
    StandardRule, Variant, check_record_file, write_record_file,
};
use junqi_rules::standard::{
    Layout, Post, StandardGame, StandardPosition, StandardRecord, StandardView, Verdict, ViewCell,
    Viewer,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// A flip game from `seed`, played with the `choices` among the legal actions.
fn flip_game(seed: u64, choices: &[u16]) -> Game {
    let mut game = Game::new(seed, Rules::default());
    for &choice in choices {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_actions();
        let action = legal[usize::from(choice) % legal.len()];
        game.act(game.to_act(), action)
            .expect("a listed action is legal");
    }
    game
}

/// A standard game between two random layouts from `seed`, played with `choices`.
fn standard_game(seed: u64, options: StandardOptions, choices: &[u16]) -> StandardGame {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let red = Layout::random(&mut rng);
    let black = Layout::random(&mut rng);
    let mut game = StandardGame::new(red, black, options, Rules::default());
    for &choice in choices {
        let legal = game.legal_actions();
        let Some(&action) = legal.get(usize::from(choice) % legal.len().max(1)) else {
            break;
        };
        game.act(game.to_act(), action)
            .expect("a listed move is legal");
    }
    game
}

fn options() -> impl Strategy<Value = StandardOptions> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(mine, scouts, open)| {
        let mut options = StandardOptions {
            open,
            ..StandardOptions::default()
        };
        if mine {
            options = options.with(StandardRule::MineSurvives);
        }
        if scouts {
            options = options.with(StandardRule::EngineerScouts);
        }
        options
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Every parser answers any text with a value or an error.
    #[test]
    fn parsers_never_panic_on_any_text(text in "\\PC{0,300}") {
        let _ = text.parse::<Outcome<Colour>>();
        let _ = check_record_file(&text);
        let _ = text.parse::<Layout>();
        let _ = text.parse::<Post>();
        let _ = text.parse::<StandardPosition>();
        let _ = text.parse::<StandardView>();
        let _ = text.parse::<StandardRecord>();
        let _ = text.parse::<Verdict>();
        let _ = text.parse::<Variant>();
        let _ = text.parse::<StandardRule>();
    }

    /// Text shaped like the notations, where the parsers' edge cases are.
    #[test]
    fn notation_shaped_text_never_panics(
        cells in prop::collection::vec("(\\.|\\?|[RB]\\?|\\?[RB][0-9XMF]|[RB][0-9XMF]|[0-9XMF]|R10|)", 25..70),
        turn in "[RB\\-X]",
        counters in "( [0-9]{1,6}){0,3}",
        lines in prop::collection::vec("(move [A-F][0-9]{1,2} [A-F][0-9]{1,2}|flip [A-E][0-9]{1,2}|timeout|#.*|rule [a-z_]{0,16}|red .{0,60}|black .{0,60})( # .{0,20})?", 0..12),
    ) {
        let mut board = String::new();
        for (i, cell) in cells.iter().enumerate() {
            board.push_str(cell);
            board.push(if i % 5 == 4 { '/' } else { ',' });
        }
        board.pop();
        let line = format!("{board} {turn}{counters}");
        let _ = line.parse::<Position>();
        let _ = line.parse::<PublicPosition>();
        let _ = line.parse::<StandardPosition>();
        let _ = line.parse::<StandardView>();
        let _ = board.parse::<Layout>();
        let body = lines.join("\n");
        let _ = check_record_file(&format!("{line}\n{body}"));
        let _ = format!("variant standard\n{body}").parse::<StandardRecord>();
    }

    /// Every action and outcome prints and reads back to itself.
    #[test]
    fn actions_and_outcomes_read_what_they_print(from in 0usize..60, to in 0usize..60, winner in any::<bool>(), reason in 0usize..10) {
        let (from, to) = (Square::from_index(from).expect("square"), Square::from_index(to).expect("square"));
        for action in [Action::Flip(from), Action::Move { from, to }] {
            prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
        let colour = if winner { Colour::Red } else { Colour::Black };
        let outcome = match reason {
            0..=5 => Outcome::Win { winner: colour, reason: junqi_rules::game::WinReason::ALL[reason] },
            _ => Outcome::Draw(junqi_rules::game::DrawReason::ALL[reason - 6]),
        };
        prop_assert_eq!(outcome.to_string().parse::<Outcome<Colour>>(), Ok(outcome));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// A finished flip game's record file checks back to its final position.
    #[test]
    fn flip_record_files_check_back(seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 0..300)) {
        let mut game = flip_game(seed, &choices);
        if game.outcome().is_none() {
            game.abandon(Seat::First).expect("an ongoing game can be abandoned");
        }
        let names = ["a".to_string(), "b".to_string()];
        let text = write_record_file(game.record(), &names, "a property").expect("a finished game writes");
        let (position, _) = check_record_file(&text).expect("its record file checks");
        if let Some(final_position) = game.position() {
            prop_assert_eq!(position.to_string(), final_position.to_string());
        }
        // One line more or less in the middle never panics the checker.
        let mut lines: Vec<&str> = text.lines().collect();
        if lines.len() > 3 {
            lines.remove(lines.len() / 2);
        }
        let _ = check_record_file(&lines.join("\n"));
    }

    /// A random layout is always valid, and prints and reads back to itself.
    #[test]
    fn random_layouts_validate_and_read_back(seed in any::<u64>()) {
        let layout = Layout::random(&mut ChaCha8Rng::seed_from_u64(seed));
        prop_assert_eq!(layout.to_string().parse::<Layout>(), Ok(layout));
        prop_assert_eq!(layout.pieces().count(), 25);
    }

    /// Standard positions, views and records read back to themselves all game long, the game
    /// replays from its record, and a view shows an identity only to whom it was shown.
    #[test]
    fn standard_games_read_back_and_views_hide_what_is_unshown(
        seed in any::<u64>(),
        options in options(),
        choices in prop::collection::vec(any::<u16>(), 0..300),
    ) {
        let mut game = standard_game(seed, options, &[]);
        for &choice in &choices {
            let legal = game.legal_actions();
            let Some(&action) = legal.get(usize::from(choice) % legal.len().max(1)) else {
                break;
            };
            game.act(game.to_act(), action).expect("a listed move is legal");
            let position = game.position();
            let mut parsed: StandardPosition = position.to_string().parse().expect("a printed position reads back");
            prop_assert_eq!(parsed.to_string(), position.to_string());
            parsed.options = position.options;
            let mut listed: Vec<String> = parsed.legal_actions().iter().map(Action::to_string).collect();
            let mut expected: Vec<String> = game.legal_actions().iter().map(Action::to_string).collect();
            listed.sort();
            expected.sort();
            if game.outcome().is_none() {
                prop_assert_eq!(listed, expected);
            }
            for viewer in [Viewer::Spectator, Viewer::Player(Colour::Red), Viewer::Player(Colour::Black)] {
                let view = game.view(viewer);
                prop_assert_eq!(view.to_string().parse::<StandardView>(), Ok(view.clone()));
                for square in Square::all() {
                    let piece = position.board.piece(square);
                    match view.cell(square) {
                        ViewCell::Empty => prop_assert_eq!(piece, None),
                        ViewCell::Unshown(colour) => {
                            prop_assert_eq!(piece.map(|p| p.colour), Some(colour));
                            prop_assert!(!options.open && viewer != Viewer::Player(colour));
                        }
                        ViewCell::Shown(shown) => {
                            prop_assert_eq!(piece, Some(shown));
                            prop_assert!(
                                options.open || viewer == Viewer::Player(shown.colour) || game.shown().contains(square),
                                "{} shown to {:?}", shown, viewer
                            );
                        }
                    }
                }
            }
        }
        let record: StandardRecord = game.record().to_string().parse().expect("a printed record reads back");
        prop_assert_eq!(&record, game.record());
        let replayed = StandardGame::replay(&record).expect("a record replays");
        prop_assert_eq!(replayed.view(Viewer::Spectator), game.view(Viewer::Spectator));
        prop_assert_eq!(replayed.outcome(), game.outcome());
    }
}
