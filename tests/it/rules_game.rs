//! Whole-game rules: colour assignment (docs/rules.md §3), timeouts, repetition, resignation, draw
//! offers, abandonment and the clock draw (§6), and replay from the record.

use junqi::game::deal;
use junqi::game::geometry::CAMPS;
use junqi::game::{
    Action, ActionError, Colour, DrawReason, Event, Game, GameError, GameRecord, Outcome, Rules,
    Seat, Square, WinReason,
};

const SEED: u64 = 7;

/// Flips the lowest face-down square whose piece has `colour` (identities known from the deal).
fn flip_colour(game: &mut Game, colour: Colour) {
    let action = flip_action(game, colour);
    game.act(game.to_act(), action).expect("flip");
}

/// Plays flips until colours are decided: each seat flips Red, then the first seat Red again.
fn decide_colours(game: &mut Game) -> Seat {
    let first = game.to_act();
    flip_colour(game, Colour::Red);
    flip_colour(game, Colour::Black);
    let played = game
        .act(first, flip_action(game, Colour::Red))
        .expect("third flip");
    assert!(played.colours_decided);
    first
}

fn flip_action(game: &Game, colour: Colour) -> Action {
    let board = deal(SEED).board;
    let view = game.view();
    let square = Square::all()
        .find(|sq| {
            view.cell(*sq) == junqi::game::PublicCell::FaceDown
                && board.piece(*sq).map(|p| p.colour) == Some(colour)
        })
        .expect("a face-down piece of that colour");
    Action::Flip(square)
}

#[test]
fn two_own_flips_of_one_colour_decide() {
    let mut game = Game::new(SEED, Rules::default());
    let first = game.to_act();
    flip_colour(&mut game, Colour::Red);
    assert_eq!(game.colour_of(first), None);
    flip_colour(&mut game, Colour::Red); // the other seat flips Red too: still undecided
    assert_eq!(game.colour_of(first), None);
    let moves_refused = game.check(
        first,
        Action::Move {
            from: "A1".parse().unwrap(),
            to: "A2".parse().unwrap(),
        },
    );
    assert_eq!(
        moves_refused,
        Err(GameError::Illegal(ActionError::ColoursUndecided))
    );
    flip_colour(&mut game, Colour::Black); // first: Red then Black: undecided
    flip_colour(&mut game, Colour::Black); // second: Red then Black: undecided
    assert_eq!(game.view().colours, None);
    flip_colour(&mut game, Colour::Black); // first: Black twice in a row
    assert_eq!(game.colour_of(first), Some(Colour::Black));
    assert_eq!(game.colour_of(first.other()), Some(Colour::Red));
    assert_eq!(game.to_act(), first.other());
}

#[test]
fn the_last_flip_decides_when_nobody_repeated() {
    let mut game = Game::new(SEED, Rules::default());
    let first = game.to_act();
    // Each seat alternates colours on its own flips, so nobody ever flips the same colour twice.
    let mut next = [Colour::Red, Colour::Black];
    for flip in 0..50 {
        let seat = game.to_act();
        let colour = next[seat.index()];
        next[seat.index()] = colour.other();
        let played = game.act(seat, flip_action(&game, colour)).expect("flip");
        assert_eq!(played.colours_decided, flip == 49, "flip {flip}");
    }
    let last = first.other();
    assert_eq!(game.colour_of(last), Some(Colour::Black));
    assert_eq!(game.view().face_down_total(), 0);
}

#[test]
fn timeouts_pass_the_turn_and_the_third_loses() {
    let mut game = Game::new(SEED, Rules::default());
    let slow = game.to_act();
    for round in 1..=2 {
        assert_eq!(game.timeout(), Ok(slow));
        assert_eq!(game.to_act(), slow.other(), "round {round}");
        flip_colour(&mut game, Colour::Red);
    }
    assert_eq!(game.view().plies, 2, "passes are not actions");
    assert_eq!(game.view().quiet, 2);
    assert_eq!(game.timeout(), Ok(slow));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: slow.other(),
            reason: WinReason::Timeouts
        })
    );
    assert_eq!(game.timeout(), Err(GameError::Over));
}

/// A square next to an empty camp holding a revealed piece of `seat` that can step into it.
fn shuttle_for(game: &Game, seat: Seat) -> Option<(Square, Square)> {
    for camp in CAMPS {
        for from in Square::all() {
            if game.destinations(seat, from).empty.contains(camp) {
                return Some((from, camp));
            }
        }
    }
    None
}

#[test]
fn repetition_loses_on_the_fourth_shuttle() {
    let mut game = Game::new(SEED, Rules::default());
    let first = decide_colours(&mut game);
    let shuttler = first.other();
    // Let the shuttler flip until it has a piece that can step into a camp.
    let (a, b) = loop {
        if let Some(pair) = shuttle_for(&game, shuttler) {
            break pair;
        }
        let flip = game
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Flip(_)))
            .expect("flip");
        game.act(shuttler, flip).expect("flip");
        let flip = game
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Flip(_)))
            .expect("flip");
        game.act(first, flip).expect("flip");
    };
    assert_eq!(game.to_act(), shuttler);
    let there = Action::Move { from: a, to: b };
    let back = Action::Move { from: b, to: a };
    let opponent_flip = |game: &mut Game| {
        let flip = game
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Flip(_)))
            .expect("flip");
        game.act(first, flip).expect("opponent flip");
    };
    for round in 0..3 {
        assert!(!game.would_repeat(shuttler, there), "round {round}");
        game.act(shuttler, there).expect("there");
        opponent_flip(&mut game);
        if round < 3 {
            game.act(shuttler, back).expect("back");
            opponent_flip(&mut game);
        }
    }
    assert!(
        game.would_repeat(shuttler, there),
        "the 4th A→B is announced"
    );
    // The view shows the list the rule reads (the AI plays it out): the last 7 actions.
    let listed = &game.view().repetition[shuttler.index()];
    assert_eq!(listed.len(), 7);
    let shuttles = |from, to| listed.iter().filter(|k| (k.1, k.2) == (from, to)).count();
    assert_eq!((shuttles(a, b), shuttles(b, a)), (3, 3));
    let played = game
        .act(shuttler, there)
        .expect("the 4th A→B is legal but loses");
    assert_eq!(
        played.outcome,
        Some(Outcome::Win {
            winner: first,
            reason: WinReason::Repetition
        })
    );
}

