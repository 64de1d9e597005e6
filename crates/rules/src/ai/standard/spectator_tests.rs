//! The spectator's knowledge and value (the post-game analysis of the standard games): both
//! armies tracked from the public view, battles between unshown pieces narrowing both, a
//! fallen marshal known once its flag is shown, 明棋 known outright, and values that favour
//! the side with more material whichever side acts, the same on every call.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::*;
use crate::game::deal::below;
use crate::game::{Cell, Colour, Kind, Piece, Square, StandardOptions};
use crate::standard::{
    Layout, StandardGame, StandardPosition, StandardView, Verdict, ViewCell, Viewer,
};

const HIDDEN: StandardOptions = StandardOptions {
    mine_survives: false,
    engineer_scouts: false,
    open: false,
};

/// The rules' example layout (docs/rules.md §14).
const EXAMPLE: &str = "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4";

fn layout() -> Layout {
    EXAMPLE.parse().expect("a valid layout")
}

fn square(name: &str) -> Square {
    name.parse().expect("a square")
}

fn spectator_of(game: &StandardGame) -> Belief {
    Belief::spectator(&game.view(Viewer::Spectator), game.record().options)
}

#[test]
fn a_spectator_tracks_both_armies_within_their_deployment_rules() {
    let game = StandardGame::new(layout(), layout(), HIDDEN, Rules::default());
    let belief = spectator_of(&game);
    assert_eq!(belief.me(), None);
    for (front, headquarters) in [("A6", "B1"), ("A7", "B12")] {
        let front = belief.kinds_on(square(front)).expect("a tracked piece");
        assert!(!front.contains(Kind::Bomb) && !front.contains(Kind::Flag));
        let headquarters = belief.kinds_on(square(headquarters)).expect("tracked");
        assert!(headquarters.contains(Kind::Flag));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..30 {
        let board = belief.sample(&mut rng);
        for colour in Colour::BOTH {
            let dealt = Layout::read(colour, &board);
            assert!(dealt.is_ok(), "{colour:?}'s dealt army is valid: {dealt:?}");
        }
    }
}

#[test]
fn a_battle_between_unshown_pieces_narrows_the_survivor() {
    // Red's lieutenant on E6 attacks Black's major on E7 and is removed; a spectator knows
    // neither, but the piece that held beat some attacker: never an engineer (an engineer
    // attacker would have left both removed), a mine (both removed) or a bomb.
    let mut game = StandardGame::new(layout(), layout(), HIDDEN, Rules::default());
    let mut belief = spectator_of(&game);
    let action = "E6-E7".parse().expect("an action");
    let verdict = game.act(Colour::Red, action).expect("legal");
    assert_eq!(
        verdict,
        Verdict::Attacked(crate::standard::Removed::Attacker)
    );
    belief.observe(action, verdict, &game.view(Viewer::Spectator));
    let held = belief.kinds_on(square("E7")).expect("the defender stays");
    for kind in [Kind::Engineer, Kind::Landmine, Kind::Bomb, Kind::Flag] {
        assert!(!held.contains(kind), "{kind:?}");
    }
    assert!(held.contains(Kind::Major) && held.contains(Kind::Marshal));
    assert_eq!(belief.kinds_on(square("E6")), None, "the attacker is gone");
}

fn flag_shown(game: &StandardGame) -> bool {
    let shown =
        |cell: &ViewCell| matches!(cell, ViewCell::Shown(piece) if piece.kind == Kind::Flag);
    game.view(Viewer::Spectator).cells.iter().any(shown)
}

/// Random legal moves from `seed` until a flag is shown (or the game ends), the spectator
/// watching; whether a flag was shown.
fn random_until_a_flag_is_shown(seed: u64) -> bool {
    let mut game = StandardGame::new(layout(), layout(), HIDDEN, Rules::default());
    let mut belief = spectator_of(&game);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while game.outcome().is_none() && !flag_shown(&game) {
        let legal = game.legal_actions();
        let action = legal[below(&mut rng, legal.len() as u32) as usize];
        let verdict = game.act(game.to_act(), action).expect("legal");
        belief.observe(action, verdict, &game.view(Viewer::Spectator));
    }
    check_marshals(&game, &belief);
    flag_shown(&game)
}

/// Once a side's flag is shown its marshal is known to be gone: no dealt board holds it.
fn check_marshals(game: &StandardGame, belief: &Belief) {
    let view = game.view(Viewer::Spectator);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for colour in Colour::BOTH {
        if !view
            .cells
            .contains(&ViewCell::Shown(Piece::new(colour, Kind::Flag)))
        {
            continue;
        }
        let marshal = Cell::Revealed(Piece::new(colour, Kind::Marshal));
        for _ in 0..20 {
            let board = belief.sample(&mut rng);
            assert!(
                Square::all().all(|square| board.cell(square) != marshal),
                "{colour:?}'s fallen marshal was dealt"
            );
        }
    }
}

#[test]
fn a_fallen_marshal_is_never_dealt_again() {
    let shown = (0..40)
        .filter(|seed| random_until_a_flag_is_shown(*seed))
        .count();
    assert!(shown > 0, "some random game showed a flag");
}

#[test]
fn in_open_junqi_the_spectator_deals_the_board_itself() {
    let open = StandardOptions {
        open: true,
        ..HIDDEN
    };
    let game = StandardGame::new(layout(), layout(), open, Rules::default());
    let belief = spectator_of(&game);
    let board = belief.sample(&mut ChaCha8Rng::seed_from_u64(9));
    assert_eq!(board, game.position().board);
}

/// A position where Black has lost ten pieces, `turn` to act, as a spectator sees it.
fn lopsided(turn: Colour) -> Belief {
    let mut position = StandardPosition::new(&layout(), &layout(), HIDDEN);
    let mut gone = 0;
    for square in Square::all() {
        let movable = position
            .board
            .piece(square)
            .is_some_and(|piece| piece.colour == Colour::Black && piece.kind.is_movable());
        if movable && gone < 10 {
            position.board.set(square, Cell::Empty);
            gone += 1;
        }
    }
    position.turn = turn;
    let view = StandardView::new(&position, crate::game::SquareSet::EMPTY, Viewer::Spectator);
    Belief::spectator(&view, HIDDEN)
}

#[test]
fn the_side_with_more_material_is_valued_ahead_whichever_side_acts() {
    let red = analysis_value(&lopsided(Colour::Red), Rules::default(), 7, 3_000).expect("a value");
    let black =
        analysis_value(&lopsided(Colour::Black), Rules::default(), 7, 3_000).expect("a value");
    assert!(red.score > 300, "Red to act: {red:?}");
    assert!(black.score < -300, "Black to act: {black:?}");
    assert!(red.depth >= 1 && red.nodes > 0);
    let again = analysis_value(&lopsided(Colour::Red), Rules::default(), 7, 3_000);
    assert_eq!(
        again,
        Some(red),
        "a node budget makes the value a pure function"
    );
}
