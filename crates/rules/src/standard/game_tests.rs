//! What each viewer sees in a standard game (docs/rules.md §12) and its record (§14): the
//! referee's views, the field marshal's death showing the flag, engineer reconnaissance, 明棋,
//! and records that replay and catch a false verdict.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::*;
use crate::game::{Action, Colour, Kind, Piece, ReplayError, Rules, Square, StandardOptions};

const BLITZ: &str = "9,3,8,7,2/X,.,6,.,X/2,5,.,7,1/3,.,4,.,6/1,2,M,5,M/4,F,M,3,1";
/// The classic preset with the engineer of B6 and the lieutenant of E6 swapped.
const SCOUT: &str = "6,2,7,2,1/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4";
const CLASSIC: &str = "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4";

fn layout(text: &str) -> Layout {
    text.parse().expect("test layout")
}

fn sq(text: &str) -> Square {
    text.parse().expect("test square")
}

fn mv(from: &str, to: &str) -> Action {
    Action::Move {
        from: sq(from),
        to: sq(to),
    }
}

fn game(red: &str, black: &str, options: StandardOptions) -> StandardGame {
    StandardGame::new(layout(red), layout(black), options, Rules::default())
}

fn play(game: &mut StandardGame, moves: &[(&str, &str)]) -> Vec<Verdict> {
    moves
        .iter()
        .map(|(from, to)| {
            let colour = game.to_act();
            game.act(colour, mv(from, to))
                .unwrap_or_else(|e| panic!("{from} {to}: {e}"))
        })
        .collect()
}

#[test]
fn each_viewer_sees_its_own_pieces_and_only_colours_of_the_rest() {
    let game = game(CLASSIC, CLASSIC, StandardOptions::default());
    let red = game.view(Viewer::Player(Colour::Red));
    assert_eq!(
        red.cell(sq("C3")),
        ViewCell::Shown(Piece::new(Colour::Red, Kind::Marshal))
    );
    assert_eq!(red.cell(sq("C10")), ViewCell::Unshown(Colour::Black));
    assert_eq!(red.cell(sq("C4")), ViewCell::Empty);
    let black = game.view(Viewer::Player(Colour::Black));
    assert_eq!(black.cell(sq("C3")), ViewCell::Unshown(Colour::Red));
    assert_eq!(
        black.cell(sq("C10")),
        ViewCell::Shown(Piece::new(Colour::Black, Kind::Marshal))
    );
    let spectator = game.view(Viewer::Spectator);
    assert!(
        spectator
            .cells
            .iter()
            .all(|cell| !matches!(cell, ViewCell::Shown(_))),
        "a spectator is shown nothing at the start: {spectator}"
    );
    assert!(spectator.to_string().ends_with(" R 0 0"), "{spectator}");
    // The view's notation reads back to the view; a position refuses it.
    assert_eq!(red.to_string().parse::<StandardView>(), Ok(red.clone()));
    assert!(red.to_string().parse::<StandardPosition>().is_err());
}

#[test]
fn the_open_game_shows_everything_to_everyone() {
    let open = StandardOptions {
        open: true,
        ..StandardOptions::default()
    };
    let game = game(CLASSIC, BLITZ, open);
    let everything = game.position().to_string();
    for viewer in [
        Viewer::Spectator,
        Viewer::Player(Colour::Red),
        Viewer::Player(Colour::Black),
    ] {
        assert_eq!(game.view(viewer).to_string(), everything);
    }
}

/// A row per way a field marshal can die: its side's flag is shown to everyone from then on,
/// and nothing else is.
#[test]
fn a_field_marshal_death_shows_its_flag_to_everyone() {
    // Red's marshal takes Black's lieutenant on A7, then dies on Black's bomb on A8.
    let mut on_bomb = game(BLITZ, BLITZ, StandardOptions::default());
    let verdicts = play(&mut on_bomb, &[("A6", "A7"), ("D7", "D8"), ("A7", "A8")]);
    assert_eq!(
        verdicts,
        [
            Verdict::Attacked(Removed::Target),
            Verdict::Moved,
            Verdict::Attacked(Removed::Both)
        ]
    );
    let red_flag = Piece::new(Colour::Red, Kind::Flag);
    for viewer in [Viewer::Spectator, Viewer::Player(Colour::Black)] {
        let view = on_bomb.view(viewer);
        assert_eq!(view.cell(sq("B1")), ViewCell::Shown(red_flag), "{viewer:?}");
        assert_eq!(
            view.cell(sq("D1")),
            ViewCell::Unshown(Colour::Red),
            "{viewer:?}"
        );
    }
    let spectator = on_bomb.view(Viewer::Spectator);
    assert_eq!(spectator.cell(sq("D12")), ViewCell::Unshown(Colour::Black));
    assert_eq!(on_bomb.shown().len(), 1);
    // Later moves keep it shown.
    play(&mut on_bomb, &[("D8", "D7"), ("B6", "B5")]);
    assert_eq!(
        on_bomb.view(Viewer::Spectator).cell(sq("B1")),
        ViewCell::Shown(red_flag)
    );

    // Black's marshal takes Red's lieutenant on E6 and lives: nothing is shown.
    let mut winning = game(BLITZ, BLITZ, StandardOptions::default());
    let verdicts = play(&mut winning, &[("B6", "B5"), ("E7", "E6")]);
    assert_eq!(verdicts[1], Verdict::Attacked(Removed::Target));
    assert!(winning.shown().is_empty());
}

