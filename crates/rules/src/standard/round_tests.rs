//! A standard game as the bot hosts it (docs/rules.md §10–13): deployment in private, the
//! deployment clock's fallback, the clock's timeouts and the lifecycle shared with 翻翻棋,
//! what each seat and a spectator see, and records that replay.

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use super::*;
use crate::AnyGame;
use crate::game::{
    Colour, Effect, Event, GameError, Kind, Outcome, Piece, PublicCell, Rules, Seat, Square,
    StandardOptions, WinReason,
};

const CLASSIC: &str = "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4";
const BLITZ: &str = "9,3,8,7,2/X,.,6,.,X/2,5,.,7,1/3,.,4,.,6/1,2,M,5,M/4,F,M,3,1";

fn layout(text: &str) -> Layout {
    text.parse().expect("test layout")
}

fn sq(text: &str) -> Square {
    text.parse().expect("test square")
}

fn dark() -> StandardOptions {
    StandardOptions::default()
}

/// A round whose seats have confirmed `first` and `second`; Second plays Red.
fn started(first: &str, second: &str, options: StandardOptions) -> StandardRound {
    let mut round = StandardRound::new(Seat::Second, options, Rules::default());
    round.set_draft(Seat::First, layout(first)).expect("draft");
    round
        .set_draft(Seat::Second, layout(second))
        .expect("draft");
    assert!(!round.confirm(Seat::First).expect("ready"));
    assert!(round.confirm(Seat::Second).expect("ready"));
    round
}

#[test]
fn deployment_refuses_what_its_rules_refuse() {
    type Step = fn(&mut StandardRound) -> Result<(), GameError>;
    let rows: [(&str, Step, GameError); 6] = [
        (
            "a move before both confirmed",
            |r| {
                r.check(Seat::Second, "move A6 A7".parse().expect("action"))
                    .map(|_| ())
            },
            GameError::StillDeploying,
        ),
        (
            "confirming with no layout on screen",
            |r| r.confirm(Seat::First).map(|_| ()),
            GameError::NoLayout,
        ),
        (
            "confirming twice",
            |r| {
                r.set_draft(Seat::First, layout(CLASSIC))?;
                r.confirm(Seat::First)?;
                r.confirm(Seat::First).map(|_| ())
            },
            GameError::AlreadyReady,
        ),
        (
            "changing a confirmed layout",
            |r| {
                r.set_draft(Seat::First, layout(CLASSIC))?;
                r.confirm(Seat::First)?;
                r.set_draft(Seat::First, layout(BLITZ))
            },
            GameError::AlreadyReady,
        ),
        (
            "a timeout while deploying (the deployment clock has its own end)",
            |r| r.timeout().map(|_| ()),
            GameError::StillDeploying,
        ),
        (
            "resigning before any action",
            |r| r.resign(Seat::First),
            GameError::TooEarlyToResign {
                needed: 50,
                played: 0,
            },
        ),
    ];
    for (rule, step, expected) in rows {
        let mut round = StandardRound::new(Seat::Second, dark(), Rules::default());
        assert_eq!(step(&mut round), Err(expected), "{rule}");
    }
}

#[test]
fn both_confirmations_start_the_game_with_red_to_act() {
    let round = started(CLASSIC, BLITZ, dark());
    assert!(!round.deploying());
    assert_eq!(round.to_act(), Seat::Second);
    assert_eq!(round.colour_of(Seat::Second), Colour::Red);
    // Second is Red, so BLITZ stands on the south half: its marshal (9) on A6.
    let red = round.view_for(Seat::Second);
    assert_eq!(
        red.cell(sq("A6")),
        PublicCell::Revealed(Piece::new(Colour::Red, Kind::Marshal))
    );
    assert_eq!(red.cell(sq("A7")), PublicCell::Back(Colour::Black));
}

