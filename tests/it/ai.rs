//! The AI opponent: honest (sees only the public view), always legal, takes a won game when it
//! is offered, avoids losing by repetition, reproducible under a fixed amount of work, and
//! stronger than the baselines.

use std::collections::BTreeSet;
use std::time::Duration;

use junqi::ai::match_play::{play_game, play_game_salted, play_game_watched};
use junqi::ai::players::{Player, legal_actions};
use junqi::ai::{AiConfig, Level, SearchBudget, choose_action, choose_action_with};
use junqi::game::deal;
use junqi::game::{
    Action, Board, Cell, Colour, Game, Kind, Outcome, Piece, Position, PublicView, Rules, Seat,
    Square, WinReason,
};
use proptest::prelude::*;

const WORK: SearchBudget = SearchBudget::Nodes(4_000);

fn square(name: &str) -> Square {
    name.parse().expect("test square")
}

fn never(_: Action) -> bool {
    false
}

fn mv(from: &str, to: &str) -> Action {
    Action::Move {
        from: square(from),
        to: square(to),
    }
}

/// A position from (square, cell) pairs, Red to act.
fn position(cells: &[(&str, Cell)]) -> Position {
    let mut board = Board::empty();
    for (name, cell) in cells {
        board.set(square(name), *cell);
    }
    Position::new(board, Colour::Red)
}

fn red(kind: Kind) -> Cell {
    Cell::Revealed(Piece::new(Colour::Red, kind))
}

fn black(kind: Kind) -> Cell {
    Cell::Revealed(Piece::new(Colour::Black, kind))
}

fn hidden(colour: Colour, kind: Kind) -> Cell {
    Cell::FaceDown(Piece::new(colour, kind))
}

/// A game played by two random players for `plies` actions (or until it ends).
fn random_game(seed: u64, plies: u16) -> Game {
    let mut game = Game::new(seed, Rules::default());
    while game.outcome().is_none() && game.plies() < plies {
        let seat = game.to_act();
        let view = game.view();
        let repeats = |action| game.would_repeat(seat, action);
        let action = Player::Random
            .choose(&view, seat, seed ^ u64::from(game.plies()), WORK, &repeats)
            .expect("a random player always has an action in an unfinished game");
        game.act(seat, action)
            .expect("random player plays legal actions");
    }
    game
}

fn choose(view: &PublicView, level: Level, seed: u64) -> Action {
    choose_action_with(view, view.to_act, level, seed, WORK, &never)
        .expect("an action")
        .action
}

#[test]
fn deals_that_differ_only_face_down_get_the_same_answer() {
    // At the start every piece is face down: two deals with the same first seat look the same.
    let first = deal(1).first;
    let other_seed = (2..100)
        .find(|seed| deal(*seed).first == first)
        .expect("another deal with the same first seat");
    assert_ne!(deal(1).board, deal(other_seed).board);
    let (a, b) = (
        Game::new(1, Rules::default()),
        Game::new(other_seed, Rules::default()),
    );
    assert_eq!(a.view(), b.view());
    for level in Level::ALL {
        let seat = a.to_act();
        let report_a = choose_action_with(&a.view(), seat, level, 7, WORK, &never);
        let report_b = choose_action_with(&b.view(), seat, level, 7, WORK, &never);
        assert_eq!(report_a, report_b, "{level}");
    }
}

#[test]
fn mid_game_positions_that_differ_only_face_down_get_the_same_answer() {
    for seed in 0..6 {
        let game = random_game(seed, 40);
        let Some(position) = game.position() else {
            continue;
        };
        // Shuffle the face-down identities: a different hidden board, the same public one.
        let mut shuffled = position.clone();
        let squares: Vec<Square> = position.board.face_down().into_iter().collect();
        for (index, from) in squares.iter().enumerate() {
            let to = squares[(index + 1 + seed as usize) % squares.len()];
            shuffled.board.set(to, position.board.cell(*from));
        }
        let hidden_differs = squares
            .iter()
            .any(|s| shuffled.board.cell(*s) != position.board.cell(*s));
        assert!(hidden_differs || squares.len() < 2, "seed {seed}");
        let (view_a, view_b) = (
            PublicView::of_position(&position),
            PublicView::of_position(&shuffled),
        );
        assert_eq!(view_a, view_b, "seed {seed}");
        for level in Level::ALL {
            let a = choose_action_with(&view_a, Seat::First, level, seed, WORK, &never);
            let b = choose_action_with(&view_b, Seat::First, level, seed, WORK, &never);
            assert_eq!(a, b, "seed {seed}, {level}");
        }
    }
}