/// A row per case of engineer reconnaissance: only an engineer removed by an enemy rank piece
/// it attacked shows that piece, only under `engineer_scouts`, and the mark moves with it.
#[test]
fn engineer_reconnaissance_shows_the_piece_that_removed_it() {
    let scouts = StandardOptions::default().with(crate::game::StandardRule::EngineerScouts);
    let black_brigadier = Piece::new(Colour::Black, Kind::Brigadier);
    for (options, shown) in [(scouts, true), (StandardOptions::default(), false)] {
        let mut game = game(SCOUT, CLASSIC, options);
        let verdicts = play(&mut game, &[("E6", "E7")]);
        assert_eq!(verdicts, [Verdict::Attacked(Removed::Attacker)]);
        let expected = if shown {
            ViewCell::Shown(black_brigadier)
        } else {
            ViewCell::Unshown(Colour::Black)
        };
        let spectator = game.view(Viewer::Spectator);
        assert_eq!(
            spectator.cell(sq("E7")),
            expected,
            "engineer_scouts {shown}"
        );
        // The brigadier steps forward; what was shown goes with it.
        play(&mut game, &[("E7", "E6")]);
        assert_eq!(game.view(Viewer::Spectator).cell(sq("E6")), expected);
        assert_eq!(
            game.view(Viewer::Player(Colour::Red)).cell(sq("E6")),
            expected
        );
        assert_eq!(game.view(Viewer::Spectator).cell(sq("E7")), ViewCell::Empty);
    }
    // An engineer that trades with an engineer shows nothing.
    let engineer_in_front = "1,2,7,2,6/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4";
    let mut trade = game(SCOUT, engineer_in_front, scouts);
    let verdicts = play(&mut trade, &[("E6", "E7")]);
    assert_eq!(verdicts, [Verdict::Attacked(Removed::Both)]);
    assert!(trade.shown().is_empty());
}

#[test]
fn moves_are_refused_out_of_turn_and_after_the_end() {
    let mut game = game(CLASSIC, CLASSIC, StandardOptions::default());
    assert_eq!(
        game.act(Colour::Black, mv("A7", "A8")),
        Err(StandardGameError::NotYourTurn)
    );
    assert_eq!(
        game.act(Colour::Red, Action::Flip(sq("A6"))),
        Err(StandardGameError::Illegal(StandardError::NoFlips))
    );
    assert_eq!(game.revealed_layouts(), None);
}

/// Plays random legal moves from random layouts until the game ends or `limit` moves.
pub(super) fn random_game(seed: u64, options: StandardOptions, limit: usize) -> StandardGame {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let red = Layout::random(&mut rng);
    let black = Layout::random(&mut rng);
    let mut game = StandardGame::new(red, black, options, Rules::default());
    for ply in 0..limit {
        let legal = game.legal_actions();
        let Some(&action) =
            legal.get((seed as usize).wrapping_mul(31).wrapping_add(ply * 17) % legal.len().max(1))
        else {
            break;
        };
        game.act(game.to_act(), action)
            .expect("a listed move is legal");
    }
    game
}

#[test]
fn records_replay_and_catch_a_false_verdict() {
    let scouts = StandardOptions::default().with(crate::game::StandardRule::EngineerScouts);
    for seed in 0..12 {
        let game = random_game(seed, scouts, 400);
        let text = game.record().to_string();
        let record: StandardRecord = text.parse().expect("a record reads back");
        assert_eq!(&record, game.record());
        let replayed = StandardGame::replay(&record).expect("a record replays");
        assert_eq!(replayed.outcome(), game.outcome());
        assert_eq!(
            replayed.view(Viewer::Spectator),
            game.view(Viewer::Spectator)
        );
        if game.outcome().is_some() {
            assert_eq!(
                replayed.revealed_layouts(),
                Some((record.red, record.black))
            );
        }
        let attack =
            |turn: &RecordedTurn| matches!(turn, RecordedTurn::Move(_, v) if v.is_attack());
        let Some(index) = record.moves.iter().position(attack) else {
            continue;
        };
        let mut forged = record.clone();
        if let RecordedTurn::Move(_, verdict) = &mut forged.moves[index] {
            *verdict = match *verdict {
                Verdict::Attacked(Removed::Both) => Verdict::Attacked(Removed::Target),
                _ => Verdict::Attacked(Removed::Both),
            };
        }
        match StandardGame::replay(&forged) {
            Err(ReplayError::BadEvent { index: at, reason }) => {
                assert_eq!(at, index);
                assert!(reason.contains("the referee finds"), "{reason}");
            }
            other => panic!("a forged verdict replayed: {other:?}"),
        }
    }
}