/// Plays `count` actions choosing the first legal one that neither repeats nor ends the game.
fn play_quietly(game: &mut Game, count: usize) {
    for _ in 0..count {
        let seat = game.to_act();
        let action = game
            .legal_actions()
            .into_iter()
            .find(|a| !game.would_repeat(seat, *a) && matches!(a, Action::Flip(_)))
            .expect("a flip");
        game.act(seat, action).expect("legal");
    }
}

#[test]
fn resign_and_draw_offers_wait_for_fifty_actions() {
    let mut game = Game::new(SEED, Rules::default());
    play_quietly(&mut game, 49);
    let seat = game.to_act();
    assert_eq!(
        game.resign(seat),
        Err(GameError::TooEarlyToResign {
            needed: 50,
            played: 49
        })
    );
    assert_eq!(
        game.offer_draw(seat),
        Err(GameError::TooEarlyForDraw {
            needed: 50,
            played: 49
        })
    );
    play_quietly(&mut game, 1);
    let seat = game.to_act();
    // Three offers each, declined; the fourth is refused.
    for _ in 0..3 {
        game.offer_draw(seat).expect("offer");
        assert_eq!(
            game.offer_draw(seat.other()),
            Err(GameError::DrawAlreadyOffered)
        );
        assert_eq!(game.answer_draw(seat, true), Err(GameError::OwnDrawOffer));
        game.answer_draw(seat.other(), false).expect("decline");
    }
    assert_eq!(game.offer_draw(seat), Err(GameError::NoDrawOffersLeft(3)));
    // An offer lapses when the opponent acts instead of answering.
    game.offer_draw(seat.other())
        .expect("the other seat still has offers");
    let action = game.legal_actions()[0];
    game.act(seat, action).expect("the opponent acts");
    assert_eq!(game.answer_draw(seat, true), Err(GameError::NoDrawOffer));
    game.offer_draw(seat.other()).expect("offer again");
    game.answer_draw(seat, true).expect("accept");
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
}

#[test]
fn resignation_abandonment_and_clock_draw() {
    let mut game = Game::new(SEED, Rules::default());
    play_quietly(&mut game, 50);
    let seat = game.to_act().other();
    game.resign(seat).expect("resign after 50");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: seat.other(),
            reason: WinReason::Resignation
        })
    );

    let mut game = Game::new(SEED, Rules::default());
    game.abandon(Seat::Second).expect("abandon at once");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Seat::First,
            reason: WinReason::Abandonment
        })
    );
    assert_eq!(game.abandon(Seat::First), Err(GameError::Over));

    let mut game = Game::new(SEED, Rules::default());
    assert_eq!(
        game.clock_draw(3 * 3600 - 1),
        Err(GameError::ClockNotExpired)
    );
    game.clock_draw(3 * 3600).expect("three hours");
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::ClockLimit)));
}

#[test]
fn not_your_turn_and_game_over_refusals() {
    let mut game = Game::new(SEED, Rules::default());
    let waiting = game.to_act().other();
    let flip = game.legal_actions()[0];
    assert_eq!(game.act(waiting, flip), Err(GameError::NotYourTurn));
    game.abandon(waiting).expect("abandon");
    assert_eq!(game.act(game.to_act(), flip), Err(GameError::Over));
    assert!(game.legal_actions().is_empty());
}

#[test]
fn a_checked_action_plays_once_and_is_checked_again_after_the_game_moved_on() {
    let mut game = Game::new(SEED, Rules::default());
    let seat = game.to_act();
    let flip = game.legal_actions()[0];
    let checked = game.check(seat, flip).expect("a legal flip");
    assert_eq!((checked.seat(), checked.action()), (seat, flip));
    let mut checked_only = game.clone();
    let played = checked_only.play(checked).expect("plays");
    assert_eq!(
        game.act(seat, flip),
        Ok(played),
        "play is act without the second check"
    );
    assert_eq!(checked_only.record(), game.record());
    // The flip is spent and the turn has passed: the old check no longer holds.
    assert_eq!(game.play(checked), Err(GameError::NotYourTurn));
}

#[test]
fn record_replays_to_the_same_state_and_survives_serialisation() {
    let mut game = Game::new(SEED, Rules::default());
    decide_colours(&mut game);
    play_quietly(&mut game, 20);
    game.timeout().expect("timeout");
    play_quietly(&mut game, 27);
    game.offer_draw(game.to_act()).expect("offer");
    let bytes = postcard::to_allocvec(game.record()).expect("encode");
    let record: GameRecord = postcard::from_bytes(&bytes).expect("decode");
    let replayed = Game::replay(&record).expect("replay");
    assert_eq!(replayed.view(), game.view());
    assert_eq!(replayed.record(), game.record());

    let mut forged = record.clone();
    forged.events.push(Event::Resign(Seat::First));
    forged.events.push(Event::Resign(Seat::First));
    assert!(
        Game::replay(&forged).is_err(),
        "a second resignation cannot replay"
    );
    let mut future = record;
    future.version = 99;
    assert!(Game::replay(&future).is_err());
}
