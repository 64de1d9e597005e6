//! Invariants of hosted 四国 games, over random games driven by random players (every deal,
//! view, leaving, timeouts, draws, raised flags): the record replays to the same round (also
//! after a trip through serde), the turn never lands on a seat that is out, and the record file
//! reads back and checks.

use proptest::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};

use super::*;
use crate::game::deal::below;
use crate::standard::Verdict;

fn pick<T: Copy>(rng: &mut ChaCha8Rng, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[below(rng, items.len() as u32) as usize])
}

/// A random game of `steps` calls at most, `check` called after each.
pub(super) fn drive(seed: u64, steps: usize, mut check: impl FnMut(&SiguoRound)) -> SiguoRound {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let options = SiguoOptions {
        deal: if rng.next_u32() % 2 == 0 {
            SiguoDeal::Standard
        } else {
            SiguoDeal::Random
        },
        view: SiguoViewMode::ALL[below(&mut rng, 3) as usize],
        rules: SiguoRules {
            quiet_draw: 20 + below(&mut rng, 60) as u16,
        },
        seed: rng.next_u64(),
    };
    let mut round = SiguoRound::new(options, SiguoSeat::from_index(below(&mut rng, 4) as usize));
    for _ in 0..steps {
        if round.outcome().is_some() {
            break;
        }
        let seat = SiguoSeat::from_index(below(&mut rng, 4) as usize);
        let roll = below(&mut rng, 100);
        match round.phase() {
            SiguoPhase::Picking | SiguoPhase::Deploying
                if roll < 50 && SiguoSeat::ALL.into_iter().any(|s| round.may_redeal(s)) =>
            {
                let weak = SiguoSeat::ALL.into_iter().find(|s| round.may_redeal(*s));
                round.redeal(weak.expect("a weak seat")).expect("redeal");
            }
            SiguoPhase::Picking => {
                if roll < 10 {
                    let _ = round.redeal(seat);
                } else if roll < 12 {
                    let _ = round.leave(seat);
                } else if let Some(picker) = round.picker() {
                    let share = pick(&mut rng, &round.shares_left()).expect("a share left");
                    round.pick(picker, share).expect("the picker picks");
                }
            }
            SiguoPhase::Deploying => {
                if roll < 3 {
                    let _ = round.leave(seat);
                } else if roll < 8 {
                    let _ = round.redeal(seat);
                } else if roll < 12 {
                    round.deployment_expired(rng.next_u64()).expect("expiry");
                } else if let Some(army) = round.army(seat) {
                    let layout = army.random_layout(&mut rng).expect("deployable");
                    if round.set_draft(seat, layout).is_ok() && roll < 70 {
                        round.confirm(seat).expect("confirm a draft");
                    }
                }
            }
            SiguoPhase::Playing => {
                let in_seats: Vec<SiguoSeat> = SiguoSeat::ALL
                    .into_iter()
                    .filter(|s| !round.is_out(*s))
                    .collect();
                let raising = in_seats.iter().copied().find(|s| round.must_raise_flag(*s));
                if let Some(raiser) = raising {
                    let [b1, d1] = HEADQUARTERS_POSTS;
                    let hq = if roll % 2 == 0 { b1 } else { d1 };
                    round
                        .raise_flag(raiser, SiguoPost::arm(raiser, hq))
                        .expect("raise");
                } else if roll < 2 {
                    let _ = round.leave(pick(&mut rng, &in_seats).expect("a seat in"));
                } else if roll < 8 {
                    round.timeout().expect("a timeout");
                } else if roll < 10 {
                    let _ = round.propose_draw(pick(&mut rng, &in_seats).expect("a seat in"));
                } else if roll < 16 && round.pending_draw().is_some() {
                    let answer = below(&mut rng, 3) > 0;
                    let _ = round.answer_draw(seat, answer);
                } else {
                    let actions = round.legal_actions();
                    let turn = round.to_act().expect("in play");
                    let action = pick(&mut rng, &actions).expect("a seat in can move");
                    round.act(turn, action).expect("a legal action");
                }
            }
            SiguoPhase::Over => break,
        }
        check(&round);
    }
    round
}

/// The round without the drafts nobody confirmed, which the record does not keep.
fn without_drafts(mut round: SiguoRound) -> SiguoRound {
    if let round::Phase::Deploying { drafts } = &mut round.phase {
        *drafts = [None; 4];
    }
    round
}