#[test]
fn while_deploying_nobody_sees_a_layout_but_its_owner() {
    let mut round = StandardRound::new(Seat::First, dark(), Rules::default());
    round
        .set_draft(Seat::First, layout(CLASSIC))
        .expect("draft");
    round.set_draft(Seat::Second, layout(BLITZ)).expect("draft");
    let occupied = |view: &crate::game::PublicView| {
        Square::all()
            .filter(|s| view.cell(*s) != PublicCell::Empty)
            .count()
    };
    assert_eq!(occupied(&round.view()), 0, "spectators see an empty board");
    let first = round.view_for(Seat::First);
    assert_eq!(occupied(&first), 25);
    assert!(Square::all().all(|s| match first.cell(s) {
        PublicCell::Revealed(piece) => piece.colour == Colour::Red && s.row() < 6,
        _ => true,
    }));
    assert_eq!(round.draft(Seat::Second), Some(layout(BLITZ)));
}

#[test]
fn the_deployment_clock_plays_the_draft_on_screen_or_a_random_layout() {
    let mut round = StandardRound::new(Seat::First, dark(), Rules::default());
    round.set_draft(Seat::First, layout(BLITZ)).expect("draft");
    let mut asked = Vec::new();
    round
        .deployment_expired(|seat| {
            asked.push(seat);
            layout(CLASSIC)
        })
        .expect("expired");
    assert_eq!(
        asked,
        [Seat::Second],
        "only the seat with nothing on screen"
    );
    assert!(!round.deploying());
    assert_eq!(round.draft(Seat::First), Some(layout(BLITZ)));
    assert_eq!(round.draft(Seat::Second), Some(layout(CLASSIC)));
    assert_eq!(
        round.deployment_expired(|_| layout(CLASSIC)),
        Err(GameError::NotDeploying)
    );
}

#[test]
fn timeouts_pass_the_turn_and_the_last_allowed_one_loses() {
    let mut round = started(CLASSIC, CLASSIC, dark());
    assert_eq!(round.timeout(), Ok(Seat::Second));
    assert_eq!(round.to_act(), Seat::First, "the turn passed to Black");
    round
        .check(Seat::First, "move A7 A6".parse().expect("action"))
        .expect("Black may move after Red's timeout");
    round.timeout().expect("timeout");
    round.timeout().expect("timeout");
    round.timeout().expect("timeout");
    round.timeout().expect("timeout");
    assert_eq!(
        round.outcome(),
        Some(Outcome::Win {
            winner: Seat::First,
            reason: WinReason::Timeouts
        })
    );
}

#[test]
fn the_referee_names_no_unshown_piece_and_明棋_names_both() {
    for (options, named) in [
        (dark(), false),
        (
            StandardOptions {
                open: true,
                ..dark()
            },
            true,
        ),
    ] {
        let mut round = started(CLASSIC, CLASSIC, options);
        // Red's 7 on C6 meets Black's 7 on C7 (C6–C7 crosses the middle): equal ranks.
        let played = round
            .check(Seat::Second, "move C6 C7".parse().expect("action"))
            .and_then(|checked| round.play(checked))
            .expect("attack");
        let Effect::Judged {
            colour,
            verdict,
            attacker,
            target,
            shown,
        } = played.effect
        else {
            panic!("a standard game's effect is the referee's")
        };
        assert_eq!(colour, Colour::Red);
        assert_eq!(verdict, Verdict::Attacked(Removed::Both));
        assert_eq!(attacker.is_some(), named, "open: {}", options.open);
        assert_eq!(target.is_some(), named, "open: {}", options.open);
        assert_eq!(shown, [None; 2], "a trade of major generals shows nothing");
    }
}

