//! The hunt against real defences: random replies, the draw limits and repetition.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::*;
use crate::ai::Level;
use crate::ai::determinise::below;
use crate::ai::level::Limit;
use crate::ai::search::choose;
use crate::game::{Colour, PublicView};

fn never(_: Action) -> bool {
    false
}

/// A position from its notation (docs/rules.md §8), rows 12 down to 1, 100 actions played.
fn position(rows: &[&str; 12], turn: &str) -> Position {
    let text = format!("{} {turn} 0 100", rows.join("/"));
    text.parse().expect("a test position")
}

/// Red's general (E2) and major general (D4) against black's brigadier, its last mover,
/// cornered on B1 beside red's mines: taken within 7 actions however it runs.
const LONE: [&str; 12] = [
    "BM,BF,BM,.,.",
    ".,BM,.,.,.",
    ".,.,.,.,.",
    ".,.,.,.,.",
    ".,.,.,.,.",
    ".,.,.,.,.",
    ".,.,.,.,.",
    ".,.,.,.,.",
    ".,.,.,R7,.",
    ".,.,.,.,.",
    ".,.,.,RM,R8",
    ".,B6,RM,RF,RM",
];

/// The same brigadier on A1 with the hunters far off (B5, D12); black also has an engineer,
/// walled in on D12 by its own mines and flag, so the brigadier could wait by playing it if
/// the engineer could move.
const WITH_ANOTHER: [&str; 12] = [
    ".,.,BM,B1,BF",
    ".,.,.,BM,BM",
    ".,.,.,.,.",
    ".,.,.,.,.",
    ".,.,.,.,.",
    ".,.,.,.,.",
    ".,.,.,R7,.",
    ".,R8,.,.,.",
    ".,.,.,.,.",
    ".,.,.,.,.",
    ".,.,.,RM,.",
    "B6,.,RM,RF,RM",
];

/// Red's chase, red to act on `rows`.
fn red_chase(rows: &[&str; 12]) -> Option<Chase> {
    hunting_move(&position(rows, "R"), &never)
}

/// Plays the hunt from `start` against every kind of defence (random replies over 40
/// seeds): each time the chase must still be won, never longer than announced, and end
/// with the prey gone.
fn hunted_down(start: &Position, prey_square: &str) {
    let announced = hunting_move(start, &never).expect("a won chase").plies;
    for seed in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = start.clone();
        let mut left = announced;
        let mut prey: Square = prey_square.parse().expect("a square");
        loop {
            let chase = hunting_move(&game, &never).expect("still a won chase");
            assert!(chase.safe, "seed {seed}: nothing else to watch");
            let Chase { action, plies, .. } = chase;
            assert!(
                plies <= left,
                "seed {seed}: the chase grew from {left} to {plies}"
            );
            left = plies.saturating_sub(2);
            let takes = matches!(action, Action::Move { to, .. } if to == prey);
            let (_, end) = game.play_unchecked(action);
            if takes || end.is_some() {
                assert_ne!(end.and_then(|end| end.winner()), Some(Colour::Black));
                break;
            }
            let replies = game.legal_actions();
            let reply = replies[below(&mut rng, replies.len())];
            if let Action::Move { from, to } = reply
                && from == prey
            {
                prey = to;
            }
            let (_, end) = game.play_unchecked(reply);
            assert_eq!(end, None, "seed {seed}: black escaped by {reply:?}");
        }
    }
}

#[test]
fn a_last_mover_is_hunted_down_whatever_it_does() {
    hunted_down(&position(&LONE, "R"), "B1");
}

#[test]
fn a_piece_in_the_open_is_hunted_down_though_its_side_could_wait() {
    let start = position(&WITH_ANOTHER, "R");
    let plies = hunting_move(&start, &never).expect("a won chase").plies;
    assert!(plies > 7, "a long chase: {plies} plies");
    hunted_down(&start, "A1");
}

#[test]
fn no_hunt_while_anything_is_face_down_or_a_chase_cannot_be_won() {
    let mut rows = LONE;
    rows[3] = "?R1,.,.,.,.";
    assert_eq!(red_chase(&rows), None);
    // The brigadier one row up has room to run.
    let mut rows = LONE;
    rows[11] = ".,.,RM,RF,RM";
    rows[5] = ".,.,B6,.,.";
    assert_eq!(red_chase(&rows), None);
    // Sheltering in a camp while its side has another move, it can wait for ever.
    let mut rows = WITH_ANOTHER;
    rows[11] = ".,.,RM,RF,RM";
    rows[8] = ".,.,B6,.,.";
    assert_eq!(red_chase(&rows), None);
}

#[test]
fn a_chase_that_leaves_a_piece_to_the_other_movers_is_not_safe() {
    // A black captain on A12 now threatens the red lieutenant beside it.
    let mut rows = WITH_ANOTHER;
    rows[0] = "B3,.,BM,B1,BF";
    rows[1] = "R2,.,.,BM,BM";
    let chase = red_chase(&rows).expect("a won chase");
    assert!(!chase.safe);
    // The master plays it at once; hard leaves the choice to its search.
    let view = PublicView::of_position(&position(&rows, "R"));
    let limit = Limit {
        deadline: None,
        max_nodes: 2_000,
    };
    let choose =
        |level: Level| choose(&view, &level.settings(), 1, limit, &never).expect("red has actions");
    let master = choose(Level::Master);
    assert_eq!((master.action, master.depth), (chase.action, 0));
    assert!(choose(Level::Hard).depth > 0, "hard searched");
}

#[test]
fn no_hunt_runs_into_the_quiet_draw() {
    let mut start = position(&WITH_ANOTHER, "R");
    let plies = hunting_move(&start, &never).expect("a won chase").plies;
    start.quiet = start.rules.quiet_limit - u16::from(plies);
    assert_eq!(hunting_move(&start, &never), None);
}

#[test]
fn a_move_that_would_lose_by_repetition_is_never_chosen() {
    let start = position(&WITH_ANOTHER, "R");
    let first = hunting_move(&start, &never).expect("a won chase").action;
    let refused = |action: Action| action == first;
    if let Some(other) = hunting_move(&start, &refused) {
        assert_ne!(other.action, first);
    }
}