/// The turn is always a seat that is in, with a legal move, and only it may act.
fn turn_is_in(round: &SiguoRound) {
    let (Some(turn), Some(position)) = (round.to_act(), round.position()) else {
        return;
    };
    assert!(!round.is_out(turn), "{turn} is out but to act");
    assert!(!position.posts_of(turn).is_empty());
    assert!(position.has_legal_move(turn));
    if !round.must_raise_flag(turn) {
        assert!(!round.legal_actions().is_empty());
    }
    for action in round.legal_actions() {
        assert_eq!(position.piece(action.from).map(|p| p.seat), Some(turn));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_replay_to_the_same_round(seed in any::<u64>()) {
        let round = drive(seed, 600, |_| {});
        let replayed = SiguoRound::replay(round.record()).expect("the record replays");
        prop_assert!(replayed == without_drafts(round.clone()));
        prop_assert_eq!(replayed.record(), round.record());
        let stored = postcard::to_stdvec(round.record()).expect("serialise");
        let read: SiguoRecord = postcard::from_bytes(&stored).expect("deserialise");
        prop_assert_eq!(&read, round.record());
        prop_assert_eq!(SiguoRound::replay(&read).expect("replays").outcome(), round.outcome());
    }

    #[test]
    fn the_turn_never_lands_on_a_seat_that_is_out(seed in any::<u64>()) {
        drive(seed, 600, turn_is_in);
    }
}

#[test]
fn some_random_games_end_each_way_and_some_raise_a_flag() {
    let (mut wins, mut draws, mut raised, mut redeals) = (0, 0, 0, 0);
    for seed in 0..150 {
        let round = drive(seed, 3000, |_| {});
        match round.outcome() {
            Some(SiguoOutcome::Win(_)) => wins += 1,
            Some(SiguoOutcome::Draw(_)) => draws += 1,
            None => {}
        }
        let events = &round.record().events;
        raised += events
            .iter()
            .filter(|e| matches!(e, SiguoEvent::RaiseFlag { .. }))
            .count();
        redeals += events
            .iter()
            .filter(|e| matches!(e, SiguoEvent::Redeal(_)))
            .count();
    }
    assert!(wins > 10 && draws > 10, "wins {wins}, draws {draws}");
    assert!(
        raised > 0 && redeals > 0,
        "raised {raised}, redeals {redeals}"
    );
}

#[test]
fn finished_games_write_record_files_that_check() {
    let names = ["Ann", "Bo", "Cy", "Di"].map(String::from);
    let mut checked = 0;
    for seed in 0..40 {
        let round = drive(seed, 3000, |_| {});
        let written = write_siguo_record_file(round.record(), &names, "a table");
        let Some(outcome) = round.outcome() else {
            assert_eq!(written, Err(SiguoRecordFileError::NotOver));
            continue;
        };
        let text = written.expect("a finished game's file");
        assert!(text.contains(&format!("# result: {outcome}")), "{text}");
        let (record, _) = parse_siguo_record_file(&text).expect("reads back");
        assert_eq!(&record, round.record());
        let (position, checked_outcome) = check_siguo_record_file(&text).expect("checks");
        assert_eq!(checked_outcome, Some(outcome));
        if let Some(referee) = round.position() {
            assert_eq!(&position, referee);
        }
        checked += 1;
        // A false verdict is caught on its line.
        let Some(line) = text.lines().position(|l| l.starts_with("move ")) else {
            continue;
        };
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let (action, verdict) = lines[line].split_once(" # ").expect("a verdict");
        let verdict: Verdict = verdict.parse().expect("verdict");
        let other = Verdict::ALL
            .into_iter()
            .find(|v| *v != verdict)
            .expect("another");
        lines[line] = format!("{action} # {other}");
        let forged = lines.join("\n");
        match check_siguo_record_file(&forged) {
            Err(SiguoRecordFileError::Mismatch { line: at, .. }) => assert_eq!(at, line + 1),
            other => panic!("a forged verdict passed: {other:?}"),
        }
    }
    assert!(checked > 10, "{checked} finished games");
}

/// A row per malformed file: the error and whether it counts as malformed (exit 2).
#[test]
fn malformed_record_files_are_refused_with_their_line() {
    let head = "variant siguo\ndeal standard\nseed 1\nview dark\nquiet_draw 40\nfirst S\n";
    let rows = [
        ("", SiguoRecordFileError::Missing("variant siguo"), true),
        (
            "variant siguo\n",
            SiguoRecordFileError::Missing("first"),
            true,
        ),
        (
            "variant standard\n",
            SiguoRecordFileError::Line {
                line: 1,
                reason: "not a 四国 game: variant standard".into(),
            },
            true,
        ),
        (
            "variant siguo\nfirst Q\n",
            SiguoRecordFileError::Line {
                line: 2,
                reason: "\"Q\" is not a seat: write S, E, N or W".into(),
            },
            true,
        ),
    ];
    for (text, expected, malformed) in rows {
        let error = check_siguo_record_file(text).unwrap_err();
        assert_eq!(error, expected, "{text:?}");
        assert_eq!(error.is_malformed(), malformed);
    }
    let illegal = format!("{head}move SA1 SA2\n");
    let error = check_siguo_record_file(&illegal).unwrap_err();
    assert!(!error.is_malformed());
    assert!(error.to_string().contains("event 0"), "{error}");
    let bad_layout = format!("{head}ready S 1,1,1\n");
    assert!(
        check_siguo_record_file(&bad_layout)
            .unwrap_err()
            .is_malformed()
    );
    let mut future = SiguoRecord::new(SiguoOptions::default(), SiguoSeat::South);
    future.version = SIGUO_RECORD_VERSION + 1;
    assert_eq!(
        SiguoRound::replay(&future),
        Err(SiguoReplayError::FutureVersion {
            found: SIGUO_RECORD_VERSION + 1
        })
    );
}