#[test]
fn fixed_work_and_seed_give_the_same_choice() {
    let game = random_game(11, 30);
    let view = game.view();
    for level in Level::ALL {
        let once = choose_action_with(&view, view.to_act, level, 3, WORK, &never);
        let again = choose_action_with(&view, view.to_act, level, 3, WORK, &never);
        assert_eq!(once, again, "{level}");
        assert!(once.is_some());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Whatever the game so far, the AI's action is one the rules accept, and the legal actions
    /// worked out from the view alone are exactly the game's.
    #[test]
    fn chosen_actions_are_legal(seed in 0u64..10_000, plies in 0u16..160, level in 0usize..4) {
        let game = random_game(seed, plies);
        prop_assume!(game.outcome().is_none());
        let view = game.view();
        let seat = game.to_act();
        let from_view: BTreeSet<String> = legal_actions(&view).iter().map(Action::to_string).collect();
        let from_game: BTreeSet<String> =
            game.legal_actions().iter().map(Action::to_string).collect();
        prop_assert_eq!(from_view, from_game);
        let repeats = |action| game.would_repeat(seat, action);
        let report = choose_action_with(&view, seat, Level::ALL[level], seed, WORK, &repeats)
            .expect("an unfinished game always has an action");
        prop_assert!(game.check(seat, report.action).is_ok(), "{} in {}", report.action, view.notation());
        prop_assert!(!game.would_repeat(seat, report.action));
    }
}

/// Black's flag stands unguarded (all its mines are gone) next to a red lieutenant, while a
/// juicy capture of Black's general is also on offer.
fn flag_in_reach() -> Position {
    position(&[
        ("A12", black(Kind::Flag)),
        ("A11", red(Kind::Lieutenant)),
        ("C6", red(Kind::Marshal)),
        ("C7", black(Kind::General)),
        ("E1", black(Kind::Marshal)),
        ("E3", red(Kind::Engineer)),
        ("A1", hidden(Colour::Red, Kind::Landmine)),
        ("C1", hidden(Colour::Black, Kind::Captain)),
    ])
}

#[test]
fn takes_the_flag_when_it_can() {
    let view = PublicView::of_position(&flag_in_reach());
    for level in Level::ALL {
        for seed in 0..4 {
            assert_eq!(choose(&view, level, seed), mv("A11", "A12"), "{level}");
        }
    }
}

#[test]
fn digs_the_last_mine_to_take_the_flag_next() {
    // One black mine left, next to the flag; the red engineer digs it, and Black cannot stop
    // the flag from falling on the next move.
    let position = position(&[
        ("A12", black(Kind::Flag)),
        ("B12", black(Kind::Landmine)),
        ("B11", red(Kind::Engineer)),
        ("E1", black(Kind::Lieutenant)),
        ("E2", red(Kind::Captain)),
        ("C1", hidden(Colour::Black, Kind::Captain)),
    ]);
    let view = PublicView::of_position(&position);
    for level in [Level::Normal, Level::Hard, Level::Master] {
        assert_eq!(choose(&view, level, 1), mv("B11", "B12"), "{level}");
    }
}

#[test]
fn sends_a_bomb_at_the_last_mine() {
    // Black's last mine guards its flag, three moves from Red's bomb (B1-B2, B2-E2, E2-E9);
    // nothing else of Red's has a target. A bomb for a mine loses material, but it opens the
    // flag to the general: the pressing levels start the bomb on its way.
    let position = position(&[
        ("A12", black(Kind::Flag)),
        ("E9", black(Kind::Landmine)),
        ("B1", red(Kind::Bomb)),
        ("C11", red(Kind::General)),
        ("C1", hidden(Colour::Black, Kind::Captain)),
    ]);
    let view = PublicView::of_position(&position);
    for level in [Level::Normal, Level::Hard, Level::Master] {
        for seed in 0..4 {
            let action = choose(&view, level, seed);
            assert!(
                matches!(action, Action::Move { from, .. } if from == square("B1")),
                "{level} seed {seed}: {action}"
            );
        }
    }
}

#[test]
fn takes_a_free_piece_and_keeps_its_own() {
    // Red's general can take Black's brigadier; nothing defends it.
    let position = position(&[
        ("C3", black(Kind::Flag)),
        ("A5", red(Kind::General)),
        ("A6", black(Kind::Brigadier)),
        ("E10", black(Kind::Lieutenant)),
        ("E12", red(Kind::Captain)),
        ("C12", hidden(Colour::Red, Kind::Flag)),
        ("C11", hidden(Colour::Black, Kind::Landmine)),
    ]);
    let view = PublicView::of_position(&position);
    for level in [Level::Normal, Level::Hard, Level::Master] {
        assert_eq!(choose(&view, level, 5), mv("A5", "A6"), "{level}");
    }
}

#[test]
fn avoids_actions_that_lose_by_repetition() {
    let view = PublicView::of_position(&flag_in_reach());
    let winning = mv("A11", "A12");
    let forbidden = |action: Action| action == winning;
    for level in Level::ALL {
        let report = choose_action_with(&view, Seat::First, level, 2, WORK, &forbidden)
            .expect("other actions exist");
        assert_ne!(report.action, winning, "{level}");
        assert!(position_accepts(&flag_in_reach(), report.action));
    }
    // When every action repeats, one must still be played.
    let everything = |_: Action| true;
    let forced = choose_action_with(&view, Seat::First, Level::Normal, 2, WORK, &everything)
        .expect("an action even when all repeat");
    assert!(position_accepts(&flag_in_reach(), forced.action));
}

#[test]
fn sees_the_enemy_forced_to_repeat() {
    // Black's one movable piece, a lieutenant on E1, can only step to E2 (its own mine holds
    // D1), and it has shuttled E1-E2 three times each way: whatever Red does but block E2,
    // Black's only action is a 4th E1→E2, which loses it the game (docs/rules.md §6.6).
    let mut view = PublicView::of_position(&position(&[
        ("A12", red(Kind::Marshal)),
        ("D12", red(Kind::Landmine)),
        ("E12", red(Kind::Flag)),
        ("A1", black(Kind::Landmine)),
        ("B1", black(Kind::Landmine)),
        ("C1", black(Kind::Flag)),
        ("D1", black(Kind::Landmine)),
        ("E1", black(Kind::Lieutenant)),
    ]));
    let lieutenant = Piece::new(Colour::Black, Kind::Lieutenant);
    let up = (lieutenant, square("E1"), square("E2"));
    let down = (lieutenant, square("E2"), square("E1"));
    view.repetition[Seat::Second.index()] = vec![up, down, up, down, up, down];
    for level in [Level::Normal, Level::Hard, Level::Master] {
        let report =
            choose_action_with(&view, Seat::First, level, 3, WORK, &never).expect("Red has moves");
        assert!(report.score > 900_000, "{level}: {report:?}");
    }
    // Without the shuttles behind it the same position is no forced win.
    view.repetition = [Vec::new(), Vec::new()];
    let report = choose_action_with(&view, Seat::First, Level::Master, 3, WORK, &never)
        .expect("Red has moves");
    assert!(report.score < 900_000, "{report:?}");
}

#[test]
fn master_cashes_in_a_lead_before_the_quiet_draw() {
    // Red is far ahead (marshal and major against a colonel) but 70 quiet actions have gone
    // by: trading colonels now resets the counter, while shuffling drifts into a draw that
    // would throw the lead away.
    let mut position = position(&[
        ("A1", red(Kind::Marshal)),
        ("E3", red(Kind::Major)),
        ("C6", red(Kind::Colonel)),
        ("C7", black(Kind::Colonel)),
        ("A12", hidden(Colour::Black, Kind::Flag)),
        ("B12", hidden(Colour::Black, Kind::Landmine)),
        ("E1", hidden(Colour::Red, Kind::Flag)),
    ]);
    position.quiet = 70;
    position.plies = 200;
    let view = PublicView::of_position(&position);
    for seed in 0..3 {
        assert_eq!(
            choose(&view, Level::Master, seed),
            mv("C6", "C7"),
            "seed {seed}"
        );
    }
}

fn position_accepts(position: &Position, action: Action) -> bool {
    position.check(action).is_ok()
}

#[test]
fn no_action_when_the_game_is_over_or_not_our_turn() {
    let mut view = PublicView::of_position(&flag_in_reach());
    assert!(choose_action_with(&view, Seat::Second, Level::Normal, 0, WORK, &never).is_none());
    view.outcome = Some(Outcome::Win {
        winner: Seat::First,
        reason: WinReason::Flag,
    });
    assert!(choose_action_with(&view, Seat::First, Level::Normal, 0, WORK, &never).is_none());
}

#[test]
fn beats_the_random_and_greedy_players() {
    for (index, opponent) in [Player::Random, Player::Greedy].into_iter().enumerate() {
        for game in 0..4u64 {
            let ai = Player::Ai(Level::Normal);
            let ai_seat = if game % 2 == 0 {
                Seat::First
            } else {
                Seat::Second
            };
            let players = match ai_seat {
                Seat::First => [ai, opponent],
                Seat::Second => [opponent, ai],
            };
            let summary = play_game(players, 100 + game / 2 + index as u64 * 10, WORK);
            assert_eq!(
                summary.outcome.winner(),
                Some(ai_seat),
                "{opponent} game {game}: {:?}",
                summary.outcome
            );
        }
    }
}

#[test]
fn a_watched_game_shows_each_action_once_in_order() {
    let players = [Player::Ai(Level::Easy), Player::Greedy];
    let mut seen = Vec::new();
    let mut watch = |view: &PublicView, action: Option<Action>| {
        seen.push((view.plies, view.to_act, action));
    };
    let summary = play_game_watched(players, 7, 1, WORK, Rules::default(), &mut watch);
    assert_eq!(seen.len(), usize::from(summary.plies));
    // Replaying what was shown reaches the same end: the trace is the game.
    let mut game = Game::new(7, Rules::default());
    for (index, (plies, seat, action)) in seen.into_iter().enumerate() {
        assert_eq!(usize::from(plies), index);
        let action = action.expect("a player always finds an action");
        assert!(game.act(seat, action).is_ok(), "action {index}: {action}");
    }
    assert_eq!(game.outcome(), Some(summary.outcome));
    assert_eq!(game.view().notation(), summary.final_position);
    // Watching changes nothing but the time taken.
    let unwatched = play_game_salted(players, 7, 1, WORK);
    assert_eq!(unwatched.outcome, summary.outcome);
    assert_eq!(unwatched.final_position, summary.final_position);
}

#[test]
fn the_service_entry_point_answers_within_a_time_budget() {
    // Not a timing assertion (the arena measures time): the time-budgeted entry point the game
    // service calls returns a legal action, including before colours are decided.
    for plies in [0u16, 1, 3, 40] {
        let game = random_game(21, plies);
        let seat = game.to_act();
        let config = AiConfig::new(Level::Hard, Duration::from_millis(30), 9);
        let repeats = |action| game.would_repeat(seat, action);
        let action = choose_action(&game.view(), seat, &config, &repeats).expect("an action");
        assert!(
            game.check(seat, action).is_ok(),
            "{action} after {plies} plies"
        );
    }
}

#[test]
fn players_read_and_print() {
    for (text, player) in [
        ("random", Player::Random),
        ("Greedy", Player::Greedy),
        ("ai:easy", Player::Ai(Level::Easy)),
        ("AI:Hard", Player::Ai(Level::Hard)),
        ("ai:master", Player::Ai(Level::Master)),
    ] {
        let parsed: Player = text.parse().expect(text);
        assert_eq!(parsed, player);
        assert_eq!(parsed.to_string().parse::<Player>(), Ok(player));
    }
    for bad in ["", "ai", "ai:expert", "minimax"] {
        assert!(bad.parse::<Player>().is_err(), "{bad:?}");
    }
}
