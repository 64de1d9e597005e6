//! The standard AI's tests: what its belief learns, that it plays whole games legally in both
//! games, and that it cannot see what it was not shown.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::match_play::{StandardPlayer, play_from_layouts, play_standard_game};
use super::*;
use crate::game::{Colour, Kind, Outcome, Square, StandardOptions, WinReason};
use crate::standard::{Layout, Post, StandardGame, Verdict, Viewer};

const HIDDEN: StandardOptions = StandardOptions {
    mine_survives: false,
    engineer_scouts: false,
    open: false,
};

fn square(name: &str) -> Square {
    name.parse().expect("a square")
}

fn layout(text: &str) -> Layout {
    text.parse().expect("a valid layout")
}

/// The rules' example layout (docs/rules.md §14).
const EXAMPLE: &str = "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4";

#[test]
fn a_fresh_belief_knows_only_what_the_deployment_rules_allow() {
    let game = StandardGame::new(layout(EXAMPLE), layout(EXAMPLE), HIDDEN, Rules::default());
    let belief = Belief::new(Colour::Red, &game.view(Viewer::Player(Colour::Red)), HIDDEN);
    // Black's front row (row 7) holds no bomb, mine or flag; its headquarters may hold the flag.
    let front = belief.kinds_on(square("A7")).expect("an enemy piece");
    assert!(!front.contains(Kind::Bomb) && !front.contains(Kind::Landmine));
    assert!(!front.contains(Kind::Flag) && front.contains(Kind::Engineer));
    let headquarters = belief.kinds_on(square("B12")).expect("an enemy piece");
    assert!(headquarters.contains(Kind::Flag) && headquarters.contains(Kind::Landmine));
    assert_eq!(
        belief.kinds_on(square("A1")),
        None,
        "our own piece is not tracked"
    );
}

/// Plays `text` for the colour to act and shows Red's belief the verdict.
fn play(game: &mut StandardGame, belief: &mut Belief, text: &str) -> Verdict {
    let action = text.parse().expect("an action");
    let verdict = game.act(game.to_act(), action).expect("a legal action");
    belief.observe(action, verdict, &game.view(Viewer::Player(Colour::Red)));
    verdict
}

#[test]
fn a_piece_that_moved_is_no_mine_or_flag() {
    let mut game = StandardGame::new(layout(EXAMPLE), layout(EXAMPLE), HIDDEN, Rules::default());
    let mut belief = Belief::new(Colour::Red, &game.view(Viewer::Player(Colour::Red)), HIDDEN);
    play(&mut game, &mut belief, "B6-B5");
    let quiet = game
        .legal_actions()
        .into_iter()
        .find(|action| game.position().board.piece(action.squares().1).is_none())
        .expect("a quiet black move");
    let (from, to) = quiet.squares();
    let kinds = belief.kinds_on(from).expect("an enemy piece");
    play(&mut game, &mut belief, &quiet.to_string());
    let moved = belief.kinds_on(to).expect("it moved there");
    assert_eq!(belief.kinds_on(from), None);
    for kind in Kind::ALL {
        let expected = kinds.contains(kind) && kind.is_movable();
        assert_eq!(moved.contains(kind), expected, "{kind:?} after {quiet}");
    }
}

#[test]
fn a_battle_against_a_known_piece_bounds_the_enemy_rank() {
    // Red's lieutenant on E6 attacks the piece facing it on E7 (a major) and is removed.
    let mut game = StandardGame::new(layout(EXAMPLE), layout(EXAMPLE), HIDDEN, Rules::default());
    let mut belief = Belief::new(Colour::Red, &game.view(Viewer::Player(Colour::Red)), HIDDEN);
    let verdict = play(&mut game, &mut belief, "E6-E7");
    assert_eq!(
        verdict,
        Verdict::Attacked(crate::standard::Removed::Attacker)
    );
    let kinds = belief.kinds_on(square("E7")).expect("the defender stays");
    let stronger: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|kind| kind.rank() > Kind::Lieutenant.rank())
        .collect();
    for kind in Kind::ALL {
        assert_eq!(kinds.contains(kind), stronger.contains(&kind), "{kind:?}");
    }
}

#[test]
fn dealt_boards_keep_the_army_counts_and_the_constraints() {
    let game = StandardGame::new(layout(EXAMPLE), layout(EXAMPLE), HIDDEN, Rules::default());
    let belief = Belief::new(Colour::Red, &game.view(Viewer::Player(Colour::Red)), HIDDEN);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..50 {
        let board = belief.sample(&mut rng);
        let black = Layout::read(Colour::Black, &board);
        assert!(
            black.is_ok(),
            "a dealt army obeys the deployment rules: {black:?}"
        );
        let red = Layout::read(Colour::Red, &board);
        assert_eq!(
            red,
            Ok(layout(EXAMPLE)),
            "our own pieces are dealt as they are"
        );
    }
}

#[test]
fn every_level_plays_whole_games_of_both_kinds_legally() {
    for open in [false, true] {
        let options = StandardOptions { open, ..HIDDEN };
        for level in Level::ALL {
            let players = [StandardPlayer::Ai(level), StandardPlayer::Random];
            let summary = play_standard_game(
                players,
                11,
                0,
                SearchBudget::Nodes(300),
                options,
                Rules::default(),
            );
            assert!(
                !matches!(
                    summary.outcome,
                    Outcome::Win {
                        reason: WinReason::Abandonment,
                        ..
                    }
                ),
                "{level} open={open}: {:?}",
                summary.outcome
            );
        }
    }
}

