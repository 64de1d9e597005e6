//! Property tests over random games from random deals: no panics, piece counts conserved, the
//! legal-action list agrees with the checker, replay and notation round-trip, and the parsers
//! answer any string with a value or an error.

use junqi::game::{Action, Colour, Game, Kind, Piece, Position, PublicPosition, Rules, Square};
use proptest::prelude::*;

/// Every action that could be written: 60 flips and 60×60 moves.
fn every_action() -> Vec<Action> {
    let mut all: Vec<Action> = Square::all().map(Action::Flip).collect();
    for from in Square::all() {
        all.extend(Square::all().map(|to| Action::Move { from, to }));
    }
    all
}

fn assert_counts_conserved(game: &Game) {
    let view = game.view();
    for colour in Colour::BOTH {
        for kind in Kind::ALL {
            let piece = Piece::new(colour, kind);
            let on_board = game.count_on_board(colour, kind);
            assert_eq!(
                on_board + view.removed_count(piece),
                kind.count(),
                "{piece}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 1..400)) {
        let all = every_action();
        let mut game = Game::new(seed, Rules::default());
        for (ply, choice) in choices.iter().enumerate() {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.legal_actions();
            prop_assert!(!legal.is_empty(), "an ongoing game always has an action");
            let seat = game.to_act();
            if ply % 37 == 36 {
                // Listed actions are accepted and every other action is refused.
                for action in &all {
                    prop_assert_eq!(game.check(seat, *action).is_ok(), legal.contains(action), "{}", action);
                }
                prop_assert!(game.check(seat.other(), legal[0]).is_err());
            }
            if choice % 97 == 0 {
                game.timeout().expect("timeout of an ongoing game");
                continue;
            }
            let action = legal[*choice as usize % legal.len()];
            game.act(seat, action).expect("a listed action is accepted");
            assert_counts_conserved(&game);
            if let Some(position) = game.position() {
                let text = position.to_string();
                let parsed = text.parse::<Position>().expect("formatted positions parse");
                prop_assert_eq!(&parsed.board, &position.board);
                prop_assert_eq!(parsed.to_string(), text);
                let mut from_position = position.legal_actions();
                let mut from_game = game.legal_actions();
                from_position.sort_by_key(|a| a.to_string());
                from_game.sort_by_key(|a| a.to_string());
                if game.outcome().is_none() {
                    prop_assert_eq!(from_position, from_game);
                }
            }
            let public = game.view().notation();
            prop_assert!(!public.contains("?R") && !public.contains("?B"), "public notation hides identities");
            prop_assert_eq!(public.parse::<PublicPosition>().expect("public parses").cells, game.view().cells);
        }
        let replayed = Game::replay(game.record()).expect("a record replays");
        prop_assert_eq!(replayed.view(), game.view());
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,200}") {
        let _ = text.parse::<Position>();
        let _ = text.parse::<PublicPosition>();
        let _ = text.parse::<Action>();
        let _ = text.parse::<Square>();
    }

    #[test]
    fn position_shaped_garbage_never_panics(cells in prop::collection::vec("(\\.|\\?|\\?[RBX]?[0-9XMFQ]|[RB][0-9XMF]|R10|)", 50..70), turn in "[RB\\-X]", counters in "( [0-9]{1,6}){0,3}") {
        let mut text = String::new();
        for (i, cell) in cells.iter().enumerate() {
            text.push_str(cell);
            text.push(if i % 5 == 4 { '/' } else { ',' });
        }
        text.pop();
        let line = format!("{text} {turn}{counters}");
        let _ = line.parse::<Position>();
        let _ = line.parse::<PublicPosition>();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// The move guide computed from the public view alone matches the engine's.
    #[test]
    fn public_destinations_match_the_engine(seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 1..300)) {
        let mut game = Game::new(seed, Rules::default());
        for choice in choices {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.legal_actions();
            let action = legal[choice as usize % legal.len()];
            game.act(game.to_act(), action).expect("legal");
        }
        let view = game.view();
        for from in Square::all() {
            for seat in junqi::game::Seat::BOTH {
                if view.colour_of(seat).is_some() && game.outcome().is_none() {
                    let ours = game.destinations(seat, from);
                    let theirs = if matches!(view.cell(from), junqi::game::PublicCell::Revealed(p) if Some(p.colour) == view.colour_of(seat)) {
                        view.destinations(from)
                    } else {
                        Default::default()
                    };
                    prop_assert_eq!(ours, theirs, "{}", from);
                }
            }
        }
    }
}

use crate::reference;

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The engine and the naive reference implementation agree on every legal action, in
    /// random games and with headquarters locked or not.
    #[test]
    fn engine_agrees_with_the_reference(seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 1..300), hq_locks in any::<bool>()) {
        let rules = Rules { hq_locks, ..Rules::default() };
        let mut game = Game::new(seed, rules);
        for choice in choices {
            if game.outcome().is_some() {
                break;
            }
            if let Some(position) = game.position() {
                let engine: std::collections::BTreeSet<String> = position.legal_actions().iter().map(|a| a.to_string()).collect();
                prop_assert_eq!(engine, reference::legal_actions(&position.board, position.turn, hq_locks));
            }
            let legal = game.legal_actions();
            // Prefer moves so the board opens up and long slides and attacks happen.
            let moves: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Move { .. })).collect();
            let pool = if !moves.is_empty() && choice % 4 != 0 { moves } else { legal };
            let action = pool[(choice / 4) as usize % pool.len()];
            game.act(game.to_act(), action).expect("legal");
        }
    }
}