/// Plays random legal moves (and a timeout now and then) from two layouts.
fn random_game(red: Layout, black: Layout, seed: u64) -> StandardRound {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut round = StandardRound::new(Seat::First, dark(), Rules::default());
    round.set_draft(Seat::First, red).expect("draft");
    round.set_draft(Seat::Second, black).expect("draft");
    round.confirm(Seat::First).expect("ready");
    round.confirm(Seat::Second).expect("ready");
    for _ in 0..120 {
        let actions = round.legal_actions();
        if actions.is_empty() {
            break;
        }
        if rng.random_range(0..20) == 0 {
            round.timeout().expect("timeout");
            continue;
        }
        let action = actions[rng.random_range(0..actions.len())];
        let seat = round.to_act();
        round
            .check(seat, action)
            .and_then(|c| round.play(c))
            .expect("legal");
    }
    round
}

#[test]
fn records_replay_to_the_same_game_through_any_game() {
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let round = random_game(Layout::random(&mut rng), Layout::random(&mut rng), seed);
        let again = AnyGame::replay(round.record()).expect("replays");
        assert_eq!(again.kind(), crate::GameKind::Dark);
        assert_eq!(again.view(), round.view(), "seed {seed}");
        assert_eq!(again.view_for(Seat::First), round.view_for(Seat::First));
        assert_eq!(again.outcome(), round.outcome());
        let bytes = postcard::to_allocvec(round.record()).expect("encodes");
        let decoded: crate::game::GameRecord = postcard::from_bytes(&bytes).expect("decodes");
        assert_eq!(&decoded, round.record());
    }
    let flip = crate::game::Game::new(7, Rules::default());
    assert_eq!(
        AnyGame::replay(flip.record()).map(|g| g.kind()),
        Ok(crate::GameKind::Flip)
    );
}

#[test]
fn twin_games_differing_only_in_unshown_pieces_look_the_same_to_everyone_but_their_owner() {
    // Black's layouts differ in two back-row pieces Red is never shown in these moves.
    let black_a = layout(CLASSIC);
    let black_b = black_a
        .swap("A1".parse().expect("post"), "E1".parse().expect("post"))
        .expect("a legal swap");
    assert_ne!(black_a, black_b);
    for seed in 0..10 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let red = Layout::random(&mut rng);
        let mut a = StandardRound::new(Seat::First, dark(), Rules::default());
        let mut b = a.clone();
        for (round, black) in [(&mut a, black_a), (&mut b, black_b)] {
            round.set_draft(Seat::First, red).expect("draft");
            round.set_draft(Seat::Second, black).expect("draft");
            round.confirm(Seat::First).expect("ready");
            round.confirm(Seat::Second).expect("ready");
        }
        for _ in 0..6 {
            let actions = a.legal_actions();
            assert_eq!(
                actions,
                b.legal_actions(),
                "Red's moves never depend on Black's"
            );
            let action = actions[rng.random_range(0..actions.len())];
            let seat = a.to_act();
            if seat == Seat::Second {
                break;
            }
            let pa = a
                .check(seat, action)
                .and_then(|c| a.play(c))
                .expect("legal");
            let pb = b
                .check(seat, action)
                .and_then(|c| b.play(c))
                .expect("legal");
            if pa != pb {
                break; // an attack met a different piece: from here they may differ
            }
            assert_eq!(a.view(), b.view());
            assert_eq!(a.view_for(Seat::First), b.view_for(Seat::First));
            assert_eq!(format!("{a:?}"), format!("{b:?}"));
        }
    }
}

#[test]
fn the_reveal_names_every_back_and_the_record_both_layouts() {
    let mut round = started(CLASSIC, BLITZ, dark());
    assert!(
        round.reveal().is_none(),
        "nothing is revealed while the game is on"
    );
    round.abandon(Seat::First).expect("abandon");
    let reveal = round.reveal().expect("over");
    let backs = Square::all()
        .filter(|s| matches!(reveal.view.cell(*s), PublicCell::Back(_)))
        .count();
    assert_eq!(backs, 50);
    assert_eq!(reveal.hidden().len(), 50);
    let record = round.standard_record().expect("played");
    assert_eq!((record.red, record.black), (layout(BLITZ), layout(CLASSIC)));
    assert!(matches!(
        round.record().events.first(),
        Some(Event::Standard { .. })
    ));
}