/// What Red saw after each action of a game: who acted, the action, the referee's verdict
/// and Red's view.
type Seen = (
    Colour,
    crate::game::Action,
    Verdict,
    crate::standard::StandardView,
);

/// Two games whose black layouts differ only in two black pieces Red has not been shown: at
/// every level, Red's choices are the same move for move as long as everything Red saw is (the
/// games part where a verdict, or a view that shows a flag after a marshal's death, differs).
#[test]
fn the_ai_chooses_the_same_whatever_it_was_not_shown() {
    let black = layout(EXAMPLE);
    let (a, b) = (Post::new(0, 2).expect("A3"), Post::new(2, 2).expect("C3"));
    assert_eq!(
        (black.piece(a), black.piece(b)),
        (Some(Kind::Lieutenant), Some(Kind::Marshal))
    );
    let swapped = black.swap(a, b).expect("both posts allow both pieces");
    for level in Level::ALL {
        let runs = [black, swapped].map(|black| watched_game(level, black));
        let same = runs[0]
            .iter()
            .zip(&runs[1])
            .take_while(|(x, y)| x == y)
            .count();
        let red_choices = runs[0][..same]
            .iter()
            .filter(|(colour, ..)| *colour == Colour::Red)
            .count();
        assert!(
            red_choices >= 10,
            "{level}: only {red_choices} red choices compared"
        );
        if let (Some(first), Some(second)) = (runs[0].get(same), runs[1].get(same)) {
            // Everything before was the same, so the actor and the action must be too: the
            // games part only where what Red saw after it differs.
            assert_eq!(
                (first.0, first.1),
                (second.0, second.1),
                "{level}: after {same} actions"
            );
            assert_ne!((first.2, &first.3), (second.2, &second.3), "{level}");
        }
    }
}

/// Every action of a short 暗棋 game between Red's AI at `level` and a random Black deployed
/// as `black`, with what Red saw after it.
fn watched_game(level: Level, black: Layout) -> Vec<Seen> {
    let red = layout(EXAMPLE);
    let rules = Rules {
        ply_limit: 60,
        ..Rules::default()
    };
    let mut actions = Vec::new();
    play_from_layouts(
        [StandardPlayer::Ai(level), StandardPlayer::Random],
        [red, black],
        5,
        SearchBudget::Nodes(3000),
        HIDDEN,
        rules,
        &mut |colour, action, verdict| actions.push((colour, action, verdict)),
    );
    let mut game = StandardGame::new(red, black, HIDDEN, rules);
    actions
        .into_iter()
        .map(|(colour, action, verdict)| {
            let replayed = game.act(colour, action).expect("the game's own action");
            assert_eq!(replayed, verdict, "the replay judges as the game did");
            (
                colour,
                action,
                verdict,
                game.view(Viewer::Player(Colour::Red)),
            )
        })
        .collect()
}

/// The levels differ in what they do, not only in noise: from easy to master each plays with
/// less noise and searches at least as deep and as long, and each adds depth, attacks followed
/// or boards dealt; 明棋 deals its one board.
#[test]
fn each_level_searches_more_than_the_one_below() {
    for open in [false, true] {
        for pair in Level::ALL.windows(2) {
            let (low, high) = (settings(pair[0], open), settings(pair[1], open));
            let name = format!("{} < {} (open {open})", pair[0], pair[1]);
            assert!(high.noise < low.noise, "{name}");
            assert!(high.max_depth >= low.max_depth, "{name}");
            assert!(high.quiescence >= low.quiescence, "{name}");
            assert!(
                high.max_depth > low.max_depth
                    || high.quiescence > low.quiescence
                    || high.boards > low.boards,
                "{name}"
            );
        }
        for level in Level::ALL {
            let boards = settings(level, open).boards;
            assert!(if open { boards == 1 } else { boards >= 2 }, "{level}");
        }
    }
}

/// Black's flag on B12 with a mine beside it, Red's nearest attacker on D9, and Red's second
/// mover, a colonel, on `second`.
fn two_attackers(second: &str) -> crate::standard::StandardPosition {
    let mut position: crate::standard::StandardPosition =
        ".,BF,BM,.,B4/.,.,.,.,./.,.,.,.,./.,.,.,R5,./.,.,.,.,./.,.,.,.,./\
         .,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,./.,RF,.,.,. R 0 50"
            .parse()
            .expect("a position");
    let colonel = crate::game::Piece::new(Colour::Red, Kind::Colonel);
    position
        .board
        .set(square(second), crate::game::Cell::Revealed(colonel));
    position
}

/// Not only the nearest attacker pulls towards the enemy flag: a second one on its way is worth
/// more than one further back, so an attack does not stall when its spearhead is blocked.
#[test]
fn a_second_attacker_nearer_the_enemy_flag_is_worth_more() {
    // On an empty board a colonel on C4 is 5 moves from B12, one on D6 is 4 (the rails).
    let behind = search::evaluate(&two_attackers("C4").board, Colour::Red);
    let on_its_way = search::evaluate(&two_attackers("D6").board, Colour::Red);
    assert!(
        on_its_way > behind,
        "on its way {on_its_way}, behind {behind}"
    );
}
